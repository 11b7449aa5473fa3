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

from gamenight.games.fly.cards import CARD_HEIGHT, CARD_WIDTH, COLUMNS, FLY_PLACE

#: Float slack in favour of covering: a fly touching the swatter's edge from inside is
#: covered (the footprint lies inside the closed rectangle), whatever the rounding.
EPSILON = 1e-9


def cover_reach(radius: float, width: float, length: float) -> tuple[float, float]:
    """How far from the swatter's centre, across it and along it, a fly's centre may lie
    for the fly to be covered: the swatter's half-sizes shrunk by the fly's radius (with
    the slack of ``EPSILON`` in favour of covering).

    >>> cover_reach(0.25, 1, 3)
    (0.250000001, 1.250000001)
    """
    return width / 2 - radius + EPSILON, length / 2 - radius + EPSILON


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
    a = math.radians(angle_deg)
    cos_a, sin_a = math.cos(a), math.sin(a)
    dx, dy = cx - rx, cy - ry
    u = dx * cos_a + dy * sin_a  # across the swatter
    v = -dx * sin_a + dy * cos_a  # along the swatter
    reach_u, reach_v = cover_reach(radius, width, length)
    return abs(u) <= reach_u and abs(v) <= reach_v


def rectangle_corners(
    rx: float, ry: float, angle_deg: float, width: float, length: float,
) -> list[tuple[float, float]]:
    """The four corners of the turned rectangle, in order around it (for drawing)."""
    a = math.radians(angle_deg)
    cos_a, sin_a = math.cos(a), math.sin(a)
    corners = []
    for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        u, v = su * width / 2, sv * length / 2
        corners.append((rx + u * cos_a - v * sin_a, ry + u * sin_a + v * cos_a))
    return corners


def point_in_rectangle(
    px: float, py: float, rx: float, ry: float, angle_deg: float, width: float, length: float,
) -> bool:
    """True if the point lies inside the turned rectangle (edges included)."""
    a = math.radians(angle_deg)
    cos_a, sin_a = math.cos(a), math.sin(a)
    dx, dy = px - rx, py - ry
    return (abs(dx * cos_a + dy * sin_a) <= width / 2 + EPSILON
            and abs(-dx * sin_a + dy * cos_a) <= length / 2 + EPSILON)


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
