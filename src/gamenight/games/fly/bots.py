"""FLY's bots: ``random`` aims anywhere over the table; ``aimer`` aims where it expects
the most gain, by Monte Carlo over its own model of the flutter.

The aimer's level is its eye and hand (:data:`HANDS`): how many of the best-looking
aims it weighs with care, and how far from the aim it chose its swatter goes (a person
lining up the ghost swatter misjudges a little, and a child more; the table's flutter
comes on top, for everyone alike)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from gamenight.bots.base import Bot, Clock, bot_number
from gamenight.bots.levels import DEFAULT_LEVEL, LEVELS
from gamenight.engine import View
from gamenight.games.fly.actions import Drop, FlyAction
from gamenight.games.fly.cards import CARD_HEIGHT, CARD_WIDTH, COLOUR_OF, SYMBOL_OF
from gamenight.games.fly.geometry import (
    cover_reach,
    frame_box,
    line_angle,
    over_table,
    slot_origin,
    to_swatter,
)
from gamenight.games.fly.table import score

#: The aimer's eye and hand by level: how many of the aims that look best it weighs
#: with care (``keep``), and how far its aim misses, in inches (x and y) and degrees
#: (standard deviations).  ``expert`` aims exactly where it chose.
HANDS: dict[str, tuple[int, float, float]] = {
    "child": (2, 0.45, 25.0), "beginner": (4, 0.3, 15.0), "relaxed": (8, 0.2, 10.0),
    "average": (16, 0.1, 5.0), "quick": (16, 0.05, 2.0), "expert": (16, 0.0, 0.0)}

#: What the aimer's candidates depend on: the cards by place, the swatter's width and
#: length, and the fly's radius.
TableKey = tuple[tuple[int, ...], float, float, float]


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
        self._cache: tuple[TableKey, list[Drop], np.ndarray, np.ndarray, np.ndarray] | None = None

    # -- valuing flies ------------------------------------------------------------------
    def fly_values(self, view: View, cards: Sequence[int]) -> np.ndarray:
        """What each of ``cards`` would be worth to this bot, collected alone now."""
        mine = [c["id"] for c in view["collected"][self.seat]]
        now = score(mine)
        colours = [0] * 5
        symbols = [0] * 5
        for c in mine:
            if COLOUR_OF[c] >= 0:
                colours[COLOUR_OF[c]] += 1
                symbols[SYMBOL_OF[c]] += 1
        values = []
        for card in cards:
            gain = score([*mine, card]) - now
            building = min(colours[COLOUR_OF[card]], 2) + min(symbols[SYMBOL_OF[card]], 2)
            values.append(gain + 0.3 + 0.15 * building)
        return np.array(values, dtype=float)

    # -- candidates ------------------------------------------------------------------------
    def candidates(self, flies: np.ndarray, width: float, length: float,
                   radius: float) -> list[tuple[float, float, float]]:
        """Aims (x, y, angle) worth judging, for flies at ``flies`` (n x 2 inches)."""
        out = [(float(x), float(y), float(a)) for x, y in flies for a in self.ANGLES]
        n = len(flies)
        span = length - 2 * radius  # the farthest two fly centres can be and both fit
        spread = width - 2 * radius
        points = [(float(x), float(y)) for x, y in flies]
        near = [[j for j in range(i + 1, n)
                 if math.dist(points[i], points[j]) <= span] for i in range(n)]
        for i in range(n):
            xi, yi = points[i]
            for j in near[i]:
                xj, yj = points[j]
                angle = line_angle(points[i], points[j])
                out.append(((xi + xj) / 2, (yi + yj) / 2, angle))
                for k in near[i]:
                    if k <= j:
                        continue
                    # The three together, along the line of the first two: they fit when
                    # their box in the swatter's frame fits the spans.
                    x, y, across, along = frame_box((points[i], points[j], points[k]), angle)
                    if across <= spread and along <= span:
                        out.append((x, y, angle))
        return out

    # -- choosing ----------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[FlyAction], clock: Clock) -> FlyAction:
        entries = [e for e in view["table"] if e["fly"] is not None]
        cards = len(view["table"])
        if not entries:
            return legal[0]
        flies = np.array([e["fly"] for e in entries], dtype=float)
        values = self.fly_values(view, [e["id"] for e in entries])
        width, length = view["swatter"]["width"], view["swatter"]["length"]
        radius = view["fly_diameter"] / 2
        reach_u, reach_v = cover_reach(radius, width, length)  # the rules' reach
        key = (tuple(e["id"] for e in view["table"]), width, length, radius)
        if self._cache is None or self._cache[0] != key:
            # The candidates depend only on the table, which most drops leave as it was.
            found = [Drop.aim(x, y, a) for x, y, a in self.candidates(flies, width, length,
                                                                      radius)]
            kept = [d for d in dict.fromkeys(found) if over_table(d.x, d.y, cards)]
            self._cache = (key, kept, np.array([d.x for d in kept]),
                           np.array([d.y for d in kept]),
                           np.radians(np.array([d.angle for d in kept], dtype=float)))
        _, aims, ax, ay, aa = self._cache
        if not aims:
            return legal[0]

        def gains(lx: np.ndarray, ly: np.ndarray, la: np.ndarray) -> np.ndarray:
            """Value covered by landings (any shape S) -> array of shape S."""
            u, v = to_swatter(flies[:, 0], flies[:, 1], lx[..., None], ly[..., None],
                              np.cos(la)[..., None], np.sin(la)[..., None])
            inside = (np.abs(u) <= reach_u) & (np.abs(v) <= reach_v)
            result: np.ndarray = inside @ values
            return result

        # Stage 1: as if the card fell true; keep the most promising aims.
        exact = gains(ax, ay, aa)
        keep = np.argsort(-exact, kind="stable")[: self.keep]
        # Stage 2: Monte Carlo over the bot's own flutter model, common landings for all.
        sigma_pos = (view["flutter"]["sigma_pos"] if self.sigma_pos is None
                     else self.sigma_pos)
        sigma_angle = (view["flutter"]["sigma_angle"] if self.sigma_angle is None
                       else self.sigma_angle)
        k = self.samples
        noise = self.np_rng.standard_normal((3, k))
        lx = ax[keep][:, None] + sigma_pos * noise[0]
        ly = ay[keep][:, None] + sigma_pos * noise[1]
        la = aa[keep][:, None] + math.radians(sigma_angle) * noise[2]
        expected = gains(lx, ly, la).mean(axis=1)
        best = aims[int(keep[int(np.argmax(expected))])]
        return self._miss(best, cards)

    def _miss(self, aim: Drop, cards: int) -> Drop:
        """Where the bot's hand puts the swatter when it means ``aim`` (its level's
        miss; an aim that would leave the table stays on the aim chosen)."""
        if self.miss_pos == 0.0 and self.miss_angle == 0.0:
            return aim
        rng = self.rng
        x = aim.x + rng.gauss(0.0, self.miss_pos)
        y = aim.y + rng.gauss(0.0, self.miss_pos)
        if not over_table(x, y, cards):
            x, y = aim.x, aim.y
        return Drop.aim(x, y, aim.angle + rng.gauss(0.0, self.miss_angle))
