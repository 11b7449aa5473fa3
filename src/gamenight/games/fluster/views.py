"""The shape of a Fluster view (``Fluster.view_type``; ``gamenight schema fluster``).

Every view, a player's or a spectator's, holds the public facts: the phase, whose call
it is, how often each number has been called, the call being written and who has
written it (not where), the last call written, and the word list in play.  A player's
view adds his own pad (``pad``), where he wrote the call being written (``my_choice``)
and the last one (``last_side``), once the pads are handed out.  Once the game is over
every view holds every pad (``pads``) and the ``outcome``.  Fluster has no reaction
window, so a view at a moment (``at_ms``) is the view now.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from gamenight.engine.outcome import OutcomeJSON
from gamenight.games.fluster.board import Side

#: ``setup`` (the pads are being handed out: chance), ``call`` (the caller calls),
#: ``write`` (everyone writes a number's first call, in secret), ``over``.
Phase = Literal["setup", "call", "write", "over"]


class BlockView(TypedDict):
    """One block of a pad, its 25 squares row by row."""

    numbers: list[int]  # the number printed in each square
    squares: str  # what is written in each: "." nothing yet, "#" a Blank, or a letter A-Z
    down: list[int]  # the circle at the bottom of each column: its words' letters
    across: list[int]  # the circle at the right of each row


class TotalsView(TypedDict):
    """A pad's totals: A and B (Down and Across of the left block), C and D (of the
    right), the bonuses (10 for each of them at 15 or more) and the Grand Total."""

    A: int
    B: int
    C: int
    D: int
    bonuses: int
    grand_total: int


class FlusterFacts(TypedDict):
    """What never changes in a game of Fluster, for a table to draw by (``Game.facts``)."""

    #: The letters a call may name, in order.
    letters: str
    #: The Blank, as the view writes it in a square and a call's letter.
    blank: str
    #: The numbers printed in each block, in order (1 to 25).
    numbers: list[int]


class PadView(TypedDict):
    """A player's pad: the left and right blocks and their totals."""

    left: BlockView
    right: BlockView
    totals: TotalsView


class CallView(TypedDict):
    """The call being written: its caller, the letter ("#": a Blank) and the number."""

    caller: int
    letter: str
    number: int


class LastCallView(TypedDict):
    """The last call everyone has written; ``forced``: a number's second call, written
    in the one square of it left."""

    caller: int
    letter: str
    number: int
    forced: bool


#: The result, once the game is over (``Outcome.to_json``).
OutcomeView = OutcomeJSON


class FlusterView(TypedDict):
    """What one seat (``seat``; None: a spectator) may know now."""

    game: Literal["fluster"]
    seat: int | None
    players: int
    phase: Phase
    turn: int  # calls made so far (0-50)
    caller: int  # whose call it is (in the write phase, who made the call being written)
    called: list[int]  # how often each number 1-25 has been called (0, 1 or 2)
    call: CallView | None  # the call being written (write phase only)
    written: list[int]  # the seats that have written it (never where)
    last: LastCallView | None
    dictionary: str  # the word list: "" for the packaged one, else "sha256:..."
    # A player's own, once the pads are handed out:
    pad: NotRequired[PadView]
    my_choice: NotRequired[Side | None]  # where he wrote the call being written
    last_side: NotRequired[Side | None]  # where he wrote the last call
    # Everyone's, once the game is over:
    pads: NotRequired[list[PadView]]
    outcome: NotRequired[OutcomeView]
