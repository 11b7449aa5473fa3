"""The shapes the engine publishes as JSON (``TypedDict``): what an action refers to,
those references in columns, and a position.

A module of their own, never compiled (``gamenight compile``): pydantic reads them for the
protocol's schema, and mypyc would build a compiled module's ``TypedDict`` with the
``typing`` module's own class, which pydantic refuses on Python 3.11 (it needs
``typing_extensions``').  The games' views and events stay uncompiled for the same
reason (``docs/speed.md``, "Compiled by mypyc").
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

JSON = Any  # a value that json.dumps accepts


class Refers(TypedDict, total=False):
    """What an action refers to on the table (``Game.refers``): a client finds the action
    for what was pressed (a card, a place, a seat) without composing its text."""

    #: A card, by the id the game's view and facts give it.
    card: int
    #: A card's face, by the name the view gives it (an animal in a hand, a letter).
    face: str
    #: A place on the table, by its index in the view's list of places.
    place: int
    #: A number the action names (a call of the squares numbered so).
    number: int
    #: A point on the table, in the units of the game's view, and an angle in degrees
    #: (an aim: where something is dropped, and how it is turned).
    x: float
    y: float
    angle: float
    #: A seat.
    seat: int


class ReferColumns(TypedDict, total=False):
    """What each of a list of actions refers to, a column per kind of thing (the
    protocol's ``refers``): ``card[i]`` is the card the i-th action refers to, None where
    it refers to none.  Columns, not a dict per action: a decision of hundreds of
    actions is sent in a third of the size."""

    card: list[int | None]
    face: list[str | None]
    place: list[int | None]
    number: list[int | None]
    x: list[float | None]
    y: list[float | None]
    angle: list[float | None]
    seat: list[int | None]


class Position(TypedDict):
    """A whole game state as JSON, the way chess has FEN: which game, at which table
    and options, and the game's own ``state`` (its format is in the game's
    ``rules.md``).  The future is not part of it: a game built from a position draws its
    chance from a seed given then."""

    format: str
    version: int
    game: str
    rules_version: str
    players: int
    options: dict[str, JSON]
    state: JSON
