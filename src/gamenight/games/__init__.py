"""The game registry: every game is one line here, and every use finds it by id."""

from __future__ import annotations

from gamenight.engine import Game, OptionError
from gamenight.games.by_golly import GAME as BY_GOLLY
from gamenight.games.fliegen_klatschen import GAME as FLIEGEN_KLATSCHEN
from gamenight.games.fluster import GAME as FLUSTER
from gamenight.games.fly import GAME as FLY
from gamenight.games.superfly import GAME as SUPERFLY

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make a game known to the CLI, simulations, bench and the research adapters."""
    GAMES[game.id] = game
    return game


# In the order of the design notes (``gamenight games`` lists them so).
register(FLY)
register(FLIEGEN_KLATSCHEN)
register(SUPERFLY)
register(FLUSTER)
register(BY_GOLLY)


def get_game(game_id: str) -> Game:
    """The game with this id; OptionError naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise OptionError(
            f"unknown game {game_id!r} (games: {', '.join(sorted(GAMES))})"
        ) from None
