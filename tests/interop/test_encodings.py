"""What every game's research encoding promises, checked the same way for each (a later
game is checked here as soon as its encoding.py exists)."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

from gamenight.interop.core import Table
from tests.interop.tables import ENDS, TableSetup, table_id


def decide(table: Table, rng: random.Random) -> bool:
    """One step of random play, checking the encoding at it; False if it was chance."""
    decision = table.decision()
    encoding = table.encoding
    if decision.kind == "chance":
        table.draw_chance()
        return False
    choices = {}
    for seat in range(table.players):
        legal = table.legal(seat)
        if seat not in decision.seats:
            assert legal == []
            continue
        assert legal, f"seat {seat} must choose but has no legal index"
        assert legal == sorted(set(legal))
        assert legal[0] >= 0 and legal[-1] < encoding.num_actions
        mask = table.mask(seat, noop=True)
        assert np.flatnonzero(mask).tolist() == legal
        for index in legal:
            action = table.decode(seat, index)
            at = None if not decision.window else table.clock
            assert table.state.can(seat, action, at), (index, action)
        observation = table.observe(seat)
        assert observation.shape == encoding.observation_shape
        assert observation.dtype == np.float32
        low, high = encoding.observation_bounds
        assert np.all(observation >= low) and np.all(observation <= high)
        choices[seat] = table.decode(seat, rng.choice(legal))
    if decision.kind == "turn":
        (seat,) = decision.seats
        table.apply_turn(seat, choices[seat])
    else:
        table.apply_joint(choices)
    return True


def play_on(table: Table, rng: random.Random, decisions: int) -> Table:
    """``table`` after up to ``decisions`` random decisions (fewer if the game ends)."""
    for _ in range(decisions):
        if table.is_over:
            break
        decide(table, rng)
    return table


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_every_decision_of_random_games_is_encoded_soundly(
        table: TableSetup) -> None:
    game, players, options = table
    for seed in range(3):
        state = Table(game, players, seed, options)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_over:
            decisions += decide(state, rng)
        # OpenSpiel counts decisions (turns and joint decisions) against this bound.
        assert decisions <= state.encoding.max_game_length
        low, high = state.return_bounds
        assert all(low <= r <= high for r in state.returns())


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_an_observation_is_the_views_alone(table: TableSetup) -> None:
    """A seat's tensor and string depend only on what it sees: a state resampled from
    its point of view (hidden parts redrawn) gives it the very same ones."""
    game, players, options = table
    live = Table(game, players, 4, options)
    rng = random.Random(4)
    play_on(live, rng, 40)
    for seat in range(players):
        twin = live.resample(seat, random.Random(seat))
        assert np.array_equal(twin.observe(seat), live.observe(seat))
        assert twin.observation_text(seat) == live.observation_text(seat)
        assert twin.information_text(seat) == live.information_text(seat)


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_a_copied_or_pickled_encoding_observes_the_same(table: TableSetup) -> None:
    """An encoding writes each observation into one scratch tensor through named views
    of it; a copy must not keep views of the original's tensor, or of nothing."""
    game, players, options = table
    live = Table(game, players, 3, options)
    rng = random.Random(3)
    play_on(live, rng, 12)
    encoding = live.encoding
    view = live.view(0)
    before = encoding.observe(view, 0)
    assert before.any()
    for twin in (copy.deepcopy(encoding), pickle.loads(pickle.dumps(encoding))):
        assert np.array_equal(twin.observe(view, 0), before)
    assert np.array_equal(encoding.observe(view, 0), before)
