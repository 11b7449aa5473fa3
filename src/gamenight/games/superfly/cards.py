"""The Superfly deck, kept as data.

36 fly cards: six colours, and in each colour one card of each number 1 to 6, so every
(colour, number) pair is printed exactly once.  The rulebook names six kinds of fly
(Baby, Hungry, Queen, Sleepy, Romantic, Turbo) but nobody has published which kind
carries which number, nor the six colours: both are our reading, kept here as data so a
corrected list changes one line.  Every card has a fixed id (0-35), colour by colour,
so that a record can name it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.frozen import freeze
from gamenight.games.superfly.views import CardView

COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple")
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: The fly kind shown for each number (display only; the real mapping is not published).
KINDS: dict[int, str] = {1: "Baby", 2: "Hungry", 3: "Queen", 4: "Sleepy", 5: "Romantic",
                         6: "Turbo"}
DECK_SIZE = len(COLOURS) * len(NUMBERS)
#: Each swatter holds one six-sided die.
DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

#: Colour index and number of each card id: id = colour * 6 + (number - 1).
COLOUR_OF: tuple[int, ...] = tuple(c for c in range(len(COLOURS)) for _ in NUMBERS)
NUMBER_OF: tuple[int, ...] = tuple(n for _ in COLOURS for n in NUMBERS)


def card_id(colour: str | int, number: int) -> int:
    """The id of the card of this colour (name or index) and number."""
    c = COLOURS.index(colour) if isinstance(colour, str) else colour
    if not 0 <= c < len(COLOURS) or number not in NUMBERS:
        raise ValueError(f"there is no {colour} {number} fly")
    return c * len(NUMBERS) + number - 1


@dataclass(frozen=True, slots=True)
class Card:
    """A fly card as players see it face up."""

    id: int
    colour: str
    number: int

    @classmethod
    def of(cls, card: int) -> Card:
        return cls(card, COLOURS[COLOUR_OF[card]], NUMBER_OF[card])

    @property
    def kind(self) -> str:
        return KINDS[self.number]

    def __str__(self) -> str:
        return f"{self.colour} {self.number}"

    def to_json(self) -> CardView:
        return {"id": self.id, "colour": self.colour, "number": self.number,
                "kind": self.kind}


#: 'red 3' for every card id, made once (action texts and narration use them).
NAMES: tuple[str, ...] = tuple(str(Card.of(i)) for i in range(DECK_SIZE))
_CARD_JSON: tuple[CardView, ...] = tuple(Card.of(i).to_json() for i in range(DECK_SIZE))


_BY_NAME: dict[str, int] = {n: i for i, n in enumerate(NAMES)}


def card_named(text: str) -> int:
    """The id of the card named ``text`` ('red 3'; case and spacing as a person types
    them: 'Red  3' too); ValueError naming the text if no card has that name."""
    card = _BY_NAME.get(" ".join(text.lower().split()))
    if card is None:
        raise ValueError(f"there is no fly card {text!r} (a card is a colour and a number "
                         f"from 1 to 6, such as 'red 3'; colours: {', '.join(COLOURS)})")
    return card


def name(card: int) -> str:
    """'red 3'."""
    return NAMES[card]


def long_name(card: int) -> str:
    """'red 3 (Queen fly)'."""
    return f"{NAMES[card]} ({KINDS[NUMBER_OF[card]]} fly)"


def card_json(card: int) -> CardView:
    """The card as view data: a fresh dict each time (a caller may change its copy)."""
    return _CARD_JSON[card].copy()


#: Each card's view data frozen (``engine.frozen``), made once: the parts of views that
#: views share show these, since what cannot be changed needs no copy of its own.
_FROZEN_CARD_JSON: tuple[CardView, ...] = tuple(map(freeze, _CARD_JSON))


def frozen_card_json(card: int) -> CardView:
    """The card as read-only view data: one dict per card, shared by every view."""
    return _FROZEN_CARD_JSON[card]
