"""The browser's types of each game's views and events, generated from the Python.

A game declares its view as ``TypedDict``\\ s (``Game.view_type``) and its events as
frozen dataclasses (``Game.event_types``); :mod:`gamenight.schema` turns them into a
JSON Schema document, and this module turns that document into TypeScript declarations,
one checked-in file per registered game (``static/js/types/<game id>.d.ts``).  A table
imports its view and events from there (``import("../types/<game id>").View``), so a
rule change that reshapes a view breaks the type check of its table instead of the
table, silently (``tests/web/test_generated_types.py`` fails when a file is stale).

The types the engine defines (under ``gamenight.engine``, ``OutcomeJSON`` for one) are
the same in every game, so they are written once, into ``static/js/types/engine.d.ts``;
each game's file imports the ones it uses from there and exports them again, so that
``import("../types/<game id>")`` still names all of a game's types.  A ``TypedDict``
that extends another is written as an interface that ``extends`` its base's, with only
its own keys, as the Python says it.

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
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any, get_args, get_type_hints

from pydantic import TypeAdapter
from typing_extensions import is_typeddict

from gamenight.engine import Game
from gamenight.schema import EVENT, VIEW, Schema, close_objects, game_schema

#: Where the generated declarations live, in the source tree (they are checked in).
TYPES = Path(__file__).resolve().parent / "static" / "js" / "types"
#: The command that writes them again.
REGENERATE = "python -m gamenight.web.typegen"
#: The file of the engine's own types, which every game's file imports from.
ENGINE_FILE = "engine.d.ts"
#: A type defined in this package (or below it) belongs to the engine, not to a game.
ENGINE_PACKAGE = "gamenight.engine"

_SCALARS = {"integer": "number", "number": "number", "string": "string",
            "boolean": "boolean", "null": "null"}
#: Keywords that carry no type: words for people (kept as comments where they describe
#: a definition or a property) and a field's default.
_WORDS = frozenset({"title", "description", "default"})
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")
_REF = "#/$defs/"
#: How a game's file imports the engine's (TypeScript leaves out the ``.d.ts``).
_ENGINE_MODULE = "./" + ENGINE_FILE.removesuffix(".d.ts")


class TypeGenError(ValueError):
    """A schema uses something the converter does not translate (the message says what
    and where): extend the converter rather than let it guess."""


def file_name(game: Game) -> str:
    """The generated file of ``game``: ``<game id>.d.ts``."""
    return f"{game.id}.d.ts"


def declarations(game: Game) -> str:
    """The TypeScript declarations of ``game``'s views and events: one exported type per
    definition of its schema that the game owns (``View``: any seat's or a spectator's
    view; ``Event``: one event in any seat's form; each event class by name), in the
    schema's order, after the import (and export) of the engine's types it uses, which
    ``engine.d.ts`` declares."""
    return _game_file(game, _document(game))


def generate(games: Iterable[Game]) -> dict[str, str]:
    """Each generated file's name and its declarations: each game's, and the engine's."""
    documents = {game: _document(game) for game in games if game.view_type is not None}
    files = {file_name(game): _game_file(game, document)
             for game, document in documents.items()}
    if ENGINE_FILE in files:
        raise TypeGenError(f"a game's file would overwrite the engine's ({ENGINE_FILE})")
    return {ENGINE_FILE: _engine_file(list(documents.values())), **files}


def write(games: Iterable[Game], folder: Path = TYPES) -> list[Path]:
    """Writes each game's declarations and the engine's into ``folder`` (only files
    whose text changed); returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in generate(games).items():
        path = folder / name
        if not path.is_file() or path.read_text("utf-8") != text:
            path.write_text(text, "utf-8")
            written.append(path)
    return written


# -- the files -------------------------------------------------------------------------


def _game_file(game: Game, document: _Document) -> str:
    lines = [
        f"// Generated from the views and events of {game.title} (`gamenight schema "
        f"{game.id}`, rules",
        f"// version {game.rules_version}) by gamenight.web.typegen: do not edit. "
        "After a change to the",
        f"// game's view TypedDicts or event dataclasses, regenerate: `{REGENERATE}`.",
        "",
    ]
    shared = [name for name in document.defs if document.is_engine(name)]
    if shared:
        # Exported again: a table names every type of its game by the game's file.
        names = ", ".join(shared)
        lines += [f'import type {{ {names} }} from "{_ENGINE_MODULE}";',
                  f"export type {{ {names} }};", ""]
    for name in document.defs:
        if not document.is_engine(name):
            lines += _declaration(document, name)
            lines.append("")
    return "\n".join(lines)


def _engine_file(documents: list[_Document]) -> str:
    # Which document declares one of the engine's types does not matter: the engine's
    # classes are the same in every game (checked, in case two share a name).
    owners: dict[str, _Document] = {}
    for document in documents:
        for name in document.defs:
            if document.is_engine(name):
                first = owners.setdefault(name, document)
                if first.defs[name] != document.defs[name]:
                    raise TypeGenError(f"two of the engine's types are named {name}")
    lines = [
        "// Generated from the engine's types that the games' views and events use, by",
        "// gamenight.web.typegen: do not edit.  Each game's file imports (and exports) the",
        f"// ones it uses.  After a change to them, regenerate: `{REGENERATE}`.",
        "",
    ]
    for name in sorted(owners):
        lines += _declaration(owners[name], name)
        lines.append("")
    return "\n".join(lines)


# -- what the definitions were made from ------------------------------------------------


@dataclass(frozen=True)
class _Document:
    """A game's definitions by name (its schema's, and the ``TypedDict`` bases that the
    schema flattened away), and the class or type alias each was made from: its
    ``origin``, absent where there is none (a union, ``Event``)."""

    defs: dict[str, Schema]
    origins: dict[str, object]

    def is_engine(self, name: str) -> bool:
        """Whether the definition ``name`` is one of the engine's types (never the
        game's ``View`` or ``Event``, which its table imports from the game's file)."""
        if name in (VIEW, EVENT):
            return False
        module = getattr(self.origins.get(name), "__module__", None)
        return isinstance(module, str) and (module == ENGINE_PACKAGE
                                            or module.startswith(f"{ENGINE_PACKAGE}."))

    def bases(self, name: str) -> list[str]:
        """The definitions of the ``TypedDict``\\ s that ``name`` extends."""
        names = {id(origin): base for base, origin in self.origins.items()}
        return [names[id(base)] for base in _typed_dict_bases(self.origins.get(name))]


def _document(game: Game) -> _Document:
    defs: dict[str, Schema] = dict(game_schema(game)["$defs"])
    origins = _origins(game, defs)
    _add_bases(defs, origins)
    return _Document(dict(sorted(defs.items())), origins)


def _origins(game: Game, defs: Mapping[str, Schema]) -> dict[str, object]:
    """What each of ``defs`` was made from: pydantic names a definition after its class
    or type alias, except the view's (``View``); ``Event`` is a union of its own."""
    found: dict[str, list[object]] = {}
    for kind in _parts(game.view_type, *game.event_types):
        name = getattr(kind, "__name__", None)
        if isinstance(name, str) and kind not in found.setdefault(name, []):
            found[name].append(kind)
    origins: dict[str, object] = {}
    for name in defs:
        if name == VIEW:
            if isinstance(game.view_type, type):
                origins[name] = game.view_type
        elif name != EVENT and name in found:
            if len(found[name]) > 1:
                raise TypeGenError(f"{name}: two types of {game.id}'s views and events "
                                   "have that name; which one is it?")
            origins[name] = found[name][0]
    return origins


