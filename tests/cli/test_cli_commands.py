"""What each command does, run as the installed command would be."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamenight.games import get_game
from tests.cli.conftest import Gamenight


def test_games_lists_fliegen_klatschen_with_2_to_8_players_options_and_bots(
    gamenight: Gamenight,
) -> None:
    result = gamenight("games")
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "fliegen-klatschen" in line)
    assert "2-8" in row and "sharp (default)" in row and "random" in row
    for option in ("remove", "deadline_ms", "penalty_order", "max_turns", "3000"):
        assert option in result.stdout


@pytest.mark.parametrize("game_id", ["fliegen-klatschen", "fluster"])
def test_rules_shows_how_to_play_first_then_the_rules_as_implemented(
        gamenight: Gamenight, game_id: str) -> None:
    game = get_game(game_id)
    result = gamenight("rules", game_id)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"# How to play {game.title}\n")
    # Not a terminal: the Markdown itself, exactly as the game gives it, page after page.
    howto, rules = game.howto_text(), game.rules_text()
    assert result.stdout == howto + "\n" + rules
    assert "**Goal:**" in howto and rules.startswith(f"# {game.title}")


@pytest.mark.parametrize(("pager", "styled"), [(None, True), ("more", False)])
def test_rules_in_a_terminal_go_through_the_pager_how_to_play_first(
        monkeypatch: pytest.MonkeyPatch, pager: str | None, styled: bool) -> None:
    import argparse
    import io

    from rich.console import Console

    from gamenight.cli import cmd_rules

    paged: list[str] = []
    monkeypatch.setattr("pydoc.pager", paged.append)  # what rich's SystemPager calls
    monkeypatch.delenv("MANPAGER", raising=False)
    monkeypatch.setenv("LESS", "")  # so that the -R cmd_rules asks for is undone after
    monkeypatch.delenv("LESS")
    if pager is None:
        monkeypatch.delenv("PAGER", raising=False)
    else:
        monkeypatch.setenv("PAGER", pager)
    terminal = Console(file=io.StringIO(), force_terminal=True, width=100)
    assert cmd_rules(argparse.Namespace(game="superfly"), terminal, terminal) == 0
    [page] = paged
    assert page.index("How to play Superfly") < page.index("the rules as implemented")
    # Colours only where the pager shows them: less, asked for -R when no pager is named.
    assert ("\x1b[" in page) is styled


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_simulate_writes_the_identical_file_whatever_the_number_of_workers(
    gamenight: Gamenight, tmp_path: Path, suffix: str
) -> None:
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}{suffix}"
        result = gamenight("simulate", "fliegen-klatschen", "--games", "24", "--seed", "11",
                           "--bots", "sharp,random", "--workers", workers, "--out", str(out))
        assert result.returncode == 0, result.stderr
        files.append(out.read_bytes())
    assert files[0] == files[1]
    lines = files[0].decode().splitlines()
    if suffix == ".csv":
        assert lines[0] == "index,seed,players,bots,scores,winners,length,turns,truncated"
        assert [line.split(",")[0] for line in lines[1:]] == [str(i) for i in range(24)]
        assert lines[1].split(",")[3] == "sharp;random;random;random"
    else:
        rows = [json.loads(line) for line in lines]
        assert [r["index"] for r in rows] == list(range(24))
        assert rows[0]["bots"] == ["sharp", "random", "random", "random"]
        assert all(len(r["scores"]) == 4 and r["winners"] for r in rows)


def test_simulate_prints_its_summary_per_seat_and_per_bot(gamenight: Gamenight) -> None:
    result = gamenight("simulate", "fliegen-klatschen", "--games", "6", "--players", "3",
                       "--bots", "sharp:expert,random", "--seed", "2", "--workers", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "6 games, 3 players, seed 2" in out
    for word in ("Wins", "Shared", "Win share", "Mean score", "seat 0: sharp:expert",
                 "seat 2: random", "Seat-games", "length: mean", "truncated: 0"):
        assert word in out


def test_simulate_without_a_seed_prints_the_seed_it_chose(gamenight: Gamenight) -> None:
    result = gamenight("simulate", "fliegen-klatschen", "--games", "1", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "1 games, 4 players, seed " in result.stdout


def test_records_replay_and_a_tampered_record_is_rejected(
    gamenight: Gamenight, tmp_path: Path
) -> None:
    records = tmp_path / "recs"
    result = gamenight("simulate", "fliegen-klatschen", "--games", "3", "--seed", "4",
                       "--records", str(records), "--workers", "2")
    assert result.returncode == 0, result.stderr
    files = sorted(records.glob("*.json"))
    assert [f.name for f in files] == ["game-000000.json", "game-000001.json",
                                       "game-000002.json"]

    story = gamenight("replay", str(files[0]))
    assert story.returncode == 0, story.stderr
    assert "verified" in story.stdout and "reveals" in story.stdout
    assert "seat 0: sharp bot #1" in story.stdout  # as every table names it

    data = json.loads(files[0].read_text())
    slap = next(s for s in data["steps"] if str(s.get("action", "")).startswith("slap"))
    slap["action"] = "slap 999"  # no such card
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    result = gamenight("replay", str(tampered))
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert "error:" in result.stderr and "Traceback" not in result.stderr

    data = json.loads(files[1].read_text())
    data["result"]["scores"][0] += 1
    tampered.write_text(json.dumps(data))
    result = gamenight("replay", "--quiet", str(tampered))
    assert result.returncode == 1
    assert "altered" in result.stderr


def test_bench_quick_prints_steps_per_second(gamenight: Gamenight) -> None:
    result = gamenight("bench", "fliegen-klatschen", "--quick")
    assert result.returncode == 0, result.stderr
    assert "Steps/s" in result.stdout and "Games/s" in result.stdout
    assert "fliegen-klatschen random" in result.stdout
    assert "fliegen-klatschen sharp" in result.stdout


def test_bench_json_is_machine_readable(gamenight: Gamenight) -> None:
    result = gamenight("bench", "fliegen-klatschen", "--quick", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    (ours,) = report["games"]
    assert ours["game"] == "fliegen-klatschen"
    assert ours["random"]["steps"] > 0 and ours["random"]["steps_per_s"] > 0
    assert ours["bots"]["games"] >= 1
