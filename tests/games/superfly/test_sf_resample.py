"""Superfly's ``resample`` and ``clone`` for search.

``resample`` is made from a clone with the redrawn parts put in place, not by replaying
the redrawn history: here it is checked against that replay (``replayed_resample``, the
definition, as the rules did it before), at many random points of random games, for the
same generator, state for state (every field, the history, the events, every seat's
view) and with the generator left in the same state.  A master bot's search draws its
worlds this way, so a world must not change.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamenight.engine import GameState, Step
from gamenight.games.superfly.rules import GAME, HANDS, SWAT, SuperflyState
from gamenight.sim.random_play import random_playout
from tests.engine.same_state import assert_same_state, state_fields

#: The state's caches: made from the rest when asked for, so not compared.
CACHES = frozenset({"_memo"})


def replayed_resample(state: SuperflyState, seat: int, rng: random.Random) -> SuperflyState:
    """The definition (the rules' own ``_resample`` before it worked on a clone): the
    history with the hidden parts redrawn, replayed from the start by ``remade``."""
    steps = list(state.history)
    if state.phase == SWAT:
        legal = [str(action) for action in state._legal]
        for i in range(len(steps) - len(state.choices), len(steps)):
            step = steps[i]
            assert step.seat in state.choices
            if step.seat != seat:
                steps[i] = Step(step.seat, rng.choice(legal), step.at_ms)
    steps = [Step(step.seat, step.value) if step.seat not in (None, seat) else step
             for step in steps]
    if not state.options["open_hands"]:
        for i, card in replayed_redeal(state, seat, rng).items():
            steps[i] = Step(None, card)
    remade = state.remade(steps, rng.getrandbits(64))
    assert isinstance(remade, SuperflyState)
    return remade


def replayed_redeal(state: SuperflyState, seat: int, rng: random.Random) -> dict[int, int]:
    """New cards for the face-down deals ``seat`` has not seen, by history index, found
    by replaying the game (the rules' ``_redeal_unseen`` before)."""
    replay = SuperflyState(state.game, state.players, state.seed, state.options)
    deals: list[tuple[int, int, int, int, frozenset[int]]] = []
    draws: list[tuple[int, int]] = []
    seen: set[int] = set()
    round_ = replay.round
    for i, step in enumerate(state.history):
        if step.seat is None:
            if replay.phase == HANDS and replay.to_deal[0] != seat:
                deals.append((i, replay.round, replay.reshuffles, step.value,
                              frozenset(replay.draw)))
            if replay.phase in (HANDS, "centre"):
                draws.append((i, step.value))
            replay.apply_chance(step.value)
        else:
            replay.apply_text(step.seat, step.value, step.at_ms)
        if replay.round != round_:
            round_ = replay.round
            seen = set()
        seen.update(replay.hands[seat])
    if replay._last_round is not None and replay._last_round.round == replay.round:
        return {}
    hidden = [d for d in deals if d[1] == replay.round and d[3] not in seen]
    redealt: dict[int, int] = {}
    for epoch in sorted({d[2] for d in hidden}):
        slots = [d for d in hidden if d[2] == epoch]
        first = slots[0][0]
        slot_steps = {d[0] for d in slots}
        fixed = {card for i, card in draws if i > first and i not in slot_steps}
        pool = sorted(slots[0][4] - fixed)
        for (i, *_), card in zip(slots, rng.sample(pool, len(slots)), strict=True):
            redealt[i] = card
    return redealt


def play_to(rng: random.Random, players: int, steps: int, **options: Any) -> SuperflyState:
    """A random game played ``steps`` steps (or to its end): the seats of a swat choose
    in a random order, at random times or none."""
    if players == 2:
        options["two_players"] = True
    state = GAME.new(players, rng.randrange(1 << 30), **options)
    for _ in range(steps):
        acting = state.acting()
        if acting.kind == "over":
            break
        if acting.kind == "chance":
            state.draw_chance()
            continue
        seat = rng.choice(acting.seats)
        at_ms = rng.choice([None, 0.0, rng.uniform(0.0, 4000.0)])
        state.apply(seat, rng.choice(state.legal_actions(seat)), at_ms)
    return state


def fields(state: GameState[Any]) -> dict[str, Any]:
    return state_fields(state, CACHES)


def same(new: SuperflyState, old: SuperflyState) -> None:
    assert_same_state(new, old, CACHES)


def points(count: int, seed: int) -> list[SuperflyState]:
    rng = random.Random(seed)
    found = []
    for k in range(count):
        players = 2 + k % 4
        options: dict[str, Any] = {}
        if k % 7 == 3:
            options["open_hands"] = True
        if k % 5 == 4:
            options["max_turns"] = rng.randrange(1, 40)
        found.append(play_to(rng, players, rng.randrange(1, 100 * players), **options))
    return found


def test_resample_is_the_replay_of_the_redrawn_history() -> None:
    reshuffled = swapped = swat = over = 0
    for k, state in enumerate(points(200, 5)):
        seat = k % state.players
        before = fields(state)
        events = list(state.events)
        new_rng, old_rng = random.Random(k), random.Random(k)
        new = state.resample(seat, new_rng)
        assert isinstance(new, SuperflyState)
        old = replayed_resample(state, seat, old_rng)
        same(new, old)
        # The caller's generator is where the replay left it, and so is the result's.
        assert [new_rng.random() for _ in range(3)] == [old_rng.random() for _ in range(3)]
        assert [new.rng.random() for _ in range(3)] == [old.rng.random() for _ in range(3)]
        # This state is unchanged, and the result is a game of its own.
        assert fields(state) == before and state.events == events
        if not new.is_over:
            random_playout(new, random.Random(k))
            random_playout(old, random.Random(k))
            assert new.digest() == old.digest() and new.events == old.events
            assert fields(state) == before
        # What the points covered (so that the cases above are really met).
        hidden = state._unseen_deals(seat)
        reshuffled += any(deal[3] > 0 and deal[3] == state.reshuffles for deal in hidden)
        others = [deal for deal in state._deals if deal[2] != seat]
        swapped += not state.options["open_hands"] and len(hidden) < len(others) and \
            not state.is_over
        swat += state.phase == SWAT and len(state.choices) > 0
        over += state.is_over
    assert reshuffled >= 5 and swapped >= 5 and swat >= 20 and over >= 10, \
        (reshuffled, swapped, swat, over)


def test_taken_back_choices_are_the_replay_of_the_shorter_history() -> None:
    """A master takes back the others' choices of the swat open in each world it draws
    (``taken_back``): without a replay, the state is the one the replay of the history
    up to them makes, and goes on as it would, whoever then chooses first."""
    fast = 0
    for k, state in enumerate(points(200, 7)):
        state.view(None)  # the views' shared part, made at the last step
        before, events = fields(state), list(state.events)
        for keep in range(max(0, len(state.history) - 5), len(state.history) + 1):
            rng = random.Random(k * 100 + keep)
            new = state.taken_back(keep, 11)
            old = state.remade(state.history[:keep], 11)
            assert isinstance(new, SuperflyState) and isinstance(old, SuperflyState)
            assert fields(new) == fields(old) and new.events == old.events
            fast += state._taken_back(keep) is not None and keep < len(state.history)
            # The next choice, by any seat still to choose, shows the same table: the
            # views' shared part made at a later step of the same swat is not shown
            # again (it may show other raised swatters).
            acting = new.acting()
            if acting.kind == "simultaneous":
                seat = rng.choice(acting.seats)
                action = rng.choice(new.legal_actions(seat))
                new.apply(seat, action)
                old.apply(seat, action)
            same(new, old)
            if not new.is_over:
                random_playout(new, random.Random(k))
                random_playout(old, random.Random(k))
                assert new.digest() == old.digest() and new.events == old.events
            assert fields(state) == before and state.events == events
    assert fast >= 40, fast


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_clone_is_an_equal_game_of_its_own(players: int) -> None:
    rng = random.Random(players)
    for k in range(20):
        state = play_to(rng, players, rng.randrange(1, 600))
        twin = state.clone()
        assert isinstance(twin, SuperflyState)
        assert fields(twin) == fields(state)
        assert twin.events == state.events and twin.snapshot() == state.snapshot()
        for seat in range(players):
            assert twin.view(seat) == state.view(seat)
        # Played on, the clone does what the original would have, and leaves it be.
        before, events = fields(state), list(state.events)
        # (The reference is the game replayed from its deal, not a copy.)
        reference = state.remade(state.history, 0)
        reference.rng.setstate(state.rng.getstate())
        random_playout(twin, random.Random(k))
        random_playout(reference, random.Random(k))
        assert twin.digest() == reference.digest() and twin.events == reference.events
        assert fields(state) == before and state.events == events
        # And played on, the original does the same: nothing of it went to the clone.
        random_playout(state, random.Random(k))
        assert state.digest() == reference.digest() and state.events == reference.events
