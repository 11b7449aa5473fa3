"""Frozen JSON (``engine.frozen``): the read-only lists and dicts that views share.

They refuse every change in place, and are plain JSON to every reader: equal to plain
lists and dicts, written by ``json.dumps``, valid JSON Schema data, pickled (Ray and
multiprocessing send views) and copied."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest

from gamenight.engine import FrozenDict, FrozenList, ReadOnlyViewError, freeze, thaw
from gamenight.engine.checks import check_json
from gamenight.engine.game import copy_json

DATA: dict[str, Any] = {"centre": [{"id": 3, "colour": "red"}, {"id": 7, "colour": "blue"}],
                        "hands": [[1, 2], []], "seat": None, "turn": 4, "rate": 0.5,
                        "pair": (1, [2])}


def frozen_data() -> Any:
    return freeze(copy.deepcopy(DATA))


LIST_CHANGES: list[tuple[str, Callable[[Any], object]]] = [
    ("append", lambda v: v.append(1)),
    ("extend", lambda v: v.extend([1])),
    ("insert", lambda v: v.insert(0, 1)),
    ("pop", lambda v: v.pop()),
    ("remove", lambda v: v.remove(v[0])),
    ("clear", lambda v: v.clear()),
    ("sort", lambda v: v.sort()),
    ("reverse", lambda v: v.reverse()),
    ("__setitem__", lambda v: v.__setitem__(0, 1)),
    ("__setitem__", lambda v: v.__setitem__(slice(0, 1), [])),
    ("__delitem__", lambda v: v.__delitem__(0)),
    ("__iadd__", lambda v: v.__iadd__([1])),
    ("__imul__", lambda v: v.__imul__(2)),
]
DICT_CHANGES: list[tuple[str, Callable[[Any], object]]] = [
    ("__setitem__", lambda v: v.__setitem__("new", 1)),
    ("__setitem__", lambda v: v.__setitem__("turn", 5)),
    ("__delitem__", lambda v: v.__delitem__("turn")),
    ("__ior__", lambda v: v.__ior__({"new": 1})),
    ("clear", lambda v: v.clear()),
    ("pop", lambda v: v.pop("turn")),
    ("popitem", lambda v: v.popitem()),
    ("setdefault", lambda v: v.setdefault("new", 1)),
    ("update", lambda v: v.update(new=1)),
]


@pytest.mark.parametrize(("name", "change"), LIST_CHANGES)
def test_a_frozen_list_refuses_every_change(name: str, change: Callable[[Any], object]) -> None:
    view = frozen_data()
    for part in (view["hands"][0], view["centre"]):
        with pytest.raises(ReadOnlyViewError, match=rf"a view is read-only: copy it to change it "
                                               rf"\(list\.{name}\)"):
            change(part)
    assert view == DATA


@pytest.mark.parametrize(("name", "change"), DICT_CHANGES)
def test_a_frozen_dict_refuses_every_change(name: str, change: Callable[[Any], object]) -> None:
    view = frozen_data()
    with pytest.raises(ReadOnlyViewError, match=rf"\(dict\.{name}\)"):
        change(view)
    assert view == DATA


def test_the_operators_that_change_in_place_are_refused_and_a_refusal_is_a_type_error() -> None:
    view = frozen_data()
    hand = view["hands"][0]
    with pytest.raises(TypeError):
        hand += [3]
    with pytest.raises(TypeError):
        hand *= 2
    with pytest.raises(TypeError):
        view |= {"new": 1}
    with pytest.raises(TypeError):
        view["centre"][0]["id"] = 4
    with pytest.raises(TypeError):
        del view["hands"][1]
    assert view == DATA and hand == [1, 2]


def test_freeze_reaches_every_level_and_keeps_the_data() -> None:
    view = frozen_data()
    assert type(view) is FrozenDict
    assert type(view["centre"]) is FrozenList and type(view["centre"][0]) is FrozenDict
    assert type(view["hands"][1]) is FrozenList
    assert type(view["pair"]) is tuple and type(view["pair"][1]) is FrozenList
    assert view == DATA and view["hands"] == [[1, 2], []]
    assert DATA == view  # noqa: SIM300 (a plain dict's own comparison takes it too)
    assert repr(view["hands"]) == "[[1, 2], []]"
    # Made of frozen parts, a part costs only its own level: they are kept as they are.
    assert freeze(view) is view
    again = freeze({"centre": view["centre"], "turn": 5})
    assert again["centre"] is view["centre"]
    # Made directly, a frozen container takes what list() and dict() take, as it is.
    assert FrozenList(range(3)) == [0, 1, 2]
    assert FrozenDict(view, turn=5) == {**DATA, "turn": 5}
    # The plain data given is left plain.
    plain: dict[str, Any] = {"a": [1]}
    freeze(plain)
    plain["a"].append(2)
    assert plain == {"a": [1, 2]}


def test_copies_that_may_change_are_plain() -> None:
    view = frozen_data()
    for part in (view["hands"].copy(), list(view["hands"]), view["hands"] + [[3]],
                 view["hands"][:1], view["hands"] * 2, sorted(view["hands"])):
        assert type(part) is list
    assert type(view.copy()) is dict and type(dict(view)) is dict
    assert type(view | {"new": 1}) is dict
    mine = thaw(view)
    assert mine == {**DATA, "pair": [1, [2]]}
    mine["centre"][0]["id"] = 99
    mine["hands"][0].append(3)
    assert view == DATA
    assert type(copy_json(view)) is dict and type(copy_json(view)["centre"][0]) is dict
    copied = copy_json(view)
    copied["centre"].append(1)
    assert view == DATA


def test_json_schema_and_canonical_text_see_plain_json() -> None:
    view = frozen_data()
    assert json.dumps(view, sort_keys=True) == json.dumps(DATA, sort_keys=True)
    schema = {"type": "object", "properties": {
        "centre": {"type": "array", "items": {"type": "object"}},
        "hands": {"type": "array", "items": {"type": "array"}}}}
    jsonschema.validate(view, schema)
    check_json(view["centre"], "a chance outcome", 8, 100)  # plain JSON to the checks


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_frozen_view_pickles_and_stays_frozen(protocol: int) -> None:
    view = frozen_data()
    back = pickle.loads(pickle.dumps(view, protocol))
    assert back == view and type(back) is FrozenDict
    assert type(back["centre"][0]) is FrozenDict and type(back["hands"]) is FrozenList
    with pytest.raises(TypeError):
        back["hands"].append(1)


def test_a_copy_of_what_cannot_change_is_itself() -> None:
    view = frozen_data()
    assert copy.copy(view) is view and copy.deepcopy(view) is view
    assert copy.copy(view["hands"]) is view["hands"]
    holder = {"kept": view, "mine": [1]}
    twin = copy.deepcopy(holder)
    assert twin["kept"] is view and twin["mine"] is not holder["mine"]
