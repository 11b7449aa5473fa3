"""The figures of docs/bots.md: each level's reaction times, the levels' win shares
against each other, and the adaptive level's win share against simulated people.

Run once, not as a test (it takes minutes): ``python -m tests.bots.figures`` (add
``--games N`` for fewer or more games per line; ``--only times|levels|adaptive``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from gamenight.bots.levels import LEVELS
from gamenight.bots.reaction import LEVELS as MODELS
from gamenight.engine import Game
from gamenight.engine.seeding import derive_seed
from gamenight.games import get_game
from gamenight.games.fliegen_klatschen.events import Revealed, Slapped
from gamenight.sim.runner import make_bots, play_out

#: Hunts to report: (flies in the centre, colours among them).
HUNTS = ((3, 2), (6, 4), (10, 4))
#: Simulated people of three speeds: a pace (the median first move on a typical hunt
#: or signal, ms) on a level's shape of times and choices.  In Fliegen klatschen a slow
#: person searches like a beginner and a fast one like an expert; in Superfly, where
#: speed wins nothing, three speeds of the same average player, then a child and an
#: expert (what changes there is how well one chooses).
PEOPLE = {
    "fliegen-klatschen": ("sharp:beginner:pace=1200", "sharp:average:pace=800",
                          "sharp:expert:pace=500"),
    "superfly": ("collector:average:pace=1200", "collector:average:pace=800",
                 "collector:average:pace=500", "collector:child", "collector:expert"),
}
#: The bots whose levels are compared, and the table size.
LEVELLED = (("fliegen-klatschen", "sharp", 2), ("superfly", "collector", 3), ("fly", "aimer", 2))


def percentiles(times: Sequence[float]) -> tuple[int, int, int]:
    ordered = sorted(times)
    pick = [ordered[round(p * (len(ordered) - 1))] for p in (0.1, 0.5, 0.9)]
    return round(pick[0]), round(pick[1]), round(pick[2])


def reaction_times(draws: int = 20_000) -> None:
    """Each level's first slap on three hunts, from its model, and over whole games."""
    print("First slap (ms: 10th percentile / median / 90th) by hunt (flies, colours):")
    print(f"{'level':10}" + "".join(f"{f'{n} flies, {c} colours':>24}" for n, c in HUNTS))
    for name, model in MODELS.items():
        row = []
        for flies, colours in HUNTS:
            rng = random.Random(f"{name} {flies} {colours}")
            row.append("{} / {} / {}".format(*percentiles(
                [model.task(rng, flies, colours) for _ in range(draws)])))
        print(f"{name:10}" + "".join(f"{cell:>24}" for cell in row))
    game = get_game("fliegen-klatschen")
    print("\nFirst slaps over every hunt of 100 four-player games of one level:")
    for name in LEVELS:
        firsts: list[float] = []
        for i in range(100):
            seed = derive_seed("figures-times", name, i)
            state = play_out(game.new(4, seed), make_bots(game, [f"sharp:{name}"] * 4, seed))
            seen: set[int] = set()
            for event in state.events:
                if isinstance(event, Revealed) and event.hunt:
                    seen = set()
                elif isinstance(event, Slapped) and event.seat not in seen:
                    seen.add(event.seat)
                    firsts.append(event.at_ms)
        print(f"  {name:10} {'{} / {} / {}'.format(*percentiles(firsts))} ms "
              f"({len(firsts)} first slaps)")


def pairwise_share(game: Game, players: int, person: str, bot: str, games: int,
                   label: str) -> tuple[float, int]:
    """``person`` at seat 0 against ``bot`` in every other seat: the share of (game,
    bot) pairs in which the bot ranks above the person (a tie counts half)."""
    score, pairs = 0.0, 0
    for i in range(games):
        seed = derive_seed("figures", label, person, bot, players, i)
        specs = [person] + [bot] * (players - 1)
        state = play_out(game.new(players, seed), make_bots(game, specs, seed))
        outcome = state.outcome()
        assert outcome is not None
        for seat in range(1, players):
            mine, theirs = outcome.ranks[seat], outcome.ranks[0]
            score += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            pairs += 1
    return score / pairs, pairs


def level_matrix(games: int, only: str | None) -> None:
    """Win shares of each level against each other (row beats column)."""
    for game_id, bot, players in LEVELLED:
        if only not in (None, game_id):
            continue
        game = get_game(game_id)
        print(f"\n{game_id} {bot}: share of games the row level wins against the column "
              f"level ({players} players, the column level in every other seat, {games} "
              "games each):", flush=True)
        print(f"{'':10}" + "".join(f"{name:>10}" for name in LEVELS))
        for row in LEVELS:
            cells = []
            for column in LEVELS:
                if row == column:
                    cells.append(f"{'-':>10}")
                    continue
                share, _ = pairwise_share(game, players, f"{bot}:{column}", f"{bot}:{row}",
                                          games, "matrix")
                cells.append(f"{share:>10.2f}")
            print(f"{row:10}" + "".join(cells), flush=True)


def adaptive_shares(games: int, only: str | None) -> None:
    """The adaptive level against simulated people of three speeds."""
    for game_id, people in PEOPLE.items():
        if only not in (None, game_id):
            continue
        game = get_game(game_id)
        bot = people[0].split(":")[0]
        tables = (2, 4) if game_id == "fliegen-klatschen" else (3, 4)
        for players in tables:
            for person in people:
                for share in ((0.3, 0.5, 0.7) if players == tables[0] else (0.5,)):
                    result, pairs = pairwise_share(game, players, person,
                                                   f"{bot}:adaptive:share={share}", games,
                                                   "adaptive")
                    print(f"{game_id} {players} players, person {person}, adaptive "
                          f"share={share}: the bot wins {result:.3f} ({pairs} pairs)",
                          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--only", choices=("times", "levels", "adaptive"))
    parser.add_argument("--game", help="only this game's figures")
    args = parser.parse_args()
    if args.only in (None, "times"):
        reaction_times()
    if args.only in (None, "levels"):
        level_matrix(args.games, args.game)
    if args.only in (None, "adaptive"):
        adaptive_shares(args.games, args.game)


if __name__ == "__main__":
    main()
