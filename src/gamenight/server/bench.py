"""``gamenight bench server``: a real server under load, measured from its clients.

The benchmark starts ``gamenight serve`` in its own process on a free port of 127.0.0.1
(its SQLite database and signing key in a temporary folder, or the ``database`` given)
and drives it from this process, in two parts:

1. **Idle rooms.**  The server's RSS with no rooms; then ``rooms_idle`` rooms made
   through the REST API (``POST /api/rooms`` and ``POST /api/rooms/{code}/seats``):
   lobby rooms of four seats (of the five games in turn), every seat taken by a person,
   **with no connection open** (an idle room is one whose players have the invite and
   have not come back yet).  Memory per idle room is the RSS with them minus the RSS
   with none, over their number.
2. **Playing rooms.**  ``clients`` WebSocket connections (``websockets``, one asyncio
   loop): rooms of the five games in turn, four seats each played by a simulated person
   plus the host's connection, which watches (a spectator with the host's token: it
   starts the game); connections left over join as spectators.  A simulated person acts
   at a person's pace: on its turn after 0.8-1.2 s, in a race or a simultaneous
   decision after a reaction time drawn from the bots' reaction model
   (``bots.reaction``, the ``average`` adult: reflex, a choice among the legal actions,
   a reach), claiming that time as its measured reaction; it picks a random legal
   action, and asks for a rematch a few seconds after a game ends.  Games start spread
   over a warm-up, then everything is measured for ``seconds``.

What is measured, exactly (every time is taken in this process, ``time.monotonic``,
which is the server's clock too):

* **Latency of an action**: a person's client sends ``act`` at t0 and at once a
  *marker*, a ``start`` (which a seat that is not the host's is refused as
  ``not-allowed``).  The server handles one connection's frames in order, and a room
  tells each connection everything in order, its refusals too, each after the commits
  of the steps before it (the writer commits beside the event loop), so the last
  ``update`` this client receives before the marker's refusal holds the action's step
  (it is the action's own update, or a later one when another action slipped in
  between: the figure then errs long, never short).  (A ``ping`` no longer marks it:
  the server answers a ping at once, before the commit it may be waiting for.)  Its
  step S names the update; the latency to each connection of the room is the time it
  received the update of step S minus t0.
  *Last delivery* is the largest of these for the action (the issue's "action's arrival
  to the last resulting message delivered", seen from the clients), *actor* the acting
  client's own, *every delivery* all of them.  Actions the server refused (a window that
  had closed, a move no longer legal) are counted, not timed.
* **Baseline**: the hosts of the first :data:`PROBES` rooms ping the server every
  :data:`PROBE_S` seconds and time its pong: a message through both loops and back
  with no game work.  Its halves are split at the time the server's pong carries (the
  server's clock is ``time.monotonic`` too): the way there is the wait for the server's
  loop, the way back the server's writer and then this process's loop.
* **Messages per second**: every frame the clients received in the measured seconds
  (updates, the server's pings, pongs, room messages, errors), over those seconds.
* **Server CPU**: the server process's user + system CPU time over the measured
  seconds (``/proc/<pid>/stat``, psutil where there is no ``/proc``), over the wall
  time: 1.0 is one core kept busy.  The load generator's own CPU is shown beside it.
* **Waiting for a core**: the share of the measured seconds the server's main thread
  (its event loop), and this process's, was ready to run but waited for a core that
  another process held (``/proc/<pid>/task/<tid>/schedstat``): how loaded the machine
  was, as each loop felt it.
* **Memory**: the server's RSS (``VmRSS`` of ``/proc/<pid>/status``).

**An already running server** (``--url``, :class:`RunningServer`): a ``gamenight serve``
process, or the proxy in front of several (``docs/server.md``), started by someone else,
with the limits per address lifted as the benchmark's own server has them
(``--room-rate 0 --max-connections 0 --max-websockets 0``: every simulated client comes
from one address).  Only the playing rooms are measured (the idle rooms need an empty
server of the benchmark's own, and its memory).  Its CPU is the processes named by
``--pids`` (their CPU time from ``/proc/<pid>/stat`` before and after, summed, and each
shown); without them it is not known, and the report says so (``null``).  Behind a
proxy a room made on one process is handed over to the one its code hashes to: a REST
request answered 503 with ``Retry-After`` is asked again, a WebSocket closed with 1012
or 1013 before its welcome joins again.

Bias: everything runs on one machine over loopback, so there is no network delay in
the figures (a real network adds its round trip).  The load generator shares the
machine's cores with the server: a frame the server has sent waits until this
process's loop reads it, so its work (the loop lag is shown) is counted in every
latency, and the server gets less CPU than it would alone (its own garbage collector
is kept short while it measures: ``quiet_collector``).  The extra ``ping`` per
action adds one small message each way.  Clients offer permessage-deflate, as browsers
do, so the server compresses every frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import http.client
import importlib
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

from gamenight import collecting
from gamenight.bots.levels import DEFAULT_LEVEL
from gamenight.bots.reaction import LEVELS as REACTION_MODELS
from gamenight.games import GAMES

#: The issue's targets on a 2-core machine, load generator included.
TARGET_P99_MS = 20.0
TARGET_IDLE_RSS_BYTES = 2**30
#: The default run: 1,000 connections, 10,000 idle rooms, a minute measured.
DEFAULT_CLIENTS = 1000
DEFAULT_ROOMS_IDLE = 10_000
DEFAULT_SECONDS = 60.0
#: Seats at every table (each of the five games seats four).
SEATS = 4
#: Connections per playing room: its seats and its host, who watches.
PER_ROOM = SEATS + 1
#: The fewest clients that play every game once.
MIN_CLIENTS = PER_ROOM * len(GAMES)
#: A simulated person's turn takes this long (seconds, uniform).
TURN_S = (0.8, 1.2)
#: And after a game ends, they ask for a rematch after this long.
REMATCH_S = (2.0, 4.0)
#: How long the server may take to answer its health check after starting.
START_S = 60.0
#: How long a request answered 503 with ``Retry-After`` is asked again (behind a proxy,
#: a room made on one process is handed over to the one its code hashes to).
RETRY_S = 30.0
#: How long a connection refused for now (close code 1012 or 1013: its room is moving
#: between processes) is opened again.
REJOIN_S = 30.0
#: REST requests in flight at once while rooms are made.
REST_THREADS = 4
#: WebSocket handshakes in flight at once.
CONNECTS_AT_ONCE = 50
#: How long the clients wait for answers still on their way once the measuring stops.
SETTLE_S = 2.0
#: The baseline: this many hosts' connections ping the server every PROBE_S seconds and
#: time its pong (a message through both loops and back, with no game work).
PROBES = 10
PROBE_S = 2.0
#: Their ping ids, apart from those sent after actions.
PROBE_IDS = 2**40
#: The collector's thresholds before the measuring (``quiet_collector``), put back after.
THRESHOLDS = gc.get_threshold()

Progress = Callable[[str], None]
_UPDATE_START = '{"type":"update"'
_UPDATE_HEAD = re.compile(r'\{"type":"update","game":(\d+),"step":(\d+)')


class BenchError(ValueError):
    """The benchmark cannot run (the server did not start, a request failed)."""


# -- the server process ------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process ``pid`` has used, in seconds."""
    stat = Path(f"/proc/{pid}/stat")
    if stat.exists():
        # The fields after the command name (which may hold spaces, in parentheses):
        # state is field 3, utime field 14, stime field 15 (proc(5)).
        fields = stat.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    times = _psutil_process(pid).cpu_times()
    return float(times.user + times.system)


