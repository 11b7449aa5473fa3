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

The server's messages are generated the same way, into
``static/js/types/protocol.d.ts``: every frame of the room's WebSocket each way
(``server.protocol``), the REST bodies (``server.app``) and a replay
(``server.replays``), and the unions ``ServerMessage`` and ``ClientMessage``
(discriminated by ``type``).  Where a message carries the game's own shape (an update's
``view``, ``events`` and ``told``), the Python marks it ``GameTyped``, and the
declaration takes a type parameter for it, with what every game's has as its bound and
default (``unknown`` where any value may be there): ``Update<V extends GameView =
GameView, E extends GameEvent = GameEvent, T = unknown>``, so a table names
``Update<View, Event, Told>`` with its game's types.  A game's ``Told`` (what a person
is told beside the view, ``Game.told_type``) is declared in its file beside its
``View``.  An object open to other keys gets an index signature (``[key: string]:
unknown``), a ``dict`` a ``Record``; the limits a value is validated by (a length, a
range, a pattern) are written as JSDoc tags named after their JSON Schema keywords
(``@maxLength 128``), for people: TypeScript has no type for them.  A field's ``#:``
comment in the Python is its comment here.

Regenerate every file with ``python -m gamenight.web.typegen``; ``gamenight schema GAME
--typescript`` prints one game's.  The converter covers what the schemas use (objects,
open objects and maps, arrays, tuples, literals, unions, references, null, the scalar
types and "any" as ``unknown``) and raises :class:`TypeGenError` on anything else,
rather than guess a type.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
import re
import sys
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    get_args,
    get_origin,
    get_type_hints,
)

from pydantic import BaseModel, TypeAdapter
from typing_extensions import is_typeddict

from gamenight.engine import Game
from gamenight.schema import EVENT, TOLD, VIEW, Schema, close_objects, game_schema

#: Where the generated declarations live, in the source tree (they are checked in).
TYPES = Path(__file__).resolve().parent / "static" / "js" / "types"
#: The command that writes them again.
REGENERATE = "python -m gamenight.web.typegen"
#: The file of the engine's own types, which every game's file imports from.
ENGINE_FILE = "engine.d.ts"
#: The file of the server's messages (``server.protocol``, ``server.app``).
PROTOCOL_FILE = "protocol.d.ts"
#: The unions of the messages each way, as the protocol's schema names them
#: (``server.schemas``).
CLIENT_MESSAGE = "ClientMessage"
SERVER_MESSAGE = "ServerMessage"
#: A type defined in this package (or below it) belongs to the engine, not to a game.
ENGINE_PACKAGE = "gamenight.engine"

_SCALARS = {"integer": "number", "number": "number", "string": "string",
            "boolean": "boolean", "null": "null"}
#: Keywords that carry no type: words for people (kept as comments where they describe
#: a definition or a property), a field's default, and the tag of a union that pydantic
#: discriminates by a key (its members' literal ``type`` discriminates it in TypeScript).
_WORDS = frozenset({"title", "description", "default", "discriminator"})
#: The limits a value is validated by, which no TypeScript type says: each becomes a
#: JSDoc tag named after its keyword (minItems and maxItems of a tuple are its length).
_LIMITS = ("minLength", "maxLength", "pattern", "minimum", "exclusiveMinimum", "maximum",
           "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "minProperties",
           "maxProperties")
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


def protocol_declarations() -> str:
    """The TypeScript declarations of the server's messages (``protocol.d.ts``)."""
    return _protocol_file(_protocol_document())


def generate(games: Iterable[Game]) -> dict[str, str]:
    """Each generated file's name and its declarations: each game's, the server's
    messages', and the engine's types that any of them use."""
    documents = {game: _document(game) for game in games if game.view_type is not None}
    files = {file_name(game): _game_file(game, document)
             for game, document in documents.items()}
    for shared in (ENGINE_FILE, PROTOCOL_FILE):
        if shared in files:
            raise TypeGenError(f"a game's file would overwrite the shared {shared}")
    protocol = _protocol_document()
    return {ENGINE_FILE: _engine_file([*documents.values(), protocol]),
            PROTOCOL_FILE: _protocol_file(protocol), **files}


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
    return "\n".join(lines + _body(document))


