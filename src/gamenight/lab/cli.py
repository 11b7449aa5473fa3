"""``gamenight study``: plan a study, play its chunks, merge them, summarise and report.

Kept apart from gamenight.cli, which only adds the command: the lab's libraries (pyarrow,
matplotlib) are an extra, imported only when a study runs, so that without them the
command says in one line what to install.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeRemainingColumn,
)
from rich.text import Text

from gamenight.arguments import read_option, read_positive, read_seed, read_specs

if TYPE_CHECKING:
    from gamenight.engine import Game
    from gamenight.lab.plan import Study
    from gamenight.lab.provenance import CodeVersion

#: Games per cell when --games is not given.
DEFAULT_GAMES = 1000

def examples() -> str:
    """The study command's examples, played on registered games (the first one, and one
    with options to vary), so that no game is named here."""
    from gamenight.games import GAMES

    first = next(iter(GAMES.values()))
    varied = next((g for g in GAMES.values() if _two_values(g)), first)
    vary = " ".join(f"--vary {name}={','.join(map(_option_text, values))}"
                    for name, values in _two_values(varied)[:1])
    low, high = first.min_players, first.max_players
    return (f"  gamenight study {first.id} --players {low}-{high} --games 20000 "
            "--out studies/a\n"
            f"  gamenight study {varied.id} --players {varied.min_players} {vary} "
            "--out studies/b\n"
            f"  gamenight study {first.id} --players {high} --bots expert,random "
            "--games 5000\n"
            f"  gamenight study {first.id} --ladder --players {high}   "
            "# rate every bot and level\n"
            f"  gamenight study {varied.id} --out studies/b --resume    "
            "# after Ctrl-C: play the rest\n"
            f"  gamenight study {first.id} --backend ray --address auto  "
            "# on the Ray cluster started here\n\n" + ABOUT)


def _two_values(game: Game) -> list[tuple[str, tuple[object, ...]]]:
    """The options of ``game`` with two values to compare (named choices, or a flag)."""
    found: list[tuple[str, tuple[object, ...]]] = []
    for option in game.options:
        if option.choices and len(option.choices) >= 2:
            found.append((option.name, tuple(option.choices[:2])))
        elif isinstance(option.default, bool):
            found.append((option.name, (False, True)))
    return found


def _option_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


ABOUT = """\
A study plays --games games for every cell: every player count of --players, and every
combination of the --vary values (with --ladder: every set of different bots and
levels at a table of --players).  It writes into --out (default studies/GAME):
  study.json     what was asked, and the version of the code that plays it (--resume
                 checks both)
  chunks/        the games, a Parquet file per chunk of games, as each finishes
  games.parquet  one row per game, by cell and game number (query it with pandas,
                 polars or DuckDB)
  summary.json   every figure of the report, for scripts
  report.html    the answers in words, tables and plots; one file, opens from disk
