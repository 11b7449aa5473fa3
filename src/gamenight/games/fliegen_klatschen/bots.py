"""The ``sharp`` bot: slaps the most valuable allowed flies at human-like times."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from gamenight.bots.base import Bot, Clock, Wait
from gamenight.engine import PASS, OptionError, View
from gamenight.games.fliegen_klatschen.actions import SLAPS, Action, Reveal
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF
from gamenight.games.fliegen_klatschen.rules import allowed_colours
from gamenight.games.fliegen_klatschen.views import FliegenKlatschenView


class SharpBot(Bot[Action]):
    """Reads the centre like a good player: finds the leading colours, goes for their
    most valuable flies that no hand covers yet, one hand after the other, each after a
    reaction time from its level's model (more flies to choose among take longer).

    ``error`` is the chance that a slap goes to a random centre fly instead (a slip that
    may hit a colour that is not allowed, and cost a fly).
    """

    name = "sharp"

    def __init__(self, seat: int, seed: int = 0, level: str = "average", **params: str) -> None:
        error = params.pop("error", "0.05")
        super().__init__(seat, seed, level, **params)
        try:
            self.error = float(error)
        except ValueError:
            raise OptionError(f"sharp bot: error is a chance from 0 to 1, not {error!r}") from None
        if not 0.0 <= self.error <= 1.0:
            raise OptionError(f"sharp bot: error is a chance from 0 to 1, not {error!r}")
        self._due: tuple[int | None, float] | None = None

    def act(self, view: View, legal: Sequence[Action], clock: Clock) -> Action | Wait:
        if clock.deadline_ms is None:
            return next((a for a in legal if isinstance(a, Reveal)), legal[0])
        # The game's views have this shape (rules:_view); the bot interface takes any.
        table = cast(FliegenKlatschenView, view)
        centre = table["centre"]
        if self._due is None or self._due[0] != clock.window:
            # A new hunt: the first hand lands after seeing the card and choosing.
            self._due = (clock.window, clock.now_ms + self.reaction.choice(self.rng, len(centre)))
        if clock.now_ms < self._due[1]:
            return Wait(self._due[1])
        target = self._choose(table, legal)
        # The next hand (if any) needs another look and another choice.
        self._due = (clock.window, clock.now_ms + self.reaction.choice(self.rng, len(centre)))
        return target

    def _choose(self, view: FliegenKlatschenView, legal: Sequence[Action]) -> Action:
        slaps = [a for a in legal if a is not PASS]
        if not slaps:
            return PASS
        if self.rng.random() < self.error:
            return self.rng.choice(slaps)
        # The bot judges the leading colours with the rules' own function, from the
        # centre it sees (card ids are public there): no copy of the rule here.
        allowed = allowed_colours([card["id"] for card in view["centre"]])
        hunt = view["hunt"]
        covered = {hand["card"] for hand in hunt["hands"]} if hunt else set()
        best = [
            (card["value"], -card["id"]) for card in view["centre"]
            if COLOUR_OF[card["id"]] in allowed and card["id"] not in covered
            and SLAPS[card["id"]] in slaps
        ]
        if not best:
            return PASS
        return SLAPS[-max(best)[1]]
