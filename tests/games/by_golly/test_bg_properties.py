"""Properties over random games: cards are conserved, a record replays, a view holds no
face-down card and no other hand, an illegal action changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.engine import IllegalAction
from gamenight.games.by_golly.actions import DRAWS, END, KEEP, LAYS, SHUFFLE, TURNS, Lay
from gamenight.games.by_golly.cards import FACE_NAMES, KINDS, PLACES
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.record import Record, record_of, replay

PROPS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

games = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "seed": st.integers(0, 2**63 - 1),
    "face_up_match": st.booleans(),
    "last_card": st.sampled_from(["wins", "protected"]),
    "max_turns": st.sampled_from([5000, 5000, 3, 40]),
})
rngs = st.integers(0, 2**32).map(random.Random)

VIEW_KEYS = {"game", "seat", "players", "phase", "turn", "current", "run", "laid", "hands",
             "stacks", "discarded", "box", "draws_left", "drawing_from", "shuffling",
             "face_up_match"}


def new_game(spec: dict[str, Any]) -> ByGollyState:
    options = {k: v for k, v in spec.items() if k not in ("players", "seed")}
    return GAME.new(spec["players"], seed=spec["seed"], **options)


def step(state: ByGollyState, rng: random.Random) -> None:
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
    else:
        seat = acting.seats[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def check_conservation(state: ByGollyState) -> None:
    assert state.animal_counts() == [3] * KINDS
    assert sorted(state.run) == sorted([*range(KINDS), KINDS, KINDS, KINDS + 1, KINDS + 1])
    assert state.hand_sizes == [sum(h) for h in state.hands]
    assert all(c >= 0 for h in state.hands for c in h)


def check_views(state: ByGollyState, rng: random.Random) -> None:
    """A view is the present: face-up cards only, hand sizes, one's own hand."""
    # Another table that differs in all a seat may not see: the face-down cards lie
    # elsewhere and the other hands hold other animals (of the same sizes).
    other = state.clone()
    assert isinstance(other, ByGollyState)
    down = [p for p in range(PLACES) if not state.up[p]]
    faces = [other.run[p] for p in down]
    rng.shuffle(faces)
    for p, face in zip(down, faces, strict=True):
        other.run[p] = face
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        json.dumps(view)
        keys = VIEW_KEYS | ({"hand"} if seat is not None else set()) | (
            {"winner", "outcome"} if state.is_over else set())
        assert set(view) == keys
        for p in range(PLACES):
            expected = FACE_NAMES[state.run[p]] if state.up[p] else None
            assert view["run"][p] == expected
        if seat is not None:
            assert sorted(view["hand"]) == sorted(
                FACE_NAMES[k] for k in range(KINDS) for _ in range(state.hands[seat][k]))
        hands = other.hands
        if not state.is_over:  # (the outcome counts cards, so keep the others' kinds)
            other.hands = [h if s == seat else _reshuffled(h, rng) for s, h in enumerate(hands)]
        assert other.view(seat) == view
        other.hands = hands


def _reshuffled(hand: list[int], rng: random.Random) -> list[int]:
    """A hand of the same size with other animals."""
    new = [0] * KINDS
    for _ in range(sum(hand)):
        new[rng.randrange(KINDS)] += 1
    return new


def illegal_moves(state: ByGollyState, rng: random.Random) -> list[tuple[Any, Any]]:
    n = state.players
    moves: list[tuple[Any, Any]] = [(-1, END), (n, END), ("0", END), (None, SHUFFLE),
                                    (0, "end"), (0, None), (0, Lay(99)), (0, Lay("hen"))]
    acting = state.acting()
    if acting.kind == "turn":
        cur = acting.seats[0]
        legal = state.legal_actions(cur)
        every = [*LAYS, *TURNS, *DRAWS[:n], SHUFFLE, KEEP, END]
        moves += [(cur, a) for a in rng.sample(every, 10) if a not in legal]
        moves += [((cur + i) % n, rng.choice(legal)) for i in range(1, n)]
    else:
        moves += [(s, a) for s in range(n) for a in (END, KEEP, TURNS[0], DRAWS[0])]
    return moves


def check_illegal_changes_nothing(state: ByGollyState, rng: random.Random) -> None:
    snap, digest, steps = json.dumps(state.snapshot()), state.digest(), len(state.history)
    moves = illegal_moves(state, rng)
    for seat, action in rng.sample(moves, min(len(moves), 8)):
        try:
            state.apply(seat, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"accepted illegal {seat!r} {action!r} in {state.phase}")
    if state.acting().kind != "chance":
        try:
            state.apply_chance("hen")
        except IllegalAction:
            pass
        else:
            raise AssertionError("accepted a chance outcome where none is due")
    assert json.dumps(state.snapshot()) == snap and state.digest() == digest
    assert len(state.history) == steps


@PROPS
@given(games, rngs)
def test_every_card_stays_in_one_place_and_views_keep_secrets(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    state.draw_chance()
    while not state.is_over:
        check_conservation(state)
        if rng.random() < 0.03:
            check_views(state, rng)
        step(state, rng)
    check_conservation(state)
    check_views(state, rng)


@PROPS
@given(games, rngs)
def test_an_illegal_action_raises_and_changes_nothing(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    check_illegal_changes_nothing(state, rng)
    while not state.is_over:
        step(state, rng)
        if rng.random() < 0.05:
            check_illegal_changes_nothing(state, rng)
    check_illegal_changes_nothing(state, rng)


@PROPS
@given(games, rngs)
def test_a_record_replays_to_the_same_final_state(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    while not state.is_over:
        step(state, rng)
    record = record_of(state)
    again = replay(Record.from_json(json.loads(record.dumps())))
    assert again.digest() == state.digest() and again.outcome() == state.outcome()


@settings(max_examples=30, deadline=None)
@given(games, rngs)
def test_listed_chance_outcomes_sum_to_one_and_include_what_is_drawn(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    while not state.is_over:
        if state.acting().kind == "chance" and state.phase != "deal":
            outcomes = state.chance_outcomes()
            saved = state.rng.getstate()
            drawn = state.sample_chance()  # changes only the generator
            state.rng.setstate(saved)
            if outcomes is not None:
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                assert drawn in [o for o, _ in outcomes]
        step(state, rng)
