"""Superfly: swat the flies you want at the signal; the biggest set wins the round."""

from gamenight.games.superfly.actions import SWATS, Swat
from gamenight.games.superfly.resolution import FlyResult, pass_hands, resolve_fly, resolve_swat
from gamenight.games.superfly.rules import GAME, Superfly, SuperflyState
from gamenight.games.superfly.sets import best_set, best_set_size, is_valid_set, set_kinds

__all__ = [
    "GAME",
    "SWATS",
    "FlyResult",
    "Superfly",
    "SuperflyState",
    "Swat",
    "best_set",
    "best_set_size",
    "is_valid_set",
    "pass_hands",
    "resolve_fly",
    "resolve_swat",
    "set_kinds",
]
