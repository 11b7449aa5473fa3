"""The shape of a Superfly view, as types (``gamenight schema superfly`` publishes it).

``SuperflyState._view`` builds exactly these: a seat's view (:class:`SeatView`, with its
own hand) or a spectator's (:class:`SpectatorView`, without).  Superfly's swat is a
simultaneous decision, not a race, so a view asked for at a moment ``at_ms`` is the view
of now: there is no separate ``at_ms`` form.  Cards are card objects (:class:`CardView`)
where a player sees a card face, and card ids (0-35, ``cards.card_id``) in the facts of the
last turn and the last round.  Those facts are the same for every seat until the next
turn (or round) replaces them, so every view of them shares one copy; likewise the
views of one step share the table's lists and cards (and the steps of one swat all but
``chosen``), and a seat's views share its ``my_hand`` while it holds the same cards.
What views share is frozen (``engine.frozen``): no seat's view can change another's.

TypedDicts come from ``typing_extensions``: pydantic needs them there on Python 3.11.
The annotations are not postponed (no ``from __future__ import annotations``), so that
each TypedDict knows which of its keys are ``NotRequired`` (``__optional_keys__``).
"""

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from gamenight.engine.outcome import OutcomeJSON

#: Where a game stands: dealing the face-down cards (``hands``), laying the centre flies
#: (``centre``), waiting for the swatters (``swat``), rolling their dice (``dice``), or
#: ``over``.
Phase = Literal["hands", "centre", "swat", "dice", "over"]
#: The three ways to build a set (``sets.SET_KINDS``).
SetKind = Literal["same colour", "same number", "all different"]
#: How a game ended (``Outcome.reason``): a player collected 3 Fly Catcher tokens, or the
#: safety cap on turns (option ``max_turns``) stopped it.
Reason = Literal["tokens", "cap"]


class CardView(TypedDict):
    """A fly card face: its id, colour, number and the kind of fly the number names."""

    id: int
    colour: str
    number: int
    kind: str


class SuperflyFacts(TypedDict):
    """What never changes in a game of Superfly, for a table to draw by (``Game.facts``)."""

    #: Every fly card's face, by card id (the last turn and round name cards by id).
    cards: list[CardView]
    #: The colours in the deck's order.
    colours: list[str]
    #: How many cards a hand holds at most: a player who holds them sits out the swat.
    hand_limit: int


class FlyResultView(TypedDict):
    """What happened on one centre fly (``resolution.FlyResult``), card ids and seats."""

    card: int
    claimants: list[int]
    squished_by: list[int]
    swaps: list[list[int]]
    taker: int | None


class LastTurnView(TypedDict):
    """The public facts of the last turn played (``turns.LastTurn``)."""

    turn: int
    round: int
    final: bool
    first_player: int
    centre: list[int]
    eligible: list[int]
    #: Per seat: the card id its swatter landed on, or None (passed or sat out).
    swats: list[int | None]
    #: Per seat: its die, or None (no swatter placed).
    dice: list[int | None]
    flies: list[FlyResultView]
    squished: list[int]
    swaps: list[list[int]]
    #: [seat, card id] for each fly taken, in centre order.
    takes: list[list[int]]
    discarded: list[int]
    five_cards: list[int]
    round_over: bool


class LastRoundView(TypedDict):
    """The hands shown at the end of the last round (``turns.LastRound``)."""

    round: int
    hands: list[list[int]]
    sizes: list[int]
    sets: list[list[int]]
    kinds: list[SetKind]
    winners: list[int]
    tokens: list[int]


#: The result, once the game is over (``Outcome.to_json``).
OutcomeView = OutcomeJSON


class TableView(TypedDict):
    """What everyone at the table sees (the part of every view that is not the seat)."""

    game: Literal["superfly"]
    players: int
    phase: Phase
    round: int
    turn: int
    first_player: int
    final_turn: bool
    eligible: list[int]
    deadline_ms: int
    open_hands: bool
    centre: list[CardView]
    hand_sizes: list[int]
    tokens: list[int]
    tokens_in_box: int
    draw_pile: int
    discards: int
    #: Who has chosen this turn (a raised swatter is seen; what it is raised for, not).
    chosen: list[int]
    last_turn: LastTurnView | None
    last_round: LastRoundView | None
    #: While the dice roll: per seat the card id its swatter is on (None: none).
    swats: NotRequired[list[int | None]]
    #: While the dice roll: per seat its die once rolled.
    dice: NotRequired[list[int | None]]
    #: Every hand, when hands are played face up (option ``open_hands``).
    hands: NotRequired[list[list[CardView]]]
    outcome: NotRequired[OutcomeView]


class SpectatorView(TableView):
    """A spectator's view: the table, and no hand."""

    seat: None


class SeatView(TableView):
    """One seat's view: the table, its own hand, and its own choice while the others
    are still choosing."""

    seat: int
    my_hand: list[CardView]
    #: The card id this seat swats, or None for a pass, once it has chosen this turn.
    my_swat: NotRequired[int | None]


#: Any Superfly view.
SuperflyView = SeatView | SpectatorView
