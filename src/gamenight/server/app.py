"""The server's ASGI app: REST for what is not live, one WebSocket per player for play.

``create_app(config)`` builds it; ``gamenight serve`` runs it under uvicorn.  REST (with
an OpenAPI document at ``/openapi.json``): the games with their options and bots, making
a room, taking a seat, a room's public state, a finished game's signed record (or one
seat's redacted record) and its replay's frames (``server.replays``; also of a record file
sent), the server's public key, health.  The WebSocket ``/ws/rooms/{code}`` carries the protocol of
``server.protocol`` (``docs/protocol.md``).

What a connection may do is bounded here, before a room sees anything: a frame size, a
message rate (a token bucket), the Origin of a browser page, and a first message that
must be ``join`` within a few seconds.  A refused message is answered with an ``error``
and the connection and its room go on.  Nothing secret is logged: no token, no frame,
no whole room code, no exception's message.

What one client address may cost is bounded too (``ServerConfig.per_address``): rooms
made and heavy requests a minute (token buckets, 429 with ``Retry-After``), WebSockets
open at once; a request must name this server in its ``Host``.  Heavy work (replaying a
game for its frames or a seat's record, reading a record file sent) runs in a worker
thread, a few at a time, never on the event loop that plays every room, and its answers
are kept (a finished game never changes).  ``server.guard`` bounds what a connection
costs before a request reaches the app.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import gzip
import hashlib
import ipaddress
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar
from urllib.parse import urlsplit

import anyio
import anyio.to_thread
from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from typing_extensions import TypeAliasType

from gamenight import i18n, lessons, names, web
from gamenight.bots.base import bot_kinds
from gamenight.bots.levels import LEVELS
from gamenight.engine import Game, IllegalAction, OptionError, RecordError, thaw
from gamenight.games import GAMES
from gamenight.record import Record, loads, redact
from gamenight.server import collector, kernel_rtt, protocol, replays
from gamenight.server.config import ServerConfig
from gamenight.server.guard import LINK
from gamenight.server.leases import HeldElsewhereError, Leases
from gamenight.server.protocol import ProtocolError, RoomInfo
from gamenight.server.refusals import (
    SEAT_REFUSED,
    Refusal,
    RefusedError,
    refused,
    refused_with_code,
)
from gamenight.server.room import Client, Room, log_failure
from gamenight.server.schemas import protocol_schema
from gamenight.server.store import (
    Lease,
    RoomRow,
    Store,
    StoreError,
    default_database_url,
    sqlalchemy_url,
)
from gamenight.server.writer import ThreadExecutor, Writer
from gamenight.signing import PRIVATE_KEY_FILE, SigningKey, generate_key_pair, read_signing_key
from gamenight.version import __version__

log = logging.getLogger("gamenight.server")

#: WebSocket close codes: the Origin is not allowed (policy), the room does not exist, the
#: connection never joined, or it kept sending far over its rate.
CLOSE_POLICY = 1008
CLOSE_NO_ROOM = 4404
#: The room is stored but cannot be played (it could not be taken up after a restart).
CLOSE_UNAVAILABLE = 4409
#: The store cannot read the room now (its database is not answering), or another
#: process holds it still (several processes, ``server.leases``): try again later.
CLOSE_TRY_AGAIN = 1013
#: The room is played by another process from now on ("service restart": join again;
#: through the proxy, the room's new owner is reached).
CLOSE_MOVED = 1012
#: What a request for a room another process holds is answered (503), and when to ask
#: again: its owner has been asked to hand it over.
HELD_ELSEWHERE = ("another server process plays this room right now; it is being "
                  "handed over: ask again in a moment")
HAND_OVER_RETRY_S = 1
#: What a request the store could not take is answered (503), and when to ask again.
STORE_DOWN = "the server cannot store that right now: its database is not answering"
RETRY_AFTER_S = 5
STORE_REFUSED: dict[str, Any] = {
    "model": Refusal,
    "description": "The server cannot store it now: its database is not answering (ask "
                   "again after Retry-After seconds; nothing was taken)"}
#: A connection whose outgoing queue grows past this is too slow to keep up; it is closed
#: (its seat waits for it to come back).
SEND_QUEUE_LIMIT = 2000
#: The largest REST request body: uvicorn sets no limit, and the largest real request (a
#: new room with every option and a bot in each of 16 seats) is under 2 KiB.
REQUEST_BYTES = 64 * 1024
#: Where a record file is sent to be replayed, and the largest one taken: a game at the
#: games' default safety caps writes at most a few hundred KB (a typical one 3 to 25 KB),
#: and replaying a record costs the server time in proportion to its size, so 1 MiB,
#: not the 16 MiB a record file may have on disk (``record.SIZE_LIMIT``).
REPLAY_FILE_PATH = "/api/replays"
REPLAY_FILE_BYTES = 1024 * 1024
#: The largest game number the store's column holds (a 32-bit integer in PostgreSQL).
MAX_GAME_NUMBER = 2**31 - 1
#: A forgotten room keeps its row (its games' records hang from it) with this as its
#: host token's hash, which no token has (``Store.forget_rooms``).
FORGOTTEN = ""
#: Rooms forgotten at most at a time (one transaction each, on the event loop).
FORGET_AT_ONCE = 100

T = TypeVar("T")


# -- the server's state -----------------------------------------------------------------------
def keep_private(database: str, key_dir: Path) -> None:
    """Make the data folders (mode 0700) and an SQLite database's file (0600) before
    anything else makes them with looser modes: the database holds the seed, and with it
    every hidden card, of every game in play.  (SQLite gives its write-ahead log the
    database file's mode.)  A file or folder there already is left as it is, with a
    warning if others may read it; what cannot be made is left to the store to report."""
    path: Path | None = None
    with contextlib.suppress(StoreError):
        url = sqlalchemy_url(database)
        name = url.database
        if url.get_backend_name() == "sqlite" and name and name != ":memory:" \
                and not name.startswith("file:"):
            path = Path(name)
    for folder in {key_dir, *([] if path is None else [path.parent])}:
        with contextlib.suppress(OSError):
            folder.mkdir(mode=0o700, parents=True)
    if path is None:
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        with contextlib.suppress(OSError):
            if path.stat().st_mode & 0o077:
                log.warning("the database file may be read by other users of this "
                            "machine: it holds every hidden card in play (chmod 600 it)")
    except OSError:
        pass


def server_key(folder: Path) -> SigningKey:
    """The server's record-signing key in ``folder``, made on first start."""
    path = folder / PRIVATE_KEY_FILE
    if not path.exists():
        generate_key_pair(folder)
    return read_signing_key(path)


class Server:
    """The rooms one server process holds, its store and its signing key."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        database = config.database or default_database_url()
        keep_private(database, config.key_dir)
        self.store = Store(database)
        #: Every write of the rooms, made in order by one writer; at once until
        #: :meth:`write_beside` gives it a thread of its own beside the event loop.
        self.writer = Writer(self.store)
        self.key = server_key(config.key_dir)
        self.rooms: dict[str, Room] = {}
        #: Stored rooms that could not be taken up, by code: why, in words for their
        #: people (each is asked for again only after a restart).
        self.unavailable: dict[str, str] = {}
        per_address = config.per_address
        #: Rooms made, and heavy requests worked out, by client address.
        self.rooms_made = AddressBuckets(per_address.rooms_per_minute)
        self.heavy_asked = AddressBuckets(per_address.heavy_per_minute)
        #: WebSockets open, by client address.
        self.websockets: dict[str, int] = {}
        #: The answers of heavy requests worked out lately (``replays.AnswerCache``).
        self.answers = replays.AnswerCache()
        #: This process's leases on its rooms when several share the database
        #: (``--process-id``); None: one process serves it, as always.
        self.leases = None if config.process_id is None else Leases(
            self.store, self.writer, config.process_id, config.lease_s)

    def write_beside(self, loop: asyncio.AbstractEventLoop) -> None:
        """From now on the writer runs in a thread of its own and settles each write on
        ``loop``, which never waits for the database (``server.writer``)."""
        self.writer.executor = ThreadExecutor(loop)
        if self.leases is not None:
            self.leases.listen(loop, self)

    def resume(self) -> int:
        """Take up every unfinished room the store holds (after a restart); returns how
        many.  Each plays on from where it was stored; one that cannot is reported and
        left out (:meth:`why_unavailable`), and every other room goes on.  One of
        several processes takes up only the rooms it claims (``Leases.resume``)."""
        if self.leases is not None:
            self.leases.resume(self)
            return len(self.rooms)
        for row in self.store.unfinished_rooms():
            room = self._take_up(row, play_on=True)
            if room is not None:
                self.rooms[room.code] = room
        return len(self.rooms)

    def _take_up(self, row: RoomRow, *, play_on: bool, lease: Lease | None = None
                 ) -> Room | None:
        """The stored room ``row`` taken up (and, with ``play_on``, played on), or None
        for one that cannot be, reported in the log by the start of its code only (the
        code is the room's key) and kept in :attr:`unavailable`."""
        game = GAMES.get(row.game)
        if game is None:
            log.error("room %s could not be taken up: its game is not one this server "
                      "knows", row.code[:4])
            self.unavailable[row.code] = "this room's game is not one this server offers"
            return None
        try:
            room = Room.resume(row, game, store=self.store, key=self.key,
                               pauses=self.config.pauses, writer=self.writer, lease=lease)
            room.on_moved = self._moved
            if play_on:
                room.advance()
        except (OptionError, IllegalAction) as exc:
            # A table or position the game refuses (an older server stored it): the
            # game's own words say why, and hold nothing secret.
            log.error("room %s could not be taken up: %s", row.code[:4], exc)
            self.unavailable[row.code] = f"this room cannot be played: {exc}"
            return None
        except Exception as exc:  # one room that does not replay must not stop the rest
            log_failure(f"room {row.code[:4]} could not be taken up", exc)
            self.unavailable[row.code] = ("this room could not be taken up again after "
                                          "the server restarted")
            return None
        return room

    def room(self, code: str) -> Room | None:
        """The room ``code``: held in memory, or else taken up from the store.  A room
        whose last game was over when the server started is not taken up with the others
        (nothing in it runs) but the first time someone asks for it, to see the result,
        fetch the record or play a rematch.  None for no such room, and for one that
        cannot be taken up (:meth:`why_unavailable` says why).

        One of several processes claims the room first (``Leases.claim``), then reads
        it (so it reads every write of its last owner), and plays it on from there:
        HeldElsewhereError while another process holds it."""
        room = self.rooms.get(code)
        if room is None:
            if code in self.unavailable:
                return None
            lease = None if self.leases is None else self.leases.claim(code)
            if self.leases is not None and lease is None:
                return None
            row = self.store.room(code)
            if row is not None and row.host_token_hash != FORGOTTEN:
                room = self._take_up(row, play_on=lease is not None, lease=lease)
            if room is None:
                if self.leases is not None:
                    self.leases.release([code])
                return None
            self.rooms[code] = room
        return room

    def _moved(self, room: Room) -> None:
        """``room`` is played by another process now: let it go."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]

    def made(self, room: Room) -> None:
        """A room just made here is held, to be played here; one of several processes
        holds none: the proxy sends the room's requests to the process its code hashes
        to, which claims it (docs/server.md, "Sticky routing by room code")."""
        if self.leases is None:
            self.rooms[room.code] = room

    def why_unavailable(self, code: str) -> str | None:
        """Why the stored room ``code`` cannot be played, or None where nothing is known
        against it."""
        return self.unavailable.get(code)

    def let_go_idle(self, now: float) -> int:
        """Let go from memory every room idle by ``now`` (``Room.idle``: nobody there
        for ``idle_room_s``, nothing running); returns how many.  Each stays in the store
        and :meth:`room` takes it up again when someone asks for it."""
        idle = [code for code, room in self.rooms.items()
                if room.idle(now, self.config.idle_room_s)]
        for code in idle:
            self.rooms.pop(code).close()
        if idle and self.leases is not None:
            self.leases.release(idle)
        return len(idle)

    def forget_old(self, now: float) -> int:
        """Forget the rooms made ``keep_finished_s`` before ``now`` (Unix seconds) where
        nothing is being played and nobody is connected; returns how many.  Their
        seats, players and tokens go, from memory and from the store; their finished
        games' signed records stay (``Store.forget_rooms``)."""
        at = time.monotonic()
        in_use = {code for code, room in self.rooms.items() if not room.idle(at, 0.0)}
        codes = self.store.forget_rooms(now - self.config.keep_finished_s, keep=in_use,
                                        most=FORGET_AT_ONCE, owner=self.config.process_id)
        for code in codes:
            room = self.rooms.pop(code, None)
            if room is not None:
                room.close()
            self.unavailable.pop(code, None)
        return len(codes)

    def websocket_opened(self, address: str | None) -> bool:
        """Count a WebSocket of ``address``; False (not counted) if it would hold more
        than its share."""
        most = self.config.per_address.websockets
        if address is None or most <= 0:
            return True
        held = self.websockets.get(address, 0)
        if held >= most:
            return False
        self.websockets[address] = held + 1
        return True

    def websocket_closed(self, address: str | None) -> None:
        if address is None or address not in self.websockets:
            return
        self.websockets[address] -= 1
        if self.websockets[address] <= 0:
            del self.websockets[address]

    async def keep_tidy(self) -> None:
        """Every so often, let the idle rooms go, and forget the old ones (runs as long
        as the server does)."""
        every_s = max(1.0, min(60.0, self.config.idle_room_s / 4))
        forget_every_s = max(1.0, min(3600.0, self.config.keep_finished_s / 10))
        forgot_at = time.monotonic()
        while True:
            await asyncio.sleep(min(every_s, forget_every_s))
            now = time.monotonic()
            let_go = self.let_go_idle(now)
            if let_go:
                log.info("let %d idle rooms go from memory (%d held)", let_go, len(self.rooms))
            if now - forgot_at >= forget_every_s:
                forgot_at = now
                try:
                    forgotten = self.forget_old(time.time())
                except StoreError as exc:  # the database is away: next time
                    log.warning("old rooms could not be forgotten now (%s)",
                                type(exc.__cause__ or exc).__name__)
                else:
                    if forgotten:
                        log.info("forgot %d rooms made over %g days ago (their records "
                                 "are kept)", forgotten, self.config.keep_finished_s / 86400)

    def close(self) -> None:
        for room in self.rooms.values():
            room.close()
        self.writer.close()  # what was handed to it is made first
        if self.leases is not None:
            self.leases.close()
            self.leases.release_all()  # stopping cleanly: others take the rooms at once
        self.store.close()


# -- REST shapes (they make the OpenAPI document) -----------------------------------------------
_CLOSED = ConfigDict(extra="forbid")
# The model bounds the code points read; ``clean_name`` counts the characters a person sees.
Name = Annotated[str, Field(min_length=1, max_length=names.NAME_CODE_POINTS)]
#: An option's value, as a game declares it (``Option.default``, ``Option.choices``) and a
#: new room chooses it (named, for the browser's types: ``gamenight.web.typegen``).
OptionValue = TypeAliasType("OptionValue", str | int | float | bool)


class OptionInfo(BaseModel):
    name: str
    #: The option in a few words for a form (``Option.label``; its name with spaces where
    #: the game gives none).
    label: str
    default: OptionValue
    help: str
    choices: list[OptionValue] | None
    minimum: float | None
    maximum: float | None


class GameInfo(BaseModel):
    id: str
    title: str
    #: The game in a line, for someone choosing what to play (``Game.blurb``).
    blurb: str
    #: Whether the client has a table of the game's own (``js/tables/<id>.js``); a game
    #: without one is played at the plain table.
    table: bool
    #: Why a game of it ends, in a sentence, by ``Outcome.reason`` (``Game.end_reasons``):
    #: the result and the replay say it.
    end_reasons: dict[str, str]
    #: What never changes in a game of it and its table draws by (``Game.facts``: the
    #: deck's faces by card id, a limit the rules set), shaped as the game's ``Facts``.
    facts: dict[str, Any] | None
    min_players: int
    max_players: int
    options: list[OptionInfo]
    bots: list[str]
    default_bot: str
    #: The bot a seat is offered by default, against people (``Game.bot_for_people``).
    opponent_bot: str
    levels: list[str]


class NewRoom(BaseModel):
    """A room to make: the game, the table, its options, and per seat a bot spec
    (``sharp:expert``) or null for a person's seat.  ``name``: the host's, to sit at the
    first person's seat at once."""

    model_config = _CLOSED
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=16)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)
    seats: list[Annotated[str, Field(max_length=80)] | None] = Field(max_length=16)
    name: Name | None = None
    grace_s: float | None = Field(default=None, ge=0.0, le=3600.0)


