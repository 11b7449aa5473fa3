"""Batch simulation: many bot-only games across processes, reproducible to the byte.

Every game's seed is derived from the master seed and the game's index, never from the
worker that plays it, and results come back in index order.  So the same command with
the same seed gives the same rows whatever the number of workers.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from gamenight.bots.base import parse_bot_spec
from gamenight.bots.levels import ADAPTIVE
from gamenight.bots.reaction import LEVELS
from gamenight.engine import Game, OptionError, Outcome
from gamenight.engine.outcome import MEAN_SCORE, SummaryColumn
from gamenight.engine.seeding import derive_seed
from gamenight.games import get_game
from gamenight.sim.runner import make_bots, play_out

T = TypeVar("T")
R = TypeVar("R")
J = TypeVar("J")

if TYPE_CHECKING:
    from gamenight.signing import SigningKey

Progress = Callable[[int], None]
"""Called with the number of games just finished (from the parent process)."""

FIELDS = ("index", "seed", "players", "bots", "scores", "winners", "length", "turns", "truncated")
#: The most games one batch plays: every result is kept in memory until the batch ends
#: (play more in several batches, with different seeds).
MAX_GAMES = 1_000_000


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game: how it was set up and how it ended (no wall-clock values)."""

    index: int
    seed: int
    players: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    length: int  # steps: chance outcomes and actions, the length of the history
    turns: int | None  # the game's own turn count, where it keeps one
    truncated: bool
    # The rest of the outcome, for the summary's columns (not written to --out rows).
    ranks: tuple[int, ...] = ()
    tiebreaks: tuple[tuple[float, ...], ...] = ()

    def outcome(self) -> Outcome:
        """The game's outcome, as far as the result keeps it (no reason)."""
        ranks = self.ranks or Outcome.from_keys(self.scores).ranks
        return Outcome(self.scores, ranks, self.winners, self.tiebreaks, self.truncated)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "players": self.players,
                "bots": list(self.bots), "scores": list(self.scores),
                "winners": list(self.winners), "length": self.length, "turns": self.turns,
                "truncated": self.truncated}

    def to_csv_row(self) -> list[str]:
        # Lists are joined with ';' so a row stays one CSV cell per field.
        return [str(self.index), str(self.seed), str(self.players), ";".join(self.bots),
                ";".join(map(str, self.scores)), ";".join(map(str, self.winners)),
                str(self.length), "" if self.turns is None else str(self.turns),
                str(self.truncated).lower()]


