"""Search through the OpenSpiel adapter against a playout on the game's own state (issue 19).

For each game: OpenSpiel's stock IS-MCTS (``ismcts.ISMCTSBot`` with
``RandomRolloutEvaluator(1)``, 10 simulations a decision, 2 players; FLY, which has
perfect information, with ``mcts.MCTSBot``; the simultaneous games in their sequential
form) decides at 8 random points of random games.  Its CPU time per simulation is set
against one direct random playout from the same point on the game's own state
(``state.clone()`` and ``sim.random_play.random_playout``, the mean of 10).  The
"Python choice" column runs the same evaluator drawing with ``random.choice`` instead of
NumPy's ``RandomState.choice`` (about 10-25 us a call), which shows what the adapter and
the game cost without the evaluator's own sampling.  IS-MCTS draws a world with the
game's own ``GameState.resample`` at every simulation, which a playout does not: the
"resample" column times it alone on the game's state (the mean of 10), and the last
column is the Python-choice simulation less that, against the playout.  The decisions are ones
where the seat has more than one legal action: IS-MCTS answers a lone one at once, and
before issue 19's part 3 such points were counted as ten simulations each that never
ran, which made every figure of the earlier notes 2-3x too low.  The "NumPy draws"
column is the floor the stock evaluator sets whatever the adapter does: its own
``RandomState.choice`` calls alone, on lists of the lengths its playouts met (noted in a
third search per point; a chance node's outcomes and odds as they were), with no game,
per playout, against the direct playout.

    python benchmarks/interop_search.py                    # every game
    python benchmarks/interop_search.py by-golly superfly  # some

CPU time (``time.process_time``); on a shared machine a figure moves by 10-30%.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from gamenight.games import GAMES
from gamenight.interop import openspiel
from gamenight.sim.random_play import random_playout

POINTS = 8
SIMULATIONS = 10
PLAYOUTS = 10
CLOCK = time.process_time


class PythonChoiceEvaluator(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """The stock random-rollout evaluator's loop, drawing with Python's ``random``."""

    def __init__(self, seed: int) -> None:
        super().__init__(1, np.random.RandomState(seed))
        self._rng = random.Random(seed)

    def evaluate(self, state: Any) -> np.ndarray:
        working = state.clone()
        rng = self._rng
        while not working.is_terminal():
            if working.is_chance_node():
                actions, probs = zip(*working.chance_outcomes(), strict=True)
                action = rng.choices(actions, probs)[0]
            else:
                action = rng.choice(working.legal_actions())
            working.apply_action(action)
        return np.array(working.returns())


class NotingEvaluator(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """The stock random-rollout evaluator's loop, noting what each playout drew from: a
    decision's number of legal actions, a chance node's outcomes and odds."""

    def __init__(self, seed: int) -> None:
        super().__init__(1, np.random.RandomState(seed))
        self.playouts: list[list[int | tuple[tuple[int, ...], tuple[float, ...]]]] = []

    def evaluate(self, state: Any) -> np.ndarray:
        working = state.clone()
        drawn: list[int | tuple[tuple[int, ...], tuple[float, ...]]] = []
        while not working.is_terminal():
            if working.is_chance_node():
                actions, probs = zip(*working.chance_outcomes(), strict=True)
                drawn.append((actions, probs))
                action = self._random_state.choice(actions, p=probs)
            else:
                legal = working.legal_actions()
                drawn.append(len(legal))
                action = self._random_state.choice(legal)
            working.apply_action(action)
        self.playouts.append(drawn)
        return np.array(working.returns())


def numpy_draws(playouts: list[list[int | tuple[tuple[int, ...], tuple[float, ...]]]],
                seed: int) -> float:
    """CPU seconds of the stock evaluator's draws alone for ``playouts`` (as noted by
    ``NotingEvaluator``): the same ``RandomState.choice`` calls on lists of the same
    lengths (a list of ints, as ``legal_actions`` gives), with no game."""
    made = [[list(range(d)) if isinstance(d, int) else d for d in drawn]
            for drawn in playouts]
    choice = np.random.RandomState(seed).choice
    start = CLOCK()
    for drawn in made:
        for d in drawn:
            if isinstance(d, list):
                choice(d)
            else:
                choice(d[0], p=d[1])
    return CLOCK() - start


def load(game_id: str) -> pyspiel.Game:
    openspiel.register()
    options: dict[str, Any] = {"two_players": True} if game_id == "superfly" else {}
    params: dict[str, Any] = {"players": 2, **options}
    if GAMES[game_id].encoding(2, options).joint_decisions:
        params["sequential"] = True
    return pyspiel.load_game(openspiel.game_name(game_id), params)


def points(game: pyspiel.Game, seed: int) -> list[Any]:
    """POINTS states at random decisions of random games where the seat to move has a
    choice: IS-MCTS answers a lone legal action at once, without a simulation, and such
    a point would count ten simulations that never ran."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < POINTS:
        state = game.new_initial_state()
        decisions: list[Any] = []
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                decisions.append(state.clone())
            state.apply_action(rng.choice(legal))
        if decisions:
            found.append(rng.choice(decisions))
    return found


