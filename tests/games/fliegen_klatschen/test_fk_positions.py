"""Positions: any Fliegen klatschen situation written as JSON, read back as the same game,
and impossible ones refused with a message that names the problem."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamenight.engine import PASS, IllegalAction
from gamenight.games import fliegen_klatschen
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.cards import (
    DECK_SIZE,
    CardNameError,
    full_name,
    read_name,
)
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState

EXAMPLES = Path(fliegen_klatschen.__file__).parent / "examples"
Position = dict[str, Any]


def example(name: str) -> Position:
    with (EXAMPLES / f"{name}.json").open(encoding="utf-8") as file:
        data: Position = json.load(file)
    return data


def read(data: Position, seed: int = 0) -> FliegenKlatschenState:
    state = GAME.from_position(data, seed)
    assert isinstance(state, FliegenKlatschenState)
    return state


def assert_same(state: FliegenKlatschenState, other: FliegenKlatschenState,
                at_ms: float | None = None) -> None:
    assert other.snapshot() == state.snapshot()
    assert other.position() == state.position()
    for seat in (None, *range(state.players)):
        assert other.view(seat, at_ms) == state.view(seat, at_ms)
        if seat is not None:
            assert other.legal_actions(seat) == state.legal_actions(seat)


# -- names --------------------------------------------------------------------------------
def test_every_card_has_a_full_name_that_reads_back() -> None:
    names = [full_name(card) for card in range(DECK_SIZE)]
    assert len(set(names)) == DECK_SIZE
    assert names[0] == "red 1 #1" and names[-1] == "swatter #16"
    assert read_name("  Red   3 #2 ") == ("red 3", 2) and read_name("red 3#4") == ("red 3", 4)
    assert read_name("SWATTER") == ("swatter", None)
    for bad, why in [("pink 3", "no card"), ("red 6", "no card"), ("red 5 #3", "#1 to #2"),
                     ("swatter #0", "#1 to #16"), ("red 3 #x", "whole number")]:
        with pytest.raises(CardNameError, match=why):
            read_name(bad)


# -- the same game ------------------------------------------------------------------------
def test_a_position_of_a_hunt_with_hands_down_is_the_same_game_at_every_moment() -> None:
    state = GAME.new(3, seed=2, deadline_ms=1000)
    while state.phase != "hunt" or len(state.centre) < 3:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        elif acting.kind == "turn":
            state.apply(acting.seats[0], REVEAL)
        else:
            state.expire_window()
    first, second = state.centre[:2]
    state.apply(1, SLAPS[first], 400.0)
    state.apply(1, SLAPS[second], 150.0)  # a hand given late but placed earlier
    state.apply(2, PASS, 500.0)
    copy_ = read(json.loads(json.dumps(state.position())), seed=9)
    for moment in (None, 100.0, 150.0, 300.0, 450.0, 1000.0):
        assert_same(state, copy_, moment)
    # The same further steps lead to the same game.
    for game in (state, copy_):
        game.apply(0, SLAPS[first], 90.0)
        game.expire_window()
    assert_same(state, copy_)
    assert copy_.events[-1] == state.events[-1]


def test_a_position_before_the_deal_deals_from_its_seed() -> None:
    data = GAME.new(4, seed=0).position()
    dealt = read(data, seed=7)
    dealt.draw_chance()
    fresh = GAME.new(4, seed=7)
    fresh.draw_chance()
    assert dealt.snapshot() == fresh.snapshot()


def test_a_person_may_name_cards_by_face_alone_and_leave_out_the_box_and_scores() -> None:
    data = example("fifth-colour")
    state = read(data)
    assert "box" not in data["state"] and "scores" not in data["state"]
    written = state.position()["state"]
    # Plain faces take the lowest copies the position names nowhere else: the red 3 in
    # seat 2's pile, read first, is the first red 3, the one in the centre the second.
    assert written["piles"][2][-1] == "red 3 #1" and "red 3 #2" in written["centre"]
    assert len(written["box"]) == 92 and written["scores"] == [0, 4, 0]
    # The full names read back the same; so does a position with the scores given.
    assert read(state.position()).snapshot() == state.snapshot()
    data["state"]["scores"] = [0, 4, 0]
    assert read(data).snapshot() == state.snapshot()


def test_the_game_over_position_keeps_its_reason() -> None:
    state = GAME.new(2, seed=3, max_turns=5)
    while not state.is_over:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        elif acting.kind == "turn":
            state.apply(acting.seats[0], REVEAL)
        else:
            state.expire_window()
    copy_ = read(state.position())
    assert copy_.position()["state"]["reason"] == "cap"
    assert copy_.outcome() == state.outcome() and copy_.view(0) == state.view(0)


# -- refused ------------------------------------------------------------------------------
Change = Callable[[Position], object]


def put(path: str, value: object) -> Change:
    """Set the state's ``path`` (keys and indices joined by '/') to ``value``."""
    def change(state: Position) -> None:
        *parents, last = path.split("/")
        target: Any = state
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value
    return change


