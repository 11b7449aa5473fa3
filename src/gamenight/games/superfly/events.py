"""What happens at a Superfly table, as events (``GameState.events``).

Each event is what a player at the table would notice: a face-down card dealt, a fly laid
in the centre, the signal, a swatter raised, the swatters landing, a die, a fly taken or
squished, hands swapped, 5 cards announced, the hands shown, Fly Catcher tokens won, the
end of the game.  Cards are named as players say them ('red 3', ``cards.name``).

Two events hold something not every seat may know, and give the others a copy without
it (``seen_by``): the card a seat is dealt face down (its own unless hands are played face
up), and which fly a seat's swatter is raised for before every swatter is down (the
others see only that it has chosen).  When the swatters land, :class:`SwattersDown` tells
everyone.

Each line is told in the reader's language (``told_in``, docs/languages.md): every
sentence is written whole, one message per form (the reader, another seat, several),
marked for the game's catalog (``locale/<lang>/LC_MESSAGES/game.po``), with the cards
named in the game's words (``terms.CARD_NAMES``) in the same language.  The English
sentences are the messages themselves, as the record's lines always were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce

from gamenight.engine.events import Event, ToldEvent
from gamenight.engine.memo import made_once
from gamenight.engine.voice import Seats, Voice
from gamenight.games.superfly import terms
from gamenight.games.superfly.cards import COLOUR_OF, COLOURS, NUMBER_OF, card_named
from gamenight.games.superfly.views import Reason, SetKind
from gamenight.i18n import DEFAULT, N_


def seats_text(seats: Sequence[int]) -> str:
    """'Seat 2', 'Seats 0 and 2', 'Seats 0, 1 and 3'."""
    return Voice().group(seats)


def card_text(card: str, voice: Voice) -> str:
    """A card the events name as players say it ('red 3', ``cards.name``), in the
    voice's language ("rote 3", "3 vermelho")."""
    if voice.language == DEFAULT:
        return card  # English: the name itself (no catalog read)
    number = card_named(card)
    return voice.gettext(terms.CARD_NAMES[COLOURS[COLOUR_OF[number]]]).format(
        number=NUMBER_OF[number])


def cards_text(cards: Sequence[str], voice: Voice) -> str:
    """Cards listed as a hand or the centre lists them: 'red 3, blue 5'."""
    return ", ".join(card_text(card, voice) for card in cards)


@dataclass(frozen=True, slots=True)
class RoundStarted(ToldEvent):
    """A round begins: the first player deals each player a face-down card."""

    round: int
    first_player: int

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(
            self.first_player, N_("Round {round}: you deal each player a face-down card."),
            N_("Round {round}: {seat} deals each player a face-down card.")),
            round=self.round, seat=Seats.of(self.first_player))


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """``seat`` is dealt a card face down.  Only that seat sees which (every seat, when
    hands are played face up); the others' form has ``card`` None."""

    seat: int
    card: str | None
    face_up: bool = False

    def seen_by(self, seat: int | None) -> CardDealt:
        if self.face_up or seat == self.seat or self.card is None:
            return self
        return CardDealt(self.seat, None)


@dataclass(frozen=True, slots=True)
class FlyLaid(Event):
    """A fly is laid face up in the centre."""

    card: str


@dataclass(frozen=True, slots=True)
class DrawPileReshuffled(Event):
    """The draw pile ran out: the ``cards`` discarded cards became a new draw pile."""

    cards: int

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        return voice.say(N_("The draw pile is empty: the {n} discarded cards are shuffled "
                            "into a new draw pile."), n=self.cards)


@dataclass(frozen=True, slots=True)
class SignalGiven(ToldEvent):
    """The first player gives the signal over the centre flies; ``eligible`` may swat
    (everyone, except in a final turn those already holding 5 cards)."""

    turn: int
    first_player: int
    final_turn: bool
    centre: tuple[str, ...]
    eligible: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        if self.final_turn:
            message = voice.pick(
                self.first_player,
                N_("Turn {turn} (final turn, you give the signal): the centre shows {centre}."),
                N_("Turn {turn} (final turn, {seat} gives the signal): the centre shows "
                   "{centre}."))
        else:
            message = voice.pick(
                self.first_player,
                N_("Turn {turn} (you give the signal): the centre shows {centre}."),
                N_("Turn {turn} ({seat} gives the signal): the centre shows {centre}."))
        return voice.say(message, turn=self.turn, seat=Seats.of(self.first_player),
                         centre=cards_text(self.centre, voice))


