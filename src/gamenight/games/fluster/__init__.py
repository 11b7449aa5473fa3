"""Fluster: call letters into two secret crossword blocks and score the words."""

from gamenight.engine.game import BotFactory
from gamenight.games.fluster import positions
from gamenight.games.fluster.actions import (
    CALLS,
    WRITE_LEFT,
    WRITE_RIGHT,
    Call,
    FlusterAction,
    Write,
)
from gamenight.games.fluster.rules import GAME, Fluster, FlusterState


def _bots() -> dict[str, BotFactory]:
    # Imported when asked for: a game's bots (and the search) load only then.
    from gamenight.bots.master import master_for
    from gamenight.games.fluster.bots import WordsmithBot
    from gamenight.games.fluster.search import PLAN

    return {"wordsmith": WordsmithBot, "master": master_for(GAME, PLAN)}


# The parts beside the rules, which import them (so the rules cannot import them).
GAME.give(bots=_bots, positions=positions.FORMAT)

__all__ = ["CALLS", "GAME", "WRITE_LEFT", "WRITE_RIGHT", "Call", "Fluster", "FlusterAction",
           "FlusterState", "Write"]
