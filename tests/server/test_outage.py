"""A database that stops taking writes mid-game: nothing is told before it is stored, and
the room survives the outage (issue 39, item 1).

The tests play a real room on a simulated clock (``live.ManualScheduler``) over a real
store, and break the store for real in one of three ways:

* **read-only**: the SQLite file and its write-ahead log made immutable (``chattr +i``,
  which holds for root too; the tests here may run as root, whom file modes do not stop);
* **full**: the SQLite file on a small filesystem of its own (a tmpfs), filled up;
* **stopped**: a PostgreSQL server of the test's own, stopped (``pg_ctl stop -m fast``)
  and started again.

The first two need root (``chattr`` and ``mount``): where the tests cannot do them they
are skipped, saying why; PostgreSQL runs anywhere (``tests.server.postgres``).

The main test is a Fliegen klatschen table of two people and a bot, whose store fails
twice:

1. at a person's turn: their action is refused as ``unavailable`` (not ``illegal``, not
   taken), the room pauses and tells every connection why, nothing runs while the store
   is away (the clock moves on a minute: no bot, no timer), a person coming back is shown
   only what was stored, and a seat taken in another room's lobby stays open;
2. in an open hunt, after one person has passed in it (stored), at the bot's slap (or
   the deadline): the room pauses at the step it could not store, and when the store is
   back the same hunt opens again under its id, nothing landing before the pass.

Each time the store comes back the room plays on by itself (its retries), and the game
ends.  Every update any connection was ever sent is checked as it is sent (its step was
stored) and at the end against the game's signed record: its step is in the record, and
its events, view and who acts are what replaying the record to that step gives its seat.

A second test meets the outage with the move that would end a game (FLY): the game is not
over until that move is stored.  A third (slow: a real ``gamenight serve`` and WebSocket
clients) stops PostgreSQL under a live server: the ``unavailable`` error, the room message
that says the room is paused, a seat's 503, and the game played on to its record.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import shlex
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import httpx
import psycopg
import pytest
from sqlalchemy import Engine, create_engine, text

from gamenight.engine import Step
from gamenight.games import get_game
from gamenight.live import ManualScheduler
from gamenight.record import Record
from gamenight.server.config import Pauses
from gamenight.server.protocol import ProtocolError, seen_events
from gamenight.server.room import NOT_STORED, RETRY_MOST_S, STORE_DOWN, Client, Room
from gamenight.server.store import Store, StoreError, sqlalchemy_url
from gamenight.signing import PUBLIC_KEY_FILE, generate_key_pair, read_signing_key
from tests.server.client import Player, over, play_randomly
from tests.server.live import LiveServer
from tests.server.postgres import _as_service_user, find_bin, running_postgres
from tests.server.test_protocol import problem, validators
from tests.server.test_restart import normal, replayed

Message = dict[str, Any]

GAME = "fliegen-klatschen"
#: Two people and a bot; a short game (cards taken out), hunts of three seconds.
SEATS: list[str | None] = [None, "sharp", None]
OPTIONS = {"remove": 60, "deadline_ms": 3000}
#: How far the clock moves after a person's action (nobody acts twice in one instant).
KEY_S = 0.001


# -- breaking a store for real ------------------------------------------------------------------
class Outage(Protocol):
    """A store's database, and a way to stop it taking writes and to mend it."""

    @property
    def url(self) -> str: ...

    def begin(self) -> None: ...

    def end(self) -> None: ...


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, check=False)


@dataclass
class ReadOnlyFile:
    """The SQLite file and its write-ahead log made immutable (``chattr +i``), and
    writable again.  Not the shared-memory index (``-shm``): SQLite maps it into memory,
    and a write to an immutable mapping kills the process (SIGBUS) instead of failing."""

    folder: Path

    @property
    def url(self) -> str:
        return f"sqlite:///{self.folder / 'rooms.db'}"

    def _files(self) -> list[str]:
        return [str(self.folder / name) for name in ("rooms.db", "rooms.db-wal")]

    def begin(self) -> None:
        done = _run("chattr", "+i", *self._files())
        assert done.returncode == 0, done.stderr

    def end(self) -> None:
        done = _run("chattr", "-i", *self._files())
        assert done.returncode == 0, done.stderr


