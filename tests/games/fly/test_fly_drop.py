"""A turn: one drop of the swatter, aimed over the table; it lands with a flutter; every
fly it covers completely is collected; the swatter passes to the left."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from gamenight.engine import IllegalAction
from gamenight.games.fly.actions import AIM_GRID, AIMS_PER_PLACE, Drop, parse_action
from gamenight.games.fly.geometry import over_table
from gamenight.games.fly.landing import draw_landing, gauss, parse_landing
from gamenight.games.fly.rules import GAME
from tests.games.fly.fly_table import fly_at, laid_out, land, landing_text, rim_inside_by_sampling


def test_an_aim_reads_back_from_its_text() -> None:
    drop = Drop.aim(3.25, 1.5, 90)
    assert str(drop) == "drop 3.25 1.50 90"
    assert parse_action("drop 3.25 1.50 90") == drop
    assert parse_action("  drop  3.25 1.50   90 ") == drop
    assert str(Drop.aim(-0.5, 0.04, 180)) == "drop -0.50 0.04 0"
    assert parse_action("drop -0.50 0.04 0") == Drop(-50, 4, 0)


@settings(max_examples=300, deadline=None)
@given(st.floats(-20, 20), st.floats(-20, 20), st.floats(-720, 720))
def test_every_aim_text_parses_back_to_the_same_aim(x: float, y: float, angle: float) -> None:
    drop = Drop.aim(x, y, angle)
    assert parse_action(str(drop)) == drop
    assert str(parse_action(str(drop))) == str(drop)
    assert abs(drop.x - x) <= 0.005 + 1e-9 and abs(drop.y - y) <= 0.005 + 1e-9
    assert 0 <= drop.angle < 180


def test_a_person_may_write_an_aim_with_fewer_decimals() -> None:
    """Forgiving input: 'drop 0.5 1.5 0' is 'drop 0.50 1.50 0', and its text stays the
    record's."""
    for text in ("drop 0.5 1.5 0", "drop 0.50 1.50 0", "drop 0.5 1.50 0", " drop 0.5  1.5 0"):
        drop = parse_action(text)
        assert drop == Drop(50, 150, 0) and str(drop) == "drop 0.50 1.50 0"
    assert parse_action("drop 4 2 90") == Drop(400, 200, 90)
    assert parse_action("drop -0.5 -0.05 3") == Drop(-50, -5, 3)
    assert str(parse_action("drop -0 -0.0 0")) == "drop 0.00 0.00 0"
    # In play, the record keeps the canonical text.
    state = laid_out(players=2)
    state.apply_text(0, "drop 4.5 1.5 0")
    assert state.history[-1].value == "drop 4.50 1.50 0"


@pytest.mark.parametrize("text", ["drop", "drop 1.505 2.50 3", "drop 1. 2 3", "drop .5 2 3",
                                  "drop 1.50 2.50 3.0", "drop +1 2 3", "drop 1.50 2.50 180",
                                  "drop 1.50 2.50 -3", "swat 1.00 1.00 0", "drop 1.00 1.00 4.5",
                                  "drop a.00 1.00 0", "drop \u0661.00 1.00 0",
                                  "drop 1.00 1.00 \u0669\u0660"])
def test_not_an_aim(text: str) -> None:
    with pytest.raises(IllegalAction):
        parse_action(text)


def test_an_aim_needs_finite_numbers() -> None:
    for bad in ((float("nan"), 1.0, 0.0), (1.0, float("inf"), 0.0), (1.0, 1.0, float("nan"))):
        with pytest.raises(IllegalAction):
            Drop.aim(*bad)


def test_the_grid_offers_9_aims_over_each_card_still_on_the_table() -> None:
    assert len(AIM_GRID) == 27 * AIMS_PER_PLACE == len(set(AIM_GRID))
    state = laid_out(players=2)
    legal = state.legal_actions(0)
    assert legal == list(AIM_GRID)
    for drop in legal:
        assert state.can(0, drop)
        assert parse_action(str(drop)) == drop
    state.table = state.table[:20]
    state._place_flies()
    legal = state.legal_actions(0)
    assert len(legal) == 20 * AIMS_PER_PLACE
    assert all(over_table(d.x, d.y, 20) for d in legal)


