"""The ``master`` bots: search over what the seat cannot see, on top of our heuristics.

How a master chooses (determinized flat Monte Carlo with a heuristic prior; the
reasons are in ``docs/bots.md``):

1. **Candidates.**  The game's best heuristic bot (the *prior*, e.g. ``aimer:expert``)
   is asked on the master's own view; its answer is the first candidate.  A prior that
   can tell which choices differ (``Bot.distinct_choices``) names the others, best
   first by its own weighing: By Golly!'s ``perfect`` one place per thing it remembers
   of the places, FLY's aimer one aim per set of flies it would take, Fluster's
   wordsmith its next best calls.  Else, where the legal actions are few (Superfly's
   flies and the pass, Fluster's left or right) the others join it, up to ``width``;
   where they are many, the prior's choice stands (a random one of many is almost
   never worth the time it takes to refute).
2. **Worlds.**  Each round draws one world with the sampler the driver handed over
   (``GameState.resample`` for this seat: others' cards, secret choices and future
   chance drawn afresh, never read from the true state).
3. **Rollouts.**  In that world every candidate is played and the game is played out to
   its end by the game's heuristic bots in every seat (the *rollout* bots), or to the
   plan's ``Horizon`` a few steps ahead, valued there by the game's standings; the same
   world, bot seeds and future chance for every candidate (common random numbers: the
   candidates are compared on equal luck, which is most of the luck there is).
4. **Value.**  A rollout is worth its share of the win (1, or 1/k for a win shared by k)
   plus a little for the margin (``MARGIN`` times the score lead, scaled to -1..1), so a
   lost world still tells a close loss from a rout.
5. **Choice.**  Rounds go on while the thinking time lasts (``time_ms`` of the thread's
   CPU time, so a loaded machine searches as deep per budget as a quiet one), or for
   exactly ``worlds`` rounds when that is given (reproducible, as the tests need).  A
   candidate replaces the prior's choice only if its mean lead over it, world by world,
   is more than ``Z`` standard errors: the heuristic is kept unless the search has
   seen it beaten.

A master never holds the true state: it sees its view, its legal actions and the
sampler (``Bot.search_with``), which the bot driver hands it before every decision.
Asked without a sampler (a driver that gives none, a game set up from a position that
cannot resample), it plays as its prior.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.bots.base import Bot, Clock, Sampler, Wait, bot_number, make_bot
from gamenight.bots.driver import BotDriver
from gamenight.bots.levels import DEFAULT_LEVEL
from gamenight.engine import IllegalAction, OptionError, View

if TYPE_CHECKING:
    from gamenight.engine import Game, GameState
    from gamenight.engine.events import Event

#: The thinking time per decision, in ms of the thread's CPU time (option ``time_ms``).
DEFAULT_TIME_MS = 200.0
#: How much a rollout's score lead counts beside its win share (1): enough to tell a
#: close loss from a rout, too little to trade a likely win for a bigger score.
MARGIN = 0.2
#: How many standard errors a candidate's lead over the prior's choice must exceed
#: (``MasterPlan.z``, where a game sets another).
Z = 1.0
NORMAL = NormalDist()
#: Fewer worlds than this and the prior's choice stands (``MasterPlan.min_worlds``,
#: where a game sets another).
MIN_WORLDS = 3


#: Each seat's standing in a state, as a horizon values a rollout (``Horizon.scores``).
Standings = Callable[["GameState[Any]"], Sequence[float]]


@dataclass(frozen=True, slots=True)
class Horizon:
    """Where a game's rollouts may stop short of its end, and what they are worth there.

    A rollout stops once the state's ``counter`` (an int attribute, such as Superfly's
    ``round`` or FLY's ``drops``) has moved ``span`` on from the world's (``span``
    times the players where ``per_player``: a counter of turns, ``span`` turns of every
    seat), and is valued by the standings in ``scores`` (a per-seat attribute, such as
    Superfly's ``tokens``, or a function of the state, such as Fluster's pad worths) as
    a finished game is by its scores.  ``since``: the seats that gained most since the
    world share the "win" (a Superfly round's token); else those that stand highest (an
    estimate of the end's scores, such as Fluster's); the lead counts ``MARGIN``.
    Where what follows the horizon hardly depends on the decision (a Superfly round's
    hands are gone at its end), or is foreseen by the standings, this buys many more
    worlds for the same time at little loss of sight.
    """

    counter: str
    scores: str | Standings
    span: int = 1
    per_player: bool = False
    since: bool = True

    def standings(self, state: GameState[Any]) -> tuple[float, ...]:
        """Each seat's standing in ``state``, by ``scores``."""
        scores = self.scores
        return tuple(getattr(state, scores) if isinstance(scores, str) else scores(state))

    def stop_at(self, world: GameState[Any]) -> tuple[int, tuple[float, ...]]:
        """Where the counter stops a rollout from ``world``, and the world's standings
        (what gains are measured from)."""
        span = self.span * world.players if self.per_player else self.span
        return getattr(world, self.counter) + span, self.standings(world)

    def value(self, state: GameState[Any], seat: int,
              stop: tuple[int, tuple[float, ...]]) -> float | None:
        """None while the rollout is short of the horizon; else its worth to ``seat``."""
        if getattr(state, self.counter) < stop[0]:
            return None
        scores = self.standings(state)
        if self.since:
            gains = [now - then for now, then in zip(scores, stop[1], strict=True)]
            best = max(gains)
            winners = tuple(s for s, g in enumerate(gains) if g == best) if best > 0 else ()
        else:
            best = max(scores)
            winners = tuple(s for s, g in enumerate(scores) if g == best)
        return lead_value(winners, scores, seat)