def waited_seconds(pid: int, tid: int | None = None) -> float | None:
    """How long the thread ``tid`` of the process ``pid`` (its main thread: a server's
    event loop) has been ready to run but waiting for a core, in seconds
    (``/proc/<pid>/task/<tid>/schedstat``: time on a core, time waiting on a run queue,
    in ns); None where the kernel does not say."""
    try:
        fields = Path(f"/proc/{pid}/task/{tid or pid}/schedstat").read_text().split()
        return int(fields[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def rss_bytes(pid: int) -> int:
    """The resident set size of the process ``pid``, in bytes."""
    return _status_kib(pid, "VmRSS") * 1024


def peak_rss_bytes(pid: int) -> int:
    """The largest resident set size the process ``pid`` has had, in bytes."""
    return _status_kib(pid, "VmHWM") * 1024


def load_average() -> float:
    """The machine's load average over the last minute (0 where it is not known): the
    benchmark's figures are only as quiet as the machine was."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def _status_kib(pid: int, key: str) -> int:
    status = Path(f"/proc/{pid}/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith(f"{key}:"):
                return int(line.split()[1])
        raise BenchError(f"/proc/{pid}/status has no {key}")
    info = _psutil_process(pid).memory_info()
    return int(info.rss if key == "VmRSS" else getattr(info, "peak_wset", info.rss)) // 1024


def _psutil_process(pid: int) -> Any:
    try:
        psutil = importlib.import_module("psutil")
    except ImportError:
        raise BenchError("measuring the server needs /proc (Linux) or psutil "
                         "(pip install psutil)") from None
    return psutil.Process(pid)


class _RetryLaterError(Exception):
    def __init__(self, after_s: float, detail: str) -> None:
        super().__init__(detail)
        self.after_s, self.detail = max(0.1, after_s), detail


class Rest:
    """The server's REST API over keep-alive HTTP/1.1 connections, one per thread
    (``http.client``: the benchmark needs nothing the package does not)."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        self.host = host
        self.port = port
        self._local = threading.local()

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """The answer's JSON; a 503 with ``Retry-After`` (behind a proxy: the room is
        being handed over between processes) is asked again, for :data:`RETRY_S` at most."""
        deadline = time.monotonic() + RETRY_S
        while True:
            try:
                return self._call(method, path, body)
            except _RetryLaterError as later:
                if time.monotonic() + later.after_s > deadline:
                    raise BenchError(f"{method} {path}: the server answered 503 for "
                                     f"{RETRY_S:g} s: {later.detail}") from None
                time.sleep(later.after_s)

    def _call(self, method: str, path: str, body: dict[str, Any] | None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {} if data is None else {"content-type": "application/json"}
        reused: http.client.HTTPConnection | None = getattr(self._local, "connection", None)
        # A kept-alive connection the server has closed while it sat idle fails before
        # the server reads anything: the request is made again on a new connection.
        for connection in ([reused] if reused is not None else []) + [None]:
            if connection is None:
                connection = http.client.HTTPConnection(self.host, self.port, timeout=30.0)
            self._local.connection = connection
            try:
                connection.request(method, path, body=data, headers=headers)
                response = connection.getresponse()
                payload = response.read()
                break
            except (OSError, http.client.HTTPException) as exc:
                connection.close()
                self._local.connection = None
                stale = connection is reused and isinstance(
                    exc, http.client.RemoteDisconnected | ConnectionResetError | BrokenPipeError)
                if not stale:
                    raise BenchError(f"{method} {path} failed: {exc}") from None
        retry_after = response.getheader("Retry-After")
        if response.status == 503 and retry_after is not None:
            raise _RetryLaterError(min(float(retry_after), 1.0) if retry_after.isdigit() else 1.0,
                              payload[:300].decode(errors="replace"))
        if response.status >= 300:
            raise BenchError(f"{method} {path}: the server answered {response.status}: "
                             f"{payload[:300].decode(errors='replace')}")
        return json.loads(payload)


class ServerProcess:
    """``gamenight serve`` in its own process, with its data in ``folder`` (``extra``: more
    of its arguments, e.g. ``--bot-pause 0`` or ``--trust-proxy``)."""

    def __init__(self, folder: Path, database: str | None, *extra: str) -> None:
        self.folder = folder
        self.database = database
        self.extra = extra
        self.port = free_port()
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.rest = Rest(self.port)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def pids(self) -> tuple[int, ...]:
        return (self.pid,)

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def described(self) -> str:
        return f"started by the benchmark (pid {self.pid}, port {self.port})"

    def start(self) -> None:
        args = [sys.executable, "-m", "gamenight.cli", "serve", "--port", str(self.port),
                "--data-dir", str(self.folder),
                # Every simulated client comes from this machine's one address, so the
                # limits per address (meant for one household each) are lifted.
                "--room-rate", "0", "--max-connections", "0", "--max-websockets", "0",
                *self.extra]
        if self.database is not None:
            args += ["--database", self.database]
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"the server exited with {self.process.returncode}: "
                                 f"{self.log_tail()}")
            with contextlib.suppress(BenchError):
                self.rest.call("GET", "/api/health")
                return
            time.sleep(0.1)
        raise BenchError(f"the server did not answer within {START_S:g} s: {self.log_tail()}")

    def log_tail(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-2000:]
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


class RunningServer:
    """A server or cluster already running at ``url`` (``--url``: a ``gamenight serve``
    process, or the proxy in front of several), and the ``pids`` of its processes, whose
    CPU time is measured (none given: its CPU is not known)."""

    def __init__(self, url: str, pids: Sequence[int] = ()) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "http" or not parts.hostname or parts.path not in ("", "/"):
            raise BenchError(f"--url takes the server's address as http://HOST:PORT, "
                             f"not {url!r}")
        try:
            port = parts.port or 80
        except ValueError:
            raise BenchError(f"--url: {url!r} has no valid port") from None
        self.url = f"http://{parts.netloc}"
        self.rest = Rest(port, parts.hostname)
        self.ws_url = f"ws://{parts.netloc}"
        for pid in pids:
            if not _process_exists(pid):
                raise BenchError(f"--pids: there is no process {pid}")
        self.pids = tuple(pids)

    @property
    def described(self) -> str:
        return f"already running at {self.url}"

    def check(self) -> None:
        """Is a gamenight server answering at the URL?  BenchError in one line if not."""
        try:
            health = self.rest.call("GET", "/api/health")
        except BenchError as exc:
            raise BenchError(f"no gamenight server answers at {self.url} "
                             f"({_one_line(str(exc))})") from None
        if not isinstance(health, dict) or "rooms" not in health:
            raise BenchError(f"{self.url} answered /api/health, but not as gamenight serve does")

    def alive(self) -> bool:
        return all(_process_exists(pid) for pid in self.pids)

    def log_tail(self) -> str:
        gone = [str(pid) for pid in self.pids if not _process_exists(pid)]
        return f"process {', '.join(gone)} has exited" if gone else ""


def _process_exists(pid: int) -> bool:
    if Path("/proc/self").exists():
        return Path(f"/proc/{pid}/stat").exists()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300]


def process_name(pid: int) -> str:
    """The command name of the process ``pid`` (``/proc/<pid>/comm``), or its pid."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return str(pid)


#: What the benchmark measures: a server it started, or one already running (``--url``).
Target = ServerProcess | RunningServer


@contextlib.contextmanager
def running_server(database: str | None) -> Iterator[ServerProcess]:
    with tempfile.TemporaryDirectory(prefix="gamenight-bench-") as folder:
        server = ServerProcess(Path(folder), database)
        try:
            server.start()
            yield server
        finally:
            server.stop()


# -- rooms through the REST API --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MadeRoom:
    """A room made for the benchmark: its code, the host's token and the seats' tokens."""

    game: str
    code: str
    host_token: str
    seat_tokens: tuple[str, ...]


def make_room(rest: Rest, game: str, number: int) -> MadeRoom:
    """A lobby room of ``game`` with every one of its :data:`SEATS` seats taken by a
    person (the first by the host, as the room is made)."""
    made = rest.call("POST", "/api/rooms", {"game": game, "players": SEATS,
                                            "seats": [None] * SEATS,
                                            "name": f"host {number}"})
    code = made["code"]
    tokens = [made["seat"]["token"]]
    for seat in range(1, SEATS):
        taken = rest.call("POST", f"/api/rooms/{code}/seats",
                          {"name": f"p{number}-{seat}", "seat": seat})
        tokens.append(taken["token"])
    return MadeRoom(game, code, made["host_token"], tuple(tokens))


def make_rooms(rest: Rest, count: int, say: Progress, what: str) -> list[MadeRoom]:
    """``count`` rooms of the five games in turn, made by :data:`REST_THREADS` threads."""
    games = list(GAMES)
    tables: list[MadeRoom] = []
    started = time.monotonic()
    step = max(1000, count // 10)
    with ThreadPoolExecutor(REST_THREADS) as pool:
        for made in pool.map(lambda i: make_room(rest, games[i % len(games)], i),
                             range(count)):
            tables.append(made)
            if len(tables) % step == 0 and len(tables) < count:
                say(f"{what}: {len(tables):,} of {count:,} rooms made "
                    f"({time.monotonic() - started:.0f} s)")
    return tables


# -- the simulated people ----------------------------------------------------------------------
#: What a person's client sends right after an action (above, "Latency of an action"),
#: and the refusal that answers it once everything before it has been told.
MARKER = {"type": "start"}
MARKER_REFUSAL = "not-allowed"


@dataclass(slots=True)
class Pending:
    """An action sent and not yet resolved by the refusal of the marker sent after it."""

    sent: float
    known: tuple[int, int]  # (game, step) of the last update the client had
    result: tuple[int, int] | None = None
    refused: bool = False


@dataclass(frozen=True, slots=True)
class Action:
    """An action the server took, sent in the measured seconds: when, and the update
    (game, step) that told it."""

    room: PlayRoom
    actor: Client
    sent: float
    update: tuple[int, int]


@dataclass
class Meter:
    """What the clients count in the measured seconds, ``start`` to ``end`` on
    ``time.monotonic`` (an action is counted by when it was sent, even if its
    answer comes after the end)."""

    start: float = math.inf
    end: float = math.inf
    closing: bool = False
    frames: int = 0
    updates: int = 0
    sent: int = 0
    refused: int = 0
    unresolved: int = 0
    dropped: int = 0
    actions: list[Action] = field(default_factory=list)
    per_game: dict[str, int] = field(default_factory=dict)
    lags: list[float] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    #: The round trips split at the server's clock (its pong says when it answered):
    #: the way there (until the server's loop handled the ping) and the way back.
    ways_there: list[float] = field(default_factory=list)
    ways_back: list[float] = field(default_factory=list)

    def counts(self, at: float) -> bool:
        return self.start <= at < self.end


@dataclass(eq=False)
class PlayRoom:
    table: MadeRoom
    clients: list[Client] = field(default_factory=list)


class Client:
    """One connection: a simulated person at a seat, or someone watching (``seat``
    None; the host's connection, which starts the game, is one of them)."""

    def __init__(self, room: PlayRoom, seat: int | None, token: str | None,
                 meter: Meter, rng: random.Random) -> None:
        self.room, self.seat, self.token = room, seat, token
        self.meter, self.rng = meter, rng
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.welcomed = asyncio.Event()
        #: When this connection first received the update of each (game, step).
        self.receipts: dict[tuple[int, int], float] = {}
        self.latest: dict[str, Any] | None = None
        self.known: tuple[int, int] = (0, 0)
        self.pending: Pending | None = None
        self.plan: asyncio.TimerHandle | None = None
        self.plan_key: tuple[Any, ...] | None = None
        self.acted_key: tuple[Any, ...] | None = None
        self.rematch_for = 0
        self.tasks: set[asyncio.Task[None]] = set()
        self.probes: dict[int, float] = {}
        self.model = REACTION_MODELS[DEFAULT_LEVEL]

    async def open(self, ws_url: str) -> None:
        """Connect and join; a connection refused for now (its room is moving between
        processes behind a proxy: close code 1012 or 1013) joins again, as a browser
        does, for :data:`REJOIN_S` at most."""
        join: dict[str, Any] = ({"type": "join", "spectator": True} if self.token is None
                                else {"type": "join", "token": self.token})
        deadline = time.monotonic() + REJOIN_S
        while True:
            self.ws = await connect(f"{ws_url}/ws/rooms/{self.room.table.code}",
                                    ping_interval=None, max_size=2**24, open_timeout=60)
            self.reader = reader = asyncio.create_task(self._read())
            with contextlib.suppress(Exception):  # closed at once: the reader has ended
                await self.ws.send(json.dumps(join))
            welcomed = asyncio.create_task(self.welcomed.wait())
            await asyncio.wait({welcomed, reader}, timeout=60,
                               return_when=asyncio.FIRST_COMPLETED)
            if self.welcomed.is_set():
                return
            welcomed.cancel()
            closed_with = self.ws.close_code
            if reader.done() and closed_with in (1012, 1013) and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
                continue
            raise BenchError(f"room {self.room.table.code[:6]}...: a connection was not "
                             f"welcomed (closed with {closed_with})")

    async def close(self) -> None:
        if self.plan is not None:
            self.plan.cancel()
        for task in list(self.tasks):
            task.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader

    def send_soon(self, message: dict[str, Any]) -> None:
        """Send ``message`` from a timer (a task kept until it is done)."""
        task = asyncio.create_task(self._send(message))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        with contextlib.suppress(Exception):  # the connection closed: the reader counts it
            await self.ws.send(json.dumps(message))

    async def _read(self) -> None:
        assert self.ws is not None
        meter = self.meter
        try:
            async for frame in self.ws:
                at = time.monotonic()
                text = frame if isinstance(frame, str) else frame.decode()
                counted = meter.counts(at)
                if counted:
                    meter.frames += 1
                if text.startswith(_UPDATE_START):
                    # Someone watching needs only the update's game and step, read from
                    # the head of the frame without parsing the rest (the server writes
                    # them first); a person reads the whole update.
                    head = _UPDATE_HEAD.match(text)
                    update: dict[str, Any] | None = None
                    if head is not None and self.seat is None:
                        key = (int(head[1]), int(head[2]))
                    else:
                        update = json.loads(text)
                        key = (update["game"], update["step"])
                    self.receipts.setdefault(key, at)
                    if counted:
                        meter.updates += 1
                    if self.pending is not None and key > self.pending.known:
                        self.pending.result = key
                    if update is not None and self.seat is not None:
                        self._on_update(update, key, at)
                    continue
                message = json.loads(text)
                kind = message.get("type")
                if kind == "ping":
                    await self.ws.send(json.dumps({"type": "pong", "id": message["id"]}))
                elif kind == "pong":
                    if message["id"] >= PROBE_IDS:
                        self._probed(message["id"], message["server_ms"], at)
                elif kind == "error":
                    if self.pending is not None:
                        if message.get("code") == MARKER_REFUSAL:
                            self._resolve()
                        else:  # the action itself was refused
                            self.pending.refused = True
                elif kind == "welcome":
                    self.welcomed.set()
        except Exception:  # the connection broke
            pass
        finally:
            # One closed before its welcome is not dropped: ``open`` joins again or fails.
            if not meter.closing and self.welcomed.is_set():
                meter.dropped += 1

    async def probe(self) -> None:
        """Ping the server every :data:`PROBE_S` seconds (the baseline round trip)."""
        probe_id = PROBE_IDS
        await asyncio.sleep(self.rng.uniform(0.0, PROBE_S))
        while True:
            probe_id += 1
            self.probes[probe_id] = time.monotonic()
            self.send_soon({"type": "ping", "id": probe_id})
            await asyncio.sleep(PROBE_S)

    def _probed(self, probe_id: int, server_ms: float, at: float) -> None:
        sent = self.probes.pop(probe_id, None)
        if sent is not None and self.meter.counts(sent):
            self.meter.round_trips.append(at - sent)
            # The server's clock is time.monotonic, as this process's is: one clock
            # for the whole machine, so the halves hold.
            if sent <= server_ms / 1000.0 <= at:
                self.meter.ways_there.append(server_ms / 1000.0 - sent)
                self.meter.ways_back.append(at - server_ms / 1000.0)

    # -- playing like a person ----------------------------------------------------------
    def _on_update(self, update: dict[str, Any], key: tuple[int, int], at: float) -> None:
        self.latest, self.known = update, max(self.known, key)
        game = key[0]
        acting = update["acting"]
        if acting["kind"] == "over":
            if self.rematch_for != game:
                self.rematch_for = game
                self._cancel_plan()
                self._later(self.rng.uniform(*REMATCH_S), lambda: self.send_soon(
                    {"type": "rematch"}))
            return
        legal = update["legal"]
        if self.seat not in acting["seats"] or not legal:
            return
        window = update["window"]
        plan_key: tuple[Any, ...]
        if window is not None:
            # A person reacting to a race goes on reacting while others move: the plan
            # made when the window opened stands; after acting, they may act again once
            # the table has moved on.
            plan_key = ("window", game, window["id"])
            if self.plan is not None and self.plan_key == plan_key:
                return
            acted = self.acted_key
            if acted is not None and acted[:3] == plan_key and key[1] <= acted[3]:
                return
            delay = self.model.task(self.rng, 0, len(legal)) / 1000.0
        else:
            plan_key = ("turn", game, key[1])
            if plan_key in (self.plan_key, self.acted_key):
                return
            delay = self.rng.uniform(*TURN_S)
        self._cancel_plan()
        self.plan_key = plan_key
        self.plan = asyncio.get_running_loop().call_later(delay, self._act, plan_key, at)

    def _later(self, delay: float, callback: Callable[[], None]) -> None:
        self.plan_key = ("later",)
        self.plan = asyncio.get_running_loop().call_later(delay, callback)

    def _cancel_plan(self) -> None:
        if self.plan is not None:
            self.plan.cancel()
        self.plan, self.plan_key = None, None

    def _act(self, plan_key: tuple[Any, ...], shown: float) -> None:
        """The planned moment has come: act on the table as it is now, if the plan
        still fits it (the window is still open, it is still this turn)."""
        self.plan, self.plan_key = None, None
        update = self.latest
        if update is None:
            return
        if self.pending is not None:  # the last action's answer is on its way: a moment
            self.plan_key = plan_key
            self.plan = asyncio.get_running_loop().call_later(0.05, self._act, plan_key, shown)
            return
        game, step = update["game"], update["step"]
        acting, legal, window = update["acting"], update["legal"], update["window"]
        now_key = (("window", game, window["id"]) if window is not None
                   else ("turn", game, step))
        if now_key != plan_key or self.seat not in acting["seats"] or not legal:
            return
        message: dict[str, Any] = {"type": "act", "action": self.rng.choice(legal)}
        if window is not None:
            message["window"] = window["id"]
            message["reaction_ms"] = round((time.monotonic() - shown) * 1000.0, 1)
            self.acted_key = (*plan_key, step)
        else:
            self.acted_key = plan_key
        sent = time.monotonic()
        self.pending = Pending(sent, self.known)
        if self.meter.counts(sent):
            self.meter.sent += 1
        self.send_soon(message)
        self.send_soon(MARKER)

    def _resolve(self) -> None:
        pending = self.pending
        if pending is None:
            return
        self.pending = None
        if pending.refused and self.latest is not None:
            # Refused (the table had moved on): think again about the table as it is.
            self.acted_key = None
            self._on_update(self.latest, self.known, time.monotonic())
        meter = self.meter
        if not meter.counts(pending.sent):
            return
        if pending.refused:
            meter.refused += 1
        elif pending.result is None:
            meter.unresolved += 1
        else:
            meter.actions.append(Action(self.room, self, pending.sent, pending.result))
            game = self.room.table.game
            meter.per_game[game] = meter.per_game.get(game, 0) + 1


# -- figures -----------------------------------------------------------------------------
class Percentiles(TypedDict):
    """Latencies in ms (nearest-rank percentiles)."""

    count: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float


class Latencies(TypedDict):
    last_delivery: Percentiles
    actor: Percentiles
    every_delivery: Percentiles
    #: The last delivery, per game.
    last_delivery_per_game: dict[str, Percentiles]


class ActionCounts(TypedDict):
    sent: int
    timed: int
    refused: int
    unresolved: int
    per_s: float
    timed_per_game: dict[str, int]


class Connections(TypedDict):
    clients: int
    playing_rooms: int
    seats: int
    spectators: int
    dropped: int


class Memory(TypedDict):
    rss_baseline_bytes: int
    idle_rooms: int
    rss_idle_rooms_bytes: int
    per_idle_room_bytes: float
    rss_playing_bytes: int
    per_playing_room_bytes: float
    peak_rss_bytes: int


class Targets(TypedDict):
    p99_ms: float
    p99_met: bool
    idle_rss_bytes: int
    #: None with ``--url``: the idle rooms are not measured there.
    idle_rss_met: bool | None


class ProcessFigures(TypedDict):
    """One server process measured (``--pids``), over the measured seconds."""

    pid: int
    #: Its command name (``/proc/<pid>/comm``): ``python`` or ``haproxy``...
    name: str
    cpu_cores: float
    cpu_ms_per_action: float
    rss_playing_bytes: int
    #: The share of the measured seconds its main thread (a server's event loop) was
    #: ready to run and waited for a core, which other processes held: how loaded the
    #: machine was, as this process felt it (None where the kernel does not say).
    loop_waited_share: float | None


class ServerBenchReport(TypedDict):
    """``gamenight bench server --json``."""

    seconds: float
    #: The server measured: "started by the benchmark (...)" or "already running at URL".
    server: str
    database: str
    connections: Connections
    latency: Latencies
    actions: ActionCounts
    messages_per_s: float
    updates_per_s: float
    #: None where the server's processes are not known (``--url`` without ``--pids``).
    server_cpu_cores: float | None
    #: The server's CPU time per action taken (everything it did, pings included, over
    #: the actions sent): what one more person's move costs it.
    server_cpu_ms_per_action: float | None
    #: Each process measured, its share of the two figures above.
    server_processes: list[ProcessFigures]
    load_generator_cpu_cores: float
    load_generator_lag_p99_ms: float
    #: The same share for the load generator's loop.
    load_generator_waited_share: float | None
    #: The baseline: a ping's round trip through the server's loop (no game work).
    ping_round_trip: Percentiles
    #: Its two halves, where the clocks agree (Linux): the way to the server's answer
    #: (time spent waiting for the server's loop) and the way back (the server's writer,
    #: then this process's loop).
    ping_there: Percentiles
    ping_back: Percentiles
    #: The machine's load average (1 minute) when the measuring ended: on a 2-core
    #: machine, more than about 1.5 means something besides the benchmark was running.
    load_average: float
    #: None with ``--url``: the idle rooms' memory is measured only on a server the
    #: benchmark starts (an empty one).
    memory: Memory | None
    targets: Targets


def percentiles(values_s: list[float]) -> Percentiles:
    """The nearest-rank percentiles of ``values_s`` (seconds), in ms."""
    ordered = sorted(values_s)
    if not ordered:
        return {"count": 0, "p50_ms": 0.0, "p95_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}

    def rank(p: float) -> float:
        index = max(0, math.ceil(p / 100.0 * len(ordered)) - 1)
        return round(ordered[index] * 1000.0, 3)

    return {"count": len(ordered), "p50_ms": rank(50), "p95_ms": rank(95),
            "p99_ms": rank(99), "max_ms": round(ordered[-1] * 1000.0, 3)}


def latencies(actions: list[Action]) -> Latencies:
    """Each action's delivery to every connection of its room (see the module's
    docstring).  A connection that never got the update (it dropped) is left out."""
    last: dict[str, list[float]] = {game: [] for game in GAMES}
    actor: list[float] = []
    every: list[float] = []
    for action in actions:
        times = [client.receipts[action.update] - action.sent
                 for client in action.room.clients if action.update in client.receipts]
        mine = action.actor.receipts.get(action.update)
        if not times or mine is None or min(times) < 0:
            continue
        last[action.room.table.game].append(max(times))
        actor.append(mine - action.sent)
        every.extend(times)
    return {"last_delivery": percentiles([t for times in last.values() for t in times]),
            "actor": percentiles(actor), "every_delivery": percentiles(every),
            "last_delivery_per_game": {game: percentiles(times)
                                       for game, times in last.items()}}


# -- the run ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LoadFigures:
    meter: Meter
    seconds: float
    #: The CPU seconds each server process used over the measured seconds.
    server_cpu_s: dict[int, float]
    #: The seconds each one's main thread waited for a core (None: not known), and the
    #: load generator's (the key 0).
    waited_s: dict[int, float | None]
    own_cpu: float
    rss_playing: dict[int, int]
    #: Each server process's command name, read while it ran.
    names: dict[int, str]
    load_average: float
    connections: Connections


def quiet_collector() -> None:
    """Keep this process's garbage collector out of the figures: everything made so far
    (the connections) is set aside for good (``gc.freeze``), and young objects are
    collected less often, so that a collection here, which every latency would count,
    stays short and rare: as a process playing many games sets it (``gamenight.collecting``)."""
    collecting.for_many_games()


async def watch_lag(meter: Meter) -> None:
    """How late this process's loop wakes from a 10 ms sleep, while measuring."""
    while True:
        before = time.monotonic()
        await asyncio.sleep(0.01)
        if meter.counts(before):
            meter.lags.append(time.monotonic() - before - 0.01)


async def play(server: Target, tables: list[MadeRoom], clients: int, seconds: float,
               say: Progress) -> LoadFigures:
    """Connect ``clients`` connections to the rooms ``tables``, start their games over a
    warm-up, and measure ``seconds`` of play."""
    meter = Meter()
    rooms = [PlayRoom(t) for t in tables]
    everyone: list[Client] = []
    for index, room in enumerate(rooms):
        rng = random.Random(index)
        room.clients.append(Client(room, None, room.table.host_token, meter, rng))
        for seat, token in enumerate(room.table.seat_tokens):
            room.clients.append(Client(room, seat, token, meter,
                                       random.Random(f"{index} {seat}")))
        everyone.extend(room.clients)
    spectators = clients - len(everyone)
    for extra in range(spectators):
        room = rooms[extra % len(rooms)]
        room.clients.append(Client(room, None, None, meter, random.Random()))
        everyone.append(room.clients[-1])

    gate = asyncio.Semaphore(CONNECTS_AT_ONCE)

    async def open_one(client: Client) -> None:
        async with gate:
            await client.open(server.ws_url)

    lag = asyncio.create_task(watch_lag(meter))
    probes: list[asyncio.Task[None]] = []
    try:
        started = time.monotonic()
        await asyncio.gather(*(open_one(c) for c in everyone))
        probes = [asyncio.create_task(room.clients[0].probe()) for room in rooms[:PROBES]]
        quiet_collector()
        say(f"{len(everyone):,} connections open ({time.monotonic() - started:.0f} s); "
            "starting the games")
        warm_up = min(10.0, max(1.0, seconds / 4.0))
        for index, room in enumerate(rooms):
            host = room.clients[0]
            asyncio.get_running_loop().call_later(
                warm_up * index / len(rooms), host.send_soon, {"type": "start"})
        await asyncio.sleep(warm_up + 0.5)
        say(f"measuring {seconds:g} s of play in {len(rooms)} rooms")
        cpu0 = {pid: cpu_seconds(pid) for pid in server.pids}
        # Each server's main thread (its event loop), and this one's (the key 0).
        loops = {pid: (pid, pid) for pid in server.pids} | {
            0: (os.getpid(), threading.get_native_id())}
        waited0 = {key: waited_seconds(*thread) for key, thread in loops.items()}
        own0, wall0 = time.process_time(), time.monotonic()
        meter.start = wall0
        shown = wall0
        while (now := time.monotonic()) < wall0 + seconds:
            await asyncio.sleep(min(1.0, wall0 + seconds - now))
            if time.monotonic() - shown >= 15.0:
                shown = time.monotonic()
                say(f"  {shown - wall0:.0f} s: {len(meter.actions):,} actions timed, "
                    f"{meter.frames / (shown - wall0):,.0f} messages/s")
            if not server.alive():
                raise BenchError(f"the server died: {server.log_tail()}")
        meter.end = time.monotonic()
        cpu = {pid: cpu_seconds(pid) - before for pid, before in cpu0.items()}
        waited = {key: _since(waited_seconds(*loops[key]), before)
                  for key, before in waited0.items()}
        own = time.process_time() - own0
        wall = meter.end - wall0
        rss_playing = {pid: rss_bytes(pid) for pid in server.pids}
        names = {pid: process_name(pid) for pid in server.pids}
        load = load_average()
        # Let the answers to actions sent in time come back.
        await asyncio.sleep(SETTLE_S)
    finally:
        gc.unfreeze()
        gc.set_threshold(*THRESHOLDS)
        lag.cancel()
        for task in probes:
            task.cancel()
        meter.closing = True
        say("closing the connections")
        await asyncio.gather(*(c.close() for c in everyone))
    return LoadFigures(meter, wall, cpu, waited, own / wall, rss_playing, names, load, {
        "clients": len(everyone), "playing_rooms": len(rooms), "seats": SEATS * len(rooms),
        "spectators": len(everyone) - SEATS * len(rooms), "dropped": meter.dropped})


def run_server_bench(clients: int = DEFAULT_CLIENTS, rooms_idle: int = DEFAULT_ROOMS_IDLE,
                     seconds: float = DEFAULT_SECONDS, database: str | None = None,
                     progress: Progress | None = None, url: str | None = None,
                     pids: Sequence[int] = ()) -> ServerBenchReport:
    """Run the benchmark (see the module's docstring) and return its figures: of a server
    it starts, or (``url``) of a server or cluster already running, whose processes'
    ``pids`` give its CPU time (none: not known).  The idle rooms are measured only on
    a server the benchmark starts."""
    if clients < MIN_CLIENTS:
        raise BenchError(f"the benchmark needs at least {MIN_CLIENTS} clients (a room of "
                         f"each game: {SEATS} seats and a host), not {clients}")
    if rooms_idle < 1:
        raise BenchError(f"at least 1 idle room, not {rooms_idle}")
    if not (math.isfinite(seconds) and seconds > 0):
        raise BenchError(f"the measurement takes more than 0 seconds, not {seconds}")
    if url is None and pids:
        raise BenchError("the server's pids go with its url: without one the benchmark "
                         "measures the server it starts")
    if url is not None and database is not None:
        raise BenchError("a server already running has its own database: no database "
                         "with a url")
    say = progress or (lambda _: None)
    if url is not None:
        running = RunningServer(url, pids)
        running.check()
        say(f"benchmarking the server at {running.url} "
            + (f"(processes {', '.join(map(str, running.pids))})" if running.pids
               else "(no --pids: its CPU is not measured)"))
        say("idle rooms: skipped (measured only on a server the benchmark starts)")
        load, memory = _bench_playing(running, clients, seconds, say), None
        described, where = running.described, "not known (the running server's own)"
    else:
        with running_server(database) as server:
            say(f"server started (pid {server.pid}, port {server.port})")
            memory, load = _bench_idle_then_playing(server, clients, rooms_idle, seconds, say)
            described = server.described
        where = "sqlite (a temporary folder)" if database is None else "given"
    return _report(described, where, load, memory)


def _bench_idle_then_playing(server: ServerProcess, clients: int, rooms_idle: int,
                             seconds: float, say: Progress) -> tuple[Memory, LoadFigures]:
    """The idle rooms' memory, then the playing rooms, on a server the benchmark started."""
    _warn_if_held(server, say)
    # A room of each game first, so that what a game loads once (Fluster's
    # dictionary) is in the baseline, not in the figure per room.
    make_rooms(server.rest, len(GAMES), say, "a room of each game")
    rss_none = rss_bytes(server.pid)
    started = time.monotonic()
    make_rooms(server.rest, rooms_idle, say, "idle rooms")
    rss_idle = rss_bytes(server.pid)
    say(f"{rooms_idle:,} idle rooms made in {time.monotonic() - started:.0f} s: "
        f"server RSS {rss_idle / 2**20:,.0f} MiB")
    load = _bench_playing(server, clients, seconds, say, warned=True)
    peak = peak_rss_bytes(server.pid)
    rss_playing = load.rss_playing[server.pid]
    per_idle = (rss_idle - rss_none) / rooms_idle
    return {"rss_baseline_bytes": rss_none, "idle_rooms": rooms_idle,
            "rss_idle_rooms_bytes": rss_idle, "per_idle_room_bytes": round(per_idle, 1),
            "rss_playing_bytes": rss_playing,
            "per_playing_room_bytes": round(
                (rss_playing - rss_idle) / load.connections["playing_rooms"], 1),
            "peak_rss_bytes": peak}, load


def _warn_if_held(server: Target, say: Progress) -> None:
    held = server.rest.call("GET", "/api/health")["rooms"]
    if not held:
        return
    if isinstance(server, RunningServer):
        say(f"warning: the server holds {held} unfinished rooms already (the process that "
            "answered): rooms played meanwhile share its CPU")
    else:
        say(f"warning: the database held {held} unfinished rooms, which the server "
            "took up: use an empty database for clean figures")


def _bench_playing(server: Target, clients: int, seconds: float, say: Progress,
                   warned: bool = False) -> LoadFigures:
    if not warned:
        _warn_if_held(server, say)
    tables = make_rooms(server.rest, clients // PER_ROOM, say, "playing rooms")
    return asyncio.run(play(server, tables, clients, seconds, say))


def _since(now: float | None, before: float | None) -> float | None:
    return None if now is None or before is None else now - before


def _share(seconds: float | None, of: float) -> float | None:
    return None if seconds is None else round(seconds / of, 4)


def _report(server: str, database: str, load: LoadFigures,
            memory: Memory | None) -> ServerBenchReport:
    meter = load.meter
    figures = latencies(meter.actions)
    lags = percentiles(meter.lags)
    actions = max(1, meter.sent)
    processes: list[ProcessFigures] = [
        {"pid": pid, "name": load.names[pid], "cpu_cores": round(cpu / load.seconds, 4),
         "cpu_ms_per_action": round(1000.0 * cpu / actions, 3),
         "rss_playing_bytes": load.rss_playing[pid],
         "loop_waited_share": _share(load.waited_s[pid], load.seconds)}
        for pid, cpu in load.server_cpu_s.items()]
    cpu_s = sum(load.server_cpu_s.values()) if processes else None
    return {
        "seconds": round(load.seconds, 3),
        "server": server,
        "database": database,
        "connections": load.connections,
        "latency": figures,
        "actions": {"sent": meter.sent, "timed": len(meter.actions), "refused": meter.refused,
                    "unresolved": meter.unresolved,
                    "per_s": round(meter.sent / load.seconds, 3),
                    "timed_per_game": dict(sorted(meter.per_game.items()))},
        "messages_per_s": round(meter.frames / load.seconds, 3),
        "updates_per_s": round(meter.updates / load.seconds, 3),
        "server_cpu_cores": None if cpu_s is None else round(cpu_s / load.seconds, 4),
        "server_cpu_ms_per_action": None if cpu_s is None else round(
            1000.0 * cpu_s / actions, 3),
        "server_processes": processes,
        "load_generator_cpu_cores": round(load.own_cpu, 4),
        "load_generator_lag_p99_ms": lags["p99_ms"],
        "load_generator_waited_share": _share(load.waited_s[0], load.seconds),
        "ping_round_trip": percentiles(meter.round_trips),
        "ping_there": percentiles(meter.ways_there),
        "ping_back": percentiles(meter.ways_back),
        "load_average": round(load.load_average, 2),
        "memory": memory,
        "targets": {"p99_ms": TARGET_P99_MS,
                    "p99_met": 0 < figures["last_delivery"]["p99_ms"] < TARGET_P99_MS,
                    "idle_rss_bytes": TARGET_IDLE_RSS_BYTES,
                    "idle_rss_met": None if memory is None
                    else memory["rss_idle_rooms_bytes"] < TARGET_IDLE_RSS_BYTES},
    }


# -- the report ----------------------------------------------------------------------------
def _mib(value: float) -> str:
    return f"{value / 2**20:,.1f} MiB"


def _kib(value: float) -> str:
    return f"{value / 1024:,.1f} KiB"


def report_table(report: ServerBenchReport) -> Table:
    """The figures as one table (``gamenight bench server``)."""
    links = report["connections"]
    table = Table(title=f"gamenight bench server: {links['clients']:,} clients in "
                        f"{links['playing_rooms']:,} playing rooms, "
                        f"{report['seconds']:g} s measured on loopback"
                        + ("" if report["memory"] is not None else f", {report['server']}"))
    table.add_column("Figure", no_wrap=True)
    table.add_column("Value", justify="right", no_wrap=True)
    table.add_column("Note")
    latency = report["latency"]
    rows = (("last delivery", latency["last_delivery"],
             "send to the last connection of the room receiving its update"),
            ("actor", latency["actor"], "send to the acting client receiving its update"),
            ("every delivery", latency["every_delivery"],
             "send to each connection of the room receiving its update"))
    for name, figures, note in rows:
        for label, value in (("p50", figures["p50_ms"]), ("p95", figures["p95_ms"]),
                             ("p99", figures["p99_ms"])):
            table.add_row(f"latency {name} {label}", f"{value:,.2f} ms",
                          f"{note} ({figures['count']:,} timed)" if label == "p50" else "")
    for game, figures in latency["last_delivery_per_game"].items():
        table.add_row(f"  {game}", f"{figures['p99_ms']:,.2f} ms",
                      f"p99 last delivery (p50 {figures['p50_ms']:,.2f} ms, "
                      f"{figures['count']:,} timed)")
    ping = report["ping_round_trip"]
    table.add_row("ping round trip p50 / p99",
                  f"{ping['p50_ms']:,.2f} / {ping['p99_ms']:,.2f} ms",
                  f"baseline: a ping through the server and back, no game work "
                  f"({ping['count']:,} timed)")
    there, back = report["ping_there"], report["ping_back"]
    table.add_row("  the way there p50 / p99",
                  f"{there['p50_ms']:,.2f} / {there['p99_ms']:,.2f} ms",
                  "until the server's loop answered it (the server's clock)")
    table.add_row("  the way back p50 / p99",
                  f"{back['p50_ms']:,.2f} / {back['p99_ms']:,.2f} ms",
                  "from the server's answer until this process read it")
    targets = report["targets"]
    table.add_row("target: p99 last delivery", f"{targets['p99_ms']:g} ms",
                  "met" if targets["p99_met"] else "missed")
    actions = report["actions"]
    table.add_row("actions per second", f"{actions['per_s']:,.1f}",
                  f"{actions['sent']:,} sent, {actions['refused']:,} refused by the server, "
                  f"{actions['unresolved']:,} unresolved")
    table.add_row("messages delivered per second", f"{report['messages_per_s']:,.0f}",
                  f"{report['updates_per_s']:,.0f} of them updates")
    cores, per_action = report["server_cpu_cores"], report["server_cpu_ms_per_action"]
    if cores is None or per_action is None:
        table.add_row("server CPU", "unknown",
                      "not measured: give the server's processes (--pids) to measure it")
        table.add_row("server CPU per action", "unknown", "")
    else:
        table.add_row("server CPU", f"{cores:.2f} cores",
                      "CPU time over wall time, 1.00 = one core busy")
        table.add_row("server CPU per action", f"{per_action:,.2f} ms",
                      "all its work, pings included, over the actions sent")
    if len(report["server_processes"]) > 1:
        for process in report["server_processes"]:
            table.add_row(f"  {process['name']} {process['pid']}",
                          f"{process['cpu_ms_per_action']:,.2f} ms",
                          f"per action ({process['cpu_cores']:.2f} cores, "
                          f"RSS {_mib(process['rss_playing_bytes'])})")
    table.add_row("load generator CPU", f"{report['load_generator_cpu_cores']:.2f} cores",
                  f"its loop lag p99 {report['load_generator_lag_p99_ms']:,.1f} ms "
                  "(counted in every latency)")
    waits = [(f"server {p['pid']}" if len(report["server_processes"]) > 1 else "server",
              p["loop_waited_share"]) for p in report["server_processes"]
             if p["name"] != "haproxy"] + [("load generator",
                                            report["load_generator_waited_share"])]
    if all(share is not None for _, share in waits):
        table.add_row("loops waiting for a core", ", ".join(
            f"{share:.0%}" for _, share in waits), "share of the time each loop was ready "
                      "and another process had the core: " + ", ".join(w for w, _ in waits))
    table.add_row("machine load average", f"{report['load_average']:.2f}",
                  f"1 minute, at the end ({os.cpu_count() or '?'} cores; the benchmark "
                  "itself makes about 1)")
    memory = report["memory"]
    if memory is None:
        table.add_row("memory per idle room", "skipped",
                      "measured only on a server the benchmark starts (not with --url)")
        if report["server_processes"]:
            table.add_row("server RSS, playing", _mib(sum(
                p["rss_playing_bytes"] for p in report["server_processes"])),
                          "the processes given (--pids), together")
        table.add_row("connections dropped", f"{links['dropped']:,}",
                      f"{links['seats']:,} seats, {links['spectators']:,} watching")
        return table
    table.add_row("server RSS, baseline", _mib(memory["rss_baseline_bytes"]),
                  "started, one room of each game made")
    table.add_row(f"server RSS, {memory['idle_rooms']:,} idle rooms",
                  _mib(memory["rss_idle_rooms_bytes"]),
                  f"target under {_mib(targets['idle_rss_bytes'])}: "
                  + ("met" if targets["idle_rss_met"] else "missed"))
    table.add_row("memory per idle room", _kib(memory["per_idle_room_bytes"]),
                  "a lobby, every seat taken, no connection")
    table.add_row("server RSS, playing too", _mib(memory["rss_playing_bytes"]),
                  f"peak {_mib(memory['peak_rss_bytes'])}")
    table.add_row("memory per playing room", _kib(memory["per_playing_room_bytes"]),
                  f"a game on, with its {PER_ROOM}+ connections")
    table.add_row("connections dropped", f"{links['dropped']:,}",
                  f"{links['seats']:,} seats, {links['spectators']:,} watching")
    return table
