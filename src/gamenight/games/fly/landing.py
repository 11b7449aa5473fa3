"""Where a dropped swatter lands: the chance outcome ``X Y ANGLE``, how it is drawn, and
what the latest drop did (``LastDrop``).

A landing is written ``X Y ANGLE``: the swatter's centre in inches and its angle in
degrees (0 up to 180).  The generator writes 4 decimals of an inch and 2 of a degree
("4.5000 1.5000 30.00"), and the landing carried out is exactly the one written.  A
person may write fewer ("4.5 1.5 30"): it is the same landing, read the same way.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import cast

from gamenight.games.fly.actions import Drop
from gamenight.games.fly.views import LastDropView, Move

#: A landing's numbers have few digits before the point (a landing is within inches of
#: the table), so no text reads as one too far away for a float, or infinitely far; and
#: no more decimals than the record writes, so no text claims a finer landing than that.
_LANDING = re.compile(r"(-?\d{1,6}(?:\.\d{1,4})?) (-?\d{1,6}(?:\.\d{1,4})?) "
                      r"(\d{1,3}(?:\.\d{1,2})?)", re.ASCII)

Landing = tuple[float, float, float]


def parse_landing(text: object) -> Landing | None:
    """(x, y, angle) from a landing's text 'X Y ANGLE'; None if it is not one.

    >>> parse_landing("0.5 1.5 0") == parse_landing("0.5000 1.5000 0.00") == (0.5, 1.5, 0.0)
    True
    >>> parse_landing("0.5 1.5 180") is None
    True
    """
    if not isinstance(text, str):
        return None
    m = _LANDING.fullmatch(text)
    if m is None:
        return None
    angle = float(m[3])
    if angle >= 180.0:
        return None
    return float(m[1]), float(m[2]), angle


def landing_text(x: float, y: float, angle: float) -> str:
    """A landing as the record writes it (the text of its chance outcome).

    >>> landing_text(0.5, 1.5, 0)
    '0.5000 1.5000 0.00'
    """
    return f"{x:.4f} {y:.4f} {angle:.2f}"


def gauss(rng: random.Random, mu: float, sigma: float) -> float:
    """``rng.gauss(mu, sigma)``: the very number, leaving ``rng`` in the very state.

    Python's own method (``random.py``, Box-Muller: each pair's second number is kept in
    ``gauss_next`` for the next call), written out here so that it runs compiled: every
    drop draws three of them, and the interpreted method was a tenth of random play.  A
    generator of another make keeps its own method."""
    if type(rng) is not random.Random:
        return rng.gauss(mu, sigma)
    # ``gauss_next`` is the generator's own attribute, which typeshed does not declare.
    kept = getattr(rng, "gauss_next")  # noqa: B009
    if kept is None:
        x2pi = rng.random() * math.tau
        g2rad = math.sqrt(-2.0 * math.log(1.0 - rng.random()))
        z = math.cos(x2pi) * g2rad
        setattr(rng, "gauss_next", math.sin(x2pi) * g2rad)  # noqa: B010
    else:
        z = cast(float, kept)
        setattr(rng, "gauss_next", None)  # noqa: B010
    return mu + z * sigma


def draw_landing(rng: random.Random, aim: Drop, sigma_pos: float,
                 sigma_angle: float) -> tuple[str, Landing]:
    """Where a swatter aimed at ``aim`` lands, drawn from ``rng``: its text and the
    landing it reads as.  The falling card drifts and turns: dx, dy ~ N(0, sigma_pos),
    dangle ~ N(0, sigma_angle)."""
    x = aim.x100 / 100 + gauss(rng, 0.0, sigma_pos)
    y = aim.y100 / 100 + gauss(rng, 0.0, sigma_pos)
    angle = (aim.angle + gauss(rng, 0.0, sigma_angle)) % 180.0
    if angle >= 179.995:  # would print as 180.00, the same swatter as 0.00
        angle = 0.0
    # The landing carried out is exactly the recorded one: each number as its text reads
    # back (the text rounds the float's exact value correctly, half to even, as
    # ``round(x, 4)`` does, which would write the decimals a second time).  Written with
    # ``%``, the same text as ``f"{x:.4f}"``: compiled, an f-string with a format spec
    # becomes a ``str.format`` call that parses its template at every drop (a fifth of
    # the drawing, measured), where ``%`` formats the float directly.
    x_text, y_text, angle_text = "%.4f" % x, "%.4f" % y, "%.2f" % angle  # noqa: UP031
    return (f"{x_text} {y_text} {angle_text}",
            (float(x_text), float(y_text), float(angle_text)))


@dataclass(frozen=True, slots=True)
class LastDrop:
    """The public facts of the latest drop, for views and the screen: who dropped, the
    aim, the landing, the flies covered (in place order), the table as the swatter landed
    on it, and the consolidation moves that followed."""

    seat: int
    aim: Drop
    landing: Landing
    covered: tuple[int, ...]
    before: tuple[int, ...]
    moves: tuple[Move, ...]

    def to_json(self) -> LastDropView:
        x, y, angle = self.landing
        return {
            "seat": self.seat,
            "aim": {"x": self.aim.x, "y": self.aim.y, "angle": self.aim.angle},
            "landing": {"x": x, "y": y, "angle": angle},
            "covered": list(self.covered),
            "before": list(self.before),
            "moves": [m.to_json() for m in self.moves],
        }

    def __deepcopy__(self, memo: dict[int, object]) -> LastDrop:
        # Frozen all the way down: a cloned game shares it.
        return self
