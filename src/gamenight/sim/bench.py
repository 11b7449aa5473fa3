"""The benchmark: how fast the engine plays, on one core, next to OpenSpiel's C++ games.

This is the only place gamenight measures time.  Each figure plays whole games over
fresh seeds until its time budget is spent, so each game's own setup (the shuffle) is
counted too.  A step is one chance outcome or one action, on both sides of the comparison.

Figures are steady play, in CPU time of this process (one core, whatever else the
machine runs).  What a game costs once per process -- importing its bots, loading
Fluster's word list, building an index a cache keeps -- is paid by a warm-up before
anything is timed, and shown on its own line (``GameBench.setup_s``), never counted
as play: a million-game run pays it once per worker, not once per game.
"""

from __future__ import annotations

import gc
import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gamenight import collecting
from gamenight import compiled as compiled_status
from gamenight.bots.base import bot_kinds, parse_bot_spec
from gamenight.engine import Game, OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES, get_game
from gamenight.sim.match import MatchReport, play_match, pool
from gamenight.sim.random_play import random_playout
from gamenight.sim.runner import make_bots, play_out
from gamenight.sim.simulate import resolve_table, seat_specs

#: Players for the figures: four is the typical table for the games we ship; a game that
#: cannot seat four is timed at the nearest count it allows.
TYPICAL_PLAYERS = 4
#: OpenSpiel's C++ games timed for comparison, with their default parameters.
OPENSPIEL_GAMES = ("goofspiel", "hearts")
#: The longest one measurement may take, in seconds.
MAX_SECONDS = 3600.0
#: The games of the million-game estimate (``gamenight simulate GAME --games 1000000``).
MILLION = 1_000_000
#: The clock of every figure: CPU seconds of this process, so a figure is per core and
#: other work on a shared machine does not slow it down.
CLOCK = time.process_time


@dataclass(frozen=True, slots=True)
class Timing:
    """Games and steps played in ``seconds`` of one core."""

    name: str
    players: int
    games: int
    steps: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "games_per_s": self.games_per_s, "steps_per_s": self.steps_per_s}


def _time(name: str, players: int, seconds: float, play: Callable[[int], int]) -> Timing:
    """Call ``play(i)`` (one whole game, returns its steps) for i = 0, 1, ... until the
    budget is spent; at least one game."""
    games = steps = 0
    start = CLOCK()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        steps += play(games)
        games += 1
        elapsed = CLOCK() - start
    return Timing(name, players, games, steps, elapsed)


def time_in_turn(plays: Mapping[str, Callable[[int], int]], players: int,
                 seconds: float) -> dict[str, Timing]:
    """Play whole games of each kind in turn (game i of every kind, then i + 1 ...) until
    each kind has spent ``seconds``, at least one game each.  The speed of Python on a
    shared machine drifts by 10-30% within a minute; kinds timed in turn game by game
    meet the same drift, so their ratio holds to a few per cent where kinds timed one
    after the other do not.

    The garbage collector is held while a game is timed (as ``timeit`` holds it): a full
    collection walks every object alive, and in turn with the adapters those are theirs
    too (FLY's kept aims), so a native game would pay for them and read at half its
    speed.  Between rounds, off the clock, the young generations are collected (they
    hold only the round's objects), and everything once at the end."""
    games = dict.fromkeys(plays, 0)
    steps = dict.fromkeys(plays, 0)
    spent = dict.fromkeys(plays, 0.0)
    index = 0
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        while index == 0 or min(spent.values()) < seconds:
            for kind, play in plays.items():
                if index and spent[kind] >= seconds:
                    continue
                start = CLOCK()
                steps[kind] += play(index)
                spent[kind] += CLOCK() - start
                games[kind] += 1
            gc.collect(1)
            index += 1
    finally:
        gc.collect()
        if was_enabled:
            gc.enable()
    return {kind: Timing(kind, players, games[kind], steps[kind], spent[kind])
            for kind in plays}


def typical_players(game: Game) -> int:
    return min(max(TYPICAL_PLAYERS, game.min_players), game.max_players)


