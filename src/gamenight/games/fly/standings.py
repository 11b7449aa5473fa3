"""FLY's running standings, for the balance lab's drama (``engine.standings``).

FLY: the points of the flies collected so far (``FliesCollected.points``).
"""

from __future__ import annotations

from gamenight.engine.events import Event
from gamenight.engine.standings import Standings
from gamenight.games.fly.events import FliesCollected, GameOver


class FlyStandings(Standings):
    """FLY: each seat's points so far."""

    def _take(self, event: Event) -> None:
        if isinstance(event, FliesCollected):
            self._scores[event.seat] = float(event.points)
        elif isinstance(event, GameOver):
            self._scores = [float(s) for s in event.scores]
