"""Read-only JSON: what the parts of views that several views share are made of.

A game builds its views fast by making the parts every seat sees alike once (per step,
or for as long as the cards lie there) and handing the same objects to every view.  A
view is the seat's own, though: an agent that appends to a list in its observation must
not append to every other seat's.  So a shared part is frozen when it is made:
:func:`freeze` turns plain JSON into :class:`FrozenList` and :class:`FrozenDict`, whose
every way of changing them in place raises :class:`ReadOnlyViewError` (a ``TypeError``, as
changing a tuple does).  A seat that wants to change its view copies it (``list(part)``,
``dict(part)``, or :func:`thaw` for a plain copy all the way down).

Being a ``list`` and a ``dict``, they are still plain JSON to everything that reads
them: they compare equal to plain lists and dicts, ``json.dumps`` writes them, JSON
Schema and pydantic take them, and they pickle (Ray and multiprocessing send views) and
``copy`` (a copy of something that cannot change is itself, as for a tuple).

This guards against mistakes, not malice: ``list.append(part, x)`` or
``part.__init__(...)`` still change one.

Where a shared part is made at every step, a game may build it of frozen containers
directly (``FrozenList(...)`` costs what ``list(...)`` does, and keeps its items as they
are, so they must be scalars or frozen too); :func:`freeze` returns what is frozen
already as it is.  ``tests/engine/test_views_are_own.py`` checks every game's views.
"""

from __future__ import annotations

from typing import Any, NoReturn, SupportsIndex, TypeVar

T = TypeVar("T")

#: Values kept as they are: nothing in them can change.
_SCALARS = frozenset((int, float, str, bool, type(None)))


class ReadOnlyViewError(TypeError):
    """Something tried to change a frozen part of a view in place."""


def _refusal(kind: str, name: str) -> Any:
    """A method that refuses: ``kind.name`` would change a frozen container."""

    def refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
        raise ReadOnlyViewError(f"a view is read-only: copy it to change it ({kind}.{name})")

    refuse.__name__ = refuse.__qualname__ = name
    return refuse


class _Unchanging:
    """What frozen containers share: a copy of something that cannot change is itself
    (as for a tuple), all the way down, and pickling goes through ``__reduce__`` (the
    containers' own pickling fills an empty one, which they refuse)."""

    __slots__ = ()

    def __copy__(self: T) -> T:
        return self

    def __deepcopy__(self: T, memo: dict[int, Any]) -> T:
        return self  # frozen all the way down (as made): nothing in it can change either

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        return self.__reduce__()


class FrozenList(_Unchanging, list[Any]):
    """A list that cannot be changed in place.

    ``FrozenList(items)`` is made as fast as ``list(items)`` (a view's table is made at
    every step), and keeps its items as they are: scalars, or parts frozen already;
    :func:`freeze` makes one of plain JSON, all the way down.  Reading it is a list's
    reading (the same C code); ``copy()``, ``+``, ``*`` and slices give plain lists.
    """

    __slots__ = ()

    append = _refusal("list", "append")
    extend = _refusal("list", "extend")
    insert = _refusal("list", "insert")
    pop = _refusal("list", "pop")
    remove = _refusal("list", "remove")
    clear = _refusal("list", "clear")
    sort = _refusal("list", "sort")
    reverse = _refusal("list", "reverse")
    __setitem__ = _refusal("list", "__setitem__")
    __delitem__ = _refusal("list", "__delitem__")
    __iadd__ = _refusal("list", "__iadd__")
    __imul__ = _refusal("list", "__imul__")

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return FrozenList, (list(self),)


class FrozenDict(_Unchanging, dict[str, Any]):
    """A dict that cannot be changed in place.

    ``FrozenDict(...)`` takes what ``dict(...)`` takes, as fast, and keeps the values
    as they are: scalars, or parts frozen already (``FrozenDict(part, key=value)`` is a
    part made before with a key changed); :func:`freeze` makes one of plain JSON, all
    the way down.  Reading it is a dict's reading; ``copy()`` and ``|`` give plain
    dicts.
    """

    __slots__ = ()

    __setitem__ = _refusal("dict", "__setitem__")
    __delitem__ = _refusal("dict", "__delitem__")
    __ior__ = _refusal("dict", "__ior__")
    clear = _refusal("dict", "clear")
    pop = _refusal("dict", "pop")
    popitem = _refusal("dict", "popitem")
    setdefault = _refusal("dict", "setdefault")
    update = _refusal("dict", "update")

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[str, Any]]]:
        return FrozenDict, (dict(self),)


#: What a frozen container keeps as it is: scalars, and what is frozen already.
_KEPT = _SCALARS | {FrozenList, FrozenDict}


def freeze(value: T) -> T:
    """``value`` (plain JSON) with every list and dict in it made read-only: the same
    data, to share between views.  What is frozen already is returned as it is, so a
    part made of parts frozen before costs only its own level; a tuple's items are
    frozen in a tuple."""
    # Made at a fill of a view cache (as often as a table per step): the common cases
    # first; a list of nothing to freeze (its items' types told apart in C) is copied as
    # it is, without a call of its own.
    kind = type(value)
    plain: Any = value
    if kind is dict:
        values = {}
        for key, item in plain.items():
            item_kind = type(item)
            if item_kind not in _KEPT:
                item = (FrozenList(item) if item_kind is list
                        and _KEPT.issuperset(map(type, item)) else freeze(item))
            values[key] = item
        return FrozenDict(values)  # type: ignore[return-value]
    if kind is list:
        return FrozenList(plain if _KEPT.issuperset(map(type, plain)) else  # type: ignore[return-value]
                          [item if type(item) in _KEPT else freeze(item) for item in plain])
    if kind in _KEPT:
        return value
    if isinstance(value, dict):  # a dict or list of another kind: as a plain one
        return freeze(dict(plain))  # type: ignore[return-value]
    if isinstance(value, list):
        return freeze(list(plain))  # type: ignore[return-value]
    if kind is tuple:
        return tuple([freeze(v) for v in value])  # type: ignore[attr-defined, return-value]
    return value


def thaw(value: Any) -> Any:
    """A plain copy of JSON, frozen or not, all the way down: lists and dicts of its own
    that its holder may change (tuples become lists, as JSON has them)."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value
