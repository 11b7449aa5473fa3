"""One seat's form of a game: what that seat saw, step by step, and nothing else.

A game's history holds everything: chance outcomes, every seat's secret choices and their
times.  A seat saw far less.  For each step it saw what the step itself showed it (the
game decides, in :meth:`GameState.seen_step`: its own actions whole, others' public
actions whole, of a secret choice only that it was made) and then its view of the state
after the step, where whatever the step revealed to it shows.  This module plays a
history and gives that form of each step, with the lines of the story the seat was told
of it (its form of the step's events); :func:`gamenight.record.redact` writes it as a
redacted record.

A view is the whole present, and most of it is the same after a step as before, so a
redacted record holds the seat's view once, as the game was set up, and after each step
only what changed in it (:func:`changes`; :func:`apply_changes` makes the next view from
the last): repeating the whole view at every step made a seat's record some 12 to 70
times the size of the full record (``docs/security.md``, "Redacted records").

It plays the history with chance outcomes as given, never checking them against the seed,
so that any history can be redacted, a state's twin from :meth:`GameState.resample`
included: the leak property test (``tests/engine/test_redaction.py``) checks that twins
which differ only in what the seat may not know give byte-identical redactions.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from typing import Any

from gamenight.engine import GameState, Step
from gamenight.engine.checks import check_seat
from gamenight.engine.events import narration
from gamenight.engine.frozen import thaw
from gamenight.engine.game import JSON


def seen_steps(start: GameState[Any], steps: Iterable[Step],
               seat: int) -> Iterator[dict[str, JSON]]:
    """Play ``steps`` on ``start`` (a game at its beginning, changed in place), chance
    outcomes as given, and yield after each step what ``seat`` saw of it:
    ``{"step": <the seat's form of the step>, "lines": <the story it was told of it>,
    "view": <its view after it>}``, where ``"step"`` is left out for a step the seat saw
    nothing of (a chance outcome) and ``"lines"`` for a step that told it nothing.

    Raises IllegalAction where a step cannot be taken (so a history that does not play
    is never half redacted silently: the caller sees the error).
    """
    check_seat(seat, start.players)
    for step in steps:
        acting = start.acting()
        if step.seat is None:
            events = start.apply_chance(copy.deepcopy(step.value))
        else:
            events = start.apply_text(step.seat, step.value, step.at_ms)
        entry: dict[str, JSON] = {}
        seen = start.seen_step(step, seat, acting)
        if seen is not None:
            entry["step"] = seen
        # The lines as anyone reads them ("Seat 2 takes..."), from the seat's form of
        # each event (``Event.seen_by``): what its table's log told it.
        lines: list[JSON] = list(narration(list(events), seat))
        if lines:
            entry["lines"] = lines
        entry["view"] = start.view(seat)
        yield entry


def redacted_history(state: GameState[Any], seat: int) -> list[dict[str, JSON]]:
    """``seat``'s form of every step of ``state``'s history (see :func:`seen_steps`),
    played on a new game with ``state``'s setup; ``state`` itself is not changed."""
    start = state.game.new(state.players, state.seed, **state.options)
    return list(seen_steps(start, state.history, seat))


# -- what changed from one view to the next -----------------------------------------------
#: One change to a view: ``[path, value]`` sets what ``path`` names to ``value`` (an
#: object's member, added or replaced; a list's item, replaced, or appended when its index
#: is the list's length), ``[path]`` removes it (a list's later items move down one).
#: ``path`` is a JSON Pointer (RFC 6901): "" is the whole view, "/hand/2" the third item
#: of its member "hand", "~1" and "~0" stand for "/" and "~" in a member's name.
Change = list[JSON]


def changes(before: JSON, after: JSON) -> list[Change]:
    """What changed from ``before`` to ``after`` (JSON values), as the fewest changes this
    simple walk finds: ``apply_changes(before, changes(before, after))`` equals ``after``
    exactly, as canonical JSON (a 1 never stands for a 1.0 or a true)."""
    found: list[Change] = []
    _walk(before, after, "", found)
    return found


def apply_changes(view: JSON, made: Iterable[Change]) -> JSON:
    """``view`` (plain JSON, not a game's frozen view) with ``made`` carried out in order,
    changed in place where it can be (the path "" sets the whole view: the view is
    returned); a value set is copied, so that a later change never reaches back into
    ``made``.  ValueError naming the change where a path does not lead to anything, or
    a change is not ``[path]`` or ``[path, value]``."""
    for change in made:
        if not isinstance(change, list) or len(change) not in (1, 2) \
                or not isinstance(change[0], str):
            raise ValueError(f"a change is [path] or [path, value], not {change!r:.60}")
        path = change[0]
        if path == "":
            if len(change) == 1:
                raise ValueError("the whole view cannot be removed")
            view = thaw(change[1])
            continue
        if not path.startswith("/"):
            raise ValueError(f"a path starts with '/', not {path!r:.60}")
        *parents, last = [_unescape(part) for part in path[1:].split("/")]
        place = view
        for part in parents:
            place = _item(place, part, path)
        _change(place, last, change[1:], path)
    return view


