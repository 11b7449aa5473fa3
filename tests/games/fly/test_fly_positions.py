"""Positions: a FLY table written as JSON (rules.md, "Positions") in every phase reads
back to the same game, a person may write one by hand, and an impossible one is refused
with a message that names the problem."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from gamenight.engine import IllegalAction
from gamenight.games.fly import GAME, FlyState
from gamenight.games.fly.actions import Drop
from gamenight.games.fly.positions import CARD_NAMES
from gamenight.sim.random_play import random_playout
from tests.games.fly.fly_table import fly_at, laid_out, land


def read_back(state: FlyState, seed: int = 7) -> FlyState:
    again = GAME.from_position(json.loads(json.dumps(state.position())), seed=seed)
    assert isinstance(again, FlyState)
    return again


def assert_same(state: FlyState, again: FlyState) -> None:
    assert again.position() == state.position()
    assert again.snapshot() == state.snapshot()
    assert again.acting() == state.acting() and again.outcome() == state.outcome()
    for seat in (None, *range(state.players)):
        assert again.view(seat) == state.view(seat)
    for seat in range(state.players):
        assert again.legal_actions(seat) == state.legal_actions(seat)


def test_a_position_in_every_phase_reads_back_to_the_same_game() -> None:
    state = GAME.new(3, seed=4)
    assert state.position()["state"]["phase"] == "layout"
    assert_same(state, read_back(state))
    state.draw_chance()
    assert_same(state, read_back(state))  # aim
    x, y = fly_at(state, 4)
    state.apply(0, Drop.aim(x, y, 0))
    landing = read_back(state)
    assert_same(state, landing)  # landing: the swatter in the air
    # The same landing carries out the same way on both.
    outcome = state.sample_chance()
    state.apply_chance(outcome)
    landing.apply_chance(outcome)
    assert_same(state, landing)
    random_playout(state, random.Random(4))
    assert state.is_over
    assert_same(state, read_back(state))  # over


def test_a_game_ended_by_the_safety_cap_reads_back_truncated() -> None:
    state = laid_out(players=2, max_drops=2)
    land(state, 8.5, 8.9, 0.0)
    land(state, 8.5, 8.9, 0.0)
    again = read_back(state)
    out = again.outcome()
    assert out is not None and out.truncated and out.reason == "cap"
    assert_same(state, again)


def test_the_position_names_cards_rows_and_texts() -> None:
    state = laid_out(players=2)
    x, y = fly_at(state, 0)
    land(state, x, y, 0.0)
    data = state.position()["state"]
    assert data["table"][0] == [*CARD_NAMES[1:9], "blank 2"]
    assert data["table"][2][-1] == "blank 1" and len(data["table"][2]) == 8
    assert data["collected"] == [["red star"], []] and data["scores"] == [0, 0]
    assert data["aim"] is None and data["current"] == 1 and data["drops"] == 1
    last = data["last_drop"]
    assert last is not None and last["aim"] == str(Drop.aim(x, y, 0))
    assert last["landing"] == f"{x:.4f} {y:.4f} 0.00" and last["covered"] == ["red star"]
    assert last["table"][0][0] == "red star"


def test_a_person_may_write_a_position_by_hand() -> None:
    """Names in any case and spacing, aims and landings with fewer decimals, no scores:
    read as the position the game would write."""
    state = laid_out(players=2)
    x, y = fly_at(state, 0)
    land(state, x, y, 0.0)
    written = state.position()
    by_hand = copy.deepcopy(written)
    hand = by_hand["state"]
    del hand["scores"]
    hand["collected"][0] = ["  Red   STAR "]
    hand["last_drop"]["landing"] = f"{x:g} {y:g} 0"
    hand["last_drop"]["aim"] = f"drop {x:g} {y:g} 0"
    again = GAME.from_position(by_hand)
    assert again.position() == written


def good() -> dict[str, Any]:
    """A position after one drop that collected the red star (seat 1 to play)."""
    state = laid_out(players=2)
    x, y = fly_at(state, 0)
    land(state, x, y, 0.0)
    return json.loads(json.dumps(state.position()))


def refused(message: str, change: Callable[[dict[str, Any]], object]) -> None:
    data = good()
    change(data["state"])
    with pytest.raises(IllegalAction, match=re.escape(message)):
        GAME.from_position(data)


def test_a_card_that_exists_twice_or_not_at_all_is_refused() -> None:
    refused("red circle is both on the table and in seat 0's flies",
            lambda s: s["collected"][0].append("red circle"))
    refused("red circle is twice on the table",
            lambda s: s["table"][1].__setitem__(0, "red circle"))
    refused("red star is nowhere", lambda s: s["collected"][0].clear())
    refused("'green spider' in row 1 of the table is no FLY card",
            lambda s: s["table"][0].__setitem__(0, "green spider"))


def test_a_blank_card_cannot_be_collected() -> None:
    def blank(s: dict[str, Any]) -> None:
        s["table"][2].remove("blank 1")
        s["collected"][1].append("blank 1")
    refused("seat 1 holds blank 1: a blank card cannot be collected", blank)


def test_the_table_is_packed_voids_only_at_the_end_of_the_lowest_row() -> None:
    def void(s: dict[str, Any]) -> None:
        s["table"][2].append(s["table"][0].pop())
    refused("row 1 of the table has 8 cards", void)
    refused("the table is a list of at most 3 rows", lambda s: s["table"].append([]))


def test_counts_that_do_not_add_up_are_refused() -> None:
    refused("seat 0's flies score 0, not 3", lambda s: s["scores"].__setitem__(0, 3))
    refused("drops is a whole number from 0 to 1000", lambda s: s.__setitem__("drops", -1))
    refused("current (the seat holding the swatter) is a whole number from 0 to 1",
            lambda s: s.__setitem__("current", 2))
    refused("flies are collected only by drops", lambda s: (
        s.__setitem__("drops", 0), s.__setitem__("last_drop", None)))


def test_the_phase_must_agree_with_the_rest() -> None:
    refused("the phase is one of layout, aim, landing, over",
            lambda s: s.__setitem__("phase", "swatting"))
    refused("in phase layout the table is not laid out yet",
            lambda s: s.__setitem__("phase", "layout"))
    refused("in phase landing a swatter is in the air: its aim is needed",
            lambda s: s.__setitem__("phase", "landing"))
    refused("only in phase landing is a swatter in the air",
            lambda s: s.__setitem__("aim", "drop 4.50 1.50 0"))
    refused("the game is over with 24 flies on the table only when the safety cap ends it",
            lambda s: s.__setitem__("phase", "over"))


def test_a_last_drop_must_have_made_the_table_as_it_is() -> None:
    refused("seat 0 dropped last, so seat 1 holds the swatter, not seat 0",
            lambda s: s.__setitem__("current", 0))
    refused("covers red star on the last drop's table, not what it says",
            lambda s: s["last_drop"].__setitem__("covered", []))
    refused("the last drop's landing is 'X Y ANGLE'",
            lambda s: s["last_drop"].__setitem__("landing", "somewhere"))
    refused("covers no fly on the last drop's table",
            lambda s: s["last_drop"].__setitem__("landing", "8.5 8.9 0"))


def test_unknown_or_missing_fields_are_named() -> None:
    refused("a FLY position has no field 'swatter'", lambda s: s.__setitem__("swatter", 1))
    refused("a FLY position has no last_drop", lambda s: s.pop("last_drop"))
    refused("the last drop has no field 'height'",
            lambda s: s["last_drop"].__setitem__("height", 10))


def test_a_fly_wider_than_the_swatter_is_refused_as_in_a_new_game() -> None:
    data = good()
    data["options"] = {"swatter_width": 0.3}
    with pytest.raises(IllegalAction, match="can never lie inside a swatter"):
        GAME.from_position(data)


def test_the_fields_read_are_the_fields_the_format_declares() -> None:
    from typing import get_type_hints

    from gamenight.games.fly import positions as position

    assert set(get_type_hints(position.FlyPosition)) == position._KEYS | position._OPTIONAL
    assert set(get_type_hints(position.LastDropPosition)) == position._LAST_KEYS


def test_the_position_shown_in_the_rules_document_reads() -> None:
    text = GAME.rules_text()
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    state = GAME.from_position(json.loads(block))
    assert isinstance(state, FlyState)
    assert state.acting().seats == (1,) and state.view(None)["scores"] == [0, 0]
    assert state.collected == [[CARD_NAMES.index("red star"), CARD_NAMES.index("blue star")],
                               []]
