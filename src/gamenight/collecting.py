"""Python's garbage collector, set for a process that makes objects by the million.

Python collects its young generation whenever 700 more objects have been made than
freed, and each collection walks every young object still alive.  A process that plays
games (a simulation, a benchmark, a study's workers) or serves them (``gamenight
serve``) makes a step's small objects by the million, most of them freed by their
reference count moments later: at 700, collections come every few steps, each walking
the live game's lists and the caches again, and they took a tenth of random play's time
(``perf``, Fliegen klatschen, docs/speed.md).  A young collection costs about the same
whatever the threshold (it walks the survivors), so fewer of them cost less; what is
loaded once (word lists, tables of cards, the modules) is moved out of the collector's
sight for good (``gc.freeze``), so no older collection walks it either.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Objects made (less those freed) between young collections (Python's is 700).
YOUNG = 20_000


def set_young(young: int = YOUNG) -> tuple[int, int, int]:
    """Set the young threshold, the older ones as they are; the thresholds now."""
    gc.set_threshold(young, *gc.get_threshold()[1:])
    first, second, third = gc.get_threshold()
    return first, second, third


def for_many_games() -> tuple[int, int, int]:
    """What a process about to play many games does first, once its setup is loaded:
    everything alive now is frozen (it lives as long as the process, and no collection
    need walk it again), and young collections come at :data:`YOUNG`.  The thresholds now.

    A frozen object let go is still freed by its reference count; only a cycle among
    frozen objects would be kept, and what is alive at the start of a simulation is what
    it plays with to its end."""
    set_aside()
    return set_young()


def set_aside() -> None:
    """Collect, then freeze everything alive: what a process has loaded and made so far
    (a bench's earlier games' tables and caches) is walked by no collection from now on."""
    gc.collect()
    gc.freeze()


@contextmanager
def many_games() -> Iterator[tuple[int, int, int]]:
    """:func:`for_many_games` for as long as the block runs, in a process that goes on
    after it (a simulation of one worker, the bench called from code): then the
    thresholds are as they were, and what was frozen for the block is unfrozen (the
    collector sees it again).  Where something was frozen already (a server in this
    process froze what it loaded), all stays frozen: which of it was frozen before
    cannot be told apart."""
    before = gc.get_threshold()
    frozen_before = gc.get_freeze_count()
    try:
        yield for_many_games()
    finally:
        if not frozen_before:
            gc.unfreeze()
        gc.set_threshold(*before)
