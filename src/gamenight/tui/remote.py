"""The terminal at a server's table: ``gamenight play --join URL``.

The game's own terminal screen (``games/<pkg>/screen.py``) draws a seat of a room that a
``gamenight serve`` holds, beside browser players and the server's bots.  The seam is the
one thing a screen reads, the app's ``state``: here it is a :class:`RemoteState`, built
from nothing but the latest ``update`` the server sent this seat (its view, who acts, the
seat's legal actions, read back with the game's own action parser, and the events in the
seat's form).  No ``GameState`` is ever built in this process, so nothing hidden can
leak into the screen: the server owns the game, this app only draws and sends.

:class:`RemotePlayApp` is the shell's ``PlayApp`` with the game driven from afar: it
keeps no bots and applies nothing.  A key the screen turns into an action is sent as
the action's text (``act`` / ``pass``); in a race or a secret decision with the window's
id and the reaction time measured from the moment the screen showing the window was
painted (``docs/fairness.md``).  The server's pings are answered before anything else
is done with a message; a dropped connection is opened again with growing pauses, and
the server's ``fresh`` update puts the table back as it stands.  Every frame is read with
the protocol's own declared models (``protocol.read_server``) and an update's events with
the game's own event types: a frame that is not one of them is told on the screen and
skipped, and the app goes on; one that comes instead of the answer to ``join`` means the
other end is no gamenight room, and the app closes saying so.

Before the host starts, a :class:`WaitingRoom` shows the seats filling; after the game
the table shows the results and r asks for a rematch (it starts once every person
seated has asked).  docs/terminal-client.md gives the reasons.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter, ValidationError
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from gamenight.engine import PASS, Acting, Game, IllegalAction, Outcome, View
from gamenight.engine.events import Event
from gamenight.engine.strict import refusal
from gamenight.engine.voice import SEAT
from gamenight.i18n import DEFAULT, _, current, ngettext
from gamenight.i18n.catalogs import translations
from gamenight.live import Pauses
from gamenight.seats import bot_name
from gamenight.server.protocol import (
    Error,
    ProtocolError,
    RoomInfo,
    ServerMessage,
    Update,
    read_server,
)
from gamenight.tui.app import TERMINAL_PAUSES, GameScreen, PlayApp
from gamenight.tui.help import HowToPlay
from gamenight.tui.join import RoomAddress, Ticket
from gamenight.tui.ready import GetReady

#: Pauses before connecting again after the connection dropped: they double up to this.
RECONNECT_FIRST_S = 0.25
RECONNECT_MAX_S = 8.0
#: The largest message read (the server's largest update is far below it).
MAX_MESSAGE = 2**24
#: How many sent messages the app remembers, pongs aside (what tests read).
SENT_KEPT = 1000
#: How much of a problem with a frame the screen shows (a refusal can list many fields).
PROBLEM_SHOWN = 160


@functools.cache
def seat_pattern(language: str) -> re.Pattern[str]:
    """A seat named in a line of the story as the server's voice names it, in English or
    in ``language`` ("Seat 1 lays an owl", "... seat 2's turn", "Platz 2 legt aus"): the
    voice's own words (``engine.voice.SEAT``), the seat's number the one group matched."""
    forms = sorted({*SEAT, *(translations(language).gettext(form) for form in SEAT)})
    numbered = [re.escape(form).replace(re.escape("{seat}"), r"(\d+)") for form in forms]
    return re.compile(rf"\b(?:{'|'.join(numbered)})\b")


@functools.cache
def _readers(game: Game) -> tuple[dict[str, TypeAdapter[Event]], dict[str, TypeAdapter[Any]]]:
    """The game's declared models of what an update carries: each event type by its name
    (``Game.event_types``, the frozen dataclasses ``gamenight schema`` publishes), and its
    ``view`` and ``told`` types (``Game.view_type``, ``Game.told_type``) where it declares
    them."""
    events = {kind.__name__: TypeAdapter(kind) for kind in game.event_types}
    declared: dict[str, Any] = {"view": game.view_type, "told": game.told_type}
    parts = {name: TypeAdapter[Any](kind) for name, kind in declared.items()
             if kind is not None}
    return events, parts


def read_events(game: Game, update: Update) -> list[Event]:
    """The events of ``update`` as ``game``'s own events, read by their declared types (a
    JSON list becomes the tuple a field holds); ProtocolError ("malformed") for an event
    the game does not have or one whose fields are not its own.  The view and what the
    seat is told are checked against the game's types too, so that a screen is never
    handed one it cannot draw."""
    events, parts = _readers(game)
    parsed = []
    for index, data in enumerate(update["events"]):
        reader = events.get(data["event"])
        if reader is None:
            raise ProtocolError("malformed", f"events[{index}] is no event of "
                                f"{game.title}, not {data['event']!r}")
        fields = {key: value for key, value in data.items() if key != "event"}
        try:
            parsed.append(reader.validate_python(fields))
        except ValidationError as exc:
            raise ProtocolError("malformed", refusal(
                exc, f"events[{index}], a {data['event']} of {game.title}")) from None
    for name, reader in parts.items():
        if name in update:
            try:
                reader.validate_python(update[name])  # type: ignore[literal-required]
            except ValidationError as exc:
                raise ProtocolError("malformed", refusal(
                    exc, f"the {name} of an update of {game.title}")) from None
    return parsed


def room_names(room: RoomInfo) -> list[str]:
    """Each seat's name as the room shows it (``SeatInfo.shown``, ``gamenight.seats``): a person's
    as given, a bot's as the bot's, two alike numbered; the room's record names them the
    same way."""
    return [info["shown"] for info in room["seats"]]


class RemoteState:
    """One seat's table as the server last told it: what a game's screen reads of a
    ``GameState`` (``view``, ``told``, ``acting``, ``legal_actions``, ``events``,
    ``is_over``, ``outcome``), and nothing more.  It holds no rule and no hidden card: every answer
    comes from the latest ``update`` (and, for ``events``, every update of the game)."""

    def __init__(self, game: Game, seat: int, first: Update) -> None:
        self.game = game
        self.seat = seat
        self.players = int(first["view"].get("players", 0))
        #: The events of the game so far, in this seat's form (``Event.seen_by``).
        self.events: list[Event] = []
        self.latest = first
        self._legal: list[Any] | None = None
        self.take(first)

    @property
    def number(self) -> int:
        """The room's game number (1, then 2 after a rematch, ...)."""
        return self.latest["game"]

    def take(self, update: Update) -> None:
        """The next update of this game: its events join the story (a ``fresh`` one
        holds the whole story), its view and acting replace the last.  ProtocolError,
        changing nothing, for events or a view that are not the game's."""
        parsed = read_events(self.game, update)
        if update["fresh"]:
            self.events = parsed
        else:
            self.events.extend(parsed)
        self.latest = update
        self._legal = None

    # -- what a screen reads ---------------------------------------------------------------
    def acting(self) -> Acting:
        acting = self.latest["acting"]
        return Acting(acting["kind"], tuple(acting["seats"]), acting["deadline_ms"])

    @property
    def is_over(self) -> bool:
        return self.latest["acting"]["kind"] == "over"

    def view(self, seat: int | None, at_ms: float | None = None) -> View:
        """This seat's view, as sent.  ``at_ms`` changes nothing: the server's view is
        already the moment it was sent.  Any other seat's view is not here to give."""
        if seat != self.seat:
            raise IllegalAction(f"this table is seat {self.seat}'s: it holds no other "
                                "seat's view")
        return self.latest["view"]

    def told(self, seat: int | None, language: str = DEFAULT) -> Mapping[str, Any] | None:
        """What this seat is told beside its view, as sent (``Update.told``; None where
        the game tells nothing there), in the language the table joined with (its
        ``language``: the server told it so).  Any other seat's is not here to give."""
        if seat != self.seat:
            raise IllegalAction(f"this table is seat {self.seat}'s: it holds no other "
                                "seat's words")
        return self.latest.get("told")

    @property
    def legal_texts(self) -> list[str] | None:
        """The seat's legal actions as the server listed them (None: too many to list)."""
        return self.latest["legal"]

    def legal_actions(self, seat: int) -> list[Any]:
        """The seat's legal actions, read by the game's own parser from the texts the
        server listed (none for another seat, or where the server sent only a count)."""
        if seat != self.seat:
            return []
        if self._legal is None:
            self._legal = [self.game.parse_action(text) for text in self.latest["legal"] or ()]
        return list(self._legal)

    def outcome(self) -> Outcome | None:
        outcome = self.latest["view"].get("outcome")
        return None if outcome is None else Outcome.from_json(outcome)


