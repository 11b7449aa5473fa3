"""Matches: two bots, side A and side B, over shared deals with the seats alternating.

A match of ``master`` against ``aimer`` in FLY at four players plays each deal (a game
seed) twice: once with the sides sitting A, B, A, B and once B, A, B, A (two players: A,
B then B, A).  So both sides get every deal and every seat, and neither the cards nor
the first move favour one of them.  Game ``i`` plays deal ``i // 2`` in arrangement
``i % 2``: an even number of games gives both sides every deal.

A game counts for the side of its winning seat (a win shared by seats of both sides is
half a game each); the figure is side A's share of the games with its 95% interval
(Wilson's), beside the mean score difference (side A's seats' mean score less side B's)
and each side's CPU milliseconds per decision, timed around each bot's ``act``.

A match can be played in slices (``first_deal``; ``gamenight bench --search --deals
A:B``) on different machines or sessions: a slice's games are those games of the whole
match, exactly, and :func:`pool` puts the slices' games (``MatchReport.to_json`` holds
them; ``bench --search --pool``) back into one match.

Games are played by the engine's own bot driver (``sim.runner.play_out``), so a
searching bot gets the driver's sampler as at any table.  Like ``sim.simulate``, every
game's seed comes from the match seed and the deal's index, never from the worker that
plays it, so the results (not the times) are the same whatever the number of workers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Protocol

from gamenight.bots.base import Bot, Wait, make_bot
from gamenight.engine import Game, OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games import get_game
from gamenight.sim.runner import play_out
from gamenight.sim.simulate import in_chunks, resolve_table

#: The two sides, in the order of every pair of figures.
SIDES = ("A", "B")

Progress = Callable[[int], None]
"""Called with the number of games just finished (from the parent process)."""


class BotMaker(Protocol):
    """Makes one side's bot for a seat (picklable: workers make their own bots)."""

    @property
    def label(self) -> str:
        """How the side is named in a report."""

    def __call__(self, game: Game, seat: int, seed: int) -> Bot[Any]:
        """The bot for ``seat`` of a game of ``game``, its generator seeded with ``seed``."""


@dataclass(frozen=True, slots=True)
class Spec:
    """A side given by a bot spec of the game (``master``, ``memory:expert``)."""

    spec: str

    @property
    def label(self) -> str:
        return self.spec

    def __call__(self, game: Game, seat: int, seed: int) -> Bot[Any]:
        return make_bot(game, self.spec, seat, seed)


def seating(players: int, arrangement: int) -> tuple[int, ...]:
    """The side (0: A, 1: B) in each seat: arrangement 0 is A, B, A, B..., arrangement 1
    the same table with the sides swapped, B, A, B, A..."""
    return tuple((seat + arrangement) % 2 for seat in range(players))


def wilson(successes: float, trials: float, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson's 95% score interval for a share ``successes / trials`` ((0, 1) for no
    trials).  Written out here, not asked of the balance lab's statistics libraries
    (SciPy, statsmodels: the lab extra), so that the bench's matches need no extra;
    ``tests/lab/test_metrics.py`` checks it against the lab's, which is statsmodels'."""
    if trials <= 0:
        return (0.0, 1.0)
    share = successes / trials
    scale = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / scale
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / scale
    # Rounding may leave a bound a hair past the share itself: the interval holds it.
    return (max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half)))


def side_points(winners: Sequence[int], sides: Sequence[int]) -> float:
    """Side A's share of one game: 1 when only side A's seats won, 0 when only side
    B's did, a half when seats of both sides share the win (or nobody won)."""
    won = {sides[seat] for seat in winners}
    if won == {0}:
        return 1.0
    if won == {1}:
        return 0.0
    return 0.5


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of a match: its deal, who sat where and how it ended, and how long each
    side thought (no wall-clock values: CPU time of the deciding process)."""

    index: int
    deal: int
    seed: int
    sides: tuple[int, ...]  # by seat: 0 for side A, 1 for side B
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    truncated: bool
    think_s: tuple[float, float]  # CPU seconds inside each side's act, A then B
    decisions: tuple[int, int]  # the actions each side chose (a Wait is not one)

    @property
    def points(self) -> float:
        """Side A's share of this game (:func:`side_points`)."""
        return side_points(self.winners, self.sides)

    @property
    def score_difference(self) -> float:
        """Side A's seats' mean score less side B's."""
        means = []
        for side in (0, 1):
            mine = [s for s, who in zip(self.scores, self.sides, strict=True) if who == side]
            means.append(sum(mine) / len(mine))
        return means[0] - means[1]

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "deal": self.deal, "seed": self.seed,
                "sides": [SIDES[s] for s in self.sides], "scores": list(self.scores),
                "winners": list(self.winners), "truncated": self.truncated,
                "points_a": self.points, "think_s": list(self.think_s),
                "decisions": list(self.decisions)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchGame:
        """The game :meth:`to_json` wrote (``points_a`` is worked out again)."""
        think = data["think_s"]
        decisions = data["decisions"]
        return cls(int(data["index"]), int(data["deal"]), int(data["seed"]),
                   tuple(SIDES.index(s) for s in data["sides"]), tuple(data["scores"]),
                   tuple(int(w) for w in data["winners"]), bool(data["truncated"]),
                   (float(think[0]), float(think[1])), (int(decisions[0]), int(decisions[1])))