class TableQuery(BaseModel):
    """Options chosen for a new room (as ``NewRoom`` has them), to learn which table
    sizes can start with them."""

    model_config = _CLOSED
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)


class TableSizes(BaseModel):
    """The player counts a room of the game can start with the options asked about
    (``Game.resolve_options``, the check a new room gets), fewest first."""

    players: list[int]


class SeatTaken(BaseModel):
    """A seat and the token that plays it (keep it: it is the seat's only key)."""

    seat: int
    token: str


class RoomMade(BaseModel):
    """The room made: its code, the invite link to give friends, the host's token (it
    starts the game; keep it secret) and, when the host gave a name, the seat the host
    took, whose token is the host's token."""

    code: str
    invite: str
    host_token: str
    seat: SeatTaken | None


class NewSeat(BaseModel):
    model_config = _CLOSED
    name: Name
    seat: int | None = Field(default=None, ge=0, le=15)


class LessonInfo(BaseModel):
    """A lesson of the tutorial: one of the rulebook's examples, as a position to play
    (``gamenight.lessons``)."""

    #: The example's name (its position is ``examples/<name>.json`` in the game's package).
    name: str
    title: str
    #: What the rulebook's example shows.
    shows: str
    #: What to try.
    task: str
    #: The seat the person plays (the one to move); the game's default bot plays the rest.
    seat: int
    players: int


