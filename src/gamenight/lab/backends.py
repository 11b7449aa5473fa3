"""Where a study's chunks are played: here on every core (``local``), or as Ray tasks
(``ray``: on a cluster, or a local Ray instance; see ``ray_backend``).  Every backend
plays the same chunks with the same seeds and stores them here through ``store``, so the
files are the same whichever played them.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from importlib.util import find_spec
from pathlib import Path

from gamenight import collecting
from gamenight.engine import OptionError
from gamenight.lab import store
from gamenight.lab.plan import Chunk, Study
from gamenight.lab.play import GameRow, play_chunk
from gamenight.sim.simulate import worker_starts

Progress = Callable[[int], None]
"""Called (in this process) with the number of games just stored."""

BACKENDS = ("local", "ray")


def run(study: Study, out: Path, *, backend: str = "local", workers: int | None = None,
        address: str | None = None, progress: Progress | None = None) -> int:
    """Play and store every chunk of ``study`` not yet stored in ``out``; the number of
    games played.  Ctrl-C (KeyboardInterrupt) stops it, every chunk stored by then whole;
    it is raised again for the caller."""
    check_backend(backend, address)
    todo = store.missing(out, study)
    if backend == "ray":
        from gamenight.lab.ray_backend import play_on_ray

        finished = play_on_ray(todo, study.seed, address=address, workers=workers)
    else:
        finished = _local(todo, study.seed, workers)
    played = 0
    # Closed at once when this stops (Ctrl-C while a chunk is stored, or an error), so
    # the pool or Ray stops now, not when the traceback is dropped.
    with closing(finished):
        for chunk, rows in finished:
            store.write_chunk(out, chunk, rows)
            played += len(rows)
            if progress is not None:
                progress(len(rows))
    return played


def check_backend(backend: str, address: str | None) -> None:
    """OptionError unless ``backend`` (with ``address``) can run a study here: for Ray,
    the extra is installed and a cluster answers at ``address``."""
    if backend not in BACKENDS:
        raise OptionError(f"the backends are {', '.join(BACKENDS)}, not {backend!r}")
    if backend != "ray" and address is not None:
        raise OptionError("--address names a Ray cluster: give it with --backend ray")
    if backend == "ray":
        if find_spec("ray") is None:
            raise OptionError("--backend ray needs the ray extra: pip install "
                              "'gamenight[ray]'")
        if address is not None:
            from gamenight.lab.ray_backend import check_address

            check_address(address)


def _play(task: tuple[Chunk, int]) -> tuple[Chunk, list[GameRow]]:
    chunk, seed = task
    return chunk, play_chunk(chunk, seed)


def _local(chunks: Sequence[Chunk], seed: int,
           workers: int | None) -> Generator[tuple[Chunk, list[GameRow]], None, None]:
    """Each chunk with its rows, as they finish: in this process with one worker, else
    in a pool of ``workers`` processes (default, and at most, every core)."""
    cores = os.cpu_count() or 1
    count = max(1, min(workers or cores, cores, len(chunks)))
    tasks = [(chunk, seed) for chunk in chunks]
    if count <= 1:
        with collecting.many_games():
            yield from map(_play, tasks)
        return
    # Each worker leaves Ctrl-C to this process, which stops the pool and keeps what it
    # stored, and sets its collector for many games, as a simulation's workers do.
    with multiprocessing.get_context().Pool(count, initializer=worker_starts) as pool:
        # Unordered: a chunk is stored as soon as it is done; the merge puts rows in order.
        yield from pool.imap_unordered(_play, tasks)
