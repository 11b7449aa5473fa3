"""Events: what a step returns, what the state keeps, and what each seat is given of them.

The leak property, for every registered game: twin games that a seat cannot tell apart
(``state.resample(seat, rng)``: the same length, the seat saw exactly what it saw,
everything hidden from it redrawn) give that seat the same events, as canonical JSON,
step by step.  It is the view leak test's method applied to events; the test shows it can
fail by giving every seat the whole events of a game whose events hold secrets.
"""

from __future__ import annotations

import random

import pytest

from gamenight.engine import GameState
from gamenight.engine.events import Event
from gamenight.games import GAMES
from gamenight.sim.random_play import random_playout
from tests.engine.test_redaction import (
    SEEDS,
    TABLES,
    canonical,
    cuts,
    new_game,
    played,
    random_play,
    twins,
)


def seen(state: GameState, seat: int | None) -> list[bytes]:
    """The events as ``seat`` is given them, as canonical JSON (a None for one it does
    not see at all, so a twin cannot hide that an event happened either)."""
    out = []
    for event in state.events:
        form = event.seen_by(seat)
        out.append(canonical(None if form is None else form.to_json()))
    return out


def assert_twin_events_alike(state: GameState, twin: GameState, seat: int) -> None:
    mine, theirs = seen(state, seat), seen(twin, seat)
    assert len(mine) == len(theirs), f"{state.game.id}: the twins have different events"
    for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        assert a == b, f"{state.game.id}: seat {seat}'s event {i} differs: {a!r} / {b!r}"


@pytest.mark.parametrize("driver", ["random", "bots"])
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_twins_a_seat_cannot_tell_apart_give_it_the_same_events(
        game_id: str, players: int, driver: str) -> None:
    for state, twin, seat in twins(game_id, players, driver, label="events "):
        assert_twin_events_alike(state, twin, seat)


def secret_holding(game_id: str) -> bool:
    """Whether some event class of the game keeps a secret from some seat."""
    return any(kind.seen_by is not Event.seen_by for kind in GAMES[game_id].event_types)


@pytest.mark.parametrize("game_id", [g for g in GAMES if secret_holding(g)])
def test_giving_every_seat_the_whole_events_fails_the_property(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES[game_id]
    failed = tried = 0
    for seed in SEEDS:
        rng = random.Random(f"leak {game_id} {seed}")
        # At random points of the game: at its end a game may show everything.
        twins = [(seat, state, state.resample(seat, random.Random(rng.getrandbits(32))))
                 for state in list(cuts(played(game, 3, seed, "bots"), rng))[:-1]
                 for seat in range(state.players)]
        with monkeypatch.context() as patch:
            for kind in game.event_types:
                patch.setattr(kind, "seen_by", Event.seen_by)
            for seat, state, twin in twins:
                tried += 1
                try:
                    assert_twin_events_alike(state, twin, seat)
                except AssertionError:
                    failed += 1
    assert failed >= tried // 3, f"only {failed} of {tried} leaky twins were caught"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_step_returns_its_events_and_the_state_keeps_them_all(game_id: str) -> None:
    game = GAMES[game_id]
    state = new_game(game, game.max_players, 4)
    rng = random.Random(4)
    returned = []
    while not state.is_over and len(state.history) < 300:
        acting = state.acting()
        if acting.kind == "chance":
            returned += state.apply_chance(state.sample_chance())
        elif acting.kind == "turn":
            returned += state.apply(acting.seats[0],
                                    rng.choice(state.legal_actions(acting.seats[0])))
        elif acting.deadline_ms is not None and rng.random() < 0.2:
            returned += state.expire_window()
        else:
            seat = rng.choice(acting.seats)
            returned += state.apply(seat, rng.choice(state.legal_actions(seat)),
                                    rng.uniform(0.0, acting.deadline_ms or 5000.0))
    assert returned == state.events
    assert all(isinstance(event, Event) for event in returned)
    # The narration is the events' own lines, as a spectator may know them.
    lines = [line for e in state.events if (form := e.seen_by(None)) is not None
             and (line := form.text())]
    assert state.narration() == lines and lines


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_events_made_only_when_read_are_those_each_step_returned(game_id: str) -> None:
    """Random play takes its steps unchecked (``apply_legal``, ``draw_chance``), which
    return no events, so the events its rules told with ``emit_new`` are made only when
    ``events`` is read: in order among those made at once, and the very events that the
    same steps taken with ``apply`` returned one by one."""
    game = GAMES[game_id]
    lazy = new_game(game, game.max_players, 6)
    random_playout(lazy, random.Random(6))
    count = lazy.event_count
    halfway = lazy.clone()  # a clone keeps the events still to be made as they are
    eager = new_game(game, game.max_players, 6)
    returned = []
    for step in lazy.history:
        if step.seat is None:
            returned += eager.apply_chance(step.value)
        else:
            returned += eager.apply_text(step.seat, step.value, step.at_ms)
    assert len(returned) == count
    assert lazy.events == returned == halfway.events
    assert all(isinstance(event, Event) for event in lazy.events)
    assert lazy.event_count == count


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_that_ends_says_why(game_id: str) -> None:
    game = GAMES[game_id]
    state = played(game, game.min_players if game_id != "superfly" else 3, 1, "bots")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason, f"{game_id} ends with no reason"
    assert outcome.reason in game.rules_text(), \
        f"{game_id}'s rules.md does not list the reason {outcome.reason!r}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_shares_past_events_but_not_future_ones(game_id: str) -> None:
    game = GAMES[game_id]
    state = new_game(game, game.max_players, 2)
    random_play(state, random.Random(2), 40)
    copy = state.clone()
    assert copy.events == state.events and copy.events is not state.events
    before = len(state.events)
    random_play(copy, random.Random(3), 80)
    assert len(state.events) == before


def test_an_event_copies_and_pickles_as_itself() -> None:
    """(``quick_init``, an ``__init__`` built with ``exec`` for the events of a race, is
    gone: a compiled build makes events as fast, and cannot compile a class it made.)"""
    import copy
    import pickle

    from gamenight.games.fliegen_klatschen.events import Slapped

    slapped = Slapped(2, 17, 812.5)
    assert copy.deepcopy(slapped) is slapped
    assert pickle.loads(pickle.dumps(slapped)) == slapped