@dataclass
class FullDisk:
    """The SQLite file on a tmpfs of its own, filled up, and emptied again."""

    folder: Path

    @property
    def url(self) -> str:
        return f"sqlite:///{self.folder / 'rooms.db'}"

    def begin(self) -> None:
        # The log is emptied into the database first (no reader or writer is in it: the
        # room runs one call at a time), so the next commit must grow the file: SQLite
        # writes a log it has emptied over again, in place, needing no new space.
        with contextlib.closing(sqlite3.connect(self.folder / "rooms.db")) as db:
            busy, _, _ = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert busy == 0, "the log could not be emptied"
        # Until ENOSPC: the filesystem is full.
        with open(self.folder / "filler", "wb", buffering=0) as filler, \
                contextlib.suppress(OSError):
            while True:
                filler.write(b"\0" * 65536)
        assert os.statvfs(self.folder).f_bavail == 0

    def end(self) -> None:
        (self.folder / "filler").unlink()


@dataclass
class StoppedPostgres:
    """A PostgreSQL server of the test's own (stopping the session's would stop every
    other test's), stopped with ``pg_ctl stop -m fast`` and started again as it was."""

    url: str
    data: Path
    #: The server's own options, as it was started (``postmaster.opts``).
    options: str
    prefix: list[str] = field(default_factory=_as_service_user)

    def _pg_ctl(self, *arguments: str) -> None:
        done = subprocess.run([*self.prefix, str(find_bin() / "pg_ctl"), "-D", str(self.data),
                               "-w", "-t", "60", *arguments], cwd=self.data.parent,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"pg_ctl {arguments[-1]}: {done.stdout}{done.stderr}"

    def begin(self) -> None:
        self._pg_ctl("-m", "fast", "stop")

    def end(self) -> None:
        self._pg_ctl("-l", str(self.data.parent / "restarted.log"), "-o", self.options,
                     "start")


@contextlib.contextmanager
def stoppable_postgres() -> Iterator[StoppedPostgres]:
    """A PostgreSQL server of the test's own (``running_postgres``) with a new database,
    running again at the end if the test left it stopped."""
    with running_postgres() as server:
        url = server.create_database()
        with psycopg.connect(host=server.host, port=server.port, user=server.user,
                             dbname="postgres") as db:
            row = db.execute("SHOW data_directory").fetchone()
        assert row is not None
        data = Path(row[0])
        started = shlex.split((data / "postmaster.opts").read_text())
        # Less the program and its -D: the options pg_ctl passes on to start it as it was.
        options = [a for i, a in enumerate(started[1:], 1)
                   if a != "-D" and started[i - 1] != "-D"]
        stopped = StoppedPostgres(url, data, shlex.join(options))
        try:
            yield stopped
        finally:
            if not (data / "postmaster.pid").exists():
                stopped.end()  # running_postgres stops and removes what it started


def _need_root(what: str) -> None:
    if os.geteuid() != 0:
        pytest.skip(f"{what} needs root (the tests run as uid {os.geteuid()})")


@pytest.fixture(params=["read-only", "full", "stopped"])
def outage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Outage]:
    if request.param == "read-only":
        _need_root("an immutable file (chattr +i)")
        broken = ReadOnlyFile(tmp_path / "db")
        broken.folder.mkdir()
        probe = broken.folder / "probe"
        probe.touch()
        if _run("chattr", "+i", str(probe)).returncode != 0:
            pytest.skip(f"the filesystem of {tmp_path} has no immutable files")
        _run("chattr", "-i", str(probe))
        try:
            yield broken
        finally:  # never leave an immutable file behind: nobody could remove it
            _run("chattr", "-i", *broken._files())
    elif request.param == "full":
        _need_root("a filesystem of its own (mount -t tmpfs)")
        full = FullDisk(tmp_path / "db")
        full.folder.mkdir()
        mounted = _run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(full.folder))
        if mounted.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
        try:
            yield full
        finally:  # lazily if something still holds it: never left mounted
            if _run("umount", str(full.folder)).returncode != 0:
                _run("umount", "-l", str(full.folder))
    else:
        with stoppable_postgres() as stopped:
            yield stopped


# -- a table over that store --------------------------------------------------------------------
@dataclass
class Connection:
    """A connection to the room, and everything it was sent."""

    seat: int | None
    client: Client
    got: list[Message]
    #: The (game, step) it last acted on.
    acted: tuple[int, int] | None = None

    def updates(self) -> list[Message]:
        return [m for m in self.got if m["type"] == "update"]

    def rooms(self) -> list[Message]:
        return [m for m in self.got if m["type"] == "room"]


