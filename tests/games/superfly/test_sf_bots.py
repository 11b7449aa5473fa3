"""The bots: ``collector`` builds sets and beats ``random`` (a binomial test); both
choose at once in the simultaneous swat and never wait."""

from __future__ import annotations

import json

import pytest
from scipy.stats import binomtest

from gamenight.bots.base import Clock, Wait, make_bot
from gamenight.engine import PASS
from gamenight.engine.seeding import derive_seed
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.bots import CollectorBot, win_chance
from gamenight.games.superfly.rules import GAME
from gamenight.sim.runner import make_bots, play_out
from tests.games.superfly.sf_table import fly, table

GAMES = 60
CLOCK = Clock()  # asked with no deadline, a bot chooses at once


@pytest.mark.slow
def test_collector_beats_random_in_three_player_games() -> None:
    """One collector against two random bots, seats rotating.  If the collector were no
    better, by symmetry it would be the sole winner of at most a third of the games."""
    sole = 0
    for i in range(GAMES):
        seed = derive_seed("sf-collector-vs-random", i)
        specs = ["random"] * 3
        seat = i % 3
        specs[seat] = "collector"
        state = play_out(GAME.new(3, seed=seed), make_bots(GAME, specs, seed))
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        sole += outcome.winners == (seat,)
    test = binomtest(sole, GAMES, 1 / 3, alternative="greater")
    print(json.dumps({"collector_sole_wins": sole, "games": GAMES, "p": test.pvalue}))
    assert test.pvalue < 1e-6
    assert sole > 0.6 * GAMES


def test_bots_choose_their_swat_at_a_human_moment_before_the_deadline() -> None:
    state = GAME.new(4, seed=3)
    while state.acting().kind == "chance":
        state.draw_chance()
    for spec in ("random", "collector", "collector:expert"):
        bot = make_bot(GAME, spec, 1, 7)
        answer = bot.act(state.view(1), state.legal_actions(1), Clock(0.0, 5000.0, 1))
        assert isinstance(answer, Wait) and 0.0 < answer.until_ms <= 5000.0
        answer = bot.act(state.view(1), state.legal_actions(1),
                         Clock(answer.until_ms, 5000.0, 1))
        assert answer in state.legal_actions(1)
    # Whole games: every choice is made within the deadline, at different moments.
    state = play_out(GAME.new(3, seed=4), make_bots(GAME, ["collector", "random", "random"], 4))
    times = [s.at_ms for s in state.history if s.seat is not None]
    assert all(t is not None and 0.0 < t <= 5000.0 for t in times)
    assert len(set(times)) > len(times) // 2


def test_a_collector_too_slow_for_the_deadline_passes_as_a_person_would() -> None:
    state = GAME.new(3, seed=5, deadline_ms=50, max_turns=3)
    play_out(state, make_bots(GAME, ["collector"] * 3, 5))
    assert [(s.value, s.at_ms) for s in state.history if s.seat is not None] == [
        ("pass", 50.0)] * 9
    outcome = state.outcome()
    assert outcome is not None and outcome.truncated


def test_collector_swats_the_fly_that_grows_its_best_set() -> None:
    state = table(3, [[fly("red", 1), fly("red", 2)], [fly("blue", 2)], [fly("green", 4)]],
                  [fly("blue", 6), fly("red", 5)])
    bot = CollectorBot(seat=0)
    assert bot.act(state.view(0), state.legal_actions(0), CLOCK) == SWATS[fly("red", 5)]


def test_collector_passes_when_no_fly_helps() -> None:
    reds = [fly("red", n) for n in (1, 2, 3, 4)]
    state = table(3, [reds, [fly("blue", 2)], [fly("green", 4)]],
                  [fly("blue", 6), fly("green", 5)])
    bot = CollectorBot(seat=0)
    assert bot.act(state.view(0), state.legal_actions(0), CLOCK) is PASS


def test_collector_weighs_the_squish_and_the_battle() -> None:
    # Alone on a fly: only my own die can squish it (1 in 6).
    assert win_chance(3, []) == pytest.approx(5 / 6)
    # A rival sure to be on it too: I must miss the number and roll above him.
    below = {v: sum(1 for f in range(1, 7) if f < v and f != 3) / 6 for v in range(1, 7)}
    assert win_chance(3, [1.0]) == pytest.approx(sum(below[v] for v in (1, 2, 4, 5, 6)) / 6)
    assert win_chance(3, [0.5]) > win_chance(3, [1.0]) > win_chance(3, [1.0, 1.0])


def test_collector_avoids_a_fly_a_rival_wants_when_another_is_as_good() -> None:
    # Open hands: seat 1 holds three blues and surely goes for the blue 5; for seat 0 the
    # blue 5 and the yellow 6 both make a set of 3 (all different).
    hands = [[fly("red", 1), fly("green", 2)], [fly("blue", n) for n in (1, 2, 3)],
             [fly("purple", 4)]]
    state = table(3, hands, [fly("blue", 5), fly("yellow", 6)], open_hands=True)
    bot = CollectorBot(seat=0)
    assert bot.act(state.view(0), state.legal_actions(0), CLOCK) == SWATS[fly("yellow", 6)]


def test_collector_plays_whole_games_at_every_table_size() -> None:
    for players in (2, 3, 4, 5):
        seed = derive_seed("sf-collectors", players)
        state = play_out(GAME.new(players, seed=seed, two_players=players == 2),
                         make_bots(GAME, ["collector"] * players, seed))
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        assert max(state.tokens) == 3
