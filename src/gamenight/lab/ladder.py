"""The ladder (``gamenight study GAME --ladder``): every bot and level of a game against
the others at mixed tables, rated with OpenSkill's Plackett-Luce model.

Plackett-Luce rates from a whole table's finishing order (not only its winner), which
is what a multiplayer game gives; each rating is a mean ``mu`` and an uncertainty
``sigma``.  A bot in several seats of one game is several players of it, one per seat,
combined into one rating afterwards (:func:`ratings`).  The tables are every combination
of ``players`` different entrants, each rotated so that every entrant sits in every seat
about equally: seat advantage falls evenly on all of them.  The games are rated in the
study's order (by table, then game number), so the same study gives the same ratings.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
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
    """A bot's rating: ``mu`` and ``sigma`` of OpenSkill's Plackett-Luce model, the
    interval ``mu ± 2 sigma`` that the plot shows, and the games it played (a game with
    the bot in two seats is one game)."""

    bot: str
    mu: float
    sigma: float
    low: float
    high: float
    games: int


#: A player of the model: a bot, and which of its seats at the table it is (0 for its
#: first seat, 1 for its second...).
Instance = tuple[str, int]


def instances(bots: Sequence[str]) -> list[Instance]:
    """The model's players at a table: each seat's bot, with its count among the seats
    before it.  A bot in two seats is two players of the game, each finishing where it
    finished; rated as one (one rating passed for both seats), the update would see
    two copies of one player and keep only the last seat's result."""
    seen: dict[str, int] = defaultdict(int)
    found = []
    for bot in bots:
        found.append((bot, seen[bot]))
        seen[bot] += 1
    return found


def combine(bot: str, parts: Sequence[tuple[float, float]], games: int) -> Rating:
    """One rating of a bot from its instances' ``(mu, sigma)``: mu their mean weighted
    by precision (1 / sigma²), sigma the root of their mean variance.  Not the pooled
    sigma of independent estimates, which would shrink with every seat the bot took: the
    instances learnt from the same games, so together they know no more than one."""
    weights = [1 / (sigma * sigma) for _, sigma in parts]
    mu = sum(w * m for w, (m, _) in zip(weights, parts, strict=True)) / sum(weights)
    sigma = math.sqrt(sum(s * s for _, s in parts) / len(parts))
    return Rating(bot=bot, mu=mu, sigma=sigma, low=mu - SIGMAS * sigma,
                  high=mu + SIGMAS * sigma, games=games)


def ratings(rows: Sequence[GameRow]) -> list[Rating]:
    """Rate every bot of ``rows`` from the finishing orders, best (highest ``mu - 2
    sigma``, the model's cautious ordinal) first; empty when there are fewer than two
    bots.  Each seat is a player of its own (:func:`instances`); a bot's instances are
    combined afterwards (:func:`combine`), so a bot in two seats is rated exactly as
    two bots of different names would be, then made one."""
    from openskill.models import PlackettLuce

    names = sorted({bot for row in rows for bot in row["bots"]})
    if len(names) < 2:
        return []
    model = PlackettLuce()
    current: dict[Instance, Any] = {}
    played = dict.fromkeys(names, 0)
    for row in rows:
        players = instances(row["bots"])
        teams = [[current.setdefault(p, model.rating(name=f"{p[0]}#{p[1]}"))]
                 for p in players]
        for player, (rating,) in zip(players, model.rate(teams, ranks=list(row["ranks"])),
                                     strict=True):
            current[player] = rating
        for bot in set(row["bots"]):
            played[bot] += 1
    found = [combine(name, [(float(r.mu), float(r.sigma)) for (bot, _), r in
                            sorted(current.items()) if bot == name], played[name])
             for name in names]
    return sorted(found, key=lambda r: (-r["low"], r["bot"]))
