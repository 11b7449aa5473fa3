"""Where things lie on the table, in inches.

Coordinates: x to the right from the table's left edge (the box side), y down from the
top edge of row 1.  The card in row r (0 = row 1), column c (0 = first card, next to the
box) covers x in [c, c + 1], y in [3r, 3r + 3].

The swatter is a rectangle (width x length, 1 x 3 in by default) centred on a point and
turned by an angle in degrees: at 0 its long side runs down the table like the table
cards; the angle turns it clockwise as seen from above (x right, y down); 90 lies it
across a row.  A rectangle turned by 180 degrees is the same rectangle, so angles are
taken modulo 180.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from gamenight.games.fly.cards import CARD_HEIGHT, CARD_WIDTH, COLUMNS, FLY_PLACE

#: Float slack in favour of covering: a fly touching the swatter's edge from inside is
#: covered (the footprint lies inside the closed rectangle), whatever the rounding.
EPSILON = 1e-9

if TYPE_CHECKING:
    import numpy as np

#: A coordinate: a number, or an array of them (the bots judge many landings at once).
Coord = TypeVar("Coord", float, "np.ndarray")


def cover_reach(radius: float, width: float, length: float) -> tuple[float, float]:
    """How far from the swatter's centre, across it and along it, a fly's centre may lie
    for the fly to be covered: the swatter's half-sizes shrunk by the fly's radius (with
    the slack of ``EPSILON`` in favour of covering).

    >>> cover_reach(0.25, 1, 3)
    (0.250000001, 1.250000001)
    """
    return width / 2 - radius + EPSILON, length / 2 - radius + EPSILON


def to_swatter(px: Coord, py: Coord, x0: Coord, y0: Coord, cos_a: Coord,
               sin_a: Coord) -> tuple[Coord, Coord]:
    """The point (px, py) in the frame of a swatter centred on (x0, y0) and turned by
    the angle whose cosine and sine are given: how far across the swatter (u) and along
    it (v).  The one place the frame is worked out: the rules' cover test, the bots,
    the screen and the research encoding all turn points with it and :func:`from_swatter`
    (they take numbers or NumPy arrays alike).

    >>> to_swatter(1.0, 2.0, 1.0, 1.0, 0.0, 1.0)  # at 90 degrees, down the table is across
    (1.0, 0.0)
    """
    dx = px - x0
    dy = py - y0
    # (mypyc's own type check, unlike mypy's, takes the sums of a constrained TypeVar
    # for its bound: the ignore is for it, and unused for mypy.)
    return dx * cos_a + dy * sin_a, dy * cos_a - dx * sin_a  # type: ignore[return-value, unused-ignore]


def from_swatter(u: Coord, v: Coord, x0: Coord, y0: Coord, cos_a: Coord,
                 sin_a: Coord) -> tuple[Coord, Coord]:
    """The table point ``u`` across and ``v`` along a swatter centred on (x0, y0): the
    inverse of :func:`to_swatter`.

    >>> from_swatter(1.0, 0.0, 1.0, 1.0, 0.0, 1.0)
    (1.0, 2.0)
    """
    # (mypyc's own type check, unlike mypy's, takes the sums of a constrained TypeVar
    # for its bound: the ignore is for it, and unused for mypy.)
    return x0 + u * cos_a - v * sin_a, y0 + u * sin_a + v * cos_a  # type: ignore[return-value, unused-ignore]


def cos_sin(angle_deg: float) -> tuple[float, float]:
    """The cosine and sine of a swatter's angle in degrees."""
    a = math.radians(angle_deg)
    return math.cos(a), math.sin(a)


def line_angle(start: tuple[float, float], end: tuple[float, float]) -> float:
    """The angle (0 to 180 degrees) that lays the swatter's long side along the line
    from ``start`` to ``end``: the long side runs along (-sin a, cos a).

    >>> line_angle((0.0, 0.0), (0.0, 2.0)), line_angle((0.0, 0.0), (2.0, 0.0))
    (0.0, 90.0)
    """
    return math.degrees(math.atan2(-(end[0] - start[0]), end[1] - start[1])) % 180.0


def frame_box(points: Sequence[tuple[float, float]],
              angle_deg: float) -> tuple[float, float, float, float]:
    """The smallest swatter-frame box around ``points`` for a swatter at ``angle_deg``:
    its centre on the table (x, y) and how far it spans across and along the swatter.
    A swatter centred there covers the points' centres at once exactly when the spans
    fit its width and length less a fly's diameter."""
    x0, y0 = points[0]
    cos_a, sin_a = cos_sin(angle_deg)
    frame = [to_swatter(x, y, x0, y0, cos_a, sin_a) for x, y in points]
    us = [u for u, _ in frame]
    vs = [v for _, v in frame]
    lo_u, hi_u, lo_v, hi_v = min(us), max(us), min(vs), max(vs)
    x, y = from_swatter((hi_u + lo_u) / 2, (hi_v + lo_v) / 2, x0, y0, cos_a, sin_a)
    return x, y, hi_u - lo_u, hi_v - lo_v