@dataclass(frozen=True, slots=True)
class SwatChosen(Event):
    """``seat`` has chosen: ``choice`` is the fly its swatter goes for, or "pass".  Until
    every swatter is down only that seat knows what; the others' form has ``choice``
    None (a raised swatter is seen, its target is not)."""

    seat: int
    choice: str | None

    def seen_by(self, seat: int | None) -> SwatChosen:
        if seat == self.seat or self.choice is None:
            return self
        return SwatChosen(self.seat, None)


@dataclass(frozen=True, slots=True)
class SwattersDown(ToldEvent):
    """Every choice is in and the swatters land together: ``swats`` holds per seat the
    fly its swatter is on, "pass", or None for a seat sitting out the final turn."""

    swats: tuple[str | None, ...]

    def told_in(self, voice: Voice) -> str:
        # A swat is told with its die (DieRolled), the way it is seen: swatter and die
        # together; a pass has no die, so it is told here.
        passed = [s for s, swat in enumerate(self.swats) if swat == "pass"]
        if not passed:
            return ""
        return voice.say(voice.pick_group(passed, N_("You pass."), N_("{seats} passes."),
                                          N_("{seats} pass.")), seats=Seats(tuple(passed)))


@dataclass(frozen=True, slots=True)
class DieRolled(ToldEvent):
    """The die in ``seat``'s swatter, which is on ``card``, shows ``die``."""

    seat: int
    card: str
    die: int

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(self.seat, N_("You swat {card}: the die shows {die}."),
                                    N_("{seat} swats {card}: the die shows {die}.")),
                         seat=Seats.of(self.seat), card=card_text(self.card, voice),
                         die=self.die)


@dataclass(frozen=True, slots=True)
class FlySquished(ToldEvent):
    """A die on ``card`` showed its number (the dice of ``by``): squished, discarded."""

    @property
    def news(self) -> bool:
        return True

    card: str
    by: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        # Mid-sentence "you" is lower case; the seats keep the capital the record has
        # (so they are named here, not by the placeholder's place).
        by = voice.group(self.by, start=voice.reader not in self.by)
        # (One message for one other seat and for several: "rolled" agrees with both.)
        return voice.say(voice.pick_group(
            self.by, N_("{card} is squished (you rolled its number): discarded."),
            N_("{card} is squished ({by} rolled its number): discarded."),
            N_("{card} is squished ({by} rolled its number): discarded.")),
            card=card_text(self.card, voice), by=by)


@dataclass(frozen=True, slots=True)
class HandsSwapped(ToldEvent):
    """On ``card``, the ``seats`` tied with ``die``: each passes his whole hand to the
    next of them clockwise (two simply exchange), and none of them takes the fly."""

    @property
    def news(self) -> bool:
        return True

    card: str
    seats: tuple[int, ...]
    die: int

    def told_in(self, voice: Voice) -> str:
        # Each seat named as a sentence names it within ("seat 0 and seat 1 and you").
        seats = reduce(lambda said, name: voice.joined([said, name]),
                       [voice.name(s, start=False) for s in self.seats])
        # Told to one of them, "they" are "you".
        if voice.reader in self.seats:
            message = (N_("On {card}, {seats} tie with {die}: you swap hands and none of you "
                          "takes it.") if len(self.seats) == 2 else
                       N_("On {card}, {seats} tie with {die}: you pass your hands clockwise "
                          "and none of you takes it."))
        else:
            message = (N_("On {card}, {seats} tie with {die}: they swap hands and none of "
                          "them takes it.") if len(self.seats) == 2 else
                       N_("On {card}, {seats} tie with {die}: they pass their hands clockwise "
                          "and none of them takes it."))
        return voice.say(message, card=card_text(self.card, voice), seats=seats, die=self.die)


@dataclass(frozen=True, slots=True)
class FlyTaken(ToldEvent):
    """``seat`` takes ``card`` into its hand: alone on it (Bravo!) or winning a
    ``battle`` against other swatters."""

    seat: int
    card: str
    battle: bool

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(self.seat, N_("You take {card}."), N_("{seat} takes {card}.")),
                         seat=Seats.of(self.seat), card=card_text(self.card, voice))


