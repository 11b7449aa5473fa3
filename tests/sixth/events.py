"""What happens in a game of High Card, as events (``gamenight.engine.events``).

One holds a secret: the deal, where each seat sees only its own hand (``seen_by``).
Every card played is played face up, so the rest are public.  Told to the person at a
seat (``told_to``), a line names that seat "you".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event
from gamenight.engine.voice import Voice

#: How the game ended (``Outcome.reason``): every card in the hands was played.
Reason = Literal["hands-played"]


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The twelve cards are shuffled and ``each`` dealt to every player; ``hands`` holds
    each seat's cards (lowest first), or None where this form may not say."""

    each: int
    hands: tuple[tuple[int, ...] | None, ...]

    def seen_by(self, seat: int | None) -> Dealt:
        return dataclasses.replace(self, hands=tuple(
            hand if s == seat else None for s, hand in enumerate(self.hands)))

    def text(self) -> str:
        return f"The cards are shuffled; {self.each} dealt to each player."


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A player plays a card face up to the trick."""

    seat: int
    card: int

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return f"{Voice(reader).does(self.seat, 'plays')} {self.card}."


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """The highest card, ``card``, takes the trick for its player, who leads the next;
    ``tricks`` is every seat's count after it."""

    seat: int
    card: int
    tricks: tuple[int, ...]

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        return f"{Voice(reader).does(self.seat, 'takes')} the trick with {self.card}."


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The hands are played out: the most tricks win, shared where equal."""

    @property
    def ends_game(self) -> bool:
        return True

    winners: tuple[int, ...]
    tricks: tuple[int, ...]
    reason: Reason

    def text(self) -> str:
        return self.told_to(None)

    def told_to(self, reader: int | None) -> str:
        voice = Voice(reader)
        most = self.tricks[self.winners[0]]
        noun = "trick" if most == 1 else "tricks"
        if len(self.winners) == 1:
            return f"{voice.does(self.winners[0], 'wins')} with {most} {noun}."
        return (f"{voice.group(self.winners)} share the win with {most} {noun} "
                "each.")


EVENT_TYPES: tuple[type[Event], ...] = (Dealt, Played, TrickTaken, GameOver)