@dataclass
class Table:
    """A store, a room playing on it and another room in its lobby, on one simulated
    clock; the connections of every life, and what the store held before each outage."""

    game: str
    store: Store
    #: The test's own connection to the database, to count the steps stored.
    reader: Engine
    room: Room
    lobby: Room
    scheduler: ManualScheduler
    key_dir: Path
    tokens: dict[int, str]
    connections: list[Connection] = field(default_factory=list)
    #: While the store is down: how many steps it held when it went.
    down: int | None = None
    #: The stored steps before each outage.
    before: list[list[Step]] = field(default_factory=list)

    def stored(self) -> list[Step]:
        row = self.store.room(self.room.code)
        assert row is not None and row.games
        return list(row.games[-1].steps)

    def stored_count(self) -> int:
        """How many steps of the room's game the database holds: a count, asked at every
        update, where reading the whole room each time would be most of the test's time."""
        with self.reader.connect() as db:
            count: int = db.execute(text(
                "SELECT count(*) FROM steps WHERE room_code = :code AND game_number = :number"),
                {"code": self.room.code, "number": self.room.number}).scalar_one()
        return count

    def connect(self, seat: int | None, token: str | None) -> Connection:
        got: list[Message] = []
        connection = Connection(seat, Client(lambda text: self._sent(got, text)), got)
        self.connections.append(connection)
        self.room.join(connection.client, token)
        return connection

    def _sent(self, got: list[Message], text: str) -> None:
        """Each message as it is sent: an update tells only of steps the store holds
        (while the store is down, of those it held); any other fits the protocol."""
        message = json.loads(text)
        if message["type"] != "update":  # an update's fit is test_protocol's (and slow)
            wrong = problem(validators(self.game)[1], message)
            assert wrong is None, f"a {message['type']} message: {wrong}"
        else:
            stored = self.down if self.down is not None else self.stored_count()
            assert message["step"] <= stored, (
                f"told of step {message['step']} with {stored} steps stored")
        got.append(message)

    @property
    def people(self) -> list[Connection]:
        """The people's first connections (those that play)."""
        return self.connections[:len(self.tokens)]

    def break_store(self, outage: Outage) -> None:
        steps = self.stored()
        self.before.append(steps)
        self.down = len(steps)
        outage.begin()

    def mend_store(self, outage: Outage) -> None:
        """The store takes writes again: the room finds it by itself, within its longest
        wait between two tries."""
        outage.end()
        self.down = None
        mended = self.scheduler.now()
        while self.room.paused is not None:
            next_moment(self)
        assert self.scheduler.now() - mended <= RETRY_MOST_S


@contextlib.contextmanager
def table_on(outage: Outage, key_dir: Path, game: str = GAME, seats: list[str | None] = SEATS,
             options: dict[str, Any] = OPTIONS) -> Iterator[Table]:
    """A room of ``game`` on the outage's store, started with its people connected (and
    its host, who watches); closed, with its store, before the outage is cleared away."""
    store = Store(outage.url)
    reader = create_engine(sqlalchemy_url(outage.url), pool_pre_ping=True)
    generate_key_pair(key_dir)
    key = read_signing_key(key_dir / "record-signing.key")
    scheduler = ManualScheduler()
    room, host_token = Room.create(get_game(game), len(seats), dict(options), seats, 60.0,
                                   store=store, key=key, pauses=Pauses.none(),
                                   scheduler=scheduler)
    lobby, _ = Room.create(get_game("fly"), 2, {}, [None, None], 60.0, store=store, key=key,
                           pauses=Pauses.none(), scheduler=scheduler)
    tokens = {seat: room.sit(f"person {seat}", seat)[1]
              for seat, bot in enumerate(seats) if bot is None}
    table = Table(game, store, reader, room, lobby, scheduler, key_dir, tokens)
    try:
        for seat, token in tokens.items():
            table.connect(seat, token)
        host = table.connect(None, host_token)
        room.start(host.client)
        yield table
    finally:
        room.close()
        lobby.close()
        store.close()
        reader.dispose()


@pytest.fixture
def table(outage: Outage, tmp_path: Path) -> Iterator[Table]:
    """A Fliegen klatschen table of two people and a bot over the outage's store."""
    with table_on(outage, tmp_path / "keys") as made:
        yield made