def warm_up(game: Game, players: int) -> float:
    """Play one game of random play and one of the default bot, untimed as play, so
    that everything a game pays once per process (imports, word lists, indexes, caches
    filled on first use) is paid before the figures; returns its CPU seconds."""
    seed = derive_seed("bench", game.id, "warm-up")
    start = CLOCK()
    random_playout(game.new(players, seed), random.Random(seed))
    play_out(game.new(players, seed),
             make_bots(game, seat_specs(game, None, players), seed))
    return CLOCK() - start


def bench_random(game: Game, players: int, seconds: float) -> Timing:
    """Uniform random play straight on the state (no views, no bots)."""
    return _time(f"{game.id} random", players, seconds, random_play(game, players))


def bench_bots(game: Game, players: int, seconds: float) -> Timing:
    """The default bot in every seat, through views and the discrete-event window loop."""
    specs = seat_specs(game, None, players)

    def play(i: int) -> int:
        seed = derive_seed("bench", game.id, i)
        state = play_out(game.new(players, seed), make_bots(game, specs, seed))
        return len(state.history)

    return _time(f"{game.id} {game.default_bot}", players, seconds, play)


def openspiel_available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def bench_openspiel(name: str, seconds: float) -> Timing:
    """OpenSpiel's C++ game under uniform random play driven from Python, as our own
    random play is: chance sampled from its outcomes, every seat of a simultaneous node
    picking at once, each apply counted as one step."""
    import pyspiel

    game = pyspiel.load_game(name)
    players = game.num_players()
    rng = random.Random(0)
    choice = rng.choice

    def play(i: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            elif state.is_simultaneous_node():
                state.apply_actions([choice(state.legal_actions(p)) for p in range(players)])
            else:
                state.apply_action(choice(state.legal_actions()))
            steps += 1
        return steps

    return _time(f"openspiel {name}", players, seconds, play)


INTEROP_ADAPTERS = ("openspiel", "pettingzoo", "gymnasium")


def interop_available() -> bool:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def random_play(game: Game, players: int) -> Callable[[int], int]:
    """Game ``i`` of uniform random play straight on the state (no views, no bots);
    returns its steps."""
    def play(i: int) -> int:
        seed = derive_seed("bench", game.id, i)
        return random_playout(game.new(players, seed), random.Random(seed))

    return play


def adapter_play(adapter: str, game: Game, players: int) -> Callable[[int], int]:
    """Game ``i`` of uniform random play through one research adapter; returns its steps
    (the game's own: its history).  OpenSpiel: our Python game driven as
    ``bench_openspiel`` drives its C++ games, without observations.  PettingZoo: the
    AEC environment, each agent reading its observation and sampling a masked action.
    Gymnasium: seat 0 learning against ``random`` bots, likewise.

    A masked action is drawn as random play draws a legal one, with ``random.choice``
    (over the mask's ones): NumPy's ``Generator.choice`` alone costs 10 us a step, more
    than a whole native step of most games, and would time the harness, not the adapter.
    """
    choice = random.Random(0).choice
    if adapter == "openspiel":
        import pyspiel

        from gamenight.interop import openspiel

        openspiel.register_game(game)
        spiel_game = pyspiel.load_game(openspiel.game_name(game.id), {"players": players})
        rng = random.Random(0)

        def play_spiel(i: int) -> int:
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(rng.choices([a for a, _ in outcomes],
                                                   [p for _, p in outcomes])[0])
                elif state.is_simultaneous_node():
                    state.apply_actions([choice(state.legal_actions(p))
                                         for p in range(players)])
                else:
                    state.apply_action(choice(state.legal_actions()))
            return len(state.table.state.history)

        return play_spiel
    if adapter == "pettingzoo":
        import numpy as np

        from gamenight.interop.pettingzoo import env

        aec = env(game.id, players=players)

        def play_aec(i: int) -> int:
            aec.reset(seed=derive_seed("bench", game.id, i))
            for _ in aec.agent_iter():
                observation, _, terminated, truncated, _ = aec.last()
                if terminated or truncated:
                    aec.step(None)
                else:
                    aec.step(choice(np.flatnonzero(observation["action_mask"]).tolist()))
            return len(aec.table.state.history)

        return play_aec
    if adapter == "gymnasium":
        import numpy as np

        from gamenight.interop.gymnasium import GamenightEnv

        gym_env = GamenightEnv(game.id, players=players, opponents="random")

        def play_gym(i: int) -> int:
            _, info = gym_env.reset(seed=derive_seed("bench", game.id, i))
            done = False
            while not done:
                action = choice(np.flatnonzero(info["action_mask"]).tolist())
                _, _, terminated, truncated, info = gym_env.step(action)
                done = terminated or truncated
            return len(gym_env.table.state.history)

        return play_gym
    raise ValueError(f"no adapter {adapter!r} (adapters: {', '.join(INTEROP_ADAPTERS)})")


@dataclass(frozen=True, slots=True)
class MicroTiming:
    """One of a game's micro-benchmarks: ``calls`` calls in ``seconds``."""

    name: str
    calls: int
    seconds: float

    @property
    def us_per_call(self) -> float:
        return self.seconds / self.calls * 1e6 if self.calls else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "us_per_call": self.us_per_call}


