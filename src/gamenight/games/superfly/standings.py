"""Superfly's running standings, for the balance lab's drama (``engine.standings``).

Superfly: Fly Catcher tokens (``TokensWon``).  The cards of the round in progress are
not counted: hands are held face down, so whose set is biggest is not known until the
hands are shown, and then it is a token.
"""

from __future__ import annotations

from gamenight.engine.events import Event
from gamenight.engine.standings import Standings
from gamenight.games.superfly.events import GameOver, TokensWon


class SuperflyStandings(Standings):
    """Superfly: each seat's Fly Catcher tokens."""

    def _take(self, event: Event) -> None:
        if isinstance(event, TokensWon | GameOver):
            self._scores = [float(t) for t in event.tokens]
