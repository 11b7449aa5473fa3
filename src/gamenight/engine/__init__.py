"""The game-agnostic core: definitions, states, windows, outcomes and errors."""

from gamenight.engine.errors import IllegalAction, RecordError
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
    "Game",
    "GameState",
    "IllegalAction",
    "Option",
    "OptionError",
    "Outcome",
    "Pass",
    "RecordError",
    "Step",
    "View",
]
