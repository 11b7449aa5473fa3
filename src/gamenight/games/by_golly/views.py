"""The shape of a By Golly! view (``Game.view_type``; ``gamenight schema by-golly``).

A view is the present only: the faces of the chicken-run cards turned over this turn
(a face-down place is None, whatever lies there), the card laid, every seat's card
counts, and the seat's own hand.  By Golly! has no reaction window, so a view asked for
at a moment (``at_ms``) is the view now.  What every seat sees is the same for all the
views of one step, which share it frozen (``engine.frozen``): no seat's view can change
another's.
"""

from __future__ import annotations

from typing import Literal, NotRequired, cast, get_args

from typing_extensions import TypedDict

from gamenight.engine import View
from gamenight.engine.outcome import OutcomeJSON
from gamenight.games.by_golly.cards import AnimalName, FaceName

#: Where a game is, in the order of a turn: ``deal`` (chance), then the player on turn
#: lays (``lay``), turns over a card (``turn``; after the poo, a ``second`` one), draws
#: in the ``mess`` (a card from a hand is chance: ``draw``), may ``shuffle`` (the order is
#: chance: ``shuffling``) and turns the cards back (``end``); ``over`` at the end.
Phase = Literal["deal", "lay", "turn", "second", "mess", "draw", "shuffle", "shuffling",
                "end", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)
#: The phases in which the player on turn decides (the others are chance, or the end).
TURN_PHASES: frozenset[Phase] = frozenset({"lay", "turn", "second", "mess", "shuffle", "end"})


#: The result, once the game is over (``Outcome.to_json``).
OutcomeView = OutcomeJSON


class ByGollyFacts(TypedDict):
    """What never changes in a game of By Golly!, for a table to draw by (``Game.facts``)."""

    #: Each place of the chicken run's letter, in the run's order (the terminal's keys and
    #: the narration's names).
    place_names: list[str]


class ByGollyView(TypedDict):
    """What a seat (or, with ``seat`` None and no ``hand``, a spectator) may know now."""

    game: Literal["by-golly"]
    seat: int | None
    players: int
    phase: Phase
    turn: int  # turns played so far
    current: int  # the player on turn
    #: The face at each of the 19 places while it lies face up this turn, else None.
    run: list[FaceName | None]
    laid: AnimalName | None  # the animal card lying face up in front of the player
    hands: list[int]  # cards in each hand
    stacks: list[int]  # cards in each stack
    discarded: int  # animal cards out for good
    box: int  # animal cards left over from the deal
    draws_left: int  # cards still to draw in the mess
    drawing_from: int | None  # whose hand a blind draw is being made from
    shuffling: bool  # the cards turned over are being shuffled (nobody sees the order)
    face_up_match: bool  # the option
    hand: NotRequired[list[AnimalName]]  # a seat's own hand, sorted by animal
    winner: NotRequired[int | None]  # once the game is over (None: the cap ended it)
    outcome: NotRequired[OutcomeView]  # once the game is over


def as_view(view: View) -> ByGollyView:
    """A view the engine hands out (``state.view``, a bot's ``act``) as what it is: the
    engine's type is every game's, this one says which keys a By Golly! view has."""
    return cast(ByGollyView, view)
