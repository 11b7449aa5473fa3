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


def test_every_option_has_words_for_a_form() -> None:
    """The lobby labels each option in its game's words ("Time to swat (ms)"), never by
    its key ("deadline ms"): every option of every game gives a label."""
    for game in GAMES.values():
        for option in game.options:
            assert option.label, f"{game.id}'s option {option.name} has no label"
            assert "_" not in option.label and not option.label[0].islower(), option.label
