"""The Fliegen klatschen deck, kept as data.

96 fly cards, 16 in each of six colours; per colour 2 of value 1, 4 each of values 2, 3
and 4, and 2 of value 5.  16 swatter cards.  Every card has a fixed id (0-111) so that a
record can name it; flies come first, colour by colour.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple", "orange")
#: How many flies of each value one colour has.
VALUE_COUNTS: dict[int, int] = {1: 2, 2: 4, 3: 4, 4: 4, 5: 2}
SWATTERS = 16

_PER_COLOUR = [value for value, count in VALUE_COUNTS.items() for _ in range(count)]
FLIES = len(COLOURS) * len(_PER_COLOUR)
DECK_SIZE = FLIES + SWATTERS
SWATTER = -1  # the "colour" of a swatter card

#: Colour index of each card id (SWATTER for a swatter), and its value (0 for a swatter).
COLOUR_OF: tuple[int, ...] = tuple(
    [c for c in range(len(COLOURS)) for _ in _PER_COLOUR] + [SWATTER] * SWATTERS
)
VALUE_OF: tuple[int, ...] = tuple(_PER_COLOUR * len(COLOURS) + [0] * SWATTERS)


@dataclass(frozen=True, slots=True)
class Card:
    """A card as players see it face up."""

    id: int
    colour: str | None
    value: int

    @classmethod
    def of(cls, card_id: int) -> Card:
        c = COLOUR_OF[card_id]
        return cls(card_id, None if c == SWATTER else COLOURS[c], VALUE_OF[card_id])

    @property
    def is_swatter(self) -> bool:
        return self.colour is None

    def __str__(self) -> str:
        return "swatter" if self.colour is None else f"{self.colour} {self.value}"

    def to_json(self) -> dict[str, object]:
        if self.colour is None:
            return {"id": self.id, "kind": "swatter"}
        return {"id": self.id, "kind": "fly", "colour": self.colour, "value": self.value}


def name(card_id: int) -> str:
    """'red 3' or 'swatter'."""
    return str(Card.of(card_id))


_CARD_JSON: tuple[dict[str, object], ...] = tuple(Card.of(i).to_json() for i in range(DECK_SIZE))


def card_json(card_id: int) -> dict[str, object]:
    """The card as view data: a fresh dict each time (a caller may change its copy),
    copied from one made once, since views are built for every bot decision."""
    return dict(_CARD_JSON[card_id])
