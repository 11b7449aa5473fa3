"""Caches: what the rules and views make again and again, made once and kept here.

A game's rules say what happens; how often the same thing is built is this module's
business, so that a ``rules.py`` reads as its rulebook's flow and every cache in the
project is one of the few kinds below, each with the reason it is safe.  A simulation
asks for the same things many times a step (who acts, a seat's view, an event that
takes few values), and building them is most of its time: a frozen dataclass costs
1-2 us to make, a look-up here 0.05-0.3 us (docs/speed.md, "Where caching lives").

Two kinds of cache, for two kinds of value:

* **Values made once for good** (:func:`made_once`, :func:`latest`): a function of its
  arguments alone whose answers never change (a frozen event, an ``Acting``, the
  colours a centre allows), remembered by its arguments for every game in the process.
  Sharing an answer is safe because nothing can change it: the function must return
  a frozen value (a frozen dataclass, a tuple, a frozenset).  :func:`made_once` keeps
  every answer (for a function of few distinct arguments: a game's events of a seat
  and a card); :func:`latest` keeps the latest ``n`` (where the arguments take many
  values: centres, sets of numbers used up).

* **A state's view parts** (:class:`Memo`): what a state's views show alike, made once
  and handed to every view that shows it (the table all seats see at a step, a seat's
  hand while it holds the same cards).  Each state has a memo of its own, kept as one
  attribute, and its clone a copy.  What a memo keeps is frozen when it is made
  (``engine.frozen.freeze``), so no seat's view can change another's
  (``tests/engine/test_views_are_own.py``); an entry is made again when what it was made
  from has changed:

  - :meth:`Memo.of_step` keeps a part for one step of the game (the history's latest
    entry, by identity: an entry is never reused, so a step taken back and taken
    again, or a rewritten history, is a new step).  Only for what changes with a step
    and nothing else: a state changed by hand between steps (a test laying out a
    table) shows it at the next step.
  - :meth:`Memo.kept` keeps a part for as long as what it is made from (a source: the
    cards of a hand, the fact of the last turn) is the same, whatever the steps: a
    table laid out by hand is never shown stale.

A memo holds nothing of the game, only what can be made again from it: two memos are
equal whatever they hold, so states compared field by field (a resample against its
replay) compare alike with different caches.

Everything here is plain typed Python, for the interpreter, Cython and mypyc alike
(no code made at run time, no ``__dict__``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ParamSpec, TypeVar, cast

from gamenight.engine.frozen import FrozenDict, FrozenList, freeze

P = ParamSpec("P")
T = TypeVar("T")
S = TypeVar("S")


def made_once(make: Callable[P, T]) -> Callable[P, T]:
    """``make``, each distinct answer made once and then shared (every answer is kept).

    For a function of a few distinct arguments whose answer is frozen: a game's
    frequent events (``revealed = made_once(Revealed)``, then ``revealed(seat, card)``),
    who acts (``engine.game.turn_of``).  An event is frozen and nothing but its fields,
    so two equal events may be one object (a cloned game already shares its events).
    The arguments must be hashable; keyword and positional calls are kept apart, so
    call each one way.
    """
    return cast(Callable[P, T], functools.cache(make))


def latest(n: int) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """A decorator: the function's answers for the latest ``n`` arguments remembered.

    For a pure function whose arguments take too many values to keep every answer
    (a centre of cards, a set of numbers used up), asked again and again for the same
    ones while a game stays put (a hunt over one centre, a turn's calls).  Its answers
    are shared: they must be frozen.  ``n`` stays small where the answers are big: a
    kept answer is walked by every full pass of the garbage collector.
    """

    def remember(make: Callable[P, T]) -> Callable[P, T]:
        return cast(Callable[P, T], functools.lru_cache(maxsize=n)(make))

    return remember


class Memo:
    """One state's view parts, each made once and shared by every view that shows it.

    ``memo.of_step(history, key, make)`` is ``make()`` made once per step;
    ``memo.kept(key, source, make)`` is ``make(source)`` made once for as long as
    ``source`` is the same.  Both freeze what they make.  A state keeps its memo as
    one attribute, copied by its clone (``flat_when_cloned``: a copy holds the same
    entries, each valid for the copy as for the original, and the two fill their own
    from then on).
    """

    __slots__ = ("_made",)

    def __init__(self) -> None:
        # key -> (what the part was made from: a step or a source, the part)
        self._made: dict[Hashable, tuple[object, Any]] = {}

    def of_step(self, history: Sequence[object], key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, frozen, made once at the step ``history`` has reached (its
        latest entry, by identity) and shared by everything asked at that step."""
        at = history[-1] if history else None
        made = self._made.get(key)
        if made is not None and made[0] is at:
            return cast(T, made[1])
        part = _frozen(make())
        self._made[key] = (at, part)
        return part

    def kept(self, key: Hashable, source: S, make: Callable[[S], T]) -> T:
        """``make(source)``, frozen, made once and shared for as long as ``key``'s source
        is ``source`` (the same object, or an equal one)."""
        made = self._made.get(key)
        if made is not None and (made[0] is source or made[0] == source):
            return cast(T, made[1])
        part = _frozen(make(source))
        self._made[key] = (source, part)
        return part

    def last(self, key: Hashable) -> Any:
        """The part made last for ``key``, at whatever step or from whatever source
        (None if none was): to build the next one from, where little has changed."""
        made = self._made.get(key)
        return None if made is None else made[1]

    def forget(self) -> None:
        """Drop every part (they are made again when asked)."""
        self._made.clear()

    def copy(self) -> Memo:
        """A memo holding the same parts (frozen, so shared), filled on its own from now."""
        twin = Memo()
        twin._made = self._made.copy()
        return twin

    def __copy__(self) -> Memo:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Memo:
        return self.copy()  # its parts are frozen all the way down: shared, as copies

    def __eq__(self, other: object) -> bool:
        """Any two memos are alike: they hold nothing of the game (see the module)."""
        return isinstance(other, Memo)  # (and so, with __eq__ its own, not hashable)

    def __repr__(self) -> str:
        return f"Memo({len(self._made)} parts)"


def _frozen(part: T) -> T:
    """``freeze(part)``, with a part made frozen already (of ``FrozenDict`` or
    ``FrozenList``: a game that builds a part it makes often of frozen containers)
    taken as it is without the call: ``freeze`` is interpreted (its containers subclass
    ``dict`` and ``list``, which mypyc cannot compile), this check compiled."""
    kind = type(part)
    if kind is FrozenDict or kind is FrozenList:
        return part
    return freeze(part)
