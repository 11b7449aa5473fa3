"""The shape of a Fliegen klatschen view (``rules:_view``), published as JSON Schema
(``gamenight schema fliegen-klatschen``).

A seat's view and a spectator's hold the same table; a seat also sees the flies it has
won (``my_won``: won flies lie face down, but a player may look at his own).  Once the
game is over every won pile is shown for scoring (``won_cards``) with the ``outcome``.
In a hunt, a view asked for at a moment ``at_ms`` has the same shape: only the hands
placed by then, and as still acting the seats that had not finished by then.

(``typing_extensions.TypedDict``: pydantic reads these to build the schema, and needs
that one on Python 3.11.)
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from gamenight.engine.outcome import OutcomeJSON
from gamenight.games.fliegen_klatschen.cards import CardJSON, FlyCard, SwatterCard

#: ``deal`` (chance: the shuffle), ``reveal`` (the current seat turns its top card),
#: ``hunt`` (a reaction window: everyone hits flies), ``over``.
Phase = Literal["deal", "reveal", "hunt", "over"]

__all__ = ["CardJSON", "DecidingView", "FliegenKlatschenView", "FlyCard", "Hand", "HuntView",
           "LastReveal", "OutcomeView", "Phase", "PlayedGameView", "SeatView", "SpectatorView",
           "SwatterCard", "TableView"]


class FliegenKlatschenFacts(TypedDict):
    """What never changes in a game of Fliegen klatschen, for a table to draw by
    (``Game.facts``): events name cards by id only, and a card an event names may have
    left the view long ago (a fly won before the page was opened pays a penalty)."""

    #: Every card's face, by card id: the flies, then the swatters.
    cards: list[CardJSON]


class LastReveal(TypedDict):
    """The card turned over last, and by whom."""

    seat: int
    card: CardJSON


class Hand(TypedDict):
    """A hand flat on a centre fly (``card``: its id), put there ``at_ms`` after the
    reveal; a view lists them in time order, so the first hand on a fly is underneath."""

    seat: int
    card: int
    at_ms: float


class HuntView(TypedDict):
    """A hunt in progress: the card that started it (not in the centre), who revealed
    it, the time limit, the hands down and the seats still hitting."""

    trigger: CardJSON
    revealer: int
    deadline_ms: float
    hands: list[Hand]
    pending: list[int]


class PlayedGameView(TypedDict):
    """A game of the match that is over: who played it, and each seat's points and flies
    won in it (0 for a seat that sat it out)."""

    seats: list[int]
    scores: list[int]
    flies: list[int]


class DecidingView(TypedDict):
    """A deciding game (option ``tie=deciding-game``): the tied seats playing it, and the
    games of the match already over, the first one first."""

    seats: list[int]
    played: list[PlayedGameView]


#: The result, once the game is over (``Outcome.to_json``).
OutcomeView = OutcomeJSON


class TableView(TypedDict):
    """What every seat and a spectator see alike."""

    game: Literal["fliegen-klatschen"]
    players: int
    phase: Phase
    turn: int  # cards revealed so far
    current: int  # who reveals next; during a hunt, who revealed the card that started it
    hands_per_player: int  # 2, or 1 with 5 or more players
    piles: list[int]  # each seat's face-down pile: how many cards
    won: list[int]  # each seat's won flies: how many
    box: int  # cards out of the game
    centre: list[FlyCard]  # in the order they were laid
    last_reveal: LastReveal | None
    hunt: HuntView | None
    deciding: NotRequired[DecidingView]  # once a deciding game has begun
    won_cards: NotRequired[list[list[FlyCard]]]  # once over: every seat's won flies
    outcome: NotRequired[OutcomeView]  # once over


class SpectatorView(TableView):
    """A spectator's view (``seat`` None)."""

    seat: None


class SeatView(TableView):
    """A seat's view: the table, and the flies it has won, oldest first."""

    seat: int
    my_won: list[FlyCard]


FliegenKlatschenView = SeatView | SpectatorView
