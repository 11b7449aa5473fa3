"""The dice duel's research encoding (the toy game of tests/engine/toy.py): it lets the
adapter tests run every kind of decision on a game small enough to read whole."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import numpy as np

from gamenight.engine import PASS, Game, Pass, View
from gamenight.engine.game import JSON
from gamenight.interop.encoding import ChanceMode, Encoding
from gamenight.interop.layout import Layout, Parts

#: The duel's actions are texts, and a pass at a deadline.
DuelAction = str | Pass
#: 0-3: bid 0-3; 4: pass (bid nothing at a deadline); 5: double; 6: stop.
ACTIONS: tuple[DuelAction, ...] = ("bid 0", "bid 1", "bid 2", "bid 3", PASS, "double", "stop")
PHASES = ("roll", "bid", "choose", "over")


class DiceDuelEncoding(Encoding[DuelAction]):
    chance: ClassVar[ChanceMode] = "explicit"
    joint_decisions: ClassVar[bool] = True
    observation_bounds: ClassVar[tuple[float, float]] = (-3.0, 3.0)

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        super().__init__(game, players, options)
        self.layout = Layout(("round", 1), ("die", 1), ("phase", len(PHASES)),
                             ("scores", players), ("my_bid", 1))

    @property
    def num_actions(self) -> int:
        return len(ACTIONS)

    def legal(self, view: View, legal: Sequence[DuelAction]) -> list[int]:
        return sorted(ACTIONS.index(a) for a in legal)

    def action(self, view: View, index: int) -> DuelAction:
        return ACTIONS[index]

    def index(self, view: View, action: DuelAction) -> int:
        return ACTIONS.index(action)

    def _write(self, part: Parts, view: View, seat: int) -> None:
        part["round"][0] = view["round"] / self.options["rounds"]
        part["die"][0] = view["die"] / 6
        part["phase"][PHASES.index(view["phase"])] = 1
        part["scores"][:] = np.asarray(view["scores"], np.float32) / 12
        part["my_bid"][0] = view.get("my_bid", -1)

    @property
    def max_chance_outcomes(self) -> int:
        return 6

    def chance_index(self, outcome: JSON) -> int:
        return int(outcome) - 1

    @property
    def max_game_length(self) -> int:
        return 2 * self.options["rounds"]

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (-6.0 * self.options["rounds"], 12.0 * self.options["rounds"])


ENCODING = DiceDuelEncoding
