"""Fliegen klatschen's ``remove`` must leave a card for every player's pile: its
``check_table``, which ``Game.resolve_options`` asks for every use, refuses a table
whose option and size do not go together before any game, room or position is made, in
the same words everywhere."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.games.fliegen_klatschen.rules import GAME
from gamenight.testing import assert_table_refused, assert_table_starts

CANNOT_START: list[tuple[int, dict[str, Any], str]] = [
    (8, {"remove": 110}, "remove=110 leaves fewer cards than the 8 players need"),
    (3, {"remove": 110}, "remove=110 leaves fewer cards than the 3 players need"),
]
CAN_START: list[tuple[int, dict[str, Any]]] = [(8, {"remove": 104}), (2, {"remove": 110})]


@pytest.mark.parametrize(("players", "options", "message"), CANNOT_START)
def test_a_table_it_does_not_offer_is_refused_everywhere_in_the_same_words(
        players: int, options: dict[str, Any], message: str) -> None:
    assert_table_refused(GAME, players, options, message)


@pytest.mark.parametrize(("players", "options"), CAN_START)
def test_its_neighbours_are_resolved_and_start(players: int, options: dict[str, Any]) -> None:
    assert_table_starts(GAME, players, options)
