"""FLY's bots: ``random`` aims anywhere over the table; ``aimer`` aims where it expects
the most gain, by Monte Carlo over its own model of the flutter.

The aimer's level is its eye and hand (:data:`HANDS`): how many of the best-looking
aims it weighs with care, and how far from the aim it chose its swatter goes (a person
lining up the ghost swatter misjudges a little, and a child more; the table's flutter
comes on top, for everyone alike)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from typing import NamedTuple

import numpy as np

from gamenight.bots.base import Bot, Clock, bot_number
from gamenight.bots.levels import DEFAULT_LEVEL, LEVELS
from gamenight.engine import View
from gamenight.games.fly.actions import Drop, FlyAction
from gamenight.games.fly.cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    COLOUR_OF,
    DECK_SIZE,
    FLIES,
    SYMBOL_OF,
)
from gamenight.games.fly.geometry import (
    aim_fields,
    cover_reach,
    frame_box,
    line_angle,
    over_table,
    slot_origin,
    to_swatter,
)
from gamenight.games.fly.landing import gauss
from gamenight.games.fly.table import score_gains
from gamenight.games.fly.views import TableCardView

#: The aimer's eye and hand by level: how many of the aims that look best it weighs
#: with care (``keep``), and how far its aim misses, in inches (x and y) and degrees
#: (standard deviations).  ``expert`` aims exactly where it chose.
HANDS: dict[str, tuple[int, float, float]] = {
    "child": (2, 0.45, 25.0), "beginner": (4, 0.3, 15.0), "relaxed": (8, 0.2, 10.0),
    "average": (16, 0.1, 5.0), "quick": (16, 0.05, 2.0), "expert": (16, 0.0, 0.0)}

#: What the aimer's candidates depend on: the cards by place, the swatter's width and
#: length, the fly's radius, and the angles tried at each fly.
TableKey = tuple[tuple[int, ...], float, float, float, tuple[int, ...]]


class TableAims(NamedTuple):
    """What the aimer works out from the table alone: the fly cards in table order and
    their centres (arrays), the candidate aims over the table (as drop fields, see
    :func:`aim_fields`; a :class:`Drop` is made only of the one chosen), their centres
    and angles (radians) as one array (aims x 3: x, y, angle, so that the second stage
    takes the kept aims' in one gather), and which flies each covers if it lands true
    (aims x flies), the first stage's judgement before the flies' values; and how far
    each fly lies from each aim, squared (aims x flies), which the second stage reads
    for its kept aims instead of working it out again at every drop."""

    cards: np.ndarray
    fx: np.ndarray
    fy: np.ndarray
    aims: list[tuple[int, int, int]]
    places: np.ndarray
    exact: np.ndarray
    apart: np.ndarray


#: Candidates by table, shared by every aimer: they depend on the table alone, and a
#: drop that collects nothing hands the next player the very table its neighbour just
#: worked out.  Only the latest few tables are kept.
_TABLE_AIMS: dict[TableKey, TableAims] = {}
_TABLES_KEPT = 8


def _near_bound(reach: tuple[float, float], drift: float) -> float:
    """How far from an aim a fly may lie and still be covered by a landing at most
    ``drift`` from it: the swatter's half-diagonal (``reach``, see :func:`cover_reach`)
    past the drift, with a little slack, so that rounding never sorts out a fly that is
    covered."""
    reach_u, reach_v = reach
    return (math.hypot(reach_u, reach_v) + drift) * (1 + 1e-6) + 1e-9


def _covers_true(gx: np.ndarray, gy: np.ndarray, apart: np.ndarray, aa: np.ndarray,
                 reach: tuple[float, float]) -> np.ndarray:
    """Which flies each aim covers if it lands true -> aims x flies, for aims turned by
    ``aa`` (radians), each fly's offset from each aim (gx, gy) and its square ``apart``.

    Every (aim, fly) is turned into the swatter's frame at once, by ``to_swatter``'s
    arithmetic on the offsets: a few hundred aims and flies cost less so than sorting
    out the near ones first, in fewer NumPy calls.  A fly not near (:func:`_near_bound`)
    is uncovered, as :func:`_covers` leaves it, so the block is the very one it gives."""
    reach_u, reach_v = reach
    bound = _near_bound(reach, 0.0)
    cos_a = np.cos(aa)[:, None]
    sin_a = np.sin(aa)[:, None]
    u = gx * cos_a + gy * sin_a
    v = gy * cos_a - gx * sin_a
    covered: np.ndarray = ((apart <= bound * bound) & (np.abs(u) <= reach_u)
                           & (np.abs(v) <= reach_v))
    return covered


def _covers(fx: np.ndarray, fy: np.ndarray, reach: tuple[float, float], apart: np.ndarray,
            drift: float, lx: np.ndarray, ly: np.ndarray, la: np.ndarray) -> np.ndarray:
    """Which of the flies at (fx, fy) landings cover, for the cover ``reach`` (see
    :func:`cover_reach`) -> array of shape A x samples x flies, for landings of shape
    A x samples, the landings of row a at most ``drift`` from the aim whose squared
    distances to the flies are ``apart[a]`` (:attr:`TableAims.apart`).

    Only the (row, fly) pairs near enough are turned into the swatter's frame, each fly
    against every landing of its row (the rest are uncovered); the answer is laid out
    landing by landing in table order, so that ``@ values`` sums the same numbers in the
    same order as ever (the same games)."""
    reach_u, reach_v = reach
    bound = _near_bound(reach, drift)
    rows, near = np.nonzero(apart <= bound * bound)  # by row, then fly
    # Each near fly (a column) against every landing of its row.
    u, v = to_swatter(fx[near, None], fy[near, None], lx[rows], ly[rows], np.cos(la)[rows],
                      np.sin(la)[rows])
    out = np.zeros((*la.shape, len(fx)), dtype=bool)
    out[rows, ..., near] = (np.abs(u) <= reach_u) & (np.abs(v) <= reach_v)
    return out


class RandomDropBot(Bot[FlyAction]):
    """Aims uniformly over the table (every point over a card equally likely) with a
    uniformly random angle: a player with no aim at all."""

    name = "random"

    def act(self, view: View, legal: Sequence[FlyAction], clock: Clock) -> FlyAction:
        rng = self.rng
        # Every card place has the same area, so a uniform place and a uniform point on
        # it is a uniform point over the table.
        x0, y0 = slot_origin(rng.randrange(len(view["table"])))
        return Drop.aim(x0 + rng.random() * CARD_WIDTH, y0 + rng.random() * CARD_HEIGHT,
                        rng.randrange(180))


def _param(params: dict[str, str], key: str, default: float, low: float, high: float) -> float:
    text = params.pop(key, None)
    return default if text is None else bot_number(text, "aimer", key, low, high)


@lru_cache(maxsize=4096)
def _centre_aims(x: float, y: float, angles: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """The aims at a fly's centre (x, y) at each of ``angles``, as drop fields (flies lie
    at a few hundred places, so these are worked out once each)."""
    return tuple(aim_fields(x, y, a) for a in angles)


# Flies lie at a few hundred places and most stay put from drop to drop (with the same
# neighbours), so the aims at each fly's pairs and trios are worked out once and
# remembered (the latest many).
@lru_cache(maxsize=1 << 15)
def _fan_aims(first: tuple[float, float], others: tuple[tuple[float, float], ...],
              spread: float, span: float) -> tuple[tuple[int, int, int], ...]:
    """The aims that start at the fly at ``first``, given ``others``: the flies after it in
    table order close enough to fit under the swatter with it, in that order.  For each
    of them, the pair's midpoint with the swatter along their line; then, along that
    line, each trio with a later one of ``others`` whose box in the swatter's frame fits
    the spans (``spread`` across, ``span`` along)."""
    out = []
    # Two flies farther apart than the box's diagonal never fit under it together (a
    # little slack, so that rounding never sorts out a trio that fits): most trios are
    # sorted out so, before the swatter's frame is worked out.
    apart = (spread * spread + span * span) * (1 + 1e-9) + 1e-9
    for j, second in enumerate(others):
        angle = line_angle(first, second)
        out.append(aim_fields((first[0] + second[0]) / 2, (first[1] + second[1]) / 2, angle))
        sx, sy = second
        for third in others[j + 1:]:
            dx = third[0] - sx
            dy = third[1] - sy
            if dx * dx + dy * dy > apart:
                continue
            x, y, across, along = frame_box((first, second, third), angle)
            if across <= spread and along <= span:
                out.append(aim_fields(x, y, angle))
    return tuple(out)


# A seat's cards change only when it collects, and every aimer holding the same cards
# values the table's flies alike: the values are worked out once per hand of cards.
@lru_cache(maxsize=1 << 12)
def _worth(mine: tuple[int, ...]) -> np.ndarray:
    """What each fly card (by id; the blanks' entries unused) would be worth to a seat
    holding ``mine``, collected alone now: what it adds to the score, plus a little for
    every fly (flies break ties) and for each fly of its colour or symbol already held,
    up to two of each (a set in the making).  Read-only: it is shared."""
    gains = score_gains(mine)
    colours = [0] * 5
    symbols = [0] * 5
    for c in mine:
        if COLOUR_OF[c] >= 0:
            colours[COLOUR_OF[c]] += 1
            symbols[SYMBOL_OF[c]] += 1
    worth = np.zeros(DECK_SIZE)
    for card in range(FLIES):
        gain = gains[card]
        building = min(colours[COLOUR_OF[card]], 2) + min(symbols[SYMBOL_OF[card]], 2)
        worth[card] = gain + 0.3 + 0.15 * building
    worth.flags.writeable = False
    return worth


class AimerBot(Bot[FlyAction]):
    """Searches candidate aims and drops where it expects to gain most.

    Candidates: each fly's centre at six angles; for every two flies close enough to fit
    under the swatter together, the midpoint with the swatter along the line joining them
    (across a row when they are neighbours in a row); and for every three that fit
    together, the swatter centred on them along the line of the first two (in table
    order).  Each candidate is first judged as if it landed exactly where aimed; the best
    ``keep`` are then judged by Monte Carlo: ``samples`` landings drawn from the bot's own flutter
    model (the table's flutter as the view states it, unless ``sigma_pos`` /
    ``sigma_angle`` are given), the same landings for every candidate.

    A fly is worth what it adds to the bot's score (the third of a colour or a symbol
    brings the other two with it), plus a little for every fly (flies break ties) and for
    every fly it already holds of that colour or symbol (a set in the making).
    """

    name = "aimer"
    levels = LEVELS
    ANGLES = (0, 30, 60, 90, 120, 150)

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL,
                 **params: str) -> None:
        keep, self.miss_pos, self.miss_angle = HANDS.get(level, HANDS[DEFAULT_LEVEL])
        self.samples = int(_param(params, "samples", 32, 1, 10_000))
        self.keep = int(_param(params, "keep", keep, 1, 10_000))
        # The bot's own flutter model; None: the table's, as the view states it.
        self.sigma_pos: float | None = None
        self.sigma_angle: float | None = None
        if "sigma_pos" in params:
            self.sigma_pos = _param(params, "sigma_pos", 0.0, 0.0, 10.0)
        if "sigma_angle" in params:
            self.sigma_angle = _param(params, "sigma_angle", 0.0, 0.0, 360.0)
        super().__init__(seat, seed, level, **params)
        self.np_rng = np.random.default_rng(seed)

    # -- valuing flies ------------------------------------------------------------------
    def fly_values(self, view: View, cards: Sequence[int]) -> np.ndarray:
        """What each of ``cards`` would be worth to this bot, collected alone now."""
        mine = tuple(c["id"] for c in view["collected"][self.seat])
        return _worth(mine)[np.array(cards, dtype=np.intp)]

    # -- candidates ------------------------------------------------------------------------
    def candidates(self, flies: np.ndarray, width: float, length: float,
                   radius: float) -> list[tuple[int, int, int]]:
        """Aims worth judging, as drop fields (x100, y100, angle: see
        :func:`aim_fields`), for flies at ``flies`` (n x 2 inches)."""
        centres, fans = self._candidates(flies, width, length, radius)
        return centres + fans

    def _candidates(self, flies: np.ndarray, width: float, length: float, radius: float,
                    ) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
        """:meth:`candidates` in two parts: the aims at each fly's centre, and those at
        its pairs and trios."""
        return self._candidate_aims([(x, y) for x, y in flies.tolist()], width, length,
                                    radius)

    def _candidate_aims(self, points: list[tuple[float, float]], width: float, length: float,
                        radius: float,
                        ) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
        """:meth:`_candidates` for flies at ``points`` (inches, in table order)."""
        centres = [f for x, y in points for f in _centre_aims(x, y, self.ANGLES)]
        out: list[tuple[int, int, int]] = []
        n = len(points)
        span = length - 2 * radius  # the farthest two fly centres can be and both fit
        spread = width - 2 * radius
        # Each fly's later flies within the span (math.dist, as always).  A pair farther
        # apart than the span in x or in y alone is sorted out first (a little slack,
        # so that rounding never sorts out a pair within it): most pairs are.
        far = span * (1 + 1e-9)
        near: list[list[int]] = [[] for _ in range(n)]
        for i, first in enumerate(points):
            x, y = first
            for j in range(i + 1, n):
                second = points[j]
                if (abs(second[0] - x) <= far and abs(second[1] - y) <= far
                        and math.dist(first, second) <= span):
                    near[i].append(j)
        for i in range(n):
            if near[i]:
                out.extend(_fan_aims(points[i], tuple(points[j] for j in near[i]), spread,
                                     span))
        return centres, out

    def _table_aims(self, on_table: Sequence[TableCardView], width: float, length: float,
                    radius: float) -> TableAims:
        """What the aimer works out from a table alone (see :class:`TableAims`)."""
        # The fly cards and their flies' places as plain floats (keys of the remembered
        # aims), then as arrays.
        ids = [e["id"] for e in on_table if e["fly"] is not None]
        points = [(float(f[0]), float(f[1])) for e in on_table if (f := e["fly"]) is not None]
        n = len(points)
        flies = np.fromiter(chain.from_iterable(points), dtype=float, count=2 * n)
        fly_cards = np.fromiter(ids, dtype=np.intp, count=n)
        fx, fy = flies[0::2], flies[1::2]
        if not points:
            return TableAims(fly_cards, fx, fy, [], np.zeros((0, 3)), fx, fx)
        centres, fans = self._candidate_aims(points, width, length, radius)
        # A fly's centre lies on its card, which is on the table, and an aim rounds it
        # to hundredths, never off the card: only the pairs' and trios' aims are
        # checked.  (The first of equal aims is kept, as always.)
        cards = len(on_table)
        found = dict.fromkeys(centres)
        # (``over_table`` of the fields in inches is the rules' ``aim_over_table``, asked
        # here directly: a fan's aim seldom comes back, so remembering it seldom paid.)
        kept = [*found, *(f for f in dict.fromkeys(fans)
                          if f not in found and over_table(f[0] / 100, f[1] / 100, cards))]
        # Whole hundredths are exact as floats, so dividing here gives the very
        # numbers ``Drop.x`` and ``Drop.y`` do.
        fields = np.fromiter(chain.from_iterable(kept), dtype=float,
                             count=3 * len(kept)).reshape(-1, 3)
        places = np.empty((len(kept), 3))
        places[:, :2] = fields[:, :2] / 100
        places[:, 2] = np.radians(fields[:, 2])
        ax, ay, aa = places.T
        # Each fly's offset from each aim (aims x flies), and its square.
        gx = fx - ax[:, None]
        gy = fy - ay[:, None]
        apart = gx * gx + gy * gy
        reach = cover_reach(radius, width, length)
        return TableAims(fly_cards, fx, fy, kept, places,
                         _covers_true(gx, gy, apart, aa, reach), apart)

    # -- choosing ----------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[FlyAction], clock: Clock) -> FlyAction:
        weighed = self._weigh(view, self.np_rng)
        if weighed is None:  # no fly is left (or none can be aimed at)
            return legal[0]
        aims, _, keep, expected = weighed
        return self._miss(aims[int(keep[int(expected.argmax())])], len(view["table"]))

    def distinct_choices(self, view: View, legal: Sequence[FlyAction],
                         chosen: FlyAction) -> list[FlyAction] | None:
        """``chosen``, then one aim for each other set of flies the aims weighed with
        care would take if they landed true: each set's best aim, the best sets first,
        by the same Monte Carlo as :meth:`act` (its landings drawn from a generator of
        their own, so that asking draws nothing from the bot's).  The aims the bot's
        other seeds would choose mostly take the same flies as ``chosen``, a landing's
        flutter apart: a search that set them against it would see only luck."""
        weighed = self._weigh(view, np.random.default_rng(len(view["table"])))
        if weighed is None:
            return [chosen]
        aims, covered, keep, expected = weighed
        fields = (chosen.x100, chosen.y100, chosen.angle) if isinstance(chosen, Drop) else None
        taken: set[bytes] = set()
        if fields in aims:
            taken.add(covered[aims.index(fields)].tobytes())
        found: list[FlyAction] = [chosen]
        for i in np.argsort(-expected, kind="stable").tolist():
            aim = int(keep[i])
            flies = covered[aim].tobytes()
            if flies not in taken:  # (``chosen``'s own flies are taken from the start)
                taken.add(flies)
                found.append(Drop(*aims[aim]))
        return found

    def _weigh(self, view: View, noise: np.random.Generator,
               ) -> tuple[list[tuple[int, int, int]], np.ndarray, np.ndarray,
                          np.ndarray] | None:
        """The table's candidate aims (drop fields), which flies each covers if it lands
        true (aims x flies), the aims weighed with care (the indices of stage 1's best
        ``keep``) and each one's expected gain over landings drawn with ``noise``
        (stage 2); None when there is no aim."""
        on_table = view["table"]
        width, length = view["swatter"]["width"], view["swatter"]["length"]
        radius = view["fly_diameter"] / 2
        key = (tuple([e["id"] for e in on_table]), width, length, radius, self.ANGLES)
        table = _TABLE_AIMS.get(key)
        if table is None:
            # The candidates depend only on the table, which most drops leave as it was.
            table = self._table_aims(on_table, width, length, radius)
            if len(_TABLE_AIMS) >= _TABLES_KEPT:  # forget the oldest (pop: bots in threads)
                _TABLE_AIMS.pop(next(iter(_TABLE_AIMS), None), None)  # type: ignore[arg-type]
            _TABLE_AIMS[key] = table
        fly_cards, fx, fy, aims, places, covered, apart = table
        if not aims:
            return None
        mine = tuple([c["id"] for c in view["collected"][self.seat]])
        values = _worth(mine)[fly_cards]
        reach = cover_reach(radius, width, length)  # the rules' reach

        # Stage 1: as if the card fell true; keep the most promising aims.
        exact = covered @ values
        keep = np.argsort(-exact, kind="stable")[: self.keep]
        # Stage 2: Monte Carlo over the bot's own flutter model, common landings for all.
        sigma_pos = (view["flutter"]["sigma_pos"] if self.sigma_pos is None
                     else self.sigma_pos)
        sigma_angle = (view["flutter"]["sigma_angle"] if self.sigma_angle is None
                       else self.sigma_angle)
        k = self.samples
        drawn = noise.standard_normal((3, k))
        # Each kept aim's landings, x, y and angle at once (aims x 3 x k): the aim plus
        # its drift and turn, the very sums of one aim's numbers at a time, in fewer
        # NumPy calls (each costs about as much as its small sum).
        flutter = np.array([[sigma_pos], [sigma_pos], [math.radians(sigma_angle)]])
        lx, ly, la = (places[keep][:, :, None] + flutter * drawn).transpose(1, 0, 2)
        # The farthest drift: the square root of the largest square is the largest
        # square root (the root is correctly rounded, so it keeps the order).
        drift = abs(sigma_pos) * math.sqrt(float(np.maximum.reduce(
            np.add.reduce(drawn[:2] ** 2, axis=0))))
        # The mean over each aim's landings (``mean`` is this sum and division).
        expected = np.add.reduce(
            _covers(fx, fy, reach, apart[keep], drift, lx, ly, la) @ values,
            axis=1) / k
        return aims, covered, keep, expected

    def _miss(self, aim: tuple[int, int, int], cards: int) -> Drop:
        """Where the bot's hand puts the swatter when it means the drop with fields
        ``aim`` (its level's miss; an aim that would leave the table stays on the aim
        chosen).  One :class:`Drop` is made, of where the swatter goes."""
        if self.miss_pos == 0.0 and self.miss_angle == 0.0:
            return Drop(*aim)
        rng = self.rng
        x100, y100, angle = aim
        meant_x, meant_y = x100 / 100, y100 / 100  # the aim's inches, as ``Drop.x`` gives
        x = meant_x + gauss(rng, 0.0, self.miss_pos)
        y = meant_y + gauss(rng, 0.0, self.miss_pos)
        if not over_table(x, y, cards):
            x, y = meant_x, meant_y
        # (Finite numbers, so ``Drop.aim`` would check nothing more.)
        return Drop(*aim_fields(x, y, angle + gauss(rng, 0.0, self.miss_angle)))
