"""Several ``gamenight serve`` processes on one database (issue 39): each room is played by
the one process holding its lease, and a process that lost its lease never writes again.

Real processes (``tests.server.cluster``), on a real SQLite file and a real PostgreSQL:

* A holds a room and stalls (SIGSTOP) past its lease: B, asked for the room while A's
  lease runs, refuses (1013) and asks A to hand it over; once the lease has run out B
  claims the room and replays it from the store.  A, woken, takes the action its person
  sent meanwhile, and its write is refused (A's epoch is gone): A closes its
  connections (1012), nothing of A's is written, and the game plays to its end on B,
  every update anyone was sent, by either process, in the signed record.
* A room asked of B while A holds it and plays on is handed over: A (told at once by
  PostgreSQL's NOTIFY; on SQLite it finds the request when it renews its leases)
  commits what it has, gives its lease up and closes its connections; they join B.
* A room of bots that nobody asks for, whose process is killed, is swept up by another.
* Three processes behind HAProxy, with the configuration the package ships
  (``docs/haproxy.cfg``): every request of a room reaches the one process that claimed
  it.  Without HAProxy these tests fail, saying how to install it.

``test_failover.py`` kills one of three processes behind HAProxy in the middle of races.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool
from websockets.exceptions import ConnectionClosed

from gamenight.record import Record, replay
from gamenight.server.store import sqlalchemy_url
from gamenight.signing import read_verify_key
from tests.server.client import Message, Player, over, play_randomly
from tests.server.cluster import (
    PATIENT_CHECKS,
    SHIPPED_CONFIG,
    HAProxyUnavailableError,
    Proxy,
    check_told,
    cluster,
    haproxy,
    join_where_it_is,
    key_file,
    proxy_config,
    stall,
    wake,
)
from tests.server.live import LiveServer
from tests.server.postgres import PostgresServer

#: The lease of the tests where one runs out (a process stalled or killed): short, so they
#: wait little, but long enough that a process only starved of CPU on a busy machine (the
#: whole suite beside it) renews in time; a sweep takes a room up two leases after its
#: last renewal.
LEASE_S = 3.0
#: The lease of the tests where none may run out: no process stalls in them.
LONG_LEASE_S = 10.0
#: The hand-over's lease: long enough not to run out, short enough that on SQLite the
#: owner finds the request soon (when it renews, every third of the lease).
HAND_OVER_LEASE_S = 6.0
FLY = {"game": "fly", "players": 2, "seats": [None, "aimer:quick"],
       "options": {"max_drops": 12}}


def owner_and_steps(url: str, code: str) -> tuple[str | None, int, int]:
    """The room's owner and epoch, and how many steps its game has stored (read by the
    test itself)."""
    engine = create_engine(sqlalchemy_url(url))
    try:
        with engine.connect() as connection:
            owner, epoch = connection.execute(
                text("SELECT owner, epoch FROM rooms WHERE code = :code"), {"code": code}).one()
            steps = connection.execute(
                text("SELECT count(*) FROM steps WHERE room_code = :code"),
                {"code": code}).scalar_one()
    finally:
        engine.dispose()
    return owner, int(epoch), int(steps)


def lease_left(url: str, code: str) -> float:
    """Seconds the room's lease runs still, by the database's clock (the one leases are
    read by): below zero once it has run out."""
    now = ("extract(epoch from clock_timestamp())" if url.startswith("postgresql")
           else "(julianday('now') - 2440587.5) * 86400.0")
    engine = create_engine(sqlalchemy_url(url), poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return float(connection.execute(
                text(f"SELECT lease_until - {now} FROM rooms WHERE code = :code"),
                {"code": code}).scalar_one())
    finally:
        engine.dispose()


async def until(found: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Wait (polling) until ``found()``; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while not found():
        assert time.monotonic() < deadline, f"{what} within {timeout:g} s"
        await asyncio.sleep(0.02)


async def just_renewed(url: str, code: str) -> None:
    """Wait until the room's lease is renewed: then it runs for a whole lease."""
    last = [lease_left(url, code)]

    def grown() -> bool:
        left = lease_left(url, code)
        grew, last[0] = left > last[0] + 0.05, left
        return grew
    await until(grown, f"room {code[:4]}'s lease was not renewed")


async def refused_for_now(server: LiveServer, code: str, token: str) -> None:
    """Asked for the room while another process holds it: 1013, and an ``unavailable``
    error saying it is being handed over."""
    player = await Player.connect(server.ws_url, code)
    try:
        with contextlib.suppress(ConnectionClosed):  # refused before it is read
            await player.send({"type": "join", "token": token})
        error = await player.wait_for(lambda m: m["type"] == "error")
        assert error["code"] == "unavailable", error
        assert await closed(player) == 1013
    finally:
        await player.close()


async def closed(player: Player) -> int | None:
    """Wait for the server to close ``player``'s connection; its close code."""
    with contextlib.suppress(ConnectionError):
        await player.wait_for(lambda _: False, timeout=20.0)
    return player.ws.close_code


