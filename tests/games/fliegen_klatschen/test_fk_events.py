"""Events: what each step of the rulebook's situations tells the table, as data and as
narration."""

from __future__ import annotations

import pytest

from gamenight.engine import PASS
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.events import (
    CAP,
    LAST_CARD,
    Dealt,
    FlyWon,
    GameOver,
    HuntOver,
    NothingToHit,
    Passed,
    Penalty,
    Revealed,
    Slapped,
)
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from tests.games.fliegen_klatschen.fk_table import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    flies,
    fly,
    swatter,
    table,
)

R3, R4, R5 = fly(RED, 3), fly(RED, 4), fly(RED, 5)
G2 = fly(GREEN, 2)
B1 = fly(BLUE, 1)


def hunting(centre: list[int], won: list[list[int]] | None = None,
            **options: object) -> FliegenKlatschenState:
    """Three seats; seat 0 has just revealed a swatter over ``centre``."""
    piles = [[fly(ORANGE, 1), swatter()], flies(ORANGE, 2, 2), flies(ORANGE, 2, 3)]
    state = table(3, piles, centre=centre, won=won, **options)
    assert state.apply(0, REVEAL) == [Revealed(0, swatter(), hunt=True)]
    return state


def test_the_deal_says_how_many_cards_each_pile_got_and_how_many_were_taken_out() -> None:
    state = GAME.new(3, seed=1, remove=40)
    events = state.apply_chance(state.sample_chance())
    assert events == [Dealt(40, (24, 24, 24))]
    assert state.narration() == [
        "The cards are shuffled and dealt (40 taken out unseen): piles of 24, 24, 24."]
    assert Dealt(0, (38, 37, 37)).text() == "The cards are shuffled and dealt: piles of 38, 37, 37."


def test_a_revealed_fly_joins_the_centre_with_one_event() -> None:
    state = table(2, [[R3], flies(GREEN, 2)])
    assert state.apply(0, REVEAL)[0] == Revealed(0, R3, hunt=False)
    assert Revealed(0, R3, hunt=False).text() == "Seat 0 reveals red 3."


def test_a_swatter_and_a_fifth_colour_say_hunt() -> None:
    assert Revealed(1, swatter(), hunt=True).text() == "Seat 1 reveals a swatter: hunt!"
    centre = [fly(RED, 1), fly(YELLOW, 1), fly(GREEN, 1), fly(PURPLE, 1)]
    state = table(2, [[B1, fly(RED, 2)], flies(ORANGE, 2, 2)], centre=centre)
    state.apply(0, REVEAL)
    assert state.apply(1, REVEAL) == [Revealed(1, fly(ORANGE, 2, 1), hunt=True)]
    assert state.narration()[-1] == "Seat 1 reveals orange 2, a fifth colour: hunt!"


def test_a_swatter_over_an_empty_centre_catches_nothing() -> None:
    state = table(2, [[fly(RED, 1), swatter()], flies(GREEN, 2)])
    events = state.apply(0, REVEAL)
    assert events == [Revealed(0, swatter(), hunt=True), NothingToHit(swatter())]
    assert state.narration()[-1] == "The centre is empty: the hunt catches nothing."


def test_the_hunt_tells_each_hand_and_pass_then_wins_penalties_and_the_swatter_boxed() -> None:
    # Seat 1 hits red 5 first (red leads), seat 2 lands on it later and also hits the
    # green fly, which is not allowed: seat 2 pays with the blue fly it won before.
    state = hunting([R3, R5, R4, G2], won=[[], [], [B1]])
    assert state.apply(1, SLAPS[R5], 210.0) == [Slapped(1, R5, 210.0)]
    assert state.apply(2, SLAPS[R5], 260.0) == [Slapped(2, R5, 260.0)]
    assert state.apply(0, PASS, 300.0) == [Passed(0, 300.0)]
    assert state.apply(1, PASS, 350.0) == [Passed(1, 350.0)]
    events = state.apply(2, SLAPS[G2], 400.0)
    assert events == [
        Slapped(2, G2, 400.0),  # seat 2's second hand: it is done, no pass
        FlyWon(1, R5),  # the hand underneath wins; the later hand on it wins nothing
        Penalty(2, hit=G2, card=B1),
        HuntOver(0, swatter()),
    ]
    # A pass makes no line of narration.
    assert state.narration()[-5:] == [
        "Seat 2 slaps red 5 at 260 ms.",
        "Seat 2 slaps green 2 at 400 ms.",
        "Seat 1 wins red 5.",
        "Seat 2 hit a fly not allowed: blue 1 goes under the pile.",
        "The hunt is over: the swatter goes back in the box.",
    ]


def test_a_penalty_with_nothing_won_costs_nothing_and_says_so() -> None:
    state = hunting([R3, R4, G2])
    state.apply(1, SLAPS[G2], 200.0)
    state.apply(1, PASS, 250.0)
    state.apply(0, PASS, 300.0)
    events = state.expire_window()  # seat 2 passes at the deadline
    assert events == [Passed(2, 3000.0), Penalty(1, hit=G2, card=None), HuntOver(0, swatter())]
    assert "Seat 1 hit a fly not allowed but has won nothing yet." in state.narration()


@pytest.mark.parametrize(("order", "paid"), [("wins-first", R3), ("penalties-first", None)])
def test_the_penalty_order_shows_in_the_order_of_the_events(order: str, paid: int | None) -> None:
    state = hunting([R3, R4, G2], penalty_order=order)
    state.apply(1, SLAPS[R3], 200.0)
    state.apply(1, SLAPS[G2], 250.0)
    state.apply(0, PASS, 300.0)
    events = state.apply(2, PASS, 300.0)
    won, penalty = FlyWon(1, R3), Penalty(1, hit=G2, card=paid)
    expected = [won, penalty] if order == "wins-first" else [penalty, won]
    assert events == [Passed(2, 300.0), *expected, HuntOver(0, swatter())]


def test_the_last_card_ends_the_game_with_the_scores_and_the_reason() -> None:
    state = table(2, [[R3], flies(GREEN, 2)], won=[[R5, R4], [B1]])
    events = state.apply(0, REVEAL)
    assert events == [Revealed(0, R3, hunt=False), GameOver(LAST_CARD, (9, 1), (2, 1))]
    assert events[-1].ends_game
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == LAST_CARD == "last-card"
    assert state.narration()[-1] == "A pile is empty: the game is over."


def test_the_cap_on_turns_ends_the_game_with_its_own_reason() -> None:
    state = table(2, [flies(RED, 3), flies(GREEN, 3)], max_turns=2)
    state.apply(0, REVEAL)
    events = state.apply(1, REVEAL)
    assert events[-1] == GameOver(CAP, (0, 0), (0, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == CAP and outcome.truncated
    assert state.narration()[-1] == "The safety cap on turns ended the game."


def test_every_event_is_public_as_is_every_face_it_names() -> None:
    """Only the order of the face-down piles is hidden, from every seat alike, and no
    event tells it: each seat, and a spectator, is given each event whole."""
    state = hunting([R3, R5, G2], won=[[], [], [B1]])
    state.apply(2, SLAPS[G2], 100.0)
    state.expire_window()
    assert len(state.events) > 4
    for event in state.events:
        for seat in (None, 0, 1, 2):
            assert event.seen_by(seat) is event
    assert state.narration(1) == state.narration(None)
