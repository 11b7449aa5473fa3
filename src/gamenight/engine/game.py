"""The game-agnostic core: what every game definition provides.

A :class:`Game` is the definition (metadata, options, bots, how to read an action);
a :class:`GameState` is one game in progress.  Every use -- terminal play, bots,
simulation, records, research adapters -- talks to these two classes only, so no use
ever carries its own copy of a rule.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import math
import numbers
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Literal,
    NamedTuple,
    ParamSpec,
    TypeVar,
    cast,
)

from mypy_extensions import mypyc_attr

from gamenight.engine.checks import (
    MAX_POSITION_DEPTH,
    MAX_POSITION_VALUES,
    ActionTypes,
    check_action_text,
    check_json,
    check_outcome,
    check_seat,
    check_time,
    describe,
)
from gamenight.engine.errors import IllegalAction
from gamenight.engine.events import Event, narration
from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.engine.memo import latest, made_once
from gamenight.engine.outcome import MEAN_SCORE, Outcome, SummaryColumn
from gamenight.engine.pace import Pace
from gamenight.engine.seeding import copy_generator
from gamenight.engine.shapes import Position as Position
from gamenight.engine.shapes import ReferColumns as ReferColumns
from gamenight.engine.shapes import Refers as Refers
from gamenight.i18n import DEFAULT

if TYPE_CHECKING:
    from gamenight.engine.standings import Standings

ActingKind = Literal["chance", "turn", "simultaneous", "window", "over"]
JSON = Any  # a value that json.dumps accepts
#: A view: what a seat may know, as JSON data.  Each game describes its own with a
#: ``TypedDict`` (``Game.view_type``); read-only here, so any of them is a View.
View = Mapping[str, Any]
#: The type of a game's actions (``GameState[ActionT]``): a union of its frozen
#: dataclasses and ``Pass``, so mypy checks ``_verify``, ``_do`` and the bots.
ActionT = TypeVar("ActionT")
#: The fields of an event told with ``GameState.emit_new``, as its class takes them.
_Fields = ParamSpec("_Fields")
#: An event still to be made: its class, and its fields as given.
_Unmade = tuple[Callable[..., Event], tuple[Any, ...], dict[str, Any]]

#: The format name a position carries (``GameState.position``).
POSITION_FORMAT = "gamenight-position"
POSITION_VERSION = 1


def refer_columns(game: Game, actions: Sequence[Any]) -> ReferColumns:
    """What each of ``actions`` refers to (``Game.refers``), as columns."""
    columns: dict[str, list[Any]] = {}
    for i, action in enumerate(actions):
        for kind, value in game.refers(action).items():
            columns.setdefault(kind, [None] * len(actions))[i] = value
    return cast(ReferColumns, columns)


#: Outcomes kept in the history as they are: nothing in them can change.
_SCALARS = frozenset((int, float, str, bool, type(None)))


def copy_json(value: JSON) -> JSON:
    """An independent copy of plain JSON (lists, dicts with text keys, scalars), as a
    checked chance outcome is: ``copy.deepcopy``'s result, without its memo and its
    dispatch on every value (a shuffled deck of a hundred tiles is copied per game).
    A frozen part of a view (``engine.frozen``) is copied into plain ones too."""
    kind = type(value)
    if kind is list or kind is FrozenList:
        return [v if type(v) in _SCALARS else copy_json(v) for v in value]
    if kind is dict or kind is FrozenDict:
        return {k: v if type(v) in _SCALARS else copy_json(v) for k, v in value.items()}
    return value


class OptionError(ValueError):
    """An option or player count the game does not offer."""


def _time(at_ms: object) -> float:
    """A time given with an action or a view as a float; IllegalAction where it is none
    (``checks.check_time``).  The common case, a finite float 0 or more, without a call."""
    return at_ms + 0.0 if type(at_ms) is float and 0.0 <= at_ms < math.inf else check_time(at_ms)


def _checked_seed(seed: object) -> int:
    """``seed`` if it is a seed (a whole number 0 or more: the generator would take a
    text, a float or a negative number, and -1 would be the very game of seed 1);
    OptionError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(f"a seed is a whole number 0 or more, not {describe(seed)}")
    return int(seed)


@dataclass(frozen=True, slots=True)
class Acting:
    """Who acts now.

    * ``chance``: the game's own generator draws the next outcome.
    * ``turn``: one seat acts (``seats`` holds it).
    * ``simultaneous``: every seat in ``seats`` chooses in secret; the choices resolve
      together once all are in, so the order they arrive in never matters.
    * ``window``: a reaction window is open; seats act with a time offset ``at_ms``
      from the instant it opened, until ``deadline_ms``.
    * ``over``: the game has ended.
    """

    kind: ActingKind
    seats: tuple[int, ...] = ()
    deadline_ms: float | None = None


# Who acts, made once each and shared by every game (``engine.memo``): a state's
# ``acting()`` is asked at every step, often several times, and an ``Acting`` is frozen.
#: Chance acts: the game's own generator draws next.
BY_CHANCE = Acting("chance")
#: Nobody acts: the game is over.
NOBODY = Acting("over")


@made_once
def turn_of(seat: int) -> Acting:
    """``seat`` acts alone (``Acting("turn", (seat,))``), made once per seat."""
    return Acting("turn", (seat,))


@latest(1024)
def simultaneous(seats: tuple[int, ...], deadline_ms: float | None = None) -> Acting:
    """``seats`` choose in secret, by ``deadline_ms`` if given (a whole number is taken
    as its float), made once per group of seats and deadline."""
    return Acting("simultaneous", seats, None if deadline_ms is None else float(deadline_ms))


@latest(1024)
def window_of(seats: tuple[int, ...], deadline_ms: float) -> Acting:
    """A reaction window that ``seats`` may still act in, until ``deadline_ms``, made
    once per group of seats and deadline."""
    return Acting("window", seats, float(deadline_ms))


