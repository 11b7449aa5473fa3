"""Every message over a real connection fits the game's protocol schema (``docs/protocol.md``).

One game of each of the five games is played through a live ``gamenight serve``: bots in
some seats, random people clients in the others (one connection per person seat), the host
and a spectator watching.  Every frame each connection received is validated against the
game's ``$defs/ServerMessage`` -- whose ``update.view`` is the game's ``View`` and whose
``update.events`` are its ``Event``s -- and every frame the test clients sent against
``$defs/ClientMessage``.  Hand-made wrong messages (a view with a key too many, an
unknown type) fail, and the schema of client messages refuses exactly what the server's
reader refuses, so neither can drift from the other unnoticed.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

from gamenight.cli import main
from gamenight.engine.checks import MAX_ACTION_TEXT
from gamenight.games import GAMES
from gamenight.schema import part
from gamenight.server import protocol, schemas
from gamenight.server.app import REQUEST_BYTES, SEND_QUEUE_LIMIT
from gamenight.server.config import Limits
from gamenight.server.protocol import ProtocolError, read_client
from gamenight.server.schemas import CLIENT_MESSAGE, SERVER_MESSAGE, protocol_schema
from tests.server.client import Message, Player, over, play_randomly
from tests.server.live import LiveServer, live_server

DOCUMENT = Path(__file__).parents[2] / "docs" / "protocol.md"


@dataclass(frozen=True)
class Table:
    """A room to play: its game, per seat a bot spec or None (a person), its options."""

    game: str
    seats: tuple[str | None, ...]
    options: dict[str, Any] = field(default_factory=dict)


#: Small tables, short deadlines and games cut short where a game has the options, so a
#: game through the server takes a few seconds at most.
TABLES = [
    Table("fly", (None, None, "aimer:expert")),
    Table("fliegen-klatschen", (None, None, "sharp:expert"),
          {"remove": 95, "deadline_ms": 400}),
    Table("superfly", (None, None, "collector:expert"), {"deadline_ms": 400, "max_turns": 6}),
    Table("fluster", (None, "wordsmith")),
    Table("by-golly", (None, None, "memory:expert"), {"max_turns": 60}),
]


class RecordingPlayer(Player):
    """A test client that also keeps every frame it sends."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.sent: list[str] = []
        super().__init__(*args, **kwargs)

    async def send(self, message: Message | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        self.sent.append(text)
        await super().send(text)


@dataclass
class PlayedRoom:
    """A room played to the end: its code, a connection per person seat (by seat), the
    host's (which has no seat, so it is shown what a spectator is) and a spectator's."""

    code: str
    people: dict[int, RecordingPlayer]
    host: RecordingPlayer
    spectator: RecordingPlayer

    @property
    def connections(self) -> list[RecordingPlayer]:
        return [*self.people.values(), self.host, self.spectator]


async def play_room(server: LiveServer, table: Table, seed: int) -> PlayedRoom:
    """Make a room for ``table``, seat a random client at each person seat, start it
    and play it to the end; every connection is closed when this returns."""
    made = server.post("/api/rooms", {"game": table.game, "players": len(table.seats),
                                      "options": table.options, "seats": list(table.seats),
                                      "grace_s": 600.0})
    code = made["code"]
    tokens = {seat: server.post(f"/api/rooms/{code}/seats",
                                {"name": f"Player {seat}", "seat": seat})["token"]
              for seat, spec in enumerate(table.seats) if spec is None}
    people = {seat: await RecordingPlayer.connect(server.ws_url, code,
                                                  {"type": "join", "token": token},
                                                  name=f"seat {seat}")
              for seat, token in tokens.items()}
    host = await RecordingPlayer.connect(server.ws_url, code,
                                         {"type": "join", "token": made["host_token"]}, "host")
    spectator = await RecordingPlayer.connect(server.ws_url, code,
                                              {"type": "join", "spectator": True}, "spectator")
    room = PlayedRoom(code, people, host, spectator)
    try:
        for player in room.connections:
            await player.wait_for(lambda m: m["type"] == "welcome")
        rng = random.Random(f"{table.game} {seed}")
        playing = [asyncio.create_task(play_randomly(player, seat, random.Random(rng.random())))
                   for seat, player in people.items()]
        await host.send({"type": "start"})
        await asyncio.gather(*playing)
        for watcher in (host, spectator):
            await watcher.wait_for(over)
    finally:
        for player in room.connections:
            await player.close()
    return room


@functools.cache
def validators(game: str) -> tuple[jsonschema.Draft202012Validator,
                                   jsonschema.Draft202012Validator]:
    """(client messages, server messages) of ``game``'s protocol."""
    document = protocol_schema(GAMES[game])
    jsonschema.Draft202012Validator.check_schema(document)
    return (jsonschema.Draft202012Validator(part(document, CLIENT_MESSAGE)),
            jsonschema.Draft202012Validator(part(document, SERVER_MESSAGE)))


def problem(validator: jsonschema.Draft202012Validator, data: Any) -> str | None:
    """What is wrong with ``data`` by ``validator``, or None if it fits."""
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    return None if error is None else f"{error.message} at {list(error.absolute_path)}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("protocol")) as running:
        yield running


# -- every frame of real games ---------------------------------------------------------------
@pytest.mark.parametrize("table", TABLES, ids=[t.game for t in TABLES])
async def test_every_message_of_a_real_game_fits_the_protocol_schema(
        server: LiveServer, table: Table) -> None:
    room = await play_room(server, table, seed=1)
    clients, servers = validators(table.game)
    types: set[str] = set()
    checked: set[str] = set()  # the host and the spectator are sent the same updates
    for player in room.connections:
        for frame in player.frames:
            if frame in checked:
                continue
            checked.add(frame)
            message = json.loads(frame)
            types.add(message["type"])
            wrong = problem(servers, message)
            assert wrong is None, f"{player.name} was sent a message off the schema: {wrong}"
        for frame in player.sent:
            wrong = problem(clients, json.loads(frame))
            assert wrong is None, f"{player.name} sent a message off the schema: {wrong}"
        # Every message the clients sent was one the server could read.
        assert not [m for m in player.errors() if m["code"] == "malformed"]
    assert {"welcome", "room", "update", "ping"} <= types
    updates = [m for p in room.connections for m in p.updates()]
    assert any(m["events"] for m in updates) and any(m["legal"] for m in updates)
    assert all(over(p.updates()[-1]) for p in room.connections)


async def test_a_pong_and_an_error_fit_the_schema_too(server: LiveServer) -> None:
    """The two server messages a game played well does not need: the answer to a
    client's ping, and an error (a spectator trying to act)."""
    made = server.post("/api/rooms", {"game": "fly", "players": 1, "seats": ["aimer"]})
    player = await RecordingPlayer.connect(server.ws_url, made["code"],
                                           {"type": "join", "spectator": True})
    try:
        await player.wait_for(lambda m: m["type"] == "welcome")
        await player.send({"type": "ping", "id": 7})
        pong = await player.wait_for(lambda m: m["type"] == "pong")
        await player.send({"type": "act", "action": "pass"})
        error = await player.wait_for(lambda m: m["type"] == "error")
    finally:
        await player.close()
    assert pong["id"] == 7 and error["code"] == "not-playing"
    clients, servers = validators("fly")
    for message in (pong, error):
        assert problem(servers, message) is None
    for frame in player.sent:
        assert problem(clients, json.loads(frame)) is None


def test_the_rest_api_and_the_command_give_the_same_document(
        server: LiveServer, capsys: pytest.CaptureFixture[str]) -> None:
    for game in GAMES.values():
        assert server.get(f"/api/games/{game.id}/protocol") == protocol_schema(game)
    assert httpx.get(f"{server.url}/api/games/chess/protocol").status_code == 404
    assert main(["schema", "superfly", "--protocol"]) == 0
    assert json.loads(capsys.readouterr().out) == protocol_schema(GAMES["superfly"])


def test_a_game_whose_document_names_a_part_as_the_protocol_does_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's view or event named like a message (``Update``) would silently replace
    one of the two; building the document refuses instead."""
    own = schemas.game_schema(GAMES["fly"])
    own["$defs"]["Update"] = {"type": "object", "properties": {"fly": {"type": "string"}}}
    monkeypatch.setattr(schemas, "game_schema", lambda game: own)
    with pytest.raises(schemas.SchemaClashError, match="Update"):
        schemas._build(GAMES["fly"])


# -- what the schema refuses ----------------------------------------------------------------
@functools.cache
def real_update(game: str) -> Message:
    """An update as the server builds it, from a random game some way in."""
    state = GAMES[game].new(3, 5)
    rng = random.Random(5)
    while len(state.history) < 30 and not state.is_over:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
            continue
        seat = acting.seats[0]
        at_ms = 100.0 if acting.kind in ("window", "simultaneous") else None
        state.apply(seat, rng.choice(state.legal_actions(seat)), at_ms)
    message: Message = json.loads(protocol.dumps(protocol.update(
        state, 0, 1, state.events, None, fresh=True)))
    return message


@pytest.mark.parametrize("game", list(GAMES))
def test_an_update_with_a_view_or_event_of_the_wrong_shape_fails(game: str) -> None:
    _, servers = validators(game)
    update = real_update(game)
    assert update["events"], "the game so far has events to spoil"
    assert problem(servers, update) is None
    leaky = json.loads(json.dumps(update))
    leaky["view"]["hidden_cards"] = [1, 2, 3]
    assert problem(servers, leaky) is not None
    unknown_event = json.loads(json.dumps(update))
    unknown_event["events"][0] = {"event": "NoSuchEvent"}
    assert problem(servers, unknown_event) is not None
    grown_event = json.loads(json.dumps(update))
    grown_event["events"][0]["secret"] = "the whole deck"
    assert problem(servers, grown_event) is not None
    no_view = {k: v for k, v in update.items() if k != "view"}
    assert problem(servers, no_view) is not None
    # What the seat is told beside the view is the game's Told, closed as a view is;
    # a game that declares none sends none.
    leaky_words = json.loads(json.dumps(update))
    if GAMES[game].told_type is None:
        assert "told" not in update
        leaky_words["told"] = {"flies": [], "notes": []}
    else:
        assert update["told"], "the game so far has told its seat something"
        leaky_words["told"]["hidden_cards"] = [1, 2, 3]
    assert problem(servers, leaky_words) is not None


def test_another_games_view_fails() -> None:
    _, servers = validators("fly")
    assert problem(servers, real_update("by-golly")) is not None


@pytest.mark.parametrize("message", [
    {"type": "shout", "text": "hello"},
    {"type": "update"},
    {"type": "welcome", "v": 1, "room": {}, "seat": None, "host": False},
    {"type": "error", "code": "teapot", "message": "no"},
    {"type": "ping", "id": 1, "extra": True},
    {"type": "pong", "id": 1},  # the server's pong carries its clock
    {"id": 1},
    [],
])
def test_messages_the_server_never_sends_fail(message: Any) -> None:
    _, servers = validators("superfly")
    assert problem(servers, message) is not None


#: Client frames, each with whether the server's reader takes it.  The schema must
#: agree with the reader on every one.
CLIENT_FRAMES = [
    ('{"type":"join","token":"abc"}', True),
    ('{"type":"join","spectator":true}', True),
    ('{"type":"act","action":"take red 3","window":4,"reaction_ms":312.5}', True),
    ('{"type":"act","action":"pass"}', True),
    ('{"type":"pass","window":0}', True),
    ('{"type":"pass","reaction_ms":0}', True),
    ('{"type":"start"}', True),
    ('{"type":"rematch"}', True),
    ('{"type":"ping","id":3}', True),
    ('{"type":"pong","id":9007199254740992}', True),
    ('{"type":"shout"}', False),
    ('{"action":"pass"}', False),
    ('{"type":"act"}', False),
    ('{"type":"act","action":""}', False),
    ('{"type":"act","action":"pass","at_ms":5}', False),
    ('{"type":"act","action":"pass","reaction_ms":-1}', False),
    ('{"type":"act","action":"pass","reaction_ms":"fast"}', False),
    ('{"type":"act","action":"pass","window":-1}', False),
    ('{"type":"act","action":3}', False),
    ('{"type":"join","token":""}', False),
    ('{"type":"join","token":"abc","seat":0}', False),
    ('{"type":"start","now":true}', False),
    ('{"type":"ping"}', False),
    ('{"type":"ping","id":true}', False),
    ('{"type":"pong","id":9007199254740993}', False),
    ('["join"]', False),
    ('"join"', False),
]


@pytest.mark.parametrize(("frame", "taken"), CLIENT_FRAMES)
def test_the_schema_refuses_the_client_messages_the_server_refuses(frame: str,
                                                                   taken: bool) -> None:
    clients, _ = validators("fluster")
    try:
        read_client(frame, 4096)
    except ProtocolError:
        read = False
    else:
        read = True
    assert read == taken
    assert (problem(clients, json.loads(frame)) is None) == taken


def test_a_join_needs_a_token_or_to_be_a_spectator() -> None:
    """The reader takes ``{"type": "join"}`` (its fields are optional) but the server
    refuses it at once; the schema says so."""
    clients, _ = validators("fly")
    for join in ({"type": "join"}, {"type": "join", "spectator": False}):
        assert problem(clients, join) is not None


# -- the document -----------------------------------------------------------------------------
def document_examples() -> list[tuple[str, str, Any]]:
    """The examples of ``docs/protocol.md``: (game, direction, message) for each JSON block
    that follows a line naming it (``<!-- example GAME client|server -->``)."""
    text = DOCUMENT.read_text("utf-8")
    found = re.findall(r"<!-- example ([a-z-]+) (client|server) -->\s*```json\n(.*?)```",
                       text, re.DOTALL)
    return [(game, direction, json.loads(block)) for game, direction, block in found]


def test_every_example_in_the_document_fits_the_schema() -> None:
    examples = document_examples()
    # Every marked block was read (a block the pattern missed would go unchecked).
    assert len(examples) == DOCUMENT.read_text("utf-8").count("<!-- example ")
    kinds = {(direction, message["type"]) for _, direction, message in examples}
    assert {("client", t) for t in ("join", "act", "pass", "start", "rematch", "ping", "pong")} \
        <= kinds
    assert {("server", t) for t in ("welcome", "room", "update", "ping", "pong", "error")} \
        <= kinds
    for game, direction, message in examples:
        clients, servers = validators(game)
        wrong = problem(clients if direction == "client" else servers, message)
        assert wrong is None, f"an example of a {game} {message['type']} message: {wrong}"


def test_the_document_names_every_error_code_and_limit() -> None:
    text = DOCUMENT.read_text("utf-8")
    for code in typing.get_args(protocol.ErrorCode):
        assert f"`{code}`" in text, code
    assert f"version {protocol.PROTOCOL_VERSION}" in text
    limits = Limits()
    for stated in (f"| {limits.frame_bytes} bytes |", f"{limits.messages_per_s:g} a second",
                   f"{limits.burst} in a burst", f"{limits.strikes} strikes",
                   f"| {limits.join_s:g} s from opening |", f"{SEND_QUEUE_LIMIT} messages",
                   f"{limits.name_chars} characters", f"{REQUEST_BYTES // 1024} KiB",
                   f"at most {MAX_ACTION_TEXT}", f"up to {protocol.MAX_LEGAL_LISTED} actions"):
        assert stated in text, f"docs/protocol.md does not say {stated!r}"
