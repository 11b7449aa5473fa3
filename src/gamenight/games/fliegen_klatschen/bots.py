"""The ``sharp`` bot: slaps the most valuable allowed flies at human-like times.

Its level sets how long it takes (``bots.reaction``): the first hand of a hunt comes
after the reflex, a look over every fly in the centre (judging which colour leads takes
a look at each), a choice among the colours in view (Hick's law) and the reach to the
card (Fitts's law); the second hand after a look over the flies of the leading colour
that are still free and another reach.  ``docs/bots.md`` gives each level's times.

At the ``adaptive`` level it measures the person instead (``bots.adaptive``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from gamenight.bots.adaptive import (
    PaceMatcher,
    read_band,
    read_seats,
    read_share,
    reference_times,
)
from gamenight.bots.base import Bot, Clock, Wait, bot_number
from gamenight.bots.levels import ADAPTIVE, DEFAULT_LEVEL, LEVELS
from gamenight.engine import PASS, OptionError, View
from gamenight.games.fliegen_klatschen.actions import SLAPS, Action, Reveal, Slap
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, VALUE_OF
from gamenight.games.fliegen_klatschen.events import FlyWon, HuntOver, Passed, Penalty, Slapped
from gamenight.games.fliegen_klatschen.rules import allowed_colours
from gamenight.games.fliegen_klatschen.views import FliegenKlatschenView

if TYPE_CHECKING:
    from gamenight.engine.events import Event

#: A typical hunt: 6 flies in the centre, of 4 colours.  In games of sharp bots the
#: median hunt has 5 or 6 flies (2 to 4 players), and two hunts in three have 4
#: colours, since a fifth colour starts most hunts (docs/bots.md).
TYPICAL_HUNT = (6, 4)

#: The chance a slap slips to a random centre fly, by level (a slip may hit a colour
#: that is not allowed, and cost a fly).
SLIPS: dict[str, float] = {"child": 0.15, "beginner": 0.10, "relaxed": 0.07,
                           "average": 0.05, "quick": 0.04, "expert": 0.02}
#: What the adaptive bot assumes of a person's hands before it has seen any, as counts
#: worth 20 hands: the best free fly 19 times, a lesser one of the leading colour (a
#: fly not the most valuable, or one a hand already covers) once in 40, a wrong colour
#: once in 40 (an average player's slips).
PRIOR_HABITS = {"best": 19.0, "lesser": 0.5, "wrong": 0.5}
#: A lead that the adaptive bot counts as clear, in points times players: 40, so 20
#: points in a two-player game (the flies of about three hunts), 10 with four players.
CLEAR_LEAD = 40.0


@dataclass(slots=True)
class _Hunt:
    """What the adaptive bot notes of one hunt: an average player's times on it
    (sorted), its deadline, the flies that may be hit, the flies hands are on and each
    seat's first hand (None: it passed without one)."""

    reference: tuple[float, ...]
    deadline: float
    allowed: frozenset[int]
    covered: set[int] = field(default_factory=set)
    firsts: dict[int, float | None] = field(default_factory=dict)


