"""The actions of Superfly: put your swatter on a centre fly, or keep it back (pass)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine import PASS, IllegalAction, Pass
from gamenight.games.superfly.cards import COLOURS, DECK_SIZE, NAMES, NUMBERS, card_id


@dataclass(frozen=True, slots=True)
class Swat:
    """Place your flyswatter on the centre fly with this card id (its die is rolled)."""

    card: int

    def __str__(self) -> str:
        return _SWAT_TEXT[self.card]


_SWAT_TEXT: tuple[str, ...] = tuple(f"swat {n}" for n in NAMES)
#: One Swat per card id, made once: the hot loop of a simulation never builds them.
SWATS: tuple[Swat, ...] = tuple(Swat(i) for i in range(DECK_SIZE))

#: Every Superfly action: a swat, or a pass (``GameState[SuperflyAction]``).
SuperflyAction = Swat | Pass
_NUMBERS = frozenset(map(str, NUMBERS))


def parse_action(text: str) -> SuperflyAction:
    """The action written as ``text``: 'pass' or 'swat <colour> <number>' ('swat red 3')."""
    words = text.split()
    if words == ["pass"]:
        return PASS
    if len(words) == 3 and words[0] == "swat" and words[1] in COLOURS and words[2] in _NUMBERS:
        return SWATS[card_id(words[1], int(words[2]))]
    raise IllegalAction(
        f"not a Superfly action: {text!r} (pass, or swat <colour> <number> such as swat red 3)"
    )
