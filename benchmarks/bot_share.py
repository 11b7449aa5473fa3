"""How much of bot play is the bot's own thinking, and what the rest allows (issue 18).

For each game: its default bot in every seat at 4 players, as ``gamenight bench`` plays
them.  Each bot's ``act``, ``when`` and ``hear`` (everything the driver asks of a bot,
with all that the bot calls in turn) are timed around every call; the rest is the
engine's step, the rules, the views and the driver.  The share is taken over runs of
``--seconds`` of play, three of them; the rate beside it comes from untimed runs
alternated with them.  From the two, the last columns say what play would reach if the
bot cost nothing (the rest alone), and how many times faster the bot would have to be
for 300 games/s per core (issue 18's target 2), with the rest unchanged:

    python benchmarks/bot_share.py                 # every game
    python benchmarks/bot_share.py fluster fly     # some

It runs whatever ``gamenight`` runs (the compiled modules, or the source with
``GAMENIGHT_PURE_PYTHON=1``).  Wall time on one core; on a shared machine a rate moves
by 10-30%, the share much less (both parts move together).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from time import perf_counter
from typing import Any

from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES, get_game
from gamenight.sim.runner import make_bots, play_out
from gamenight.sim.simulate import seat_specs

TARGET = 300.0  # games/s per core
PLAYERS = 4


def measure(game_id: str, seconds: float, runs: int = 3) -> tuple[list[float], list[float]]:
    """The bot's share of each timed run, and the games/s of each untimed one."""
    game = get_game(game_id)
    specs = seat_specs(game, None, PLAYERS)
    inside = [0.0]

    def timed(method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            start = perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                inside[0] += perf_counter() - start
        return call

    def play(index: int, timing: bool) -> None:
        seed = derive_seed("bench", game.id, index)
        bots = make_bots(game, specs, seed)
        if timing:
            for bot in bots:
                for name in ("act", "when", "hear"):
                    setattr(bot, name, timed(getattr(bot, name)))
        play_out(game.new(PLAYERS, seed), bots)

    for index in range(5):  # warm up: caches, word lists, tables made once
        play(index, False)
    index = 1000
    shares, rates = [], []
    for _ in range(runs):
        inside[0] = 0.0
        start = perf_counter()
        while perf_counter() - start < seconds:
            play(index, True)
            index += 1
        shares.append(inside[0] / (perf_counter() - start))
        start, games = perf_counter(), 0
        while perf_counter() - start < seconds:
            play(index, False)
            index, games = index + 1, games + 1
        rates.append(games / (perf_counter() - start))
    return shares, rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="seconds of play in each run (default 3)")
    args = parser.parse_args(argv)
    for game_id in args.games:
        get_game(game_id)  # an unknown id fails here, before any play
    print("| game | bot's share of play | games/s (untimed runs) | with the bot free, "
          "games/s | the bot faster by, for 300 games/s |")
    print("|---|---|---|---|---|")
    for game_id in args.games or list(GAMES):
        shares, rates = measure(game_id, args.seconds)
        share, rate = sum(shares) / len(shares), max(rates)
        per_game = 1.0 / rate
        rest, bot = (1 - share) * per_game, share * per_game
        room = 1.0 / TARGET - rest
        needed = f"{bot / room:.1f}x" if room > 0 else "no bot speed is enough"
        print(f"| {game_id} | {min(shares):.1%}-{max(shares):.1%} | {min(rates):.0f}-"
              f"{max(rates):.0f} | {1.0 / rest:.0f} | {needed} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
