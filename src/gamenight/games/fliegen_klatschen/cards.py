"""The Fliegen klatschen deck, kept as data.

96 fly cards, 16 in each of six colours; per colour 2 of value 1, 4 each of values 2, 3
and 4, and 2 of value 5.  16 swatter cards.  Every card has a fixed id (0-111) so that a
record can name it; flies come first, colour by colour.

Cards of the same face are told apart by a copy number, for positions a person writes:
``red 3 #2`` is the second red 3 (the one with the second-lowest id), ``swatter #16`` the
last swatter (:func:`full_name`, :func:`read_name`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, cast

from typing_extensions import TypedDict

from gamenight.engine.frozen import freeze

Colour = Literal["red", "yellow", "green", "blue", "purple", "orange"]
COLOURS: tuple[Colour, ...] = ("red", "yellow", "green", "blue", "purple", "orange")
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


class FlyCard(TypedDict):
    """A fly face up, as views show it: its id, colour and value (1 to 5)."""

    id: int
    kind: Literal["fly"]
    colour: Colour
    value: int


class SwatterCard(TypedDict):
    """A fly-swatter card face up, as views show it."""

    id: int
    kind: Literal["swatter"]


CardJSON = FlyCard | SwatterCard


@dataclass(frozen=True, slots=True)
class Card:
    """A card as players see it face up."""

    id: int
    colour: Colour | None
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

    def to_json(self) -> CardJSON:
        if self.colour is None:
            return {"id": self.id, "kind": "swatter"}
        return {"id": self.id, "kind": "fly", "colour": self.colour, "value": self.value}


def name(card_id: int) -> str:
    """'red 3' or 'swatter'."""
    return str(Card.of(card_id))


_CARD_JSON: tuple[CardJSON, ...] = tuple(Card.of(i).to_json() for i in range(DECK_SIZE))


def card_json(card_id: int) -> CardJSON:
    """The card as view data: a fresh dict each time (a caller may change its copy),
    copied from one made once, since views are built for every bot decision."""
    return _CARD_JSON[card_id].copy()


#: The flies' view data by id: flies come first (ids 0 to FLIES - 1), so a swatter's id
#: is past the end.
_FLY_JSON: tuple[FlyCard, ...] = tuple(cast(FlyCard, _CARD_JSON[i]) for i in range(FLIES))


def fly_json(card_id: int) -> FlyCard:
    """A fly as view data (the centre and won piles hold flies only)."""
    data = _CARD_JSON[card_id]
    if data["kind"] != "fly":
        raise ValueError(f"card {card_id} is a swatter, not a fly")
    return data.copy()


def flies_json(cards: Sequence[int]) -> list[FlyCard]:
    """The flies ``cards`` as view data, each a fresh dict (:func:`fly_json` of each,
    in one pass: a view shows the centre and a won pile, built for every bot decision)."""
    try:
        return [_FLY_JSON[card].copy() for card in cards]
    except IndexError:  # a swatter's id (or no card's)
        bad = next(card for card in cards if not 0 <= card < FLIES)
        raise ValueError(f"card {bad} is a swatter, not a fly") from None


#: The flies' view data frozen (``engine.frozen``), made once: one dict per fly,
#: shared by every view that shows it, since what cannot be changed needs no copy.
_FROZEN_FLY_JSON: tuple[FlyCard, ...] = tuple(map(freeze, _FLY_JSON))


def frozen_flies_json(cards: Sequence[int]) -> list[FlyCard]:
    """:func:`flies_json` read-only, for the parts of views that views share: a frozen
    list of the flies' frozen dicts (no copy of each fly)."""
    try:
        return freeze([_FROZEN_FLY_JSON[card] for card in cards])
    except IndexError:  # a swatter's id (or no card's): flies_json says which
        flies_json(cards)
        raise


# -- names that tell every card apart (positions) -----------------------------------------
#: The ids of each face, lowest first: the copy numbers count along them.
_IDS_OF: dict[str, tuple[int, ...]] = {}
for _card in range(DECK_SIZE):
    _IDS_OF.setdefault(name(_card), ())
    _IDS_OF[name(_card)] += (_card,)
_FULL_NAMES: tuple[str, ...] = tuple(
    f"{name(card)} #{_IDS_OF[name(card)].index(card) + 1}" for card in range(DECK_SIZE))
_BY_FULL_NAME: dict[str, int] = {full: card for card, full in enumerate(_FULL_NAMES)}


class CardNameError(ValueError):
    """A text that names no card of the deck."""


def full_name(card_id: int) -> str:
    """The card's face and copy number: 'red 3 #2', 'swatter #16'."""
    return _FULL_NAMES[card_id]


def copies(face: str) -> tuple[int, ...]:
    """The ids of every card with this face ('red 3', 'swatter'), lowest first; empty
    for a face the deck does not have."""
    return _IDS_OF.get(face, ())


def read_name(text: str) -> tuple[str, int | None]:
    """The face and copy number (None when not given) a person wrote: 'red 3 #2',
    'Red 3', '  swatter   #7 ' (case and spacing do not matter).  CardNameError, saying
    why, for anything else."""
    words = text.lower().replace("#", " # ").split()
    copy: int | None = None
    if len(words) >= 2 and words[-2] == "#":
        number = words[-1]
        if not (number.isascii() and number.isdigit() and len(number) <= 3):
            raise CardNameError(f"{text!r}: the copy number after # is a whole number")
        copy = int(number)
        words = words[:-2]
    face = " ".join(words)
    ids = copies(face)
    if not ids:
        raise CardNameError(f"{text!r} is no card: a card is a colour ({', '.join(COLOURS)}) "
                            f"and a value (1 to 5), or 'swatter', with an optional copy "
                            f"number such as '#2'")
    if copy is not None and not 1 <= copy <= len(ids):
        raise CardNameError(f"{text!r}: the deck has {len(ids)} cards {face}, numbered #1 to "
                            f"#{len(ids)}")
    return face, copy