The same study with the same --seed writes the same games.parquet whatever --workers
or --backend; Ctrl-C keeps every finished chunk, and --resume plays only the rest
(with any backend, and only with the same version of the rules and bots, which
study.json keeps, unless --resume-any-version).  Needs the lab extra: pip install
'gamenight[lab]' (and 'gamenight[ray]' for --backend ray).  docs/lab.md says more."""

Command = Callable[[str, str, str], argparse.ArgumentParser]


def _vary(text: str) -> tuple[str, list[str]]:
    name, sep, values = text.partition("=")
    parts = [v.strip() for v in values.split(",")]
    if not sep or not name.strip() or len(parts) < 2 or not all(parts):
        raise argparse.ArgumentTypeError(f"--vary is OPTION=VALUE,VALUE[,...], not {text!r}")
    return name.strip(), parts


def add_study_command(command: Command) -> None:
    """Add ``study`` with ``command(name, summary, examples)`` (gamenight.cli's)."""
    p = command("study", "Play a balance study: many bot games per table and option; "
                "write its rows, summary and an HTML report.", examples())
    p.add_argument("game", metavar="GAME", help="game id (see `gamenight games`)")
    p.add_argument("--players", "-p", default=None, metavar="N|LOW-HIGH|N,M",
                   help="player counts, one cell each: 4, 2-6 or a list such as 2,4 "
                        "(default 4, or the nearest the game allows)")
    p.add_argument("--games", "-n", type=read_positive, default=None,
                   help=f"games per cell (default {DEFAULT_GAMES:,}; 100 per --ladder table)")
    p.add_argument("--bots", "-b", type=read_specs, default=None, metavar="SPECS",
                   help="comma-separated bot specs, one per seat, the last repeated "
                        "(default: the game's default bot in every seat); mixed bots let the "
                        "report compare them")
    p.add_argument("--vary", type=_vary, action="append", default=[],
                   metavar="OPTION=A,B", help="a rule option to compare at these values "
                   "(repeatable: every combination is a cell)")
    p.add_argument("--option", "-o", type=read_option, action="append", default=[],
                   metavar="KEY=VALUE", help="a rule option fixed for every cell "
                   "(repeatable)")
    p.add_argument("--ladder", action="store_true",
                   help="rate every bot and level of the game against the others: every "
                        "set of --players different ones is a table (default 100 games "
                        "each), rated with OpenSkill")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local: a process per core (default); ray: Ray tasks, on the "
                        "cluster at --address or a local Ray instance started for the study "
                        "(the ray extra)")
    p.add_argument("--address", default=None, metavar="ADDR",
                   help="with --backend ray: the cluster's head, auto, HOST:PORT or "
                        "ray://HOST:10001 (default: a local Ray)")
    p.add_argument("--workers", "-j", type=read_positive, default=None,
                   help="worker processes (default, and at most: every core); on a Ray "
                        "cluster, the chunks played at once (default: every CPU it has)")
    p.add_argument("--seed", type=read_seed, default=None,
                   help="the study's seed (default: a random one, printed and kept in "
                        "study.json)")
    p.add_argument("--chunk-games", type=read_positive, default=None, metavar="N",
                   help="games per chunk, the unit of work and of resuming (default 200)")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="the study's folder (default studies/GAME)")
    p.add_argument("--resume", action="store_true",
                   help="finish the study stored in --out: play only its missing chunks "
                        "(refused if the rules or bots changed since it started)")
    p.add_argument("--resume-any-version", action="store_true",
                   help="with --resume: play the missing chunks even with another version "
                        "of the rules or bots than the stored ones (study.json and the "
                        "report then list every version that played)")


