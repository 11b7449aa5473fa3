"""The three ways to build a set, and the biggest set in a hand, checked exhaustively
over every hand of up to four cards (and a sample of five-card hands) against a
plain restatement of the rulebook."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from gamenight.games.superfly.cards import COLOUR_OF, DECK_SIZE, NUMBER_OF
from gamenight.games.superfly.sets import (
    ALL_DIFFERENT,
    SAME_COLOUR,
    SAME_NUMBER,
    best_set,
    best_set_size,
    is_valid_set,
    set_kinds,
)
from tests.games.superfly.sf_table import fly


def rulebook_valid(cards: tuple[int, ...]) -> bool:
    """The rulebook's three ways, written out plainly."""
    colours = [COLOUR_OF[c] for c in cards]
    numbers = [NUMBER_OF[c] for c in cards]
    same_colour = all(c == colours[0] for c in colours)
    same_number = all(n == numbers[0] for n in numbers)
    no_repeat = all(colours.count(c) == 1 for c in colours) and all(
        numbers.count(n) == 1 for n in numbers)
    return not cards or same_colour or same_number or no_repeat


def rulebook_best(hand: tuple[int, ...]) -> int:
    """The size of the biggest group of the hand that is a valid set (biggest first)."""
    for k in range(len(hand), 0, -1):
        if any(rulebook_valid(group) for group in combinations(hand, k)):
            return k
    return 0


def test_a_set_of_flies_of_the_same_colour_regardless_of_numbers() -> None:
    greens = [fly("green", n) for n in (1, 2, 4, 6)]
    assert SAME_COLOUR in set_kinds(greens) and is_valid_set(greens)


def test_a_set_of_flies_of_the_same_number_regardless_of_colour() -> None:
    fours = [fly(c, 4) for c in ("red", "blue", "purple")]
    assert set_kinds(fours) == (SAME_NUMBER,)
    assert is_valid_set(fours)


def test_a_set_of_different_colours_and_different_numbers() -> None:
    rainbow = [fly("red", 1), fly("blue", 2), fly("green", 3), fly("yellow", 6)]
    assert set_kinds(rainbow) == (ALL_DIFFERENT,)


def test_no_colour_or_number_can_be_repeated_in_a_set_of_different_flies() -> None:
    assert not is_valid_set([fly("red", 1), fly("blue", 2), fly("green", 1)])  # number twice
    assert not is_valid_set([fly("red", 1), fly("blue", 2), fly("red", 3)])  # colour twice


@pytest.mark.parametrize("size", [0, 1, 2, 3])
def test_the_set_rule_over_every_group_of_up_to_three_cards(size: int) -> None:
    for group in combinations(range(DECK_SIZE), size):
        assert is_valid_set(group) == rulebook_valid(group), group


def test_the_biggest_set_over_every_hand_of_up_to_four_cards() -> None:
    scores: dict[int, set[int]] = {}
    for size in range(5):
        for hand in combinations(range(DECK_SIZE), size):
            best = best_set_size(hand)
            assert best == rulebook_best(hand), hand
            scores.setdefault(size, set()).add(best)
    # Any two flies make a set (one colour, one number, or different in both), so no hand
    # of two or more scores under 2; every other score up to the hand size occurs.
    assert scores == {0: {0}, 1: {1}, 2: {2}, 3: {2, 3}, 4: {2, 3, 4}}


def test_the_biggest_set_over_a_sample_of_five_card_hands() -> None:
    rng = random.Random(5)
    hands = [tuple(rng.sample(range(DECK_SIZE), 5)) for _ in range(3000)]
    hands += [tuple(fly(c, n) for c, n in zip(("red", "orange", "yellow", "green", "blue"),
                                                 (1, 2, 3, 4, 5), strict=True))]
    for hand in hands:
        assert best_set_size(hand) == rulebook_best(hand), hand
        kind, cards = best_set(list(hand))
        assert len(cards) == best_set_size(hand) and set(cards) <= set(hand)
        assert kind in set_kinds(cards)


def test_no_set_type_is_more_powerful_only_the_size_counts() -> None:
    four_green = [fly("green", n) for n in (1, 2, 3, 4)] + [fly("red", 1)]
    five_different = [fly(c, n) for c, n in zip(("red", "orange", "yellow", "green", "blue"),
                                                (1, 2, 3, 4, 5), strict=True)]
    assert best_set_size(four_green) == 4
    assert best_set(four_green) == (SAME_COLOUR, tuple(four_green[:4]))
    assert best_set_size(five_different) == 5
    assert best_set(five_different)[0] == ALL_DIFFERENT
    # Four of a number is as good as four of a colour.
    four_sixes = [fly(c, 6) for c in ("red", "orange", "yellow", "green")]
    assert best_set_size(four_sixes) == best_set_size(four_green[:4]) == 4
