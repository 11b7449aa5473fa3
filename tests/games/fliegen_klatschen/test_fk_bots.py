"""The ``sharp`` bot beats ``random``: a sign test over 1,000 two-player games."""

from __future__ import annotations

import json

import pytest
from scipy.stats import binomtest

from gamenight.engine.seeding import derive_seed
from gamenight.games.fliegen_klatschen.rules import GAME
from gamenight.sim.runner import make_bots, play_out

GAMES = 1000


@pytest.mark.slow
def test_sharp_beats_random_over_1000_games() -> None:
    wins = losses = 0
    for i in range(GAMES):
        seed = derive_seed("fk-sharp-vs-random", i)
        sharp = i % 2  # alternate seats so that starting first favours neither
        specs = ["random", "random"]
        specs[sharp] = "sharp"
        state = play_out(GAME.new(2, seed=seed), make_bots(GAME, specs, seed))
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        if outcome.shared:
            continue  # a shared win counts for neither side of the sign test
        if outcome.winners == (sharp,):
            wins += 1
        else:
            losses += 1
    test = binomtest(wins, wins + losses, 0.5, alternative="greater")
    print(json.dumps({"sharp_wins": wins, "random_wins": losses, "games": GAMES,
                      "p": test.pvalue}))
    assert test.pvalue < 1e-6
    assert wins > 0.9 * (wins + losses)


def test_five_sharp_bots_play_whole_games_with_every_card_kept() -> None:
    for seed in range(5):
        state = play_out(GAME.new(5, seed=seed), make_bots(GAME, ["sharp"] * 5, seed))
        assert state.is_over
        assert sorted(state.card_places()) == list(range(112))
