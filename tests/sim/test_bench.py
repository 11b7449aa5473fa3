"""The benchmark's bookkeeping (never its speed: speed is measured, not asserted)."""

from __future__ import annotations

import math
import os
import time
from typing import Any

import pytest

from gamenight.cli import main
from gamenight.engine import OptionError
from gamenight.games import get_game
from gamenight.sim.bench import (
    INTEROP_ADAPTERS,
    MILLION,
    GameBench,
    Timing,
    adapter_play,
    bench_bots,
    bench_micro,
    bench_openspiel,
    bench_random,
    openspiel_available,
    run_bench,
    time_in_turn,
    typical_players,
    warm_up,
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


def _costly_first_game(monkeypatch: pytest.MonkeyPatch, cpu_s: float) -> None:
    """Make the game's first ``new`` burn ``cpu_s`` of CPU, as a word list's load does."""
    new = type(GAME).new
    paid: list[bool] = []

    def first_costly(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not paid:
            paid.append(True)
            start = time.process_time()
            while time.process_time() - start < cpu_s:
                pass
        return new(self, *args, **kwargs)

    monkeypatch.setattr(type(GAME), "new", first_costly)


def test_one_time_setup_is_timed_apart_and_never_counted_as_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _costly_first_game(monkeypatch, 0.3)  # paid at the table check, before the warm-up
    (ours,) = run_bench(["fliegen-klatschen"], seconds=0.0).games
    assert ours.warm_up_s >= 0.3
    assert ours.setup_s > 0.2  # the warm-up less its two games at the steady rate
    # Each figure played one game, after the setup was paid: it is not in them.
    assert ours.random.seconds < 0.3 and ours.bots.seconds < 0.3


def test_the_warm_up_plays_a_random_game_and_a_bot_game() -> None:
    assert warm_up(GAME, 4) > 0.0


def test_setup_is_the_warm_up_less_its_games_at_the_steady_rate() -> None:
    rand = Timing("x random", 4, games=10, steps=500, seconds=1.0)
    bots = Timing("x bot", 4, games=4, steps=400, seconds=2.0)
    bench = GameBench("x", rand, bots, {}, warm_up_s=3.0, cores=2)
    assert bench.setup_s == pytest.approx(3.0 - 0.1 - 0.5)
    assert GameBench("x", rand, bots, {}, warm_up_s=0.2).setup_s == 0.0  # never below 0


def test_a_million_games_is_the_bot_rate_on_every_core_plus_the_setup() -> None:
    rand = Timing("x random", 4, games=10, steps=500, seconds=1.0)
    bots = Timing("x bot", 4, games=4, steps=400, seconds=2.0)
    bench = GameBench("x", rand, bots, {}, warm_up_s=3.0, cores=2)
    assert bench.million_s == pytest.approx(MILLION / (2.0 * 2) + bench.setup_s)
    data = bench.to_json()
    assert data["million_games_s"] == bench.million_s and data["cores"] == 2
    assert data["setup_s"] == bench.setup_s and data["warm_up_s"] == 3.0


def test_the_report_counts_the_cores_simulate_plays_on() -> None:
    (ours,) = run_bench(["fliegen-klatschen"], seconds=0.0).games
    assert ours.cores == (os.cpu_count() or 1)
    assert ours.bots.players == 4 and ours.million_s > 0


def test_the_command_prints_every_figure_for_every_game(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the table's rows unwrapped
    assert main(["bench", "fliegen-klatschen", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "fliegen-klatschen setup (once per process, not counted as play):" in out
    assert "random play steps/s is" in out and "OpenSpiel goofspiel's" in out
    assert "Bot games/s/core" in out and "sharp (4p)" in out
    assert "fliegen-klatschen simulate --games 1000000 with sharp on" in out


def test_kinds_timed_together_take_turns_game_by_game_until_each_has_its_seconds() -> None:
    played: list[tuple[str, int]] = []

    def kind(name: str, cost: float) -> Any:
        def play(i: int) -> int:
            played.append((name, i))
            end = time.process_time() + cost
            while time.process_time() < end:
                pass
            return 10
        return play

    timed = time_in_turn({"slow": kind("slow", 0.004), "fast": kind("fast", 0.001)},
                           players=3, seconds=0.02)
    assert played[:4] == [("slow", 0), ("fast", 0), ("slow", 1), ("fast", 1)]
    slow, fast = timed["slow"], timed["fast"]
    assert slow.seconds >= 0.02 and fast.seconds >= 0.02
    assert fast.games > slow.games  # the cheap kind plays on once the other has its time
    assert slow.steps == 10 * slow.games and slow.players == 3
    once = time_in_turn({"a": kind("a", 0.0)}, players=2, seconds=0.0)
    assert once["a"].games == 1  # at least one game each


@pytest.mark.parametrize("adapter", INTEROP_ADAPTERS)
def test_each_adapters_play_is_a_whole_random_game_in_the_games_own_steps(adapter: str) -> None:
    steps = adapter_play(adapter, GAME, 4)(0)
    assert steps > 100  # every card revealed, and the hunts between (a game is ~600)


def test_with_interop_the_command_prints_each_adapters_share_of_random_play(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["bench", "by-golly", "--seconds", "0.01", "--interop"]) == 0
    out = capsys.readouterr().out
    assert "by-golly random, in turn" in out
    for adapter in INTEROP_ADAPTERS:
        assert f"by-golly {adapter}" in out
        assert f"by-golly random play through {adapter} is " in out
    (ours,) = run_bench(["by-golly"], seconds=0.0, interop=True).games
    native = ours.interop_native
    assert native is not None and [t.name for t in ours.interop] == [
        f"by-golly {a}" for a in INTEROP_ADAPTERS]
    shares = ours.to_json()["adapter_shares"]
    assert set(shares) == set(INTEROP_ADAPTERS)
    for t in ours.interop:
        assert shares[t.name.split()[-1]] == pytest.approx(t.steps_per_s / native.steps_per_s)
