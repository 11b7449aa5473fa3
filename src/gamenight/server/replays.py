"""A finished game, step by step, as one seat (or a spectator) saw it: the frames of the
browser's replay viewer.

A frame is the very :class:`~gamenight.server.protocol.Update` a table draws in a room,
built by the one builder (``protocol.update``) from the replayed state after each step and
the events of that step in the seat's form, so that the viewer draws a replay with the
same table module as the room and nothing reaches a seat's frames that the room would not
have sent it: frame ``i`` holds the seat's view after ``i`` steps (frame 0: the game as it
was set up), never anything else of the state.  A replay acts nothing: every frame offers
no actions (``legal`` empty) and no open window.

:func:`replay_frames` verifies the record first (its hash and every step, as
``record.replay`` does); :func:`seen_frames` plays any history as given, unchecked, so
that twins (``GameState.resample``) can be compared frame by frame in the tests.
"""

from __future__ import annotations

import copy
import gzip
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from typing_extensions import TypedDict

from gamenight.engine import GameState, Step
from gamenight.engine.checks import check_seat
from gamenight.engine.events import Event
from gamenight.record import Record, replay, start
from gamenight.seats import record_names
from gamenight.server import protocol
from gamenight.server.protocol import Update

#: Whose eyes a replay is seen through when they are no seat's.
SPECTATOR = "spectator"
#: A seat's number as a query gives it: digits only (no sign, no space, no other
#: script's digits, which ``int`` would take).
_SEAT = re.compile(r"[0-9]{1,3}")


class SeatRefusedError(ValueError):
    """A seat asked for that is no seat of the game (the route answers 400)."""


def seat_of(text: str, players: int, *, spectator: bool = False) -> int | None:
    """The seat ``text`` names in a game of ``players``: its number, or None for
    ``spectator`` where a spectator's eyes are allowed.  SeatRefusedError otherwise."""
    if spectator and text == SPECTATOR:
        return None
    if _SEAT.fullmatch(text) is None or not 0 <= int(text) < players:
        either = f" or {SPECTATOR}" if spectator else ""
        raise SeatRefusedError(f"the seat is a number from 0 to {players - 1}{either}")
    return int(text)


class Replay(TypedDict):
    """A finished game's frames for one pair of eyes, and what the viewer shows around
    the table: the game, whose names sit where, whose eyes (None: a spectator's)."""

    game: str
    title: str
    number: int
    players: int
    #: Each seat's name as the record gives it, shown as every table shows seats
    #: (``gamenight.seats.record_names``: a simulated game's ``bot:SPEC`` as the bot's
    #: name, two seats of one name numbered).
    names: list[str]
    seat: int | None
    frames: list[Update]


def frame(state: GameState[Any], seat: int | None, number: int,
          events: Iterable[Event]) -> Update:
    """The update ``seat`` would have been sent after ``events``, as a replay shows it:
    no actions offered and no window open (nothing can be done in a replay; the
    builder's own ``legal`` is dropped rather than the builder given a flag, so that the
    one builder of what a seat is told stays as live play uses it)."""
    update = protocol.update(state, seat, number, list(events), None, fresh=False)
    update["legal"] = []
    update["legal_count"] = 0
    return update


def seen_frames(begin: GameState[Any], steps: Iterable[Step], seat: int | None,
                number: int) -> Iterator[Update]:
    """Play ``steps`` on ``begin`` (a game at its beginning, changed in place; chance
    outcomes as given, not checked) and yield ``seat``'s frame of the beginning and then
    of each step.  IllegalAction where a step cannot be taken."""
    if seat is not None:
        check_seat(seat, begin.players)
    yield frame(begin, seat, number, begin.events)
    for step in steps:
        if step.seat is None:
            events = begin.apply_chance(copy.deepcopy(step.value))
        else:
            events = begin.apply_text(step.seat, step.value, step.at_ms)
        yield frame(begin, seat, number, events)


def replay_frames(record: Record, seat: int | None, number: int) -> Replay:
    """The frames of the finished game ``record`` for ``seat`` (None: a spectator), the
    record verified first: RecordError if it does not check out, IllegalAction if
    ``seat`` is no seat of it."""
    if seat is not None:
        check_seat(seat, record.players)
    final = replay(record)
    return Replay(game=record.game, title=final.game.title, number=number,
                  players=record.players, names=record_names(record.seats), seat=seat,
                  frames=list(seen_frames(start(record), record.steps, seat, number)))


def gzipped(replay: Replay) -> bytes:
    """``replay`` as the JSON body a client receives, gzipped: frames repeat the whole
    view at each step, so they shrink some thirty times."""
    return gzipped_json(replay)


class AnswerCache:
    """The answers the server worked out lately, by what was asked, ready to send (JSON,
    gzipped): the frames of a finished game through some eyes, a seat's redacted record,
    the frames of a record file sent.  A finished game's record never changes, and a
    viewer that switches eyes back and forth (or a room of people opening the replay at
    once) should not make the server replay the game each time.  The least lately used
    go first, past ``size`` answers or ``most_bytes`` in all (each is some 5-30 KB
    gzipped, a long game's frames up to some 40 KB).  Safe across threads."""

    def __init__(self, size: int = 256, most_bytes: int = 32 * 1024 * 1024) -> None:
        self.size, self.most_bytes = size, most_bytes
        self._held: OrderedDict[Hashable, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        """The answer held for ``key``, or None."""
        with self._lock:
            body = self._held.get(key)
            if body is not None:
                self._held.move_to_end(key)
            return body

    def put(self, key: Hashable, body: bytes) -> None:
        """Hold ``body`` as the answer for ``key``."""
        with self._lock:
            old = self._held.pop(key, None)
            if old is not None:
                self._bytes -= len(old)
            self._held[key] = body
            self._bytes += len(body)
            while len(self._held) > self.size or (self._bytes > self.most_bytes
                                                  and len(self._held) > 1):
                _, dropped = self._held.popitem(last=False)
                self._bytes -= len(dropped)

    def __len__(self) -> int:
        return len(self._held)


def gzipped_json(value: Any) -> bytes:
    """``value`` as the JSON body a client receives, gzipped."""
    text = json.dumps(value, separators=(",", ":"), allow_nan=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=6)
