"""By Golly!'s units of work for ``gamenight bench`` (``Game.micro_benchmarks``)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from gamenight.games.by_golly.actions import TURNS

if TYPE_CHECKING:
    from gamenight.games.by_golly.rules import ByGolly


def micro_benchmarks(game: ByGolly) -> dict[str, Callable[[], object]]:
    """A seat's view during a turn, and resamples of a long random 5-player game."""
    state = game.new(4, seed=1)
    state.draw_chance()
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, TURNS[0])  # one card face up, as during most of a turn

    def a_view() -> object:
        return state.view(0)

    # A long random 5-player game (1,326 steps, dozens of blind draws between others);
    # seat 1's record there is the hardest found for the resampler's search, which
    # hands it to the integer program (resample.py).  One resample per seat first:
    # search resamples one state many times, and the replay of what each seat saw is
    # kept while the state lives.
    from gamenight.sim.random_play import random_playout

    long_game = game.new(5, seed=9)
    random_playout(long_game, random.Random(9))
    for seat in range(5):
        long_game.resample(seat, random.Random(seat))
    calls = itertools.count()

    def a_resample() -> object:
        n = next(calls)
        return long_game.resample(n % 5, random.Random(n))

    def a_hard_resample() -> object:
        return long_game.resample(1, random.Random(next(calls)))

    return {"build a seat's view during a turn": a_view,
            "resample a long random 5-player game, seats in turn": a_resample,
            "resample that game's hardest seat (integer program)": a_hard_resample}