def test_any_aim_over_the_table_is_legal_not_only_the_grid() -> None:
    state = laid_out(players=2)
    for x, y, a in ((0.0, 0.0, 0), (9.0, 9.0, 179), (4.37, 6.02, 33)):
        drop = Drop.aim(x, y, a)
        assert drop not in AIM_GRID
        assert state.can(0, drop)


def test_an_aim_off_the_table_is_refused_and_changes_nothing() -> None:
    state = laid_out(players=2)
    before = json.dumps(state.snapshot())
    for drop in (Drop.aim(9.01, 1.0, 0), Drop.aim(1.0, -0.01, 0), Drop.aim(20, 20, 0),
                 Drop(100, 100, 180), Drop(100, 100, -1)):
        with pytest.raises(IllegalAction):
            state.apply(0, drop)
    with pytest.raises(IllegalAction, match="not over the table"):
        state.apply(0, Drop.aim(9.5, 1.0, 0))
    assert json.dumps(state.snapshot()) == before and len(state.history) == 1


def test_one_drop_per_turn_then_the_swatter_passes_to_the_left() -> None:
    state = laid_out(players=3)
    seats = []
    for _ in range(7):
        seat = state.current
        seats.append(seat)
        state.apply(seat, Drop.aim(4.5, 4.5, 0))
        assert state.acting().kind == "chance"  # the swatter is falling
        with pytest.raises(IllegalAction, match="still falling"):
            state.apply(seat, Drop.aim(4.5, 4.5, 0))
        state.draw_chance()
    assert seats == [0, 1, 2, 0, 1, 2, 0]


def test_only_the_player_with_the_swatter_may_drop() -> None:
    state = laid_out(players=2)
    with pytest.raises(IllegalAction, match="holds the swatter"):
        state.apply(1, Drop.aim(4.5, 4.5, 0))
    with pytest.raises(IllegalAction):
        state.apply(0, "drop 4.50 4.50 0")


def test_every_fly_completely_covered_is_collected_by_the_dropping_player() -> None:
    state = laid_out(players=2)
    x, y = fly_at(state, 10)
    # Across row 2 at the fly's height: neighbours whose flies lie at other heights
    # are only partly covered and stay.
    got = land(state, x, y, 90.0)
    assert 10 in got
    for card in got:
        slot = card  # the table was laid in id order
        fx, fy = fly_at(laid_out(), slot)
        assert abs(fy - y) <= 0.225 + 1e-9 and abs(fx - x) <= 1.225 + 1e-9
    assert state.collected[0] == got and state.collected[1] == []


def test_a_fly_only_partly_covered_is_not_collected() -> None:
    state = laid_out(players=2)
    x, y = fly_at(state, 0)
    assert land(state, x + 0.3, y, 0.0) == []  # the swatter's side crosses the fly
    assert state.table == list(range(27))


def test_a_swatter_that_covers_no_fly_whole_collects_nothing_and_still_passes() -> None:
    state = laid_out(players=2)
    assert land(state, 0.0, 0.0, 45.0) == []
    assert state.current == 1 and state.collected == [[], []]
    assert state.last is not None and state.last.covered == ()


def test_the_landing_is_a_chance_outcome_in_the_record() -> None:
    state = laid_out(players=2, seed=9)
    state.apply(0, Drop.aim(4.5, 4.5, 30))
    landing = state.draw_chance()
    assert state.history[-1].seat is None and state.history[-1].value == landing
    assert json.loads(json.dumps(landing)) == landing
    x, y, a = map(float, landing.split())
    assert state.last is not None and state.last.landing == (x, y, a)
    assert state.chance_outcomes() is None  # continuous: sampled, never listed


def test_a_landing_is_x_y_angle_as_text_with_an_angle_below_180() -> None:
    state = laid_out(players=2)
    state.apply(0, Drop.aim(4.5, 4.5, 30))
    for bad in ([1.0, 2.0, 3.0], "1.0000 2.0000", "nan 1.0000 2.00", "4.5 4.5 30.001",
                "4.50001 4.5 30", "4.5 4.5 30.", ".5 4.5 30", "\u0661.0000 2.0000 3.00",
                "1.0000 2.0000 180.00", "1.0000 2.0000 -3.00", None, list(range(27))):
        with pytest.raises(IllegalAction):
            state.apply_chance(bad)
    assert state.phase == "landing"


