"""One seat's form of a game: what that seat saw, step by step, and nothing else.

A game's history holds everything: chance outcomes, every seat's secret choices and their
times.  A seat saw far less.  For each step it saw what the step itself showed it (the
game decides, in :meth:`GameState.seen_step`: its own actions whole, others' public
actions whole, of a secret choice only that it was made) and then its view of the state
after the step, where whatever the step revealed to it shows.  This module plays a
history and gives that form of each step; :func:`gamenight.record.redact` writes it as a
redacted record.

It plays the history with chance outcomes as given, never checking them against the seed,
so that any history can be redacted, a state's twin from :meth:`GameState.resample`
included: the leak property test (``tests/engine/test_redaction.py``) checks that twins
which differ only in what the seat may not know give byte-identical redactions.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from typing import Any

from gamenight.engine import GameState, Step
from gamenight.engine.checks import check_seat
from gamenight.engine.game import JSON


def seen_steps(start: GameState[Any], steps: Iterable[Step],
               seat: int) -> Iterator[dict[str, JSON]]:
    """Play ``steps`` on ``start`` (a game at its beginning, changed in place), chance
    outcomes as given, and yield after each step what ``seat`` saw of it:
    ``{"step": <the seat's form of the step>, "view": <its view after it>}``, where
    ``"step"`` is left out for a step the seat saw nothing of (a chance outcome).

    Raises IllegalAction where a step cannot be taken (so a history that does not play
    is never half redacted silently: the caller sees the error).
    """
    check_seat(seat, start.players)
    for step in steps:
        acting = start.acting()
        if step.seat is None:
            start.apply_chance(copy.deepcopy(step.value))
        else:
            start.apply_text(step.seat, step.value, step.at_ms)
        entry: dict[str, JSON] = {}
        seen = start.seen_step(step, seat, acting)
        if seen is not None:
            entry["step"] = seen
        entry["view"] = start.view(seat)
        yield entry


def redacted_history(state: GameState[Any], seat: int) -> list[dict[str, JSON]]:
    """``seat``'s form of every step of ``state``'s history (see :func:`seen_steps`),
    played on a new game with ``state``'s setup; ``state`` itself is not changed."""
    start = state.game.new(state.players, state.seed, **state.options)
    return list(seen_steps(start, state.history, seat))
