"""Clients of a real server for tests: a WebSocket per seat (or spectator), speaking the
protocol as a browser would, answering the server's pings, keeping every message.

:class:`Player` is one connection; :func:`play_randomly` makes it play random legal
actions from its updates (their ``legal`` lists) until the game is over, with a
reaction time it "measured" for actions in windows.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

Message = dict[str, Any]
#: How long a test waits for a message it expects before failing.
WAIT_S = 30.0


class Player:
    """One WebSocket connection to a room."""

    def __init__(self, ws: ClientConnection, name: str = "") -> None:
        self.ws = ws
        self.name = name
        self.messages: list[Message] = []
        self.frames: list[str] = []
        self.closed = False
        self._changed = asyncio.Condition()
        self._reader = asyncio.create_task(self._read())
        self.answer_pings = True
        #: Says it is ready when the room's first race waits for its seat (``ready``), as
        #: a person at the browser's "I'm ready" does; a test of that wait turns it off.
        self.says_ready = True
        self.seat: int | None = None

    @classmethod
    async def connect(cls, ws_url: str, code: str, join: Message | None = None,
                      name: str = "", **headers: str) -> Player:
        ws = await connect(f"{ws_url}/ws/rooms/{code}", additional_headers=headers or None,
                           max_size=2**24)
        player = cls(ws, name)
        if join is not None:
            await player.send(join)
        return player

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                text = frame if isinstance(frame, str) else frame.decode()
                message = json.loads(text)
                if message.get("type") == "ping" and self.answer_pings:
                    await self.send({"type": "pong", "id": message["id"]})
                if message.get("type") == "welcome":
                    self.seat = message["seat"]
                room = message.get("room") if message.get("type") in ("welcome", "room") \
                    else None
                if (room is not None and self.says_ready and self.seat is not None
                        and self.seat in room.get("getting_ready", ())):
                    await self.send({"type": "ready"})
                async with self._changed:
                    self.frames.append(text)
                    self.messages.append(message)
                    self._changed.notify_all()
        except Exception:  # the connection closed (or broke): waiting stops
            pass
        finally:
            async with self._changed:
                self.closed = True
                self._changed.notify_all()

    async def send(self, message: Message | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def wait_for(self, test: Callable[[Message], bool], after: int = 0,
                       timeout: float = WAIT_S) -> Message:
        """The first message from index ``after`` on that passes ``test``."""
        async def found() -> Message:
            async with self._changed:
                while True:
                    for message in self.messages[after:]:
                        if test(message):
                            return message
                    if self.closed:
                        raise ConnectionError(f"{self.name}: closed before the message came")
                    await self._changed.wait()
        return await asyncio.wait_for(found(), timeout)

    def updates(self) -> list[Message]:
        return [m for m in self.messages if m["type"] == "update"]

    @property
    def last_update(self) -> Message | None:
        updates = self.updates()
        return updates[-1] if updates else None

    def errors(self) -> list[Message]:
        return [m for m in self.messages if m["type"] == "error"]

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(BaseException):
            await self._reader


def over(message: Message) -> bool:
    return message["type"] == "update" and message["acting"]["kind"] == "over"


async def play_randomly(player: Player, seat: int, rng: random.Random,
                        timeout: float = 120.0) -> Message:
    """Play ``seat`` with random legal actions until the game is over; returns the last
    update.  An action refused because the table moved on (another seat was quicker) is
    fine: the next update brings the new choice."""
    acted_at: tuple[int, int] | None = None

    async def loop() -> Message:
        nonlocal acted_at
        seen = 0
        while True:
            async with player._changed:
                while len(player.messages) == seen and not player.closed:
                    await player._changed.wait()
                if player.closed:
                    raise ConnectionError(f"seat {seat}: the connection closed mid-game")
                new, seen = player.messages[seen:], len(player.messages)
            updates = [m for m in new if m["type"] == "update"]
            if not updates:
                continue
            update = updates[-1]
            if over(update):
                return update
            acting = update["acting"]
            legal = update["legal"] or []
            mark = (update["game"], update["step"])
            if seat not in acting["seats"] or not legal or mark == acted_at:
                continue
            acted_at = mark
            message: Message = {"type": "act", "action": rng.choice(legal)}
            if update["window"] is not None:
                message["window"] = update["window"]["id"]
                message["reaction_ms"] = round(rng.uniform(150.0, 900.0), 1)
            await player.send(message)

    return await asyncio.wait_for(loop(), timeout)
