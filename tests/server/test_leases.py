"""Leases with epochs (issue 39, several processes on one database): a room is written by
the one process that holds its lease, and a process whose lease another has taken over can
never write to it again, whatever it tries (``Store.claim``, ``renew_all``, ``release``,
and the owner-and-epoch check inside every write's own transaction).

These run the store itself on a real SQLite file and a real PostgreSQL database; the
processes are two names.  A lease that has run out is one claimed for a negative time
(no test waits for a clock).  Last, a room on a simulated clock whose commit is refused
for its lease: it tells nothing of it, stops, and closes its connections.
``test_cluster.py`` and ``test_failover.py`` do it all with real processes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import psycopg
import pytest

from gamenight.engine import Step
from gamenight.games import get_game
from gamenight.live import ManualScheduler
from gamenight.server.config import Pauses
from gamenight.server.protocol import ProtocolError
from gamenight.server.room import Client, Room
from gamenight.server.store import (
    HAND_OVER_CHANNEL,
    Lease,
    LeaseLostError,
    SeatRow,
    StepBatch,
    Store,
    StoreError,
    sqlalchemy_url,
)
from gamenight.server.writer import Writer
from gamenight.signing import generate_key_pair, read_signing_key
from tests.server.test_writer import ByHand, a_room

A, B = "process-a", "process-b"
STEPS = [Step(0, "drop 3", None), Step(None, {"fly": 2}, None), Step(1, "swat", 412.5)]
RUN_OUT = -1.0  # a lease claimed for a negative time has run out already


def test_a_room_is_claimed_by_one_process_until_its_lease_runs_out(store: Store) -> None:
    store.create_room(a_room("room"))
    assert store.claim("room", A, 30.0) == 1
    assert store.claim("room", B, 30.0) is None, "held by A"
    assert store.claim("room", A, RUN_OUT) == 2, "its own holder claims it again"
    assert store.claim("room", B, 30.0) == 3, "A's lease ran out: B takes the room"
    assert store.claim("room", A, 30.0) is None
    assert store.claim("no-such-room", A, 30.0) is None


def test_a_write_under_a_lost_lease_is_refused_and_nothing_is_written(store: Store) -> None:
    """A holds the room, stalls past its lease, B claims it: every write A then makes
    (steps, alone or with other rooms', a seat, a game's start, a record, the paused
    room's probe) is refused as LeaseLostError and changes nothing; B's are made."""
    for code in ("room", "other"):
        store.create_room(a_room(code))
    a = Lease(A, store.claim("room", A, RUN_OUT) or 0)
    other = Lease(A, store.claim("other", A, 30.0) or 0)
    store.start_game("room", 1, 7, None, lease=a)
    store.start_game("other", 1, 7, None, lease=other)
    assert store.add_step_batches([StepBatch("room", 1, 0, STEPS[:1], a)],
                                  store.writing_connection()) == [None]
    b = Lease(B, store.claim("room", B, 30.0) or 0)
    assert b.epoch == a.epoch + 1

    connection = store.writing_connection()
    try:
        met = store.add_step_batches([StepBatch("other", 1, 0, STEPS[:2], other),
                                      StepBatch("room", 1, 1, STEPS[1:], a)], connection)
    finally:
        connection.close()
    assert met[0] is None, "the other room's steps go in all the same"
    assert isinstance(met[1], LeaseLostError)
    with pytest.raises(LeaseLostError):
        store.update_seat("room", SeatRow(0, "ann", "1" * 64, None), lease=a)
    with pytest.raises(LeaseLostError):
        store.finish_game("room", 1, {"a": "record"}, lease=a)
    with pytest.raises(LeaseLostError):
        store.check_writes("room", lease=a)
    row = store.room("room")
    assert row is not None
    assert row.games[0].steps == STEPS[:1] and row.games[0].record is None
    assert row.seats[0].name is None

    store.add_steps("room", 1, 1, STEPS[1:])  # one process (no lease) is not checked
    store.update_seat("room", SeatRow(0, "ann", "1" * 64, None), lease=b)
    store.finish_game("room", 1, {"a": "record"}, lease=b)
    with pytest.raises(LeaseLostError):
        store.start_game("room", 2, 8, None, lease=a)
    store.start_game("room", 2, 8, None, lease=b)


def test_the_writer_settles_a_lost_lease_as_lease_lost(store: Store) -> None:
    store.create_room(a_room("room"))
    a = Lease(A, store.claim("room", A, RUN_OUT) or 0)
    store.start_game("room", 1, 7, None, lease=a)
    writer = Writer(store)
    assert writer.add_steps("room", 1, 0, STEPS[:1], lease=a).error is None
    store.claim("room", B, 30.0)
    refused = writer.add_steps("room", 1, 1, STEPS[1:], lease=a)
    assert isinstance(refused.error, LeaseLostError)
    assert isinstance(writer.finish_game("room", 1, {}, lease=a).error, LeaseLostError)
    writer.close()
    row = store.room("room")
    assert row is not None and row.games[0].steps == STEPS[:1]


def test_leases_are_renewed_released_and_asked_for(store: Store, database_url: str) -> None:
    for code in ("one", "two", "three"):
        store.create_room(a_room(code))
    store.claim("one", A, 30.0)
    store.claim("two", A, RUN_OUT)
    store.claim("three", B, 30.0)
    renewed = store.renew_all(A, 30.0)
    assert set(renewed) == {"one", "two"} and not any(r.asked for r in renewed.values())
    assert store.claim("two", B, 30.0) is None, "renewed: it no longer runs out"

    listener = None
    if database_url.startswith("postgresql"):
        url = sqlalchemy_url(database_url)
        listener = psycopg.connect(host=url.host, port=url.port, user=url.username,
                                   dbname=url.database, autocommit=True)
        listener.execute(f"LISTEN {HAND_OVER_CHANNEL}")
    try:
        assert store.ask_hand_over("one", B) is True
        assert store.ask_hand_over("three", B) is False, "B holds it itself"
        assert store.ask_hand_over("nobody's", B) is False
        if listener is not None:
            heard = [n.payload for n in listener.notifies(timeout=5.0, stop_after=1)]
            assert heard == [f"{B} one"]
    finally:
        if listener is not None:
            listener.close()
    assert store.asked("one", Lease(A, 1)) and not store.asked("two", Lease(A, 1))
    assert store.renew_all(A, 30.0)["one"].asked

    assert store.release(A, ["one"]) == 1
    assert store.claim("one", B, 30.0) == 2, "released: B claims it at once"
    assert not store.renew_all(B, 30.0)["one"].asked, "a claim clears the request"
    assert store.release(A) == 1  # "two"
    assert set(store.renew_all(A, 30.0)) == set()


def test_rooms_in_play_that_nobody_holds_are_orphans(store: Store) -> None:
    """The sweep's question: rooms with a game in play whose lease ran out long enough
    ago, or that were released; not a lobby, not a finished game, not a room held."""
    for code in ("lobby", "held", "died", "released", "over"):
        store.create_room(a_room(code))
        if code != "lobby":
            store.start_game(code, 1, 7, None)
    store.claim("held", A, 30.0)
    store.claim("died", A, -60.0)
    store.claim("over", A, -60.0)
    store.finish_game("over", 1, {})
    assert sorted(store.orphans(30.0, 10)) == ["died", "released"]
    assert store.orphans(90.0, 10) == ["released"], "not run out long enough"
    assert len(store.orphans(30.0, 1)) == 1


def test_a_process_forgets_no_room_another_holds(store: Store) -> None:
    for code in ("mine", "theirs", "free"):
        store.create_room(a_room(code))
    store.claim("mine", A, 30.0)
    store.claim("theirs", B, 30.0)
    forgotten = store.forget_rooms(2.0, owner=A)
    assert sorted(forgotten) == ["free", "mine"]


def test_the_database_clock_reads_unix_seconds(store: Store) -> None:
    import time

    assert abs(store.now() - time.time()) < 5.0


def test_a_store_error_is_what_a_lost_lease_is() -> None:
    assert issubclass(LeaseLostError, StoreError)  # a room's failure path knows it


# -- a room that lost its lease (the room itself, on a simulated clock) ------------------------
class Connection:
    """A room's connection as the test sees it: what it was sent, and whether the room
    closed it as moved (``Client.moved``)."""

    def __init__(self, room: Room, token: str | None) -> None:
        self.got: list[dict[str, Any]] = []
        self.moved = False
        self.client = Client(lambda text: self.got.append(json.loads(text)), self._moved)
        room.join(self.client, token)

    def _moved(self) -> None:
        self.moved = True

    def updates(self) -> list[dict[str, Any]]:
        return [m for m in self.got if m["type"] == "update"]


def test_a_room_whose_write_is_refused_for_its_lease_stops_and_closes_its_connections(
        store: Store, tmp_path: Path) -> None:
    """Ann's move is taken by the room on A, and before its commit is made, B claims the
    room (A's lease ran out): the store refuses the commit, nobody is told of the move,
    the room stops (``Room.moved``: nothing more runs, a move is refused) and every
    connection is closed to join again where the room is now; the store holds nothing
    of A's after B's claim."""
    generate_key_pair(tmp_path)
    key = read_signing_key(tmp_path / "record-signing.key")
    scheduler = ManualScheduler()
    writer = Writer(store, ByHand(), clock=scheduler.now)
    room, host_token = Room.create(get_game("fly"), 2, {"max_drops": 12}, [None, "aimer"],
                                   60.0, store=store, key=key, pauses=Pauses.none(),
                                   scheduler=scheduler, writer=writer)
    seating = room.take_seat("ann", 0)
    writer.run()
    _, token = seating.result()
    room.lease = Lease(A, store.claim(room.code, A, RUN_OUT) or 0)
    lost: list[Room] = []
    room.on_moved = lost.append
    ann, host = Connection(room, token), Connection(room, host_token)
    room.start(host.client)
    writer.run()
    while not (ann.updates() and ann.updates()[-1]["acting"]["seats"] == [0]):
        writer.run()
        scheduler.run_until(scheduler.next_at() or scheduler.now())
    stored = room.committed
    room.act(ann.client, ann.updates()[-1]["legal"][0], None, None)
    told = [len(ann.got), len(host.got)]
    assert store.claim(room.code, B, 30.0) is not None
    writer.run()
    assert room.moved is not None and lost == [room]
    assert ann.moved and host.moved
    assert [len(ann.got), len(host.got)] == told, "told of a move the store refused"
    row = store.room(room.code)
    assert row is not None and len(row.games[0].steps) == stored
    with pytest.raises(ProtocolError):
        room.act(ann.client, "anything", None, None)
    scheduler.run_until(scheduler.now() + 60.0)  # nothing runs: no bot, no grace
    writer.run()
    row = store.room(room.code)
    assert row is not None and len(row.games[0].steps) == stored
