"""Table consolidation and scoring: pure functions of the rules.

The table is a list of card ids in reading order (row 1 left to right, then row 2, then
row 3).  Consolidation keeps it packed -- gaps only at the end of the lowest row -- so a
table of n cards always fills the first n card places.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache, partial

from gamenight.games.fly.cards import BLANK, COLOUR_OF, COLOURS, COLUMNS, SYMBOL_OF, SYMBOLS
from gamenight.games.fly.views import Move, MoveKind

#: A Move from its four fields in one tuple, made without a Python call (consolidation
#: makes a few moves on most drops that collect).
_move: Callable[[tuple[int, MoveKind, tuple[int, int], tuple[int, int]]], Move] = partial(
    tuple.__new__, Move)


def consolidate(
    table: Sequence[int], collected: Collection[int], columns: int = COLUMNS,
) -> tuple[list[int], list[Move]]:
    """The table after the cards at the ``collected`` places (slot indices) are taken,
    and every card move that fills the void, in the order they are made.

    As the rulebook says: first cards slide toward the box within their row; then cards
    from the end (right side) of the lowest row move up, one at a time, to the end of the
    highest row that is short, until every row above the lowest is full.  Rows 1 and 2
    thus keep 9 cards until row 3 is gone; then row 2 supplies row 1 until it is depleted.

    >>> consolidate(list(range(9)), {1, 4}, columns=3)[0]
    [0, 2, 8, 3, 5, 7, 6]
    """
    n = len(table)
    rows = [list(table[start:start + columns]) for start in range(0, n, columns)]
    moves: list[Move] = []
    # Only a row that lost a card has cards to slide: the others stay as they lie (most
    # drops take one or two cards, from one or two of the three rows).
    gone = set(collected)
    for r in sorted({slot // columns for slot in gone if 0 <= slot < n}):
        start = r * columns
        row: list[int] = []
        for c, card in enumerate(rows[r]):
            if start + c in gone:
                continue
            to = len(row)
            if to != c:
                moves.append(_move((card, "slide", (r, c), (r, to))))
            row.append(card)
        rows[r] = row
    count = len(rows)
    short, lowest = 0, count - 1
    while True:
        while short < count and len(rows[short]) >= columns:
            short += 1  # the highest row that is short of cards
        while lowest >= 0 and not rows[lowest]:
            lowest -= 1  # the lowest row that still has cards
        if lowest <= short:
            break
        source, target = rows[lowest], rows[short]
        card = source.pop()
        moves.append(_move((card, "up", (lowest, len(source)), (short, len(target)))))
        target.append(card)
    return [card for row in rows for card in row], moves


def apply_moves(table: Sequence[int | None], moves: Iterable[Move],
                columns: int = COLUMNS) -> list[int | None]:
    """Replay consolidation moves on a table with ``None`` for empty places (for drawing
    the moves one by one, and for checking them)."""
    places = list(table)
    for move in moves:
        src = move.source[0] * columns + move.source[1]
        dst = move.target[0] * columns + move.target[1]
        if dst >= len(places):
            places.extend([None] * (dst + 1 - len(places)))
        places[src], places[dst] = None, move.card
    while places and places[-1] is None:
        places.pop()
    return places


def _held(flies: Iterable[int]) -> tuple[list[int], list[int], list[int]]:
    """The flies among ``flies`` (blanks left out), and how many of each colour and of
    each symbol they hold."""
    held = [f for f in flies if COLOUR_OF[f] != BLANK]
    colours = [0] * len(COLOURS)
    symbols = [0] * len(SYMBOLS)
    for f in held:
        colours[COLOUR_OF[f]] += 1
        symbols[SYMBOL_OF[f]] += 1
    return held, colours, symbols


def _scores(fly: int, colours: Sequence[int], symbols: Sequence[int]) -> bool:
    """Whether ``fly`` scores for an owner holding ``colours`` and ``symbols`` (counts):
    at least 3 of its colour or at least 3 of its symbol."""
    return colours[COLOUR_OF[fly]] >= 3 or symbols[SYMBOL_OF[fly]] >= 3


def scoring_flies(flies: Iterable[int]) -> list[int]:
    """The flies that score: those whose owner holds at least 3 of its colour or at least
    3 of its symbol."""
    held, colours, symbols = _held(flies)
    return [f for f in held if _scores(f, colours, symbols)]


def score_gains(flies: Iterable[int]) -> list[int]:
    """For each fly card (by id), the points it would add to ``flies``: ``score`` of
    ``flies`` and the card, less ``score`` of ``flies``.

    Worked out from the counts (the aimer asks it of every fly after each collection):
    the card brings only itself and the held flies of its colour or symbol that did not
    score before.

    >>> score_gains([0, 5])[10], score_gains([0, 5])[1]  # a third star; a red circle
    (3, 0)
    """
    held, colours, symbols = _held(flies)
    waiting = [f for f in held if not _scores(f, colours, symbols)]  # not scoring yet
    gains = []
    for card in range(len(COLOUR_OF)):
        colour, symbol = COLOUR_OF[card], SYMBOL_OF[card]
        if colour == BLANK:
            gains.append(0)
            continue
        colours[colour] += 1
        symbols[symbol] += 1
        gain = int(_scores(card, colours, symbols))
        for f in waiting:
            if COLOUR_OF[f] == colour or SYMBOL_OF[f] == symbol:
                gain += _scores(f, colours, symbols)
        colours[colour] -= 1
        symbols[symbol] -= 1
        gains.append(gain)
    return gains


def score(flies: Iterable[int]) -> int:
    """Points: 1 per scoring fly, never more than 1 per fly even if both its colour and
    its symbol make a set.

    >>> score([0, 5, 10])  # red, yellow and blue stars: a third star
    3
    """
    return _score(tuple(flies))


# Every view shows each seat's points, and a seat's cards change only when it collects:
# the points of the latest collections are remembered.
@lru_cache(maxsize=1 << 12)
def _score(flies: tuple[int, ...]) -> int:
    return len(scoring_flies(flies))
