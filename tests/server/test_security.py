"""The server's security promises (docs/security.md, "The game server"), each against a
real ``gamenight serve`` process: seat tokens and room codes, a connection acting only
for its own seat, refused frames that leave the connection and the room as they were,
the rate limit, the Origin check, names as text, the request body limit, what the
database and the log hold, and records only of finished games.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import html
import json
import logging
import random
import re
import secrets
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from gamenight.record import Record, replay
from gamenight.server.config import Limits
from gamenight.server.room import log_failure
from gamenight.server.serve import WS_MAX_BYTES
from gamenight.signing import PUBLIC_KEY_FILE, read_verify_key
from tests.server.client import WAIT_S, Message, Player, play_randomly
from tests.server.live import LiveServer, live_server

#: The rate of the strict server, in messages a second (its burst is twice as many).
STRICT_RATE = 5
#: An origin the strict server lets in besides its own (``--origin``).
FRIENDS = "http://friends.example"

#: Room codes and tokens: URL-safe base64 of at least 128 random bits.
URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


# -- servers and rooms -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with the defaults of the tests (a rate no test client reaches)."""
    with live_server(tmp_path_factory.mktemp("security")) as running:
        yield running


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with a low rate limit and one more origin allowed."""
    with live_server(tmp_path_factory.mktemp("strict"), None, "--max-rate", str(STRICT_RATE),
                     "--origin", FRIENDS) as running:
        yield running


@dataclass(frozen=True)
class Table:
    """A room of By Golly! whose host sits at no seat, with a person in every seat."""

    code: str
    host: str  # the host's token
    tokens: list[str]  # each seat's token


def new_table(server: LiveServer, names: tuple[str, ...] = ("ann", "bob")) -> Table:
    made = server.post("/api/rooms", {"game": "by-golly", "players": len(names),
                                      "seats": [None] * len(names)})
    assert made["seat"] is None
    return Table(made["code"], made["host_token"],
                 [take_seat(server, made["code"], name) for name in names])


def take_seat(server: LiveServer, code: str, name: str) -> str:
    token: str = server.post(f"/api/rooms/{code}/seats", {"name": name})["token"]
    return token


async def connect(server: LiveServer, code: str, opened: list[Player],
                  join: Message | None, name: str = "", **headers: str) -> Player:
    """A connection to room ``code`` that has joined as ``join`` says (and been welcomed)."""
    player = await Player.connect(server.ws_url, code, join, name=name, **headers)
    opened.append(player)
    if join is not None:
        await player.wait_for(lambda m: m["type"] in ("welcome", "error"))
        assert not player.errors(), player.errors()
    return player


def welcome(player: Player) -> Message:
    """The server's answer to ``player``'s join."""
    return next(m for m in player.messages if m["type"] == "welcome")


def seat_join(token: str) -> Message:
    return {"type": "join", "token": token}


SPECTATOR: Message = {"type": "join", "spectator": True}


async def answer_to(player: Player, frame: Message | str | bytes,
                    test: Any = None) -> Message:
    """Send ``frame`` and return the first message after it that passes ``test`` (the
    first error, by default)."""
    mark = len(player.messages)
    await (player.ws.send(frame) if isinstance(frame, bytes) else player.send(frame))
    return await player.wait_for(test or (lambda m: m["type"] == "error"), after=mark)


async def refused(player: Player, frame: Message | str | bytes, code: str) -> Message:
    """``frame`` is answered with an error of ``code``, and the connection goes on: it
    still answers a ping."""
    error = await answer_to(player, frame)
    assert error["code"] == code, (frame if not isinstance(frame, str) else frame[:80], error)
    await still_answers(player)
    return error


async def still_answers(player: Player) -> None:
    ping_id = secrets.randbelow(2**40)
    await answer_to(player, {"type": "ping", "id": ping_id},
                    lambda m: m["type"] == "pong" and m["id"] == ping_id)


async def wait_closed(player: Player) -> None:
    """Wait until the server has closed ``player``'s connection."""
    with pytest.raises(ConnectionError):
        await player.wait_for(lambda m: False)


async def turn_of(player: Player, seat: int) -> Message:
    """The latest update once it is ``seat``'s turn (to ``player``'s knowledge)."""
    return await player.wait_for(lambda m: m["type"] == "update"
                                 and m["acting"]["kind"] == "turn"
                                 and m["acting"]["seats"] == [seat])


