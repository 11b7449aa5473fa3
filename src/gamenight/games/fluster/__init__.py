"""Fluster: call letters into two secret crossword blocks and score the words."""

from gamenight.games.fluster.actions import (
    CALLS,
    WRITE_LEFT,
    WRITE_RIGHT,
    Call,
    FlusterAction,
    Write,
)
from gamenight.games.fluster.rules import GAME, Fluster, FlusterState

__all__ = ["CALLS", "GAME", "WRITE_LEFT", "WRITE_RIGHT", "Call", "Fluster", "FlusterAction",
           "FlusterState", "Write"]