def bench_micro(name: str, work: Callable[[], object], seconds: float) -> MicroTiming:
    """Call ``work`` in batches until the budget is spent (at least once); batches keep the
    clock's own cost out of a figure of a few microseconds."""
    calls = 0
    batch = 1
    start = CLOCK()
    elapsed = 0.0
    while calls == 0 or elapsed < seconds:
        for _ in range(batch):
            work()
        calls += batch
        batch = min(batch * 2, 1024)
        elapsed = CLOCK() - start
    return MicroTiming(name, calls, elapsed)


@dataclass(frozen=True, slots=True)
class GameBench:
    game: str
    random: Timing
    bots: Timing
    ratios: dict[str, float]  # our random steps/s over each OpenSpiel game's
    micro: list[MicroTiming] = field(default_factory=list)
    interop: list[Timing] = field(default_factory=list)  # random play through each adapter
    #: Random play on the state timed game by game in turn with the adapters' (``interop``;
    #: ``time_in_turn``): what their shares are of.
    interop_native: Timing | None = None
    #: CPU seconds of the first game built (the table check) and the warm-up
    #: (``warm_up``: one random game, one bot game).
    warm_up_s: float = 0.0
    #: Cores ``gamenight simulate`` plays on here (one worker each).
    cores: int = 1

    @property
    def setup_s(self) -> float:
        """One-time setup: the warm-up less what its two games cost in steady play."""
        steady = sum(1 / t.games_per_s for t in (self.random, self.bots) if t.games_per_s)
        return max(0.0, self.warm_up_s - steady)

    @property
    def million_s(self) -> float:
        """Estimated seconds of ``gamenight simulate GAME --games 1000000`` with the
        default bot on every core here: the bot rate times the cores, plus the setup
        each worker pays once."""
        rate = self.bots.games_per_s * self.cores
        return MILLION / rate + self.setup_s if rate else math.inf

    @property
    def adapter_shares(self) -> dict[str, float]:
        """Each adapter's steps/s as a share of random play on the state, timed in turn
        game by game (issue 18's target 4: at least 0.3)."""
        native = self.interop_native
        if native is None or not native.steps_per_s:
            return {}
        return {t.name.split()[-1]: t.steps_per_s / native.steps_per_s for t in self.interop}

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "setup_s": self.setup_s, "warm_up_s": self.warm_up_s,
                "random": self.random.to_json(),
                "bots": self.bots.to_json(), "ratio_to_openspiel": self.ratios,
                "cores": self.cores, "million_games_s": self.million_s,
                "micro": [m.to_json() for m in self.micro],
                "interop": [t.to_json() for t in self.interop],
                "interop_native": (None if self.interop_native is None
                                   else self.interop_native.to_json()),
                "adapter_shares": self.adapter_shares}


@dataclass(frozen=True, slots=True)
class BenchReport:
    games: list[GameBench]
    openspiel: list[Timing]
    #: Games not timed, with why: they cannot seat the players asked for.
    left_out: dict[str, str] = field(default_factory=dict)
    #: What ran compiled (gamenight.compiled): the figures depend on it.
    compiled: str = field(default_factory=lambda: compiled_status.STATUS.describe())

    def to_json(self) -> dict[str, Any]:
        return {"games": [g.to_json() for g in self.games],
                "openspiel": [t.to_json() for t in self.openspiel],
                "left_out": self.left_out,
                "compiled": self.compiled,
                "compiled_modules": list(compiled_status.STATUS.compiled)}