def searcher(game: pyspiel.Game, evaluator: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        return mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=SIMULATIONS,
                            random_state=rng)


def measure(game_id: str) -> tuple[float, float, float, float, float]:
    """ms per simulation (stock evaluator), ms per simulation (Python choice), ms per
    direct playout, ms per resample of the game's own state (0 for MCTS), ms of the
    stock evaluator's NumPy draws alone per playout."""
    game = load(game_id)
    states = points(game, 1)
    stock = python = direct = resample = draws = 0.0
    noted = 0
    perfect = (game.get_type().information
               == pyspiel.GameType.Information.PERFECT_INFORMATION)
    for i, state in enumerate(states):
        bot = searcher(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)), i)
        start = CLOCK()
        bot.step(state.clone())
        stock += CLOCK() - start
        bot = searcher(game, PythonChoiceEvaluator(i), i)
        start = CLOCK()
        bot.step(state.clone())
        python += CLOCK() - start
        noting = NotingEvaluator(i)
        searcher(game, noting, i).step(state.clone())
        draws += numpy_draws(noting.playouts, i)
        noted += len(noting.playouts)
        own = state.table.state
        rng = random.Random(i)
        start = CLOCK()
        for _ in range(PLAYOUTS):
            random_playout(own.clone(), rng)
        direct += CLOCK() - start
        if not perfect:
            start = CLOCK()
            for _ in range(PLAYOUTS):
                own.resample(state.current_player(), rng)
            resample += CLOCK() - start
    sims = SIMULATIONS * len(states)
    runs = PLAYOUTS * len(states)
    return (stock / sims * 1e3, python / sims * 1e3, direct / runs * 1e3,
            resample / runs * 1e3, draws / max(1, noted) * 1e3)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="CPU time (time.process_time); on a shared machine a figure moves by 10-30%.")
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to measure (default: every game): {', '.join(GAMES)}")
    games = parser.parse_args(argv).games or [
        "by-golly", "superfly", "fluster", "fliegen-klatschen", "fly"]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"no game {', '.join(unknown)} (the games: {', '.join(GAMES)})")
    # A caption first, so that a table pasted into a note says what it measured.
    print(f"CPU ms per simulation of OpenSpiel's stock search through the adapter, "
          f"{SIMULATIONS} simulations at each of {POINTS} decisions with a choice, 2 "
          f"players; (x): against one direct random playout from the same decisions.\n")
    print("| game | ms per simulation (x playout) | Python choice | playout ms "
          "| resample ms | Python choice less resample | NumPy draws alone |")
    print("|---|---|---|---|---|---|---|")
    for game_id in games:
        stock, python, direct, resample, draws = measure(game_id)
        rest = python - resample
        game = load(game_id)
        form = ("MCTS" if game.get_type().information
                == pyspiel.GameType.Information.PERFECT_INFORMATION
                else "sequential" if game.get_parameters().get("sequential") else "")
        name = f"{game_id} ({form})" if form else game_id
        shown = f"{resample:.2f}" if form != "MCTS" else "-"
        print(f"| {name} | {stock:.2f} ({stock / direct:.1f}x) | "
              f"{python:.2f} ({python / direct:.1f}x) | {direct:.2f} | {shown} | "
              f"{rest:.2f} ({rest / direct:.1f}x) | {draws:.2f} ({draws / direct:.1f}x) |",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
