"""A position's envelope, declared: what ``Game.from_position`` reads before the game's
own ``state`` (``docs/engine.md``, "Positions").

The envelope names the format, its version, the game and its rules version, the table
and the options; the game-specific ``state`` inside it is read by the game's
``_from_position``.  :func:`read_envelope` checks the envelope's shape (every field
there, none more, each of its JSON type, exactly: ``"version": true`` is no version 1);
``Game.from_position`` then checks its values against the game (which game, which rules
version, a table and options it offers).
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import ValidationError

from gamenight.engine.errors import IllegalAction
from gamenight.engine.strict import StrictModel, refusal

#: ``game.POSITION_FORMAT`` as a type (``tests/engine/test_position_envelope.py`` checks
#: that the two say the same).
PositionFormat = Literal["gamenight-position"]
_FORMAT: str = get_args(PositionFormat)[0]


class PositionEnvelope(StrictModel):
    """The fields of a position (``game.Position``), each of its JSON type."""

    format: PositionFormat
    version: int
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    #: The game's own part: plain JSON (already bounded), read by ``_from_position``.
    state: Any


def read_envelope(data: object) -> PositionEnvelope:
    """The envelope of the position ``data`` (plain JSON of bounded size), or
    IllegalAction naming each field that is missing, unknown or of the wrong type."""
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        # Not a position at all: saying which of its fields are wrong would mislead.
        raise IllegalAction(f"not a position: a position is an object whose format is "
                            f"{_FORMAT!r}")
    try:
        return PositionEnvelope.model_validate(data)
    except ValidationError as exc:
        raise IllegalAction(refusal(exc, "a position")) from None