# -- tokens and room codes ---------------------------------------------------------------------
def random_bits(text: str) -> int:
    """How many bits of URL-safe base64 ``text`` holds."""
    assert URL_SAFE.fullmatch(text), text
    return len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) * 8


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_codes_and_tokens_are_long_random_strings_kept_only_as_hashes(
        server: LiveServer) -> None:
    codes, tokens = [], []
    for _ in range(8):
        table = new_table(server)
        codes.append(table.code)
        tokens += [table.host, *table.tokens]
    assert all(random_bits(code) >= 128 for code in codes)
    assert all(random_bits(token) >= 128 for token in tokens)
    assert len(set(codes)) == len(codes) and len(set(tokens)) == len(tokens)

    # The database holds each token's SHA-256 and never the token: not in any cell of
    # any table, nor anywhere in the files (the write-ahead log included).
    files = sorted(server.folder.glob("server.db*"))
    assert files[0].name == "server.db"
    with sqlite3.connect(f"file:{files[0]}?mode=ro", uri=True) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master "
                                               "WHERE type = 'table'")]
        cells = [str(cell) for table in tables
                 for row in db.execute(f'SELECT * FROM "{table}"') for cell in row]
    stored = "\n".join(cells)
    raw = b"".join(path.read_bytes() for path in files)
    for token in tokens:
        assert sha256(token) in stored
        assert token not in stored
        assert token.encode() not in raw


# -- a connection acts for its own seat only --------------------------------------------------
async def test_a_connection_acts_only_for_its_own_seat(
        server: LiveServer, players: list[Player]) -> None:
    table = new_table(server)
    code = table.code
    ann = await connect(server, code, players, seat_join(table.tokens[0]), "ann")
    bob = await connect(server, code, players, seat_join(table.tokens[1]), "bob")
    host = await connect(server, code, players, seat_join(table.host), "host")
    watcher = await connect(server, code, players, SPECTATOR, "watcher")
    assert [welcome(p)["seat"] for p in (ann, bob, host, watcher)] == [0, 1, None, None]

    # Only the host starts; a seat's token is not the host's.
    await refused(bob, {"type": "start"}, "not-allowed")
    await refused(watcher, {"type": "start"}, "not-allowed")
    await host.send({"type": "start"})
    ann_turn = await turn_of(ann, 0)
    await turn_of(bob, 0)
    action = ann_turn["legal"][0]

    # Bob cannot play Ann's turn, nor name her seat; the host and a spectator play none.
    error = await refused(bob, {"type": "act", "action": action}, "illegal")
    assert "not your turn" in error["message"]
    await refused(bob, {"type": "act", "action": action, "seat": 0}, "malformed")
    await refused(host, {"type": "act", "action": action}, "not-allowed")
    await refused(watcher, {"type": "act", "action": action}, "not-allowed")
    await refused(watcher, {"type": "rematch"}, "not-allowed")
    # Nothing happened at the table: Ann was sent nothing since (her pong comes after
    # anything the refused actions would have sent her).
    updates = len(ann.updates())
    await still_answers(ann)
    assert len(ann.updates()) == updates

    # A joined connection stays what it joined as; tokens of another room or of nobody
    # seat nobody here.
    await refused(bob, seat_join(table.tokens[0]), "not-allowed")
    elsewhere = new_table(server)
    for token in (*elsewhere.tokens, elsewhere.host, secrets.token_urlsafe(24)):
        stranger = await connect(server, code, players, None)
        await refused(stranger, seat_join(token), "bad-token")

    # Ann plays her turn: the table moves on, for her seat.
    mark = len(bob.messages)
    await ann.send({"type": "act", "action": action})
    moved = await bob.wait_for(lambda m: m["type"] == "update"
                               and m["step"] > ann_turn["step"], after=mark)
    assert moved["view"]["seat"] == 1


