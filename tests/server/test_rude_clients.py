"""Rude clients (docs/security.md, "What one address may cost"): what one client, or one
address, can do to a server everyone else is playing on.  Each against a real
``gamenight serve`` process (``tests.server.live``), but the first, which watches the
app's threads in this process:

- heavy work (a record file replayed, a seat's redacted record, a game's frames) runs in
  a worker thread, one at a time, never on the event loop that plays every room, and
  its answer is kept;
- rooms made and heavy requests per address are rate limited (429, ``Retry-After``), and
  so are WebSockets open per address;
- a request that never arrives whole is answered 408 and closed; one address cannot hold
  every file the server may open, which raises its own limit at start;
- a failure is logged by its kind and place, never its message or a room's whole code;
  the API's documentation pages (which load scripts from a CDN) are off; the SQLite
  database is private to its owner; a request naming another host is refused;
- rooms nobody plays in are forgotten after a while, with their tokens, and their
  records kept;
- a connection that stops reading is closed once 2000 messages wait for it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gc
import json
import os
import random
import select
import socket
import sqlite3
import struct
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import connect
from websockets.sync.client import connect as sync_connect

from gamenight import record as record_module
from gamenight.cli import main as gamenight
from gamenight.record import Record, replay
from gamenight.server import app as app_module
from gamenight.server import replays
from gamenight.server.app import SEND_QUEUE_LIMIT, create_app
from gamenight.server.config import AddressLimits, Limits, Pauses, ServerConfig
from gamenight.signing import PUBLIC_KEY_FILE, read_verify_key
from tests.server.client import Message, Player, play_randomly
from tests.server.live import LiveServer, free_port, live_server

#: Another address of this machine, for a client that is not the others' address.
ELSEWHERE = "127.0.0.2"
SPECTATOR: Message = {"type": "join", "spectator": True}


# -- helpers ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record_files(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    """A few records of finished games (FLY, three bots), as files hold them."""
    folder = tmp_path_factory.mktemp("records")
    with contextlib.redirect_stdout(None):
        assert gamenight(["simulate", "fly", "-n", "2", "-p", "3", "--records",
                          str(folder), "-j", "1"]) == 0
    return [path.read_bytes() for path in sorted(folder.glob("*.json"))]


def variant(raw: bytes, n: int) -> bytes:
    """The same record file, written differently (``n`` spaces more): the server cannot
    tell it from a new one without reading it."""
    return raw + b" " * n


def post_replay(client: httpx.Client, url: str, raw: bytes) -> httpx.Response:
    return client.post(url, content=raw, headers={"content-type": "application/json"})


def from_elsewhere() -> httpx.Client:
    """An HTTP client whose requests come from :data:`ELSEWHERE`."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=ELSEWHERE), timeout=10.0)


async def ws_player(server: LiveServer, code: str, join: Message | None = None,
                    address: str = "127.0.0.1") -> Player:
    """A WebSocket to room ``code`` from ``address``."""
    ws = await connect(f"{server.ws_url}/ws/rooms/{code}", local_addr=(address, 0),
                       max_size=2**24)
    player = Player(ws)
    if join is not None:
        await player.send(join)
    return player


def new_room(server: LiveServer, players: int = 2, seats: list[str | None] | None = None,
             client: httpx.Client | None = None) -> httpx.Response:
    body = {"game": "by-golly", "players": players, "seats": seats or [None] * players}
    if client is None:
        return httpx.post(f"{server.url}/api/rooms", json=body, timeout=10.0)
    return client.post(f"{server.url}/api/rooms", json=body)


def raw_socket(server: LiveServer, address: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=10.0,
                                    source_address=(address, 0))


