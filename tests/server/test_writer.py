"""The one writer (issue 39, "commits off the loop"): the rooms' writes are made beside
the event loop, several rooms' steps in one commit, in order, and nothing is told before
its commit is made.

* A live ``gamenight serve`` whose database is held by another session (SQLite locked by
  another connection, a PostgreSQL table locked): a person's move waits for the lock,
  and meanwhile the server answers a ping at once; the move's update comes only once
  the lock is let go.
* The writer on a real store, run by hand (an executor that only records that it was
  woken): the steps of several rooms queued while it was busy go in one statement, a
  room's batches in a row are joined, a batch the store refuses fails alone (and the
  next of its room after it), and a connection PostgreSQL closed is replaced, with no
  ping before any write.
* A room whose commits the test's writer holds: nobody is told of a step before it is
  made, and when the store refuses one, nobody is told of it or of what came after it;
  the room pauses and its person is told their move was not stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine, event, text

from gamenight.engine import Step
from gamenight.games import get_game
from gamenight.live import ManualScheduler
from gamenight.server.config import Pauses
from gamenight.server.room import NOT_STORED, STORE_DOWN, Client, Room
from gamenight.server.store import RoomRow, SeatRow, Store, StoreError, sqlalchemy_url
from gamenight.server.writer import RECONNECT_FIRST_S, Pending, Writer
from gamenight.signing import generate_key_pair, read_signing_key
from tests.server import postgres
from tests.server.client import Player
from tests.server.live import LiveServer, person_and_host

Message = dict[str, Any]


# -- the event loop goes on while a commit waits --------------------------------------------------
@contextlib.contextmanager
def database_held(url: str, folder: Path) -> Iterator[None]:
    """Another session holds the database so that no step can be stored until it lets
    go: SQLite's write lock taken by another connection, PostgreSQL's ``steps`` table
    locked against inserts."""
    if url.startswith("sqlite"):
        lite = sqlite3.connect(folder / "server.db", isolation_level=None)
        lite.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            lite.execute("ROLLBACK")
            lite.close()
        return
    parsed = sqlalchemy_url(url)
    with psycopg.connect(host=parsed.host, port=parsed.port, user=parsed.username,
                         dbname=parsed.database) as db:
        db.execute("LOCK TABLE steps IN SHARE MODE")  # inserts wait; reads do not
        yield
        db.rollback()


async def test_the_server_answers_a_ping_while_a_move_waits_for_a_locked_database(
        tmp_path: Path, database_url: str) -> None:
    """While the database makes a move's commit wait (a lock held by another session:
    a slow disk, a long checkpoint or a busy PostgreSQL does the same), the server goes
    on: a ping sent after the move is answered at once, and the move's update comes
    only once its commit is made."""
    server = LiveServer(tmp_path, database_url).start()
    players: list[Player] = []
    try:
        made = server.post("/api/rooms", {"game": "fly", "players": 2,
                                          "seats": [None, "aimer:quick"],
                                          "options": {"max_drops": 12}})
        ann, host = await person_and_host(server, made)
        players += [ann, host]
        await host.send({"type": "start"})
        turn = await ann.wait_for(lambda m: m["type"] == "update"
                                  and m["acting"]["seats"] == [0] and bool(m["legal"]))

        def after_the_move(m: Message) -> bool:
            return m["type"] == "update" and int(m["step"]) > int(turn["step"])

        with database_held(database_url, tmp_path):
            await ann.send({"type": "act", "action": turn["legal"][0]})
            sent = time.monotonic()
            await ann.send({"type": "ping", "id": 39})
            await ann.wait_for(lambda m: m["type"] == "pong" and m["id"] == 39, timeout=2.0)
            answered_s = time.monotonic() - sent
            await asyncio.sleep(1.5)
            assert not any(after_the_move(m) for m in ann.messages + host.messages), \
                "told of a move its database had not stored"
        moved = await ann.wait_for(after_the_move, timeout=15.0)
        await host.wait_for(after_the_move, timeout=15.0)
        assert moved["step"] > turn["step"]
        # The loop waited for nothing: the pong came well before the lock was let go.
        assert answered_s < 1.0, f"a ping waited {answered_s:.2f} s for a commit"
        assert not ann.errors()
    except BaseException:
        print(server.log())
        raise
    finally:
        for player in players:
            await player.close()
        server.stop()


# -- the writer on a real store, run by hand -------------------------------------------------------
class ByHand:
    """An executor that only notes that the writer has work: the test runs it
    (``Writer.run``), so writes queue up as they would behind a slow commit."""

    def __init__(self) -> None:
        self.woken = 0

    def wake(self, run: Callable[[], None]) -> None:
        self.woken += 1

    def settle(self, done: Callable[[], None]) -> None:
        done()

    def close(self) -> None:
        pass


STEPS = [Step(0, "drop 3", None), Step(None, {"fly": 2}, None), Step(1, "swat", 412.5),
         Step(0, "pass", 600.0), Step(None, [1, 2], None), Step(1, "drop 1", None)]


def a_room(code: str) -> RoomRow:
    return RoomRow(code=code, game="fly", players=2, options={}, host_token_hash="0" * 64,
                   grace_s=60.0, created_at=1.0, seats=[SeatRow(0, None, None, None),
                                                        SeatRow(1, None, None, "aimer")],
                   games=[])


def rooms_playing(store: Store, *codes: str) -> None:
    for code in codes:
        store.create_room(a_room(code))
        store.start_game(code, 1, 7, None)


@contextlib.contextmanager
def statements(store: Store) -> Iterator[list[str]]:
    """The first word of each statement the store's writer connection sends."""
    sent: list[str] = []

    def executed(*args: Any) -> None:
        sent.append(args[2].split()[0].upper())

    engine: Engine = store._writer
    event.listen(engine, "before_cursor_execute", executed)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", executed)


