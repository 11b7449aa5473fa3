"""The game-agnostic core: definitions, states, windows, outcomes and errors."""

from gamenight.engine.errors import IllegalAction, RecordError
from gamenight.engine.frozen import FrozenDict, FrozenList, ReadOnlyViewError, freeze, thaw
from gamenight.engine.game import (
    BY_CHANCE,
    NOBODY,
    PASS,
    Acting,
    Game,
    GameState,
    Option,
    OptionError,
    Pass,
    Step,
    View,
    simultaneous,
    turn_of,
    window_of,
)
from gamenight.engine.outcome import Outcome

__all__ = [
    "BY_CHANCE",
    "NOBODY",
    "PASS",
    "Acting",
    "FrozenDict",
    "FrozenList",
    "Game",
    "GameState",
    "IllegalAction",
    "Option",
    "OptionError",
    "Outcome",
    "Pass",
    "ReadOnlyViewError",
    "RecordError",
    "Step",
    "View",
    "freeze",
    "simultaneous",
    "thaw",
    "turn_of",
    "window_of",
]
