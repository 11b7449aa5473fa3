"""The terminal at a room whose server sends frames it cannot read (issue 37: models for
what comes in).  A fake server -- a real WebSocket endpoint on a loopback port, run by
the test -- answers the terminal's ``join`` and then sends what no gamenight server
should: text that is not JSON, a list, a message of an unknown type, a ping without its
id, an update missing its fields, an update whose event is no event of the game.  The
terminal, under Textual's Pilot, says each plainly and plays on: the next good message
is drawn.  A server that answers ``join`` with something else is no gamenight room: the
terminal closes, saying so."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from gamenight.games import get_game
from gamenight.server.protocol import RoomInfo, dumps, update
from gamenight.tui.join import RoomAddress, Ticket
from gamenight.tui.remote import RemotePlayApp
from tests.tui.pilot import NO_PAUSE, until
from tests.tui.test_join import showing

Script = Callable[[ServerConnection], Any]


def room(status: str = "lobby", guest: str | None = None) -> RoomInfo:
    """A two-seat FLY room, as the server describes one: Tess at seat 0, seat 1 open
    (or ``guest``'s)."""
    return {"code": "fake", "game": "fly", "title": "FLY", "players": 2, "options": {},
            "status": status,  # type: ignore[typeddict-item]
            "game_number": 1, "spectators": 0, "grace_s": 30.0,
            "seats": [
                {"seat": 0, "name": "Tess", "shown": "Tess", "kind": "person", "bot": None,
                 "connected": True, "rematch": False},
                {"seat": 1, "name": guest, "shown": guest or "Seat 1",
                 "kind": "person" if guest else "open", "bot": None,
                 "connected": guest is not None, "rematch": False}]}


@asynccontextmanager
async def fake_server(script: Script) -> AsyncIterator[tuple[RoomAddress, list[Any]]]:
    """A WebSocket endpoint on a free loopback port whose every connection is handed to
    ``script``; yields the room's address and what the clients sent it."""
    heard: list[Any] = []

    async def handler(ws: ServerConnection) -> None:
        heard.append(json.loads(await ws.recv()))  # the join
        talking = asyncio.create_task(script(ws))
        try:
            async for frame in ws:
                heard.append(json.loads(frame))
        except ConnectionClosed:
            pass  # the app closed without a goodbye (1011): nothing more to hear
        finally:  # the connection closed: so does the script
            talking.cancel()

    async with serve(handler, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield RoomAddress(f"http://127.0.0.1:{port}", "fake"), heard


def seated(address: RoomAddress) -> RemotePlayApp:
    return RemotePlayApp(get_game("fly"), address, Ticket(0, "token", "Tess"),
                         pauses=NO_PAUSE)


#: Frames no gamenight server sends, and the words each is told in.
MALFORMED = [
    ("{not json", "not JSON"),
    ("[1, 2, 3]", "a message is a JSON object with a type"),
    ('{"type": "dance"}', "an unknown message type 'dance'"),
    ('{"type": "ping"}', "missing ping.id"),
    (json.dumps({"type": "room", "room": {**room(), "code": 3}}),
     "room.room.code is a text, not 3"),
    ('{"type": "update", "game": 1}', "missing update.step"),
]


async def test_frames_the_terminal_cannot_read_are_told_and_the_table_plays_on(
        tmp_path: Path) -> None:
    state = get_game("fly").new(2, seed=7)
    while state.acting().kind == "chance":
        state.draw_chance()
    good = update(state, 0, 1, state.events, None, fresh=True)
    # The game's protocol shape, but an event FLY does not have, then one of FLY's
    # events with a field of the wrong kind.
    no_event = {**good, "events": [{"event": "Slapped", "seat": 0}]}
    wrong_field = {**good, "events": [{**good["events"][0], "cards": "all of them"}]}
    next_frame = asyncio.Queue[str]()

    async def script(ws: ServerConnection) -> None:
        await ws.send(dumps({"type": "welcome", "v": 1, "room": room(), "seat": 0,
                             "host": False}))
        while True:
            await ws.send(await next_frame.get())

    async with fake_server(script) as (address, heard):
        app = seated(address)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "Waiting for the host" in showing(app, "#lobby"))
            for frame, told in MALFORMED:
                await next_frame.put(frame)
                await until(pilot, lambda told=told: told in " ".join(  # type: ignore[misc]
                    showing(app, "#lobby").split()))
                assert "cannot read" in showing(app, "#lobby")
            # Still connected and listening: the next good message is drawn.
            await next_frame.put(dumps({"type": "room", "room": room(guest="Ann")}))
            await until(pilot, lambda: "Ann" in showing(app, "#lobby"))
            assert app.is_running and app.connected and app.failure is None
            # At the table: an update whose events are not FLY's is told on the table's
            # message line, and the next good update is drawn.
            await next_frame.put(dumps({"type": "room", "room": room("playing", "Ann")}))
            await next_frame.put(dumps(good))
            await until(pilot, lambda: app.state is not None and app.screen is app.screen_view
                        and "FLY" in showing(app, "#status"))
            step = good["step"]
            wrong_told = "not events[0], a TableLaidOut of FLY: cards is a list, not 'all of them'"
            for bad, told in ((no_event, "no event of FLY, not 'Slapped'"),
                              (wrong_field, wrong_told)):
                await next_frame.put(json.dumps(bad))
                await until(pilot, lambda told=told: told in " ".join(  # type: ignore[misc]
                    showing(app, "#message").split()))
                assert app.state is not None and app.state.latest["step"] == step
            state.apply(0, state.legal_actions(0)[0])
            later = update(state, 0, 1, state.events[-1:], None, fresh=False)
            await next_frame.put(dumps(later))
            await until(pilot, lambda: app.state is not None
                        and app.state.latest["step"] == later["step"])
            assert app.is_running and app.connected and app.failure is None
            assert heard[0] == {"type": "join", "token": "token", "lang": "en"}


async def test_a_server_that_answers_join_with_no_room_message_is_left_with_one_line(
        tmp_path: Path) -> None:
    async def script(ws: ServerConnection) -> None:
        await ws.send('{"hello": "I am some other service"}')

    async with fake_server(script) as (address, heard):
        app = seated(address)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: not app.is_running)
        assert app.return_code == 1
        assert app.failure == (f"{address.ws_url} does not answer as a gamenight room does: "
                               "a message is a JSON object with a type")
        assert heard == [{"type": "join", "token": "token", "lang": "en"}]  # asked once, not again
