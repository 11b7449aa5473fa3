"""Fluster for the research adapters: 677 numbered actions and a flat observation tensor.

Actions (``docs/interop/fluster.md`` has the table): the 675 calls in the order of
``actions.CALLS`` (number 1-25, and within a number the letters A-Z then the Blank), so
call ``(symbol, n)`` is ``27 * (n - 1) + SYMBOLS.index(symbol)``; then the two writes in
the order of ``actions.WRITES`` (left 675, right 676).  Nothing is continuous, so every
action has exactly one index.

The observation is one float32 vector built from the seat's view only; ``layout(players)``
names its pieces in order.  Seats are counted from the observer (0 = this seat, 1 = the next
clockwise ...), so the same position reads the same to every seat.  The dictionary option
changes only the scores in the view, never the layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain, pairwise
from typing import ClassVar, cast, get_args

import numpy as np

from gamenight.engine import Game, IllegalAction, View
from gamenight.engine.game import JSON
from gamenight.games.fluster.actions import CALLS, WRITES, FlusterAction
from gamenight.games.fluster.board import (
    BONUS,
    EMPTY,
    MAXIMUM,
    NUMBERS,
    SIDES,
    SIZE,
    SQUARES,
    SYMBOLS,
)
from gamenight.games.fluster.rules import CALLS_PER_NUMBER, TOTAL_CALLS
from gamenight.games.fluster.views import FlusterView, Phase
from gamenight.interop.encoding import ActionTable, ChanceMode, Encoding
from gamenight.interop.layout import Layout, Parts

#: Every action, numbered by its place here: calls from the game's table, then writes.
ACTIONS: tuple[FlusterAction, ...] = (*CALLS.values(), *WRITES.values())
TABLE: ActionTable[FlusterAction] = ActionTable(ACTIONS)
INDEX: dict[FlusterAction, int] = TABLE.index

#: Each number's calls (A-Z, then the Blank: a run of consecutive indices), and their
#: indices.
_RUN = len(SYMBOLS)
_CALLS_OF: dict[int, list[FlusterAction]] = {
    n: [CALLS[(s, n)] for s in SYMBOLS] for n in NUMBERS}
_INDICES_OF: dict[int, list[int]] = {
    n: [INDEX[call] for call in calls] for n, calls in _CALLS_OF.items()}

#: A square holds one of A-Z, a Blank, or nothing yet: 28 channels.
SQUARE_CHANNELS: tuple[str, ...] = (*SYMBOLS, EMPTY)
_CHANNEL = {ch: i for i, ch in enumerate(SQUARE_CHANNELS)}
_SYMBOL = {s: i for i, s in enumerate(SYMBOLS)}
#: The phases in the order of the phase one-hot: the game's own (``views.Phase``).
PHASES: tuple[Phase, ...] = get_args(Phase)
#: The most one row or column can score (a five-letter word), and one direction of a block
#: (five of them); the bonuses of a pad (four directions at 10).
_LINE_MAX = SIZE
_DIRECTION_MAX = SIZE * SIZE
_BONUSES_MAX = 4 * BONUS
#: Where each square's channel and number lie in a block's rows of "squares" and
#: "numbers": square s, channel c is at s * 28 + c (a block's rows flattened).
_SQUARE_ROWS = np.arange(SQUARES) * len(SQUARE_CHANNELS)
_NUMBER_ROWS = np.arange(SQUARES) * len(NUMBERS) - 1  # numbers run from 1
#: Each symbol's channel by its character code, for reading a block's squares in one go.
_CHANNEL_OF_CODE = np.zeros(128, dtype=np.intp)
_CHANNEL_OF_CODE[[ord(ch) for ch in SQUARE_CHANNELS]] = np.arange(len(SQUARE_CHANNELS))
#: Blocks seen lately, by their squares or numbers: the places of their ones (see
#: ``_block_places``).  A block changes one square a call and its numbers never.
_PLACES_KEPT = 256
#: The caller's actions kept for this many sets of numbers still open (see ``legal``).
_RUNS_KEPT = 64


def layout(players: int) -> Layout:
    """The observation's pieces, in order."""
    blocks = len(SIDES)
    return Layout(
        ("squares", (blocks, SQUARES, len(SQUARE_CHANNELS))),  # per block, square: channel
        ("numbers", (blocks, SQUARES, len(NUMBERS))),  # per block, per square: its number
        ("called", (len(NUMBERS), CALLS_PER_NUMBER + 1)),  # per number: called 0, 1, 2 times
        ("phase", len(PHASES)),
        ("progress", 1),  # calls made / 50
        ("caller", players),  # whose call it is, counted from this seat
        ("call_letter", len(SYMBOLS)),  # the call being written (write phase)
        ("call_number", len(NUMBERS)),
        ("written", players),  # who has written the call being written
        ("my_choice", len(SIDES)),  # where this seat wrote it, if it has
        ("last_letter", len(SYMBOLS)),  # the last call written (public)
        ("last_number", len(NUMBERS)),
        ("last_forced", 1),  # 1 if it was a number's second call
        ("last_side", len(SIDES)),  # where this seat wrote it
        ("circles", (blocks, 2, SIZE)),  # per block: the 5 Down circles, then the 5 Across
        ("totals", 6),  # A, B, C, D, bonuses, Grand Total of this seat's pad
        ("final_scores", players),  # every Grand Total once the game is over
    )


