"""Time for a live table: what the table runner asks of whoever owns the event loop.

A live table (``live.runner.TableRunner``) needs two things of time: the clock, to stamp
an action with its moment in a race, and timers, to wake a bot when its pause is over or
its moment comes.  Both come from a :class:`Scheduler`, injected, so the one loop runs on

* :class:`LoopScheduler`: asyncio's event loop and ``time.monotonic`` (the server);
* the terminal's Textual timers (``tui.app``, which owns that loop);
* :class:`ManualScheduler`: time that moves only when a test says so, so tests of a
  table's pauses and races run in no time and never sleep.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    """A callback set for later; ``cancel`` makes sure it never runs."""

    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """The clock and the timers of one table."""

    def now(self) -> float:
        """Seconds on a monotonic clock."""
        ...

    def later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Run ``callback`` once, ``seconds`` from now (0: as soon as what runs now is
        done, never inside the caller)."""
        ...


class LoopScheduler:
    """asyncio's running event loop and ``time.monotonic``.  A callback that fails is
    logged by ``on_error`` (the server: one room's failure must not stop the others)."""

    def __init__(self, source: Callable[[], float] = time.monotonic,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        self.source = source
        self.on_error = on_error

    def now(self) -> float:
        return self.source()

    def later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        # The loop is looked up when a timer is set, not when the scheduler is made: a
        # room is made (and taken up from the store) inside the loop that runs it.
        return asyncio.get_running_loop().call_later(max(0.0, seconds), self._run, callback)

    def _run(self, callback: Callable[[], None]) -> None:
        if self.on_error is None:
            callback()
            return
        try:
            callback()
        except Exception as exc:
            self.on_error(exc)


class _ManualTimer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualScheduler:
    """Simulated time: nothing runs until :meth:`advance` (or :meth:`run_due`) moves the
    clock on, and then each timer due by then runs at its own moment, in order (timers
    due at one moment in the order they were set)."""

    #: How many timers one :meth:`advance` runs at most: a table whose timers keep
    #: setting timers at the same moment would otherwise never give the test back.
    MAX_RUNS = 1_000_000

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._timers: list[tuple[float, int, _ManualTimer, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        timer = _ManualTimer()
        heapq.heappush(self._timers, (self._now + max(0.0, seconds), next(self._order),
                                      timer, callback))
        return timer

    @property
    def pending(self) -> int:
        """How many timers are set and not cancelled."""
        return sum(not timer.cancelled for _, _, timer, _ in self._timers)

    def next_at(self) -> float | None:
        """When the next timer is due (None: none is set)."""
        while self._timers and self._timers[0][2].cancelled:
            heapq.heappop(self._timers)
        return self._timers[0][0] if self._timers else None

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``, running every timer due by then."""
        self.run_until(self._now + seconds)

    def stall(self, seconds: float) -> None:
        """Move the clock on by ``seconds`` running nothing: a busy event loop, whose
        timers fire late (they run at the next :meth:`advance`)."""
        self._now += seconds

    def run_due(self) -> None:
        """Run the timers due now (a 0-second timer, say), without moving the clock."""
        self.run_until(self._now)

    def run_until(self, at: float) -> None:
        """Move the clock on to ``at``, running every timer due by then at its moment."""
        for _ in range(self.MAX_RUNS):
            due = self.next_at()
            if due is None or due > at:
                break
            _, _, _, callback = heapq.heappop(self._timers)
            self._now = max(self._now, due)
            callback()
        else:
            raise RuntimeError(f"more than {self.MAX_RUNS} timers ran by {at:g} s: "
                               "a table that never waits")
        self._now = max(self._now, at)
