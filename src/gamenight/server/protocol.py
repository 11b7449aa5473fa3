"""The messages between the server and its clients (``docs/protocol.md``), version 1.

Every message is a JSON object with a ``type``.  A client sends :data:`ClientMessage`
frames over its room's WebSocket; the server answers with :data:`ServerMessage` frames.
Both are declared here as ``TypedDict``s: pydantic reads client frames strictly against
them (an unknown type, a missing or extra field, a wrong kind of value is a
:class:`ProtocolError`, never an exception from deeper down), and the JSON Schema of
each game's protocol is built from them (``server.schemas``).

Hidden information: every message to a seat is built here, by :func:`update`, from
``state.view(seat)``, ``state.told(seat)``, ``event.seen_by(seat)``, who is acting
(public) and the seat's own legal actions -- never from anything else of the state.  A
spectator is seat None.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError
from typing_extensions import TypedDict

from gamenight.engine import Game, GameState
from gamenight.engine.events import Event, EventJSON, tell
from gamenight.engine.game import ReferColumns, refer_columns
from gamenight.engine.outcome import OutcomeJSON
from gamenight.engine.strict import refusal
from gamenight.engine.voice import voice_for
from gamenight.i18n import DEFAULT, choose

PROTOCOL_VERSION = 1
#: A seat's legal actions are listed in full (a client shows what a click will do from
#: them) up to this many: Fluster's busiest decision has 675 (a letter's squares), FLY's
#: documented set of aims 243.  A game with more sends only the count.
MAX_LEGAL_LISTED = 1000

_STRICT = ConfigDict(extra="forbid", strict=True)
Reaction = Annotated[float, Field(ge=0.0, allow_inf_nan=False)]
WindowId = Annotated[int, Field(ge=0)]
PingId = Annotated[int, Field(ge=0, le=2**53)]


# -- client -> server ----------------------------------------------------------------------
class Join(TypedDict):
    """The first message of a connection: a seat's token, or a spectator; and the
    language the story is told in on this connection (``docs/languages.md``)."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["join"]
    token: NotRequired[Annotated[str, Field(min_length=1, max_length=128)]]
    spectator: NotRequired[bool]
    #: The language the person reads, as a language tag ("de", "pt-PT"): the lines of
    #: each update are told in it where the server speaks it, else in English.
    lang: NotRequired[Annotated[str, Field(min_length=1, max_length=35)]]


class Act(TypedDict):
    """An action, as its text (``str`` of the game's action).  In a window or decision,
    ``window`` names it (the ``window.id`` of the update that opened it) and
    ``reaction_ms`` is the time the client measured from painting that update to the
    person's action (``docs/fairness.md``)."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=512)]
    window: NotRequired[WindowId]
    reaction_ms: NotRequired[Reaction]


class PassMessage(TypedDict):
    """Done acting in this window or decision (the same as acting ``pass``)."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["pass"]
    window: NotRequired[WindowId]
    reaction_ms: NotRequired[Reaction]


class Start(TypedDict):
    """The host starts the game (empty person seats get the game's default bot)."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["start"]


class Rematch(TypedDict):
    """This seat wants another game at the same table; it starts once every person
    seated has asked."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["rematch"]


class Ready(TypedDict):
    """This seat's person is ready for the first race or decision of the room's first
    game, which waits for them (``room.getting_ready``): a new player does not lose it
    while still reading the table."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["ready"]


class Ping(TypedDict):
    """Sent by either side.  The server answers a client's ping with a ``pong`` holding
    its clock; a client answers the server's ping with a ``pong`` of the same id at
    once, which is how the server measures the connection's round trip."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["ping"]
    id: PingId


class ClientPong(TypedDict):
    """A client's answer to the server's ``ping``."""

    __pydantic_config__ = _STRICT  # type: ignore[misc]
    type: Literal["pong"]
    id: PingId


#: Any message a client sends (its ``type`` says which).
AnyClientMessage = Join | Act | PassMessage | Start | Rematch | Ready | Ping | ClientPong
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_CLIENT = TypeAdapter[Any](ClientMessage)


# -- server -> client ----------------------------------------------------------------------
class BotName(TypedDict):
    """A bot's name in its parts (``gamenight.seats.bot_parts``): the bot's own name
    ("sharp") and the words its spec adds, its level and settings as written ("quick",
    "error=0.1").  English spells it "sharp bot, quick, error=0.1" (``shown``); a client
    puts the parts in its own language's words, and derives nothing from the spec."""

    name: str
    words: list[str]