def resolve_table(game: Game, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a table of ``players`` plays ``game`` with, as the game itself checks
    them: the player count and options (``Game.resolve_options``), then a new game that is
    never played, since a game may take a count only with an option (Superfly's two
    players).  Raises what the game raises (OptionError) before anything starts."""
    resolved = game.resolve_options(players, options)
    game.new(players, 0, **resolved)
    return resolved


def seat_specs(game: Game, bots: Sequence[str] | None, count: int) -> list[str]:
    """One bot spec per seat: the last spec given is repeated; none given: the default bot.

    A bare level ('expert') means the game's default bot at that level ('sharp:expert').
    """
    given = [b.strip() for b in bots or () if b.strip()]
    if not given and count == 0:
        return []  # no bot seats: a practice game for one person
    given = given or [game.default_bot]
    known = game.bots()
    specs = []
    for spec in given:
        kind = parse_bot_spec(spec)[0]
        if kind not in known and (kind in LEVELS or kind == ADAPTIVE):
            spec = f"{game.default_bot}:{spec}"
        specs.append(spec)
    if len(specs) > count:
        raise OptionError(f"{len(specs)} bot specs given for {count} bot seats")
    return specs + [specs[-1]] * (count - len(specs))


@dataclass(frozen=True, slots=True)
class Job:
    """What every worker needs to play any game of the batch (picklable)."""

    game_id: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    records: str | None = None
    #: Files of word lists that the options name by hash (Fluster's --dictionary): each
    #: worker reads them itself, since options never carry a path (see words.py).
    word_lists: tuple[str, ...] = ()
    #: A key file to sign every record with (gamenight.signing).
    sign_key: str | None = None

    def play(self, index: int) -> GameResult:
        game = get_game(self.game_id)
        seed = derive_seed(self.seed, "game", index)
        state = game.new(self.players, seed, **self.options)
        play_out(state, make_bots(game, self.bots, seed))
        outcome = state.outcome()
        assert outcome is not None, "play_out returns only finished games"
        if self.records is not None:
            from gamenight.record import record_of, sign

            seats = [f"bot:{spec}" for spec in self.bots]
            record = record_of(state, seats)
            if self.sign_key is not None:
                record = sign(record, _signing_key(self.sign_key))
            record.write(Path(self.records) / f"game-{index:06d}.json")
        turns = getattr(state, "turns", None)
        return GameResult(index, seed, self.players, self.bots, outcome.scores,
                          outcome.winners, len(state.history),
                          turns if isinstance(turns, int) else None, outcome.truncated,
                          outcome.ranks, outcome.tiebreaks)


@lru_cache(maxsize=4)
def _signing_key(path: str) -> SigningKey:
    """The key in ``path``, read once per process."""
    from gamenight.signing import read_signing_key

    return read_signing_key(path)


@lru_cache(maxsize=16)
def _load_word_list(path: str) -> str:
    """Register the word list in ``path`` in this process, once (its name)."""
    from gamenight.games.fluster.words import use_file

    return use_file(path)


def _play_chunk(task: tuple[Job, int, int]) -> list[GameResult]:
    job, start, stop = task
    for path in job.word_lists:
        _load_word_list(path)
    return [job.play(i) for i in range(start, stop)]


def simulate(
    game_id: str,
    games: int,
    players: int,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    records: str | Path | None = None,
    word_lists: Sequence[str | Path] = (),
    sign_key: str | Path | None = None,
) -> list[GameResult]:
    """Play ``games`` games with bots only; results in index order.

    ``workers`` defaults to every core, and is never more; 1 plays in this process.
    ``records`` names a folder that gets one replayable record per game
    (``game-000000.json``, ...), signed with the key in the file ``sign_key`` if one is
    given.  ``word_lists`` are files of word lists that ``options`` name by hash
    (Fluster: ``words.use_file``); every worker reads them.  Bad game ids, player counts,
    options, bot specs or keys, and more than :data:`MAX_GAMES` games, raise a
    ValueError (OptionError, KeyFileError) before any game starts.
    """
    if not 0 <= games <= MAX_GAMES:
        raise OptionError(f"a batch is 0 to {MAX_GAMES:,} games, not {games:,}")
    game = get_game(game_id)
    lists = tuple(str(Path(p).resolve()) for p in word_lists)
    for path in lists:
        _load_word_list(path)  # here first: the options may name them
    resolved = resolve_table(game, players, dict(options or {}))
    if sign_key is not None:
        sign_key = str(Path(sign_key).resolve())
        _signing_key(sign_key)  # a bad key file fails here, in one process
    specs = tuple(seat_specs(game, bots, players))
    make_bots(game, specs, seed)  # fail here, in one process, on a bad spec
    if records is not None:
        make_records_folder(records)
    job = Job(game_id, players, specs, seed, resolved,
              None if records is None else str(records), lists,
              None if sign_key is None else str(sign_key))
    # Small chunks keep the bar moving and the cores busy to the end; large enough that
    # sending results back costs little next to playing the games.
    return in_chunks(_play_chunk, job, games, workers,
                     lambda workers: max(1, min(200, games // (workers * 16))), progress)


def check_records_folder(path: str | Path) -> Path:
    """Refuse a records folder that could not be made or written, before any game is
    played and without making anything: OSError saying what is wrong with the path."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"cannot write records into {folder}: it is a file, not "
                                 "a folder")
    # The nearest folder that exists: the records folder itself, or where it will be made.
    existing = next(p for p in (folder.absolute(), *folder.absolute().parents) if p.exists())
    if not existing.is_dir():
        raise NotADirectoryError(f"cannot make the folder {folder} for the records: "
                                 f"{existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise PermissionError(f"cannot write records into {folder}: {existing} is not "
                              "writable (permission denied)")
    return folder


