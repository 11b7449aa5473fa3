"""A game's options are checked against each other and the table size in one place,
``Game.resolve_options`` (through the game's ``check_table``), which every use asks.  The
games' own refusals are tested in their packages (``tests/games/*/test_*_table_check.py``);
here, what holds for every game."""

from __future__ import annotations

from gamenight.engine import Game
from gamenight.games import GAMES


def test_a_game_that_declares_no_check_takes_every_table_its_counts_allow() -> None:
    for game in GAMES.values():
        if type(game).check_table is Game.check_table:
            for players in range(game.min_players, game.max_players + 1):
                game.resolve_options(players, {})


def test_every_table_a_game_resolves_starts() -> None:
    """What ``resolve_options`` lets through, at every count and the default options, the
    game can deal and start."""
    for game in GAMES.values():
        for players in range(game.min_players, game.max_players + 1):
            try:
                resolved = game.resolve_options(players, {})
            except ValueError:
                continue  # refused in words (a variant's count): never a table
            state = game.new(players, 0, **resolved)
            state.draw_chance()
