"""The checks every game shares, made once: a seat, a time, an action's type, an
action's text and a chance outcome's shape.

``GameState``'s public methods run these before a game's own hooks, so a game never
sees a seat that is no seat, a time that is no time, an action object of another class
or a chance outcome too deep to walk; and a new game gets them without writing them.
Each raises :class:`IllegalAction` with a message that says what was wrong.  The seat
and the time have fast paths inline in ``game.py`` (a simulation asks them about
100,000 times a second); these functions are the slow paths and the messages.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import reprlib
import types
import typing
from collections.abc import Iterable
from typing import Any

from gamenight.engine.errors import IllegalAction
from gamenight.engine.frozen import FrozenDict, FrozenList

#: The longest action text any game reads (the longest real one is about 30 characters).
MAX_ACTION_TEXT = 200
#: A chance outcome is JSON no deeper and no larger than these (the deepest real one,
#: Fluster's pads, is 3 deep; the largest, Fluster's 8 pads, about 450 values).
MAX_OUTCOME_DEPTH = 8
MAX_OUTCOME_VALUES = 10_000
MAX_OUTCOME_TEXT = 1_000
#: A position (``Game.from_position``) is a whole state: deeper and larger than an outcome.
MAX_POSITION_DEPTH = 16
MAX_POSITION_VALUES = 200_000
#: Whole numbers in a chance outcome fit in 64 bits (what any JSON reader keeps exactly).
_INT_LIMIT = 2**63

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlong = 40


def describe(value: Any) -> str:
    """A short text of any value for a message: never long, never raises (a message
    about garbage must not fail on the garbage)."""
    try:
        return _SHORT.repr(value)
    except Exception:  # a value whose repr fails is described by its type
        return f"<a {type(value).__name__}>"


def check_seat(seat: object, players: int) -> int:
    """``seat`` as a plain int if it is a seat of a ``players``-player game; otherwise
    IllegalAction.  A seat is a whole number 0 to players-1: not a bool (True is no
    seat 1), not a float, not a string."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return int(seat)
    raise IllegalAction(
        f"there is no seat {describe(seat)} in a {players}-player game "
        f"(seats are 0 to {players - 1})")


def check_time(at_ms: object) -> float:
    """``at_ms`` as a float if it is a time: a finite real number of milliseconds, 0 or
    more (not a bool, a string or a list); otherwise IllegalAction."""
    if type(at_ms) is float or type(at_ms) is int:
        number: object = at_ms
    elif isinstance(at_ms, numbers.Real) and not isinstance(at_ms, bool):
        number = at_ms
    else:
        raise IllegalAction(f"at_ms is a number of milliseconds, not {describe(at_ms)}")
    try:
        t = float(number)  # type: ignore[arg-type]
    except (OverflowError, ValueError, TypeError):
        t = math.inf
    if not math.isfinite(t) or t < 0:
        raise IllegalAction(f"at_ms is a time of 0 ms or more, not {describe(at_ms)}")
    return t + 0.0  # -0.0 is written 0.0


