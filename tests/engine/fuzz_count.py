"""Count the malformed inputs each game does not refuse cleanly (run by hand).

    python -m tests.engine.fuzz_count [--inputs N] [--seed S] [GAME ...]

Throws ``N`` malformed inputs (``malformed.probes``: bad texts, seats, times, action
objects, chance outcomes, draws when none is due, options) at every registered game, or
the games named, and prints per game how many were tried and how many were not refused
cleanly, by what happened instead, with an example of each.  The fuzz test in CI
(``test_fuzz.py``) asserts the same on fewer inputs.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from gamenight.games import GAMES
from tests.engine.malformed import Probe, check, probes, reachable_states


def count(game_id: str, inputs: int, start: int) -> tuple[int, Counter[str], dict[str, str]]:
    """(inputs tried, unclean refusals by kind and what happened, an example of each):
    the same for the same ``start`` (it seeds the states and the inputs)."""
    game = GAMES[game_id]
    pristine = reachable_states(game, seeds=(start, start + 1, start + 2))
    pool = [state.clone() for state in pristine]
    tried = 0
    unclean: Counter[str] = Counter()
    examples: dict[str, str] = {}
    batch = 20

    @seed(start)
    @settings(max_examples=max(1, inputs // batch), deadline=None, database=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(st.lists(probes(game, pool, list(GAMES.values())), min_size=batch,
                    max_size=batch))
    def run(batch_of: list[Probe]) -> None:
        nonlocal tried
        for probe in batch_of:
            tried += 1
            problem = check(probe, game, pool)
            if problem is not None:
                key = f"{probe.kind}: {problem}"
                unclean[key] += 1
                examples.setdefault(key, str(probe))
                # A state the probe changed or broke is put back as it was.
                pool[probe.index] = pristine[probe.index].clone()

    run()
    return tried, unclean, examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--inputs", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    for game_id in args.games:
        start = time.perf_counter()
        tried, unclean, examples = count(game_id, args.inputs, args.seed)
        took = time.perf_counter() - start
        print(f"{game_id}: {tried} inputs, {sum(unclean.values())} not refused cleanly "
              f"({took:.0f} s)")
        for key, n in unclean.most_common():
            print(f"  {n:6d}  {key}   e.g. {examples[key]}")


if __name__ == "__main__":
    main()