def act(table: Table, person: Connection, rng: random.Random) -> bool:
    """``person`` plays a random action their last update offers, if it offers one they
    have not acted on; whether they acted."""
    last = person.updates()[-1]
    mark = (last["game"], last["step"])
    if person.seat not in last["acting"]["seats"] or not last["legal"] or mark == person.acted:
        return False
    window = last["window"]
    table.room.act(person.client, rng.choice(last["legal"]),
                   None if window is None else window["id"],
                   None if window is None else rng.uniform(150.0, 600.0))
    person.acted = mark
    table.scheduler.advance(KEY_S)
    return True


def next_moment(table: Table) -> None:
    due = table.scheduler.next_at()
    assert due is not None, "nothing is due: the room waits for someone who never acts"
    table.scheduler.run_until(due)


def play_until(table: Table, done: Callable[[], bool], rng: random.Random) -> None:
    """The people play on (random actions), and the clock moves on, until ``done``."""
    for _ in range(100_000):
        if done():
            return
        if not any(act(table, person, rng) for person in table.people):
            next_moment(table)
    raise AssertionError("the game never got there")


def refused(call: Callable[[], object]) -> ProtocolError:
    with pytest.raises(ProtocolError) as refusal:
        call()
    return refusal.value


# -- the test -----------------------------------------------------------------------------------
async def test_a_store_that_stops_writing_pauses_the_room_which_plays_on_when_it_is_back(
        outage: Outage, table: Table) -> None:
    rng = random.Random(39)
    room, state = table.room, table.room.state
    assert state is not None

    # 1. At a person's turn, some way into the game, the store stops taking writes.
    def persons_turn() -> bool:
        acting = state.acting()
        return (len(state.history) >= 8 and acting.kind == "turn"
                and SEATS[acting.seats[0]] is None)

    play_until(table, persons_turn, rng)
    steps = len(state.history)
    person = next(p for p in table.people if p.seat == state.acting().seats[0])
    table.break_store(outage)
    told = [len(c.got) for c in table.connections]
    refusal = refused(lambda: act(table, person, rng))
    assert (refusal.code, str(refusal)) == ("unavailable", NOT_STORED)
    # Not taken: the room holds the stored game only, and nobody was told anything but
    # that the room is paused, and why.
    assert room.paused == STORE_DOWN and room.state is not None
    assert len(room.state.history) == steps
    for connection, before in zip(table.connections, told, strict=True):
        news = connection.got[before:]
        assert [m["type"] for m in news] == ["room"], news
        assert news[0]["room"]["paused"] == STORE_DOWN
    # Nothing runs while the store is away (its retries fail, with back-off), and an
    # action is refused as the room's pause.
    table.scheduler.advance(60.0)
    assert room.paused is not None and len(room.state.history) == steps
    assert all(len(c.got) == before + 1 for c, before in zip(table.connections, told,
                                                             strict=True))
    again = refused(lambda: room.act(person.client, "reveal", None, None))
    assert (again.code, str(again)) == ("unavailable", STORE_DOWN)
    # A person coming back meanwhile is shown the game as stored.
    assert person.seat is not None
    back = table.connect(person.seat, table.tokens[person.seat])
    fresh = back.updates()[-1]
    assert fresh["fresh"] and fresh["step"] == steps
    assert back.got[0]["room"]["paused"] == STORE_DOWN  # its welcome says so too
    # A seat taken meanwhile (in another room's lobby) is not stored, so not taken.
    with pytest.raises(StoreError):
        table.lobby.sit("Cat")
    assert [s["kind"] for s in table.lobby.info()["seats"]] == ["open", "open"]

    table.mend_store(outage)
    for connection in table.connections:
        assert "paused" not in connection.rooms()[-1]["room"]
        assert connection.updates()[-1]["fresh"], "the game is told whole once it is back"
    seat, _ = table.lobby.sit("Cat")
    assert seat == 0 and table.lobby.info()["seats"][0]["name"] == "Cat"

    # 2. A hunt opens, one person passes in it (stored), and the store stops: the bot's
    # slap (or the deadline) is the step it cannot store.
    play_until(table, lambda: room.window is not None and room.state is not None
               and room.state.acting().kind == "window", rng)
    hunt = room.window
    passer = next(p for p in table.people if p is not person)
    assert "pass" in passer.updates()[-1]["legal"]
    room.act(passer.client, "pass", hunt, 200.0)
    assert room.window == hunt
    table.break_store(outage)
    while room.paused is None:
        next_moment(table)
    assert room.window is None
    assert room.state is not None and len(room.state.history) == table.down
    last = person.updates()[-1]
    assert last["window"] is not None and last["window"]["id"] == hunt and last["legal"]
    slap = refused(lambda: room.act(person.client, last["legal"][0], hunt, 300.0))
    assert (slap.code, str(slap)) == ("unavailable", STORE_DOWN)
    seen = len(person.updates())
    table.mend_store(outage)
    # The same hunt opens again, its clock at its last move (the pass): nothing lands
    # before what was stored in it.
    reopened = [u for u in person.updates()[seen:] if u["window"] is not None]
    assert reopened and reopened[0]["window"]["id"] == hunt, "the same hunt opens again"
    passed = table.before[-1][-1]
    assert passed.seat == passer.seat and passed.value == "pass" and passed.at_ms is not None
    while room.window == hunt:
        next_moment(table)
    assert room.state is not None
    for step in room.state.history[len(table.before[-1]):]:
        if step.at_ms is None:  # the hunt is over
            break
        assert step.at_ms >= passed.at_ms, f"{step} landed before the pass"

    # 3. The game plays to its end, and its record is stored.
    over = room.state
    play_until(table, lambda: over.is_over and room.committed == len(over.history), rng)
    check_against_the_record(table)


