"""Properties over random games: cards are conserved, a record replays, a view holds no
face-down card and no other hand, an illegal action changes nothing; and what is secret
(a shuffle's new order, a card drawn blindly) shows in no view, narration or bot memory."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.bots.base import Clock
from gamenight.bots.driver import BotDriver
from gamenight.games.by_golly.actions import DRAWS, END, KEEP, LAYS, SHUFFLE, TURNS, Lay
from gamenight.games.by_golly.bots import PerfectBot
from gamenight.games.by_golly.cards import FACE_NAMES, KINDS, PLACE_NAMES, PLACES
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.record import Record, record_of, replay
from gamenight.testing import assert_refused

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
        # No stack is seen, one's own included ("without looking at them"), nor the box.
        other.stacks = [[rng.randrange(KINDS) for _ in stack] for stack in state.stacks]
        other.box = [rng.randrange(KINDS) for _ in state.box]
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
    moves = [(seat, action, None) for seat, action in illegal_moves(state, rng)]
    draw = ["hen"] if state.acting().kind != "chance" else []  # no blind draw is due
    assert_refused(state, rng.sample(moves, min(len(moves), 8)), draw)


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


def play_until(state: ByGollyState, bots: list[PerfectBot],
               stop: Callable[[ByGollyState], bool]) -> bool:
    """Play on with these bots, each told every event in its seat's form (as the runner
    tells them), until ``stop`` holds (True) or the game ends (False)."""
    table_talk = BotDriver(state, bots)
    while not state.is_over:
        table_talk.tell()
        if stop(state):
            return True
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
            continue
        seat = acting.seats[0]
        legal = state.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else bots[seat].act(state.view(seat), legal, Clock())
        state.apply(seat, action)
    return False


def a_game_that_reaches(players: int, stop: Callable[[ByGollyState], bool]
                        ) -> tuple[ByGollyState, list[PerfectBot]]:
    """The first seeded game of perfect bots that comes to a point where ``stop`` holds
    (the bots have watched every step so far)."""
    for seed in range(100):
        state = GAME.new(players, seed=seed)
        bots = [PerfectBot(seat=s, seed=s) for s in range(players)]  # they always shuffle
        if play_until(state, bots, stop):
            return state, bots
    raise AssertionError("no game came there")


def two_worlds(state: ByGollyState, bots: list[PerfectBot], outcomes: tuple[Any, Any]
               ) -> list[tuple[ByGollyState, list[PerfectBot]]]:
    """The table and the bots' memories after each of two chance outcomes, each bot
    told what happened in that world, in its seat's form."""
    worlds = []
    for outcome in outcomes:
        world, memory = state.clone(), copy.deepcopy(bots)
        assert isinstance(world, ByGollyState)
        events = world.apply_chance(outcome)
        for seat, bot in enumerate(memory):
            bot.hear([seen for e in events if (seen := e.seen_by(seat)) is not None])
        worlds.append((world, memory))
    return worlds


def mixed(state: ByGollyState) -> bool:
    """A shuffle after the mess is due, of cards that are not all alike."""
    return state.phase == "shuffling" and len({state.run[p] for p in state.turned}) > 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_order_a_shuffle_leaves_is_in_no_view_no_narration_and_no_bots_memory(
        players: int) -> None:
    state, bots = a_game_that_reaches(players, mixed)
    places = sorted(state.turned)
    (a, seen_a), (b, seen_b) = two_worlds(state, bots, (places, [*places[1:], places[0]]))
    assert a.run != b.run  # the cards really lie at other places
    # Nobody, the player who shuffled included, can tell the two tables apart.
    for seat in (None, *range(players)):
        assert a.view(seat) == b.view(seat)
        assert a.narration(seat) == b.narration(seat)
    for x, y in zip(seen_a, seen_b, strict=True):
        assert (x.known, x.groups) == (y.known, y.groups)
        assert not set(x.known) & set(places)  # only which faces are among which places
        assert any(set(places) <= group for group, _ in x.groups)
    seat = a.acting().seats[0]
    assert seen_a[seat].act(a.view(seat), a.legal_actions(seat), Clock()) == \
        seen_b[seat].act(b.view(seat), b.legal_actions(seat), Clock())


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_card_drawn_blindly_is_seen_only_by_the_drawer_and_the_player_who_lost_it(
        players: int) -> None:
    state, bots = a_game_that_reaches(
        players, lambda s: s.phase == "draw" and len(s.chance_outcomes() or []) > 1)
    drawer, victim = state.current, state.draw_from
    first, second = [name for name, _ in state.chance_outcomes() or []][:2]
    (a, _), (b, _) = two_worlds(state, bots, (first, second))
    assert a.view(drawer)["hand"] != b.view(drawer)["hand"]
    assert a.view(victim)["hand"] != b.view(victim)["hand"]
    for seat in (None, *range(players)):
        if seat not in (drawer, victim):
            assert a.view(seat) == b.view(seat)
            assert a.narration(seat) == b.narration(seat)  # it does not name the card
    # The drawer and the player who lost the card are told which it was.
    assert a.narration(drawer)[-1] != b.narration(drawer)[-1]
    assert a.narration(victim)[-1] != b.narration(victim)[-1]


@pytest.mark.parametrize("phase", ["turn", "second"])
def test_the_narration_says_where_a_card_was_turned_over_by_the_letter_on_screen(
        phase: str) -> None:
    # The same face turned over at another place reads the same in the log but for the
    # place's letter, which every watcher saw (rules.md, Decision 15).
    state, _ = a_game_that_reaches(3, lambda s: s.phase == phase)
    down = [p for p in range(PLACES) if not state.up[p]]
    here, there = down[0], down[-1]
    elsewhere = state.clone()
    assert isinstance(elsewhere, ByGollyState)
    elsewhere.run[here], elsewhere.run[there] = state.run[there], state.run[here]
    seat = state.current
    told = len(state.narration())
    state.apply(seat, TURNS[here])
    elsewhere.apply(seat, TURNS[there])
    for anyone in (None, *range(state.players)):
        a, b = state.narration(anyone), elsewhere.narration(anyone)
        (line,), (other,) = a[told:], b[told:]
        assert a[:told] == b[:told]
        assert f" at {PLACE_NAMES[here]}" in line and f" at {PLACE_NAMES[there]}" in other
        assert line.replace(f" at {PLACE_NAMES[here]}", " at _") == \
            other.replace(f" at {PLACE_NAMES[there]}", " at _")