class FlusterEncoding(Encoding[FlusterAction, FlusterView]):
    """Calls and writes as 677 indices; the seat's pad, the calls and the scores as a
    flat vector."""

    # Other pads and other seats' choices are secret; the only chance event (every
    # block's numbering, (25!)^(2 x players) ways) is far too large to list.
    chance: ClassVar[ChanceMode] = "sampled"
    perfect_information: ClassVar[bool] = False
    joint_decisions: ClassVar[bool] = True  # everyone writes each call at once

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        super().__init__(game, players, options)
        self.layout = layout(players)
        self._seen: dict[str | tuple[int, ...], np.ndarray] = {}
        self._runs: dict[tuple[int, ...], tuple[list[FlusterAction], list[int]]] = {}

    def _places(self, block: str | tuple[int, ...]) -> np.ndarray:
        """Where a block's ones lie in its flattened rows: for its squares (a string),
        each square's channel; for its numbers (a tuple), each square's number.  Worked
        out once per block seen (a pad's numbers never change and its squares one a
        call), so a view is written in a few NumPy calls instead of 100 Python ones."""
        places = self._seen.get(block)
        if places is None:
            if len(self._seen) >= _PLACES_KEPT:
                self._seen.clear()
            if isinstance(block, str):
                codes = np.frombuffer(block.encode("ascii"), dtype=np.uint8)
                places = _SQUARE_ROWS + _CHANNEL_OF_CODE[codes]
            else:
                places = _NUMBER_ROWS + np.array(block)
            self._seen[block] = places
        return places

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return len(ACTIONS)

    def legal(self, view: View, legal: Sequence[FlusterAction]) -> list[int]:
        # The caller's actions are every call of the numbers still open, number by
        # number (``FlusterState._legal_actions``): their indices are those numbers'
        # runs of 27, joined.  The numbers are read from one action in 27, and the list
        # is checked whole against the calls they stand for (one pointer comparison an
        # action): in random playouts about half the table's time (10 us against 21),
        # a fifth where the runs are kept.  Any other list (a writer's two sides) is
        # numbered by the table.
        if len(legal) >= _RUN:
            numbers = cast(tuple[int, ...], tuple([  # checked on the next line
                getattr(action, "number", None) for action in legal[::_RUN]]))
            if all(type(n) is int for n in numbers):
                runs = self._runs.get(numbers) or self._runs_of(numbers)
                if runs is not None and runs[0] == legal:
                    return list(runs[1])
        return TABLE.indices(legal)

    def _runs_of(self, numbers: tuple[int, ...]
                 ) -> tuple[list[FlusterAction], list[int]] | None:
        """Every call of ``numbers``, number by number, and their indices (None unless
        they are numbers 1-25, ascending).  Kept for the few sets met lately: one stays
        the caller's until another number is used up, and search comes back to it."""
        if not (all(a < b for a, b in pairwise(numbers)) and numbers[0] >= 1
                and numbers[-1] <= len(NUMBERS)):
            return None
        if len(self._runs) >= _RUNS_KEPT:
            self._runs.clear()
        runs = self._runs[numbers] = (
            list(chain.from_iterable(map(_CALLS_OF.__getitem__, numbers))),
            list(chain.from_iterable(map(_INDICES_OF.__getitem__, numbers))))
        return runs

    def action(self, view: View, index: int) -> FlusterAction:
        if isinstance(index, bool) or not 0 <= int(index) < len(ACTIONS):
            raise IllegalAction(f"Fluster's actions are 0 to {len(ACTIONS) - 1}, not {index}")
        return ACTIONS[int(index)]

    def index(self, view: View, action: FlusterAction) -> int:
        try:
            return TABLE[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"not a Fluster action: {action!r}") from None

    # -- observations -----------------------------------------------------------------
    def _write(self, part: Parts, view: FlusterView, seat: int) -> None:
        n = self.players

        def mine(other: int) -> int:  # a seat counted from the observer
            return (other - seat) % n

        pad = view.get("pad")
        if pad is not None:
            squares, numbers, circles = part["squares"], part["numbers"], part["circles"]
            for k, side in enumerate(SIDES):
                block = pad[side]
                squares[k].reshape(-1)[self._places(block["squares"])] = 1.0
                numbers[k].reshape(-1)[self._places(tuple(block["numbers"]))] = 1.0
                circles[k, 0] = block["down"]
                circles[k, 1] = block["across"]
            circles /= _LINE_MAX
            totals = pad["totals"]
            part["totals"][:] = (
                totals["A"] / _DIRECTION_MAX, totals["B"] / _DIRECTION_MAX,
                totals["C"] / _DIRECTION_MAX, totals["D"] / _DIRECTION_MAX,
                totals["bonuses"] / _BONUSES_MAX, totals["grand_total"] / MAXIMUM)
        else:
            # Before the pads are handed out every square is empty (no numbers yet).
            part["squares"][:, :, _CHANNEL[EMPTY]] = 1.0
        for number, times in enumerate(view["called"], start=1):
            part["called"][number - 1, times] = 1.0
        part["phase"][PHASES.index(view["phase"])] = 1.0
        part["progress"][0] = view["turn"] / TOTAL_CALLS
        if view["phase"] in ("call", "write"):  # nobody calls at setup or at the end
            part["caller"][mine(view["caller"])] = 1.0
        call = view["call"]
        if call is not None:
            part["call_letter"][_SYMBOL[call["letter"]]] = 1.0
            part["call_number"][call["number"] - 1] = 1.0
        for other in view["written"]:
            part["written"][mine(other)] = 1.0
        if view.get("my_choice") is not None:
            part["my_choice"][SIDES.index(view["my_choice"])] = 1.0
        last = view["last"]
        if last is not None:
            part["last_letter"][_SYMBOL[last["letter"]]] = 1.0
            part["last_number"][last["number"] - 1] = 1.0
            part["last_forced"][0] = float(last["forced"])
        if view.get("last_side") is not None:
            part["last_side"][SIDES.index(view["last_side"])] = 1.0
        outcome = view.get("outcome")
        if outcome is not None:
            for other, score in enumerate(outcome["scores"]):
                part["final_scores"][mine(other)] = score / MAXIMUM

    # -- length and scores --------------------------------------------------------------
    @property
    def max_game_length(self) -> int:
        # Exactly 50 calls (each number twice) and one joint write per number's first
        # call; second calls are written at once, with no decision.
        return TOTAL_CALLS + len(NUMBERS)

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (0.0, float(MAXIMUM))


ENCODING = FlusterEncoding
