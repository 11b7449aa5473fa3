"""The ``gamenight`` command: parse, call the library, print.  No rule lives here.

Exit codes (``EXIT_CODES``): 0 success; 1 a record that does not verify, output that
cannot be written, or a room that cannot be joined; 2 bad arguments or an input that
cannot be read (unknown game, option, bot spec or player count; a file that is missing,
not a regular file, too large or not a valid record, word list or key).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from gamenight.arguments import (
    brief,
    read_option,
    read_positive,
    read_seed,
    read_specs,
    read_whole,
)
from gamenight.engine import RecordError
from gamenight.server.config import AddressLimits, Limits, Pauses, ServerConfig

if TYPE_CHECKING:
    from gamenight.engine import Game, Option, Outcome
    from gamenight.record import SeatRecord
    from gamenight.signing import VerifyKey
    from gamenight.sim.bench import SearchReport
    from gamenight.sim.simulate import Summary

EXIT_CODES = """\
exit codes:
  0  success
  1  a record that does not verify (changed since it was written, unsigned or signed
     by another key when --key is given, an illegal step, a wrong result), output
     that cannot be written, a room that cannot be joined (play --join), or modules
     that cannot be compiled (compile: no mypyc or C compiler, or a failed compile)
  2  bad arguments or an input that cannot be read: an unknown game, option, bot spec,
     player count or flag; a file that is missing, not a regular file, too large, not
     UTF-8 JSON, or not a valid record, word list or key for this gamenight"""


class Parser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr and exit 2 (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _index(text: str) -> int:
    return read_whole(text, 0)


def _games(text: str) -> int:
    from gamenight.sim.simulate import MAX_GAMES

    value = read_positive(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_GAMES:,} games in one run, not "
                                         f"{brief(text)}")
    return value


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {text!r}")
    return port


def _pause(text: str) -> float:
    """A pause in seconds: 0 (none) up to a minute."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 60.0:
        raise argparse.ArgumentTypeError(f"a pause is 0 to 60 seconds, not {text!r}")
    return value


def _seconds(text: str) -> float:
    from gamenight.sim.bench import MAX_SECONDS

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {brief(text)}") from None
    if not 0 < value <= MAX_SECONDS:  # inf and nan too
        raise argparse.ArgumentTypeError(
            f"must be more than 0 and at most {MAX_SECONDS:g}, not {brief(text)}")
    return value


def _pids(text: str) -> tuple[int, ...]:
    """``bench server --pids``: process ids, separated by commas."""
    parts = [part.strip() for part in text.split(",")]
    if not parts or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise argparse.ArgumentTypeError(f"process ids separated by commas (4242,4243), "
                                         f"not {brief(text)}")
    return tuple(int(part) for part in parts)


def _per_minute(text: str) -> float:
    """A rate a minute for ``serve``'s limits per address: 0 (none) or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1e9:  # nan and inf too
        raise argparse.ArgumentTypeError(f"a rate is a number a minute from 0 (no limit) "
                                         f"up, not {brief(text)}")
    return value


def _count(text: str) -> int:
    """A count for ``serve``'s limits per address: 0 (none) or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 10**9:
        raise argparse.ArgumentTypeError(f"a count is a whole number from 0 (no limit) up, "
                                         f"not {brief(text)}")
    return value


def _days(text: str) -> float:
    """How long ``serve`` keeps a room nobody plays in: more than 0 days, at most 100
    years."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value <= 36500.0:
        raise argparse.ArgumentTypeError(f"a number of days more than 0, not {brief(text)}")
    return value


def _deals(text: str) -> tuple[int, int]:
    first, sep, stop = text.partition(":")
    try:
        deals = (int(first), int(stop))
    except ValueError:
        deals = (-1, -1)
    if not sep or not 0 <= deals[0] < deals[1]:
        raise argparse.ArgumentTypeError(f"deals are A:B, whole numbers with 0 <= A < B, "
                                         f"not {brief(text)}")
    return deals


def _out(text: str) -> Path:
    path = Path(text)
    if path.suffix not in (".csv", ".jsonl"):
        raise argparse.ArgumentTypeError(f"the file must end in .csv or .jsonl: {text!r}")
    return path


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--option", "-o", type=read_option, action="append", default=[],
                   metavar="KEY=VALUE",
                   help="set one of the game's rule options (repeatable); `gamenight games` "
                        "lists each game's options with their defaults and values")
    p.add_argument("--seed", type=read_seed, default=None,
                   help="master seed, 0 to 2**64 - 1 (default: a random one, printed so the "
                        "run can be repeated)")
    p.add_argument("--dictionary", type=_option_file, default=None, metavar="FILE",
                   help=DICTIONARY_HELP)


DICTIONARY_HELP = ("for a word game: your own word list, one word a line (`gamenight "
                   "games` names the game's option it sets); the option (and so the "
                   "record) names it by the hash of its words, never by its path")


def _language(text: str) -> str:
    from gamenight.i18n import language

    try:
        return language(text)
    except ValueError as exc:  # UnknownLanguageError: its message lists the languages
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_language(p: argparse.ArgumentParser) -> None:
    from gamenight.i18n import listed

    p.add_argument("--lang", type=_language, default=None, metavar="LANG",
                   help=f"the language of the screens, pages and the game's story: {listed()} "
                        "(default: $GAMENIGHT_LANG, else the locale's $LC_ALL, $LC_MESSAGES or "
                        "$LANG, else English)")


def _use_language(args: argparse.Namespace) -> str:
    """Speak the language ``--lang`` names, else the environment's; the code."""
    from gamenight import i18n

    i18n.use(getattr(args, "lang", None) or i18n.from_environment(os.environ))
    return i18n.current()


def _option_file(text: str) -> Path:
    # Absolute, so that worker processes read the same file.  The game's option reads
    # it (``Option.load``) once the game is known.
    return Path(text).expanduser().resolve()


def _game_options(args: argparse.Namespace, game: Game) -> dict[str, str]:
    """``--option`` pairs, with ``--dictionary FILE`` read by the game's option that takes
    a file (``Option.load``) as that option's value; ValueError for a game with none, or
    a file it refuses."""
    options = dict(args.option)
    if args.dictionary is not None:
        from gamenight.sim.simulate import load_option_file

        name, value = load_option_file(game, args.dictionary)
        options[name] = value
    return options


def _signing_key_file(text: str) -> Path:
    from gamenight.signing import read_signing_key

    path = Path(text).expanduser().resolve()
    try:
        read_signing_key(path)  # a bad key fails now, before any game is played
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return path


def _verify_key_file(text: str) -> VerifyKey:
    from gamenight.signing import read_verify_key

    try:
        return read_verify_key(Path(text).expanduser())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


SIGN_KEY_HELP = ("sign the record with the key in FILE: an Ed25519 private key (PEM, as "
                 "`gamenight keygen` writes) or a file holding a shared secret (HMAC-SHA256, "
                 "at least 32 bytes)")


BOTS_HELP = ("comma-separated bot specs, one per bot seat, the last repeated: "
             "NAME[:LEVEL][:KEY=VALUE...] such as sharp, sharp:expert:error=0.1, random; "
             "a bare level (child, beginner, relaxed, average, quick, expert; `gamenight "
             "games` lists each bot's) means the game's default bot at that level "
             "(default: the game's default bot)")


