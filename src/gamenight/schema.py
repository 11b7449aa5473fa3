"""The published shape of each game's views and events, as JSON Schema.

A game declares the shape of its view as a ``TypedDict`` (``Game.view_type``) and its
events as frozen dataclasses (``Game.event_types``); this module turns those type hints
into one JSON Schema document per game (draft 2020-12), which ``gamenight schema GAME``
prints and the tests validate every view and event of random games against.  The
server's protocol (``docs/protocol.md``, later) builds on these documents.

Pydantic reads the type hints (it knows ``TypedDict``, ``Literal``, dataclasses and
unions); every object is then closed (``additionalProperties: false``), so a view that
grows a key its type does not declare -- a leak, more often than not -- fails
validation instead of passing unnoticed.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from gamenight.engine import Game

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: A document's parts by name: ``#/$defs/View``, ``#/$defs/Event``.
VIEW = "View"
EVENT = "Event"
#: The game's facts (``Game.facts``), where it declares them (``Game.facts_type``).
FACTS = "Facts"
#: What a person is told beside the view (``GameState.told``), where the game declares
#: it (``Game.told_type``).
TOLD = "Told"

Schema = dict[str, Any]


def game_schema(game: Game) -> Schema:
    """One document for ``game``: ``$defs`` holds ``View`` (any seat's or a spectator's
    view), ``Event`` (one of the game's events, in any seat's form), ``Facts`` where the
    game declares them (``Game.facts_type``), ``Told`` where it tells people something
    beside the view (``Game.told_type``), and what they use."""
    if game.view_type is None:
        raise NotImplementedError(f"{game.id} has not declared the shape of its view")
    defs: dict[str, Schema] = {}
    defs[VIEW] = _schema(game.view_type, defs)
    events = []
    for event_type in game.event_types:
        name = event_type.__name__
        schema = _schema(event_type, defs)
        schema["properties"] = {"event": {"const": name}, **schema.get("properties", {})}
        schema["required"] = ["event", *schema.get("required", [])]
        defs[name] = schema
        events.append({"$ref": f"#/$defs/{name}"})
    defs[EVENT] = {"oneOf": events} if events else {"not": {}}
    if game.facts_type is not None:
        defs[FACTS] = _schema(game.facts_type, defs)
    if game.told_type is not None:
        defs[TOLD] = _schema(game.told_type, defs)
    for schema in defs.values():
        close_objects(schema)
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://gamenight.invalid/schema/{game.id}/{game.rules_version}",
        "title": f"{game.title}: views and events (rules version {game.rules_version})",
        "$defs": dict(sorted(defs.items())),
    }


def part(document: Schema, name: str) -> Schema:
    """A schema for one part of a game's document (``VIEW``, ``EVENT`` or an event's
    class name) that keeps the document's ``$defs`` for its references."""
    return {"$schema": document["$schema"], "$defs": document["$defs"],
            "$ref": f"#/$defs/{name}"}


def _schema(kind: Any, defs: dict[str, Schema]) -> Schema:
    """``kind``'s schema with its nested definitions moved into ``defs``."""
    schema: Schema = TypeAdapter(kind).json_schema(ref_template="#/$defs/{model}",
                                                   mode="serialization")
    for name, nested in schema.pop("$defs", {}).items():
        defs.setdefault(name, nested)
    return schema


def close_objects(schema: Any) -> None:
    """Every object schema that lists its properties allows no others (in place)."""
    if isinstance(schema, dict):
        if schema.get("type") == "object" and "properties" in schema:
            schema.setdefault("additionalProperties", False)
        for value in schema.values():
            close_objects(value)
    elif isinstance(schema, list):
        for value in schema:
            close_objects(value)
