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
import signal
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from gamenight import collecting
from gamenight.bots.base import bot_kinds, parse_bot_spec
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
#: The most games one batch plays.  Results stream out as they are played (nothing is
#: kept), so this only catches a slip of the keyboard: at the fastest bots' 300 games a
#: second on each of two cores, it is about two days of play.
MAX_GAMES = 100_000_000


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
    turns: int | None  # turns as the game counts them (Game.count_turns); None: none
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
    them (``Game.resolve_options``: each option, then the table as a whole, since a game
    may take a count only with an option, a variant's table size).  Raises what
    the game raises (OptionError) before anything starts."""
    return game.resolve_options(players, options)


def seat_specs(game: Game, bots: Sequence[str] | None, count: int,
               default: str | None = None) -> list[str]:
    """One bot spec per seat: the last spec given is repeated; none given: ``default``
    (the game's default bot unless told: ``gamenight play`` gives the bot people play
    against, ``Game.bot_for_people``).

    A bare level ('expert') means that default bot at that level ('sharp:expert').
    """
    default = default or game.default_bot
    given = [b.strip() for b in bots or () if b.strip()]
    if not given and count == 0:
        return []  # no bot seats: a practice game for one person
    given = given or [default]
    known = bot_kinds(game)
    specs = []
    for spec in given:
        kind = parse_bot_spec(spec)[0]
        if kind not in known and (kind in LEVELS or kind == ADAPTIVE):
            spec = f"{default}:{spec}"
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
    #: Files that the game's option read from a file names by their contents
    #: (``Option.load``: a word list given with --dictionary): each worker reads them
    #: itself, since options never carry a path.
    option_files: tuple[str, ...] = ()
    #: A key file to sign every record with (gamenight.signing).
    sign_key: str | None = None
    #: The digits of a record's number in its file name (``_digits``).
    digits: int = 6

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
            record.write(Path(self.records) / f"game-{index:0{self.digits}d}.json")
        # Turns as the game counts them, from its events: the very hook the balance lab
        # asks (``Game.count_turns``), never an attribute some states happen to keep.
        turns = game.count_turns(state.events)
        return GameResult(index, seed, self.players, self.bots, outcome.scores,
                          outcome.winners, len(state.history), turns, outcome.truncated,
                          outcome.ranks, outcome.tiebreaks)


@lru_cache(maxsize=4)
def _signing_key(path: str) -> SigningKey:
    """The key in ``path``, read once per process."""
    from gamenight.signing import read_signing_key

    return read_signing_key(path)


def load_option_file(game: Game, path: str | Path) -> tuple[str, str]:
    """Read ``path`` with the loader of ``game``'s option that is read from a file
    (``Option.load``: a word list given with ``--dictionary FILE``), which registers its
    contents in this process: the option's name and the value that names them.
    OptionError for a game with no such option, or a file its loader refuses."""
    option = game.file_option()
    if option is None or option.load is None:
        offered = ", ".join(o.name for o in game.options) or "none"
        raise OptionError(f"{game.id} reads no option from a file (--dictionary FILE is "
                          f"for a game that does; its options: {offered})")
    return option.name, option.load(str(path))


@lru_cache(maxsize=16)
def _load_option_file(game_id: str, path: str) -> str:
    """Register the file in ``path`` for ``game_id``'s option in this process, once (the
    option's value)."""
    return load_option_file(get_game(game_id), path)[1]


def _play_chunk(task: tuple[Job, int, int]) -> list[GameResult]:
    job, start, stop = task
    for path in job.option_files:
        _load_option_file(job.game_id, path)
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
    option_files: Sequence[str | Path] = (),
    sign_key: str | Path | None = None,
    first: int = 0,
) -> list[GameResult]:
    """Play ``games`` games with bots only; results in index order (the whole list of
    :func:`stream`, which says what each argument is)."""
    return list(stream(game_id, games, players, bots, seed, workers, options, progress,
                       records, option_files, sign_key, first))


