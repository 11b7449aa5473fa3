"""Fliegen klatschen's ``remove`` must leave a card for every player's pile: its
``check_table``, which ``Game.resolve_options`` asks for every use, refuses a table
whose option and size do not go together before any game, room or position is made, in
the same words everywhere."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine import IllegalAction, OptionError
from gamenight.games.fliegen_klatschen.rules import GAME

CANNOT_START: list[tuple[int, dict[str, Any], str]] = [
    (8, {"remove": 110}, "remove=110 leaves fewer cards than the 8 players need"),
    (3, {"remove": 110}, "remove=110 leaves fewer cards than the 3 players need"),
]
CAN_START: list[tuple[int, dict[str, Any]]] = [(8, {"remove": 104}), (2, {"remove": 110})]


@pytest.mark.parametrize(("players", "options", "message"), CANNOT_START)
def test_a_table_remove_leaves_too_few_cards_for_is_refused_everywhere(
        players: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.resolve_options(players, options)
    with pytest.raises(OptionError, match=message):
        GAME.new(players, 0, **options)
    position = GAME.new(players, 0).position()
    position["options"] = options
    with pytest.raises(IllegalAction, match=f"not a position this game offers: .*{message}"):
        GAME.from_position(position)


@pytest.mark.parametrize(("players", "options"), CAN_START)
def test_its_neighbours_are_resolved_and_start(players: int, options: dict[str, Any]) -> None:
    resolved = GAME.resolve_options(players, options)
    state = GAME.new(players, 0, **resolved)
    state.draw_chance()
    assert state.options == resolved
