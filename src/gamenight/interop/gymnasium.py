"""Every gamenight game as a Gymnasium environment: one learning seat against bots.

    import gymnasium as gym
    import gamenight.interop.gymnasium  # registers gamenight/<id>-v0
    env = gym.make("gamenight/fly-v0", players=3, opponents="aimer")

The agent plays seat ``seat`` (default 0); every other seat is played by a gamenight
bot (``opponents``: one bot spec for all, or a list with one per other seat; default
the game's default bot).  Bots act natively, with their own timing in reaction windows;
the agent's window choices are timed by the ``reaction`` level.  The observation is
the game's encoding of the agent's view (float32); ``info["action_mask"]`` and
:meth:`GamenightEnv.action_masks` give the legal actions.  The reward comes at the end
(``interop.core.Table.returns``); a safety cap ending the game is a truncation.

Actions, as Gymnasium's own environments take them: an action outside the action space
(not an integer of ``spaces.Discrete``, a bool, out of range) is an error, raised as
``interop.core.ActionSpaceError`` (a ValueError) with nothing changed; an action in the
space that the mask forbids now is replaced by the lowest legal one, and the step's info
says ``illegal_action: True``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from gamenight.bots.base import Bot, make_bot
from gamenight.bots.reaction import DEFAULT_LEVEL
from gamenight.engine import Game, OptionError
from gamenight.engine.game import JSON
from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES, get_game
from gamenight.interop.core import GameAction, Table, default_players, space_index


class GamenightEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a gamenight game, the other seats played by bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 -- Gymnasium reads it so

    def __init__(self, game_id: str | Game, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str] | None = None,
                 reaction: str = DEFAULT_LEVEL, render_mode: str | None = None,
                 **options: JSON) -> None:
        self.game = get_game(game_id) if isinstance(game_id, str) else game_id
        self.players = players if players is not None else default_players(self.game)
        if not 0 <= seat < self.players:
            raise OptionError(f"seat is 0 to {self.players - 1}, not {seat}")
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.seat = seat
        self.render_mode = render_mode
        self.reaction = reaction
        others = [s for s in range(self.players) if s != seat]
        if opponents is None or isinstance(opponents, str):
            spec = opponents or self.game.default_bot
            self.opponents = dict.fromkeys(others, spec)
        else:
            if len(opponents) != len(others):
                raise OptionError(f"{len(others)} opponents play this table, "
                                  f"not {len(opponents)} bot specs")
            self.opponents = dict(zip(others, opponents, strict=True))
        self.game_options = self.game.resolve_options(self.players, options)
        for s, spec in self.opponents.items():
            make_bot(self.game, spec, s, 0)  # a bad spec fails here, not mid-episode
        self.table = Table(self.game, self.players, 0, self.game_options, reaction)
        self.observation_space = spaces.Box(*self.table.encoding.observation_bounds,
                                            self.table.encoding.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self.table.encoding.num_actions)
        self.bots: dict[int, Bot[Any]] = {}
        self._started = False  # reset() has been called

    # -- the episode ----------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, object] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.table = Table(self.game, self.players, game_seed, self.game_options,
                           self.reaction)
        self.bots = {s: make_bot(self.game, spec, s, derive_seed(game_seed, "bot", s))
                     for s, spec in self.opponents.items()}
        for s, bot in self.bots.items():
            self.table.watch(s, bot)
        self._started = True
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: object
             ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        if self.table.is_over:
            raise RuntimeError("the episode is over: call reset()")
        index = space_index(action, self.table.noop)
        info: dict[str, Any] = {}
        if not self.table.allows(self.seat, index):
            info["illegal_action"] = True
            index = self.table.legal(self.seat)[0]
        mine = self.table.decode(self.seat, index)
        decision = self.table.decision()
        if decision.kind == "turn":
            self.table.apply_turn(self.seat, mine)
        else:
            self._joint({self.seat: mine}, {})
        self._play_others()
        over = self.table.is_over
        reward = self.table.returns()[self.seat] if over else 0.0
        truncated = over and self.table.truncated
        return (self._observation(), reward, over and not truncated, truncated,
                {**self._info(), **info})

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (for maskable learners)."""
        return self.table.mask(self.seat, noop=False)[:-1].astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.encoding.observation_text(self.table.state.view(None))

    # -- the other seats ----------------------------------------------------------------
    def _play_others(self) -> None:
        """Play chance and the bots until the agent must choose or the game is over."""
        table = self.table
        while True:
            decision = table.decision()
            if decision.kind == "over":
                return
            if decision.kind == "chance":
                table.draw_chance()
            elif self.seat in decision.seats:
                return
            elif decision.kind == "turn":
                seat = decision.seats[0]
                action, _ = table.bot_choice(seat, self.bots[seat])
                table.apply_turn(seat, action)
            else:
                self._joint({}, {})

    def _joint(self, choices: dict[int, GameAction], times: dict[int, float]) -> None:
        for seat in self.table.decision().seats:
            if seat != self.seat:
                choices[seat], at = self.table.bot_choice(seat, self.bots[seat])
                if at is not None:
                    times[seat] = at
        self.table.apply_joint(choices, times)

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat, noop=False)[:-1]}


def register() -> list[str]:
    """Register ``gamenight/<id>-v0`` for every game (done on import); returns the ids."""
    ids = []
    for game_id in GAMES:
        env_id = f"gamenight/{game_id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:GamenightEnv",
                               kwargs={"game_id": game_id})
        ids.append(env_id)
    return ids


register()
