"""Positions: a By Golly! table written as JSON, read back as the same game, and
impossible tables refused with a message naming the problem."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest

from gamenight.engine import IllegalAction
from gamenight.games.by_golly import GAME
from gamenight.games.by_golly.rules import ByGollyState
from gamenight.sim.random_play import random_playout

Position = dict[str, Any]


def example(name: str) -> Position:
    text = (files("gamenight.games.by_golly") / "examples" / f"{name}.json").read_text()
    data: Position = json.loads(text)
    return data


def read(position: Position) -> ByGollyState:
    state = GAME.from_position(position)
    assert isinstance(state, ByGollyState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_position_read_back_is_the_same_game_and_plays_on_alike(players: int) -> None:
    whole = GAME.new(players, seed=players)
    random_playout(whole, random.Random(players))
    steps = whole.history
    for k in sorted(random.Random(players).sample(range(len(steps)), 6)):
        state = whole.remade(steps[:k], 0)
        copy_ = read(json.loads(json.dumps(state.position())))
        assert copy_.snapshot() == state.snapshot()
        for seat in (None, *range(players)):
            assert copy_.view(seat) == state.view(seat)
        for step in steps[k:]:
            if step.seat is None:
                copy_.apply_chance(step.value)
            else:
                copy_.apply_text(step.seat, step.value)
        assert copy_.snapshot() == whole.snapshot()
        assert copy_.outcome() == whole.outcome()


def test_a_position_before_the_deal_deals_from_the_seed_given() -> None:
    position = GAME.new(4, seed=1).position()
    assert position["state"]["phase"] == "deal" and position["state"]["run"] == []
    state = read(position)
    state.draw_chance()
    seeded = GAME.new(4, seed=0)
    seeded.draw_chance()
    assert state.snapshot() == seeded.snapshot()  # from_position's seed is 0


def test_names_are_read_in_any_case_with_spaces_around() -> None:
    position = example("game-play")
    position["state"]["hands"][0] = [" Hen", "HEN ", "fox", "owl", "pig"]
    position["state"]["run"][1] = "Hen"
    state = read(position)
    assert state.view(0)["hand"] == ["hen", "hen", "fox", "owl", "pig"]
    assert state.position()["state"]["run"][1] == "hen"


Change = Callable[[Position], None]


def setting(key: str, value: object) -> Change:
    def change(state: Position) -> None:
        state[key] = value
    return change


def hand0(cards: list[str]) -> Change:
    def change(state: Position) -> None:
        state["hands"][0] = cards
    return change


def run_place(place: int, face: str) -> Change:
    def change(state: Position) -> None:
        state["run"][place] = face
    return change


def without(key: str) -> Change:
    def change(state: Position) -> None:
        del state[key]
    return change


def boxed_to_hand(state: Position) -> None:
    state["hands"][1].append(state["box"].pop())


def laid_while_he_lays(state: Position) -> None:
    state["hands"][0].remove("hen")
    state["laid"] = "hen"


def emptied_seat_1(state: Position) -> None:
    state["discarded"] += state["hands"][1] + state["stacks"][1]
    state["hands"][1], state["stacks"][1] = [], []


IMPOSSIBLE: list[tuple[str, Change, str]] = [
    ("a hen too many", hand0(["hen", "hen", "hen", "fox", "owl", "pig"]),
     "holds 3 hen cards in all .* not 4"),
    ("a hen missing", hand0(["fox", "owl", "pig"]), "holds 3 hen cards in all .* not 1"),
    ("a dragon", hand0(["hen", "hen", "fox", "owl", "dragon"]), "not 'dragon'"),
    ("poo in a hand", hand0(["hen", "hen", "fox", "owl", "poo"]), "not 'poo'"),
    ("two hens in the run", run_place(0, "hen"), "the chicken run shows hen 2 times"),
    ("18 places", lambda s: s["run"].pop(), "the chicken run has 19 places, not 18"),
    ("a card out of the box", boxed_to_hand, "the box holds the 15 cards .* not 14"),
    ("an unknown key", setting("score", 3), "has no score"),
    ("a missing key", without("box"), "lacks box"),
    ("no such phase", setting("phase", "nap"), "phase is one of"),
    ("no such seat", setting("current", 2), "current is a whole number from 0 to 1"),
    ("a turn that is a text", setting("turn", "6"), "turn is a whole number"),
    ("a card laid while he lays", laid_while_he_lays, "in phase lay no card is laid"),
    ("a place face up twice", setting("face_up", [3, 3]), "names a place twice"),
    ("a face-up card that was no match", setting("face_up", [1]),
     "the hen at place 1 lies face up as a match, so a hen is out"),
    ("poo face up while he lays", setting("face_up", [2]), "the poo at place 2 cannot lie"),
    ("a winner while the game goes on", setting("winner", 1), "the game is not over"),
    ("a draw outside the mess", setting("draws_left", 2), "nobody is drawing in the mess"),
    ("past the cap", setting("turn", 5000), "past the safety cap"),
    ("a seat without cards", emptied_seat_1, "seat 1 has no cards left"),
]


@pytest.mark.parametrize(("what", "change", "message"), IMPOSSIBLE,
                         ids=[case[0] for case in IMPOSSIBLE])
def test_an_impossible_position_is_refused_naming_the_problem(
        what: str, change: Change, message: str) -> None:
    position = example("game-play")
    change(position["state"])
    with pytest.raises(IllegalAction, match=message):
        GAME.from_position(position)


def test_the_phase_must_fit_the_cards_face_up() -> None:
    poo = example("chicken-poo")
    read(poo)
    no_poo = copy.deepcopy(poo)
    no_poo["state"]["face_up"] = [0]
    with pytest.raises(IllegalAction, match="in phase second the last card turned over"):
        GAME.from_position(no_poo)
    not_laid = copy.deepcopy(poo)
    not_laid["state"]["hands"][0].append(not_laid["state"]["laid"])
    not_laid["state"]["laid"] = None
    with pytest.raises(IllegalAction, match="in phase second an animal card lies laid"):
        GAME.from_position(not_laid)
    mess = copy.deepcopy(poo)
    mess["state"].update(phase="mess", face_up=[2, 0], draws_left=0)
    mess["state"]["hands"][0].append(mess["state"]["laid"])
    mess["state"]["laid"] = None
    with pytest.raises(IllegalAction, match="1 to 2 cards to draw, not 0"):
        GAME.from_position(mess)
    mess["state"]["draws_left"] = 2
    state = read(mess)
    assert state.legal_actions(0) == [state.game.parse_action("draw 1")]
    draw = copy.deepcopy(mess)
    draw["state"].update(phase="draw", draws_left=1)
    with pytest.raises(IllegalAction, match="draws blindly from an opponent's hand"):
        GAME.from_position(draw)


def test_a_game_over_has_a_winner_without_cards_or_was_cut_by_the_cap() -> None:
    last = example("last-card")
    over = copy.deepcopy(last)
    over["state"].update(phase="over", winner=None)
    with pytest.raises(IllegalAction, match="a game over has a winner"):
        GAME.from_position(over)
    over["state"]["winner"] = 0
    with pytest.raises(IllegalAction, match="seat 0 won but still holds 1 card"):
        GAME.from_position(over)
    over["state"]["discarded"].append(over["state"]["hands"][0].pop())
    state = read(over)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    capped = copy.deepcopy(last)
    capped["options"]["max_turns"] = 40
    capped["state"].update(phase="over", truncated=True)
    state = read(capped)
    outcome = state.outcome()
    assert outcome is not None and outcome.truncated and outcome.reason == "cap"


def test_before_the_deal_nothing_is_dealt() -> None:
    position = GAME.new(3).position()
    position["state"]["box"] = ["hen"]
    with pytest.raises(IllegalAction, match=r"before the deal .* box is empty"):
        GAME.from_position(position)


def test_a_game_from_a_position_cannot_resample() -> None:
    with pytest.raises(IllegalAction, match="position"):
        read(example("game-play")).resample(0, random.Random(0))
