"""How strong the By Golly! bots are, and how often they turn over a card they know.

    python -m tests.games.by_golly.strength --games 400            # the figures in docs/bots.md
    python -m tests.games.by_golly.strength --games 200 --levels   # the levels' round

Every game is seeded (``derive_seed``), so the figures are the same on every run.  It
prints, as Markdown tables:

* **the dull loop**: in games among bots of one kind, how often a player turns over, as
  the first card after laying one, a shovel it knows is there (and any card it knows, the
  safe stop), and how many turns a game lasts; ``cautious`` is the ``perfect`` bot as it
  chose before issue 14 (``cautious.py``);
* **new against old**: ``perfect`` against ``cautious`` (two players, seats alternating;
  at three and four players, one ``perfect`` among ``cautious`` bots, against a fair
  share of one in three or four);
* **against the other bots**: the share ``perfect`` wins and the share ``cautious`` wins
  against the same opponents on the same seeds;
* with ``--levels``, instead: the memory bot's levels against each other, two players.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.bots.base import Bot, Clock, make_bot
from gamenight.bots.levels import LEVELS
from gamenight.engine import View
from gamenight.engine.seeding import derive_seed
from gamenight.games.by_golly.actions import ByGollyAction, Turn
from gamenight.games.by_golly.bots import MemoryBot
from gamenight.games.by_golly.cards import KIND_OF_NAME, SHOVEL
from gamenight.games.by_golly.rules import GAME
from gamenight.sim.runner import play_out
from tests.games.by_golly.cautious import CautiousBot

#: A bot by name: ``cautious`` (the old perfect bot) or any spec the game takes.
BotMaker = Callable[[int, int], Bot[Any]]


@dataclass
class Tally:
    """What the memory bots of one kind did, summed over games."""

    games: int = 0
    players: int = 0  # player-games
    turns: int = 0
    known_shovel: int = 0  # first card of a lay: a shovel it knew was there
    safe: int = 0  # first card of a lay: any card it knew was not the animal nor poo
    blind: int = 0  # first card of a lay: a card it did not know

    def per_player_game(self, count: int) -> float:
        return count / self.players if self.players else 0.0


def maker(spec: str) -> BotMaker:
    if spec == "cautious":
        return lambda seat, seed: CautiousBot(seat, seed)
    return lambda seat, seed: make_bot(GAME, spec, seat, seed)


def counted(bot: Bot[Any], tally: Tally) -> Bot[Any]:
    """The bot, its first card of each lay counted in ``tally`` (a memory bot only)."""
    if not isinstance(bot, MemoryBot):
        return bot
    act = bot.act

    def act_and_count(view: View, legal: Sequence[ByGollyAction],
                      clock: Clock) -> ByGollyAction:
        action = act(view, legal, clock)
        if isinstance(action, Turn) and view["phase"] == "turn":
            face = bot.known.get(action.place)
            laid = KIND_OF_NAME[view["laid"]]
            tally.known_shovel += face == SHOVEL
            tally.safe += face is not None and face != laid
            tally.blind += face is None
        return action

    bot.act = act_and_count  # type: ignore[method-assign]
    return bot


def play(specs: Sequence[str], games: int, tag: str,
         tallies: dict[str, Tally] | None = None) -> dict[str, float]:
    """``games`` games with these bots, seats turning round each game; wins by spec
    (a shared win counts each winner's share)."""
    wins: dict[str, float] = dict.fromkeys(specs, 0.0)
    players = len(specs)
    for i in range(games):
        seed = derive_seed("by-golly-strength", tag, i)
        order = [specs[(i + s) % players] for s in range(players)]
        bots = []
        for seat, spec in enumerate(order):
            bot = maker(spec)(seat, derive_seed(seed, "bot", seat))
            if tallies is not None:
                tally = tallies.setdefault(spec, Tally())
                tally.players += 1
                bot = counted(bot, tally)
            bots.append(bot)
        state = GAME.new(players, seed=seed)
        play_out(state, bots)
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        for winner in outcome.winners:
            wins[order[winner]] += 1 / len(outcome.winners)
        if tallies is not None:
            for spec in set(order):
                tallies[spec].games += 1
                tallies[spec].turns += state.turns
    return wins


def dull_loop(games: int) -> None:
    print("| Bots | Players | Known shovel turned per player-game | Safe stops | "
          "Blind turns | Turns per game |")
    print("|---|---|---|---|---|---|")
    for players in (2, 4):
        for spec in ("cautious", "perfect"):
            tallies: dict[str, Tally] = {}
            play([spec] * players, games, f"dull-{players}", tallies)
            t = tallies[spec]
            print(f"| {spec} x{players} | {players} | "
                  f"{t.per_player_game(t.known_shovel):.2f} | {t.per_player_game(t.safe):.2f} | "
                  f"{t.per_player_game(t.blind):.2f} | {t.turns / t.games:.1f} |", flush=True)


def new_against_old(games: int) -> None:
    print("\n| Table | perfect wins | fair share |")
    print("|---|---|---|")
    for players in (2, 3, 4):
        wins = play(["perfect"] + ["cautious"] * (players - 1), games, f"old-{players}")
        print(f"| perfect + {players - 1} cautious | {wins['perfect'] / games:.1%} | "
              f"{1 / players:.1%} |", flush=True)


def against_others(games: int) -> None:
    print("\n| Opponents | perfect wins | cautious wins (same seeds) |")
    print("|---|---|---|")
    for players, others in ((2, "memory"), (2, "memory:beginner"), (2, "random"),
                            (4, "memory"), (4, "memory:expert")):
        shares = []
        for spec in ("perfect", "cautious"):
            wins = play([spec] + [others] * (players - 1), games, f"vs-{players}-{others}")
            shares.append(wins[spec] / games)
        print(f"| {players - 1} x {others} | {shares[0]:.1%} | {shares[1]:.1%} |", flush=True)


def levels_round(games: int) -> None:
    names = ["random", *(f"memory:{level}" for level in LEVELS), "perfect"]
    share: dict[tuple[str, str], float] = {}
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            wins = play([first, second], games, f"levels-{first}-{second}")
            share[first, second] = wins[first] / games
            share[second, first] = wins[second] / games
    print("\n| Two players: the row's wins against the column | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for first in names:
        cells = [f"{share[first, second]:.0%}" if first != second else ""
                 for second in names]
        print(f"| {first} | " + " | ".join(cells) + " |", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per line (400)")
    parser.add_argument("--levels", action="store_true", help="the levels' round instead")
    args = parser.parse_args(argv)
    if args.levels:
        levels_round(args.games)
        return
    dull_loop(args.games)
    new_against_old(args.games)
    against_others(args.games)


if __name__ == "__main__":
    main()