def append(path: str, value: object) -> Change:
    def change(state: Position) -> None:
        target: Any = state
        for key in path.split("/"):
            target = target[int(key)] if key.isdigit() else target[key]
        target.append(value)
    return change


REVEAL_PHASE: list[tuple[str, Change, str]] = [
    ("a card twice", lambda s: s["piles"][0].extend(["red 5 #1", "red 5 #1"]),
     "red 5 #1 is in seat 0's pile and in seat 0's pile: every card exists once"),
    ("a card in two places", lambda s: s.update(won=[["orange 4 #1"], ["orange 4 #1"], []]),
     "orange 4 #1 is in seat 0's won flies and in seat 1's won flies"),
    ("more copies than the deck has", lambda s: s["won"][0].extend(["red 5", "red 5"]),
     "the deck has 2 cards red 5, and the position names more"),
    ("no such card", put("piles/1/0", "pink 3"), "'pink 3' is no card"),
    ("a copy the deck lacks", put("piles/1/0", "red 5 #3"), "numbered #1 to #2"),
    ("a swatter in the centre", append("centre", "swatter"), "holds flies only"),
    ("a swatter won", put("won/0", ["swatter"]), "seat 0's won flies, which holds flies only"),
    ("five colours in the centre", append("centre", "orange 1"), "flies of 5 colours"),
    ("not that seat's turn", put("current", 1), "seat 0 reveals next, not seat 1"),
    ("scores that do not add up", put("scores", [0, 3, 0]), "flies it won add up to 4"),
    ("too few revealed", put("turn", 9), "at least 12 have been revealed, but the turn is 9"),
    ("a reason before the end", put("reason", "cap"), "only a game that is over"),
    ("a hunt outside one", put("hunt", {"trigger": "swatter", "hands": [], "done": []}),
     "a hunt is given but the phase is reveal"),
    ("an empty pile", put("piles/1", []), "seat 1's pile is empty"),
    ("last reveal by the wrong seat", put("last_reveal/seat", 1), "was seat 2's"),
    ("last reveal not on top", put("last_reveal/card", "red 4 #1"), "neither the last fly"),
    ("a turn past the cap", put("turn", 1001), "from 0 to 1000"),
    ("a turn as text", put("turn", "12"), "the turn .* is a whole number"),
    ("a seat too many", append("piles", []), "lists 3 .one per seat., not 4"),
    ("an unknown key", put("pilez", []), "has no 'pilez'"),
    ("an unknown phase", put("phase", "lunch"), "the phase is one of deal, reveal, hunt, over"),
    ("a card as a number", put("centre/0", 3), "a card is named by a text"),
    ("over without a reason", lambda s: s.update(phase="over", current=2),
     "a game that is over gives its reason, last-card or cap, not None"),
    ("over at a last card with cards left",
     lambda s: s.update(phase="over", current=2, reason="last-card"),
     "seat 2, who revealed last, still has cards and no hunt put one back"),
    ("over at the cap before it", lambda s: s.update(phase="over", current=2, reason="cap"),
     "the cap ends the game at turn 1000"),
    ("the last card is no top card", put("last_reveal/card", "red 1"),
     "last_reveal: no red 1 is the last fly laid in the centre or the last card put in"),
]


@pytest.mark.parametrize(("change", "message"),
                         [case[1:] for case in REVEAL_PHASE], ids=[c[0] for c in REVEAL_PHASE])
def test_an_impossible_position_is_refused_naming_the_problem(change: Change,
                                                              message: str) -> None:
    data = example("fifth-colour")
    read(data)  # as printed, it is fine
    change(data["state"])
    with pytest.raises(IllegalAction, match=message):
        GAME.from_position(data)


def missing(key: str) -> Change:
    return lambda state: state.pop(key)


