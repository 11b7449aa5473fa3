"""The ladder (``gamenight study GAME --ladder``): every bot and level of a game against
the others at mixed tables, rated with OpenSkill's Plackett-Luce model.

Plackett-Luce rates from a whole table's finishing order (not only its winner), which
is what a multiplayer game gives; each rating is a mean ``mu`` and an uncertainty
``sigma``.  The tables are every combination of ``players`` different entrants, each
rotated so that every entrant sits in every seat about equally: seat advantage falls
evenly on all of them.  The games are rated in the study's order (by table, then game
number), so the same study gives the same ratings.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from typing_extensions import TypedDict

from gamenight.bots.base import bot_kinds
from gamenight.bots.levels import LEVELS
from gamenight.engine import OptionError
from gamenight.games import get_game
from gamenight.lab.plan import CHUNK_GAMES, Cell, Study
from gamenight.lab.play import GameRow
from gamenight.sim.simulate import resolve_table

#: Games per table when --games is not given: a ladder has many tables.
LADDER_GAMES = 100
#: Half the width of the plotted interval, in sigmas (about 95%).
SIGMAS = 2.0


def entrants(game_id: str) -> tuple[str, ...]:
    """Every bot of the game at every fixed level it plays differently at, weakest level
    first ('random', 'sharp:child', ..., 'sharp:expert'); a bot without levels once."""
    game = get_game(game_id)
    found = []
    for kind, factory in bot_kinds(game).items():
        if getattr(factory, "searches", False):
            continue  # a searching bot (master) thinks 200 ms a move: too slow for a ladder
        levels = [level for level in getattr(factory, "levels", ()) if level in LEVELS]
        found += [f"{kind}:{level}" for level in levels] or [kind]
    return tuple(found)


def tables(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every set of ``players`` different bots, the i-th rotated by i seats."""
    if not 2 <= players <= len(bots):
        raise OptionError(f"a ladder table seats 2 to {len(bots)} different bots (this "
                          f"game has {len(bots)}), not {players}")
    chosen = []
    for index, group in enumerate(itertools.combinations(bots, players)):
        turn = index % players
        chosen.append(group[turn:] + group[:turn])
    return chosen


def plan_ladder(game_id: str, players: int, *, games: int, seed: int,
                options: Mapping[str, Any] | None = None,
                chunk_games: int = CHUNK_GAMES) -> Study:
    """A study whose cells are the ladder's tables (``games`` games each)."""
    game = get_game(game_id)
    given = dict(options or {})
    resolved = resolve_table(game, players, given)  # the game's own check, once
    chosen = tuple(sorted((name, resolved[name]) for name in given))
    cells = tuple(Cell(game.id, players, table, chosen)
                  for table in tables(entrants(game.id), players))
    return Study(game.id, cells, games, seed, chunk_games)


class Rating(TypedDict):
    """A bot's rating: ``mu`` and ``sigma`` of OpenSkill's Plackett-Luce model, and the
    interval ``mu ± 2 sigma`` that the plot shows."""

    bot: str
    mu: float
    sigma: float
    low: float
    high: float
    games: int


def ratings(rows: Sequence[GameRow]) -> list[Rating]:
    """Rate every bot of ``rows`` from the finishing orders, best (highest ``mu - 2
    sigma``, the model's cautious ordinal) first; empty when there are fewer than two
    bots."""
    from openskill.models import PlackettLuce

    names = sorted({bot for row in rows for bot in row["bots"]})
    if len(names) < 2:
        return []
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in names}
    played = dict.fromkeys(names, 0)
    for row in rows:
        seats = [[current[bot]] for bot in row["bots"]]
        # A bot in two seats of one game: rated once per seat, the last kept.
        for bot, (rating,) in zip(row["bots"], model.rate(seats, ranks=list(row["ranks"])),
                                  strict=True):
            current[bot] = rating
            played[bot] += 1
    found = [Rating(bot=name, mu=float(r.mu), sigma=float(r.sigma),
                    low=float(r.mu - SIGMAS * r.sigma), high=float(r.mu + SIGMAS * r.sigma),
                    games=played[name]) for name, r in current.items()]
    return sorted(found, key=lambda r: (-r["low"], r["bot"]))