def run_bench(
    game_ids: list[str] | None = None,
    seconds: float = 2.0,
    players: int | None = None,
    progress: Callable[[str], None] | None = None,
    interop: bool = False,
) -> BenchReport:
    """Time every game asked for (all by default) and, where installed, OpenSpiel; with
    ``interop``, random play through each research adapter too.

    Every table is checked before anything is timed: a game asked for that cannot seat
    ``players`` raises OptionError; asked for every game, those that cannot are left
    out (OptionError if none can)."""
    if not 0 <= seconds <= MAX_SECONDS:  # NaN too (0: one game per figure)
        raise OptionError(f"a measurement takes 0 to {MAX_SECONDS:g} seconds, not {seconds}")
    say = progress or (lambda _: None)
    tables: list[tuple[Game, int, float]] = []
    left_out: dict[str, OptionError] = {}
    for game in [get_game(g) for g in game_ids] if game_ids else list(GAMES.values()):
        n = players if players is not None else typical_players(game)
        # The check builds the first game of the process: what that loads (a word
        # list) is setup, so its time joins the warm-up's.
        start = CLOCK()
        try:
            resolve_table(game, n, {})
        except OptionError as exc:
            if game_ids:
                raise
            left_out[game.id] = exc
            continue
        tables.append((game, n, CLOCK() - start))
    if not tables:
        raise next(iter(left_out.values()))
    # Timed as a simulation plays (``gamenight.collecting``), OpenSpiel's games too: the
    # tables' setup is loaded now, and frozen with the rest.
    with collecting.many_games():
        ours, theirs = _bench_tables(tables, seconds, say, interop)
    return BenchReport(ours, theirs, {g: str(exc) for g, exc in left_out.items()})


def _bench_tables(tables: Sequence[tuple[Game, int, float]], seconds: float,
                  say: Callable[[str], None],
                  interop: bool) -> tuple[list[GameBench], list[Timing]]:
    """Every figure of :func:`run_bench` for the tables checked: ours, then OpenSpiel's."""
    theirs: list[Timing] = []
    if openspiel_available():
        for name in OPENSPIEL_GAMES:
            say(f"openspiel {name}")
            theirs.append(bench_openspiel(name, seconds))
    ours = []
    cores = os.cpu_count() or 1  # as many as `gamenight simulate` plays on
    for game, n, checked_s in tables:
        say(f"{game.id} setup (a warm-up game of each kind)")
        warm = checked_s + warm_up(game, n)
        # Each game is timed as a process playing only it would play it: what the games
        # timed before it left alive (their caches) is set aside with the warm-up's.
        collecting.set_aside()
        say(f"{game.id} random play")
        rand = bench_random(game, n, seconds)
        say(f"{game.id} {game.default_bot}")
        bots = bench_bots(game, n, seconds)
        ratios = {t.name.split()[1]: rand.steps_per_s / t.steps_per_s for t in theirs}
        micro = []
        for name, work in game.micro_benchmarks().items():
            say(f"{game.id} {name}")
            micro.append(bench_micro(name, work, seconds))
        adapters: list[Timing] = []
        native = None
        if interop:
            say(f"{game.id} through {', '.join(INTEROP_ADAPTERS)}, in turn with random play")
            plays = {"random": random_play(game, n)}
            for adapter in INTEROP_ADAPTERS:
                play = plays[adapter] = adapter_play(adapter, game, n)
                play(-1)  # a warm-up game: the adapter's one-time setup is not play
            timed = time_in_turn(plays, n, seconds)
            native = replace(timed.pop("random"), name=f"{game.id} random, in turn")
            adapters = [replace(t, name=f"{game.id} {kind}") for kind, t in timed.items()]
        ours.append(GameBench(game.id, rand, bots, ratios, micro, adapters,
                              interop_native=native, warm_up_s=warm, cores=cores))
    return ours, theirs


# -- bench --search: matches of the search bots against our best ---------------------------
#: The search level every game may offer (``bots.master``), matched against the game's
#: best bot (:func:`best_bot`) by ``gamenight bench --search``.
SEARCH_BOT = "master"