def person_turn(m: Message) -> bool:
    return m["type"] == "update" and m["acting"]["seats"] == [0] and bool(m["legal"])


# Slow (.ci/run runs it): a lease must run out while A is stalled (3 s, twice, SQLite and
# PostgreSQL, 8-10 s each); test_leases.py checks the same refusals in the store itself.
@pytest.mark.slow
async def test_a_stalled_process_loses_its_room_and_never_writes_to_it_again(
        tmp_path: Path, database_url: str) -> None:
    with cluster(tmp_path, database_url, size=2, lease_s=LEASE_S) as running:
        a, b = running.servers
        made = a.post("/api/rooms", FLY)
        code = made["code"]
        assert owner_and_steps(database_url, code)[0] is None, "a room made is held by none"
        token = a.post(f"/api/rooms/{code}/seats", {"name": "ann", "seat": 0})["token"]
        ann_a = await Player.connect(a.ws_url, code, {"type": "join", "token": token})
        host_a = await Player.connect(a.ws_url, code,
                                      {"type": "join", "token": made["host_token"]})
        lives = [ann_a]
        try:
            await host_a.wait_for(lambda m: m["type"] == "welcome")
            await host_a.send({"type": "start"})
            turn = await ann_a.wait_for(person_turn)
            await ann_a.send({"type": "act", "action": turn["legal"][0]})
            turn = await ann_a.wait_for(lambda m: person_turn(m) and m["step"] > turn["step"])
            owner, epoch, stored = owner_and_steps(database_url, code)
            assert owner == "a" and stored == turn["step"]

            # Stalled just after it renewed: B is asked while A's lease surely runs,
            # however late A's renewals were on a busy machine.
            await just_renewed(database_url, code)
            stall(a)
            await refused_for_now(b, code, token)  # A's lease runs still
            # Ann's move, sent to A while it is stalled: A will take it when it wakes.
            await ann_a.send({"type": "act", "action": turn["legal"][0]})
            await until(lambda: lease_left(database_url, code) < 0, "A's lease never ran out")
            ann_b = await join_where_it_is(b.ws_url, code, {"type": "join", "token": token})
            lives.append(ann_b)
            back = await ann_b.wait_for(lambda m: m["type"] == "update")
            assert back["fresh"] and back["step"] == turn["step"], "B replayed the store"
            assert owner_and_steps(database_url, code) == ("b", epoch + 1, stored)

            wake(a)
            assert await closed(ann_a) == 1012, "A closes its connections: join again"
            assert await closed(host_a) == 1012
            assert owner_and_steps(database_url, code) == ("b", epoch + 1, stored), (
                "A wrote nothing once B held the room")
            assert "is played by another process now" in a.log()

            last = await play_randomly(ann_b, 0, random.Random("b"), timeout=60.0)
            assert over(last)
            record = Record.from_json(b.get(f"/api/rooms/{code}/games/1/record"))
            check_told("fly", 0, lives, record, key_file(tmp_path))
            assert not any(u["step"] > turn["step"] for u in ann_a.updates()), (
                "A told of no move after it stalled")
        finally:
            for player in (*lives, host_a):
                await player.close()


# Slow (.ci/run runs it): two processes and a game played to its end, twice (4-6 s each);
# test_leases.py checks requests and releases in the store.
@pytest.mark.slow
async def test_a_room_asked_of_another_process_is_handed_over(
        tmp_path: Path, database_url: str) -> None:
    """No process stalls: B is asked for a room A plays (as when the proxy's hash sends
    it elsewhere, a process being added).  B refuses for a moment and asks A, which
    hands the room over: its commits made and told, its lease given up, its connections
    closed (1012).  Ann joins B, where the game goes on from the store to its end.
    No lease runs out here: a long one (on SQLite A finds the request when it renews,
    every third of it)."""
    with cluster(tmp_path, database_url, size=2, lease_s=HAND_OVER_LEASE_S) as running:
        a, b = running.servers
        made = a.post("/api/rooms", FLY)
        code = made["code"]
        token = a.post(f"/api/rooms/{code}/seats", {"name": "ann", "seat": 0})["token"]
        ann_a = await Player.connect(a.ws_url, code, {"type": "join", "token": token})
        host_a = await Player.connect(a.ws_url, code,
                                      {"type": "join", "token": made["host_token"]})
        lives = [ann_a]
        try:
            await host_a.wait_for(lambda m: m["type"] == "welcome")
            await host_a.send({"type": "start"})
            turn = await ann_a.wait_for(person_turn)
            await refused_for_now(b, code, token)
            assert await closed(ann_a) == 1012
            assert await closed(host_a) == 1012
            # As a client does: join again while B refuses for now (A's release may
            # not have been made yet).
            ann_b = await join_where_it_is(b.ws_url, code, {"type": "join", "token": token})
            lives.append(ann_b)
            first = await ann_b.wait_for(lambda m: m["type"] == "update")
            assert first["fresh"] and first["step"] == turn["step"]
            assert owner_and_steps(database_url, code)[0] == "b"
            await play_randomly(ann_b, 0, random.Random("over"), timeout=60.0)
            record = Record.from_json(b.get(f"/api/rooms/{code}/games/1/record"))
            check_told("fly", 0, lives, record, key_file(tmp_path))
        finally:
            for player in (*lives, host_a):
                await player.close()


