"""Checks a game definition's tests share: what every game promises, asserted once.

For the tests of the games in this project and of any game added later (and for anyone
checking their own game definition against the engine's contract).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from gamenight.engine import GameState, IllegalAction, Step
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON

#: (seat, action, at_ms): a seat's action as ``GameState.apply`` takes it.
Move = tuple[Any, Any, float | None]


def assert_refused(state: GameState[Any], moves: Iterable[Move],
                   chance: Iterable[JSON] = ()) -> None:
    """Every move and every chance outcome given must raise :class:`IllegalAction`
    (``can`` says no to the moves too, and ``verify`` raises), and the state must be
    exactly as it was: the same snapshot, digest, history and generator.

    Raises AssertionError naming the first one that was accepted; any other exception
    than IllegalAction goes through (it is a finding too).
    """
    snap, digest = json.dumps(state.snapshot()), state.digest()
    steps, generator = list(state.history), state.rng.getstate()
    for seat, action, at_ms in moves:
        try:
            state.apply(seat, action, at_ms)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"accepted illegal {describe(seat)} {describe(action)} "
                                 f"at {describe(at_ms)}")
        assert not state.can(seat, action, at_ms), \
            f"can() allows {describe(seat)} {describe(action)}"
        try:
            state.verify(seat, action, at_ms)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"verify() allows {describe(seat)} {describe(action)}")
    for outcome in chance:
        try:
            state.apply_chance(outcome)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"accepted the chance outcome {describe(outcome)}")
    assert_unchanged(state, snap, digest, steps, generator)


def assert_draw_refused(state: GameState[Any]) -> None:
    """``draw_chance`` (and ``sample_chance``) must raise :class:`IllegalAction` when
    no chance event is due, leaving the state and its generator exactly as they were."""
    snap, digest = json.dumps(state.snapshot()), state.digest()
    steps, generator = list(state.history), state.rng.getstate()
    for draw in (state.draw_chance, state.sample_chance):
        try:
            draw()
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{draw.__name__}() drew when no chance event was due")
    assert_unchanged(state, snap, digest, steps, generator)


def assert_unchanged(state: GameState[Any], snap: str, digest: str, steps: list[Step],
                     generator: tuple[Any, ...]) -> None:
    """The state is as it was when these were taken (see :func:`assert_refused`)."""
    assert json.dumps(state.snapshot()) == snap, "a refused action changed the state"
    assert state.digest() == digest, "a refused action changed the state's digest"
    assert state.history == steps, "a refused action changed the history"
    assert state.rng.getstate() == generator, "a refused action drew from the generator"
