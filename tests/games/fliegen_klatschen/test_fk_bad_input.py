"""Bad input at the Fliegen klatschen table: refused, and nothing changes; and a view at
a moment of a hunt shows the hunt as it was then."""

from __future__ import annotations

import random

import pytest

from gamenight.engine import PASS, IllegalAction
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Slap
from gamenight.games.fliegen_klatschen.rules import GAME
from gamenight.testing import assert_draw_refused, assert_refused
from tests.games.fliegen_klatschen.fk_table import RED, fly, reveal, slap
from tests.games.fliegen_klatschen.test_fk_hunt import hunt

R3, R4, R5 = (fly(RED, v) for v in (3, 4, 5))


def test_a_view_at_a_moment_shows_who_was_still_slapping_then() -> None:
    state = hunt(3, [R3, R4, R5])
    state.apply(2, PASS, 500.0)
    slap(state, 1, R3, 200)
    slap(state, 1, R4, 700)  # seat 1's second hand: done at 700
    assert state.view(0)["hunt"]["pending"] == [0]
    # Before seat 2 passed and seat 1's second hand came down, both were still in it.
    early = state.view(0, 300.0)["hunt"]
    assert early["pending"] == [0, 1, 2]
    assert [h["at_ms"] for h in early["hands"]] == [200.0]
    assert state.view(0, 600.0)["hunt"]["pending"] == [0, 1]
    assert state.view(None, 700.0)["hunt"]["pending"] == [0]


def test_hands_given_out_of_time_order_finish_at_the_later_one() -> None:
    state = hunt(2, [R3, R4])
    slap(state, 1, R3, 900)
    slap(state, 1, R4, 100)
    assert state.view(0, 500.0)["hunt"]["pending"] == [0, 1]
    assert state.view(0, 900.0)["hunt"]["pending"] == [0]


def test_a_slap_of_no_card_id_or_at_no_time_is_refused() -> None:
    state = hunt(2, [R3, R4])
    assert_refused(state, [(1, Slap(True), 100.0), (1, Slap(R3 + 0.0), 100.0),  # type: ignore[arg-type]
                           (1, Slap(str(R3)), 100.0),  # type: ignore[arg-type]
                           (1, Slap(10**400), 100.0),
                           (1, SLAPS[R3], 10**400), (1, SLAPS[R3], float("nan")),
                           (1, SLAPS[R3], "5"), (1, SLAPS[R3], [1]), (1, SLAPS[R3], None),
                           (1, "slap 0", 100.0), (True, SLAPS[R3], 100.0)])


@pytest.mark.parametrize("text", ["slap \u00b2", "slap \u0663", "slap 1e999", "slap 0x1",
                                  "slap " + "9" * 5000, "reveal\n", "pass\x00"])
def test_a_text_that_is_no_action_is_refused(text: str) -> None:
    # 'slap ²' raised ValueError: '²' is a digit to str.isdigit, not to int().
    with pytest.raises(IllegalAction):
        GAME.parse_action(text)


def test_a_reveal_takes_no_time() -> None:
    state = GAME.new(3, seed=2)
    state.draw_chance()
    assert_refused(state, [(0, REVEAL, t) for t in (0.0, 5, float("nan"), -1, "5", True)])


def test_drawing_with_no_deal_due_leaves_the_generator_alone() -> None:
    # It shuffled a new deck, moving the generator on, before refusing.
    state = GAME.new(3, seed=2)
    state.draw_chance()
    assert_draw_refused(state)
    state.apply(0, REVEAL)
    while state.acting().kind == "window":
        state.expire_window()
    assert_draw_refused(state)


def test_random_hunts_are_seen_as_they_were_at_every_moment() -> None:
    rng = random.Random(4)
    state = GAME.new(4, seed=4)
    state.draw_chance()
    while not state.is_over:
        acting = state.acting()
        if acting.kind == "window":
            seat = rng.choice(acting.seats)
            t = rng.uniform(0, acting.deadline_ms or 0.0)
            state.apply(seat, rng.choice(state.legal_actions(seat)), t)
            if state.hunt is not None:
                window = state.hunt.window
                for moment in (0.0, t / 2, t, acting.deadline_ms):
                    finished = {s for s, at in window.finished.items() if at <= moment}
                    pending = state.view(0, moment)["hunt"]["pending"]
                    assert pending == [s for s in range(4) if s not in finished]
        else:
            reveal(state)
    assert state.outcome() is not None