def best_bot(game: Game) -> str:
    """What a master is measured against: the heuristic bot it searches on, at the level
    it plays at (the prior of the plan its master searches with, e.g.
    ``collector:expert``), so a match measures the search and not a better level; the
    default bot for a game with no master."""
    from gamenight.bots.master import MasterBot

    master = game.bots().get(SEARCH_BOT)
    if isinstance(master, type) and issubclass(master, MasterBot):
        return master.plan.prior
    return game.default_bot
#: Games per pairing of ``bench --search``: a quick look, not the 200 games a claim needs.
SEARCH_GAMES = 20
#: The tables of ``bench --search``: a duel and the typical table.
SEARCH_PLAYERS = (2, TYPICAL_PLAYERS)


def variant_for(game: Game, players: int) -> dict[str, Any] | None:
    """The options that seat ``players`` at ``game``: none, or the one variant flag (an
    option off by default) that allows the count, as Superfly's ``two_players`` allows
    two; None if nothing does."""
    candidates: list[dict[str, Any]] = [{}]
    candidates += [{o.name: True} for o in game.options if o.default is False]
    for options in candidates:
        try:
            return resolve_table(game, players, options)
        except OptionError:
            continue
    return None


@dataclass(frozen=True, slots=True)
class SearchReport:
    """``bench --search``: one match per game and table size."""

    matches: list[MatchReport]
    #: Games or tables not played, with why.
    left_out: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"matches": [m.to_json() for m in self.matches], "left_out": self.left_out}


def run_search_bench(
    game_ids: list[str] | None = None,
    games: int = SEARCH_GAMES,
    players: int | None = None,
    pairing: tuple[str, str] | None = None,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[str], None] | None = None,
    first_deal: int = 0,
) -> SearchReport:
    """Play the matches of ``bench --search``: ``pairing`` (default: ``master`` against
    the game's default bot) in every game asked for (default: every game) that has both
    bots, at 2 and 4 players (or ``players``), ``games`` games each with deals shared
    and seats alternating (``sim.match``), from deal ``first_deal`` on (a slice, for
    :func:`pool_search`).  Games without the bots, and tables a game cannot seat, are
    left out with why; OptionError if nothing is left to play."""
    say = progress or (lambda _: None)
    counts = (players,) if players is not None else SEARCH_PLAYERS
    plans: list[tuple[Game, int, str, str, dict[str, Any]]] = []
    left_out: dict[str, str] = {}
    for game in [get_game(g) for g in game_ids] if game_ids else list(GAMES.values()):
        side_a, side_b = pairing or (SEARCH_BOT, best_bot(game))
        missing = [s for s in (side_a, side_b) if parse_bot_spec(s)[0] not in bot_kinds(game)]
        if missing:
            left_out[game.id] = f"no bot {parse_bot_spec(missing[0])[0]!r}"
            continue
        for n in counts:
            options = variant_for(game, n)
            if options is None:
                left_out[f"{game.id} {n}p"] = f"{game.title} cannot seat {n} players"
                continue
            plans.append((game, n, side_a, side_b, options))
    if not plans:
        why = "; ".join(f"{k}: {v}" for k, v in left_out.items())
        raise OptionError(f"no match to play ({why})")
    matches = []
    for game, n, side_a, side_b, options in plans:
        say(f"{game.id} {n}p {side_a} vs {side_b}")
        matches.append(play_match(game.id, side_a, side_b, games, n, seed, workers, options,
                                  first_deal=first_deal))
    return SearchReport(matches, left_out)


def pool_search(reports: Sequence[Mapping[str, Any]]) -> SearchReport:
    """The JSON of several ``bench --search --json`` runs (slices played with ``--deals``,
    on any machines) as one report: each match's games put together (``sim.match.pool``),
    in the order the matches first come.  OptionError if a slice holds a game another
    slice of its match holds too, or if a run's JSON has no games to pool."""
    matches = [MatchReport.from_json(m) for r in reports for m in r["matches"]]
    left_out: dict[str, str] = {}
    for r in reports:
        left_out.update(r.get("left_out", {}))
    return SearchReport(pool(matches), left_out)
