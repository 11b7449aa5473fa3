"""The tables' view and event types come from the Python (issue 37, "One definition,
every use"): ``gamenight.web.typegen`` writes each registered game's as TypeScript
(``static/js/types/<game id>.d.ts``, checked in), the tables import them, and
``tests/web/test_types.py`` type-checks the tables against them.  A view ``TypedDict``
that changes without the files being written again fails here, and names the command
that writes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, NotRequired

import pytest
from typing_extensions import TypedDict  # pydantic reads typing's only on Python 3.12+

from gamenight.engine.events import Event
from gamenight.games import GAMES
from gamenight.web import typegen
from gamenight.web.typegen import REGENERATE, TYPES, TypeGenError


def test_the_checked_in_types_are_what_the_games_declare_now() -> None:
    generated = typegen.generate(GAMES.values())
    assert set(generated) == {f"{game.id}.d.ts" for game in GAMES.values()}
    stale = [name for name, text in generated.items()
             if not (TYPES / name).is_file() or (TYPES / name).read_text("utf-8") != text]
    assert not stale, (f"the browser's generated types are stale ({', '.join(stale)}): "
                       f"run `{REGENERATE}` and check the tables with tsc "
                       "(tests/web/test_types.py)")
    # No stray file of a game that is no longer registered.
    assert {p.name for p in TYPES.glob("*.d.ts")} == set(generated)


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


def test_what_the_converter_does_not_know_is_refused_not_guessed() -> None:
    with pytest.raises(TypeGenError, match="patternProperties"):
        typegen._type({"type": "object", "properties": {"a": {"type": "string"}},
                       "patternProperties": {"^b": {"type": "string"}}}, "View.x")
    with pytest.raises(TypeGenError, match="format"):
        typegen._type({"type": "string", "format": "date-time"}, "View.x")
    with pytest.raises(TypeGenError, match="open to other keys"):
        typegen._type({"type": "object", "properties": {}, "additionalProperties": True},
                      "View.x")
    with pytest.raises(TypeGenError, match="outside the document"):
        typegen._type({"$ref": "https://example.invalid/x.json"}, "View.x")
    with pytest.raises(TypeGenError, match="no fixed length"):
        typegen._type({"type": "array", "prefixItems": [{"type": "integer"}],
                       "items": {"type": "string"}}, "View.x")
