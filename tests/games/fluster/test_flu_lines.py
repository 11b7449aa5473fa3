"""What the rules keep of each row and column as it is written, against what the squares
say: each line's shape (``board.line_shapes``) and score (``board.line_scores``), the
runs a write completes read from a table (``board.RUNS_COMPLETED``) against
``board.words_completed``, and the caller's open calls, kept as numbers are used up,
against ``rules.open_calls``."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from gamenight.engine import GameState
from gamenight.games.fluster.board import (
    BLANK,
    EMPTY,
    LINES,
    RUN_SQUARES,
    RUNS_COMPLETED,
    SHAPE_OF,
    SHAPE_WEIGHTS,
    SIZE,
    SQUARES,
    line_scores,
    line_shapes,
)
from gamenight.games.fluster.rules import GAME, FlusterState, open_calls


def from_position(state: FlusterState) -> FlusterState:
    again = GAME.from_position(state.position())
    assert isinstance(again, FlusterState)
    return again


def kept_as_written(state: GameState[Any]) -> None:
    assert isinstance(state, FlusterState)
    for seat, pad in enumerate(state.blocks):
        for k, block in enumerate(pad):
            assert state.shapes[seat][k] == line_shapes(block), (seat, k)
            assert state.line_scores[seat][k] == line_scores(block, state.words), (seat, k)
    if state.phase == "call":
        assert state.legal_actions(state.caller) == list(open_calls(state.used_up))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_each_lines_shape_and_the_open_calls_are_kept_as_the_game_goes(players: int) -> None:
    rng = random.Random(players)
    for game in range(3):
        state = GAME.new(players, game)
        while not state.is_over:
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
            else:
                seat = rng.choice(acting.seats)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            kept_as_written(state)
            if rng.random() < 0.05:  # a copy and a redraw keep their own, as written
                kept_as_written(state.clone())
                kept_as_written(state.resample(rng.randrange(players), rng))
        # A position read back starts its shapes and scores from its squares.
        kept_as_written(from_position(state))


def test_a_position_part_way_through_keeps_its_shapes_and_calls_as_it_plays_on() -> None:
    rng = random.Random(9)
    state = GAME.new(3, 9)
    state.draw_chance()
    for _ in range(70):
        acting = state.acting()
        for seat in acting.seats:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    again = from_position(state)
    while not again.is_over:
        for seat in again.acting().seats:
            again.apply(seat, rng.choice(again.legal_actions(seat)))
        kept_as_written(again)


def words_completed_runs(line: str, at: int) -> list[str]:
    """``board.words_completed``'s runs before it asks the word list: the run through a
    letter, or the runs before and after a Blank, that hold no empty square."""
    before, after = line[:at].rpartition(BLANK)[2], line[at + 1:].partition(BLANK)[0]
    runs = (before, after) if line[at] == BLANK else (before + line[at] + after,)
    return [run for run in runs if run and EMPTY not in run]


def test_the_runs_a_write_completes_are_read_from_the_lines_shape() -> None:
    # Every shape of a line, every place just written, on every row and column: the
    # table's runs are the ones words_completed would find, and RUN_SQUARES reads them.
    symbol = {0: EMPTY, 1: "", 2: BLANK}
    checked = 0
    for places in itertools.product(range(3), repeat=SIZE):
        shape = sum(p * w for p, w in zip(places, SHAPE_WEIGHTS, strict=True))
        # Letters all different, so that a run read from the wrong squares shows.
        line = "".join(symbol[p] or "ABCDE"[i] for i, p in enumerate(places))
        assert sum(SHAPE_OF[s] * w for s, w in zip(line, SHAPE_WEIGHTS, strict=True)) == shape
        for at in range(SIZE):
            if line[at] == EMPTY:
                continue  # nothing was written there
            expected = words_completed_runs(line, at)
            for index, squares in enumerate(LINES):
                block = [EMPTY] * SQUARES
                for square, s in zip(squares, line, strict=True):
                    block[square] = s
                assert line_shapes(block)[index] == shape
                got = ["".join(block[RUN_SQUARES[index][a][b]])
                       for a, b in RUNS_COMPLETED[shape * SIZE + at]]
                assert got == expected, (line, at, index)
                checked += 1
    assert checked == 10 * sum(1 for places in itertools.product(range(3), repeat=SIZE)
                               for p in places if p)
