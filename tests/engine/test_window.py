from __future__ import annotations

import itertools

import pytest

from gamenight.engine import IllegalAction
from gamenight.engine.window import ReactionWindow


def test_entries_are_in_time_order_whatever_the_arrival_order() -> None:
    timed = [(0, "a", 300.0), (1, "b", 120.0), (2, "c", 120.0), (0, "d", 5.0)]
    orders = set()
    for perm in itertools.permutations(timed):
        w = ReactionWindow(range(3), 1000)
        for seat, action, t in perm:
            w.add(seat, action, t)
        orders.add(tuple((e.seat, e.action) for e in w.entries))
    assert orders == {((0, "d"), (1, "b"), (2, "c"), (0, "a"))}


def test_exact_ties_follow_the_seat_priority() -> None:
    w = ReactionWindow(range(3), 1000, priority=[2, 0, 1])
    w.add(0, "x", 50.0)
    w.add(2, "y", 50.0)
    w.add(1, "z", 50.0)
    assert [e.seat for e in w.entries] == [1, 2, 0]


@pytest.mark.parametrize("bad", [None, -1.0, float("nan"), float("inf"), 1000.5])
def test_times_outside_the_window_are_refused(bad: float | None) -> None:
    w = ReactionWindow(range(2), 1000)
    with pytest.raises(IllegalAction):
        w.check_time(bad)


def test_view_at_a_moment_shows_only_earlier_entries() -> None:
    w = ReactionWindow(range(2), 1000)
    w.add(0, "early", 100.0)
    w.add(1, "late", 400.0)
    assert [e.action for e in w.until(250.0)] == ["early"]
    assert [e.action for e in w.until(None)] == ["early", "late"]
    assert w.clock_ms == 400.0


def test_window_closes_when_every_seat_has_finished() -> None:
    w = ReactionWindow(range(2), 1000)
    w.finish(0, 10.0)
    assert w.pending == (1,) and not w.closed
    w.finish(1, 20.0)
    assert w.closed


def test_an_entry_reads_by_name_and_ties_keep_the_arrival_order() -> None:
    # Entries are named tuples (speed, issue 18); the window orders them by time,
    # priority, seat and tie only, and exact equals stay in the order they came.
    w = ReactionWindow(range(2), 1000)
    w.add(0, "first", 10.0, tie=0)
    w.add(0, "second", 10.0, tie=0)
    w.add(1, "early", 5.0)
    assert [(e.at_ms, e.seat, e.action) for e in w.entries] == [
        (5.0, 1, "early"), (10.0, 0, "first"), (10.0, 0, "second")]
