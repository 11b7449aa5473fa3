"""Superfly seats 2 only as its variant (``two_players``): its ``check_table``, which
``Game.resolve_options`` asks for every use, refuses a 2-player table without it before
any game, room or position is made, in the same words everywhere."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.games.superfly.rules import GAME
from gamenight.testing import assert_table_refused, assert_table_starts

CANNOT_START: list[tuple[int, dict[str, Any], str]] = [
    (2, {}, "2 players is a variant: add --option two_players=true"),
    (2, {"two_players": False}, "2 players is a variant"),
]
CAN_START: list[tuple[int, dict[str, Any]]] = [(2, {"two_players": True}), (3, {})]


@pytest.mark.parametrize(("players", "options", "message"), CANNOT_START)
def test_a_table_it_does_not_offer_is_refused_everywhere_in_the_same_words(
        players: int, options: dict[str, Any], message: str) -> None:
    assert_table_refused(GAME, players, options, message, position_options={"two_players": True})


@pytest.mark.parametrize(("players", "options"), CAN_START)
def test_its_neighbours_are_resolved_and_start(players: int, options: dict[str, Any]) -> None:
    assert_table_starts(GAME, players, options)