class GamesPerSecond(ProgressColumn):
    """The bar's speed, in games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} games/s")


def _require_extra() -> None:
    from importlib.util import find_spec

    if any(find_spec(name) is None
           for name in ("pyarrow", "matplotlib", "openskill", "scipy", "statsmodels")):
        raise ValueError("the study command needs the lab extra: pip install "
                         "'gamenight[lab]'")


def _players(text: str | None, game_id: str) -> tuple[int, ...]:
    from gamenight.games import get_game
    from gamenight.lab.plan import player_counts

    if text is not None:
        return player_counts(text)
    game = get_game(game_id)
    return (min(max(4, game.min_players), game.max_players),)


def _plan(args: argparse.Namespace, varied: dict[str, list[str]], seed: int) -> Study:
    """The study the arguments ask for: a ladder's tables, or cells of players and
    options."""
    from gamenight.lab.ladder import LADDER_GAMES, plan_ladder
    from gamenight.lab.plan import CHUNK_GAMES, plan_study

    counts = _players(args.players, args.game)
    chunk_games = args.chunk_games or CHUNK_GAMES
    if not args.ladder:
        return plan_study(args.game, counts, games=args.games or DEFAULT_GAMES, seed=seed,
                          bots=args.bots, options=dict(args.option), vary=varied,
                          chunk_games=chunk_games)
    if args.bots is not None or varied:
        raise ValueError("--ladder seats every bot and level of the game: give no --bots "
                         "or --vary with it")
    if len(counts) != 1:
        raise ValueError("--ladder plays tables of one size: give --players N")
    return plan_ladder(args.game, counts[0], games=args.games or LADDER_GAMES, seed=seed,
                       options=dict(args.option), chunk_games=chunk_games)


def cmd_study(args: argparse.Namespace, out: Console, err: Console) -> int:
    _require_extra()
    import random

    from gamenight.games import get_game
    from gamenight.lab import store
    from gamenight.lab.backends import check_backend, run
    from gamenight.lab.metrics import summary
    from gamenight.lab.provenance import changes, code_version, same_code
    from gamenight.lab.report import write_report

    check_backend(args.backend, args.address)
    folder: Path = args.out if args.out is not None else Path("studies") / args.game
    varied: dict[str, list[str]] = {}
    for name, values in args.vary:
        if name in varied:
            raise ValueError(f"--vary {name} given twice: give all its values at once")
        varied[name] = values
    if args.resume_any_version and not args.resume:
        raise ValueError("--resume-any-version finishes a stored study: give it with "
                         "--resume")
    previous = None
    versions: list[CodeVersion] = []
    if args.resume:
        if not (folder / store.STUDY_FILE).is_file():
            raise ValueError(f"there is no study in {folder} to resume")
        previous = store.read_study(folder)
        versions = store.read_versions(folder)
    elif (folder / store.STUDY_FILE).exists():
        raise ValueError(f"{folder} already holds a study: --resume finishes it; give "
                         "another --out for a new one")
    seed = args.seed
    if seed is None:
        seed = previous.seed if previous is not None else random.SystemRandom().randrange(2**32)
    study = _plan(args, varied, seed)
    if previous is not None and previous != study:
        raise ValueError(f"the study in {folder} is not the one asked for: give the "
                         f"arguments it was started with ({_differences(previous, study)})")
    created = not folder.exists()
    here = code_version(get_game(study.game))
    chunks = study.chunks()
    todo = store.missing(folder, study)
    if previous is None:
        versions = [here]
        store.write_study(folder, study, versions)
    elif todo and not any(same_code(v, here) for v in versions):
        # Games of two versions of a rule or a bot are two experiments: never blended
        # unless asked, and then every version is listed.
        if not args.resume_any_version:
            raise ValueError(f"the study in {folder} was played by other code than this "
                             f"({changes(versions[-1] if versions else None, here)}): "
                             "--resume-any-version plays the rest with this code and "
                             "lists both, or give another --out for a new study")
        versions.append(here)
        store.write_study(folder, study, versions)
        err.print(f"warning: {folder} now holds games of {len(versions)} versions of the "
                  "code (study.json and the report list them)", highlight=False,
                  soft_wrap=True)
    done_games = sum(c.games for c in chunks) - sum(c.games for c in todo)
    err.print(f"study of {args.game}: {len(study.cells)} cells x {study.games:,} games, "
              f"seed {study.seed}; {len(chunks) - len(todo)} of {len(chunks)} chunks "
              f"already stored", highlight=False, soft_wrap=True)
    # Redrawn as chunks arrive, with no refresh thread running while workers are forked.
    bar = Progress("{task.description}", BarColumn(), MofNCompleteColumn(), GamesPerSecond(),
                   TimeRemainingColumn(), console=err, auto_refresh=False,
                   disable=not err.is_terminal, transient=True)
    try:
        with bar:
            task = bar.add_task(args.game, total=study.total_games, completed=done_games)

            def advance(games: int) -> None:
                bar.advance(task, games)
                bar.refresh()

            run(study, folder, backend=args.backend, workers=args.workers,
                address=args.address, progress=advance)
    except KeyboardInterrupt:
        kept = len(chunks) - len(store.missing(folder, study))
        err.print(f"interrupted: {kept} of {len(chunks)} chunks are stored in {folder}; "
                  f"the same command with --resume plays the rest", highlight=False,
                  soft_wrap=True)
        return 130
    except ValueError:
        # Refused before any game was played (Ray's cluster would not have us): a new
        # study is forgotten, so that the corrected command is not told to --resume.
        if previous is None and not store.stored(folder, study):
            _forget(folder, created)
        raise
    games = store.merge(folder, study)
    rows = store.read_rows(games)
    figures = summary(rows, code=versions)
    (folder / "summary.json").write_text(json.dumps(figures, indent=1) + "\n",
                                         encoding="utf-8")
    report = write_report(folder, study, figures, rows)
    out.print(f"wrote {len(rows):,} games to {games}, the figures to "
              f"{folder / 'summary.json'} and the report to {report}", highlight=False,
              soft_wrap=True)
    return 0


def _forget(folder: Path, created: bool) -> None:
    """Remove the study.json of a study that never started (and its folder, if this
    command created it and it is empty)."""
    from contextlib import suppress

    from gamenight.lab import store

    (folder / store.STUDY_FILE).unlink(missing_ok=True)
    if created:
        with suppress(OSError):
            folder.rmdir()


def _differences(stored: Study, asked: Study) -> str:
    """How two studies differ, as "games: 100 stored, 200 asked"."""
    parts = [f"{name}: {getattr(stored, name)} stored, {getattr(asked, name)} asked"
             for name in ("game", "games", "seed", "chunk_games")
             if getattr(stored, name) != getattr(asked, name)]
    if stored.cells != asked.cells:
        parts.append(f"cells: {', '.join(c.key for c in stored.cells)} stored, "
                     f"{', '.join(c.key for c in asked.cells)} asked")
    return "; ".join(parts)
