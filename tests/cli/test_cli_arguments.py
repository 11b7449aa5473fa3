"""Every subcommand explains itself, and bad arguments get one line and exit code 2."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Gamenight

HELP = {
    "play": ["--players", "--bots", "--seed", "--option", "--dictionary", "exit codes"],
    "simulate": ["--games", "--players", "--bots", "--seed", "--workers", "--out", "--records",
                 "--option", "--dictionary", "exit codes"],
    "replay": ["FILE", "exit codes", "rejected"],
    "rules": ["GAME", "examples"],
    "games": ["player counts", "examples"],
    "bench": ["--seconds", "--quick", "--json", "goofspiel", "hearts"],
}


def test_the_top_level_help_lists_every_subcommand(gamenight: Gamenight) -> None:
    result = gamenight("--help")
    assert result.returncode == 0
    for command in HELP:
        assert command in result.stdout


@pytest.mark.parametrize("command", sorted(HELP))
def test_help_of_each_subcommand_exits_0_and_names_its_options(
    gamenight: Gamenight, command: str
) -> None:
    result = gamenight(command, "--help")
    assert result.returncode == 0, result.stderr
    for word in HELP[command]:
        assert word in result.stdout


BAD = [
    ["simulate", "fliegen-klatschen"],  # --games is required
    ["simulate", "fliegen-klatschen", "--games", "0"],
    ["simulate", "fliegen-klatschen", "--games", "many"],
    ["simulate", "no-such-game", "--games", "1"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--players", "9"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--bots", "nobody"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--bots", "sharp:sleepy"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--bots", "sharp,,random"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--option", "colour=red"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--option", "remove=lots"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--option", "remove"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--out", "games.txt"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--seed", "-3"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--dictionary", "no-such-words.txt"],
    # A word list for a game without words: the game names the options it has.
    ["simulate", "fliegen-klatschen", "--games", "1", "--dictionary", __file__],
    ["play", "no-such-game"],
    ["play", "fliegen-klatschen", "--players", "1"],
    ["play", "fliegen-klatschen", "--bots", "sharp,sharp,sharp,sharp"],  # 4 specs, 3 bot seats
    ["rules", "no-such-game"],
    ["bench", "no-such-game", "--quick"],
    ["bench", "--seconds", "0"],
    ["dance"],
    [],
]


@pytest.mark.parametrize("args", BAD, ids=lambda a: " ".join(a) or "nothing")
def test_bad_arguments_give_one_line_error_and_exit_2(
    gamenight: Gamenight, args: list[str]
) -> None:
    result = gamenight(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("gamenight") and "error:" in lines[0]
    assert "Traceback" not in result.stderr