class WaitingRoom(Screen[None]):
    """Before the game: the room's seats filling, and who the person is."""

    DEFAULT_CSS = """
    WaitingRoom { align: center middle; }
    WaitingRoom > #lobby { width: 100%; max-width: 100; height: auto; padding: 1 2;
                           border: round $accent; }
    WaitingRoom > #lobby-keys { dock: bottom; height: 1; background: $boost; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.quit", "Leave", show=False),
    ]

    def __init__(self, app: RemotePlayApp) -> None:
        super().__init__()
        self.table = app

    def compose(self) -> ComposeResult:
        yield Static(id="lobby")
        yield Static(_("[b]?[/b] how to play   [b]q[/b] leave (your seat stays yours: "
                       "run the same command to come back)"), id="lobby-keys")

    def on_mount(self) -> None:
        self.refresh_room()

    def refresh_room(self) -> None:
        # Not there yet while the screen is composed (its on_mount draws it then).
        for lobby in self.query("#lobby").results(Static):
            lobby.update(self.table.lobby_text())


class RemotePlayApp(PlayApp):
    """A seat of a server's room, drawn by the game's own screen.

    ``state`` is a :class:`RemoteState` once the first update has come (``None`` in the
    lobby); the screens read it as they read a local game's."""

    #: The screens read a RemoteState through the part of GameState's interface it offers
    #: (docs/terminal-client.md); nothing here ever holds a GameState.
    state: RemoteState | None  # type: ignore[assignment]

    def __init__(self, game: Game, address: RoomAddress, ticket: Ticket, *,
                 room: RoomInfo | None = None, pauses: Pauses | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 reconnect_first_s: float = RECONNECT_FIRST_S) -> None:
        # Not PlayApp's constructor: that one deals a local game and seats bots.
        App.__init__(self)
        self.game = game
        self.address = address
        self.ticket = ticket
        self.seat = ticket.seat
        self.pauses = pauses or TERMINAL_PAUSES
        self.clock = clock
        self.screen_factory = None
        self.seating = None
        self.get_ready = False
        self.screen_view = None
        self.window_start = 0
        self._table_no = 0
        self.state = None  # until the first update of a game
        self.room: RoomInfo | None = room
        self.seat_names = self._names()
        self.host = False
        self.connected = False
        #: The messages sent but pongs, newest last (the last ``SENT_KEPT``).
        self.sent: deque[dict[str, Any]] = deque(maxlen=SENT_KEPT)
        self.failure: str | None = None  # why the app gave up, for the command to print
        #: The last frame from the server that could not be read, as the person is told.
        self.trouble: str | None = None
        self._ws: ClientConnection | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._reconnect_first_s = reconnect_first_s
        self._waiting: WaitingRoom | None = None
        self._sent_turn = False  # an action went out on this turn: wait for its update
        # The open window: its id, when the update showing it was painted (the person's
        # time 0) and, for the countdown, its age on the server's clock at arrival.
        self._window_id: int | None = None
        self._painted: float | None = None
        self._window_age: tuple[float, float] = (0.0, 0.0)  # (elapsed_ms, arrived at)
        self._window_came: tuple[int, float] = (-1, 0.0)  # (id, its first update's arrival)
        self._told_over = False
        self._rematch_asked = False
        # The room's first race waits for this seat's "ready" (the browser's button; here
        # the get-ready banner's space): asked once.
        self._ready_asked = False
        self._drawing = False  # a drawing of the latest update is on its way
        self._drawn = False  # the game's screen has drawn an update (it is composed)
        self.paint_lag_ms: float | None = None  # the last window's, arrival to paint

    # -- the room -------------------------------------------------------------------------
    def _names(self) -> list[str]:
        """What the table calls each seat (:func:`room_names`): the person's own seat says
        so, and a person's seat a bot plays while they are away says which bot."""
        if self.room is None:
            return [_("Seat {seat}").format(seat=s) for s in range(self.seat + 1)]
        names = []
        for info, name in zip(self.room["seats"], room_names(self.room), strict=True):
            if info["kind"] == "person" and info["bot"]:
                name = f"{name} ({bot_name(info['bot'])})"
            names.append(_("You ({name})").format(name=name) if info["seat"] == self.seat
                         else name)
        return names

    def told(self, line: str) -> str:
        """A line of the story with the room's names for its seats: the server tells it
        by seat numbers ("Seat 0 takes the card"), and this table names its seats as the
        room does ("Ann takes the card"), as the browser's log does."""
        room = self.room
        if room is None:
            return line
        # As the room names them (``room_names``), without the panel's "You (...)": the
        # person's own seat is already "you" in the lines.
        names = room_names(room)

        def name(found: re.Match[str]) -> str:
            seat = int(next(number for number in found.groups() if number is not None))
            return names[seat] if seat < len(names) and names[seat] else found[0]

        return seat_pattern(current()).sub(name, line)

    def lobby_text(self) -> RenderableType:
        """The waiting room: the seats as they fill, what happens next, the invite."""
        room = self.room
        if room is None:
            return Text(_("Joining the room..."))
        table = Table(title=_("{game} · room {code}…").format(game=room["title"],
                                                             code=room["code"][:8]),
                      expand=False)
        for column in (_("Seat"), _("Who"), ""):
            table.add_column(column)
        for info, name in zip(room["seats"], room_names(room), strict=True):
            who = _("(open)") if info["kind"] == "open" else name
            note = _("you") if info["seat"] == self.seat else (
                "" if info["kind"] != "person" else
                _("connected") if info["connected"] else _("not connected"))
            table.add_row(str(info["seat"]), who, note)
        open_seats = sum(info["kind"] == "open" for info in room["seats"])
        if not self.connected:
            status = _("Connecting to the server...")
        elif room["status"] != "lobby":
            status = _("The game is starting...")
        else:
            status = _("Waiting for the host to start.")
            if open_seats:
                status += " " + ngettext(
                    "{n} open seat: a bot takes it if it is still open when the game starts.",
                    "{n} open seats: a bot takes each one still open when the game starts.",
                    open_seats).format(n=open_seats)
        told = [Text(self.trouble, style="yellow")] if self.trouble else []
        return Group(table, Text(status, style="bold"), *told,
                     Text(_("Invite: {link}").format(link=self.address.invite), style="dim"))

    # -- lifecycle ------------------------------------------------------------------------
    def on_mount(self) -> None:
        # Textual then calls PlayApp's on_mount too, which shows the table: that waits
        # for the first update (``_show_table``).
        self._waiting = WaitingRoom(self)
        self.push_screen(self._waiting)
        self.run_worker(self._connection(), name="connection", exclusive=True)

    def _stop_table(self) -> None:
        """Nothing to stop: the server's room plays the game, not this app."""

    def _show_table(self) -> None:
        if self.state is None:  # no game's first update yet
            return
        if isinstance(self.screen, HowToPlay):
            self.screen.dismiss(None)  # the table is set anew under it: show it
        super()._show_table()

    async def _connection(self) -> None:
        """Stay connected: join with the seat's token, read every message, and open the
        connection again (after a pause that doubles) whenever it drops."""
        pause = self._reconnect_first_s
        while self.failure is None:
            try:
                async with connect(self.address.ws_url, max_size=MAX_MESSAGE,
                                   open_timeout=10) as ws:
                    self._ws = ws
                    # In the terminal's language (``--lang``): the server tells the story in it.
                    await self._send_now({"type": "join", "token": self.ticket.token,
                                          "lang": current()})
                    async for frame in ws:
                        try:
                            message = read_server(frame)
                        except ProtocolError as exc:
                            self._unreadable(str(exc))
                            if self.failure is not None:
                                break
                            continue
                        if message["type"] == "ping":
                            # At once, before drawing: the server measures the round trip.
                            await self._send_now({"type": "pong", "id": message["id"]})
                            continue
                        pause = self._reconnect_first_s  # joined and talking again
                        self._take(message)
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError):
                pass  # dropped or never opened: try again below
            self._ws = None
            if self.connected:
                self.connected = False
                self._tell(_("The connection dropped: joining again..."))
                if self._waiting is not None and self._waiting.is_attached:
                    self._waiting.refresh_room()
            if self.failure is not None:
                break
            await asyncio.sleep(pause)
            pause = min(pause * 2, RECONNECT_MAX_S)
        self.exit(return_code=1)

    async def _send_now(self, message: dict[str, Any]) -> None:
        ws = self._ws
        if ws is None:
            raise ConnectionError("not connected")
        if message["type"] != "pong":
            self.sent.append(message)
        await ws.send(json.dumps(message))

    def send(self, message: dict[str, Any]) -> bool:
        """Send ``message`` when the connection is up (False if it is not)."""
        if self._ws is None or not self.connected:
            return False
        task = asyncio.get_running_loop().create_task(self._send_quietly(message))
        self._tasks.add(task)  # kept until done: the loop holds tasks only weakly
        task.add_done_callback(self._tasks.discard)
        return True

    async def _send_quietly(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, ConnectionClosed):
            await self._send_now(message)  # a drop is seen, and mended, by the reader

    # -- what the server says -------------------------------------------------------------
    def _unreadable(self, problem: str) -> None:
        """A frame that is not one of the server's messages (or an update whose events or
        view are not the game's): told, and skipped.  Instead of the answer to ``join``,
        it means the other end is no gamenight room: the app closes, saying so."""
        if not self.connected:
            self.failure = (f"{self.address.ws_url} does not answer as a gamenight room "
                            f"does: {problem}")
            self.exit(return_code=1)
            return
        if len(problem) > PROBLEM_SHOWN:
            problem = problem[:PROBLEM_SHOWN - 1] + "…"
        self.trouble = _("The server sent a message this table cannot read ({problem}): "
                         "it was skipped.").format(problem=problem)
        self._tell(self.trouble)
        if self._waiting is not None and self._waiting.is_attached:
            self._waiting.refresh_room()

    def _take(self, message: ServerMessage) -> None:
        if not self.is_running:
            return  # the app is shutting down: its screens are being taken apart
        if message["type"] == "welcome":
            welcome = message
            self.connected = True
            self.host = welcome["host"]
            self._room(welcome["room"])
            if welcome["room"]["status"] != "lobby":
                self._tell("")
        elif message["type"] == "room":
            self._room(message["room"])
        elif message["type"] == "update":
            try:
                self._update(message)
            except ProtocolError as exc:  # its events or view are not the game's
                self._unreadable(str(exc))
        elif message["type"] == "error":
            self._error(message)

    def _room(self, room: RoomInfo) -> None:
        before = self.room
        self.room = room
        self.seat_names = self._names()
        if self.seat in room.get("getting_ready", ()) and not self._ready_asked:
            # The room holds its first race until this person is ready, as the terminal
            # holds its own: the same banner, and space says so to the room.
            self._ready_asked = True
            self.push_screen(GetReady(race=False), self._say_ready)
        if self._waiting is not None and self._waiting.is_attached:
            self._waiting.refresh_room()
        if self._drawn and self._table_shown():  # names may have changed (a bot sat in)
            # Drawn the way an update is (``advance``, on the app's next turn), which looks
            # again whether the screen is up: a room message may come while it is set anew.
            if not self._drawing:
                self._drawing = True
                self.call_later(self.advance)
            if self.state is not None and self.state.is_over and before is not None:
                asked = [info["name"] or _("Seat {seat}").format(seat=info["seat"])
                         for info in room["seats"]
                         if info["rematch"] and info["seat"] != self.seat]
                if asked:
                    told = (_("Rematch asked by {names}.") if self._rematch_asked
                            else _("Rematch asked by {names}: press r to play again."))
                    self._tell(told.format(names=", ".join(asked)))

    def _say_ready(self, _: None = None) -> None:
        self.send({"type": "ready"})

    def _error(self, error: Error) -> None:
        if error["code"] in ("bad-token", "not-allowed") and not self.connected:
            # Refused before joining: the kept token opens no seat of the room (or the room
            # is gone).  Trying again would be refused the same way.
            self.failure = f"the server refused the seat: {error['message']}"
            self.exit(return_code=1)
            return
        self._sent_turn = False
        self._tell(error["message"][:1].upper() + error["message"][1:] + ".")

    def _update(self, update: Update) -> None:
        now = self.clock()
        state = self.state
        new_game = state is None or update["game"] != state.number
        if state is None or new_game:
            self.state = RemoteState(self.game, self.seat, update)
            self._window_id = None
            self._painted = None
            self._told_over = False
            self._rematch_asked = False
        else:
            state.take(update)
        self._sent_turn = False
        window = update["window"]
        if window is not None:
            self._window_age = (window["elapsed_ms"], now)
            if self._window_came[0] != window["id"]:
                self._window_came = (window["id"], now)
        if new_game:
            self._table_no += 1
            self._drawn = False
            self._show_table()  # its first drawing follows the update (``advance``)
        elif self.screen_view is not None and not self._drawing:
            # Updates that come in a burst (a bot's quick turn) are drawn once, as the
            # last of them stands: each holds the whole view.
            self._drawing = True
            self.call_later(self.advance)

    # -- the shell's part, driven by updates ---------------------------------------------
    def advance(self) -> None:
        """Draw the latest update: a window that closed or opened, the table, the end."""
        self._drawing = False
        state = self.state
        screen_view = self.screen_view
        if (state is None or screen_view is None or not screen_view.is_attached
                or not self.is_running):
            return  # no game yet, or the app is closing
        if not screen_view.is_mounted:  # set anew, not composed yet: draw once it is
            self.call_after_refresh(self.advance)
            return
        screen = self.table_screen
        window = state.latest["window"]
        opened = window["id"] if window is not None else None
        if self._window_id is not None and opened != self._window_id:
            self._window_id = None
            self._painted = None
            screen.window_closed(self.window_start)
        if opened is not None and opened != self._window_id:
            self._window_id = opened
            self.window_start = opened
            screen.window_opened()  # draws the window: the person's time starts at paint
            self.call_after_refresh(self._was_painted, opened)
        self._redraw()
        self._drawn = True
        if state.is_over and not self._told_over:
            self._told_over = True
            screen.game_over()
            screen.refresh_hint()
            self._tell(_("The game is over: r asks for a rematch, q leaves."))

    def _table_shown(self) -> bool:
        """The game's screen is up and composed (not being set anew, nor closing)."""
        screen = self.screen_view
        return screen is not None and screen.is_attached and screen.is_mounted

    def _was_painted(self, window: int) -> None:
        if self._window_id == window and self._painted is None:
            self._painted = self.clock()
            # From the update's arrival to its paint: drawing time the server counts as
            # the person's (beyond its 30 ms allowance), so worth knowing.
            self.paint_lag_ms = (self._painted - self._window_came[1]) * 1000.0

    def _tell(self, text: str) -> None:
        if self.screen_view is not None and self.screen_view.is_attached:
            self.screen_view.show_message(text)

    # -- what the screens ask -------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        if self.state is None:
            return False
        acting = self.state.acting()
        return (acting.kind == "turn" and acting.seats == (self.seat,)
                and not self._sent_turn and self.connected)

    @property
    def deciding(self) -> bool:
        return self._timed("simultaneous")

    @property
    def racing(self) -> bool:
        return self._timed("window")

    def _timed(self, kind: str) -> bool:
        if self.state is None:
            return False
        acting = self.state.acting()
        return (acting.kind == kind and self.seat in acting.seats
                and self._painted is not None)

    def window_ms(self) -> float | None:
        """The open window's age on the server's clock, as near as this side can tell
        (its age when the update was made, plus the time since it came): what a
        countdown shows.  None when no window is open."""
        if self._window_id is None:
            return None
        elapsed_ms, arrived = self._window_age
        return elapsed_ms + (self.clock() - arrived) * 1000.0

    def human_act(self, action: Any) -> bool:
        """Send ``action`` for the seat: in a window with its id and the reaction time
        since the window was painted.  The server's answer is the next update (or an
        error, shown as a message); nothing is applied here."""
        if self.state is None or not self.connected:
            self.table_screen.show_message(_("Not connected: wait a moment."))
            return False
        acting = self.state.acting()
        text = str(action)
        message: dict[str, Any] = ({"type": "pass"} if action == PASS
                                   else {"type": "act", "action": text})
        if acting.kind in ("window", "simultaneous"):
            if self._window_id is None or self._painted is None:
                self.table_screen.show_message(_("Wait for the table."))
                return False
            message["window"] = self._window_id
            message["reaction_ms"] = round(max(0.0, (self.clock() - self._painted) * 1000.0), 1)
        elif acting.kind == "turn":
            if self._sent_turn:
                self.table_screen.show_message(_("Wait a moment."))
                return False
            self._sent_turn = acting.seats == (self.seat,)
        return self.send(message)

    # -- how to play: the server's table never waits ---------------------------------------
    def action_how_to_play(self) -> None:
        if isinstance(self.screen, HowToPlay):
            self.screen.dismiss(None)
        elif self.racing:
            self.table_screen.show_message(_("A race cannot wait: how to play opens after it."))
        else:
            self.push_screen(HowToPlay(self.game))

    # -- after the game --------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        # The table's screen lets a key pass here only once the game is over.
        if event.key == "r" and self.state is not None and self.state.is_over:
            event.stop()
            self.rematch()

    def rematch(self) -> None:
        """Ask the room for another game (it starts once every person seated asked)."""
        if self.send({"type": "rematch"}):
            self._rematch_asked = True
            self._tell(_("You asked for a rematch: it starts once everyone seated asks."))

    def new_game(self, players: int) -> None:
        raise ValueError("a server's room sets its own table: ask its host for a new room")

    def choose_new_game(self) -> None:
        self.new_game(0)


def make_table_screen(app: RemotePlayApp) -> GameScreen:
    """The game's own screen for the app (what ``PlayApp`` shows)."""
    screen: GameScreen = app.game.screen()(app)
    return screen