def build_parser() -> Parser:
    from gamenight.games import GAMES

    # The examples play registered games -- the first, at its default bot, and a game
    # whose option reads a file -- so that no game is named here.
    first = next(iter(GAMES.values()))
    example, example_bot = first.id, first.default_bot
    word_game = next((g.id for g in GAMES.values() if g.file_option() is not None), example)
    fmt = argparse.RawDescriptionHelpFormatter
    parser = Parser(prog="gamenight", formatter_class=fmt,
                    description="Faithful rules engines for tabletop party games: play them "
                                "in the terminal, simulate them with bots, replay records.",
                    epilog=f"examples:\n  gamenight games\n  gamenight play {example}\n"
                           f"  gamenight simulate {example} --games 10000\n\n"
                           + EXIT_CODES)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(name: str, summary: str, examples: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=summary, description=summary, formatter_class=fmt,
                              epilog=f"examples:\n{examples}\n\n{EXIT_CODES}")

    p = command("play", "Play a game against bots in the terminal (you are seat 0), or take "
                "a seat in a server's room (--join).",
                f"  gamenight play {example}\n"
                f"  gamenight play {example} --players 3 --bots expert --seed 7\n"
                f"  gamenight play {example} --lang pt   # the screens in Portuguese\n"
                f"  gamenight play {example} --record mygame.json   # then: gamenight "
                "replay mygame.json\n"
                f"  gamenight play {example} --position position.json   # start from a "
                "position\n"
                "  gamenight play --join http://192.168.1.20:8000/r/CODE --name Ann\n"
                "  gamenight play --join CODE --server http://192.168.1.20:8000\n\n"
                "A position file (JSON) sets up any situation; each game's rules (gamenight\n"
                "rules GAME) give its format, and a game's examples/ folder holds the\n"
                "rulebook's examples as positions.  It holds the table and options itself.\n\n"
                "--join takes the first open seat of the room an invite link names (a room\n"
                "of `gamenight serve`, shared with browser players) and opens the game's\n"
                "screen for it; the seat's token is kept in your data directory, so the same\n"
                "command sits you down in the same seat again.  A room that does not exist,\n"
                "has no open seat, or a server that cannot be reached: one error line, exit\n"
                "code 1.")
    p.add_argument("game", metavar="GAME", nargs="?", default=None,
                   help="game id (see `gamenight games`); not with --join (the room's game)")
    p.add_argument("--join", default=None, metavar="URL",
                   help="play a seat of a server's room: its invite link "
                        "(http://HOST:PORT/r/CODE), or its code with --server")
    p.add_argument("--server", default=None, metavar="URL",
                   help="with --join CODE: the server's address (http://HOST:PORT)")
    p.add_argument("--name", default=None, metavar="NAME",
                   help="with --join: the name the room shows for you (default: your login "
                        "name; at most 24 characters)")
    p.add_argument("--players", "-p", type=read_positive, default=None, help="seats at the table "
                   "(default 4, or the position's)")
    p.add_argument("--position", type=Path, default=None, metavar="FILE",
                   help="start from the position in FILE (as a game's position() writes it) "
                        "instead of a new deal")
    p.add_argument("--bots", "-b", type=read_specs, default=None, metavar="SPECS", help=BOTS_HELP)
    p.add_argument("--record", type=Path, default=None, metavar="FILE",
                   help="when you leave the table, write the record of the game on it to FILE "
                        "(after a rematch or a new game, the last one's; your measured "
                        "reaction times included)")
    p.add_argument("--sign-key", type=_signing_key_file, default=None, metavar="FILE",
                   help=SIGN_KEY_HELP)
    _add_language(p)
    _add_game_options(p)

    p = command("simulate", "Play many bot-only games on all cores; summarise and save them.",
                f"  gamenight simulate {example} --games 10000\n"
                f"  gamenight simulate {example} --games 1000 --bots {example_bot},random "
                "--seed 1 --out games.csv\n"
                f"  gamenight simulate {example} --games 10 --records recs/\n\n"
                "The same command with the same --seed writes the identical --out file\n"
                "whatever --workers is.  Output columns: index, seed, players, bots, scores,\n"
                "winners (lists joined by ';' in CSV), length (steps), turns, truncated.\n"
                "Rows are written as games finish: Ctrl-C stops the batch keeping the rows\n"
                "and the summary of the games played, and --from N plays the rest.")
    p.add_argument("game", metavar="GAME", help="game id (see `gamenight games`)")
    p.add_argument("--games", "-n", type=_games, required=True,
                   help="games to play (at most 100,000,000 in one run; rows and the summary "
                        "are kept as games finish, so Ctrl-C keeps what was played)")
    p.add_argument("--from", dest="first", type=_index, default=0, metavar="N",
                   help="play the batch from game N on (the rest of a batch stopped there: "
                        "the same games, rows and records a whole run gives)")
    p.add_argument("--players", "-p", type=read_positive, default=4, help="players per game "
                   "(default 4)")
    p.add_argument("--bots", "-b", type=read_specs, default=None, metavar="SPECS", help=BOTS_HELP)
    p.add_argument("--workers", "-j", type=read_positive, default=None,
                   help="worker processes (default, and at most: every core)")
    p.add_argument("--out", type=_out, default=None, metavar="FILE.csv|FILE.jsonl",
                   help="write one row per game, in game order")
    p.add_argument("--records", type=Path, default=None, metavar="DIR",
                   help="write a replayable record of every game into DIR")
    p.add_argument("--sign-key", type=_signing_key_file, default=None, metavar="FILE",
                   help=SIGN_KEY_HELP.replace("the record", "every record"))
    _add_game_options(p)

    p = command("replay", "Verify a game record and tell its story turn by turn.",
                "  gamenight replay recs/game-000000.json\n"
                "  gamenight replay --key keys/record-signing.pub game.json\n"
                f"  gamenight replay --dictionary mywords.txt {word_game}-game.json\n\n"
                "A record carries a hash of its whole content, checked first, so any change\n"
                "to it is caught; with --key its signature is checked too, so a change by\n"
                "someone who recomputed the hash is caught as well.  Then every step is\n"
                "replayed from the seed and the result and final state are compared.\n"
                "A file that cannot be read as a record (missing, not a regular file, over\n"
                "16 MiB, not UTF-8 JSON, fields of the wrong type, an unknown game, options\n"
                "the game refuses, a word list not given) is refused with exit code 2 and\n"
                "one line.  A record that reads but was altered (its hash, a bad or missing\n"
                "signature with --key, an illegal or changed step, a chance outcome the seed\n"
                "does not draw, a wrong result) is rejected with exit code 1 and one line.\n"
                "A seat's record (what one seat saw, from the room's \"download what you\n"
                "saw\") is shown as that seat saw the game; it holds no seed and none of\n"
                "what was hidden from the seat, so it cannot be verified, and says so.")
    p.add_argument("file", type=Path, metavar="FILE",
                   help="a record written by gamenight, or one seat's record")
    p.add_argument("--quiet", "-q", action="store_true", help="only verify; print the result")
    p.add_argument("--key", type=_verify_key_file, default=None, metavar="FILE",
                   help="also verify the record's signature with the key in FILE: an "
                        "Ed25519 public key (PEM, record-signing.pub from `gamenight "
                        "keygen`), or the file holding the shared HMAC secret it was "
                        "signed with; an unsigned record then fails (exit 1)")
    p.add_argument("--dictionary", type=_option_file, default=None, metavar="FILE",
                   help="for records of a word game played with your own word list: its file "
                        "(the record names the list by the hash of its words; replay never "
                        "opens a path written in a record)")
    _add_language(p)

    p = command("keygen", "Make a key pair (or a shared secret) for signing records.",
                "  gamenight keygen keys/\n"
                f"  gamenight simulate {example} --games 10 --records recs/ "
                "--sign-key keys/record-signing.key\n"
                "  gamenight replay --key keys/record-signing.pub recs/game-000000.json\n\n"
                "Writes DIR/record-signing.key (an Ed25519 private key, PEM, readable only\n"
                "by you: keep it secret) and DIR/record-signing.pub (its public key: give it\n"
                "to whoever checks your records).  With --shared, writes DIR/record-secret.key\n"
                "instead: a shared secret for HMAC-SHA256, both to sign and to verify.\n"
                "Existing key files are never overwritten.")
    p.add_argument("directory", type=Path, metavar="DIR", help="folder for the key files")
    p.add_argument("--shared", action="store_true",
                   help="a shared HMAC secret instead of an Ed25519 key pair")

    p = command("rules", "Show how to play a game, then its rules as implemented (through "
                "a pager in a terminal).",
                f"  gamenight rules {example}\n  gamenight rules {example} --lang de")
    p.add_argument("game", metavar="GAME", help="game id (see `gamenight games`)")
    _add_language(p)

    command("games", "List the games with player counts, options and bots.",
            "  gamenight games")

    p = command("schema", "Print the JSON Schema of a game's views and events.",
                f"  gamenight schema {example}\n"
                f"  gamenight schema {example} > {example}.schema.json\n\n"
                "One JSON Schema document (draft 2020-12): $defs/View is what a seat (or a\n"
                "spectator) is shown, $defs/Event one event as a seat is given it.\n"
                "With --protocol: the server's protocol for the game's rooms instead\n"
                "($defs/ClientMessage, $defs/ServerMessage; docs/protocol.md).\n"
                "With --typescript: the same views and events as the TypeScript declarations\n"
                "the browser's table checks against (`python -m gamenight.web.typegen`\n"
                "writes every game's into the client, src/gamenight/web/static/js/types/).")
    p.add_argument("game", metavar="GAME", help="game id (see `gamenight games`)")
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--protocol", action="store_true",
                       help="print the schema of the server's messages for this game")
    shape.add_argument("--typescript", action="store_true",
                       help="print the views and events as TypeScript declarations")

    p = command("compile", "Compile the hot modules with mypyc: the same games, 1.1-2 "
                "times as fast (installing leaves them pure Python).",
                "  pip install 'gamenight[compile]' && gamenight compile\n"
                "  gamenight compile --jobs 1\n"
                "  gamenight compile --clean   # back to pure Python\n\n"
                "The engine's step, the bot driver and each game's rules, views and bots are\n"
                "compiled together from their own typed source, unchanged, beside it in the\n"
                "installed package (two to four minutes on two cores; each phase is shown as\n"
                "it is done).  Modules all compiled from their sources as they are now are left\n"
                "alone.  Once a source is edited, every module runs as source until compiled\n"
                "again; GAMENIGHT_PURE_PYTHON=1 runs every module from its source.  It needs\n"
                "mypy (mypyc) and setuptools (the compile extra) and a C compiler; without\n"
                "them it says so, and nothing changes.")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="C files compiled at once (default: every core)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--force", action="store_true",
                       help="compile every module, even those already up to date")
    which.add_argument("--clean", action="store_true",
                       help="remove the compiled modules: every module runs from its source")

    p = command("serve", "Serve rooms where friends play together in the browser or over "
                "the network, with bots in any seat.",
                "  gamenight serve\n"
                "  gamenight serve --host 0.0.0.0 --port 8000 --public-url http://192.168.1.20:8000\n"
                "  gamenight serve --database postgresql://gamenight@db.example/gamenight\n\n"
                "Listens on 127.0.0.1:8000 by default: only this machine can reach it.  To\n"
                "invite friends on your network, listen on --host 0.0.0.0 and give them the\n"
                "invite link a room prints (its address is --public-url).  Rooms, seats and\n"
                "every move are kept in SQLite in your data directory (or the --database you\n"
                "name), so a server that stops takes every unfinished game up again when it\n"
                "starts.  Finished games' records are signed with the server's key (made on\n"
                "first start, in --data-dir); GET /api/key gives its public half.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; "
                        "0.0.0.0: every network)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--database", default=None, metavar="URL",
                   help="where rooms are kept: sqlite:///FILE or postgresql://USER@HOST/DB "
                        "(default: SQLite in your data directory)")
    p.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                   help="folder of the server's record-signing key (and of the default "
                        "database); default: your data directory")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the address friends reach this server at, for invite links "
                        "(default: http://HOST:PORT)")
    p.add_argument("--origin", action="append", default=[], metavar="URL",
                   help="another web origin whose pages may play here (repeatable); "
                        "pages of the server's own origin always may")
    p.add_argument("--grace", type=_seconds, default=60.0, metavar="SECONDS",
                   help="how long a seat waits for a person who dropped before a bot "
                        "plays it for them (default 60; a room may set its own)")
    p.add_argument("--max-rate", type=read_positive, default=int(Limits().messages_per_s),
                   metavar="N", help=f"messages a connection may send per second before "
                   f"it is told to slow down (default {Limits().messages_per_s:g}; bursts of "
                   f"twice as many)")
    p.add_argument("--bot-pause", type=_pause, default=Pauses().turn_s, metavar="SECONDS",
                   help=f"how long a bot takes over a turn, so people can follow "
                        f"(default {Pauses().turn_s:g})")
    p.add_argument("--result-pause", type=_pause, default=Pauses().after_window_s,
                   metavar="SECONDS",
                   help=f"how long a race's or a decision's result stays before play goes "
                        f"on (default {Pauses().after_window_s:g})")
    per_address = AddressLimits()
    p.add_argument("--room-rate", type=_per_minute, default=per_address.rooms_per_minute,
                   metavar="N", help=f"rooms one address may make a minute (default "
                   f"{per_address.rooms_per_minute:g}, in bursts of twice as many; 0: no limit)")
    p.add_argument("--heavy-rate", type=_per_minute, default=per_address.heavy_per_minute,
                   metavar="N", help=f"replays and seats' records one address may have the "
                   f"server work out a minute (default {per_address.heavy_per_minute:g}, in "
                   f"bursts of twice as many; 0: no limit)")
    p.add_argument("--max-connections", type=_count, default=per_address.connections,
                   metavar="N", help=f"connections one address may hold open (default "
                   f"{per_address.connections}; 0: no limit)")
    p.add_argument("--max-websockets", type=_count, default=per_address.websockets,
                   metavar="N", help=f"game connections (WebSockets) one address may hold "
                   f"open (default {per_address.websockets}; 0: no limit)")
    p.add_argument("--request-timeout", type=_seconds, default=per_address.request_s,
                   metavar="SECONDS", help=f"how long a request may take to arrive, "
                   f"headers and body, before it is refused (default "
                   f"{per_address.request_s:g})")
    keep_days = ServerConfig().keep_finished_s / 86400
    p.add_argument("--keep-finished-days", type=_days, default=keep_days, metavar="DAYS",
                   help=f"a room where nothing is played any more is forgotten this long "
                        f"after it was made, with its seats and tokens; its games' signed "
                        f"records are kept (default {keep_days:g})")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="another name this server may be reached by (repeatable; * for "
                        "any). IP addresses, localhost, --host's and --public-url's name "
                        "always may; a request naming another is refused")
    p.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                   help="the address of a proxy in front of the server whose "
                        "X-Forwarded-For is believed (repeatable): the limits per address "
                        "count the address it passes on, and its clients' lag is bounded by "
                        "the lag quota alone (the kernel's round trip is the proxy's)")
    p.add_argument("--api-docs", action="store_true",
                   help="serve the API's documentation pages at /docs and /redoc (they "
                        "load their scripts from a CDN; /openapi.json is always served)")
    p.add_argument("--process-id", default=None, metavar="ID",
                   help="this process's id, one of several `gamenight serve` processes "
                        "sharing one --database behind a proxy that routes by room code "
                        "(docs/haproxy.cfg): each room is then played by one process at "
                        "a time, which holds its lease; give every process its own id "
                        "(default: one process serves the database)")
    p.add_argument("--lease", type=_seconds, default=ServerConfig().lease_s,
                   metavar="SECONDS",
                   help=f"with --process-id: how long a process holds a room unless it "
                        f"renews its lease, so how long the rooms of a process that died "
                        f"wait for another (default {ServerConfig().lease_s:g})")

    p = command("bench", "Time random play and bot play on one core, next to OpenSpiel; "
                "or a game server under load (bench server).",
                f"  gamenight bench\n  gamenight bench {example} --seconds 5\n"
                f"  gamenight bench --quick --json\n  gamenight bench {example} --interop\n"
                "  gamenight bench --search\n"
                f"  gamenight bench {example} --search --games 200 --players 2\n"
                f"  gamenight bench {example} --search --bots {example_bot},random\n"
                f"  gamenight bench {example} --search --deals 0:50 --json > a.json\n"
                "  gamenight bench --search --pool a.json b.json\n"
                "  gamenight bench server\n"
                "  gamenight bench server --clients 100 --rooms-idle 1000 --seconds 20\n"
                "  gamenight bench server --url http://127.0.0.1:8000 --pids 4242,4243\n\n"
                "bench server starts `gamenight serve` on 127.0.0.1 (SQLite in a temporary\n"
                "folder) and measures it from simulated people playing every game at a\n"
                "person's pace, plus spectators: action latency (p50/p95/p99, measured at\n"
                "the clients over loopback, the load generator sharing the cores), messages\n"
                "per second, the server's CPU, and its memory per room with idle lobby\n"
                "rooms (seats taken, no connection).  Progress goes to stderr; the default\n"
                "run takes a few minutes.  With --url it measures a server or cluster\n"
                "already running instead (e.g. HAProxy's address in front of several\n"
                "processes; start them with --room-rate 0 --max-connections 0\n"
                "--max-websockets 0, as every client comes from this machine): the playing\n"
                "rooms only (the idle rooms are skipped), and the CPU of the processes\n"
                "named by --pids (unknown without them).\n\n"
                "Random play: uniform random legal actions straight on the state.  Bots: the\n"
                "game's default bot in every seat.  Where open_spiel is installed, its C++\n"
                "goofspiel and hearts are timed under random play driven from Python and our\n"
                "steps/s is shown as a ratio to theirs.  A step is a chance outcome or action.\n"
                "With --interop, random play through each research adapter is timed too, in\n"
                "the game's own steps, game by game in turn with random play on the state\n"
                "(so the machine's drift slows both alike), and shown as a share of it.\n\n"
                "Figures are CPU time of steady play, per core.  What a game pays once per\n"
                "process (imports, a word list, indexes) is paid by a warm-up game\n"
                "first and shown on its own line, never counted as play.  The last column\n"
                "estimates `gamenight simulate GAME --games 1000000` on this machine's cores\n"
                "at the default bot's rate.\n\n"
                "With --search, matches instead of timings: the master bot against the\n"
                "bot it searches on at its level, e.g. collector:expert (or --bots A,B), in\n"
                "every game that has both, at 2 and 4\n"
                "players (or --players), --games games each (default 20), every deal played\n"
                "with the sides' seats swapped: side A's win share with its 95% interval,\n"
                "the mean score difference and each side's CPU ms per decision.  --deals A:B\n"
                "plays only deals A to B-1 (games 2A to 2B-1) of the same match, and --pool\n"
                "puts the --json output of such slices, played anywhere, back together.")
    p.add_argument("game", metavar="GAME", nargs="?", default=None,
                   help="game id (default: every game), or server: a game server under load")
    p.add_argument("--seconds", "-t", type=_seconds, default=None,
                   help="CPU seconds per measurement (default 3; bench server: 60; "
                        "at most 3600)")
    p.add_argument("--players", "-p", type=read_positive, default=None,
                   help="players (default 4, or the nearest count the game allows)")
    p.add_argument("--quick", action="store_true", help="a short smoke run (0.3 s each)")
    p.add_argument("--interop", action="store_true",
                   help="also time random play through the OpenSpiel, PettingZoo and "
                        "Gymnasium adapters (needs: pip install '.[rl]')")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--search", action="store_true",
                   help="play matches of the master bot against the game's best bot "
                        "(the one it searches on, at its level) instead of timing play")
    p.add_argument("--games", "-n", type=_games, default=None,
                   help="--search: games per match (default 20; --quick: 4)")
    p.add_argument("--bots", type=read_specs, default=None, metavar="A,B",
                   help="--search: the two sides (default: master,<the bot it searches on>, "
                        "e.g. master,collector:expert)")
    p.add_argument("--deals", type=_deals, default=None, metavar="A:B",
                   help="--search: play only deals A to B-1 of the match (each deal is two "
                        "games), a slice to --pool with others")
    p.add_argument("--pool", nargs="+", type=Path, default=None, metavar="FILE",
                   help="--search: the --json output of several runs (slices), one table")
    p.add_argument("--clients", type=read_positive, default=None, metavar="N",
                   help="bench server: connections playing and watching (default 1000, "
                        "at least 25)")
    p.add_argument("--rooms-idle", type=read_positive, default=None, metavar="N",
                   help="bench server: idle rooms whose memory is measured (default 10000)")
    p.add_argument("--database", default=None, metavar="URL",
                   help="bench server: an empty database for the server (default: SQLite "
                        "in a temporary folder)")
    p.add_argument("--url", default=None, metavar="URL",
                   help="bench server: measure the server already running at this address "
                        "(http://HOST:PORT; a proxy in front of several processes too) "
                        "instead of starting one; its idle-room memory is not measured")
    p.add_argument("--pids", type=_pids, default=None, metavar="PID[,PID...]",
                   help="bench server --url: the server's processes, whose CPU time "
                        "(/proc/PID/stat, before and after) gives its CPU per action; "
                        "without them that is reported as unknown")

    from gamenight.lab.cli import add_study_command

    add_study_command(command)  # the balance lab's command lives with the lab
    return parser


