"""The information state (perfect recall) is built lazily, from the history and the
events: asked at every step or only at the end, through a clone, a serialized copy or a
resample, it is the same string (issue 19: clones and resamples must not rebuild views)."""

from __future__ import annotations

import random

import pytest

from gamenight.interop.core import Table
from tests.interop.tables import ENDS, TableSetup, table_id
from tests.interop.test_encodings import decide, play_on


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_the_information_state_does_not_depend_on_when_it_was_asked(
        table: TableSetup) -> None:
    """Two tables play the same game; one is asked every seat's information state at
    every step, the other only at the end, and a copy read back from JSON (which must
    find out by a replay who acted at each step) too: all three agree."""
    game, players, options = table
    eager, lazy = Table(game, players, 8, options), Table(game, players, 8, options)
    eager_rng, lazy_rng = random.Random(8), random.Random(8)
    for _ in range(60):
        if eager.is_over:
            break
        for seat in range(players):
            eager.information_text(seat)
        decide(eager, eager_rng)
        decide(lazy, lazy_rng)
    assert lazy.state.history == eager.state.history
    read_back = Table.deserialize(game, eager.serialize())
    for seat in range(players):
        assert lazy.information_text(seat) == eager.information_text(seat)
        assert read_back.information_text(seat) == eager.information_text(seat)


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_a_clone_goes_on_with_its_own_recall(table: TableSetup) -> None:
    """A clone shares what its table knew and then moves on alone: each is asked after
    its own steps, and a fresh replay of each history gives the same strings."""
    game, players, options = table
    live = Table(game, players, 9, options)
    rng = random.Random(9)
    play_on(live, rng, 25)
    before = [live.information_text(s) for s in range(players)]
    twin = live.clone()
    play_on(twin, rng, 10)
    assert [live.information_text(s) for s in range(players)] == before
    replayed = Table.deserialize(game, twin.serialize())
    assert ([twin.information_text(s) for s in range(players)]
            == [replayed.information_text(s) for s in range(players)])
