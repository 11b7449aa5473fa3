"""Finished bot games for the lab's tests, each played once for all the tests that look
at it."""

from __future__ import annotations

from functools import cache
from typing import Any

from gamenight.engine import GameState
from gamenight.games import get_game
from gamenight.sim.runner import make_bots, play_out
from gamenight.sim.simulate import resolve_table, seat_specs

#: A table's options, as a hashable tuple of (name, value) pairs.
Options = tuple[tuple[str, Any], ...]


@cache
def played(game_id: str, players: int, bots: tuple[str, ...], options: Options,
           seed: int) -> GameState[Any]:
    """A finished game of ``bots`` (one spec per seat, the last repeated; none: the
    game's default bot) from ``seed``."""
    game = get_game(game_id)
    state = game.new(players, seed, **resolve_table(game, players, dict(options)))
    play_out(state, make_bots(game, seat_specs(game, list(bots), players), seed))
    return state