def stream(
    game_id: str,
    games: int,
    players: int,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    records: str | Path | None = None,
    option_files: Sequence[str | Path] = (),
    sign_key: str | Path | None = None,
    first: int = 0,
) -> Generator[GameResult, None, None]:
    """Play ``games`` games with bots only, yielding each result in index order as soon
    as it and every game before it are played: nothing is kept, so memory stays flat
    however many games, and a caller that stops early (Ctrl-C) has every game so far.

    ``first`` > 0 plays the rest of a batch from game ``first`` on (one stopped there,
    say): the very games, rows and records a whole run gives from that index.
    ``workers`` defaults to every core, and is never more; 1 plays in this process.
    ``records`` names a folder that gets one replayable record per game
    (``game-000000.json``, ...), signed with the key in the file ``sign_key`` if one is
    given.  ``option_files`` are files that ``options`` name by their contents, read by
    the loader of the game's option read from a file (``Option.load``: a word list);
    every worker reads them.  Bad game ids, player counts,
    options, bot specs or keys, and more than :data:`MAX_GAMES` games, raise a
    ValueError (OptionError, KeyFileError) here, before any game starts, not at the
    first result.
    """
    if not 0 <= games <= MAX_GAMES:
        raise OptionError(f"a batch is 0 to {MAX_GAMES:,} games, not {games:,}")
    if not 0 <= first <= games:
        raise OptionError(f"a batch of {games:,} games has games 0 to {games - 1:,}: it "
                          f"cannot start from game {first:,}")
    game = get_game(game_id)
    lists = tuple(str(Path(p).resolve()) for p in option_files)
    for path in lists:
        _load_option_file(game_id, path)  # here first: the options may name them
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
              None if sign_key is None else str(sign_key), _digits(games))
    # Small chunks keep the bar moving and the cores busy to the end; large enough that
    # sending results back costs little next to playing the games.
    left = games - first
    return in_chunks_streamed(_play_chunk, job, games, workers,
                              lambda workers: max(1, min(200, left // (workers * 16))),
                              progress, first)


def _digits(games: int) -> int:
    """The width of a record's number in its file name: six digits, or as many as the
    batch's last index needs, so the names sort in the order of the games."""
    return max(6, len(str(games - 1)))


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
    """Every result of :func:`in_chunks_streamed`, as one list."""
    return list(in_chunks_streamed(play, job, games, workers, chunk, progress))


def in_chunks_streamed(play: Callable[[tuple[J, int, int]], list[R]], job: J, games: int,
                       workers: int | None, chunk: Callable[[int], int],
                       progress: Progress | None = None,
                       first: int = 0) -> Generator[R, None, None]:
    """Games ``first``..``games``-1 of ``job``, played in chunks of ``chunk(workers)`` games by
    ``play`` (a module-level function of ``(job, start, stop)``) over at most ``workers``
    processes (default and most: every core), yielded in the order of their index as
    each chunk comes back (one process: as each game ends)."""
    # More processes than cores never plays faster, and each costs memory.
    cores = os.cpu_count() or 1
    workers = max(1, min(workers or cores, cores))
    # One process plays here and sends nothing back, so it hands on every game as it
    # ends: a Ctrl-C then loses only the game being played, not a chunk of them.
    size = chunk(workers) if workers > 1 else 1
    chunks = -(-(games - first) // size)
    # The tasks are made as the pool asks for them: a list of a hundred million games'
    # chunks would itself be a burden.
    tasks = ((job, start, min(start + size, games)) for start in range(first, games, size))
    for done in in_order(play, tasks, min(workers, chunks)):
        yield from done
        if progress is not None:
            progress(len(done))


def in_order(play: Callable[[T], R], tasks: Iterable[T], workers: int) -> Iterator[R]:
    """``play`` of each task, in the tasks' order, over ``workers`` processes (1: here).
    ``play`` must be a module-level function, so a worker process can be handed it."""
    if workers <= 1:
        with collecting.many_games():
            yield from map(play, tasks)
        return
    with multiprocessing.get_context().Pool(workers, worker_starts) as pool:
        # imap keeps the order of tasks, so rows come out by index whoever played them.
        yield from pool.imap(play, tasks)


def worker_starts() -> None:
    """What a worker process does first: it leaves Ctrl-C to the process that started
    it, which stops it (leaving the pool's block terminates the workers) and keeps what
    came back (each would otherwise print its own traceback); and it sets its garbage
    collector for playing many games (``gamenight.collecting``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    collecting.for_many_games()


def to_csv(results: Iterable[GameResult]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    writer.writerows(r.to_csv_row() for r in results)
    return out.getvalue()


def to_jsonl(results: Iterable[GameResult]) -> str:
    return "".join(_json_line(r) for r in results)


def _json_line(result: GameResult) -> str:
    return json.dumps(result.to_json(), separators=(",", ":")) + "\n"


def rows_format(path: str | Path) -> str:
    """``csv`` or ``jsonl``, by the file's suffix; OptionError for any other."""
    suffix = Path(path).suffix
    if suffix not in (".csv", ".jsonl"):
        raise OptionError(f"output file must end in .csv or .jsonl, not {Path(path).name!r}")
    return suffix[1:]


class ResultsFile:
    """A file of one row per game (CSV or JSON Lines, by its suffix), written as the
    games come in: closed after Ctrl-C or a failure, it holds the rows of every game
    before, whole.  A context manager; ``rows`` counts the rows written."""

    def __init__(self, path: str | Path) -> None:
        jsonl = rows_format(path) == "jsonl"  # refused before the file is made
        self.path = Path(path)
        self.rows = 0
        self._file = self.path.open("w", encoding="utf-8", newline="")
        self._csv = None if jsonl else csv.writer(self._file, lineterminator="\n")
        if self._csv is not None:
            self._csv.writerow(FIELDS)

    def write(self, result: GameResult) -> None:
        if self._csv is None:
            self._file.write(_json_line(result))
        else:
            self._csv.writerow(result.to_csv_row())
        self.rows += 1

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_results(results: Iterable[GameResult], path: str | Path) -> Path:
    """Write one row per game, as CSV or JSON Lines by the file's suffix."""
    with ResultsFile(path) as rows:
        for result in results:
            rows.write(result)
    return rows.path


def win_points(winners: Sequence[int], seat: int) -> float:
    """The seat's part of a game's win: 1, ``1/k`` of a win shared by ``k``, or 0.  The
    one way a shared win counts in a win share, here and in the balance lab
    (``gamenight study``), so that the seats' shares add up to the games with a winner."""
    return 1 / len(winners) if seat in winners else 0.0


@dataclass(frozen=True, slots=True)
class Tally:
    """Wins and scores of one seat or one bot spec over a batch, and the sums of the
    summary's columns (``Summary.columns``)."""

    label: str
    seat_games: int  # games played by this seat, or summed over the seats with this spec
    wins: int  # games won, a shared win included (counted once for each winner)
    shared: int  # of those wins, how many were shared
    score_sum: float
    sums: tuple[float, ...] = ()
    #: The wins as the win share counts them (``win_points``: a shared win in parts).
    win_points: float = 0.0

    @property
    def win_share(self) -> float:
        """The share of the games won, a win shared by ``k`` counting ``1/k``."""
        return self.win_points / self.seat_games if self.seat_games else 0.0

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


def summarize(results: Iterable[GameResult],
              columns: Sequence[SummaryColumn] = (MEAN_SCORE,)) -> Summary:
    """Per seat and per bot spec: wins (with shared wins), mean score and the mean of
    each of ``columns`` (the game's ``Game.summary_columns()``); game lengths."""
    tally = Tallies(columns)
    for result in results:
        tally.add(result)
    return tally.summary()


class Tallies:
    """The sums of a :class:`Summary`, added to one game at a time, so a batch is
    summarised as it streams by without keeping its results."""

    def __init__(self, columns: Sequence[SummaryColumn] = (MEAN_SCORE,)) -> None:
        self.columns = tuple(columns)
        self._width = 5 + len(self.columns)
        self._seat_rows: dict[str, list[float]] = {}
        self._bot_rows: dict[str, list[float]] = {}
        self.games = 0
        self._length = _Spread()
        self._turns = _Spread()
        self._truncated = 0

    def add(self, r: GameResult) -> None:
        width = self._width
        outcome = r.outcome() if self.columns else None
        for seat, spec in enumerate(r.bots):
            won = seat in r.winners
            row = [1.0, float(won), float(won and len(r.winners) > 1), float(r.scores[seat]),
                   win_points(r.winners, seat)]
            if outcome is not None:
                row.extend(float(c.value(outcome, seat)) for c in self.columns)
            for rows, key in ((self._seat_rows, f"seat {seat}: {spec}"),
                              (self._bot_rows, spec)):
                acc = rows.setdefault(key, [0.0] * width)
                for k in range(width):
                    acc[k] += row[k]
        self.games += 1
        self._length.add(r.length)
        if r.turns is not None:
            self._turns.add(r.turns)
        self._truncated += r.truncated

    def summary(self) -> Summary:
        def tallies(rows: dict[str, list[float]]) -> list[Tally]:
            return [Tally(key, int(a[0]), int(a[1]), int(a[2]), a[3], tuple(a[5:]), a[4])
                    for key, a in rows.items()]

        return Summary(self.games, tallies(self._seat_rows), tallies(self._bot_rows),
                       self._length.figures(),
                       self._turns.figures() if self._turns.count else None,
                       self._truncated, self.columns)


class _Spread:
    """Mean, least and most of whole numbers seen one at a time."""

    def __init__(self) -> None:
        self.count = self.total = 0
        self.low: int | None = None
        self.high: int | None = None

    def add(self, value: int) -> None:
        self.count += 1
        self.total += value
        self.low = value if self.low is None else min(self.low, value)
        self.high = value if self.high is None else max(self.high, value)

    def figures(self) -> tuple[float, int, int]:
        if not self.count:
            return (0.0, 0, 0)
        assert self.low is not None and self.high is not None
        return (self.total / self.count, self.low, self.high)
