"""A game's running standings: each seat's standing so far, folded from its events.

The balance lab measures drama with it (``lab/drama.py``: how often the lead changed
hands, whether the leader at half time won); each game that has a running standing
anyone at the table could know declares its fold in its own package and hands it out
through ``Game.standings``.  The fold takes the form of each event a spectator gets
(``Event.seen_by(None)``), so a standing never holds a hidden card or a secret pad.
Higher is better, as the rulebook scores it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from gamenight.engine.events import Event


class Standings(ABC):
    """A running fold over one game's events: each seat's standing so far."""

    #: False for a game with no running standing that anyone at the table knows.
    running: ClassVar[bool] = True

    def __init__(self, players: int) -> None:
        self.players = players
        self._scores: list[float] = [0.0] * players

    def after(self, event: Event) -> None:
        """Take in ``event``: the form a spectator gets of it, if any."""
        public = event.seen_by(None)
        if public is not None:
            self._take(public)

    @abstractmethod
    def _take(self, event: Event) -> None:
        """Take in a public event."""

    def scores(self) -> tuple[float, ...]:
        """Each seat's standing so far; higher is better."""
        return tuple(self._scores)
