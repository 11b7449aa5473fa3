"""Fluster for the research adapters: 677 numbered actions and a flat observation tensor.

Actions (``docs/interop/fluster.md`` has the table): the 675 calls in the order of
``actions.CALLS`` (number 1-25, and within a number the letters A-Z then the Blank), so
call ``(symbol, n)`` is ``27 * (n - 1) + SYMBOLS.index(symbol)``; then the two writes in
the order of ``actions.WRITES`` (left 675, right 676).  Nothing is continuous, so every
action has exactly one index.

The observation is one float32 vector built from the seat's view only; ``slices(players)`` names
its parts in order.  Seats are counted from the observer (0 = this seat, 1 = the next
clockwise ...), so the same position reads the same to every seat.  The dictionary option
changes only the scores in the view, never the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from gamenight.engine import Game, IllegalAction, View
from gamenight.games.fluster.actions import CALLS, WRITES, Action
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
from gamenight.interop.encoding import ChanceMode, Encoding

#: Every action, numbered by its place here: calls from the game's table, then writes.
ACTIONS: tuple[Action, ...] = (*CALLS.values(), *WRITES.values())
INDEX: dict[Action, int] = {action: i for i, action in enumerate(ACTIONS)}

#: A square holds one of A-Z, a Blank, or nothing yet: 28 channels.
SQUARE_CHANNELS: tuple[str, ...] = (*SYMBOLS, EMPTY)
_CHANNEL = {ch: i for i, ch in enumerate(SQUARE_CHANNELS)}
_SYMBOL = {s: i for i, s in enumerate(SYMBOLS)}
PHASES = ("setup", "call", "write", "over")
#: The most one row or column can score (a five-letter word), and one direction of a block
#: (five of them); the bonuses of a pad (four directions at 10).
_LINE_MAX = SIZE
_DIRECTION_MAX = SIZE * SIZE
_BONUSES_MAX = 4 * BONUS


def slices(players: int) -> dict[str, tuple[int, int]]:
    """The observation's parts, name -> (start, stop), in order."""
    sizes = [
        ("squares", 2 * SQUARES * len(SQUARE_CHANNELS)),  # per block, per square: channel
        ("numbers", 2 * SQUARES * len(NUMBERS)),  # per block, per square: its number
        ("called", len(NUMBERS) * (CALLS_PER_NUMBER + 1)),  # per number: called 0, 1, 2 times
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
        ("circles", 2 * 2 * SIZE),  # per block: the 5 Down circles, then the 5 Across
        ("totals", 6),  # A, B, C, D, bonuses, Grand Total of this seat's pad
        ("final_scores", players),  # every Grand Total once the game is over
    ]
    out: dict[str, tuple[int, int]] = {}
    start = 0
    for name, size in sizes:
        out[name] = (start, start + size)
        start += size
    return out


class FlusterEncoding(Encoding):
    """Calls and writes as 677 indices; the seat's pad, the calls and the scores as a
    flat vector."""

    # Other pads and other seats' choices are secret; the only chance event (every
    # block's numbering, (25!)^(2 x players) ways) is far too large to list.
    chance: ClassVar[ChanceMode] = "sampled"
    perfect_information: ClassVar[bool] = False
    joint_decisions: ClassVar[bool] = True  # everyone writes each call at once

    def __init__(self, game: Game, players: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, options)
        self.slices = slices(players)
        self._size = max(stop for _, stop in self.slices.values())

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return len(ACTIONS)

    def legal(self, view: View, legal: Sequence[Any]) -> list[int]:
        return sorted({INDEX[action] for action in legal})

    def action(self, view: View, index: int) -> Any:
        if isinstance(index, bool) or not 0 <= int(index) < len(ACTIONS):
            raise IllegalAction(f"Fluster's actions are 0 to {len(ACTIONS) - 1}, not {index}")
        return ACTIONS[int(index)]

    def index(self, view: View, action: Any) -> int:
        try:
            return INDEX[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"not a Fluster action: {action!r}") from None

    # -- observations -----------------------------------------------------------------
    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self._size,)

    def observe(self, view: View, seat: int) -> np.ndarray:
        obs = np.zeros(self._size, dtype=np.float32)
        at = {name: start for name, (start, _) in self.slices.items()}
        n = self.players

        def mine(other: int) -> int:  # a seat counted from the observer
            return (other - seat) % n

        pad = view.get("pad")
        if pad is not None:
            for k, side in enumerate(SIDES):
                block = pad[side]
                for square, ch in enumerate(block["squares"]):
                    obs[at["squares"] + (k * SQUARES + square) * len(SQUARE_CHANNELS)
                        + _CHANNEL[ch]] = 1.0
                for square, number in enumerate(block["numbers"]):
                    obs[at["numbers"] + (k * SQUARES + square) * len(NUMBERS)
                        + number - 1] = 1.0
                circles = at["circles"] + k * 2 * SIZE
                obs[circles:circles + SIZE] = np.asarray(block["down"]) / _LINE_MAX
                obs[circles + SIZE:circles + 2 * SIZE] = (
                    np.asarray(block["across"]) / _LINE_MAX)
            totals = pad["totals"]
            obs[at["totals"]:at["totals"] + 6] = (
                totals["A"] / _DIRECTION_MAX, totals["B"] / _DIRECTION_MAX,
                totals["C"] / _DIRECTION_MAX, totals["D"] / _DIRECTION_MAX,
                totals["bonuses"] / _BONUSES_MAX, totals["grand_total"] / MAXIMUM)
        else:
            # Before the pads are handed out every square is empty (no numbers yet).
            for j in range(2 * SQUARES):
                obs[at["squares"] + j * len(SQUARE_CHANNELS) + _CHANNEL[EMPTY]] = 1.0
        for number, times in enumerate(view["called"], start=1):
            obs[at["called"] + (number - 1) * (CALLS_PER_NUMBER + 1) + times] = 1.0
        obs[at["phase"] + PHASES.index(view["phase"])] = 1.0
        obs[at["progress"]] = view["turn"] / TOTAL_CALLS
        if view["phase"] in ("call", "write"):  # nobody calls at setup or at the end
            obs[at["caller"] + mine(view["caller"])] = 1.0
        call = view["call"]
        if call is not None:
            obs[at["call_letter"] + _SYMBOL[call["letter"]]] = 1.0
            obs[at["call_number"] + call["number"] - 1] = 1.0
        for other in view["written"]:
            obs[at["written"] + mine(other)] = 1.0
        if view.get("my_choice") is not None:
            obs[at["my_choice"] + SIDES.index(view["my_choice"])] = 1.0
        last = view["last"]
        if last is not None:
            obs[at["last_letter"] + _SYMBOL[last["letter"]]] = 1.0
            obs[at["last_number"] + last["number"] - 1] = 1.0
            obs[at["last_forced"]] = float(last["forced"])
        if view.get("last_side") is not None:
            obs[at["last_side"] + SIDES.index(view["last_side"])] = 1.0
        outcome = view.get("outcome")
        if outcome is not None:
            for other, score in enumerate(outcome["scores"]):
                obs[at["final_scores"] + mine(other)] = score / MAXIMUM
        return obs

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