def make_records_folder(path: str | Path) -> Path:
    """The records folder, made (with the folders above it) if it is missing; OSError
    saying what is wrong, never the system's bare error number."""
    folder = check_records_folder(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = (exc.strerror or type(exc).__name__).lower()
        raise OSError(f"cannot make the folder {folder} for the records: {why}") from None
    return folder


def in_chunks(play: Callable[[tuple[J, int, int]], list[R]], job: J, games: int,
              workers: int | None, chunk: Callable[[int], int],
              progress: Progress | None = None) -> list[R]:
    """Games 0..``games``-1 of ``job``, played in chunks of ``chunk(workers)`` games by
    ``play`` (a module-level function of ``(job, start, stop)``) over at most ``workers``
    processes (default and most: every core), in the order of their index."""
    # More processes than cores never plays faster, and each costs memory.
    cores = os.cpu_count() or 1
    workers = max(1, min(workers or cores, cores))
    size = chunk(workers)
    tasks = [(job, start, min(start + size, games)) for start in range(0, games, size)]
    results: list[R] = []
    for done in in_order(play, tasks, min(workers, len(tasks))):
        results.extend(done)
        if progress is not None:
            progress(len(done))
    return results


def in_order(play: Callable[[T], R], tasks: list[T], workers: int) -> Iterator[R]:
    """``play`` of each task, in the tasks' order, over ``workers`` processes (1: here).
    ``play`` must be a module-level function, so a worker process can be handed it."""
    if workers <= 1:
        yield from map(play, tasks)
        return
    with multiprocessing.get_context().Pool(workers) as pool:
        # imap keeps the order of tasks, so rows come out by index whoever played them.
        yield from pool.imap(play, tasks)


def to_csv(results: Sequence[GameResult]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    writer.writerows(r.to_csv_row() for r in results)
    return out.getvalue()


def to_jsonl(results: Sequence[GameResult]) -> str:
    return "".join(json.dumps(r.to_json(), separators=(",", ":")) + "\n" for r in results)


def write_results(results: Sequence[GameResult], path: str | Path) -> Path:
    """Write one row per game, as CSV or JSON Lines by the file's suffix."""
    path = Path(path)
    if path.suffix == ".csv":
        text = to_csv(results)
    elif path.suffix == ".jsonl":
        text = to_jsonl(results)
    else:
        raise OptionError(f"output file must end in .csv or .jsonl, not {path.name!r}")
    path.write_text(text, encoding="utf-8")
    return path


@dataclass(frozen=True, slots=True)
class Tally:
    """Wins and scores of one seat or one bot spec over a batch, and the sums of the
    summary's columns (``Summary.columns``)."""

    label: str
    seat_games: int  # games played by this seat, or summed over the seats with this spec
    wins: int  # shared wins count for every winner
    shared: int  # of those wins, how many were shared
    score_sum: float
    sums: tuple[float, ...] = ()

    @property
    def win_share(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seat_games if self.seat_games else 0.0

    @property
    def means(self) -> tuple[float, ...]:
        """The mean of each column over this seat's (or bot's) games."""
        return tuple(total / self.seat_games if self.seat_games else 0.0
                     for total in self.sums)


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    seats: list[Tally]
    bots: list[Tally]
    length: tuple[float, int, int]  # mean, min, max steps
    turns: tuple[float, int, int] | None
    truncated: int
    #: The figures averaged per seat and per bot (each Tally's ``means``, in this order).
    columns: tuple[SummaryColumn, ...] = (MEAN_SCORE,)


def summarize(results: Sequence[GameResult],
              columns: Sequence[SummaryColumn] = (MEAN_SCORE,)) -> Summary:
    """Per seat and per bot spec: wins (with shared wins), mean score and the mean of
    each of ``columns`` (the game's ``Game.summary_columns()``); game lengths."""
    width = 4 + len(columns)
    seat_rows: dict[str, list[float]] = {}
    bot_rows: dict[str, list[float]] = {}
    for r in results:
        outcome = r.outcome() if columns else None
        for seat, spec in enumerate(r.bots):
            won = seat in r.winners
            row = [1.0, float(won), float(won and len(r.winners) > 1), float(r.scores[seat])]
            if outcome is not None:
                row.extend(float(c.value(outcome, seat)) for c in columns)
            for rows, key in ((seat_rows, f"seat {seat}: {spec}"), (bot_rows, spec)):
                acc = rows.setdefault(key, [0.0] * width)
                for k in range(width):
                    acc[k] += row[k]

    def tallies(rows: dict[str, list[float]]) -> list[Tally]:
        return [Tally(key, int(a[0]), int(a[1]), int(a[2]), a[3], tuple(a[4:]))
                for key, a in rows.items()]

    def spread(values: list[int]) -> tuple[float, int, int]:
        return (sum(values) / len(values), min(values), max(values)) if values else (0.0, 0, 0)

    turns = [r.turns for r in results if r.turns is not None]
    return Summary(len(results), tallies(seat_rows), tallies(bot_rows),
                   spread([r.length for r in results]),
                   spread(turns) if turns else None,
                   sum(r.truncated for r in results), tuple(columns))
