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
)
from gamenight.games.fly.landing import gauss
from gamenight.games.fly.table import score_gains
from gamenight.games.fly.views import TableCardView
from gamenight.games.fly.weighing import best_first, covered_true, expected_worths, worth_covered

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
    """What the aimer works out from the table alone: the fly cards in table order (ids)
    and their flies' centres (inches), the candidate aims over the table (as drop
    fields, see :func:`aim_fields`; a :class:`Drop` is made only of the one chosen),
    each aim's centre (inches) and angle (radians), and which flies each covers if it
    lands true (indices into ``cards``, in table order): the first stage's judgement
    before the flies' worths (``weighing.covered_true``)."""

    cards: list[int]
    flies: list[tuple[float, float]]
    aims: list[tuple[int, int, int]]
    spots: list[tuple[float, float, float]]
    covers: list[tuple[int, ...]]


#: Candidates by table, shared by every aimer: they depend on the table alone, and a
#: drop that collects nothing hands the next player the very table its neighbour just
#: worked out.  Only the latest few tables are kept.
_TABLE_AIMS: dict[TableKey, TableAims] = {}
_TABLES_KEPT = 8


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
def _worth(mine: tuple[int, ...]) -> tuple[float, ...]:
    """What each fly card (by id; the blanks' entries unused) would be worth to a seat
    holding ``mine``, collected alone now, in twentieths of a point: what it adds to the
    score (20 a point), plus a little for every fly (6: flies break ties) and for each
    fly of its colour or symbol already held, up to two of each (3 each: a set in the
    making).  Whole numbers, so that every sum of them is exact in any order: the
    aimer's choices do not depend on the order in which NumPy's BLAS or a loop adds
    them (it did when the worths were 0.3 and 0.15 of a point, which no binary float
    holds exactly)."""
    gains = score_gains(mine)
    colours = [0] * 5
    symbols = [0] * 5
    for c in mine:
        if COLOUR_OF[c] >= 0:
            colours[COLOUR_OF[c]] += 1
            symbols[SYMBOL_OF[c]] += 1
    worth = [0.0] * DECK_SIZE
    for card in range(FLIES):
        gain = gains[card]
        building = min(colours[COLOUR_OF[card]], 2) + min(symbols[SYMBOL_OF[card]], 2)
        worth[card] = float(20 * gain + 6 + 3 * building)
    return tuple(worth)


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
        """What each of ``cards`` would be worth to this bot, collected alone now, in
        twentieths of a point (see :func:`_worth`)."""
        worth = _worth(tuple(c["id"] for c in view["collected"][self.seat]))
        return np.array([worth[c] for c in cards])

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
        # The fly cards and their flies' places as plain floats (also keys of the
        # remembered aims).
        ids = [e["id"] for e in on_table if e["fly"] is not None]
        points = [(float(f[0]), float(f[1])) for e in on_table if (f := e["fly"]) is not None]
        if not points:
            return TableAims(ids, points, [], [], [])
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
        spots, covers = covered_true(points, kept, *cover_reach(radius, width, length))
        return TableAims(ids, points, kept, spots, covers)

    # -- choosing ----------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[FlyAction], clock: Clock) -> FlyAction:
        weighed = self._weigh(view, self.np_rng)
        if weighed is None:  # no fly is left (or none can be aimed at)
            return legal[0]
        aims, _, keep, expected = weighed
        # (The first of the best, as ``argmax`` gives it.)
        return self._miss(aims[keep[expected.index(max(expected))]], len(view["table"]))

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
        aims, covers, keep, expected = weighed
        fields = (chosen.x100, chosen.y100, chosen.angle) if isinstance(chosen, Drop) else None
        taken: set[tuple[int, ...]] = set()
        if fields in aims:
            taken.add(covers[aims.index(fields)])
        found: list[FlyAction] = [chosen]
        for i in best_first(expected, len(expected)):
            aim = keep[i]
            flies = covers[aim]
            if flies not in taken:  # (``chosen``'s own flies are taken from the start)
                taken.add(flies)
                found.append(Drop(*aims[aim]))
        return found

    def _weigh(self, view: View, noise: np.random.Generator,
               ) -> tuple[list[tuple[int, int, int]], list[tuple[int, ...]], list[int],
                          list[float]] | None:
        """The table's candidate aims (drop fields), which flies each covers if it lands
        true (see :class:`TableAims`), the aims weighed with care (the indices of stage
        1's best ``keep``) and each one's expected worth (twentieths of a point, see
        :func:`_worth`) over landings drawn with ``noise`` (stage 2); None when there is
        no aim."""
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
        cards, flies, aims, spots, covers = table
        if not aims:
            return None
        worth = _worth(tuple([c["id"] for c in view["collected"][self.seat]]))
        worths = [worth[c] for c in cards]
        # Stage 1: as if the card fell true; keep the most promising aims.
        keep = best_first(worth_covered(covers, worths), self.keep)
        # Stage 2: Monte Carlo over the bot's own flutter model, common landings for all.
        sigma_pos = (view["flutter"]["sigma_pos"] if self.sigma_pos is None
                     else self.sigma_pos)
        sigma_angle = (view["flutter"]["sigma_angle"] if self.sigma_angle is None
                       else self.sigma_angle)
        drawn = noise.standard_normal((3, self.samples)).tolist()
        # The worths are whole, so every sum of them is exact (``weighing``).
        expected = expected_worths(flies, worths, [spots[i] for i in keep], drawn,
                                   float(sigma_pos), math.radians(sigma_angle),
                                   *cover_reach(radius, width, length))
        return aims, covers, keep, expected

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
