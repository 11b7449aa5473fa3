"""The engine's shared checks (``engine/checks.py``), for every registered game: a seat
is a seat, a time is a time and is given only where one is wanted, an action's text is a
short printable string, a chance outcome is plain JSON of bounded depth, a draw when no
chance is due changes nothing, and options are finite and within their bounds.  Each
refusal is IllegalAction (OptionError for options) and changes nothing.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from gamenight.engine import GameState, IllegalAction, Option, OptionError
from gamenight.engine.checks import (
    MAX_OUTCOME_DEPTH,
    check_outcome,
    check_seat,
    check_time,
    describe,
)
from gamenight.games import GAMES
from gamenight.testing import assert_draw_refused, assert_refused
from tests.engine.malformed import new_game, one_random_step

NOT_SEATS: list[Any] = [-1, True, False, 1.5, "0", [0], 10**400, float("nan")]
NOT_TIMES: list[Any] = [float("nan"), float("inf"), -float("inf"), -1, "5", True, [1],
                        10**400, None]


def first_state(game_id: str, kind: str, players: int | None = None,
                seed: int = 3) -> GameState:
    """The first state of a random game whose decision is of this kind."""
    game = GAMES[game_id]
    for attempt in range(20):
        state = new_game(game, players or game.max_players, seed + attempt)
        rng = random.Random(seed + attempt)
        while not state.is_over:
            if state.acting().kind == kind:
                return state
            one_random_step(state, rng)
    raise AssertionError(f"{game_id} has no {kind} decision in 20 random games")


def first_decision(game_id: str) -> GameState:
    """The first state of a random game at which seats act."""
    state = first_state(game_id, "chance")
    while state.acting().kind == "chance":
        state.draw_chance()
    return state


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


# -- seats --------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_view_is_only_for_a_seat_of_the_game_or_a_spectator(game_id: str) -> None:
    state = first_state(game_id, "chance")
    state.draw_chance()
    assert state.view(None)["seat"] is None
    for seat in [*NOT_SEATS, state.players, state.players + 1]:
        # view(-1) was the last seat's private view, view(True) seat 1's.
        with pytest.raises(IllegalAction, match="no seat"):
            state.view(seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_method_that_takes_a_seat_refuses_what_is_no_seat(game_id: str) -> None:
    state = first_state(game_id, "chance")
    state.draw_chance()
    before = state.digest()
    for seat in [*NOT_SEATS, None, state.players]:
        with pytest.raises(IllegalAction, match="no seat"):
            state.legal_actions(seat)
        with pytest.raises(IllegalAction, match="no seat"):
            state.resample(seat, random.Random(1))
        with pytest.raises(IllegalAction, match="no seat"):
            state.apply_text(seat, "pass")
        assert not state.can(seat, "pass")
    assert state.digest() == before


def test_check_seat_keeps_whole_numbers_of_the_game_only() -> None:
    assert check_seat(2, 3) == 2
    for seat in [*NOT_SEATS, None, 3]:
        with pytest.raises(IllegalAction, match="there is no seat"):
            check_seat(seat, 3)


# -- times --------------------------------------------------------------------------------

def test_a_time_is_a_finite_number_of_milliseconds_zero_or_more() -> None:
    assert check_time(5) == 5.0 and type(check_time(5)) is float
    assert math.copysign(1, check_time(-0.0)) == 1  # no -0.0 in a record
    for bad in NOT_TIMES:
        with pytest.raises(IllegalAction, match="at_ms"):
            check_time(bad)


# Superfly has no turn decision: every swat is simultaneous.
@pytest.mark.parametrize("game_id", sorted(set(GAMES) - {"superfly"}))
def test_a_turn_takes_no_time_and_a_bad_time_is_never_recorded(game_id: str) -> None:
    state = first_state(game_id, "turn")
    seat = state.acting().seats[0]
    legal = state.legal_actions(seat)[0]
    # Today's NaN, inf, -1, '5' and True were recorded; [1] and 10**400 crashed; a good
    # time on a turn was recorded though no rule reads it.
    assert_refused(state, [(seat, legal, t) for t in [*NOT_TIMES[:-1], 0.0, 250]])
    with pytest.raises(IllegalAction, match="takes no time"):
        state.apply(seat, legal, 0.0)
    state.apply(seat, legal)
    assert state.history[-1].at_ms is None


@pytest.mark.parametrize(("game_id", "kind"), [("fliegen-klatschen", "window"),
                                               ("superfly", "simultaneous"),
                                               ("fluster", "simultaneous")])
def test_a_bad_time_in_a_window_or_a_simultaneous_decision_is_refused(
        game_id: str, kind: str) -> None:
    state = first_state(game_id, kind)
    acting = state.acting()
    seat = acting.seats[0]
    legal = state.legal_actions(seat)[0]
    bad = NOT_TIMES[:-1] if kind == "simultaneous" else NOT_TIMES  # None: no time given
    if acting.deadline_ms is not None:
        bad = [*bad, acting.deadline_ms + 1]
    assert_refused(state, [(seat, legal, t) for t in bad])
    state.apply(seat, legal, 7)
    assert [s.at_ms for s in state.history[-1:]] == [7.0]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_view_at_a_moment_needs_a_time(game_id: str) -> None:
    state = first_state(game_id, "chance")
    state.draw_chance()
    for bad in NOT_TIMES[:-1]:
        with pytest.raises(IllegalAction, match="at_ms"):
            state.view(0, bad)


# -- actions ------------------------------------------------------------------------------

ODD_TEXTS = ["", " ", "\x00", "pass\n", "x" * 10_000, "slap \u00b2", "turn \u0663",
             "drop inf 1.00 0", "drop nan nan nan", "drop 1e999 1.00 0",
             "drop " + "9" * 5000 + ".00 1.00 0", "slap " + "9" * 5000, "call A 1e999"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("text", [None, 5, 1.5, b"pass", ["pass"], object(), *ODD_TEXTS],
                         ids=lambda t: type(t).__name__ if type(t) is object else describe(t))
def test_an_action_text_that_is_no_text_of_the_game_is_refused(game_id: str,
                                                               text: Any) -> None:
    # Non-strings raised AttributeError; 'slap ²' ValueError; a number of 5000 digits
    # ValueError.
    with pytest.raises(IllegalAction):
        GAMES[game_id].parse_action(text)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_object_of_another_class_is_no_action(game_id: str) -> None:
    state = first_decision(game_id)
    acting = state.acting()
    seat = acting.seats[0]
    at = None if acting.kind == "turn" else 0.0
    legal = state.legal_actions(seat)[0]
    assert_refused(state, [(seat, bad, at) for bad in
                           [str(legal), None, 0, [legal], (legal,), object(), {}]])
    with pytest.raises(IllegalAction, match="action is one of"):
        state.apply(seat, str(legal), at)


# -- chance -------------------------------------------------------------------------------

def chance_states(game_id: str) -> list[GameState]:
    """A state at each kind of chance event a random game meets (by the kind of its
    outcome: FLY's layout and landings, By Golly!'s deal, draws and shuffles, ...)."""
    game = GAMES[game_id]
    state, rng = new_game(game, game.max_players, 5), random.Random(5)
    found: dict[str, GameState] = {}
    while not state.is_over:
        if state.acting().kind == "chance":
            kind = type(state.clone().sample_chance()).__name__
            found.setdefault(kind, state.clone())
        one_random_step(state, rng)
    return list(found.values())


def with_first_leaf(value: Any, leaf: Any) -> Any:
    """``value`` with its first number or text, however deep, replaced by ``leaf``."""
    if isinstance(value, list) and value:
        return [with_first_leaf(value[0], leaf), *value[1:]]
    if isinstance(value, dict) and value:
        key = sorted(value)[0]
        return {**value, key: with_first_leaf(value[key], leaf)}
    return leaf


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_chance_outcome_nested_thousands_deep_is_refused(game_id: str) -> None:
    # RecursionError in FLY, Superfly and By Golly! (the message wrote the outcome out).
    for state in chance_states(game_id):
        assert_refused(state, [], chance=[nested(5000), {"run": nested(3000), "deck": []},
                                          nested(MAX_OUTCOME_DEPTH + 1)])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_chance_outcome_of_the_wrong_shape_is_refused(game_id: str) -> None:
    for state in chance_states(game_id):
        valid = state.clone().sample_chance()
        odd: list[Any] = [float("nan"), float("inf"), 10**400, True, None, (valid,),
                          {1: valid}, [valid], "x" * 5000, object()]
        if isinstance(valid, str):
            odd += [valid + "\x00", valid.encode()]
        if isinstance(valid, list):
            odd += [[*valid, None], tuple(valid), [True, *valid[1:]], ["1", *valid[1:]],
                    [float(valid[0]) if type(valid[0]) is int else None, *valid[1:]]]
        if isinstance(valid, dict):
            odd += [{**valid, "extra": 1}, {k: [True, *v[1:]] for k, v in valid.items()}]
        if isinstance(valid, list | dict):
            # Fluster's pads with a text for a number raised TypeError.
            odd += [with_first_leaf(valid, bad) for bad in ["1", 1.0, True, None, [1]]]
        assert_refused(state, [], chance=odd)


def test_check_outcome_takes_plain_bounded_json_only() -> None:
    check_outcome({"run": [1, 2], "deck": [[0.5, None, True, "x"]]})
    for bad in [nested(MAX_OUTCOME_DEPTH + 1), [float("nan")], {"a": float("inf")},
                [10**400], (1, 2), {1: 2}, {1, 2}, "x" * 5000, list(range(20_000)), b"x"]:
        with pytest.raises(IllegalAction, match="chance outcome"):
            check_outcome(bad)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_drawing_when_no_chance_is_due_changes_nothing(game_id: str) -> None:
    # Fliegen klatschen and Fluster shuffled anyway, moving the generator on.
    state = first_decision(game_id)
    assert_draw_refused(state)
    while not state.is_over:
        one_random_step(state, random.Random(0))
    assert_draw_refused(state)


# -- options ------------------------------------------------------------------------------

def test_a_float_option_is_finite_and_within_its_bounds() -> None:
    option = Option("flutter", 1.0, "steadiness", minimum=0.0, maximum=10.0)
    assert option.check("2.5") == 2.5 and option.check(3) == 3.0
    for bad in [float("nan"), "nan", float("inf"), "inf", "1e999", 10**400, True, None,
                [1], -0.5, 10.5, "shaky"]:
        with pytest.raises(OptionError, match="option flutter"):
            option.check(bad)


def test_a_whole_number_option_is_no_bool_and_no_fraction() -> None:
    option = Option("rounds", 3, "rounds", minimum=1, maximum=20)
    assert option.check("4") == 4 and option.check(5.0) == 5
    for bad in [True, 1.5, "1.5", float("nan"), float("inf"), None, [2], "many", 0, 21,
                "9" * 5000]:
        with pytest.raises(OptionError, match="option rounds"):
            option.check(bad)


def test_a_flag_option_is_a_bool_or_says_one() -> None:
    option = Option("open_hands", False, "face up")
    assert option.check("yes") is True and option.check(0) is False
    for bad in ["maybe", 2, 0.5, None, [True]]:
        with pytest.raises(OptionError, match="true or false"):
            option.check(bad)


def test_a_text_option_takes_a_text() -> None:
    option = Option("penalty_order", "a", "order", choices=("a", "b"))
    for bad in [1, None, ["a"], "c"]:
        with pytest.raises(OptionError, match="option penalty_order"):
            option.check(bad)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_float_option_has_bounds_said_in_its_help(game_id: str) -> None:
    for option in GAMES[game_id].options:
        if type(option.default) is float:
            assert option.minimum is not None and option.maximum is not None, option.name
            assert f"{option.maximum:g}" in option.help, option.name


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_player_count_or_seed_that_is_no_whole_number_is_refused(game_id: str) -> None:
    game = GAMES[game_id]
    table = new_game(game, game.max_players, 0).players
    for players in [True, 2.5, "2", None, float(table)]:
        with pytest.raises(OptionError):
            game.new(players, 0)  # type: ignore[arg-type]
    for seed in ["123", 1.5, None, True, -1]:  # -1 would be the very game of seed 1
        with pytest.raises(OptionError, match="seed"):
            game.new(table, seed)  # type: ignore[arg-type]


def test_describe_is_short_and_never_fails() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert "Broken" in describe(Broken())
    assert len(describe(nested(10_000))) < 100 and len(describe("x" * 10_000)) < 100

