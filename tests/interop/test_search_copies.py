"""A sampled chance step through the table: the copy of the game's generator made to
list the seeds becomes the game's generator when the draw is made (instead of drawing
the seeds again).  The games, generators included, are those of drawing them again,
whether the draw is made on the table that listed the seeds or on a clone of it."""

from __future__ import annotations

import random

from gamenight.games import GAMES
from gamenight.interop.core import Table


def step(table: Table, rng: random.Random) -> None:
    decision = table.decision()
    if decision.kind == "chance":
        outcomes = table.chance_outcomes()
        table.apply_chance(rng.choice(outcomes)[0])
    else:
        seat = decision.seats[0]
        table.apply_turn(seat, table.decode(seat, rng.choice(table.legal(seat))))


def test_a_sampled_draw_through_the_kept_copy_is_the_draw_made_again() -> None:
    for seed in range(12):
        kept = Table(GAMES["fly"], 2 + seed % 3, seed)
        again = Table(GAMES["fly"], 2 + seed % 3, seed)
        choices = random.Random(seed)
        while not kept.is_over:
            at = len(kept.state.history)
            if kept.decision().kind == "chance":
                kept.chance_outcomes()  # listed first, as search does
                again.chance_outcomes()
                again._ahead = None  # the way it was: the seeds drawn again
                if at % 3 == 0:
                    # A clone shares the listed seeds, not the copy: it draws them
                    # again, and the table it came from still has its own copy.
                    twin = kept.clone()
                    pick = random.Random(at)
                    step(twin, pick)
                    shadow = again.clone()
                    step(shadow, random.Random(at))
                    assert twin.state.digest() == shadow.state.digest()
                    assert twin.state.rng.getstate() == shadow.state.rng.getstate()
            state = choices.getstate()
            step(kept, choices)
            choices.setstate(state)
            step(again, choices)
            assert kept.state.digest() == again.state.digest()
            assert kept.state.rng.getstate() == again.state.rng.getstate()
            assert [s.value for s in kept.state.history] == \
                [s.value for s in again.state.history]
