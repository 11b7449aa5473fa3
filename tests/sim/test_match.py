"""Matches between two bots (sim.match) and ``gamenight bench --search``: deals shared,
seats alternating, the sides' points, the report's figures (never its speed)."""

from __future__ import annotations

import json
import math

import pytest

from gamenight.cli import main
from gamenight.engine import OptionError
from gamenight.games import get_game
from gamenight.sim.bench import run_search_bench, variant_for
from gamenight.sim.match import MatchGame, play_match, seating, side_points


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