HUNT_PHASE: list[tuple[str, Change, str]] = [
    ("no hunt given", missing("hunt"), "gives its hunt"),
    ("a trigger that starts no hunt",
     lambda s: s.update(hunt={**s["hunt"], "trigger": "red 1"},
                        last_reveal={"seat": 0, "card": "red 1"}),
     "red 1 #1 does not start a hunt"),
    ("every seat done", put("hunt/done", [{"seat": s, "at_ms": 900} for s in range(4)]),
     "every seat is done"),
    ("both hands down but not done",
     put("hunt/hands", [{"seat": 1, "card": "red 3", "at_ms": 200},
                        {"seat": 1, "card": "green 2", "at_ms": 250}]),
     "seat 1 has put down all its hands, so it is done from its last, at 250 ms"),
    ("three hands", put("hunt/hands", [{"seat": 1, "card": c, "at_ms": 200}
                                       for c in ("red 3", "red 4", "red 5")]),
     "seat 1 has 3 hands down"),
    ("a hand off the centre", put("hunt/hands", [{"seat": 1, "card": "red 1", "at_ms": 200}]),
     "the hunt's hand 1: no red 1 is a fly in the centre"),
    ("a hand named off the centre",
     put("hunt/hands", [{"seat": 1, "card": "red 1 #2", "at_ms": 200}]),
     "the hunt's hand 1 is on red 1 #2, which is not a fly in the centre"),
    ("two hands on one fly", put("hunt/hands", [{"seat": 1, "card": "red 3", "at_ms": 200}] * 2),
     "seat 1 has two hands on red 3"),
    ("a hand after the deadline",
     put("hunt/hands", [{"seat": 1, "card": "red 3", "at_ms": 3001}]),
     "a time from 0 to the hunt's deadline of 3000 ms"),
    ("done before its hand",
     lambda s: s["hunt"].update(hands=[{"seat": 1, "card": "red 3", "at_ms": 300}],
                                done=[{"seat": 1, "at_ms": 200}]),
     "seat 1 is done at 200 ms, before its hand at 300 ms"),
    ("done twice", put("hunt/done", [{"seat": 2, "at_ms": 1}, {"seat": 2, "at_ms": 2}]),
     "seat 2 is done twice"),
    ("the trigger not revealed last", put("last_reveal/card", "red 3 #1"),
     "not the hunt's trigger"),
    ("the revealer is not current", put("current", 1), "turn 13 was seat 0's, not seat 1's"),
]


@pytest.mark.parametrize(("change", "message"),
                         [case[1:] for case in HUNT_PHASE], ids=[c[0] for c in HUNT_PHASE])
def test_an_impossible_hunt_is_refused_naming_the_problem(change: Change, message: str) -> None:
    data = example("tied-colours")
    read(data)
    change(data["state"])
    with pytest.raises(IllegalAction, match=message):
        GAME.from_position(data)


def test_a_hunt_position_may_name_the_flies_hands_are_on_by_face() -> None:
    data = example("tied-colours")
    data["state"]["hunt"]["hands"] = [{"seat": 2, "card": "Red 5", "at_ms": 200}]
    state = read(data)
    assert state.view(0)["hunt"]["hands"] == [
        {"seat": 2, "card": next(c for c in state.centre if full_name(c) == "red 5 #1"),
         "at_ms": 200.0}]
    assert 2 in state.acting().seats  # one hand of two down: still hitting


def test_before_the_deal_nothing_is_anywhere() -> None:
    data = GAME.new(2).position()
    data["state"]["centre"] = ["red 1"]
    with pytest.raises(IllegalAction, match="before the deal no card is anywhere"):
        GAME.from_position(data)


def test_the_box_holds_the_cards_taken_out_unseen() -> None:
    data = example("fifth-colour")
    data["options"]["remove"] = 100
    with pytest.raises(IllegalAction, match="fewer than the 100 that remove=100 took out"):
        GAME.from_position(data)


def test_a_listed_box_must_hold_every_card_named_nowhere_else() -> None:
    data = example("fifth-colour")
    data["state"]["box"] = []
    with pytest.raises(IllegalAction, match=r"are nowhere \(name them in the box"):
        GAME.from_position(data)


def test_random_changes_to_a_real_position_raise_only_illegal_action() -> None:
    state = GAME.new(3, seed=5)
    state.draw_chance()
    for _ in range(7):
        state.apply(state.acting().seats[0], REVEAL)
        if state.phase == "hunt":
            break
    good = json.loads(json.dumps(state.position()))
    rng = random.Random(5)
    values: list[object] = [None, 0, -1, 2.5, "x", "red 1", "swatter #2", [], {}, True]
    refused = 0
    for _ in range(300):
        data = copy.deepcopy(good)
        target: Any = data["state"]
        key: Any = rng.choice(list(target))
        while isinstance(target[key], list | dict) and target[key] and rng.random() < 0.7:
            target = target[key]
            key = rng.randrange(len(target)) if isinstance(target, list) else \
                rng.choice(list(target))
        target[key] = rng.choice(values)
        try:
            GAME.from_position(data)  # nothing but IllegalAction may come out
        except IllegalAction:
            refused += 1
    assert refused > 200
