"""The shape of a High Card view (``Game.view_type``; ``gamenight schema high-card``).

A view is the present: the cards on the table in the trick now being played, every
seat's tricks and card count, whose turn it is, and the seat's own hand.  The cards of
finished tricks are out of play and shown nowhere (who took each trick is in ``tricks``).
"""

from __future__ import annotations

from typing import Literal, NotRequired, cast, get_args

from typing_extensions import TypedDict

from gamenight.engine import View
from gamenight.engine.outcome import OutcomeJSON

#: ``deal`` (the shuffle and deal: chance), ``play`` (the player on turn plays a card),
#: ``over``.
Phase = Literal["deal", "play", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)


class HighCardView(TypedDict):
    """What a seat (or, with ``seat`` None and no ``hand``, a spectator) may know now."""

    game: Literal["high-card"]
    seat: int | None
    players: int
    phase: Phase
    trick: int  # tricks finished so far
    leader: int  # who leads (led) the trick now on the table
    current: int | None  # whose turn it is to play (None: nobody's)
    table: list[int | None]  # the card each seat has played to this trick, or None
    hands: list[int]  # cards in each hand
    tricks: list[int]  # tricks each seat has taken
    hand: NotRequired[list[int]]  # a seat's own cards, lowest first
    outcome: NotRequired[OutcomeJSON]  # once the game is over


def as_view(view: View) -> HighCardView:
    """A view the engine hands out as what it is: a High Card view."""
    return cast(HighCardView, view)
