"""The `gamenight` command with Fluster, run as a person or a script runs it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from gamenight.games import get_game
from gamenight.games.fluster.words import read_file
from tests.cli.forked import run_forked
from tests.games.fluster.flu_table import WORD_SQUARE, word_file


def gamenight(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command, in a process forked from one that has imported it (``tests.cli.forked``;
    ``tests/cli/test_cli_process.py`` runs each command as a process of its own)."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    return run_forked(args, cwd, env, timeout=300)


def test_simulate_records_and_replays_fluster_games(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    result = gamenight("simulate", "fluster", "--games", "4", "--players", "3", "--seed", "9",
                       "--bots", "wordsmith,random", "--workers", "1", "--out", str(out),
                       "--records", str(tmp_path / "rec"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in rows] == [0, 1, 2, 3]
    assert all(r["turns"] == 50 and len(r["scores"]) == 3 for r in rows)
    assert all(r["length"] == 1 + 50 + 25 * 3 for r in rows)
    replayed = gamenight("replay", str(tmp_path / "rec" / "game-000002.json"), cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "Seat 0 calls" in replayed.stdout


def test_dictionary_flag_fills_the_dictionary_option(tmp_path: Path) -> None:
    path = word_file(tmp_path, list(WORD_SQUARE))
    out = tmp_path / "rows.jsonl"
    result = gamenight("simulate", "fluster", "--games", "2", "--players", "1", "--seed", "3",
                       "--workers", "1", "--dictionary", path, "--out", str(out),
                       "--records", str(tmp_path / "rec"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    record = json.loads((tmp_path / "rec" / "game-000000.json").read_text())
    # The record names the list by the hash of its words, never by its path.
    assert record["options"] == {"dictionary": read_file(path).name}
    assert str(tmp_path) not in json.dumps(record)
    missing = gamenight("simulate", "fluster", "--games", "1", "--dictionary",
                        str(tmp_path / "none.txt"), cwd=tmp_path)
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    # A path as the option itself is refused: options never name files.
    as_option = gamenight("simulate", "fluster", "--games", "1", "--option",
                          f"dictionary={path}", cwd=tmp_path)
    assert as_option.returncode == 2 and "content hash" in as_option.stderr


def test_rules_prints_how_to_play_then_the_rules_as_implemented(tmp_path: Path) -> None:
    result = gamenight("rules", "fluster", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    game = get_game("fluster")
    # How to play first (the page the terminal's ? shows), then the rules as implemented.
    howto, rules = game.howto_text().rstrip("\n"), game.rules_text().rstrip("\n")
    assert result.stdout.rstrip("\n") == f"{howto}\n\n{rules}"