@dataclass(frozen=True, slots=True)
class Pass:
    """Done acting in this window or decision (``pass``)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


class Step(NamedTuple):
    """One entry of a game's history: a chance outcome or a seat's action.

    For chance, ``seat`` is None and ``value`` is the JSON outcome; for an action,
    ``value`` is the action's text (its ``str``) and ``at_ms`` its time in a window.

    A named tuple rather than a frozen dataclass: every step of every game makes one,
    and the engine builds it with ``tuple.__new__`` (:func:`_new_step`), about a tenth
    of a frozen dataclass's ``__init__`` (which sets each field through
    ``object.__setattr__``).  Equal steps compare and hash as before.
    """

    seat: int | None
    value: JSON
    at_ms: float | None = None

    @property
    def is_chance(self) -> bool:
        return self.seat is None

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        # A history entry is never changed once written (apply_chance keeps its own copy
        # of an outcome), so a copied game shares its entries: cloning for search is then
        # as cheap as the game's live state allows.
        return self


#: ``_new_step(Step, (seat, value, at_ms))``: a Step without a Python call of its
#: generated ``__new__`` (all three fields given; the engine's hot path).
_new_step: Callable[[type[Step], tuple[int | None, JSON, float | None]], Step] = (
    tuple.__new__)


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option a game offers (shown by ``gamenight games``)."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    #: How the option's value is read from a file given on the command line
    #: (``--dictionary FILE``: a word game's word list): the path in, the value out (such as
    #: ``sha256:...``, registered in this process), OptionError for a file it cannot
    #: read.  Options never carry a path themselves, so a record names no file; the
    #: command line and each simulation worker call this instead.  None: no file.
    load: Callable[[str], str] | None = None
    #: The option in a few words for a form (the browser's lobby shows them, not the
    #: option's key), in the game's own words; "" shows its name with spaces.
    label: str = ""

    def check(self, value: Any) -> Any:
        """The value as the option's type (a text from the command line is read), or
        OptionError saying what the option takes.  Numbers are finite and within the
        option's bounds; a whole number is not a bool or a fraction; a flag is a bool
        (or true/false, yes/no, on/off, 1/0)."""
        kind = type(self.default)
        if kind is bool:
            value = self._flag(value)
        elif kind is int:
            value = self._whole(value)
        elif kind is float:
            value = self._real(value)
        elif kind is str:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name} takes a text, not {describe(value)}")
            value = str(value)
        else:  # an option of another type: its type reads it
            try:
                value = kind(value)
            except (TypeError, ValueError, ArithmeticError):
                raise OptionError(f"option {self.name} takes a {kind.__name__}, "
                                  f"not {describe(value)}") from None
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name} is one of "
                              f"{', '.join(map(str, self.choices))}, not {describe(value)}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name} is at least {self.minimum:g}, not {value}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name} is at most {self.maximum:g}, not {value}")
        return value

    def _flag(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if type(value) is int and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.lower() in _FLAG_TEXTS:
            return _FLAG_TEXTS[value.lower()]
        raise OptionError(f"option {self.name} takes true or false, not {describe(value)}")

    def _whole(self, value: Any) -> int:
        whole = (isinstance(value, numbers.Integral) and not isinstance(value, bool)) or (
            isinstance(value, float) and math.isfinite(value) and value.is_integer())
        if whole:
            return int(value)
        if isinstance(value, str):
            # ValueError also for a text of more digits than Python reads.
            with contextlib.suppress(ValueError):
                return int(value.strip())
        raise OptionError(f"option {self.name} takes a whole number, not {describe(value)}")

    def _real(self, value: Any) -> float:
        number = math.nan
        if isinstance(value, str) or (isinstance(value, numbers.Real)
                                      and not isinstance(value, bool)):
            with contextlib.suppress(OverflowError, ValueError, TypeError):
                number = float(value.strip() if isinstance(value, str) else value)
        if not math.isfinite(number):
            raise OptionError(f"option {self.name} takes a finite number, "
                              f"not {describe(value)}")
        return number


_FLAG_TEXTS = {"true": True, "yes": True, "1": True, "on": True,
               "false": False, "no": False, "0": False, "off": False}


#: A kind of bot, as the game offers it (``Game.bots``): called as ``factory(seat=...,
#: seed=..., level=..., **params)``, it makes a ``bots.base.Bot``, which the engine, below
#: the bots, does not name (``bots.base.BotFactory`` is the same, typed).
BotFactory = Callable[..., object]


class PositionFormat(NamedTuple):
    """How a game's positions are read and written: the game-specific part of a position
    (``GameState.position()['state']``).  Its package gives it (``Game.give``), since
    the format's code builds on the rules."""

    #: ``read(game, players, seed, options, state)``: the game in that position
    #: (IllegalAction naming what is impossible in it).
    read: Callable[[Game, int, int, dict[str, Any], JSON], GameState[Any]]
    #: ``write(state)``: the state's game-specific part, as JSON.
    write: Callable[[GameState[Any]], JSON]


#: ``resample(state, seat, rng)``: ``GameState.resample`` where the game keeps it in a
#: module of its own.
Resampler = Callable[["GameState[Any]", int, random.Random], "GameState[Any]"]


