"""What happens at the table, as events: each step returns its events, the narration is
made of them, and everything at a FLY table is public (every seat sees every event
whole)."""

from __future__ import annotations

import json
import random

from gamenight.engine.events import Event
from gamenight.games.fly import GAME
from gamenight.games.fly.actions import Drop
from gamenight.games.fly.events import (
    EVENT_TYPES,
    FliesCollected,
    GameOver,
    SwatterDropped,
    SwatterLanded,
    SwatterPassed,
    TableConsolidated,
    TableLaidOut,
)
from gamenight.games.fly.table import consolidate
from gamenight.sim.random_play import random_playout
from tests.games.fly.fly_table import fly_at, laid_out, land, order_with


def test_the_shuffled_table_is_laid_out_9_by_3() -> None:
    state = GAME.new(2, seed=3)
    events = state.apply_chance(list(range(27))[::-1])
    assert events == [TableLaidOut(tuple(range(27))[::-1])]
    assert state.narration() == ["The table is laid out: 9 x 3 cards, the box beside row 1."]


def test_a_drop_that_covers_no_fly_lands_and_passes_the_swatter_to_the_left() -> None:
    state = laid_out(players=3)
    assert state.apply(0, Drop.aim(0.0, 0.0, 45)) == [SwatterDropped(0, 0.0, 0.0, 45)]
    events = state.apply_chance("0.0000 0.0000 45.00")
    assert events == [SwatterLanded(0, 0.0, 0.0, 45.0, ()), SwatterPassed(1)]
    assert state.narration()[-2:] == [
        "Seat 0 drops the swatter aimed at (0.00, 0.00) turned 45 degrees.",
        "It lands at (0.00, 0.00), 45 degrees, covering no fly completely."]


def test_flies_covered_are_collected_then_the_voids_filled_card_by_card() -> None:
    """Two flies one above the other: seat 0 collects both (its points and flies now in
    the event), then the table consolidates with the moves the rules make."""
    state = laid_out(players=2, order=order_with({3: 12, 12: 23}))
    (x1, y1), (x2, y2) = fly_at(state, 3), fly_at(state, 12)
    before = list(state.table)
    land(state, (x1 + x2) / 2, (y1 + y2) / 2, 0.0)
    dropped, landed, collected, consolidated, passed = state.events[-5:]
    assert isinstance(dropped, SwatterDropped) and dropped.seat == 0
    assert isinstance(landed, SwatterLanded) and landed.covered == (12, 23)
    assert collected == FliesCollected(0, (12, 23), points=0, flies=2)
    assert consolidated == TableConsolidated(tuple(consolidate(before, [3, 12])[1]))
    assert passed == SwatterPassed(1)
    assert state.narration()[-1].endswith(
        "covering blue diamond, purple triangle: seat 0 collects them.")
    # As JSON, a move is [card, kind, [row, column], [row, column]].
    assert consolidated.to_json()["moves"][0] == [3, "slide", [0, 4], [0, 3]]


def test_the_last_fly_ends_the_game_and_says_why() -> None:
    state = laid_out(players=2, order=[0, 25, 26, *range(1, 25)])
    state.table = [0, 25, 26]
    state._place_flies()
    state.collected = [list(range(1, 13)), list(range(13, 25))]
    land(state, 0.5, 1.5, 0.0)
    over = state.events[-1]
    assert over == GameOver("only-blanks-left", (13, 12), (0,))
    assert over.ends_game and not isinstance(state.events[-2], SwatterPassed)
    assert state.narration()[-1] == "Only the two blank cards remain: the game is over."
    out = state.outcome()
    assert out is not None and out.reason == "only-blanks-left"


def test_the_safety_cap_ends_the_game_and_says_so() -> None:
    state = laid_out(players=2, max_drops=2)
    for _ in range(2):
        land(state, 8.5, 8.9, 0.0)  # the very bottom edge: covers nothing
    assert state.events[-1] == GameOver("cap", (0, 0), (0, 1))
    assert state.narration()[-1] == "The safety cap on drops ended the game."
    out = state.outcome()
    assert out is not None and out.reason == "cap" and out.truncated


def test_every_event_of_a_game_is_public_and_listed_and_plain_json() -> None:
    state = GAME.new(3, seed=8)
    random_playout(state, random.Random(8))
    kinds = {type(e) for e in state.events}
    assert kinds == set(EVENT_TYPES)  # a whole game shows every kind
    for event in state.events:
        assert all(event.seen_by(seat) is event for seat in (None, 0, 1, 2))
        data = event.to_json()
        assert json.loads(json.dumps(data)) == data and data["event"] == type(event).__name__
    assert sum(isinstance(e, SwatterDropped) for e in state.events) == state.drops
    # The narration is the events' own lines: two for each drop, and the first and last.
    assert len(state.narration()) == 2 + 2 * state.drops
    assert all(issubclass(kind, Event) for kind in EVENT_TYPES)


def test_the_flies_each_seat_collected_add_up_to_what_it_holds() -> None:
    state = GAME.new(4, seed=5)
    random_playout(state, random.Random(5))
    for seat in range(4):
        won = [e for e in state.events if isinstance(e, FliesCollected) and e.seat == seat]
        assert [c for e in won for c in e.cards] == state.collected[seat]
        if won:
            assert (won[-1].points, won[-1].flies) == (state.view(None)["scores"][seat],
                                                       len(state.collected[seat]))
