"""``kill -9`` of a real server mid-game loses nothing anyone was told.

The main test runs once per database (SQLite, and PostgreSQL given by URL as
``--database``) with a real ``gamenight serve`` process (``tests.server.live``): a room of
each of the five games, bots and people mixed, the people played by random clients
(``tests.server.client``), the host watching each room.  The server is killed with
SIGKILL twice while every client is connected:

1. with every game at a random point, and a Fliegen klatschen hunt open with a hand in
   it and a bot still to move;
2. further on, with a Superfly swat open, a swat chosen in it and a bot still to choose.

Each time, the store is read at once: no client had been told of a step it does not hold.
The server starts again on the same data folder and database; every client comes back
with its seat's token and gets its seat and the game so far (a ``fresh`` update, as far on
as the store was at least), and the open window opens again under its own id and at the
time of its last move (``Room._resumed_at``, ``BotDriver.open_window(at_ms)``), so no
bot's move lands before one already made.  Every game then plays to its end, and each
record, fetched over REST, replays and verifies with the server's public key and goes on
from the steps stored at each kill.  Last, every update any client was ever sent is
checked against that record: its step is in the record, and its events (all of them since
the client joined), its view and who was acting are exactly what replaying the record to
that step gives for the client's seat.  So nothing any client was told is missing from
the record, or different in it.

A second test restarts a room nobody comes back to: its empty seat and its absent person
are played by bots, the game ends, and the finished room is still there after another
restart.

The tables are small and the games short (option caps), the people's clients act at
machine speed and the server's bots take no pauses between turns: each database's run
takes some 20 seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pytest

from gamenight.engine import Step
from gamenight.games import GAMES
from gamenight.record import Record, replay
from gamenight.server.protocol import acting_info, seen_events
from gamenight.server.store import GameRow, Store
from gamenight.signing import PUBLIC_KEY_FILE, read_verify_key
from tests.server.client import Message, Player, over, play_randomly
from tests.server.live import LiveServer

#: What a room's people do now: everything ("play"); only turns and decisions without a
#: deadline, never a race ("turns": a hunt stays open to its deadline); nothing ("hold":
#: the game waits for them, or runs its races to their deadlines without them).
Mode = Literal["play", "turns", "hold"]
TIMED = ("window", "simultaneous")
#: The longest any phase of the test may take before it fails.
PHASE_S = 60.0
#: The races' deadline: long, so a window held open by people who do not act is still
#: open when the server is killed, with room to spare on a slow machine.
DEADLINE_MS = 6000
#: How much of a held window must be left when the server is killed in it.
MARGIN_MS = 3000.0
#: Errors a random client may get: its action lost a race to the table's next step
#: ("not-playing" when that step ended the game: the action came after the last one).
RACE_ERRORS = {"stale", "illegal", "not-playing"}


@dataclass(frozen=True)
class Table:
    """A room to make: the game, each seat's bot (None: a person's), the options."""

    game: str
    seats: tuple[str | None, ...]
    options: dict[str, Any]

    @property
    def people(self) -> list[int]:
        return [seat for seat, bot in enumerate(self.seats) if bot is None]


FLY = Table("fly", (None, "aimer:quick"), {"max_drops": 12})
HUNT = Table("fliegen-klatschen", (None, "sharp:expert", None, "sharp:average"),
             {"remove": 88, "deadline_ms": DEADLINE_MS})
SWAT = Table("superfly", ("collector:expert", None, "collector:average", None),
             {"deadline_ms": DEADLINE_MS, "max_turns": 6})
FLUSTER = Table("fluster", (None, "wordsmith"), {})
BY_GOLLY = Table("by-golly", ("memory:quick", None, "perfect"), {"max_turns": 30})
TABLES = (FLY, HUNT, SWAT, FLUSTER, BY_GOLLY)


@dataclass
class Watch:
    """A connection and the moment each of its updates arrived (on the test's clock)."""

    seat: int | None
    player: Player
    arrivals: list[tuple[float, Message]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    async def track(self) -> None:
        seen = 0
        with contextlib.suppress(ConnectionError):
            while True:
                await self.player.wait_for(lambda _: True, after=seen, timeout=3600.0)
                now = time.monotonic()
                fresh, seen = self.player.messages[seen:], len(self.player.messages)
                self.arrivals += [(now, m) for m in fresh if m["type"] == "update"]

    @property
    def last(self) -> Message | None:
        return self.arrivals[-1][1] if self.arrivals else None


@dataclass
class Kill:
    """What the store held of a room's game when the server was killed."""

    steps: list[Step]
    #: The window the server was killed in, by its id, if the test killed it in one.
    window: int | None = None


@dataclass
class Room:
    """A room the test made, what its people do in this phase, and all it was told."""

    table: Table
    code: str
    host_token: str
    tokens: dict[int, str]
    mode: Mode = "play"
    #: The step from which its people stop acting in this phase (None: never).
    target: int | None = None
    watch: Watch | None = None  # the host's connection: the spectator's view
    connections: list[Watch] = field(default_factory=list)  # every one, every life
    kills: list[Kill] = field(default_factory=list)

    @property
    def step(self) -> int:
        last = self.watch.last if self.watch is not None else None
        return 0 if last is None else int(last["step"])

    @property
    def is_over(self) -> bool:
        last = self.watch.last if self.watch is not None else None
        return last is not None and over(last)


# -- making rooms and playing in them -----------------------------------------------------------
def make_room(server: LiveServer, table: Table) -> Room:
    """A room of ``table``; its host does not sit (and watches), each person takes a seat."""
    made = server.post("/api/rooms", {"game": table.game, "players": len(table.seats),
                                      "options": table.options, "seats": list(table.seats)})
    tokens = {}
    for seat in table.people:
        taken = server.post(f"/api/rooms/{made['code']}/seats",
                            {"name": f"person {seat}", "seat": seat})
        assert taken["seat"] == seat
        tokens[seat] = taken["token"]
    return Room(table, made["code"], made["host_token"], tokens)


async def join(server: LiveServer, room: Room, seat: int | None) -> Watch:
    """A connection to ``room`` for ``seat`` (None: the host, who watches): it gets its
    seat back, and the game so far in a fresh update once one is on."""
    token = room.host_token if seat is None else room.tokens[seat]
    player = await Player.connect(server.ws_url, room.code, {"type": "join", "token": token},
                                  name=f"{room.table.game} seat {seat}")
    welcome = await player.wait_for(lambda m: m["type"] in ("welcome", "error"))
    assert welcome["type"] == "welcome", welcome
    assert welcome["seat"] == seat and welcome["host"] == (seat is None)
    watch = Watch(seat, player)
    watch.task = asyncio.create_task(watch.track())
    room.connections.append(watch)
    return watch


def may_act(room: Room, update: Message) -> bool:
    """Whether the room's people act on ``update``, as its mode and target allow."""
    acting = update["acting"]
    if room.target is not None and update["step"] >= room.target:
        return False
    if room.mode == "play":
        return True
    if room.mode == "turns":
        return acting["kind"] == "turn" or (acting["kind"] == "simultaneous"
                                            and acting["deadline_ms"] is None)
    return False


async def take_part(room: Room, watch: Watch, rng: random.Random) -> None:
    """Play ``watch``'s seat with random legal actions, as the room's mode allows, until
    the game is over or the connection closes (the server was killed)."""
    player, seat = watch.player, watch.seat
    acted: tuple[int, int] | None = None
    seen = 0
    while not player.closed:
        with contextlib.suppress(TimeoutError, ConnectionError):
            await player.wait_for(lambda _: True, after=seen, timeout=0.05)
        seen = len(player.messages)
        update = player.last_update
        if update is None:
            continue
        if over(update):
            return
        acting, legal = update["acting"], update["legal"] or []
        mark = (update["game"], update["step"])
        if (seat not in acting["seats"] or not legal or mark == acted
                or not may_act(room, update)):
            continue
        acted = mark
        message: Message = {"type": "act", "action": rng.choice(legal)}
        if update["window"] is not None:
            message["window"] = update["window"]["id"]
            message["reaction_ms"] = round(rng.uniform(150.0, 900.0), 1)
        with contextlib.suppress(Exception):  # the server may be gone this instant
            await player.send(message)


async def until(condition: Callable[[], bool], what: str, server: LiveServer) -> None:
    deadline = time.monotonic() + PHASE_S
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {PHASE_S:g} s: {what}\n{server.log()}")
        await asyncio.sleep(0.01)


def open_with_entry(room: Room) -> int | None:
    """The id of the window (or decision) open in ``room`` with a move in it already, a
    bot still to move in it, and well before its deadline, as its spectator last heard;
    None if there is none."""
    assert room.watch is not None
    if not room.watch.arrivals:
        return None
    arrived, update = room.watch.arrivals[-1]
    window, acting = update["window"], update["acting"]
    if window is None or acting["kind"] not in TIMED or update["step"] <= window["id"]:
        return None
    if all(room.table.seats[seat] is None for seat in acting["seats"]):
        return None
    elapsed = window["elapsed_ms"] + (time.monotonic() - arrived) * 1000.0
    return int(window["id"]) if acting["deadline_ms"] - elapsed > MARGIN_MS else None


def stored(url: str, codes: list[str]) -> dict[str, GameRow]:
    """The last game of each room, as the store holds it (read by the test itself)."""
    store = Store(url)
    try:
        rows = {code: store.room(code) for code in codes}
    finally:
        store.close()
    games = {}
    for code, row in rows.items():
        assert row is not None and row.games, f"room {code} is not stored"
        games[code] = row.games[-1]
    return games


# -- a server's life ------------------------------------------------------------------------------
@dataclass
class Life:
    """The clients of one server process."""

    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    async def connect(self, server: LiveServer, room: Room, rng: random.Random) -> None:
        room.watch = await join(server, room, None)
        for seat in room.table.people:
            watch = await join(server, room, seat)
            self.tasks.append(asyncio.create_task(take_part(room, watch, rng)))

    async def end(self, rooms: list[Room]) -> None:
        """The server is gone or the games are over: wait for every client to stop."""
        await asyncio.gather(*self.tasks)
        for room in rooms:
            for watch in room.connections:
                await watch.player.close()
                if watch.task is not None:
                    await watch.task


def kill(server: LiveServer, rooms: list[Room], window_room: Room, window: int) -> None:
    """``kill -9`` now; then check that the store holds everything any client was told,
    and that the server died in ``window_room``'s open ``window``."""
    server.kill9()
    games = stored(server.database or "", [room.code for room in rooms])
    for room in rooms:
        game = games[room.code]
        told = max((int(u["step"]) for w in room.connections if w.player.updates()
                    for u in w.player.updates()), default=0)
        assert told <= len(game.steps), (
            f"{room.table.game}: a client was told of step {told} but only "
            f"{len(game.steps)} steps were stored")
        room.kills.append(Kill(list(game.steps), window if room is window_room else None))
    game = games[window_room.code]
    state = GAMES[window_room.table.game].new(len(window_room.table.seats), game.seed,
                                              **window_room.table.options)
    for step in game.steps:
        if step.seat is None:
            drawn = state.sample_chance()
            assert drawn == step.value
            state.apply_chance(drawn)
        else:
            state.apply_text(step.seat, step.value, step.at_ms)
    assert state.acting().kind in TIMED and window < len(game.steps), (
        f"{window_room.table.game}: the server was not killed in window {window} with a "
        f"move in it (stored steps: {len(game.steps)}, acting: {state.acting()})")


async def restart(server: LiveServer, rooms: list[Room], life: Life,
                  rng: random.Random) -> Life:
    """Start the server again; every client comes back and gets its seat and the game as
    far as the store has it (and the open window by its id)."""
    await life.end(rooms)
    server.start()
    new = Life()
    for room in rooms:
        await new.connect(server, room, rng)
        kill_ = room.kills[-1]
        for watch in room.connections[-1 - len(room.table.people):]:
            first = await watch.player.wait_for(lambda m: m["type"] == "update")
            assert first["fresh"] and first["game"] == 1
            assert first["step"] >= len(kill_.steps), (
                f"{room.table.game}: after the restart seat {watch.seat} was shown step "
                f"{first['step']} but {len(kill_.steps)} steps had been stored")
            if kill_.window is not None:
                # Its people have not acted in it: it runs on, with its id, once they are
                # all back (the time the restart took is not taken from them).
                opened = first if first["window"] is not None else await watch.player.wait_for(
                    lambda m: m["type"] == "update" and m["window"] is not None)
                assert opened["window"]["id"] == kill_.window, (
                    f"{room.table.game}: the window taken up again has the id "
                    f"{opened['window']['id']}, not {kill_.window}")
    return new


def aim(rooms: list[Room], rng: random.Random, modes: dict[str, Mode],
        window_room: Room) -> None:
    """Set the next phase: each room's people play on for a random number of steps
    (those of ``window_room`` as ``modes`` says, until a window is open there)."""
    for room in rooms:
        room.mode = modes.get(room.table.game, "play")
        room.target = None if room is window_room else room.step + rng.randint(1, 6)


async def run_phase(server: LiveServer, rooms: list[Room], window_room: Room) -> int:
    """Play until every room has gone its way on (then its people stop) and
    ``window_room`` has a window open with a move in it; returns that window's id."""
    found: list[int] = []

    def ready() -> bool:
        if not all(r.target is None or r.step >= r.target or r.is_over for r in rooms):
            return False
        window = open_with_entry(window_room)
        if window is None:
            return False
        found.append(window)
        return True

    await until(ready, f"{window_room.table.game}: a window open with a move in it", server)
    return found[-1]


# -- checking what the clients were told against the records ----------------------------------
def normal(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists, and so on)."""
    return json.loads(json.dumps(value))


@dataclass
class Replayed:
    """What replaying a record gives at each step a client was told of."""

    events_at: dict[int, int] = field(default_factory=dict)  # step -> events so far
    views: dict[tuple[int | None, int], Any] = field(default_factory=dict)
    acting: dict[int, Any] = field(default_factory=dict)
    events: list[Any] = field(default_factory=list)  # the game's events, in order


def replayed(record: Record, key_file: Path, wanted: dict[int, set[int | None]]) -> Replayed:
    """Replay (and verify) ``record``; at each step in ``wanted``, keep the view of each
    seat wanted there and who was acting."""
    out = Replayed()

    def on_step(index: int, _: Step, state: Any) -> None:
        step = index + 1
        out.events_at[step] = len(state.events)
        for seat in wanted.get(step, ()):
            out.views[seat, step] = normal(dict(state.view(seat)))
        if step in wanted:
            out.acting[step] = normal(acting_info(state))

    final = replay(record, on_step, key=read_verify_key(key_file))
    out.events = list(final.events)
    return out


def check_connection(game: str, watch: Watch, record: Replayed) -> None:
    """Every update ``watch`` got is the record's game at that step, as its seat sees it:
    its events since it joined, its view, who acts."""
    told: list[Any] = []
    for update in watch.player.updates():
        step = int(update["step"])
        where = f"{game}, seat {watch.seat}, step {step}"
        assert step in record.events_at, f"{where}: the record has no step {step}"
        told = list(update["events"]) if update["fresh"] else told + update["events"]
        expected = normal([e.to_json() for e in seen_events(
            record.events[:record.events_at[step]], watch.seat)])
        assert told == expected, f"{where}: the events told differ from the record's"
        assert update["view"] == record.views[watch.seat, step], f"{where}: the view differs"
        assert update["acting"] == record.acting[step], f"{where}: who acts differs"
    errors = {e["code"] for e in watch.player.errors()}
    assert errors <= RACE_ERRORS, f"{game}, seat {watch.seat}: errors {errors}"


def check_room(server: LiveServer, room: Room) -> None:
    data = server.get(f"/api/rooms/{room.code}/games/1/record")
    record = Record.from_json(data)
    wanted: dict[int, set[int | None]] = {}
    for watch in room.connections:
        for update in watch.player.updates():
            wanted.setdefault(int(update["step"]), set()).add(watch.seat)
    result = replayed(record, server.folder / PUBLIC_KEY_FILE, wanted)
    assert record.result is not None
    for kill_ in room.kills:  # the record goes on from what the store held
        assert record.steps[:len(kill_.steps)] == kill_.steps, room.table.game
        if kill_.window is not None:
            check_window_taken_up(room, record, kill_)
    for watch in room.connections:
        check_connection(room.table.game, watch, result)


def check_window_taken_up(room: Room, record: Record, kill_: Kill) -> None:
    """In the window the server was killed in, no bot's move and no expiry after the
    restart lands before the last move made in it before the kill."""
    assert kill_.window is not None
    before = [s.at_ms for s in kill_.steps[kill_.window:] if s.at_ms is not None]
    assert before, f"{room.table.game}: no move in the window before the kill"
    after = list(_same_window(record.steps[len(kill_.steps):]))
    for step in after:
        assert step.at_ms is not None
        if step.seat is not None and room.table.seats[step.seat] is not None:
            assert step.at_ms >= max(before), (
                f"{room.table.game}: after the restart {step} landed before "
                f"{max(before)} ms, the window's last time before the kill")


def _same_window(steps: list[Step]) -> Iterator[Step]:
    """The steps of a window until it closes (the first untimed step)."""
    for step in steps:
        if step.at_ms is None:
            return
        yield step


# -- the test ----------------------------------------------------------------------------------
@pytest.mark.slow
async def test_a_server_killed_mid_game_comes_back_and_every_game_finishes(
        tmp_path: Path, database_url: str) -> None:
    rng = random.Random(f"kill -9 {database_url[:6]}")
    server = LiveServer(tmp_path, database_url).start()
    rooms: list[Room] = []
    life = Life()
    try:
        await asyncio.wait_for(play_through_two_kills(server, rooms, life, rng), 150.0)
        for room in rooms:
            check_room(server, room)
    except BaseException:
        print(server.log())
        raise
    finally:
        server.stop()
        for room in rooms:
            for watch in room.connections:
                await watch.player.close()


async def play_through_two_kills(server: LiveServer, rooms: list[Room], life: Life,
                                 rng: random.Random) -> None:
    rooms += [make_room(server, table) for table in TABLES]
    hunt, swat = rooms[TABLES.index(HUNT)], rooms[TABLES.index(SWAT)]
    # 1: every game at a random point, a hunt open with a hand in it.
    aim(rooms, rng, {"fliegen-klatschen": "turns"}, hunt)
    for room in rooms:
        await life.connect(server, room, rng)
        assert room.watch is not None
        await room.watch.player.send({"type": "start"})
    window = await run_phase(server, rooms, hunt)
    ended = [room.table.game for room in rooms if room.is_over]
    assert not ended, f"a game ended before the first kill: {ended}"
    kill(server, rooms, hunt, window)
    life = await restart(server, rooms, life, rng)

    # 2: further on, a swat open with a fly already swatted (or passed).
    aim(rooms, rng, {"superfly": "hold"}, swat)
    window = await run_phase(server, rooms, swat)
    kill(server, rooms, swat, window)
    life = await restart(server, rooms, life, rng)

    # Every game to its end.
    for room in rooms:
        room.mode, room.target = "play", None
    await until(lambda: all(room.is_over for room in rooms), "every game over", server)
    await life.end(rooms)


async def test_after_a_restart_seats_nobody_comes_back_to_are_played_by_bots(
        tmp_path: Path) -> None:
    """A room taken up again has nobody connected: an empty seat is played by the game's
    default bot as before the kill, and a person who does not come back has the room's
    grace period, then the default bot plays for them, so the game still ends.  After
    another restart the finished room is still there to see."""
    server = LiveServer(tmp_path).start()
    try:
        made = server.post("/api/rooms", {"game": "fly", "players": 3, "grace_s": 0.3,
                                          "seats": [None, None, "aimer:quick"],
                                          "options": {"max_drops": 12}})
        code = made["code"]
        token = server.post(f"/api/rooms/{code}/seats", {"name": "ann", "seat": 0})["token"]
        person = await Player.connect(server.ws_url, code, {"type": "join", "token": token})
        host = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
        await host.wait_for(lambda m: m["type"] == "welcome")
        await host.send({"type": "start"})  # seat 1 is empty: the default bot plays it
        turn = await person.wait_for(lambda m: m["type"] == "update"
                                     and m["acting"]["seats"] == [0])
        await person.send({"type": "act", "action": turn["legal"][0]})
        await person.wait_for(lambda m: m["type"] == "update" and m["step"] > turn["step"]
                              and m["acting"]["seats"] == [0])
        server.kill9()
        await person.close()
        await host.close()

        server.start()  # ann does not come back
        host = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
        standing_in = await host.wait_for(lambda m: m["type"] == "room"
                                          and m["room"]["seats"][0]["bot"] is not None)
        assert [s["bot"] for s in standing_in["room"]["seats"]] == ["aimer", "aimer",
                                                                     "aimer:quick"]
        await host.wait_for(over)
        record = Record.from_json(server.get(f"/api/rooms/{code}/games/1/record"))
        replay(record, key=read_verify_key(tmp_path / PUBLIC_KEY_FILE))
        assert record.result is not None and record.seats[0] == "ann"
        server.kill9()
        await host.close()

        # Over before this start, the room is taken up only once someone asks for it:
        # they see the result as it was.
        server.start()
        assert server.get("/api/health")["rooms"] == 0
        host = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
        welcome = await host.wait_for(lambda m: m["type"] == "welcome")
        assert welcome["room"]["status"] == "over"
        result = await host.wait_for(lambda m: m["type"] == "update")
        assert result["fresh"] and over(result) and result["step"] == len(record.steps)
        await host.close()
    except BaseException:
        print(server.log())
        raise
    finally:
        server.stop()


@pytest.mark.slow
async def test_after_kill_9_in_a_swat_she_answered_the_next_swats_wait_for_her(
        tmp_path: Path) -> None:
    """Issue 39, item 2, over the network: ``kill -9`` in a Superfly swat Ann has answered
    (a bot still to choose).  After the restart her answer is in the stored game, and
    while she is reconnecting no swat she is in opens (the spectator sees none, and the
    game does not move past it) for many deadlines' worth of time; once she is back the
    swat opens for her at its time 0, and she plays the game to its end."""
    deadline_ms = 1000
    server = LiveServer(tmp_path, f"sqlite:///{tmp_path / 'rooms.db'}").start()
    players: list[Player] = []
    try:
        made = server.post("/api/rooms", {
            "game": "superfly", "players": 4, "grace_s": 60.0,
            "seats": [None, "collector:average", "collector:average", "collector:expert"],
            "options": {"deadline_ms": deadline_ms, "max_turns": 12}})
        code = made["code"]
        token = server.post(f"/api/rooms/{code}/seats", {"name": "ann", "seat": 0})["token"]
        ann = await Player.connect(server.ws_url, code, {"type": "join", "token": token})
        host = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
        players += [ann, host]
        await host.wait_for(lambda m: m["type"] == "welcome")
        await host.send({"type": "start"})

        def her_swat(m: Message) -> bool:
            return (m["type"] == "update" and m["window"] is not None
                    and 0 in m["acting"]["seats"] and bool(m["legal"]))

        swat = await ann.wait_for(her_swat)
        answer = next(a for a in swat["legal"] if a != "pass")
        await ann.send({"type": "act", "action": answer, "window": swat["window"]["id"],
                        "reaction_ms": 150.0})
        answered = await ann.wait_for(lambda m: m["type"] == "update"
                                      and m["step"] > swat["step"])
        server.kill9()
        for player in players:
            await player.close()
        games = stored(server.database or "", [code])
        assert any(s.seat == 0 and s.value == answer for s in games[code].steps), (
            "her answer was told, so it was stored")
        assert answered["step"] <= len(games[code].steps)

        server.start()  # Ann is slow to come back; the host watches meanwhile
        host = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
        players.append(host)
        await host.wait_for(lambda m: m["type"] == "update")
        await asyncio.sleep(5 * deadline_ms / 1000)
        shown = host.updates()
        assert not any(u["window"] is not None and 0 in u["acting"]["seats"] for u in shown), (
            "a swat ran with Ann away")
        held = shown[-1]
        assert held["window"] is None and held["acting"]["kind"] == "simultaneous"
        assert 0 in held["acting"]["seats"] and not over(held)

        ann = await Player.connect(server.ws_url, code, {"type": "join", "token": token})
        players.append(ann)
        opened = await ann.wait_for(lambda m: m["type"] == "update" and m["window"] is not None)
        assert opened["step"] == held["step"] and 0 in opened["acting"]["seats"]
        assert opened["window"]["elapsed_ms"] < deadline_ms / 2, "its deadline ran before"
        await play_randomly(ann, 0, random.Random("back"))
        await host.wait_for(over)
        assert all(e["code"] in RACE_ERRORS for e in ann.errors())
    except BaseException:
        print(server.log())
        raise
    finally:
        for player in players:
            await player.close()
        server.stop()