# Subclassed by code that is not compiled (tests/sixth's HighCard, the tests' toy game):
# mypyc allows that only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game definition: metadata, options, and how to start and read a game."""

    id: ClassVar[str]
    title: ClassVar[str]
    credits: ClassVar[str]
    #: The game in a line, for someone choosing what to play (the browser's lobby).
    blurb: ClassVar[str] = ""
    #: Why a game of it ends (``Outcome.reason``: the reasons its ``rules.md`` lists), in
    #: a sentence for the people at the table (the browser's result and replay).
    end_reasons: ClassVar[Mapping[str, str]] = {}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    default_bot: ClassVar[str] = "random"
    #: The bot a person plays against when they name none (``gamenight play``'s seats, the
    #: lobby's), where the default bot (the strongest, for simulations, the lab and the
    #: bench) would not feel like a person: None, the default bot.
    opponent_bot: ClassVar[str | None] = None
    #: The classes of the game's actions (frozen dataclasses, ``Pass``, or ``str`` for a
    #: game whose actions are texts): the engine refuses an action object of any other
    #: class, or whose fields are not of the types its class declares, before the
    #: game's ``_verify`` sees it.  Empty: the game's ``_verify`` checks it all.
    action_types: ClassVar[tuple[type, ...]] = ()
    #: The shape of the game's view: a ``TypedDict``, or a union of them (``gamenight
    #: schema`` publishes it as JSON Schema, and a test validates every view of random
    #: games against it).  None: the game has not declared one.
    view_type: ClassVar[object] = None
    #: The shape of the game's facts (:meth:`facts`), a ``TypedDict``, published beside
    #: its view's (``gamenight schema``, the browser's generated types).
    facts_type: ClassVar[object] = None
    #: Every class of event the game emits, secret-free forms included
    #: (``Event.seen_by``): their schemas are published beside the view's.
    event_types: ClassVar[tuple[type[Event], ...]] = ()
    #: The shape of what a person is told beside the view (:meth:`GameState.told`), a
    #: ``TypedDict``, published beside the view's as ``Told``; None: the game tells
    #: nothing there.
    told_type: ClassVar[object] = None
    #: The times people take at a real table for what the history does not time (the
    #: balance lab's estimate of minutes); None: the lab estimates no minutes for it.
    pace: ClassVar[Pace | None] = None
    # The parts the game's package gives it (``give``): they import the rules, so the
    # rules cannot import them.
    _given_bots: Callable[[], Mapping[str, BotFactory]] | None = None
    _positions: PositionFormat | None = None
    _resampler: Resampler | None = None

    # A game definition is one object, never changed once given its parts: what copies a
    # state, an encoding or a bot shares it.
    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def give(self, *, bots: Callable[[], Mapping[str, BotFactory]] | None = None,
             positions: PositionFormat | None = None,
             resample: Resampler | None = None) -> None:
        """Join the parts that live beside the rules in the game's package, which import
        the rules (so the rules cannot import them): the game's ``__init__.py`` gives
        them once it has imported them.  ``bots()``: the game's own kinds of bot by name
        (asked when they are needed, so a game's bots load only then); ``positions``:
        its position format; ``resample``: its ``GameState.resample``."""
        if bots is not None:
            self._given_bots = bots
        if positions is not None:
            self._positions = positions
        if resample is not None:
            self._resampler = resample

    # The action checks and their ``check``, made the first time an action is checked:
    # plain attributes set lazily, not ``functools.cached_property``, which keeps its
    # value in the instance's ``__dict__``: a class compiled by mypyc has none, and there
    # it worked the checks out again at every action.
    _checks: ActionTypes | None = None
    _checker: Callable[[object, str], None] | None = None

    @property
    def _action_types(self) -> ActionTypes:
        types = self._checks
        if types is None:
            types = self._checks = ActionTypes(self.action_types)
            self._checker = types.check if types else None
        return types

    @property
    def _check_action(self) -> Callable[[object, str], None] | None:
        """``_action_types.check``, or None where the game declares no action types:
        read once per action."""
        if self._checks is None:
            _ = self._action_types  # (made with it)
        return self._checker

    def bot_for_people(self) -> str:
        """The bot a person plays against by default (``opponent_bot``, else the default
        bot)."""
        return self.opponent_bot or self.default_bot

    @property
    def players_text(self) -> str:
        """The player counts as a person reads them (``gamenight games``): "2-8"; a game
        whose smallest table is a variant says so."""
        return f"{self.min_players}-{self.max_players}"

    def _whole_players(self, players: object) -> int:
        """``players`` if it is a player count this game takes; OptionError otherwise."""
        if (isinstance(players, bool) or not isinstance(players, int)
                or not self.min_players <= players <= self.max_players):
            raise OptionError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {describe(players)}"
            )
        return int(players)

    def resolve_options(self, players: object, options: Mapping[str, Any]) -> dict[str, Any]:
        """Check the player count and options, each alone and then together
        (:meth:`check_table`); fill in defaults.  OptionError saying what is wrong.

        The one place a table is checked: ``new``, ``from_position``, the command line,
        the server's rooms and the lobby all ask here, so a table that cannot start is
        refused before anything is made for it."""
        table = self._whole_players(players)
        known = {o.name: o for o in self.options}
        unknown = sorted(map(describe, set(options) - set(known)))
        if unknown:
            offered = ", ".join(known) or "none"
            raise OptionError(f"{self.id} has no option {unknown[0]} (options: {offered})")
        resolved = {name: o.check(options[name]) if name in options else o.default
                    for name, o in known.items()}
        self.check_table(table, resolved)
        return resolved

    def check_table(self, players: int, options: Mapping[str, Any]) -> None:  # noqa: B027
        """OptionError unless the options, each already checked alone, go together and
        suit a table of ``players`` (a table size that only a variant option allows; a
        deck that must keep a card for every player).  Default: any table the counts allow.
        Called by :meth:`resolve_options`, never by a game's ``new`` itself."""

    def new(self, players: object, seed: object = 0, **options: Any) -> GameState[Any]:
        """A new game at its first decision point (setup chance not yet drawn).
        OptionError for a player count or options the game does not offer, or a seed
        that is no whole number 0 or more.

        Takes ``object`` and checks it (compiled by mypyc, a declared ``int`` would be
        refused with mypyc's own ``TypeError``); the game's ``_new`` gets whole numbers."""
        return self._new(self._whole_players(players), _checked_seed(seed), **options)

    @abstractmethod
    def _new(self, players: int, seed: int, **options: Any) -> GameState[Any]:
        """:meth:`new`, for a whole number of players (not yet checked against the
        game's counts: ``resolve_options`` does that) and a seed 0 or more."""

    def parse_action(self, text: object) -> Any:
        """The action whose ``str`` is ``text``; IllegalAction if there is none.

        Anything that is not a short printable text is refused here, once for every
        game (see ``checks.check_action_text``), and so is whatever the game's reader
        could not read: it never raises anything but IllegalAction.
        """
        checked = check_action_text(text)
        try:
            return self._parse_action(checked)
        except IllegalAction:
            raise
        except (ValueError, ArithmeticError) as error:
            raise IllegalAction(f"not a {self.title} action: {describe(checked)} "
                                f"({error})") from None

    @abstractmethod
    def _parse_action(self, text: str) -> Any:
        """The action whose ``str`` is ``text`` (a printable text of at most
        ``checks.MAX_ACTION_TEXT`` characters); IllegalAction if there is none."""

    # -- positions ----------------------------------------------------------------------
    def from_position(self, data: object, seed: object = 0) -> GameState[Any]:
        """The game in the position ``data`` (as ``GameState.position`` gives it), whose
        generator then starts from ``seed``.

        The position is checked whole: plain JSON of bounded size, this game and rules
        version, a table and options the game offers, and a state the rules can reach
        (the game's ``_from_position``: a card that exists twice, a score that does not
        add up).  Anything else raises :class:`IllegalAction` naming the problem; nothing
        else is ever raised.
        """
        # Imported here: only reading a position needs pydantic (a simulation never does).
        from gamenight.engine.envelope import read_envelope

        check_json(data, "a position", MAX_POSITION_DEPTH, MAX_POSITION_VALUES)
        # The envelope's shape, declared (every field, of its exact JSON type), then
        # its values against this game.
        envelope = read_envelope(data)
        if envelope.version != POSITION_VERSION:
            raise IllegalAction(f"a position of format version {describe(envelope.version)}; "
                                f"this gamenight reads version {POSITION_VERSION}")
        if envelope.game != self.id:
            raise IllegalAction(f"a position of {describe(envelope.game)}, not of {self.id}")
        if envelope.rules_version != self.rules_version:
            raise IllegalAction(f"a position under {self.id} rules version "
                                f"{describe(envelope.rules_version)}; this gamenight "
                                f"implements version {self.rules_version}")
        try:
            options = self.resolve_options(envelope.players, envelope.options)
        except OptionError as exc:
            raise IllegalAction(f"not a position this game offers: {exc}") from None
        try:
            checked = _checked_seed(seed)
        except OptionError as exc:
            raise IllegalAction(str(exc)) from None
        try:
            state = self._from_position(envelope.players, checked, options, envelope.state)
        except IllegalAction:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            # The game's reader found a shape it did not expect: a wrong position.
            raise IllegalAction(f"not a {self.title} position: "
                                f"{type(exc).__name__}: {exc}") from None
        state.start = cast(Position, copy.deepcopy(data))
        return state

    def _from_position(self, players: int, seed: int, options: dict[str, Any],
                       state: JSON) -> GameState[Any]:
        """A game in the position whose game-specific part is ``state`` (plain JSON of
        bounded size, not yet checked): IllegalAction naming what is impossible in it.
        (A KeyError, TypeError and the like are turned into IllegalAction too, but a
        reader that names the problem is kinder.)  The format the package gave
        (``give(positions=...)``) reads it, if there is one."""
        if self._positions is None:
            raise IllegalAction(f"{self.title} has no position format yet")
        return self._positions.read(self, players, seed, options, state)

    # -- what joins the game to each use (imported only when asked for) --------------------
    def _package(self) -> str:
        return type(self).__module__.rpartition(".")[0]

    def screen(self) -> Callable[..., Any]:
        """The terminal table's factory (``make_screen(app)`` in the game's ``screen``
        module); imported on first use, so a simulation never loads Textual's screens."""
        from importlib import import_module

        factory: Callable[..., Any] = import_module(f"{self._package()}.screen").make_screen
        return factory

    def facts(self) -> Mapping[str, Any] | None:
        """What never changes in a game of it and a table needs to draw one (the deck's
        faces by card id, a limit the rules set), so that no client copies a rule: sent
        with the game (``GET /api/games``), shaped as :attr:`facts_type`.  None: none."""
        return None

    def refers(self, action: Any) -> Refers:
        """What ``action`` refers to on the table (a card by id, a place, a seat): sent
        beside each legal action, so a client finds the action for what was pressed
        without composing its text.  Nothing by default."""
        return {}

    def bots(self) -> dict[str, BotFactory]:
        """The game's own kinds of bot by name (the bot layer adds ``random``, which every
        game has: ``bots.base.bot_kinds``): those its package gave (``give(bots=...)``),
        none by default.  The research encoding is found by the adapters
        (``interop.encoding.encoding_for``)."""
        return {} if self._given_bots is None else dict(self._given_bots())

    def rules_text(self) -> str:
        """The rules as implemented, as Markdown: the ``rules.md`` beside the game's code
        (the same file ``docs/rules/<id>.md`` links to), or just the title without one."""
        try:
            return (files(self._package()) / "rules.md").read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, TypeError):
            return f"# {self.title}\n"

    def howto_text(self, language: str = "en") -> str:
        """How to play, as Markdown: the goal, a turn, the keys and the scoring on one
        page (the ``howto.md`` beside the game's code, which the terminal's ``?`` and
        ``gamenight rules`` show; ``howto.<language>.md`` in another language, the
        English page where that one is missing), or just the title without one."""
        names = ["howto.md"] if language == "en" else [f"howto.{language}.md", "howto.md"]
        for name in names:
            try:
                return (files(self._package()) / name).read_text("utf-8")
            except (FileNotFoundError, ModuleNotFoundError, TypeError):
                continue
        return f"# {self.title}\n"

    def howto_languages(self) -> list[str]:
        """The languages other than English that this game's how-to-play page is written
        in (its ``howto.<language>.md`` files)."""
        try:
            folder = files(self._package())
            return sorted(entry.name.split(".")[1] for entry in folder.iterdir()
                          if entry.name.startswith("howto.") and entry.name.count(".") == 2
                          and entry.name.endswith(".md"))
        except (FileNotFoundError, ModuleNotFoundError, TypeError):
            return []

    def file_option(self) -> Option | None:
        """The option whose value is read from a file given on the command line
        (``Option.load``: ``--dictionary FILE``), or None for a game with none."""
        return next((o for o in self.options if o.load is not None), None)

    # -- what the balance lab and the search know of the game ----------------------------
    def count_turns(self, events: Sequence[Event]) -> int | None:
        """The turns played in a game whose events are ``events``, counted as the game
        counts them (the lab's ``turns``); None for a game without turns (the default)."""
        return None

    def count_rounds(self, events: Sequence[Event]) -> int | None:
        """The rounds played, where the rulebook plays in rounds; None for a game that
        calls nothing a round (the default)."""
        return None

    def standings(self, players: int) -> Standings | None:
        """A fresh fold of the game's running standings at a table of ``players``
        (``engine.standings``: the lab's drama); None for a game with no running
        standing anyone at the table knows (the default: no lead changes, no comeback)."""
        return None

    def summary_columns(self) -> tuple[SummaryColumn, ...]:
        """The figures ``gamenight simulate`` averages per seat and per bot beside wins
        and win share: those that mean something for this game (default: the mean score;
        a game where the first to go out wins names others)."""
        return (MEAN_SCORE,)

    def micro_benchmarks(self) -> dict[str, Callable[[], object]]:
        """Named units of work that ``gamenight bench`` times one call at a time (e.g.
        "score a finished board"), for speed figures that are not steps per second.
        Each callable does one unit; its setup belongs outside it, in a closure.

        A game offers them in a ``benchmarks`` module beside its rules, as a function
        ``micro_benchmarks(game)``; it is imported only when ``bench`` asks."""
        from importlib import import_module

        try:
            module = import_module(f"{self._package()}.benchmarks")
        except ModuleNotFoundError:
            return {}
        units: dict[str, Callable[[], object]] = module.micro_benchmarks(self)
        return units


