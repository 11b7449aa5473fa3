"""What a bot is: a function of its seat's view, its legal actions and the clock.

A bot never receives the game state, only plain data built from it (the seat's view),
so it cannot learn what its seat may not know.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, cast

from mypy_extensions import mypyc_attr

from gamenight.bots.levels import ADAPTIVE, DEFAULT_LEVEL, LEVELS
from gamenight.bots.reaction import LEVELS as MODELS
from gamenight.bots.reaction import ReactionModel
from gamenight.engine import OptionError, View
from gamenight.engine.game import ActionT

if TYPE_CHECKING:
    from gamenight.engine import Game, GameState
    from gamenight.engine.events import Event

#: A searching bot's window on the world (:meth:`Bot.search_with`): ``sample(rng)`` is a
#: state its seat cannot tell from the true one, hidden parts drawn with ``rng``.
Sampler = Callable[[random.Random], "GameState[Any]"]
#: The view shown to a bot that does not read its view (:attr:`Bot.reads_view`): empty
#: and read-only, so the seat's view is never built for it.
NO_VIEW: View = MappingProxyType({})


class Clock(NamedTuple):
    """Time as a bot sees it: ``now_ms`` since the window opened (0 outside windows).

    ``window`` tells windows apart (it changes each time a new window opens), so a bot
    can tell a fresh window from the one it is already timing.

    A named tuple, not a frozen dataclass: the driver makes one for every question in a
    race, and builds it with ``tuple.__new__`` (:data:`new_clock`), a tenth of a frozen
    dataclass's ``__init__``.
    """

    now_ms: float = 0.0
    deadline_ms: float | None = None
    window: int | None = None

    @property
    def in_window(self) -> bool:
        return self.deadline_ms is not None


#: ``new_clock(Clock, (now_ms, deadline_ms, window))``: a Clock without a Python call of
#: its generated ``__new__`` (all three fields given; the driver's hot path).
new_clock: Callable[[type[Clock], tuple[float, float | None, int | None]], Clock] = (
    tuple.__new__)


@dataclass(frozen=True, slots=True)
class Wait:
    """A bot's answer in a window: 'ask me again at ``until_ms``' (I act later).

    Time always moves on: a bot is asked again at ``until_ms`` or a millisecond after
    it answered, whichever is later (``bots.driver.next_ask``), so a bot that keeps
    waiting passes at the deadline, as a person who never moves does."""

    until_ms: float


# Subclassed by code that is not compiled (the master bot, the interop adapters' bots,
# the tests' own): mypyc allows that only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC, Generic[ActionT]):
    """A player played by the computer, of a game whose actions are ``ActionT``."""

    name = "bot"
    #: True for a bot that keeps its own memory of the game: whoever drives it
    #: (``bots.driver``) shows it its seat's view after every step, through
    #: :meth:`observe`.  Left unset, it is True exactly for a class that defines its own
    #: ``observe`` (or inherits one); a bot may set it either way.
    remembers: ClassVar[bool] = False
    #: True for a bot that listens to what happens at the table: whoever drives it shows
    #: it every event, in its seat's form (``Event.seen_by``), before it next acts, through
    #: :meth:`hear`.  Left unset, it is True exactly for a class that defines ``hear``.
    listens: ClassVar[bool] = False
    #: The levels that change how this bot plays (``bots.levels``), weakest first; empty
    #: for a bot that plays the same at every level.  Every bot takes the fixed level
    #: names (a spec means the same at every table); ``adaptive`` only a bot that lists it.
    levels: ClassVar[tuple[str, ...]] = ()
    #: True for a bot that searches over what its seat cannot see (``bots.master``):
    #: whoever asks it to act (``bots.driver``) first hands it, through
    #: :meth:`search_with`, a sampler of the states its seat cannot tell from the true
    #: one, so the bot still never holds the state itself.
    searches: ClassVar[bool] = False
    #: True for a bot that can tell from the clock alone when it next acts in a window
    #: or decision (:meth:`when`): whoever asks it (``bots.driver``) asks ``when``
    #: first, and builds no view and no legal actions while it names a later moment.
    #: Left unset, it is True exactly for a class that defines ``when``.
    times_itself: ClassVar[bool] = False
    #: False for a bot whose :meth:`act` never reads its view (``random``): whoever asks
    #: it shows it :data:`NO_VIEW` instead of building one.  Left unset, a class that
    #: defines its own ``act`` reads its view.
    reads_view: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "reads_view" not in vars(cls) and "act" in vars(cls):
            cls.reads_view = True
        if "remembers" not in vars(cls) and "observe" in vars(cls):
            cls.remembers = True
        if "listens" not in vars(cls) and "hear" in vars(cls):
            cls.listens = True
        if "times_itself" not in vars(cls) and "when" in vars(cls):
            cls.times_itself = True

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL, **params: str) -> None:
        if level not in LEVELS and not (level == ADAPTIVE and ADAPTIVE in self.levels):
            takes = (*LEVELS, ADAPTIVE) if ADAPTIVE in self.levels else LEVELS
            extra = ("; adaptive is for the bots of a game with a race"
                     if level == ADAPTIVE else "")
            raise OptionError(f"{self.name} bot has no level {level!r} "
                              f"(levels: {', '.join(takes)}{extra})")
        if params:
            raise OptionError(f"{self.name} bot takes no parameter {next(iter(params))!r}")
        self.seat = seat
        self.level = level
        # An adaptive bot starts as an average player, until it has measured someone.
        self.reaction: ReactionModel = MODELS.get(level, MODELS[DEFAULT_LEVEL])
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, view: View, legal: Sequence[ActionT], clock: Clock) -> ActionT | Wait:
        """One of ``legal``, or (in a window) a :class:`Wait`.  Where the actions form a
        continuum (FLY's aim), ``legal`` spans it and any action the state accepts will
        do."""

    def when(self, clock: Clock) -> float | None:
        """In a window or decision, asked just before :meth:`act` (only of a bot that
        :attr:`times_itself`): the moment it will next act, if the clock alone tells it
        (a bot between two hands of a race, timing its next reach), or None to be asked
        with its view and legal actions now.  A moment is taken as ``act`` answering
        ``Wait(moment)`` would be (the Wait rule), so it must be what ``act`` would
        answer: a question that reads no view costs no view.  The default is None."""
        return None

    def observe(self, view: View) -> None:
        """See the table after a step of the game, whoever took it (called only for a
        bot that :attr:`remembers`; the default ignores it).  A bot that keeps its own
        memory (By Golly!) learns here what the others turn over; the view shows only
        the present, as ever."""

    def hear(self, events: Sequence[Event]) -> None:
        """Hear what happened since this bot last heard, each event in this seat's form
        (called only for a bot that :attr:`listens`; the default ignores them).  Events
        say what every seat at the table saw happen (a hand landing at 820 ms), which a
        view of the present no longer shows."""

    def search_with(self, sample: Sampler) -> None:
        """Take the sampler for the decision it is about to be asked (called only for a
        bot that :attr:`searches`, before each :meth:`act`): ``sample(rng)`` is a state
        drawn from those this seat cannot tell from the true one
        (``GameState.resample``).  The default ignores it."""

    def distinct_choices(self, view: View, legal: Sequence[ActionT],
                         chosen: ActionT) -> list[ActionT] | None:
        """For a search that sets this bot's choice against others (``master``): the
        legal actions worth telling apart, ``chosen`` (this bot's answer) first, then
        one for each other kind of choice the bot sees, the best first by its own
        weighing; actions alike to it are one kind, since a search that tried two of
        them would see only luck between them.  None (the default): the bot does not
        say, and the search picks its rivals itself."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat}, level={self.level!r})"


def bot_number(text: str, bot: str, name: str, low: float, high: float,
               kind: str = "a number") -> float:
    """A bot parameter given as text (``sharp:pace=900``) read as a number from ``low`` to
    ``high``: OptionError saying what it takes otherwise (NaN and words included)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:
        raise OptionError(f"{bot} bot: {name} is {kind} from {low:g} to {high:g}, "
                          f"not {text!r}")
    return value


def parse_bot_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    """'sharp:expert:error=0.1' -> ('sharp', 'expert', {'error': '0.1'})."""
    parts = [p.strip() for p in spec.strip().split(":")]
    if not parts[0]:
        raise OptionError(f"empty bot name in {spec!r}")
    kind, level, params = parts[0], DEFAULT_LEVEL, {}
    for part in parts[1:]:
        if "=" in part:
            key, _, value = part.partition("=")
            params[key.strip()] = value.strip()
        elif part:
            level = part
    return kind, level, params


# Subclassed by code that is not compiled (the tests' watching bots):
# mypyc allows that only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot(Bot[Any]):
    """Picks uniformly among legal actions; in a reaction window it acts at a time drawn
    uniformly from now to the deadline, then picks uniformly among what is legal then.
    Every game has it (:func:`bot_kinds`): it needs nothing of the game but its legal
    actions and the clock."""

    name = "random"
    reads_view = False  # legal actions and the clock are all it needs

    def __init__(self, seat: int, seed: int = 0, level: str = "average", **params: str) -> None:
        super().__init__(seat, seed, level, **params)
        self._due: tuple[int | None, float] | None = None  # (window, time to act)

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        if clock.deadline_ms is None:
            return self.rng.choice(legal)
        if self._due is None or self._due[0] != clock.window:
            self._due = (clock.window, self.rng.uniform(clock.now_ms, clock.deadline_ms))
        due = self._due[1]
        if clock.now_ms < due:
            return Wait(due)
        self._due = None
        return self.rng.choice(legal)


#: A kind of bot: called as ``factory(seat=..., seed=..., level=..., **params)``.
BotFactory = Callable[..., Bot[Any]]


def bot_kinds(game: Game) -> dict[str, BotFactory]:
    """Every kind of bot ``game`` can seat, by name: ``random``, which every game has, and
    the game's own (``Game.bots()``; the engine, below the bots, cannot name a bot)."""
    return {"random": RandomBot, **cast("dict[str, BotFactory]", game.bots())}


def make_bot(game: Game, spec: str, seat: int, seed: int) -> Bot[Any]:
    """A bot for ``seat`` from a spec like 'sharp', 'sharp:expert' or 'sharp:quick:error=0.1'."""
    kind, level, params = parse_bot_spec(spec)
    factories = bot_kinds(game)
    if kind not in factories:
        raise OptionError(
            f"{game.id} has no bot {kind!r} (bots: {', '.join(sorted(factories))})"
        )
    return factories[kind](seat=seat, seed=seed, level=level, **params)
