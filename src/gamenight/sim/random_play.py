"""Uniform random play straight on the state, with no views and no bots: the engine's
own speed, as OpenSpiel's random simulation measures it."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from gamenight.engine import GameState

T = TypeVar("T")


def random_playout(state: GameState[Any], rng: random.Random) -> int:
    """Play ``state`` to the end with uniformly random legal actions.

    Returns the number of steps: every chance outcome and every action (deadline passes
    included), which is the length of the game's history.

    In a window, a seat chosen uniformly among those still acting takes a uniformly
    random legal action after an exponential gap (mean a tenth of the window), so hunts
    see both fast and late hands; the window expires at its deadline.  Each action is
    drawn from the legal ones of the state as it stands, so it is taken unchecked
    (``GameState.apply_legal``).
    """
    now = 0.0  # the time in the open window
    bits = rng.getrandbits
    uniform = rng.random
    while True:
        acting = state.acting()
        kind = acting.kind
        if kind == "window":
            deadline = acting.deadline_ms or 0.0
            # ``rng.expovariate(10.0 / deadline)``, as Python's ``random`` works it out.
            now += -math.log(1.0 - uniform()) / (10.0 / deadline) if deadline else 0.0
            if now > deadline:
                state.pass_deadline()
                now = 0.0
            else:
                seat = pick(bits, acting.seats)
                state.apply_legal(seat, pick(bits, state.legal_actions(seat)), now)
            continue
        # Out of a window, the next one starts its clock at 0 (a window followed at once
        # by another keeps counting, as it always has: the kind never left "window").
        now = 0.0
        if kind == "turn":
            seat = acting.seats[0]
            state.apply_legal(seat, pick(bits, state.legal_actions(seat)))
        elif kind == "simultaneous":
            for seat in acting.seats:
                state.apply_legal(seat, pick(bits, state.legal_actions(seat)), 0.0)
        elif kind == "chance":
            state.draw_chance()
        else:
            return len(state.history)


def pick(bits: Callable[[int], int], choices: Sequence[T]) -> T:
    """``rng.choice(choices)`` with ``bits = rng.getrandbits``: the same draw from the
    same generator, worked out as Python's ``random`` does (a number of
    ``len(choices).bit_length()`` bits, drawn again until it is below the length).
    Python's own ``choice`` runs as interpreted code; compiled, this is most of the
    difference between random play and the rules' own speed."""
    n = len(choices)
    if not n:
        raise IndexError("cannot choose from an empty sequence")
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return choices[r]
