"""What happens in a game of By Golly!, as events (``gamenight.engine.events``).

The rules emit these as they carry out each step; the narration is their ``text``, the
browser animates them and the balance lab counts them (matches, messes and how unlucky,
cards drawn, shuffles).  Three hold a secret, and give a seat only what it may know
(``seen_by``): the hands dealt (each seat sees its own), a card drawn in the mess (the
drawer sees it, and the player who lost it when it came from his hand) and the cards a
player draws from his own stack (he sees them).

Where a card lies is public while it lies face up (every view shows it), so the events
name the place a card was turned over at, and the narration says it by the place's letter
(``cards.PLACE_NAMES``, the letters the terminal shows on the cards), as a watcher at the
table sees where a hand goes (rules.md, Decision 15).  Only a shuffle's order is told by
nothing.  Told to the person at a seat (``told_to``), the lines name that seat "you".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event
from gamenight.engine.memo import made_once
from gamenight.engine.voice import Voice
from gamenight.games.by_golly.cards import PLACE_NAMES, AnimalName, FaceName, article

#: What turning over a chicken-run card came to: the first card of a lay (``match``,
#: ``no-match``, ``poo``), or the second card after the poo (the rulebook's three results).
TurnResult = Literal["match", "no-match", "poo", "still-lucky", "a-bit-unlucky",
                     "really-unlucky"]
#: How the game ended (``Outcome.reason``): a player discarded his last animal card, a
#: player's last cards were drawn in another's mess, or the safety cap on turns.
Reason = Literal["last-card", "last-card-drawn", "cap"]

_LUCK: dict[str, str] = {"a-bit-unlucky": "a bit unlucky", "really-unlucky": "really unlucky"}


def _he(voice: Voice, seat: int) -> str:
    """The seat as the subject again later in the sentence: "he", or "you"."""
    return "you" if seat == voice.reader else "he"


def _his(voice: Voice, seat: int) -> str:
    """The seat's own: "his", or "your"."""
    return "your" if seat == voice.reader else "his"


def places_text(places: tuple[int, ...]) -> str:
    """Places by their letters, in place order: 'b, d and k'."""
    names = [PLACE_NAMES[p] for p in sorted(places)]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The chicken run is laid out face down, ``each`` animal cards are dealt to every
    player (``box`` to the box), and each picks up the top five of his stack: ``hands``
    holds each seat's five (sorted as a hand is), or None where this form may not say."""

    each: int
    box: int
    hands: tuple[tuple[AnimalName, ...] | None, ...]

    def seen_by(self, seat: int | None) -> Dealt:
        return dataclasses.replace(self, hands=tuple(
            hand if s == seat else None for s, hand in enumerate(self.hands)))

    def text(self) -> str:
        return f"The chicken run is laid out face down; {self.each} animal cards each."


@dataclass(frozen=True, slots=True)
class Laid(Event):
    """The player on turn lays an animal card from his hand face up in front of him."""

    seat: int
    animal: AnimalName

    # The line comes with the card he turns over (TurnedOver), as a player tells it.


@dataclass(frozen=True, slots=True)
class TurnedOver(Event):
    """The player on turn turns over the chicken-run card at ``place``: it shows
    ``face``, and with the card he ``laid`` that comes to ``result``; in the mess he must
    now draw ``draws`` cards."""

    seat: int
    place: int
    face: FaceName
    laid: AnimalName
    result: TurnResult
    draws: int = 0

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        voice, seat, result = Voice(reader), self.seat, self.result
        at = f"at {PLACE_NAMES[self.place]}"
        if result == "match":
            return (f"{voice.does(seat, 'lays')} {article(self.laid)} and "
                    f"{voice.verb(seat, 'finds')} it {at}: a match.")
        if result == "poo":
            return (f"{voice.does(seat, 'lays')} {article(self.laid)} and "
                    f"{voice.verb(seat, 'turns')} over chicken poo {at}!")
        if result == "no-match":
            return (f"{voice.does(seat, 'lays')} {article(self.laid)} and "
                    f"{voice.verb(seat, 'turns')} over {article(self.face)} {at}: no match.")
        if result == "still-lucky":
            return f"{voice.does(seat, 'turns')} over a shovel {at}: still lucky, no mess."
        return (f"{voice.does(seat, 'turns')} over {article(self.face)} {at}: "
                f"{_LUCK[result]}, {_he(voice, seat)} must draw {self.draws} cards.")