def _protocol_file(document: _Document) -> str:
    lines = [
        "// Generated from the server's messages (gamenight.server.protocol, the REST shapes",
        "// of gamenight.server.app, gamenight.server.replays) by gamenight.web.typegen: do",
        "// not edit.  After a change to them, regenerate: "
        f"`{REGENERATE}`.",
        "",
    ]
    return "\n".join(lines + _body(document))


def _body(document: _Document) -> list[str]:
    """The import (and export) of the engine's types that ``document`` uses, and each of
    its own definitions, in the document's order."""
    lines = []
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
    return lines


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
        "// Generated from the engine's types that the games' views and events and the",
        "// server's messages use, by gamenight.web.typegen: do not edit.  Each game's file",
        "// and protocol.d.ts import (and export) the ones they use.  After a change to them,",
        f"// regenerate: `{REGENERATE}`.",
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
    or type alias, except the view's (``View``) and what a person is told (``Told``);
    ``Event`` is a union of its own."""
    told = () if game.told_type is None else (game.told_type,)
    origins = _named(_parts(game.view_type, *game.event_types, *told), defs,
                     f"{game.id}'s views and events", skip=frozenset({VIEW, EVENT, TOLD}))
    for name, kind in ((VIEW, game.view_type), (TOLD, game.told_type)):
        if name in defs and isinstance(kind, type):
            origins[name] = kind
    return origins


def _named(kinds: list[object], defs: Mapping[str, Schema], where: str,
           skip: frozenset[str] = frozenset()) -> dict[str, object]:
    """Which of ``kinds`` each of ``defs`` was made from, by name (but ``skip``)."""
    found: dict[str, list[object]] = {}
    for kind in kinds:
        name = getattr(kind, "__name__", None)
        if isinstance(name, str) and kind not in found.setdefault(name, []):
            found[name].append(kind)
    origins: dict[str, object] = {}
    for name in defs:
        if name not in skip and name in found:
            if len(found[name]) > 1:
                raise TypeGenError(f"{name}: two types of {where} have that name; "
                                   "which one is it?")
            origins[name] = found[name][0]
    return origins


def _protocol_document() -> _Document:
    """The server's messages (and what they use) by name, with the unions of the
    messages each way: what a client receives is written as the server sends it
    (pydantic's serialization schema), what it sends as the server accepts it
    (validation: with its limits, and a field with a default left optional)."""
    from gamenight.server import app, protocol, refusals, replays

    clients = list(get_args(protocol.AnyClientMessage))
    servers = list(get_args(protocol.ServerMessage))
    sent = [app.NewRoom, app.TableQuery, app.NewLessonRoom, app.NewSeat, *clients]
    received = [*servers, app.GameInfo, app.TableSizes, app.RoomMade, app.LessonInfo,
                replays.Replay, protocol.GameView, protocol.GameEvent,
                refusals.CodedRefusal]
    defs: dict[str, Schema] = {}
    modes: list[tuple[list[Any], Literal["validation", "serialization"]]] = [
        (sent, "validation"), (received, "serialization")]
    for kinds, mode in modes:
        for kind in kinds:
            schema: Schema = TypeAdapter(kind).json_schema(ref_template=_REF + "{model}",
                                                           mode=mode)
            for name, part in {**schema.pop("$defs", {}), kind.__name__: schema}.items():
                if defs.setdefault(name, part) != part:
                    raise TypeGenError(f"{name}: two of the protocol's types have that "
                                       "name, or one is read and sent in two shapes")
    # Closed as the games' documents are (and the protocol's, ``server.schemas``): the
    # engine's types they share are then written alike; an open one says it is open.
    close_objects(defs)
    origins = _named(_parts(*sent, *received), defs, "the protocol")
    _add_bases(defs, origins)
    defs[CLIENT_MESSAGE] = {"anyOf": [{"$ref": _REF + kind.__name__} for kind in clients]}
    defs[SERVER_MESSAGE] = {"anyOf": [{"$ref": _REF + kind.__name__} for kind in servers]}
    return _Document(dict(sorted(defs.items())), origins)


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
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            pending += [field.annotation for field in kind.model_fields.values()]
        elif isinstance(kind, type) and (is_typeddict(kind) or is_dataclass(kind)
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
    origin = document.origins.get(name)
    lines = _comment(schema.get("description"), "")
    bases = document.bases(name)
    if _is_object(schema):
        parameters = _parameters(origin)
        for _, marker, _ in parameters.values():
            if marker.least is not None and marker.least.__name__ not in document.defs:
                raise TypeGenError(f"{name}: {marker.name}'s bound "
                                   f"{marker.least.__name__} is not declared")
        generic = ", ".join(_parameter(marker) for _, marker, _ in parameters.values())
        extends = f" extends {', '.join(bases)}" if bases else ""
        lines.append(f"export interface {name}{f'<{generic}>' if generic else ''}"
                     f"{extends} {{")
        lines += _members(_own(document, name, bases), "  ", name,
                          said=_field_comments(origin),
                          typed={key: text for key, (text, _, _) in parameters.items()})
        lines.append("}")
    else:
        lines.append(f"export type {name} = {_type(schema, name)};")
    return lines


def _is_object(schema: Schema) -> bool:
    return schema.get("type") == "object" and "properties" in schema


def _parameter(marker: Any) -> str:
    """A type parameter's declaration: ``V extends GameView = GameView``, or ``T =
    unknown`` where any value may be there (no bound)."""
    if marker.least is None:
        return f"{marker.name} = unknown"
    least = marker.least.__name__
    return f"{marker.name} extends {least} = {least}"


def _parameters(origin: object) -> dict[str, tuple[str, Any, bool]]:
    """The keys of the ``TypedDict`` ``origin`` whose shape is the game's (marked
    ``GameTyped``, alone or as a list's items, a key that may be left out too): for
    each, its type here (the type parameter, or an array of it), the marker, and
    whether it is a list, in the class's order."""
    from gamenight.server.protocol import GameTyped

    if not is_typeddict(origin):
        return {}
    found: dict[str, tuple[str, Any, bool]] = {}
    for key, hint in get_type_hints(origin, include_extras=True).items():
        if get_origin(hint) in (NotRequired, Required):  # whether it is, the schema says
            hint = get_args(hint)[0]
        many = get_origin(hint) is list
        inner = get_args(hint)[0] if many else hint
        if get_origin(inner) is not Annotated:
            continue
        for marker in inner.__metadata__:
            if isinstance(marker, GameTyped):
                if not _IDENTIFIER.match(marker.name):
                    raise TypeGenError(f"{key}: {marker.name!r} is not a TypeScript name")
                found[key] = (f"{marker.name}[]" if many else marker.name, marker, many)
    names = [marker.name for _, marker, _ in found.values()]
    if len(set(names)) < len(names):
        raise TypeGenError(f"{getattr(origin, '__name__', origin)}: two parts take one "
                           "type parameter")
    return found


def _field_comments(origin: object) -> dict[str, str]:
    """The ``#:`` comment above each field of the class ``origin`` (the Sphinx way of
    saying what a field is), by field name: pydantic's schema does not carry them."""
    if not isinstance(origin, type):
        return {}
    try:
        source = textwrap.dedent(inspect.getsource(origin))
    except (OSError, TypeError):  # a class made at run time, or in an interactive shell
        return {}
    lines = source.splitlines()
    tree = ast.parse(source)
    said: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for statement in body:
        if not (isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)):
            continue
        comment: list[str] = []
        row = statement.lineno - 2
        while row >= 0 and lines[row].strip().startswith("#:"):
            comment.insert(0, lines[row].strip().removeprefix("#:").strip())
            row -= 1
        if comment:  # as the source wraps it
            said[statement.target.id] = "\n".join(comment)
    return said


