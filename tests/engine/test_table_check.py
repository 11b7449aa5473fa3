"""A game's options are checked against each other and the table size in one place,
``Game.resolve_options`` (through the game's ``check_table``), which every use asks: so
Superfly for 2 without its variant, or Fliegen klatschen for 8 with ``remove=110``, is
refused before any game, room or position is made, in the same words everywhere."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine import Game, IllegalAction, OptionError
from gamenight.games import GAMES

#: Tables the games' counts and options allow one by one, but not together.
CANNOT_START: list[tuple[str, int, dict[str, Any], str]] = [
    ("superfly", 2, {}, "2 players is a variant: add --option two_players=true"),
    ("superfly", 2, {"two_players": False}, "2 players is a variant"),
    ("fliegen-klatschen", 8, {"remove": 110},
     "remove=110 leaves fewer cards than the 8 players need"),
    ("fliegen-klatschen", 3, {"remove": 110},
     "remove=110 leaves fewer cards than the 3 players need"),
]
#: Their neighbours that can.
CAN_START: list[tuple[str, int, dict[str, Any]]] = [
    ("superfly", 2, {"two_players": True}),
    ("superfly", 3, {}),
    ("fliegen-klatschen", 8, {"remove": 104}),
    ("fliegen-klatschen", 2, {"remove": 110}),
]


@pytest.mark.parametrize(("game_id", "players", "options", "message"), CANNOT_START)
def test_resolve_options_refuses_a_table_that_cannot_start(
        game_id: str, players: int, options: dict[str, Any], message: str) -> None:
    game = GAMES[game_id]
    with pytest.raises(OptionError, match=message):
        game.resolve_options(players, options)
    with pytest.raises(OptionError, match=message):
        game.new(players, 0, **options)


@pytest.mark.parametrize(("game_id", "players", "options"), CAN_START)
def test_a_table_that_can_start_is_resolved_and_starts(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    game = GAMES[game_id]
    resolved = game.resolve_options(players, options)
    state = game.new(players, 0, **resolved)
    state.draw_chance()
    assert state.options == resolved


@pytest.mark.parametrize(("game_id", "players", "options", "message"), CANNOT_START)
def test_a_position_at_such_a_table_is_refused_with_the_same_words(
        game_id: str, players: int, options: dict[str, Any], message: str) -> None:
    game = GAMES[game_id]
    allowed = {"two_players": True} if game_id == "superfly" else {}
    position = game.new(players, 0, **allowed).position()
    position["options"] = options
    with pytest.raises(IllegalAction, match=f"not a position this game offers: .*{message}"):
        game.from_position(position)


def test_a_game_that_declares_no_check_takes_every_table_its_counts_allow() -> None:
    for game in GAMES.values():
        if type(game).check_table is Game.check_table:
            for players in range(game.min_players, game.max_players + 1):
                game.resolve_options(players, {})