# Slow (.ci/run runs it): it waits two leases and a sweep after the kill, twice (9-11 s each);
# test_leases.py checks which rooms are orphans.
@pytest.mark.slow
async def test_a_room_nobody_asks_for_is_swept_up_when_its_process_dies(
        tmp_path: Path, database_url: str) -> None:
    """A room of bots only, started on A; A is killed (``kill -9``) and nobody asks for
    the room again: B finds it in play with its lease run out, claims it, replays it and
    plays it to its end."""
    with cluster(tmp_path, database_url, size=2, lease_s=LEASE_S,
                 extra=("--bot-pause", "0.1")) as running:
        a, b = running.servers
        made = a.post("/api/rooms", {**FLY, "seats": ["aimer:quick", "aimer:quick"]})
        code = made["code"]
        host = await Player.connect(a.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
        try:
            await host.wait_for(lambda m: m["type"] == "welcome")
            await host.send({"type": "start"})
            await host.wait_for(lambda m: m["type"] == "update" and m["step"] >= 3)
        finally:
            await host.close()
        a.kill9()
        owner, epoch, stored = owner_and_steps(database_url, code)
        assert owner == "a", "A held the room until it was killed"
        deadline = time.monotonic() + 30.0
        while True:
            found = b.get(f"/api/rooms/{code}/games/1/record") if _recorded(b, code) else None
            if found is not None:
                break
            assert time.monotonic() < deadline, f"never swept up:\n{b.log()}"
            await asyncio.sleep(0.2)
        record = Record.from_json(found)
        replay(record, key=read_verify_key(key_file(tmp_path)))
        owner, last_epoch, total = owner_and_steps(database_url, code)
        assert owner == "b" and last_epoch == epoch + 1 and total > stored
        assert "took up 1 rooms nobody held" in b.log()


def _recorded(server: LiveServer, code: str) -> bool:
    return httpx.get(f"{server.url}/api/rooms/{code}/games/1/record",
                     timeout=5.0).status_code == 200


# -- the proxy ------------------------------------------------------------------------------------
def test_the_shipped_haproxy_configuration_is_valid(tmp_path: Path) -> None:
    """``docs/haproxy.cfg`` as shipped, and as the tests rewrite it, is one HAProxy
    takes (``haproxy -c``)."""
    program = haproxy()
    shipped = subprocess.run([program, "-c", "-f", str(SHIPPED_CONFIG)],
                             capture_output=True, text=True, check=False)
    assert shipped.returncode == 0, shipped.stdout + shipped.stderr
    rewritten = tmp_path / "haproxy.cfg"
    servers = [LiveServer(tmp_path, port=port) for port in (9101, 9102, 9103)]
    rewritten.write_text(proxy_config(9100, servers))
    checked = subprocess.run([program, "-c", "-f", str(rewritten)],
                             capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text_ = rewritten.read_text()
    assert "bind 127.0.0.1:9100" in text_ and "server c 127.0.0.1:9103" in text_
    assert "balance hash var(txn.room)" in text_ and "hash-type consistent" in text_


def test_without_haproxy_the_tests_fail_saying_how_to_install_it() -> None:
    with pytest.raises(HAProxyUnavailableError, match="apt-get install -y haproxy"):
        haproxy(path="/nonexistent")


async def test_the_proxy_sends_every_request_of_a_room_to_one_process(
        tmp_path: Path, postgres: PostgresServer) -> None:
    """Three processes behind HAProxy: rooms made through it (by any process) are spread
    over the three by the hash of their code, and every request and WebSocket of a room
    reaches the one process that claimed it: no room is claimed twice, nor refused."""
    url = postgres.create_database()
    # No process dies here: no lease may run out, nor a health check fail, while a
    # process is only starved of CPU (the room would be refused, or claimed again).
    with cluster(tmp_path, url, size=3, lease_s=LONG_LEASE_S) as running:
        proxy = Proxy(tmp_path, running.servers, checks=PATIENT_CHECKS).start()
        try:
            codes = [proxy.post("/api/rooms", FLY)["code"] for _ in range(12)]
            for code in codes:
                for _ in range(3):
                    answer = httpx.get(f"{proxy.url}/api/rooms/{code}", timeout=10.0)
                    assert answer.status_code == 200, answer.text
                player = await Player.connect(proxy.ws_url, code,
                                              {"type": "join", "spectator": True})
                player_welcome = await player.wait_for(lambda m: m["type"] in ("welcome",
                                                                                 "error"))
                await player.close()
                assert player_welcome["type"] == "welcome"
            held = [owner_and_steps(url, code)[:2] for code in codes]
            assert all(epoch == 1 for _, epoch in held), f"claimed more than once: {held}"
            assert len({owner for owner, _ in held}) >= 2, f"not spread: {held}"
        finally:
            proxy.stop()