def check_action_text(text: object) -> str:
    """``text`` if it may be an action's text: a string of at most
    :data:`MAX_ACTION_TEXT` printable characters (spaces, but no tabs, line breaks or
    other control characters); otherwise IllegalAction."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, not {describe(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(f"an action's text is at most {MAX_ACTION_TEXT} characters, "
                            f"not {len(text)}")
    if not text.isprintable():
        raise IllegalAction(f"an action's text has no control characters: {describe(text)}")
    return str(text)


def check_outcome(outcome: object) -> None:
    """IllegalAction unless ``outcome`` is plain JSON a game could mean: None, bools,
    whole numbers of 64 bits, finite floats, strings of at most
    :data:`MAX_OUTCOME_TEXT` characters, lists and dicts with string keys, at most
    :data:`MAX_OUTCOME_DEPTH` deep and :data:`MAX_OUTCOME_VALUES` values in all.

    Walked without recursion, so an outcome nested thousands deep is refused, not a
    RecursionError.  Whether the outcome can happen now is the game's own check.
    """
    kind = type(outcome)
    if kind is int:  # the common cases first: a card, a die, a name
        if -_INT_LIMIT <= outcome < _INT_LIMIT:  # type: ignore[operator]
            return
    elif kind is str and len(outcome) <= MAX_OUTCOME_TEXT:  # type: ignore[arg-type]
        return
    check_json(outcome, "a chance outcome", MAX_OUTCOME_DEPTH, MAX_OUTCOME_VALUES)


def check_json(data: object, what: str, max_depth: int, max_values: int) -> None:
    """IllegalAction unless ``data`` is plain JSON of at most ``max_depth`` lists or
    objects deep and ``max_values`` values (see :func:`check_outcome`); ``what`` names it
    in the message."""
    values = 0
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        values += 1
        if values > max_values:
            raise IllegalAction(f"{what} has at most {max_values} values")
        kind = type(value)
        if kind is list or kind is dict or kind is FrozenList or kind is FrozenDict:
            # (A frozen list or dict is a view's read-only part: plain JSON too.)
            if depth >= max_depth:
                raise IllegalAction(
                    f"{what} is at most {max_depth} lists or objects deep")
            if kind is dict or kind is FrozenDict:
                items = value.items()  # type: ignore[attr-defined]
                if not all(type(key) is str for key, _ in items):
                    raise IllegalAction(f"{what}'s objects have text keys")
                stack.extend((item, depth + 1) for _, item in items)
            else:
                stack.extend((item, depth + 1) for item in value)  # type: ignore[attr-defined]
        elif kind is int:
            if not -_INT_LIMIT <= value < _INT_LIMIT:  # type: ignore[operator]
                raise IllegalAction(f"{what}'s whole numbers fit in 64 bits, "
                                    f"not {describe(value)}")
        elif kind is float:
            if not math.isfinite(value):  # type: ignore[arg-type]
                raise IllegalAction(f"{what}'s numbers are finite, not {value}")
        elif kind is str:
            if len(value) > MAX_OUTCOME_TEXT:  # type: ignore[arg-type]
                raise IllegalAction(
                    f"{what}'s texts are at most {MAX_OUTCOME_TEXT} characters")
        elif value is not None and kind is not bool:
            raise IllegalAction(f"{what} is plain JSON, not {describe(value)} "
                                f"(a {kind.__name__})")


#: A field's type as checked: the exact classes its value may have.
_Kinds = tuple[type, ...]
_CHECKED = (int, str, bool, float)


class ActionTypes:
    """The classes of a game's actions and the declared types of their fields.

    An action object of any other class is refused, and so is one whose field holds a
    value of another type than its class declares (``Call("A", True)`` is no call of
    number 1, although ``True == 1``): only fields declared as ``int``, ``str``,
    ``bool`` or ``float`` (or a union of them) are checked, by exact type, and a float
    field must be finite.  An empty set of classes checks nothing (the game's
    ``_verify`` does it all).
    """

    __slots__ = ("_fields", "names")

    def __init__(self, classes: Iterable[type]) -> None:
        self._fields: dict[type, tuple[tuple[str, _Kinds], ...]] = {}
        for cls in classes:
            self._fields[cls] = _checked_fields(cls)
        self.names = ", ".join(sorted(cls.__name__ for cls in self._fields))

    def __bool__(self) -> bool:
        return bool(self._fields)

    # Never changed once made: a copy is itself, and pickling makes it again from its
    # classes (compiled by mypyc, the default would make a blank one, which it cannot).
    def __copy__(self) -> ActionTypes:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionTypes:
        return self

    def __reduce__(self) -> tuple[type[ActionTypes], tuple[tuple[type, ...]]]:
        return ActionTypes, (tuple(self._fields),)

    def check(self, action: object, game_title: str) -> None:
        """IllegalAction unless ``action`` is of one of the classes, fields well typed."""
        fields = self._fields.get(type(action))
        if fields is None:
            if not self._fields:
                return
            raise IllegalAction(f"{describe(action)} is no {game_title} action (an action "
                                f"is one of: {self.names}; parse_action reads a text)")
        for name, kinds in fields:
            value = getattr(action, name, _MISSING)
            kind = type(value)
            if kind not in kinds or (kind is float and not math.isfinite(value)):  # type: ignore[arg-type]
                wanted = " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)
                raise IllegalAction(f"a {type(action).__name__}'s {name} is {wanted}, "
                                    f"not {describe(value)}")


_MISSING = object()
_KIND_NAMES = {int: "a whole number", str: "a text", bool: "true or false",
               float: "a finite number"}


def _checked_fields(cls: type) -> tuple[tuple[str, _Kinds], ...]:
    if not dataclasses.is_dataclass(cls):
        return ()
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        hint = hints.get(f.name)
        kinds = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        if kinds and all(k in _CHECKED for k in kinds):
            out.append((f.name, tuple(k for k in kinds if isinstance(k, type))))
    return tuple(out)