def closed_within(sock: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Whether the server closes ``sock`` within ``seconds`` (reading what it sends on
    the way), and what it sent."""
    got = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([sock], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        try:
            data = sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            return True, got
        if not data:
            return True, got
        got += data
    return False, got


# -- 1. heavy work: off the loop, one at a time, kept --------------------------------------------
@contextlib.contextmanager
def serving_in_a_thread(app: Any) -> Iterator[tuple[str, int]]:
    """``app`` under uvicorn in a thread of this process (so that a test can watch its
    threads): its URL, and the thread that runs its event loop."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, name="rude-clients-server", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30.0
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "it did not start"
            time.sleep(0.02)
        assert thread.ident is not None
        yield f"http://127.0.0.1:{port}", thread.ident
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        gc.unfreeze()  # the server froze this process's objects at its start


def test_heavy_work_runs_in_a_worker_thread_one_at_a_time_and_is_kept(
        tmp_path: Path, record_files: list[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """(In this process, under uvicorn in a thread, to watch the threads.)  Eight clients
    sending record files at once made every room's loop wait behind
    their replays (p99 of a ping's round trip 218-362 ms, measured): the file must be read
    and replayed in a worker thread, by one worker at a time (Python runs one thread at a
    time: each more thread working is one more the loop waits behind), and a finished
    game's redacted record and frames, and a file sent again, answered from what the
    server kept."""
    config = ServerConfig(database=f"sqlite:///{tmp_path / 'rooms.db'}", key_dir=tmp_path,
                          pauses=Pauses.none(),
                          limits=Limits(messages_per_s=10_000.0, burst=20_000),
                          per_address=AddressLimits(heavy_per_minute=0.0))
    threads: dict[str, list[int]] = {"loads": [], "replay": [], "redact": []}
    working, most = 0, 0
    lock = threading.Lock()

    def watched(name: str, real: Any, pause: float = 0.0) -> Any:
        def run(*args: Any) -> Any:
            nonlocal working, most
            with lock:
                threads[name].append(threading.get_ident())
                working += 1
                most = max(most, working)
            try:
                time.sleep(pause)  # long enough for the others to pile up
                return real(*args)
            finally:
                with lock:
                    working -= 1
        return run

    monkeypatch.setattr(app_module, "loads", watched("loads", record_module.loads))
    monkeypatch.setattr(app_module, "redact", watched("redact", record_module.redact))
    monkeypatch.setattr(replays, "replay_frames",
                        watched("replay", replays.replay_frames, pause=0.05))

    with serving_in_a_thread(create_app(config)) as (url, loop), \
            httpx.Client(base_url=url, timeout=30.0) as client:
        files = [variant(record_files[0], n) for n in range(8)]
        answers: list[int] = []

        def send(raw: bytes) -> None:
            answers.append(post_replay(client, "/api/replays", raw).status_code)

        senders = [threading.Thread(target=send, args=(raw,)) for raw in files]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        assert answers == [200] * 8
        assert len(threads["loads"]) == 8 and len(threads["replay"]) == 8
        assert loop not in threads["loads"], "a record file was read on the event loop"
        assert loop not in threads["replay"], "a record file was replayed on the event loop"
        assert most == 1, f"{most} heavy jobs ran at once"

        # The same file again, through the same eyes: answered from what the server kept.
        assert post_replay(client, "/api/replays", files[3]).status_code == 200
        assert len(threads["replay"]) == 8
        for _ in range(2):
            assert post_replay(client, "/api/replays?seat=1", files[3]).status_code == 200
        assert len(threads["replay"]) == 9

        # A finished game of a room: its redacted record and frames, worked out once.
        made = client.post("/api/rooms", json={"game": "fly", "players": 2,
                                               "seats": ["random", "random"]}).json()
        code = made["code"]
        with sync_connect(f"{url.replace('http', 'ws')}/ws/rooms/{code}") as ws:
            ws.send(json.dumps({"type": "join", "token": made["host_token"]}))
            ws.send(json.dumps({"type": "start"}))
            while True:
                message = json.loads(ws.recv(timeout=30.0))
                if message["type"] == "update" and message["acting"]["kind"] == "over":
                    break
        record_url = f"/api/rooms/{code}/games/1/record"
        whole = client.get(record_url).json()
        first = client.get(f"{record_url}?seat=0")
        second = client.get(f"{record_url}?seat=0")
        assert first.status_code == second.status_code == 200
        assert first.json() == second.json() and first.json()["seat"] == 0
        assert whole["format"] == "gamenight-record"
        assert len(threads["redact"]) == 1, "a seat's record was redacted twice"
        assert loop not in threads["redact"]
        frames = [client.get(f"/api/rooms/{code}/games/1/frames?seat=1") for _ in range(2)]
        assert [f.status_code for f in frames] == [200, 200]
        assert len(threads["replay"]) == 10


# -- 2. limits per address ------------------------------------------------------------------------
def test_an_address_makes_rooms_and_has_records_replayed_at_its_own_rate(
        tmp_path: Path, record_files: list[bytes]) -> None:
    with live_server(tmp_path, None, "--room-rate", "3", "--heavy-rate", "2") as server:
        # Three a minute, in bursts of six: the seventh is refused, with when to come back.
        for _ in range(6):
            assert new_room(server).status_code == 201
        refused = new_room(server)
        assert refused.status_code == 429, refused.text
        assert 1 <= int(refused.headers["retry-after"]) <= 20
        assert "too many rooms" in refused.json()["detail"]
        # A tutorial's room is a room made too.
        lesson = server.get("/api/games/fly/lessons")[0]["name"]
        refused = httpx.post(f"{server.url}/api/games/fly/lessons/{lesson}/rooms",
                             json={"name": "ann"}, timeout=10.0)
        assert refused.status_code == 429, refused.text
        # Another address has its own.
        with from_elsewhere() as other:
            assert new_room(server, client=other).status_code == 201

        # Heavy requests: two a minute, bursts of four.  A file it has worked out
        # already costs nothing.
        url = f"{server.url}/api/replays"
        with httpx.Client(timeout=30.0) as client:
            for n in range(4):
                assert post_replay(client, url, variant(record_files[1], n)).status_code == 200
            over = post_replay(client, url, variant(record_files[1], 99))
            assert over.status_code == 429 and int(over.headers["retry-after"]) >= 1
            assert post_replay(client, url, variant(record_files[1], 2)).status_code == 200
        with from_elsewhere() as other:
            assert post_replay(other, url, variant(record_files[1], 98)).status_code == 200
        assert server.get("/api/health")["status"] == "ok"


def test_behind_a_trusted_proxy_each_address_it_passes_on_has_its_own_share(
        tmp_path: Path) -> None:
    with live_server(tmp_path, None, "--room-rate", "1", "--trust-proxy", "127.0.0.1",
                     "--max-connections", "2") as server:
        def made(forwarded: str) -> int:
            return httpx.post(f"{server.url}/api/rooms", headers={"X-Forwarded-For": forwarded},
                              json={"game": "fly", "players": 2, "seats": [None, None]},
                              timeout=10.0).status_code

        assert [made("10.0.0.1") for _ in range(3)] == [201, 201, 429]
        assert made("10.0.0.2") == 201
        # The proxy's own connections are not capped (it carries everyone's).
        socks = [raw_socket(server) for _ in range(5)]
        try:
            assert not any(closed_within(sock, 0.3)[0] for sock in socks)
        finally:
            for sock in socks:
                sock.close()
    # A proxy not named is not believed: all its clients are one address.
    (tmp_path / "untrusted").mkdir()
    with live_server(tmp_path / "untrusted", None, "--room-rate", "1") as server:
        answers = [httpx.post(f"{server.url}/api/rooms",
                              headers={"X-Forwarded-For": f"10.0.0.{n}"},
                              json={"game": "fly", "players": 2, "seats": [None, None]},
                              timeout=10.0).status_code for n in range(3)]
        assert answers == [201, 201, 429]


async def test_an_address_holds_only_so_many_websockets(
        tmp_path: Path, players: list[Player]) -> None:
    with live_server(tmp_path, None, "--max-websockets", "3") as server:
        code = new_room(server).json()["code"]
        for _ in range(3):
            players.append(await ws_player(server, code, SPECTATOR))
            await players[-1].wait_for(lambda m: m["type"] == "welcome")
        fourth = await ws_player(server, code)  # refused before it could even join
        players.append(fourth)
        error = await fourth.wait_for(lambda m: m["type"] == "error")
        assert error["code"] == "not-allowed" and "too many" in error["message"]
        with pytest.raises(ConnectionError):
            await fourth.wait_for(lambda m: False)
        assert fourth.ws.close_code == 1008
        # Another address is let in; and once one closes, this one may open another.
        players.append(await ws_player(server, code, SPECTATOR, address=ELSEWHERE))
        await players[-1].wait_for(lambda m: m["type"] == "welcome")
        await players[0].close()
        for _ in range(50):
            again = await ws_player(server, code, SPECTATOR)
            players.append(again)
            found = await again.wait_for(lambda m: m["type"] in ("welcome", "error"))
            if found["type"] == "welcome":
                break
            await asyncio.sleep(0.1)  # the server has not seen the close yet
        else:
            raise AssertionError("a WebSocket was refused after one of the three closed")


# -- 3. half-open requests, and the file limit --------------------------------------------------
def test_a_request_that_never_arrives_whole_is_answered_408_and_closed(
        tmp_path: Path) -> None:
    with live_server(tmp_path, None, "--request-timeout", "1") as server:
        host = f"Host: 127.0.0.1:{server.port}\r\n".encode()
        silent = raw_socket(server)
        half_headers = raw_socket(server)
        half_headers.sendall(b"GET /api/health HTTP/1.1\r\n" + host)
        half_body = raw_socket(server)
        half_body.sendall(b"POST /api/rooms HTTP/1.1\r\n" + host +
                          b"content-type: application/json\r\ncontent-length: 100\r\n\r\n{")
        started = time.monotonic()
        for sock in (silent, half_headers, half_body):
            closed, got = closed_within(sock, 8.0)
            assert closed, "a half-sent request held its connection"
            assert got.startswith(b"HTTP/1.1 408"), got[:80]
            sock.close()
        assert time.monotonic() - started < 8.0

        # A whole request is answered however long the app takes, and a kept-alive
        # connection waits for its next request (uvicorn's keep-alive timeout, 5 s).
        with raw_socket(server) as kept:
            for _ in range(2):
                kept.sendall(b"GET /api/health HTTP/1.1\r\n" + host + b"\r\n")
                answer = b""
                while b'"status":"ok"' not in answer:
                    answer += kept.recv(65536)
                assert answer.startswith(b"HTTP/1.1 200"), answer[:80]
                time.sleep(1.5)
        assert server.get("/api/health")["status"] == "ok"


async def test_a_websocket_is_not_timed_out_as_a_request(
        tmp_path: Path, players: list[Player]) -> None:
    with live_server(tmp_path, None, "--request-timeout", "1") as server:
        code = new_room(server).json()["code"]
        watcher = await ws_player(server, code, SPECTATOR)
        players.append(watcher)
        await watcher.wait_for(lambda m: m["type"] == "welcome")
        await asyncio.sleep(2.5)
        mark = len(watcher.messages)
        await watcher.send({"type": "ping", "id": 7})
        await watcher.wait_for(lambda m: m["type"] == "pong" and m["id"] == 7, after=mark)


def open_files(pid: int) -> tuple[int, int]:
    """The soft and hard limits on open files of process ``pid``."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return int(soft), int(hard)
    raise AssertionError("no open file limit in /proc")


@pytest.mark.skipif(not Path("/proc/self/limits").exists(), reason="needs Linux's /proc")
async def test_one_address_holding_half_sent_requests_locks_nobody_out(
        tmp_path: Path, players: list[Player]) -> None:
    """A server started at a soft limit of 256 open files, and an address that opens 300
    connections and sends half a request on each: the server raised its own limit at
    start, closed every connection of that address past its cap at once, and the rest
    when their requests took too long; meanwhile everyone else makes rooms and plays."""
    hard = open_files(os.getpid())[1]
    server = LiveServer(tmp_path, open_files=256,
                        extra=("--max-connections", "50", "--request-timeout", "4")).start()
    held: list[socket.socket] = []
    try:
        assert server.process is not None
        assert open_files(server.process.pid) == (hard, hard)
        cut = 0  # connections closed by the server (some before the client was done)
        for _ in range(300):
            try:
                sock = raw_socket(server, ELSEWHERE)
            except ConnectionResetError:
                cut += 1
                continue
            held.append(sock)
            with contextlib.suppress(ConnectionResetError, BrokenPipeError):  # closed: below
                sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        await asyncio.sleep(0.5)

        # Everyone else: a room, a seat, and its game joined over the WebSocket.
        made = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                          "seats": [None, "random"], "name": "ann"})
        ann = await ws_player(server, made["code"], {"type": "join",
                                                     "token": made["host_token"]})
        players.append(ann)
        welcome = await ann.wait_for(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0

        open_ones = list(held)

        def closed_now() -> int:
            ready, _, _ = select.select(open_ones, [], [], 0.2)
            closed = [sock for sock in ready if closed_within(sock, 0.1)[0]]
            for sock in closed:
                open_ones.remove(sock)
            return len(closed)

        cut += closed_now()
        assert cut >= 250, f"only {cut} of 300 connections over the cap of 50 were closed"
        deadline = time.monotonic() + 15.0
        while cut < 300 and time.monotonic() < deadline:
            cut += closed_now()
        assert cut == 300, "a half-sent request held its connection past its time"
    finally:
        for sock in held:
            sock.close()
        server.stop()


# -- 4. smaller: the log, the docs pages, the database's mode, the Host -----------------------
#: A server with a bug planted where a room answers: its message quotes a secret and the
#: room's whole code.
PLANTED = textwrap.dedent("""
    import sys
    from gamenight.server import room

    def info(self):
        raise ValueError(f"the rooster is in room {self.code}")

    def leave(self, client):
        raise KeyError(f"the rooster left room {self.code}")

    room.Room.info = info
    room.Room.leave = leave
    from gamenight.cli import main
    sys.exit(main(sys.argv[1:]))
""")


async def test_a_failure_is_logged_by_its_kind_and_place_without_its_message_or_code(
        tmp_path: Path) -> None:
    server = LiveServer(tmp_path, launcher=("-c", PLANTED)).start()
    try:
        code = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                          "seats": [None, None]})["code"]
        answer = httpx.get(f"{server.url}/api/rooms/{code}", timeout=10.0)
        assert answer.status_code == 500
        assert "rooster" not in answer.text and code not in answer.text
        watcher = await ws_player(server, code, SPECTATOR)
        await watcher.wait_for(lambda m: m["type"] == "error")  # its join failed: info
        await watcher.close()  # and its leaving fails, outside any message
        for _ in range(100):
            if server.log().count("KeyError") >= 1:
                break
            await asyncio.sleep(0.05)
    finally:
        server.stop()
    log = server.log()
    assert "a request to /api/rooms/" in log and "ValueError at" in log
    assert "a WebSocket to /ws/rooms/" in log and "KeyError at" in log
    assert f"{code[:4]}..." in log
    assert "rooster" not in log and code not in log and "Traceback" not in log


def test_the_api_docs_pages_are_served_only_when_asked(tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    (tmp_path / "docs").mkdir()
    with live_server(tmp_path / "plain", None) as server:
        for page in ("/docs", "/redoc"):
            assert httpx.get(f"{server.url}{page}", timeout=10.0).status_code == 404
        assert server.get("/openapi.json")["info"]["title"] == "gamenight"
    with live_server(tmp_path / "docs", None, "--api-docs") as server:
        for page in ("/docs", "/redoc"):
            assert httpx.get(f"{server.url}{page}", timeout=10.0).status_code == 200


def test_the_database_and_its_folder_are_the_servers_alone(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    before = os.umask(0o022)  # what most people have: files readable by all
    try:
        with live_server(tmp_path, None, "--data-dir", str(folder)) as server:
            new_room(server)
            files = sorted(folder.glob("server.db*"))
            assert [f.name for f in files][:1] == ["server.db"] and len(files) >= 2
            modes = {path.name: path.stat().st_mode & 0o777 for path in files}
            assert set(modes.values()) == {0o600}, {k: oct(v) for k, v in modes.items()}
            assert folder.stat().st_mode & 0o777 == 0o700
            assert (folder / "record-signing.key").stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(before)


async def test_a_request_that_names_another_host_is_refused(tmp_path: Path) -> None:
    with live_server(tmp_path, None, "--public-url", "https://games.example/",
                     "--allowed-host", "Party.Example") as server:
        port = server.port

        def status(host: str) -> int:
            return httpx.get(f"{server.url}/api/health", headers={"Host": host},
                             timeout=10.0).status_code

        for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example",
                     f"localhost.evil.example:{port}", "games.example.evil"):
            assert status(host) == 400, host
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST", f"[::1]:{port}",
                     "games.example", "party.example:443", "party.example.",
                     "app.localhost", "10.1.2.3:8000"):
            assert status(host) == 200, host
        refused = httpx.get(f"{server.url}/", headers={"Host": "evil.example"}, timeout=10.0)
        assert refused.status_code == 400 and "not reached by that name" in refused.text

        code = new_room(server).json()["code"]
        with raw_socket(server) as sock:
            answer = handshake(sock, f"/ws/rooms/{code}", "evil.example")
        assert answer.startswith(b"HTTP/1.1 403"), answer
        fine = await ws_player(server, code, SPECTATOR)
        await fine.wait_for(lambda m: m["type"] == "welcome")
        await fine.close()


# -- 4. rooms nobody plays in are forgotten, their records kept -----------------------------------
async def test_rooms_nobody_plays_in_are_forgotten_with_their_tokens_and_records_kept(
        tmp_path: Path, players: list[Player]) -> None:
    keep_s = 4.0
    with live_server(tmp_path, None, "--keep-finished-days", str(keep_s / 86400),
                     "--grace", "600") as server:
        # A game played to its end; a lobby with a seat taken; a game still in play.
        done = server.post("/api/rooms", {"game": "fly", "players": 2,
                                          "seats": [None, "random"], "name": "ann"})
        ann = await ws_player(server, done["code"], {"type": "join",
                                                     "token": done["host_token"]})
        await ann.wait_for(lambda m: m["type"] == "welcome")
        await ann.send({"type": "start"})
        await play_randomly(ann, 0, random.Random(3))
        await ann.close()
        lobby = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                           "seats": [None, None], "name": "bo"})
        playing = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                             "seats": [None, "random"], "name": "cy"})
        cy = await ws_player(server, playing["code"], {"type": "join",
                                                       "token": playing["host_token"]})
        players.append(cy)
        await cy.wait_for(lambda m: m["type"] == "welcome")
        await cy.send({"type": "start"})
        await cy.wait_for(lambda m: m["type"] == "update")

        gone = [done["code"], lobby["code"]]
        deadline = time.monotonic() + keep_s + 10.0
        while time.monotonic() < deadline:
            if all(httpx.get(f"{server.url}/api/rooms/{code}", timeout=10.0).status_code
                   == 404 for code in gone):
                break
            await asyncio.sleep(0.25)
        else:
            raise AssertionError("rooms nobody plays in were never forgotten")

        # Nobody can open them again, by the invite link or over the WebSocket.
        assert httpx.get(f"{server.url}/r/{done['code']}", timeout=10.0).status_code == 404
        again = await ws_player(server, done["code"])  # refused before it can even join
        players.append(again)
        refusal = await again.wait_for(lambda m: m["type"] == "error")
        assert refusal["message"] == "no such room"
        # The finished game's record is kept, and still verifies.
        record = server.get(f"/api/rooms/{done['code']}/games/1/record")
        assert replay(Record.from_json(record),
                      key=read_verify_key(server.folder / PUBLIC_KEY_FILE)).is_over
        # No token's hash of theirs is left in the database, nor any of their seats.
        with sqlite3.connect(f"file:{server.folder / 'server.db'}?mode=ro", uri=True) as db:
            for code in gone:
                assert not db.execute("SELECT * FROM players WHERE room_code = ?",
                                      (code,)).fetchall()
                assert not db.execute("SELECT * FROM seats WHERE room_code = ?",
                                      (code,)).fetchall()
                assert not db.execute("SELECT * FROM steps WHERE room_code = ?",
                                      (code,)).fetchall()
            hosts = db.execute("SELECT code, host_token_hash FROM rooms").fetchall()
        assert dict(hosts)[done["code"]] == "" and lobby["code"] not in dict(hosts)
        # The game in play goes on, its room and seats as they were.
        assert server.get(f"/api/rooms/{playing['code']}")["status"] == "playing"
        assert dict(hosts)[playing["code"]] != ""
        assert "rooms made over" in server.log()


# -- 5. a connection that stops reading -----------------------------------------------------------
def ws_frame(text: str) -> bytes:
    """``text`` as a client's WebSocket frame (final, text, masked)."""
    payload = text.encode()
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81])
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 65536:
        head += bytes([0x80 | 126]) + struct.pack("!H", size)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", size)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def handshake(sock: socket.socket, path: str, host: str) -> bytes:
    """Ask for a WebSocket at ``path`` naming ``host`` over ``sock``: the answer's head."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        byte = sock.recv(1)
        if not byte:
            break
        answer += byte
    return answer


def stops_reading(server: LiveServer, code: str) -> socket.socket:
    """A WebSocket to room ``code`` (a spectator) whose client reads nothing after the
    handshake, with a small receive window so that the server's buffers fill soon."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10.0)
    sock.connect(("127.0.0.1", server.port))
    answer = handshake(sock, f"/ws/rooms/{code}", f"127.0.0.1:{server.port}")
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.sendall(ws_frame(json.dumps(SPECTATOR)))
    return sock


async def test_a_connection_that_stops_reading_is_closed_once_2000_messages_wait(
        tmp_path: Path, players: list[Player]) -> None:
    with live_server(tmp_path, None) as server:
        code = new_room(server).json()["code"]
        watcher = await ws_player(server, code, SPECTATOR)
        players.append(watcher)
        await watcher.wait_for(lambda m: m["type"] == "welcome")
        sock = stops_reading(server, code)
        await watcher.wait_for(lambda m: m["type"] == "room" and m["room"]["spectators"] == 2)
        # Each ping is answered with a pong it does not read: far more than fit in the
        # sockets' buffers and the limit together.
        pings = b"".join(ws_frame(json.dumps({"type": "ping", "id": n}))
                         for n in range(3 * SEND_QUEUE_LIMIT + 6000))
        with contextlib.suppress(OSError):
            sock.sendall(pings)
        line = "a connection too slow to keep up is closed"
        for _ in range(200):
            if line in server.log():
                break
            await asyncio.sleep(0.05)
        # It was closed at once: what it had not read is dropped, and the room lets it
        # go (the other spectator is told).
        closed, _ = await asyncio.to_thread(closed_within, sock, 5.0)
        sock.close()
        assert closed, "a connection that stopped reading was never closed"
        await watcher.wait_for(lambda m: m["type"] == "room" and m["room"]["spectators"] == 1)
        assert server.log().count(line) == 1
        # The room goes on for everyone else.
        mark = len(watcher.messages)
        await watcher.send({"type": "ping", "id": 1})
        await watcher.wait_for(lambda m: m["type"] == "pong" and m["id"] == 1, after=mark)
