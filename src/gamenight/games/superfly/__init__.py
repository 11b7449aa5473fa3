"""Superfly: swat the flies you want at the signal; the biggest set wins the round."""

from gamenight.engine.game import BotFactory
from gamenight.games.superfly import positions
from gamenight.games.superfly.actions import SWATS, Swat
from gamenight.games.superfly.resolution import FlyResult, pass_hands, resolve_fly, resolve_swat
from gamenight.games.superfly.rules import GAME, Superfly, SuperflyState
from gamenight.games.superfly.sets import best_set, best_set_size, is_valid_set, set_kinds


def _bots() -> dict[str, BotFactory]:
    # Imported when asked for: a game's bots (and the search) load only then.
    from gamenight.bots.master import master_for
    from gamenight.games.superfly.bots import CollectorBot
    from gamenight.games.superfly.search import PLAN

    return {"collector": CollectorBot, "master": master_for(GAME, PLAN)}


# The parts beside the rules, which import them (so the rules cannot import them).
GAME.give(bots=_bots, positions=positions.FORMAT)

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
