"""By Golly! (Au Backe!): lay an animal, find its twin in the chicken run, dodge the mess."""

from gamenight.games.by_golly.actions import (
    DRAWS,
    END,
    KEEP,
    LAYS,
    SHUFFLE,
    TURNS,
    ByGollyAction,
    Draw,
    End,
    Keep,
    Lay,
    Shuffle,
    Turn,
)
from gamenight.games.by_golly.rules import GAME, ByGolly, ByGollyState, dealt_cards, mess_draws

__all__ = [
    "DRAWS",
    "END",
    "GAME",
    "KEEP",
    "LAYS",
    "SHUFFLE",
    "TURNS",
    "ByGolly",
    "ByGollyAction",
    "ByGollyState",
    "Draw",
    "End",
    "Keep",
    "Lay",
    "Shuffle",
    "Turn",
    "dealt_cards",
    "mess_draws",
]