class NewLessonRoom(BaseModel):
    """A room to play a lesson in: the person's name (they sit at the lesson's seat)."""

    model_config = _CLOSED
    name: Name
    grace_s: float | None = Field(default=None, ge=0.0, le=3600.0)


class Health(BaseModel):
    status: Literal["ok"]
    version: str
    rooms: int


def invalid(message: str, *field: str) -> RequestValidationError:
    """The body's ``field`` (or the body as a whole) refused, in the shape of FastAPI's own
    422 answers (``HTTPValidationError``), so a client reads every 422 one way."""
    return RequestValidationError([{"type": "value_error", "loc": ("body", *field),
                                    "msg": message}])


def clean_name(name: str) -> str:
    """A person's name as shown to everyone (``gamenight.names``); 422 naming the field,
    in a person's words, for what is no name."""
    try:
        return names.clean_name(name)
    except ValueError as exc:
        raise invalid(str(exc), "name") from None


def _facts(game: Game) -> dict[str, Any] | None:
    """The game's facts as plain JSON (a game may build them of frozen parts)."""
    facts = game.facts()
    return None if facts is None else dict(thaw(facts))


def option_info(game: Game, language: str = i18n.DEFAULT) -> list[OptionInfo]:
    """``game``'s options for a form, their labels and help in ``language`` (the game's
    own catalog: ``game.po`` in its package)."""
    words = i18n.game_translations(i18n.game_package(game), language).gettext
    return [OptionInfo(name=o.name, label=words(o.label or o.name.replace("_", " ")),
                       default=o.default, help=words(o.help),
                       choices=None if o.choices is None else list(o.choices),
                       minimum=o.minimum, maximum=o.maximum) for o in game.options]