@dataclass(frozen=True, slots=True)
class FlyNotTaken(Event):
    """Every swatter on ``card`` tied out of the battle: nobody takes it."""

    card: str

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        return voice.say(N_("Nobody takes {card}: discarded."),
                         card=card_text(self.card, voice))


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """Turn ``turn`` is over: the flies nobody took (``discarded``) are discarded, and
    ``five_cards`` hold 5 cards."""

    turn: int
    discarded: tuple[str, ...]
    five_cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FiveCardsAnnounced(ToldEvent):
    """``seats`` announce 5 cards: ``final_turn_for`` get one final turn."""

    @property
    def news(self) -> bool:
        return True

    seats: tuple[int, ...]
    final_turn_for: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick_group(
            self.seats, N_("You announce 5 cards: the others get one final turn."),
            N_("{seats} announces 5 cards: the others get one final turn."),
            N_("{seats} announce 5 cards: the others get one final turn.")),
            seats=Seats(self.seats))


@dataclass(frozen=True, slots=True)
class HandShown(ToldEvent):
    """At the round's end ``seat`` shows its hand; its biggest set (one of them) is
    ``set_cards``, of kind ``set_kind``, ``set_size`` cards."""

    seat: int
    cards: tuple[str, ...]
    set_size: int
    set_kind: SetKind
    set_cards: tuple[str, ...]

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick(self.seat, N_("You show {cards}: a set of {n}."),
                                    N_("{seat} shows {cards}: a set of {n}.")),
                         seat=Seats.of(self.seat), cards=cards_text(self.cards, voice),
                         n=self.set_size)


@dataclass(frozen=True, slots=True)
class TokensWon(ToldEvent):
    """The biggest sets of round ``round`` (``winners``) each win a Fly Catcher token;
    ``tokens`` is every seat's count after."""

    @property
    def news(self) -> bool:
        return True

    round: int
    winners: tuple[int, ...]
    tokens: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        return voice.say(voice.pick_group(
            self.winners, N_("You win a Fly Catcher token (tokens: {tokens})."),
            N_("{seats} wins a Fly Catcher token (tokens: {tokens})."),
            N_("{seats} win a Fly Catcher token (tokens: {tokens}).")),
            seats=Seats(self.winners), tokens=", ".join(map(str, self.tokens)))


@dataclass(frozen=True, slots=True)
class GameOver(ToldEvent):
    """The game is over (``reason``, as ``Outcome.reason``): ``winners`` have the most
    tokens."""

    @property
    def ends_game(self) -> bool:
        return True

    reason: Reason
    winners: tuple[int, ...]
    tokens: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        if self.reason == "cap":
            return voice.say(N_("The safety cap on turns ended the game."))
        # The winners are named as a sentence starts ("Seat 2 has"), as the record has it.
        return voice.say(voice.pick_group(
            self.winners, N_("The game is over: You have 3 Fly Catcher tokens."),
            N_("The game is over: {seats} has 3 Fly Catcher tokens."),
            N_("The game is over: {seats} have 3 Fly Catcher tokens.")),
            seats=voice.group(self.winners))


#: The frequent events, each made once (``engine.memo.made_once``): about 380 of the
#: 510 events of a four-player game, of few distinct values (a die rolled at most
#: 5 x 36 x 6).  The rules make them through these.
swat_chosen = made_once(SwatChosen)
fly_laid = made_once(FlyLaid)
card_dealt = made_once(CardDealt)
die_rolled = made_once(DieRolled)
fly_taken = made_once(FlyTaken)
fly_squished = made_once(FlySquished)

#: Every class of event Superfly emits (``Superfly.event_types``).
EVENT_TYPES: tuple[type[Event], ...] = (
    RoundStarted, CardDealt, FlyLaid, DrawPileReshuffled, SignalGiven, SwatChosen,
    SwattersDown, DieRolled, FlySquished, HandsSwapped, FlyTaken, FlyNotTaken, TurnEnded,
    FiveCardsAnnounced, HandShown, TokensWon, GameOver,
)
