"""Fluster's cheap clone and resample against their definitions.

``FlusterState.clone`` copies only what a step changes, and ``_resample`` rewrites only
the other pads instead of replaying the whole history.  Search (the master bots, and
OpenSpiel's IS-MCTS through the adapter) depends on both giving exactly what the
definitions give for the same generator, and leaving the generator as they leave it:
``GameState.clone`` (a deep copy) and a replay through ``remade`` of the history with
the hidden parts redrawn (the implementation this one replaced, kept here as the
reference).  Checked over many random points of random games: the states' snapshots,
histories, events, generators and every seat's views, and the two played on alike.
"""

from __future__ import annotations

import random

import pytest

from gamenight.engine import GameState, Step
from gamenight.games.fluster.actions import Call, parse_action
from gamenight.games.fluster.board import SIDES
from gamenight.games.fluster.rules import GAME, FlusterState
from tests.engine.same_state import attributes


def replayed(state: FlusterState, seat: int, rng: random.Random) -> FlusterState:
    """The definition: the history with what ``seat`` has not seen redrawn, replayed."""
    over = state.phase == "over"
    steps: list[Step] = []
    letter, number = "#", 0  # the call the write steps that follow belong to
    for step in state.history:
        if step.seat is None:
            value = step.value if over else state._redrawn_pads(seat, step.value, rng)
            steps.append(Step(None, value))
        elif step.value not in SIDES:
            call = parse_action(step.value)
            assert isinstance(call, Call)
            letter, number = call.letter, call.number
            steps.append(step)
        elif step.seat == seat:
            steps.append(step)
        else:
            side = state._seen_side(step.seat, letter, number) if over else None
            steps.append(Step(step.seat, side or rng.choice(SIDES)))
    again = state.remade(steps, rng.getrandbits(64))
    assert isinstance(again, FlusterState)
    return again


def random_point(rng: random.Random) -> FlusterState:
    """A random game stopped at a random step (its end included); writes are timed or
    not, as the driver and the adapters take them."""
    players = rng.choice((1, 2, 2, 2, 3, 4))
    state = GAME.new(players, seed=rng.randrange(10**6))
    stop = rng.randrange(0, 230 if players > 1 else 90)
    while len(state.history) < stop and not state.is_over:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
            continue
        seat = rng.choice(acting.seats)
        at = rng.choice((None, 0.0, 12.5)) if acting.kind == "simultaneous" else None
        state.apply(seat, rng.choice(state.legal_actions(seat)), at)
    return state


def same(a: FlusterState, b: FlusterState) -> None:
    assert a.snapshot() == b.snapshot()
    assert a.digest() == b.digest()
    assert a.history == b.history
    assert a.events == b.events
    assert a.rng.getstate() == b.rng.getstate()
    assert a.used_up == b.used_up
    assert a.shapes == b.shapes  # each line's shape, kept as its squares are written
    assert a.line_scores == b.line_scores  # and each line's circle, as words are created
    assert a.acting() == b.acting()
    for seat in [None, *range(a.players)]:
        assert a.view(seat) == b.view(seat)
        if seat is not None:
            assert a.legal_actions(seat) == b.legal_actions(seat)


def play_alike(a: FlusterState, b: FlusterState, rng: random.Random, steps: int) -> None:
    """Take the same random steps in both, checking they stay the same."""
    for _ in range(steps):
        if a.is_over:
            break
        acting = a.acting()
        if acting.kind == "chance":
            assert a.draw_chance() == b.draw_chance()
        else:
            seat = acting.seats[0]
            action = rng.choice(a.legal_actions(seat))
            a.apply(seat, action)
            b.apply(seat, action)
    same(a, b)


@pytest.mark.parametrize("seed", range(6))
def test_resample_is_the_replay(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        state = random_point(rng)
        before = state.digest(), len(state.history), len(state.events)
        seat = rng.randrange(state.players)
        draw = rng.randrange(2**32)
        ours, theirs = random.Random(draw), random.Random(draw)
        fast = state.resample(seat, ours)
        assert isinstance(fast, FlusterState)
        slow = replayed(state, seat, theirs)
        same(fast, slow)
        assert ours.getstate() == theirs.getstate()  # the generator left alike
        assert attributes(fast) == attributes(slow)
        assert (state.digest(), len(state.history), len(state.events)) == before
        # Each is a game of its own: played on alike, and resampled again alike.
        play_alike(fast, slow, random.Random(draw), rng.randrange(1, 120))
        if fast.history:
            again = rng.randrange(2**32)
            twin = fast.resample(seat, random.Random(again))
            assert isinstance(twin, FlusterState)
            same(twin, replayed(slow, seat, random.Random(again)))
        assert state.digest() == before[0]


@pytest.mark.parametrize("seed", range(4))
def test_clone_is_the_deep_copy(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(40):
        state = random_point(rng)
        for seat in range(state.players):  # pad views worked out: the clone shares them
            if rng.random() < 0.5:
                state.view(seat)
        before = state.digest(), len(state.history), len(state.events)
        fast = state.clone()
        slow = GameState.clone(state)
        assert isinstance(slow, FlusterState)
        same(fast, slow)
        assert attributes(fast) == attributes(slow)
        assert fast.rng is not state.rng
        play_alike(fast, slow, random.Random(seed), rng.randrange(1, 230))
        assert (state.digest(), len(state.history), len(state.events)) == before
        # The original plays on as it would have, untouched by its clone's game.
        twin = GameState.clone(state)
        assert isinstance(twin, FlusterState)
        play_alike(state, twin, random.Random(seed + 1), 230)


def test_clone_copies_every_attribute_it_knows() -> None:
    """A new attribute of the state must be looked at in ``FlusterState``'s lists of how
    a clone copies it (shared only if it never changes): this is what they were written
    for."""
    state = random_point(random.Random(7))
    assert attributes(state) == {
        "game", "players", "seed", "options", "history", "_events", "_unmade", "start", "rng",
        "words", "phase", "numbers", "square_of", "blocks", "called", "turns", "caller",
        "call", "choices", "last", "last_sides", "used_up", "_open", "_writing", "_pads",
        "shapes", "line_scores"}
