"""No message to a seat depends on what that seat must not know: the twin-state method,
through the server.

Two halves make the property:

1. **The server sends exactly the builder's messages.**  Random games of all five games
   are played through a live ``gamenight serve``, one random client per seat (every seat
   a person) and a spectator.  Each finished game's signed record is fetched and replayed
   step by step; every update each connection received must be, byte for byte as
   canonical JSON, ``protocol.update(state, seat, ...)`` of the replayed state at that
   update's step, with the events of the steps since the connection's previous update
   (all of them for a ``fresh`` one).  So nothing reaches a seat but what the builder
   makes from that state.
2. **The builder's message depends only on what the seat may know.**  For twins -- pairs
   of states a seat cannot tell apart (``GameState.resample``; the generator of
   ``tests/engine/test_redaction.py``) -- the update for that seat from the state and
   from its twin, each with its own events in the seat's form, the same game number and
   window, must be the same bytes.  It holds for all five games, ``legal`` (the seat's
   own actions) and ``step`` (the history's length, the same in a twin) included.

The check can fail: builders that leak -- the events whole instead of in the seat's
form, another seat's view beside the seat's own, the whole state's snapshot -- are
caught by the same twins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import httpx
import pytest

from gamenight.engine import GameState
from gamenight.engine.events import Event
from gamenight.games import GAMES
from gamenight.record import Record, replay, start
from gamenight.server import protocol
from gamenight.server.protocol import Update, WindowInfo
from gamenight.signing import parse_verify_key
from tests.engine.test_redaction import NOTHING_HIDDEN, TABLES, canonical, twins
from tests.server.client import Message
from tests.server.live import LiveServer, live_server
from tests.server.test_protocol import PlayedRoom, Table, play_room

#: Every seat a person's (a random client), with short deadlines and games cut short.
PEOPLE_TABLES = [
    Table("fly", (None, None)),
    Table("fliegen-klatschen", (None, None, None), {"remove": 95, "deadline_ms": 400}),
    Table("superfly", (None, None, None), {"deadline_ms": 400, "max_turns": 6}),
    Table("fluster", (None, None)),
    Table("by-golly", (None, None, None), {"max_turns": 60}),
]

#: The games with reaction windows or secret decisions.
WINDOWED = ("fliegen-klatschen", "superfly", "fluster")

Builder = Callable[..., Update]


# -- 1. what the server sends is the builder's ----------------------------------------------
def assert_every_update_is_the_builders(record: Record, room: PlayedRoom) -> int:
    """Replay ``record`` and check each update of each connection of ``room`` against
    the builder's; returns how many were checked."""
    seats: dict[int | None, list[Message]] = {
        seat: player.updates() for seat, player in room.people.items()}
    watchers = [room.host.updates(), room.spectator.updates()]
    marks: list[int] = []  # events after each step (index: the history's length)
    kinds: list[str] = []  # who was acting then
    checked = 0

    def check(state: GameState[Any]) -> None:
        nonlocal checked
        step = len(state.history)
        marks.append(len(state.events))
        kinds.append(state.acting().kind)
        for seat, updates in [*seats.items(), *((None, w) for w in watchers)]:
            for index, update in enumerate(updates):
                if update["step"] != step:
                    continue
                since = 0 if update["fresh"] else marks[updates[index - 1]["step"]]
                window: WindowInfo | None = update["window"]
                if window is not None:
                    # Its id is where the window or decision opened.
                    assert window["id"] <= step
                    assert kinds[window["id"]] in ("window", "simultaneous")
                built = protocol.update(state, seat, 1, state.events[since:], window,
                                        fresh=update["fresh"])
                assert canonical(update) == canonical(built), (
                    f"{record.game}: seat {seat}'s update at step {step} is not the builder's")
                checked += 1

    check(start(record))
    replay(record, lambda _i, _step, state: check(state))
    everyone = [*seats.values(), *watchers]
    assert checked == sum(map(len, everyone))  # none was at a step the game never had
    return checked


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("twins")) as running:
        yield running


@pytest.mark.parametrize("table", PEOPLE_TABLES, ids=[t.game for t in PEOPLE_TABLES])
async def test_every_update_a_seat_is_sent_is_the_builders_from_the_replayed_state(
        server: LiveServer, table: Table) -> None:
    room = await play_room(server, table, seed=2)
    data = server.get(f"/api/rooms/{room.code}/games/1/record")
    key = parse_verify_key(httpx.get(f"{server.url}/api/key", timeout=10.0).content)
    record = Record.from_json(data)
    replay(record, key=key)  # signed by the server, and it replays
    checked = assert_every_update_is_the_builders(record, room)
    assert checked >= len(record.steps) // 2
    if table.game in WINDOWED:  # the windows' ids were checked too
        assert any(u["window"] is not None for p in room.connections for u in p.updates())