def _writable(path: Path) -> None:
    """Refuse output that could not be written (OSError: exit 1) before any work."""
    folder = path.parent
    if not folder.is_dir():
        raise OSError(f"cannot write {path}: there is no folder {folder}")
    if path.exists() and not path.is_file():
        raise OSError(f"cannot write {path}: it is not a regular file")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise OSError(f"cannot write {path}: permission denied")


def _folder_for(folder: Path, what: str) -> None:
    """Refuse a folder that ``what`` could not be written into (OSError: exit 1): a file
    where the folder should be, or on the way to it."""
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"cannot write {what} into {folder}: it is a file, not a "
                                 "folder")
    existing = next(p for p in (folder.absolute(), *folder.absolute().parents) if p.exists())
    if not existing.is_dir():
        raise NotADirectoryError(f"cannot make the folder {folder} for {what}: {existing} "
                                 "is a file, not a folder")


def _os_error(error: OSError) -> str:
    """An OSError as one line: the system's own errors ("[Errno 13] Permission denied:
    'x'") as what went wrong with which path, without the error number."""
    if error.strerror and error.filename is not None:
        return f"cannot use {error.filename}: {error.strerror[:1].lower()}{error.strerror[1:]}"
    return _one_line(error)


def _new_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(2**32)


def cmd_play(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.games import get_game
    from gamenight.sim.runner import make_bots
    from gamenight.sim.simulate import resolve_table, seat_specs

    _use_language(args)
    if args.join is not None:
        return _play_join(args, out)
    if args.server is not None or args.name is not None:
        raise ValueError("--server and --name go with --join")
    if args.game is None:
        raise ValueError("give the GAME to play (see `gamenight games`), or --join URL")
    if args.sign_key is not None and args.record is None:
        raise ValueError("--sign-key signs the record: give --record FILE too")
    game = get_game(args.game)
    options = _game_options(args, game)
    seed = _new_seed(args.seed)
    position = None
    if args.position is not None:
        from gamenight.record import load_position

        if options:
            raise ValueError("a position holds its own options: give no --option with "
                             "--position")
        start = load_position(args.position, game, seed)  # a bad one fails now
        if args.players not in (None, start.players):
            raise ValueError(f"the position is of {start.players} players, not "
                             f"{args.players}")
        position, players = start.position(), start.players
    else:
        players = 4 if args.players is None else args.players
        resolve_table(game, players, options)  # bad options fail before the screen opens
    if args.record is not None:
        _writable(args.record)  # not after the game, when it would be lost
    # Against a person, the game's bot for people: By Golly!'s perfect memory is for the lab.
    bots = seat_specs(game, args.bots, players - 1, default=game.bot_for_people())
    make_bots(game, bots, seed)  # a bad bot spec fails here, not inside the screen
    err.print(f"seed {seed} (play this table again with --seed {seed})", highlight=False)
    from gamenight.record import record_of
    from gamenight.tui.app import run_play

    # The last game at the table, and its bots (a new game may change the table size).
    state, bots = run_play(args.game, players, bots, seed, options, position=position)
    outcome = state.outcome()
    if outcome is not None:
        out.print(result_line(game, outcome), highlight=False)
    if args.record is not None:
        seats = ["human"] + [f"bot:{spec}" for spec in bots]
        record = record_of(state, seats)
        if args.sign_key is not None:
            from gamenight.record import sign
            from gamenight.signing import read_signing_key

            record = sign(record, read_signing_key(args.sign_key))
        record.write(args.record)
        out.print(f"wrote the record to {args.record}", highlight=False)
    return 0


def _play_join(args: argparse.Namespace, out: Console) -> int:
    """``play --join``: a seat of a server's room at this terminal (``tui.remote``).  What
    keeps it from the room (no such room, no open seat, no server) is one line, exit 1."""
    local = [flag for flag, value in (("GAME", args.game), ("--players", args.players),
                                      ("--position", args.position), ("--bots", args.bots),
                                      ("--record", args.record), ("--seed", args.seed),
                                      ("--sign-key", args.sign_key),
                                      ("--option", args.option or None),
                                      ("--dictionary", args.dictionary)) if value is not None]
    if local:
        raise ValueError(f"{local[0]} sets a game here; --join plays the room's game as its "
                         "host set it")
    import getpass

    from gamenight.games import get_game
    from gamenight.tui.join import JoinError, SeatStore, join, parse_invite
    from gamenight.tui.remote import RemotePlayApp

    try:
        name = args.name or getpass.getuser() or "Terminal"
    except (KeyError, OSError):  # no login name to be had
        name = "Terminal"
    try:
        address = parse_invite(args.join, args.server)
    except JoinError as exc:  # not a link at all: a bad argument (exit 2)
        raise ValueError(str(exc)) from None
    try:
        ticket, room = join(address, name.strip() or "Terminal", SeatStore())
        game = get_game(room["game"])
    except (JoinError, ValueError) as exc:
        print(f"gamenight play: error: {_one_line(exc)}", file=sys.stderr)
        return 1
    app = RemotePlayApp(game, address, ticket, room=room)
    app.run()
    if app.failure is not None:
        print(f"gamenight play: error: {app.failure}", file=sys.stderr)
        return 1
    out.print(f"You left seat {ticket.seat} of room {address.code}: `gamenight play --join "
              f"{address.invite}` sits you down in it again.", highlight=False, soft_wrap=True)
    return 0


def result_line(game: Game, outcome: Outcome) -> str:
    """How a game the person played ended, as the person reads it: who won, and each
    seat's figures that mean something in this game (``Game.summary_columns``), e.g.
    "Seat 1 wins (you are seat 0). Rank: you 2, seat 1 1. Cards left: you 7, seat 1 0."
    """
    from gamenight.engine.voice import Voice

    you = Voice(0)
    seats = range(len(outcome.scores))
    parts = [f"{you.group_does(list(outcome.winners), 'wins')} (you are seat 0)."]
    if outcome.truncated:
        parts.append("The safety cap ended the game.")
    for column in game.summary_columns():
        # One game's figure: "Mean score" over a batch is a seat's score here.
        label = column.heading.removeprefix("Mean ").capitalize()
        figures = ", ".join(f"{you.name(s, start=False)} {column.value(outcome, s):g}"
                            for s in seats)
        parts.append(f"{label}: {figures}.")
    return " ".join(parts)


def cmd_simulate(args: argparse.Namespace, out: Console, err: Console) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from gamenight.games import get_game
    from gamenight.sim.simulate import ResultsFile, Tallies, stream

    if args.sign_key is not None and args.records is None:
        raise ValueError("--sign-key signs the records: give --records DIR too")
    if args.out is not None:
        _writable(args.out)  # before the games are played, not after
    if args.records is not None:
        from gamenight.sim.simulate import check_records_folder

        check_records_folder(args.records)  # likewise; stream() makes it
    seed = _new_seed(args.seed)
    # No auto-refresh thread: the bar is redrawn as chunks arrive, and no thread is
    # running while the worker processes are forked.
    bar = Progress("{task.description}", BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=err, auto_refresh=False,
                   disable=not err.is_terminal, transient=True)
    # Each game is summed and written as it comes: memory stays flat however many games,
    # and Ctrl-C (or a failure) leaves the rows and the summary of every game before it.
    tally = Tallies(get_game(args.game).summary_columns())
    rows = None
    stopped = False
    with bar:
        task = bar.add_task(args.game, total=args.games - min(args.first, args.games))

        shown = 0.0  # when the bar was last drawn

        def advance(n: int) -> None:
            # With one worker every game comes on its own: the bar is drawn ten times a
            # second at most, not hundreds.
            nonlocal shown
            bar.advance(task, n)
            if time.monotonic() - shown >= 0.1:
                bar.refresh()
                shown = time.monotonic()

        # Every argument is checked here, before the rows file is made.
        games = stream(args.game, args.games, args.players, args.bots, seed, args.workers,
                       _game_options(args, get_game(args.game)), advance, args.records,
                       option_files=[] if args.dictionary is None else [args.dictionary],
                       sign_key=args.sign_key, first=args.first)
        held = _HeldInterrupt()
        try:
            if args.out is not None:
                rows = ResultsFile(args.out)
            for result in games:
                # A game is summed and its row written, or neither: Ctrl-C waits for both.
                with held:
                    tally.add(result)
                    if rows is not None:
                        rows.write(result)
        except KeyboardInterrupt:
            stopped = True
        finally:
            held.release()
            games.close()  # stops the workers now, wherever the loop was left
            if rows is not None:
                rows.close()
    summary = tally.summary()
    if stopped and not summary.games:
        return 130
    _print_summary(out, args, seed, summary)
    if rows is not None:
        out.print(f"wrote {rows.rows} rows to {args.out}")
    if args.records is not None:
        # Stopped, the workers may have written a few records past the last summed game.
        out.print(f"wrote the records of the games played to {args.records}" if stopped
                  else f"wrote {summary.games} records to {args.records}")
    if stopped:
        upto = args.first + summary.games
        err.print(f"stopped after games {args.first:,} to {upto - 1:,} of {args.games:,}: the "
                  "summary above is theirs, and so are the rows written.  The rest: the same "
                  f"command with --seed {seed} --from {upto}", highlight=False)
        return 130
    return 0


class _HeldInterrupt:
    """Ctrl-C held back while a ``with`` block runs, and raised as KeyboardInterrupt as it
    ends: a game's summing and its row are never cut in two.  Anywhere else Ctrl-C
    interrupts at once, as Python's own handler does (a worker pool is waited on, say).
    Only the main thread can take signals, and a command started with Ctrl-C ignored (in
    the background of a script) keeps ignoring it: then nothing is held."""

    def __init__(self) -> None:
        self.holding = False
        self.pending = False
        self._before: Any = None
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self._before = signal.signal(signal.SIGINT, self._interrupted)

    def _interrupted(self, signum: int, frame: object) -> None:
        if self.holding:
            self.pending = True
        else:
            raise KeyboardInterrupt

    def __enter__(self) -> None:
        self.holding = True

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        self.holding = False
        if self.pending:
            self.pending = False
            if kind is None:  # an error on its way out goes first
                raise KeyboardInterrupt

    def release(self) -> None:
        """Give Ctrl-C back to the handler that was there before."""
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)
            self._before = None