class SeatInfo(TypedDict):
    """A seat as everyone sees it: who plays it, never their token."""

    seat: int
    name: str | None
    #: The name the seat is shown by, the same in every table and record: a person's as
    #: given, a bot's as "perfect bot, average", two alike numbered (" #2"; ``gamenight.seats``).
    shown: str
    #: Only where another seat would show the same name: this seat's number among them,
    #: the " #2" of ``shown`` (``gamenight.seats.alike_numbers``), so that a client that
    #: names an open or bot seat in its own language numbers it as ``shown`` does.
    alike: NotRequired[int]
    #: "person" (someone has taken it), "open" (waiting for a person), "bot".
    kind: Literal["person", "open", "bot"]
    #: The bot playing it: the room's bot, or the default bot sitting in for a person
    #: who has been gone longer than the room's grace period.
    bot: str | None
    #: That bot's name in its parts, for a client to name it in its own language; absent
    #: where no bot plays the seat.
    bot_name: NotRequired[BotName]
    connected: bool
    rematch: bool


class RoomInfo(TypedDict):
    """A room as everyone sees it."""

    code: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: Literal["lobby", "playing", "over"]
    #: The room's games so far (1 while the first is played).
    game_number: int
    seats: list[SeatInfo]
    spectators: int
    grace_s: float
    #: In a tutorial's room only: the lesson it plays (its name, as
    #: ``GET /api/games/{game}/lessons`` lists it); absent in every other room.
    lesson: NotRequired[str]
    #: Only while the room is paused because the server cannot store its moves (its
    #: database is not answering): why, in words for its people.  Nothing is played and
    #: actions are refused (``unavailable``) until it is back; then the room plays on by
    #: itself, and every connection is sent the game whole (a ``fresh`` update).
    paused: NotRequired[str]
    #: Only while the first race or decision of the room's first game waits for its
    #: people to be ready (the client's ``ready``; at most 20 s): the seats not ready yet.
    getting_ready: NotRequired[list[int]]


class Welcome(TypedDict):
    """The answer to ``join``: the protocol version, the room, and which seat this
    connection plays (None: a spectator) and whether it is the host."""

    type: Literal["welcome"]
    v: int
    room: RoomInfo
    seat: int | None
    host: bool


class RoomMessage(TypedDict):
    """The room changed (someone sat down, left, came back, asked for a rematch)."""

    type: Literal["room"]
    room: RoomInfo


class ActingInfo(TypedDict):
    """Who acts now (``engine.Acting``; public)."""

    kind: Literal["chance", "turn", "simultaneous", "window", "over"]
    seats: list[int]
    deadline_ms: float | None


class WindowInfo(TypedDict):
    """The window or decision open now: its id (the history index it opened at, sent
    back with actions in it) and how long it has been open on the server's clock when
    this message was made (0 for the update that opens it)."""

    id: int
    elapsed_ms: float


class GameView(TypedDict):
    """What every game's view holds, whatever the game (its own ``View`` type, from
    ``Game.view_type``, says the rest): the game, whose view it is (None: a
    spectator's), the table's size, and the outcome once the game is over."""

    game: str
    seat: int | None
    players: int
    outcome: NotRequired[OutcomeJSON]


class GameEvent(TypedDict):
    """An event in a seat's form, whatever the game (``Event.to_json``): its class name
    and its fields (the game's ``Event`` type says which)."""

    __pydantic_config__ = ConfigDict(extra="allow")  # type: ignore[misc]
    event: str


@dataclass(frozen=True)
class GameTyped:
    """Marks a part of a message whose shape is the game's (``Annotated[..., GameTyped(
    "V", GameView)]``): the server sends any game's there, so its Python type is open,
    and the browser's types (``gamenight.web.typegen``) make it a type parameter
    ``name``, at least ``least`` (None: any value, ``unknown``), that a table gives its
    game's type for (``Update<View>``)."""

    name: str
    least: type | None = None