# -- 2. what the builder makes depends only on what the seat may know --------------------------
def event_marks(state: GameState[Any]) -> list[int]:
    """How many events the game had after each of its steps (index: the history's length),
    found by playing its history again from its setup."""
    again = state.game.new(state.players, state.seed, **state.options)
    marks = [len(again.events)]
    for step in state.history:
        if step.seat is None:
            again.apply_chance(step.value)
        else:
            again.apply_text(step.seat, step.value, step.at_ms)
        marks.append(len(again.events))
    assert marks[-1] == len(state.events)
    return marks


def updates_for(state: GameState[Any], seat: int, since: Sequence[int],
                build: Builder) -> list[bytes]:
    """The updates ``build`` makes for ``seat``: the first (every event, ``fresh``), and
    one after each of the steps ``since`` (the events of the steps after it)."""
    acting = state.acting()
    window: WindowInfo | None = None
    if acting.kind in ("window", "simultaneous"):
        window = {"id": len(state.history), "elapsed_ms": 0.0}
    marks = event_marks(state)
    made = [build(state, seat, 1, state.events, window, fresh=True)]
    made += [build(state, seat, 1, state.events[marks[k]:], window, fresh=False)
             for k in since]
    return [canonical(update) for update in made]


def alike(state: GameState[Any], twin: GameState[Any], seat: int, rng: random.Random,
          build: Builder = protocol.update) -> bool:
    """Whether ``build`` tells ``seat`` the same of ``state`` and of its twin."""
    length = len(state.history)
    assert len(twin.history) == length, "a twin has a history of the same length"
    since = sorted({max(0, length - 1), rng.randrange(length + 1)})
    return updates_for(state, seat, since, build) == updates_for(twin, seat, since, build)


@pytest.mark.parametrize("driver", ["random", "bots"])
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_seats_update_is_the_same_for_twins_it_cannot_tell_apart(
        game_id: str, players: int, driver: str) -> None:
    rng = random.Random(f"{game_id} {players} {driver}")
    for state, twin, seat in twins(game_id, players, driver, label="server"):
        assert alike(state, twin, seat, rng), (
            f"{game_id}: seat {seat}'s update tells a twin from the state at step "
            f"{len(state.history)}")


# -- the check can fail -------------------------------------------------------------------
def whole_events(state: GameState[Any], seat: int | None, game: int, events: Sequence[Event],
                 window: WindowInfo | None, *, fresh: bool) -> Update:
    """Sends the events whole, not in the seat's form (``Event.seen_by``)."""
    update = protocol.update(state, seat, game, events, window, fresh=fresh)
    update["events"] = [event.to_json() for event in events]
    return update


def another_seats_view(state: GameState[Any], seat: int | None, game: int,
                       events: Sequence[Event], window: WindowInfo | None, *,
                       fresh: bool) -> Update:
    """Puts the next seat's view beside the seat's own."""
    update = protocol.update(state, seat, game, events, window, fresh=fresh)
    neighbour = 0 if seat is None else (seat + 1) % state.players
    update["view"] = {**update["view"], "neighbour": dict(state.view(neighbour))}
    return update


def whole_state(state: GameState[Any], seat: int | None, game: int, events: Sequence[Event],
                window: WindowInfo | None, *, fresh: bool) -> Update:
    """Puts the whole state's snapshot in."""
    update = protocol.update(state, seat, game, events, window, fresh=fresh)
    update["view"] = {**update["view"], "state": state.snapshot()}
    return update


#: The games whose twins each leak shows.  Superfly, Fluster and By Golly! have secrets
#: in their events and in each seat's view (hands, secret choices, written pads);
#: Fliegen klatschen hides only the order of its face-down pile, which no view or event
#: holds, so only the snapshot shows it; FLY hides nothing.
LEAKS: list[tuple[Builder, tuple[str, ...]]] = [
    (whole_events, ("superfly", "fluster", "by-golly")),
    (another_seats_view, ("superfly", "fluster", "by-golly")),
    (whole_state, tuple(game for game in GAMES if game not in NOTHING_HIDDEN)),
]


@pytest.mark.parametrize(("leak", "games"), LEAKS, ids=[leak.__name__ for leak, _ in LEAKS])
def test_a_leaking_builder_is_caught_by_the_twins(leak: Builder, games: tuple[str, ...]) -> None:
    for game_id in games:
        players = 3
        given = told_apart = 0
        rng = random.Random(f"leak {game_id}")
        for state, twin, seat in twins(game_id, players, "random", label="leak"):
            assert alike(state, twin, seat, rng)  # the real builder holds
            given += 1
            told_apart += not alike(state, twin, seat, rng, leak)
        assert told_apart >= given // 3, (
            f"{leak.__name__} leaks in {game_id}, but only {told_apart} of {given} twins "
            "showed it")
