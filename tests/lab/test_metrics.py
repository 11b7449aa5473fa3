"""The lab's statistics on constructed games whose answer is known."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import numpy as np
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
    assert "win share per seat" in page.lower() and page.count("data:image/png;base64,") >= 2


@pytest.mark.parametrize("wins", [[10, 10], [30, 12, 8], [5.5, 4.5, 2, 0]])
def test_equal_shares_test_is_scipys_chi_square(wins: list[float]) -> None:
    found = metrics.equal_shares_test(wins)
    expected = stats.chisquare(wins)
    assert found is not None and found["df"] == len(wins) - 1
    assert found["chi2"] == pytest.approx(expected.statistic)
    assert found["p"] == pytest.approx(expected.pvalue)


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3.5, 10), (50, 100), (81, 263), (1000, 1000)])
def test_the_bench_and_the_lab_give_the_same_wilson_interval(k: float, n: int) -> None:
    # The bench's matches keep their own few lines (no statistics library); they must
    # agree with the lab's, which are statsmodels'.
    from gamenight.sim.match import wilson

    assert wilson(k, n) == pytest.approx(metrics.wilson(k, n), abs=1e-12)


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


def test_every_seat_is_tested_and_the_one_furthest_from_its_share_is_named() -> None:
    # Four seats, the last one favoured (36% against a fair 25%); seat 0 is fair.
    rng = random.Random(6)
    weights = [0.25, 0.2, 0.19, 0.36]
    games = [row(rng.choices(range(4), weights)[:1], bots=("bot",) * 4, game=i)
             for i in range(1200)]
    figures = metrics.summary(games)
    cell = figures["cells"][0]
    assert all(s["test"] is not None for s in cell["seats"])
    assert cell["most_deviating"] == 3
    last = cell["seats"][3]
    assert last["test"] is not None and last["test"]["significant"]
    assert last["fair"] == 0.25 and last["edge"] == pytest.approx(0.11, abs=0.03)
    # Seat 0 alone would say nothing is wrong; the page names seat 3.
    assert cell["seats"][0]["test"] is not None
    assert not cell["seats"][0]["test"]["significant"]
    [count] = figures["answers"]["seat_order"]["by_players"]
    assert count["most_deviating"] == 3
    assert any("seat 3 won 3" in line for line in figures["headlines"])


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


def test_simulate_and_study_count_shared_wins_the_same_way() -> None:
    # Real games with shared wins, counted by `gamenight simulate`'s summary and by the
    # study's: the same share for every seat (simulate used to count a shared win whole
    # for each winner, so its shares added up to more than the games).
    from gamenight.sim.simulate import simulate, summarize

    results = simulate("superfly", 60, 3, seed=4, workers=1)
    assert any(len(r.winners) > 1 for r in results), "the test needs a shared win"
    rows = [row(list(r.winners), bots=r.bots, game=r.index) for r in results]
    lab = metrics.seat_shares(rows)
    batch = summarize(results).seats
    assert [t.win_share for t in batch] == pytest.approx([s["share"] for s in lab])
    won = sum(bool(r.winners) for r in results) / len(results)
    assert sum(t.win_share for t in batch) == pytest.approx(won)


def test_a_bot_that_always_wins_is_the_stronger_and_explains_the_outcome() -> None:
    games = [row([i % 2], bots=("expert", "random") if i % 2 == 0 else ("random", "expert"))
             for i in range(200)]
    cell = metrics.cell_summary(games)
    [pair] = cell["skill"]
    assert (pair["stronger"], pair["weaker"], pair["meetings"], pair["games"]) == (
        "expert", "random", 200, 200)
    # Every game went one way: Wilson's interval over the games (nothing to resample).
    assert (pair["share"], pair["high"]) == (1.0, 1.0)
    assert pair["low"] == pytest.approx(0.981, abs=1e-3)
    assert pair["test"]["significant"]
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
    # The page plots what changed, labelled in words with its games; not what did not.
    from gamenight.lab.plan import plan_study
    from gamenight.lab.report import render

    study = plan_study("by-golly", (2,), games=250, seed=1,
                       vary={"last_card": ["wins", "protected"]})
    page = render(study, metrics.summary(games), games)
    assert "the options&#x27; effect on steps" in page
    assert "the options&#x27; effect on lead changes" not in page


def test_the_summary_is_json() -> None:
    games = [*coin_games(0.5, 20, 5), row([1], cell="other", lead_changes=2, comeback=True)]
    summary = metrics.summary(games)
    assert [c["key"] for c in summary["cells"]] == ["cell", "other"]
    assert summary["cells"][1]["drama"]["comebacks"] == 1
    assert json.loads(json.dumps(summary)) == summary


def test_skill_intervals_resample_whole_games() -> None:
    # At four seats one game is three meetings of `expert` with a `random`, and they go
    # together (it wins, ahead of all three, or comes last, behind all three): 300
    # meetings, but only 100 games' worth of evidence.
    rng = random.Random(8)
    games = []
    for i in range(100):
        won = rng.random() < 0.6
        games.append(row([0] if won else [1], bots=("expert", "random", "random", "random"),
                         game=i))
        games[-1]["ranks"] = [1, 2, 2, 2] if won else [4, 1, 2, 3]
    [pair] = metrics.skill_pairs(games)
    assert (pair["stronger"], pair["meetings"], pair["games"]) == ("expert", 300, 100)
    naive_low, naive_high = metrics.wilson(pair["share"] * 300, 300)
    assert pair["low"] < pair["share"] < pair["high"]
    # About √3 wider than counting the meetings as independent.
    assert (pair["high"] - pair["low"]) / (naive_high - naive_low) > 1.4


@functools.cache
def tiny_study() -> tuple[GameRow, ...]:
    """A real study: the default bots at 2 and 3 players, an option varied, fixed seeds."""
    from gamenight.lab.plan import plan_study
    from gamenight.lab.play import play_chunk

    study = plan_study("by-golly", (2, 3), games=60, seed=11, chunk_games=60,
                       vary={"last_card": ["wins", "protected"]})
    return tuple(r for chunk in study.chunks() for r in play_chunk(chunk, study.seed))


def test_the_first_player_verdict_pools_every_cell_as_statsmodels_does() -> None:
    from statsmodels.stats.meta_analysis import combine_effects  # type: ignore[import-untyped]

    rows = tiny_study()
    figures = metrics.summary(rows)
    first = figures["answers"]["seat_order"]["first_player"]
    assert first is not None and first["strata"] == 4 and first["games"] == 240
    # Each cell's seat 0 edge over its fair share, and that share's variance, straight
    # from the rows.
    edges, variances = [], []
    for key in dict.fromkeys(r["cell"] for r in rows):
        cell = [r for r in rows if r["cell"] == key]
        players = cell[0]["players"]
        fair = sum(1 / players for r in cell if r["winners"]) / len(cell)
        won = sum(1 / len(r["winners"]) for r in cell if 0 in r["winners"])
        edges.append(won / len(cell) - fair)
        variances.append(fair * (1 - fair) / len(cell))
    expected = combine_effects(np.array(edges), np.array(variances), use_t=False)
    weights = [1 / v for v in variances]
    by_hand = sum(e * w for e, w in zip(edges, weights, strict=True)) / sum(weights)
    assert first["estimate"] == pytest.approx(expected.mean_effect_fe)
    assert first["estimate"] == pytest.approx(by_hand)
    se = sum(weights) ** -0.5
    assert first["se"] == pytest.approx(se)
    assert (first["low"], first["high"]) == pytest.approx(
        (by_hand - 1.959964 * se, by_hand + 1.959964 * se))
    assert first["p"] == pytest.approx(2 * stats.norm.sf(abs(by_hand) / se))
    # And it is the page's first answer, in words, with its interval.
    assert figures["headlines"][0].startswith("Seat order: over 4 cells")
    assert f"{100 * first['low']:+.1f} to {100 * first['high']:+.1f}" in figures["headlines"][0]


def every_test_in(value: object) -> list[dict[str, object]]:
    """Every test anywhere in a summary: a dict with a p-value, an adjusted one and a
    verdict (found by walking it, not by asking the code that made them)."""
    if isinstance(value, dict):
        found = [value] if {"p", "adjusted_p", "significant"} <= set(value) else []
        return found + [t for v in value.values() for t in every_test_in(v)]
    if isinstance(value, list):
        return [t for v in value for t in every_test_in(v)]
    return []


def test_every_test_on_the_page_is_corrected_together_by_holm() -> None:
    from statsmodels.stats.multitest import multipletests  # type: ignore[import-untyped]

    figures = metrics.summary(tiny_study())
    found = every_test_in(figures)
    assert figures["correction"]["tests"] == len(found) > 20
    assert figures["correction"]["method"] == "holm"
    raw = [float(t["p"]) for t in found]  # type: ignore[arg-type]
    reject, adjusted, _, _ = multipletests(raw, alpha=0.05, method="holm")
    assert [t["adjusted_p"] for t in found] == pytest.approx(list(adjusted))
    assert [t["significant"] for t in found] == list(reject)
    assert "Holm" in figures["headlines"][-1]


def test_a_raw_p_below_005_is_not_called_significant_among_many_tests() -> None:
    # One option changes steps a little (raw p about 0.01), nine others nothing: alone
    # it would be flagged; among the page's tests it is not.
    rng = random.Random(9)
    games = []
    for i in range(800):
        options = {f"o{k}": ("a", "b")[(i >> k) % 2] for k in range(10)}
        steps = rng.gauss(100, 10) + (1.8 if options["o0"] == "b" else 0)
        games.append(row([i % 2], steps=round(steps), options=options,
                         cell=json.dumps(options), game=i))
    effects = {(e["option"], e["metric"]): e for e in metrics.summary(games)["options"]}
    nudged = effects["o0", "steps"]
    assert nudged["p"] < 0.05 and nudged["adjusted_p"] > 0.05 and not nudged["significant"]


def test_an_options_share_is_compared_within_each_player_count() -> None:
    # Seat 0 wins half the 2-player games and a quarter of the 4-player ones whatever the
    # option: pooled across counts its "share" would move with how many games of each
    # size a side has; its edge over the fair share does not move at all.
    games = []
    for i in range(400):
        option = ("x", "y")[i % 2]
        four = (i // 2) % 4 == 0 if option == "x" else (i // 2) % 4 != 0
        players = 4 if four else 2
        winner = (i // 8) % players
        games.append(row([winner], bots=("bot",) * players, options={"o": option},
                         cell=f"{players}-{option}", game=i))
    effects = {e["metric"]: e for e in metrics.option_effects(games)}
    edge = effects["first-player edge"]
    assert [s["players"] for s in edge["by_players"]] == [2, 4]
    assert not edge["significant"] and edge["low"] <= 0 <= edge["high"]
    assert "seat 0 win share" not in effects
    # Nothing changed the truncated games (none on either side): no empty row.
    assert "truncated" not in effects


def test_the_balance_index_is_one_for_even_seats_and_zero_for_one_winner() -> None:
    assert metrics.balance_index([25, 25, 25, 25]) == 1.0
    assert metrics.balance_index([0, 0, 40, 0]) == 0.0
    # Two seats of four win everything, evenly: halfway.
    assert metrics.balance_index([0, 50, 0, 50]) == pytest.approx(1 / 3)
    assert metrics.balance_index([10]) is None and metrics.balance_index([0, 0]) is None
    cell = metrics.cell_summary(coin_games(0.5, 400, seed=10))
    assert cell["balance_index"] is not None and cell["balance_index"] > 0.9


def test_a_chunk_written_before_a_column_was_added_reads_it_as_missing(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from gamenight.lab import store

    rows = [row([0], game=i) for i in range(3)]
    # The decisiveness columns, and the choices after them, came later.
    later = ("decided_at", "choices", "choices_max", "choices_by_part", "action_kinds")
    older = pa.schema([f for f in store.SCHEMA if f.name not in later])
    table = pa.Table.from_pylist([{k: v for k, v in r.items() if k not in later}
                                  for r in rows], schema=older)
    pq.write_table(table, tmp_path / "old.parquet")
    assert store.read_rows(tmp_path / "old.parquet") == rows
    assert metrics.summary(rows)["choices"]["games"] == 0


def test_a_chunk_keeps_the_choices_and_the_kinds_of_action(tmp_path: Path) -> None:
    from gamenight.lab import store
    from gamenight.lab.plan import plan_study

    rows = [row([0], game=i, choices=[2, 5, 1], kinds={"Pass": 1, "Slap": 2})
            for i in range(3)]
    chunk = plan_study("by-golly", (2,), games=3, seed=1).chunks()[0]
    path = store.write_chunk(tmp_path, chunk, rows)
    back = store.read_rows(path)
    assert back == rows
    assert back[0]["action_kinds"] == {"Pass": 1, "Slap": 2}
    assert back[0]["choices_by_part"] == [2.0, None, 5.0, None, 1.0]
