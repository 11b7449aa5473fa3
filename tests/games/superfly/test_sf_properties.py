"""Properties over random games: cards are conserved, a record replays to the same
state, views keep hands and choices secret, an illegal action changes nothing, a swat's
result does not depend on arrival order, and the same seed gives the same game."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.engine import PASS
from gamenight.engine.events import narration
from gamenight.games.superfly.actions import SWATS, Swat
from gamenight.games.superfly.cards import COLOURS, DECK_SIZE, card_id
from gamenight.games.superfly.rules import GAME, HAND_LIMIT, SuperflyState
from gamenight.record import load, record_of, replay
from gamenight.sim.random_play import random_playout
from gamenight.testing import assert_refused
from tests.games.superfly.sf_table import card_ids_in

PROPS = settings(max_examples=20, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

games = st.fixed_dictionaries({
    "players": st.integers(2, 5),
    "seed": st.integers(0, 2**63 - 1),
    "open_hands": st.booleans(),
    "deadline_ms": st.sampled_from([5000, 5000, 1, 800]),
    "max_turns": st.sampled_from([1000, 1000, 5, 40]),
})
rngs = st.integers(0, 2**32).map(random.Random)


def new_game(spec: dict[str, Any]) -> SuperflyState:
    options = {k: v for k, v in spec.items() if k not in ("players", "seed")}
    return GAME.new(spec["players"], seed=spec["seed"], two_players=spec["players"] == 2,
                    **options)


def random_step(state: SuperflyState, rng: random.Random) -> None:
    """One random legal step: chance, or one seat's choice at a random time (now and
    then the deadline passes for everyone still choosing)."""
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
        return
    assert acting.kind == "simultaneous" and acting.deadline_ms is not None
    if rng.random() < 0.05:
        state.expire_window()
        return
    seat = rng.choice(acting.seats)
    state.apply(seat, rng.choice(state.legal_actions(seat)),
                rng.choice([None, 0.0, acting.deadline_ms, rng.uniform(0, acting.deadline_ms)]))


def check_places(state: SuperflyState) -> None:
    places = state.card_places()
    assert sorted(places) == list(range(DECK_SIZE))
    counted = (len(state.draw) + len(state.discards) + len(state.centre)
               + sum(map(len, state.hands)))
    assert counted == DECK_SIZE  # no card in two places at once
    assert all(len(h) <= HAND_LIMIT for h in state.hands)
    if state.phase in ("swat", "dice"):
        assert len(state.centre) == state.players - 1


def check_views(state: SuperflyState, rng: random.Random) -> None:
    """A view shows the seat's own hand and public cards only; it does not change when
    another seat's hidden hand or secret choice changes."""
    public = set(state.centre)
    open_hands = state.options["open_hands"]
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        json.dumps(view)
        mine = set() if seat is None else set(state.hands[seat])
        if open_hands:
            mine = {c for h in state.hands for c in h}
        assert card_ids_in(view) <= public | mine, seat
        assert ("my_hand" in view) == (seat is not None)
        assert ("hands" in view) == open_hands
        assert view["hand_sizes"] == [len(h) for h in state.hands]
    # Change what nobody but seat `other` may know and compare every other seat's view:
    # his hand (unless hands are open) and his secret choice (open hands or not).
    other = rng.randrange(state.players)
    changed = state.clone()
    assert isinstance(changed, SuperflyState)
    if not open_hands and changed.draw:
        hand = changed.hands[other]
        for i in range(len(hand)):
            j = rng.randrange(len(changed.draw))
            hand[i], changed.draw[j] = changed.draw[j], hand[i]
    if changed.phase == "swat" and other in changed.choices:
        changed.choices[other] = rng.choice([None, *changed.centre])
    for seat in (None, *range(state.players)):
        if seat != other:
            assert changed.view(seat) == state.view(seat), (seat, other)


