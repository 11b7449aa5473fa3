"""Fluster's units of work for ``gamenight bench`` (``Game.micro_benchmarks``)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from gamenight.games.fluster.board import LEFT, RIGHT, SIZE, bonus, grand_total, line_score
from gamenight.games.fluster.words import packaged

if TYPE_CHECKING:
    from gamenight.games.fluster.rules import Fluster

#: Pads finished by random play that the scoring units cycle over.
PADS = 256


def micro_benchmarks(game: Fluster) -> dict[str, Callable[[], object]]:
    """'score a finished board': one pad's Grand Total, as every finished game needs
    it, over a cycle of 256 pads finished by random play (so both the line memory and
    new lines are timed); and the same without the line memory."""
    from gamenight.sim.random_play import random_playout

    pads: list[tuple[str, str]] = []
    seed = 0
    while len(pads) < PADS:
        state = game._new(4, seed)
        random_playout(state, random.Random(seed))
        pads += [(state.block_text(s, LEFT), state.block_text(s, RIGHT)) for s in range(4)]
        seed += 1
    words = packaged()
    cycle, again = itertools.cycle(pads), itertools.cycle(pads)

    def score() -> object:
        left, right = next(cycle)
        return grand_total(left, right, words)

    def score_unremembered() -> object:
        left, right = next(again)
        total = 0
        for block in (left, right):
            down = sum(line_score(block[c::SIZE], words) for c in range(SIZE))
            across = sum(line_score(block[r * SIZE:(r + 1) * SIZE], words)
                         for r in range(SIZE))
            total += down + across + bonus(down) + bonus(across)
        return total

    return {"score a finished board": score,
            "score a finished board (no line memory)": score_unremembered}