def test_a_person_may_write_a_landing_with_fewer_decimals() -> None:
    """Forgiving input: the landing '0.5 1.5 0' is the landing '0.5000 1.5000 0.00'."""
    assert parse_landing("0.5 1.5 0") == parse_landing("0.5000 1.5000 0.00") == (0.5, 1.5, 0.0)
    assert parse_landing("4 -1.25 179.5") == (4.0, -1.25, 179.5)
    short, full = laid_out(players=2), laid_out(players=2)
    x, y = fly_at(short, 7)
    for state, text in ((short, f"{x:.2f} {y:.2f} 0"), (full, f"{x:.4f} {y:.4f} 0.00")):
        state.apply(0, Drop.aim(x, y, 0))
        state.apply_chance(text)
    assert short.collected == full.collected == [[7], []]
    assert short.view(None) == full.view(None)


def flutters(seed: int, n: int, **options: float) -> tuple[list[float], list[float], list[float]]:
    state = laid_out(players=2, seed=seed, **options)
    state.apply(0, Drop.aim(4.5, 4.5, 90))
    dx, dy, da = [], [], []
    for _ in range(n):
        x, y, a = map(float, state.sample_chance().split())
        dx.append(x - 4.5)
        dy.append(y - 4.5)
        da.append((a - 90 + 90) % 180 - 90)
    return dx, dy, da


def test_it_lands_at_the_aim_plus_a_normal_flutter_of_0_35_in_and_20_degrees() -> None:
    dx, dy, da = flutters(seed=1, n=2000)
    for sample, sigma in ((dx, 0.35), (dy, 0.35), (da, 20.0)):
        assert stats.kstest(sample, "norm", args=(0, sigma)).pvalue > 0.01
        # A flutter twice as large (or half) is firmly rejected.
        assert stats.kstest(sample, "norm", args=(0, 2 * sigma)).pvalue < 1e-6
        assert stats.kstest(sample, "norm", args=(0, sigma / 2)).pvalue < 1e-6
    assert abs(stats.pearsonr(dx, dy).statistic) < 0.1


def test_the_steadiness_option_scales_the_flutter() -> None:
    dx, _, da = flutters(seed=2, n=1000, flutter=2.0)
    assert stats.kstest(dx, "norm", args=(0, 0.7)).pvalue > 0.01
    assert stats.kstest(da, "norm", args=(0, 40.0)).pvalue > 0.01
    dx, dy, da = flutters(seed=3, n=20, flutter=0.0)
    assert set(dx) == set(dy) == set(da) == {0.0}


def test_a_steady_hand_covers_what_it_aims_at() -> None:
    state = laid_out(players=2, flutter=0.0)
    x, y = fly_at(state, 5)
    state.apply(0, Drop.aim(x, y, 0))
    state.draw_chance()
    assert state.collected[0] == [5]


def test_random_play_ends_every_game_with_the_two_blanks_left() -> None:
    from gamenight.sim.random_play import random_playout

    for seed in range(5):
        state = GAME.new(4, seed=seed)
        steps = random_playout(state, random.Random(seed))
        assert steps == len(state.history) == 1 + 2 * state.drops
        assert state.is_over and sorted(state.table) == [25, 26]


def test_no_landing_can_be_drawn_when_no_swatter_is_falling() -> None:
    """Drawing chance when none is due raises IllegalAction (as every illegal step does)
    and leaves the game and its generator as they were."""
    state = laid_out(players=2)
    for _ in range(2):  # in the aim phase, and once the game is over
        before, rng = json.dumps(state.snapshot()), state.rng.getstate()
        with pytest.raises(IllegalAction, match="no chance event"):
            state.sample_chance()
        with pytest.raises(IllegalAction, match="no chance event"):
            state.draw_chance()
        assert json.dumps(state.snapshot()) == before and state.rng.getstate() == rng
        state.table = [25, 26]
        state._place_flies()
        state.phase = "over"