@PROPS
@given(games, rngs)
def test_every_card_is_always_in_exactly_one_place_and_views_keep_secrets(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    for _ in range(20000):
        check_places(state)
        if rng.random() < 0.2:
            check_views(state, rng)
        if state.is_over:
            break
        random_step(state, rng)
    assert state.is_over
    check_places(state)
    check_views(state, rng)


_CARD_NAME = re.compile(rf"\b({'|'.join(COLOURS)}) ([1-6])\b")


def named_cards(lines: list[str]) -> set[int]:
    """Every card the narration lines name ('red 3')."""
    return {card_id(m[1], int(m[2])) for line in lines for m in _CARD_NAME.finditer(line)}


@PROPS
@given(games, rngs)
def test_the_narration_names_only_cards_on_the_table_or_shown_at_the_round_end(
        spec: dict[str, Any], rng: random.Random) -> None:
    """Everyone at the table reads the narration: it names the centre flies and, when a
    round ends, the hands shown, never a face-down card (unless hands are played face
    up); and it says nothing of a swat until every swatter is down."""
    state = new_game(spec)
    while not state.is_over:
        mark, centre, round_ = len(state.events), list(state.centre), state.round
        shown = state.last_round
        random_step(state, rng)
        lines = narration(state.events[mark:], None)
        if state.phase == "swat" and state.choices:
            assert lines == []  # a choice is in, others are still to come
        public = set(centre) | set(state.centre)
        if state.last_round != shown and state.last_round is not None:
            public |= {c for hand in state.last_round["hands"] for c in hand}
        assert named_cards(lines) <= public, (lines, round_)


def illegal_moves(state: SuperflyState, rng: random.Random) -> list[tuple[Any, Any, Any]]:
    """(seat, action, at_ms) triples that the rules must refuse now."""
    n = state.players
    off_centre = [c for c in range(DECK_SIZE) if c not in state.centre]
    moves: list[tuple[Any, Any, Any]] = [
        (-1, PASS, None), (n, PASS, 1.0), ("0", PASS, None), (None, PASS, 1.0), (True, PASS, 1.0),
    ]
    junk: list[Any] = ["pass", "swat red 3", None, 7, object(), Swat(DECK_SIZE + 3), Swat(-1),
                       Swat("3")]  # type: ignore[arg-type]
    for _ in range(3):
        moves.append((rng.randrange(n), rng.choice(junk), 1.0))
    acting = state.acting()
    if acting.kind == "simultaneous":
        deadline = acting.deadline_ms
        assert deadline is not None
        for seat in range(n):
            if seat not in acting.seats:  # chose already, or holds 5 in a final turn
                moves += [(seat, PASS, 1.0), (seat, SWATS[rng.choice(state.centre)], 1.0)]
                continue
            moves.append((seat, SWATS[rng.choice(off_centre)], 1.0))
            for bad in (-0.5, deadline + 0.5, float("nan"), float("inf"), "1"):
                moves.append((seat, rng.choice([PASS, SWATS[rng.choice(state.centre)]]), bad))
    else:
        moves += [(s, a, 1.0) for s in range(n) for a in (PASS, SWATS[rng.randrange(DECK_SIZE)])]
    return moves


def check_illegal_changes_nothing(state: SuperflyState, rng: random.Random) -> None:
    moves = illegal_moves(state, rng)
    bad_chance: list[Any] = [0, 7, -1, "3", None, True, [1]]
    if state.phase in ("hands", "centre"):
        bad_chance = [c for c in range(DECK_SIZE) if c not in state.draw] + [DECK_SIZE, "3",
                                                                              None, True]
    assert_refused(state, rng.sample(moves, min(len(moves), 8)),
                   rng.sample(bad_chance, min(len(bad_chance), 3)))


@PROPS
@given(games, rngs)
def test_an_illegal_action_raises_and_changes_nothing(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game({**spec, "max_turns": 60})
    check_illegal_changes_nothing(state, rng)
    while not state.is_over:
        random_step(state, rng)
        check_illegal_changes_nothing(state, rng)


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 2**32))
def test_a_game_always_ends_and_every_chance_outcome_is_listed(
        spec: dict[str, Any], play_seed: int) -> None:
    state = new_game(spec)
    rng = random.Random(play_seed)
    while not state.is_over:
        if state.acting().kind == "chance":
            outcomes = state.chance_outcomes()
            assert outcomes is not None
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            drawn = state.sample_chance()
            assert drawn in [o for o, _ in outcomes]
        random_playout(state, rng) if rng.random() < 0.02 else random_step(state, rng)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.truncated == (max(state.tokens) < 3)
    assert state.turns <= spec["max_turns"]
    if outcome.truncated:
        assert state.turns == spec["max_turns"]
    else:
        assert set(outcome.winners) == {s for s in range(state.players) if state.tokens[s] == 3}


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32))
def test_a_record_replays_to_the_same_final_state(tmp_path_factory: Any,
                                                  spec: dict[str, Any], seed: int) -> None:
    state = new_game(spec)
    rng = random.Random(seed)
    while not state.is_over:
        random_step(state, rng)
    path = Path(tmp_path_factory.mktemp("sf")) / "game.json"
    record_of(state).write(path)
    again = replay(load(path))
    assert again.digest() == state.digest()
    assert again.outcome() == state.outcome()


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 2**32))
def test_same_seed_and_same_actions_give_the_same_game(spec: dict[str, Any], seed: int) -> None:
    a = new_game(spec)
    random_playout(a, random.Random(seed))
    b = new_game(spec)
    for step in a.history:
        if step.seat is None:
            assert b.draw_chance() == step.value  # chance comes from the seed
        else:
            b.apply_text(step.seat, step.value, step.at_ms)
    assert b.digest() == a.digest() and b.snapshot() == a.snapshot()
    assert b.outcome() == a.outcome()


