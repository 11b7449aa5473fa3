"""The browser's types of each game's views and events, generated from the Python.

A game declares its view as ``TypedDict``\\ s (``Game.view_type``) and its events as
frozen dataclasses (``Game.event_types``); :mod:`gamenight.schema` turns them into a
JSON Schema document, and this module turns that document into TypeScript declarations,
one checked-in file per registered game (``static/js/types/<game id>.d.ts``).  A table
imports its view and events from there (``import("../types/<game id>").View``), so a
rule change that reshapes a view breaks the type check of its table instead of the
table, silently (``tests/web/test_generated_types.py`` fails when a file is stale).

Regenerate every file with ``python -m gamenight.web.typegen``; ``gamenight schema GAME
--typescript`` prints one game's.  The converter covers what the games' schemas use
(objects, arrays, tuples, literals, unions, references, null and the scalar types) and
raises :class:`TypeGenError` on anything else, rather than guess a type.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from gamenight.engine import Game
from gamenight.schema import Schema, game_schema

#: Where the generated declarations live, in the source tree (they are checked in).
TYPES = Path(__file__).resolve().parent / "static" / "js" / "types"
#: The command that writes them again.
REGENERATE = "python -m gamenight.web.typegen"

_SCALARS = {"integer": "number", "number": "number", "string": "string",
            "boolean": "boolean", "null": "null"}
#: Keywords that carry no type: words for people (kept as comments where they describe
#: a definition or a property) and a field's default.
_WORDS = frozenset({"title", "description", "default"})
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")
_REF = "#/$defs/"


class TypeGenError(ValueError):
    """A schema uses something the converter does not translate (the message says what
    and where): extend the converter rather than let it guess."""


def file_name(game: Game) -> str:
    """The generated file of ``game``: ``<game id>.d.ts``."""
    return f"{game.id}.d.ts"


def declarations(game: Game) -> str:
    """The TypeScript declarations of ``game``'s views and events: one exported type per
    definition of its schema (``View``: any seat's or a spectator's view; ``Event``: one
    event in any seat's form; each event class by name), in the schema's order."""
    document = game_schema(game)
    lines = [
        f"// Generated from the views and events of {game.title} (`gamenight schema "
        f"{game.id}`, rules",
        f"// version {game.rules_version}) by gamenight.web.typegen: do not edit. "
        "After a change to the",
        f"// game's view TypedDicts or event dataclasses, regenerate: `{REGENERATE}`.",
        "",
    ]
    for name, schema in document["$defs"].items():
        lines += _declaration(name, schema)
        lines.append("")
    return "\n".join(lines)


def generate(games: Iterable[Game]) -> dict[str, str]:
    """Each game's file name and its declarations."""
    return {file_name(game): declarations(game) for game in games
            if game.view_type is not None}


def write(games: Iterable[Game], folder: Path = TYPES) -> list[Path]:
    """Writes each game's declarations into ``folder`` (only files whose text changed);
    returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in generate(games).items():
        path = folder / name
        if not path.is_file() or path.read_text("utf-8") != text:
            path.write_text(text, "utf-8")
            written.append(path)
    return written


# -- the converter ---------------------------------------------------------------------


def _declaration(name: str, schema: Schema) -> list[str]:
    if not _IDENTIFIER.match(name):
        raise TypeGenError(f"{name!r} is not a TypeScript name")
    lines = _comment(schema.get("description"), "")
    if _is_object(schema):
        lines.append(f"export interface {name} {{")
        lines += _members(schema, "  ", name)
        lines.append("}")
    else:
        lines.append(f"export type {name} = {_type(schema, name)};")
    return lines


def _is_object(schema: Schema) -> bool:
    return schema.get("type") == "object" and "properties" in schema


def _members(schema: Schema, indent: str, where: str) -> list[str]:
    _only(schema, {"type", "properties", "required", "additionalProperties"}, where)
    if schema.get("additionalProperties", False) is not False:
        raise TypeGenError(f"{where}: an object open to other keys is not translated")
    required = set(schema.get("required", ()))
    lines = []
    properties: Mapping[str, Schema] = schema["properties"]
    for key, value in properties.items():
        here = f"{where}.{key}"
        lines += _comment(value.get("description"), indent)
        name = key if _IDENTIFIER.match(key) else json.dumps(key)
        optional = "" if key in required else "?"
        lines.append(f"{indent}{name}{optional}: {_type(value, here)};")
    return lines


def _type(schema: Schema, where: str) -> str:
    """The TypeScript type of ``schema`` (``where`` names it in an error)."""
    if "$ref" in schema:
        _only(schema, {"$ref"}, where)
        ref: str = schema["$ref"]
        if not ref.startswith(_REF):
            raise TypeGenError(f"{where}: a reference outside the document: {ref}")
        return ref.removeprefix(_REF)
    if "const" in schema:
        _only(schema, {"const", "type"}, where)
        return _literal(schema["const"], where)
    if "enum" in schema:
        _only(schema, {"enum", "type"}, where)
        return " | ".join(_literal(value, where) for value in schema["enum"])
    for union in ("anyOf", "oneOf"):
        if union in schema:
            _only(schema, {union}, where)
            return " | ".join(_type(choice, where) for choice in schema[union])
    kind = schema.get("type")
    if kind == "object":
        if "properties" not in schema:
            raise TypeGenError(f"{where}: an object without properties is not translated")
        return "{ " + " ".join(_members(schema, "", where)) + " }"
    if kind == "array":
        return _array(schema, where)
    if isinstance(kind, str) and kind in _SCALARS:
        _only(schema, {"type"}, where)
        return _SCALARS[kind]
    raise TypeGenError(f"{where}: no translation for the schema {json.dumps(schema)}")


def _array(schema: Schema, where: str) -> str:
    _only(schema, {"type", "items", "prefixItems", "minItems", "maxItems"}, where)
    if "prefixItems" in schema:
        # A tuple: pydantic says its length with minItems and maxItems, and has no
        # "items" (no further elements).
        parts = [_type(item, f"{where}[{i}]") for i, item in enumerate(schema["prefixItems"])]
        if "items" in schema or {schema.get("minItems"), schema.get("maxItems")} != {len(parts)}:
            raise TypeGenError(f"{where}: a tuple of no fixed length is not translated")
        return "[" + ", ".join(parts) + "]"
    if "items" not in schema:
        raise TypeGenError(f"{where}: an array of anything is not translated")
    items: Schema = schema["items"]
    item = _type(items, f"{where}[]")
    # A bound on the length (a conlist) has no TypeScript type: the array is the type.
    return f"({item})[]" if _is_union(items) else f"{item}[]"


def _is_union(schema: Schema) -> bool:
    """Whether ``schema``'s type is written as a union (``a | b``), which an array of it
    must put in parentheses."""
    return any(len(schema[key]) > 1 for key in ("anyOf", "oneOf", "enum") if key in schema)


def _literal(value: Any, where: str) -> str:
    if value is None or isinstance(value, (str, int, float, bool)):
        return json.dumps(value)
    raise TypeGenError(f"{where}: the literal {value!r} is not translated")


def _only(schema: Schema, allowed: set[str], where: str) -> None:
    unknown = set(schema) - allowed - _WORDS
    if unknown:
        raise TypeGenError(f"{where}: no translation for {', '.join(sorted(unknown))} "
                           f"in {json.dumps(schema)}")


def _comment(text: object, indent: str) -> list[str]:
    """A JSDoc comment of a definition's or a property's description (none for none)."""
    if not isinstance(text, str) or not text.strip():
        return []
    body = [line.rstrip() for line in text.strip().replace("*/", "* /").splitlines()]
    if len(body) == 1:
        return [f"{indent}/** {body[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in body),
            f"{indent} */"]


def main(argv: list[str] | None = None) -> int:
    """``python -m gamenight.web.typegen``: write every registered game's declarations
    (``--check``: write nothing, and fail naming the files that are stale)."""
    from gamenight.games import GAMES

    parser = argparse.ArgumentParser(prog="python -m gamenight.web.typegen",
                                     description=main.__doc__)
    parser.add_argument("--check", action="store_true",
                        help="only check that the checked-in files are up to date")
    args = parser.parse_args(argv)
    if args.check:
        stale = [name for name, text in generate(GAMES.values()).items()
                 if not (TYPES / name).is_file() or (TYPES / name).read_text("utf-8") != text]
        for name in stale:
            print(f"stale: {TYPES / name} (run `{REGENERATE}`)", file=sys.stderr)
        return 1 if stale else 0
    for path in write(GAMES.values()):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
