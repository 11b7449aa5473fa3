"""Covering geometry: a fly is covered when its whole round footprint lies inside the
landed swatter.  Exact cases, many angles, and properties against an independent check
that samples the footprint's rim and tests each point against the rectangle's edges."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.compiling import source_of
from gamenight.games.fly.geometry import (
    circle_inside_rectangle,
    over_table,
    point_in_rectangle,
)
from tests.games.fly.fly_table import rim_inside_by_sampling

R = 0.275  # the default fly: 0.55 in across
W, L = 1.0, 3.0


def test_a_circle_exactly_at_the_centre_is_inside() -> None:
    assert circle_inside_rectangle(2.0, 2.0, R, 2.0, 2.0, 0, W, L)


def test_a_circle_touching_an_edge_from_inside_is_covered() -> None:
    # Radius 0.25 and half-width 0.5: the centre 0.25 from the middle touches the side.
    assert circle_inside_rectangle(0.75, 1.5, 0.25, 0.5, 1.5, 0, W, L)
    assert circle_inside_rectangle(0.5, 2.75, 0.25, 0.5, 1.5, 0, W, L)  # the short end
    assert circle_inside_rectangle(1.75, 0.75, 0.25, 1.5, 0.75, 90, W, L)  # turned


def test_a_circle_crossing_an_edge_is_not_covered() -> None:
    assert not circle_inside_rectangle(0.76, 1.5, 0.25, 0.5, 1.5, 0, W, L)
    assert not circle_inside_rectangle(0.5, 2.76, 0.25, 0.5, 1.5, 0, W, L)


def test_a_circle_outside_is_not_covered() -> None:
    assert not circle_inside_rectangle(5.0, 5.0, R, 0.5, 1.5, 0, W, L)
    assert not circle_inside_rectangle(1.5, 1.5, R, 0.5, 1.5, 0, W, L)  # next card over


def test_a_circle_wider_than_the_swatter_is_never_covered() -> None:
    assert not circle_inside_rectangle(0.5, 1.5, 0.6, 0.5, 1.5, 0, W, L)


@pytest.mark.parametrize("angle", range(0, 360, 5))
def test_a_circle_on_the_swatters_long_axis_at_many_angles(angle: int) -> None:
    a = math.radians(angle)
    along = (-math.sin(a), math.cos(a))  # the swatter's long side at this angle
    for t, inside in ((0.0, True), (1.2, True), (1.225 - 1e-6, True), (1.23, False),
                      (2.0, False)):
        cx, cy = 3.0 + t * along[0], 3.0 + t * along[1]
        assert circle_inside_rectangle(cx, cy, R, 3.0, 3.0, angle, W, L) is inside, t
    across = (math.cos(a), math.sin(a))
    for t, inside in ((0.2, True), (0.225 - 1e-6, True), (0.23, False)):
        cx, cy = 3.0 + t * across[0], 3.0 + t * across[1]
        assert circle_inside_rectangle(cx, cy, R, 3.0, 3.0, angle, W, L) is inside, t


def test_turned_by_180_degrees_is_the_same_swatter() -> None:
    for angle in range(0, 180, 7):
        for cx, cy in ((3.2, 3.9), (2.6, 2.1), (3.0, 4.1)):
            assert (circle_inside_rectangle(cx, cy, R, 3, 3, angle, W, L)
                    == circle_inside_rectangle(cx, cy, R, 3, 3, angle + 180, W, L))


coords = st.floats(-2.0, 11.0, allow_nan=False)


@settings(max_examples=400, deadline=None)
@given(cx=coords, cy=coords, r=st.floats(0.05, 0.7), rx=coords, ry=coords,
       angle=st.floats(0.0, 360.0), w=st.floats(0.3, 2.0), length=st.floats(0.5, 4.0))
def test_exact_test_agrees_with_sampling_the_rim(cx: float, cy: float, r: float, rx: float,
                                                 ry: float, angle: float, w: float,
                                                 length: float) -> None:
    a = math.radians(angle)
    u = (cx - rx) * math.cos(a) + (cy - ry) * math.sin(a)
    v = -(cx - rx) * math.sin(a) + (cy - ry) * math.cos(a)
    margin = min(w / 2 - r - abs(u), length / 2 - r - abs(v))
    exact = circle_inside_rectangle(cx, cy, r, rx, ry, angle, w, length)
    if abs(margin) < 1e-4:
        return  # too close to the edge for 720 rim samples to decide
    assert exact == rim_inside_by_sampling(cx, cy, r, rx, ry, angle, w, length)
    assert exact == (margin > 0)


@settings(max_examples=300, deadline=None)
@given(cx=st.floats(0.0, 6.0), cy=st.floats(0.0, 6.0), angle=st.floats(0.0, 180.0))
def test_near_misses_by_sampling(cx: float, cy: float, angle: float) -> None:
    """Circles placed close around the swatter, where a wrong formula would show."""
    rx, ry = 3.0, 3.0
    exact = circle_inside_rectangle(cx, cy, R, rx, ry, angle, W, L)
    if exact:
        assert rim_inside_by_sampling(cx, cy, R, rx, ry, angle, W, L)
        assert point_in_rectangle(cx, cy, rx, ry, angle, W, L)


def test_covered_fraction_of_positions_matches_the_shrunk_rectangle_area() -> None:
    """Over a fine grid of fly positions, the share covered is the shrunk rectangle's
    area over the grid's area, at any angle (the test is rotation-invariant)."""
    for angle in (0, 33, 90, 137):
        n = covered = 0
        step = 0.02
        for i in range(200):
            for j in range(200):
                n += 1
                covered += circle_inside_rectangle(1.0 + i * step, 1.0 + j * step, R,
                                                   3.0, 3.0, angle, W, L)
        share = covered / n
        expected = (W - 2 * R) * (L - 2 * R) / 16.0
        assert share == pytest.approx(expected, rel=0.03)


def test_over_the_table_means_over_a_card_still_on_it() -> None:
    assert over_table(0.0, 0.0, 27) and over_table(9.0, 9.0, 27)
    assert not over_table(9.01, 1.0, 27) and not over_table(1.0, -0.01, 27)
    # 20 cards: rows 1 and 2 full, two cards in row 3.
    assert over_table(2.0, 7.5, 20) and not over_table(2.01, 7.5, 20)
    assert over_table(8.5, 6.0, 20)  # the bottom edge of row 2
    assert not over_table(math.nan, 1.0, 27) and not over_table(1.0, 1.0, 0)


def test_the_docstring_examples_hold() -> None:
    import doctest

    from gamenight.games.fly import actions, geometry, landing, table

    for module in (actions, geometry, landing, table):
        result = doctest.testmod(as_source(module), globs=dict(vars(module)))
        assert result.attempted > 0 and result.failed == 0, module.__name__


def as_source(module: ModuleType) -> ModuleType:
    """``module`` itself, or where it runs compiled (whose functions have no docstrings
    for doctest to find), its source loaded beside it under another name: its examples
    are found there and run against the compiled module's own names."""
    if str(module.__file__).endswith(".py"):
        return module
    root = Path(gamenight.__file__).resolve().parent.parent
    name = f"{module.__name__}_source"
    spec = importlib.util.spec_from_file_location(name, source_of(root, module.__name__))
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    sys.modules[name] = source  # (dataclasses look their module up while they are made)
    try:
        spec.loader.exec_module(source)
    finally:
        del sys.modules[name]
    return source