def stored_steps(store: Store, code: str) -> list[Step]:
    row = store.room(code)
    assert row is not None and row.games
    return list(row.games[-1].steps)


def test_steps_of_several_rooms_queued_together_are_one_commit(store: Store) -> None:
    """Five rooms' moves queued while the writer was busy go into the database in one
    statement, so one transaction and one round trip: a room's two batches in a row are
    joined; every write is settled, in the order given."""
    codes = [f"room-{k}" for k in range(5)]
    rooms_playing(store, *codes)
    executor = ByHand()
    writer = Writer(store, executor)
    settled: list[str] = []
    pending: list[Pending[None]] = []
    for k, code in enumerate(codes):
        size = 1 + k % 3
        each = writer.add_steps(code, 1, 0, STEPS[:size])
        each.then(functools.partial(lambda said, _: settled.append(said), code))
        pending.append(each)
    pending.append(writer.add_steps(codes[0], 1, 1, STEPS[1:4]))  # joins room-0's first
    pending[-1].then(lambda done: settled.append("room-0 again"))
    assert executor.woken == 6 and not any(p.done() for p in pending), "nothing made yet"
    with statements(store) as sent:
        writer.run()
    assert sent == ["INSERT"], f"one statement for every room, not {sent}"
    assert writer.commits == 1 and writer.batches == 5
    assert settled == [*codes, "room-0 again"]
    assert all(p.done() and p.error is None for p in pending)
    assert stored_steps(store, codes[0]) == STEPS[:4]
    for k, code in enumerate(codes[1:], 1):
        assert stored_steps(store, code) == STEPS[:1 + k % 3]


def test_a_refused_batch_fails_alone_and_so_does_the_next_of_its_room(store: Store) -> None:
    """The statement takes all or none: when one room's batch is refused (here it would
    leave a gap), each is tried by itself, so the other rooms' steps are stored, the
    refused batch fails saying why, and its room's next batch fails too (it cannot
    follow a batch that is not there)."""
    rooms_playing(store, "good", "gap", "also-good")
    writer = Writer(store, ByHand())
    good = writer.add_steps("good", 1, 0, STEPS[:2])
    gap = writer.add_steps("gap", 1, 1, STEPS[1:3])  # nothing at index 0
    after_gap = writer.add_steps("gap", 1, 3, STEPS[3:4])
    also_good = writer.add_steps("also-good", 1, 0, STEPS[:3])
    writer.run()
    assert good.error is None and also_good.error is None
    assert gap.error is not None and "would leave a gap" in str(gap.error)
    assert after_gap.error is not None
    assert stored_steps(store, "good") == STEPS[:2]
    assert stored_steps(store, "also-good") == STEPS[:3]
    assert stored_steps(store, "gap") == []
    with pytest.raises(StoreError):
        gap.result()


