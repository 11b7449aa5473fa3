"""Fly sets: which groups of cards count, and the biggest one in a hand.

There are three ways to build a set: flies of one colour (any numbers), flies of one
number (any colours), or flies that all differ in colour *and* in number.  A hand
scores the size of its biggest valid set; no kind of set beats another.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from gamenight.games.superfly.cards import COLOUR_OF, DECK_SIZE, NUMBER_OF
from gamenight.games.superfly.views import SetKind

SAME_COLOUR: Final = "same colour"
SAME_NUMBER: Final = "same number"
ALL_DIFFERENT: Final = "all different"
SET_KINDS: tuple[SetKind, ...] = (SAME_COLOUR, SAME_NUMBER, ALL_DIFFERENT)

#: One bit for the card's colour (bits 0-5) and one for its number (bits 6-11): a group
#: is "all different" exactly when its bits never overlap.
_BITS: tuple[int, ...] = tuple((1 << COLOUR_OF[c]) | (1 << (6 + NUMBER_OF[c] - 1))
                               for c in range(DECK_SIZE))


def set_kinds(cards: Sequence[int]) -> tuple[SetKind, ...]:
    """Every kind of valid set these cards form (empty: not a valid set).

    A single card (or none) is all three kinds at once.
    """
    kinds: list[SetKind] = []
    if len({COLOUR_OF[c] for c in cards}) <= 1:
        kinds.append(SAME_COLOUR)
    if len({NUMBER_OF[c] for c in cards}) <= 1:
        kinds.append(SAME_NUMBER)
    if _all_different(cards):
        kinds.append(ALL_DIFFERENT)
    return tuple(kinds)


def is_valid_set(cards: Sequence[int]) -> bool:
    """True if the cards are all one colour, all one number, or all different in both."""
    return bool(set_kinds(cards))


def _all_different(cards: Iterable[int]) -> bool:
    seen = 0
    for c in cards:
        bits = _BITS[c]
        if seen & bits:
            return False
        seen |= bits
    return True


def best_set_size(hand: Iterable[int]) -> int:
    """The size of the biggest valid set among ``hand``'s cards (the round's score)."""
    mask = 0
    for c in hand:
        mask |= 1 << c
    return _best_size(mask)


@lru_cache(maxsize=1 << 16)
def _best_size(mask: int) -> int:
    cards = [c for c in range(DECK_SIZE) if mask >> c & 1]
    n = len(cards)
    if n <= 1:
        return n
    colours = [COLOUR_OF[c] for c in cards]
    numbers = [NUMBER_OF[c] for c in cards]
    best = max(max(map(colours.count, colours)), max(map(numbers.count, numbers)))
    # All different: the biggest group with no colour and no number twice.  Hands hold
    # at most 5 cards (6 when a bot weighs one more), so trying every group is cheap.
    for size in range(n, best, -1):
        if any(_all_different(group) for group in combinations(cards, size)):
            return size
    return best


def best_set(hand: Sequence[int]) -> tuple[SetKind, tuple[int, ...]]:
    """A biggest valid set in ``hand``: its kind and its cards (in hand order).

    Where several are biggest, the first kind of SET_KINDS wins, then the group that
    comes first in hand order (for display only: the score is the size).
    """
    return _best_set(tuple(hand))


@lru_cache(maxsize=1 << 14)
def _best_set(hand: tuple[int, ...]) -> tuple[SetKind, tuple[int, ...]]:
    # Remembered (the answer is frozen): every hand is shown at each round's end, and
    # each view of the round's end names the sets again.
    size = best_set_size(hand)
    if size == 0:
        return SAME_COLOUR, ()
    by_key: tuple[tuple[SetKind, tuple[int, ...]], ...] = ((SAME_COLOUR, COLOUR_OF),
                                                            (SAME_NUMBER, NUMBER_OF))
    for kind, key in by_key:
        for first in hand:
            group = tuple(c for c in hand if key[c] == key[first])
            if len(group) == size:
                return kind, group
    for group in combinations(hand, size):
        if _all_different(group):
            return ALL_DIFFERENT, group
    raise AssertionError("best_set_size found a set that best_set cannot")  # pragma: no cover
