"""The research adapters' speed as a share of native random play, measured interleaved
(issue 18, target 4: at least 0.3x).

``gamenight bench --interop`` times native random play and each adapter one after the
other, two seconds each; on a shared machine the speed of Python drifts by 10-30% within
a minute, so the ratio of two such figures moves as much.  Here whole games are played in
turn (one native game, one through each adapter, again and again) until each kind has had
``--seconds`` of CPU, so a drift slows every kind alike and the ratio holds to a few
per cent.  The loops are the bench's own (``sim.bench.random_play`` and ``adapter_play``).

``--free-observation`` makes every observation cost nothing (a zero tensor, no view, no
encoding): what is left is the adapter's bookkeeping, the masks, the framework's and the
game's steps, which no work on views or encodings can go below.

    python benchmarks/adapter_share.py                          # every game
    python benchmarks/adapter_share.py fluster --seconds 5
    python benchmarks/adapter_share.py --free-observation

The garbage collector is held while a game is timed (``sim.bench.time_in_turn``), as
``timeit`` holds it: in turn with the adapters, a native game would otherwise pay for
walking their kept objects and read at half its speed (FLY).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

import numpy as np

from gamenight.games import GAMES, get_game
from gamenight.interop import core
from gamenight.sim.bench import (
    INTEROP_ADAPTERS,
    adapter_play,
    random_play,
    time_in_turn,
    typical_players,
)


def free_observations() -> None:
    """Every table's observation becomes a zero tensor of its shape: no view is built
    and nothing is encoded."""
    zeros: dict[int, np.ndarray] = {}

    def observe(table: core.Table, seat: int) -> np.ndarray:
        tensor = zeros.get(id(table.encoding))
        if tensor is None:
            tensor = zeros[id(table.encoding)] = table.encoding.layout.zeros()
        return tensor.copy()

    core.Table.observe = observe  # type: ignore[method-assign,assignment]


def shares(game_id: str, seconds: float, adapters: tuple[str, ...]) -> dict[str, float]:
    """Native random play's steps per CPU second, and each adapter's as a share of it."""
    game = get_game(game_id)
    players = typical_players(game)
    plays: dict[str, Callable[[int], int]] = {"native": random_play(game, players)}
    plays.update((adapter, adapter_play(adapter, game, players)) for adapter in adapters)
    for play in plays.values():
        play(-1)  # a warm-up game each: what a process pays once is not play
    timed = time_in_turn(plays, players, seconds)
    rate = {kind: t.steps_per_s for kind, t in timed.items()}
    return {"native": rate["native"],
            **{adapter: rate[adapter] / rate["native"] for adapter in adapters}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds for each kind of play (default 3)")
    parser.add_argument("--adapters", default=",".join(INTEROP_ADAPTERS),
                        help="comma-separated (default: all three)")
    parser.add_argument("--free-observation", action="store_true",
                        help="observations cost nothing: the floor of the rest")
    args = parser.parse_args(argv)
    adapters = tuple(a for a in args.adapters.split(",") if a)
    unknown = [a for a in adapters if a not in INTEROP_ADAPTERS]
    if unknown:
        parser.error(f"no adapter {unknown[0]!r} (adapters: {', '.join(INTEROP_ADAPTERS)})")
    if args.free_observation:
        free_observations()
    print(f"{'game':18} {'native steps/s':>14}  " + "  ".join(f"{a:>10}" for a in adapters))
    for game_id in args.games or list(GAMES):
        found = shares(game_id, args.seconds, adapters)
        print(f"{game_id:18} {found['native']:14,.0f}  "
              + "  ".join(f"{found[a]:9.3f}x" for a in adapters), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
