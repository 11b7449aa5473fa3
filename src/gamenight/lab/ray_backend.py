"""``--backend ray``: a study's chunks played by ``play_chunk`` as Ray tasks.

Either on a cluster that is already running (``--address``: ``auto``, ``host:port`` of
its head, or ``ray://host:10001`` through Ray Client), which this only joins and leaves;
or on a local Ray instance that it starts for the study and stops after it.  The rows
come back to this process, which stores each chunk through ``store`` exactly as the local
backend does: so the files do not depend on where the games were played.

Imported only when a study asks for Ray (the ``ray`` extra).
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import threading
from collections.abc import Generator, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from types import FrameType
from typing import TYPE_CHECKING

from gamenight.engine import OptionError
from gamenight.lab.plan import Chunk
from gamenight.lab.play import GameRow, play_chunk

if TYPE_CHECKING:
    from ray import ObjectRef

#: Chunks waiting per CPU, so that a worker finishing one finds the next already there;
#: no more, so that Ctrl-C has little to cancel and results do not pile up unread.
QUEUED_PER_CPU = 2
#: What each Ray worker process runs first, as the local pool's workers do
#: (``simulate.worker_starts``): its garbage collector set for playing many games.
#: Named by its module path, which a worker on any node imports.
WORKER_SETUP = "gamenight.collecting.for_many_games"
#: Seconds to wait for a cluster's head to answer before saying it cannot be reached.
CONNECT_TIMEOUT_S = 5.0
#: The prefix of a local instance's folder (logs, sockets) in the temporary directory.
TEMP_PREFIX = "gn-ray-"
#: A Unix socket's path has at most 107 bytes, and Ray puts its sockets about 60 below
#: its folder: a longer temporary directory (macOS's) is replaced by /tmp.
_TEMP_DIR_MAX = 40

#: Ray's token authentication for the local instances this process starts: the token
#: lives only in the environment of the instance's processes (never in ~/.ray), so no
#: other user of the machine can run code on it.  One per process, because Ray caches
#: the first token it reads.
_LOCAL_TOKEN = secrets.token_hex(32)
#: The logger of Ray's notice that it turned token authentication on.
_TOKEN_LOGGER = "ray._private.authentication.authentication_token_setup"


def check_address(address: str) -> None:
    """OptionError unless ``address`` names a Ray head that answers: ``auto`` (the
    cluster that ``ray start`` recorded here, checked when joining), ``host:port`` or
    ``ray://host:port``.  Checked before a study's folder is written, in a few seconds
    rather than Ray's minute of retries."""
    if address == "auto":
        return
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not host or not port.isdigit() or "/" in target:
        raise OptionError(f"--address is auto, HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), CONNECT_TIMEOUT_S):
            pass
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise OptionError(f"no Ray cluster answers at {address} ({why.lower()}): start one "
                          "with `ray start --head`, or leave out --address for a local "
                          "Ray") from None


def play_on_ray(chunks: Sequence[Chunk], seed: int, *, address: str | None,
                workers: int | None) -> Generator[tuple[Chunk, list[GameRow]], None, None]:
    """Each chunk with its rows, as they finish on Ray; the chunks still running are
    cancelled when the caller stops (Ctrl-C), and a local instance is stopped."""
    if not chunks:
        return
    with _session(address, workers) as cpus:
        import ray  # after _session has set the environment Ray reads when imported

        task = ray.remote(num_cpus=1)(play_chunk)
        # On a cluster, --workers caps the chunks played at once; a local instance has
        # exactly that many CPUs already.
        limit = workers if address is not None and workers else cpus * QUEUED_PER_CPU
        waiting = iter(chunks)
        running: dict[ObjectRef[list[GameRow]], Chunk] = {}

        def submit() -> None:
            chunk = next(waiting, None)
            if chunk is not None:
                running[task.remote(chunk, seed)] = chunk

        try:
            for _ in range(limit):
                submit()
            while running:
                (done,), _ = ray.wait(list(running), num_returns=1)
                chunk = running.pop(done)
                rows: list[GameRow] = ray.get(done)
                submit()
                yield chunk, rows
        finally:
            for ref in running:  # Ctrl-C, or an error: stop what no one will store
                ray.cancel(ref, force=True)


@contextmanager
def _session(address: str | None, workers: int | None) -> Iterator[int]:
    """Joined to the cluster at ``address``, or to a local instance started here (and
    stopped on leaving); yields its CPUs."""
    local = address is None
    folder = tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=_temp_root()) if local else None
    cores = os.cpu_count() or 1
    try:
        with _environment(_local_environment() if local else {}):
            import ray  # Ray reads some of the environment when first imported

            if ray.is_initialized():
                raise OptionError("Ray is already in use in this process")
            try:
                # Ctrl-C while a local Ray starts is raised once it has (then it is
                # stopped); joining a cluster starts nothing here, and may be left at once.
                with _interrupt_deferred() if local else nullcontext():
                    _init(address, folder, min(workers or cores, cores))
                yield _cpus()
            finally:
                # Stopping is never cut short by a second Ctrl-C: a half-stopped Ray
                # leaves its processes behind.  (Safe when it never started.)
                with _interrupt_deferred(), open(os.devnull, "wb") as null, \
                        _stderr_to(null.fileno()):
                    # Its last lines (the workers it kills, on Ctrl-C) are not the study's.
                    ray.shutdown()
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def _init(address: str | None, folder: str | None, cpus: int) -> None:
    import ray

    # Quiet: no worker output or Ray's info lines on the study's terminal (the
    # instance's own logs are under its folder while it runs).
    if address is None:
        # "local", not None: a RAY_ADDRESS in the environment must not turn a study
        # meant for this machine into one on a cluster.
        # Ray warns that it turned token authentication on: that is wanted, not news.
        announcer = logging.getLogger(_TOKEN_LOGGER)
        level = announcer.level
        announcer.setLevel(logging.ERROR)
        try:
            ray.init(address="local", num_cpus=cpus, num_gpus=0, _temp_dir=folder,
                     include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING,
                     runtime_env={"worker_process_setup_hook": WORKER_SETUP})
        except RuntimeError as exc:  # the instance did not start: its first line says why
            raise OSError(f"could not start a local Ray instance: {_first_line(exc)}") \
                from None
        finally:
            announcer.setLevel(level)
        return
    # Ray's core retries for some 20 s, a warning a second, when the cluster will not
    # have us: kept from the terminal, and read for why.
    with tempfile.TemporaryFile() as said:
        try:
            with _stderr_to(said.fileno()):
                ray.init(address=address, include_dashboard=False, log_to_driver=False,
                         logging_level=logging.WARNING,
                         runtime_env={"worker_process_setup_hook": WORKER_SETUP})
        except (ConnectionError, ValueError, ray.exceptions.RayError) as exc:
            # ConnectionError: no cluster (at "auto", or not a Ray head at all);
            # ValueError: ray:// without Ray Client installed; RayError: the like.
            said.seek(0)
            why = ("; it wants its token (~/.ray/auth_token or RAY_AUTH_TOKEN, as on "
                   "its nodes)" if b"InvalidAuthToken" in said.read() else "")
            raise OptionError(f"cannot join the Ray cluster at {address}: "
                              f"{_first_line(exc)}{why}") from None


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _cpus() -> int:
    import ray

    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    return max(1, int(resources.get("CPU", 1)))


