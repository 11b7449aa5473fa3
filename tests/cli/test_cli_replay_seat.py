"""`gamenight replay` of one seat's record (issue 38, snag 11), run as a person runs it
after "Download what you saw": it says first whose record it is and that it proves
nothing by itself, then tells the game as that seat saw it (another seat's secret choice
only as "chose"), and ends with the result.  A seat's record of the old form (version 2)
shows too; with --key it fails as an unsigned record does (exit 1); a changed one that no
longer reads is refused in one line (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamenight import record as rec
from gamenight.games import get_game
from gamenight.sim.runner import make_bots, play_out
from tests.cli.conftest import Gamenight
from tests.cli.test_cli_replay import one_error_line
from tests.engine.test_seat_records import whole_views

Data = dict[str, Any]
SEAT = 1


@pytest.fixture(scope="module")
def game() -> tuple[Data, Data]:
    """A short Superfly game of three (secret swats), its whole record and seat 1's."""
    superfly = get_game("superfly")
    state = superfly.new(3, seed=5, max_turns=6)
    play_out(state, make_bots(superfly, ["collector"] * 3, 5))
    whole = rec.record_of(state, ["Ann", "bot:collector", "bot:collector"])
    return whole.to_json(), json.loads(json.dumps(rec.redact(whole, SEAT)))


def written(folder: Path, data: Data, name: str = "seat-1.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(data))
    return path


def test_a_seats_record_shows_the_game_as_that_seat_saw_it(
        gamenight: Gamenight, tmp_path: Path, game: tuple[Data, Data]) -> None:
    whole, mine = game
    result = gamenight("replay", str(written(tmp_path, mine)))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # First, plainly: whose record, hidden parts hidden, and that it proves nothing alone.
    assert lines[0].startswith("seat 1's record: the game as seat 1 saw it")
    assert "hidden" in lines[0]
    assert lines[1].startswith("not verified: a seat's record holds no seed")
    assert "superfly (rules 1), 3 players" in result.stdout and "seed" not in lines[2]
    assert "  seat 0: Ann\n" in result.stdout
    assert "  seat 1: collector bot #1 (this record's seat)\n" in result.stdout
    assert "  seat 2: collector bot #2\n" in result.stdout
    # The story as seat 1 was told it, and of the others' secret swats only that they chose.
    story = [line for line in lines if line.startswith("[")]
    assert any("the centre shows" in line for line in story)
    assert any(line.endswith("seat 0 chose (what, and when, seat 1 did not see)")
               for line in story)
    assert any(line.split("] ")[1].startswith("seat 1: swat") for line in story)
    result_of = whole["result"]
    assert lines[-1].startswith(f"{len(whole['steps'])} steps; scores "
                                f"{result_of['scores']}; winners {result_of['winners']}")
    # Smaller than every view whole, as it was written before.
    assert len(json.dumps(mine)) * 2 < len(json.dumps(whole_views(mine)))


def test_quiet_says_whose_it_is_what_it_proves_and_the_result(
        gamenight: Gamenight, tmp_path: Path, game: tuple[Data, Data]) -> None:
    result = gamenight("replay", "--quiet", str(written(tmp_path, game[1])))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("seat 1's record") and lines[1].startswith("not verified")
    assert "steps; scores" in lines[-1] and not any(line.startswith("[") for line in lines)


def test_a_seats_record_of_the_old_form_shows_too(
        gamenight: Gamenight, tmp_path: Path, game: tuple[Data, Data]) -> None:
    old = whole_views(game[1])
    result = gamenight("replay", str(written(tmp_path, old)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("seat 1's record")
    assert "seat 0 chose (what, and when, seat 1 did not see)" in result.stdout


def test_a_key_cannot_verify_a_seats_record(gamenight: Gamenight, tmp_path: Path,
                                            game: tuple[Data, Data]) -> None:
    assert gamenight("keygen", str(tmp_path / "keys")).returncode == 0
    result = gamenight("replay", "--key", str(tmp_path / "keys" / "record-signing.pub"),
                       str(written(tmp_path, game[1])))
    assert "not signed" in one_error_line(result, 1)


def test_a_changed_seats_record_that_no_longer_reads_gets_one_line(
        gamenight: Gamenight, tmp_path: Path, game: tuple[Data, Data]) -> None:
    changed = json.loads(json.dumps(game[1]))
    changed["steps"][3]["changes"] = [["/no/such/part", 1]]
    result = gamenight("replay", str(written(tmp_path, changed)))
    assert "changes do not apply" in one_error_line(result, 2)
