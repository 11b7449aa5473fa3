"""The JSON Schema of each game's protocol (``docs/protocol.md``), version 1.

One document per game (draft 2020-12), built from the messages' ``TypedDict``s in
``server.protocol`` and on the game's own document (``gamenight.schema.game_schema``):
an update's ``view`` is the game's ``View``, each of its ``events`` the game's ``Event``
and its ``told`` the game's ``Told``, so an update whose view has the wrong shape -- or
a key its type does not declare, a leak more often than not -- fails validation, as does
any message of a type the protocol does not have.  ``GET /api/games/{game}/protocol``
and ``gamenight schema GAME --protocol`` publish it; the server's tests validate every
frame they are sent against ``ServerMessage`` and every frame they send against
``ClientMessage``.

``$defs`` holds:

* ``ClientMessage`` (exactly one of the client's messages) and ``ServerMessage``
  (exactly one of the server's);
* each message by the name of its type in ``server.protocol`` (``Join``, ``Act``,
  ``PassMessage``, ``Start``, ``Rematch``, ``Ping``, ``ClientPong``; ``Welcome``,
  ``RoomMessage``, ``Update``, ``ServerPing``, ``Pong``, ``Error``) and the parts they
  share (``RoomInfo``, ``SeatInfo``, ``ActingInfo``, ``WindowInfo``);
* the game's ``View``, ``Event`` (and ``Told``, where it has one) and everything they
  use, as its own document has them.
"""

from __future__ import annotations

import copy
import typing
from typing import Any

from pydantic import TypeAdapter

from gamenight.engine import Game
from gamenight.schema import (
    EVENT,
    SCHEMA_DIALECT,
    TOLD,
    VIEW,
    Schema,
    close_objects,
    game_schema,
)
from gamenight.server import protocol

#: The parts of a protocol document by name: ``#/$defs/ClientMessage`` and
#: ``#/$defs/ServerMessage`` (``gamenight.schema.part`` makes a schema of either).
CLIENT_MESSAGE = "ClientMessage"
SERVER_MESSAGE = "ServerMessage"


class SchemaClashError(ValueError):
    """A game's document and the protocol name two different schemas alike."""


def protocol_schema(game: Game) -> Schema:
    """The protocol's document for ``game`` (a fresh copy: the caller may change it).
    NotImplementedError for a game that has not declared the shape of its view."""
    key = (game.id, game.rules_version)
    if key not in _BUILT:
        _BUILT[key] = _build(game)
    return copy.deepcopy(_BUILT[key])


#: Documents already built, by game and rules version (building one takes pydantic a
#: noticeable moment, and the REST route serves it on every request).
_BUILT: dict[tuple[str, str], Schema] = {}


def _build(game: Game) -> Schema:
    defs: dict[str, Schema] = dict(game_schema(game)["$defs"])
    clients = _messages(protocol.ClientMessage, "validation", defs)
    servers = _messages(protocol.ServerMessage, "serialization", defs)
    _require_a_token_or_spectator(defs["Join"])
    update = defs["Update"]["properties"]
    # The game's own shapes, not "any object": what the seat is shown is checked too.
    update["view"] = {"$ref": f"#/$defs/{VIEW}"}
    update["events"] = {"type": "array", "items": {"$ref": f"#/$defs/{EVENT}"}}
    # What a seat is told beside its view is the game's ``Told``; a game that tells
    # nothing there sends none.
    nothing: Schema = {"not": {}}
    update["told"] = {"$ref": f"#/$defs/{TOLD}"} if TOLD in defs else nothing
    defs[CLIENT_MESSAGE] = {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in clients]}
    defs[SERVER_MESSAGE] = {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in servers]}
    close_objects(defs)  # closed as the games' own documents are
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://gamenight.invalid/protocol/{game.id}/{game.rules_version}/"
               f"v{protocol.PROTOCOL_VERSION}",
        "title": f"{game.title}: the server's protocol, version {protocol.PROTOCOL_VERSION} "
                 f"(rules version {game.rules_version})",
        "$defs": dict(sorted(defs.items())),
    }


def _messages(union: Any, mode: typing.Literal["validation", "serialization"],
              defs: dict[str, Schema]) -> list[str]:
    """Put the schema of each message of ``union`` (and of what they use) into ``defs``;
    returns the messages' names.  Client messages are schemas of what the server
    accepts (``validation``), server messages of what it sends (``serialization``)."""
    members = typing.get_args(typing.get_args(union)[0] if _annotated(union) else union)
    names = []
    for member in members:
        schema: Schema = TypeAdapter(member).json_schema(ref_template="#/$defs/{model}",
                                                         mode=mode)
        nested = schema.pop("$defs", {})
        name = member.__name__
        for part_name, part in {**nested, name: schema}.items():
            if defs.setdefault(part_name, part) != part:
                raise SchemaClashError(f"the protocol's {part_name} and a schema of the game's "
                                       "own document share a name")
        names.append(name)
    return names


def _annotated(kind: Any) -> bool:
    return typing.get_origin(kind) is typing.Annotated


def _require_a_token_or_spectator(join: Schema) -> None:
    """A ``join`` holds a seat's token or ``spectator: true`` (the server refuses one
    with neither, though its type leaves both optional)."""
    join["anyOf"] = [{"required": ["token"]},
                     {"required": ["spectator"], "properties": {"spectator": {"const": True}}}]

