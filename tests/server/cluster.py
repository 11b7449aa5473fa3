"""Several real ``gamenight serve`` processes on one database, and HAProxy in front of them,
for tests (issue 39: rooms over several processes).

:class:`Cluster` starts processes with ``--process-id`` (``a``, ``b``, ...), a short
``--lease``, the same database and the same data folder (so one signing key), each on a
free port of 127.0.0.1 (``tests.server.live``).  :class:`Proxy` runs HAProxy as a plain
process (``haproxy -f FILE -db``) with the configuration the package ships,
``docs/haproxy.cfg``, rewritten only where a test must: where it listens, the servers, and
quicker health checks.  Where HAProxy is not installed, :class:`HAProxyUnavailableError`
says how to install it; the tests turn it into a failure, never a skip.

:class:`Seat` is a person's client through the proxy that joins again whenever its
connection is closed (the server killed, the room handed over or moved: close codes
1012 and 1013), as the browser does, keeping every connection it had, so a test can
check every update ever sent against the game's signed record (:func:`check_told`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import httpx
from websockets.exceptions import ConnectionClosed

from gamenight.record import Record
from gamenight.server.protocol import seen_events
from gamenight.signing import PUBLIC_KEY_FILE
from tests.server.client import Message, Player, over
from tests.server.live import LiveServer, free_port, wait_until_healthy
from tests.server.test_restart import Replayed, normal, replayed

#: The configuration the package ships (docs/server.md says how to use it).
SHIPPED_CONFIG = Path(__file__).resolve().parents[2] / "docs" / "haproxy.cfg"
INSTALL_HINT = ("the cluster tests need HAProxy: install it with `apt-get install -y haproxy` "
                "(Debian and Ubuntu; .ci/run does this where it is missing)")
#: How long HAProxy may take to answer through to a server after starting.
START_S = 20.0
#: Errors a person's client may get: its action lost a race to the table's next step, or
#: the room was being handed over between processes (it joins again).
ALLOWED_ERRORS = {"stale", "illegal", "unavailable"}


class HAProxyUnavailableError(RuntimeError):
    """HAProxy is not installed here."""


def haproxy(path: str | None = None) -> str:
    """The ``haproxy`` program, looked for on ``path`` (by default the ``PATH``, and
    ``/usr/sbin``, where Debian puts it), or HAProxyUnavailableError."""
    if path is None:
        path = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin"])
    found = shutil.which("haproxy", path=path)
    if found is None:
        raise HAProxyUnavailableError(INSTALL_HINT)
    return found


# -- the processes ---------------------------------------------------------------------------
@dataclass
class Cluster:
    """``gamenight serve`` processes ``a``, ``b``, ... on one database."""

    folder: Path
    database: str
    size: int = 3
    lease_s: float = 2.0
    extra: tuple[str, ...] = ()
    servers: list[LiveServer] = field(default_factory=list)

    def start(self) -> Cluster:
        self.servers = [LiveServer(self.folder, self.database, extra=(
            "--process-id", chr(ord("a") + k), "--lease", str(self.lease_s),
            "--trust-proxy", "127.0.0.1", *self.extra)) for k in range(self.size)]
        # The first alone: it makes the signing key (and the database's tables) all of
        # them share; then the others together, each start being mostly a wait.
        self.servers[0].start()
        with ThreadPoolExecutor(max_workers=self.size) as starting:
            for started in [starting.submit(s.start) for s in self.servers[1:]]:
                started.result()
        return self

    def stop(self) -> None:
        for server in self.servers:
            if server.process is not None and server.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(server.process.pid, signal.SIGCONT)
        with ThreadPoolExecutor(max_workers=max(1, len(self.servers))) as stopping:
            for stopped in [stopping.submit(s.stop) for s in self.servers]:
                stopped.result()

    def log(self) -> str:
        return self.servers[0].log() if self.servers else ""


def stall(server: LiveServer) -> None:
    """SIGSTOP: the process stops where it is, its sockets open (a stalled machine)."""
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)


def wake(server: LiveServer) -> None:
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGCONT)


# -- the proxy ---------------------------------------------------------------------------------
#: Health checks quick enough to see a killed process at once (down after two failed
#: checks 200 ms apart, up after one).  A process only starved of CPU on a busy machine
#: fails them too: a test in which no process dies checks as :data:`PATIENT_CHECKS` do.
QUICK_CHECKS = "inter 200ms fall 2 rise 1"
#: Health checks that a process starved of CPU for a few seconds still passes.
PATIENT_CHECKS = "inter 1s fall 5 rise 1"


class Listening(Protocol):
    """A server the proxy sends to: a ``LiveServer``, or the benchmark's
    ``bench.ServerProcess`` (``tests.server.bench_cluster``)."""

    @property
    def port(self) -> int: ...


def proxy_config(port: int, servers: Sequence[Listening], shipped: str | None = None,
                 checks: str = QUICK_CHECKS) -> str:
    """The shipped configuration, listening on ``port``, in front of ``servers``, with
    health checks as ``checks`` says (``inter ... fall ... rise ...``)."""
    text = SHIPPED_CONFIG.read_text() if shipped is None else shipped
    lines: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        indent = line[:len(line) - len(line.lstrip())]
        if stripped.startswith("bind "):
            lines.append(f"{indent}bind 127.0.0.1:{port}")
        elif stripped.startswith("server "):
            continue
        elif stripped.startswith("default-server "):
            lines.append(re.sub(r"inter \S+ fall \d+ rise \d+", checks, line))
            lines += [f"{indent}server {chr(ord('a') + k)} 127.0.0.1:{server.port}"
                      for k, server in enumerate(servers)]
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


@dataclass
class Proxy:
    """``haproxy -f FILE -db`` in front of a cluster's processes."""

    folder: Path
    servers: Sequence[Listening]
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    checks: str = QUICK_CHECKS

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Proxy:
        program = haproxy()
        self.port = free_port()
        config = self.folder / "haproxy.cfg"
        config.write_text(proxy_config(self.port, self.servers, checks=self.checks))
        log = open(self.folder / "haproxy.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen([program, "-f", str(config), "-db"], stdout=log,
                                        stderr=subprocess.STDOUT)
        wait_until_healthy(self.process, self.url, "haproxy", START_S, self.log, self.stop)
        return self

    def log(self) -> str:
        path = self.folder / "haproxy.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        """POST through the proxy, asking again while the room is being handed over."""
        for _ in range(100):
            response = httpx.post(f"{self.url}{path}", json=body, timeout=10.0)
            if response.status_code != 503:
                response.raise_for_status()
                return response.json()
            time.sleep(0.1)
        response.raise_for_status()
        return None

    def get(self, path: str) -> Any:
        response = httpx.get(f"{self.url}{path}", timeout=10.0)
        response.raise_for_status()
        return response.json()


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


# -- a person who joins again ------------------------------------------------------------------
#: Close codes after which a client joins again at once: the room is being handed over or
#: is held by another process still (1013, with an ``unavailable`` error), or it moved
#: while joining (1012).
JOIN_AGAIN = (1012, 1013)


async def join_where_it_is(ws_url: str, code: str, join: Message,
                           timeout: float = 30.0) -> Player:
    """A connection to the room ``code`` at ``ws_url`` that has joined (``join``) and been
    welcomed, joining again a moment after each refusal for now (:data:`JOIN_AGAIN`), as
    the browser does.  Any other refusal fails, as does one that lasts past ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        player = await Player.connect(ws_url, code)
        with contextlib.suppress(ConnectionClosed):  # refused before the join is read
            await player.send(join)
        first: Message | None = None
        with contextlib.suppress(ConnectionError, TimeoutError):
            first = await player.wait_for(lambda m: m["type"] in ("welcome", "error"),
                                          timeout=max(0.1, deadline - time.monotonic()))
        if first is not None and first["type"] == "welcome":
            return player
        with contextlib.suppress(ConnectionError, TimeoutError):  # until it is closed
            await player.wait_for(lambda _: False,
                                  timeout=max(0.1, deadline - time.monotonic()))
        await player.close()
        closed_with = player.ws.close_code
        assert closed_with in JOIN_AGAIN and (first is None or first["code"] == "unavailable"), (
            f"room {code[:4]}: refused for good ({closed_with}): {first}")
        assert time.monotonic() < deadline, (
            f"room {code[:4]}: still refused for now after {timeout:g} s")
        await asyncio.sleep(0.1)