def _parts(*kinds: object) -> list[object]:
    """``kinds`` and every type they are made of, deep: the fields of a ``TypedDict``, a
    dataclass or a named tuple, a type alias's value, a generic's arguments (a
    ``Literal``'s values too, which are harmless), a ``TypedDict``'s bases."""
    seen: list[object] = []
    pending = list(kinds)
    while pending:
        kind = pending.pop()
        if any(kind is done for done in seen):
            continue
        seen.append(kind)
        pending += get_args(kind)
        pending += _typed_dict_bases(kind)
        if hasattr(kind, "__value__"):  # a type alias (typing_extensions.TypeAliasType)
            pending.append(kind.__value__)
        if isinstance(kind, type) and (is_typeddict(kind) or is_dataclass(kind)
                                       or (issubclass(kind, tuple) and hasattr(kind, "_fields"))):
            hints = get_type_hints(kind)
            if is_dataclass(kind):  # its fields only, not its class variables
                hints = {field.name: hints[field.name] for field in fields(kind)}
            pending += hints.values()
    return seen


def _typed_dict_bases(kind: object) -> list[type]:
    """The ``TypedDict``\\ s that ``kind`` extends (none if it is not a TypedDict): its
    ``__bases__`` are only ``dict``, ``__orig_bases__`` are what its class statement
    says."""
    if not is_typeddict(kind):
        return []
    return [base for base in getattr(kind, "__orig_bases__", ()) if is_typeddict(base)]


