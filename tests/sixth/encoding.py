"""High Card's research encoding: twelve actions (play card 1-12) and one flat tensor
per seat, laid out with ``interop.layout.Layout``.

The observation is the seat's view only: the phase, whose turn it is, its hand, the
trick on the table, the tricks taken and the cards in each hand; seats are counted from
the observing one (0 = me), so a learner sees every seat's table alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gamenight.engine import Game, View
from gamenight.engine.game import JSON
from gamenight.interop.encoding import ActionTable, ChanceMode, Encoding
from gamenight.interop.layout import Layout, Parts
from tests.sixth.actions import CARDS, PLAYS, Play
from tests.sixth.views import PHASES, HighCardView

TABLE: ActionTable[Play] = ActionTable(PLAYS)
PHASE_INDEX: dict[str, int] = {phase: i for i, phase in enumerate(PHASES)}


class HighCardEncoding(Encoding[Play, HighCardView]):
    chance: ClassVar[ChanceMode] = "sampled"  # a deal is one of 12! orders
    perfect_information: ClassVar[bool] = False  # the hands are secret

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        super().__init__(game, players, options)
        n = players
        self.layout = Layout(
            ("phase", len(PHASES)),
            ("current", n + 1),  # whose turn, counted from this seat; the last: nobody's
            ("hand", len(CARDS)),  # my cards
            ("table", (n, len(CARDS) + 1)),  # each seat's card in this trick, or none
            ("tricks", n),  # tricks taken / hand size, from this seat
            ("hands", n),  # cards in each hand / hand size, from this seat
        )

    @property
    def num_actions(self) -> int:
        return len(PLAYS)

    def legal(self, view: View, legal: Sequence[Play]) -> list[int]:
        return TABLE.indices(legal)

    def action(self, view: View, index: int) -> Play:
        return PLAYS[index]

    def index(self, view: View, action: Play) -> int:
        return TABLE[action]

    def _write(self, part: Parts, view: HighCardView, seat: int) -> None:
        n, each = self.players, self.options["hand"]

        def mine(other: int) -> int:  # a seat counted from this one
            return (other - seat) % n

        part["phase"][PHASE_INDEX[view["phase"]]] = 1
        current = view["current"]
        part["current"][n if current is None else mine(current)] = 1
        for card in view.get("hand", ()):
            part["hand"][card - 1] = 1
        for other, played in enumerate(view["table"]):
            part["table"][mine(other), len(CARDS) if played is None else played - 1] = 1
        for other in range(n):
            part["tricks"][mine(other)] = view["tricks"][other] / each
            part["hands"][mine(other)] = view["hands"][other] / each

    @property
    def max_game_length(self) -> int:
        return self.players * int(self.options["hand"])

    @property
    def score_bounds(self) -> tuple[float, float]:
        return 0.0, float(self.options["hand"])  # tricks taken: at most every trick


ENCODING = HighCardEncoding
