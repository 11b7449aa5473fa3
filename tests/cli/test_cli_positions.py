"""`gamenight schema` and `gamenight play --position`, run as a person runs them."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from gamenight.games import GAMES
from gamenight.record import record_of
from gamenight.schema import VIEW, part
from gamenight.tui.app import Pauses, build_app
from tests.cli.conftest import Gamenight

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_schema_prints_a_json_schema_that_a_first_view_fits(gamenight: Gamenight,
                                                            game_id: str) -> None:
    done = gamenight("schema", game_id)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    jsonschema.Draft202012Validator.check_schema(document)
    assert {"View", "Event"} <= set(document["$defs"])
    game = GAMES[game_id]
    state = game.new(game.max_players, 0)
    state.draw_chance()
    jsonschema.validate(state.view(0), part(document, VIEW))


def test_schema_of_an_unknown_game_says_which_games_there_are(gamenight: Gamenight) -> None:
    done = gamenight("schema", "chess")
    assert done.returncode == 2
    assert "unknown game 'chess'" in done.stderr and "fly" in done.stderr


def write_position(tmp_path: Path, game_id: str, players: int) -> Path:
    state = GAMES[game_id].new(players, 3)
    state.draw_chance()
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.position()))
    return path


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "3"], "the position is of 2 players, not 3"),
    (["--option", "x=1"], "a position holds its own options"),
])
def test_play_refuses_a_position_with_another_table_or_options(
        gamenight: Gamenight, tmp_path: Path, args: list[str], message: str) -> None:
    path = write_position(tmp_path, "fly", 2)
    done = gamenight("play", "fly", "--position", str(path), *args)
    assert done.returncode == 2 and message in done.stderr, done.stderr


def test_play_refuses_a_position_of_another_game_or_a_file_that_is_not_one(
        gamenight: Gamenight, tmp_path: Path) -> None:
    path = write_position(tmp_path, "superfly", 3)
    done = gamenight("play", "fly", "--position", str(path))
    assert done.returncode == 2 and "a position of 'superfly', not of fly" in done.stderr
    (tmp_path / "bad.json").write_text("{not json")
    done = gamenight("play", "fly", "--position", str(tmp_path / "bad.json"))
    assert done.returncode == 2 and "is not JSON" in done.stderr
    done = gamenight("play", "fly", "--position", str(tmp_path / "missing.json"))
    assert done.returncode == 2 and "cannot read" in done.stderr


async def test_the_terminal_starts_at_the_position_and_its_record_holds_it(
        tmp_path: Path) -> None:
    game = GAMES["superfly"]
    state = game.new(3, 9)
    while len(state.history) < 12:  # some way into the game
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        else:
            for seat in acting.seats:
                if state.acting().kind != "over" and seat in state.acting().seats:
                    state.apply(seat, state.legal_actions(seat)[0])
    position = json.loads(json.dumps(state.position()))
    app = build_app("superfly", 3, ["collector"], 4, {}, pauses=NO_PAUSE, position=position)
    assert app.state.start == position and app.state.history == []
    assert app.state.view(0) == state.view(0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.state.start == position
    assert record_of(app.state).position == position
