"""Properties over random games: conservation, termination, illegal actions change
nothing, views keep secrets, windows ignore arrival order, determinism."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.engine import PASS
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Slap
from gamenight.games.fliegen_klatschen.cards import DECK_SIZE
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from gamenight.sim.random_play import random_playout
from gamenight.testing import assert_refused
from tests.games.fliegen_klatschen.fk_table import card_ids_in, colour_counts

PROPS = settings(max_examples=40, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])

games = st.fixed_dictionaries({
    "players": st.integers(2, 8),
    "seed": st.integers(0, 2**63 - 1),
    "remove": st.sampled_from([0, 0, 10, 40, 90]),
    "deadline_ms": st.sampled_from([3000, 3000, 1, 500]),
    "penalty_order": st.sampled_from(["wins-first", "penalties-first"]),
    "max_turns": st.sampled_from([1000, 1000, 7, 60]),
})
#: Play generators from a seed: Hypothesis draws the seed, play draws freely from it.
rngs = st.integers(0, 2**32).map(random.Random)


def new_game(spec: dict[str, Any]) -> FliegenKlatschenState:
    options = {k: v for k, v in spec.items() if k not in ("players", "seed")}
    return GAME.new(spec["players"], seed=spec["seed"], **options)


def random_step(state: FliegenKlatschenState, rng: random.Random) -> None:
    """One uniformly random legal step; window actions at random times, in any order."""
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
    elif acting.kind == "turn":
        state.apply(acting.seats[0], REVEAL)
    else:
        assert acting.kind == "window" and acting.deadline_ms is not None
        if rng.random() < 0.05:
            state.expire_window()
            return
        seat = rng.choice(acting.seats)
        at = rng.choice([0.0, acting.deadline_ms, rng.uniform(0, acting.deadline_ms)])
        state.apply(seat, rng.choice(state.legal_actions(seat)), at)


def illegal_moves(state: FliegenKlatschenState, rng: random.Random) -> list[tuple[Any, Any, Any]]:
    """(seat, action, at_ms) triples that the rules must refuse now."""
    n = state.players
    junk: list[Any] = ["reveal", "slap 3", None, 7, object(), Slap(DECK_SIZE + 5)]
    moves: list[tuple[Any, Any, Any]] = [
        (-1, REVEAL, None), (n, PASS, 10.0), ("0", REVEAL, None), (None, PASS, 10.0),
    ]
    for _ in range(3):
        moves.append((rng.randrange(n), rng.choice(junk), rng.uniform(0, 3000)))
    off_centre = [c for c in range(DECK_SIZE) if c not in state.centre]
    if state.phase == "reveal":
        cur = state.current
        moves += [((cur + k) % n, REVEAL, None) for k in range(1, n)]
        moves += [(cur, PASS, None), (cur, PASS, 5.0), (cur, SLAPS[rng.randrange(DECK_SIZE)], 5.0)]
    elif state.phase == "hunt":
        hunt = state.hunt
        assert hunt is not None
        deadline = hunt.window.deadline_ms
        for seat in range(n):
            if seat not in state.acting().seats:  # passed or out of hands
                moves += [(seat, PASS, 1.0), (seat, SLAPS[rng.choice(state.centre)], 1.0)]
                continue
            moves += [(seat, SLAPS[rng.choice(off_centre)], rng.uniform(0, deadline)),
                      (seat, SLAPS[hunt.trigger], 0.0), (seat, REVEAL, 1.0)]
            moves += [(seat, SLAPS[c], 1.0) for c in hunt.slapped[seat]]
            for bad in (None, -0.5, deadline + 0.5, float("nan"), float("inf")):
                moves.append((seat, rng.choice([PASS, SLAPS[rng.choice(state.centre)]]), bad))
    else:
        moves += [(s, a, 1.0) for s in range(n) for a in (REVEAL, PASS)]
        moves += [(0, SLAPS[c], 1.0) for c in state.centre[:3]]
    return moves


def check_illegal_changes_nothing(state: FliegenKlatschenState, rng: random.Random) -> None:
    moves = illegal_moves(state, rng)
    # A new deal is refused anywhere but at the start.
    deal = [list(range(DECK_SIZE))] if state.acting().kind != "chance" else []
    assert_refused(state, rng.sample(moves, min(len(moves), 6)), deal)


def check_places(state: FliegenKlatschenState) -> None:
    places = state.card_places()
    assert sorted(places) == list(range(DECK_SIZE))
    counted = (sum(map(len, state.piles)) + sum(map(len, state.won)) + len(state.centre)
               + len(state.box) + (state.hunt is not None))
    assert counted == DECK_SIZE  # no card in two places at once
    assert len(colour_counts(state.centre)) <= 4


def check_views(state: FliegenKlatschenState, rng: random.Random) -> None:
    public = set(state.centre)
    if state.hunt is not None:
        public.add(state.hunt.trigger)
    if state.last_reveal is not None:
        public.add(state.last_reveal.card)
    if state.phase == "over":  # scoring turns every won pile face up
        public |= {c for w in state.won for c in w}
    at = None if state.hunt is None else rng.uniform(0, state.hunt.window.deadline_ms)
    for seat in (None, *range(state.players)):
        view = state.view(seat, at)
        json.dumps(view)
        mine = set() if seat is None else set(state.won[seat])
        assert card_ids_in(view) <= public | mine, seat
        assert ("my_won" in view) == (seat is not None)
        assert view["piles"] == [len(p) for p in state.piles]


@PROPS
@given(games, rngs)
def test_every_card_is_always_in_exactly_one_place_and_views_keep_secrets(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    for _ in range(5000):
        check_places(state) if state.acting().kind != "chance" else None
        if rng.random() < 0.3:
            check_views(state, rng) if state.acting().kind != "chance" else None
        if state.is_over:
            break
        random_step(state, rng)
    assert state.is_over
    check_places(state)
    check_views(state, rng)


@PROPS
@given(games, rngs)
def test_an_illegal_action_raises_and_changes_nothing(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    check_illegal_changes_nothing(state, rng)
    while not state.is_over:
        random_step(state, rng)
        check_illegal_changes_nothing(state, rng)


@settings(max_examples=150, deadline=None)
@given(games, st.integers(0, 2**32))
def test_a_game_always_ends(spec: dict[str, Any], play_seed: int) -> None:
    state = new_game(spec)
    steps = random_playout(state, random.Random(play_seed))
    outcome = state.outcome()
    assert state.is_over and outcome is not None and steps == len(state.history)
    assert outcome.truncated == (state.turns >= spec["max_turns"] and
                                 all(state.piles))
    assert state.turns <= spec["max_turns"]


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 2**32))
def test_same_seed_and_same_actions_give_the_same_game(spec: dict[str, Any], seed: int) -> None:
    a = new_game(spec)
    random_playout(a, random.Random(seed))
    b = new_game(spec)
    assert b.sample_chance() == a.history[0].value  # the deal comes from the seed
    b = new_game(spec)
    for step in a.history:
        if step.seat is None:
            b.draw_chance()
        else:
            b.apply_text(step.seat, step.value, step.at_ms)
    assert b.digest() == a.digest() and b.snapshot() == a.snapshot()
    assert b.outcome() == a.outcome()


def open_hunt(spec: dict[str, Any], rng: random.Random) -> FliegenKlatschenState | None:
    """Play randomly until a hunt opens over a centre of three flies or more."""
    state = new_game({**spec, "max_turns": 1000})
    while not state.is_over:
        if state.phase == "hunt" and len(state.centre) >= 3:
            return state
        if state.phase == "hunt":
            state.expire_window()
        else:
            random_step(state, rng)
    return None


@settings(max_examples=200, deadline=None)
@given(games, rngs)
def test_a_hunts_result_depends_on_times_and_targets_not_arrival_order(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = open_hunt(spec, rng)
    if state is None:
        return
    deadline = state.acting().deadline_ms
    assert deadline is not None
    # Few distinct times, so that exact ties happen too.
    times = [min(t, deadline) for t in (0.0, 150.0, 150.0, 240.0, deadline)]
    plans: list[list[tuple[int, Any, float]]] = []
    for seat in range(state.players):
        k = rng.randint(0, min(state.hands, len(state.centre)))
        cards = rng.sample(state.centre, k)
        plan = [(seat, SLAPS[c], rng.choice(times)) for c in cards]
        if k < min(state.hands, len(state.centre)) and rng.random() < 0.7:
            plan.append((seat, PASS, rng.choice(times)))
        plans.append(plan)
    results = []
    for _ in range(4):
        # A random interleaving that keeps each seat's pass after its own slaps.
        queues = [list(p) for p in plans]
        for q in queues:
            slaps = [a for a in q if a[1] is not PASS]
            rng.shuffle(slaps)
            q[:] = slaps + [a for a in q if a[1] is PASS]
        clone = state.clone()
        assert isinstance(clone, FliegenKlatschenState)
        while any(queues):
            seat, action, at = rng.choice([q for q in queues if q]).pop(0)
            clone.apply(seat, action, at)
        if clone.phase == "hunt":
            clone.expire_window()
        assert clone.phase != "hunt"
        results.append(clone.snapshot())
    assert all(r == results[0] for r in results)
