"""What happens in a game of Fliegen klatschen, as events (``engine/events.py``).

Every event here is public.  The only thing hidden in Fliegen klatschen is the order of
the face-down piles, hidden from every seat alike, and no event tells it: the deal says
only how many cards each pile got, and a card is named only once it is turned face up.
Which fly a penalty sends back under a pile is public too: everyone saw the hunts in
which that player won his flies, so everyone knows which one he won last.

Cards are named by their ids (0-111, as in ``slap <id>`` and in the views); ``text``
gives the card's face ("red 3", "swatter").

Each line is told in the reader's language (``told_in``, docs/languages.md): every
sentence is written whole, one message per form (the reader, another seat, a spectator),
marked for the game's catalog (``locale/<lang>/LC_MESSAGES/game.po``), with the cards
named in the game's words (``terms``) in the same language.  The English sentences are
the messages themselves, as the record's lines always were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event, ToldEvent
from gamenight.engine.memo import made_once
from gamenight.engine.voice import Seats, Voice
from gamenight.games.fliegen_klatschen import terms
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, COLOURS, SWATTER, VALUE_OF, name
from gamenight.i18n import DEFAULT, N_

#: How a game ends (``Outcome.reason``, listed in ``rules.md``): the last card of a pile
#: was turned over, or the safety cap on turns (``max_turns``) cut it short.
Reason = Literal["last-card", "cap"]
LAST_CARD: Reason = "last-card"
CAP: Reason = "cap"


def card_text(card: int, voice: Voice) -> str:
    """The card's face as the voice's language says it: "red 3", "rote 3", "3 vermelho",
    "swatter" (``cards.name`` in English)."""
    if voice.language == DEFAULT:
        return name(card)  # English: the name itself (no catalog read)
    if COLOUR_OF[card] == SWATTER:
        return voice.gettext(terms.SWATTER)
    return voice.gettext(terms.CARD_NAMES[COLOURS[COLOUR_OF[card]]]).format(
        value=VALUE_OF[card])


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The cards were shuffled, ``removed`` taken out unseen for a shorter game, and the
    rest dealt into face-down piles of these sizes (seat by seat)."""

    removed: int
    piles: tuple[int, ...]

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        message = (N_("The cards are shuffled and dealt ({removed} taken out unseen): piles "
                      "of {piles}.") if self.removed else
                   N_("The cards are shuffled and dealt: piles of {piles}."))
        return voice.say(message, removed=self.removed, piles=", ".join(map(str, self.piles)))


@dataclass(frozen=True, slots=True)
class Revealed(ToldEvent):
    """``seat`` turned over the top card of its pile.  A fly goes to the centre unless
    it starts a hunt; a swatter, or a fly of a fifth colour beside four in the centre,
    starts one (``hunt``)."""

    seat: int
    card: int
    hunt: bool

    def told_in(self, voice: Voice) -> str:
        if COLOUR_OF[self.card] == SWATTER:
            message = voice.pick(self.seat, N_("You reveal a swatter: hunt!"),
                                 N_("{seat} reveals a swatter: hunt!"))
        elif self.hunt:
            message = voice.pick(self.seat, N_("You reveal {card}, a fifth colour: hunt!"),
                                 N_("{seat} reveals {card}, a fifth colour: hunt!"))
        else:
            message = voice.pick(self.seat, N_("You reveal {card}."), N_("{seat} reveals {card}."))
        return voice.say(message, seat=Seats.of(self.seat), card=card_text(self.card, voice))


@dataclass(frozen=True, slots=True)
class NothingToHit(Event):
    """A hunt began over an empty centre: it catches nothing, and its ``card`` (always
    a swatter: a fifth colour needs four others in the centre) goes back in the box."""

    card: int

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        return voice.say(N_("The centre is empty: the hunt catches nothing."))


@dataclass(frozen=True, slots=True)
class Slapped(ToldEvent):
    """``seat`` put a hand flat on the centre fly ``card``, ``at_ms`` after the reveal."""

    seat: int
    card: int
    at_ms: float

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(self.seat, N_("You slap {card} at {time} ms."),
                                    N_("{seat} slaps {card} at {time} ms.")),
                         seat=Seats.of(self.seat), card=card_text(self.card, voice),
                         time=voice.number(self.at_ms, 0))


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` stopped hitting flies in this hunt at ``at_ms`` with a hand still free
    (or the hunt's time ran out for it).  No line of narration: a browser shows the
    seat as done."""

    seat: int
    at_ms: float


@dataclass(frozen=True, slots=True)
class FlyWon(ToldEvent):
    """After the hunt, ``seat``'s hand was underneath on ``card``, a fly of an allowed
    colour: the seat wins it and puts it face down in its play area."""

    seat: int
    card: int

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(self.seat, N_("You win {card}."), N_("{seat} wins {card}.")),
                         seat=Seats.of(self.seat), card=card_text(self.card, voice))


@dataclass(frozen=True, slots=True)
class Penalty(ToldEvent):
    """``seat`` hit ``hit``, a fly of a colour that was not allowed (it stays in the
    centre): its most recently won fly, ``card``, goes under its starting pile, or
    nothing (``card`` None) if it has won none yet."""

    seat: int
    hit: int
    card: int | None

    def told_in(self, voice: Voice) -> str:
        if self.card is None:
            return voice.say(voice.pick(
                self.seat, N_("You hit a fly not allowed but have won nothing yet."),
                N_("{seat} hit a fly not allowed but has won nothing yet.")),
                seat=Seats.of(self.seat))
        # A spectator reads "the pile"; a player "seat 2's pile" (whose, among theirs).
        if voice.reader is None:
            other = N_("{seat} hit a fly not allowed: {card} goes under the pile.")
        else:
            other = N_("{seat} hit a fly not allowed: {card} goes under {owner}'s pile.")
        return voice.say(voice.pick(
            self.seat, N_("You hit a fly not allowed: {card} goes under your pile."), other),
            seat=Seats.of(self.seat), owner=Seats.of(self.seat),
            card=card_text(self.card, voice))


@dataclass(frozen=True, slots=True)
class HuntOver(Event):
    """Every hand was checked; the card that started the hunt (``card``, revealed by
    ``seat``) goes back in the box, out of play."""

    seat: int
    card: int

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        return voice.say(N_("The hunt is over: the {card} goes back in the box."),
                         card=card_text(self.card, voice))


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
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        if self.reason == CAP:
            return voice.say(N_("The safety cap on turns ended the game."))
        return voice.say(N_("A pile is empty: the game is over."))


@dataclass(frozen=True, slots=True)
class DecidingGame(ToldEvent):
    """A game ended with ``seats`` tied on points (``score``) and on flies won (``flies``),
    and the option ``tie=deciding-game`` asks them to play a deciding game: a new deal
    among them alone."""

    seats: tuple[int, ...]
    score: int
    flies: int

    def told_in(self, voice: Voice) -> str:
        # Each seat named one by one, as the record has it ("Seat 0, seat 1 and you").
        who = voice.joined([voice.name(s, start=False) for s in self.seats])
        message = (N_("{seats} tie with {points} and {flies}: you play a deciding game.")
                   if voice.reader in self.seats else
                   N_("{seats} tie with {points} and {flies}: they play a deciding game."))
        points = voice.ngettext("{n} point", "{n} points", self.score).format(n=self.score)
        flies = voice.ngettext("{n} fly", "{n} flies", self.flies).format(n=self.flies)
        return voice.say(message, seats=who[0].upper() + who[1:], points=points, flies=flies)


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
