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

Each line is told in the reader's language (``told_in``, docs/languages.md): every
sentence is written whole, one message per form (the reader, another seat), marked for the
game's catalog (``locale/<lang>/LC_MESSAGES/game.po``), with the cards named in the game's
words (``terms``) in the same language.  The English sentences are the messages themselves.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event, ToldEvent
from gamenight.engine.memo import made_once
from gamenight.engine.voice import Seats, Voice
from gamenight.games.by_golly import terms
from gamenight.games.by_golly.cards import PLACE_NAMES, AnimalName, FaceName
from gamenight.i18n import N_

#: What turning over a chicken-run card came to: the first card of a lay (``match``,
#: ``no-match``, ``poo``), or the second card after the poo (the rulebook's three results).
TurnResult = Literal["match", "no-match", "poo", "still-lucky", "a-bit-unlucky",
                     "really-unlucky"]
#: How the game ended (``Outcome.reason``): a player discarded his last animal card, a
#: player's last cards were drawn in another's mess, or the safety cap on turns.
Reason = Literal["last-card", "last-card-drawn", "cap"]

#: A card the reader may not know, where a sentence names the card drawn.
A_CARD = N_("a card")


def _card(voice: Voice, face: str) -> str:
    """A face with its article ("a hen", "chicken poo") in the voice's language."""
    return voice.gettext(terms.WITH_ARTICLE[face])


def places_text(places: tuple[int, ...], voice: Voice | None = None) -> str:
    """Places by their letters, in place order: 'b, d and k' (in ``voice``'s language)."""
    return (voice or Voice()).joined([PLACE_NAMES[p] for p in sorted(places)])


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
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        return voice.fill(voice.ngettext(
            "The chicken run is laid out face down; {n} animal card each.",
            "The chicken run is laid out face down; {n} animal cards each.", self.each),
            n=self.each)


@dataclass(frozen=True, slots=True)
class Laid(Event):
    """The player on turn lays an animal card from his hand face up in front of him."""

    seat: int
    animal: AnimalName

    # The line comes with the card he turns over (TurnedOver), as a player tells it.


@dataclass(frozen=True, slots=True)
class TurnedOver(ToldEvent):
    """The player on turn turns over the chicken-run card at ``place``: it shows
    ``face``, and with the card he ``laid`` that comes to ``result``; in the mess he must
    now draw ``draws`` cards."""

    seat: int
    place: int
    face: FaceName
    laid: AnimalName
    result: TurnResult
    draws: int = 0

    def told_in(self, voice: Voice) -> str:
        seat, result, n = self.seat, self.result, self.draws
        if result == "match":
            message = voice.pick(
                seat, N_("You lay {card} and find it at {place}: a match."),
                N_("{seat} lays {card} and finds it at {place}: a match."))
        elif result == "poo":
            message = voice.pick(
                seat, N_("You lay {card} and turn over chicken poo at {place}!"),
                N_("{seat} lays {card} and turns over chicken poo at {place}!"))
        elif result == "no-match":
            message = voice.pick(
                seat, N_("You lay {card} and turn over {face} at {place}: no match."),
                N_("{seat} lays {card} and turns over {face} at {place}: no match."))
        elif result == "still-lucky":
            message = voice.pick(
                seat, N_("You turn over a shovel at {place}: still lucky, no mess."),
                N_("{seat} turns over a shovel at {place}: still lucky, no mess."))
        elif result == "a-bit-unlucky":
            return voice.fill(voice.pick(seat, voice.ngettext(
                "You turn over {face} at {place}: a bit unlucky, you must draw {n} card.",
                "You turn over {face} at {place}: a bit unlucky, you must draw {n} cards.", n),
                voice.ngettext(
                "{seat} turns over {face} at {place}: a bit unlucky, he must draw {n} card.",
                "{seat} turns over {face} at {place}: a bit unlucky, he must draw {n} cards.",
                n)), seat=Seats.of(seat), face=_card(voice, self.face),
                place=PLACE_NAMES[self.place], n=n)
        else:
            return voice.fill(voice.pick(seat, voice.ngettext(
                "You turn over {face} at {place}: really unlucky, you must draw {n} card.",
                "You turn over {face} at {place}: really unlucky, you must draw {n} cards.",
                n), voice.ngettext(
                "{seat} turns over {face} at {place}: really unlucky, he must draw {n} card.",
                "{seat} turns over {face} at {place}: really unlucky, he must draw {n} cards.",
                n)), seat=Seats.of(seat), face=_card(voice, self.face),
                place=PLACE_NAMES[self.place], n=n)
        return voice.say(message, seat=Seats.of(seat), card=_card(voice, self.laid),
                         face=_card(voice, self.face), place=PLACE_NAMES[self.place])


