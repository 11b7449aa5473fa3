"""What each adapter does with an action that is not one (issue 12): each framework's own
convention, checked once in ``interop.core`` for all of them, and nothing changes.

Gymnasium and PettingZoo: an action outside the action space raises (their own
environments assert it, e.g. PettingZoo's ``AssertOutOfBoundsWrapper``); an action in
the space that the mask forbids is replaced and flagged (or refused, on request).
OpenSpiel: an action not in ``legal_actions`` raises a ``SpielError``, as its own checks
do.
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from gamenight.engine import IllegalAction
from gamenight.games import GAMES
from gamenight.interop import openspiel
from gamenight.interop.core import ActionSpaceError, Table, space_index
from gamenight.interop.gymnasium import GamenightEnv
from gamenight.interop.pettingzoo import env, parallel_env
from tests.engine.toy import DICE_DUEL

openspiel.register()


def not_actions(size: int) -> list[object]:
    """Values that are no index of a space of ``size`` actions (each crashed an adapter
    with OverflowError, ValueError, TypeError or IndexError, or was taken, before)."""
    return [float("inf"), float("-inf"), float("nan"), 3.0, np.float32(1.0), -1, size,
            10**30, -(10**30), np.int64(size), np.int64(2**63 - 1), np.uint64(2**64 - 1),
            "3", b"3", True, False, np.bool_(True), None, [1], (1,), np.array([1]),
            np.array(1.0), {"a": 1}, object()]


def fingerprint(table: Table) -> tuple[str, int, object, object]:
    state = table.state
    return state.digest(), len(state.history), state.rng.getstate(), table.timing.getstate()


def test_space_index_takes_integers_of_every_kind_and_nothing_else() -> None:
    assert [space_index(v, 5) for v in (0, 4, np.int64(3), np.uint8(2), np.array(1))] == [
        0, 4, 3, 2, 1]
    for value in not_actions(5):
        with pytest.raises(ActionSpaceError, match="an action is a whole number from 0 to 4"):
            space_index(value, 5)
    with pytest.raises(ActionSpaceError) as refused:
        space_index("3" * 10_000, 5)
    assert len(str(refused.value)) < 100  # the message stays one short line


@pytest.mark.parametrize("game_id", list(GAMES))
def test_gymnasium_refuses_what_is_not_in_its_action_space_and_changes_nothing(
        game_id: str) -> None:
    gym_env = GamenightEnv(game_id)
    _, info = gym_env.reset(seed=1)
    before = fingerprint(gym_env.table)
    for value in not_actions(int(gym_env.action_space.n)):
        with pytest.raises(ActionSpaceError):
            gym_env.step(value)
        assert fingerprint(gym_env.table) == before, value
    # A NumPy integer, as a policy hands it over, is an action.
    legal = int(np.flatnonzero(info["action_mask"])[0])
    gym_env.step(np.int64(legal))
    assert fingerprint(gym_env.table) != before


def test_gymnasium_replaces_and_flags_an_action_the_mask_forbids() -> None:
    gym_env = GamenightEnv(DICE_DUEL, players=2, rounds=3)
    _, info = gym_env.reset(seed=5)
    forbidden = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, _, _, _, info = gym_env.step(forbidden)
    assert info["illegal_action"] is True


def test_gymnasium_step_before_reset_says_so() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        GamenightEnv(DICE_DUEL, players=2).step(0)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_pettingzoo_aec_refuses_what_is_not_in_its_action_space_and_changes_nothing(
        game_id: str) -> None:
    aec = env(game_id)
    aec.reset(seed=1)
    agent = aec.agent_selection
    before = fingerprint(aec.table)
    size = int(aec.action_space(agent).n)
    for value in not_actions(size):
        with pytest.raises(ActionSpaceError):
            aec.step(value)  # None too: only an agent that is done passes None
        assert fingerprint(aec.table) == before, value
        assert aec.agent_selection == agent and aec.infos[agent] == {}
    mask = aec.observe(agent)["action_mask"]
    aec.step(np.array(np.flatnonzero(mask)[0]))  # a 0-d array, as a sampler may give
    assert aec.agent_selection != agent or fingerprint(aec.table) != before


@pytest.mark.parametrize("game_id", list(GAMES))
def test_pettingzoo_parallel_refuses_what_is_not_in_its_action_space_and_changes_nothing(
        game_id: str) -> None:
    par = parallel_env(game_id)
    observations, _ = par.reset(seed=1)
    before = fingerprint(par.table)
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    size = par.table.noop + 1
    for value in not_actions(size):
        for agent in par.agents:  # one bad action among good ones is enough
            with pytest.raises(ActionSpaceError):
                par.step({**legal, agent: value})
            assert fingerprint(par.table) == before, (agent, value)


def test_pettingzoo_parallel_wants_an_action_from_every_agent_that_chooses() -> None:
    par = parallel_env(DICE_DUEL, players=2)
    par.reset(seed=2)
    before = fingerprint(par.table)
    with pytest.raises(IllegalAction, match="player_1 chooses now, but no action was given"):
        par.step({"player_0": 1})
    with pytest.raises(IllegalAction, match="'player_7' is not an agent at this table"):
        par.step({"player_0": 1, "player_1": 1, "player_7": 1})
    assert fingerprint(par.table) == before
    par.step({"player_0": 0, "player_1": 1})
    # Seat 0 alone chooses now: seat 1, offered only its no-op, may leave its action out.
    par.step({"player_0": 6})
    assert fingerprint(par.table) != before


def test_pettingzoo_on_illegal_raise_refuses_a_masked_action_and_changes_nothing() -> None:
    aec = env(DICE_DUEL, players=2, on_illegal="raise")
    aec.reset(seed=2)
    before = fingerprint(aec.table)
    with pytest.raises(IllegalAction, match="player_0 may not take action 7 now"):
        aec.step(7)  # the no-op, which a chooser may not take
    assert fingerprint(aec.table) == before and aec.agent_selection == "player_0"


def openspiel_state(game_id: str) -> pyspiel.State:
    """A state of ``game_id`` at its first decision that is not chance."""
    state = pyspiel.load_game(openspiel.game_name(game_id)).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_by_golly_action_43_is_an_illegal_action_not_an_index_error() -> None:
    state = openspiel_state("by-golly")
    before = state.serialize()
    with pytest.raises(pyspiel.SpielError, match="may not take action 43"):
        state.apply_action(43)  # the no-op: By Golly! has 43 actions, 0 to 42
    assert state.serialize() == before


@pytest.mark.parametrize("game_id", list(GAMES))
def test_openspiel_refuses_every_action_that_is_not_legal_and_changes_nothing(
        game_id: str) -> None:
    state = openspiel_state(game_id)
    game = state.get_game()
    players = game.num_players()
    before = state.serialize()
    if state.is_simultaneous_node():
        legal = [state.legal_actions(p) for p in range(players)]
        good = [moves[0] for moves in legal]
        for player in range(players):
            wrong = next(a for a in range(game.num_distinct_actions() + 2)
                         if a not in legal[player])
            with pytest.raises(openspiel.IllegalSpielAction, match=f"player {player} may not"):
                state.apply_actions([*good[:player], wrong, *good[player + 1:]])
        with pytest.raises(pyspiel.SpielError, match="one action per player"):
            state.apply_actions(good[:-1])
        with pytest.raises(pyspiel.SpielError, match="apply_actions"):
            state.apply_action(good[0])
    else:
        legal = state.legal_actions()
        for action in (next(a for a in range(10**4) if a not in legal),
                       game.num_distinct_actions(), 2**62):
            with pytest.raises(IllegalAction, match="may not take action"):
                state.apply_action(action)
        with pytest.raises(pyspiel.SpielError, match="no joint decision"):
            state.apply_actions([legal[0]] * players)
    assert state.serialize() == before


@pytest.mark.parametrize("game_id", ["superfly", "fly"])
def test_openspiel_refuses_a_chance_outcome_that_cannot_happen(game_id: str) -> None:
    state = pyspiel.load_game(openspiel.game_name(game_id)).new_initial_state()
    assert state.is_chance_node()
    before = state.serialize()
    impossible = next(a for a in range(10**6)
                      if a not in {o for o, _ in state.chance_outcomes()})
    with pytest.raises(openspiel.IllegalSpielAction):
        state.apply_action(impossible)
    assert state.serialize() == before
