"""The one action of FLY: drop the swatter, aimed at a point and an angle.

An aim is written ``drop X Y A``: X and Y in inches with two decimals (the aim's
precision is a hundredth of an inch), A a whole number of degrees from 0 to 179 (a
rectangle turned by 180 degrees is the same rectangle).  The aim is kept as whole
hundredths and whole degrees, so an aim's text reads back to the very same aim.  A
person may write fewer decimals ("drop 0.5 1.5 0" is "drop 0.50 1.50 0"), never more.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from gamenight.engine import IllegalAction
from gamenight.games.fly.cards import CARD_HEIGHT, CARD_WIDTH, TABLE_CARDS

# ``aim_fields`` lives with the geometry, which is compiled: the aimer rounds many
# candidate aims a turn.  It is this module's rounding of an aim all the same.
from gamenight.games.fly.geometry import aim_fields as aim_fields
from gamenight.games.fly.geometry import over_table, slot_origin


@dataclass(frozen=True, slots=True)
class Drop:
    """Drop the swatter aimed at (x, y) inches, turned by ``angle`` degrees.

    Fields are whole hundredths of an inch and whole degrees; build one from inches with
    :meth:`aim`.
    """

    x100: int
    y100: int
    angle: int
    # The record text, made once: a simulation writes every action's text.
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"drop {_hundredths(self.x100)} "
                           f"{_hundredths(self.y100)} {self.angle}")

    @classmethod
    def aim(cls, x: float, y: float, angle: float) -> Drop:
        """The drop aimed nearest to (x, y) inches and ``angle`` degrees."""
        if not all(math.isfinite(v) for v in (x, y, angle)):
            raise IllegalAction(f"an aim is three finite numbers, not ({x}, {y}, {angle})")
        return cls(*aim_fields(x, y, angle))

    @property
    def x(self) -> float:
        return self.x100 / 100

    @property
    def y(self) -> float:
        return self.y100 / 100

    def __str__(self) -> str:
        return self.text


def _hundredths(value: object) -> str:
    if type(value) is not int:
        return str(value)  # not a valid aim; _verify refuses it, the text still shows it
    sign = "-" if value < 0 else ""
    whole, frac = divmod(abs(value), 100)
    return f"{sign}{whole}.{frac:02d}"


#: An aim's coordinates are at most this many hundredths from the table's corner (the
#: table is 18 x 9 inches): a bound that keeps every aim a float can hold.
AIM_LIMIT = 10**6
#: ASCII digits only: other scripts' digits would read as numbers whose text differs;
#: and few of them, so that no text reads as an aim too far away for a float.  Up to two
#: decimals: an aim is never finer than a hundredth of an inch.
_DROP = re.compile(r"drop (-?\d{1,4})(?:\.(\d{1,2}))? (-?\d{1,4})(?:\.(\d{1,2}))? (\d{1,3})",
                   re.ASCII)

#: FLY's actions: the one drop (FLY has no window or secret choice, so never a pass).
FlyAction = Drop


def parse_action(text: str) -> FlyAction:
    """The action written as ``text``: 'drop X Y A' (X and Y to two decimals at most).

    >>> parse_action("drop 0.5 1.5 0") == parse_action("drop 0.50 1.50 0") == Drop(50, 150, 0)
    True
    """
    m = _DROP.fullmatch(" ".join(text.split()))
    if m is not None:
        angle = int(m[5])
        if angle < 180:
            return Drop(_to_hundredths(m[1], m[2]), _to_hundredths(m[3], m[4]), angle)
    raise IllegalAction(
        f"not a FLY action: {text!r} (drop X Y ANGLE, e.g. 'drop 3.25 1.5 90': inches "
        "to two decimals at most, whole degrees 0-179)")


@lru_cache(maxsize=1 << 16)
def aim_over_table(x100: int, y100: int, cards: int) -> bool:
    """:func:`~gamenight.games.fly.geometry.over_table` for a drop's fields: whether the
    aim is over a table of ``cards`` cards.  Aims repeat from table to table (the grid's
    in random play, the bots' candidates), so the answers are remembered."""
    return over_table(x100 / 100, y100 / 100, cards)


def _to_hundredths(whole: str, decimals: str | None) -> int:
    """Whole hundredths of the number written ``whole.decimals`` ("-0" and "5": -50)."""
    fraction = int((decimals or "").ljust(2, "0"))
    return int(whole) * 100 + (-fraction if whole.startswith("-") else fraction)


def _grid_for(slot: int) -> tuple[Drop, ...]:
    """The aims the grid offers over one card place: the swatter along the card at three
    heights, turned across the row at four heights (to sweep flies of neighbouring cards
    at once), and turned half-way both ways at the card's centre."""
    x0, y0 = slot_origin(slot)
    cx = x0 + CARD_WIDTH / 2
    aims = [Drop.aim(cx, y0 + dy, 0) for dy in (1.0, 1.5, 2.0)]
    aims += [Drop.aim(cx, y0 + dy, 90) for dy in (0.75, 1.25, 1.75, 2.25)]
    aims += [Drop.aim(cx, y0 + CARD_HEIGHT / 2, a) for a in (45, 135)]
    return tuple(aims)


#: The aim grid: 9 aims over each card place, in place order.  ``legal_actions`` offers
#: the aims over the places that still hold a card (every one is over the table).  It is
#: fixed, so a discrete encoding can number it once.
AIMS_PER_PLACE = 9
AIM_GRID: tuple[Drop, ...] = tuple(a for slot in range(TABLE_CARDS) for a in _grid_for(slot))
#: The grid over a table of n cards (n = 0..27), made once: the hot loop never builds it.
GRID_FOR_CARDS: tuple[tuple[Drop, ...], ...] = tuple(
    AIM_GRID[:n * AIMS_PER_PLACE] for n in range(TABLE_CARDS + 1))