class _Tally:
    """CPU seconds and decisions of one side in one game."""

    __slots__ = ("decisions", "seconds")

    def __init__(self) -> None:
        self.seconds = 0.0
        self.decisions = 0


@dataclass(frozen=True, slots=True)
class MatchJob:
    """What every worker needs to play any game of a match (picklable)."""

    game_id: str
    players: int
    sides: tuple[BotMaker, BotMaker]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    #: The index of the job's game 0 in the whole match (a slice starts past 0).
    first: int = 0

    def play(self, index: int) -> MatchGame:
        game = get_game(self.game_id)
        index += self.first
        deal, arrangement = divmod(index, 2)
        seed = derive_seed(self.seed, "deal", deal)
        sides = seating(self.players, arrangement)
        tallies = (_Tally(), _Tally())
        bots = []
        for seat, side in enumerate(sides):
            # Each seat's bot seed as `gamenight simulate` derives it: a deal's two games
            # give a seat's bot the same stream, whichever side sits there.
            bots.append(self.sides[side](game, seat, derive_seed(seed, "bot", seat)))

        def acted(seat: int, seconds: float, answer: Any) -> None:
            tally = tallies[sides[seat]]
            tally.seconds += seconds
            if not isinstance(answer, Wait):
                tally.decisions += 1

        state = play_out(game.new(self.players, seed, **self.options), bots, acts=acted)
        outcome = state.outcome()
        assert outcome is not None, "play_out returns only finished games"
        return MatchGame(index, deal, seed, sides, outcome.scores, outcome.winners,
                         outcome.truncated, (tallies[0].seconds, tallies[1].seconds),
                         (tallies[0].decisions, tallies[1].decisions))


def _play_chunk(task: tuple[MatchJob, int, int]) -> list[MatchGame]:
    job, start, stop = task
    return [job.play(i) for i in range(start, stop)]


