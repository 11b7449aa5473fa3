"""By Golly!'s research encoding and resampler: the numbering, what the tensor shows
after known steps, and that a resample leaves a seat every view it had."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamenight.games.by_golly.actions import ALL_ACTIONS, DRAWS, END, KEEP, LAYS, SHUFFLE, TURNS
from gamenight.games.by_golly.cards import FACE_NAMES, KINDS, PLACES
from gamenight.games.by_golly.encoding import ByGollyEncoding
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.sim.random_play import random_playout

ENC = ByGollyEncoding(GAME, 3, GAME.resolve_options(3, {}))


def test_the_numbering_is_the_games_own_table() -> None:
    assert ENC.num_actions == 43 == len(ALL_ACTIONS)
    assert [ENC.index({}, a) for a in LAYS] == list(range(15))
    assert [ENC.index({}, a) for a in TURNS] == list(range(15, 34))
    assert [ENC.index({}, a) for a in DRAWS] == list(range(34, 40))
    assert (ENC.index({}, SHUFFLE), ENC.index({}, KEEP), ENC.index({}, END)) == (40, 41, 42)
    assert all(ENC.action({}, i) == a for i, a in enumerate(ALL_ACTIONS))


def test_the_tensor_shows_the_laid_animal_and_the_turned_card() -> None:
    state = GAME.new(3, seed=5)
    state.draw_chance()
    seat = state.current
    lay = state.legal_actions(seat)[0]
    state.apply(seat, lay)
    s = ENC.layout.slices
    for watcher in range(3):
        out = ENC.observe(state.view(watcher), watcher)
        assert out[s["laid"]].tolist() == [float(k == lay.animal) for k in range(KINDS + 1)]
        assert out[s["current"].start + (seat - watcher) % 3] == 1
    turn = TURNS[3]
    state.apply(seat, turn)
    face = FACE_NAMES.index(state.view(0)["run"][3])
    for watcher in range(3):
        run = ENC.observe(state.view(watcher), watcher)[s["run"]].reshape(PLACES, -1)
        assert run[3, face] == 1
        assert run[4, -1] == 1  # untouched places are face down


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = GAME.new(3, seed=6)
    state.draw_chance()
    s = ENC.layout.slices
    for seat in range(3):
        out = ENC.observe(state.view(seat), seat)
        assert np.array_equal(out[s["hand"]], np.asarray(state.hands[seat], np.float32) / 3)
        assert out[s["hands"]].tolist() == pytest.approx(
            [state.hand_sizes[(seat + k) % 3] / 45 for k in range(3)])
    # Another seat's cards change nothing in this seat's tensor.
    before = ENC.observe(state.view(0), 0)
    state.hands[1], state.hands[2] = state.hands[2], state.hands[1]
    if state.hand_sizes[1] == state.hand_sizes[2]:
        assert np.array_equal(ENC.observe(state.view(0), 0), before)


def views_after_every_step(state: ByGollyState, seat: int) -> list[object]:
    replay = GAME.new(state.players, state.seed, **state.options)
    seen = [replay.view(seat)]
    for step in state.history:
        if step.seat is None:
            replay.apply_chance(step.value)
        else:
            replay.apply_text(step.seat, step.value, step.at_ms)
        seen.append(replay.view(seat))
    return seen


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_resample_leaves_the_seat_every_view_and_redraws_the_rest(players: int) -> None:
    differs = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new(players, seed)
        for _ in range(rng.randrange(20, 200)):  # part of a game, at most to its end
            acting = state.acting()
            if acting.kind == "over":
                break
            if acting.kind == "chance":
                state.draw_chance()
            else:
                state.apply(acting.seats[0], rng.choice(state.legal_actions(acting.seats[0])))
        before = state.digest()
        for seat in range(players):
            twin = state.resample(seat, random.Random(seed * 10 + seat))
            assert len(twin.history) == len(state.history)
            assert views_after_every_step(twin, seat) == views_after_every_step(state, seat)
            differs += twin.digest() != state.digest()
            random_playout(twin, random.Random(1))  # it plays on to the end
            assert twin.is_over
        assert state.digest() == before
    assert differs > 0  # the hidden parts are redrawn, not copied


def blind_draws_unseen_by(state: ByGollyState, seat: int) -> list[int]:
    """The history steps that are blind draws between two other players."""
    replay = GAME.new(state.players, state.seed, **state.options)
    steps = []
    for index, step in enumerate(state.history):
        if step.seat is None:
            if replay.phase == "draw" and seat not in (replay.current, replay.draw_from):
                steps.append(index)
            replay.apply_chance(step.value)
        else:
            replay.apply_text(step.seat, step.value, step.at_ms)
    return steps


def test_a_whole_random_game_full_of_blind_draws_between_others_resamples() -> None:
    # Random play lands in the mess again and again: dozens of cards pass unseen between
    # the other players, and their later lays pin down most of them.  A resample must
    # still find a history that fits every view, and quickly (a plain search backing up
    # one draw at a time got lost here for many minutes).
    state = GAME.new(5, seed=2)
    random_playout(state, random.Random(2))
    before = state.digest()
    for seat in range(5):
        unseen = blind_draws_unseen_by(state, seat)
        assert len(unseen) >= 15
        for k in range(2):
            twin = state.resample(seat, random.Random(100 * seat + k))
            assert views_after_every_step(twin, seat) == views_after_every_step(state, seat)
            assert twin.outcome() == state.outcome()
    assert state.digest() == before


def play_steps(players: int, seed: int, steps: int) -> ByGollyState:
    """Random play for ``steps`` steps (or to the end)."""
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    while len(state.history) < steps and not state.is_over:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        else:
            state.apply(acting.seats[0], rng.choice(state.legal_actions(acting.seats[0])))
    return state


def test_a_place_the_seat_never_saw_face_up_is_redrawn() -> None:
    state = play_steps(3, seed=3, steps=40)
    seat = 0
    seen = {p for view in views_after_every_step(state, seat)
            for p, face in enumerate(view["run"]) if face is not None}
    never = [p for p in range(PLACES) if p not in seen]
    assert len(never) >= 5
    faces: dict[int, set[int]] = {p: set() for p in never}
    for k in range(30):
        twin = state.resample(seat, random.Random(k))
        for p in never:
            faces[p].add(twin.run[p])
        for p in seen:  # and nothing was shuffled yet: a seen card stays where it lay
            assert twin.run[p] == state.run[p]
    assert all(len(f) > 1 for f in faces.values())


def test_blind_draws_between_others_and_their_hands_are_redrawn() -> None:
    state = play_steps(4, seed=3, steps=400)
    seat = 0
    unseen = blind_draws_unseen_by(state, seat)
    assert unseen
    draws: dict[int, set[object]] = {i: set() for i in unseen}
    for k in range(20):
        twin = state.resample(seat, random.Random(k))
        for i in unseen:
            draws[i].add(twin.history[i].value)
    assert any(len(d) > 1 for d in draws.values())
    # Early on, before the others have shown much, their hands differ too (late in a
    # random game their lays often pin every card down).
    early = play_steps(4, seed=3, steps=60)
    hands = {tuple(tuple(hand) for hand in early.resample(seat, random.Random(k)).hands[1:])
             for k in range(20)}
    assert len(hands) > 1