class PersonWatch:
    """What the adaptive bot learns of the people it plays against, from the events
    (every one public, Decision 16 of rules.md): their pace (``matcher``), their habits
    (how often a hand goes to the best free fly, a lesser one or a wrong colour) and
    the points each seat holds."""

    def __init__(self, seat: int, people: tuple[int, ...], matcher: PaceMatcher) -> None:
        self.seat = seat
        self.people = people
        self.matcher = matcher
        self.habits = dict(PRIOR_HABITS)
        self.points: dict[int, int] = {}
        self.players = 2
        self.hunt: _Hunt | None = None

    def open(self, centre: Sequence[int], deadline: float, players: int) -> float:
        """A hunt opens over ``centre``: the moment of the bot's first hand."""
        self.players = players
        colours = len({COLOUR_OF[c] for c in centre})
        reference = reference_times(len(centre), colours)
        allowed = allowed_colours(centre)
        self.hunt = _Hunt(reference, deadline,
                          frozenset(c for c in centre if COLOUR_OF[c] in allowed))
        return self.matcher.draw(reference, self.lead())

    def hear(self, event: Event) -> None:
        hunt = self.hunt
        if isinstance(event, Slapped) and hunt is not None:
            if event.seat in self.people:
                self.habits[self._habit(hunt, event.card)] += 1
            hunt.firsts.setdefault(event.seat, event.at_ms)
            hunt.covered.add(event.card)
        elif isinstance(event, Passed) and hunt is not None:
            hunt.firsts.setdefault(event.seat, None)
        elif isinstance(event, FlyWon):
            self.points[event.seat] = self.points.get(event.seat, 0) + VALUE_OF[event.card]
        elif isinstance(event, Penalty) and event.card is not None:
            self.points[event.seat] = self.points.get(event.seat, 0) - VALUE_OF[event.card]
        elif isinstance(event, HuntOver):
            self._close()

    @staticmethod
    def _habit(hunt: _Hunt, card: int) -> str:
        """What a hand on ``card`` was, given the flies free when it landed."""
        if card not in hunt.allowed:
            return "wrong"
        free = hunt.allowed - hunt.covered
        if card not in free or VALUE_OF[card] < max(VALUE_OF[c] for c in free):
            return "lesser"
        return "best"

    def _close(self) -> None:
        """The hunt is over: note each person's first hand and whether the bot's came
        first.  A person with no hand was slower than the whole hunt only if a fly they
        could hit was still free at its end; if every such fly was taken, they may just
        have been beaten to it, and the hunt says nothing of their pace."""
        hunt, matcher = self.hunt, self.matcher
        self.hunt = None
        if hunt is None:
            return
        mine = hunt.firsts.get(self.seat)
        for person in self.people:
            theirs = hunt.firsts.get(person)
            if theirs is not None:
                matcher.measure(theirs, hunt.reference)
                if mine is not None:
                    matcher.raced(mine < theirs)
            elif hunt.allowed - hunt.covered:
                matcher.measure(hunt.deadline, hunt.reference)

    def lead(self) -> float:
        """The people's lead over this bot, from -1 to 1: a clear lead
        (:data:`CLEAR_LEAD`) or more counts as 1."""
        if not self.people:
            return 0.0
        theirs = sum(self.points.get(p, 0) for p in self.people) / len(self.people)
        mine = self.points.get(self.seat, 0)
        return max(-1.0, min(1.0, (theirs - mine) * self.players / CLEAR_LEAD))

    def habit(self, rng: random.Random) -> str:
        """A habit drawn as often as the people showed it."""
        total = sum(self.habits.values())
        draw = rng.random() * total
        for name, count in self.habits.items():
            draw -= count
            if draw < 0:
                return name
        return "best"