# -- refused frames -----------------------------------------------------------------------------
async def test_refused_frames_get_an_error_and_the_connection_and_room_go_on(
        server: LiveServer, players: list[Player]) -> None:
    table = new_table(server)
    code = table.code
    host = await connect(server, code, players, seat_join(table.host), "host")
    ann = await connect(server, code, players, None, "ann")

    # Before joining, a connection may only join.
    await refused(ann, {"type": "act", "action": "lay owl"}, "not-joined")
    await refused(ann, seat_join(secrets.token_urlsafe(24)), "bad-token")
    await answer_to(ann, seat_join(table.tokens[0]), lambda m: m["type"] == "welcome")

    limit = Limits().frame_bytes
    too_large = await refused(ann, "x" * (limit + 1), "too-large")
    assert str(limit) in too_large["message"]
    padded = json.dumps({"type": "ping", "id": 1, "pad": "x" * limit})
    await refused(ann, padded, "too-large")
    for frame in ("{", "", "[]", "null", '"join"', "1e999", b"\xff\xfe\x00",
                  '{"type": "ping", "id": NaN}', '{"type": "ping", "id": "1"}',
                  '{"type": "ping", "id": -1}', '{"type": "ping", "id": 1.5}',
                  '{"type": "act"}', '{"type": "act", "action": ""}',
                  '{"type": "act", "action": "lay owl", "reaction_ms": -5}',
                  '{"type": "act", "action": "lay owl", "window": "3"}',
                  '{"type": "start", "now": true}', "[" * 1000 + "]" * 1000):
        await refused(ann, frame, "malformed")
    unknown = await refused(ann, {"type": "shout", "text": "hello"}, "malformed")
    assert "unknown message type" in unknown["message"]

    await refused(ann, {"type": "act", "action": "lay owl"}, "not-playing")
    await host.send({"type": "start"})
    await turn_of(ann, 0)
    error = await refused(ann, {"type": "act", "action": "fly away"}, "illegal")
    assert error["message"]

    # The room went on through all of it: Ann plays her turn.
    update = ann.last_update
    assert update is not None
    mark = len(ann.messages)
    await ann.send({"type": "act", "action": update["legal"][0]})
    await ann.wait_for(lambda m: m["type"] == "update" and m["step"] > update["step"],
                       after=mark)


async def test_a_frame_over_the_servers_frame_limit_closes_only_its_connection(
        server: LiveServer, players: list[Player]) -> None:
    table = new_table(server)
    code = table.code
    ann = await connect(server, code, players, seat_join(table.tokens[0]), "ann")
    watcher = await connect(server, code, players, SPECTATOR, "watcher")
    await ann.send("x" * (WS_MAX_BYTES + 1))
    await wait_closed(ann)
    assert ann.ws.close_code == 1009  # "message too big", from uvicorn
    await still_answers(watcher)
    again = await connect(server, code, players, seat_join(table.tokens[0]), "ann")
    assert welcome(again)["seat"] == 0


# -- the rate limit -----------------------------------------------------------------------------
async def test_a_burst_over_the_rate_is_told_to_slow_down_and_goes_on(
        strict: LiveServer, players: list[Player]) -> None:
    watcher = await connect(strict, new_table(strict).code, players, SPECTATOR, "watcher")
    watcher.answer_pings = False  # its only messages are the burst's
    mark = len(watcher.messages)
    ids = list(range(100, 130))
    for ping_id in ids:
        await watcher.send({"type": "ping", "id": ping_id})

    def replies() -> list[Message]:
        return [m for m in watcher.messages[mark:]
                if m["type"] == "error" or (m["type"] == "pong" and m["id"] in ids)]

    await watcher.wait_for(lambda m: len(replies()) >= len(ids), after=mark)
    answered = replies()
    pongs = [m for m in answered if m["type"] == "pong"]
    limited = [m for m in answered if m["type"] == "error"]
    assert len(answered) == len(ids)
    assert {m["code"] for m in limited} == {"rate-limited"}
    # The burst the bucket holds (twice the rate, less the join) passes; most of the
    # rest is refused (a few more pass as the bucket refills while they arrive).
    assert len(pongs) >= STRICT_RATE
    assert len(limited) >= len(ids) - 4 * STRICT_RATE
    # Not closed: once the bucket has refilled, it is answered again.
    for _ in range(40):
        ping_id = secrets.randbelow(2**40)
        await watcher.send({"type": "ping", "id": ping_id})
        found = await watcher.wait_for(
            lambda m, p=ping_id: m["type"] == "error" or (m["type"] == "pong" and m["id"] == p),
            after=len(watcher.messages))
        if found["type"] == "pong":
            break
        await asyncio.sleep(0.25)  # a rate-limited client waits before trying again
    else:
        raise AssertionError("the connection was never answered again")
    assert not watcher.closed


