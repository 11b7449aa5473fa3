"""A room's own rules, played in this process on a real SQLite store: the lobby, starting,
turns, spectators, rematches, and the order that makes a crash lose nothing (every step
is committed before anyone is told of it).

Connections here are :class:`Client` objects whose ``send`` keeps the message (what the
WebSocket writer would send); the live-server tests drive the same rooms over the network.
The rooms here run on a simulated clock (``live.ManualScheduler``): a bot's pause, a race's
deadline and a far player's round trip pass when the test says, and nothing sleeps.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamenight.games import get_game
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF
from gamenight.live import ManualScheduler
from gamenight.record import Record, replay
from gamenight.server.config import Pauses
from gamenight.server.protocol import ProtocolError
from gamenight.server.room import Client, Room, token_hash
from gamenight.server.store import Store
from gamenight.signing import generate_key_pair, read_signing_key, read_verify_key

Message = dict[str, Any]


class Table:
    """A store, a key and a room on them."""

    def __init__(self, folder: Path, game: str, players: int, seats: list[str | None],
                 **options: Any) -> None:
        self.folder = folder
        self.store = Store(f"sqlite:///{folder / 'rooms.db'}")
        generate_key_pair(folder)
        self.key = read_signing_key(folder / "record-signing.key")
        #: The room's time: it moves only when a test moves it.
        self.scheduler = ManualScheduler()
        self.room, self.host_token = Room.create(
            get_game(game), players, options, seats, 60.0, store=self.store, key=self.key,
            pauses=Pauses.none(), scheduler=self.scheduler)

    def client(self, token: str | None = None,
               check: Callable[[Message], None] | None = None) -> tuple[Client, list[Message]]:
        """A connection that keeps what it is sent (checking each with ``check``)."""
        got: list[Message] = []

        def send(text: str) -> None:
            message = json.loads(text)
            if check is not None:
                check(message)
            got.append(message)

        client = Client(send)
        self.room.join(client, token)
        return client, got

    def stored_steps(self) -> int:
        row = self.store.room(self.room.code)
        assert row is not None
        return len(row.games[-1].steps) if row.games else 0


def updates(got: list[Message]) -> list[Message]:
    return [m for m in got if m["type"] == "update"]


#: How far the simulated clock moves after a person's action: a person never acts twice
#: at the very same instant.
KEY_S = 0.001


def next_moment(table: Table, limit_s: float = 600.0) -> None:
    """Move the room's clock on to its next timer (a bot's pause, a bot's moment in a
    race, a deadline) and run it."""
    scheduler = table.scheduler
    due = scheduler.next_at()
    assert due is not None, "nothing is due: the room waits for someone who never acts"
    assert due <= limit_s, "the room did not get there in time"
    scheduler.run_until(due)


def settle(table: Table, done: Callable[[], bool]) -> None:
    """Let the room's timers run (bots' turns, windows) until ``done``."""
    while not done():
        next_moment(table)


def play_person(table: Table, client: Client, got: list[Message], seat: int,
                rng: random.Random) -> None:
    """Play ``seat`` with random legal actions from its updates until the game is over."""
    room = table.room

    def over() -> bool:
        return room.state is not None and room.state.is_over

    while not over():
        last = updates(got)[-1] if updates(got) else None
        if last is not None and seat in last["acting"]["seats"] and last["legal"]:
            window = last["window"]
            room.act(client, rng.choice(last["legal"]),
                     None if window is None else window["id"],
                     None if window is None else rng.uniform(100, 400))
            table.scheduler.advance(KEY_S)
        else:
            next_moment(table, limit_s=table.scheduler.now() + 600.0)


@pytest.mark.parametrize(("game", "players", "seats"), [
    ("fly", 2, [None, "aimer"]),
    ("by-golly", 3, ["perfect", None, "memory:beginner"]),
    ("fluster", 2, [None, "wordsmith"]),
])
async def test_every_step_is_committed_before_anyone_is_told_of_it(
        tmp_path: Path, game: str, players: int, seats: list[str | None]) -> None:
    table = Table(tmp_path, game, players, seats)
    person = seats.index(None)
    seat, token = table.room.sit("Ann")
    assert seat == person

    def committed_first(message: Message) -> None:
        if message["type"] == "update":
            assert message["step"] <= table.stored_steps(), "told before it was stored"

    client, got = table.client(token, committed_first)
    watcher, watched = table.client(None, committed_first)
    host, _ = table.client(table.host_token)
    table.room.start(host)
    play_person(table, client, got, person, random.Random(4))
    settle(table, lambda: table.room.committed == table.stored_steps())
    # The whole game is stored, signed, and replays to the end everyone was shown.
    record = table.store.record(table.room.code, 1)
    assert record is not None
    final = replay(Record.from_json(record), key=read_verify_key(tmp_path / "record-signing.pub"))
    assert updates(got)[-1]["view"] == json.loads(json.dumps(final.view(person)))
    assert updates(watched)[-1]["view"] == json.loads(json.dumps(final.view(None)))
    assert all(not m["legal"] for m in updates(watched)), "a spectator has no actions"
    assert watcher.seat is None


async def test_the_lobby_seats_people_and_the_host_starts_with_bots_in_empty_seats(
        tmp_path: Path) -> None:
    table = Table(tmp_path, "by-golly", 4, [None, "random", None, None])
    room = table.room
    assert [s["kind"] for s in room.info()["seats"]] == ["open", "bot", "open", "open"]
    seat, _ = room.sit("Ann")
    assert seat == 0
    with pytest.raises(ValueError, match="not open"):
        room.sit("Bob", seat=1)  # the bot's
    seat, _ = room.sit("Bob", seat=3)
    assert seat == 3
    stored = table.store.room(room.code)
    assert stored is not None and [s.name for s in stored.seats][3] == "Bob"
    someone, _ = table.client(None)
    with pytest.raises(ProtocolError) as refused:
        room.start(someone)
    assert refused.value.code == "not-allowed"
    host, _ = table.client(table.host_token)
    room.start(host)
    assert room.status == "playing"
    seats = room.info()["seats"]
    # Seat 2 was never taken: the game's default bot plays it.
    assert seats[2]["kind"] == "open" and seats[2]["bot"] == get_game("by-golly").default_bot
    assert room.bots[2] is not None and room.bots[0] is None and room.bots[3] is None
    with pytest.raises(ValueError, match="started"):
        room.sit("Cat")
    with pytest.raises(ProtocolError):
        room.start(host)
    room.close()


async def test_the_first_seat_taken_is_the_first_open_one_and_a_full_room_says_so(
        tmp_path: Path) -> None:
    table = Table(tmp_path, "fly", 2, [None, None])
    first, token = table.room.sit("Ann")
    second, _ = table.room.sit("Bob")
    assert (first, second) == (0, 1)
    assert table.room.seats[0].token_hash == token_hash(token)
    with pytest.raises(ValueError, match="every seat is taken"):
        table.room.sit("Cat")


async def test_a_turn_out_of_turn_or_an_illegal_action_changes_nothing(tmp_path: Path) -> None:
    table = Table(tmp_path, "fly", 2, [None, None])
    _, ann_token = table.room.sit("Ann")
    _, bob_token = table.room.sit("Bob")
    ann, _ = table.client(ann_token)
    bob, _ = table.client(bob_token)
    spectator, _ = table.client(None)
    host, _ = table.client(table.host_token)
    table.room.start(host)
    state = table.room.state
    assert state is not None
    steps = len(state.history)
    mover = state.acting().seats[0]
    waiting = bob if mover == 0 else ann
    for client, text, code in [(waiting, str(state.legal_actions(mover)[0]), "illegal"),
                               (spectator, "pass", "not-allowed"),
                               (ann if mover == 0 else bob, "no such action", "illegal")]:
        with pytest.raises(ProtocolError) as refused:
            table.room.act(client, text, None, None)
        assert refused.value.code == code
    assert len(state.history) == steps and table.stored_steps() == steps
    table.room.close()


async def test_a_rematch_starts_once_every_person_asks_and_keeps_the_first_record(
        tmp_path: Path) -> None:
    table = Table(tmp_path, "fly", 2, [None, "aimer"])
    _, token = table.room.sit("Ann")
    ann, got = table.client(token)
    host, _ = table.client(table.host_token)
    with pytest.raises(ProtocolError) as early:
        table.room.rematch(ann)
    assert early.value.code == "not-playing"
    table.room.start(host)
    play_person(table, ann, got, 0, random.Random(2))
    first_seed = table.room.state.seed if table.room.state else None
    table.room.rematch(ann)
    assert table.room.number == 2 and table.room.status == "playing"
    assert table.room.state is not None and table.room.state.seed != first_seed
    assert table.store.record(table.room.code, 1) is not None
    assert table.store.record(table.room.code, 2) is None
    # The rematch's first update is fresh: the new game's events only.
    last = updates(got)[-1]
    assert last["game"] == 2 and last["fresh"]
    table.room.close()


def race(folder: Path, later_s: float) -> int:
    """Seat 0 (5 ms away) and seat 1 (400 ms away) slap the same fly of a hunt, seat 0's
    slap arriving 250 ms after the hunt opened claiming a 200 ms reaction, seat 1's
    ``later_s`` after that claiming 190 ms; the seat that wins the fly."""
    folder.mkdir()
    table = Table(folder, "fliegen-klatschen", 2, [None, None], deadline_ms=3000)
    room = table.room
    tokens = [room.sit("Near")[1], room.sit("Far")[1]]
    clients = [table.client(token) for token in tokens]
    for (client, _), rtt in zip(clients, (5.0, 400.0), strict=True):
        client.latency.sent_ping(1, 1000.0)
        client.latency.got_pong(1, 1000.0 + rtt)
    host, _ = table.client(table.host_token)
    room.start(host)
    state = room.state
    assert state is not None
    fly = None
    while fly is None:
        while room.window is None:  # reveal until a hunt opens
            room.act(clients[state.acting().seats[0]][0], "reveal", None, None)
            settle(table, lambda: room.window is not None or state.acting().kind == "turn")
        hunt = state.hunt  # type: ignore[attr-defined]
        # A fly of a colour the hunt allows (a wrong one earns a penalty, not the fly).
        fly = next((a for a in updates(clients[0][1])[-1]["legal"]
                    if a != "pass" and COLOUR_OF[int(a.split()[1])] in hunt.allowed), None)
        if fly is None:  # nothing worth slapping in this hunt: both pass, and on
            for client, _ in clients:
                room.act(client, "pass", room.window, 100.0)
            settle(table, lambda: room.window is None)
    opened_at = table.scheduler.now()
    table.scheduler.advance(0.25)
    room.act(clients[0][0], fly, room.window, 200.0)  # placed at 215 ms or later
    table.scheduler.advance(later_s)
    assert table.scheduler.now() - opened_at == pytest.approx(0.25 + later_s)
    room.act(clients[1][0], fly, room.window, 190.0)
    for client, _ in clients:
        if room.window is not None and client.seat in state.acting().seats:
            room.act(client, "pass", room.window, 1000.0)
    won = [e for e in state.events if type(e).__name__ == "FlyWon"]
    room.close()
    assert won
    seat: int = won[-1].seat  # type: ignore[attr-defined]
    return seat


async def test_a_far_players_quicker_reaction_wins_the_fly_though_it_arrives_later(
        tmp_path: Path) -> None:
    """The fairness clamp, wired into a room (``docs/fairness.md``): seat 1 is 400 ms away
    and seat 0 next door; both slap the same fly, seat 0's slap arriving first.  Seat 1's
    arrives 150 ms later, but its client measured a quicker reaction, which its round trip
    makes possible: seat 1 wins the fly.  The same claim arriving 750 ms later is more
    than the round trip explains: it is placed no earlier than the trip allows, and seat
    0 wins."""
    assert race(tmp_path / "in-time", 0.15) == 1
    assert race(tmp_path / "too-late", 0.75) == 0


async def test_the_host_who_sits_plays_and_starts_with_one_token(tmp_path: Path) -> None:
    table = Table(tmp_path, "fly", 2, [None, "aimer"])
    seat, token = table.room.sit("Ann", token=table.host_token)
    assert (seat, token) == (0, table.host_token)
    host, got = table.client(token)
    assert host.host and host.seat == 0
    welcome = got[0]
    assert welcome["type"] == "welcome" and welcome["host"] and welcome["seat"] == 0
    table.room.start(host)
    assert updates(got)[-1]["view"] == json.loads(json.dumps(table.room.state.view(0)))
    table.room.close()


async def test_a_secret_choice_offers_nothing_until_its_window_opens(tmp_path: Path) -> None:
    # Superfly's next swat follows the dice at once, but the table opens it only after
    # the pause: until its window is open, no seat is offered an action to send.
    table = Table(tmp_path, "superfly", 3, [None, "collector", "collector"])
    seat, token = table.room.sit("Ann")
    client, got = table.client(token)
    host, _ = table.client(table.host_token)
    table.room.start(host)

    def waiting() -> list[Message]:
        return [m for m in updates(got)
                if m["acting"]["kind"] == "simultaneous" and m["window"] is None]

    rng = random.Random(8)
    while len(waiting()) < 3:  # three swats, and the moments between them
        last = updates(got)[-1]
        if seat in last["acting"]["seats"] and last["legal"] and last["window"]:
            table.room.act(client, rng.choice(last["legal"]), last["window"]["id"], 300.0)
            table.scheduler.advance(KEY_S)
        else:
            next_moment(table, limit_s=60.0)
    for message in waiting():
        assert message["legal"] == [] and message["legal_count"] == 0, message["step"]
    opened = [m for m in updates(got) if m["window"] is not None and seat in m["acting"]["seats"]]
    assert opened and all(m["legal"] for m in opened)
    assert not [m for m in got if m["type"] == "error"]


async def test_an_idle_room_is_let_go_from_memory_and_taken_up_again_when_asked_for(
        tmp_path: Path) -> None:
    from gamenight.server.app import Server
    from gamenight.server.config import ServerConfig

    server = Server(ServerConfig(database=f"sqlite:///{tmp_path / 'rooms.db'}",
                                 key_dir=tmp_path, idle_room_s=300.0, pauses=Pauses.none()))
    room, host_token = Room.create(get_game("by-golly"), 2, {}, [None, "perfect"], 60.0,
                                   store=server.store, key=server.key, pauses=Pauses.none())
    server.rooms[room.code] = room
    seat, token = room.sit("Ann", token=host_token)
    made = time.monotonic()
    assert server.let_go_idle(made + 10) == 0, "not idle for long yet"
    client = Client(lambda _: None)
    room.join(client, token)
    assert server.let_go_idle(made + 3600) == 0, "someone is there"
    room.leave(client)
    assert server.let_go_idle(time.monotonic() + 301) == 1
    assert room.code not in server.rooms

    # Asked for again (the invite link, a rejoin): taken up from the store as it was.
    again = server.room(room.code)
    assert again is not None and again is not room and server.rooms[room.code] is again
    assert [(s.name, s.kind) for s in again.seats] == [(s.name, s.kind) for s in room.seats]
    assert again.seats[0].name == "Ann" and again.seats[1].kind == "bot"
    got: list[Message] = []
    ann = Client(lambda text: got.append(json.loads(text)))
    again.join(ann, token)
    assert ann.seat == seat and ann.host, "her token is still her seat and the host's"
    again.start(ann)
    assert again.status == "playing"
    # A game in play is never let go, even with nobody there: its bots play on.
    again.leave(ann)
    assert server.let_go_idle(time.monotonic() + 3600) == 0
    server.close()


async def test_after_a_restart_a_race_waits_for_its_people_to_be_back(tmp_path: Path) -> None:
    # Ann reveals until a hunt opens, and the server stops before she slaps.
    table = Table(tmp_path, "fliegen-klatschen", 2, [None, "sharp"])
    seat, token = table.room.sit("Ann")
    client, got = table.client(token)
    host, _ = table.client(table.host_token)
    table.room.start(host)
    while True:
        last = updates(got)[-1]
        if last["window"] is not None and seat in last["acting"]["seats"]:
            break
        if last["acting"]["kind"] == "turn" and last["legal"] and seat in last["acting"]["seats"]:
            table.room.act(client, "reveal", None, None)
        else:
            next_moment(table, limit_s=60.0)
    hunt = last["window"]["id"]
    table.room.close()  # the server stops: its timers with it

    # Taken up again from the store: the hunt does not run while Ann is away.
    row = table.store.room(table.room.code)
    assert row is not None
    again = Room.resume(row, get_game("fliegen-klatschen"), store=table.store, key=table.key,
                        pauses=Pauses.none(), scheduler=table.scheduler)
    again.advance()
    seen: list[Message] = []
    again.join(Client(lambda text: seen.append(json.loads(text))), None)
    table.scheduler.advance(30.0)  # far longer than the bot takes to slap: nothing runs
    assert again.window is None
    assert updates(seen)[-1]["window"] is None and updates(seen)[-1]["legal"] == []
    # Ann is back: the same hunt opens again, under its id, and she may slap.
    back: list[Message] = []
    ann = Client(lambda text: back.append(json.loads(text)))
    again.join(ann, token)
    opened = [m for m in updates(back) if m["window"] is not None]
    assert opened and opened[-1]["window"]["id"] == hunt
    assert any(action.startswith("slap") for action in opened[-1]["legal"])
    again.close()


async def test_a_person_gone_past_the_grace_period_is_played_by_a_stand_in(
        tmp_path: Path) -> None:
    # The grace period runs on the room's clock: 59 s after Ann left her seat waits for
    # her; at 60 s the game's default bot sits in and plays her turns.
    table = Table(tmp_path, "by-golly", 2, [None, "random"])
    seat, token = table.room.sit("Ann")
    ann, _ = table.client(token)
    host, _ = table.client(table.host_token)
    table.room.start(host)
    table.room.leave(ann)
    table.scheduler.advance(59.0)
    assert table.room.seats[seat].stand_in is None and table.room.bots[seat] is None
    table.scheduler.advance(1.0)
    assert table.room.seats[seat].stand_in == get_game("by-golly").default_bot
    state = table.room.state
    assert state is not None
    settle(table, lambda: state.is_over)
    assert any(step.seat == seat for step in state.history), "the stand-in never played"
    table.room.close()


# -- a restart keeps people's turns (issue 39, item 2) ---------------------------------------------
#: Superfly with one person (Ann, seat 0) and three bots; swats of five seconds.
SWAT_SEATS: list[str | None] = [None, "collector:average", "collector:average", "collector:expert"]


def killed_in_a_swat_ann_answered(tmp_path: Path) -> tuple[Table, str, int, str]:
    """A Superfly room played on the simulated clock until a swat opens with Ann in it;
    she answers at once, a bot still to choose, and the server stops there (its timers
    with it).  Returns the table, Ann's token, the swat's id and her answer."""
    table = Table(tmp_path, "superfly", 4, SWAT_SEATS, max_turns=30)
    seat, token = table.room.sit("Ann")
    assert seat == 0
    client, got = table.client(token)
    host, _ = table.client(table.host_token)
    table.room.start(host)
    while True:
        last = updates(got)[-1]
        if last["window"] is not None and seat in last["acting"]["seats"] and last["legal"]:
            break
        next_moment(table, limit_s=60.0)
    swat = last["window"]["id"]
    answer = next(a for a in last["legal"] if a != "pass")
    table.room.act(client, answer, swat, 150.0)
    room, state = table.room, table.room.state
    assert state is not None and room.window == swat, "a bot is still to choose"
    assert seat not in state.acting().seats and state.acting().seats
    assert table.stored_steps() == len(state.history), "her answer is stored"
    room.close()  # the server stops
    return table, token, swat, answer


def take_up(table: Table) -> Room:
    """The room as a restarted server takes it up from the store, and sets it going."""
    row = table.store.room(table.room.code)
    assert row is not None
    again = Room.resume(row, get_game("superfly"), store=table.store, key=table.key,
                        pauses=Pauses.none(), scheduler=table.scheduler)
    again.advance()
    return again


def swats_run(room: Room) -> int:
    """How many swats with a choice in them the history holds (a swat's steps are timed)."""
    state = room.state
    assert state is not None
    starts = 0
    timed_before = False
    for step in state.history:
        timed = step.at_ms is not None
        starts += timed and not timed_before
        timed_before = timed
    return starts


async def test_after_a_restart_every_swat_waits_for_its_person_until_they_are_back(
        tmp_path: Path) -> None:
    """``kill -9`` in a swat Ann has answered: the swat taken up keeps her answer and runs
    on (she has nothing left to do in it), but the swats after it do not open, nor does
    their deadline run, until she is back; then they run as ever, and she plays them."""
    table, token, swat, answer = killed_in_a_swat_ann_answered(tmp_path)
    again = take_up(table)
    state = again.state
    assert state is not None
    # Her answer is kept: the swat taken up is the same one, with her choice in it.
    assert any(step.seat == 0 and step.value == answer for step in state.history[swat:])
    assert 0 not in state.acting().seats
    watched: list[Message] = []
    again.join(Client(lambda text: watched.append(json.loads(text))), None)
    # The swat she answered runs on without her (the bots choose, its dice, the next
    # flies); the next swat, hers too, is held: no window, no deadline, nothing moves.
    swats = swats_run(again)
    table.scheduler.advance(30.0)  # six deadlines' worth, half her grace
    assert again.window is None, "a swat ran with Ann away"
    acting = state.acting()
    assert acting.kind == "simultaneous" and 0 in acting.seats
    held_at = len(state.history)
    assert swats_run(again) == swats, "a swat after the restart was played without her"
    table.scheduler.advance(20.0)
    assert len(state.history) == held_at and again.window is None
    last = updates(watched)[-1]
    assert last["window"] is None and last["step"] == held_at
    assert again.seats[0].stand_in is None
    # Ann is back: the swat opens for her, at its time 0, and she swats in it.
    got: list[Message] = []
    ann = Client(lambda text: got.append(json.loads(text)))
    again.join(ann, token)
    opened = updates(got)[-1]
    assert opened["window"] is not None and opened["window"]["elapsed_ms"] == 0.0
    assert opened["legal"] and again.window == held_at
    # From now on play runs as ever: every swat opens for her, at once, and she plays it.
    played = 0
    while played < 3 and not state.is_over:
        last = updates(got)[-1]
        if last["window"] is not None and 0 in last["acting"]["seats"] and last["legal"]:
            again.act(ann, last["legal"][0], last["window"]["id"], 300.0)
            played += 1
            table.scheduler.advance(KEY_S)
        else:
            next_moment(table, limit_s=table.scheduler.now() + 30.0)
    assert played == 3 or state.is_over
    again.close()


async def test_after_a_restart_a_person_who_never_comes_back_is_played_past_their_grace(
        tmp_path: Path) -> None:
    """The same restart, and Ann does not come back: her swats wait for her the room's
    grace period (60 s here), no longer; then her stand-in plays them and the game ends."""
    table, _, _, _ = killed_in_a_swat_ann_answered(tmp_path)
    again = take_up(table)
    state = again.state
    assert state is not None
    table.scheduler.advance(59.0)
    held_at = len(state.history)
    assert again.window is None and 0 in state.acting().seats
    assert again.seats[0].stand_in is None
    table.scheduler.advance(1.0)
    assert again.seats[0].stand_in == get_game("superfly").default_bot
    assert again.window is not None, "past her grace the swat runs, her stand-in in it"
    settle(again_table(table, again), lambda: state.is_over)
    assert any(step.seat == 0 for step in state.history[held_at:]), "the stand-in never played"
    assert table.store.record(again.code, 1) is not None
    again.close()


def again_table(table: Table, room: Room) -> Table:
    """``table`` with the room taken up in place of the one that stopped."""
    table.room = room
    return table


def first_swat_waiting(tmp_path: Path) -> tuple[Table, Client, list[Message]]:
    """Ann alone with two bots at a new Superfly room: started, and played up to its
    first swat, which waits for her to be ready (issue 38, snag 2)."""
    table = Table(tmp_path, "superfly", 3, [None, "collector", "collector"])
    _, token = table.room.sit("Ann")
    client, got = table.client(token)
    host, _ = table.client(table.host_token)
    table.room.start(host)
    state = table.room.state
    assert state is not None
    while state.acting().deadline_ms is None:
        next_moment(table, limit_s=60.0)
    return table, client, got


async def test_a_rooms_first_swat_opens_when_its_person_is_ready(tmp_path: Path) -> None:
    table, ann, got = first_swat_waiting(tmp_path)
    room, started = table.room, table.scheduler.now()
    # Held: no window, nothing offered, and everyone is told whom it waits for.
    table.scheduler.run_until(started + 19.0)
    assert room.window is None
    assert room.info().get("getting_ready") == [0]
    assert [m["room"]["getting_ready"] for m in got
            if m["type"] == "room" and "getting_ready" in m["room"]] != []
    assert not [m for m in updates(got) if m["window"] is not None]
    room.ready(ann)
    assert room.window is not None  # at once: she was the only one not ready
    assert "getting_ready" not in room.info()
    assert updates(got)[-1]["window"] is not None and updates(got)[-1]["legal"]
    room.ready(ann)  # said again: nothing changes
    spectator, _ = table.client(None)
    with pytest.raises(ProtocolError, match="spectator"):
        room.ready(spectator)
    # Only the room's first race waits: the next swat opens by itself.
    play_person(table, ann, got, 0, random.Random(3))
    assert room.state is not None and room.state.is_over
    room.rematch(ann)
    assert room.number == 2 and room._ready is None
    room.close()


async def test_a_first_swat_nobody_is_ready_for_opens_after_twenty_seconds(
        tmp_path: Path) -> None:
    """A tab left in the background does not hold the table for ever."""
    from gamenight.server.room import READY_MOST_S

    table, _, got = first_swat_waiting(tmp_path)
    held_at = table.scheduler.now()
    table.scheduler.run_until(held_at + READY_MOST_S - 0.01)
    assert table.room.window is None
    table.scheduler.run_until(held_at + READY_MOST_S)
    assert table.room.window is not None
    assert "getting_ready" not in [m for m in got if m["type"] == "room"][-1]["room"]
    table.room.close()
