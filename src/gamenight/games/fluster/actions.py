"""The actions of Fluster: the caller's call, and each player's choice of block."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine import IllegalAction
from gamenight.games.fluster.board import BLANK, LEFT, NUMBERS, RIGHT, SIDES, SYMBOLS


@dataclass(frozen=True, slots=True)
class Call:
    """Call out a letter (or a Blank) and the number of the square it goes in."""

    letter: str  # "A" to "Z", or BLANK
    number: int  # 1 to 25

    def __str__(self) -> str:
        return f"call {'blank' if self.letter == BLANK else self.letter} {self.number}"


@dataclass(frozen=True, slots=True)
class Write:
    """Write the call in the left or the right block."""

    side: str  # LEFT or RIGHT

    def __str__(self) -> str:
        return self.side


#: Every call, made once: (letter, number) -> Call.  675 of them, a fixed, finite set.
CALLS: dict[tuple[str, int], Call] = {(s, n): Call(s, n) for n in NUMBERS for s in SYMBOLS}
WRITE_LEFT, WRITE_RIGHT = Write(LEFT), Write(RIGHT)
WRITES: dict[str, Write] = {LEFT: WRITE_LEFT, RIGHT: WRITE_RIGHT}

#: Every action of the game (``FlusterState`` is a ``GameState[FlusterAction]``): no
#: decision has a deadline, so nobody ever passes.
FlusterAction = Call | Write
Action = FlusterAction  # the shorter name the research encoding uses


def parse_action(text: str) -> FlusterAction:
    """'call A 7', 'call blank 7', 'left' or 'right' (case does not matter)."""
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in SIDES:
        return WRITES[words[0]]
    if (len(words) == 3 and words[0] == "call" and words[2].isascii()
            and words[2].isdigit()):
        symbol = BLANK if words[1] == "blank" else words[1].upper()
        call = CALLS.get((symbol, int(words[2])))
        if call is not None and words[1] != BLANK:
            return call
    raise IllegalAction(f"not a Fluster action: {text!r} "
                        "(call <letter A-Z or blank> <number 1-25>, left or right)")