async def test_a_last_move_the_store_does_not_take_does_not_end_the_game(
        outage: Outage, tmp_path: Path) -> None:
    """The move that would end the game meets the outage: it is refused, the game is
    not over (not in memory, not for anyone told), and once the store is back the same
    person plays the last move again, and the game ends with its record stored."""
    rng = random.Random(5)
    with table_on(outage, tmp_path / "keys", "fly", [None, None], {"max_drops": 4}) as table:
        room = table.room
        ending: tuple[Connection, str] | None = None
        while ending is None:
            state = room.state
            assert state is not None and not state.is_over
            acting = state.acting()
            if acting.kind != "turn":
                next_moment(table)
                continue
            person = next(p for p in table.people if p.seat == acting.seats[0])
            action = rng.choice(person.updates()[-1]["legal"])
            if ends_the_game(state, acting.seats[0], action):
                ending = person, action
            else:
                room.act(person.client, action, None, None)
        person, action = ending
        table.break_store(outage)
        refusal = refused(lambda: room.act(person.client, action, None, None))
        assert (refusal.code, str(refusal)) == ("unavailable", NOT_STORED)
        assert room.state is not None and not room.state.is_over
        assert room.status == "playing"
        table.mend_store(outage)
        assert person.updates()[-1]["fresh"] and person.updates()[-1]["legal"]
        room.act(person.client, action, None, None)
        assert room.state is not None and room.state.is_over
        assert all(c.updates()[-1]["acting"]["kind"] == "over" for c in table.connections)
        check_against_the_record(table, at_least=10)


def ends_the_game(state: Any, seat: int, action: str) -> bool:
    """Whether ``seat``'s ``action`` (and the chance that follows it) ends the game, tried
    on a copy."""
    trial = copy.deepcopy(state)
    trial.apply_text(seat, action, None)
    while trial.acting().kind == "chance":
        trial.draw_chance()
    return bool(trial.is_over)


def check_against_the_record(table: Table, at_least: int = 50) -> None:
    """Every update every connection was sent is the record's game at its step, as its
    seat sees it; and the record goes on from what was stored before each outage."""
    data = table.store.record(table.room.code, 1)
    assert data is not None, "the finished game's record was not stored"
    record = Record.from_json(data)
    for steps in table.before:
        assert record.steps[:len(steps)] == steps
    checked = check_told(record, table.key_dir / PUBLIC_KEY_FILE,
                         [(c.seat, c.updates()) for c in table.connections])
    assert checked >= at_least


