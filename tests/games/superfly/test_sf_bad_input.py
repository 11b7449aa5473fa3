"""Bad input at the Superfly table: refused, and nothing changes (the signal's times are
the engine's shared check; chance outcomes too deep or of the wrong kind)."""

from __future__ import annotations

import pytest

from gamenight.engine import PASS, IllegalAction
from gamenight.games.superfly.actions import SWATS, Swat
from gamenight.games.superfly.rules import GAME
from gamenight.testing import assert_draw_refused, assert_refused
from tests.games.superfly.sf_table import fly, table

RED3, BLUE5, GREEN1, YELLOW6 = fly("red", 3), fly("blue", 5), fly("green", 1), fly("yellow", 6)
HANDS = [[fly("red", 1)], [fly("orange", 2)], [fly("purple", 4)]]
CENTRE = [RED3, BLUE5]


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def test_a_swat_at_no_time_is_refused_by_the_shared_check() -> None:
    state = table(3, HANDS, CENTRE)
    # 10**400 raised OverflowError; the game's own copy of the check is gone.
    assert_refused(state, [(0, SWATS[RED3], t) for t in
                           (float("nan"), float("inf"), -1, "5", True, [1], 10**400, 5001)])
    with pytest.raises(IllegalAction, match="too late: 5001 ms is after the deadline"):
        state.apply(0, SWATS[RED3], 5001)
    with pytest.raises(IllegalAction, match="at_ms is a number of milliseconds"):
        state.apply(0, SWATS[RED3], "5")
    state.apply(0, SWATS[RED3], 4999.5)


def test_a_swat_of_no_card_id_is_refused() -> None:
    state = table(3, HANDS, CENTRE)
    assert_refused(state, [(0, Swat(True), 0.0), (0, Swat(float(RED3)), 0.0),  # type: ignore[arg-type]
                           (0, Swat(str(RED3)), 0.0), (0, Swat(10**400), 0.0),  # type: ignore[arg-type]
                           (0, Swat(-1), 0.0), (0, "pass", 0.0), (0, None, 0.0)])


def test_a_card_or_a_die_too_deep_or_of_the_wrong_kind_is_refused() -> None:
    # A chance outcome nested thousands deep raised RecursionError.
    dealing = GAME.new(3, seed=1)
    assert_refused(dealing, [], chance=[nested(5000), [3], 3.0, True, "3", 10**400, -1])
    state = table(3, HANDS, CENTRE)
    state.apply(0, SWATS[RED3], 0.0)
    state.apply(1, PASS, 0.0)
    state.apply(2, PASS, 0.0)
    assert state.acting().kind == "chance"  # seat 0's die
    assert_refused(state, [], chance=[nested(5000), 7, 0, True, 1.0, "1", [1], None])
    state.apply_chance(6)


def test_drawing_at_the_signal_leaves_the_generator_alone() -> None:
    assert_draw_refused(table(3, HANDS, CENTRE))
