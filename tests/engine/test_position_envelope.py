"""A position's envelope is read with a declared model (``engine/envelope.py``): every
field of its exact JSON type, so ``"version": true`` is no version 1 (Python's True == 1)
and ``"players": 2.0`` no table of two, each refusal an IllegalAction naming the field."""

from __future__ import annotations

import copy
import json
import re
from typing import Any, get_args

import pytest

from gamenight.engine import IllegalAction
from gamenight.engine.envelope import PositionEnvelope, PositionFormat
from gamenight.engine.game import POSITION_FORMAT
from gamenight.games import GAMES
from tests.engine.malformed import new_game


def a_position(game_id: str) -> dict[str, Any]:
    game = GAMES[game_id]
    state = new_game(game, game.min_players, 3)
    state.draw_chance()
    return json.loads(json.dumps(state.position()))  # type: ignore[no-any-return]


def test_the_declared_format_is_the_one_positions_are_written_with() -> None:
    assert get_args(PositionFormat) == (POSITION_FORMAT,)
    assert set(PositionEnvelope.model_fields) == {
        "format", "version", "game", "rules_version", "players", "options", "state"}


#: A field and a value of the wrong JSON type for it (each equal to a right one in
#: Python, or read as one by a lenient reader), and what the refusal says.
WRONG_TYPES: list[tuple[str, Any, str]] = [
    ("version", True, "version is a whole number, not True"),
    ("version", 1.0, "version is a whole number, not 1.0"),
    ("version", "1", "version is a whole number, not '1'"),
    ("game", ["fly"], "game is a text, not ['fly']"),
    ("rules_version", 1, "rules_version is a text, not 1"),
    ("options", [], "options is an object, not []"),
    ("options", None, "options is an object, not None"),
]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize(("field", "value", "message"), WRONG_TYPES,
                         ids=[f"{f}={v!r}" for f, v, _ in WRONG_TYPES])
def test_a_field_of_the_wrong_type_is_refused_by_name(game_id: str, field: str, value: Any,
                                                       message: str) -> None:
    position = a_position(game_id)
    position[field] = value
    with pytest.raises(IllegalAction, match=re.escape(message)):
        GAMES[game_id].from_position(position)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_table_is_a_whole_number_not_its_look_alike(game_id: str) -> None:
    position = a_position(game_id)
    players = position["players"]
    for like in (float(players), str(players), [players]):
        position["players"] = like
        with pytest.raises(IllegalAction, match=re.escape(
                f"players is a whole number, not {like!r}")):
            GAMES[game_id].from_position(position)
    # True is 1 to Python: Fluster seats one player, and read True as a table of one.
    position = a_position("fluster")
    position["players"] = 1
    GAMES["fluster"].from_position(position)
    position["players"] = True
    with pytest.raises(IllegalAction, match="players is a whole number, not True"):
        GAMES["fluster"].from_position(position)


def test_version_true_was_read_as_version_1_and_is_refused_now() -> None:
    position = a_position("fly")
    GAMES["fly"].from_position(position)  # as written: fine
    position["version"] = True
    with pytest.raises(IllegalAction, match="version is a whole number, not True"):
        GAMES["fly"].from_position(position)


def test_every_problem_of_the_envelope_is_named_at_once() -> None:
    position = a_position("by-golly")
    del position["state"]
    position["extra"] = 1
    position["players"] = False
    with pytest.raises(IllegalAction) as refused:
        GAMES["by-golly"].from_position(position)
    text = str(refused.value)
    assert text.startswith("not a position: ")
    for part in ("missing state", "unknown extra", "players is a whole number, not False"):
        assert part in text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_envelopes_bent_every_way_raise_only_illegal_action(game_id: str) -> None:
    good = a_position(game_id)
    odd: list[Any] = [None, True, False, 0, -1, 2**70, 0.5, float("nan"), "", "x", [], {},
                      [1], {"a": 1}]
    tried = 0
    for field in sorted(good):
        for value in odd:
            position = copy.deepcopy(good)
            position[field] = value
            try:
                GAMES[game_id].from_position(position)
            except IllegalAction as exc:
                assert str(exc)
            tried += 1
    assert tried == len(good) * len(odd)
