"""The lab's statistics on constructed games whose answer is known."""

from __future__ import annotations

import json
import random

import pytest
from scipy import stats  # type: ignore[import-untyped]

from gamenight.lab import metrics
from gamenight.lab.play import GameRow
from tests.lab.rows import row


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (50, 100), (81, 263), (999, 1000)])
def test_wilson_interval_matches_scipy(k: int, n: int) -> None:
    expected = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = metrics.wilson(k, n)
    assert low == pytest.approx(expected.low, abs=1e-9)
    assert high == pytest.approx(expected.high, abs=1e-9)


def test_wilson_interval_of_a_known_value() -> None:
    # Half of 100: 0.5 ± 1.96·√(0.25/100 + 1.96²/40000) / (1 + 1.96²/100).
    low, high = metrics.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)


@pytest.mark.parametrize(("k", "n"), [(0, 3), (0, 1000), (1000, 1000), (3000, 3000)])
def test_wilson_interval_holds_the_share_even_at_none_or_all(k: int, n: int) -> None:
    # A bot that wins every game: a bound rounded past the share broke the seat plot.
    low, high = metrics.wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0


def test_the_report_draws_a_bot_that_wins_every_game() -> None:
    # `perfect` against `random` seats won 1,000 of 1,000: the study's report then failed
    # on the seat plot's error bars ("'yerr' must not contain negative values").
    from gamenight.lab.plan import plan_study
    from gamenight.lab.report import render

    rows = [row([0], bots=("perfect", "random"), game=i) for i in range(50)]
    study = plan_study("by-golly", (2,), games=50, seed=1)
    page = render(study, metrics.summary(rows), rows)
    assert "win share per seat" in page and page.count("data:image/png;base64,") >= 2


@pytest.mark.parametrize("df", range(1, 9))
@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.84, 7.5, 20.0, 60.0])
def test_chi_square_tail_matches_scipy(df: int, x: float) -> None:
    assert metrics.chi2_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-15)


def coin_games(p_seat0: float, games: int, seed: int) -> list[GameRow]:
    rng = random.Random(seed)
    return [row([0] if rng.random() < p_seat0 else [1], game=i) for i in range(games)]


def test_a_fair_coin_shows_no_seat_advantage() -> None:
    cell = metrics.cell_summary(coin_games(0.5, 4000, seed=1))
    assert cell["equal_shares"] is not None and not cell["equal_shares"]["significant"]
    first = cell["first_seat"]
    assert first is not None and not first["significant"]
    assert first["low"] < 0.5 < first["high"]
    assert "no first-player advantage" in first["words"]


def test_a_loaded_coin_is_detected() -> None:
    cell = metrics.cell_summary(coin_games(0.56, 4000, seed=2))
    assert cell["equal_shares"] is not None and cell["equal_shares"]["significant"]
    first = cell["first_seat"]
    assert first is not None and first["significant"] and first["low"] > 0.5
    assert first["edge"] == pytest.approx(0.06, abs=0.02)
    assert "the first player has an edge of +" in first["words"]


def test_a_stronger_bot_in_seat_0_is_not_called_a_first_player_edge() -> None:
    # Seat 0 always wins, but it always holds the stronger bot: the seat is not the cause.
    cell = metrics.cell_summary([row([0], bots=("expert", "child"), game=i)
                                 for i in range(500)])
    first = cell["first_seat"]
    assert first is not None and first["share"] == 1.0
    assert "first player has an edge" not in first["words"]
    assert "different bots" in first["words"]


def test_a_shared_win_counts_as_a_fraction() -> None:
    shares = metrics.seat_shares([row([0, 1]), row([0])])
    assert [s["wins"] for s in shares] == [1.5, 0.5]


def test_a_bot_that_always_wins_is_the_stronger_and_explains_the_outcome() -> None:
    games = [row([i % 2], bots=("expert", "random") if i % 2 == 0 else ("random", "expert"))
             for i in range(200)]
    cell = metrics.cell_summary(games)
    assert cell["skill"] == [metrics.SkillPair(
        stronger="expert", weaker="random", meetings=200, share=1.0,
        low=pytest.approx(0.981, abs=1e-3), high=1.0)]  # type: ignore[typeddict-item]
    assert cell["skill_variance"] == pytest.approx(1.0)
    # The same bot in every seat: nothing to compare.
    assert metrics.cell_summary(coin_games(0.5, 10, 3))["skill_variance"] is None


def test_an_option_with_no_effect_is_not_significant_and_a_big_one_is() -> None:
    rng = random.Random(4)
    games = []
    for i in range(1000):
        quiet, loud = ("x", "y")[i % 2], ("short", "long")[(i // 2) % 2]
        steps = round(rng.gauss(100, 15)) + (40 if loud == "long" else 0)
        games.append(row([i % 2], steps=steps, options={"quiet": quiet, "loud": loud},
                         cell=f"{quiet}-{loud}", game=i))
    effects = {(e["option"], e["metric"]): e for e in metrics.option_effects(games)}
    none = effects["quiet", "steps"]
    assert (none["baseline"], none["value"]) == ("x", "y")
    assert not none["significant"] and none["low"] < 0 < none["high"]
    big = effects["loud", "steps"]
    assert big["significant"] and big["p"] < 1e-6
    assert big["low"] < 40 < big["high"]
    assert effects["loud", "estimated minutes"]["difference"] == pytest.approx(4, abs=0.5)


def test_the_summary_is_json() -> None:
    games = [*coin_games(0.5, 20, 5), row([1], cell="other", lead_changes=2, comeback=True)]
    summary = metrics.summary(games)
    assert [c["key"] for c in summary["cells"]] == ["cell", "other"]
    assert summary["cells"][1]["drama"]["comebacks"] == 1
    assert json.loads(json.dumps(summary)) == summary
