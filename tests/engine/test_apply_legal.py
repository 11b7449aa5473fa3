"""``GameState.apply_legal``: an action just drawn from the legal ones, taken unchecked
(random play, a forced move), leaves the state exactly as ``apply`` does: the same
history, events and digest at every step of random games of every game."""

from __future__ import annotations

import random

import pytest

from gamenight.games import GAMES
from tests.engine.test_redaction import new_game


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_legal_action_taken_unchecked_plays_as_apply_plays(game_id: str) -> None:
    game = GAMES[game_id]
    for seed in range(3):
        checked, unchecked = new_game(game, 4, seed), new_game(game, 4, seed)
        rng = random.Random(seed)
        now = 0.0
        while not checked.is_over:
            acting = checked.acting()
            if acting.kind == "chance":
                outcome = checked.draw_chance()
                unchecked.apply_chance(outcome)
                continue
            seat = rng.choice(acting.seats)
            action = rng.choice(checked.legal_actions(seat))
            at = None
            if acting.kind != "turn":
                deadline = acting.deadline_ms
                now = min(now + rng.expovariate(0.01), deadline) if deadline else 0.0
                at = now
            events = checked.apply(seat, action, at)
            mark = len(unchecked.events)
            assert unchecked.apply_legal(seat, action, at) is None
            assert unchecked.events[mark:] == events
            assert unchecked.history == checked.history
            assert unchecked.digest() == checked.digest()
            if checked.acting().kind == "turn":
                now = 0.0
        assert unchecked.is_over and unchecked.outcome() == checked.outcome()
