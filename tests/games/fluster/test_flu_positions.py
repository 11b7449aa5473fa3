"""Positions: the rulebook's examples set up as positions, and impossible pads refused."""

from __future__ import annotations

import copy
import json
import random
from importlib.resources import files
from typing import Any

import pytest

from gamenight.engine import IllegalAction
from gamenight.games.fluster import GAME, FlusterState
from gamenight.games.fluster.actions import CALLS, WRITE_LEFT, WRITE_RIGHT
from gamenight.games.fluster.board import LETTERS
from gamenight.games.fluster.events import GameOver, PadScored, SquareWritten
from gamenight.games.fluster.words import packaged
from gamenight.sim.random_play import random_playout
from tests.games.fluster.flu_table import call, dealt

EXAMPLES = files("gamenight.games.fluster") / "examples"


def example(name: str) -> FlusterState:
    with (EXAMPLES / name).open(encoding="utf-8") as handle:
        state = GAME.from_position(json.load(handle))
    assert isinstance(state, FlusterState)
    return state


def number_at(state: FlusterState, seat: int, side: str, row: int, column: int) -> int:
    """The number printed in a square (row and column counted 1-5)."""
    return state.numbers[seat][("left", "right").index(side)][5 * (row - 1) + column - 1]


# -- the rulebook's examples --------------------------------------------------------------
def test_example_a_t_blank_i_t_the_centre_called_blank_makes_at_and_it_for_four_points() -> None:
    # "If a player has the letters A, T, space, I, T on the same line, he should call the
    # center space BLANK thus forming two 2-letter words, AT and IT, for four points."
    state = example("at-blank-it.json")
    assert state.view(0)["pad"]["left"]["squares"][:5] == "AT.IT"
    assert state.acting().seats == (0,) and state.view(0)["pad"]["left"]["across"][0] == 0
    centre = number_at(state, 0, "left", 1, 3)
    state.apply(0, CALLS[("#", centre)])
    state.apply(1, WRITE_LEFT)
    events = state.apply(0, WRITE_LEFT)
    assert state.view(0)["pad"]["left"]["across"][0] == 4
    assert SquareWritten(0, "left", 1, 3, (("across", 1, "AT"), ("across", 1, "IT"))) in events


def test_example_a_t_blank_i_t_otherwise_these_four_letters_have_no_point_value() -> None:
    words = packaged()
    for letter in LETTERS:
        if f"AT{letter}IT" in words:
            continue
        state = example("at-blank-it.json")
        state.apply(0, CALLS[(letter, number_at(state, 0, "left", 1, 3))])
        state.apply(0, WRITE_LEFT)
        state.apply(1, WRITE_RIGHT)
        assert state.view(0)["pad"]["left"]["across"][0] == 0, letter


def test_example_the_maximum_number_of_points_which_can_be_scored_is_140() -> None:
    # Both blocks a word square but for one square: its number's second call fills it.
    state = example("one-call-from-140.json")
    assert state.view(0)["pad"]["totals"]["grand_total"] < 140
    number = number_at(state, 0, "right", 3, 3)
    events = state.apply(0, CALLS[("U", number)])  # AB.SE -> ABUSE, Across and Down
    assert state.is_over
    assert events[-2:] == [PadScored(0, 25, 25, 25, 25, 40, 140),
                           GameOver("calls-done", (140,), (0,))]
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (140,) and outcome.reason == "calls-done"


def test_example_a_total_of_15_or_more_earns_a_bonus_of_10() -> None:
    # "If A totals 15 or more points, you receive a bonus of 10 additional points."
    state = example("a-reaches-15.json")
    totals = state.view(0)["pad"]["totals"]
    assert (totals["A"], totals["bonuses"], totals["grand_total"]) == (10, 0, 10)
    number = number_at(state, 0, "left", 5, 3)
    other = state.clone()
    call(state, "E", number, {0: "left"})  # ABUS. -> ABUSE: A is 15
    totals = state.view(0)["pad"]["totals"]
    assert (totals["A"], totals["bonuses"], totals["grand_total"]) == (15, 10, 25)
    call(other, "Q", number, {0: "left"})  # no word: A stays 10, no bonus
    assert other.view(0)["pad"]["totals"]["bonuses"] == 0


def test_every_example_is_a_position_of_the_format_and_reads_back_the_same() -> None:
    names = sorted(p.name for p in EXAMPLES.iterdir() if p.name.endswith(".json"))
    assert names == ["a-reaches-15.json", "at-blank-it.json", "one-call-from-140.json"]
    for name in names:
        state = example(name)
        data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
        assert state.position() == data


# -- positions of real games --------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 3])
def test_a_game_set_up_from_its_position_plays_on_exactly_alike(players: int) -> None:
    whole = GAME.new(players, 5)
    random_playout(whole, random.Random(5))
    for k in (0, 1, 2, 9, 30, len(whole.history) - 1, len(whole.history)):
        state = whole.remade(whole.history[:k], 0)
        again = GAME.from_position(json.loads(json.dumps(state.position())), seed=3)
        assert again.snapshot() == state.snapshot()
        for seat in (None, *range(players)):
            assert again.view(seat) == state.view(seat)
        for step in whole.history[k:]:
            if step.seat is None:
                again.apply_chance(step.value)
            else:
                again.apply_text(step.seat, step.value)
        assert again.snapshot() == whole.snapshot()


