"""The benchmark's bookkeeping (never its speed: speed is measured, not asserted)."""

from __future__ import annotations

import math

import pytest

from gamenight.engine import OptionError
from gamenight.games import get_game
from gamenight.sim.bench import (
    Timing,
    bench_bots,
    bench_micro,
    bench_openspiel,
    bench_random,
    openspiel_available,
    run_bench,
    typical_players,
)

GAME = get_game("fliegen-klatschen")


def test_random_play_counts_whole_games_and_their_steps() -> None:
    timing = bench_random(GAME, 4, seconds=0.0)  # a zero budget still plays one game
    assert timing.games == 1 and timing.steps > 96  # the deal, then a reveal per card
    assert timing.players == 4


def test_bot_play_uses_the_default_bot() -> None:
    timing = bench_bots(GAME, 3, seconds=0.0)
    assert timing.games == 1 and timing.name == "fliegen-klatschen sharp"


def test_rates_are_counts_over_seconds() -> None:
    timing = Timing("x", 2, games=10, steps=500, seconds=2.0)
    assert (timing.games_per_s, timing.steps_per_s) == (5.0, 250.0)
    assert timing.to_json()["steps_per_s"] == 250.0


def test_typical_players_is_four_where_the_game_seats_four() -> None:
    assert typical_players(GAME) == 4


def test_openspiel_is_installed_by_the_test_command() -> None:
    # The README's test command installs the bench extra, so the comparison with
    # OpenSpiel is always exercised, never skipped.
    assert openspiel_available()


@pytest.mark.parametrize("name", ["goofspiel", "hearts"])
def test_openspiel_games_play_to_the_end_under_random_play(name: str) -> None:
    timing = bench_openspiel(name, seconds=0.0)
    assert timing.games == 1 and timing.steps > 0


def test_the_report_holds_a_ratio_per_openspiel_game() -> None:
    report = run_bench(["fliegen-klatschen"], seconds=0.0)
    (ours,) = report.games
    assert set(ours.ratios) == ({"goofspiel", "hearts"} if openspiel_available() else set())
    assert report.to_json()["games"][0]["game"] == "fliegen-klatschen"


def test_a_micro_benchmark_counts_its_calls() -> None:
    calls: list[int] = []
    timing = bench_micro("note a call", lambda: calls.append(1), seconds=0.0)
    assert timing.calls == len(calls) >= 1
    assert timing.us_per_call == timing.seconds / timing.calls * 1e6
    assert timing.to_json()["name"] == "note a call"


def test_the_report_times_each_micro_benchmark_a_game_offers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(type(GAME), "micro_benchmarks",
                        lambda self: {"count": lambda: calls.append(1)})
    (ours,) = run_bench(["fliegen-klatschen"], seconds=0.0).games
    assert [m.name for m in ours.micro] == ["count"]
    assert ours.micro[0].calls == len(calls) >= 1


def test_every_table_is_checked_before_anything_is_timed() -> None:
    timed: list[str] = []
    with pytest.raises(OptionError, match="Superfly takes 2 to 5 players, not 99"):
        run_bench(["superfly"], seconds=0.0, players=99, progress=timed.append)
    with pytest.raises(OptionError, match="takes"):
        run_bench(None, seconds=0.0, players=99, progress=timed.append)
    for seconds in (math.inf, math.nan, -1.0, 1e6):
        with pytest.raises(OptionError, match="seconds"):
            run_bench(["fliegen-klatschen"], seconds=seconds, progress=timed.append)
    assert timed == []  # OpenSpiel was timed first, before the table was refused


def test_every_game_at_a_count_only_some_seat_times_those_and_says_which_not() -> None:
    # Two players: Superfly only as its variant, an option bench does not set.
    report = run_bench(None, seconds=0.0, players=2)
    timed = {g.game for g in report.games}
    assert "superfly" not in timed and "fliegen-klatschen" in timed
    assert "two_players" in report.left_out["superfly"]
    assert report.to_json()["left_out"] == report.left_out
