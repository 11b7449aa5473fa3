"""Every game as a PettingZoo environment, checked by PettingZoo's own test suite
(issue 7), and what our environments promise beyond it."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from gamenight.interop.pettingzoo import env, parallel_env
from tests.engine.toy import DICE_DUEL
from tests.interop.tables import ENDS, TableSetup, table_id


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_api_test(table: TableSetup) -> None:
    game, players, options = table
    api_test(env(game.id if game is not DICE_DUEL else game, players=players, **options))


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_parallel_api_test(table: TableSetup) -> None:
    game, players, options = table
    parallel_api_test(parallel_env(game if game is DICE_DUEL else game.id, players=players,
                                   **options))


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_seed_test(table: TableSetup) -> None:
    game, players, options = table
    seed_test(lambda: env(game if game is DICE_DUEL else game.id, players=players, **options))


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_parallel_seed_test(table: TableSetup) -> None:
    game, players, options = table
    parallel_seed_test(lambda: parallel_env(game if game is DICE_DUEL else game.id,
                                            players=players, **options))


def test_agents_are_named_by_seat_and_a_game_ends_with_zero_sum_rewards() -> None:
    aec = env(DICE_DUEL, players=3, rounds=2)
    aec.reset(seed=4)
    assert aec.possible_agents == ["player_0", "player_1", "player_2"]
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert mask[-1] == 0  # the no-op is never offered to a chooser
        aec.step(int(np.flatnonzero(mask)[0]))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0


def test_in_a_joint_decision_nobody_sees_another_choice_before_choosing() -> None:
    aec = env(DICE_DUEL, players=2)
    aec.reset(seed=1)
    assert aec.agent_selection == "player_0"
    before = aec.observe("player_1")["observation"].copy()
    aec.step(3)  # player_0 bids 3
    assert aec.agent_selection == "player_1"
    assert np.array_equal(aec.observe("player_1")["observation"], before)


def test_an_illegal_action_is_replaced_and_flagged_or_refused() -> None:
    par = parallel_env(DICE_DUEL, players=2)
    par.reset(seed=2)
    _, _, _, _, infos = par.step({"player_0": 6, "player_1": 1})  # 6 is "stop": not now
    assert infos["player_0"] == {"illegal_action": True}
    assert infos["player_1"] == {}
    strict = parallel_env(DICE_DUEL, players=2, on_illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="player_0 may not take action 6"):
        strict.step({"player_0": 6, "player_1": 1})


def test_parallel_agents_that_do_not_choose_are_offered_only_the_noop() -> None:
    par = parallel_env(DICE_DUEL, players=2)
    observations, _ = par.reset(seed=2)
    observations, *_ = par.step({"player_0": 0, "player_1": 1})  # both bid
    # Now seat 0 alone chooses double or stop; seat 1 may only pass its no-op.
    assert np.flatnonzero(observations["player_0"]["action_mask"]).tolist() == [5, 6]
    assert np.flatnonzero(observations["player_1"]["action_mask"]).tolist() == [7]