class Update(TypedDict):
    """The game as this seat may know it after the steps since the last update: the
    events of those steps in the seat's form (all of the game's events so far, for the
    first update after joining: ``fresh``), the seat's view and what it is told beside
    it, who acts, the seat's legal actions (their texts; None when more than
    ``legal_count`` is worth listing), and the open window."""

    type: Literal["update"]
    game: int
    step: int
    fresh: bool
    view: Annotated[dict[str, Any], GameTyped("V", GameView)]
    events: list[Annotated[EventJSON, GameTyped("E", GameEvent)]]
    #: The events as lines of the story, told to this seat ("You take red 3."): what a
    #: table's log shows, the same words as the terminal's.
    lines: list[str]
    #: The lines of the events a table shows as news, apart from the log (``Event.news``).
    news: list[str]
    #: What this seat is told in words beside the view (``GameState.told``: the game's
    #: narration of the table, such as its last turn in words), in the game's ``Told``
    #: shape; absent where the game tells nothing there.  For people only: it is no part
    #: of the view a bot plays by.
    told: NotRequired[Annotated[Any, GameTyped("T")]]
    acting: ActingInfo
    legal: list[str] | None
    #: What each of ``legal`` refers to on the table (``Game.refers``: a card by id, a
    #: place, a seat), a column per kind of thing, each in ``legal``'s order (None where
    #: an action refers to no such thing), so a table finds the action for what was
    #: pressed without composing its text; None where ``legal`` is or the game says
    #: nothing.
    refers: ReferColumns | None
    legal_count: int
    window: WindowInfo | None


class ServerPing(TypedDict):
    type: Literal["ping"]
    id: int


class Pong(TypedDict):
    """The answer to a client's ping: the server's clock (ms, monotonic) for the
    client's clock sync."""

    type: Literal["pong"]
    id: int
    server_ms: float


ErrorCode = Literal[
    "malformed",      # not JSON, not an object, a wrong shape, an unknown type
    "too-large",      # over the frame limit
    "rate-limited",   # over the connection's message rate
    "not-joined",     # a message before ``join``
    "bad-token",      # no seat has this token
    "not-allowed",    # a spectator acting, a non-host starting, a second join
    "illegal",        # the game refused the action (its message says why)
    "stale",          # an action for a window that has closed
    "not-playing",    # no game is on (the lobby, or over)
    "unavailable",    # the server cannot store it now (its database is not answering)
]


class Error(TypedDict):
    """Something the client sent was refused; the connection and the room go on."""

    type: Literal["error"]
    code: ErrorCode
    message: str


ServerMessage = Welcome | RoomMessage | Update | ServerPing | Pong | Error