def _print_summary(out: Console, args: argparse.Namespace, seed: int, s: Summary) -> None:
    played = (f"{s.games} games" if s.games in (0, args.games)
              else f"{s.games} games ({args.first} to {args.first + s.games - 1} of "
                   f"{args.games})")
    title = f"{args.game}: {played}, {args.players} players, seed {seed}"
    for heading, rows in (("Seat", s.seats), ("Bot", s.bots)):
        table = Table(title=title if heading == "Seat" else None)
        table.add_column(heading, no_wrap=True)
        if heading == "Bot":
            table.add_column("Seat-games", justify="right")
        # Beside the wins, the figures that mean something for this game.
        for name in ("Wins", "Shared", "Win share", *(c.heading for c in s.columns)):
            table.add_column(name, justify="right")
        for t in rows:
            cells = [t.label] + ([str(t.seat_games)] if heading == "Bot" else [])
            table.add_row(*cells, str(t.wins), str(t.shared), f"{t.win_share:.1%}",
                          *(f"{mean:.{c.places}f}" for c, mean in zip(s.columns, t.means,
                                                                      strict=True)))
        out.print(table)
    mean, low, high = s.length
    line = f"length: mean {mean:.1f}, min {low}, max {high} steps"
    if s.turns is not None:
        line += f"; turns: mean {s.turns[0]:.1f}, min {s.turns[1]}, max {s.turns[2]}"
    out.print(f"{line}; truncated: {s.truncated}")
    out.print("Wins count a shared win for every winner; the win share counts it in parts "
              "(1/k each, as `gamenight study` does).")


