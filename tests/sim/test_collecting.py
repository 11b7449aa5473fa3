"""A process playing many games sets its garbage collector once (``gamenight.collecting``):
what it has loaded is frozen and young collections come at ``YOUNG`` objects, in
simulate's and the lab's worker processes for good, and for the length of the work
where the games are played in a process that goes on (one worker, the bench)."""

from __future__ import annotations

import gc

from gamenight import collecting
from gamenight.sim.bench import run_bench
from gamenight.sim.simulate import in_order


def young_threshold(_: int) -> tuple[int, int]:
    """What a worker's collector is set to: its young threshold and how many objects
    it has frozen."""
    return gc.get_threshold()[0], gc.get_freeze_count()


def test_simulate_s_workers_play_with_the_young_threshold_and_their_setup_frozen() -> None:
    found = list(in_order(young_threshold, range(4), workers=2))
    assert [young for young, _ in found] == [collecting.YOUNG] * 4
    assert all(frozen > 10_000 for _, frozen in found)  # the modules, the game tables


def test_one_worker_plays_here_and_leaves_the_collector_as_it_was() -> None:
    gc.unfreeze()  # (a server run in this process earlier froze what it loaded)
    before = gc.get_threshold()
    assert before[0] != collecting.YOUNG
    played = in_order(young_threshold, range(2), workers=1)
    young, frozen = next(played)
    assert young == collecting.YOUNG and frozen > 10_000
    assert next(played)[0] == collecting.YOUNG
    assert list(played) == []
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_bench_leaves_the_collector_as_it_was() -> None:
    gc.unfreeze()
    before = gc.get_threshold()
    run_bench(["by-golly"], seconds=0.0)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_what_was_frozen_before_stays_frozen() -> None:
    """A server in the same process froze what it loaded: the block leaves it so."""
    gc.freeze()
    frozen = gc.get_freeze_count()
    before = gc.get_threshold()
    try:
        with collecting.many_games() as thresholds:
            assert thresholds[0] == collecting.YOUNG
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()
