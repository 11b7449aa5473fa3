"""Fluster's standings, for the balance lab's drama (``engine.standings``).

Fluster: no running standing -- every pad is secret until the end (``SquareWritten``
reaches its owner only), so nobody leads until the pads are scored (``PadScored``);
lead changes are then 0, the comeback None and the half-time leaders none.
"""

from __future__ import annotations

from gamenight.engine.events import Event
from gamenight.engine.standings import Standings
from gamenight.games.fluster.events import GameOver, PadScored


class FlusterStandings(Standings):
    """Fluster: nothing until the pads are scored at the end."""

    running = False

    def _take(self, event: Event) -> None:
        if isinstance(event, PadScored):
            self._scores[event.seat] = float(event.grand_total)
        elif isinstance(event, GameOver):
            self._scores = [float(s) for s in event.scores]
