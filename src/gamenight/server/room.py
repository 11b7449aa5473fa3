"""One room: a table of seats, the game played at it, and the connections watching it.

The room plays its game through the one table loop the terminal runs too
(``live.runner.TableRunner``, on the event loop's time: ``live.scheduler.LoopScheduler``),
and tells each connection only what its seat may know (``server.protocol.update``).  What
is the room's own: its seats and connections, storing before telling, the grace a far
player's action is given, and holding a window after a restart until its people are back.

Everything here runs on the server's event loop, one call at a time, so a room never
sees two changes at once.  The order of every change is the same:

1. carry out the step (a person's action, a bot's, chance);
2. hand the new history to the store's writer to **commit** (``Writer.add_steps``: in a
   thread beside the loop, with other rooms' steps, ``server.writer``) and build what
   each connection is to be told;
3. only once that commit is made, send it (:meth:`Room._send`): every message of the
   room waits, in order, for the commits handed over before it.  The room plays on
   meanwhile, but tells nothing of a step before its commit.

So a server killed at any instant has stored everything anyone was told, and
:meth:`Room.resume` brings the room back by replaying what was stored.  A room made
without a writer makes its commits at once, on its own clock (a test's simulated one).

A commit that fails (the database stopped, a read-only file, a full disk) is an outage,
not an error of the game: the steps it did not store (and those after them) are let go,
untold, and the game is set up again from the steps that were stored, as a restart
would; the room pauses, says why (``RoomInfo.paused``), refuses actions as
``unavailable``, and asks the store again with back-off until it takes a write, then
plays on by itself (:meth:`Room._pause`, :meth:`Room._try_store`).

Time: a window (a race) or a simultaneous decision opens the moment its update has been
handed to every connection: that is its time 0.  Bots act on that timeline at their
reaction model's times; a person's action is placed at the reaction time their client
measured, within what the server's own timestamps allow (``server.fairness``).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from gamenight.bots.base import Bot, make_bot
from gamenight.engine import Acting, Game, GameState, IllegalAction, OptionError, Pass, Step
from gamenight.i18n import DEFAULT
from gamenight.live import LoopScheduler, Pauses, Scheduler, StaleActionError, TableRunner, Timer
from gamenight.record import record_of, sign
from gamenight.seats import alike_numbers, bot_parts, numbered, unnumbered_names
from gamenight.server import protocol
from gamenight.server.fairness import Latency, SeatLag, grace_ms
from gamenight.server.protocol import ProtocolError, RoomInfo, SeatInfo, WindowInfo
from gamenight.server.refusals import RefusedError
from gamenight.server.store import Lease, LeaseLostError, RoomRow, SeatRow, Store, StoreError
from gamenight.server.writer import Pending, Writer
from gamenight.signing import SigningKey

log = logging.getLogger("gamenight.server")

#: Room codes and seat tokens: 128 bits from ``secrets``, URL-safe.
CODE_BYTES = 16
TOKEN_BYTES = 24

#: A room paused by its store asks it again after this many seconds, then twice as long
#: each time it still fails, up to :data:`RETRY_MOST_S`: an outage of a moment costs a
#: moment, and a long one costs the database a write every ten seconds per room.
RETRY_FIRST_S = 0.5
RETRY_MOST_S = 10.0
#: What a room paused by its store tells its people (``RoomInfo.paused``).
STORE_DOWN = ("the server cannot store moves right now (its database is not answering): "
              "the game is paused, and goes on by itself when the database is back")
#: The refusal of a person's action that the store did not take.
NOT_STORED = ("the server could not store that move, so it was not taken: its database is "
              "not answering. The game is paused, and goes on by itself when the database "
              "is back")
#: The first race or decision of a room's first game waits for each person in it to say
#: they are ready (the browser's "Ready" button, space), or this long at most: a tab left
#: in the background must not hold the table for ever (issue 38, snag 2).
READY_MOST_S = 20.0
#: The refusal of a game's start that the store did not take.
CANNOT_START = ("the server cannot start the game right now: its database is not "
                "answering; try again in a moment")
#: What a room that another server process plays now answers (several processes on one
#: database, ``server.leases``): its connections are closed, and join again through the
#: proxy, which sends them to the new owner.
MOVED = "this room is played by another server process now: join again"


def log_failure(what: str, exc: BaseException) -> None:
    """Log a failure without its message or values: an exception's text may quote an
    action, a card or a token.  The kind of error and where it happened (file and line of
    each frame) are enough to find the bug, and say nothing secret."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = " < ".join(f"{Path(f.filename).name}:{f.lineno}" for f in reversed(frames[-6:]))
    log.error("%s: %s at %s", what, type(exc).__name__, where or "?")


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256, so the database alone seats nobody."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_seed() -> int:
    return secrets.randbelow(2**63)


class Client:
    """One connection to a room: what the room sends it goes through ``send`` (which
    queues the text and never blocks); ``moved`` closes it, after what was queued, when
    the room is played by another process from now on (its client joins again)."""

    def __init__(self, send: Callable[[str], None],
                 moved: Callable[[], None] | None = None) -> None:
        self.send_text = send
        self.moved = moved or (lambda: None)
        self.seat: int | None = None
        self.joined = False
        self.host = False
        self.latency = Latency()
        # True until the connection has had its first update of the current game (all
        # of the game's events so far, in its seat's form).
        self.fresh = True
        # Set once its connection has closed (``Room.leave``).
        self.left = False
        # The language its updates tell the story in (its ``join``'s ``lang``).
        self.language = DEFAULT

    def send(self, message: protocol.ServerMessage) -> None:
        self.send_text(protocol.dumps(message))


