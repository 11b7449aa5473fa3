"""By Golly! through the real `gamenight` command, in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def gamenight(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "gamenight.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_games_lists_by_golly_with_its_options_and_bots(tmp_path: Path) -> None:
    result = gamenight("games", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "by-golly" in line)
    assert "2-6" in row and "perfect (default)" in row
    for word in ("face_up_match", "last_card", "protected", "max_turns", "memory"):
        assert word in result.stdout


def test_rules_prints_the_rules_page(tmp_path: Path) -> None:
    result = gamenight("rules", "by-golly", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# By Golly!")


def test_simulate_records_and_replays(tmp_path: Path) -> None:
    records = tmp_path / "recs"
    result = gamenight("simulate", "by-golly", "--games", "4", "--players", "3", "--seed", "5",
                       "--bots", "perfect,memory:0.5,random", "--workers", "1",
                       "--records", str(records), "--out", str(tmp_path / "out.jsonl"),
                       cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "4 games, 3 players, seed 5" in result.stdout and "truncated: 0" in result.stdout
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert all(len(r["winners"]) == 1 for r in rows)
    assert rows[0]["bots"] == ["perfect", "memory:0.5", "random"]
    story = gamenight("replay", str(records / "game-000000.json"), cwd=tmp_path)
    assert story.returncode == 0, story.stderr
    assert "verified" in story.stdout and "wins" in story.stdout

    data = json.loads((records / "game-000001.json").read_text())
    step = next(s for s in data["steps"] if str(s.get("action", "")).startswith("turn"))
    step["action"] = "turn 42"  # no such place
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    result = gamenight("replay", str(tampered), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
