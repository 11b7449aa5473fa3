"""The one error type a game raises for a move the rules do not allow."""

from __future__ import annotations


class IllegalAction(ValueError):  # noqa: N818 -- the name the issue and DESIGN give it
    """An action the rules do not allow at this moment.

    Raised *before* anything changes: a state that raised this is exactly as it was.
    The message says what was wrong in the game's own words.
    """


class RecordError(ValueError):
    """A record that cannot be read or does not replay to what it claims."""