@dataclass
class Seat:
    """A person's seat played through ``ws_url`` (the proxy) with random legal actions,
    joining again each time its connection closes, until the game is over."""

    ws_url: str
    code: str
    token: str
    seat: int
    rng: random.Random
    #: Whether it starts the game (its token is the host's) once welcomed in the lobby.
    start: bool = False
    #: Every connection it had, in order (those refused while the room moved included).
    lives: list[Player] = field(default_factory=list)
    #: The close code of each connection that closed, in order.
    closes: list[int | None] = field(default_factory=list)
    done: bool = False

    async def play(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not self.done:
            if time.monotonic() > deadline:
                raise AssertionError(f"seat {self.seat} of room {self.code[:4]}: the game "
                                     f"did not end within {timeout:g} s")
            try:
                player = await Player.connect(self.ws_url, self.code,
                                              {"type": "join", "token": self.token})
            except Exception:  # refused as it opened, or no server for it this instant
                await asyncio.sleep(0.1)
                continue
            self.lives.append(player)
            await self._play(player, deadline)
            await player.close()
            self.closes.append(player.ws.close_code)
            if not self.done:  # as the browser does, a little later each time
                await asyncio.sleep(0.1 + 0.2 * self.rng.random())

    async def _play(self, player: Player, deadline: float) -> None:
        acted: tuple[int, int] | None = None
        seen = 0
        if self.start:
            with contextlib.suppress(TimeoutError, ConnectionError):
                welcome = await player.wait_for(lambda m: m["type"] in ("welcome", "error"))
                if welcome["type"] == "welcome" and welcome["room"]["status"] == "lobby":
                    await player.send({"type": "start"})
        while not player.closed and time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError, ConnectionError):
                await player.wait_for(lambda _: True, after=seen, timeout=0.5)
            seen = len(player.messages)
            update = player.last_update
            if update is None:
                continue
            if over(update):
                self.done = True
                return
            acting, legal = update["acting"], update["legal"] or []
            mark = (update["game"], update["step"])
            if self.seat not in acting["seats"] or not legal or mark == acted:
                continue
            acted = mark
            message: Message = {"type": "act", "action": self.rng.choice(legal)}
            if update["window"] is not None:
                message["window"] = update["window"]["id"]
                message["reaction_ms"] = round(self.rng.uniform(150.0, 900.0), 1)
            with contextlib.suppress(Exception):  # its server may be gone this instant
                await player.send(message)