def line_aim(points: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """The aim (x, y, angle) with the swatter's long side along the line from the first
    point to the last, centred on the points in the swatter's own frame (for two points:
    their midpoint).

    >>> line_aim([(0.5, 1.0), (1.5, 1.0)])
    (1.0, 1.0, 90.0)
    """
    angle = line_angle(points[0], points[-1])
    x, y, _, _ = frame_box(points, angle)
    return x, y, angle


def within_reach(px: float, py: float, x0: float, y0: float, cos_a: float, sin_a: float,
                 reach_u: float, reach_v: float) -> bool:
    """True if the point lies within ``reach_u`` across and ``reach_v`` along a swatter
    centred on (x0, y0) (see :func:`cover_reach` for the reach of a fly's centre)."""
    u, v = to_swatter(px, py, x0, y0, cos_a, sin_a)
    return abs(u) <= reach_u and abs(v) <= reach_v


def circle_inside_rectangle(
    cx: float, cy: float, radius: float,
    rx: float, ry: float, angle_deg: float, width: float, length: float,
) -> bool:
    """True if the circle (centre cx, cy) lies wholly inside the turned rectangle.

    Exact and cheap: in the rectangle's own frame (u across it, v along it) the circle is
    inside exactly when its centre lies within the half-sizes shrunk by the radius.
    Touching an edge from inside counts as inside.

    >>> circle_inside_rectangle(0.5, 1.5, 0.275, 0.5, 1.5, 0, 1, 3)
    True
    >>> circle_inside_rectangle(0.5, 1.5, 0.275, 1.5, 1.5, 90, 1, 3)
    True
    >>> circle_inside_rectangle(0.5, 1.5, 0.275, 1.5, 1.5, 0, 1, 3)
    False
    """
    cos_a, sin_a = cos_sin(angle_deg)
    return within_reach(cx, cy, rx, ry, cos_a, sin_a, *cover_reach(radius, width, length))


def covered_flies(flies: Iterable[tuple[int, int, float, float]], x: float, y: float,
                  angle_deg: float, reach_u: float, reach_v: float) -> list[int]:
    """The places (the first of each ``(place, card, fly x, fly y)``) whose fly's centre
    lies within the reach of a swatter landed at (x, y, angle): the flies it covers
    whole, for the reach of :func:`cover_reach`."""
    cos_a, sin_a = cos_sin(angle_deg)
    # No fly farther than the reach's diagonal can be inside, so most are skipped
    # cheaply; the bound is a little over it, so rounding never skips one inside.
    diagonal2 = (reach_u * reach_u + reach_v * reach_v) * (1 + 1e-6)
    out = []
    for place, _card, fx, fy in flies:
        dx = fx - x
        dy = fy - y
        if dx * dx + dy * dy <= diagonal2:
            u, v = to_swatter(fx, fy, x, y, cos_a, sin_a)
            if abs(u) <= reach_u and abs(v) <= reach_v:
                out.append(place)
    return out


def rectangle_corners(
    rx: float, ry: float, angle_deg: float, width: float, length: float,
) -> list[tuple[float, float]]:
    """The four corners of the turned rectangle, in order around it (for drawing)."""
    cos_a, sin_a = cos_sin(angle_deg)
    return [from_swatter(su * width / 2, sv * length / 2, rx, ry, cos_a, sin_a)
            for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def point_in_rectangle(
    px: float, py: float, rx: float, ry: float, angle_deg: float, width: float, length: float,
) -> bool:
    """True if the point lies inside the turned rectangle (edges included)."""
    cos_a, sin_a = cos_sin(angle_deg)
    return within_reach(px, py, rx, ry, cos_a, sin_a, width / 2 + EPSILON,
                        length / 2 + EPSILON)


def slot_origin(slot: int, columns: int = COLUMNS) -> tuple[float, float]:
    """The top-left corner of a card place (slots in reading order: row 1 left to right,
    then row 2, ...)."""
    row, col = divmod(slot, columns)
    return col * CARD_WIDTH, row * CARD_HEIGHT


def fly_centre(card: int, slot: int) -> tuple[float, float] | None:
    """Where the fly of ``card`` lies when the card is at ``slot`` (None for a blank)."""
    place = FLY_PLACE[card]
    if place is None:
        return None
    x0, y0 = slot_origin(slot)
    return x0 + place[0], y0 + place[1]


def aim_fields(x: float, y: float, angle: float) -> tuple[int, int, int]:
    """The fields (x100, y100, angle) of the drop aimed nearest to (x, y) inches and
    ``angle`` degrees (finite numbers): whole hundredths of an inch and whole degrees
    modulo 180 (``actions.Drop``).  Two aims are the same drop exactly when their
    fields are equal, so the aimer sorts out its many candidate aims by these plain
    tuples and makes a ``Drop`` only of the one it chooses.

    >>> aim_fields(3.254, 1.5, 270)
    (325, 150, 90)
    """
    return round(x * 100), round(y * 100), round(angle) % 180


def over_table(x: float, y: float, cards: int, columns: int = COLUMNS) -> bool:
    """True if the point (x, y) lies over a card of a table of ``cards`` cards.

    The table is always packed (consolidation leaves gaps only at the end of the lowest
    row), so it is the full rows plus the start of the lowest row; edges count.
    """
    if cards <= 0 or not (math.isfinite(x) and math.isfinite(y)):
        return False
    full, rest = divmod(cards, columns)
    if 0.0 <= x <= columns * CARD_WIDTH and 0.0 <= y <= full * CARD_HEIGHT:
        return True
    return (rest > 0 and 0.0 <= x <= rest * CARD_WIDTH
            and full * CARD_HEIGHT <= y <= (full + 1) * CARD_HEIGHT)


def table_area(cards: int, columns: int = COLUMNS) -> float:
    """Square inches of table covered by ``cards`` cards."""
    return cards * CARD_WIDTH * CARD_HEIGHT if cards > 0 else 0.0
