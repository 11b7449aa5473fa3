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


HUGE = str(10**400)  # a whole number far past any float

#: Issue 12: each of these once started work (timing, games, a screen) before failing,
#: printed more than the error, hung, or crashed with a traceback.
REFUSED_BEFORE_ANY_WORK = [
    ["bench", "--seconds", "inf"],  # ran for ever
    ["bench", "--seconds", "1e999"],  # the same infinity, spelled otherwise
    ["bench", "fliegen-klatschen", "--seconds", "86400"],
    ["bench", "--players", "99"],  # timed OpenSpiel first
    ["bench", "superfly", "--players", "99"],
    ["bench", "--players", HUGE],
    ["simulate", "fly", "--games", "1", "--option", "flutter=nan"],  # truncated every game
    ["simulate", "fly", "--games", "1", "--option", "flutter=inf"],
    ["simulate", "superfly", "--games", "2", "--players", "2"],  # the variant is an option
    ["simulate", "fly", "--games", "1000000000000"],  # built a list of every chunk first
    ["simulate", "fly", "--games", HUGE],  # OverflowError
    ["simulate", "fly", "--games", "1", "--seed", HUGE],  # OverflowError
    ["simulate", "fly", "--games", "1", "--seed", "18446744073709551616"],  # 2**64
    ["simulate", "fly", "--games", "1", "--seed", "9" * 5000],
    ["simulate", "fly", "--games", "1", "--players", "0"],
    ["simulate", "fly", "--games", "1", "--workers", "0"],
    ["simulate", "fly", "--games", "1", "--bots", "aimer:sleepy"],
    ["simulate", "fly", "--games", "1", "--bots", "aimer:samples=nan"],
    ["simulate", "by-golly", "--games", "1", "--bots", "perfect:0.5"],
    ["simulate", "fliegen-klatschen", "--games", "1", "--bots", "sharp:error=inf"],
    ["play", "superfly", "--players", "2"],  # printed the seed line first
    ["play", "superfly", "--bots", "collector:fast"],
    ["play", "fly", "--players", "0"],
    ["play", "fly", "--option", "flutter=nan"],
    # Errors that quote a huge argument were printed whole (one line of 5,000 characters).
    ["rules", "9" * 5000],
    ["simulate", "fliegen-klatschen", "--games", "1", "--bots", "sharp:" + "9" * 5000],
    ["simulate", "fliegen-klatschen", "--games", "1", "--option", "remove=" + "9" * 5000],
]


@pytest.mark.parametrize("args", REFUSED_BEFORE_ANY_WORK,
                         ids=lambda a: " ".join(x if len(x) < 20 else x[:8] + "..." for x in a))
def test_bad_arguments_are_refused_in_one_short_line_before_any_work(
    gamenight: Gamenight, args: list[str]
) -> None:
    result = gamenight(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""  # nothing was played, timed or drawn
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # no "timing ..." or "seed ..." line before it
    assert lines[0].startswith("gamenight") and "error:" in lines[0]
    assert len(lines[0]) <= 400, lines[0]  # a huge argument is not echoed whole


@pytest.mark.parametrize("args", [
    ["simulate", "fliegen-klatschen", "--games", "3", "--out", "no/such/folder/games.csv"],
    ["play", "fliegen-klatschen", "--record", "no/such/folder/game.json"],
], ids=["simulate --out", "play --record"])
def test_output_that_cannot_be_written_is_refused_before_the_games(
    gamenight: Gamenight, args: list[str]
) -> None:
    # Found out only after every game was played (simulate) or the person had played
    # the whole game (play).
    result = gamenight(*args)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert lines == [lines[0]] and "cannot write no/such/folder/" in lines[0]
