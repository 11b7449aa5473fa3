"""OpenSpiel's ``deserialize_state`` reads a text from outside: every malformed one
raises one error, ``serial.MalformedStateError`` (a ValueError) saying what was wrong,
and nothing else -- not the RecursionError, KeyError, TypeError or OverflowError a
lenient reader raised for deep nesting, a missing ``record``, a generator's state of the
wrong shape or a huge number.

The texts are built deterministically from real serialized states: truncations, deep
nesting, every field missing, unknown, or of each wrong type, huge numbers and NaN in
the JSON itself, a record that does not read or replay, a generator Python cannot take,
a table other than the game's.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any, get_args

import pyspiel
import pytest

from gamenight.interop import openspiel
from gamenight.interop.core import SERIAL_FORMAT
from gamenight.interop.serial import MalformedStateError, SerialFormat, SerialState

openspiel.register()

#: The tables whose states are bent (a race game, a turn game, a secret-choice game).
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("fliegen-klatschen", 3, {"remove": 80}),
    ("by-golly", 2, {}),
    ("superfly", 3, {"max_turns": 4}),
]
#: Values of no field's type (each field's own kind is taken out where it is one).
ODD: list[Any] = [None, True, False, 0, -1, 1.5, "", "x", [], {}, [0], {"a": 1}]


def spiel_game(game_id: str, players: int, options: dict[str, Any]) -> pyspiel.Game:
    return pyspiel.load_game(openspiel.game_name(game_id), {"players": players, **options})


def a_serialized_state(game: pyspiel.Game, seed: int) -> str:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text: str = state.serialize()
    return text


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _kind_fits(value: Any, good: Any) -> bool:
    """Whether ``value`` could be right where ``good`` is (then it is not malformed)."""
    if isinstance(good, bool) or isinstance(value, bool):
        return type(value) is type(good)
    if isinstance(good, int | float) and not isinstance(good, bool):
        return isinstance(value, int | float) and value >= 0
    return type(value) is type(good) and (value == good or not isinstance(good, dict | list))


def malformed(text: str) -> Iterator[tuple[str, object]]:
    """Texts (and a few non-texts) that are no serialized state of the game that wrote
    ``text``, each with a name for the report."""
    data = json.loads(text)
    # Truncations: cut anywhere, the JSON ends too soon.
    for i in range(1, 61):
        yield f"cut at {i}/61", text[: len(text) * i // 61]
    # Nesting: far deeper than anything reads, and a record 40 levels deep.
    for depth in (100, 1_000, 100_000):
        yield f"[ x{depth}", "[" * depth
        yield f"{{ x{depth}", '{"a":' * depth
        yield f"balanced x{depth}", "[" * depth + "]" * depth
    deep: Any = 0
    for _ in range(40):
        deep = [deep]
    yield "record 40 deep", _dump({**data, "record": deep})
    yield "a step 40 deep", _dump({**data, "record": {**data["record"], "steps": deep}})
    # Not JSON we read: NaN, infinities, numbers too large, a key twice, not UTF-8.
    for field in ("clock", "record"):
        for number in ("NaN", "Infinity", "-Infinity", "1e400", "1" * 5000, "-" + "9" * 5000):
            yield f"{field}={number[:12]}", text.replace(
                f'"{field}":{_dump(data[field])}', f'"{field}":{number}', 1)
    yield "clock twice", text[:-1] + ',"clock":0}'
    yield "not UTF-8", text.encode()[:20] + b"\xff\xfe" + text.encode()[20:]
    yield "empty", ""
    yield "a number", "3"
    yield "null", "null"
    odd_texts: list[object] = [None, 3, 1.5, [], {}, ["format"]]
    for odd_text in odd_texts:
        yield f"not a text: {odd_text!r}", odd_text
    # The envelope: each field missing, unknown fields, each field of each wrong kind.
    for field in SerialState.model_fields:
        if field in ("sequential", "pending"):
            continue  # optional
        yield f"no {field}", _dump({k: v for k, v in data.items() if k != field})
    yield "an unknown field", _dump({**data, "seed": 3})
    yield "another format", _dump({**data, "format": "gamenight-record"})
    for field, good in data.items():
        for value in ODD:
            if not _kind_fits(value, good) and not (field == "pending" and value == {}):
                yield f"{field}={value!r}", _dump({**data, field: value})
    # The generators' states: the wrong version, length, words, position, spare.
    for field in ("generator", "timing"):
        version, words, gauss = data[field]
        for bent in ([2, words, gauss], [True, words, gauss], [version, words[:-1], gauss],
                     [version, [*words, 0], gauss], [version, words, "x"],
                     [version, words], [version, words, gauss, 0],
                     [version, [*words[:-1], 625], gauss], [version, [*words[:-1], -1], gauss],
                     [version, [2**32, *words[1:]], gauss], [version, [True, *words[1:]], gauss],
                     [version, [1.0, *words[1:]], gauss], [version, [10**400, *words[1:]], gauss]):
            yield f"{field} bent", _dump({**data, field: bent})
    # The record inside: each field missing or of a wrong kind, a step that is no step.
    record = data["record"]
    for key in list(record):
        if key in ("signature", "position"):
            continue
        yield f"record without {key}", _dump({**data, "record": {
            k: v for k, v in record.items() if k != key}})
        for value in (None, True, 1.5, "x", [], {}, -1, 10**30):
            if key in ("result", "digest") and value is None:
                continue  # a game not over yet has neither
            if key in ("software", "digest") and value == "x":
                continue  # any text
            if key == "seed" and value == 10**30:
                continue  # a seed of any size
            if value == record[key] or (key, value) in (("steps", []), ("options", {})):
                continue  # the same, or still a state (the first; the default options)
            yield f"record {key}={value!r}", _dump({**data, "record": {**record, key: value}})
    steps = record["steps"]
    person = next(i for i, s in enumerate(steps) if "seat" in s)
    for bent_step in ({"seat": 99, "action": steps[person]["action"]},
                      {"seat": 0, "action": "no such action"},
                      {"seat": 0, "action": "x" * 300},
                      {"seat": 0, "action": 5},
                      {"chance": "not an outcome"},
                      {"seat": 0},
                      {"seat": 0, "action": "pass", "at_ms": -5}):
        bent = copy.deepcopy(steps)
        bent[person] = bent_step
        yield f"step {bent_step}", _dump({**data, "record": {**record, "steps": bent}})
    yield "a step too many at the end", _dump({**data, "record": {
        **record, "steps": [*steps, {"seat": 0, "action": "no such action"}]}})
    yield "another game's record", _dump({**data, "record": {**record, "game": "fly"}})
    yield "an unknown game", _dump({**data, "record": {**record, "game": "chess"}})
    yield "a table of 7", _dump({**data, "record": {
        **record, "players": 7, "seats": [f"seat {i}" for i in range(7)]}})
    # The rest: a reaction level there is not, pending choices that are none.
    yield "no such level", _dump({**data, "reaction": "godlike"})
    for pending in ({"99": "pass"}, {"-1": "pass"}, {"01": "pass"}, {"0": "no such action"},
                    {"0": 5}, {"0": "x" * 500}, {"1" * 40: "pass"}):
        yield f"pending {pending}", _dump({**data, "pending": pending})
    yield "clock below 0", _dump({**data, "clock": -1})


def test_the_declared_format_is_the_one_states_are_serialized_with() -> None:
    assert get_args(SerialFormat) == (SERIAL_FORMAT,)


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES,
                         ids=[t[0] for t in TABLES])
def test_every_malformed_text_raises_one_value_error_naming_the_problem(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    game = spiel_game(game_id, players, options)
    text = a_serialized_state(game, 7)
    assert str(game.deserialize_state(text)) == str(game.deserialize_state(text))
    tried, wrong = 0, []
    for name, bad in malformed(text):
        tried += 1
        try:
            game.deserialize_state(bad)
        except MalformedStateError as exc:
            if not str(exc):
                wrong.append(f"{name}: an empty message")
        except Exception as exc:  # what this test exists to catch
            wrong.append(f"{name}: {type(exc).__name__}: {str(exc)[:120]}")
        else:
            wrong.append(f"{name}: accepted")
    assert not wrong, f"{len(wrong)} of {tried}:\n" + "\n".join(wrong[:40])
    assert tried >= 300


def test_a_state_of_another_table_is_refused_by_the_game() -> None:
    three = spiel_game("by-golly", 3, {})
    two = spiel_game("by-golly", 2, {})
    with pytest.raises(MalformedStateError, match=r"3 players .* not of this game's table of 2"):
        two.deserialize_state(a_serialized_state(three, 1))


def test_messages_name_the_field() -> None:
    game = spiel_game("by-golly", 2, {})
    data = json.loads(a_serialized_state(game, 2))
    cases = [
        ({k: v for k, v in data.items() if k != "record"}, "missing record"),
        ({**data, "clock": True}, "clock is a number, not True"),
        ({**data, "generator": [3, [0] * 3, None]}, "generator[1] has the wrong length"),
        ({**data, "sequential": 1}, "sequential is true or false, not 1"),
        ({**data, "extra": 1}, "unknown extra"),
        ({**data, "record": {**data["record"], "seed": "1"}},
         "not a gamenight record: seed is a whole number, not '1'"),
    ]
    for bad, message in cases:
        with pytest.raises(MalformedStateError, match=message.replace("[", r"\[")):
            game.deserialize_state(_dump(bad))
    with pytest.raises(MalformedStateError, match="nests deeper"):
        game.deserialize_state("[" * 100_000)
