"""The aimer's arithmetic (``bots.AimerBot``), as plain loops over floats that mypyc
compiles (``compiled.txt``): which flies each candidate aim covers if it lands true (the
first stage, once per table), the worth it would collect so, the aims to weigh with care,
and their expected worth over the landings drawn (the second stage, at every drop).

The flies' worths are whole numbers (twentieths of a point: ``bots._worth``), so every sum
here is exact and comes out the same in any order: the aimer's choices do not depend on
how a library or a CPU adds them up.  The cover test is the rules' own: a fly is covered
where its centre, turned into the swatter's frame (``geometry.to_swatter``'s arithmetic),
lies within the reach across and along (``geometry.cover_reach``)."""

from __future__ import annotations

import math
from typing import Final


def near_bound(reach_u: float, reach_v: float, drift: float) -> float:
    """How far from an aim a fly may lie and still be covered by a landing at most
    ``drift`` from it: the swatter's half-diagonal (the reach across and along, see
    ``geometry.cover_reach``) past the drift, with a little slack, so that rounding never
    sorts out a fly that is covered."""
    return (math.hypot(reach_u, reach_v) + drift) * (1 + 1e-6) + 1e-9


#: Each whole degree's radians (``math.radians``: the very numbers of ``Drop``'s angle in
#: radians), cosine and sine, for the aims' angles (whole degrees below 180).
_RADIANS: Final = [math.radians(a) for a in range(180)]
_COS: Final = [math.cos(r) for r in _RADIANS]
_SIN: Final = [math.sin(r) for r in _RADIANS]


def covered_true(flies: list[tuple[float, float]], aims: list[tuple[int, int, int]],
                 reach_u: float, reach_v: float,
                 ) -> tuple[list[tuple[float, float, float]], list[tuple[int, ...]]]:
    """For each of ``aims`` (drop fields: x and y in hundredths of an inch, the angle in
    whole degrees below 180), its centre in inches and its angle in radians, and the
    flies (indices into ``flies``) that it covers if it lands true, in table order.
    Whole hundredths are exact as floats, so dividing gives the very numbers ``Drop.x``
    and ``Drop.y`` do; a fly farther than :func:`near_bound` is not turned into the
    swatter's frame, and only the flies whose x lies within it (a little wider, so that
    rounding never leaves out a near one) are measured at all."""
    bound = near_bound(reach_u, reach_v, 0.0)
    bound2 = bound * bound
    wide = bound * (1 + 1e-9) + 1e-9
    n = len(flies)
    order = sorted(range(n), key=lambda f: flies[f][0])  # the flies from left to right
    xs = [flies[f][0] for f in order]
    ys = [flies[f][1] for f in order]
    spots: list[tuple[float, float, float]] = []
    covers: list[tuple[int, ...]] = []
    for x100, y100, angle in aims:
        ax = x100 / 100
        ay = y100 / 100
        aa = _RADIANS[angle]
        spots.append((ax, ay, aa))
        cos_a = _COS[angle]
        sin_a = _SIN[angle]
        # The first fly at or right of ax - wide (a binary search over xs).
        low = ax - wide
        lo = 0
        hi = n
        while lo < hi:
            mid = (lo + hi) // 2
            if xs[mid] < low:
                lo = mid + 1
            else:
                hi = mid
        high = ax + wide
        covered: list[int] = []
        for i in range(lo, n):
            fx = xs[i]
            if fx > high:
                break
            gx = fx - ax
            gy = ys[i] - ay
            if (gx * gx + gy * gy <= bound2 and abs(gx * cos_a + gy * sin_a) <= reach_u
                    and abs(gy * cos_a - gx * sin_a) <= reach_v):
                covered.append(order[i])
        covered.sort()
        covers.append(tuple(covered))
    return spots, covers


def worth_covered(covers: list[tuple[int, ...]], worths: list[float]) -> list[float]:
    """For each aim, the summed worth of the flies it covers (``covers``, see
    :func:`covered_true`): what it collects if it lands true."""
    out: list[float] = []
    for covered in covers:
        total = 0.0
        for f in covered:
            total += worths[f]
        out.append(total)
    return out


def best_first(worths: list[float], keep: int) -> list[int]:
    """The indices of the ``keep`` largest of ``worths``, the largest first, and of equal
    ones the first: a stable sort's first ``keep`` (as NumPy's stable ``argsort`` of
    their negatives gave them), found in one pass that skips every worth not above the
    least kept while ``keep`` are kept."""
    top: list[int] = []
    tops: list[float] = []  # their worths, largest first
    if keep <= 0:
        return top
    kept = 0
    floor = 0.0  # the least worth kept, once ``keep`` are
    for i, worth in enumerate(worths):
        if kept == keep and worth <= floor:
            continue
        at = kept  # after every kept worth at least as large (the earlier index first)
        while at > 0 and tops[at - 1] < worth:
            at -= 1
        top.insert(at, i)
        tops.insert(at, worth)
        if kept == keep:
            top.pop()
            tops.pop()
        else:
            kept += 1
        floor = tops[kept - 1]
    return top


def expected_worths(flies: list[tuple[float, float]], worths: list[float],
                    aims: list[tuple[float, float, float]], drawn: list[list[float]],
                    sigma_pos: float, sigma_angle: float, reach_u: float,
                    reach_v: float) -> list[float]:
    """Each of ``aims`` (x, y, angle in radians) weighed over its landings: the mean over
    them of the summed worth (``worths``, whole numbers) of the flies at ``flies`` that
    each landing covers.

    ``drawn`` is three rows of standard normal numbers, one column a landing: landing s
    of an aim lies ``sigma_pos`` times the first two rows' numbers from it, turned by
    ``sigma_angle`` (radians) times the third's.  A landing covers only flies within
    :func:`near_bound` of its aim, the farthest drift drawn included; the others are not
    turned into its frame."""
    across, along, turns = drawn[0], drawn[1], drawn[2]
    samples = len(turns)
    # The farthest drift: the square root of the largest square is the largest square
    # root (the root is correctly rounded, so it keeps the order).
    farthest = 0.0
    for s in range(samples):
        dx = across[s]
        dy = along[s]
        square = dx * dx + dy * dy
        if square > farthest:
            farthest = square
    bound = near_bound(reach_u, reach_v, abs(sigma_pos) * math.sqrt(farthest))
    bound2 = bound * bound
    shift_x = [sigma_pos * d for d in across]
    shift_y = [sigma_pos * d for d in along]
    turn = [sigma_angle * d for d in turns]
    out: list[float] = []
    for ax, ay, aa in aims:
        near_x: list[float] = []
        near_y: list[float] = []
        near_w: list[float] = []
        for f in range(len(flies)):
            fx, fy = flies[f]
            gx = fx - ax
            gy = fy - ay
            if gx * gx + gy * gy <= bound2:
                near_x.append(fx)
                near_y.append(fy)
                near_w.append(worths[f])
        total = 0.0
        n = len(near_w)
        if n:
            for s in range(samples):
                lx = ax + shift_x[s]
                ly = ay + shift_y[s]
                la = aa + turn[s]
                cos_a = math.cos(la)
                sin_a = math.sin(la)
                for j in range(n):
                    dx = near_x[j] - lx
                    dy = near_y[j] - ly
                    if (abs(dx * cos_a + dy * sin_a) <= reach_u
                            and abs(dy * cos_a - dx * sin_a) <= reach_v):
                        total += near_w[j]
        out.append(total / samples)
    return out
