"""By Golly!'s resample on the hardest states found: a bounded search, then one integer
program over the whole card history; every resample keeps the seat's views, and what it
draws depends only on those views and the generator it is given."""

from __future__ import annotations

import random

import pytest

from gamenight.games.by_golly import resample
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.sim.random_play import random_playout
from tests.games.by_golly.test_bg_encoding import views_after_every_step

pytest.importorskip("scipy")

#: A long random 5-player game (1,326 steps, 46 blind draws between the others as seat 1
#: sees it) where the plain search ran for 15 to 80 seconds before it found a history.
HARD_SEED, HARD_SEAT = 9, 1
#: The hard states found in 2,000 (game, seat) pairs (seeds 0-399): the plain search
#: ran past 10 s of CPU on each.
HARD = [(HARD_SEED, HARD_SEAT), (274, 4)]
#: A search may go a little past its budget: it checks at each draw, not at each option.
OVERSHOOT = 100


def long_game(seed: int) -> ByGollyState:
    state = GAME.new(5, seed)
    random_playout(state, random.Random(seed))
    return state


def hidden(state: ByGollyState) -> tuple[object, ...]:
    """Everything a resample draws: the history (deal, draws, shuffles), the hands and
    stacks it leads to, and the generator's seed for what comes after."""
    return (tuple((step.seat, str(step.value)) for step in state.history),
            tuple(map(tuple, state.hands)), tuple(map(tuple, state.stacks)), state.digest())


@pytest.mark.parametrize(("seed", "seat"), HARD)
def test_the_hardest_states_found_resample_after_a_bounded_search(seed: int,
                                                                  seat: int) -> None:
    state = long_game(seed)
    mine = views_after_every_step(state, seat)
    watched = resample._watched(state, seat)
    twins = []
    for k in range(4):
        twins.append(state.resample(seat, random.Random(k)))
        # The search gives up within its budget, twice; later calls go straight to the
        # program, which is solved once per call.
        searches = min(k + 1, resample.GIVE_UPS)
        assert watched.tries <= searches * (resample.SEARCH_TRIES + OVERSHOOT)
        assert watched.gave_up == searches
        assert watched.solved == k + 1
    for twin in twins:
        assert views_after_every_step(twin, seat) == mine
        assert twin.outcome() == state.outcome()
    # Different generators draw different histories.
    assert len({hidden(twin)[0] for twin in twins}) == len(twins)


@pytest.mark.parametrize("seed", [2, 38])
def test_the_program_alone_keeps_every_seats_views(seed: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resample, "SEARCH_TRIES", 0)  # straight to the program
    state = long_game(seed)
    for seat in range(5):
        twin = state.resample(seat, random.Random(seat))
        watched = resample._watched(state, seat)
        assert (watched.tries, watched.solved) == (0, 1)
        assert views_after_every_step(twin, seat) == views_after_every_step(state, seat)
        assert hidden(twin)[0] != hidden(state)[0]  # the hidden parts are redrawn


def test_every_seat_of_long_random_games_resamples_within_the_budget() -> None:
    for seed in range(3, 8):
        state = long_game(seed)
        for seat in range(5):
            twin = state.resample(seat, random.Random(seed))
            assert resample._watched(state, seat).tries <= resample.SEARCH_TRIES + OVERSHOOT
            assert views_after_every_step(twin, seat) == views_after_every_step(state, seat)


@pytest.mark.parametrize("search_tries", [resample.SEARCH_TRIES, 0])
def test_two_games_the_seat_cannot_tell_apart_resample_alike(
        search_tries: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The resample reads only what the seat saw: a game with other hidden cards (itself a
    # resample) gives the very same draws for the same generator, through the search and
    # its hand-over, and through the program alone.
    monkeypatch.setattr(resample, "SEARCH_TRIES", search_tries)
    truth = long_game(HARD_SEED)
    other = long_game(HARD_SEED).resample(HARD_SEAT, random.Random(99))
    assert views_after_every_step(other, HARD_SEAT) == views_after_every_step(truth, HARD_SEAT)
    assert hidden(other)[0] != hidden(truth)[0]
    for k in range(2):
        assert hidden(truth.resample(HARD_SEAT, random.Random(k))) == \
            hidden(other.resample(HARD_SEAT, random.Random(k)))


def test_the_bench_times_resamples_of_a_long_random_game() -> None:
    benches = GAME.micro_benchmarks()
    resamples = [name for name in benches if name.startswith("resample")]
    assert len(resamples) == 2
    for name in resamples:
        twin = benches[name]()
        assert isinstance(twin, ByGollyState)
        assert twin.players == 5 and len(twin.history) == 1326