async def test_a_flood_far_over_the_rate_closes_that_connection_and_the_room_goes_on(
        strict: LiveServer, players: list[Player]) -> None:
    table = new_table(strict)
    code, bob_token = table.code, table.tokens[1]
    ann = await connect(strict, code, players, seat_join(table.tokens[0]), "ann")
    bob = await connect(strict, code, players, seat_join(bob_token), "bob")
    host = await connect(strict, code, players, seat_join(table.host), "host")
    watcher = await connect(strict, code, players, SPECTATOR, "watcher")

    sent = 0
    with contextlib.suppress(ConnectionClosed):  # the server closes it mid-flood
        while not bob.closed and sent < 20_000:
            sent += 1
            await bob.send({"type": "ping", "id": sent})
    await wait_closed(bob)
    assert bob.ws.close_code == 1008  # policy violation
    limited = [m for m in bob.errors() if m["code"] == "rate-limited"]
    assert len(limited) >= Limits().strikes // 2, (sent, len(limited))

    # Everyone else goes on: the game starts and Ann plays her turn, seen by all.
    await still_answers(watcher)
    await host.send({"type": "start"})
    turn = await turn_of(ann, 0)
    mark = len(watcher.messages)
    await ann.send({"type": "act", "action": turn["legal"][0]})
    await watcher.wait_for(lambda m: m["type"] == "update" and m["step"] > turn["step"],
                           after=mark)
    # Bob's seat is still his.
    back = await connect(strict, code, players, seat_join(bob_token), "bob again")
    assert welcome(back)["seat"] == 1
    await back.wait_for(lambda m: m["type"] == "update" and m["view"]["seat"] == 1)

    log = strict.log()
    assert "a connection far over its rate is closed" in log
    for secret in (code, table.host, *table.tokens):
        assert secret not in log


# -- the Origin check ---------------------------------------------------------------------------
async def origin_refused(server: LiveServer, code: str, origin: str) -> bool:
    """Whether a WebSocket from a page of ``origin`` is refused (HTTP 403 at the
    handshake: the app closes with 1008 before accepting, which an ASGI server answers
    so) rather than welcomed."""
    try:
        player = await Player.connect(server.ws_url, code, SPECTATOR, Origin=origin)
    except InvalidStatus as exc:
        assert exc.response.status_code == 403
        return True
    try:
        await player.wait_for(lambda m: m["type"] == "welcome")
    finally:
        await player.close()
    return False


async def test_only_the_servers_own_origin_and_those_it_lists_may_open_a_websocket(
        server: LiveServer, strict: LiveServer, players: list[Player]) -> None:
    code = new_table(strict).code
    for origin in (strict.url, FRIENDS):
        assert not await origin_refused(strict, code, origin), origin
    await connect(strict, code, players, SPECTATOR)  # no Origin: not a browser
    # (The scheme of the server's own origin is not compared: behind a proxy that
    # terminates TLS, pages are https while the server itself is spoken to in http.)
    for origin in ("http://evil.example", "null", "http://127.0.0.1:1", "file://",
                   "https://friends.example", f"{FRIENDS}.evil.example",
                   f"http://127.0.0.1:{strict.port}.evil.example", f"http://{strict.port}"):
        assert await origin_refused(strict, code, origin), origin
    # A server that lists no other origin lets in only its own.
    other = new_table(server).code
    assert await origin_refused(server, other, FRIENDS)
    assert not await origin_refused(server, other, server.url)


# -- names ----------------------------------------------------------------------------------------
MARKUP_NAMES = ("<script>x()</script>", "<img src=x onerror=y()>", "Tom & \"Jerry\"")


async def test_names_are_shown_as_text_never_as_markup(
        server: LiveServer, players: list[Player]) -> None:
    made = server.post("/api/rooms", {"game": "by-golly", "players": 3,
                                      "seats": [None, None, None], "name": MARKUP_NAMES[0]})
    code = made["code"]
    for name in MARKUP_NAMES[1:]:
        take_seat(server, code, name)

    # The room page is the same static page for every room: names never go into its
    # HTML, they reach the browser as JSON and are drawn as text (tests/web/test_lobby.py).
    page = httpx.get(f"{server.url}/r/{code}", timeout=10.0)
    assert page.headers["content-type"].startswith("text/html")
    assert not any(n in page.text or html.escape(n) in page.text for n in MARKUP_NAMES)

    info = httpx.get(f"{server.url}/api/rooms/{code}", timeout=10.0)
    assert info.headers["content-type"] == "application/json"
    assert [s["name"] for s in info.json()["seats"]] == list(MARKUP_NAMES)
    watcher = await connect(server, code, players, SPECTATOR)
    assert [s["name"] for s in welcome(watcher)["room"]["seats"]] == list(MARKUP_NAMES)


BAD_NAMES = ("a" * (Limits().name_chars + 1), "\x1b[31mred", "nul\x00byte", "bell\x07",
             "\u202egnp.exe", "zero\u200bwidth", "   ", "")


