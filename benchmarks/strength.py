"""Is the default bot as strong as it was?  (Issue 18, target 2.)

Plays a game's default bot (or ``--bot``) as it is now against the same bot as it was
at a git revision (default: 1dd183e, the commit before the speed work of issue 18):
2,000 games by default, deals shared and seats alternating (``gamenight.sim.match``).
The old version is unpacked with ``git archive`` into a temporary folder outside the
working tree and asked for its moves in a subprocess (``gamenight.sim.old_version``);
today's engine plays the games.  Prints side A's (today's bot's) win share with its 95%
interval and whether 50% lies inside it.

    python benchmarks/strength.py by-golly
    python benchmarks/strength.py fluster --games 2000 --players 4 --json
    python benchmarks/strength.py fly --rev HEAD --games 10

A speed-up that keeps same-seed games identical (``tests/sim/test_same_games.py``) plays
each deal's two games alike, so the share is exactly 50%.  Exit status 0 when 50% lies
inside the interval, 1 when it does not, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from gamenight.engine import OptionError
from gamenight.games import get_game
from gamenight.sim.bench import variant_for
from gamenight.sim.match import MatchReport, play_match
from gamenight.sim.old_version import BEFORE_SPEED, OldVersion, unpack

#: The repository this script belongs to (the old version is read from its git history).
REPO = Path(__file__).resolve().parent.parent


def strength(game_id: str, games: int = 2000, players: int = 2, bot: str | None = None,
             revision: str = BEFORE_SPEED, seed: int = 0, workers: int | None = None,
             repo: Path = REPO) -> MatchReport:
    """Today's ``bot`` (default: the game's default bot) against itself at ``revision``."""
    game = get_game(game_id)
    spec = bot or game.default_bot
    # Superfly seats two only as its two-player variant: the table's options say so.
    options = variant_for(game, players)
    if options is None:
        raise OptionError(f"{game.title} cannot seat {players} players")
    source = unpack(revision, repo)
    try:
        return play_match(game.id, spec, OldVersion(str(source), spec, revision), games,
                          players, seed, workers, options)
    finally:
        shutil.rmtree(source.parent, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id (fly, fliegen-klatschen, superfly, ...)")
    parser.add_argument("--games", type=int, default=2000, help="games (default 2000)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--bot", default=None, help="bot spec (default: the game's default)")
    parser.add_argument("--rev", default=BEFORE_SPEED,
                        help=f"the old version's git revision (default {BEFORE_SPEED})")
    parser.add_argument("--seed", type=int, default=0, help="the match seed (default 0)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes (default: every core)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        report = strength(args.game, args.games, args.players, args.bot, args.rev,
                          args.seed, args.workers)
    except (OptionError, KeyError, ValueError) as exc:
        print(f"strength: error: {exc}", file=sys.stderr)
        return 2
    low, high = report.interval
    if args.json:
        print(json.dumps({**report.to_json(), "revision": args.rev}, indent=2))
    else:
        print(report.line())
        print(f"{report.side_a} now against {report.side_b}: {report.share:.1%} of "
              f"{report.games} games (95% interval {low:.1%}-{high:.1%}); 50% is "
              f"{'inside' if report.even else 'OUTSIDE'} the interval")
    return 0 if report.even else 1


if __name__ == "__main__":
    sys.exit(main())
