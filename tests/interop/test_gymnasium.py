"""Every game as a Gymnasium environment (one learning seat against our bots), checked
by Gymnasium's own checker and a random episode (issue 7)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gamenight.interop.gymnasium as gym_interop
from gamenight.bots.base import make_bot
from gamenight.engine import OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES
from gamenight.interop.gymnasium import GamenightEnv
from tests.engine.toy import DICE_DUEL


def test_importing_registers_every_game() -> None:
    ids = gym_interop.register()
    assert ids == [f"gamenight/{g}-v0" for g in GAMES]
    assert all(i in gym.registry for i in ids)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_check_env_and_a_random_episode(game_id: str) -> None:
    env = gym.make(f"gamenight/{game_id}-v0")
    check_env(env.unwrapped, skip_render_check=True)
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps, done, reward = 0, False, 0.0
    while not done:
        assert env.observation_space.contains(observation)
        legal = np.flatnonzero(info["action_mask"])
        assert legal.size > 0
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert "illegal_action" not in info
        steps += 1
        done = terminated or truncated
    assert steps > 0
    assert -1.0 <= float(reward) <= 1.0


def test_opponents_option_and_its_errors() -> None:
    env = GamenightEnv(DICE_DUEL, players=3, opponents=["random", "random"])
    env.reset(seed=0)
    with pytest.raises(OptionError, match="2 opponents"):
        GamenightEnv(DICE_DUEL, players=3, opponents=["random"])
    with pytest.raises(OptionError, match="no bot"):
        GamenightEnv(DICE_DUEL, players=2, opponents="nobody")


def test_the_agent_sees_only_its_turns_and_gets_the_final_return() -> None:
    env = GamenightEnv(DICE_DUEL, players=2, seat=1, rounds=1)
    _, info = env.reset(seed=5)
    # Seat 1 bids (a joint decision with the bot), then seat 0's bot chooses alone, and
    # the one round is over: the agent's single step ends the episode.
    assert info["action_mask"].tolist() == [1, 1, 1, 1, 0, 0, 0]
    _, reward, terminated, truncated, _ = env.step(0)
    assert terminated and not truncated
    assert reward in (-1.0, 0.0, 1.0)
    assert env.unwrapped.table.is_over


def test_memory_opponents_remember_what_their_seats_saw_turned_over() -> None:
    # By Golly!'s memory bots learn from events (Bot.hear): the environment must tell its
    # opponents every event in their seat's form, as the bot driver does at a table, or
    # they play blind between their turns.
    env = GamenightEnv("by-golly", players=3, opponents=["perfect", "memory:expert"])
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        if env.table.is_over:
            break
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            break
    state = env.table.state
    for seat, bot in env.bots.items():
        told = make_bot(env.game, "perfect" if seat == 1 else "memory:expert", seat,
                        derive_seed(state.seed, "bot", seat))
        told.hear([e for e in (event.seen_by(seat) for event in state.events)
                   if e is not None])
        assert bot.known, f"seat {seat} remembers nothing"  # type: ignore[attr-defined]
        assert bot.known == told.known  # type: ignore[attr-defined]