# Subclassed by code that is not compiled (tests/sixth's, the tests' toy game's):
# mypyc allows that only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(ABC, Generic[ActionT]):
    """One game in progress.

    Subclasses implement the ``_``-prefixed hooks; the public methods add the
    guarantees every game shares: an illegal action raises :class:`IllegalAction`
    and changes nothing, and every chance outcome and action lands in ``history``.
    The public methods check what every game checks alike (``checks.py``) before a
    hook sees it: a seat is a seat of this game (or None for a spectator's view), a
    time is a time and is given only where one is wanted, an action is of one of the
    game's ``action_types``, a chance outcome is plain JSON of bounded size.
    """

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    history: list[Step]
    rng: random.Random
    # How ``clone`` copies a state (search clones one at every simulation, and a deep
    # copy would walk every number of every list one by one): from an explicit list of
    # its parts, each copied as its list says.  Every attribute a game's state sets is in
    # exactly one of the lists below (``tests/engine/test_clone_plan.py`` checks it for
    # every game): the twin is made blank (``__init__`` given ``twin=True`` returns at
    # once) and given each part by name.  So no ``__dict__`` is read or written, which a
    # class compiled by mypyc has not, and a part left out of the lists is not copied.
    # (The engine's own parts are copied by ``__deepcopy__`` itself.)
    #: Attributes a game only ever replaces whole, never changes in place (numbers,
    #: tables made once, records of the latest step), or caches that only gain entries,
    #: each the same for every state that adds it, or that are checked before use:
    #: clones share them.
    shared_when_cloned: ClassVar[tuple[str, ...]] = ()
    #: Containers changed in place whose items are shared as above (lists of numbers,
    #: of frozen values): copied one level down (their ``copy()``).
    flat_when_cloned: ClassVar[tuple[str, ...]] = ()
    #: Lists of such containers (a hand or a stack per seat): copied two levels down.
    rows_when_cloned: ClassVar[tuple[str, ...]] = ()
    #: Attributes copied as ``copy.deepcopy`` copies them (by their own ``__deepcopy__``
    #: where they have one: a hunt in progress).
    deep_when_cloned: ClassVar[tuple[str, ...]] = ()
    #: Attributes copied by a function of the game's own, by name (what the lists above
    #: cannot say: a pair of lists per seat).
    copied_when_cloned: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], *,
                 twin: bool = False) -> None:
        if twin:
            # A clone's blank (``_blank``): ``__deepcopy__`` gives it every part.  A
            # game's state passes ``twin`` on, and returns at once too.
            return
        self.game = game
        self.players = players
        # A seed is a whole number 0 or more: the generator would take a text, a float
        # or None (a different game each time), and -5 as the very same game as 5.
        self.seed = seed = _checked_seed(seed)
        self.options = options
        self.history = []
        # Every event so far (``Event``), in two parts: those made, and after them those
        # still to be made when someone reads ``events`` (see ``emit_new``).
        self._events: list[Event] = []
        self._unmade: list[Event | _Unmade] = []
        # The position the game was set up from (``Game.from_position``), or None for a
        # game dealt from its seed: records and ``remade`` start from it.
        self.start: Position | None = None
        # The game's own generator: every chance outcome comes from here, so the same
        # seed and the same actions always give the same game.
        self.rng = random.Random(seed)

    # -- who acts -------------------------------------------------------------------
    @abstractmethod
    def acting(self) -> Acting:
        """Who acts now."""

    @property
    def is_over(self) -> bool:
        return self.acting().kind == "over"

    # -- actions --------------------------------------------------------------------
    def legal_actions(self, seat: object) -> list[ActionT]:
        """Every action ``seat`` may take now (empty if it may not act).

        Where the actions form a continuum (FLY's aim: any point and angle over the
        table), this is a documented finite set that spans it (random play and the
        research adapters' discrete encodings use it), while :meth:`verify` accepts every
        action of the continuum; the game's rules document says which set.
        IllegalAction if ``seat`` is no seat of this game.
        """
        return self._legal_actions(self._seat(seat))

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game, quickly; IllegalAction otherwise.

        The public methods declare what they take as ``object``, and check it here or in
        ``checks``: compiled by mypyc, a declared ``int`` would refuse a string with
        mypyc's own ``TypeError`` before the engine could refuse it as an action."""
        if type(seat) is int and 0 <= seat < self.players:
            return seat
        return check_seat(seat, self.players)

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[ActionT]:
        """Every action ``seat`` (a seat of this game) may take now."""

    @abstractmethod
    def _verify(self, seat: int, action: ActionT, at_ms: float | None) -> None:
        """Raise IllegalAction if ``seat`` may not take ``action`` now.

        ``seat`` is a seat of this game, ``action`` of one of the game's
        ``action_types`` with fields of their declared types, and ``at_ms`` None or a
        time (a finite float, 0 or more, by the deadline) given in a window or a
        simultaneous decision: the engine has checked those.
        """

    @abstractmethod
    def _do(self, seat: int, action: ActionT, at_ms: float | None) -> None:
        """Carry out a verified action."""

    def verify(self, seat: object, action: ActionT, at_ms: object = None) -> None:
        """Raise :class:`IllegalAction` (changing nothing) unless the action is legal."""
        self._checked(seat, action, at_ms)

    def _checked(self, seat: object, action: Any, at_ms: object) -> tuple[int, float | None]:
        """The seat and time as the hooks take them, once the engine's checks and the
        game's ``_verify`` have passed; IllegalAction otherwise."""
        checked = self._seat(seat)
        check_action = self.game._check_action
        if check_action is not None:
            check_action(action, self.game.title)
        t = None if at_ms is None else self._checked_time(checked, action, at_ms)
        self._verify(checked, action, t)
        return checked, t

    def _checked_time(self, seat: int, action: Any, at_ms: object) -> float:
        """A time given with an action: a time, in a decision that takes one (a reaction
        window or a simultaneous decision), by its deadline."""
        t = _time(at_ms)
        acting = self.acting()
        if acting.kind != "window" and acting.kind != "simultaneous":
            # Refused rather than recorded: a turn is not a race, so a time on it would
            # be a fact of the record that no rule reads.  The game's own reason comes
            # first where the action is not allowed anyway.
            self._verify(seat, action, None)
            raise IllegalAction(f"an action on a {acting.kind} decision takes no time "
                                f"(at_ms), not {describe(at_ms)}: only a reaction window "
                                "or a simultaneous decision is timed")
        if acting.deadline_ms is not None and t > acting.deadline_ms:
            raise IllegalAction(f"too late: {t:g} ms is after the deadline of "
                                f"{acting.deadline_ms:g} ms")
        return t

    def can(self, seat: object, action: ActionT, at_ms: object = None) -> bool:
        """True if ``seat`` may take ``action`` now."""
        try:
            self.verify(seat, action, at_ms)
        except IllegalAction:
            return False
        return True

    def apply(self, seat: object, action: ActionT, at_ms: object = None) -> list[Event]:
        """Take an action for ``seat``; raises IllegalAction (changing nothing) if illegal.
        Returns the events it caused (whole: give a seat only ``event.seen_by(seat)``)."""
        mark = self.event_count
        self.take(seat, action, at_ms)
        return self.events[mark:]

    def take(self, seat: object, action: ActionT, at_ms: object = None) -> None:
        """:meth:`apply` without the list of its events (read ``events``): checked as
        ``apply`` checks, for a driver that does not read the events of every step (the
        events told with ``emit_new`` are then made only if someone reads them)."""
        checked, t = self._checked(seat, action, at_ms)
        self.history.append(_new_step(Step, (checked, str(action), t)))
        self._do(checked, action, t)

    def apply_legal(self, seat: int, action: ActionT, at_ms: float | None = None) -> None:
        """Take ``action`` for ``seat`` unchecked: it must be one of
        ``legal_actions(seat)`` of this very state, and ``at_ms`` None on a turn, or a
        time by the deadline in a window or simultaneous decision.  What a simulation
        does with an action it has just drawn from the legal ones (random play, a forced
        move), sparing the checks ``apply`` makes again and the list of its events (read
        ``events``).  Anything else belongs to :meth:`apply`: nothing here refuses an
        action, so one from elsewhere could leave the state impossible."""
        self.history.append(_new_step(Step, (seat, str(action), at_ms)))
        self._do(seat, action, at_ms)

    def apply_text(self, seat: object, text: object, at_ms: object = None) -> list[Event]:
        """Take the action written as ``text`` (as in a record); returns its events."""
        checked = self._seat(seat)
        action: ActionT = self.game.parse_action(text)
        return self.apply(checked, action, at_ms)

    # -- reaction windows -------------------------------------------------------------
    def expire_window(self) -> list[Event]:
        """The deadline has come: every seat still acting in the window passes at it.
        Returns the events that caused."""
        mark = self.event_count
        self.pass_deadline()
        return self.events[mark:]

    def pass_deadline(self) -> None:
        """:meth:`expire_window` without the list of its events (read ``events``), as
        :meth:`apply_legal` is :meth:`apply` without it: random play and the bots'
        driver close every window so, and the events of a game nobody reads are never
        made (``emit_new``)."""
        acting = self.acting()
        if acting.kind not in ("window", "simultaneous") or acting.deadline_ms is None:
            raise IllegalAction("no decision with a deadline is open")
        for seat in acting.seats:
            if self.acting().kind == acting.kind and seat in self.acting().seats:
                self.take(seat, PASS, acting.deadline_ms)  # type: ignore[arg-type]

    # -- events ---------------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """Every event so far (``Event``): what happened, in public terms, in order.

        The events the rules told with :meth:`emit_new` are made here, when first read;
        the list is the state's own (``apply`` returns a slice of it)."""
        unmade = self._unmade
        if unmade:
            made = self._events
            for entry in unmade:
                if isinstance(entry, tuple):
                    kind, fields, named = entry
                    made.append(kind(*fields, **named))
                else:
                    made.append(entry)
            unmade.clear()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._events = events
        self._unmade = []

    @property
    def event_count(self) -> int:
        """``len(events)``, without making the events still to be made."""
        return len(self._events) + len(self._unmade)

    def emit(self, event: Event) -> None:
        """Record that ``event`` happened (the rules call this as they carry out a step)."""
        if self._unmade:
            self._unmade.append(event)  # after those still to be made, in order
        else:
            self._events.append(event)

    def emit_new(self, kind: Callable[_Fields, Event], /, *fields: _Fields.args,
                 **named: _Fields.kwargs) -> None:
        """Record that the event ``kind(*fields, **named)`` happened, made only when
        someone reads :attr:`events`: what :meth:`emit` of it would record.

        An event is a frozen dataclass, and making one costs most of what a step of
        random play costs beside it (each field is set through ``object.__setattr__``):
        11-23% of random play, measured (docs/speed.md).  Random play, the lab's games
        and most bots never read the events, so the rules tell the events of every step
        this way, with fields that are never changed (numbers, texts, tuples)."""
        self._unmade.append((kind, fields, named))

    def narration(self, seat: int | None = None) -> list[str]:
        """The story so far as ``seat`` may know it (None: a spectator), a line per
        event worth one (``Event.text``)."""
        return narration(self.events, seat)

    # -- chance ---------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[JSON, float]] | None:
        """The possible chance outcomes with their probabilities, or None where there are
        too many to list (then only :meth:`sample_chance` is offered)."""
        return None

    def sample_chance(self) -> JSON:
        """Draw the next chance outcome from the game's own generator (changes only it).
        IllegalAction, with the generator untouched, when no chance event is due."""
        if self.acting().kind != "chance":
            raise IllegalAction("no chance event is due now")
        return self._sample_chance()

    @abstractmethod
    def _sample_chance(self) -> JSON:
        """Draw the next chance outcome (one is due) from ``self.rng``, changing only it."""

    @abstractmethod
    def _do_chance(self, outcome: JSON) -> None:
        """Carry out a checked chance outcome."""

    def _verify_chance(self, outcome: JSON) -> None:
        """Raise IllegalAction if ``outcome`` cannot happen now (default: any is fine)."""

    def apply_chance(self, outcome: JSON) -> list[Event]:
        """Carry out a chance outcome, drawn by :meth:`sample_chance` or given.

        IllegalAction (changing nothing) if no chance event is due, if ``outcome`` is not
        plain JSON of bounded depth and size (``checks.check_outcome``), or if it cannot
        happen now (the game's ``_verify_chance``).
        """
        if self.acting().kind != "chance":
            raise IllegalAction("no chance event is due now")
        mark = len(self.events)
        self._carry_out_chance(outcome)
        return self.events[mark:]

    def draw_chance(self) -> JSON:
        """Draw and carry out the next chance outcome; returns it.  IllegalAction, with
        the generator untouched, when no chance event is due."""
        if self.acting().kind != "chance":
            raise IllegalAction("no chance event is due now")
        outcome = self._sample_chance()
        self._carry_out_chance(outcome)
        return outcome

    def _carry_out_chance(self, outcome: JSON) -> None:
        check_outcome(outcome)
        self._verify_chance(outcome)
        # The history keeps its own copy: a caller changing its list later changes nothing.
        kept = outcome if type(outcome) in _SCALARS else copy_json(outcome)
        self.history.append(_new_step(Step, (None, kept, None)))
        self._do_chance(outcome)

    # -- information ------------------------------------------------------------------
    def view(self, seat: object, at_ms: object = None) -> View:
        """What ``seat`` may know now, as plain JSON data (None: a spectator).

        The view is the seat's own: changing it changes no other view and not the game.
        Parts of it that views share are frozen (``engine.frozen``: changing one raises
        ``ReadOnlyViewError``, a TypeError); ``thaw(view)`` is a copy to change.

        In a window, ``at_ms`` asks for the moment ``at_ms``: what happened later is not
        yet there.  IllegalAction if ``seat`` is neither None nor a seat of this game, or
        ``at_ms`` is not a time.
        """
        checked = None if seat is None else self._seat(seat)
        return self._view(checked, None if at_ms is None else _time(at_ms))

    @abstractmethod
    def _view(self, seat: int | None, at_ms: float | None) -> View:
        """What ``seat`` (a seat of this game, or None for a spectator) may know now,
        or at the moment ``at_ms`` of an open window (a checked time, or None: now).
        Fresh containers, or frozen ones (``engine.frozen.freeze``) where a part is
        shared with other views or kept by the state: never the state's own lists."""

    def told(self, seat: object, language: str = DEFAULT) -> Mapping[str, Any] | None:
        """What a person at ``seat`` (None: a spectator) is told in words beside the
        view: the game's narration of the table as it stands (a last turn in words: who
        rolled what, who takes which card), in the shape ``Game.told_type``
        declares, or None where the game tells nothing there; in ``language`` (a code
        of ``gamenight.i18n.LANGUAGES``) where the game's telling is translated, else
        in English.

        For people only: bots never ask for it, so a simulation pays nothing for
        sentences (the server puts it in each person's ``update``, the terminal draws
        it).  Like a view, it holds only what the seat may know, and is the seat's own
        (frozen where it is shared).  IllegalAction if ``seat`` is neither None nor a
        seat of this game.
        """
        return self._told_in(None if seat is None else self._seat(seat), language)

    def _told_in(self, seat: int | None, language: str) -> Mapping[str, Any] | None:
        """What ``seat`` (checked, as for ``_view``) is told beside its view in
        ``language`` (see :meth:`told`): by default the English ``_told``, for a game
        whose telling is not translated yet (as ``Event.told_in`` defaults to
        ``told_to``)."""
        return self._told(seat)

    def _told(self, seat: int | None) -> Mapping[str, Any] | None:
        """What ``seat`` (checked, as for ``_view``) is told beside its view, in
        English (see :meth:`told`): by default, nothing."""
        return None

    def seen_step(self, step: Step, seat: int, acting: Acting) -> JSON:
        """What ``seat`` saw of ``step`` itself, as JSON, or None where it saw nothing of
        it: one seat's form of a history entry (redacted records are made of these and
        the seat's views).  What the step changed that the seat may know is in its view
        after the step; this is only what it saw of the step as taken.

        Called on the state just after ``step`` was carried out; ``acting`` is who was
        acting when it was taken.  The default is what the kinds of decision promise:

        * a chance outcome: nothing (what it shows the seat, the seat's view shows);
        * the seat's own action: all of it, time included;
        * another seat's action in a ``turn`` or a reaction ``window``: all of it (a turn
          is taken in front of everyone, and a hand in a race is seen as it lands, at
          its time);
        * another seat's action in a ``simultaneous`` decision: only that it acted (who
          has chosen is public: ``acting()`` names who is still choosing), never what
          or when; what is revealed when the choices resolve shows in the views.

        A game whose rules show more or less of a step overrides this.
        """
        if step.seat is None:
            return None
        if step.seat != seat and acting.kind not in ("turn", "window"):
            return {"seat": step.seat}
        seen: dict[str, JSON] = {"seat": step.seat, "action": step.value}
        if step.at_ms is not None:
            seen["at_ms"] = step.at_ms
        return seen

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    # -- positions -----------------------------------------------------------------------
    def position(self) -> Position:
        """The whole state as a position (hidden information included):
        ``game.from_position(state.position())`` is a game in the same state, with
        the same views, legal actions and future for the same actions and chance."""
        return {
            "format": POSITION_FORMAT,
            "version": POSITION_VERSION,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "state": self._position(),
        }

    def _position(self) -> JSON:
        """The game-specific part of :meth:`position`: the whole state as JSON, in the
        format the game's ``rules.md`` documents and its ``_from_position`` reads (the
        format its package gave, if there is one)."""
        positions = self.game._positions
        if positions is None:
            raise NotImplementedError(f"{self.game.id} has no position format yet")
        return positions.write(self)

    @abstractmethod
    def snapshot(self) -> JSON:
        """The whole state as JSON (hidden information included): for comparing states."""

    def digest(self) -> str:
        """A short fingerprint of the whole state (hidden information included)."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    # -- what a seat cannot tell apart ----------------------------------------------------
    def resample(self, seat: object, rng: random.Random) -> GameState[ActionT]:
        """A state drawn from those ``seat`` cannot tell from this one, for information-set
        search (OpenSpiel's ``resample_from_infostate``).

        The result has a history of the same length in which ``seat`` saw exactly what it
        saw here, step by step; what it did not see (others' hidden cards, secret choices,
        shuffles nobody watched) is drawn afresh with ``rng``, never copied from this
        state, and so is the game's generator (future chance).  ``self`` is unchanged.
        Games usually build it with :meth:`remade` from a history whose hidden parts
        were redrawn.  IllegalAction if ``seat`` is no seat of this game.
        """
        checked = self._seat(seat)
        if self.start is not None:
            # What the seats knew before the position is not known, so what is hidden
            # in it cannot be told from what was seen: redrawing it could only copy it.
            raise IllegalAction("a game set up from a position cannot resample: what each "
                                "seat saw before it is not known")
        return self._resample(checked, rng)

    def _resample(self, seat: int, rng: random.Random) -> GameState[ActionT]:
        """:meth:`resample` for a seat of this game (a game that can resample overrides
        this, or its package gives it: ``Game.give(resample=...)``)."""
        resample = self.game._resampler
        if resample is None:
            raise NotImplementedError(f"{self.game.id} cannot resample hidden information yet")
        return resample(self, seat, rng)

    def remade(self, steps: Sequence[Step], generator_seed: int) -> GameState[ActionT]:
        """A new game with this one's setup, played through ``steps`` (chance outcomes
        as given, not drawn), whose generator then starts from ``generator_seed``."""
        state = (self.game.new(self.players, self.seed, **self.options) if self.start is None
                 else self.game.from_position(self.start, self.seed))
        # Search remakes a long history at every simulation (``resample``), so the replay
        # is kept lean: every step is still checked as ``apply_text`` checks it, but each
        # distinct action text is read once (actions are values, frozen like the text
        # that names them), and a chance outcome, plain JSON once in a history, is copied
        # as JSON (the rules may keep it; ``steps`` must not change).
        parsed: dict[str, Any] = {}
        for step in steps:
            seat = step.seat
            if seat is None:
                value = step.value
                state.apply_chance(value if type(value) in _SCALARS else copy_json(value))
                continue
            text = step.value
            action = parsed.get(text) if type(text) is str else None
            if action is None:
                if type(seat) is not int or not 0 <= seat < self.players:
                    seat = check_seat(seat, self.players)
                action = parsed[text] = self.game.parse_action(text)
            state.apply(seat, action, step.at_ms)
        state.rng = random.Random(generator_seed)
        return state

    def taken_back(self, keep: int, generator_seed: int) -> GameState[ActionT]:
        """A new game as this one stood after its first ``keep`` steps, whose generator
        then starts from ``generator_seed``: the very state ``remade(history[:keep],
        generator_seed)`` builds, made faster where the game knows how (search takes
        back the others' choices of an open simultaneous decision in every world it
        draws).  ``self`` is unchanged."""
        if not 0 <= keep <= len(self.history):
            raise ValueError(f"keep is 0 to {len(self.history)} steps, not {keep}")
        state = self._taken_back(keep)
        if state is None:
            return self.remade(self.history[:keep], generator_seed)
        state.rng = random.Random(generator_seed)
        return state

    def _taken_back(self, keep: int) -> GameState[ActionT] | None:
        """:meth:`taken_back` without the generator, made without a replay; None where
        the game has no such way for these steps (then the history is replayed)."""
        return None

    def clone(self) -> GameState[ActionT]:
        """An independent copy (for search); the generator is copied too."""
        return copy.deepcopy(self)

    def _blank(self) -> GameState[ActionT]:
        """A state of this one's type with no part set, for ``__deepcopy__`` to fill: its
        ``__init__`` given ``twin=True`` does nothing.  (A game whose state's ``__init__``
        takes more than the engine's four arguments passes them here.)"""
        return type(self)(self.game, self.players, self.seed, self.options, twin=True)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState[ActionT]:
        """A copy as independent as a deep one, made from the list of the state's parts
        (see ``shared_when_cloned``): the engine's own parts have cheaper exact copies
        (the generator's, without its 625 numbers one by one; the history and events, of
        frozen steps, one level down; the definition and options, never changed once the
        game is made, shared), and a game's parts are copied as its lists say."""
        twin = self._blank()
        memo[id(self)] = twin
        twin.game, twin.players, twin.seed = self.game, self.players, self.seed
        twin.options, twin.start = self.options, self.start
        twin.history = self.history.copy()
        twin._events, twin._unmade = self._events.copy(), self._unmade.copy()
        twin.rng = copy_generator(self.rng)
        plan = _PLANS.get(type(self))
        if plan is None:
            plan = _clone_plan(type(self))
        shared, flat, rows, deep, own = plan
        for name in shared:
            setattr(twin, name, getattr(self, name))
        for name in flat:
            setattr(twin, name, getattr(self, name).copy())
        for name in rows:
            setattr(twin, name, [row.copy() for row in getattr(self, name)])
        for name in deep:
            setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        for name, copier in own:
            setattr(twin, name, copier(getattr(self, name)))
        return twin


# -- how a state is cloned --------------------------------------------------------------------
#: The engine's own parts of every state, copied by ``GameState.__deepcopy__`` itself.
ENGINE_PARTS = ("game", "players", "seed", "options", "start", "history", "_events",
                "_unmade", "rng")

_Plan = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...],
              tuple[tuple[str, Callable[[Any], Any]], ...]]
