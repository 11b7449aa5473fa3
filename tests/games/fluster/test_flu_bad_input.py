"""Bad input at the Fluster table: refused, and nothing changes (a call whose number is
True, a write of no side, pads that hold texts)."""

from __future__ import annotations

import json
import random

import pytest

from gamenight.engine import IllegalAction
from gamenight.games.fluster.actions import CALLS, WRITE_LEFT, Call, Write
from gamenight.games.fluster.rules import GAME
from gamenight.record import Record, record_of, replay
from gamenight.testing import assert_draw_refused, assert_refused
from tests.games.fluster.flu_table import dealt, random_step


def test_a_call_of_no_letter_or_no_whole_number_is_refused() -> None:
    state = dealt(3)
    # Call("A", True) equals Call("A", 1) and was accepted, then written "call A True"
    # into the record, which did not replay; Call("A", 1.0) raised TypeError.
    assert_refused(state, [(0, Call("A", True), None), (0, Call("A", 1.0), None),  # type: ignore[arg-type]
                           (0, Call(["A"], 1), None), (0, Call(None, 1), None),  # type: ignore[arg-type]
                           (0, Call("A", 10**400), None), (0, Call("a", 1), None),
                           (0, Call("AA", 1), None), (0, Call("A", "1"), None),  # type: ignore[arg-type]
                           (0, CALLS[("A", 1)], 0.0)])  # a call is a turn: no time
    with pytest.raises(IllegalAction, match="a Call's number is a whole number, not True"):
        state.apply(0, Call("A", True))  # type: ignore[arg-type]


def test_a_write_of_no_side_is_refused() -> None:
    state = dealt(3)
    state.apply(0, CALLS[("A", 1)])
    # Write(None) raised TypeError.
    assert_refused(state, [(1, Write(None), None), (1, Write(1), None),  # type: ignore[arg-type]
                           (1, Write("up"), None), (1, Write("LEFT"), None),
                           (1, WRITE_LEFT, float("nan")), (1, WRITE_LEFT, -1),
                           (1, WRITE_LEFT, "5"), (1, WRITE_LEFT, 10**400),
                           (1, "left", None)])
    state.apply(1, WRITE_LEFT, 250)
    assert state.history[-1].at_ms == 250.0


def test_a_game_of_refused_garbage_still_replays() -> None:
    state, rng = dealt(2, seed=4), random.Random(4)
    while not state.is_over:
        acting = state.acting()
        for bad in (Call("B", True), Write(None), Call("C", 2.0)):  # type: ignore[arg-type]
            assert not state.can(acting.seats[0], bad)
        random_step(state, rng)
    again = replay(Record.from_json(json.loads(json.dumps(record_of(state).to_json()))))
    assert again.digest() == state.digest()


def test_pads_that_hold_no_numbers_are_refused() -> None:
    state = GAME.new(2, seed=1)
    pads = state.clone().sample_chance()
    # A text in a block raised TypeError (sorting it with the numbers).
    odd = [[[["1", *pads[0][0][1:]], pads[0][1]], pads[1]],
           [[[True, *pads[0][0][1:]], pads[0][1]], pads[1]],
           [[[1.0, *pads[0][0][1:]], pads[0][1]], pads[1]],
           [[[None, *pads[0][0][1:]], pads[0][1]], pads[1]],
           [[pads[0][0], pads[0][0]], pads[1]], pads[:1], [*pads, pads[0]]]
    assert_refused(state, [], chance=odd)


def test_a_new_setup_is_not_drawn_in_the_middle_of_a_game() -> None:
    # The pads were shuffled anew, moving the generator on, before it was refused.
    state = dealt(3, seed=2)
    assert_draw_refused(state)
    state.apply(0, CALLS[("A", 1)])
    assert_draw_refused(state)
