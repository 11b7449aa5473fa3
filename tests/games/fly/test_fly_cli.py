"""The `gamenight` command with FLY, run as a person would (in a forked process)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from gamenight.games.fly.rules import GAME
from gamenight.record import load, replay
from tests.cli.forked import run_forked


def gamenight(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command, in a process forked from one that has imported it (``tests.cli.forked``;
    ``tests/cli/test_cli_process.py`` runs each command as a process of its own)."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    return run_forked(args, cwd, env, timeout=300)


def test_games_lists_fly_with_1_to_4_players_its_options_and_bots(tmp_path: Path) -> None:
    result = gamenight("games", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "│ fly " in line)
    assert "1-4" in row and "aimer (default)" in row and "random" in row
    for option in ("fly_diameter", "sigma_pos", "sigma_angle", "flutter", "max_drops"):
        assert option in result.stdout


def test_rules_prints_how_to_play_then_the_rules_as_implemented(tmp_path: Path) -> None:
    result = gamenight("rules", "fly", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    game = GAME
    # How to play first (the page the terminal's ? shows), then the rules as implemented.
    howto, rules = game.howto_text().rstrip("\n"), game.rules_text().rstrip("\n")
    assert result.stdout.rstrip("\n") == f"{howto}\n\n{rules}"


def test_simulate_records_and_replay_a_game(tmp_path: Path) -> None:
    records = tmp_path / "recs"
    result = gamenight("simulate", "fly", "--games", "4", "--seed", "3", "--players", "3",
                       "--bots", "aimer,random", "--workers", "1", "--records", str(records),
                       "--out", str(tmp_path / "rows.jsonl"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "aimer" in result.stdout and "random" in result.stdout
    rows = [json.loads(line) for line in (tmp_path / "rows.jsonl").read_text().splitlines()]
    assert [r["bots"] for r in rows] == [["aimer", "random", "random"]] * 4
    # A turn is a drop of the swatter, counted by the game's own hook (as the lab counts
    # it), so the rows and the summary show FLY's turns, never a blank.
    assert all(not r["truncated"] for r in rows)
    assert "turns: mean" in result.stdout
    files = sorted(records.glob("*.json"))
    assert len(files) == 4
    for row, file in zip(rows, files, strict=True):
        drops = GAME.count_turns(replay(load(file)).events)
        assert row["turns"] == drops and 0 < drops < row["length"]
    story = gamenight("replay", str(files[0]), cwd=tmp_path)
    assert story.returncode == 0, story.stderr
    assert "verified" in story.stdout and "drops the swatter" in story.stdout
    data = json.loads(files[0].read_text())
    landing = next(s for s in data["steps"][1:] if "chance" in s)
    x, y, a = landing["chance"].split()
    landing["chance"] = f"{float(x) + 1:.4f} {y} {a}"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    result = gamenight("replay", "--quiet", str(tampered), cwd=tmp_path)
    assert result.returncode == 1 and "altered" in result.stderr


def test_bench_times_random_drops_and_the_micro_figures(tmp_path: Path) -> None:
    result = gamenight("bench", "fly", "--quick", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (ours,) = json.loads(result.stdout)["games"]
    assert ours["game"] == "fly" and ours["random"]["steps_per_s"] > 0
    names = {m["name"] for m in ours.get("micro", [])}
    assert "judge a landing over a full table" in names
