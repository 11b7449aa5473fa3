"""Thousands of malformed frames thrown at a live room while a game is played in it.

A real ``gamenight serve`` process holds a room of Fliegen klatschen: three people
(random clients, ``tests.server.client.play_randomly``) and a bot.  While they play,
four more connections to the same room -- two holding people's seat tokens, two
spectators -- send frames no server may take: random bytes, random text, truncated
JSON, every field of every message with a value of the wrong type, numbers too large
for any field, NaN and Infinity, deeply nested arrays, unknown types, extra fields
(a ``seat`` among them), texts that are no action, actions for a window that is not
open, frames over the size limit, binary frames, a second join, a start by someone
who is not the host.

Every frame is built so that it must be refused (the generator checks each one with the
server's own reader, and for the rest knows the room's rule that refuses it), so the
test can ask that each is answered by exactly one error, in order, with the right code;
that no connection is closed for it (all of it is within the rate limit); that the game
finishes; that its record replays and verifies with the server's public key; and that
nothing the fuzzers sent, nor any failure, reaches the server's log.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from gamenight.engine import IllegalAction
from gamenight.games import GAMES
from gamenight.record import Record, replay
from gamenight.server.config import Limits
from gamenight.server.protocol import ProtocolError, read_client
from gamenight.signing import PUBLIC_KEY_FILE, read_verify_key
from tests.server.client import WAIT_S, Message, Player, over, play_randomly
from tests.server.live import LiveServer, live_server

GAME = GAMES["fliegen-klatschen"]
#: A short game (most of the deck taken out) with short hunts: a few seconds of play.
OPTIONS = {"remove": 60, "deadline_ms": 400}
#: Seats 0, 1 and 3 are people's, seat 2 the game's default bot.
SEATS: list[str | None] = [None, None, GAME.default_bot, None]
#: Frames each fuzzing connection sends, and how many it lets go unanswered at once
#: (a client that waits for answers, as any client within the rate limit does).
FRAMES_EACH = 750
IN_FLIGHT = 48
SEED = 15

LIMIT = Limits().frame_bytes
#: Window ids this far up name no window: a game has a few hundred steps.
NO_WINDOW = 10**6
#: The errors a frame of the right shape may get from the room, depending on the moment
#: (the game not started or over, a turn or a window, the sender a spectator or a seat).
ROOM_REFUSALS = frozenset({"illegal", "stale", "not-allowed", "not-playing"})

Frame = str | bytes


def parses(text: str) -> bool:
    try:
        GAME.parse_action(text)
    except IllegalAction:
        return False
    return True


def must_refuse(frame: Frame, spectator: bool) -> frozenset[str] | None:
    """The error codes the server may answer ``frame`` with, from a connection that has
    joined (as a spectator, or as a person's seat that is not the host); None if the
    server might take it (the generator then draws another)."""
    try:
        message = read_client(frame, LIMIT)
    except ProtocolError as exc:
        return frozenset({exc.code})
    kind = message["type"]
    if kind in ("join", "start"):  # joined already; not the host
        return frozenset({"not-allowed"})
    if kind in ("ping", "pong"):
        return None
    if spectator:  # a spectator acts in nothing (once the game is over: no game is on)
        return frozenset({"not-allowed"}) if kind == "rematch" else frozenset(
            {"not-allowed", "not-playing"})
    if kind == "rematch":  # a seat's rematch counts once the game is over
        return None
    if message["type"] == "act" and not parses(message["action"]):
        return frozenset({"illegal", "not-playing"})
    # A window's action (or pass) naming no window: stale in a window, illegal on a
    # turn (whose only action is to reveal), refused when no game is on.
    action = "pass" if message["type"] == "pass" else message["action"]
    if message.get("window", 0) >= NO_WINDOW and action != "reveal":
        return ROOM_REFUSALS
    return None


# -- the garbage ------------------------------------------------------------------------------
TEMPLATES: list[Message] = [
    {"type": "join", "token": "x" * 32},
    {"type": "join", "spectator": True},
    {"type": "act", "action": "slap 3", "window": NO_WINDOW + 5, "reaction_ms": 300.0},
    {"type": "pass", "window": NO_WINDOW + 7, "reaction_ms": 250.5},
    {"type": "ping", "id": 7},
    {"type": "pong", "id": 7},
    {"type": "start"},
    {"type": "rematch"},
]
#: For each field, values of a kind (or size) it never takes.
WRONG: dict[str, list[Any]] = {
    "type": [None, 1, True, [], {}, "", "ACT", "act ", "Pass", "pingg", "join\x00"],
    "token": [None, 1, True, [], {}, "", "x" * 129],
    "spectator": [None, 1, "true", [], {}],
    "action": [None, 1, 1.5, True, [], {}, "", "x" * 513, ["slap", 3]],
    "window": [None, "3", 1.5, True, [], {}, -1, 2**70],
    "reaction_ms": [None, "300", True, [], {}, -1.0, -0.001],
    "id": [None, "7", 7.5, True, [], {}, -1, 2**53 + 1],
}
MARKER = f"FUZZMARK{secrets.token_hex(6)}"


@dataclass
class Garbage:
    """A seeded generator of frames no server may take."""

    rng: random.Random
    kinds: dict[str, int] = field(default_factory=dict)  # frames drawn of each kind

    def frame(self, spectator: bool) -> tuple[Frame, frozenset[str]]:
        while True:
            kind, make = self.rng.choice(self.MAKERS)
            frame = make(self)
            expected = must_refuse(frame, spectator)
            if expected is not None:
                self.kinds[kind] = self.kinds.get(kind, 0) + 1
                return frame, expected

    def text(self, size: int) -> str:
        """Random printable and unprintable text from all over Unicode (no surrogates:
        a WebSocket text frame is UTF-8)."""
        pieces = [chr(self.rng.choice((self.rng.randrange(0, 0x80),
                                       self.rng.randrange(0x80, 0xD800),
                                       self.rng.randrange(0xE000, 0x110000))))
                  for _ in range(size)]
        return "".join(pieces)

    def template(self) -> Message:
        return dict(self.rng.choice(TEMPLATES))

    def random_bytes(self) -> Frame:
        return self.rng.randbytes(self.rng.randrange(0, 300))

    def random_text(self) -> Frame:
        text = self.text(self.rng.randrange(0, 200))
        return text + MARKER if self.rng.random() < 0.5 else text

    def truncated_json(self) -> Frame:
        whole = json.dumps(self.template())
        return whole[:self.rng.randrange(0, len(whole))]

    def wrong_type(self) -> Frame:
        message = self.template()
        name = self.rng.choice([n for n in WRONG if n in message or n == "type"])
        message[name] = self.rng.choice(WRONG[name])
        return json.dumps(message)

    def huge_number(self) -> Frame:
        digits = "9" * self.rng.randrange(17, 400)
        number = self.rng.choice([digits, f"-{digits}", "1e400", "-1e400", "1e308",
                                  f"{digits}.5"])
        name = self.rng.choice(["id", "window", "reaction_ms"])
        kind = {"id": "ping", "window": "pass", "reaction_ms": "pass"}[name]
        return f'{{"type": "{kind}", "{name}": {number}}}'

    def nan_infinity(self) -> Frame:
        token = self.rng.choice(["NaN", "Infinity", "-Infinity", "nan", "inf"])
        name = self.rng.choice(["id", "window", "reaction_ms"])
        kind = {"id": "pong", "window": "act", "reaction_ms": "act"}[name]
        action = ', "action": "slap 3"' if kind == "act" else ""
        return f'{{"type": "{kind}"{action}, "{name}": {token}}}'

    def deep_nesting(self) -> Frame:
        depth = self.rng.randrange(40, 2000)
        nested = self.rng.choice(["[" * depth + "]" * depth,
                                  '{"a":' * depth + "1" + "}" * depth])
        where = self.rng.choice(["alone", "action", "id"])
        if where == "alone":
            return nested
        kind = "act" if where == "action" else "ping"
        return f'{{"type": "{kind}", "{where}": {nested}}}'

    def unknown_type(self) -> Frame:
        name = self.rng.choice(["shout", "admin", "seat", "deal", "reveal", "slap",
                                self.text(8), "act" * 3])
        return json.dumps({"type": name, "action": "slap 3"})

    def extra_field(self) -> Frame:
        message = self.template()
        message[self.rng.choice(["seat", "as", "token", "host", "__proto__"])] = \
            self.rng.choice([0, 1, 3, True, "0", None])
        return json.dumps(message)

    def not_an_action(self) -> Frame:
        text = self.rng.choice([self.text(self.rng.randrange(1, 100)), f"slap {MARKER}",
                                "slap", "slap -1", "slap 1e9", "reveal now", "PASS!",
                                "swat 3", MARKER])
        message: Message = {"type": "act", "action": text}
        if self.rng.random() < 0.5:
            message["window"] = self.rng.randrange(0, 300)
            message["reaction_ms"] = self.rng.uniform(0.0, 5000.0)
        return json.dumps(message)

    def wrong_window(self) -> Frame:
        message: Message = self.rng.choice([
            {"type": "act", "action": f"slap {self.rng.randrange(0, 120)}"},
            {"type": "act", "action": "pass"}, {"type": "pass"}])
        message["window"] = NO_WINDOW + self.rng.randrange(0, 10**9)
        if self.rng.random() < 0.5:
            message["reaction_ms"] = self.rng.uniform(0.0, 900.0)
        return json.dumps(message)

    def binary_frame(self) -> Frame:
        inner = self.rng.choice([self.wrong_type, self.unknown_type, self.not_an_action,
                                 self.truncated_json])()
        return inner.encode() if isinstance(inner, str) else inner

    def too_large(self) -> Frame:
        size = self.rng.randrange(LIMIT + 1, 4 * LIMIT)
        return self.rng.choice([
            json.dumps({"type": "act", "action": "x" * size}),
            json.dumps({"type": "ping", "id": 1, "pad": [0] * (size // 3)}),
            self.rng.randbytes(size)])

    def privileged(self) -> Frame:
        return json.dumps(self.rng.choice([{"type": "start"},
                                           {"type": "join", "spectator": True},
                                           {"type": "join", "token": secrets.token_urlsafe(24)}]))

    MAKERS: ClassVar[list[tuple[str, Callable[[Garbage], Frame]]]] = [
        ("random bytes", random_bytes), ("random text", random_text),
        ("truncated JSON", truncated_json), ("wrong type", wrong_type),
        ("huge number", huge_number), ("NaN or Infinity", nan_infinity),
        ("deep nesting", deep_nesting), ("unknown type", unknown_type),
        ("extra field", extra_field), ("not an action", not_an_action),
        ("wrong window", wrong_window), ("binary frame", binary_frame),
        ("too large", too_large), ("join again or start", privileged),
    ]


def test_the_generator_only_makes_frames_that_must_be_refused() -> None:
    """The generator's own check is the server's reader: a sample of what it makes
    covers every kind, and a valid message is recognised as one it must not send."""
    garbage = Garbage(random.Random(SEED))
    for spectator in (True, False):
        for _ in range(2000):
            _, expected = garbage.frame(spectator)
            assert expected
    assert set(garbage.kinds) == {kind for kind, _ in Garbage.MAKERS}
    assert must_refuse('{"type": "ping", "id": 3}', spectator=True) is None
    assert must_refuse('{"type": "act", "action": "reveal", "window": 2000000}', False) is None
    assert must_refuse('{"type": "act", "action": "slap 3", "window": 4}', False) is None
    assert must_refuse('{"type": "act", "action": "slap 3", "window": 4}', True) == {
        "not-allowed", "not-playing"}
    assert must_refuse('{"type": "rematch"}', True) == {"not-allowed"}


# -- the live room -----------------------------------------------------------------------------
@dataclass
class Fuzzer:
    """One connection sending garbage, and what it expects back, frame by frame."""

    player: Player
    spectator: bool
    expected: list[frozenset[str]] = field(default_factory=list)
    during_game: int = 0  # frames sent before the game was over
    start: int = 0  # index of its first message after joining
    _read: int = 0  # messages looked through for errors so far
    _errors: list[Message] = field(default_factory=list)

    def errors(self) -> list[Message]:
        """The errors it has been sent since it joined."""
        messages = self.player.messages
        self._read = max(self._read, self.start)
        self._errors += [m for m in messages[self._read:] if m["type"] == "error"]
        self._read = len(messages)
        return self._errors


async def fuzz(fuzzer: Fuzzer, garbage: Garbage, game_over: asyncio.Event) -> None:
    player = fuzzer.player
    for _ in range(FRAMES_EACH):
        async with player._changed:
            while len(fuzzer.expected) - len(fuzzer.errors()) >= IN_FLIGHT:
                assert not player.closed, f"{player.name}: closed by the server"
                await player._changed.wait()
        frame, expected = garbage.frame(fuzzer.spectator)
        fuzzer.expected.append(expected)
        if not game_over.is_set():
            fuzzer.during_game += 1
        await player.ws.send(frame)
        await asyncio.sleep(0)  # let the players' connections have their turn


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(tmp_path) as running:
        yield running


async def test_a_room_finishes_its_game_under_thousands_of_malformed_frames(
        server: LiveServer) -> None:
    made = server.post("/api/rooms", {"game": GAME.id, "players": len(SEATS), "seats": SEATS,
                                      "options": OPTIONS})
    code = made["code"]
    tokens = {seat: server.post(f"/api/rooms/{code}/seats", {"name": name})["token"]
              for seat, name in ((0, "ann"), (1, "bob"), (3, "cy"))}
    opened: list[Player] = []

    async def join(message: Message, name: str) -> Player:
        player = await Player.connect(server.ws_url, code, message, name=name)
        opened.append(player)
        await player.wait_for(lambda m: m["type"] == "welcome")
        return player

    try:
        people = {seat: await join({"type": "join", "token": token}, name)
                  for (seat, token), name in zip(tokens.items(), ("ann", "bob", "cy"),
                                                 strict=True)}
        host = await join({"type": "join", "token": made["host_token"]}, "host")
        fuzzers = [Fuzzer(await join({"type": "join", "token": tokens[0]}, "ann's twin"), False),
                   Fuzzer(await join({"type": "join", "token": tokens[3]}, "cy's twin"), False),
                   Fuzzer(await join({"type": "join", "spectator": True}, "watcher 1"), True),
                   Fuzzer(await join({"type": "join", "spectator": True}, "watcher 2"), True)]
        for fuzzer in fuzzers:
            fuzzer.start = len(fuzzer.player.messages)

        game_over = asyncio.Event()
        rng = random.Random(SEED)

        async def play(seat: int, player: Player) -> Message:
            last = await play_randomly(player, seat, random.Random(rng.random()),
                                       timeout=WAIT_S * 4)
            game_over.set()
            return last

        await host.send({"type": "start"})
        garbages = [Garbage(random.Random(SEED + i)) for i in range(len(fuzzers))]
        results = await asyncio.gather(
            *(play(seat, player) for seat, player in people.items()),
            *(fuzz(f, g, game_over) for f, g in zip(fuzzers, garbages, strict=True)))
        finals: list[Message] = results[:len(people)]

        # Every frame was answered by one error, in order, with a code it must get.
        for fuzzer in fuzzers:
            player = fuzzer.player
            await player.wait_for(lambda m, f=fuzzer: len(f.errors()) >= len(f.expected),
                                  after=fuzzer.start)
            errors = fuzzer.errors()
            assert len(errors) == len(fuzzer.expected) == FRAMES_EACH, player.name
            for number, (error, expected) in enumerate(zip(errors, fuzzer.expected,
                                                           strict=True)):
                assert error["code"] in expected, (player.name, number, error, expected)
            # ... and the connection is open and answers.
            ping = {"type": "ping", "id": 424242}
            mark = len(player.messages)
            await player.send(ping)
            await player.wait_for(lambda m: m["type"] == "pong" and m["id"] == 424242,
                                  after=mark)
            assert not player.closed
        codes = [e["code"] for f in fuzzers for e in f.errors()]
        assert {"malformed", "too-large", "not-allowed", "illegal", "stale"} <= set(codes)
        assert sum(f.during_game for f in fuzzers) >= len(fuzzers) * FRAMES_EACH // 4

        # The game finished, and its record is the game everyone was shown.
        assert all(over(final) for final in finals)
        data = server.get(f"/api/rooms/{code}/games/1/record")
        record = Record.from_json(data)
        state = replay(record, key=read_verify_key(server.folder / PUBLIC_KEY_FILE))
        assert state.is_over
        assert len(record.steps) == finals[0]["step"]
        assert {step.seat for step in record.steps if step.seat is not None} >= {0, 1, 3}

        log = server.log()
        assert "gamenight is serving at" in log
        assert MARKER not in log
        assert "failed: " not in log  # no frame made the server fail (log_failure)
    finally:
        for player in opened:
            await player.close()
