"""What a table is set from, so that it can be set again: a rematch or a new game.

A ``Seating`` holds the game, the bot specs of seats 1 and up (the person is seat 0), the
options or the position, and the seed.  ``state()``, ``bots()`` and ``names()`` set the
table; ``rematch()`` is the same table with the next seed, ``new_game(players)`` a fresh
deal at another table size with the same bots.  The seeds that follow one another are
derived from the first, so ``gamenight play --seed S`` and its rematches can all be
played again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gamenight.bots.base import Bot, make_bot
from gamenight.engine import Game, GameState
from gamenight.engine.seeding import derive_seed
from gamenight.i18n import N_, _
from gamenight.seats import seat_names

#: The person at this table, who has not given a name (translated where it is shown).
YOU = N_("You")


@dataclass(frozen=True, slots=True)
class Seating:
    """One table: ``game`` with the person at seat 0 and a bot of each spec in ``bots``
    at seats 1 and up, dealt from ``seed`` with ``options``, or set from ``position``
    (a ``GameState.position()``, which holds its own table and options)."""

    game: Game
    bots: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    position: Mapping[str, Any] | None = None

    @property
    def players(self) -> int:
        return len(self.bots) + 1

    def state(self) -> GameState[Any]:
        """The game as it starts at this table."""
        if self.position is not None:
            return self.game.from_position(self.position, self.seed)
        return self.game.new(self.players, self.seed, **self.options)

    def seat_bots(self) -> list[Bot[Any] | None]:
        """None for the person's seat, then a bot of each spec, each with its own seed."""
        seats: list[Bot[Any] | None] = [None]
        seats += [make_bot(self.game, spec, seat, derive_seed(self.seed, "bot", seat))
                  for seat, spec in enumerate(self.bots, start=1)]
        return seats

    def names(self) -> list[str]:
        """What the table calls each seat: its number (the story names seats by number)
        and who plays it, as every table names them (``gamenight.seats``: "Seat 2
        (perfect bot, average #2)" beside another such bot)."""
        you = _(YOU)
        shown = seat_names([you, *(None for _bot in self.bots)], [None, *self.bots])
        return [_("{you} (seat 0)").format(you=you)] + [
            _("Seat {seat} ({name})").format(seat=seat, name=name)
            for seat, name in enumerate(shown[1:], start=1)]

    # -- again ---------------------------------------------------------------------------
    def next_seed(self) -> int:
        return derive_seed(self.seed, "again")

    def rematch(self) -> Seating:
        """The same seats and bots with the next seed; a game that began from a position
        begins from it again (the position's chance from then on is the seed's)."""
        return replace(self, seed=self.next_seed())

    def new_game(self, players: int) -> Seating:
        """A fresh deal for ``players`` with the next seed and the same options (a
        position's own): the bot specs are kept seat by seat, the last one repeated for
        a larger table (none left, as after a practice game: the game's default bot)."""
        from gamenight.sim.simulate import seat_specs

        count = players - 1
        specs = seat_specs(self.game, list(self.bots[:count]), count)
        options = dict(self.position.get("options") or {}) if self.position is not None \
            else dict(self.options)
        return Seating(self.game, tuple(specs), self.next_seed(), options)

    def table_sizes(self) -> list[int]:
        """Every player count a new game may have with these options, as the game checks
        them (Superfly takes 2 only with its variant option)."""
        from gamenight.sim.simulate import resolve_table

        options = dict(self.position.get("options") or {}) if self.position is not None \
            else dict(self.options)
        sizes = []
        for players in range(self.game.min_players, self.game.max_players + 1):
            try:
                resolve_table(self.game, players, options)
            except ValueError:
                continue
            sizes.append(players)
        return sizes