def game_info(g: Game, language: str) -> GameInfo:
    """What the lobby and a table know of ``g``, its words in ``language``: the blurb,
    the options' labels and help, the end reasons (the game's name stays as published)."""
    words = i18n.game_translations(i18n.game_package(g), language).gettext
    return GameInfo(id=g.id, title=g.title, blurb=words(g.blurb), table=web.has_table(g.id),
                    end_reasons={reason: words(text) for reason, text in g.end_reasons.items()},
                    facts=_facts(g), min_players=g.min_players, max_players=g.max_players,
                    options=option_info(g, language),
                    bots=sorted(name for name, bot in bot_kinds(g).items()
                                if not getattr(bot, "searches", False)),
                    default_bot=g.default_bot, opponent_bot=g.bot_for_people(),
                    levels=list(LEVELS))


# -- the app ----------------------------------------------------------------------------------
def create_app(config: ServerConfig, server: Server | None = None) -> FastAPI:
    """The ASGI app of a server with ``config`` (its rooms are taken up on start)."""
    state: dict[str, Server] = {}
    # The worker threads of heavy work: a few at once (``AddressLimits.heavy_threads``).
    workers: dict[str, anyio.CapacityLimiter] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        held = server if server is not None else Server(config)
        state["server"] = held
        held.write_beside(asyncio.get_running_loop())
        workers["heavy"] = anyio.CapacityLimiter(max(1, config.per_address.heavy_threads))
        resumed = held.resume()
        if resumed:
            log.info("took up %d unfinished rooms", resumed)
        # Everything loaded so far (the games' word lists, the rules, the rooms taken up)
        # lives as long as the server: moved out of the collector's sight, so that a full
        # collection (which stalls every room) walks only what play creates.
        gc.collect()
        gc.freeze()
        # And what play makes that lives on (rooms, their games), from time to time.
        freezing = asyncio.create_task(collector.keep_frozen())
        tidying = asyncio.create_task(held.keep_tidy())
        leasing = None if held.leases is None else asyncio.create_task(held.leases.keep(held))
        try:
            yield
        finally:
            freezing.cancel()
            tidying.cancel()
            if leasing is not None:
                leasing.cancel()
            held.close()

    app = FastAPI(title="gamenight", version=__version__, lifespan=lifespan,
                  description="Play gamenight's party games together: rooms, seats, records. "
                              "Play itself goes over the WebSocket /ws/rooms/{code} "
                              "(docs/protocol.md).",
                  # The documentation pages load their scripts from a CDN, onto the
                  # origin whose pages hold seat tokens: only when asked (--api-docs).
                  docs_url="/docs" if config.api_docs else None,
                  redoc_url="/redoc" if config.api_docs else None)

    # The last added runs first: a failure anywhere is logged without its message, then
    # a request that names another host is refused, then a body over its limit.
    app.add_middleware(BodyLimit, limit=REQUEST_BYTES,
                       larger={REPLAY_FILE_PATH: REPLAY_FILE_BYTES})
    app.add_middleware(HostCheck, names=config.host_names())
    app.add_middleware(QuietFailures)

    def the_server() -> Server:
        return state["server"]

    def held(key: tuple[Any, ...]) -> bytes | None:
        """The answer to a heavy request worked out lately, if it is held."""
        return the_server().answers.get(key)

    async def work_out(request: Request, key: tuple[Any, ...],
                       work: Callable[[], bytes]) -> bytes:
        """The answer to a heavy request not held (:func:`held`): counted against its
        address's heavy requests (429 past them), worked out by ``work`` in a worker
        thread (a few at a time, never on the event loop, which plays every room), and
        held for the next to ask.  A seat that is no seat of the game is answered 400."""
        srv = the_server()
        limited(srv.heavy_asked, request, "replays and records worked out")
        try:
            body = await anyio.to_thread.run_sync(work, limiter=workers["heavy"])
        except replays.SeatRefusedError as exc:
            raise HTTPException(400, str(exc)) from None
        srv.answers.put(key, body)
        return body

    @app.exception_handler(HeldElsewhereError)
    async def held_elsewhere(_: Request, exc: HeldElsewhereError) -> Response:
        """A room another process plays still (several processes): it has been asked to
        hand the room over; the client asks again in a moment (through the proxy)."""
        return JSONResponse({"detail": HELD_ELSEWHERE}, status_code=503,
                            headers={"Retry-After": str(HAND_OVER_RETRY_S)})

    @app.exception_handler(RefusedError)
    async def refused_in_a_room(_: Request, exc: RefusedError) -> Response:
        """A refusal with its code (``refusals.CodedRefusal``), which a client translates."""
        return JSONResponse({"detail": exc.detail, "code": exc.code}, status_code=exc.status)

    @app.exception_handler(StoreError)
    async def store_failed(_: Request, exc: StoreError) -> Response:
        """A request the store did not take (a seat, a new room): nothing was taken, and
        it may be asked again once the database answers."""
        # The kind of failure only: the store's message names the room (its key).
        log.warning("a request was refused: the store failed (%s)",
                    type(exc.__cause__ or exc).__name__)
        return JSONResponse({"detail": STORE_DOWN}, status_code=503,
                            headers={"Retry-After": str(RETRY_AFTER_S)})

    # Every route that reads or changes the rooms or the store is ``async def``: FastAPI
    # runs a plain ``def`` route in a thread of its pool, beside the event loop that plays
    # the rooms, and a room is changed (and its connections' queues written) by the loop
    # alone, one change at a time.

    def the_room(code: str) -> Room:
        srv = the_server()
        room = srv.room(code)
        if room is None:
            why = srv.why_unavailable(code)
            # 409: the room is there, but in a state no request can change.
            raise RefusedError(404, "no-room", "no such room") if why is None else \
                RefusedError(409, "room-unavailable", why)
        return room

    @app.get("/api/health")
    async def health() -> Health:
        return Health(status="ok", version=__version__, rooms=len(the_server().rooms))

    @app.get("/api/games")
    def games(request: Request,
              lang: Annotated[str | None, Query(max_length=200)] = None) -> list[GameInfo]:
        """The games, their words (blurb, options, end reasons) in the language ``lang``
        names, else the one the ``Accept-Language`` header prefers."""
        language = web.asked_language(lang, request.headers.get("accept-language"))
        return [game_info(g, language) for g in GAMES.values()]

    @app.get("/api/games/{game}/protocol", responses=refused(404))
    def game_protocol(game: str) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the WebSocket protocol for rooms of ``game``:
        ``$defs/ClientMessage``, ``$defs/ServerMessage``, built on the game's view and
        event schemas (docs/protocol.md)."""
        found = GAMES.get(game)
        if found is None:
            raise HTTPException(404, "no such game")
        return protocol_schema(found)

    @app.post("/api/games/{game}/tables", responses=refused(400, 404, 413))
    def table_sizes(game: str, query: TableQuery) -> TableSizes:
        """The table sizes a room of ``game`` can start with ``options``: the lobby offers
        these (a table size that only a variant option allows is offered with it).  422,
        with the game's words, for options that no table can start with."""
        found = GAMES.get(game)
        if found is None:
            raise HTTPException(404, "no such game")
        sizes, refusal = [], None
        for players in range(found.min_players, found.max_players + 1):
            try:
                found.resolve_options(players, query.options)
            except OptionError as exc:
                refusal = refusal or str(exc)
                continue
            sizes.append(players)
        if not sizes:
            raise invalid(refusal or "no table can start", "options")
        return TableSizes(players=sizes)

    @app.post("/api/rooms", status_code=201,
              responses={**refused(400, 413, 429), 503: STORE_REFUSED})
    async def make_room(request: Request, new: NewRoom) -> RoomMade:
        srv = the_server()
        limited(srv.rooms_made, request, "rooms made")
        game = GAMES.get(new.game)
        if game is None:
            raise invalid(f"no game {new.game!r} (games: {', '.join(GAMES)})", "game")
        name = None if new.name is None else clean_name(new.name)
        try:
            room, host_token = Room.create(
                game, new.players, dict(new.options), list(new.seats),
                config.grace_s if new.grace_s is None else new.grace_s,
                store=srv.store, key=srv.key, pauses=config.pauses, writer=srv.writer)
        except OptionError as exc:
            raise invalid(str(exc)) from None
        await room.created  # StoreError: 503 (``store_failed``)
        srv.made(room)
        taken = None
        if name is not None and any(s.kind == "open" for s in room.seats):
            seat, token = await room.take_seat(name, token=host_token)
            taken = SeatTaken(seat=seat, token=token)
        return RoomMade(code=room.code, invite=f"{config.url}/r/{room.code}",
                        host_token=host_token, seat=taken)

    def the_game(game: str) -> Game:
        found = GAMES.get(game)
        if found is None:
            raise HTTPException(404, "no such game")
        return found

    @app.get("/api/games/{game}/lessons", responses=refused(404))
    def game_lessons(game: str, request: Request,
                     lang: Annotated[str | None, Query(max_length=200)] = None,
                     ) -> list[LessonInfo]:
        """The tutorial of ``game``: its rulebook's examples as lessons, in the order
        they are best taken, in the language ``lang`` names (else the one the
        ``Accept-Language`` header prefers; English where neither is spoken)."""
        found = the_game(game)
        language = web.asked_language(lang, request.headers.get("accept-language"))
        return [LessonInfo(name=each.name, title=each.title, shows=each.shows,
                           task=each.task, seat=each.seat,
                           players=lessons.position(found, each.name)["players"])
                for each in lessons.lessons(found, language)]

    @app.post("/api/games/{game}/lessons/{lesson}/rooms", status_code=201,
              responses={**refused(400, 404, 413, 429), 503: STORE_REFUSED})
    async def make_lesson_room(request: Request, game: str, lesson: str,
                               new: NewLessonRoom) -> RoomMade:
        """A room that plays the lesson: its game starts from the example's position as
        soon as the person (``name``, at the lesson's seat, with the host's token) joins;
        the game's default bot plays every other seat."""
        srv, found = the_server(), the_game(game)
        limited(srv.rooms_made, request, "rooms made")
        try:
            chosen = lessons.lesson(found, lesson)
        except lessons.LessonError:
            raise HTTPException(404, "no such lesson") from None
        name = clean_name(new.name)
        position = lessons.position(found, chosen.name)
        players: int = position["players"]
        bots = [None if seat == chosen.seat else found.default_bot for seat in range(players)]
        room, host_token = Room.create(
            found, players, dict(position["options"]), bots,
            config.grace_s if new.grace_s is None else new.grace_s,
            store=srv.store, key=srv.key, pauses=config.pauses,
            position=position, lesson=chosen.name, writer=srv.writer)
        await room.created
        srv.made(room)
        seat, token = await room.take_seat(name, chosen.seat, token=host_token)
        return RoomMade(code=room.code, invite=f"{config.url}/r/{room.code}",
                        host_token=host_token, seat=SeatTaken(seat=seat, token=token))

    @app.get("/api/rooms/{code}", responses={**refused_with_code(404, 409),
                                             503: STORE_REFUSED})
    async def room_info(code: str) -> RoomInfo:
        return the_room(code).info()

    @app.post("/api/rooms/{code}/seats", status_code=201,
              responses={**refused(400, 413), **refused_with_code(404, 409),
                         503: STORE_REFUSED})
    async def take_seat(code: str, new: NewSeat) -> SeatTaken:
        room = the_room(code)
        # Refused (``RefusedError``: 409 with its code) if the seat cannot be taken; a
        # StoreError is a 503 (``store_failed``): not stored, so not taken, and the seat
        # stays open.
        seat, token = await room.take_seat(clean_name(new.name), new.seat)
        return SeatTaken(seat=seat, token=token)

    def asked_seat(text: str, players: int, *, spectator: bool) -> int | None:
        """The seat ``text`` names (in a worker thread: SeatRefusedError, answered 400)."""
        return replays.seat_of(text, players, spectator=spectator)

    def finished(code: str, number: int) -> dict[str, Any]:
        """The stored record of the room's finished game ``number`` (404 while it is
        played: its record would show every hidden card).  Asked of the store, not of
        the rooms in memory: a room whose last game was over when the server restarted
        is not taken up again, and its records are kept all the same (a forgotten
        room's too)."""
        if not 1 <= number <= MAX_GAME_NUMBER:  # beyond what the database's column holds
            raise HTTPException(404, "no finished game of that number in this room")
        record = the_server().store.record(code, number)
        if record is None:
            raise HTTPException(404, "no finished game of that number in this room")
        return record

    @app.get("/api/rooms/{code}/games/{number}/record", response_model=dict[str, Any],
             responses={**refused(404, 429), 400: SEAT_REFUSED})
    async def game_record(request: Request, code: str, number: int,
                          seat: Annotated[str | None, Query(
                              description="A seat's number: that seat's redacted record "
                                          "(what it saw) instead of the whole one")]
                          = None) -> Response:
        """A finished game's record, signed by the server (``GET /api/key`` checks it).
        A game still being played has none: its record would show every hidden card.
        With ``seat``: that seat's redacted record (``gamenight.record.redact``): each
        step as the seat saw it and its view after it, no seed, no chance outcome.
        Sent gzipped to a client that takes it."""
        key: tuple[Any, ...] = ("record", code, number, seat)
        body = held(key)
        if body is None:
            stored = finished(code, number)
            if seat is None:
                # Only encoded (a long game's record is hundreds of KB), in a worker
                # thread; it costs little, so it is no heavy request.
                body = await anyio.to_thread.run_sync(replays.gzipped_json, stored,
                                                      limiter=workers["heavy"])
                the_server().answers.put(key, body)
            else:
                def redacted() -> bytes:
                    # Redacting replays the game: some 0.1 s for a long one.
                    record = Record.from_json(stored)
                    mine = asked_seat(seat, record.players, spectator=False)
                    assert mine is not None
                    return replays.gzipped_json(redact(record, mine))

                body = await work_out(request, key, redacted)
        return gzipped_answer(request, body)

    @app.get("/api/rooms/{code}/games/{number}/frames", response_model=replays.Replay,
             responses={**refused(404, 429), 400: SEAT_REFUSED})
    async def game_frames(request: Request, code: str, number: int,
                          seat: Annotated[str, Query(
                              description="Whose eyes: a seat's number, or spectator")]
                          = replays.SPECTATOR) -> Response:
        """A finished game step by step as ``seat`` saw it (or a spectator), for the
        replay viewer: frame ``i`` is the update the room's table draws after ``i``
        steps (the seat's view, its form of that step's events, who acted), with no
        actions offered.  Public like the whole record.  Sent gzipped to a client that
        takes it (a long game's frames are near a megabyte, some 30 KB gzipped)."""
        key = ("frames", code, number, seat)
        body = held(key)
        if body is None:
            stored = finished(code, number)

            def frames() -> bytes:
                # The game is replayed (verified) and each frame built: some 0.1 s for a
                # long game.
                record = Record.from_json(stored)
                eyes = asked_seat(seat, record.players, spectator=True)
                return replays.gzipped(replays.replay_frames(record, eyes, number))

            body = await work_out(request, key, frames)
        return gzipped_answer(request, body)

    @app.post(REPLAY_FILE_PATH, response_model=replays.Replay,
              responses={**refused(413, 429), 400: SEAT_REFUSED},
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": {
                      "type": "object",
                      "description": "A whole game record (gamenight-record, as "
                                     "GET .../record gives it)"}}}}})
    async def replay_file(request: Request,
                          seat: Annotated[str, Query(
                              description="Whose eyes: a seat's number, or spectator")]
                          = replays.SPECTATOR) -> Response:
        """The frames of the game in a record file (the body, at most 1 MiB), as
        ``GET .../frames`` gives a room's: the record is read strictly and verified
        (its hash and every step; a signature is not asked for, as the record may come
        from another server).  422 for a record that is not one or does not replay (a
        seat's redacted record cannot: it holds no chance and no hidden card)."""
        raw = await request.body()
        # The same file asked for again (a viewer switching eyes back) is held.
        key = ("file", hashlib.sha256(raw).hexdigest(), seat)
        body = held(key)
        if body is None:
            def frames() -> bytes:
                # Read strictly (up to 1 MiB of JSON) and replayed: all of it here, in
                # the worker thread.  Game number 0: it is no room's game.
                record = loads(raw, "the record")
                eyes = asked_seat(seat, record.players, spectator=True)
                return replays.gzipped(replays.replay_frames(record, eyes, 0))

            try:
                body = await work_out(request, key, frames)
            except RecordError as exc:
                raise invalid(str(exc)) from None
        return gzipped_answer(request, body)

    @app.get("/api/key", response_class=PlainTextResponse, responses=refused(404))
    def public_key() -> str:
        """The public key that checks this server's records (``gamenight replay --key``)."""
        from cryptography.hazmat.primitives import serialization

        key = the_server().key
        public = key.public_key() if hasattr(key, "public_key") else None
        if public is None:
            raise HTTPException(404, "this server signs with a shared secret")
        return public.public_bytes(serialization.Encoding.PEM,
                                   serialization.PublicFormat.SubjectPublicKeyInfo).decode()

    def invite(code: str) -> str | None:
        try:
            return None if the_server().room(code) is None else f"{config.url}/r/{code}"
        except HeldElsewhereError:  # the room is there, played by another process still
            return f"{config.url}/r/{code}"

    # The browser client: the lobby, the room page (the invite link's target), its files.
    web.mount(app, invite=invite)

    @app.websocket("/ws/rooms/{code}")
    async def play(ws: WebSocket, code: str) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), config):
            await ws.close(code=CLOSE_POLICY)
            return
        srv = the_server()
        address = ws.client.host if ws.client else None
        if not srv.websocket_opened(address):
            await ws.accept()
            await ws.send_text(protocol.dumps(protocol.error(
                "not-allowed", "too many connections from your address: close one first")))
            await ws.close(code=CLOSE_POLICY)
            return
        try:
            await ws.accept()
            await open_room(ws, srv, code)
        finally:
            srv.websocket_closed(address)

    async def open_room(ws: WebSocket, srv: Server, code: str) -> None:
        try:
            room = srv.room(code)
        except HeldElsewhereError:  # another process plays it still: it hands it over
            await ws.send_text(protocol.dumps(protocol.error("unavailable", HELD_ELSEWHERE)))
            await ws.close(code=CLOSE_TRY_AGAIN)
            return
        except StoreError:  # a room not held in memory, and a store that cannot read it
            await ws.send_text(protocol.dumps(protocol.error(
                "unavailable", "the server cannot read this room right now: its database "
                               "is not answering; try again in a moment")))
            await ws.close(code=CLOSE_TRY_AGAIN)
            return
        if room is None:
            why = srv.why_unavailable(code)
            await ws.send_text(protocol.dumps(protocol.error("not-allowed",
                                                             why or "no such room")))
            if why is None:
                await ws.close(code=CLOSE_NO_ROOM)
            else:
                # A close reason is at most 123 bytes: the error above has it whole.
                await ws.close(code=CLOSE_UNAVAILABLE,
                               reason=why.encode()[:120].decode(errors="ignore"))
            return
        await Connection(ws, room, config).run()

    return app


