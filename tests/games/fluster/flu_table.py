"""Helpers for the Fluster tests: scripted pads and games."""

from __future__ import annotations

import random
from pathlib import Path

from gamenight.games.fluster.actions import CALLS, WRITES
from gamenight.games.fluster.board import BLANK, LEFT, NUMBERS, RIGHT, SIDES
from gamenight.games.fluster.rules import GAME, FlusterState

#: A 5x5 double word square: every row and every column is a word (HEART ... TREND).
WORD_SQUARE = ("HEART", "EMBER", "ABUSE", "RESIN", "TREND")


def dealt(players: int = 1, seed: int = 0, **options: str) -> FlusterState:
    """A new game with its pads handed out (the setup chance drawn)."""
    state = GAME.new(players, seed, **options)
    state.draw_chance()
    return state


def call(state: FlusterState, letter: str, number: int, sides: dict[int, str] | None = None
         ) -> None:
    """The caller calls; then, if it is a first call, each seat writes on its side
    (left unless ``sides`` says otherwise)."""
    state.apply(state.caller, CALLS[(letter, number)])
    if state.phase == "write":
        for seat in range(state.players):
            side = (sides or {}).get(seat, LEFT)
            state.apply(seat, WRITES[side])


def fill_solo(left_rows: tuple[str, ...], right_rows: tuple[str, ...], seed: int = 0,
              **options: str) -> FlusterState:
    """A finished solo game whose left and right blocks read ``left_rows`` and
    ``right_rows`` ('#' or ' ' for a Blank): every number is called first for the left
    block, then again for the right."""
    state = dealt(1, seed, **options)
    grids = ["".join(left_rows).replace(" ", BLANK), "".join(right_rows).replace(" ", BLANK)]
    for k, side in enumerate(SIDES):
        for number in NUMBERS:
            square = state.numbers[0][k].index(number)
            call(state, grids[k][square], number, {0: side})
    assert state.is_over
    return state


def random_step(state: FlusterState, rng: random.Random) -> None:
    """One uniformly random legal step (any seat of a simultaneous decision)."""
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
        return
    seat = rng.choice(acting.seats)
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def word_file(tmp: Path, words: list[str], name: str = "words.txt") -> str:
    path = tmp / name
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return str(path)


__all__ = ["LEFT", "RIGHT", "WORD_SQUARE", "call", "dealt", "fill_solo", "random_step",
           "word_file"]
