"""Bad input at the FLY table: refused, and nothing changes (a landing that is no
number, an aim too far for a float, a steadiness that is no number)."""

from __future__ import annotations

import pytest

from gamenight.engine import IllegalAction, OptionError
from gamenight.games.fly.actions import Drop
from gamenight.games.fly.landing import parse_landing
from gamenight.games.fly.rules import GAME
from gamenight.testing import assert_draw_refused, assert_refused
from tests.games.fly.fly_table import laid_out

NOT_NUMBERS = [float("nan"), "nan", float("inf"), "-inf", "1e999", 10**400, True, None]


@pytest.mark.parametrize("option", [o.name for o in GAME.options if type(o.default) is float])
def test_a_flutter_or_size_that_is_no_finite_number_is_refused(option: str) -> None:
    # flutter=nan was accepted, and every landing of the game was then NaN: no fly was
    # ever covered and every game ran to the safety cap, truncated.
    for bad in NOT_NUMBERS:
        with pytest.raises(OptionError, match=f"option {option}"):
            GAME.new(2, 0, **{option: bad})


def test_the_bounds_of_every_size_and_flutter_are_kept() -> None:
    for option in GAME.options:
        if type(option.default) is float:
            assert option.minimum is not None and option.maximum is not None
            with pytest.raises(OptionError, match="at most"):
                GAME.new(2, 0, **{option.name: option.maximum + 0.01})
            with pytest.raises(OptionError, match="at least"):
                GAME.new(2, 0, **{option.name: option.minimum - 0.01})


@pytest.mark.parametrize("landing", [
    "1" * 400 + ".0000 1.0000 0.00",  # read as inf before
    "1.0000 -" + "9" * 400 + ".0000 0.00",
    "nan 1.0000 0.00", "inf 1.0000 0.00", "1.0000 1.0000 nan", "1.0000 1.0000 180.00",
    "1.0000 1.0000 1e999", " 1.0000 1.0000 0.00", "1.0000 1.0000 0.00\n",
])
def test_a_landing_that_is_no_landing_is_refused(landing: str) -> None:
    state = laid_out(2)
    state.apply(0, Drop.aim(4.5, 1.5, 0))
    assert parse_landing(landing) is None
    assert_refused(state, [], chance=[landing, [landing], {"landing": landing}])


def test_an_aim_too_far_for_a_float_or_of_no_whole_numbers_is_refused() -> None:
    state = laid_out(2)
    # Drop(10**400, ...) raised OverflowError; fields of other types slipped through to
    # the record text.
    assert_refused(state, [(0, Drop(10**400, 150, 0), None), (0, Drop(-10**400, 150, 0), None),
                           (0, Drop(450, 10**30, 0), None), (0, Drop(450, 150, 10**400), None),
                           (0, Drop(450.0, 150, 0), None),  # type: ignore[arg-type]
                           (0, Drop(450, 150, True), None),  # type: ignore[arg-type]
                           (0, Drop(450, "150", 0), None),  # type: ignore[arg-type]
                           (0, Drop(450, 150, 0), 0.0)])  # a turn takes no time
    state.apply(0, Drop(450, 150, 0))


@pytest.mark.parametrize("text", [
    "drop 99999.00 1.50 0", "drop 1.00 " + "9" * 400 + ".00 0", "drop 1.00 1.50 1000",
    "drop inf 1.50 0", "drop nan 1.50 0", "drop 1e9 1.50 0", "drop 1.00 1.50 90\n",
    "drop 1.\u0663\u0663 1.50 0"])
def test_an_aim_text_that_is_no_aim_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.parse_action(text)


def test_drawing_with_no_swatter_falling_leaves_the_generator_alone() -> None:
    state = laid_out(2)
    assert_draw_refused(state)