class SharpBot(Bot[Action]):
    """Reads the centre like a good player: finds the leading colours, goes for their
    most valuable flies that no hand covers yet, one hand after the other, each after a
    reaction time from its level's model.

    Parameters: ``error``, the chance that a slap goes to a random centre fly instead
    (by level, 0.05 at ``average``); ``pace=MS``, a player whose first hand on a typical
    hunt comes after MS ms at the median (the level's model scaled to it: a simulated
    person of a measured speed).  At the ``adaptive`` level: ``share`` (the share of
    races, and so of games, it means to win against the person, 0.5), ``against`` (the
    person's seat, 0; several as 0+2) and ``band`` (how strongly the score pulls it
    back, 1).  It then takes its pace and its habits from the person (``PersonWatch``).
    """

    name = "sharp"
    levels = (*LEVELS, ADAPTIVE)

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL, **params: str) -> None:
        error = params.pop("error", None)
        pace = params.pop("pace", None)
        share, against, band = (params.pop(k, None) for k in ("share", "against", "band"))
        super().__init__(seat, seed, level, **params)
        adaptive = level == ADAPTIVE
        if not adaptive and (share, against, band) != (None, None, None):
            raise OptionError("sharp bot: share, against and band are for the adaptive "
                              "level (sharp:adaptive:share=0.5)")
        if adaptive and (error, pace) != (None, None):
            raise OptionError("sharp bot: the adaptive level takes its pace and its slips "
                              "from the person, not from error or pace")
        self.error = SLIPS.get(level, SLIPS[DEFAULT_LEVEL]) if error is None else bot_number(
            error, self.name, "error", 0.0, 1.0, "a chance")
        if pace is not None:
            ms = bot_number(pace, self.name, "pace", 100.0, 3000.0,
                            "a first slap's median in ms")
            self.reaction = self.reaction.scaled(ms / self.reaction.median_task(*TYPICAL_HUNT))
        self._due: tuple[int | None, float] | None = None
        # The centre of the hunt it is timing, as read when the hunt began.
        self._read: _Centre | None = None
        self.watch: PersonWatch | None = None
        if adaptive:
            # At the terminal the person is seat 0.
            people = (read_seats(against, self.name, seat) if against is not None
                      else () if seat == 0 else (0,))
            matcher = PaceMatcher(0.5 if share is None else read_share(share, self.name),
                                  self.rng, 2.0 if band is None else read_band(band, self.name))
            self.watch = PersonWatch(seat, people, matcher)
        # Only the adaptive bot learns from the events: the others need not be told them
        # (the driver then skips telling this seat before every question in a hunt).
        self.listens = adaptive  # type: ignore[misc]

    def hear(self, events: Sequence[Event]) -> None:
        if self.watch is not None:
            for event in events:
                self.watch.hear(event)

    # -- playing --------------------------------------------------------------------------
    def when(self, clock: Clock) -> float | None:
        """Between two hands of a hunt the next one's moment is known (it was drawn when
        the last landed): asked before then, the bot waits without looking."""
        due = self._due
        if due is not None and due[0] == clock.window and clock.now_ms < due[1]:
            return due[1]
        return None

    def act(self, view: View, legal: Sequence[Action], clock: Clock) -> Action | Wait:
        if clock.deadline_ms is None:
            return next((a for a in legal if isinstance(a, Reveal)), legal[0])
        # The game's views have this shape (rules:_view); the bot interface takes any.
        table = cast(FliegenKlatschenView, view)
        if self._due is None or self._due[0] != clock.window:
            # A new hunt: the first hand lands after the reflex, a look over the centre,
            # the choice of a colour and the reach.
            centre = [card["id"] for card in table["centre"]]
            first = (self.watch.open(centre, clock.deadline_ms, table["players"])
                     if self.watch is not None
                     else self.reaction.task(self.rng, len(centre),
                                             len({COLOUR_OF[c] for c in centre})))
            self._due = (clock.window, clock.now_ms + first)
            self._read = _Centre.read(centre)
        if clock.now_ms < self._due[1]:
            return Wait(self._due[1])
        read = self._read  # read with _due, at the hunt's first question
        assert read is not None
        target = self._choose(table, legal, read)
        # The next hand (if any): a look over the free flies of the colour, and a reach.
        self._due = (clock.window, clock.now_ms + self._next_hand(read.leading))
        return target

    def _next_hand(self, leading: int) -> float:
        """The time to the next hand: a look over the other flies of the leading colours
        (``leading`` of them lie in the centre) and a reach."""
        free = leading - 1
        model = self.reaction
        if self.watch is not None:
            model = model.scaled(self.watch.matcher.pace)  # the person's, as far as known
        return model.search(self.rng, max(free, 1)) + model.movement()

    def _choose(self, view: FliegenKlatschenView, legal: Sequence[Action],
                read: _Centre) -> Action:
        """The hand's target, from the centre as read when the hunt began (``read``)."""
        slaps = [a for a in legal if isinstance(a, Slap)]
        if not slaps:
            return PASS
        habit = "best"
        if self.watch is not None:
            habit = self.watch.habit(self.rng)
        elif self.rng.random() < self.error:
            return self.rng.choice(slaps)
        hunt = view["hunt"]
        covered = {hand["card"] for hand in hunt["hands"]} if hunt else set()
        mine = {a.card for a in slaps}
        # The free flies of the leading colours, most valuable first.
        free = [card for card in read.ranked if card not in covered and card in mine]
        if habit == "wrong":
            wrong = [a for a in slaps if COLOUR_OF[a.card] not in read.allowed]
            if wrong:
                return self.rng.choice(wrong)
        if not free:
            return PASS
        if habit == "lesser" and len(free) > 1:
            return SLAPS[self.rng.choice(free[1:])]
        return SLAPS[free[0]]


@dataclass(frozen=True, slots=True)
class _Centre:
    """What the bot reads of a hunt's centre once, when the hunt begins (the centre does
    not change while a hunt lasts): the leading colours (the rules' own
    ``allowed_colours``: no copy of the rule here), how many flies of them lie there,
    and those flies most valuable first (ties: the lower card id first)."""

    allowed: frozenset[int]
    leading: int
    ranked: tuple[int, ...]

    @classmethod
    def read(cls, centre: Sequence[int]) -> _Centre:
        allowed = allowed_colours(centre)
        flies = [card for card in centre if COLOUR_OF[card] in allowed]
        ranked = sorted(flies, key=lambda card: (VALUE_OF[card], -card), reverse=True)
        return cls(allowed, len(flies), tuple(ranked))
