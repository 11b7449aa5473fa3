"""Fliegen klatschen's running standings, for the balance lab's drama
(``engine.standings``).

Fliegen klatschen: the values of the flies won so far, less those a penalty sent back
under a pile (the rulebook's score); a deciding game only breaks a tie, so the match
keeps the first game's points (``DecidingGame`` freezes them).
"""

from __future__ import annotations

from gamenight.engine.events import Event
from gamenight.engine.standings import Standings
from gamenight.games.fliegen_klatschen.cards import VALUE_OF
from gamenight.games.fliegen_klatschen.events import DecidingGame, FlyWon, GameOver, Penalty


class FliegenKlatschenStandings(Standings):
    """Fliegen klatschen: the values of the flies each seat has won so far."""

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self._deciding = False

    def _take(self, event: Event) -> None:
        if isinstance(event, DecidingGame):
            self._deciding = True  # the match's scores stay the first game's
        elif self._deciding:
            return
        elif isinstance(event, FlyWon):
            self._scores[event.seat] += VALUE_OF[event.card]
        elif isinstance(event, Penalty) and event.card is not None:
            self._scores[event.seat] -= VALUE_OF[event.card]
        elif isinstance(event, GameOver):
            self._scores = [float(s) for s in event.scores]