@dataclass(frozen=True, slots=True)
class MasterPlan:
    """What the master of one game searches with (``bots()`` of each game names one)."""

    #: The heuristic bot asked for candidates, and played where the master cannot search.
    prior: str
    #: The bot spec that plays every seat of a rollout.
    rollout: str
    #: At most this many candidates per decision (the prior's choice first).
    width: int = 6
    #: Legal sets up to this size join the candidates (beyond it: only the prior's
    #: answers under other seeds).
    few: int = 12
    #: How many standard errors a candidate's lead over the prior's choice must exceed.
    z: float = Z
    #: True: ``z`` bounds the chance that *any* of the prior's rivals passes by luck
    #: (Bonferroni: each of k rivals must clear the one-sided level divided by k), not
    #: each one's: at 1 standard error, three rivals no better than the prior's choice
    #: (Superfly's four-player swat: the other flies and the pass) give one that passes
    #: by luck in about a third of the decisions.  Duels of two candidates are unchanged.
    familywise: bool = False
    #: Fewer worlds than this and the prior's choice stands: a spread measured on very
    #: few worlds is itself too noisy to trust.
    min_worlds: int = MIN_WORLDS

    def rival_z(self, rivals: int) -> float:
        """How many standard errors each of ``rivals`` must clear (see ``familywise``)."""
        if not self.familywise or rivals < 2:
            return self.z
        return NORMAL.inv_cdf(1 - NORMAL.cdf(-self.z) / rivals)
    #: False: the master plays as its prior (Fliegen klatschen, a race: speed wins there,
    #: and thinking takes time no hand can spare).
    search: bool = True
    #: Where rollouts stop and how they are valued there (None: at the game's end).
    horizon: Horizon | None = None


@dataclass(slots=True)
class Decision:
    """What one search found (``MasterBot.last``), for tests and the notes."""

    prior: Any
    chosen: Any
    worlds: int = 0
    rollouts: int = 0
    #: Each candidate's mean value over the worlds, in candidate order.
    means: list[float] = field(default_factory=list)
    candidates: list[Any] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """True when the search overruled the prior."""
        return bool(self.chosen != self.prior)


def rollout_value(state: GameState[Any], seat: int) -> float:
    """What a finished game is worth to ``seat``: its share of the win plus ``MARGIN``
    times its score lead over the best other seat, scaled to -1..1."""
    outcome = state.outcome()
    assert outcome is not None, "rollouts are played to the end"
    return lead_value(outcome.winners, outcome.scores, seat)


def lead_value(winners: Sequence[int], scores: Sequence[float], seat: int) -> float:
    """``seat``'s share of the win among ``winners`` plus ``MARGIN`` times its lead in
    ``scores`` over the best other seat, scaled to -1..1."""
    value = 1.0 / len(winners) if seat in winners else 0.0
    if len(scores) > 1:
        mine = scores[seat]
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        spread = abs(mine) + abs(best_other)
        if spread > 0:
            value += MARGIN * (mine - best_other) / spread
    return value


