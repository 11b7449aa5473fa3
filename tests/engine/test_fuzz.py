"""Every registered game refuses malformed input cleanly: thousands of bad texts,
seats, times, action objects, chance outcomes, draws when none is due and options,
thrown at random states random play reaches, each raise IllegalAction (OptionError for
options) and leave the state exactly as it was: digest, history and generator.

The inputs come from ``malformed.py``; ``python -m tests.engine.fuzz_count`` throws
many more and counts instead of asserting.  Bounded: a few seconds a game.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.games import GAMES
from tests.engine.malformed import Probe, check, probes, reachable_states

#: Inputs per game: EXAMPLES batches of BATCH.
EXAMPLES = 160
BATCH = 25


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_malformed_input_is_refused_and_changes_nothing(game_id: str) -> None:
    game = GAMES[game_id]
    pool = reachable_states(game, seeds=(1, 2), per_game=4)
    tried: list[Probe] = []

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.lists(probes(game, pool, list(GAMES.values())), min_size=BATCH,
                    max_size=BATCH))
    def throw(batch: list[Probe]) -> None:
        for probe in batch:
            tried.append(probe)
            problem = check(probe, game, pool)
            assert problem is None, f"{game_id}: {probe}: {problem}"

    throw()
    # Every kind of input was thrown, and thousands in all.
    assert len(tried) >= EXAMPLES * BATCH
    assert {p.kind for p in tried} >= {"parse", "act", "view", "legal", "resample",
                                       "chance", "draw", "options"}