def _members(schema: Schema, indent: str, where: str, *,
             said: Mapping[str, str] | None = None,
             typed: Mapping[str, str] | None = None) -> list[str]:
    """The members of an object: its properties (``said``: their comments where the
    schema has none; ``typed``: the types of those that are a type parameter) and, for
    an object open to other keys, an index signature."""
    _only(schema, {"type", "properties", "required", "additionalProperties", *_LIMITS},
          where)
    required = set(schema.get("required", ()))
    lines = _comment(None, indent, _limits(schema))
    properties: Mapping[str, Schema] = schema["properties"]
    for key, value in properties.items():
        here = f"{where}.{key}"
        text = value.get("description") or (said or {}).get(key)
        lines += _comment(text, indent, _limits(value))
        name = key if _IDENTIFIER.match(key) else json.dumps(key)
        optional = "" if key in required else "?"
        kind = (typed or {}).get(key) or _type(value, here)
        lines.append(f"{indent}{name}{optional}: {kind};")
    others = schema.get("additionalProperties", False)
    if others is not False:
        lines.append(f"{indent}[key: string]: {_values(others, where)};")
    return lines


def _values(others: Any, where: str) -> str:
    """The type of the values of an object's other keys (``additionalProperties``)."""
    if others is True or others == {}:
        return "unknown"
    if not isinstance(others, dict):
        raise TypeGenError(f"{where}: no translation for additionalProperties {others!r}")
    return _type(others, f"{where}[key]")


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
            choices = [_type(choice, where) for choice in schema[union]]
            # int | float is number | number in TypeScript: each type once.
            return " | ".join(dict.fromkeys(choices))
    if not (set(schema) - _WORDS):
        return "unknown"  # any value (``Any``)
    kind = schema.get("type")
    if kind == "object":
        if "properties" not in schema:
            # A map (``dict[str, X]``): no keys of its own, every key's value alike.
            _only(schema, {"type", "additionalProperties", *_LIMITS}, where)
            if "additionalProperties" not in schema:
                raise TypeGenError(f"{where}: an object without properties is not "
                                   "translated")
            return f"Record<string, {_values(schema['additionalProperties'], where)}>"
        return "{ " + " ".join(_members(schema, "", where)) + " }"
    if kind == "array":
        return _array(schema, where)
    if isinstance(kind, str) and kind in _SCALARS:
        _only(schema, {"type", *_LIMITS}, where)
        return _SCALARS[kind]
    raise TypeGenError(f"{where}: no translation for the schema {json.dumps(schema)}")


