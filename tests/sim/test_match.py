"""Matches between two bots (sim.match) and ``gamenight bench --search``: deals shared,
seats alternating, the sides' points, the report's figures (never its speed)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from gamenight.cli import main
from gamenight.engine import OptionError
from gamenight.games import get_game
from gamenight.sim.bench import best_bot, run_search_bench, variant_for
from gamenight.sim.match import MatchGame, MatchReport, play_match, pool, seating, side_points


def test_the_sides_alternate_seats_from_one_game_of_a_deal_to_the_next() -> None:
    assert seating(2, 0) == (0, 1) and seating(2, 1) == (1, 0)
    assert seating(4, 0) == (0, 1, 0, 1) and seating(4, 1) == (1, 0, 1, 0)


def test_a_game_counts_for_the_side_of_its_winning_seat_and_a_tie_between_sides_half() -> None:
    sides = (0, 1, 0, 1)
    assert side_points((0,), sides) == 1.0
    assert side_points((0, 2), sides) == 1.0  # two seats of side A share the win
    assert side_points((3,), sides) == 0.0
    assert side_points((1, 2), sides) == 0.5  # a win shared across the sides
    assert side_points((), sides) == 0.5


def test_each_deal_is_played_twice_with_the_seats_swapped() -> None:
    report = play_match("by-golly", "perfect", "random", 6, players=2, workers=1)
    assert report.games == 6
    deals = [(g.deal, g.seed, g.sides) for g in report.results]
    assert [d[0] for d in deals] == [0, 0, 1, 1, 2, 2]
    for first, second in zip(deals[::2], deals[1::2], strict=True):
        assert first[1] == second[1] and first[2] == (0, 1) and second[2] == (1, 0)


def test_the_same_bot_on_both_sides_plays_each_deal_the_same_way_both_times() -> None:
    # Both sides are one bot, seeded by seat: a deal's two games are one game, and the
    # sides share every point.
    report = play_match("fly", "aimer", "aimer", 4, players=4, workers=1)
    for first, second in zip(report.results[::2], report.results[1::2], strict=True):
        assert first.scores == second.scores and first.winners == second.winners
    assert report.share == 0.5 and report.even
    assert report.score_difference == pytest.approx(0.0)


def test_the_report_gives_the_share_its_interval_the_score_difference_and_think_times() -> None:
    report = play_match("by-golly", "perfect", "random", 8, players=4, workers=1)
    assert report.pairing == "perfect vs random"
    assert report.points == sum(g.points for g in report.results)
    low, high = report.interval
    assert 0 <= low <= report.share <= high <= 1
    assert report.share > 0.5 and report.score_difference > 0
    for side in (0, 1):
        assert report.ms_per_decision(side) > 0
        assert sum(g.decisions[side] for g in report.results) > 0
    data = report.to_json()
    assert data["games"] == 8 and data["side_a"] == "perfect" and data["interval"] == [low, high]
    json.dumps(data)


def test_a_game_where_one_side_never_decides_has_no_think_time() -> None:
    game = MatchGame(0, 0, 1, (0, 1), (3.0, 1.0), (0,), False, (0.0, 0.0), (0, 0))
    assert game.points == 1.0 and game.score_difference == 2.0
    report = play_match("by-golly", "random", "random", 0, players=2)
    assert math.isnan(report.ms_per_decision(0))
    assert report.games == 0 and report.share == 0.0


def test_the_results_are_the_same_whatever_the_workers() -> None:
    one = play_match("fliegen-klatschen", "sharp", "random", 6, players=3, workers=1)
    two = play_match("fliegen-klatschen", "sharp", "random", 6, players=3, workers=2)
    assert [(g.seed, g.sides, g.scores, g.winners) for g in one.results] == \
        [(g.seed, g.sides, g.scores, g.winners) for g in two.results]


def test_bad_matches_are_refused_before_any_game() -> None:
    with pytest.raises(OptionError, match="two sides"):
        play_match("fly", "aimer", "random", 2, players=1)
    with pytest.raises(OptionError, match="no bot 'nobody'"):
        play_match("fly", "aimer", "nobody", 2)
    with pytest.raises(OptionError):
        play_match("superfly", "collector", "random", 2, players=2)  # a variant's count


def test_the_search_bench_seats_a_duel_through_the_games_variant() -> None:
    duel = variant_for(get_game("superfly"), 2)
    assert duel is not None and duel["two_players"] is True
    assert variant_for(get_game("fly"), 4) is not None
    assert variant_for(get_game("fly"), 6) is None


def test_the_search_bench_plays_each_pairing_at_two_and_four_players() -> None:
    report = run_search_bench(["fly", "by-golly"], games=2, pairing=("random", "random"),
                              workers=1)
    assert [(m.game, m.players) for m in report.matches] == [
        ("fly", 2), ("fly", 4), ("by-golly", 2), ("by-golly", 4)]
    assert all(m.games == 2 and m.pairing == "random vs random" for m in report.matches)
    only = run_search_bench(None, games=2, players=2, pairing=("aimer", "random"), workers=1)
    assert [m.game for m in only.matches] == ["fly"]
    assert only.left_out["by-golly"] == "no bot 'aimer'"
    with pytest.raises(OptionError, match="no match to play"):
        run_search_bench(["fluster"], games=2, pairing=("aimer", "random"))


def test_the_search_bench_matches_master_against_the_bot_it_searches_on_at_its_level(
        ) -> None:
    # Against the default level a master would win partly by its prior's better level
    # (collector:expert against collector), not by its search.
    assert best_bot(get_game("superfly")) == "collector:expert"
    assert best_bot(get_game("fly")) == "aimer:expert"
    assert best_bot(get_game("by-golly")) == "perfect"
    assert best_bot(get_game("fliegen-klatschen")) == "sharp:expert"


def test_bench_search_prints_the_table(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the table's rows unwrapped
    assert main(["bench", "by-golly", "--search", "--games", "2", "--players", "2",
                 "--bots", "perfect,random"]) == 0
    out = capsys.readouterr().out
    assert "perfect vs random" in out and "95%" in out and "ms A" in out
    assert main(["bench", "by-golly", "--search", "--games", "2", "--players", "2",
                 "--bots", "perfect,random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"][0]["side_a"] == "perfect" and data["matches"][0]["games"] == 2
    assert main(["bench", "--search", "--seconds", "1"]) == 2
    assert main(["bench", "--search", "--bots", "a,b,c"]) == 2
    assert main(["bench", "fly", "--games", "3"]) == 2  # --games is for --search


# -- slices of a match, pooled -------------------------------------------------------------
def _games_of(report: MatchReport) -> list[tuple[object, ...]]:
    return [(g.index, g.deal, g.seed, g.sides, g.scores, g.winners) for g in report.results]


def test_a_slice_of_deals_plays_exactly_those_games_of_the_whole_match() -> None:
    whole = play_match("by-golly", "perfect", "random", 8, players=3, workers=1)
    middle = play_match("by-golly", "perfect", "random", 4, players=3, workers=1,
                        first_deal=1)
    assert [g.deal for g in middle.results] == [1, 1, 2, 2]
    assert _games_of(middle) == _games_of(whole)[2:6]


def test_slices_pooled_from_their_json_are_the_whole_match() -> None:
    whole = play_match("superfly", "collector", "random", 6, players=3, workers=1)
    slices = [play_match("superfly", "collector", "random", 2 * (stop - first), players=3,
                         workers=1, first_deal=first) for first, stop in ((2, 3), (0, 2))]
    read = [MatchReport.from_json(json.loads(json.dumps(s.to_json()))) for s in slices]
    [pooled] = pool(read)
    assert _games_of(pooled) == _games_of(whole)
    assert pooled.to_json() == json.loads(json.dumps(whole.to_json())) | {
        "results": pooled.to_json()["results"],  # the think times differ from run to run
        "ms_per_decision": pooled.to_json()["ms_per_decision"]}
    with pytest.raises(OptionError, match="in two slices"):
        pool([read[1], read[1]])
    other = play_match("superfly", "collector", "random", 2, players=3, workers=1, seed=1)
    assert len(pool([*read, other])) == 2  # another seed is another match


def test_bench_search_plays_a_slice_and_pools_slices(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    args = ["bench", "fly", "--search", "--players", "2", "--bots", "aimer,random", "--json"]
    files = []
    for deals in ("0:1", "1:3", "0:3"):
        assert main([*args, "--deals", deals]) == 0
        files.append(tmp_path / f"{deals.replace(':', '-')}.json")
        files[-1].write_text(capsys.readouterr().out)
    whole = json.loads(files[2].read_text())["matches"][0]
    assert [g["deal"] for g in whole["results"]] == [0, 0, 1, 1, 2, 2]
    assert main(["bench", "--search", "--json", "--pool", str(files[0]), str(files[1])]) == 0
    pooled = json.loads(capsys.readouterr().out)["matches"][0]
    for key in ("games", "points_a", "share_a", "interval", "score_difference"):
        assert pooled[key] == whole[key]
    assert main(["bench", "--search", "--pool", str(files[0]), str(files[1])]) == 0
    assert "aimer vs random" in capsys.readouterr().out
    assert main(["bench", "--search", "--pool", str(files[0]), str(files[2])]) == 2
    assert "in two slices" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*args, "--deals", "3:3"])  # argparse refuses an empty or backward slice
    assert main([*args, "--deals", "0:2", "--games", "4"]) == 2
    assert main(["bench", "fly", "--deals", "0:2"]) == 2  # --deals is for --search
