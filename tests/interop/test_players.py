"""Our bots as OpenSpiel and PettingZoo players (issue 19, part 2): a wrapped bot plays
whole games inside each framework, and a bot with a memory is shown exactly what the bot
driver shows it, so it plays the very game it would play at one of our tables."""

from __future__ import annotations

from typing import Any

import pyspiel
import pytest

from gamenight.bots.base import make_bot
from gamenight.bots.driver import BotDriver
from gamenight.engine import Game, GameState, IllegalAction
from gamenight.engine.game import JSON
from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES
from gamenight.interop import openspiel, pettingzoo
from gamenight.interop.players import SeatPlayer
from tests.spies import spies_on_methods

openspiel.register()


def two_player_options(game: Game) -> dict[str, JSON]:
    """The options of a two-player table (Superfly's duel is a variant)."""
    return {"two_players": True} if game.id == "superfly" else {}


def spiel_game(game: Game, players: int) -> pyspiel.Game:
    options = two_player_options(game) if players == 2 else {}
    return pyspiel.load_game(openspiel.game_name(game.id), {"players": players, **options})


def drivers_game(game: Game, played: GameState[Any], specs: list[str],
                 seeds: list[int]) -> GameState[Any]:
    """The game the bot driver plays with the same bots on the same table, chance taken
    from ``played`` (the frameworks draw chance their own way)."""
    state = game.new(played.players, played.seed, **played.options)
    driver = BotDriver(state, [make_bot(game, spec, s, seeds[s])
                               for s, spec in enumerate(specs)])
    while True:
        driver.show()  # what play_to_end does at each step
        acting = state.acting()
        if acting.kind == "over":
            return state
        if acting.kind == "chance":
            step = len(state.history)
            if step >= len(played.history) or played.history[step].seat is not None:
                return state  # the games went apart: the histories differ
            try:
                state.apply_chance(played.history[step].value)
            except IllegalAction:
                return state  # likewise
        elif acting.kind == "turn":
            driver.take_turn(acting.seats[0])
        else:
            raise AssertionError("By Golly! has turns only")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_our_default_bot_plays_a_whole_game_inside_openspiel(game_id: str) -> None:
    game = GAMES[game_id]
    spiel = spiel_game(game, 2)
    bots = [openspiel.bot(spiel, game.default_bot, 0, seed=5),
            pyspiel.make_uniform_random_bot(1, 6)]
    state = spiel.new_initial_state()
    returns = pyspiel.evaluate_bots(state, bots, 7)
    assert state.is_terminal()
    assert state.table.state.outcome() is not None
    assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_our_bots_play_a_whole_game_through_pettingzoos_aec_loop(game_id: str) -> None:
    game = GAMES[game_id]
    players = 2
    aec = pettingzoo.env(game_id, players=players, **two_player_options(game))
    policies = {f"player_{s}": pettingzoo.policy(aec, game.default_bot, s, seed=s)
                for s in range(players)}
    aec.reset(seed=3)
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
        else:
            action = policies[agent](observation, agent)
            assert observation["action_mask"][action] == 1
            aec.step(action)
    assert aec.table.state.outcome() is not None


def test_a_policy_answers_the_no_op_when_its_agent_does_not_choose() -> None:
    par = pettingzoo.parallel_env("fluster", players=2)
    policies = {f"player_{s}": pettingzoo.policy(par, "wordsmith", s) for s in range(2)}
    observations, _ = par.reset(seed=1)
    while par.agents:
        actions = {a: policies[a](observations[a], a) for a in par.agents}
        for agent, action in actions.items():
            assert observations[agent]["action_mask"][action] == 1
        observations, *_ = par.step(actions)
    assert par.table.state.outcome() is not None
    with pytest.raises(ValueError, match="plays player_0"):
        policies["player_0"](None, "player_1")


@pytest.mark.parametrize("players", [2, 3])
def test_by_gollys_memory_bots_in_openspiel_play_the_drivers_game(players: int) -> None:
    # OpenSpiel tells a bot nothing of chance and little else: the wrapper shows the bot
    # its seat's view after every step from the game's history, as the driver does, so
    # the game played inside OpenSpiel is the one the driver plays with the same chance.
    game = GAMES["by-golly"]
    specs = ["perfect", "memory:child", "memory"][:players]
    for seed in range(3):
        seeds = [derive_seed(seed, "bot", s) for s in range(players)]
        spiel = spiel_game(game, players)
        bots = [openspiel.bot(spiel, spec, s, seed=seeds[s]) for s, spec in enumerate(specs)]
        state = spiel.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed)
        played = state.table.state
        assert drivers_game(game, played, specs, seeds).history == played.history


def test_by_gollys_memory_bots_as_pettingzoo_policies_play_the_drivers_game() -> None:
    game = GAMES["by-golly"]
    specs = ["memory:child", "perfect"]
    seeds = [11, 12]
    aec = pettingzoo.env("by-golly", players=2)
    policies = {f"player_{s}": pettingzoo.policy(aec, spec, s, seed=seeds[s])
                for s, spec in enumerate(specs)}
    aec.reset(seed=5)
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else policies[agent](observation, agent))
    played = aec.table.state
    assert drivers_game(game, played, specs, seeds).history == played.history


@spies_on_methods
def test_a_memory_bot_is_told_every_step_not_only_its_own_turns() -> None:
    # A blind bot would see the table only when asked to move; this one is told every
    # event up to its last decision, in its seat's form, the other seat's turns and
    # chance included (By Golly!'s memory bots learn from events: Bot.listens).
    game = GAMES["by-golly"]
    spiel = spiel_game(game, 2)
    ours = openspiel.bot(spiel, "perfect", 1, seed=2)
    player: SeatPlayer = ours.player
    heard: list[Any] = []
    hear = player.bot.hear

    def recorded(events: Any) -> None:
        heard.extend(events)
        hear(events)

    setattr(player.bot, "hear", recorded)  # noqa: B010 -- mypy forbids assigning a method
    state = spiel.new_initial_state()
    pyspiel.evaluate_bots(state, [pyspiel.make_uniform_random_bot(0, 1), ours], 4)
    followed = player._follow
    assert followed is not None
    history = state.table.state.history
    assert followed.history == history[:len(followed.history)]
    assert heard == [event.seen_by(1) for event in followed.events]
    others = sum(step.seat == 0 for step in followed.history)
    assert others > 0


def test_a_new_game_gives_the_wrapper_a_new_bot() -> None:
    game = GAMES["by-golly"]
    spiel = spiel_game(game, 2)
    bots = [openspiel.bot(spiel, "perfect", s, seed=s) for s in range(2)]
    first = bots[0].player.bot
    for seed in (1, 2):
        state = spiel.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed)
        assert state.is_terminal()
    assert bots[0].player.bot is not first
    assert bots[0].player.games >= 1


def test_a_bad_spec_or_game_is_refused_at_once() -> None:
    spiel = spiel_game(GAMES["fly"], 2)
    with pytest.raises(ValueError, match="no bot 'perfect'"):
        openspiel.bot(spiel, "perfect", 0)
    with pytest.raises(TypeError, match="not a gamenight game"):
        openspiel.bot(pyspiel.load_game("kuhn_poker"), "random", 0)