def test_a_covered_blank_card_is_never_collected() -> None:
    """'The two blank Table Cards (no flies) ... cannot be collected': a swatter lying
    square on a blank card takes nothing; one lying over a blank and a fly takes the
    fly's card only."""
    from tests.games.fly.fly_table import order_with

    state = laid_out(players=2, order=order_with({0: 25, 9: 7}))
    assert land(state, 0.5, 1.5, 0.0) == []  # exactly on the blank at place 0
    assert state.table[0] == 25 and state.current == 1
    # A swatter 1 x 6 in along the first column lies over places 0 (blank) and 9 whole.
    state = laid_out(players=2, order=order_with({0: 25, 9: 7}), swatter_length=6.0)
    assert land(state, 0.5, 3.0, 0.0) == [7]
    assert 25 in state.table and state.collected[0] == [7]


@settings(max_examples=300, deadline=None)
@given(order=st.permutations(range(27)), cards=st.integers(1, 27),
       x=st.floats(-1.0, 10.0), y=st.floats(-1.0, 10.0), angle=st.floats(0.0, 179.99),
       diameter=st.sampled_from([0.55, 0.3, 0.75]),
       size=st.sampled_from([(1.0, 3.0), (1.0, 3.0), (2.0, 2.0), (0.8, 5.5)]))
def test_the_cards_collected_are_exactly_the_flies_whose_footprint_lies_inside(
        order: list[int], cards: int, x: float, y: float, angle: float, diameter: float,
        size: tuple[float, float]) -> None:
    """Whatever the table, the landing and the sizes, the dropping player collects every
    fly the independent geometry puts wholly inside the landed swatter, and no other."""
    from gamenight.games.fly.geometry import circle_inside_rectangle, fly_centre

    width, length = size
    state = laid_out(players=2, order=order, fly_diameter=diameter, swatter_width=width,
                     swatter_length=length)
    state.table = state.table[:cards]  # a packed table part-way through a game
    state._place_flies()
    x, y, angle = (float(v) for v in landing_text(x, y, angle).split())
    expected = []
    for slot, card in enumerate(state.table):
        centre = fly_centre(card, slot)
        if centre is None:
            continue
        inside = circle_inside_rectangle(*centre, diameter / 2, x, y, angle, width, length)
        if inside:
            expected.append(card)
        a = math.radians(angle)
        u = (centre[0] - x) * math.cos(a) + (centre[1] - y) * math.sin(a)
        v = (centre[1] - y) * math.cos(a) - (centre[0] - x) * math.sin(a)
        margin = min(width / 2 - diameter / 2 - abs(u), length / 2 - diameter / 2 - abs(v))
        if abs(margin) > 1e-4:  # clear of the edge: the rim samples decide too
            assert inside == rim_inside_by_sampling(*centre, diameter / 2, x, y, angle,
                                                    width, length, n=360)
    table = list(state.table)
    got = land(state, x, y, angle, aim=Drop.aim(0.5, 1.5, 0))
    assert got == expected
    assert sorted(state.table) == sorted(c for c in table if c not in expected)


def test_the_flutter_draws_what_pythons_gauss_draws_and_leaves_the_generator_alike() -> None:
    # The landing's normals are Python's own ``Random.gauss``, written out so that it
    # runs compiled: the same numbers, in pairs, and the same state after each.
    ours, pythons = random.Random(41), random.Random(41)
    for i in range(2_001):
        mu, sigma = (i % 7) - 3.0, 0.05 * (i % 11)
        assert gauss(ours, mu, sigma) == pythons.gauss(mu, sigma)
        assert ours.getstate() == pythons.getstate()


def test_a_landing_carried_out_is_the_one_its_text_reads_as() -> None:
    rng = random.Random(5)
    for i in range(3_000):
        aim = AIM_GRID[i % len(AIM_GRID)]
        text, landing = draw_landing(rng, aim, 0.35 * (i % 4), 20.0 * (i % 3))
        assert parse_landing(text) == landing
        # Drawn with ``%`` formatting, written as the record's own writer writes it.
        assert text == landing_text(*landing)
        assert [math.copysign(1.0, v) for v in parse_landing(text) or ()] == [
            math.copysign(1.0, v) for v in landing]
