"""The ``random`` bot: any legal action, uniformly; in a window, at random times."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.bots.base import Bot, Clock, Wait
from gamenight.engine import View


class RandomBot(Bot[Any]):
    """Picks uniformly among legal actions; in a reaction window it acts at a time drawn
    uniformly from now to the deadline, then picks uniformly among what is legal then."""

    name = "random"
    reads_view = False  # legal actions and the clock are all it needs

    def __init__(self, seat: int, seed: int = 0, level: str = "average", **params: str) -> None:
        super().__init__(seat, seed, level, **params)
        self._due: tuple[int | None, float] | None = None  # (window, time to act)

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        if clock.deadline_ms is None:
            return self.rng.choice(legal)
        if self._due is None or self._due[0] != clock.window:
            self._due = (clock.window, self.rng.uniform(clock.now_ms, clock.deadline_ms))
        due = self._due[1]
        if clock.now_ms < due:
            return Wait(due)
        self._due = None
        return self.rng.choice(legal)
