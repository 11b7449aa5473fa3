"""Checks a game definition's tests share: what every game promises, asserted once.

For the tests of the games in this project and of any game added later (and for anyone
checking their own game definition against the engine's contract).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from gamenight.engine import GameState, IllegalAction
from gamenight.engine.game import JSON

#: (seat, action, at_ms): a seat's action as ``GameState.apply`` takes it.
Move = tuple[Any, Any, float | None]


def assert_refused(state: GameState, moves: Iterable[Move],
                   chance: Iterable[JSON] = ()) -> None:
    """Every move and every chance outcome given must raise :class:`IllegalAction`
    (``can`` says no to the moves too), and the state must be exactly as it was: the
    same snapshot, digest and history.

    Raises AssertionError naming the first one that was accepted.
    """
    snap, digest, steps = json.dumps(state.snapshot()), state.digest(), len(state.history)
    for seat, action, at_ms in moves:
        try:
            state.apply(seat, action, at_ms)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"accepted illegal {seat!r} {action!r} at {at_ms!r}")
        assert not state.can(seat, action, at_ms), f"can() allows {seat!r} {action!r}"
    for outcome in chance:
        try:
            state.apply_chance(outcome)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"accepted the chance outcome {outcome!r}")
    assert json.dumps(state.snapshot()) == snap, "a refused action changed the state"
    assert state.digest() == digest and len(state.history) == steps
