"""Batch simulation from Python: reproducible rows, seat specs and the summary's sums."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamenight.engine import OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES, get_game
from gamenight.lab.length import length
from gamenight.record import load, replay
from gamenight.sim.simulate import (
    MAX_GAMES,
    GameResult,
    _digits,
    resolve_table,
    seat_specs,
    simulate,
    stream,
    summarize,
    to_csv,
    to_jsonl,
)

GAME = get_game("fliegen-klatschen")


def test_the_same_seed_gives_the_same_results_whatever_the_workers() -> None:
    one = simulate("fliegen-klatschen", 10, 3, ["sharp", "random"], seed=9, workers=1)
    two = simulate("fliegen-klatschen", 10, 3, ["sharp", "random"], seed=9, workers=2)
    assert one == two
    assert to_csv(one) == to_csv(two) and to_jsonl(one) == to_jsonl(two)


def test_rows_come_in_index_order_with_seeds_derived_from_the_master_seed() -> None:
    results = simulate("fliegen-klatschen", 5, 4, None, seed=3, workers=2)
    assert [r.index for r in results] == list(range(5))
    assert [r.seed for r in results] == [derive_seed(3, "game", i) for i in range(5)]
    assert all(r.bots == ("sharp",) * 4 for r in results)


def test_progress_counts_every_game_once() -> None:
    seen: list[int] = []
    simulate("fliegen-klatschen", 7, 2, ["random"], seed=1, workers=2, progress=seen.append)
    assert sum(seen) == 7


def test_a_safety_cap_shows_as_truncated_games() -> None:
    results = simulate("fliegen-klatschen", 3, 4, ["random"], seed=1, workers=1,
                       options={"max_turns": "5"})
    assert all(r.truncated and r.turns == 5 for r in results)
    assert summarize(results).truncated == 3


def test_records_replay_to_the_simulated_result(tmp_path: Path) -> None:
    results = simulate("fliegen-klatschen", 2, 2, ["sharp:expert", "random"], seed=5,
                       workers=1, records=tmp_path)
    for result in results:
        record = load(tmp_path / f"game-{result.index:06d}.json")
        assert record.seats == ["bot:sharp:expert", "bot:random"]
        outcome = replay(record).outcome()
        assert outcome is not None and outcome.scores == result.scores


@pytest.mark.parametrize(("bots", "error"), [
    (["nobody"], "no bot"),
    (["sharp:sleepy"], "level"),
    (["sharp"] * 5, "5 bot specs"),
])
def test_bad_bot_specs_fail_before_any_game(bots: list[str], error: str) -> None:
    with pytest.raises(OptionError, match=error):
        simulate("fliegen-klatschen", 1, 4, bots, seed=0, workers=1)


def test_bad_games_and_options_raise_option_error() -> None:
    with pytest.raises(OptionError):
        simulate("no-such-game", 1, 4)
    with pytest.raises(OptionError):
        simulate("fliegen-klatschen", 1, 4, options={"remove": "lots"})
    with pytest.raises(OptionError):
        simulate("fliegen-klatschen", 1, 1)


def test_seat_specs_repeat_the_last_and_read_a_bare_level_as_the_default_bot() -> None:
    assert seat_specs(GAME, None, 3) == ["sharp"] * 3
    assert seat_specs(GAME, ["random", "expert"], 4) == ["random", "sharp:expert",
                                                       "sharp:expert", "sharp:expert"]
    assert seat_specs(GAME, ["sharp:quick:error=0.2"], 1) == ["sharp:quick:error=0.2"]


def _result(index: int, scores: tuple[int, ...], winners: tuple[int, ...]) -> GameResult:
    return GameResult(index, index, len(scores), ("sharp", "random", "random"), scores,
                      winners, 100 + index, 10 + index, False)


def test_summary_counts_a_shared_win_for_every_winner_and_in_parts_in_the_share() -> None:
    # Wins count a shared win for each winner; the win share counts it as 1/k of a win,
    # as the balance lab does (tests/lab/test_metrics.py checks the two agree).
    summary = summarize([_result(0, (5, 5, 1), (0, 1)), _result(1, (9, 2, 3), (0,))])
    seat0, seat1, seat2 = summary.seats
    assert (seat0.label, seat0.wins, seat0.shared, seat0.win_share) == (
        "seat 0: sharp", 2, 1, 0.75)
    assert (seat1.wins, seat1.shared, seat1.mean_score, seat1.win_share) == (1, 1, 3.5, 0.25)
    assert seat2.wins == 0
    sharp, random_ = summary.bots
    assert (sharp.label, sharp.seat_games, sharp.wins) == ("sharp", 2, 2)
    assert (random_.label, random_.seat_games, random_.wins, random_.win_share) == (
        "random", 4, 1, 0.125)
    assert random_.mean_score == pytest.approx((5 + 1 + 2 + 3) / 4)
    assert summary.length == (100.5, 100, 101)
    assert summary.turns == (10.5, 10, 11)


def test_csv_keeps_one_cell_per_field_and_jsonl_keeps_lists() -> None:
    rows = [_result(0, (5, 5, 1), (0, 1))]
    assert to_csv(rows).splitlines() == [
        "index,seed,players,bots,scores,winners,length,turns,truncated",
        "0,0,3,sharp;random;random,5;5;1,0;1,100,10,false",
    ]
    assert to_jsonl(rows) == (
        '{"index":0,"seed":0,"players":3,"bots":["sharp","random","random"],'
        '"scores":[5,5,1],"winners":[0,1],"length":100,"turns":10,"truncated":false}\n')


def test_a_count_the_game_takes_only_with_an_option_fails_before_any_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    monkeypatch.setattr("gamenight.sim.simulate.in_order",
                        lambda play, tasks, workers: started.append(workers) or iter(()))
    # Superfly seats 2 only as its variant: resolve_options alone let this through, and
    # every worker failed on its first game.
    with pytest.raises(OptionError, match="two_players"):
        simulate("superfly", 4, 2, seed=0, workers=2)
    with pytest.raises(OptionError, match="flutter"):
        simulate("fly", 4, 2, seed=0, workers=2, options={"flutter": "nan"})
    assert started == []
    assert resolve_table(get_game("superfly"), 2, {"two_players": "true"})["two_players"]


def test_a_batch_is_at_most_max_games_and_uses_no_more_workers_than_cores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(OptionError, match="100,000,000"):
        simulate("fliegen-klatschen", MAX_GAMES + 1, 2, seed=0, workers=1)
    pools: list[int] = []
    monkeypatch.setattr("gamenight.sim.simulate.in_order",
                        lambda play, tasks, workers: pools.append(workers) or iter(()))
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    simulate("fliegen-klatschen", 1000, 2, seed=0, workers=10**6)
    assert pools == [2]


def test_records_into_a_folder_that_cannot_be_written_fail_before_any_game(
        tmp_path: Path) -> None:
    blocked = tmp_path / "records"
    blocked.write_text("a file, not a folder")
    with pytest.raises(OSError):
        simulate("fliegen-klatschen", 1, 2, seed=0, workers=1, records=blocked)


def test_a_bare_adaptive_level_means_the_default_bot_at_it_where_the_game_is_a_race() -> None:
    from gamenight.engine import OptionError
    from gamenight.games import GAMES
    from gamenight.sim.runner import make_bots
    from gamenight.sim.simulate import seat_specs

    assert seat_specs(GAMES["fliegen-klatschen"], ["adaptive"], 2) == ["sharp:adaptive"] * 2
    assert seat_specs(GAMES["superfly"], ["adaptive"], 1) == ["collector:adaptive"]
    with pytest.raises(OptionError, match="adaptive"):  # FLY is no race
        make_bots(GAMES["fly"], seat_specs(GAMES["fly"], ["adaptive"], 1), 0)


def test_one_worker_hands_on_each_game_as_it_ends(tmp_path: Path) -> None:
    seen: list[int] = []
    games = stream("fliegen-klatschen", 1000, 2, ["random"], seed=4, workers=1,
                   progress=seen.append, records=tmp_path)
    assert not list(tmp_path.iterdir())  # nothing is played before it is asked for
    first = next(games)
    assert first.index == 0 and first == simulate("fliegen-klatschen", 1, 2, ["random"],
                                                  seed=4, workers=1)[0]
    # One worker hands on each game as it ends: the first came after one game, not
    # after a chunk (a Ctrl-C loses only the game being played).
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-000000.json"]
    assert seen == []  # a game is counted once it has been handed on
    second = next(games)
    assert second.index == 1 and seen == [1]
    assert len(list(tmp_path.iterdir())) == 2
    games.close()


def test_a_pool_hands_on_results_a_chunk_at_a_time(tmp_path: Path) -> None:
    games = stream("fliegen-klatschen", 1000, 2, ["random"], seed=4, workers=2,
                   records=tmp_path)
    assert not list(tmp_path.iterdir())  # nothing is played before it is asked for
    first = next(games)
    games.close()  # the pool stops here
    assert first == simulate("fliegen-klatschen", 1, 2, ["random"], seed=4, workers=1)[0]
    # The first result came once its chunk was played, not the whole batch.
    played = sorted(p.name for p in tmp_path.iterdir())
    assert 1 <= len(played) < 1000 and played[0] == "game-000000.json"


def test_record_names_widen_past_a_million_games_so_they_sort_in_order() -> None:
    assert _digits(1) == 6 and _digits(1_000_000) == 6
    assert _digits(1_000_001) == 7 and _digits(MAX_GAMES) == 8


def test_the_rest_of_a_batch_is_the_same_games_as_a_whole_run(tmp_path: Path) -> None:
    whole = simulate("superfly", 9, 3, ["random"], seed=2, workers=2)
    rest = simulate("superfly", 9, 3, ["random"], seed=2, workers=2, first=6,
                    records=tmp_path)
    assert rest == whole[6:]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-000006.json", "game-000007.json", "game-000008.json"]
    assert simulate("superfly", 9, 3, ["random"], seed=2, workers=1, first=9) == []
    with pytest.raises(OptionError, match="cannot start from game 10"):
        simulate("superfly", 9, 3, ["random"], seed=2, workers=1, first=10)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_turns_are_counted_by_the_games_own_hook_as_the_lab_counts_them(
        game_id: str, tmp_path: Path) -> None:
    # FLY keeps no turn counter on its state, and its turns were once left blank: every
    # game's turns come from ``Game.count_turns`` over its events, the lab's figure too.
    game = get_game(game_id)
    (result,) = simulate(game_id, 1, 3, None, seed=2, workers=1, records=tmp_path)
    state = replay(load(tmp_path / "game-000000.json"))
    assert result.turns == game.count_turns(state.events) == length(state)["turns"]
    assert result.turns is not None and 0 < result.turns <= result.length
