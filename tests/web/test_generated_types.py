"""The tables' view and event types come from the Python (issue 37, "One definition,
every use"): ``gamenight.web.typegen`` writes each registered game's as TypeScript
(``static/js/types/<game id>.d.ts``, checked in), and the engine's types that they use
once (``static/js/types/engine.d.ts``), the tables import them, and
``tests/web/test_types.py`` type-checks the tables against them.  A view ``TypedDict``
that changes without the files being written again fails here, and names the command
that writes them."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal, NotRequired, get_args, get_type_hints

import pytest
from typing_extensions import TypedDict, is_typeddict  # pydantic reads typing's only on 3.12+

from gamenight.engine.events import Event
from gamenight.engine.outcome import OutcomeJSON
from gamenight.games import GAMES
from gamenight.web import typegen
from gamenight.web.typegen import ENGINE_FILE, PROTOCOL_FILE, REGENERATE, TYPES, TypeGenError

#: A declaration's name, at the start of its line.
DECLARED = re.compile(r"^export (?:interface|type) (\w+)", re.MULTILINE)
#: A game file's import of the engine's types.
ENGINE_IMPORT = re.compile(r'^import type \{ (.*) \} from "\./engine";$', re.MULTILINE)


def test_the_checked_in_types_are_what_the_games_declare_now() -> None:
    generated = typegen.generate(GAMES.values())
    assert set(generated) == ({f"{game.id}.d.ts" for game in GAMES.values()}
                              | {ENGINE_FILE, PROTOCOL_FILE})
    stale = [name for name, text in generated.items()
             if not (TYPES / name).is_file() or (TYPES / name).read_text("utf-8") != text]
    assert not stale, (f"the browser's generated types are stale ({', '.join(stale)}): "
                       f"run `{REGENERATE}` and check the tables with tsc "
                       "(tests/web/test_types.py)")
    # No stray file of a game that is no longer registered.
    assert {p.name for p in TYPES.glob("*.d.ts")} == set(generated)


@pytest.mark.parametrize("change", ["missing", "stale"])
def test_the_check_fails_on_an_engine_file_missing_or_stale(
        change: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    typegen.write(GAMES.values(), tmp_path)
    monkeypatch.setattr(typegen, "TYPES", tmp_path)
    assert typegen.main(["--check"]) == 0
    engine = tmp_path / ENGINE_FILE
    if change == "missing":
        engine.unlink()
    else:
        engine.write_text(engine.read_text("utf-8") + "export type Stale = 1;\n", "utf-8")
    assert typegen.main(["--check"]) == 1
    assert f"stale: {engine}" in capsys.readouterr().err


def test_the_engine_s_types_are_declared_once_and_imported_by_each_game() -> None:
    generated = typegen.generate(GAMES.values())
    shared = set(DECLARED.findall(generated.pop(ENGINE_FILE)))
    # Every game's view carries the engine's outcome once the game is over.
    assert "OutcomeJSON" in shared
    for name, text in generated.items():
        again = shared & set(DECLARED.findall(text))
        assert not again, f"{name} declares the engine's {', '.join(sorted(again))} again"
        imported = ENGINE_IMPORT.search(text)
        assert imported, f"{name} does not import the engine's types"
        names = imported.group(1)
        # What the game file imports it exports again, for the tables.
        assert f"export type {{ {names} }};" in text
        used = {word for word in re.findall(r"\w+", text) if word in shared}
        assert set(names.split(", ")) == used


def _members(interface: str) -> set[str]:
    """The keys an interface's body declares (comments left out)."""
    return {m.group(1) for m in re.finditer(r"^  \"?([\w$]+)\"?\??:", interface, re.M)}


def test_a_view_that_extends_another_is_written_with_extends_and_its_own_keys() -> None:
    generated = typegen.generate(GAMES.values())
    found = []
    for game in GAMES.values():
        text = generated[typegen.file_name(game)]
        kinds = [game.view_type, *get_args(game.view_type)]
        views = inspect.getmodule(next(k for k in kinds if isinstance(k, type)))
        assert views is not None
        for cls in vars(views).values():
            bases = [b for b in getattr(cls, "__orig_bases__", ()) if is_typeddict(b)]
            if not (is_typeddict(cls) and bases and cls.__module__ == views.__name__):
                continue
            header = (f"export interface {cls.__name__} extends "
                      f"{', '.join(b.__name__ for b in bases)} {{\n")
            if f"export interface {cls.__name__} " not in text:
                continue  # not part of the view (or the view itself: ``View``)
            assert header in text, f"{game.id}: {cls.__name__} is written flat"
            body = text[text.index(header):].split("\n}\n", 1)[0]
            inherited = set().union(*(b.__annotations__ for b in bases))
            assert _members(body) == set(cls.__annotations__) - inherited
            found.append(cls)
    assert found, "no game's view has a TypedDict that extends another any more"


def test_what_a_game_tells_a_person_beside_the_view_is_declared_as_its_told() -> None:
    """A game that tells people something beside the view (``Game.told_type``,
    ``GameState.told``) declares it as ``Told`` in its file, with the keys of its
    ``TypedDict``, for its table to read the update's ``told`` by; the others do not."""
    generated = typegen.generate(GAMES.values())
    telling = 0
    for game in GAMES.values():
        text = generated[typegen.file_name(game)]
        assert ("Told" in DECLARED.findall(text)) == (game.told_type is not None), game.id
        if game.told_type is None:
            continue
        telling += 1
        header = "export interface Told {\n"
        assert header in text, f"{game.id}: its Told is not an interface"
        body = text[text.index(header):].split("\n}\n", 1)[0]
        assert _members(body) == set(get_type_hints(game.told_type))
    assert telling, "no game tells a person anything beside the view any more"


