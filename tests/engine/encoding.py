"""The dice duel's research encoding (the toy game of tests/engine/toy.py): it lets the
adapter tests run every kind of decision on a game small enough to read whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from gamenight.engine import PASS, View
from gamenight.interop.encoding import ChanceMode, Encoding

#: 0-3: bid 0-3; 4: pass (bid nothing at a deadline); 5: double; 6: stop.
ACTIONS: tuple[Any, ...] = ("bid 0", "bid 1", "bid 2", "bid 3", PASS, "double", "stop")
PHASES = ("roll", "bid", "choose", "over")


class DiceDuelEncoding(Encoding):
    chance: ClassVar[ChanceMode] = "explicit"
    joint_decisions: ClassVar[bool] = True
    observation_bounds: ClassVar[tuple[float, float]] = (-3.0, 3.0)

    @property
    def num_actions(self) -> int:
        return len(ACTIONS)

    def legal(self, view: View, legal: Sequence[Any]) -> list[int]:
        return sorted(ACTIONS.index(a) for a in legal)

    def action(self, view: View, index: int) -> Any:
        return ACTIONS[index]

    def index(self, view: View, action: Any) -> int:
        return ACTIONS.index(action)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (2 + len(PHASES) + self.players + 1,)

    def observe(self, view: View, seat: int) -> np.ndarray:
        out = np.zeros(self.observation_shape, np.float32)
        out[0] = view["round"] / self.options["rounds"]
        out[1] = view["die"] / 6
        out[2 + PHASES.index(view["phase"])] = 1
        out[2 + len(PHASES):-1] = np.asarray(view["scores"], np.float32) / 12
        out[-1] = view.get("my_bid", -1)
        return out

    @property
    def max_chance_outcomes(self) -> int:
        return 6

    def chance_index(self, outcome: Any) -> int:
        return int(outcome) - 1

    @property
    def max_game_length(self) -> int:
        return 2 * self.options["rounds"]

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (-6.0 * self.options["rounds"], 12.0 * self.options["rounds"])


ENCODING = DiceDuelEncoding
