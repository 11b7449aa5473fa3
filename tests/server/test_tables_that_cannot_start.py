"""A room whose table cannot start is refused when it is made, in the command line's
words, and one stored by an older server (which took such rooms) never stops the server
or answers 500.

Superfly seats 2 only with its ``two_players`` variant, and Fliegen klatschen's
``remove`` must leave a card for every player: the game's ``check_table``, which
``Game.resolve_options`` asks, so ``POST /api/rooms`` refuses them with 422 (the lobby
shows the sentence) and ``POST /api/games/{game}/tables`` tells the lobby which sizes
can start.  Such rooms written into the database directly, as an older version stored
them (one in its lobby, one whose start was stored before it failed), are reported in
the log after a restart, answer 409 and a WebSocket close with the reason, while a good
room beside them plays on.  Run against a real ``gamenight serve`` on an SQLite file.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from gamenight.games import GAMES
from gamenight.server.store import RoomRow, SeatRow, Store
from tests.server.client import Player
from tests.server.live import LiveServer, live_server

#: Each body and what its refusal says.
REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"game": "superfly", "players": 2, "seats": [None, "collector"]},
     "Superfly is for 3 to 5 players; 2 players is a variant: add --option "
     "two_players=true"),
    ({"game": "fliegen-klatschen", "players": 8, "options": {"remove": 110},
      "seats": [None, *["sharp"] * 7]},
     "remove=110 leaves fewer cards than the 8 players need"),
]


def database(folder: Path) -> str:
    return f"sqlite:///{folder / 'rooms.db'}"


@pytest.mark.parametrize(("body", "message"), REFUSED, ids=["superfly-2", "fk-remove-110"])
def test_a_room_that_cannot_start_is_refused_when_it_is_made(
        tmp_path: Path, body: dict[str, Any], message: str) -> None:
    with live_server(tmp_path, database(tmp_path)) as server:
        answer = httpx.post(f"{server.url}/api/rooms", json=body, timeout=10.0)
        assert answer.status_code == 422, answer.text
        # The lobby shows the first problem's msg (api.js, detailOf).
        assert answer.json()["detail"][0]["msg"] == message
        allowed = {**body, "options": {**body.get("options", {}), "two_players": True}} \
            if body["game"] == "superfly" else {**body, "options": {"remove": 104}}
        assert httpx.post(f"{server.url}/api/rooms", json=allowed,
                          timeout=10.0).status_code == 201


def test_the_lobby_is_told_which_table_sizes_can_start(tmp_path: Path) -> None:
    with live_server(tmp_path, database(tmp_path)) as server:
        def sizes(game: str, options: dict[str, Any]) -> httpx.Response:
            return httpx.post(f"{server.url}/api/games/{game}/tables",
                              json={"options": options}, timeout=10.0)

        assert sizes("superfly", {}).json() == {"players": [3, 4, 5]}
        assert sizes("superfly", {"two_players": True}).json() == {"players": [2, 3, 4, 5]}
        assert sizes("fliegen-klatschen", {"remove": 110}).json() == {"players": [2]}
        fly = GAMES["fly"]  # no check of its own: every size its counts allow
        assert sizes("fly", {}).json() == {
            "players": list(range(fly.min_players, fly.max_players + 1))}
        refused = sizes("fliegen-klatschen", {"remove": -1})
        assert refused.status_code == 422
        assert "option remove is at least 0" in refused.json()["detail"][0]["msg"]
        assert sizes("chess", {}).status_code == 404


def stored_room(code: str, game: str, players: int, options: dict[str, Any]) -> RoomRow:
    """A room as an older server stored it: options resolved one by one, never checked
    against the table."""
    return RoomRow(code=code, game=game, players=players, options=options,
                   host_token_hash="ab" * 32, grace_s=60.0, created_at=1_700_000_000.0,
                   seats=[SeatRow(s, None, None, None if s == 0 else "collector")
                          for s in range(players)], games=[])


SUPERFLY_2 = {"deadline_ms": 5000, "open_hands": False, "two_players": False,
              "max_turns": 1000}


async def closed_with(server: LiveServer, code: str) -> tuple[dict[str, Any], int, str]:
    """The message and the close code and reason a connection to room ``code`` gets."""
    async with connect(f"{server.ws_url}/ws/rooms/{code}") as ws:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10.0))
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10.0)
    assert closed.value.rcvd is not None
    return message, closed.value.rcvd.code, closed.value.rcvd.reason


async def test_a_stored_room_that_cannot_start_is_reported_and_the_others_play_on(
        tmp_path: Path) -> None:
    url = database(tmp_path)
    with live_server(tmp_path, url) as server:
        good = server.post("/api/rooms", {"game": "fly", "players": 2,
                                          "seats": [None, "aimer"], "name": "ann"})
    lobby_code, started_code = "old-lobby-" + "x" * 22, "old-start-" + "y" * 22
    with Store(url) as store:
        store.create_room(stored_room(lobby_code, "superfly", 2, SUPERFLY_2))
        store.create_room(stored_room(started_code, "superfly", 2, SUPERFLY_2))
        # Its host pressed start: the game's start was stored, then the game failed.
        store.start_game(started_code, 1, 12345, None)
    with live_server(tmp_path, url) as server:
        log = server.log()
        for code in (lobby_code, started_code):
            assert f"room {code[:4]} could not be taken up: Superfly is for 3 to 5 " \
                   "players; 2 players is a variant" in log
            assert code not in log
            answer = httpx.get(f"{server.url}/api/rooms/{code}", timeout=10.0)
            assert answer.status_code == 409, answer.text
            assert answer.json()["detail"].startswith(
                "this room cannot be played: Superfly is for 3 to 5 players")
            message, close_code, reason = await closed_with(server, code)
            assert message["type"] == "error" and "2 players is a variant" in message["message"]
            assert close_code == 4409 and reason.startswith("this room cannot be played")
            seat = httpx.post(f"{server.url}/api/rooms/{code}/seats", json={"name": "bo"},
                              timeout=10.0)
            assert seat.status_code == 409
        assert "Traceback" not in server.log() and " 500 " not in server.log()
        # The good room is there and plays.
        assert server.get(f"/api/rooms/{good['code']}")["status"] == "lobby"
        host = await Player.connect(server.ws_url, good["code"],
                                    {"type": "join", "token": good["host_token"]})
        try:
            await host.wait_for(lambda m: m["type"] == "welcome")
            await host.send({"type": "start"})
            await host.wait_for(lambda m: m["type"] == "update")
        finally:
            await host.close()
        assert server.get("/api/health")["status"] == "ok"
