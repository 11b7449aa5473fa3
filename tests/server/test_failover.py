"""Three ``gamenight serve`` processes behind HAProxy, and one killed mid-race (issue 39).

On PostgreSQL, three processes (``--process-id a``, ``b``, ``c``) behind HAProxy run with
the configuration the package ships (``docs/haproxy.cfg``: rooms routed by a consistent
hash of their code, WebSockets passed through, ``/api/health`` as the health check),
rewritten only for its ports and quicker checks (``tests.server.cluster``).  Fifty rooms
of Fliegen klatschen are made through the proxy: in most a person (a random client that
joins again, through the proxy, whenever its connection closes, as the browser does)
plays with two bots; in the others bots alone play, and nobody watches.

Once hunts are open in rooms process ``a`` plays, ``a`` is killed (``kill -9``).  The
store is read at once: no client had been told of a step it does not hold.  Then every
room goes on: HAProxy sends the people's new connections to the other processes, which
claim ``a``'s rooms once its leases have run out and replay them from the store; the
rooms of bots nobody asks for are swept up.  Every game ends; each record verifies with
the servers' one key, goes on from what was stored at the kill, and is exactly what the
store holds (no step written twice, by two processes, or lost); every update any client
was ever sent, by any process, is in it as the client's seat sees it.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from gamenight.engine import Step
from gamenight.record import Record, replay
from gamenight.server.store import Store, sqlalchemy_url
from gamenight.signing import read_verify_key
from tests.server.client import Player
from tests.server.cluster import Proxy, Seat, check_told, cluster, key_file
from tests.server.postgres import PostgresServer

GAME = "fliegen-klatschen"
ROOMS = 50
BOTS_ONLY = 10  # of them, nobody connected: the sweep takes them up
TABLE: dict[str, Any] = {"game": GAME, "players": 3,
                         "options": {"remove": 84, "deadline_ms": 4000}}
LEASE_S = 2.0
#: The longest the whole test may take to play every game after the kill.
FINISH_S = 90.0


def owners(url: str) -> dict[str, tuple[str | None, int]]:
    engine = create_engine(sqlalchemy_url(url))
    try:
        with engine.connect() as connection:
            return {code: (owner, epoch) for code, owner, epoch in connection.execute(
                text("SELECT code, owner, epoch FROM rooms"))}
    finally:
        engine.dispose()


def stored_steps(url: str, codes: list[str]) -> dict[str, list[Step]]:
    store = Store(url)
    try:
        rows = {code: store.room(code) for code in codes}
    finally:
        store.close()
    found = {}
    for code, row in rows.items():
        assert row is not None and row.games, f"room {code[:4]} is not stored"
        found[code] = list(row.games[-1].steps)
    return found


def hunting(seat: Seat) -> bool:
    """Whether the seat's last update shows a hunt open."""
    last = seat.lives[-1].last_update if seat.lives else None
    return last is not None and last["window"] is not None and not seat.done


@pytest.mark.slow
async def test_three_processes_behind_haproxy_and_one_killed_mid_race(
        tmp_path: Path, postgres: PostgresServer) -> None:
    url = postgres.create_database()
    rng = random.Random("failover")
    with cluster(tmp_path, url, size=3, lease_s=LEASE_S,
                 extra=("--bot-pause", "0.15", "--result-pause", "0.1")) as running:
        proxy = Proxy(tmp_path, running.servers).start()
        seats: list[Seat] = []
        tasks: list[asyncio.Task[None]] = []
        try:
            await asyncio.wait_for(
                play_through_a_kill(running.servers[0].kill9, proxy, url, rng, seats, tasks),
                FINISH_S + 60.0)
        except BaseException:
            print(proxy.log())
            raise
        finally:
            for task in tasks:
                task.cancel()
            for seat in seats:
                for player in seat.lives:
                    await player.close()
            proxy.stop()


