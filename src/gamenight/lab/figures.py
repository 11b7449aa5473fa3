"""The figures a study's summary holds (``summary.json``), as types: shared by
``metrics``, which computes them, ``answers``, which pools them into the report's
answers, and ``report``, which draws them."""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from gamenight.lab.inference import EqualShares, Means, Tested


class Distribution(TypedDict):
    """How a figure spreads over games (all None when no game has it)."""

    n: int
    mean: float | None
    min: float | None
    p10: float | None
    median: float | None
    p90: float | None
    max: float | None


class SeatShare(TypedDict):
    """A seat's wins, its share with Wilson's interval, its fair share and its edge;
    ``test`` (the share against the fair one) only where every seat holds the same bot,
    since otherwise a gap is the bots' as much as the seat's."""

    seat: int
    bot: str
    wins: float
    share: float
    low: float
    high: float
    fair: float
    edge: float
    test: Tested | None


class FirstSeat(TypedDict):
    """Seat 0 against its fair share: its edge in points, and in words."""

    share: float
    expected: float
    edge: float
    low: float
    high: float
    significant: bool
    words: str


class SkillPair(TypedDict):
    """How often ``stronger`` finished ahead of ``weaker`` at tables with both (a tie
    counts half), ordered so that ``share`` is at least one half; the interval and test
    come from a bootstrap over whole games."""

    stronger: str
    weaker: str
    meetings: int
    games: int
    share: float
    low: float
    high: float
    test: Tested


class Outcomes(TypedDict):
    games: int
    shared_wins: int
    no_winner: int
    truncated: int
    scores: Distribution
    margin: Distribution


class Drama(TypedDict):
    lead_changes: Distribution
    comebacks: int
    comeback_games: int  # games with a unique leader at half time
    comeback_share: float | None
    comeback_low: float | None
    comeback_high: float | None
    decided_at: Distribution  # the share of a game played before its winners led for good
    winner_behind: Distribution  # the share of a game its winner spent behind


class ActionKind(TypedDict):
    """One kind of action (its class's name): how often the seats took it."""

    kind: str
    actions: int  # taken, over the games
    share: float  # of every action taken in those games
    per_game: float  # taken per game, the mean


class ChoiceFigures(TypedDict):
    """How many legal actions a seat had at each decision, and how it moved over a
    game; which kinds of action the seats took (``choices.py``).  Over the games that
    measured them: a study stored before the lab did counts fewer (``games``)."""

    games: int  # the games that measured them
    decisions: int  # the actions the seats took in them
    per_decision: Distribution  # each game's mean choices per decision, over the games
    most: float | None  # the most choices at any one decision
    by_part: list[float | None]  # the mean choices in each fifth of a game's decisions
    kinds: list[ActionKind]  # most taken first


class CellSummary(TypedDict):
    key: str
    players: int
    bots: list[str]
    options: dict[str, Any]
    games: int
    equal_bots: bool  # the same bot in every seat: seat gaps are the seats'
    seats: list[SeatShare]
    equal_shares: EqualShares | None
    first_seat: FirstSeat | None
    #: The seat whose share is furthest from its fair share (the smallest p-value);
    #: None where the seats are not tested.
    most_deviating: int | None
    #: One figure for how evenly the seats win (``metrics.balance_index``); None where
    #: the seats hold different bots.
    balance_index: float | None
    length: dict[str, Distribution]
    outcomes: Outcomes
    drama: Drama
    choices: ChoiceFigures
    skill: list[SkillPair]
    #: The share of the variance of a seat's win that its bot explains (eta squared);
    #: None when every seat has the same bot.
    skill_variance: float | None


class Stratum(Means):
    """An option's effect at one player count (every other option's cells together):
    the means on each side and Welch's 95% interval of their difference."""

    players: int


class OptionEffect(Tested):
    """What changing ``option`` from ``baseline`` to ``value`` does to ``metric``:
    measured at each player count (``by_players``), where the other options appear
    equally on both sides, then pooled over the counts (inverse-variance weights), so
    that a figure that differs by table size is never averaged across sizes."""

    option: str
    baseline: Any
    value: Any
    metric: str
    question: str
    unit: str  # "share", "points" (an edge over a fair share) or "" (``metrics.Metric``)
    baseline_mean: float  # over every game of that side
    value_mean: float
    baseline_games: int
    value_games: int
    difference: float  # pooled over the player counts
    low: float
    high: float
    by_players: list[Stratum]