def test_a_rooms_writes_are_made_in_the_order_given(store: Store) -> None:
    """A game's record after its last steps, the next game's start after that record:
    each write handed over is made after every one before it."""
    rooms_playing(store, "room")
    writer = Writer(store, ByHand())
    steps = writer.add_steps("room", 1, 0, STEPS[:3])
    record = writer.finish_game("room", 1, {"result": "over"})
    rematch = writer.call(lambda s, _: s.start_game("room", 2, 8, None))
    first_of_rematch = writer.add_steps("room", 2, 0, STEPS[:1])
    writer.run()
    for each in (steps, record, rematch, first_of_rematch):
        each.result()
    row = store.room("room")
    assert row is not None and [g.number for g in row.games] == [1, 2]
    assert row.games[0].record == {"result": "over"} and row.games[1].steps == STEPS[:1]


def test_a_connection_postgresql_closed_is_replaced_with_no_ping_before_writes(
        postgres: postgres.PostgresServer) -> None:
    """The writer holds one connection and never pings it: when PostgreSQL has closed it
    (here: the backend terminated, as a restart or an idle timeout does), the next
    write fails on it and is made at once on a new one; nobody's move is refused."""
    url = postgres.create_database()
    with Store(url) as store:
        rooms_playing(store, "room")
        writer = Writer(store, ByHand())
        writer.add_steps("room", 1, 0, STEPS[:1])
        writer.run()
        with store._writer.connect() as other:
            pids = other.execute(text(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()")).scalars().all()
            for pid in pids:
                other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        with statements(store) as sent:
            again = writer.add_steps("room", 1, 1, STEPS[1:3])
            writer.run()
        again.result()
        assert sent == ["INSERT", "INSERT"], f"no ping, the write made once more: {sent}"
        assert stored_steps(store, "room") == STEPS[:3]


def test_a_database_that_is_down_is_asked_again_only_after_a_back_off(tmp_path: Path) -> None:
    """With the database down, a write fails at once (the room pauses); the writer tries
    to connect again only after its back-off (on the clock it is given), so that many
    rooms asking again cost one connection attempt; once the database is back, the
    next write after the back-off is made."""
    from tests.server.test_outage import stoppable_postgres

    with stoppable_postgres() as database, Store(database.url) as store:
        rooms_playing(store, "room")
        now = [100.0]
        writer = Writer(store, ByHand(), clock=lambda: now[0])
        attempts: list[int] = []
        event.listen(store._writer, "do_connect", lambda *a: attempts.append(1))
        database.begin()
        first = writer.add_steps("room", 1, 0, STEPS[:1])
        writer.run()
        assert first.error is not None
        tried = len(attempts)
        assert tried >= 1
        asked = [writer.add_steps("room", 1, 0, STEPS[:1]) for _ in range(20)]
        writer.run()
        assert all(p.error is not None for p in asked)
        assert len(attempts) == tried, "a hundred rooms asking again cost no attempt"
        database.end()
        again = writer.add_steps("room", 1, 0, STEPS[:1])
        writer.run()
        assert again.error is not None and "tries again" in str(again.error)
        now[0] += RECONNECT_FIRST_S
        back = writer.add_steps("room", 1, 0, STEPS[:1])
        writer.run()
        back.result()
        assert stored_steps(store, "room") == STEPS[:1]


# -- a room whose commits wait: nothing told before it is stored -----------------------------------
class Watcher:
    def __init__(self, room: Room, token: str | None) -> None:
        self.got: list[Message] = []
        self.client = Client(self._sent)
        room.join(self.client, token)

    def _sent(self, text_: str) -> None:
        import json
        self.got.append(json.loads(text_))

    def updates(self) -> list[Message]:
        return [m for m in self.got if m["type"] == "update"]


@pytest.fixture
def held_room(store: Store, tmp_path: Path) -> Iterator[tuple[Room, Writer, ManualScheduler,
                                                                  Watcher, Watcher]]:
    """A game of fly between a person and a bot, its commits made only when the test
    runs its writer."""
    generate_key_pair(tmp_path)
    key = read_signing_key(tmp_path / "record-signing.key")
    scheduler = ManualScheduler()
    writer = Writer(store, ByHand(), clock=scheduler.now)
    room, host_token = Room.create(get_game("fly"), 2, {"max_drops": 12}, [None, "aimer"],
                                   60.0, store=store, key=key, pauses=Pauses.none(),
                                   scheduler=scheduler, writer=writer)
    seating = room.take_seat("ann", 0)
    assert not room.created.done() and not seating.done(), "made by the writer, in order"
    writer.run()
    room.created.result()
    _, token = seating.result()
    ann = Watcher(room, token)
    host = Watcher(room, host_token)
    room.start(host.client)
    writer.run()  # the start
    writer.run()  # the first steps (the deal)
    try:
        yield room, writer, scheduler, ann, host
    finally:
        room.close()


def a_move(room: Room, scheduler: ManualScheduler, ann: Watcher) -> None:
    """Ann's next move: the first her last update offers."""
    last = ann.updates()[-1]
    assert last["acting"]["seats"] == [0] and last["legal"], last
    room.act(ann.client, last["legal"][0], None, None)


def test_an_update_is_sent_only_once_its_commit_is_made(
        held_room: tuple[Room, Writer, ManualScheduler, Watcher, Watcher]) -> None:
    """A move is carried out at once (the room goes on), but told to nobody until the
    writer has made its commit; then everyone is told, in order."""
    room, writer, scheduler, ann, host = held_room
    for _ in range(3):
        while not (ann.updates() and ann.updates()[-1]["acting"]["seats"] == [0]
                   and room.committed == len(room.state.history)):  # type: ignore[union-attr]
            writer.run()
            scheduler.run_until(scheduler.next_at() or scheduler.now())
        before = [len(ann.got), len(host.got)]
        a_move(room, scheduler, ann)
        assert room.state is not None and room.committed < len(room.state.history)
        assert [len(ann.got), len(host.got)] == before, "told before it was stored"
        writer.run()
        assert room.committed == len(room.state.history)
        told = ann.updates()[-1]
        assert told["step"] == room.committed and len(host.got) > before[1]


def test_a_commit_the_store_refuses_tells_nothing_of_it_or_of_what_came_after(
        store: Store, held_room: tuple[Room, Writer, ManualScheduler, Watcher, Watcher]
) -> None:
    """Ann moves and the bot answers, both waiting for the writer; then another writer
    stores a step where Ann's move would go, so the store refuses her commit.  Nobody
    is told of her move or of the bot's answer (whose commit came after it and is let
    go), the room pauses saying why, and Ann is told her move was not stored."""
    room, writer, scheduler, ann, host = held_room
    while not (ann.updates() and ann.updates()[-1]["acting"]["seats"] == [0]
               and room.committed == len(room.state.history)):  # type: ignore[union-attr]
        writer.run()
        scheduler.run_until(scheduler.next_at() or scheduler.now())
    state = room.state
    assert state is not None
    stored = room.committed
    before = [len(ann.got), len(host.got)]
    a_move(room, scheduler, ann)
    scheduler.run_until(scheduler.now())  # the bot's turn comes (no pause): its answer
    assert room.submitted > stored + 1 and room._handed - room._made >= 2
    store.add_steps(room.code, room.number, stored, [Step(0, "someone else's", None)])
    writer.run()
    assert room.paused == STORE_DOWN
    news = [m for w in (ann, host) for m in w.got[before[w is host]:]]
    assert not [m for m in news if m["type"] == "update"], "told of a step not stored"
    assert [m["type"] for m in host.got[before[1]:]] == ["room"]
    assert [(m["type"], m.get("code"), m.get("message")) for m in ann.got[before[0]:]] == \
        [("room", None, None), ("error", "unavailable", NOT_STORED)]
    assert room.state is not None and len(room.state.history) == stored