def test_names_too_long_or_not_printable_are_refused(server: LiveServer) -> None:
    made = server.post("/api/rooms", {"game": "by-golly", "players": 2, "seats": [None, None],
                                      "name": "ann"})
    code = made["code"]
    for name in BAD_NAMES:
        for path, body in (("/api/rooms", {"game": "fly", "players": 2, "seats": [None, None],
                                           "name": name}),
                           (f"/api/rooms/{code}/seats", {"name": name})):
            response = httpx.post(f"{server.url}{path}", json=body, timeout=10.0)
            assert response.status_code == 422, (name, path, response.text)
            assert response.json()["detail"][0]["loc"][:2] == ["body", "name"]
    assert server.get(f"/api/rooms/{code}")["seats"][1]["kind"] == "open"
    # The longest name counts characters as a person sees them: 24 emoji of 7 code points.
    longest = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466" * Limits().name_chars
    take_seat(server, code, longest)
    assert server.get(f"/api/rooms/{code}")["seats"][1]["name"] == longest


def test_request_bodies_over_the_limit_are_refused(server: LiveServer) -> None:
    body = json.dumps({"game": "fly", "players": 2, "seats": [None, None],
                       "options": {"x": "y" * 100_000}}).encode()
    response = httpx.post(f"{server.url}/api/rooms", content=body,
                          headers={"content-type": "application/json"}, timeout=10.0)
    assert response.status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts as it reads
        yield body[:1000]
        yield body[1000:]

    response = httpx.post(f"{server.url}/api/rooms", content=chunks(),
                          headers={"content-type": "application/json"}, timeout=10.0)
    assert response.status_code == 413
    assert server.get("/api/health")["status"] == "ok"


# -- records and the log --------------------------------------------------------------------------
async def test_only_finished_games_have_records_and_the_log_holds_no_secret(
        server: LiveServer, players: list[Player]) -> None:
    table = new_table(server)
    code = table.code
    record_url = f"{server.url}/api/rooms/{code}/games/1/record"
    assert httpx.get(record_url, timeout=10.0).status_code == 404  # the lobby

    ann = await connect(server, code, players, seat_join(table.tokens[0]), "ann")
    bob = await connect(server, code, players, seat_join(table.tokens[1]), "bob")
    host = await connect(server, code, players, seat_join(table.host), "host")
    # What a cheat might try, each carrying a marker that must not reach the log.
    marker = f"MARKER-{secrets.token_hex(8)}"
    fake_token = secrets.token_urlsafe(24)
    stranger = await connect(server, code, players, None)
    await refused(stranger, seat_join(fake_token), "bad-token")
    await refused(ann, f'{{"type": "{marker}"}}', "malformed")
    await refused(ann, marker * 500, "too-large")
    await refused(ann, {"type": "act", "action": marker}, "not-playing")

    await host.send({"type": "start"})
    first = await turn_of(ann, 0)
    assert httpx.get(record_url, timeout=10.0).status_code == 404  # still being played
    await refused(bob, {"type": "act", "action": marker}, "illegal")
    rng = random.Random(15)
    await asyncio.wait_for(asyncio.gather(play_randomly(ann, 0, rng),
                                          play_randomly(bob, 1, rng)), WAIT_S * 2)

    data = server.get(f"/api/rooms/{code}/games/1/record")
    state = replay(Record.from_json(data), key=read_verify_key(server.folder / PUBLIC_KEY_FILE))
    assert state.is_over

    log = server.log()
    assert "gamenight is serving at" in log  # the log of this server, read whole
    # The deal and every shuffle (the animals drawn one by one are words any log may hold).
    hidden = [json.dumps(step["chance"]) for step in data["steps"]
              if "chance" in step and not isinstance(step["chance"], str)]
    ann_hand = first["view"]["hand"]
    secrets_told = [code, table.host, *table.tokens, fake_token,
                    marker, str(data["seed"]), json.dumps(ann_hand), *hidden]
    assert len(hidden) >= 1 and len(ann_hand) >= 1
    for secret in secrets_told:
        assert secret not in log


def test_a_failure_is_logged_without_its_message(caplog: pytest.LogCaptureFixture) -> None:
    """A bug's exception may quote a hidden card: the log gets its kind and place only."""
    def deal() -> None:
        raise ValueError("the face-down card is the rooster")

    with caplog.at_level(logging.ERROR, logger="gamenight.server"):
        try:
            deal()
        except ValueError as exc:
            log_failure("room abcd failed", exc)
    logged = caplog.text
    assert "ValueError" in logged and "room abcd failed" in logged
    assert Path(__file__).name in logged
    assert "rooster" not in logged