def _printable(text: object) -> str:
    """Text from a record as it may reach a terminal: characters that are not printable
    (escape sequences could retitle or redraw the terminal) are shown escaped."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in str(text))


def cmd_replay(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.engine import GameState, Step
    from gamenight.engine.events import narration
    from gamenight.record import SeatRecord, load_any, replay, verify, what_replay_proves
    from gamenight.seats import record_names

    record = load_any(args.file)
    if isinstance(record, SeatRecord):
        return _show_seat_record(record, args, out)
    if args.dictionary is not None:  # the word list the record's options name, read
        from gamenight.games import get_game
        from gamenight.sim.simulate import load_option_file

        load_option_file(get_game(record.game), args.dictionary)
    verify(record, args.key)  # the hash (and signature) before anything is told
    language = _use_language(args)  # the story's; records keep events, not sentences
    if not args.quiet:
        out.print(_printable(f"{record.game} (rules {record.rules_version}), "
                             f"{record.players} players, seed {record.seed}"), markup=False)
        _print_seats(record_names(record.seats), record.options, out)
    seen = 0

    def tell(index: int, step: Step, state: GameState[Any]) -> None:
        nonlocal seen
        if args.quiet:
            return
        # The story as anyone at the table saw it: a spectator's form of each event.
        for line in narration(state.events[seen:], language=language):
            out.print(f"[{index + 1}] {line}", markup=False)
        seen = len(state.events)

    state = replay(record, tell, key=args.key)
    outcome = state.outcome()
    # replay checked the signature against the key, where one was given.
    signature = record.signature if args.key is not None else None
    verdict, caveat = what_replay_proves(record, signed=signature is not None)
    if signature is not None:
        verdict += (f" and the {signature['scheme']} signature (key "
                    f"{signature['key']}) is good")
    if outcome is None:
        out.print(f"{verdict}; the game is not over ({len(record.steps)} steps)")
    else:
        out.print(f"{verdict}; {len(record.steps)} steps; scores {list(outcome.scores)}; "
                  f"winners {[*outcome.winners]}" + (" (truncated)" if outcome.truncated else ""))
    if caveat is not None:
        out.print(caveat, markup=False, highlight=False)
    for flag in record.flags:  # what the table flagged; numbered as the steps are shown
        out.print(_printable(f"flag: seat {flag['seat']} at step {flag['step'] + 1}: "
                             f"{flag['reason']}"), markup=False, highlight=False)
    return 0


def _print_seats(names: list[str], options: dict[str, Any], out: Console,
                 mine: int | None = None) -> None:
    """Who sat where (as every table names them), and the options, under a replay's
    first line."""
    for seat, who in enumerate(names):
        note = " (this record's seat)" if seat == mine else ""
        out.print(f"  seat {seat}: {_printable(who)}{note}", markup=False)
    if options:
        listed = ", ".join(f"{k}={v}" for k, v in options.items())
        out.print(f"  options: {_printable(listed)}", markup=False)


def _show_seat_record(record: SeatRecord, args: argparse.Namespace, out: Console) -> int:
    """``gamenight replay`` of one seat's record (``record.SeatRecord``): whose it is and
    what it proves first, then the game as that seat saw it, step by step: the story it
    was told, and of a step that told it nothing, what it saw of the step (its own
    action, another's public one, or that another seat chose in secret)."""
    from gamenight.record import UnverifiedRecordError, what_a_seats_record_proves
    from gamenight.seats import record_names

    if args.key is not None:  # as for a whole record that is not signed: exit 1
        raise UnverifiedRecordError("a seat's record is not signed, so the key cannot verify "
                                    "it: replay the game's whole record with --key")
    whose, proves = what_a_seats_record_proves(record)
    out.print(whose, markup=False, highlight=False)
    out.print(proves, markup=False, highlight=False)
    if not args.quiet:
        out.print(_printable(f"{record.game} (rules {record.rules_version}), "
                             f"{record.players} players"), markup=False)
        _print_seats(record_names(record.seats), record.options, out, record.seat)
    for seen in () if args.quiet else record.seen():
        lines = [_printable(line) for line in seen.lines]
        step = seen.step
        if not lines and step is not None:
            who = f"seat {step['seat']}"
            lines = [f"{who}: {_printable(step['action'])}" if "action" in step
                     else f"{who} chose (what, and when, seat {record.seat} did not see)"]
        for line in lines:
            out.print(f"[{seen.number}] {line}", markup=False, highlight=False)
    result, count = record.result, len(record.steps)
    if result is None:
        out.print(f"the game is not over ({count} steps seen)")
    else:
        out.print(f"{count} steps; scores {result['scores']}; winners {result['winners']}"
                  + (" (truncated)" if result["truncated"] else ""), highlight=False)
    return 0


def cmd_keygen(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.signing import generate_key_pair, generate_shared_secret

    _folder_for(args.directory, "the keys")
    if args.shared:
        secret = generate_shared_secret(args.directory)
        out.print(f"wrote a shared secret to {secret} (keep it secret; sign with "
                  f"--sign-key {secret}, verify with --key {secret})", highlight=False)
        return 0
    private, public = generate_key_pair(args.directory)
    out.print(f"wrote the private key to {private} (keep it secret; sign with --sign-key "
              f"{private})", highlight=False)
    out.print(f"wrote the public key to {public} (give it away; verify with --key "
              f"{public})", highlight=False)
    return 0


def cmd_compile(args: argparse.Namespace, out: Console, err: Console) -> int:
    import gamenight
    from gamenight import compiling

    root = Path(gamenight.__file__).resolve().parent.parent
    if args.clean:
        removed = compiling.remove_compiled(root)
        out.print(f"removed {len(removed)} compiled files from {root / 'gamenight'}: every "
                  "module runs from its source", highlight=False)
        return 0
    if args.jobs is not None and args.jobs < 1:
        raise ValueError(f"--jobs is at least 1, not {args.jobs}")
    if not os.access(root / "gamenight", os.W_OK):
        raise PermissionError(f"cannot write the compiled modules beside their sources in "
                              f"{root / 'gamenight'}: install gamenight where you may "
                              "write (a virtual environment)")
    names = compiling.modules(root)
    fresh = set() if args.force else set(compiling.up_to_date(root))
    todo = [name for name in names if name not in fresh]
    if not todo:
        out.print(f"all {len(names)} hot modules are compiled from their sources as they "
                  "are: nothing to do (--force compiles them again)", highlight=False)
        return 0
    try:
        compiling.check_compiler()
    except compiling.CompileError as exc:
        err.print(f"gamenight compile: error: {exc}", style="red", highlight=False)
        return 1
    out.print(f"compiling {len(todo)} of {len(names)} hot modules with mypyc into "
              f"{root / 'gamenight'}" + (f" ({len(fresh)} already up to date)" if fresh
                                         else ""), highlight=False)
    started = time.perf_counter()

    def say(done: int, total: int, phase: compiling.Phase) -> None:
        out.print(f"  [{done}/{total}] {phase.name} ({phase.seconds:.1f} s)", highlight=False)

    try:
        compiling.compile_modules(root, names=todo, jobs=args.jobs, progress=say)
    except compiling.CompileError as exc:
        err.print(f"gamenight compile: error: {_one_line(exc, 2000)}; nothing was changed",
                  style="red", highlight=False)
        return 1
    out.print(f"compiled {len(todo)} modules in {time.perf_counter() - started:.0f} s; "
              "new programs run them (GAMENIGHT_PURE_PYTHON=1 runs the sources)",
              highlight=False)
    return 0


def cmd_rules(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.games import get_game

    game = get_game(args.game)
    # How to play first (the page the terminal's ? shows), then the rules as implemented.
    pages = [game.howto_text(_use_language(args)), game.rules_text()]
    if not out.is_terminal:
        sys.stdout.write("\n".join(p if p.endswith("\n") else p + "\n" for p in pages))
        return 0
    with out.pager(styles=_pager_shows_styles()):
        for number, page in enumerate(pages):
            if number:
                out.rule()
            out.print(Markdown(page))
    return 0


def _pager_shows_styles() -> bool:
    """Whether the pager ``Console.pager`` starts (Python's choice: $MANPAGER, $PAGER or
    less) draws colours instead of printing their escape codes: only less with -R, which
    is asked for through $LESS when no pager is named."""
    if os.environ.get("MANPAGER") or os.environ.get("PAGER"):
        return False
    os.environ.setdefault("LESS", "-R")
    flags = os.environ["LESS"]
    return "R" in flags or "r" in flags


def cmd_games(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.bots.base import bot_kinds
    from gamenight.games import GAMES

    table = Table(title="gamenight games")
    for name in ("Id", "Title", "Players", "Bots", "Credits"):
        table.add_column(name, no_wrap=name in ("Id", "Players"))
    for game in GAMES.values():
        bots = ", ".join(f"{b} (default)" if b == game.default_bot else b for b in bot_kinds(game))
        table.add_row(game.id, game.title, game.players_text, bots,
                      game.credits)
    out.print(table)
    _print_levels(GAMES.values(), out)
    for game in GAMES.values():
        if not game.options:
            continue
        options = Table(title=f"{game.id} options (--option KEY=VALUE)")
        for name in ("Option", "Default", "Values", "Help"):
            options.add_column(name, no_wrap=name in ("Option", "Default"))
        for o in game.options:
            options.add_row(o.name, str(o.default), _values(o), o.help)
        out.print(options)
    return 0


def _print_levels(games: Iterable[Game], out: Console) -> None:
    """The bots whose level changes how they play, with their levels, and what each
    level means (the names are the same in every game: bots/levels.py)."""
    from gamenight.bots.base import bot_kinds
    from gamenight.bots.levels import DESCRIPTIONS, level_list

    levels = Table(title="bot levels (--bots NAME:LEVEL, weakest first)")
    for name in ("Game", "Bot", "Levels"):
        levels.add_column(name, no_wrap=name != "Levels")
    for game in games:
        for name, factory in bot_kinds(game).items():
            taken: tuple[str, ...] = getattr(factory, "levels", ())
            if taken:
                levels.add_row(game.id, name, level_list(taken))
    out.print(levels)
    meaning = Table(title="what a level plays like")
    for name in ("Level", "Plays like"):
        meaning.add_column(name, no_wrap=name == "Level")
    for level, text in DESCRIPTIONS.items():
        meaning.add_row(level, text)
    out.print(meaning)


def _values(option: Option) -> str:
    if option.choices is not None:
        return ", ".join(map(str, option.choices))
    low = "" if option.minimum is None else f"{option.minimum:g}"
    high = "" if option.maximum is None else f"{option.maximum:g}"
    return f"{low}..{high}" if low or high else type(option.default).__name__


def cmd_bench(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.sim.bench import run_bench

    if args.game == "server":
        return cmd_bench_server(args, out, err)
    for flag in ("clients", "rooms_idle", "database", "url", "pids"):
        if getattr(args, flag) is not None:
            err.print(f"error: --{flag.replace('_', '-')} is for `gamenight bench server`",
                      style="red")
            return 2
    if args.search:
        return cmd_bench_search(args, out, err)
    for flag in ("games", "bots", "deals", "pool"):
        if getattr(args, flag) is not None:
            err.print(f"error: --{flag} is for `gamenight bench --search`", style="red")
            return 2
    seconds = 0.3 if args.quick else (3.0 if args.seconds is None else args.seconds)
    say = None if args.json else (lambda what: err.print(f"timing {what}...", style="dim"))
    if args.interop:
        from gamenight.sim.bench import interop_available

        if not interop_available():
            err.print("error: --interop needs the research extra: pip install 'gamenight[rl]'",
                      style="red")
            return 2
    report = run_bench([args.game] if args.game else None, seconds, args.players, say,
                       interop=args.interop)
    if args.json:
        sys.stdout.write(json.dumps(report.to_json(), indent=2) + "\n")
        return 0
    table = Table(title=f"gamenight bench (one core, {seconds:g} s per row; "
                        f"{report.compiled})")
    for name in ("What", "Seats", "Games", "Games/s", "Steps/s", "Steps/game"):
        table.add_column(name, justify="left" if name == "What" else "right", no_wrap=True)
    rows = [t for g in report.games
            for t in (g.random, g.bots, *([g.interop_native] if g.interop_native else []),
                      *g.interop)] + report.openspiel
    for t in rows:
        places = 0 if t.games_per_s >= 100 else 1
        table.add_row(t.name, str(t.players), str(t.games), f"{t.games_per_s:,.{places}f}",
                      f"{t.steps_per_s:,.0f}", f"{t.steps / t.games:.1f}")
    out.print(table)
    cores = report.games[0].cores if report.games else 1
    summary = Table(title=f"per game (steady play; setup not counted; 1M games on "
                          f"{cores} core{'s' if cores != 1 else ''})")
    for name in ("Game", "Setup s", "Random steps/s", "x goofspiel", "Default bot",
                 "Bot games/s/core", "1M games"):
        summary.add_column(name, justify="left" if name in ("Game", "Default bot")
                           else "right", no_wrap=True)
    for g in report.games:
        ratio = g.ratios.get("goofspiel")
        summary.add_row(g.game, f"{g.setup_s:.2f}", f"{g.random.steps_per_s:,.0f}",
                        "-" if ratio is None else f"{ratio:.2f}x",
                        f"{g.bots.name.split()[-1]} ({g.bots.players}p)",
                        f"{g.bots.games_per_s:,.1f}", _duration(g.million_s))
    out.print(summary)
    for g in report.games:
        out.print(f"{g.game} setup (once per process, not counted as play): "
                  f"{g.setup_s:.2f} s", highlight=False)
        for m in g.micro:
            out.print(f"{g.game} {m.name}: {m.us_per_call:,.2f} µs per call ({m.calls:,} calls)")
        for name, ratio in g.ratios.items():
            out.print(f"{g.game} random play steps/s is {ratio:.2f}x OpenSpiel {name}'s")
        for adapter, share in g.adapter_shares.items():
            out.print(f"{g.game} random play through {adapter} is {share:.2f}x random play "
                      f"on the state (timed in turn)")
        out.print(f"{g.game} simulate --games 1000000 with {g.bots.name.split()[-1]} on "
                  f"{g.cores} core{'s' if g.cores != 1 else ''}: about "
                  f"{_duration(g.million_s)}", highlight=False)
    if not report.openspiel:
        out.print("open_spiel is not installed: no comparison (pip install open-spiel)")
    for game_id, why in report.left_out.items():
        out.print(f"{game_id} not timed: {why}", highlight=False)
    return 0


def cmd_bench_search(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.sim.bench import SEARCH_GAMES, run_search_bench

    for flag in ("seconds", "interop"):
        if getattr(args, flag):
            err.print(f"error: --{flag} times play; --search plays matches", style="red")
            return 2
    if args.bots is not None and len(args.bots) != 2:
        err.print(f"error: --bots takes two sides, A,B, not {len(args.bots)}", style="red")
        return 2
    if args.pool is not None:
        return cmd_bench_pool(args, out, err)
    if args.deals is not None and args.games is not None:
        err.print("error: give --games or --deals, not both", style="red")
        return 2
    first_deal = 0
    if args.deals is not None:
        first_deal, games = args.deals[0], 2 * (args.deals[1] - args.deals[0])
    else:
        games = args.games if args.games is not None else (4 if args.quick else SEARCH_GAMES)
    say = None if args.json else (lambda what: err.print(f"playing {what}...", style="dim"))
    report = run_search_bench([args.game] if args.game else None, games, args.players,
                              None if args.bots is None else (args.bots[0], args.bots[1]),
                              progress=say, first_deal=first_deal)
    return print_search(report, args, out)


def cmd_bench_pool(args: argparse.Namespace, out: Console, err: Console) -> int:
    """``bench --search --pool FILE...``: the slices' matches as one table."""
    from gamenight.sim.bench import pool_search

    for flag in ("game", "games", "deals", "players", "bots", "quick"):
        if getattr(args, flag):
            err.print(f"error: --pool reads the games played; --{flag} plays more",
                      style="red")
            return 2
    runs = []
    for path in args.pool:
        try:
            runs.append(json.loads(path.read_text()))
        except (OSError, ValueError) as exc:
            err.print(f"error: cannot read {path}: {exc}", style="red")
            return 2
    try:
        report = pool_search(runs)
    except (KeyError, TypeError) as exc:
        err.print(f"error: not the JSON of bench --search --json ({exc!r} missing or "
                  "wrong)", style="red")
        return 2
    return print_search(report, args, out)


def print_search(report: SearchReport, args: argparse.Namespace, out: Console) -> int:
    """A ``bench --search`` report as JSON (--json) or as a table."""
    if args.json:
        sys.stdout.write(json.dumps(report.to_json(), indent=2) + "\n")
        return 0
    table = Table(title="gamenight bench --search (deals shared, seats alternating; "
                        "CPU ms per decision)")
    # Short headings: the nine columns fit an 80-column terminal (the caption says more).
    table.caption = ("A wins: side A's share of the games (ties half), with its 95% "
                     "interval; score: A's mean less B's; ms: CPU per decision")
    for name in ("Game", "P", "Pairing (A vs B)", "Games", "A wins", "95%", "Score",
                 "ms A", "ms B"):
        table.add_column(name, justify="left" if name[0] in "GP" and name != "Games"
                         else "right", no_wrap=name != "Pairing (A vs B)")
    for m in report.matches:
        low, high = m.interval
        table.add_row(m.game, str(m.players), m.pairing, str(m.games), f"{m.share:.0%}",
                      f"{low:.0%}-{high:.0%}", f"{m.score_difference:+.2f}",
                      f"{m.ms_per_decision(0):,.2f}", f"{m.ms_per_decision(1):,.2f}")
    out.print(table)
    for what, why in report.left_out.items():
        out.print(f"{what} not played: {why}", highlight=False)
    return 0


def _duration(seconds: float) -> str:
    """A duration as a person reads it: 42 s, 17 min, 3.2 h."""
    if not math.isfinite(seconds):
        return "never"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def cmd_bench_server(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.server import bench

    if args.quick or args.interop or args.players is not None:
        err.print("error: bench server takes --clients, --rooms-idle, --seconds, --database, "
                  "--url, --pids and --json", style="red")
        return 2
    if args.url is None and args.pids is not None:
        err.print("error: --pids goes with --url (without it the benchmark measures the "
                  "server it starts)", style="red")
        return 2
    if args.url is not None and (args.rooms_idle is not None or args.database is not None):
        err.print("error: --rooms-idle and --database are for a server the benchmark starts, "
                  "not with --url", style="red")
        return 2
    report = bench.run_server_bench(
        clients=bench.DEFAULT_CLIENTS if args.clients is None else args.clients,
        rooms_idle=bench.DEFAULT_ROOMS_IDLE if args.rooms_idle is None else args.rooms_idle,
        seconds=bench.DEFAULT_SECONDS if args.seconds is None else args.seconds,
        database=args.database, url=args.url, pids=args.pids or (),
        progress=lambda line: err.print(line, style="dim", highlight=False))
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        out.print(bench.report_table(report))
    return 0


def cmd_schema(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.games import get_game
    from gamenight.schema import game_schema

    game = get_game(args.game)
    if args.typescript:
        from gamenight.web.typegen import declarations

        sys.stdout.write(declarations(game))
        return 0
    if args.protocol:
        from gamenight.server.schemas import protocol_schema

        document = protocol_schema(game)
    else:
        document = game_schema(game)
    sys.stdout.write(json.dumps(document, indent=2) + "\n")
    return 0


def cmd_serve(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.server.config import data_dir
    from gamenight.server.serve import serve, sqlite_url

    folder = args.data_dir if args.data_dir is not None else data_dir()
    database = args.database
    if database is None and args.data_dir is not None:
        database = sqlite_url(folder / "server.db")
    config = ServerConfig(host=args.host, port=args.port, database=database,
                          key_dir=folder, origins=tuple(args.origin), grace_s=args.grace,
                          public_url=args.public_url,
                          pauses=Pauses(args.bot_pause, args.result_pause),
                          limits=Limits(messages_per_s=float(args.max_rate),
                                        burst=2 * args.max_rate),
                          per_address=AddressLimits(
                              rooms_per_minute=args.room_rate,
                              heavy_per_minute=args.heavy_rate,
                              connections=args.max_connections,
                              websockets=args.max_websockets,
                              request_s=args.request_timeout),
                          keep_finished_s=args.keep_finished_days * 86400.0,
                          allowed_hosts=tuple(args.allowed_host),
                          trusted_proxies=tuple(args.trust_proxy),
                          api_docs=args.api_docs, process_id=args.process_id,
                          lease_s=args.lease)
    serve(config, lambda line: out.print(line, highlight=False, soft_wrap=True))
    return 0


def cmd_study(args: argparse.Namespace, out: Console, err: Console) -> int:
    from gamenight.lab.cli import cmd_study as study

    return study(args, out, err)


COMMANDS = {"play": cmd_play, "serve": cmd_serve, "simulate": cmd_simulate, "replay": cmd_replay,
            "keygen": cmd_keygen, "rules": cmd_rules, "games": cmd_games,
            "schema": cmd_schema, "bench": cmd_bench, "study": cmd_study,
            "compile": cmd_compile}


def _one_line(error: Exception, limit: int = 300) -> str:
    """An error's message as one line of at most ``limit`` characters: a message that
    quotes a huge or many-lined argument is cut, not printed whole."""
    text = " ".join(str(error).split())
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    out, err = Console(), Console(stderr=True)
    try:
        return COMMANDS[args.command](args, out, err)
    except RecordError as exc:
        from gamenight.record import MalformedRecordError

        where = f"{args.file}: " if "file" in args and str(args.file) not in str(exc) else ""
        print(f"gamenight {args.command}: error: {where}{exc}", file=sys.stderr)
        # A file that cannot be read as a record is a bad input (2); one that reads but
        # does not verify is a bad record (1).
        return 2 if isinstance(exc, MalformedRecordError) else 1
    except ValueError as exc:  # OptionError and the like: the arguments asked for it
        print(f"gamenight {args.command}: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"gamenight {args.command}: error: {_os_error(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
