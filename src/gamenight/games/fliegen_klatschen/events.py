"""What happens in a game of Fliegen klatschen, as events (``engine/events.py``).

Every event here is public.  The only thing hidden in Fliegen klatschen is the order of
the face-down piles, hidden from every seat alike, and no event tells it: the deal says
only how many cards each pile got, and a card is named only once it is turned face up.
Which fly a penalty sends back under a pile is public too: everyone saw the hunts in
which that player won his flies, so everyone knows which one he won last.

Cards are named by their ids (0-111, as in ``slap <id>`` and in the views); ``text``
gives the card's face ("red 3", "swatter").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event
from gamenight.engine.memo import made_once
from gamenight.engine.voice import Voice
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, SWATTER, name

#: How a game ends (``Outcome.reason``, listed in ``rules.md``): the last card of a pile
#: was turned over, or the safety cap on turns (``max_turns``) cut it short.
Reason = Literal["last-card", "cap"]
LAST_CARD: Reason = "last-card"
CAP: Reason = "cap"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The cards were shuffled, ``removed`` taken out unseen for a shorter game, and the
    rest dealt into face-down piles of these sizes (seat by seat)."""

    removed: int
    piles: tuple[int, ...]

    def text(self) -> str:
        removed = f" ({self.removed} taken out unseen)" if self.removed else ""
        return (f"The cards are shuffled and dealt{removed}: piles of "
                f"{', '.join(map(str, self.piles))}.")


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """``seat`` turned over the top card of its pile.  A fly goes to the centre unless
    it starts a hunt; a swatter, or a fly of a fifth colour beside four in the centre,
    starts one (``hunt``)."""

    seat: int
    card: int
    hunt: bool

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        reveals = Voice(reader).does(self.seat, "reveals")
        if COLOUR_OF[self.card] == SWATTER:
            return f"{reveals} a swatter: hunt!"
        if self.hunt:
            return f"{reveals} {name(self.card)}, a fifth colour: hunt!"
        return f"{reveals} {name(self.card)}."


@dataclass(frozen=True, slots=True)
class NothingToHit(Event):
    """A hunt began over an empty centre: it catches nothing, and its ``card`` (always
    a swatter: a fifth colour needs four others in the centre) goes back in the box."""

    card: int

    def text(self) -> str:
        return "The centre is empty: the hunt catches nothing."


@dataclass(frozen=True, slots=True)
class Slapped(Event):
    """``seat`` put a hand flat on the centre fly ``card``, ``at_ms`` after the reveal."""

    seat: int
    card: int
    at_ms: float

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return f"{Voice(reader).does(self.seat, 'slaps')} {name(self.card)} at {self.at_ms:.0f} ms."


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` stopped hitting flies in this hunt at ``at_ms`` with a hand still free
    (or the hunt's time ran out for it).  No line of narration: a browser shows the
    seat as done."""

    seat: int
    at_ms: float


@dataclass(frozen=True, slots=True)
class FlyWon(Event):
    """After the hunt, ``seat``'s hand was underneath on ``card``, a fly of an allowed
    colour: the seat wins it and puts it face down in its play area."""

    seat: int
    card: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return f"{Voice(reader).does(self.seat, 'wins')} {name(self.card)}."


@dataclass(frozen=True, slots=True)
class Penalty(Event):
    """``seat`` hit ``hit``, a fly of a colour that was not allowed (it stays in the
    centre): its most recently won fly, ``card``, goes under its starting pile, or
    nothing (``card`` None) if it has won none yet."""

    seat: int
    hit: int
    card: int | None

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        voice = Voice(reader)
        if self.card is None:
            return (f"{voice.name(self.seat)} hit a fly not allowed but "
                    f"{voice.verb(self.seat, 'has')} won nothing yet.")
        pile = "the pile" if reader is None else f"{voice.your(self.seat)} pile"
        return (f"{voice.name(self.seat)} hit a fly not allowed: {name(self.card)} goes "
                f"under {pile}.")


@dataclass(frozen=True, slots=True)
class HuntOver(Event):
    """Every hand was checked; the card that started the hunt (``card``, revealed by
    ``seat``) goes back in the box, out of play."""

    seat: int
    card: int

    def text(self) -> str:
        what = "swatter" if COLOUR_OF[self.card] == SWATTER else name(self.card)
        return f"The hunt is over: the {what} goes back in the box."


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended (``reason``: ``last-card`` or ``cap``), with each seat's score
    (the values of its flies added up) and how many flies it won."""

    @property
    def ends_game(self) -> bool:
        return True

    reason: Reason
    scores: tuple[int, ...]
    flies: tuple[int, ...]

    def text(self) -> str:
        if self.reason == CAP:
            return "The safety cap on turns ended the game."
        return "A pile is empty: the game is over."


@dataclass(frozen=True, slots=True)
class DecidingGame(Event):
    """A game ended with ``seats`` tied on points (``score``) and on flies won (``flies``),
    and the option ``tie=deciding-game`` asks them to play a deciding game: a new deal
    among them alone."""

    seats: tuple[int, ...]
    score: int
    flies: int

    def text(self) -> str:
        names = [f"seat {s}" for s in self.seats]
        who = ", ".join(names[:-1]) + " and " + names[-1]
        return (f"{who[0].upper()}{who[1:]} tie with {self.score} points and {self.flies} "
                "flies: they play a deciding game.")


EVENT_TYPES: tuple[type[Event], ...] = (Dealt, Revealed, NothingToHit, Slapped, Passed,
                                        FlyWon, Penalty, HuntOver, GameOver, DecidingGame)


# Events that name only a seat and a card are made once each and shared
# (``engine.memo.made_once``): a reveal is a third of a game's steps, and building a
# frozen dataclass costs about a microsecond, as much as the rest of the reveal.
#: ``revealed_event(seat, card, hunt)``: the :class:`Revealed` event, made on first use.
revealed_event = made_once(Revealed)
#: ``fly_won_event(seat, card)``: the :class:`FlyWon` event, made on first use.
fly_won_event = made_once(FlyWon)
#: ``hunt_over_event(seat, card)``: the :class:`HuntOver` event, made on first use.
hunt_over_event = made_once(HuntOver)
