"""High Card's running standings: the tricks each seat has taken so far, which every
player at the table can count (the balance lab's drama: lead changes, comebacks)."""

from __future__ import annotations

from gamenight.engine.events import Event
from gamenight.engine.standings import Standings
from tests.sixth.events import TrickTaken


class TrickStandings(Standings):
    """Each seat's tricks so far."""

    def _take(self, event: Event) -> None:
        if isinstance(event, TrickTaken):
            self._scores = [float(t) for t in event.tricks]
