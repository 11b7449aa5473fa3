"""The game-agnostic core: definitions, states, windows, outcomes and errors."""

from gamenight.engine.errors import IllegalAction, RecordError
from gamenight.engine.frozen import FrozenDict, FrozenList, ReadOnlyViewError, freeze, thaw
from gamenight.engine.game import (
    PASS,
    Acting,
    Game,
    GameState,
    Option,
    OptionError,
    Pass,
    Step,
    View,
)
from gamenight.engine.outcome import Outcome

__all__ = [
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
    "thaw",
]
