"""By Golly!'s research encoding: 43 actions and one flat tensor per seat.

Actions are the game's own table (``actions.ALL_ACTIONS``): lay an animal (15), turn a
place (19), draw from a seat (6, one per seat a table can have), shuffle, keep, end.
Nothing is discretized.  The observation is the seat's view only: the chicken run as it
lies (face-up cards only), the hand, the others' card counts, the phase and whose turn.
A memory game shows only the present; what a player remembers is its own business (a
learner keeps its own memory, or reads OpenSpiel's information state, which is the
whole history of views).  See docs/interop/by-golly.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import numpy as np

from gamenight.engine import Game, View
from gamenight.engine.game import JSON
from gamenight.games.by_golly.actions import ALL_ACTIONS, MAX_SEATS, ByGollyAction
from gamenight.games.by_golly.cards import (
    ANIMAL_CARDS,
    ANIMALS,
    COPIES,
    FACE_NAMES,
    KINDS,
    PLACES,
)
from gamenight.games.by_golly.views import PHASES, ByGollyView
from gamenight.interop.encoding import ActionTable, ChanceMode, Encoding
from gamenight.interop.layout import Layout, Parts

#: The most decisions one turn can hold: every place laid for and turned (a match lets the
#: player go on), four draws in the mess, shuffle or keep, and the end.
DECISIONS_PER_TURN = 2 * PLACES + 4 + 2
#: The actions by index, and each action's index (``ActionTable``).
TABLE: ActionTable[ByGollyAction] = ActionTable(ALL_ACTIONS)
INDEX_OF: dict[ByGollyAction, int] = TABLE.index
FACE_INDEX: dict[str, int] = {name: i for i, name in enumerate(FACE_NAMES)}
ANIMAL_INDEX: dict[str, int] = {name: i for i, name in enumerate(ANIMALS)}
PHASE_INDEX: dict[str, int] = {phase: i for i, phase in enumerate(PHASES)}
#: A place's row in the "run" piece for what lies there: one-hot over the faces, then
#: face down (the last row of this table).
_PLACE_ROWS = np.eye(len(FACE_NAMES) + 1, dtype=np.float32)
#: Runs seen lately, by what lies face up: the whole "run" piece (a run changes a place
#: or two a turn, and every seat of a step sees the same run).
_RUNS_KEPT = 512


class ByGollyEncoding(Encoding[ByGollyAction, ByGollyView]):
    chance: ClassVar[ChanceMode] = "sampled"  # the deal and long shuffles cannot be listed
    perfect_information: ClassVar[bool] = False  # the run lies face down; hands are hidden

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        super().__init__(game, players, options)
        n = players
        self.layout = Layout(
            ("phase", len(PHASES)),
            ("current", n),  # whose turn, counted from this seat (0 = me)
            ("run", (PLACES, len(FACE_NAMES) + 1)),  # each place: its face, or face down
            ("laid", KINDS + 1),  # the animal laid before the player, or none
            ("hand", KINDS),  # my cards per kind / 3
            ("hands", n),  # cards in each hand / 45, from this seat
            ("stacks", n),  # cards in each stack / 45, from this seat
            ("piles", 2),  # discarded / 45, box / 45
            ("mess", 1 + n + 1),  # draws left / 4; whose hand is drawn from (from me); none
            ("flags", 2),  # face-up match variant; turns / max_turns
            ("winner", n),  # at the end, the winner, from this seat
        )
        self._runs: dict[tuple[str | None, ...], np.ndarray] = {}

    def _run_rows(self, run: Sequence[str | None]) -> np.ndarray:
        """The "run" piece for a run: each place's face, or face down.  Worked out once
        per run seen, so a view writes it in one NumPy call instead of 19."""
        key = tuple(run)
        rows = self._runs.get(key)
        if rows is None:
            if len(self._runs) >= _RUNS_KEPT:
                self._runs.clear()
            face_down = len(FACE_NAMES)
            rows = self._runs[key] = _PLACE_ROWS[
                [FACE_INDEX[face] if face is not None else face_down for face in key]]
        return rows

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return len(ALL_ACTIONS)

    def legal(self, view: View, legal: Sequence[ByGollyAction]) -> list[int]:
        return TABLE.indices(legal)

    def action(self, view: View, index: int) -> ByGollyAction:
        return ALL_ACTIONS[index]

    def index(self, view: View, action: ByGollyAction) -> int:
        return TABLE[action]

    # -- observations -----------------------------------------------------------------
    def _write(self, part: Parts, view: ByGollyView, seat: int) -> None:
        n = self.players

        def mine(other: int) -> int:  # a seat counted from this one
            return (other - seat) % n

        part["phase"][PHASE_INDEX[view["phase"]]] = 1
        part["current"][mine(view["current"])] = 1
        part["run"][:] = self._run_rows(view["run"])
        laid = view["laid"]
        part["laid"][ANIMAL_INDEX[laid] if laid is not None else KINDS] = 1
        hand = part["hand"]
        for name in view.get("hand", ()):
            hand[ANIMAL_INDEX[name]] += 1 / COPIES
        hands, stacks = view["hands"], view["stacks"]
        for other in range(n):
            part["hands"][mine(other)] = hands[other] / ANIMAL_CARDS
            part["stacks"][mine(other)] = stacks[other] / ANIMAL_CARDS
        part["piles"][:] = (view["discarded"] / ANIMAL_CARDS, view["box"] / ANIMAL_CARDS)
        mess = part["mess"]
        mess[0] = view["draws_left"] / 4
        source = view["drawing_from"]
        mess[1 + (mine(source) if source is not None else n)] = 1
        part["flags"][:] = (float(view["face_up_match"]),
                            min(1.0, view["turn"] / self.options["max_turns"]))
        winner = view.get("winner")
        if winner is not None:
            part["winner"][mine(winner)] = 1

    # -- length and scores --------------------------------------------------------------
    @property
    def max_game_length(self) -> int:
        return int(self.options["max_turns"]) * DECISIONS_PER_TURN

    @property
    def score_bounds(self) -> tuple[float, float]:
        return 0.0, 1.0  # the winner scores 1


assert MAX_SEATS == 6 and len(ALL_ACTIONS) == KINDS + PLACES + MAX_SEATS + 3

ENCODING = ByGollyEncoding
