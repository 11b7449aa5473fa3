"""The server's garbage collector (``server.collector``): ``gamenight serve`` collects its
young objects less often, and what lives on is frozen out of the collector's sight from
time to time, without holding a frozen cycle that is let go past the next reclaim."""

from __future__ import annotations

import asyncio
import gc
import re
import weakref
from pathlib import Path

from gamenight.server import collector
from tests.server.live import live_server


class Node:
    """An object in a cycle (as a room and its table are): only a collection frees it."""

    def __init__(self) -> None:
        self.me = self


def test_gamenight_serve_collects_young_objects_less_often(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        assert server.get("/api/health")["status"] == "ok"
        said = re.search(r"garbage collector thresholds: (\d+), (\d+), (\d+)", server.log())
    assert said is not None, server.log()
    # What the process's collector says once it is set, not what was asked of it; the
    # older generations keep Python's thresholds.
    assert [int(n) for n in said.groups()] == [collector.YOUNG, 10, 10]


async def test_what_lives_on_is_frozen_and_a_frozen_cycle_let_go_is_freed_by_a_reclaim(
        ) -> None:
    kept = [Node() for _ in range(1000)]
    gone = Node()
    let_go = weakref.ref(gone)
    before = gc.get_freeze_count()
    freezing = asyncio.create_task(collector.keep_frozen(every_s=0.0))
    try:
        for _ in range(40):
            await asyncio.sleep(0.1)
            # Objects made and let go, as play makes them: the interpreter collects its
            # young generation now and then, and the freeze comes at the end of one.
            made = [[n] for n in range(5 * gc.get_threshold()[0])]
            del made
            if gc.get_freeze_count() >= before + len(kept):
                break
    finally:
        freezing.cancel()
        await asyncio.gather(freezing, return_exceptions=True)
    assert collector.Freezer.collected.__name__ not in {
        getattr(c, "__name__", "") for c in gc.callbacks}, "the freezer outlived its task"
    assert gc.get_freeze_count() >= before + len(kept)
    frozen = set(map(id, kept))
    assert not any(id(o) in frozen for o in gc.get_objects()), "a collection still walks them"
    # Frozen, a cycle let go outlives any collection, until a reclaim.
    del gone
    gc.collect()
    assert let_go() is not None
    collector.reclaim()
    assert let_go() is None
    assert gc.get_freeze_count() >= len(kept)