#: Each state type's lists, checked, by type (filled as each is first cloned).
_PLANS: dict[type, _Plan] = {}


def cloned_parts(state_type: type[GameState[Any]]) -> tuple[str, ...]:
    """Every attribute a clone of a ``state_type`` gets: the engine's and the game's
    lists' (a state whose attributes are not exactly these is cloned wrong)."""
    shared, flat, rows, deep, own = _clone_plan(state_type)
    return ENGINE_PARTS + shared + flat + rows + deep + tuple(name for name, _ in own)


def _clone_plan(state_type: type[GameState[Any]]) -> _Plan:
    """A state type's ``*_when_cloned`` lists, checked: no name in two lists, nor one of
    the engine's own parts."""
    own = tuple(state_type.copied_when_cloned.items())
    plan = (tuple(state_type.shared_when_cloned), tuple(state_type.flat_when_cloned),
            tuple(state_type.rows_when_cloned), tuple(state_type.deep_when_cloned), own)
    names = [*ENGINE_PARTS, *plan[0], *plan[1], *plan[2], *plan[3], *(n for n, _ in own)]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise TypeError(f"{state_type.__name__}: listed twice for cloning (or the engine's "
                        f"own): {', '.join(twice)}")
    _PLANS[state_type] = plan
    return plan