def gzipped_answer(request: Request, body: bytes) -> Response:
    """A JSON answer whose body is ``body`` gzipped: sent so to a client that takes gzip,
    plain to one that does not."""
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(body, media_type="application/json",
                        headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return Response(gzip.decompress(body), media_type="application/json",
                    headers={"Vary": "Accept-Encoding"})


def origin_allowed(origin: str | None, host: str | None, config: ServerConfig) -> bool:
    """A browser page may open a WebSocket only from the server's own origin (or one the
    server lists): otherwise another site could play in its visitor's name.  A client
    that is not a browser sends no Origin."""
    if origin is None:
        return True
    if origin in config.origins:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


class BodyLimit:
    """Refuses a REST request whose body passes ``limit`` bytes (413) as soon as it does,
    so no client can make the server hold a body of any size in memory.  ``larger``
    gives a route (by its exact path) a limit of its own."""

    def __init__(self, app: ASGIApp, limit: int,
                 larger: Mapping[str, int] | None = None) -> None:
        self.app, self.limit = app, limit
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        seen = 0
        limit = self.larger.get(scope["path"], self.limit)

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                # FastAPI passes an HTTPException raised while reading a body on as it is.
                raise HTTPException(413, f"a request body is at most {limit} bytes")
            return message

        await self.app(scope, limited, send)


class AddressBuckets:
    """A token bucket per client address: ``per_minute`` on average, twice as many in a
    burst; 0, no limit.  Buckets that have filled up again are forgotten from time to
    time, so the addresses seen do not pile up."""

    #: Past this many addresses held, the full buckets are forgotten.
    TIDY_PAST = 4096

    def __init__(self, per_minute: float) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1.0, 2.0 * per_minute)
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str | None) -> float:
        """Take one for ``address``: 0 if there was one, else the seconds until there
        will be (and nothing is taken)."""
        if self.rate <= 0 or address is None:
            return 0.0
        now = time.monotonic()
        tokens, at = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens >= 1.0:
            self._buckets[address] = (tokens - 1.0, now)
            if len(self._buckets) > self.TIDY_PAST:
                self._tidy(now)
            return 0.0
        self._buckets[address] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _tidy(self, now: float) -> None:
        full = [address for address, (tokens, at) in self._buckets.items()
                if tokens + (now - at) * self.rate >= self.burst]
        for address in full:
            del self._buckets[address]