def _walk(before: JSON, after: JSON, path: str, found: list[Change]) -> None:
    if _same(before, after):
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for name in before:
            if name not in after:
                found.append([f"{path}/{_escape(name)}"])
        for name, value in after.items():
            inner = f"{path}/{_escape(name)}"
            if name in before:
                _walk(before[name], value, inner, found)
            else:
                found.append([inner, value])
        return
    if isinstance(before, list) and isinstance(after, list):
        gone = len(before) - len(after)
        if gone > 0:  # items left the list: remove them where the rest line up best
            at = _best_cut(before, after, gone)
            found.extend([f"{path}/{at}"] for _ in range(gone))
            before = before[:at] + before[at + gone:]
        for index, (old, new) in enumerate(zip(before, after, strict=False)):
            _walk(old, new, f"{path}/{index}", found)
        found.extend([f"{path}/{index}", after[index]]
                     for index in range(len(before), len(after)))
        return
    found.append([path, after])


def _best_cut(before: list[JSON], after: list[JSON], gone: int) -> int:
    """Where ``gone`` items were taken out of ``before`` to leave a list most like
    ``after``, item by item: a card taken from the middle of a row, the cards after it
    moving up, is one removal and a few changed members, not every later card again."""
    # like[i]: how alike before[i] and after[i] are; moved[i]: before[i + gone], after[i].
    like = [_likeness(old, new) for old, new in zip(before, after, strict=False)]
    moved = [_likeness(before[i + gone], after[i]) for i in range(len(after))]
    best, best_score = len(after), sum(like)  # at the end by default: nothing moves
    score = best_score
    for at in range(len(after) - 1, -1, -1):
        score += moved[at] - like[at]
        if score > best_score:
            best, best_score = at, score
    return best


def _likeness(a: JSON, b: JSON) -> float:
    """1 for the same value; for two objects, the share of members they have alike."""
    if _same(a, b):
        return 1.0
    if isinstance(a, dict) and isinstance(b, dict):
        return sum(_same(value, b[name]) for name, value in a.items()
                   if name in b) / max(len(a), len(b))
    return 0.0


def _same(a: JSON, b: JSON) -> bool:
    """Equal as JSON: of one kind (Python's 1 == 1.0 == True are three JSON values; a
    view's frozen list is a list), and floats written alike (0.0 and -0.0 are two)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(
            _same(value, b[name]) for name, value in a.items())
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(
            _same(x, y) for x, y in zip(a, b, strict=True))
    if type(a) is not type(b):  # scalars are never subclassed in a view
        return False
    if isinstance(a, float):
        return repr(a) == repr(b)
    return bool(a == b)


def _escape(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


def _index(items: list[JSON], part: str, path: str, *, end: bool = False) -> int:
    """The list index ``part`` names (up to the list's length with ``end``)."""
    if not part.isascii() or not part.isdigit() or (part != "0" and part.startswith("0")):
        raise ValueError(f"{path!r:.60} names a list's item by {part!r:.20}, not a number")
    index = int(part)
    if index > len(items) or (index == len(items) and not end):
        raise ValueError(f"{path!r:.60} names item {index} of a list of {len(items)}")
    return index


def _item(place: JSON, part: str, path: str) -> JSON:
    if isinstance(place, dict):
        if part not in place:
            raise ValueError(f"{path!r:.60} names a member {part!r:.20} that is not there")
        return place[part]
    if isinstance(place, list):
        return place[_index(place, part, path)]
    raise ValueError(f"{path!r:.60} leads into a value that is neither object nor list")


def _change(place: JSON, last: str, value: list[JSON], path: str) -> None:
    """Set (``value`` is ``[new]``) or remove (``value`` is empty) ``place``'s ``last``."""
    if isinstance(place, dict):
        if value:
            place[last] = thaw(value[0])
        elif place.pop(last, _ABSENT) is _ABSENT:
            raise ValueError(f"{path!r:.60} removes a member that is not there")
    elif isinstance(place, list):
        index = _index(place, last, path, end=bool(value))
        if not value:
            del place[index]
        elif index == len(place):
            place.append(thaw(value[0]))
        else:
            place[index] = thaw(value[0])
    else:
        raise ValueError(f"{path!r:.60} leads into a value that is neither object nor list")


_ABSENT = object()


# -- a seat's steps, written small ----------------------------------------------------------
def compact(first: JSON, seen: Iterable[dict[str, JSON]]) -> Iterator[dict[str, JSON]]:
    """The entries of :func:`seen_steps` (after a first view ``first``) as a redacted
    record writes them: each view given by its :func:`changes` from the one before
    (``"changes"``, left out where nothing changed) instead of whole."""
    last = first
    for entry in seen:
        small = {name: value for name, value in entry.items() if name != "view"}
        made = changes(last, entry["view"])
        if made:
            small["changes"] = made
        last = entry["view"]
        yield small


def expand(first: JSON, written: Iterable[dict[str, JSON]]) -> Iterator[dict[str, JSON]]:
    """The entries :func:`compact` wrote, each with its view again (``"view"``), made
    from ``first`` (copied once, as plain JSON, and never changed).  The view given with
    one entry is the one the next changes in place: copy it to keep it.  ValueError
    where a change does not apply (:func:`apply_changes`)."""
    view = thaw(first)
    for entry in written:
        view = apply_changes(view, entry.get("changes", ()))
        whole = {name: value for name, value in entry.items() if name != "changes"}
        whole["view"] = view
        yield whole