class MasterBot(Bot[Any]):
    """Searches sampled worlds with the game's heuristic bots (see the module)."""

    name = "master"
    searches: ClassVar[bool] = True
    #: Set per game by :func:`master_bot`.
    game: ClassVar[Game]
    plan: ClassVar[MasterPlan]

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL,
                 **params: str) -> None:
        time_ms = params.pop("time_ms", None)
        worlds = params.pop("worlds", None)
        super().__init__(seat, seed, level, **params)
        if time_ms is not None and worlds is not None:
            raise OptionError("master bot: give time_ms or worlds, not both")
        #: The thinking time per decision in ms of thread CPU time (None: ``worlds``).
        self.time_ms: float | None = (
            bot_number(time_ms, "master", "time_ms", 1, 600_000, "a time in ms")
            if time_ms is not None else None if worlds is not None else DEFAULT_TIME_MS)
        #: A fixed number of worlds per decision instead of a time (reproducible).
        self.worlds: int | None = (
            int(bot_number(worlds, "master", "worlds", 1, 100_000, "a whole number"))
            if worlds is not None else None)
        if worlds is not None and float(worlds) != self.worlds:
            raise OptionError(f"master bot: worlds is a whole number, not {worlds!r}")
        self.seed = seed
        #: The clock the budget is measured on: the thread's CPU time, so the search is
        #: as deep on a loaded machine as on a quiet one (a test may swap it).
        self.clock: Callable[[], float] = time.thread_time
        # The master's own heuristic, kept through the game (a prior that remembers,
        # By Golly!'s, needs to have seen it all).
        self.prior: Bot[Any] = make_bot(self.game, self.plan.prior, seat, seed)
        self.remembers_prior = self.prior.remembers
        # Whether the rollout bots keep a memory, to be filled from each world's history.
        self.rollouts_remember = make_bot(self.game, self.plan.rollout, seat, seed).remembers
        self._sample: Sampler | None = None
        self._decisions = 0
        #: The last search (None before the first, or when it did not search).
        self.last: Decision | None = None

    # -- what the driver gives it ------------------------------------------------------
    def search_with(self, sample: Sampler) -> None:
        self._sample = sample

    def observe(self, view: View) -> None:
        if self.remembers_prior:
            self.prior.observe(view)

    def hear(self, events: Sequence[Event]) -> None:
        if self.prior.listens:
            self.prior.hear(events)

    # -- choosing ----------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        first = self.prior.act(view, legal, clock)
        if isinstance(first, Wait):
            return first  # asked again later, in the same decision, with the same sampler
        sample, self._sample = self._sample, None  # one sampler, one decision
        if not self.plan.search or sample is None or len(legal) < 2:
            return first
        self._decisions += 1
        # Every decision gets its own generator from the seed and the decision's number,
        # so twins (states the seat cannot tell apart) get the same search.
        rng = random.Random(f"{self.seed}:{self.seat}:{self._decisions}")
        candidates = self._candidates(first, view, legal, rng)
        if len(candidates) < 2:
            return first
        at_ms = clock.now_ms if clock.in_window else None
        return self._search(sample, candidates, at_ms, rng)

    def _candidates(self, first: Any, view: View, legal: Sequence[Any],
                    rng: random.Random) -> list[Any]:
        plan = self.plan
        distinct = self.prior.distinct_choices(view, legal, first)
        if distinct is not None:  # the prior says which choices differ, best first
            return distinct[:plan.width]
        found = [first]
        if len(legal) <= plan.few:
            rest = [a for a in legal if a not in found]
            rng.shuffle(rest)
            found += rest
        return found[:plan.width]

    def _search(self, sample: Sampler, candidates: list[Any], at_ms: float | None,
                rng: random.Random) -> Any:
        clock = self.clock
        started = clock()
        budget = None if self.time_ms is None else self.time_ms / 1000.0
        n = len(candidates)
        sums = [0.0] * n
        # Per candidate, its value minus the prior's, summed and squared, world by world.
        lead = [0.0] * n
        lead_sq = [0.0] * n
        worlds = rollouts = 0
        while True:
            if self.worlds is not None and worlds >= self.worlds:
                break
            try:
                world = sample(rng)
            except (IllegalAction, NotImplementedError):
                break  # a game from a position, or one that cannot resample
            seed = rng.randrange(2**32)
            world = self._undecided(world)
            primed = self._primed_bots(world, seed)
            # Where the world's rollouts stop, worked out once for all its candidates.
            stop = None if self.plan.horizon is None else self.plan.horizon.stop_at(world)
            values: list[float] = []
            for action in candidates:
                if budget is not None and clock() - started >= budget:
                    break
                values.append(self._rollout(world, action, at_ms, seed, primed, stop))
                rollouts += 1
            if len(values) < n:
                break  # the time ran out inside this world: it is not counted
            worlds += 1
            for i, v in enumerate(values):
                sums[i] += v
                d = v - values[0]
                lead[i] += d
                lead_sq[i] += d * d
        decision = Decision(candidates[0], candidates[0], worlds, rollouts,
                            [s / worlds if worlds else 0.0 for s in sums], candidates)
        self.last = decision
        if worlds < self.plan.min_worlds:
            return candidates[0]
        best, best_lead = 0, 0.0
        z = self.plan.rival_z(n - 1)
        for i in range(1, n):
            mean = lead[i] / worlds
            var = max(0.0, lead_sq[i] / worlds - mean * mean)
            stderr = math.sqrt(var / (worlds - 1))
            if mean > z * stderr and mean > best_lead:
                best, best_lead = i, mean
        decision.chosen = candidates[best]
        return candidates[best]

    def _undecided(self, world: GameState[Any]) -> GameState[Any]:
        """``world`` with the others' choices in the simultaneous decision now open taken
        back, so that in the rollouts the rollout bots make them.

        The seat saw only *that* those seats chose, so ``resample`` draws their choices
        uniformly among the legal ones: searched as they come, every world would set the
        candidates against swats and sides thrown at random, not against the players at
        the table (what cost Superfly's master most at four players, where up to three
        seats choose before it).  The choices are the last steps of the history, back to
        a chance step, the seat's own step, or a second step of one seat (Fluster's call
        before its writes).  Superfly takes them back in a copy (``taken_back``); other
        games replay the history up to them."""
        acting = world.acting()
        if acting.kind != "simultaneous" or self.seat not in acting.seats:
            return world
        waiting = set(acting.seats)
        history = world.history
        keep = len(history)
        while keep:
            who = history[keep - 1].seat
            if who is None or who in waiting:
                break
            waiting.add(who)
            keep -= 1
        if keep == len(history):
            return world
        return world.taken_back(keep, world.rng.getrandbits(64))

    def _rollout_bots(self, players: int, seed: int) -> list[Bot[Any]]:
        return [make_bot(self.game, self.plan.rollout, s, seed + s) for s in range(players)]

    def _primed_bots(self, world: GameState[Any], seed: int) -> list[Bot[Any]] | None:
        """Rollout bots that remember, shown the world's whole history, each its seat's
        view after every step, as at a table (a fresh memory bot would play the rest of
        the game blind, knowing less than the seat it stands in for); None for bots
        that keep no memory."""
        if not self.rollouts_remember:
            return None
        bots = self._rollout_bots(world.players, seed)
        replay = world.remade([], 0)
        driver = BotDriver(replay, bots)
        driver.show()
        for step in world.history:
            if step.seat is None:
                replay.apply_chance(copy.deepcopy(step.value))
            else:
                replay.apply_text(step.seat, step.value, step.at_ms)
            driver.show()
        return bots

    def _rollout(self, world: GameState[Any], action: Any, at_ms: float | None, seed: int,
                 primed: list[Bot[Any]] | None,
                 stop: tuple[int, tuple[float, ...]] | None) -> float:
        """``action`` in a copy of ``world``, then the game played out by rollout bots
        seeded by ``seed`` (the same for every candidate: common random numbers), or by
        copies of the ``primed`` ones, to its end or to ``stop`` (the plan's horizon's
        ``stop_at`` of the world); its value to this seat."""
        state = world.clone()
        bots = (self._rollout_bots(state.players, seed) if primed is None
                else copy.deepcopy(primed))  # memories are not shared between candidates
        state.apply(self.seat, action, at_ms)
        driver = BotDriver(state, bots)
        horizon = self.plan.horizon
        if horizon is None:
            driver.play_to_end()
            return rollout_value(state, self.seat)
        assert stop is not None, "a plan with a horizon stops its rollouts"
        value = play_until(driver, lambda: horizon.value(state, self.seat, stop))
        return rollout_value(state, self.seat) if value is None else value


