"""FLY: drop the swatter card onto a table of flies; collect sets of colours and symbols."""

from gamenight.games.fly.actions import AIM_GRID, Drop
from gamenight.games.fly.rules import GAME, Fly, FlyState
from gamenight.games.fly.table import consolidate, score
from gamenight.games.fly.views import Move

__all__ = ["AIM_GRID", "GAME", "Drop", "Fly", "FlyState", "Move", "consolidate", "score"]