# -- checking what was told against the record ------------------------------------------------
def check_told(game: str, seat: int | None, lives: list[Player], record: Record,
               key_file: Path) -> None:
    """Every update each of ``lives`` (one seat's connections, in order) was sent is the
    record's game at that step as the seat sees it: its events since it joined, its view,
    who acts.  So nothing any connection was told is missing from the record or differs
    in it, whichever process told it."""
    wanted: dict[int, set[int | None]] = {}
    for player in lives:
        for update in player.updates():
            wanted.setdefault(int(update["step"]), set()).add(seat)
    result: Replayed = replayed(record, key_file, wanted)
    for player in lives:
        told: list[Any] = []
        for update in player.updates():
            step = int(update["step"])
            where = f"{game}, seat {seat}, step {step}"
            assert step in result.events_at, f"{where}: the record has no step {step}"
            told = list(update["events"]) if update["fresh"] else told + update["events"]
            expected = normal([e.to_json() for e in seen_events(
                result.events[:result.events_at[step]], seat)])
            assert told == expected, f"{where}: the events told differ from the record's"
            assert update["view"] == result.views[seat, step], f"{where}: the view differs"
            assert update["acting"] == result.acting[step], f"{where}: who acts differs"
        errors = {e["code"] for e in player.errors()}
        assert errors <= ALLOWED_ERRORS, f"{game}, seat {seat}: errors {errors}"


def key_file(folder: Path) -> Path:
    return folder / PUBLIC_KEY_FILE


@contextlib.contextmanager
def cluster(folder: Path, database: str, *, size: int = 3, lease_s: float = 2.0,
            extra: tuple[str, ...] = ()) -> Iterator[Cluster]:
    running = Cluster(folder, database, size, lease_s, extra)
    try:
        yield running.start()
    except BaseException:
        print(running.log())
        raise
    finally:
        running.stop()