def _add_bases(defs: dict[str, Schema], origins: dict[str, object]) -> None:
    """Adds the ``TypedDict`` bases of ``defs`` that are not among them (the schema
    flattens each into its subclasses, so a base that nothing names is missing), and
    theirs in turn."""
    pending = list(origins.values())
    while pending:
        for base in _typed_dict_bases(pending.pop()):
            if any(base is origin for origin in origins.values()):
                continue
            if base.__name__ in defs:
                raise TypeGenError(f"{base.__name__}: a base of a view and another "
                                   "definition have that name")
            defs[base.__name__] = _base_schema(base, defs)
            origins[base.__name__] = base
            pending.append(base)


def _base_schema(base: type, defs: dict[str, Schema]) -> Schema:
    """``base``'s schema as :func:`gamenight.schema.game_schema` would write it: its
    nested definitions are its subclasses' too, and so already in ``defs``."""
    schema: Schema = TypeAdapter(base).json_schema(ref_template=_REF + "{model}",
                                                   mode="serialization")
    for name, nested in schema.pop("$defs", {}).items():
        defs.setdefault(name, nested)
    close_objects(schema)
    return schema


def _own(document: _Document, name: str, bases: list[str]) -> Schema:
    """``name``'s object schema with only the keys that none of ``bases`` declares.
    Whether a key is required comes from the schema, not the class: with postponed
    annotations a ``TypedDict`` takes a ``NotRequired`` key for a required one."""
    schema = document.defs[name]
    properties: dict[str, Schema] = schema["properties"]
    required = set(schema.get("required", ()))
    inherited: set[str] = set()
    for base in bases:
        parent = document.defs[base]
        for key, value in parent["properties"].items():
            # A TypedDict may not redeclare a key of its base (mypy says so); should
            # one, extends would say something else than the Python.
            if properties.get(key) != value or (
                    (key in required) != (key in parent.get("required", ()))):
                raise TypeGenError(f"{name}.{key}: declared again, unlike in {base}")
            inherited.add(key)
    return {**schema, "properties": {key: value for key, value in properties.items()
                                     if key not in inherited}}


# -- the converter ---------------------------------------------------------------------


def _declaration(document: _Document, name: str) -> list[str]:
    if not _IDENTIFIER.match(name):
        raise TypeGenError(f"{name!r} is not a TypeScript name")
    schema = document.defs[name]
    lines = _comment(schema.get("description"), "")
    bases = document.bases(name)
    if _is_object(schema):
        extends = f" extends {', '.join(bases)}" if bases else ""
        lines.append(f"export interface {name}{extends} {{")
        lines += _members(_own(document, name, bases), "  ", name)
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
    """``python -m gamenight.web.typegen``: write every registered game's declarations,
    and the engine's (``--check``: write nothing, and fail naming the files that are
    stale)."""
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
