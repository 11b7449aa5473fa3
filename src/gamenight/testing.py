"""Checks a game definition's tests share: what every game promises, asserted once.

For the tests of the games in this project and of any game added later (and for anyone
checking their own game definition against the engine's contract).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from gamenight.engine import Game, GameState, IllegalAction, OptionError, Step
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


def assert_table_refused(game: Game, players: int, options: dict[str, Any],
                         message: str, *, position_options: dict[str, Any] | None = None
                         ) -> None:
    """A table the game does not offer (``Game.check_table``) is refused everywhere with
    ``message`` (a regular expression): by ``resolve_options``, by ``new``, and as a
    position (one dealt at the same size with ``position_options``, then given these
    options)."""

    def refused(error: Exception) -> None:
        if not re.search(message, str(error)):
            raise AssertionError(f"refused, but not in the words {message!r}: {error}")

    for attempt in (lambda: game.resolve_options(players, options),
                    lambda: game.new(players, 0, **options)):
        try:
            attempt()
        except OptionError as error:
            refused(error)
        else:
            raise AssertionError(f"{players} players with {options} were let through")
    position = game.new(players, 0, **(position_options or {})).position()
    position["options"] = options
    try:
        game.from_position(position)
    except IllegalAction as error:
        if "not a position this game offers" not in str(error):
            raise AssertionError(f"the position was refused for another reason: {error}") \
                from None
        refused(error)
    else:
        raise AssertionError(f"a position at {players} players with {options} was read")


def assert_table_starts(game: Game, players: int, options: dict[str, Any]) -> None:
    """A table the game offers resolves to options the game deals and starts with."""
    resolved = game.resolve_options(players, options)
    state = game.new(players, 0, **resolved)
    state.draw_chance()
    assert state.options == resolved, (state.options, resolved)
