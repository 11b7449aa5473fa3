"""Superfly seats 2 only as its variant (``two_players``): its ``check_table``, which
``Game.resolve_options`` asks for every use, refuses a 2-player table without it before
any game, room or position is made, in the same words everywhere."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine import IllegalAction, OptionError
from gamenight.games.superfly.rules import GAME

CANNOT_START: list[tuple[int, dict[str, Any], str]] = [
    (2, {}, "2 players is a variant: add --option two_players=true"),
    (2, {"two_players": False}, "2 players is a variant"),
]
CAN_START: list[tuple[int, dict[str, Any]]] = [(2, {"two_players": True}), (3, {})]


@pytest.mark.parametrize(("players", "options", "message"), CANNOT_START)
def test_a_2_player_table_without_the_variant_is_refused_everywhere(
        players: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.resolve_options(players, options)
    with pytest.raises(OptionError, match=message):
        GAME.new(players, 0, **options)
    position = GAME.new(players, 0, two_players=True).position()
    position["options"] = options
    with pytest.raises(IllegalAction, match=f"not a position this game offers: .*{message}"):
        GAME.from_position(position)


@pytest.mark.parametrize(("players", "options"), CAN_START)
def test_its_neighbours_are_resolved_and_start(players: int, options: dict[str, Any]) -> None:
    resolved = GAME.resolve_options(players, options)
    state = GAME.new(players, 0, **resolved)
    state.draw_chance()
    assert state.options == resolved
