"""What happens at a Fluster table, as events (``gamenight.engine.events``).

A game is the pads handed out, then fifty calls: each call heard by everyone
(:class:`Called`), on a number's first call chosen a block for by each player in secret
(:class:`Wrote`: where, only its writer knows), then written by all
(:class:`CallWritten`), and on each pad in its square, with the words it completed
(:class:`SquareWritten`, its owner's alone).  At the end every pad is shown and scored
(:class:`PadScored`) and the game ends (:class:`GameOver`).

Secrets are kept by ``seen_by``: another seat is told that a player wrote, never where,
and nothing of another pad until the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event
from gamenight.engine.voice import Voice
from gamenight.games.fluster.board import BLANK, Side

#: How a row or column of a block is read: "Down" from the top, "Across" from the left.
Direction = Literal["down", "across"]
#: How a game of Fluster ends (``Outcome.reason``): every number called twice, so every
#: square of every block is filled.
CALLS_DONE = "calls-done"


def symbol_name(symbol: str) -> str:
    """A called symbol as the narration says it: the letter, or "a Blank"."""
    return "a Blank" if symbol == BLANK else symbol


def seats_text(seats: tuple[int, ...]) -> str:
    """"Seat 2", "Seats 0 and 2", "Seats 0, 1 and 3"."""
    return Voice().group(seats)


@dataclass(frozen=True, slots=True)
class PadsHandedOut(Event):
    """Each player has received a pad of two blocks, numbered at random (what numbers
    each block holds, only its owner's view shows)."""

    players: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        if self.players == 1:
            who = "The player gets" if reader is None else "You get"
            return f"{who} a pad of two blocks, numbered at random."
        return (f"Each of the {self.players} players gets a pad of two blocks, "
                "numbered at random.")


@dataclass(frozen=True, slots=True)
class Called(Event):
    """The caller called out a letter (``"#"``: a Blank) and the number of a square.
    ``times`` is 1 on the number's first call (everyone chooses a block) and 2 on its
    second (one square of it is left on each pad, so it is written at once)."""

    caller: int
    letter: str
    number: int
    times: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        calls = Voice(reader).does(self.caller, "calls")
        return f"{calls} {symbol_name(self.letter)} for square {self.number}."


@dataclass(frozen=True, slots=True)
class Wrote(Event):
    """A player has written a number's first call, in his left or right block, in
    secret: every other seat is told only that he has written (``side`` None)."""

    seat: int
    side: Side | None

    def seen_by(self, seat: int | None) -> Wrote:
        return self if seat == self.seat or self.side is None else Wrote(self.seat, None)


@dataclass(frozen=True, slots=True)
class CallWritten(Event):
    """Everyone has written the call (the last call the views show); ``forced``: it was
    its number's second call, written in the one square of it left on each pad."""

    caller: int
    letter: str
    number: int
    forced: bool

    def text(self) -> str:
        where = " in the one square of it left." if self.forced else "."
        return f"Everyone has written {symbol_name(self.letter)} {self.number}{where}"


#: A word a written square completed: ("across", row, word) or ("down", column, word),
#: rows and columns counted 1-5 from the top and the left.
CreatedWord = tuple[Direction, int, str]


@dataclass(frozen=True, slots=True)
class SquareWritten(Event):
    """The call is on a player's pad: in the square at ``row`` and ``column`` (1-5) of
    his ``side`` block, completing ``words`` -- each run of letters, bounded by the
    block's edges and Blanks, that became a word (a point a letter).  Only its owner
    knows any of it: every other seat gets nothing of this event, and every player
    has one for every call, so not even how many words another created leaks."""

    seat: int
    side: Side
    row: int
    column: int
    words: tuple[CreatedWord, ...]

    def seen_by(self, seat: int | None) -> SquareWritten | None:
        return self if seat == self.seat else None

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        if not self.words:
            return ""
        made = [f"{word} ({direction.capitalize()}, {'row' if direction == 'across' else 'column'} "
                f"{line})" for direction, line, word in self.words]
        points = sum(len(word) for _, _, word in self.words)
        creates = Voice(reader).does(self.seat, "creates")
        return (f"{creates} {' and '.join(made)} in the {self.side} block: "
                f"{points} point{'s' if points != 1 else ''}.")


@dataclass(frozen=True, slots=True)
class PadScored(Event):
    """A pad's totals, shown once the game is over: A and B (Down and Across of the left
    block), C and D (of the right), the bonuses and the Grand Total."""

    seat: int
    a: int
    b: int
    c: int
    d: int
    bonuses: int
    grand_total: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return (f"{Voice(reader).name(self.seat)}: A {self.a}, B {self.b}, C {self.c}, "
                f"D {self.d}, bonuses {self.bonuses}, Grand Total {self.grand_total}.")


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended (``reason``: see ``Outcome.reason``); the highest Grand Total
    wins, and equal totals share the win."""

    @property
    def ends_game(self) -> bool:
        return True

    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        best = self.scores[self.winners[0]]
        voice = Voice(reader)
        if len(self.scores) == 1:
            verdict = f"Grand Total {best}."
        elif len(self.winners) == 1:
            verdict = f"{voice.does(self.winners[0], 'wins')} with {best}."
        else:
            verdict = f"{voice.group_does(self.winners, 'shares')} the win with {best}."
        return f"Every square is filled: the game is over. {verdict}"


#: Every event of the game (``Game.event_types``): the redacted forms are the same
#: classes with the secret left out.
EVENT_TYPES: tuple[type[Event], ...] = (
    PadsHandedOut, Called, Wrote, CallWritten, SquareWritten, PadScored, GameOver)