def check_told(record: Record, key_file: Path,
               connections: list[tuple[int | None, list[Message]]]) -> int:
    """Check each connection's updates (its seat's, in the order sent) against the
    record, replayed and verified with the server's key: the step is in the record, and
    the events told since the connection joined, the view and who acts are what the
    record gives that seat at that step.  Returns how many updates were checked."""
    wanted: dict[int, set[int | None]] = {}
    for seat, updates in connections:
        for update in updates:
            wanted.setdefault(int(update["step"]), set()).add(seat)
    replay = replayed(record, key_file, wanted)
    checked = 0
    for seat, updates in connections:
        told: list[Any] = []
        for update in updates:
            step = int(update["step"])
            where = f"seat {seat}, step {step}"
            assert step in replay.events_at, f"{where}: the record has no step {step}"
            told = list(update["events"]) if update["fresh"] else told + update["events"]
            expected = normal([e.to_json() for e in seen_events(
                replay.events[:replay.events_at[step]], seat)])
            assert told == expected, f"{where}: the events told differ from the record's"
            assert update["view"] == replay.views[seat, step], f"{where}: the view differs"
            assert update["acting"] == replay.acting[step], f"{where}: who acts differs"
            checked += 1
    return checked


# -- the same over the network ------------------------------------------------------------------
@pytest.mark.slow
async def test_a_live_servers_rooms_survive_postgresql_stopped_and_started_mid_game(
        tmp_path: Path) -> None:
    """``gamenight serve`` on PostgreSQL, with a person and the host connected over
    WebSockets: PostgreSQL stops at the person's turn.  Their action is answered with an
    ``unavailable`` error, everyone is told the room is paused, a seat asked for in
    another room is answered 503 and stays open; PostgreSQL starts again, and the room
    plays on by itself (on the server's real clock) to the end of its game, whose record
    agrees with every update sent."""
    rng = random.Random("live outage")
    with stoppable_postgres() as postgres:
        server = LiveServer(tmp_path, postgres.url).start()
        players: list[Player] = []
        try:
            made = server.post("/api/rooms", {"game": "fly", "players": 2,
                                              "seats": [None, "aimer:quick"],
                                              "options": {"max_drops": 12}})
            code = made["code"]
            token = server.post(f"/api/rooms/{code}/seats", {"name": "ann", "seat": 0})["token"]
            lobby = server.post("/api/rooms", {"game": "fly", "players": 2,
                                               "seats": [None, None]})["code"]
            ann = await Player.connect(server.ws_url, code, {"type": "join", "token": token})
            host = await Player.connect(server.ws_url, code,
                                        {"type": "join", "token": made["host_token"]})
            players += [ann, host]
            await host.wait_for(lambda m: m["type"] == "welcome")
            await host.send({"type": "start"})

            def anns_turn(after: int) -> Callable[[Message], bool]:
                return lambda m: (m["type"] == "update" and m["step"] > after
                                  and m["acting"]["seats"] == [0])

            turn = await ann.wait_for(anns_turn(0))
            for _ in range(2):  # a few drops first
                await ann.send({"type": "act", "action": rng.choice(turn["legal"])})
                turn = await ann.wait_for(anns_turn(turn["step"]))

            postgres.begin()
            seen = len(host.messages)
            await ann.send({"type": "act", "action": rng.choice(turn["legal"])})
            refusal = await ann.wait_for(lambda m: m["type"] == "error")
            assert refusal["code"] == "unavailable", refusal
            paused = await host.wait_for(lambda m: m["type"] == "room"
                                         and "paused" in m["room"], after=seen)
            assert paused["room"]["paused"] == STORE_DOWN
            assert all(u["step"] <= turn["step"] for p in players for u in p.updates())
            asked = httpx.post(f"{server.url}/api/rooms/{lobby}/seats", json={"name": "cat"},
                               timeout=10.0)
            assert asked.status_code == 503 and asked.headers["Retry-After"], asked.text
            assert [s["kind"] for s in server.get(f"/api/rooms/{lobby}")["seats"]] == \
                ["open", "open"]

            seen = len(host.messages)
            postgres.end()
            await host.wait_for(lambda m: m["type"] == "room" and "paused" not in m["room"],
                                after=seen)
            assert server.post(f"/api/rooms/{lobby}/seats", {"name": "cat"})["seat"] == 0
            await play_randomly(ann, 0, rng)
            await host.wait_for(over)
            record = Record.from_json(server.get(f"/api/rooms/{code}/games/1/record"))
            checked = check_told(record, tmp_path / PUBLIC_KEY_FILE,
                                 [(0, ann.updates()), (None, host.updates())])
            assert checked > 20
            assert [e["code"] for e in ann.errors()] == ["unavailable"]
        except BaseException:
            print(server.log())
            raise
        finally:
            for player in players:
                await player.close()
            server.stop()