def play_until(driver: BotDriver, stop: Callable[[], float | None]) -> float | None:
    """``BotDriver.play_to_end``, asking ``stop`` before every step: its first answer
    that is not None, or None if the game ended first."""
    found: list[float] = []

    def reached() -> bool:
        value = stop()
        if value is None:
            return False
        found.append(value)
        return True

    driver.play_to_end(reached)
    return found[0] if found else None


def master_bot(game: Game, plan: MasterPlan) -> type[MasterBot]:
    """The ``master`` bot class of ``game`` (each game's ``bots()`` offers one)."""
    return type(f"{type(game).__name__}Master", (MasterBot,), {"game": game, "plan": plan})


#: The master class of each game, made once (``bots()`` is asked at every ``make_bot``).
_MADE: dict[str, type[MasterBot]] = {}


def master_for(game: Game, plan: MasterPlan) -> type[MasterBot]:
    """``master_bot`` with ``plan``, the one the game's own package declares (each game's
    ``bots()`` offers ``master_for(self, PLAN)``): one class per game."""
    made = _MADE.get(game.id)
    if made is None or made.game is not game or made.plan is not plan:
        made = _MADE[game.id] = master_bot(game, plan)
        # Shown views and events exactly when its prior is: a driver builds a view a
        # step for a bot that remembers, in vain where the prior keeps no memory.  Asked
        # once the class is known here, since making the prior asks the game's bots.
        prior = make_bot(game, made.plan.prior, 0, 0)
        made.remembers, made.listens = prior.remembers, prior.listens
    return made
