"""The shared check ``gamenight.testing.assert_refused`` catches what it must."""

from __future__ import annotations

import pytest

from gamenight.testing import assert_refused

from .toy import DICE_DUEL


def test_refused_moves_and_chance_pass_and_leave_the_state_as_it_was() -> None:
    state = DICE_DUEL.new(2, 1)
    state.draw_chance()  # the die: now every seat bids
    before = state.digest()
    assert_refused(state, [(0, "bid 9", None), (5, "bid 1", None), (0, "double", None)],
                   chance=[3])  # no die is due during the bids
    assert state.digest() == before


def test_an_accepted_move_or_chance_outcome_fails_the_check() -> None:
    state = DICE_DUEL.new(2, 1)
    state.draw_chance()
    with pytest.raises(AssertionError, match="accepted illegal 0 'bid 1'"):
        assert_refused(state, [(0, "bid 1", None)])
    fresh = DICE_DUEL.new(2, 1)
    with pytest.raises(AssertionError, match="accepted the chance outcome 4"):
        assert_refused(fresh, [], chance=[4])
