"""The FLY table cards, kept as data.

27 table cards, each 1 x 3 inches, standing upright.  25 carry one fly each, 2 are blank.
Each fly has one of 5 colours and one of 5 symbols, every pair exactly once.  The
published lists are not known in full (see FACTS.md: blue, yellow and red are named in
print, as are star, circle, diamond and triangle); the fifth colour and symbol are our
reading.  Change the tuples below to change the deck: everything else reads them.

Card ids: 0-24 are the flies, 25 and 26 the blanks.  A fly's place on its card is an
offset in inches from the card's top-left corner (x to the right, y down), within the
middle of the card and different from card to card.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.games.fly.views import CardView, TableCardView

#: A table card's size in inches (the swatter is the same card; its size is an option).
CARD_WIDTH = 1.0
CARD_HEIGHT = 3.0
#: The table as set up: 9 columns x 3 rows of upright cards, touching.
COLUMNS = 9
ROWS = 3
TABLE_CARDS = COLUMNS * ROWS

COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green", "purple")
SYMBOLS: tuple[str, ...] = ("star", "circle", "diamond", "triangle", "heart")

#: (colour, symbol, x offset, y offset) of each fly card, by card id.  The places spread
#: over the middle of the card (x 0.38-0.62 in, y 0.70-2.30 in), no two alike, so that a
#: row of cards does not line its flies up and a swatter across a row has to be aimed.
FLY_DATA: tuple[tuple[str, str, float, float], ...] = (
    ("red", "star", 0.50, 1.50),
    ("red", "circle", 0.42, 0.85),
    ("red", "diamond", 0.58, 2.15),
    ("red", "triangle", 0.45, 1.20),
    ("red", "heart", 0.55, 1.80),
    ("yellow", "star", 0.60, 0.95),
    ("yellow", "circle", 0.40, 2.05),
    ("yellow", "diamond", 0.52, 1.35),
    ("yellow", "triangle", 0.48, 1.65),
    ("yellow", "heart", 0.38, 1.10),
    ("blue", "star", 0.62, 1.95),
    ("blue", "circle", 0.47, 0.75),
    ("blue", "diamond", 0.53, 2.30),
    ("blue", "triangle", 0.41, 1.45),
    ("blue", "heart", 0.57, 1.05),
    ("green", "star", 0.44, 2.25),
    ("green", "circle", 0.59, 1.25),
    ("green", "diamond", 0.39, 1.70),
    ("green", "triangle", 0.61, 0.80),
    ("green", "heart", 0.50, 1.90),
    ("purple", "star", 0.43, 1.00),
    ("purple", "circle", 0.56, 1.60),
    ("purple", "diamond", 0.46, 2.00),
    ("purple", "triangle", 0.54, 0.70),
    ("purple", "heart", 0.60, 1.40),
)
FLIES = len(FLY_DATA)
BLANKS = 2
DECK_SIZE = FLIES + BLANKS
assert DECK_SIZE == TABLE_CARDS

BLANK = -1  # the "colour" and "symbol" of a blank card

#: Colour and symbol index of each card id (BLANK for the blanks), and the fly's place.
COLOUR_OF: tuple[int, ...] = tuple(
    [COLOURS.index(c) for c, _, _, _ in FLY_DATA] + [BLANK] * BLANKS)
SYMBOL_OF: tuple[int, ...] = tuple(
    [SYMBOLS.index(s) for _, s, _, _ in FLY_DATA] + [BLANK] * BLANKS)
FLY_PLACE: tuple[tuple[float, float] | None, ...] = tuple(
    [(x, y) for _, _, x, y in FLY_DATA] + [None] * BLANKS)


@dataclass(frozen=True, slots=True)
class Card:
    """A table card as everyone sees it (the table and collected cards lie face up)."""

    id: int
    colour: str | None
    symbol: str | None
    place: tuple[float, float] | None  # the fly's offset on its card, None if blank

    @classmethod
    def of(cls, card_id: int) -> Card:
        c = COLOUR_OF[card_id]
        if c == BLANK:
            return cls(card_id, None, None, None)
        return cls(card_id, COLOURS[c], SYMBOLS[SYMBOL_OF[card_id]], FLY_PLACE[card_id])

    @property
    def is_blank(self) -> bool:
        return self.colour is None

    def __str__(self) -> str:
        return "blank card" if self.colour is None else f"{self.colour} {self.symbol}"

    def to_json(self) -> CardView:
        if self.place is None or self.colour is None or self.symbol is None:
            return {"id": self.id, "blank": True}
        return {"id": self.id, "blank": False, "colour": self.colour, "symbol": self.symbol,
                "place": list(self.place)}


def name(card_id: int) -> str:
    """'yellow circle' or 'blank card'."""
    return str(Card.of(card_id))


def is_fly(card_id: int) -> bool:
    return COLOUR_OF[card_id] != BLANK


_CARD_JSON: tuple[CardView, ...] = tuple(Card.of(i).to_json() for i in range(DECK_SIZE))


def card_json(card_id: int) -> CardView:
    """The card as view data (a fresh dict; its place list is fresh too)."""
    data = _CARD_JSON[card_id].copy()
    if "place" in data:
        data["place"] = list(FLY_PLACE[card_id] or ())
    return data


def table_card_json(card_id: int, slot: int, fly: tuple[float, float] | None) -> TableCardView:
    """The card as view data where it lies on the table: at ``slot``, its fly at ``fly``
    (table inches; None for a blank)."""
    data: TableCardView = {**card_json(card_id), "slot": slot,
                           "fly": None if fly is None else list(fly)}
    return data


def copy_table_card(data: TableCardView) -> TableCardView:
    """A fresh copy of a card's table view data, its lists fresh too (a view is plain
    data its reader may change): cheaper than making it again, for every view."""
    fresh = data.copy()
    if "place" in fresh:
        fresh["place"] = list(fresh["place"])
    if fresh["fly"] is not None:
        fresh["fly"] = list(fresh["fly"])
    return fresh
