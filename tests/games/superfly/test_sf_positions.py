"""Superfly positions: a game set up from ``state.position()`` is the same game (views,
legal actions, who acts, and the same future for the same steps), a position written by
hand may leave out what follows from the rest, and a position the rules could never
reach is refused with a message naming what is wrong."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.engine import PASS, IllegalAction, Step
from gamenight.games.superfly import GAME, SuperflyState
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.cards import card_id, card_named

Position = dict[str, Any]


def random_step(state: SuperflyState, rng: random.Random) -> None:
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
    elif rng.random() < 0.05:
        state.expire_window()
    else:
        seat = rng.choice(acting.seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)), rng.uniform(0, 5000))


def assert_same_game(a: SuperflyState, b: SuperflyState) -> None:
    assert b.snapshot() == a.snapshot()
    assert b.acting() == a.acting()
    for seat in (None, *range(a.players)):
        assert b.view(seat) == a.view(seat)
        if seat is not None:
            assert b.legal_actions(seat) == a.legal_actions(seat)
    assert b.outcome() == a.outcome()


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 5), st.integers(0, 2**32), st.booleans())
def test_a_game_set_up_from_its_position_is_the_same_game(players: int, seed: int,
                                                          open_hands: bool) -> None:
    rng = random.Random(seed)
    state = GAME.new(players, seed, open_hands=open_hands)
    while not state.is_over:
        if rng.random() < 0.05:
            text = json.dumps(state.position())  # as a file holds it
            again = GAME.from_position(json.loads(text), seed=rng.randrange(100))
            assert isinstance(again, SuperflyState)
            assert_same_game(state, again)
            assert again.position() == state.position()
            # The same further steps give the same game.
            mark = len(state.history)
            for _ in range(rng.randrange(1, 60)):
                if state.is_over:
                    break
                random_step(state, rng)
            for step in state.history[mark:]:
                if step.seat is None:
                    again.apply_chance(step.value)
                else:
                    again.apply_text(step.seat, step.value, step.at_ms)
            assert_same_game(state, again)
        else:
            random_step(state, rng)


def test_the_generator_of_a_position_is_its_seed() -> None:
    state = GAME.new(4, seed=3)
    while state.phase != "centre":
        state.draw_chance()
    a, b = (GAME.from_position(state.position(), seed=9) for _ in range(2))
    assert [a.draw_chance() for _ in range(3)] == [b.draw_chance() for _ in range(3)]


# -- a position written by hand --------------------------------------------------------------
def at_the_signal(**state: Any) -> Position:
    """Four players at the signal of the first turn, each holding the card dealt."""
    return {
        "format": "gamenight-position", "version": 1, "game": "superfly",
        "rules_version": "1", "players": 4, "options": {},
        "state": {"phase": "swat", "round": 1, "turns_played": 0, "first_player": 0,
                  "tokens": [0, 0, 0, 0],
                  "hands": [["red 1"], ["blue 2"], ["green 4"], ["purple 6"]],
                  "centre": ["red 3", "blue 5", "green 1"], **state},
    }


def test_what_a_person_leaves_out_follows_from_the_rest() -> None:
    state = GAME.from_position(at_the_signal())
    assert isinstance(state, SuperflyState)
    placed = {card_named(name) for name in ("red 1", "blue 2", "green 4", "purple 6",
                                            "red 3", "blue 5", "green 1")}
    assert state.draw == [c for c in range(36) if c not in placed]  # in card order
    assert state.discards == [] and state.last_turn is None and state.last_round is None
    assert state.acting().seats == (0, 1, 2, 3) and not state.final
    assert state.legal_actions(0) == [SWATS[card_id("red", 3)], SWATS[card_id("blue", 5)],
                                      SWATS[card_id("green", 1)], PASS]


def test_cards_and_words_are_read_as_a_person_types_them() -> None:
    data = at_the_signal(phase=" SWAT", centre=["Red 3", "blue  5", "GREEN 1"],
                         swats=[None, "Pass", "red 3", None])
    state = GAME.from_position(data)
    assert isinstance(state, SuperflyState)
    assert state.centre == [card_id("red", 3), card_id("blue", 5), card_id("green", 1)]
    assert state.choices == {1: None, 2: card_id("red", 3)}
    assert state.acting().seats == (0, 3)
    assert state.view(1)["my_swat"] is None and "my_swat" not in state.view(0)


def test_in_a_final_turn_a_player_holding_5_cards_sits_out() -> None:
    hands = [["red 1", "red 2", "red 3", "red 4", "red 5"], ["blue 2"], ["green 4"],
             ["purple 6"]]
    state = GAME.from_position(at_the_signal(hands=hands, turns_played=4,
                                             centre=["orange 3", "blue 5", "green 1"]))
    assert isinstance(state, SuperflyState)
    assert state.final and state.eligible == (1, 2, 3) and state.acting().seats == (1, 2, 3)


def test_a_game_set_up_from_a_position_cannot_resample() -> None:
    state = GAME.from_position(at_the_signal())
    with pytest.raises(IllegalAction, match="position"):
        state.resample(0, random.Random(0))


# -- impossible positions ----------------------------------------------------------------------
def changed(change: Callable[[dict[str, Any]], object]) -> Position:
    data = at_the_signal()
    change(data["state"])
    return data


IMPOSSIBLE: list[tuple[str, Position]] = [
    ("red 3 is in the centre and in seat 0's hand: every card exists once",
     changed(lambda s: s.update(hands=[["red 3"], ["blue 2"], ["green 4"], ["purple 6"]]))),
    ("red 3 is in the centre twice",
     changed(lambda s: s.update(centre=["red 3", "red 3", "green 1"]))),
    ("is nowhere", changed(lambda s: s.update(draw_pile=["yellow 1"]))),
    ("there is no fly card 'pink 7'",
     changed(lambda s: s.update(centre=["pink 7", "blue 5", "green 1"]))),
    ("seat 0 holds 6 cards: a hand never holds more than 5",
     changed(lambda s: s.update(turns_played=9, hands=[
         ["red 1", "red 2", "red 4", "red 5", "red 6", "orange 1"], ["blue 2"], ["green 4"],
         ["purple 6"]]))),
    ("2 flies in the centre at the signal: a turn has 3",
     changed(lambda s: s.update(centre=["red 3", "blue 5"]))),
    ("3 flies in the centre while they are still being laid",
     changed(lambda s: s.update(phase="centre"))),
    ("seat 0 has 3 Fly Catcher tokens after 0 rounds",
     changed(lambda s: s.update(tokens=[3, 0, 0, 0]))),
    ("seat 2 has 3 Fly Catcher tokens: the game is over",
     changed(lambda s: s.update(round=4, turns_played=15, tokens=[1, 1, 3, 0]))),
    ("0 Fly Catcher tokens after 1 round: each round gives 1 to 4 of them",
     changed(lambda s: s.update(round=2, turns_played=5))),
    ("turns_played is 0, but 1 round played to the end and a hand of 1 this round take "
     "at least 5 turns", changed(lambda s: s.update(round=2, tokens=[1, 0, 0, 0]))),
    ("a hand grows by at most one card a turn",
     changed(lambda s: s.update(hands=[["red 1", "red 2"], ["blue 2"], ["green 4"],
                                       ["purple 6"]]))),
    ("seat 1 has a swat, but swats are chosen only at the signal",
     changed(lambda s: s.update(phase="centre", centre=["red 3"],
                                swats=[None, "pass", None, None]))),
    ("seat 0 has a die, but dice are rolled only once every swatter is down",
     changed(lambda s: s.update(dice=[3, None, None, None]))),
    ("seat 2 swats yellow 6, which is not in the centre",
     changed(lambda s: s.update(swats=[None, None, "yellow 6", None]))),
    ("every player who may swat has chosen",
     changed(lambda s: s.update(swats=["pass", "pass", "red 3", "pass"]))),
    ("seat 3 has not chosen, but the dice roll only once every swatter is down",
     changed(lambda s: s.update(phase="dice", swats=["red 3", "pass", "pass", None]))),
    ("the dice are rolled one at a time in seat order",
     changed(lambda s: s.update(phase="dice", swats=["red 3", "red 3", "pass", "pass"],
                                dice=[None, 4, None, None]))),
    ("seat 0 holds 5 cards and sits out the final turn, but has a swat",
     changed(lambda s: s.update(turns_played=4, swats=["red 3", None, None, None], hands=[
         ["red 1", "red 2", "red 4", "red 5", "red 6"], ["blue 2"], ["green 4"],
         ["purple 6"]]))),
    ("the draw pile is empty in phase centre",
     changed(lambda s: s.update(phase="centre", centre=[], draw_pile=[], discards=[
         f"{c} {n}" for c in ("red", "orange", "yellow", "green", "blue", "purple")
         for n in range(1, 7) if f"{c} {n}" not in ("red 1", "blue 2", "green 4",
                                                      "purple 6")]))),
    ("the first player (seat 2) deals one to each player in turn",
     changed(lambda s: s.update(phase="hands", first_player=2, centre=[],
                                hands=[["red 1"], [], [], []]))),
    ("the game is over, but nobody has 3 Fly Catcher tokens",
     changed(lambda s: s.update(phase="over", centre=[]))),
    ("a last turn, but no turn has been played",
     changed(lambda s: s.update(last_turn={"round": 1, "centre": ["yellow 1", "yellow 2",
                                                                  "yellow 3"],
                                           "swats": ["pass"] * 4,
                                           "dice": [None] * 4}))),
    ("seat 1 took yellow 2 in the last turn, but does not hold it",
     changed(lambda s: s.update(turns_played=1, last_turn={
         "round": 1, "centre": ["yellow 1", "yellow 2", "yellow 3"],
         "swats": ["pass", "yellow 2", "pass", "pass"], "dice": [None, 4, None, None]}))),
    ("seat 0 swatted in the last turn, so it rolled a die",
     changed(lambda s: s.update(turns_played=1, last_turn={
         "round": 1, "centre": ["yellow 1", "yellow 2", "yellow 3"],
         "swats": ["yellow 1", "pass", "pass", "pass"], "dice": [None] * 4}))),
    ("a Superfly position's state has no field 'colour'",
     changed(lambda s: s.update(colour="red"))),
    ("the hand of seat 1 is a list, not 'blue 2'",
     changed(lambda s: s.update(hands=[["red 1"], "blue 2", ["green 4"], ["purple 6"]]))),
    ("the tokens: one entry per seat (4), not 3",
     changed(lambda s: s.update(tokens=[0, 0, 0]))),
    ("the round is a whole number 1 or more, not True",
     changed(lambda s: s.update(round=True))),
    ("the phase is one of hands, centre, swat, dice, over, not 'shuffle'",
     changed(lambda s: s.update(phase="shuffle"))),
]


@pytest.mark.parametrize(("message", "data"), IMPOSSIBLE,
                         ids=[m[:40] for m, _ in IMPOSSIBLE])
def test_an_impossible_position_is_refused_with_a_message(message: str,
                                                          data: Position) -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.from_position(data)
    assert message in str(refused.value)


def test_two_players_is_a_variant_a_position_must_ask_for_too() -> None:
    data = at_the_signal(hands=[["red 1"], ["blue 2"]], tokens=[0, 0], centre=["red 3"])
    data["players"] = 2
    with pytest.raises(IllegalAction, match="2 players is a variant"):
        GAME.from_position(data)
    data["options"] = {"two_players": True}
    assert GAME.from_position(data).acting().seats == (0, 1)


def test_a_position_of_a_finished_game_says_who_won() -> None:
    state = GAME.new(3, seed=7)
    rng = random.Random(7)
    while not state.is_over:
        random_step(state, rng)
    again = GAME.from_position(copy.deepcopy(state.position()))
    assert again.is_over and again.outcome() == state.outcome()
    assert again.view(None)["outcome"] == state.view(None)["outcome"]
    assert not again.legal_actions(0)


def test_a_history_step_written_after_a_position_replays() -> None:
    state = GAME.from_position(at_the_signal())
    for seat in range(4):
        state.apply(seat, PASS, 1.0)
    remade = state.remade(list(state.history), 0)
    assert remade.snapshot() == state.snapshot()
    assert state.history[0] == Step(0, "pass", 1.0)
