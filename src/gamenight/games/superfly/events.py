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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamenight.engine.events import Event
from gamenight.engine.memo import made_once
from gamenight.engine.voice import Voice
from gamenight.games.superfly.views import Reason, SetKind


def seats_text(seats: Sequence[int]) -> str:
    """'Seat 2', 'Seats 0 and 2', 'Seats 0, 1 and 3'."""
    return Voice().group(seats)


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins: the first player deals each player a face-down card."""

    round: int
    first_player: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        deals = Voice(reader).does(self.first_player, "deals", start=False)
        return f"Round {self.round}: {deals} each player a face-down card."


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
        return (f"The draw pile is empty: the {self.cards} discarded cards are shuffled into "
                "a new draw pile.")


@dataclass(frozen=True, slots=True)
class SignalGiven(Event):
    """The first player gives the signal over the centre flies; ``eligible`` may swat
    (everyone, except in a final turn those already holding 5 cards)."""

    turn: int
    first_player: int
    final_turn: bool
    centre: tuple[str, ...]
    eligible: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        final = "final turn, " if self.final_turn else ""
        gives = Voice(reader).does(self.first_player, "gives", start=False)
        return (f"Turn {self.turn} ({final}{gives} the signal): "
                f"the centre shows {', '.join(self.centre)}.")


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
class SwattersDown(Event):
    """Every choice is in and the swatters land together: ``swats`` holds per seat the
    fly its swatter is on, "pass", or None for a seat sitting out the final turn."""

    swats: tuple[str | None, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        # A swat is told with its die (DieRolled), the way it is seen: swatter and die
        # together; a pass has no die, so it is told here.
        passed = [s for s, swat in enumerate(self.swats) if swat == "pass"]
        if not passed:
            return ""
        return f"{Voice(reader).group_does(passed, 'passes')}."


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    """The die in ``seat``'s swatter, which is on ``card``, shows ``die``."""

    seat: int
    card: str
    die: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return f"{Voice(reader).does(self.seat, 'swats')} {self.card}: the die shows {self.die}."


@dataclass(frozen=True, slots=True)
class FlySquished(Event):
    """A die on ``card`` showed its number (the dice of ``by``): squished, discarded."""

    @property
    def news(self) -> bool:
        return True

    card: str
    by: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        # Mid-sentence "you" is lower case; the seats keep the capital the record has.
        by = Voice(reader).group(self.by, start=reader not in self.by)
        return f"{self.card} is squished ({by} rolled its number): discarded."


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    """On ``card``, the ``seats`` tied with ``die``: each passes his whole hand to the
    next of them clockwise (two simply exchange), and none of them takes the fly."""

    @property
    def news(self) -> bool:
        return True

    card: str
    seats: tuple[int, ...]
    die: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        voice = Voice(reader)
        seats = " and ".join(voice.name(s, start=False) for s in self.seats)
        # Told to one of them, "they" are "you".
        they, them, their = (("you", "you", "your") if reader in self.seats
                             else ("they", "them", "their"))
        how = "swap hands" if len(self.seats) == 2 else f"pass {their} hands clockwise"
        return (f"On {self.card}, {seats} tie with {self.die}: {they} {how} and none of "
                f"{them} takes it.")


@dataclass(frozen=True, slots=True)
class FlyTaken(Event):
    """``seat`` takes ``card`` into its hand: alone on it (Bravo!) or winning a
    ``battle`` against other swatters."""

    seat: int
    card: str
    battle: bool

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return f"{Voice(reader).does(self.seat, 'takes')} {self.card}."


@dataclass(frozen=True, slots=True)
class FlyNotTaken(Event):
    """Every swatter on ``card`` tied out of the battle: nobody takes it."""

    card: str

    def text(self) -> str:
        return f"Nobody takes {self.card}: discarded."


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """Turn ``turn`` is over: the flies nobody took (``discarded``) are discarded, and
    ``five_cards`` hold 5 cards."""

    turn: int
    discarded: tuple[str, ...]
    five_cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FiveCardsAnnounced(Event):
    """``seats`` announce 5 cards: ``final_turn_for`` get one final turn."""

    @property
    def news(self) -> bool:
        return True

    seats: tuple[int, ...]
    final_turn_for: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        announce = Voice(reader).group_does(self.seats, "announces")
        return f"{announce} 5 cards: the others get one final turn."


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """At the round's end ``seat`` shows its hand; its biggest set (one of them) is
    ``set_cards``, of kind ``set_kind``, ``set_size`` cards."""

    seat: int
    cards: tuple[str, ...]
    set_size: int
    set_kind: SetKind
    set_cards: tuple[str, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return (f"{Voice(reader).does(self.seat, 'shows')} {', '.join(self.cards)}: a set of "
                f"{self.set_size}.")


@dataclass(frozen=True, slots=True)
class TokensWon(Event):
    """The biggest sets of round ``round`` (``winners``) each win a Fly Catcher token;
    ``tokens`` is every seat's count after."""

    @property
    def news(self) -> bool:
        return True

    round: int
    winners: tuple[int, ...]
    tokens: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        win = Voice(reader).group_does(self.winners, "wins")
        return f"{win} a Fly Catcher token (tokens: {', '.join(map(str, self.tokens))})."


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over (``reason``, as ``Outcome.reason``): ``winners`` have the most
    tokens."""

    @property
    def ends_game(self) -> bool:
        return True

    reason: Reason
    winners: tuple[int, ...]
    tokens: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        if self.reason == "cap":
            return "The safety cap on turns ended the game."
        have = Voice(reader).group_does(self.winners, "has")
        return f"The game is over: {have} 3 Fly Catcher tokens."


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
