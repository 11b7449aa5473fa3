"""High Card's bot: ``thrifty``, which takes a trick as cheaply as it can (the master
searches on top of it: ``search.PLAN``)."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.bots.base import Bot, Clock, Wait
from gamenight.engine import View
from tests.sixth.actions import Play
from tests.sixth.views import as_view


class ThriftyBot(Bot[Play]):
    """Leads its highest card; following, plays the lowest card that beats the table,
    or, where none does, its lowest card (a trick it cannot take costs it nothing)."""

    name = "thrifty"

    def act(self, view: View, legal: Sequence[Play], clock: Clock) -> Play | Wait:
        on_table = [card for card in as_view(view)["table"] if card is not None]
        mine = sorted(legal, key=lambda play: play.card)
        if not on_table:
            return mine[-1]
        best = max(on_table)
        return next((play for play in mine if play.card > best), mine[0])