class ProtocolError(ValueError):
    """A client frame the server cannot take: its ``code`` and a message for the client."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code


def read_client(frame: str | bytes, limit: int) -> AnyClientMessage:
    """The client message in ``frame``: ProtocolError if it is over ``limit`` bytes, not
    JSON, or not one of the client messages exactly."""
    size = len(frame.encode("utf-8", "surrogatepass") if isinstance(frame, str) else frame)
    if size > limit:
        raise ProtocolError("too-large", f"a message is at most {limit} bytes, not {size}")
    try:
        message: AnyClientMessage = _CLIENT.validate_json(frame)
    except ValidationError as exc:
        raise ProtocolError("malformed", _first_problem(exc)) from None
    return message


#: Any message the server sends, read by its ``type`` (what a client reads: the terminal's).
_SERVER = TypeAdapter[Any](Annotated[ServerMessage, Field(discriminator="type")])


def read_server(frame: str | bytes) -> ServerMessage:
    """The server message in ``frame``, read as a client reads it: ProtocolError
    ("malformed") if it is not JSON or not one of the server messages, with every field
    of the kind declared (strictly: ``"3"`` is no number).  Fields a message does not
    declare are let through unread: a newer server may send more."""
    try:
        message: ServerMessage = _SERVER.validate_json(frame, strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        if first["type"] == "json_invalid":
            problem = "not JSON"
        elif first["type"] == "union_tag_invalid":
            tag = (first.get("ctx") or {}).get("tag")
            problem = f"an unknown message type {tag!r}"
        elif not first["loc"]:
            problem = "a message is a JSON object with a type"
        else:
            problem = refusal(exc, "a server message")
        raise ProtocolError("malformed", problem) from None
    return message


def _first_problem(exc: ValidationError) -> str:
    """A short sentence for the first thing wrong with a client frame."""
    error = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in error["loc"])
    if error["type"] == "json_invalid":
        return "not JSON"
    if error["type"] == "union_tag_invalid":
        return "unknown message type (types: join, act, pass, start, rematch, ping, pong)"
    if error["type"] in ("union_tag_not_found", "model_attributes_type", "dict_type"):
        return "a message is a JSON object with a type"
    return f"{where}: {error['msg']}" if where else str(error["msg"])


def error(code: ErrorCode, message: str) -> Error:
    return {"type": "error", "code": code, "message": message[:500]}


# -- what a seat is told -------------------------------------------------------------------
def acting_info(state: GameState[Any]) -> ActingInfo:
    acting = state.acting()
    return {"kind": acting.kind, "seats": list(acting.seats), "deadline_ms": acting.deadline_ms}


def join_language(join: Join) -> str:
    """The language a joining connection is told the story in: its ``lang`` where the
    server speaks it, else English."""
    return choose([join["lang"]]) if "lang" in join else DEFAULT


def seen_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    """``events`` as ``seat`` may know them (``Event.seen_by``)."""
    return [seen for seen in (event.seen_by(seat) for event in events) if seen is not None]


class SharedRefers:
    """What legal actions refer to (``refer_columns``), made once for every connection
    of a room whose seat has the same legal actions at a step, and handed to each.

    Building the columns was nearly half of building an update (``Game.refers`` for each
    of up to hundreds of actions, for every connection at every step: docs/server.md,
    "Where the loop's time goes"), and in a race every seat is offered the same actions.
    The columns are a function of the game and the actions alone, never of the seat or
    the state, so the same columns for the same actions tell a seat nothing it was not
    told already: its own legal actions.  An action is named by its text (the protocol
    reads an action back from it), so the texts are the key.  The columns of the latest
    two steps are kept (a seat whose actions a step did not change finds them again),
    no more: a room holds a few of them at most.
    """

    def __init__(self) -> None:
        self._game: Game | None = None
        self._step: tuple[int, int] | None = None
        self._now: dict[tuple[str, ...], ReferColumns] = {}
        self._before: dict[tuple[str, ...], ReferColumns] = {}
        #: How many times the columns were built (not found): for the tests and the docs.
        self.made = 0

    def columns(self, game: Game, step: tuple[int, int], legal: Sequence[Any],
                texts: Sequence[str]) -> ReferColumns:
        """The columns of ``legal`` (whose texts are ``texts``) in ``game`` at ``step``
        (the room's game number and the step): built once, then shared.  What is shared
        is sent as JSON and never changed."""
        if game is not self._game:
            self._game, self._now, self._before = game, {}, {}
        if step != self._step:
            self._step, self._before, self._now = step, self._now, {}
        key = tuple(texts)
        found = self._now.get(key)
        if found is None:
            found = self._before.get(key)
            if found is None:
                found = refer_columns(game, legal)
                self.made += 1
            self._now[key] = found
        return found


def update(state: GameState[Any], seat: int | None, game_number: int,
           events: Sequence[Event], window: WindowInfo | None, *, fresh: bool,
           language: str = DEFAULT, refers: SharedRefers | None = None) -> Update:
    """The update for ``seat`` (None: a spectator) after ``events``: built from the
    seat's view, its form of the events, who acts, and its own legal actions only; its
    lines told in ``language`` (a code of ``gamenight.i18n.LANGUAGES``).  ``refers``:
    the room's columns of legal actions, shared by the seats offered the same ones."""
    # A race or a secret choice is open only once its window is (the pause after the
    # last one, the moment before its update has gone): until then nothing is offered,
    # so no client sends an action the room must refuse.
    unopened = window is None and state.acting().kind in ("window", "simultaneous")
    closed = state.is_over or unopened
    legal = [] if seat is None or closed else state.legal_actions(seat)
    listed = len(legal) <= MAX_LEGAL_LISTED
    seen = seen_events(events, seat)
    game = state.game
    voice = voice_for(language, seat)
    told = [(event, tell(event, voice)) for event in seen]
    texts = [str(a) for a in legal] if listed else None
    columns: ReferColumns | None = None
    if texts is not None and type(game).refers is not Game.refers:
        columns = (refer_columns(game, legal) if refers is None else
                   refers.columns(game, (game_number, len(state.history)), legal, texts))
    message: Update = {
        "type": "update",
        "game": game_number,
        "step": len(state.history),
        "fresh": fresh,
        "events": [event.to_json() for event in seen],
        "lines": [line for _, line in told if line],
        "news": [line for event, line in told if line and event.news],
        "view": dict(state.view(seat)),
        "acting": acting_info(state),
        "legal": texts,
        "refers": columns,
        "legal_count": len(legal),
        "window": window,
    }
    words = state.told(seat, language)
    if words is not None:
        message["told"] = words
    return message


def dumps(message: ServerMessage) -> str:
    """A server message as the text of one frame."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)
