"""Two states compared as a search must find them alike: for a cheap path (a resample or
clone by copy) checked against its definition (a replay)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from gamenight.engine import GameState
from gamenight.engine.game import cloned_parts


def attribute_names(value: object) -> list[str]:
    """The names of every attribute ``value`` has, in the order they were defined: its
    ``__dict__``'s and its classes' slots, and where a class is compiled by mypyc (no
    ``__dict__``, no ``__slots__``), the attributes the compiler gave it; an uncompiled
    subclass of a compiled class (the sixth game's state) has some of each."""
    names = list(vars(value)) if hasattr(value, "__dict__") else []
    for kind in type(value).__mro__:
        for name in (*getattr(kind, "__slots__", ()), *getattr(kind, "__mypyc_attrs__", ())):
            if name not in names and name not in ("__dict__", "__weakref__"):
                names.append(name)
    return [name for name in names if hasattr(value, name)]


def attributes(state: GameState[Any]) -> set[str]:
    """The names of every attribute ``state`` has (:func:`attribute_names`)."""
    return set(attribute_names(state))


def state_fields(state: GameState[Any], caches: Collection[str] = ()) -> dict[str, Any]:
    """Every attribute of ``state`` but its ``caches`` (worked out again when asked, so
    a copy may hold them or not), with the generator's state and the history as tuples.
    The attributes are those its clone is made of (``cloned_parts``), which must be all
    it has."""
    names = cloned_parts(type(state))
    assert attributes(state) == set(names), "the state's attributes are not its clone's"
    # The events as read: those told with ``emit_new`` are made now, so that a state
    # whose events were read and one whose were not compare as the same events.
    state.events  # noqa: B018
    found = {key: getattr(state, key) for key in names if key not in caches}
    found["rng"] = state.rng.getstate()
    found["history"] = [tuple(step) for step in state.history]
    return found


def assert_same_state(new: GameState[Any], old: GameState[Any],
                      caches: Collection[str] = ()) -> None:
    """``new`` and ``old`` alike in every field, in what they show every seat and
    spectator, in each seat's legal actions and form of every event."""
    assert state_fields(new, caches) == state_fields(old, caches)
    assert new.snapshot() == old.snapshot()
    assert new.digest() == old.digest()
    assert new.events == old.events
    assert new.acting() == old.acting()
    assert new.outcome() == old.outcome()
    for seat in [None, *range(new.players)]:
        assert new.view(seat) == old.view(seat)
        if seat is not None:
            assert new.legal_actions(seat) == old.legal_actions(seat)
            assert ([event.seen_by(seat) for event in new.events]
                    == [event.seen_by(seat) for event in old.events])
