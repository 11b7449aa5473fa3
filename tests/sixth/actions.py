"""High Card's one action: play a card from the hand to the trick (``play 7``).

A player on turn has no other choice, so the whole game is twelve actions, one per card,
each made once (``PLAYS``) and read back from its text (``parse_action``).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine import IllegalAction

#: The cards: numbered 1 to 12, each once.
CARDS: tuple[int, ...] = tuple(range(1, 13))


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card (1-12) from the hand face up to the trick."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


#: Every action of the game, by card (``PLAYS[card - 1]``).
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
BY_TEXT: dict[str, Play] = {str(play): play for play in PLAYS}


def play_of(card: int) -> Play:
    """The game's own action for playing ``card`` (one of ``CARDS``)."""
    return PLAYS[card - 1]


def parse_action(text: str) -> Play:
    """The action written as ``text``: 'play 7'."""
    action = BY_TEXT.get(" ".join(text.split()))
    if action is None:
        raise IllegalAction(f"not a High Card action: {text!r} (play <card 1-12>)")
    return action