def at_a_swat(spec: dict[str, Any], rng: random.Random) -> SuperflyState | None:
    """Play randomly to the signal of a turn some way into the game."""
    state = new_game({**spec, "max_turns": 1000})
    stop = rng.randrange(0, 25)
    while not state.is_over:
        acting = state.acting()
        if acting.kind == "simultaneous" and len(acting.seats) == len(state.eligible):
            if state.turns >= stop:
                return state
            state.expire_window() if rng.random() < 0.3 else random_step(state, rng)
        else:
            random_step(state, rng)
    return None


@settings(max_examples=150, deadline=None)
@given(games, rngs)
def test_the_same_choices_and_dice_give_the_same_result_whatever_the_arrival_order(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = at_a_swat(spec, rng)
    if state is None:
        return
    seats = list(state.acting().seats)
    # Crowd the flies so that ties, squishes and swaps happen.
    choices = {s: rng.choice([PASS, *([SWATS[c] for c in state.centre[:2]] * 3)])
               for s in seats}
    dice = [rng.choice([1, 6, 6, 5, 5, 4]) for _ in seats]
    results = []
    for _ in range(4):
        order = list(seats)
        rng.shuffle(order)
        clone = state.clone()
        assert isinstance(clone, SuperflyState)
        for seat in order:
            clone.apply(seat, choices[seat], rng.uniform(0, state.options["deadline_ms"]))
        for face in dice[:len(clone.rolling)] if clone.phase == "dice" else ():
            clone.apply_chance(face)
        assert clone.phase not in ("swat", "dice")
        results.append(clone.snapshot())
    assert all(r == results[0] for r in results)


@settings(max_examples=25, deadline=None)
@given(games, rngs)
def test_views_made_from_the_last_step_s_are_the_views_made_afresh(
        spec: dict[str, Any], rng: random.Random) -> None:
    # Views share what did not change since the last step (the table between the
    # choices of a swat, a hand's cards) and events are made once and shared: a game
    # replayed with nobody looking, up to any step, shows the same views and told the
    # same events.
    state = new_game(spec)
    seats: list[int | None] = [None, *range(state.players)]
    shown = []
    for _ in range(80):
        if state.acting().kind == "over":
            break
        random_step(state, rng)  # one step, or every pass at a deadline
        shown.append((len(state.history), [state.view(s) for s in seats]))
    for steps, views in rng.sample(shown, min(6, len(shown))):
        fresh = state.remade(state.history[:steps], 0)
        assert [fresh.view(s) for s in seats] == views
        assert [e.to_json() for e in fresh.events] == [
            e.to_json() for e in state.events[:len(fresh.events)]]
