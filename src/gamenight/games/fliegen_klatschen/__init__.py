"""Fliegen klatschen: reveal cards, then race to slap the best flies of the leading colour."""

from gamenight.engine.game import BotFactory
from gamenight.games.fliegen_klatschen import positions
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Reveal, Slap
from gamenight.games.fliegen_klatschen.rules import (
    GAME,
    FliegenKlatschen,
    FliegenKlatschenState,
    allowed_colours,
    hands_per_player,
)


def _bots() -> dict[str, BotFactory]:
    # Imported when asked for: a game's bots (and the search) load only then.
    from gamenight.bots.master import master_for
    from gamenight.games.fliegen_klatschen.bots import SharpBot
    from gamenight.games.fliegen_klatschen.search import PLAN

    return {"sharp": SharpBot, "master": master_for(GAME, PLAN)}


# The parts beside the rules, which import them (so the rules cannot import them).
GAME.give(bots=_bots, positions=positions.FORMAT)

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
