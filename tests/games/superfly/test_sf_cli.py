"""The `gamenight` command with Superfly, run as a person or a script would run it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from gamenight.games import get_game
from tests.cli.forked import run_forked


def gamenight(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command, in a process forked from one that has imported it (``tests.cli.forked``;
    ``tests/cli/test_cli_process.py`` runs each command as a process of its own)."""
    env = {**os.environ, "COLUMNS": "250", "NO_COLOR": "1"}
    return run_forked(args, cwd, env, timeout=300)


def test_games_lists_superfly_with_its_bots_and_the_two_player_variant(tmp_path: Path) -> None:
    result = gamenight("games", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "superfly" in line.split())
    assert "3-5, 2 variant" in row and "collector (default)" in row and "random" in row
    options = result.stdout[result.stdout.index("superfly options"):]
    for option in ("deadline_ms", "5000", "open_hands", "two_players", "max_turns"):
        assert option in options
    assert "2-player variant" in options


def test_rules_prints_how_to_play_then_the_rules_as_implemented(tmp_path: Path) -> None:
    result = gamenight("rules", "superfly", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    game = get_game("superfly")
    # How to play first (the page the terminal's ? shows), then the rules as implemented.
    howto, rules = game.howto_text().rstrip("\n"), game.rules_text().rstrip("\n")
    assert result.stdout.rstrip("\n") == f"{howto}\n\n{rules}"


def test_simulate_writes_rows_and_records_that_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = gamenight("simulate", "superfly", "--games", "12", "--players", "3", "--seed", "4",
                       "--bots", "collector,random", "--workers", "1", "--out", str(out),
                       "--records", "recs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["bots"] for r in rows[:1]] == [["collector", "random", "random"]]
    assert all(max(r["scores"]) == 3 and not r["truncated"] for r in rows)
    assert "collector" in result.stdout
    replayed = gamenight("replay", "recs/game-000003.json", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "verified: every step replays" in replayed.stdout
    assert "swats" in replayed.stdout and "Fly Catcher token" in replayed.stdout
    winners = rows[3]["winners"]
    assert f"winners {winners}" in replayed.stdout


def test_two_players_without_the_variant_option_is_refused(tmp_path: Path) -> None:
    result = gamenight("simulate", "superfly", "--games", "2", "--players", "2", cwd=tmp_path)
    assert result.returncode == 2
    assert "2 players is a variant" in result.stderr
    result = gamenight("simulate", "superfly", "--games", "2", "--players", "2", "--seed", "1",
                       "-o", "two_players=true", "--workers", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
