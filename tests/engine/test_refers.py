"""What each legal action refers to (``Game.refers``) tells a table which action a press
means, so no two legal actions of a seat may refer to the same thing (checked at points of
random games of every registered game that says what its actions refer to)."""

from __future__ import annotations

import random

import pytest

from gamenight.engine import Game, GameState
from gamenight.games import GAMES
from tests.engine.test_redaction import SEEDS, TABLES, cuts, played

#: The tables of the games whose actions say what they refer to.
REFERRING = [(game_id, players) for game_id, players in TABLES
             if type(GAMES[game_id]).refers is not Game.refers]


def referring(game: Game, state: GameState) -> int:
    """Checks every acting seat's legal actions at ``state``; how many refer to something."""
    acting = state.acting()
    if acting.kind not in ("turn", "window", "simultaneous"):
        return 0
    count = 0
    for seat in acting.seats:
        named = [tuple(sorted(r.items())) for r in map(game.refers, state.legal_actions(seat))
                 if r]
        assert len(set(named)) == len(named), f"two actions refer to the same thing: {named}"
        count += len(named)
    return count


@pytest.mark.parametrize(("game_id", "players"), REFERRING)
def test_no_two_legal_actions_of_a_seat_refer_to_the_same_thing(game_id: str,
                                                                 players: int) -> None:
    game = GAMES[game_id]
    seen = 0
    for seed in SEEDS:
        state = played(game, players, seed, "random")
        for cut in cuts(state, random.Random(seed)):
            seen += referring(game, cut)
    assert seen > 0, "no legal action referred to anything: the check saw nothing"
