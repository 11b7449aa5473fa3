"""Bots the terminal tests seat at a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.bots.base import Bot, Clock, Wait
from gamenight.engine import View


class Stubborn(Bot):
    """Always answers Wait(now) in a window or decision: it never moves by itself."""

    name = "stubborn"

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.asked: dict[int | None, list[float]] = {}  # moments, by window

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        if not clock.in_window:
            return legal[0]
        moments = self.asked.setdefault(clock.window, [])
        moments.append(clock.now_ms)
        if moments.count(clock.now_ms) > 100:  # fail rather than hang the app
            raise AssertionError(f"asked again and again at {clock.now_ms} ms")
        return Wait(clock.now_ms)


class Still(Bot):
    """Never moves by itself and is not asked again before the window's deadline: a seat
    that leaves a hunt or a swat open while a test looks at the table.  (``Stubborn``,
    asked again every millisecond, keeps the app busy the whole time, which is its point:
    the shell must not hang on it.)"""

    name = "still"

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        if not clock.in_window:
            return legal[0]
        assert clock.deadline_ms is not None
        return Wait(clock.deadline_ms)
