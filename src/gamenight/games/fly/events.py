"""What happens at a FLY table, as events (``gamenight.engine.events``).

A game goes: the table is laid out; then, turn after turn, a player drops the swatter,
it lands, the flies it covers completely are collected, the table is consolidated card
by card, and the swatter passes to the left; until only the two blank cards remain (or
the safety cap on drops ends the game).  Everything at a FLY table is public (rules.md,
Decision 8), so every seat sees every event whole: no event overrides ``seen_by``.

Cards are their ids (0-24 the flies, 25 and 26 the blanks; ``cards.name``), places are
(row, column) counted from 0 at the box, and lengths are inches, as in the view.

Each line is told in the reader's language (``told_in``, docs/languages.md): every
sentence is written whole, one message per form (the reader, another seat; one fly or
several), marked for the game's catalog, with the cards named in the game's words
(``terms``) and the numbers written as the language writes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event, ToldEvent
from gamenight.engine.memo import latest, made_once
from gamenight.engine.voice import Seats, Voice
from gamenight.games.fly import terms
from gamenight.games.fly.cards import name
from gamenight.games.fly.views import Move
from gamenight.i18n import N_

#: How a game of FLY ends (``Outcome.reason``): only the two blank cards are left on the
#: table, or the safety cap on drops ended it (truncated).
Reason = Literal["only-blanks-left", "cap"]


@dataclass(frozen=True, slots=True)
class TableLaidOut(Event):
    """The shuffled table cards are laid out 9 x 3, row by row from the box: ``cards``
    by place (row 1 left to right, then rows 2 and 3)."""

    cards: tuple[int, ...]

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        return voice.say(N_("The table is laid out: 9 x 3 cards, the box beside row 1."))


@dataclass(frozen=True, slots=True)
class SwatterDropped(ToldEvent):
    """``seat`` drops the swatter aimed at (x, y), turned ``angle`` degrees."""

    seat: int
    x: float
    y: float
    angle: int

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(
            self.seat, N_("You drop the swatter aimed at ({x}, {y}) turned {angle} degrees."),
            N_("{seat} drops the swatter aimed at ({x}, {y}) turned {angle} degrees.")),
            seat=Seats.of(self.seat), x=voice.number(self.x, 2), y=voice.number(self.y, 2),
            angle=self.angle)


@dataclass(frozen=True, slots=True)
class SwatterLanded(ToldEvent):
    """The swatter ``seat`` dropped lands at (x, y), turned ``angle`` degrees, covering
    the flies of ``covered`` completely (in place order; none is possible)."""

    seat: int
    x: float
    y: float
    angle: float
    covered: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        n = len(self.covered)
        if not n:
            message = voice.gettext(N_(
                "It lands at ({x}, {y}), {angle} degrees, covering no fly completely."))
        elif voice.reader == self.seat:
            message = voice.ngettext(
                "It lands at ({x}, {y}), {angle} degrees, covering {flies}: you collect it.",
                "It lands at ({x}, {y}), {angle} degrees, covering {flies}: you collect them.",
                n)
        else:
            message = voice.ngettext(
                "It lands at ({x}, {y}), {angle} degrees, covering {flies}: {seat} collects it.",
                "It lands at ({x}, {y}), {angle} degrees, covering {flies}: "
                "{seat} collects them.", n)
        flies = ", ".join(voice.gettext(terms.CARD_NAMES[name(card)]) for card in self.covered)
        return voice.fill(message, seat=Seats.of(self.seat), flies=flies,
                         x=voice.number(self.x, 2), y=voice.number(self.y, 2),
                         angle=voice.number(self.angle, 0))


@dataclass(frozen=True, slots=True)
class FliesCollected(Event):
    """``seat`` takes the cards of the flies it covered and places them in front of
    itself; it now holds ``flies`` flies worth ``points`` points."""

    seat: int
    cards: tuple[int, ...]
    points: int
    flies: int


@dataclass(frozen=True, slots=True)
class TableConsolidated(Event):
    """Cards move to fill the voids, one at a time in ``moves``: each slides toward the
    box within its row, or moves up from the end of the lowest row to the end of a row
    above (``table.Move``: card, kind, from and to as (row, column) from 0; as JSON,
    ``[card, kind, [row, column], [row, column]]``)."""

    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class SwatterPassed(Event):
    """The swatter passes to the player on the left: ``seat`` drops next."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ends (``reason``), with each seat's points and the winners."""

    @property
    def ends_game(self) -> bool:
        return True

    reason: Reason
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        if self.reason == "cap":
            return voice.say(N_("The safety cap on drops ended the game."))
        return voice.say(N_("Only the two blank cards remain: the game is over."))


#: Every event FLY emits (the schema lists them; none has a redacted form).
EVENT_TYPES: tuple[type[Event], ...] = (TableLaidOut, SwatterDropped, SwatterLanded,
                                        FliesCollected, TableConsolidated, SwatterPassed,
                                        GameOver)


# The events of every drop, made once each and shared (``engine.memo``): a game emits
# one of each on every drop, of few distinct values.
#: ``swatter_passed(seat)``: the :class:`SwatterPassed` event, made on first use.
swatter_passed = made_once(SwatterPassed)


@latest(4096)
def swatter_dropped(seat: int, x100: int, y100: int, angle: int) -> SwatterDropped:
    """``seat`` drops the swatter at an aim given in hundredths of an inch: made once
    per seat and aim (random play aims at the few hundred aims of the grid)."""
    return SwatterDropped(seat, x100 / 100, y100 / 100, angle)
