"""Records of games set up from a position, and results that say why a game ended."""

from __future__ import annotations

import json

import pytest

from gamenight.engine import RecordError
from gamenight.games import GAMES
from gamenight.record import UnverifiedRecordError, loads, record_of, replay
from tests.engine.altered import changed, resealed
from tests.engine.test_redaction import played


def a_record_from_a_position() -> dict[str, object]:
    game = GAMES["superfly"]
    whole = played(game, 3, 2, "bots")
    middle = whole.remade(whole.history[:30], 0)
    state = game.from_position(middle.position(), seed=4)
    while not state.is_over:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        else:
            seat = acting.seats[0]
            state.apply(seat, state.legal_actions(seat)[-1])
    data: dict[str, object] = record_of(state).to_json()
    return data


def test_a_record_from_a_position_carries_it_and_replays_from_it() -> None:
    data = a_record_from_a_position()
    assert isinstance(data["position"], dict)
    record = loads(json.dumps(data))
    assert record.position == data["position"]
    state = replay(record)
    assert state.start == data["position"] and state.is_over


def test_a_changed_position_does_not_replay() -> None:
    data = a_record_from_a_position()

    def another_seed_of_the_same_table(d: dict[str, object]) -> None:
        position = d["position"]
        assert isinstance(position, dict)
        position["players"] = 4

    with pytest.raises(UnverifiedRecordError, match="hash"):
        replay(loads(json.dumps(changed(data, another_seed_of_the_same_table))))
    with pytest.raises(RecordError):  # rehashed: the setup no longer fits the record
        replay(loads(json.dumps(resealed(changed(data, another_seed_of_the_same_table)))))


def test_a_record_dealt_from_its_seed_has_no_position_and_keeps_its_hash() -> None:
    state = played(GAMES["fly"], 2, 1, "bots")
    data = record_of(state).to_json()
    assert "position" not in data
    # A result without a reason (as written before results gave one) still replays.
    result = dict(data["result"])
    assert result.pop("reason") == state.outcome().reason
    assert replay(loads(json.dumps(resealed({**data, "result": result})))).is_over