def test_the_command_line_prints_a_game_s_declarations(
        capsys: pytest.CaptureFixture[str]) -> None:
    from gamenight.cli import main

    game = next(iter(GAMES.values()))
    assert main(["schema", game.id, "--typescript"]) == 0
    assert capsys.readouterr().out == (TYPES / f"{game.id}.d.ts").read_text("utf-8")


# -- the converter, on a small game of its own ----------------------------------------

class _Card(TypedDict):
    """A card face up."""

    id: int
    colour: Literal["red", "blue"]


class _View(TypedDict):
    """What a seat may know."""

    game: Literal["toy"]
    seat: int | None
    table: list[_Card | None]
    at: tuple[float, float]
    hand: NotRequired[list[_Card]]


@dataclass(frozen=True)
class _Played(Event):
    """``seat`` played ``card``."""

    seat: int
    card: int | None


class _Toy:
    """As much of a ``Game`` as the schema reads."""

    id: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    rules_version: ClassVar[str] = "1"
    view_type: ClassVar[object] = _View
    facts_type: ClassVar[object] = None
    told_type: ClassVar[object] = None
    event_types: ClassVar[tuple[type[Event], ...]] = (_Played,)


def test_a_view_becomes_interfaces_with_literals_nulls_tuples_and_optional_keys() -> None:
    text = typegen.declarations(_Toy())  # type: ignore[arg-type]
    assert text.startswith("// Generated from the views and events of Toy")
    assert REGENERATE in text
    assert "/** What a seat may know. */\nexport interface View {\n" in text
    assert '  game: "toy";\n' in text
    assert "  seat: number | null;\n" in text
    assert "  table: (_Card | null)[];\n" in text
    assert "  at: [number, number];\n" in text
    assert "  hand?: _Card[];\n" in text
    assert 'export interface _Card {\n  id: number;\n  colour: "red" | "blue";\n}' in text
    assert ('export interface _Played {\n  event: "_Played";\n  seat: number;\n'
            '  card: number | null;\n}') in text
    assert "export type Event = _Played;" in text


class _Seen(TypedDict):
    """What everyone sees."""

    game: Literal["toy"]
    note: NotRequired[str]
    outcome: NotRequired[OutcomeJSON]


class _SeatView(_Seen):
    """A seat's view."""

    seat: int
    hand: NotRequired[list[_Card]]


class _SpectatorView(_Seen):
    seat: None


class _Toys(_Toy):
    """A toy whose views extend what everyone sees."""

    view_type: ClassVar[object] = _SeatView | _SpectatorView


def test_a_typed_dict_subclass_extends_its_base_with_its_own_keys_only() -> None:
    text = typegen.declarations(_Toys())  # type: ignore[arg-type]
    # The base, which nothing names, is declared all the same, for the views to extend.
    assert ('/** What everyone sees. */\nexport interface _Seen {\n  game: "toy";\n'
            "  note?: string;\n  outcome?: OutcomeJSON;\n}") in text
    assert ("/** A seat's view. */\nexport interface _SeatView extends _Seen {\n"
            "  seat: number;\n  hand?: _Card[];\n}") in text
    assert "export interface _SpectatorView extends _Seen {\n  seat: null;\n}" in text
    assert "export type View = _SeatView | _SpectatorView;" in text


def test_the_engine_s_types_go_to_the_engine_s_file() -> None:
    generated = typegen.generate([_Toys()])  # type: ignore[list-item]
    text = generated["toy.d.ts"]
    assert ('import type { OutcomeJSON } from "./engine";\nexport type { OutcomeJSON };\n'
            in text)
    assert "export interface OutcomeJSON" not in text
    assert "export interface OutcomeJSON {\n  scores: number[];\n" in generated[ENGINE_FILE]


def test_a_key_declared_again_by_a_subclass_is_refused() -> None:
    class _Again(_Seen):
        note: int  # type: ignore[misc]

    class _Toy2(_Toy):
        view_type: ClassVar[object] = _Again

    with pytest.raises(TypeGenError, match="note: declared again"):
        typegen.declarations(_Toy2())  # type: ignore[arg-type]


def test_what_the_converter_does_not_know_is_refused_not_guessed() -> None:
    with pytest.raises(TypeGenError, match="patternProperties"):
        typegen._type({"type": "object", "properties": {"a": {"type": "string"}},
                       "patternProperties": {"^b": {"type": "string"}}}, "View.x")
    with pytest.raises(TypeGenError, match="format"):
        typegen._type({"type": "string", "format": "date-time"}, "View.x")
    with pytest.raises(TypeGenError, match="additionalProperties"):
        typegen._type({"type": "object", "properties": {}, "additionalProperties": 1},
                      "View.x")
    with pytest.raises(TypeGenError, match="without properties"):
        typegen._type({"type": "object"}, "View.x")
    with pytest.raises(TypeGenError, match="outside the document"):
        typegen._type({"$ref": "https://example.invalid/x.json"}, "View.x")
    with pytest.raises(TypeGenError, match="no fixed length"):
        typegen._type({"type": "array", "prefixItems": [{"type": "integer"}],
                       "items": {"type": "string"}}, "View.x")