def test_a_position_typed_by_hand_may_use_lower_case_blank_and_one_row_of_25() -> None:
    state = example("at-blank-it.json")
    data: Any = json.loads(json.dumps(state.position()))
    pad = data["state"]["pads"][0]["left"]
    pad["squares"] = "at.it" + "." * 20
    pad["numbers"] = [n for row in pad["numbers"] for n in row]
    data["state"]["last"]["letter"] = "t"
    assert GAME.from_position(data).position() == state.position()
    during = dealt(2)
    during.apply(0, CALLS[("#", 7)])
    data = json.loads(json.dumps(during.position()))
    data["state"]["call"]["letter"] = "blank"
    assert GAME.from_position(data).position() == during.position()


# -- impossible positions -----------------------------------------------------------------
def altered(position: Any, change: Any) -> Any:
    data = copy.deepcopy(position)
    change(data["state"])
    return data


def write_in(pad: Any, side: str, square: int, symbol: str) -> None:
    rows = pad[side]["squares"]
    row, column = divmod(square, 5)
    rows[row] = rows[row][:column] + symbol + rows[row][column + 1:]


def test_impossible_positions_are_refused_naming_the_problem() -> None:
    start = example("at-blank-it.json")
    good = start.position()
    first = good["state"]["pads"][0]["left"]["numbers"]
    cases: list[tuple[Any, str]] = [
        # Each block holds the numbers 1 to 25 once; no two blocks alike.
        (lambda s: s["pads"][0]["left"]["numbers"][0].__setitem__(0, first[0][1]),
         f"seat 0's left block holds number {first[0][1]} twice"),
        (lambda s: s["pads"][1]["right"].__setitem__("numbers", copy.deepcopy(first)),
         "seat 1's right block is numbered like seat 0's left block: no two blocks are "
         "identical"),
        (lambda s: s["pads"][0]["left"]["numbers"][4].append(26), "row 5 is a list of 6"),
        (lambda s: s["pads"].pop(), "one pad for each of the 2 players, not 1"),
        (lambda s: s["pads"][0]["left"]["squares"].__setitem__(1, "?...."), "holds '?'"),
        # Everyone writes every call, the same call.
        (lambda s: write_in(s["pads"][0], "left", 2, "#"),
         "on 1 square(s) of seat 0's pad but 0 of seat 1's: everyone writes every call"),
        (lambda s: write_in(s["pads"][0], "left", 0, "E"),
         "holds E on seat 0's pad but A on seat 1's: everyone writes the same call"),
        # Seat 0 begins and the call passes clockwise.
        (lambda s: s.__setitem__("caller", 1), "after 4 calls written it is seat 0's call"),
        # The phase agrees with the rest.
        (lambda s: s.__setitem__("phase", "over"), "over only when every square is filled: "
                                                   "46 calls are left"),
        (lambda s: s.__setitem__("phase", "write"), "in phase write, call is the call"),
        (lambda s: s.__setitem__("call", {"letter": "A", "number": 3}),
         "only in phase write, not call"),
        (lambda s: s.__setitem__("choices", ["left", None]), "only in phase write"),
        (lambda s: s.__setitem__("pads", []), "one pad for each of the 2 players, not 0"),
        # The last call is the last written.
        (lambda s: s["last"].__setitem__("forced", True), "first call: forced is false"),
        (lambda s: s["last"].__setitem__("caller", 0), "made by seat 1"),
        (lambda s: s["last"]["sides"].__setitem__(0, "right"),
         "seat 0 wrote the last call, T 11, in its right block, but square 11 there holds"),
        (lambda s: s.__setitem__("last", None), "last is the last of them"),
        (lambda s: s.__setitem__("extra", 1), "no extra"),
        (lambda s: s.pop("choices"), "choices missing"),
    ]
    for change, message in cases:
        with pytest.raises(IllegalAction, match=_escaped(message)):
            GAME.from_position(altered(good, change))


def test_a_call_being_written_must_be_a_first_call_and_not_everyone_has_written_it() -> None:
    state = dealt(2)
    call(state, "C", 4, {0: "left", 1: "left"})
    state.apply(1, CALLS[("D", 5)])
    state.apply(0, WRITE_LEFT)
    good = state.position()
    assert GAME.from_position(good).snapshot() == state.snapshot()
    with pytest.raises(IllegalAction, match="cannot be 4: a number's second call is written"):
        GAME.from_position(altered(good, lambda s: s["call"].__setitem__("number", 4)))
    with pytest.raises(IllegalAction, match="every player has written the call"):
        GAME.from_position(altered(good, lambda s: s.__setitem__("choices", ["left", "right"])))
    with pytest.raises(IllegalAction, match="phase setup the pads are not handed out"):
        GAME.from_position(altered(good, lambda s: s.__setitem__("phase", "setup")))


def _escaped(message: str) -> str:
    import re

    return re.escape(message)