@dataclass(slots=True)
class Seat:
    """A seat of the room: a person's (``token_hash`` once taken) or a bot's (``bot``)."""

    seat: int
    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None
    #: Connections playing this seat now.
    connections: int = 0
    #: The bot sitting in for a person who has been gone past the grace period.
    stand_in: str | None = None
    rematch: bool = False
    #: Someone is taking the seat: the store has yet to say it has them (``take_seat``).
    taking: bool = False
    gone: Timer | None = field(default=None, repr=False)

    @property
    def kind(self) -> Literal["person", "open", "bot"]:
        if self.bot is not None:
            return "bot"
        return "person" if self.token_hash is not None else "open"

    def row(self) -> SeatRow:
        return SeatRow(self.seat, self.name, self.token_hash, self.bot)


class Room:
    """A room: its seats, its current game, and its connections."""

    def __init__(self, game: Game, code: str, players: int, options: dict[str, Any],
                 seats: list[Seat], host_token_hash: str, grace_s: float, *,
                 store: Store, key: SigningKey, pauses: Pauses,
                 created_at: float | None = None, position: dict[str, Any] | None = None,
                 lesson: str | None = None, scheduler: Scheduler | None = None,
                 writer: Writer | None = None, lease: Lease | None = None) -> None:
        self.game = game
        self.code = code
        self.players = players
        self.options = options
        self.seats = seats
        self.host_token_hash = host_token_hash
        self.grace_s = grace_s
        self.created_at = time.time() if created_at is None else created_at
        self.store = store
        self.key = key
        self.pauses = pauses
        #: The room's time and timers: the event loop's, unless a test brings its own.
        self.scheduler: Scheduler = scheduler or LoopScheduler(on_error=self._failed)
        #: Where the room's writes go: the server's one writer, beside the event loop
        #: (``server.writer``); by default one that writes at once, on the room's clock.
        self.writer = writer or Writer(store, clock=self.scheduler.now, hold=False)
        #: The position every game here starts from (None: each is dealt from its seed).
        self.position = position
        #: The tutorial's lesson this room plays (``gamenight.lessons``), or None.
        self.lesson = lesson
        self.clients: set[Client] = set()
        # Since when nobody has been connected (None while someone is): an idle room is
        # let go from memory (``Server.let_go_idle``).
        self.quiet_since: float | None = time.monotonic()
        self.number = 0  # the game being played (0: none yet)
        self.state: GameState[Any] | None = None
        self.bots: list[Bot[Any] | None] = []
        #: The current game's table loop (None before the first game).
        self.table: TableRunner | None = None
        self.committed = 0  # steps of the current game in the store
        self.submitted = 0  # steps of the current game handed to the writer
        self.told = 0  # events of the current game every connection has been sent
        # The room's commits in order: how many were handed to the writer and how many
        # it has made; what the room tells waits for every commit handed over before
        # it (``_send``).  A pause starts a new count: what the writer says of the
        # commits before it is not listened to (``_epoch``).
        self._handed = 0
        self._made = 0
        self._waiting: deque[tuple[int, Callable[[], None]]] = deque()
        self._epoch = 0
        # People whose action waits for its commit, with the number of steps stored
        # before it: told ``unavailable`` if that commit fails.
        self._actors: list[tuple[Client, int]] = []
        # Whether a game's start is with the writer (``_begin``).
        self._starting = False
        #: The room's row as the store took it (``create``): its maker is answered once
        #: it is made.
        self.created: Pending[None] = Pending()
        self.created.settle(None, None)
        # The step and window of the last update sent to every connection.
        self._said: tuple[int, int | None] | None = None
        #: What the legal actions refer to, built once a step for the seats offered the
        #: same actions (``protocol.SharedRefers``).
        self.refers = protocol.SharedRefers()
        # The seats whose people the room waits for since a restart (or its store's
        # return): every race or decision one of them is still to act in is held until
        # they are back or, past their grace, their stand-in plays (``window_may_open``).
        # A seat leaves the set when its person joins or its stand-in sits down.
        self._awaited: set[int] = set()
        # Whether a window is held for them now (``join`` lets it run when they are back).
        self._holding = False
        # The people who have said they are ready for the first race or decision of the
        # room's first game (``ready``); None once it has opened (or in any later game,
        # and in a lesson, whose page says what comes first): nothing is held then.
        self._ready: set[int] | None = None
        # The most the first race waits for them (``READY_MOST_S``), once it is held.
        self._ready_timer: Timer | None = None
        # Whether the current game's signed record is in the store.
        self._recorded = False
        #: Why the room is paused, in words for its people, while its store does not take
        #: its steps (``_pause``); None while it plays.
        self.paused: str | None = None
        # Asking the store again while paused, and how long until the next time.
        self._retry: Timer | None = None
        self._retry_s = RETRY_FIRST_S
        # The first step the last failed commit let go (``act`` asks whether a person's
        # action was among them).
        self._lost_from = 0
        #: Each person's seat's lag quota in the current game, and what its record flags
        #: (``fairness.SeatLag``), from its first action in a window; kept for the game,
        #: whatever connection the seat plays from (a reconnection refills nothing).
        self.lags: dict[int, SeatLag] = {}
        self._lags_of = 0  # the game they are of
        #: This process's lease on the room, when several share the database
        #: (``server.leases``): every write of the room is made under it.  None: one
        #: process serves the database.
        self.lease = lease
        #: Why the room is no longer played here (another process holds it now), once
        #: it is not (:meth:`lose`); its server lets it go (``on_moved``).
        self.moved: str | None = None
        self.on_moved: Callable[[Room], None] = lambda _: None
        # Handing over to another process (:meth:`hand_over`): nothing more is played.
        self._handing_over = False

    def _failed(self, exc: BaseException) -> None:
        """A room's failure must not take the server down: logged, and the room waits."""
        log_failure(f"room {self.code[:4]} failed", exc)

    @property
    def window(self) -> int | None:
        """The open window's id (its history index), or None."""
        return None if self.table is None else self.table.window

    # -- making and taking up rooms ---------------------------------------------------------
    @classmethod
    def create(cls, game: Game, players: int, options: dict[str, Any],
               bots: list[str | None], grace_s: float, *, store: Store, key: SigningKey,
               pauses: Pauses, position: dict[str, Any] | None = None,
               lesson: str | None = None, scheduler: Scheduler | None = None,
               writer: Writer | None = None) -> tuple[Room, str]:
        """A new room in its lobby: ``bots[seat]`` is the bot spec of a bot seat, None
        for a person's.  Returns the room and the host's token (the host need not sit).
        OptionError for a table, option or bot the game does not offer.

        A tutorial's room (``lesson``) plays every game from ``position`` (whose table and
        options are ``players`` and ``options``), and starts as soon as its person joins:
        there is nobody else to wait for."""
        resolved = game.resolve_options(players, options)
        if len(bots) != players:
            raise OptionError(f"a room of {players} players has {players} seats, "
                              f"not {len(bots)}")
        for seat, spec in enumerate(bots):
            # OptionError for a bot it does not offer; a searching bot (master) is not
            # offered either: it would hold the event loop for its thinking time.
            if spec is not None and make_bot(game, spec, seat, 0).searches:
                raise OptionError(f"the server does not offer searching bots "
                                  f"({spec!r}): they would hold every room while "
                                  f"they think")
        host_token = secrets.token_urlsafe(TOKEN_BYTES)
        room = cls(game, secrets.token_urlsafe(CODE_BYTES), players, resolved,
                   [Seat(s, name=spec, bot=spec) for s, spec in enumerate(bots)],
                   token_hash(host_token), grace_s, store=store, key=key, pauses=pauses,
                   position=position, lesson=lesson, scheduler=scheduler, writer=writer)
        row = room.row()
        # Made by the writer (the server awaits ``room.created`` before it answers); a
        # writer that answers at once raises its StoreError here.
        room.created = room.writer.call(lambda into, _: into.create_room(row))
        if room.created.done():
            room.created.result()
        return room, host_token

    def row(self) -> RoomRow:
        return RoomRow(self.code, self.game.id, self.players, dict(self.options),
                       self.host_token_hash, self.grace_s, self.created_at,
                       [seat.row() for seat in self.seats], [], lesson=self.lesson,
                       position=self.position)

    @classmethod
    def resume(cls, row: RoomRow, game: Game, *, store: Store, key: SigningKey,
               pauses: Pauses, scheduler: Scheduler | None = None,
               writer: Writer | None = None, lease: Lease | None = None) -> Room:
        """The room ``row`` as it was stored: its last game replayed step by step (its
        bots shown every step, as in play), its open window opened again at the time
        of the last action in it.  OptionError for a stored table the game does not
        offer (an older server stored rooms it could never start: a table size without
        the variant option that allows it), checked as ``create`` checks a new one."""
        game.resolve_options(row.players, row.options)
        seats = [Seat(s.seat, name=s.name, token_hash=s.token_hash, bot=s.bot)
                 for s in row.seats]
        room = cls(game, row.code, row.players, dict(row.options), seats,
                   row.host_token_hash, row.grace_s, store=store, key=key, pauses=pauses,
                   created_at=row.created_at, position=row.position, lesson=row.lesson,
                   scheduler=scheduler, writer=writer, lease=lease)
        if row.games:
            for seat in seats:  # as _begin seated them: an empty seat has the default bot
                if seat.kind == "open":
                    seat.stand_in = game.default_bot
            last = row.games[-1]
            room._replay(last.number, last.seed, last.position, last.steps)
            room._recorded = last.record is not None
            if room.status == "over" and not room._recorded:
                # Killed between storing the last step and storing the record.
                room._store_record()
        if room.status == "playing":
            # Nobody is connected to a room just taken up: each person's seat waits for
            # them for the grace period, as if they had all just dropped, and every race
            # or decision they are in waits for them as long (``window_may_open``).
            for seat in seats:
                if seat.kind == "person":
                    room._awaited.add(seat.seat)
                    room._wait_for_person(seat)
        return room

    def _replay(self, number: int, seed: int, position: dict[str, Any] | None,
                steps: Sequence[Step]) -> None:
        """Set game ``number`` up from its seed (or ``position``) and play ``steps`` into
        it, its bots shown every step as in play, and an open window followed so that it
        opens again under its id (``TableRunner.reopen``).  Nothing runs until
        :meth:`advance`.  After a restart the steps are the store's; after a failed
        commit, those the store took (:meth:`_pause`)."""
        state = self._new_game(number, seed, position)
        assert self.table is not None
        driver = self.table.driver
        for step in steps:
            if step.seat is None:
                drawn = state.sample_chance()
                if drawn != step.value:
                    raise ValueError(f"room {self.code}: stored chance does not replay")
                state.apply_chance(drawn)
            else:
                if not driver.clock.running and state.acting().kind in ("window",
                                                                         "simultaneous"):
                    # Windows are followed as in play, so that one the server was killed
                    # in is known by where it opened (its id) and who is still in it.
                    driver.open_window()
                state.apply_text(step.seat, step.value, step.at_ms)
                if driver.clock.running:
                    driver.choosers.discard(step.seat)  # as BotDriver.apply does
                    if not driver.is_open:
                        driver.close()
            driver.show()
        if driver.clock.running:
            self.table.reopen(driver.start)
            driver.close()  # advance() opens it again, at the time of its last action
        self.committed = self.submitted = len(state.history)
        self.told = len(state.events)

    # -- the lobby ------------------------------------------------------------------------
    @property
    def status(self) -> Literal["lobby", "playing", "over"]:
        if self.state is None:
            return "lobby"
        return "over" if self.state.is_over else "playing"

    def sit(self, name: str, seat: int | None = None, token: str | None = None
            ) -> tuple[int, str]:
        """:meth:`take_seat` with a writer that answers at once (a room on a test's
        clock): the seat and its token, or the StoreError raised."""
        return self.take_seat(name, seat, token).result()

    def take_seat(self, name: str, seat: int | None = None, token: str | None = None
                  ) -> Pending[tuple[int, str]]:
        """A person named ``name`` takes ``seat`` (or the first open one): the seat and
        its token (a new one, or ``token``: the host sits with the host's token, so one
        token both plays the seat and starts the game) once the store has them.
        RefusedError (a ValueError with its code) at once if there is none open; the
        Pending holds the StoreError if the store does not take it (the seat stays
        open)."""
        if self.moved is not None or self._handing_over:
            raise LeaseLostError(MOVED)
        if self.state is not None or self._starting:
            raise RefusedError(409, "game-started",
                               "the game has started: ask for a seat at the next game")
        open_seats = [s for s in self.seats if s.kind == "open" and not s.taking]
        if seat is not None:
            open_seats = [s for s in open_seats if s.seat == seat]
            if not open_seats:
                raise RefusedError(409, "seat-not-open", f"seat {seat} is not open")
        if not open_seats:
            raise RefusedError(409, "seats-taken", "every seat is taken")
        chosen = open_seats[0]
        token = secrets.token_urlsafe(TOKEN_BYTES) if token is None else token
        digest = token_hash(token)
        # Stored first: a seat the store did not take is not taken, and stays open.  A
        # game's start asked meanwhile comes after it (the writer keeps the order).
        code, row, taken = self.code, SeatRow(chosen.seat, name, digest, chosen.bot), token
        chosen.taking = True
        seated: Pending[tuple[int, str]] = Pending()

        def stored(done: Pending[None]) -> None:
            chosen.taking = False
            if done.error is not None:
                seated.settle(None, done.error)
                if isinstance(done.error, LeaseLostError):
                    self.lose()
                return
            chosen.name, chosen.token_hash = name, digest
            self.broadcast_room()
            seated.settle((chosen.seat, taken), None)

        lease = self.lease
        self.writer.call(lambda into, _: into.update_seat(code, row, lease)).then(stored)
        return seated

    def shown_names(self) -> list[str]:
        """The name each seat is shown by everywhere (``gamenight.seats``: a person's as
        given, a bot's spelled one way, two alike numbered): in the room's info, which
        the browser and the joined terminal show, and in its records."""
        return numbered(self._unnumbered_names())

    def _unnumbered_names(self) -> list[str]:
        return unnumbered_names([s.name if s.bot is None else None for s in self.seats],
                                [s.bot or s.stand_in for s in self.seats])

    def info(self) -> RoomInfo:
        names = self._unnumbered_names()
        shown = numbered(names)
        alike = alike_numbers(names)
        seats: list[SeatInfo] = [{
            "seat": s.seat, "name": s.name, "shown": shown[s.seat], "kind": s.kind,
            "bot": s.bot if s.bot is not None else s.stand_in,
            "connected": s.bot is not None or s.connections > 0, "rematch": s.rematch,
        } for s in self.seats]
        for seat, number in zip(seats, alike, strict=True):
            if number is not None:
                seat["alike"] = number
            parts = None if seat["bot"] is None else bot_parts(seat["bot"])
            if parts is not None:
                seat["bot_name"] = {"name": parts[0], "words": parts[1]}
        info: RoomInfo = {
            "code": self.code, "game": self.game.id, "title": self.game.title,
            "players": self.players, "options": dict(self.options), "status": self.status,
            "game_number": self.number, "seats": seats,
            "spectators": sum(1 for c in self.clients if c.joined and c.seat is None),
            "grace_s": self.grace_s,
        }
        if self.lesson is not None:
            info["lesson"] = self.lesson
        if self.paused is not None:
            info["paused"] = self.paused
        if self._ready_timer is not None and self.state is not None:
            waiting = self._getting_ready(self.state.acting())
            if waiting:
                info["getting_ready"] = waiting
        return info

    def broadcast_room(self) -> None:
        message: protocol.RoomMessage = {"type": "room", "room": self.info()}
        for client in self.clients:
            if client.joined:
                self._send(client, message)

    def tell(self, client: Client, message: protocol.ServerMessage) -> None:
        """Send ``client`` a message of the room (an error of its, a refusal): after
        everything the room told before it, so after the commits that came first."""
        self._send(client, message)

    # -- connections ----------------------------------------------------------------------
    def join(self, client: Client, token: str | None) -> None:
        """``client`` joins with a seat's token (or as a spectator, for None): it is sent
        the room and, once a game is on, the game as its seat may know it."""
        if client.joined:
            raise ProtocolError("not-allowed", "this connection has already joined")
        if self.moved is not None or self._handing_over:
            client.moved()  # it joins again, through the proxy, where the room is now
            return
        seat: Seat | None = None
        host = False
        if token is not None:
            digest = token_hash(token)
            host = hmac.compare_digest(digest, self.host_token_hash)
            seat = next((s for s in self.seats if s.token_hash is not None
                         and hmac.compare_digest(s.token_hash, digest)), None)
            if seat is None and not host:
                raise ProtocolError("bad-token", "no seat of this room has that token")
        client.joined, client.host, client.fresh = True, host, True
        client.seat = None if seat is None else seat.seat
        starting: Pending[None] | None = None
        if seat is not None:
            seat.connections += 1
            self._awaited.discard(seat.seat)
            if seat.gone is not None:
                seat.gone.cancel()
                seat.gone = None
            if seat.stand_in is not None:  # the person takes the seat back
                seat.stand_in = None
                if self.table is not None:
                    self.table.seat_bot(seat.seat, None)
            if self.lesson is not None and self.state is None and not self._starting:
                # A lesson starts when its person sits down: before this connection is
                # among those told, so its welcome already shows the game on and its
                # first update is the position (a race opens as the page gets it).
                starting = self._begin()
        if starting is not None and not starting.done():
            # Welcomed once the store has the game's start (the writer settles it).
            starting.then(lambda started: self._welcome(client, host, started))
            return
        self._welcome(client, host, starting)

    def _welcome(self, client: Client, host: bool, starting: Pending[None] | None) -> None:
        """``client`` (who has joined) is among those told: its welcome, the game so far
        as its seat may know it, and the lesson's start refused if the store did not
        take it (it starts when they join again)."""
        if client.left:
            return  # gone before its lesson's start was stored
        refusal: protocol.Error | None = None
        if starting is not None and starting.error is not None:
            refusal = protocol.error("unavailable", CANNOT_START)
        self.clients.add(client)
        self.quiet_since = None
        self._send(client, {"type": "welcome", "v": protocol.PROTOCOL_VERSION,
                            "room": self.info(), "seat": client.seat, "host": host})
        if self.state is not None:
            self._tell(client)
        elif refusal is not None:
            self._send(client, refusal)
        self.broadcast_room()
        if self._holding and not self._awaiting():
            self.advance()  # the last of a held window's people is back: it runs on

    def leave(self, client: Client) -> None:
        """``client``'s connection has closed; a person's seat waits for them for the
        room's grace period, then its stand-in bot plays it until they come back."""
        client.left = True
        self.clients.discard(client)
        if not self.clients:
            self.quiet_since = time.monotonic()
        if self.moved is not None or self._handing_over:
            return  # played elsewhere now: its seats wait for nobody here
        if not client.joined or client.seat is None:
            if client.joined:
                self.broadcast_room()
            return
        seat = self.seats[client.seat]
        seat.connections -= 1
        if seat.connections == 0 and self.status == "playing":
            self._wait_for_person(seat)
        self.broadcast_room()

    def _wait_for_person(self, seat: Seat) -> None:
        """``seat``'s person is not here: their seat waits the grace period for them."""
        seat.gone = self.scheduler.later(self.grace_s, lambda: self._stand_in(seat.seat))

    def _stand_in(self, seat_no: int) -> None:
        seat = self.seats[seat_no]
        seat.gone = None
        if seat.connections or self.status != "playing" or seat.bot is not None:
            return
        # Past their grace the room stops waiting for them: a window they hold runs on,
        # their stand-in playing for them (``advance`` below).
        self._awaited.discard(seat_no)
        seat.stand_in = self.game.default_bot
        self._seat_bot(seat_no, seat.stand_in)
        self.broadcast_room()
        self.advance()

    def _seat_bot(self, seat_no: int, spec: str) -> None:
        """A bot plays ``seat_no`` from now on (the table reads the list as play goes)."""
        assert self.table is not None
        self.table.seat_bot(seat_no, make_bot(self.game, spec, seat_no, new_seed()))

    # -- games ----------------------------------------------------------------------------
    def start(self, client: Client) -> None:
        self._here()
        if not client.host:
            raise ProtocolError("not-allowed", "only the host starts the game")
        if self.state is not None or self._starting:
            raise ProtocolError("not-allowed", "the game has already started")
        self._begin_or_refuse(client)

    def rematch(self, client: Client) -> None:
        self._here()
        if client.seat is None:
            raise ProtocolError("not-allowed", "a spectator cannot ask for a rematch")
        if self.status != "over":
            raise ProtocolError("not-playing", "a rematch is for after the game")
        self.seats[client.seat].rematch = True
        people = [s for s in self.seats if s.kind == "person" and s.connections > 0]
        if all(s.rematch for s in people) and not self._starting:
            self._begin_or_refuse(client)
        else:
            self.broadcast_room()

    def _begin_or_refuse(self, client: Client) -> None:
        """Begin the next game; ``client``, who asked, is refused as ``unavailable`` if
        the store does not take its start (at once if the writer has answered already)."""
        starting = self._begin()
        if starting.done():
            if starting.error is not None:
                raise ProtocolError("unavailable", CANNOT_START)
            return

        def refuse(started: Pending[None]) -> None:
            if started.error is not None:
                self._send(client, protocol.error("unavailable", CANNOT_START))

        starting.then(refuse)

    def _begin(self) -> Pending[None]:
        """The next game at this table: a new seed; empty seats get the default bot.  It
        begins once the store has its start (after every write of the room before it, a
        finished game's record among them); nothing changes if the store refuses it
        (the Pending holds the StoreError)."""
        number, seed, position, code = self.number + 1, new_seed(), self.position, self.code
        self._starting = True
        epoch = self._epoch
        lease = self.lease
        starting = self.writer.call(
            lambda store, _: store.start_game(code, number, seed, position, lease))

        def started(done: Pending[None]) -> None:
            self._starting = False
            if isinstance(done.error, LeaseLostError):
                self.lose()
            elif done.error is None and epoch == self._epoch:
                self._begun(number, seed)

        starting.then(started)
        return starting

    def _begun(self, number: int, seed: int) -> None:
        """The store has the start of game ``number``: it begins."""
        # A new game is no restart: its races wait for nobody (the grace still runs).
        self._awaited.clear()
        self._holding = False
        for seat in self.seats:
            seat.rematch = False
            if seat.kind == "open":
                seat.stand_in = self.game.default_bot
        self._new_game(number, seed, self.position)
        for seat in self.seats:
            if seat.kind == "person" and not seat.connections and seat.gone is None:
                # Seated but not here (gone in the lobby): they have the grace to come.
                self._wait_for_person(seat)
        # A room's first game holds its first race or decision until its people are
        # ready (``window_may_open``); a rematch's players have just played one.
        self._ready = set() if number == 1 and self.lesson is None else None
        for client in self.clients:
            client.fresh = True
        self.broadcast_room()
        self.advance()

    def ready(self, client: Client) -> None:
        """The person at ``client``'s seat is ready for the first race or decision; it
        opens once everyone in it is.  Said again, or when nothing waits, it changes
        nothing."""
        self._here()
        if client.seat is None:
            raise ProtocolError("not-allowed", "a spectator has nothing to be ready for")
        if self._ready is None or client.seat in self._ready:
            return
        self._ready.add(client.seat)
        self.broadcast_room()
        self.advance()

    def _getting_ready(self, acting: Acting) -> list[int]:
        """The people the first timed race or decision ``acting`` waits for: those in
        it, connected, who have not said they are ready (a person away is the grace
        period's, and a bot is always ready).  An untimed decision loses nobody
        anything: it waits for nobody."""
        if self._ready is None or acting.deadline_ms is None:
            return []
        seats = self.seats
        return [seat for seat in acting.seats
                if seats[seat].kind == "person" and seats[seat].connections
                and seats[seat].stand_in is None and seat not in self._ready]

    def _ready_or_not(self) -> None:
        """The first race has waited long enough: it opens for whoever is ready."""
        self._ready_timer = None
        self._ready = None
        self.broadcast_room()
        self.advance()

    def _new_game(self, number: int, seed: int, position: dict[str, Any] | None
                  ) -> GameState[Any]:
        if self.table is not None:
            self.table.stop()
        state = (self.game.new(self.players, seed, **self.options) if position is None
                 else self.game.from_position(position, seed))
        self.number, self.state = number, state
        if number != self._lags_of:  # a new game; the same one set up again keeps them
            self.lags, self._lags_of = {}, number
        self.bots = []
        for seat in self.seats:
            spec = seat.bot or seat.stand_in
            self.bots.append(None if spec is None else make_bot(self.game, spec, seat.seat,
                                                                new_seed()))
        self.table = TableRunner(state, self.bots, self, self.scheduler, self.pauses)
        self.committed = self.submitted = self.told = 0
        self._said = None
        self._recorded = False
        return state

    # -- play -----------------------------------------------------------------------------
    def act(self, client: Client, text: str, window: int | None,
            reaction_ms: float | None) -> None:
        """A person's action, as its text; ProtocolError (nothing changed) if it cannot
        be taken."""
        self._here()
        state, table = self.state, self.table
        if state is None or table is None or state.is_over:
            raise ProtocolError("not-playing", "no game is being played")
        seat = client.seat
        if seat is None:
            raise ProtocolError("not-allowed", "a spectator cannot act")
        if self.paused is not None:
            raise ProtocolError("unavailable", self.paused)
        if self.bots[seat] is not None:
            raise ProtocolError("not-allowed", "a bot is playing this seat")
        try:
            action = self.game.parse_action(text)
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc)) from None
        if window is not None and table.window is not None and window != table.window:
            raise ProtocolError("stale", "that window has closed")
        stored = len(state.history)  # a room at rest has handed every step to the store
        refusal: ProtocolError | None = None
        lag = self.lags.setdefault(seat, SeatLag())
        placed: list[tuple[int, float, float]] = []

        def place(now: float) -> float:
            # In a window: the clamp places it (``server.fairness``); it is the next step.
            at_ms = lag.place(reaction_ms, now, client.latency)
            placed.append((len(state.history), now, at_ms))
            return at_ms
        try:
            table.act(seat, action, place)
        except StaleActionError as exc:
            refusal = ProtocolError("stale", str(exc))
        except IllegalAction as exc:
            refusal = ProtocolError("illegal", str(exc))
        if self.paused is not None and self._lost_from <= stored:
            # The store failed on this action's steps (the bots' moves due before it, the
            # action itself, what followed at once): none was stored, so none was taken,
            # whatever the table said of it.
            raise ProtocolError("unavailable", NOT_STORED)
        if self.submitted > stored and self._made < self._handed:
            # Its commit is with the writer: if it fails, they are told so (``_pause``),
            # and whatever else was to be said of it is let go.
            self._actors.append((client, stored))
        if refusal is not None:
            raise refusal
        for step, arrival_ms, at_ms in placed:  # taken: its compensation is spent
            lag.placed(step, arrival_ms, at_ms, client.latency,
                       passing=isinstance(action, Pass))

    def advance(self) -> None:
        """Play on from the state as it stands (``TableRunner.advance``); nothing runs
        while the room is paused for its store (it plays on once the store is back)."""
        if (self.table is not None and self.paused is None and self.moved is None
                and not self._handing_over):
            self.table.advance()

    # -- what the table tells the room (``live.runner.TableHost``) -----------------------------
    def show_table(self) -> None:
        self._flush()

    def window_may_open(self, acting: Acting) -> bool:
        if self.paused is not None:
            return False  # the store's return opens it (``_try_store``)
        if self._awaiting(acting):
            # After a restart, every race or decision (the one the server stopped in,
            # taken up again with the moves stored in it, and each one after it) runs
            # only once the people still to act in it are back, or, past the room's
            # grace period, their stand-ins play: the time a restart and a reconnection
            # take is not taken from them, however many swats it lasts.
            if not self._holding:
                self._holding = True
                self._flush()
            return False
        self._holding = False
        if self._getting_ready(acting):
            # A new player's first swat or hunt is not lost while they are still reading
            # the table: it opens when they say so (or after ``READY_MOST_S``), as the
            # terminal's first race waits for space.
            if self._ready_timer is None:
                self._flush()  # the table as it stands, held
                if self.paused is not None:
                    return False  # the store did not take it: the room paused instead
                self._ready_timer = self.scheduler.later(READY_MOST_S, self._ready_or_not)
                self.broadcast_room()
            return False
        if self._ready is not None and acting.deadline_ms is not None:
            # The first timed race has opened: nothing is held again in this room.
            self._ready = None
            if self._ready_timer is not None:
                self._ready_timer.cancel()
                self._ready_timer = None
        return True

    def window_opening(self, start: Callable[[], None]) -> None:
        # The window's update goes out first; its time 0 is when it has gone: once the
        # writer has made the commits before it (at once if it has them made).
        self._flush()
        if self.paused is not None:
            return  # the store did not take it: that table is let go
        if self._made == self._handed:
            start()
        else:  # let go with the rest if a commit before it fails (``_pause``)
            self._waiting.append((self._handed, start))

    def window_closed(self, start: int) -> None:
        """Nothing more to do: the closing update is the table's next ``show_table``."""

    def game_over(self) -> None:
        """Nothing more to do: the record was stored with the last step (``_flush``)."""

    def grace_ms(self) -> float:
        """How long past the deadline the window waits for the people still in it."""
        state = self.state
        assert state is not None
        seats = state.acting().seats
        return grace_ms(c.latency for c in self.clients if c.seat in seats)

    def _awaiting(self, acting: Acting | None = None) -> bool:
        """Whether the room waits for a person still to act in ``acting`` (by default,
        what the game asks now): one it has not seen since a restart or its store's
        return, not connected, and whose grace has not run out (no stand-in plays)."""
        if not self._awaited:
            return False
        if acting is None:
            state = self.state
            assert state is not None
            acting = state.acting()
        seats = self.seats
        return any(seat in self._awaited and seats[seat].kind == "person"
                   and not seats[seat].connections and seats[seat].stand_in is None
                   for seat in acting.seats)

    def idle(self, now: float, after_s: float) -> bool:
        """Whether nobody has been connected for ``after_s`` seconds by ``now``
        (``time.monotonic``) and nothing runs: the room waits in its lobby, or its last
        game is over.  A game in play is never idle: its bots and stand-ins play on; nor
        is a room paused for its store (a finished game's record may wait to be stored)."""
        return (not self.clients and self.status != "playing" and self.paused is None
                and self.quiet_since is not None and now - self.quiet_since >= after_s)

    def close(self) -> None:
        """Stop the room's timers (the server is shutting down, or lets the room go).
        Writes handed over are made all the same; what the writer says of them is not
        listened to."""
        self._epoch += 1
        self._waiting.clear()
        if self.table is not None:
            self.table.stop()
        for seat in self.seats:
            if seat.gone is not None:
                seat.gone.cancel()
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        if self._ready_timer is not None:
            self._ready_timer.cancel()
            self._ready_timer = None

    # -- several processes (``server.leases``) -------------------------------------------------
    def _here(self) -> None:
        """ProtocolError while the room is not played here (any more)."""
        if self.moved is not None or self._handing_over:
            raise ProtocolError("unavailable", MOVED)

    def lose(self, found: str = "the store refused a write of it") -> None:
        """Another process holds the room now (its lease here ran out and was claimed, so
        the store refused a write of it, or the lease was not renewed): it stops at once,
        tells nothing more (what waited for a commit is let go: that commit was not, or
        will not be, told here), and every connection is closed, to join again where
        the room is now, which replays it from the store."""
        if self.moved is not None:
            return
        self.moved = MOVED
        log.warning("room %s is played by another process now (%s): its connections are "
                    "closed", self.code[:4], found)
        self.close()
        for client in list(self.clients):
            client.moved()
        self.on_moved(self)

    def hand_over(self, release: Callable[[Writer], Pending[Any]]) -> None:
        """Another process is asked for the room (the proxy sends its requests there now):
        nothing more is played here (between two steps: a room changes one step at a
        time), every commit handed over is made and told, then ``release(writer)``
        gives the lease up, after them, and the room's connections are closed: they join
        again through the proxy, and the new owner claims the room."""
        if self._handing_over or self.moved is not None:
            return
        self._handing_over = True
        log.info("room %s is handed over to another process", self.code[:4])
        if self.table is not None:
            self.table.stop()
        for timer in [seat.gone for seat in self.seats] + [self._retry, self._ready_timer]:
            if timer is not None:
                timer.cancel()
        release(self.writer).then(lambda _: self.lose("it was handed over"))

    # -- committing and telling --------------------------------------------------------------
    def _flush(self) -> None:
        """Hand the steps not yet stored (and the signed record of a finished game) to
        the writer, and queue for every connection what it has not been told: sent once
        the writer has made those commits (:meth:`_send`).  If the store does not take
        them, nobody is told anything of them and the room pauses (:meth:`_pause`)."""
        if self.paused is not None or self._handing_over or self.moved is not None:
            # Nothing is told while the store is away: the table whose commit failed
            # may still call on its way out.  Nor is anything played once the room is
            # handed over to another process.
            return
        state = self.state
        assert state is not None
        history = state.history
        if len(history) > self.submitted:
            first, upto = self.submitted, len(history)
            self.submitted = upto
            self._commit(self.writer.add_steps(self.code, self.number, first,
                                               history[first:upto], self.lease),
                         lambda: self._stored_up_to(upto))
            if self.paused is not None:
                return  # the writer answered at once: the store did not take them
        if state.is_over and not self._recorded:
            self._store_record()
            if self.paused is not None:
                return
        events = state.events[self.told:]
        self.told = len(state.events)
        # An update that would say nothing new (a refused action; the pause after a
        # result) is not sent: the same step, no events, the same window.
        said = (len(history), self.window)
        quiet = not events and said == self._said
        self._said = said
        window = None if quiet else self._window_info()
        # One update a seat and language, encoded once and sent to each of its
        # connections: every spectator of a room is told the same (seat None), as are a
        # person's two tabs.  Never one seat's to another: the seat is in the key.
        encoded: dict[tuple[int | None, str], str] = {}
        for client in list(self.clients):
            if client.fresh:
                self._tell(client)
            elif not quiet:
                key = (client.seat, client.language)
                text = encoded.get(key)
                if text is None:
                    text = encoded[key] = protocol.dumps(protocol.update(
                        state, client.seat, self.number, events, window, fresh=False,
                        language=client.language, refers=self.refers))
                self._send_text(client, text)

    def _store_record(self) -> None:
        """The finished game's record, signed by the server, handed to the store."""
        state = self.state
        assert state is not None
        # As every table shows them (two alike bots numbered), so a replay names them so.
        # What the game's lag watch flagged of its people (``fairness.SeatLag.flags``).
        flags = sorted((flag for seat, lag in self.lags.items() for flag in lag.flags(seat)),
                       key=lambda flag: (flag["step"], flag["seat"]))
        record = sign(replace(record_of(state, self.shown_names()), flags=tuple(flags)),
                      self.key)
        self._recorded = True  # handed over: a failure sets the game up again (_pause)
        self._commit(self.writer.finish_game(self.code, self.number, record.to_json(),
                                             self.lease), lambda: None)

    def _commit(self, pending: Pending[None], made: Callable[[], None]) -> None:
        """A commit of the room handed to the writer: when it is made, ``made`` runs,
        then what waited for it is sent; if it fails, the room pauses."""
        self._handed += 1
        number, epoch = self._handed, self._epoch
        pending.then(lambda done: self._committed(done, number, epoch, made))

    def _committed(self, done: Pending[None], number: int, epoch: int,
                   made: Callable[[], None]) -> None:
        if epoch != self._epoch:
            return  # let go by a pause (or the room's close): nobody waits for it
        if isinstance(done.error, LeaseLostError):
            self.lose()  # another process plays the room now: nothing more is told here
            return
        if done.error is not None:
            self._pause(done.error)
            return
        self._made = number
        made()
        waiting = self._waiting
        while waiting and waiting[0][0] <= number:
            waiting.popleft()[1]()
            if epoch != self._epoch:
                return  # what was sent led to a commit that failed at once

    def _stored_up_to(self, steps: int) -> None:
        self.committed = steps
        if self._actors:
            self._actors = [(c, before) for c, before in self._actors if before >= steps]

    def _send(self, client: Client, message: protocol.ServerMessage) -> None:
        """Send ``client`` a message once the writer has made every commit the room
        handed it before (at once if it has): nobody is told of a step before it is
        stored, and each connection is told in order."""
        # Encoded now, as it is now: the room goes on meanwhile.
        self._send_text(client, protocol.dumps(message))

    def _send_text(self, client: Client, text: str) -> None:
        """:meth:`_send` for a message already encoded."""
        if self._made == self._handed:
            client.send_text(text)
            return
        self._waiting.append((self._handed, lambda: client.send_text(text)))

    # -- when the store fails ------------------------------------------------------------------
    def _pause(self, exc: StoreError) -> None:
        """The store did not take the steps not yet stored (or the finished game's
        record): they are let go, told to nobody (nor is what was queued after them),
        and the game is set up again from the steps it took, as after a restart (bots
        shown every step, an open window opened again under its id when play goes on).
        The room pauses, tells its connections why (and a person whose action was among
        those let go that it was not stored), and asks the store again later
        (:meth:`_try_store`)."""
        state = self.state
        assert state is not None
        # Only the kind of failure: the store's message names the room (its key).
        cause = type(exc.__cause__ or exc).__name__
        log.warning("room %s paused: its store failed (%s); asking again in %g s",
                    self.code[:4], cause, RETRY_FIRST_S)
        # What the writer says of the commits handed over after this one is not listened
        # to: they fail too (a gap), or were made with an answer lost on the way (the
        # store is read again before play goes on).
        self._epoch += 1
        self._waiting.clear()
        self._handed = self._made = 0
        self._lost_from = self.committed
        for lag in self.lags.values():
            lag.forget_from(self._lost_from)
        actors = [client for client, before in self._actors if before >= self._lost_from]
        self._actors = []
        self._replay(self.number, state.seed, self.position,
                     state.history[:self.committed])
        self.paused = STORE_DOWN
        self._holding = False
        self._retry_s = RETRY_FIRST_S
        self._retry = self.scheduler.later(self._retry_s, self._try_store)
        self.broadcast_room()
        for client in actors:
            if not client.left:
                client.send(protocol.error("unavailable", NOT_STORED))

    def _try_store(self) -> None:
        """A paused room asks its store again (a real write, then a read of the room,
        both after every write handed to the writer before them).  Once the store takes
        a write, the game is set up again from what the store holds (which has the last
        steps too if a failed commit was in fact made, its answer lost on the way back)
        and plays on, each connection sent the game whole; until then it asks again,
        each time waiting twice as long."""
        self._retry = None
        code, epoch, lease = self.code, self._epoch, self.lease

        def ask(store: Store, _: object) -> RoomRow | None:
            store.check_writes(code, lease)
            return store.room(code)

        self.writer.call(ask).then(lambda answer: self._store_answered(answer, epoch))

    def _store_answered(self, answer: Pending[RoomRow | None], epoch: int) -> None:
        if epoch != self._epoch or self.paused is None:
            return  # the room was let go meanwhile
        if isinstance(answer.error, LeaseLostError):
            self.lose()  # another process took the room over while its store was away
            return
        if answer.error is not None:
            self._retry_s = min(2 * self._retry_s, RETRY_MOST_S)
            self._retry = self.scheduler.later(self._retry_s, self._try_store)
            return
        row = answer.result()
        assert row is not None and row.games and row.games[-1].number == self.number
        last = row.games[-1]
        self._replay(last.number, last.seed, last.position, last.steps)
        self._recorded = last.record is not None
        log.info("room %s plays on: its store is back", self.code[:4])
        self.paused = None
        # The time the outage took is not taken from a race's people: as after a
        # restart, every window waits for those of them who are away, until they are
        # back or their grace runs out (their stand-ins play).
        self._awaited = {s.seat for s in self.seats if s.kind == "person"
                         and not s.connections and s.stand_in is None}
        self._holding = False
        for client in self.clients:
            client.fresh = True
        self.broadcast_room()
        self.advance()  # its first update tells every connection the game whole

    def _tell(self, client: Client) -> None:
        """The whole game so far as ``client``'s seat may know it."""
        state = self.state
        assert state is not None
        client.fresh = False
        self._send(client, protocol.update(state, client.seat, self.number,
                                           state.events[:self.told], self._window_info(),
                                           fresh=True, language=client.language,
                                           refers=self.refers))

    def _window_info(self) -> WindowInfo | None:
        table = self.table
        if table is None or table.window is None:
            return None
        elapsed = table.window_ms()
        return {"id": table.window, "elapsed_ms": round(elapsed or 0.0, 3)}
