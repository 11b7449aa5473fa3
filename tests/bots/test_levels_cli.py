"""Every game's levels are named the same way and ``gamenight games`` lists them."""

from __future__ import annotations

import os
import subprocess
import sys

from gamenight.bots.base import bot_kinds
from gamenight.bots.levels import ADAPTIVE, DEFAULT_LEVEL, DESCRIPTIONS, LEVELS, level_list
from gamenight.games import GAMES


def gamenight(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "gamenight.cli", *args], env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_every_bot_with_levels_takes_the_same_names_weakest_first() -> None:
    assert LEVELS[0] == "child" and LEVELS[1] == "beginner" and DEFAULT_LEVEL in LEVELS
    assert set(DESCRIPTIONS) == {*LEVELS, ADAPTIVE}
    levelled = {}
    for game in GAMES.values():
        for name, factory in bot_kinds(game).items():
            taken = getattr(factory, "levels", ())
            if taken:
                levelled[f"{game.id}:{name}"] = taken
                assert taken[: len(LEVELS)] == LEVELS and set(taken) <= {*LEVELS, ADAPTIVE}
    assert {"fliegen-klatschen:sharp", "superfly:collector", "fly:aimer"} <= set(levelled)
    races = {k for k, v in levelled.items() if ADAPTIVE in v}
    assert races == {"fliegen-klatschen:sharp", "superfly:collector"}


def test_gamenight_games_lists_each_bots_levels_and_what_they_mean() -> None:
    done = gamenight("games")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "bot levels" in out
    full = level_list((*LEVELS, ADAPTIVE))
    assert full.startswith("child, beginner, relaxed, average (default), quick, expert")
    for row in ("fliegen-klatschen │ sharp", "superfly          │ collector"):
        line = next(line for line in out.splitlines() if row in line)
        assert full in line
    aimer = next(line for line in out.splitlines() if "│ aimer" in line)
    assert level_list(LEVELS) in aimer and ADAPTIVE not in aimer
    for level, text in DESCRIPTIONS.items():
        assert any(level in line and text[:30] in line for line in out.splitlines())


def test_a_simulation_runs_the_adaptive_level_against_a_person_of_a_set_pace() -> None:
    done = gamenight("simulate", "fliegen-klatschen", "--games", "4", "--players", "2",
                     "--bots", "sharp:average:pace=900,sharp:adaptive", "--seed", "3",
                     "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert "sharp:adaptive" in done.stdout