def limited(buckets: AddressBuckets, request: Request, what: str) -> None:
    """Count one request of ``request``'s address in ``buckets``: 429, with
    ``Retry-After``, when that address has none left."""
    wait = buckets.take(request.client.host if request.client else None)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise HTTPException(429, f"too many {what} from your address: try again in "
                                 f"{seconds} s", headers={"Retry-After": str(seconds)})


def host_allowed(host: str, names: frozenset[str]) -> bool:
    """Whether a request's ``Host`` (a name or address, with or without a port) names
    this server: an IP address, one of ``names``, or a name under ``localhost``.  A web
    site whose own name is made to point at this server (DNS rebinding) is reached by
    that name, never by an address."""
    host = host.strip().lower()
    if host.startswith("["):  # an IPv6 address, [::1]:8000
        return "]" in host
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host)
        return True
    name = host.rsplit(":", 1)[0] if ":" in host else host
    name = name.rstrip(".")
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(name)
        return True
    return name in names or name.endswith(".localhost")


class HostCheck:
    """Refuses a request (400) or WebSocket (closed before it is accepted: 403) whose
    ``Host`` names another server (:func:`host_allowed`); ``*`` among ``names`` lets in
    every name."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app, self.names = app, names
        self.any = "*" in names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not self.any:
            host = next((value.decode("latin-1") for name, value in scope["headers"]
                         if name == b"host"), None)
            if host is not None and not host_allowed(host, self.names):
                if scope["type"] == "http":
                    response = JSONResponse(
                        {"detail": "this server is not reached by that name (its host "
                                   "may allow it: gamenight serve --allowed-host)"},
                        status_code=400)
                    await response(scope, receive, send)
                else:
                    await send({"type": "websocket.close", "code": CLOSE_POLICY})
                return
        await self.app(scope, receive, send)


def short_path(path: str) -> str:
    """A request's path fit for the log: each part longer than a word (a room code) cut
    to its first 4 characters, as rooms are named in the log."""
    return "/".join(part if len(part) <= 8 else f"{part[:4]}..." for part in path.split("/"))


class QuietFailures:
    """Catches what the app let escape (a bug), so that uvicorn does not log it with its
    traceback, whose message may quote a card, a token or a room's whole code: it is
    logged as its kind and the file and line of each frame (``room.log_failure``), the
    path with its room code cut.  A request is answered 500 if nothing was sent yet; a
    WebSocket not yet accepted is closed (1011)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = True
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except ClientDisconnect:
            return  # the client went away (or took too long) while sending its request
        except Exception as exc:
            kind = "a request" if scope["type"] == "http" else "a WebSocket"
            log_failure(f"{kind} to {short_path(scope.get('path', ''))} failed", exc)
            if started:
                return  # uvicorn closes a connection whose answer was cut short
            with contextlib.suppress(Exception):
                if scope["type"] == "http":
                    await JSONResponse({"detail": "the server failed to answer that"},
                                       status_code=500)(scope, receive, send)
                else:
                    await send({"type": "websocket.close", "code": 1011})


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def now_ms() -> float:
    return time.monotonic() * 1000.0


