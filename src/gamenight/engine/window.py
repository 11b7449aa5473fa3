"""Reaction windows: races where every seat acts at its own time offset.

A window opens at a known instant (time 0).  Each seat acts with ``at_ms``, its offset
from that instant.  Entries are kept in time order whatever order they arrive in, so
the result depends only on times and targets -- never on which message came first.
The window closes when every seat has finished (acted fully or passed), or at the
deadline, when the seats still open pass.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from gamenight.engine.checks import check_time
from gamenight.engine.errors import IllegalAction
from gamenight.engine.game import Acting, window_of


class Entry(NamedTuple):
    """One timed action in a window, ordered by time, then by the window's seat priority,
    then (for one seat's actions at the very same instant) by a tie key the game gives
    (the action's text unless it gives one).

    A named tuple (a hand in a race is one per step, and a frozen dataclass's
    ``__init__`` costs ten times a tuple's): its first four fields are the sort key,
    which the window keeps in order itself (:meth:`ReactionWindow.add`), so the action
    never takes part in ordering."""

    at_ms: float
    priority: int
    seat: int
    tie: Any
    action: Any


#: ``_new_entry(Entry, fields)``: an Entry without a Python call of its generated
#: ``__new__`` (one per hand in a race).
_new_entry: Callable[[type[Entry], tuple[float, int, int, Any, Any]], Entry] = tuple.__new__


class ReactionWindow:
    """The bookkeeping of one reaction window; the game decides what entries mean."""

    __slots__ = ("_keys", "_priority", "acting", "deadline_ms", "entries", "finished",
                 "pending", "seats")

    def __init__(
        self, seats: Sequence[int], deadline_ms: float, priority: Sequence[int] | None = None
    ) -> None:
        self.seats = tuple(seats)
        self.deadline_ms = float(deadline_ms)
        # Exact ties in time are broken by seat priority (a fixed, documented order), so
        # that a tie never depends on arrival order.
        self._priority = list(priority) if priority is not None else list(range(max(seats) + 1))
        self.entries: list[Entry] = []
        # Each entry's sort key (its compared fields, as a tuple), in the same order:
        # bisecting plain tuples finds the place Entry's own ordering would, without a
        # call of the dataclass's generated comparison per step of the search.
        self._keys: list[tuple[float, int, int, Any]] = []
        # Seat -> the time it finished (its last hand, or its pass): a view at a moment
        # shows as still acting the seats that had not finished by then.
        self.finished: dict[int, float] = {}
        # The seats that may still act, kept as they finish (a plain attribute, not a
        # property: the game asks for it at every step of a race, through acting()).
        # Read-only to everyone but finish().
        self.pending: tuple[int, ...] = self.seats
        # Who acts in the window now (``Acting("window", pending, deadline_ms)``, made
        # once: ``engine.memo``), kept with ``pending``: the game's acting() gives it.
        self.acting: Acting = window_of(self.pending, self.deadline_ms)

    def __deepcopy__(self, memo: dict[int, Any]) -> ReactionWindow:
        """A copy as independent as a deep one, of its lists and the dict of who
        finished: the seats, entries and keys in them are tuples, never changed, and the
        priority is never changed (a search clones a state in a race at every step).
        Made by the constructor (a class compiled by mypyc cannot be made without it),
        then given the copies."""
        twin = ReactionWindow(self.seats, self.deadline_ms, self._priority)
        twin.entries, twin._keys = self.entries.copy(), self._keys.copy()
        twin.finished, twin.pending, twin.acting = self.finished.copy(), self.pending, self.acting
        return twin

    def check_time(self, at_ms: float | None) -> float:
        """The time as a float; IllegalAction if it is missing, not a time (see
        ``checks.check_time``) or after the deadline."""
        if at_ms is None:
            raise IllegalAction("an action in a reaction window needs its time at_ms")
        t = check_time(at_ms)
        if t > self.deadline_ms:
            raise IllegalAction(
                f"too late: {t:.0f} ms is after the window's deadline of {self.deadline_ms:.0f} ms"
            )
        return t

    def is_open_for(self, seat: int) -> bool:
        return seat in self.seats and seat not in self.finished

    def pending_at(self, at_ms: float | None) -> tuple[int, ...]:
        """Seats that could still act at the moment ``at_ms`` (all that may now, for
        None): those that had not finished by then."""
        finished = self.finished
        if at_ms is None or not finished:  # asked at every bot's every look: quickly
            return self.pending
        return tuple([s for s in self.seats if s not in finished or finished[s] > at_ms])

    @property
    def closed(self) -> bool:
        return len(self.finished) >= len(self.seats)

    def add(self, seat: int, action: Any, at_ms: float, tie: Any = None) -> Entry:
        """Add a timed action; ``tie`` orders one seat's actions at the same instant."""
        key = (at_ms, self._priority[seat], seat, str(action) if tie is None else tie)
        entry = _new_entry(Entry, (*key, action))
        place = bisect.bisect_right(self._keys, key)  # after equal ones, as insort does
        self._keys.insert(place, key)
        self.entries.insert(place, entry)
        return entry

    def finish(self, seat: int, at_ms: float) -> None:
        """``seat`` is done acting in this window, from ``at_ms`` on."""
        finished = self.finished
        finished[seat] = at_ms
        self.pending = tuple([s for s in self.seats if s not in finished])
        self.acting = window_of(self.pending, self.deadline_ms)

    def until(self, at_ms: float | None) -> Iterable[Entry]:
        """Entries at or before ``at_ms`` (all of them for None): the window as seen then."""
        if at_ms is None:
            return iter(self.entries)
        return (e for e in self.entries if e.at_ms <= at_ms)

    @property
    def clock_ms(self) -> float:
        """The time of the latest entry (0 before any)."""
        return max((e.at_ms for e in self.entries), default=0.0)
