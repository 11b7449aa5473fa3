"""Helpers for FLY tests: lay out a chosen table, land the swatter where a test says."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from gamenight.games.fly import landing
from gamenight.games.fly.actions import Drop
from gamenight.games.fly.cards import DECK_SIZE, FLY_PLACE
from gamenight.games.fly.geometry import over_table, rectangle_corners, slot_origin
from gamenight.games.fly.rules import GAME, FlyState


def laid_out(players: int = 2, order: Sequence[int] | None = None, seed: int = 0,
             **options: Any) -> FlyState:
    """A game whose table is laid in ``order`` (card ids in place order; default 0-26)."""
    state = GAME.new(players, seed=seed, **options)
    state.apply_chance(list(order) if order is not None else list(range(DECK_SIZE)))
    return state


def fly_at(state: FlyState, slot: int) -> tuple[float, float]:
    """Where the fly of the card at ``slot`` lies (table inches)."""
    place = FLY_PLACE[state.table[slot]]
    assert place is not None, "a blank card has no fly"
    x0, y0 = slot_origin(slot)
    return x0 + place[0], y0 + place[1]


def land(state: FlyState, x: float, y: float, angle: float,
         aim: Drop | None = None) -> list[int]:
    """The current player drops (aimed at the landing unless ``aim`` says otherwise) and
    the swatter lands exactly at (x, y, angle); returns the cards collected."""
    seat = state.current
    before = len(state.collected[seat])
    if aim is None:
        aim = Drop.aim(x, y, angle)
        if not over_table(aim.x, aim.y, len(state.table)):
            aim = Drop.aim(0.5, 1.5, 0)
    state.apply(seat, aim)
    state.apply_chance(landing_text(x, y, angle))
    return state.collected[seat][before:]


def order_with(places: dict[int, int]) -> list[int]:
    """A layout with the given cards at the given places ({place: card}) and every other
    card in id order in the places left."""
    rest = iter(c for c in range(DECK_SIZE) if c not in places.values())
    return [places[s] if s in places else next(rest) for s in range(DECK_SIZE)]


def landing_text(x: float, y: float, angle: float) -> str:
    """A landing as the record writes it: 'X Y ANGLE' (any angle, turned into 0-180)."""
    return landing.landing_text(x, y, angle % 180)


def rim_inside_by_sampling(cx: float, cy: float, r: float, rx: float, ry: float,
                           angle: float, w: float, length: float, n: int = 720) -> bool:
    """Independent check: every sampled point of the circle's rim lies on the inner side
    of each of the rectangle's four edges (cross products over the corners)."""
    corners = rectangle_corners(rx, ry, angle, w, length)
    edges = list(zip(corners, corners[1:] + corners[:1], strict=True))
    sign = None
    for k in range(n):
        t = 2 * math.pi * k / n
        px, py = cx + r * math.cos(t), cy + r * math.sin(t)
        for (ax, ay), (bx, by) in edges:
            cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
            if abs(cross) < 1e-12:
                continue
            s = cross > 0
            if sign is None:
                sign = s
            elif s != sign:
                return False
    return True