class Connection:
    """One WebSocket: reads frames into the room, writes the room's messages out."""

    def __init__(self, ws: WebSocket, room: Room, config: ServerConfig) -> None:
        self.ws, self.room, self.config = ws, room, config
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.client = Client(self._queue, self._moved)
        self.limits = config.limits
        self.bucket = Bucket(self.limits.messages_per_s, self.limits.burst)
        # Each refusal for the rate costs a strike; strikes come back at the message rate,
        # so a connection runs out only by sending far over its rate for a while.
        self.strikes = Bucket(self.limits.messages_per_s, self.limits.strikes)
        #: How the server closes the WebSocket: normally, or for a policy broken.
        self.close_code = 1000
        #: Set once the connection has fallen :data:`SEND_QUEUE_LIMIT` messages behind.
        self.too_slow = False
        self._reader: asyncio.Task[None] | None = None
        self._writer: asyncio.Task[None] | None = None
        # The kernel's round trip of this connection, read as each pong comes: it bounds
        # the one from pongs (``server.fairness``); None behind a proxy, or off Linux.
        link = ws.scope.get("state", {}).get(LINK)
        self.read_kernel_rtt = kernel_rtt.reader(None if link is None else link.transport,
                                                 config.trusted_proxies)

    def _queue(self, text: str) -> None:
        if self.too_slow:
            return
        if self.outbox.qsize() >= SEND_QUEUE_LIMIT:
            self.too_slow = True
            log.warning("room %s: a connection too slow to keep up is closed", self.room.code[:4])
            self._cut()
            return
        self.outbox.put_nowait(text)

    def _moved(self) -> None:
        """The room is played by another process now: what was queued is sent, then the
        connection is closed (:data:`CLOSE_MOVED`); its client joins again."""
        self.close_code = CLOSE_MOVED
        self.outbox.put_nowait(None)

    def _cut(self) -> None:
        """Close the connection at once, dropping what waits to be sent: its client has
        stopped reading, so a polite close (which sends after everything queued) would
        wait for it for ever, and the writer with it.  Its reader then sees it gone and
        the room lets it go (its seat waits for it, as for any dropped connection)."""
        link = self.ws.scope.get("state", {}).get(LINK)
        if link is not None:
            link.cut()
            return
        # Not served by ``gamenight serve`` (no guard): stop reading and writing.
        for task in (self._writer, self._reader):
            if task is not None:
                task.cancel()

    async def run(self) -> None:
        writer = self._writer = asyncio.create_task(self._write())
        pinger = asyncio.create_task(self._ping())
        reader = self._reader = asyncio.create_task(self._read())
        try:
            await asyncio.wait([reader])
            failure = None if reader.cancelled() else reader.exception()
            if failure is not None and not isinstance(failure, WebSocketDisconnect):
                raise failure
        finally:
            reader.cancel()
            pinger.cancel()
            self.room.leave(self.client)
            self.outbox.put_nowait(None)
            await asyncio.wait([writer])  # it ends, or was stopped (``_cut``)

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None or self.too_slow:  # cut off: nothing more is written to it
                break
            try:
                await self.ws.send_text(text)
            except Exception:  # the peer went away: the reader sees it too
                break
        with contextlib.suppress(Exception):
            await self.ws.close(code=self.close_code)

    async def _ping(self) -> None:
        ping_id = 0
        while True:
            ping_id += 1
            self.client.latency.sent_ping(ping_id, now_ms())
            self.client.send({"type": "ping", "id": ping_id})
            await asyncio.sleep(self.config.ping_s)

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        join_by = loop.time() + self.limits.join_s
        while True:
            if self.client.joined:
                frame = await self._frame()
            else:
                # A connection that has not joined holds a place for nobody: it has
                # ``join_s`` to join, whatever else it sends meanwhile.
                try:
                    frame = await asyncio.wait_for(self._frame(), join_by - loop.time())
                except TimeoutError:
                    self.client.send(protocol.error("not-joined", "join first"))
                    self.close_code = CLOSE_POLICY
                    return
            if frame is None:
                continue
            if not self.bucket.take():
                if not self.strikes.take():
                    log.warning("room %s: a connection far over its rate is closed",
                                self.room.code[:4])
                    self.close_code = CLOSE_POLICY
                    return
                self.client.send(protocol.error("rate-limited", "too many messages: slow down"))
                continue
            self._handle(frame)

    async def _frame(self) -> str | bytes | None:
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text: str | bytes | None = message.get("text")
        if text is None:
            text = message.get("bytes")
        return text

    def _handle(self, frame: str | bytes) -> None:
        client, room = self.client, self.room
        try:
            message = protocol.read_client(frame, self.limits.frame_bytes)
            # Each test on the tag narrows the message to its own type (for mypy too).
            if message["type"] == "pong":
                read = self.read_kernel_rtt
                client.latency.got_pong(message["id"], now_ms(),
                                        None if read is None else read())
            elif message["type"] == "ping":
                client.send({"type": "pong", "id": message["id"], "server_ms": now_ms()})
            elif message["type"] == "join":
                if "token" not in message and not message.get("spectator"):
                    raise ProtocolError("malformed", "join with a seat's token, or as a "
                                                     "spectator (spectator: true)")
                if not client.joined:  # (a second join is refused, and changes nothing)
                    client.language = protocol.join_language(message)
                room.join(client, message.get("token"))
            elif not client.joined:
                raise ProtocolError("not-joined", "join first")
            elif message["type"] == "act":
                room.act(client, message["action"], message.get("window"),
                         message.get("reaction_ms"))
            elif message["type"] == "pass":
                room.act(client, "pass", message.get("window"), message.get("reaction_ms"))
            elif message["type"] == "start":
                room.start(client)
            elif message["type"] == "ready":
                room.ready(client)
            else:
                room.rematch(client)
        except ProtocolError as exc:
            # Through the room: after what it told before (a step still being committed).
            room.tell(client, protocol.error(exc.code, str(exc)))
        except Exception as exc:  # a bug must cost one message, not the room
            log_failure(f"room {room.code[:4]}: a message failed", exc)
            room.tell(client, protocol.error("illegal", "the server could not take that message"))