@dataclass(frozen=True, slots=True)
class MatchReport:
    """A match's games and its figures (side A's point of view)."""

    game: str
    players: int
    side_a: str
    side_b: str
    results: list[MatchGame]
    options: dict[str, Any] = field(default_factory=dict)
    #: The match seed: the deals of every slice of one match come from it.
    seed: int = 0

    @property
    def pairing(self) -> str:
        return f"{self.side_a} vs {self.side_b}"

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def points(self) -> float:
        """Side A's games won, a shared win counting half."""
        return sum(r.points for r in self.results)

    @property
    def share(self) -> float:
        """Side A's share of the games (ties half)."""
        return self.points / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`share` (Wilson's, as the balance lab's)."""
        return wilson(self.points, self.games)

    @property
    def even(self) -> bool:
        """True when a half lies inside the interval: no side is shown stronger."""
        low, high = self.interval
        return low <= 0.5 <= high

    @property
    def score_difference(self) -> float:
        """The mean over games of side A's seats' mean score less side B's."""
        return (sum(r.score_difference for r in self.results) / self.games
                if self.games else 0.0)

    def ms_per_decision(self, side: int) -> float:
        """CPU milliseconds per decision of side ``side`` (0: A, 1: B); NaN if it made
        none (every move forced)."""
        seconds = sum(r.think_s[side] for r in self.results)
        decisions = sum(r.decisions[side] for r in self.results)
        return seconds / decisions * 1000 if decisions else math.nan

    @property
    def truncated(self) -> int:
        return sum(r.truncated for r in self.results)

    @property
    def key(self) -> tuple[str, int, str, str, str, int]:
        """What two slices must share to be one match: game, table, sides, options, seed."""
        return (self.game, self.players, self.side_a, self.side_b,
                json.dumps(self.options, sort_keys=True), self.seed)

    def to_json(self) -> dict[str, Any]:
        """The figures, and every game (``results``), from which :meth:`from_json` and
        :func:`pool` rebuild the match."""
        low, high = self.interval
        ms = [self.ms_per_decision(s) for s in (0, 1)]
        return {"game": self.game, "players": self.players, "options": self.options,
                "seed": self.seed, "side_a": self.side_a, "side_b": self.side_b,
                "games": self.games, "points_a": self.points, "share_a": self.share,
                "interval": [low, high], "even": self.even,
                "score_difference": self.score_difference,
                "ms_per_decision": [None if math.isnan(m) else m for m in ms],
                "truncated": self.truncated,
                "results": [r.to_json() for r in self.results]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchReport:
        """The match :meth:`to_json` wrote (its figures are worked out from its games)."""
        if "results" not in data:
            raise OptionError(f"{data.get('game', 'a')} match without its games "
                              "('results'): only the JSON of bench --search --json pools")
        return cls(data["game"], int(data["players"]), data["side_a"], data["side_b"],
                   [MatchGame.from_json(r) for r in data["results"]],
                   dict(data.get("options", {})), int(data.get("seed", 0)))

    def line(self) -> str:
        """The match in one line, as the bench prints it."""
        low, high = self.interval
        a, b = (self.ms_per_decision(s) for s in (0, 1))
        return (f"{self.game} {self.players}p {self.pairing}: {self.games} games, "
                f"{self.side_a} wins {self.share:.1%} (95% {low:.1%}-{high:.1%}), "
                f"score difference {self.score_difference:+.2f}, "
                f"ms per decision {a:.2f} / {b:.2f}")


def pool(reports: Sequence[MatchReport]) -> list[MatchReport]:
    """Slices of matches (``play_match(..., first_deal=)``, run anywhere, read back with
    :meth:`MatchReport.from_json`) put together: one report per match (same game, table,
    sides, options and seed), its games in order, in the order each match first comes.
    OptionError if two slices of one match hold the same game."""
    matches: dict[tuple[str, int, str, str, str, int], list[MatchReport]] = {}
    for report in reports:
        matches.setdefault(report.key, []).append(report)
    pooled = []
    for slices in matches.values():
        games = sorted((g for s in slices for g in s.results), key=lambda g: g.index)
        for before, after in pairwise(games):
            if before.index == after.index:
                first = slices[0]
                raise OptionError(f"{first.game} {first.players}p {first.pairing}: game "
                                  f"{after.index} (deal {after.deal}) is in two slices; "
                                  "slices of one match must not overlap")
        first = slices[0]
        pooled.append(MatchReport(first.game, first.players, first.side_a, first.side_b,
                                  games, first.options, first.seed))
    return pooled


def play_match(
    game_id: str,
    side_a: str | BotMaker,
    side_b: str | BotMaker,
    games: int,
    players: int = 2,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    first_deal: int = 0,
) -> MatchReport:
    """Play ``games`` games of ``side_a`` against ``side_b`` (bot specs, or makers of
    bots) at ``players`` seats, deals shared and seats alternating (the module's
    docstring).  ``workers`` defaults to every core and is never more; 1 plays in this
    process.  A bad game, table or bot spec raises a ValueError before any game starts.

    ``first_deal`` > 0 plays a slice of a longer match: its games are games
    ``2 * first_deal`` on of the match that starts at deal 0 with the same seed, exactly
    (each game's deal and bots' seeds come from the match seed and the game's index), so
    slices played apart :func:`pool` into that match."""
    if players < 2:
        raise OptionError(f"a match needs two sides at the table: 2 players or more, "
                          f"not {players}")
    if games < 0:
        raise OptionError(f"a match is 0 games or more, not {games}")
    if first_deal < 0:
        raise OptionError(f"deals are numbered from 0, not {first_deal}")
    game = get_game(game_id)
    resolved = resolve_table(game, players, dict(options or {}))
    makers = tuple(Spec(s) if isinstance(s, str) else s for s in (side_a, side_b))
    for maker in makers:
        maker(game, 0, 0)  # fail here, in one process, on a bad spec
    job = MatchJob(game.id, players, (makers[0], makers[1]), seed, resolved, 2 * first_deal)
    # Chunks of whole deals, small enough to keep every core busy to the end.
    results = in_chunks(_play_chunk, job, games, workers,
                        lambda workers: max(2, min(20, 2 * (games // (workers * 8)))),
                        progress)
    return MatchReport(game.id, players, makers[0].label, makers[1].label, results, resolved,
                       seed)
