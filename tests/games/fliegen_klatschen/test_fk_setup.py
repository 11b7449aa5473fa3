"""Rulebook: Contents, Preparation, and who starts (Sequence of play)."""

from __future__ import annotations

from collections import Counter

import pytest

from gamenight.engine import IllegalAction, OptionError
from gamenight.games import get_game
from gamenight.games.fliegen_klatschen.actions import REVEAL
from gamenight.games.fliegen_klatschen.cards import (
    COLOUR_OF,
    COLOURS,
    DECK_SIZE,
    SWATTER,
    VALUE_OF,
    Card,
)
from gamenight.games.fliegen_klatschen.rules import GAME
from tests.games.fliegen_klatschen.fk_table import RED, YELLOW, filler, reveal, table

# -- Contents -------------------------------------------------------------------------


def test_96_fly_cards_16_of_each_of_six_colours() -> None:
    flies = [c for c in range(DECK_SIZE) if COLOUR_OF[c] != SWATTER]
    assert len(flies) == 96
    assert COLOURS == ("red", "yellow", "green", "blue", "purple", "orange")
    assert Counter(COLOUR_OF[c] for c in flies) == dict.fromkeys(range(6), 16)


def test_each_colour_has_2_of_value_1_and_5_and_4_each_of_values_2_3_4() -> None:
    for colour in range(6):
        values = Counter(VALUE_OF[c] for c in range(DECK_SIZE) if COLOUR_OF[c] == colour)
        assert values == {1: 2, 2: 4, 3: 4, 4: 4, 5: 2}


def test_16_fly_swatter_cards() -> None:
    swatters = [c for c in range(DECK_SIZE) if COLOUR_OF[c] == SWATTER]
    assert len(swatters) == 16 and DECK_SIZE == 112
    assert all(Card.of(c).is_swatter and VALUE_OF[c] == 0 for c in swatters)


def test_the_game_takes_2_to_8_players() -> None:
    game = get_game("fliegen-klatschen")
    assert (game.min_players, game.max_players) == (2, 8)
    for bad in (1, 9):
        with pytest.raises(OptionError):
            game.new(bad)


# -- Preparation ----------------------------------------------------------------------


def test_shuffle_all_the_cards_the_deal_is_a_chance_event_from_the_seed() -> None:
    a, b, c = GAME.new(3, seed=5), GAME.new(3, seed=5), GAME.new(3, seed=6)
    assert a.acting().kind == "chance"
    deals = [s.draw_chance() for s in (a, b, c)]
    assert deals[0] == deals[1] != deals[2]
    assert sorted(deals[0]) == list(range(DECK_SIZE))
    assert a.history[0].seat is None and a.history[0].value == deals[0]


@pytest.mark.parametrize("deal", [
    [float(card) for card in range(DECK_SIZE)],  # sorts like the cards, but is not
    [True, False, *range(2, DECK_SIZE)],
    list(range(DECK_SIZE - 1)),
    "0 1 2",
])
def test_a_deal_is_an_order_of_the_cards_and_nothing_else_is(deal: object) -> None:
    state = GAME.new(3, seed=5)
    with pytest.raises(IllegalAction, match="order of the"):
        state.apply_chance(deal)
    assert state.history == [] and state.acting().kind == "chance"


@pytest.mark.parametrize("players", range(2, 9))
def test_deal_the_cards_out_round_robin_so_piles_differ_by_at_most_one(players: int) -> None:
    state = GAME.new(players, seed=players)
    deck = state.draw_chance()
    sizes = [len(p) for p in state.piles]
    assert sum(sizes) == DECK_SIZE and max(sizes) - min(sizes) <= 1
    # Round robin from seat 0: card i of the deck goes to seat i mod n, dealt face down
    # onto the pile, so the first card dealt lies at the bottom.
    for seat in range(players):
        assert state.piles[seat] == deck[seat::players]
    assert sizes == sorted(sizes, reverse=True)  # the extra cards go to the first seats


def test_players_receive_their_piles_face_down_no_view_shows_pile_cards() -> None:
    state = GAME.new(4, seed=1)
    state.draw_chance()
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert view["piles"] == [28, 28, 28, 28]
        assert view["centre"] == [] and view["last_reveal"] is None


@pytest.mark.parametrize("remove", [1, 12, 50, 110])
def test_for_a_shorter_game_remove_k_cards_unseen_after_shuffling(remove: int) -> None:
    state = GAME.new(2, seed=3, remove=remove)
    deck = state.draw_chance()
    assert state.box == deck[:remove]
    assert sum(len(p) for p in state.piles) == DECK_SIZE - remove
    view = state.view(0)
    assert view["box"] == remove  # only how many: the removed cards stay unseen
    assert not set(deck[:remove]) & {c["id"] for c in view["centre"]}


def test_remove_may_not_leave_fewer_cards_than_players() -> None:
    with pytest.raises(OptionError):
        GAME.new(2, remove=111)
    with pytest.raises(OptionError):
        GAME.new(8, remove=105)
    GAME.new(8, remove=104)  # one card each is still a game
    with pytest.raises(OptionError):
        GAME.new(2, remove=-1)


def test_options_reject_unknown_names_and_bad_values() -> None:
    with pytest.raises(OptionError):
        GAME.new(2, shuffle=False)
    with pytest.raises(OptionError):
        GAME.new(2, penalty_order="never")
    with pytest.raises(OptionError):
        GAME.new(2, deadline_ms=0)
    state = GAME.new(2, deadline_ms="500", penalty_order="penalties-first")
    assert state.options["deadline_ms"] == 500
    assert state.options == {"remove": 0, "deadline_ms": 500,
                             "penalty_order": "penalties-first", "max_turns": 1000,
                             "tie": "shared"}


def test_nothing_but_the_deal_happens_before_the_deal() -> None:
    state = GAME.new(2)
    with pytest.raises(IllegalAction):
        state.apply(0, REVEAL)
    assert state.history == []


# -- Sequence of play -----------------------------------------------------------------


def test_the_fastest_player_starts_seat_0() -> None:
    state = GAME.new(5, seed=9)
    state.draw_chance()
    assert state.acting().kind == "turn" and state.acting().seats == (0,)
    assert state.legal_actions(0) == [REVEAL]
    assert all(state.legal_actions(s) == [] for s in range(1, 5))


def test_players_reveal_cards_in_turn_clockwise() -> None:
    # No swatters and never a fifth colour: every reveal is a plain turn.
    red = filler([], 9, RED)
    yellow = filler([], 9, YELLOW)
    state = table(3, [red[0:3], red[3:6] + yellow[:1], red[6:9]])
    order = []
    for _ in range(7):
        order.append(state.acting().seats[0])
        reveal(state)
    assert order == [0, 1, 2, 0, 1, 2, 0]


def test_only_the_player_whose_turn_it_is_may_reveal() -> None:
    state = GAME.new(3, seed=2)
    state.draw_chance()
    before = state.digest()
    for seat in (1, 2):
        with pytest.raises(IllegalAction, match="turn"):
            state.apply(seat, REVEAL)
    assert state.digest() == before
