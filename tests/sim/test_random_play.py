"""Random play draws as Python's ``random`` does: the same generator gives the same games.

``random_playout`` draws its choices and gaps in compiled code (``random_play.pick``,
the exponential gap worked out in place) instead of calling ``Random.choice`` and
``Random.expovariate``, which run as interpreted code.  These tests hold it to the very
draws Python's own functions make, so every random game is the game it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamenight.engine import GameState
from gamenight.games import GAMES, get_game
from gamenight.sim.bench import typical_players
from gamenight.sim.random_play import pick, random_playout


@pytest.mark.parametrize("length", [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 1000, 1024, 1025])
def test_pick_draws_what_choice_draws_and_leaves_the_generator_alike(length: int) -> None:
    choices = [f"action {i}" for i in range(length)]
    ours, theirs = random.Random(length), random.Random(length)
    for _ in range(300):
        assert pick(ours.getrandbits, choices) == theirs.choice(choices)
    assert ours.getstate() == theirs.getstate()


def test_pick_from_nothing_is_refused_as_choice_refuses() -> None:
    with pytest.raises(IndexError):
        pick(random.Random(0).getrandbits, [])


def played_as_before(state: GameState[Any], rng: random.Random) -> int:
    """Random play as ``random_playout`` played it with Python's own draws."""
    now = 0.0
    while True:
        acting = state.acting()
        if acting.kind == "window":
            deadline = acting.deadline_ms or 0.0
            now += rng.expovariate(10.0 / deadline) if deadline else 0.0
            if now > deadline:
                state.expire_window()
                now = 0.0
            else:
                seat = rng.choice(acting.seats)
                state.apply(seat, rng.choice(state.legal_actions(seat)), now)
            continue
        now = 0.0
        if acting.kind == "turn":
            seat = acting.seats[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        elif acting.kind == "simultaneous":
            for seat in acting.seats:
                state.apply(seat, rng.choice(state.legal_actions(seat)), 0.0)
        elif acting.kind == "chance":
            state.draw_chance()
        else:
            return len(state.history)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_games_are_the_games_pythons_draws_give(game_id: str) -> None:
    game = get_game(game_id)
    players = typical_players(game)
    for seed in range(3):
        ours, theirs = game.new(players, seed), game.new(players, seed)
        steps = random_playout(ours, random.Random(seed))
        assert played_as_before(theirs, random.Random(seed)) == steps
        assert ours.history == theirs.history
        assert ours.outcome() == theirs.outcome()
