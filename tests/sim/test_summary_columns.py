"""Each game chooses the summary's columns (``Game.summary_columns``); the summary averages
them per seat and per bot."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamenight.engine.outcome import MEAN_RANK, MEAN_SCORE, SummaryColumn
from gamenight.games import GAMES, get_game
from gamenight.sim.simulate import (
    GameResult,
    check_records_folder,
    make_records_folder,
    simulate,
    summarize,
)


def _result(index: int, scores: tuple[float, ...], ranks: tuple[int, ...],
            cards_left: tuple[int, ...]) -> GameResult:
    winners = tuple(s for s, r in enumerate(ranks) if r == 1)
    return GameResult(index, index, len(scores), ("perfect", "memory", "memory"), scores,
                      winners, 100, 10, False, ranks, tuple((-c,) for c in cards_left))


def test_by_golly_averages_rank_and_cards_left_where_a_mean_score_would_repeat_the_wins() -> None:
    columns = get_game("by-golly").summary_columns()
    assert [c.heading for c in columns] == ["Mean rank", "Cards left"]
    summary = summarize([_result(0, (1, 0, 0), (1, 2, 3), (0, 2, 5)),
                         _result(1, (0, 1, 0), (3, 1, 2), (4, 0, 1))], columns)
    seat0, seat1, seat2 = summary.seats
    assert seat0.means == (2.0, 2.0) and seat1.means == (1.5, 1.0)
    assert seat2.means == (2.5, 3.0)
    perfect, memory = summary.bots
    assert perfect.means == seat0.means  # perfect played seat 0 only
    assert memory.means == pytest.approx(((2 + 3 + 1 + 2) / 4, (2 + 5 + 0 + 1) / 4))
    assert summary.columns == columns


def test_every_other_game_keeps_the_mean_score() -> None:
    for game_id, game in GAMES.items():
        if game_id != "by-golly":
            assert game.summary_columns() == (MEAN_SCORE,)


def test_a_column_is_any_figure_of_a_seats_outcome() -> None:
    doubled = SummaryColumn("Twice the score", lambda outcome, seat: 2 * outcome.scores[seat])
    summary = summarize([_result(0, (3, 1, 0), (1, 2, 3), (0, 1, 2))],
                        (doubled, MEAN_RANK))
    assert [t.means for t in summary.seats] == [(6.0, 1.0), (2.0, 2.0), (0.0, 3.0)]


def test_a_result_without_ranks_ranks_by_its_scores() -> None:
    result = GameResult(0, 0, 3, ("a", "b", "c"), (5, 9, 5), (1,), 10, None, False)
    assert result.outcome().ranks == (2, 1, 2)


def test_simulated_results_carry_the_outcome_the_columns_need() -> None:
    (result,) = simulate("by-golly", 1, 3, ["memory"], seed=3, workers=1)
    assert len(result.ranks) == 3 and all(len(key) == 1 for key in result.tiebreaks)
    assert result.outcome().winners == result.winners


def test_a_records_folder_is_checked_without_making_it(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(NotADirectoryError, match="it is a file, not a folder"):
        check_records_folder(tmp_path / "file")
    with pytest.raises(NotADirectoryError, match="is a file, not a folder"):
        check_records_folder(tmp_path / "file" / "records")
    check_records_folder(tmp_path / "a" / "b")
    assert not (tmp_path / "a").exists()  # checked, not made
    assert make_records_folder(tmp_path / "a" / "b").is_dir()
