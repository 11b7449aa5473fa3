"""Fliegen klatschen: reveal cards, then race to slap the best flies of the leading colour."""

from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Reveal, Slap
from gamenight.games.fliegen_klatschen.rules import (
    GAME,
    FliegenKlatschen,
    FliegenKlatschenState,
    allowed_colours,
    hands_per_player,
)

__all__ = [
    "GAME",
    "REVEAL",
    "SLAPS",
    "FliegenKlatschen",
    "FliegenKlatschenState",
    "Reveal",
    "Slap",
    "allowed_colours",
    "hands_per_player",
]
