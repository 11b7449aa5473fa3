"""FLY's micro-benchmarks for ``gamenight bench``: a landing judged, a table
consolidated, and the ``aimer`` bot's choice over a full table."""

from __future__ import annotations

from collections.abc import Callable

from gamenight.bots.base import Clock
from gamenight.games.fly.bots import AimerBot
from gamenight.games.fly.rules import Fly
from gamenight.games.fly.table import consolidate


def micro_benchmarks(game: Fly) -> dict[str, Callable[[], object]]:
    """Named units of work, each set up once here and timed one call at a time."""
    state = game._new(4, seed=1)
    state.draw_chance()
    full = list(state.table)
    view = state.view(0)
    legal = state.legal_actions(0)
    aimer = AimerBot(seat=0, seed=1)

    def judge() -> object:
        return state.covered_slots(4.5, 4.5, 30.0)

    def consolidate_two() -> object:
        return consolidate(full, {3, 13})

    def aimer_decides() -> object:
        return aimer.act(view, legal, Clock())

    return {"judge a landing over a full table": judge,
            "consolidate after two cards are collected": consolidate_two,
            "aimer chooses a drop over a full table (candidates known)": aimer_decides}
