"""What a study plays: its cells (a table of players, bots and options) cut into chunks.

A study is fixed before any game is played and written to ``<out>/study.json``, so that
``--resume`` can check it is finishing the same study.  Every game's seed is derived from
the study's seed, its cell and its number, never from the worker or the backend that
plays it: so the same study gives the same rows wherever and in whatever order its chunks
are played.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict

from gamenight.engine import OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games import get_game
from gamenight.sim.runner import make_bots
from gamenight.sim.simulate import resolve_table, seat_specs

#: Games per chunk: the unit of work sent to a worker and of what a resumed study keeps.
#: Small enough that an interrupted study loses little and the bar moves; large enough
#: that writing a file per chunk costs little next to playing its games.
CHUNK_GAMES = 200
#: The most games one cell plays (each cell's rows are summarised in memory).
MAX_CELL_GAMES = 1_000_000
#: The version of study.json's layout (2: it lists the code versions that played it).
STUDY_FORMAT = 2
#: The layouts still read: a format-1 study stored no code version (``--resume`` then
#: needs ``--resume-any-version``).
READ_FORMATS = (1, 2)


def option_text(value: Any) -> str:
    """An option's value as a key shows it: strings bare, the rest as JSON (true, 0.5)."""
    return value if isinstance(value, str) else json.dumps(value)


@dataclass(frozen=True, slots=True)
class Cell:
    """One table the study plays many times: a player count, a bot per seat, and the
    options given or varied (sorted by name; the game's defaults fill the rest)."""

    game: str
    players: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def key(self) -> str:
        """A short stable id, e.g. ``p2-perfect,perfect-last_card=protected``."""
        parts = [f"p{self.players}", ",".join(self.bots)]
        parts += [f"{name}={option_text(value)}" for name, value in self.options]
        return "-".join(parts)

    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def seed(self, study_seed: int, game_number: int) -> int:
        """The seed of the cell's game ``game_number``."""
        return derive_seed(study_seed, "study", self.key, game_number)


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games ``start .. start + games - 1`` of ``cell``; ``index`` counts the cell's chunks."""

    cell: Cell
    index: int
    start: int
    games: int


class CellJSON(TypedDict):
    players: int
    bots: list[str]
    options: list[tuple[str, Any]]


class StudyJSON(TypedDict):
    format: int
    game: str
    games: int
    seed: int
    chunk_games: int
    cells: list[CellJSON]


@dataclass(frozen=True, slots=True)
class Study:
    """A whole study: ``games`` games of every cell, from ``seed``."""

    game: str
    cells: tuple[Cell, ...]
    games: int
    seed: int
    chunk_games: int = CHUNK_GAMES

    def chunks(self) -> list[Chunk]:
        """Every chunk, in cell order, then by index."""
        return [Chunk(cell, index, start, min(self.chunk_games, self.games - start))
                for cell in self.cells
                for index, start in enumerate(range(0, self.games, self.chunk_games))]

    @property
    def total_games(self) -> int:
        return self.games * len(self.cells)

    def to_json(self) -> StudyJSON:
        return {"format": STUDY_FORMAT, "game": self.game, "games": self.games,
                "seed": self.seed, "chunk_games": self.chunk_games,
                "cells": [{"players": c.players, "bots": list(c.bots),
                           "options": [(name, value) for name, value in c.options]}
                          for c in self.cells]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Study:
        """The study ``to_json`` wrote; ValueError if it is not one."""
        try:
            if data["format"] not in READ_FORMATS:
                raise ValueError(f"a study of format {data['format']!r}, not "
                                 f"{' or '.join(map(str, READ_FORMATS))}")
            game = str(data["game"])
            cells = tuple(Cell(game, int(c["players"]), tuple(map(str, c["bots"])),
                               tuple((str(name), value) for name, value in c["options"]))
                          for c in data["cells"])
            return cls(game, cells, int(data["games"]), int(data["seed"]),
                       int(data["chunk_games"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a study file: {exc}") from None


def player_counts(text: str) -> tuple[int, ...]:
    """``"4"``, ``"2-6"`` or a list of both such as ``"2,4"`` or ``"2-3,5"``, as the
    counts it names, in the order given; OptionError if it names none, or one twice."""
    counts: list[int] = []
    for part in text.split(","):
        low, sep, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high if sep else low)
        except ValueError:
            raise OptionError(f"players is a count, a range such as 2-6 or a list such as "
                              f"2,4, not {text!r}") from None
        if not 1 <= first <= last:
            raise OptionError(f"players is a count, a range such as 2-6 or a list such as "
                              f"2,4, not {text!r}")
        counts += range(first, last + 1)
    if len(set(counts)) != len(counts):
        raise OptionError(f"players names a count twice in {text!r}")
    return tuple(counts)


def plan_study(game_id: str, players: Sequence[int], *, games: int, seed: int,
               bots: Sequence[str] | None = None,
               options: Mapping[str, Any] | None = None,
               vary: Mapping[str, Sequence[Any]] | None = None,
               chunk_games: int = CHUNK_GAMES) -> Study:
    """Every combination of player count and varied option values, as cells (player count
    first, then the options in the order given), with the game's own check of each
    table: OptionError (a ValueError) before any game is played."""
    if not 1 <= games <= MAX_CELL_GAMES:
        raise OptionError(f"a cell plays 1 to {MAX_CELL_GAMES:,} games, not {games:,}")
    if chunk_games < 1:
        raise OptionError(f"a chunk is at least 1 game, not {chunk_games}")
    game = get_game(game_id)
    fixed = dict(options or {})
    varied = dict(vary or {})
    both = sorted(set(fixed) & set(varied))
    if both:
        raise OptionError(f"the option {both[0]} is both set and varied")
    for name, values in varied.items():
        if len(values) < 2:
            raise OptionError(f"--vary {name} needs two values or more to compare")
    cells = []
    for count in players:
        specs = tuple(seat_specs(game, bots, count))
        make_bots(game, specs, seed)  # a bad bot spec fails here, not in a worker
        for values in itertools.product(*varied.values()):
            given = {**fixed, **dict(zip(varied, values, strict=True))}
            resolved = resolve_table(game, count, given)  # the game's own check
            # The game's resolved values (true, not "true"), so equal tables get equal keys.
            chosen = tuple(sorted((name, resolved[name]) for name in given))
            cells.append(Cell(game.id, count, specs, chosen))
    keys = [c.key for c in cells]
    if len(set(keys)) != len(keys):
        raise OptionError("two varied values name the same table (the same value twice?)")
    return Study(game.id, tuple(cells), games, seed, chunk_games)
