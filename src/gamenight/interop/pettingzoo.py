"""Every gamenight game as a PettingZoo environment, AEC or Parallel.

    from gamenight.interop.pettingzoo import env, parallel_env
    aec = env("fly", players=3)
    par = parallel_env("superfly", players=4)

Agents are ``player_0`` ... ``player_<n-1>``, one per seat.  An observation is a dict:
``observation`` (the game's encoding of the seat's view, float32) and ``action_mask``
(int8 over the game's actions plus a last no-op).  Chance is drawn by the game's own
generator, seeded by ``reset(seed=...)``.  Rewards come at the end: see
``interop.core.Table.returns``.

In the AEC environment the agents that choose in a joint decision (a simultaneous
choice, or a round of a reaction window) are selected one after another, and the
decision resolves once the last has chosen; nobody sees another's choice before.  In
the Parallel environment every live agent acts at every step; the choices of agents
that do not choose now are ignored (their mask offers only the no-op).

Actions, as PettingZoo's own environments take them (its ``AssertOutOfBoundsWrapper``):
an action outside the agent's action space (not an integer of ``spaces.Discrete``, a
bool, out of range; None except for an agent that is done) is an error, raised as
``interop.core.ActionSpaceError`` (a ValueError) with nothing changed.  An action in the
space that the mask forbids now is not taken: the lowest legal action is taken instead
and the agent's info says ``illegal_action: True`` (with ``on_illegal="raise"`` it raises
``IllegalAction``, a ValueError, instead).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from typing_extensions import TypedDict

from gamenight.bots.reaction import DEFAULT_LEVEL
from gamenight.engine import Game, IllegalAction, OptionError
from gamenight.engine.game import JSON
from gamenight.games import get_game
from gamenight.interop.core import GameAction, Table, default_players, space_index

ILLEGAL_CHOICES = ("replace", "raise")


class AgentObservation(TypedDict):
    """What an agent observes: the encoding's tensor of its view, and which actions it
    may take now (the last is the no-op)."""

    observation: np.ndarray
    action_mask: np.ndarray


class Info(TypedDict, total=False):
    """An agent's info after a step: ``illegal_action`` when the action it was given
    was not legal and the lowest legal one was taken instead."""

    illegal_action: bool


class _Seats:
    """What both environments share: the table, spaces and per-agent data."""

    metadata: dict[str, object]

    def _setup(self, game_id: str | Game, players: int | None, reaction: str, on_illegal: str,
               render_mode: str | None, options: Mapping[str, JSON]) -> None:
        self.game = get_game(game_id) if isinstance(game_id, str) else game_id
        self.num_players = players if players is not None else default_players(self.game)
        if on_illegal not in ILLEGAL_CHOICES:
            raise OptionError(f"on_illegal is one of {', '.join(ILLEGAL_CHOICES)}, "
                              f"not {on_illegal!r}")
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.on_illegal = on_illegal
        self.render_mode = render_mode
        self.reaction = reaction
        self.game_options = self.game.resolve_options(self.num_players, options)
        self.table = Table(self.game, self.num_players, 0, self.game_options, reaction)
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        n = self.table.noop + 1
        shape = self.table.encoding.observation_shape
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(*self.table.encoding.observation_bounds, shape,
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._action_space = spaces.Discrete(n)
        self.metadata = {"render_modes": ["ansi"], "name": f"gamenight_{self.game.id}_v0",
                         "is_parallelizable": True}

    @functools.cache  # noqa: B019 -- one space object per agent, as the API asks
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def _new_table(self, seed: int | None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        elif (isinstance(seed, bool | np.bool_) or not isinstance(seed, int | np.integer)
              or seed < 0):
            raise ValueError(f"a seed is a whole number of at least 0, not {seed!r:.40}")
        self.table = Table(self.game, self.num_players, seed, self.game_options, self.reaction)
        self.table.settle()

    def _observation(self, agent: str, noop: bool) -> AgentObservation:
        seat = self.agent_seat[agent]
        return {"observation": self.table.observe(seat),
                "action_mask": self.table.mask(seat, noop)}

    def _index(self, action: object) -> int:
        """``action`` as an index of the action space (ActionSpaceError if it is not)."""
        return space_index(action, self.table.noop + 1)

    def _choice(self, seat: int, index: int, info: Info) -> GameAction:
        """The game action for an index: the lowest legal one if it is not legal."""
        if not self.table.allows(seat, index):
            legal = self.table.legal(seat)
            if self.on_illegal == "raise":
                raise IllegalAction(f"player_{seat} may not take action {index} now "
                                    f"(legal: {legal})")
            info["illegal_action"] = True
            index = legal[0]
        return self.table.decode(seat, index)

    def _resolve(self, choices: Mapping[int, GameAction]) -> None:
        decision = self.table.decision()
        if decision.kind == "turn":
            seat = decision.seats[0]
            self.table.apply_turn(seat, choices[seat])
        else:
            self.table.apply_joint(choices)
        self.table.settle()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.encoding.observation_text(self.table.state.view(None))

    def close(self) -> None:
        pass


class GamenightAEC(_Seats, AECEnv):  # type: ignore[misc]
    """A gamenight game as an agent-environment-cycle environment."""

    def __init__(self, game_id: str | Game, players: int | None = None, *,
                 reaction: str = DEFAULT_LEVEL, on_illegal: str = "replace",
                 render_mode: str | None = None, **options: JSON) -> None:
        AECEnv.__init__(self)
        self._setup(game_id, players, reaction, on_illegal, render_mode, options)
        self.agents: list[str] = []
        self.agent_selection: str = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        self._new_table(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, Info] = {a: {} for a in self.agents}
        self._pending: dict[int, GameAction] = {}
        self._queue: list[int] = []
        self._next_decision()

    def observe(self, agent: str) -> AgentObservation:
        return self._observation(agent, noop=False)

    def step(self, action: object) -> None:
        if not self.agents:
            raise RuntimeError("no agent is playing: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = self._index(action)
        seat = self.agent_seat[agent]
        info: Info = {}
        choice = self._choice(seat, index, info)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = info
        self._pending[seat] = choice
        self._queue.pop(0)
        if not self._queue:
            self._resolve(self._pending)
            self._pending = {}
            self._next_decision()
        else:
            self.agent_selection = self.possible_agents[self._queue[0]]
        self._accumulate_rewards()

    def _next_decision(self) -> None:
        table = self.table
        if table.is_over:
            returns = table.returns()
            truncated = table.truncated
            for agent in self.agents:
                self.rewards[agent] = returns[self.agent_seat[agent]]
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
            self.agent_selection = self.agents[0]
            return
        self._queue = list(table.decision().seats)
        self.agent_selection = self.possible_agents[self._queue[0]]


class GamenightParallel(_Seats, ParallelEnv):  # type: ignore[misc]
    """A gamenight game as a parallel environment: every live agent acts each step."""

    def __init__(self, game_id: str | Game, players: int | None = None, *,
                 reaction: str = DEFAULT_LEVEL, on_illegal: str = "replace",
                 render_mode: str | None = None, **options: JSON) -> None:
        self._setup(game_id, players, reaction, on_illegal, render_mode, options)
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None
              ) -> tuple[dict[str, AgentObservation], dict[str, Info]]:
        self._new_table(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, AgentObservation]:
        return {a: self._observation(a, noop=True) for a in self.agents}

    def step(self, actions: Mapping[str, object]) -> tuple[
            dict[str, AgentObservation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, Info]]:
        if not self.agents:
            raise RuntimeError("no agent is playing: call reset()")
        # Every action given is checked before anything is taken, so a bad one changes
        # nothing.
        strangers = sorted(set(actions) - set(self.agents))
        if strangers:
            raise IllegalAction(f"{strangers[0]!r:.40} is not an agent at this table")
        indices = {agent: self._index(action) for agent, action in actions.items()}
        infos: dict[str, Info] = {a: {} for a in self.agents}
        decision = self.table.decision()
        choices = {}
        for seat in decision.seats:
            agent = self.possible_agents[seat]
            if agent not in indices:
                raise IllegalAction(f"{agent} chooses now, but no action was given for it")
            choices[seat] = self._choice(seat, indices[agent], infos[agent])
        self._resolve(choices)
        observations = self._observations()
        over = self.table.is_over
        returns = self.table.returns()
        truncated = self.table.truncated
        rewards = {a: returns[self.agent_seat[a]] for a in self.agents}
        terminations = dict.fromkeys(self.agents, over and not truncated)
        truncations = dict.fromkeys(self.agents, over and truncated)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(game_id: str | Game, **options: Any) -> GamenightAEC:
    """The AEC environment of ``game_id``: ``players=`` (default: the smallest usual
    table), ``reaction=`` (the reaction level that times window choices),
    ``on_illegal=``, ``render_mode="ansi"`` and the game's own options."""
    return GamenightAEC(game_id, **options)


def parallel_env(game_id: str | Game, **options: Any) -> GamenightParallel:
    """The Parallel environment of ``game_id`` (options as for :func:`env`)."""
    return GamenightParallel(game_id, **options)


from gamenight.interop.players import policy as policy  # noqa: E402 -- our bots as PettingZoo policies
