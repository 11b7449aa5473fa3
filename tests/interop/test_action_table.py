"""An encoding's table of actions numbers a legal list the same whichever objects hold it:
the game's own (looked up by identity), equal ones made elsewhere, repeated or
remembered lists; and a mask set flag by flag is the mask set by NumPy."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamenight.games import get_game
from gamenight.games.fluster.actions import CALLS, WRITES, Call, Write
from gamenight.games.fluster.encoding import ACTIONS, TABLE
from gamenight.interop.core import SHORT_MASK, Table
from gamenight.interop.encoding import LONG_LEGAL, ActionTable


def test_the_games_own_actions_and_equal_ones_made_elsewhere_get_the_same_indices() -> None:
    own = [CALLS[("B", 3)], WRITES["right"], CALLS[("A", 1)]]
    made = [Call("B", 3), Write("right"), Call("A", 1)]
    assert all(a is not b for a, b in zip(own, made, strict=True))
    assert TABLE.indices(own) == TABLE.indices(made) == sorted(ACTIONS.index(a) for a in own)
    assert TABLE[made[0]] == ACTIONS.index(own[0])


def test_indices_are_ascending_and_distinct_whatever_order_and_repeats() -> None:
    table = ActionTable(("a", "b", "c", "d"))
    assert table.indices(["d", "b", "d", "a"]) == [0, 1, 3]
    assert table.indices([]) == []


def test_an_action_not_in_the_table_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        ActionTable(("a", "b")).indices(["a", "z"])


def test_a_remembered_long_list_gives_its_indices_again_and_a_changed_one_its_own() -> None:
    table = ActionTable([f"action {i}" for i in range(100)])
    first = [f"action {i}" for i in range(10, 10 + LONG_LEGAL)]
    again = table.indices(first)
    assert again == list(range(10, 10 + LONG_LEGAL))
    again.append(-1)  # the caller's to change: the table's memory is not
    assert table.indices(list(first)) == list(range(10, 10 + LONG_LEGAL))
    other = [f"action {i}" for i in range(50, 50 + LONG_LEGAL)]  # same length, others
    assert table.indices(other) == list(range(50, 50 + LONG_LEGAL))


@pytest.mark.parametrize("game_id", ["by-golly", "fluster", "superfly", "fliegen-klatschen"])
def test_every_mask_is_the_one_numpy_sets_from_the_legal_indices(game_id: str) -> None:
    game = get_game(game_id)
    table = Table(game, 3, seed=4)
    rng = random.Random(4)
    for _ in range(200):
        decision = table.decision()
        if decision.kind == "over":
            break
        if decision.kind == "chance":
            table.draw_chance()
            continue
        for seat in range(table.players):
            for noop in (False, True):
                expected = np.zeros(table.noop + 1, dtype=np.int8)
                legal = table.legal(seat)
                expected[legal] = 1
                if not legal and noop:
                    expected[table.noop] = 1
                mask = table.mask(seat, noop)
                assert mask.dtype == np.int8 and mask.shape == expected.shape
                assert np.array_equal(mask, expected)
                mask[:] = 0  # the caller's own array: the next one is whole again
                assert np.array_equal(table.mask(seat, noop), expected)
            # allows: a binary search of the legal list, the same as looking in it.
            assert [i for i in range(table.noop + 1) if table.allows(seat, i)] == legal
        seats = decision.seats
        choices = {s: table.decode(s, rng.choice(table.legal(s))) for s in seats}
        if decision.kind == "turn":
            table.apply_turn(seats[0], choices[seats[0]])
        else:
            table.apply_joint(choices)


def test_a_long_lists_mask_is_made_again_when_the_list_changes() -> None:
    """Fluster's caller keeps its 600-odd calls for many steps, and its mask is made
    once for them; once a number is used up the list is shorter and so is the mask."""
    table = Table(get_game("fluster"), 3, seed=2)
    rng = random.Random(2)
    masks: list[list[int]] = []
    while not table.is_over and len(masks) < 60:
        decision = table.decision()
        if decision.kind == "chance":
            table.draw_chance()
            continue
        for seat in decision.seats:
            legal = table.legal(seat)
            if len(legal) > SHORT_MASK:
                ones = np.flatnonzero(table.mask(seat, False)).tolist()
                assert ones == legal
                masks.append(ones)
        choices = {s: table.decode(s, rng.choice(table.legal(s))) for s in decision.seats}
        if decision.kind == "turn":
            table.apply_turn(decision.seats[0], choices[decision.seats[0]])
        else:
            table.apply_joint(choices)
    assert len({len(ones) for ones in masks}) > 2  # numbers were used up as it went
