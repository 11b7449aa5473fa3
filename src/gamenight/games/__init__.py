"""The game registry: every game is one line here, and every use finds it by id."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from gamenight.engine import Game, OptionError
from gamenight.games.by_golly import GAME as BY_GOLLY
from gamenight.games.fliegen_klatschen import GAME as FLIEGEN_KLATSCHEN
from gamenight.games.fluster import GAME as FLUSTER
from gamenight.games.fly import GAME as FLY
from gamenight.games.superfly import GAME as SUPERFLY

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make a game known to the CLI, simulations, bench, the server and the research
    adapters.  OptionError if another game already goes by its id."""
    known = GAMES.get(game.id)
    if known is not None and known is not game:
        raise OptionError(f"a game with the id {game.id!r} is registered already "
                          f"({known.title})")
    GAMES[game.id] = game
    return game


def unregister(game: Game) -> None:
    """Forget ``game`` (registered with :func:`register`): every use stops finding it."""
    if GAMES.get(game.id) is game:
        del GAMES[game.id]


@contextlib.contextmanager
def registered(game: Game) -> Iterator[Game]:
    """``game`` registered for the ``with`` block, and forgotten after it (a game that
    lives only in the tests: ``with registered(GAME): ...``); a game registered before
    the block stays registered after it."""
    before = GAMES.get(game.id) is game
    register(game)
    try:
        yield game
    finally:
        if not before:
            unregister(game)


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
