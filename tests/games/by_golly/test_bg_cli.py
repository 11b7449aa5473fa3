"""By Golly! through the real `gamenight` command, in a forked process."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.cli.forked import run_forked


def gamenight(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command, in a process forked from one that has imported it (``tests.cli.forked``;
    ``tests/cli/test_cli_process.py`` runs each command as a process of its own)."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    return run_forked(args, cwd, env, timeout=300)


def test_games_lists_by_golly_with_its_options_and_bots(tmp_path: Path) -> None:
    result = gamenight("games", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "by-golly" in line)
    assert "2-6" in row and "perfect (default)" in row
    for word in ("face_up_match", "last_card", "protected", "max_turns", "memory"):
        assert word in result.stdout


def test_games_lists_the_memory_bots_levels(tmp_path: Path) -> None:
    result = gamenight("games", cwd=tmp_path)
    row = next(line for line in result.stdout.splitlines()
               if "by-golly" in line and "memory" in line and "child" in line)
    assert "beginner" in row and "expert" in row and "adaptive" not in row


def test_rules_prints_how_to_play_then_the_rules_page(tmp_path: Path) -> None:
    result = gamenight("rules", "by-golly", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "# By Golly!: the rules as implemented" in result.stdout
    assert "chicken run" in result.stdout.split("# By Golly!: the rules")[0]


def test_the_line_after_a_game_says_who_won_and_the_cards_left() -> None:
    # What `gamenight play` prints when the person leaves a finished table: no
    # "scores [0.0, 1.0]" (a score of 1 for the winner says nothing more).
    from gamenight.cli import result_line
    from gamenight.games.by_golly.rules import GAME
    from tests.games.by_golly.bg_table import lay, place_of, table, turn

    state = table(3, [["owl", "cat"], ["hen"], ["fox", "pig"]], [["duck"], [], ["frog"] * 2],
                  current=1)
    lay(state, "hen")
    turn(state, place_of("hen"))  # his last card: he wins
    outcome = state.outcome()
    assert outcome is not None
    assert result_line(GAME, outcome) == ("Seat 1 wins (you are seat 0). Rank: you 2, seat 1 1, "
                                          "seat 2 3. Cards left: you 3, seat 1 0, seat 2 4.")


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
