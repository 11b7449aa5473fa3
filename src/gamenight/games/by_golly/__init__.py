"""By Golly! (Au Backe!): lay an animal, find its twin in the chicken run, dodge the mess."""

import random

from gamenight.engine import GameState
from gamenight.engine.game import BotFactory
from gamenight.games.by_golly import positions
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


def _bots() -> dict[str, BotFactory]:
    # Imported when asked for: a game's bots (and the search) load only then.
    from gamenight.bots.master import master_for
    from gamenight.games.by_golly.bots import MemoryBot, PerfectBot
    from gamenight.games.by_golly.search import PLAN

    return {"memory": MemoryBot, "perfect": PerfectBot, "master": master_for(GAME, PLAN)}


def _resample(state: GameState[ByGollyAction], seat: int, rng: random.Random) -> ByGollyState:
    """A game ``seat`` cannot tell from ``state`` after any step: what it saw turned
    over stays where it saw it (until a shuffle moved it), its hand is the same at
    every moment, and everything else -- the face-down run, the others' hands and
    stacks, its own stack, the box, blind draws it did not see, every shuffle -- is
    redrawn with ``rng`` (see ``resample.py`` and docs/interop/by-golly.md)."""
    from gamenight.games.by_golly.resample import resample  # its search loads only then

    assert isinstance(state, ByGollyState)
    return resample(state, seat, rng)


# The parts beside the rules, which import them (so the rules cannot import them).
GAME.give(bots=_bots, positions=positions.FORMAT, resample=_resample)

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
