"""Bad input at the By Golly! table: refused, and nothing changes (a blind draw or a
shuffle too deep or of the wrong kind, actions of no whole number, a turn with a time)."""

from __future__ import annotations

import random

from gamenight.engine import IllegalAction
from gamenight.games.by_golly.actions import Draw, Lay, Turn
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.testing import assert_draw_refused, assert_refused


def nested(depth: int) -> object:
    value: object = "hen"
    for _ in range(depth):
        value = [value]
    return value


def first(phase: str, seed: int = 1) -> ByGollyState:
    """The first state of a random 4-player game in this phase."""
    for attempt in range(50):
        state, rng = GAME.new(4, seed + attempt), random.Random(seed + attempt)
        while not state.is_over:
            if state.phase == phase:
                return state
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
            else:
                state.apply(acting.seats[0], rng.choice(state.legal_actions(acting.seats[0])))
    raise AssertionError(f"no {phase} phase reached")


def test_a_blind_draw_too_deep_or_of_no_animal_is_refused() -> None:
    state = first("draw")
    # Nested thousands deep, it raised RecursionError (the message wrote it out).
    assert_refused(state, [], chance=[nested(5000), nested(3), ["hen"], "hen\x00", "",
                                      3, True, None, {"animal": "hen"}, "poo"])


def test_a_shuffle_of_the_wrong_shape_is_refused() -> None:
    state = first("shuffling")
    order = sorted(state.turned)
    assert_refused(state, [], chance=[nested(5000), [*order, order[0]], order[:-1],
                                      [True, *order[1:]], [float(order[0]), *order[1:]],
                                      tuple(order), {"order": order}])


def test_actions_of_no_whole_number_or_with_a_time_are_refused() -> None:
    state = first("lay")
    seat = state.current
    legal = state.legal_actions(seat)[0]
    assert_refused(state, [(seat, Lay(True), None), (seat, Lay(1.0), None),  # type: ignore[arg-type]
                           (seat, Lay("hen"), None), (seat, Lay(10**400), None),  # type: ignore[arg-type]
                           (seat, Turn(0), None), (seat, Draw(-1), None),
                           (seat, legal, 0.0), (seat, legal, float("nan")),
                           (seat, legal, 10**400)])
    state.apply(seat, legal)


def test_drawing_when_the_player_on_turn_decides_leaves_the_generator_alone() -> None:
    assert_draw_refused(first("lay"))
    assert_draw_refused(first("mess"))


def test_a_text_of_no_action_is_refused() -> None:
    for text in ["turn \u0663", "draw 1e999", "lay hen\n", "", "turn " + "9" * 5000]:
        try:
            GAME.parse_action(text)
        except IllegalAction:
            continue
        raise AssertionError(f"read {text!r}")
