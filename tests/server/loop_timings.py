"""Where the time on a server's event loop goes: ``gamenight serve`` run with every loop
callback timed, for ``gamenight bench server --url`` to load (docs/server.md, "The
benchmark on one process and on three").

    python -m tests.server.loop_timings OUT.json serve --port 8000 --room-rate 0 ...

runs ``gamenight`` with the arguments after ``OUT.json``, and times every callback the
asyncio loop runs (``asyncio.events.Handle._run``: a task's step, a timer, a socket's
reader): its wall time, and its CPU time on the loop's thread (``time.thread_time``).
The difference is time the loop's thread was ready but not running: another process had
the core (a loaded machine), or another thread of the server held Python's lock (the
writer).  Python's garbage collections are timed too (``gc.callbacks``).  When the server
is sent SIGUSR2, or stops (SIGINT) before that, OUT.json gets the totals, the distribution of
callback times, and the slowest callbacks by what they ran.  The timing itself costs
about a microsecond a callback.  SIGUSR1 starts the counts again (send it when the
benchmark says it is measuring, so that only the measured seconds count).
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import json
import os
import signal
import sys
import time
from collections import Counter
from typing import Any

#: Callback wall times are counted in these buckets (upper bounds, ms).
BUCKETS_MS = (0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 1e9)
#: The slowest callbacks kept, by wall time.
SLOWEST = 40


class Timings:
    def __init__(self) -> None:
        self.callbacks = 0
        self.wall_s = 0.0
        self.cpu_s = 0.0
        self.buckets: Counter[float] = Counter()
        self.slow_wall: dict[str, float] = {}
        self.slow_cpu: dict[str, float] = {}
        self.slow_count: Counter[str] = Counter()
        self.slowest: list[tuple[float, float, str]] = []
        self.gc_s = 0.0
        self.gc_count: Counter[int] = Counter()
        self.gc_s_per: dict[int, float] = {}
        self.gc_longest_s = 0.0
        self._gc_at = 0.0
        self.started = time.monotonic()

    def callback(self, wall: float, cpu: float, what: Any) -> None:
        self.callbacks += 1
        self.wall_s += wall
        self.cpu_s += cpu
        ms = wall * 1000.0
        self.buckets[next(b for b in BUCKETS_MS if ms <= b)] += 1
        if ms > 5.0:  # named only when slow: naming costs more than the timing
            name = describe(what)
            self.slow_wall[name] = self.slow_wall.get(name, 0.0) + wall
            self.slow_cpu[name] = self.slow_cpu.get(name, 0.0) + cpu
            self.slow_count[name] += 1
            self.slowest.append((wall, cpu, name))
            if len(self.slowest) > 4 * SLOWEST:
                self.slowest = sorted(self.slowest, reverse=True)[:SLOWEST]

    def collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_at = time.perf_counter()
            return
        took = time.perf_counter() - self._gc_at
        self.gc_s += took
        self.gc_count[info["generation"]] += 1
        self.gc_s_per[info["generation"]] = self.gc_s_per.get(info["generation"], 0.0) + took
        self.gc_longest_s = max(self.gc_longest_s, took)

    def report(self) -> dict[str, Any]:
        elapsed = time.monotonic() - self.started
        return {
            "elapsed_s": round(elapsed, 3),
            "callbacks": self.callbacks,
            "callbacks_wall_s": round(self.wall_s, 3),
            "callbacks_cpu_s": round(self.cpu_s, 3),
            "callbacks_wall_ms_buckets": {f"<= {b:g}": self.buckets[b] for b in BUCKETS_MS},
            "slow_callbacks_over_5ms": [
                {"what": name, "count": self.slow_count[name],
                 "wall_s": round(wall, 3), "cpu_s": round(self.slow_cpu[name], 3)}
                for name, wall in sorted(self.slow_wall.items(), key=lambda kv: -kv[1])[:25]],
            "slowest": [{"wall_ms": round(w * 1000, 2), "cpu_ms": round(c * 1000, 2),
                         "what": name}
                        for w, c, name in sorted(self.slowest, reverse=True)[:SLOWEST]],
            "gc_s": round(self.gc_s, 3),
            "gc_collections": dict(self.gc_count),
            "gc_s_per_generation": {g: round(t, 3) for g, t in sorted(self.gc_s_per.items())},
            "gc_longest_ms": round(self.gc_longest_s * 1000.0, 2),
        }


def describe(handle: Any) -> str:
    """What a callback ran: the coroutine a task was stepping, or the function."""
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        if code is not None:
            return f"task {code.co_qualname} ({code.co_filename.rsplit('/', 2)[-1]})"
    func = getattr(callback, "__func__", callback)
    code = getattr(func, "__code__", None)
    if code is not None:
        return f"{code.co_qualname} ({code.co_filename.rsplit('/', 2)[-1]}:{code.co_firstlineno})"
    return repr(callback)[:100]


def main() -> None:
    out, argv = sys.argv[1], sys.argv[2:]
    timings = Timings()
    run = asyncio.events.Handle._run
    clock, cpu_clock = time.perf_counter, time.thread_time

    def timed_run(self: asyncio.Handle) -> None:
        wall0, cpu0 = clock(), cpu_clock()
        try:
            run(self)
        finally:
            timings.callback(clock() - wall0, cpu_clock() - cpu0, self)

    asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]
    # An experiment: the collector's thresholds (GAMENIGHT_GC_THRESHOLD=700,10,10), the
    # young one in place of the one ``gamenight serve`` sets (``server.collector``).
    threshold = os.environ.get("GAMENIGHT_GC_THRESHOLD")
    if threshold:
        from gamenight.server import collector

        thresholds = [int(n) for n in threshold.split(",")]
        gc.set_threshold(*thresholds)
        collector.YOUNG = thresholds[0]
    gc.callbacks.append(lambda phase, info: timings.collected(phase, info))

    saved = False

    def save() -> None:
        nonlocal saved
        with open(out, "w") as file:
            json.dump(timings.report(), file, indent=2)
        saved = True

    # At exit only if SIGUSR2 has not saved the measured seconds' counts already.
    atexit.register(lambda: None if saved else save())

    def restart(*_: Any) -> None:
        nonlocal timings
        timings = Timings()

    signal.signal(signal.SIGUSR1, restart)
    signal.signal(signal.SIGUSR2, lambda *_: save())
    from gamenight.cli import main as gamenight

    sys.exit(gamenight(argv))


if __name__ == "__main__":
    main()
