"""A seat's redacted record of Superfly: another seat's swat shows only as "it has chosen"
until all swatters are down, then as the view reveals it; its time never shows."""

from __future__ import annotations

import json
import random
from typing import Any

from gamenight.engine import PASS
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.rules import GAME, SuperflyState
from gamenight.record import record_of, redact
from gamenight.sim.random_play import random_playout
from tests.engine.test_redaction import seat_steps


def at_the_signal(seed: int = 3) -> SuperflyState:
    state = GAME.new(3, seed)
    while state.phase != "swat":
        state.draw_chance()
    return state


def test_another_seats_swat_is_not_in_my_redacted_record_before_the_reveal() -> None:
    state = at_the_signal()
    target = state.centre[0]
    state.apply(1, SWATS[target], 1234.5)
    state.apply(2, PASS, 2222.25)
    before = redact(record_of(state), 0)
    mine, theirs = seat_steps(before)[-2:]
    # Seat 0 saw that seats 1 and 2 chose, not what or when.
    assert mine["step"] == {"seat": 1} and theirs["step"] == {"seat": 2}
    assert theirs["view"]["chosen"] == [1, 2] and "swats" not in theirs["view"]
    text = json.dumps(before)
    assert str(SWATS[target]) not in text and "pass" not in text
    assert "1234.5" not in text and "2222.25" not in text
    # Seat 1's own record holds its swat whole.
    own = seat_steps(redact(record_of(state), 1))[-2]
    assert own["step"] == {"seat": 1, "action": str(SWATS[target]), "at_ms": 1234.5}


def test_the_swat_shows_once_all_are_in_and_only_as_revealed() -> None:
    state = at_the_signal()
    target = state.centre[0]
    state.apply(1, SWATS[target], 1234.5)
    state.apply(2, PASS, 2222.25)
    state.apply(0, PASS, 4000.0)
    random_playout(state, random.Random(0))  # on to the end of the game
    steps: list[dict[str, Any]] = seat_steps(redact(record_of(state), 0))
    swat_steps = [i for i, entry in enumerate(steps) if entry.get("step", {}).get("seat")]
    first = swat_steps[:2]
    assert [steps[i]["step"] for i in first] == [{"seat": 1}, {"seat": 2}]
    # Seat 0's own choice closes the swat: the dice roll over every swatter, for all to see.
    reveal = steps[first[1] + 1]
    assert reveal["step"]["seat"] == 0 and reveal["view"]["swats"] == [None, target, None]
    # No other seat's choice, and no other seat's time, is ever written out.
    others = [entry["step"] for entry in steps
              if "step" in entry and entry["step"]["seat"] != 0]
    assert others and all(step.keys() == {"seat"} for step in others)
    assert "1234.5" not in json.dumps(steps) and "2222.25" not in json.dumps(steps)


def test_a_resample_keeps_no_time_of_another_seats_choice() -> None:
    """No view shows when another seat swatted, so its twin cannot copy it: otherwise a
    redaction that showed those times would pass the leak property unseen."""
    state = at_the_signal()
    state.apply(1, SWATS[state.centre[0]], 1234.5)
    state.apply(0, PASS, 321.0)
    twin = state.resample(0, random.Random(1))
    times = {step.seat: step.at_ms for step in twin.history if step.seat is not None}
    assert times == {1: None, 0: 321.0}
