"""By Golly!'s running standings, for the balance lab's drama (``engine.standings``).

By Golly!: the cards a player still has to discard, negated (fewer is better): each
player's share of the deal (``Dealt.each``), less a matched card (``TurnedOver``
"match", ``FaceUpMatch``), a card drawn in the mess moving from victim to drawer
(``Drew``).
"""

from __future__ import annotations

from gamenight.engine.events import Event
from gamenight.engine.standings import Standings
from gamenight.games.by_golly.events import Dealt, Drew, FaceUpMatch, TurnedOver


class ByGollyStandings(Standings):
    """By Golly!: the cards each seat still has to discard, negated."""

    def _take(self, event: Event) -> None:
        scores = self._scores
        if isinstance(event, Dealt):
            self._scores = [-float(event.each)] * self.players
        elif ((isinstance(event, TurnedOver) and event.result == "match")
              or isinstance(event, FaceUpMatch)):
            scores[event.seat] += 1  # the matched card goes to one side: discarded
        elif isinstance(event, Drew):
            scores[event.seat] -= 1
            scores[event.victim] += 1