@dataclass(frozen=True, slots=True)
class FaceUpMatch(ToldEvent):
    """Option ``face_up_match``: the animal laid already lies face up this turn, so the
    card goes out without turning another."""

    seat: int
    animal: AnimalName

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(
            self.seat, N_("You lay {card}: it already lies face up, so the card goes out."),
            N_("{seat} lays {card}: it already lies face up, so the card goes out.")),
            seat=Seats.of(self.seat), card=_card(voice, self.animal))


@dataclass(frozen=True, slots=True)
class Drew(ToldEvent):
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

    def told_in(self, voice: Voice) -> str:
        card = voice.gettext(A_CARD) if self.animal is None else _card(voice, self.animal)
        drawer, victim = (voice.reader == self.seat), (voice.reader == self.victim)
        if self.source == "hand":
            message = (N_("You draw {card} from {victim}'s hand.") if drawer else
                       N_("{seat} draws {card} from your hand.") if victim else
                       N_("{seat} draws {card} from {victim}'s hand."))
        elif self.animal is None:
            message = (N_("You draw the top card of {victim}'s stack.") if drawer else
                       N_("{seat} draws the top card of your stack.") if victim else
                       N_("{seat} draws the top card of {victim}'s stack."))
        else:
            message = (N_("You draw the top card of {victim}'s stack: {card}.") if drawer else
                       N_("{seat} draws the top card of your stack: {card}.") if victim else
                       N_("{seat} draws the top card of {victim}'s stack: {card}."))
        return voice.say(message, seat=Seats.of(self.seat), victim=Seats.of(self.victim),
                         card=card)


@dataclass(frozen=True, slots=True)
class Shuffled(ToldEvent):
    """After the mess, the player shuffles the cards he turned over among their
    ``places``; the order they land in is chance that nobody sees, so no event says it."""

    seat: int
    places: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        n = len(self.places)
        return voice.fill(voice.pick(self.seat, voice.ngettext(
            "You shuffle the {n} card you turned over at {places}.",
            "You shuffle the {n} cards you turned over at {places}.", n), voice.ngettext(
            "{seat} shuffles the {n} card he turned over at {places}.",
            "{seat} shuffles the {n} cards he turned over at {places}.", n)),
            seat=Seats.of(self.seat), n=n, places=places_text(self.places, voice))


@dataclass(frozen=True, slots=True)
class Kept(ToldEvent):
    """After the mess, the player leaves the cards he turned over where they lie."""

    seat: int

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(self.seat, N_("You leave the cards where they lie."),
                                    N_("{seat} leaves the cards where they lie.")),
                         seat=Seats.of(self.seat))


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """The turn is over: the cards at ``turned_back`` go face down again (``turns``
    turns have now been played)."""

    seat: int
    turned_back: tuple[int, ...]
    turns: int


@dataclass(frozen=True, slots=True)
class Refilled(ToldEvent):
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

    def told_in(self, voice: Voice) -> str:
        n, you = self.count, voice.reader == self.seat
        if self.animals is None:
            message = (voice.ngettext("You draw a card from your stack.",
                                      "You draw {n} cards from your stack.", n) if you else
                       voice.ngettext("{seat} draws a card from his stack.",
                                      "{seat} draws {n} cards from his stack.", n))
            cards = ""
        else:
            message = (voice.ngettext("You draw a card from your stack ({cards}).",
                                      "You draw {n} cards from your stack ({cards}).", n)
                       if you else
                       voice.ngettext("{seat} draws a card from his stack ({cards}).",
                                      "{seat} draws {n} cards from his stack ({cards}).", n))
            # The cards by their names alone, as a hand lists them.
            cards = ", ".join(voice.gettext(terms.FACES[animal]) for animal in self.animals)
        return voice.fill(message, seat=Seats.of(self.seat), n=n, cards=cards)


@dataclass(frozen=True, slots=True)
class GameOver(ToldEvent):
    """The game is over: ``winner`` got rid of all his cards (None when the safety cap
    ended it), for the ``reason`` the outcome gives."""

    @property
    def ends_game(self) -> bool:
        return True

    winner: int | None
    reason: Reason

    def told_in(self, voice: Voice) -> str:
        if self.reason == "cap" or self.winner is None:
            return voice.say(N_("The safety cap on turns ended the game."))
        seat = self.winner
        if self.reason == "last-card":
            message = voice.pick(seat, N_("You discard your last animal card: you win!"),
                                 N_("{seat} discards his last animal card: {seat} wins!"))
        else:
            message = voice.pick(
                seat, N_("You have no cards left after the mess: you win!"),
                N_("{seat} has no cards left after the mess: {seat} wins!"))
        return voice.say(message, seat=Seats.of(seat))


#: Every event of the game (each seat's form is of the same class).
EVENT_TYPES: tuple[type[Event], ...] = (Dealt, Laid, TurnedOver, FaceUpMatch, Drew, Shuffled,
                                        Kept, TurnEnded, Refilled, GameOver)

#: ``card_laid(seat, animal)``: the :class:`Laid` event, made once per seat and animal
#: and shared (``engine.memo.made_once``): a card is laid at nearly a third of the steps.
card_laid = made_once(Laid)