def _array(schema: Schema, where: str) -> str:
    _only(schema, {"type", "items", "prefixItems", *_LIMITS}, where)
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


def _limits(schema: Any, part: str = "") -> list[str]:
    """The limits ``schema`` validates a value by (a length, a range, a pattern), as
    JSDoc tags named after their keywords (``@maxLength 128``), and those of its
    union's choices, its items (``(each item)``) and its values (``(each value)``)."""
    if not isinstance(schema, dict):
        return []
    tuple_ = "prefixItems" in schema
    tags = [f"@{key} {_limit(schema[key])}{part}" for key in _LIMITS
            if key in schema and not (tuple_ and key in ("minItems", "maxItems"))]
    for union in ("anyOf", "oneOf"):
        for choice in schema.get(union, ()):
            tags += _limits(choice, part)
    if "items" in schema:
        tags += _limits(schema["items"], " (each item)")
    if "properties" not in schema:
        tags += _limits(schema.get("additionalProperties"), " (each value)")
    return list(dict.fromkeys(tags))


def _limit(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).replace("*/", "* /")


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


def _comment(text: object, indent: str, tags: list[str] | None = None) -> list[str]:
    """A JSDoc comment of a definition's or a property's description and the limits
    its value is validated by (none for neither)."""
    body = []
    if isinstance(text, str) and text.strip():
        body = [line.rstrip() for line in text.strip().replace("*/", "* /").splitlines()]
    body += tags or []
    if not body:
        return []
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