@dataclass(frozen=True, slots=True)
class FaceUpMatch(Event):
    """Option ``face_up_match``: the animal laid already lies face up this turn, so the
    card goes out without turning another."""

    seat: int
    animal: AnimalName

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return (f"{Voice(reader).does(self.seat, 'lays')} {article(self.animal)}: it already "
                "lies face up, so the card goes out.")


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """In the mess, ``seat`` draws a card blindly from ``victim``'s hand, or the top card
    of his stack when his hand is empty; ``animal`` is the card, or None where this form
    may not say (only the drawer sees it, and the victim when it left his hand)."""

    seat: int
    victim: int
    source: Literal["hand", "stack"]
    animal: AnimalName | None

    def seen_by(self, seat: int | None) -> Drew:
        if seat == self.seat or (seat == self.victim and self.source == "hand"):
            return self
        # (Made directly, not by dataclasses.replace: the listening bots are told
        # every draw in every seat's form.)
        return Drew(self.seat, self.victim, self.source, None)

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        voice = Voice(reader)
        draws, whose = voice.does(self.seat, "draws"), voice.your(self.victim)
        if self.source == "hand":
            card = "a card" if self.animal is None else article(self.animal)
            return f"{draws} {card} from {whose} hand."
        seen = "" if self.animal is None else f": {article(self.animal)}"
        return f"{draws} the top card of {whose} stack{seen}."


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    """After the mess, the player shuffles the cards he turned over among their
    ``places``; the order they land in is chance that nobody sees, so no event says it."""

    seat: int
    places: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        voice = Voice(reader)
        return (f"{voice.does(self.seat, 'shuffles')} the {len(self.places)} cards "
                f"{_he(voice, self.seat)} turned over at {places_text(self.places)}.")


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """After the mess, the player leaves the cards he turned over where they lie."""

    seat: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return f"{Voice(reader).does(self.seat, 'leaves')} the cards where they lie."


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """The turn is over: the cards at ``turned_back`` go face down again (``turns``
    turns have now been played)."""

    seat: int
    turned_back: tuple[int, ...]
    turns: int


@dataclass(frozen=True, slots=True)
class Refilled(Event):
    """At the end of his turn the player draws ``count`` cards from his stack to take his
    hand back up to five: ``animals`` (sorted as a hand is), or None where this form may
    not say (only he sees them)."""

    seat: int
    count: int
    animals: tuple[AnimalName, ...] | None

    def seen_by(self, seat: int | None) -> Refilled:
        # (Made directly, not by dataclasses.replace: the listening bots are told every
        # refill in every seat's form.)
        return self if seat == self.seat else Refilled(self.seat, self.count, None)

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        voice = Voice(reader)
        cards = "a card" if self.count == 1 else f"{self.count} cards"
        seen = "" if self.animals is None else f" ({', '.join(self.animals)})"
        return (f"{voice.does(self.seat, 'draws')} {cards} from {_his(voice, self.seat)} "
                f"stack{seen}.")


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over: ``winner`` got rid of all his cards (None when the safety cap
    ended it), for the ``reason`` the outcome gives."""

    @property
    def ends_game(self) -> bool:
        return True

    winner: int | None
    reason: Reason

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        if self.reason == "cap" or self.winner is None:
            return "The safety cap on turns ended the game."
        voice, seat = Voice(reader), self.winner
        how = (f"{voice.does(seat, 'discards')} {_his(voice, seat)} last animal card"
               if self.reason == "last-card"
               else f"{voice.does(seat, 'has')} no cards left after the mess")
        return f"{how}: {voice.does(seat, 'wins', start=False)}!"


#: Every event of the game (each seat's form is of the same class).
EVENT_TYPES: tuple[type[Event], ...] = (Dealt, Laid, TurnedOver, FaceUpMatch, Drew, Shuffled,
                                        Kept, TurnEnded, Refilled, GameOver)

#: ``card_laid(seat, animal)``: the :class:`Laid` event, made once per seat and animal
#: and shared (``engine.memo.made_once``): a card is laid at nearly a third of the steps.
card_laid = made_once(Laid)