async def play_through_a_kill(kill: Any, proxy: Proxy, url: str, rng: random.Random,
                              seats: list[Seat], tasks: list[asyncio.Task[None]]) -> None:
    # Fifty rooms, made through the proxy (any process makes a room; none holds it).
    people, bots_only = [], []
    for k in range(ROOMS):
        if k < BOTS_ONLY:
            made = proxy.post("/api/rooms", {**TABLE, "seats": ["sharp:quick"] * 3})
            bots_only.append(made)
        else:
            made = proxy.post("/api/rooms", {**TABLE, "name": f"person {k}",
                                             "seats": [None, "sharp:average", "sharp:quick"]})
            people.append(made)
    for made in bots_only:  # started by their host, who then goes
        host = await Player.connect(proxy.ws_url, made["code"],
                                    {"type": "join", "token": made["host_token"]})
        await host.wait_for(lambda m: m["type"] == "welcome")
        await host.send({"type": "start"})
        await host.wait_for(lambda m: m["type"] == "update")
        await host.close()
    for made in people:
        seat = Seat(proxy.ws_url, made["code"], made["host_token"], 0,
                    random.Random(rng.random()), start=True)
        seats.append(seat)
        tasks.append(asyncio.create_task(seat.play(FINISH_S + 30.0)))

    # Wait for hunts open in rooms process a plays, then kill it.
    held = {}
    deadline = time.monotonic() + 30.0
    while True:
        held = owners(url)
        on_a = [s for s in seats if held[s.code][0] == "a" and hunting(s)]
        if len(on_a) >= 2:
            break
        assert time.monotonic() < deadline, "no hunt open in a's rooms"
        await asyncio.sleep(0.02)
    kill()
    codes = [made["code"] for made in (*bots_only, *people)]
    at_kill = stored_steps(url, codes)
    for seat in seats:
        told = max((int(u["step"]) for p in seat.lives for u in p.updates()), default=0)
        assert told <= len(at_kill[seat.code]), (
            f"room {seat.code[:4]}: a client was told of step {told}, but only "
            f"{len(at_kill[seat.code])} were stored when its process was killed")
    a_rooms = [code for code in codes if held[code][0] == "a"]
    a_bots = [made["code"] for made in bots_only if held[made["code"]][0] == "a"]
    assert a_rooms, "process a played no room"

    # Every room goes on to its end.
    await asyncio.gather(*tasks)
    deadline = time.monotonic() + FINISH_S
    records: dict[str, Record] = {}
    while len(records) < len(codes):
        for code in codes:
            if code not in records:
                answer = httpx.get(f"{proxy.url}/api/rooms/{code}/games/1/record",
                                   timeout=10.0)
                if answer.status_code == 200:
                    records[code] = Record.from_json(answer.json())
        assert time.monotonic() < deadline, (
            f"{len(codes) - len(records)} rooms never finished")
        await asyncio.sleep(0.2)

    # Nothing lost, nothing written twice, every record verifies, everything told is in it.
    key = read_verify_key(key_file(Path(proxy.folder)))
    at_end = stored_steps(url, codes)
    after = owners(url)
    for code in codes:
        record = records[code]
        replay(record, key=key)
        assert record.steps[:len(at_kill[code])] == at_kill[code], (
            f"room {code[:4]}: the record does not go on from what was stored at the kill")
        assert record.steps == at_end[code], f"room {code[:4]}: the store holds other steps"
        if code in a_rooms:
            assert after[code][1] > held[code][1], f"room {code[:4]} was never claimed again"
    for seat in seats:
        check_told(GAME, 0, seat.lives, records[seat.code], key_file(Path(proxy.folder)))
    moved = [s for s in seats if s.code in a_rooms]
    assert all(len(s.lives) >= 2 for s in moved), "a's people joined again elsewhere"
    assert a_bots == [] or all(after[code][0] in ("b", "c") for code in a_bots)
