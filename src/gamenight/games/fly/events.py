"""What happens at a FLY table, as events (``gamenight.engine.events``).

A game goes: the table is laid out; then, turn after turn, a player drops the swatter,
it lands, the flies it covers completely are collected, the table is consolidated card
by card, and the swatter passes to the left; until only the two blank cards remain (or
the safety cap on drops ends the game).  Everything at a FLY table is public (rules.md,
Decision 8), so every seat sees every event whole: no event overrides ``seen_by``.

Cards are their ids (0-24 the flies, 25 and 26 the blanks; ``cards.name``), places are
(row, column) counted from 0 at the box, and lengths are inches, as in the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event
from gamenight.engine.memo import latest, made_once
from gamenight.engine.voice import Voice
from gamenight.games.fly.cards import name
from gamenight.games.fly.table import Move

#: How a game of FLY ends (``Outcome.reason``): only the two blank cards are left on the
#: table, or the safety cap on drops ended it (truncated).
Reason = Literal["only-blanks-left", "cap"]


@dataclass(frozen=True, slots=True)
class TableLaidOut(Event):
    """The shuffled table cards are laid out 9 x 3, row by row from the box: ``cards``
    by place (row 1 left to right, then rows 2 and 3)."""

    cards: tuple[int, ...]

    def text(self) -> str:
        return "The table is laid out: 9 x 3 cards, the box beside row 1."


@dataclass(frozen=True, slots=True)
class SwatterDropped(Event):
    """``seat`` drops the swatter aimed at (x, y), turned ``angle`` degrees."""

    seat: int
    x: float
    y: float
    angle: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return (f"{Voice(reader).does(self.seat, 'drops')} the swatter aimed at "
                f"({self.x:.2f}, {self.y:.2f}) turned {self.angle} degrees.")


@dataclass(frozen=True, slots=True)
class SwatterLanded(Event):
    """The swatter ``seat`` dropped lands at (x, y), turned ``angle`` degrees, covering
    the flies of ``covered`` completely (in place order; none is possible)."""

    seat: int
    x: float
    y: float
    angle: float
    covered: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        where = f"It lands at ({self.x:.2f}, {self.y:.2f}), {self.angle:.0f} degrees"
        if not self.covered:
            return f"{where}, covering no fly completely."
        them = "them" if len(self.covered) > 1 else "it"
        return (f"{where}, covering {', '.join(name(c) for c in self.covered)}: "
                f"{Voice(reader).does(self.seat, 'collects', start=False)} {them}.")


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
        if self.reason == "cap":
            return "The safety cap on drops ended the game."
        return "Only the two blank cards remain: the game is over."


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