def _temp_root() -> str:
    root = tempfile.gettempdir()
    return root if len(root) <= _TEMP_DIR_MAX or not os.path.isdir("/tmp") else "/tmp"


def _local_environment() -> dict[str, str | None]:
    """What a local instance's processes (they inherit it) need: no usage statistics
    sent anywhere; only the loopback interface (else Ray listens on the machine's
    address, for other nodes to join: read when Ray is first imported, so a process
    that imported it before gets that); and the token its callers must show.  Ray turns
    token authentication on for a new local instance itself, setting RAY_AUTH_MODE, when
    it is unset (set beforehand, Ray would not see it after its import): put back after."""
    return {"RAY_USAGE_STATS_ENABLED": "0", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
            "RAY_AUTH_TOKEN": _LOCAL_TOKEN, "RAY_AUTH_MODE": None}


@contextmanager
def _environment(values: Mapping[str, str | None]) -> Iterator[None]:
    """``values`` in os.environ while the block runs (None: unset), the environment as
    it was after."""
    before = {name: os.environ.get(name) for name in values}
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def _interrupt_deferred() -> Iterator[None]:
    """Ctrl-C held back until the block is done, then raised: starting or stopping Ray
    cut short leaves some of its processes running.  (Only the main thread gets signals.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    previous = signal.signal(signal.SIGINT, hold)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


@contextmanager
def _stderr_to(target: int) -> Iterator[None]:
    """The process's stderr sent to the file ``target`` while the block runs: at the
    file descriptor, where Ray's C++ core writes, not only Python's sys.stderr."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        os.dup2(target, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
