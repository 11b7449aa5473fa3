"""Issue 14 at the command line: output folders checked before any game, errors that say
which field is wrong and never show Python's internals, the --option help, the summary's
columns chosen by each game, Fliegen klatschen's tie option and Fluster's word list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamenight.games.fluster.words import FORMER_PACKAGED
from tests.cli.conftest import Gamenight
from tests.engine.altered import resealed

#: What Python's own errors look like; a message to a person never holds them.
INTERNALS = ("Errno", "invalid literal", "Traceback", "malformed:", "Expecting value",
             "set_int_max_str_digits", "(char ", "object has no attribute", "KeyError")


def one_line(result_stderr: str) -> str:
    lines = result_stderr.strip().splitlines()
    assert len(lines) == 1, result_stderr
    assert not any(word in lines[0] for word in INTERNALS), lines[0]
    return lines[0]


# -- 3. output checked before any game ------------------------------------------------------
@pytest.mark.parametrize(("where", "message"), [
    ("a-file.txt", "cannot write records into a-file.txt: it is a file, not a folder"),
    ("a-file.txt/records", "cannot make the folder a-file.txt/records for the records: "),
])
def test_simulate_refuses_a_records_folder_it_cannot_make_before_any_game(
        gamenight: Gamenight, tmp_path: Path, where: str, message: str) -> None:
    (tmp_path / "a-file.txt").write_text("keep me\n")
    # A million games would take minutes: the refusal comes before the first.
    result = gamenight("simulate", "fly", "--games", "1000000", "--records", where)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout == ""
    assert message in one_line(result.stderr)
    assert (tmp_path / "a-file.txt").read_text() == "keep me\n"


def test_simulate_refuses_an_out_file_it_cannot_write_before_any_game(
        gamenight: Gamenight, tmp_path: Path) -> None:
    (tmp_path / "a-file.txt").write_text("")
    for out in ("a-file.txt/games.csv", "no-such-folder/games.jsonl"):
        result = gamenight("simulate", "fly", "--games", "1000000", "--out", out)
        assert result.returncode == 1, result.stdout + result.stderr
        assert result.stdout == "" and f"cannot write {out}" in one_line(result.stderr)


def test_simulate_makes_a_missing_records_folder(gamenight: Gamenight, tmp_path: Path) -> None:
    result = gamenight("simulate", "fly", "--games", "2", "--seed", "1", "--workers", "1",
                       "--records", "new/records")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "new" / "records").iterdir()) == [
        "game-000000.json", "game-000001.json"]


def test_keygen_into_a_file_says_so(gamenight: Gamenight, tmp_path: Path) -> None:
    (tmp_path / "keys").write_text("")
    result = gamenight("keygen", "keys")
    assert result.returncode == 1
    assert "cannot write the keys into keys: it is a file, not a folder" in one_line(
        result.stderr)


# -- 3. no Python internals in any message --------------------------------------------------
def _files(folder: Path) -> None:
    (folder / "broken.json").write_text('{"format":\n')
    (folder / "huge-number.json").write_text('{"seed": ' + "9" * 5000 + "}")
    (folder / "list.json").write_text("[1, 2]")
    (folder / "a-file.txt").write_text("")
    (folder / "a-folder").mkdir()


BAD_INPUTS = [
    (["replay", "broken.json"], 2, "broken.json is not JSON: expecting value at line 2"),
    (["replay", "huge-number.json"], 2, "a whole number of more than 4,300 digits"),
    (["replay", "list.json"], 2, "not a gamenight record"),
    (["replay", "a-folder"], 2, "not a regular file (a folder)"),
    (["play", "fly", "--position", "broken.json"], 2, "is not JSON: expecting value"),
    (["play", "fly", "--position", "huge-number.json"], 2, "more than 4,300 digits"),
    (["play", "fly", "--record", "a-folder"], 1, "it is not a regular file"),
    (["simulate", "fly", "--games", "abc"], 2, "not a whole number: 'abc'"),
    (["simulate", "fly", "--games", "1", "--seed", "abc"], 2, "a seed is a whole number"),
    (["simulate", "fly", "--games", "1", "--option", "steps"], 2, "KEY=VALUE, not 'steps'"),
    (["simulate", "fly", "--games", "1", "--option", "flutter=abc"], 2,
     "option flutter takes a finite number, not 'abc'"),
    (["simulate", "fliegen-klatschen", "--games", "1", "--option", "remove=abc"], 2,
     "option remove takes a whole number, not 'abc'"),
    (["simulate", "fliegen-klatschen", "--games", "1", "--option", "tie=maybe"], 2,
     "option tie is one of shared, deciding-game, not 'maybe'"),
    (["simulate", "fliegen-klatschen", "--games", "1", "--bots", "sharp:error=abc"], 2,
     "error is a chance from 0 to 1, not 'abc'"),
    (["simulate", "by-golly", "--games", "1", "--bots", "memory:abc"], 2,
     "recall is a number from 0 to 1, not 'abc'"),
    (["simulate", "fluster", "--games", "1", "--dictionary", "a-file.txt"], 2,
     "holds no word of 2 to 5 letters"),
    (["simulate", "fly", "--games", "1", "--sign-key", "a-file.txt"], 2,
     "neither an Ed25519 PEM key nor a shared secret"),
    (["bench", "fly", "--seconds", "abc"], 2, "not a number of seconds: 'abc'"),
    (["keygen", "a-file.txt/keys"], 1, "a-file.txt is a file, not a folder"),
]


@pytest.mark.parametrize(("args", "code", "message"), BAD_INPUTS,
                         ids=lambda a: " ".join(a) if isinstance(a, list) else str(a))
def test_bad_values_and_files_say_what_is_wrong_without_pythons_internals(
        gamenight: Gamenight, tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    _files(tmp_path)
    result = gamenight(*args)
    assert result.returncode == code, result.stdout + result.stderr
    assert message in one_line(result.stderr)


# -- 4. the --option help --------------------------------------------------------------------
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_option_help_is_a_whole_sentence(gamenight: Gamenight, command: str) -> None:
    result = gamenight(command, "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    start = text.index("--option KEY=VALUE, -o KEY=VALUE")
    help_text = text[start:text.index("--seed SEED", start)]
    assert help_text.rstrip().endswith("lists each game's options with their defaults and "
                                       "values"), help_text


# -- 5. the summary's columns ----------------------------------------------------------------
def test_by_golly_summary_shows_ranks_and_cards_left_not_a_mean_score(
        gamenight: Gamenight) -> None:
    result = gamenight("simulate", "by-golly", "--games", "4", "--players", "3", "--seed",
                       "2", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "Mean rank" in result.stdout and "Cards left" in result.stdout
    assert "Mean score" not in result.stdout


def test_other_games_keep_the_mean_score(gamenight: Gamenight) -> None:
    result = gamenight("simulate", "fly", "--games", "2", "--seed", "2", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "Mean score" in result.stdout and "Mean rank" not in result.stdout


# -- the tie option and the word list, as a person uses them ---------------------------------
def test_a_deciding_game_match_simulates_records_and_replays(
        gamenight: Gamenight, tmp_path: Path) -> None:
    result = gamenight("simulate", "fliegen-klatschen", "--games", "3", "--players", "2",
                       "--seed", "5", "--workers", "1", "--option", "tie=deciding-game",
                       "--option", "remove=100", "--records", "recs")
    assert result.returncode == 0, result.stderr
    for record in sorted((tmp_path / "recs").iterdir()):
        assert json.loads(record.read_text())["options"]["tie"] == "deciding-game"
        replayed = gamenight("replay", "--quiet", str(record))
        assert replayed.returncode == 0 and "verified" in replayed.stdout, replayed.stderr


def test_fluster_refuses_the_former_packaged_list_and_records_of_its_rules(
        gamenight: Gamenight, tmp_path: Path) -> None:
    (former,) = FORMER_PACKAGED
    result = gamenight("simulate", "fluster", "--games", "1", "--option",
                       f"dictionary={former}")
    assert result.returncode == 2
    assert "packaged list of Fluster rules version 1" in one_line(result.stderr)
    made = gamenight("simulate", "fluster", "--games", "1", "--players", "1", "--seed", "1",
                     "--workers", "1", "--records", "recs")
    assert made.returncode == 0, made.stderr
    record = tmp_path / "recs" / "game-000000.json"
    old = tmp_path / "old.json"
    old.write_text(json.dumps(resealed({**json.loads(record.read_text()),
                                        "rules_version": "1"})))
    replayed = gamenight("replay", str(old))
    assert replayed.returncode == 2
    assert "made under fluster rules version 1" in one_line(replayed.stderr)


def test_the_readme_links_the_projects_own_design() -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "](docs/design.md)" in readme and "../shared" not in readme
    design = (root / "docs" / "design.md").read_text(encoding="utf-8")
    for part in ("## The one idea", "## The layout", "## How a game joins", "## How we test",
                 "## What we depend on, and why"):
        assert part in design
