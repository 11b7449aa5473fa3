"""The actions of Fliegen klatschen: reveal your top card, slap a centre fly, or pass."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine import PASS, IllegalAction, Pass
from gamenight.games.fliegen_klatschen.cards import DECK_SIZE


@dataclass(frozen=True, slots=True)
class Reveal:
    """Turn over the top card of your pile (away from you, so all see it at once)."""

    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True, slots=True)
class Slap:
    """Put a hand flat on the centre fly with this card id."""

    card: int

    def __str__(self) -> str:
        return f"slap {self.card}"


REVEAL = Reveal()
#: One Slap per card id, made once: the hot loop of a simulation never builds them.
SLAPS: tuple[Slap, ...] = tuple(Slap(i) for i in range(DECK_SIZE))

Action = Reveal | Slap | Pass


def parse_action(text: str) -> Action:
    """The action written as ``text``: 'reveal', 'pass' or 'slap <card id>'."""
    words = text.split()
    if words == ["reveal"]:
        return REVEAL
    if words == ["pass"]:
        return PASS
    # ASCII digits only ("slap ²" is no card), and few of them.
    if (len(words) == 2 and words[0] == "slap" and words[1].isascii() and words[1].isdigit()
            and len(words[1]) <= 3):
        card = int(words[1])
        if card < DECK_SIZE:
            return SLAPS[card]
    raise IllegalAction(f"not a Fliegen klatschen action: {text!r} (reveal, pass or slap <card>)")
