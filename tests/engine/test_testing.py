"""The shared check ``gamenight.testing.assert_refused`` catches what it must."""

from __future__ import annotations

import pytest

from gamenight.engine import IllegalAction
from gamenight.testing import assert_draw_refused, assert_refused
from tests.engine.toy import DICE_DUEL


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


def test_a_refusal_that_moves_the_generator_on_fails_the_check() -> None:
    state = DICE_DUEL.new(2, 1)
    state.draw_chance()

    def leaky_verify(seat: int, action: object, at_ms: float | None) -> None:
        state.rng.random()  # a refusal that draws first: the next die would differ
        raise IllegalAction("no")

    state._verify = leaky_verify  # type: ignore[method-assign]
    with pytest.raises(AssertionError, match="generator"):
        assert_refused(state, [(0, "bid 1", None)])


def test_a_draw_when_none_is_due_must_leave_the_generator_alone() -> None:
    state = DICE_DUEL.new(2, 1)
    state.draw_chance()  # now every seat bids: no chance is due
    assert_draw_refused(state)
    with pytest.raises(AssertionError, match="drew when no chance event was due"):
        assert_draw_refused(DICE_DUEL.new(2, 1))  # the die is due: the draw is taken
