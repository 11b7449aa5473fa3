"""Properties over random games: cards are conserved, records replay, views hold no
hidden data, an illegal action changes nothing, the same seed gives the same game."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.bots.base import Clock
from gamenight.games.fly.actions import Drop
from gamenight.games.fly.bots import AimerBot, RandomDropBot
from gamenight.games.fly.cards import DECK_SIZE
from gamenight.games.fly.rules import GAME, FlyState
from gamenight.record import load, record_of, redact, replay
from gamenight.testing import assert_refused

PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

games = st.fixed_dictionaries({
    "players": st.integers(1, 4),
    "seed": st.integers(0, 2**63 - 1),
    "flutter": st.sampled_from([1.0, 1.0, 0.0, 2.5]),
    "fly_diameter": st.sampled_from([0.55, 0.55, 0.3, 0.75]),
    "max_drops": st.sampled_from([1000, 1000, 5, 40]),
})
rngs = st.integers(0, 2**32).map(random.Random)


def new_game(spec: dict[str, Any]) -> FlyState:
    options = {k: v for k, v in spec.items() if k not in ("players", "seed")}
    return GAME.new(spec["players"], seed=spec["seed"], **options)


def random_step(state: FlyState, rng: random.Random) -> None:
    """A step: chance as drawn; a drop from the grid, from the random bot, or aimed."""
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
        return
    seat = acting.seats[0]
    pick = rng.random()
    if pick < 0.45:
        action = rng.choice(state.legal_actions(seat))
    elif pick < 0.95:
        action = RandomDropBot(seat=seat, seed=rng.randrange(2**32)).act(
            state.view(seat), state.legal_actions(seat), _clock())
    else:
        action = AimerBot(seat=seat, seed=rng.randrange(2**32), samples="8").act(
            state.view(seat), state.legal_actions(seat), _clock())
    state.apply(seat, action)


def _clock() -> Clock:
    return Clock()


def check_places(state: FlyState) -> None:
    places = state.card_places()
    if state.phase == "layout":
        assert places == {}
        return
    assert sorted(places) == list(range(DECK_SIZE))
    assert len(state.table) + sum(map(len, state.collected)) == DECK_SIZE
    assert 25 not in places or places[25].startswith("table")  # blanks are never collected
    assert places[26].startswith("table")


def check_views(state: FlyState) -> None:
    spectator = state.view(None)
    text = json.dumps(spectator)
    # No seed: as a number of its own (the digits may come up inside a float, as a
    # landing's 1.99999999999998 holds 99999999999998), and small ones collide anyway.
    assert not re.search(rf"(?<![\d.]){state.seed}(?![\d.])", text) or state.seed < 10**6
    assert "rng" not in text
    for seat in range(state.players):
        view = state.view(seat)
        assert view == {**spectator, "seat": seat}  # everything in FLY is public
    if state.phase == "landing" and state.sigma_pos > 0:
        # The landing about to be drawn (unless a steady hand lands on the aim itself) is
        # nowhere in a view.
        clone = state.clone()
        landing = clone.sample_chance()
        x, y, a = map(float, landing.split())
        assert landing not in text
        assert spectator["aim"] is not None
        last = spectator["last_drop"]
        assert last is None or last["landing"] != {"x": x, "y": y, "angle": a}
    assert [c["id"] for c in spectator["table"]] == state.table
    assert [[c["id"] for c in mine] for mine in spectator["collected"]] == state.collected


def illegal_moves(state: FlyState, rng: random.Random) -> list[tuple[Any, Any]]:
    n = state.players
    moves: list[tuple[Any, Any]] = [(-1, Drop.aim(4.5, 4.5, 0)), (n, Drop.aim(4.5, 4.5, 0)),
                                    ("0", Drop.aim(4.5, 4.5, 0)), (None, Drop.aim(1, 1, 0))]
    junk: list[Any] = ["drop 4.50 4.50 0", None, 3, Drop(450, 450, 200), Drop(-1, 450, 0),
                       Drop(450, 10_000, 0), Drop(4.5, 4.5, 0)]  # type: ignore[arg-type]
    for _ in range(3):
        moves.append((rng.randrange(n), rng.choice(junk)))
    if state.phase == "aim":
        moves += [((state.current + k) % n, Drop.aim(4.5, 1.5, 0)) for k in range(1, n)]
        cards = len(state.table)
        moves.append((state.current, Drop.aim(9.5, 1.0, 0)))
        if cards < 27:
            moves.append((state.current, Drop.aim(8.9, 8.9, 0)))
    else:
        moves += [(s, Drop.aim(0.5, 1.5, 0)) for s in range(n)]
    return moves


def check_illegal_changes_nothing(state: FlyState, rng: random.Random) -> None:
    moves = [(seat, action, None) for seat, action in illegal_moves(state, rng)]
    # A landing with no swatter in the air is refused.
    landing = ["1.0000 1.0000 1.00"] if state.acting().kind != "chance" else []
    assert_refused(state, moves, landing)


@PROPS
@given(games, rngs)
def test_every_card_is_always_on_the_table_or_collected_and_views_hide_nothing(
        spec: dict[str, Any], rng: random.Random) -> None:
    state = new_game(spec)
    for _ in range(3000):
        check_places(state)
        if rng.random() < 0.1:
            check_views(state)
        if state.is_over:
            break
        random_step(state, rng)
    assert state.is_over
    check_places(state)
    check_views(state)
    out = state.outcome()
    assert out is not None
    assert out.truncated == (state.flies_on_table() > 0)
    assert state.drops <= spec["max_drops"]


@PROPS
@given(games, rngs)
def test_an_illegal_action_raises_and_changes_nothing(spec: dict[str, Any],
                                                      rng: random.Random) -> None:
    state = new_game({**spec, "max_drops": min(spec["max_drops"], 60)})
    check_illegal_changes_nothing(state, rng)
    while not state.is_over:
        random_step(state, rng)
        check_illegal_changes_nothing(state, rng)


@settings(max_examples=20, deadline=None)
@given(games, rngs)
def test_a_record_replays_to_the_same_final_state(spec: dict[str, Any], rng: random.Random,
                                                  ) -> None:
    import tempfile

    state = new_game(spec)
    while not state.is_over:
        random_step(state, rng)
    with tempfile.TemporaryDirectory() as folder:
        path = record_of(state).write(Path(folder) / "fly.json")
        again = replay(load(path))
        seen = redact(load(path), 0)  # one seat's record: its views, no seed or chance
    assert "seed" not in seen and len(seen["steps"]) == len(state.history)
    assert not any("chance" in step for step in seen["steps"])
    assert again.digest() == state.digest()
    assert again.outcome() == state.outcome()
    assert again.snapshot() == state.snapshot()


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 2**32))
def test_same_seed_and_same_actions_give_the_same_game(spec: dict[str, Any], seed: int) -> None:
    a = new_game(spec)
    rng = random.Random(seed)
    while not a.is_over:
        random_step(a, rng)
    b = new_game(spec)
    for step in a.history:
        if step.seat is None:
            assert b.draw_chance() == step.value  # every landing comes from the seed
        else:
            b.apply_text(step.seat, step.value)
    assert b.digest() == a.digest() and b.outcome() == a.outcome()


def test_an_altered_landing_in_a_record_is_rejected() -> None:
    import pytest

    from gamenight.engine import RecordError

    state = new_game({"players": 2, "seed": 4, "flutter": 1.0, "fly_diameter": 0.55,
                      "max_drops": 6})
    rng = random.Random(1)
    while not state.is_over:
        random_step(state, rng)
    record = record_of(state)
    landing = next(i for i, s in enumerate(record.steps) if s.seat is None and i > 0)
    from gamenight.engine import Step

    x, y, a = map(float, record.steps[landing].value.split())
    record.steps[landing] = Step(None, f"{x + 0.5:.4f} {y:.4f} {a:.2f}")
    with pytest.raises(RecordError, match="altered"):
        replay(record)
