"""The statistics of a study, as pure functions on its rows (``play.GameRow``).

Win shares count a shared win as a fraction (two winners: half a win each), so the shares
of a cell's seats add up to its games with a winner.  Intervals are 95%: Wilson's for
shares (right near 0 and 1, where a normal interval is not), a normal one for a
difference of means (Welch: the two sides may spread differently; a study's sides are
hundreds of games or more).  No SciPy: the chi-square and normal tails are written out.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from typing_extensions import TypedDict

from gamenight.lab.ladder import Rating, ratings
from gamenight.lab.play import GameRow

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054
#: A difference or a test is called significant below this p-value.
ALPHA = 0.05


# -- tests and intervals ----------------------------------------------------------------


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share ``successes / trials`` ((0, 1) for no trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    share = successes / trials
    scale = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / scale
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / scale
    # Rounding may leave a bound a hair past the share itself (0 of 1,000 gave a low of
    # 2e-19), which the plots' error bars refuse: the interval always holds the share.
    return (max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half)))


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (exact: the
    closed forms of the incomplete gamma function at whole and half-whole shapes)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:  # a Poisson tail: e^-h * sum h^i / i!, i < df/2
        term = total = math.exp(-half)
        for i in range(1, df // 2):
            term *= half / i
            total += term
    else:  # erfc(sqrt h) + e^-h * sum h^(i-1/2) / Gamma(i+1/2), 1 <= i <= (df-1)/2
        total = math.erfc(math.sqrt(half))
        term = math.exp(-half) * math.sqrt(half) / math.gamma(1.5)
        for i in range(1, (df - 1) // 2 + 1):
            total += term
            term *= half / (i + 0.5)
    return min(1.0, max(0.0, total))


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


class EqualShares(TypedDict):
    """A chi-square test that every seat wins an equal share."""

    chi2: float
    df: int
    p: float
    significant: bool


def equal_shares_test(wins: Sequence[float]) -> EqualShares | None:
    """Test observed wins per seat (fractions for shared wins) against equal shares;
    None for fewer than two seats or no wins."""
    total = sum(wins)
    if len(wins) < 2 or total <= 0:
        return None
    expected = total / len(wins)
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    p = chi2_sf(chi2, len(wins) - 1)
    return {"chi2": chi2, "df": len(wins) - 1, "p": p, "significant": p < ALPHA}


class Difference(TypedDict):
    """``value_mean - baseline_mean`` with its 95% interval and two-sided p-value."""

    baseline_mean: float
    value_mean: float
    baseline_games: int
    value_games: int
    difference: float
    low: float
    high: float
    p: float
    significant: bool


def difference(baseline: Sequence[float], value: Sequence[float]) -> Difference | None:
    """Welch's comparison of two samples' means (None if either side is empty)."""
    if not baseline or not value:
        return None
    a, b = np.asarray(baseline, float), np.asarray(value, float)
    diff = float(b.mean() - a.mean())
    var_a = float(a.var(ddof=1)) if len(a) > 1 else 0.0
    var_b = float(b.var(ddof=1)) if len(b) > 1 else 0.0
    se = math.sqrt(var_a / len(a) + var_b / len(b))
    # No spread on either side: the difference is exact, so any is certain.
    p = normal_p(diff / se) if se else float(diff == 0)
    return {"baseline_mean": float(a.mean()), "value_mean": float(b.mean()),
            "baseline_games": len(a), "value_games": len(b), "difference": diff,
            "low": diff - Z95 * se, "high": diff + Z95 * se, "p": p,
            "significant": p < ALPHA}


class Distribution(TypedDict):
    """How a figure spreads over games (all None when no game has it)."""

    n: int
    mean: float | None
    min: float | None
    p10: float | None
    median: float | None
    p90: float | None
    max: float | None


def distribution(values: Iterable[float | None]) -> Distribution:
    data = np.asarray([v for v in values if v is not None], float)
    if not len(data):
        return {"n": 0, "mean": None, "min": None, "p10": None, "median": None,
                "p90": None, "max": None}
    p10, median, p90 = (float(q) for q in np.percentile(data, [10, 50, 90]))
    return {"n": len(data), "mean": float(data.mean()), "min": float(data.min()),
            "p10": p10, "median": median, "p90": p90, "max": float(data.max())}


# -- per game -----------------------------------------------------------------------------


def win_fraction(row: GameRow, seat: int) -> float:
    """The seat's share of the game's win: 1, 1/k of a k-way shared win, or 0."""
    winners = row["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def margin(row: GameRow) -> float:
    """How far the winners' score is ahead of the best loser's (0 when all share the win)."""
    ranks, scores = row["ranks"], row["scores"]
    best = max(s for s, r in zip(scores, ranks, strict=True) if r == 1)
    others = [s for s, r in zip(scores, ranks, strict=True) if r != 1]
    return abs(best - max(others)) if others else 0.0


#: The figures an option may change, each a value per game (None: not defined for it).
METRICS: dict[str, Callable[[GameRow], float | None]] = {
    "seat 0 win share": lambda r: win_fraction(r, 0),
    "shared wins": lambda r: float(len(r["winners"]) > 1),
    "steps": lambda r: float(r["steps"]),
    "turns": lambda r: None if r["turns"] is None else float(r["turns"]),
    "rounds": lambda r: None if r["rounds"] is None else float(r["rounds"]),
    "estimated minutes": lambda r: r["estimated_minutes"],
    "lead changes": lambda r: float(r["lead_changes"]),
    "comebacks": lambda r: None if r["comeback"] is None else float(r["comeback"]),
    "truncated": lambda r: float(r["truncated"]),
    "winning margin": margin,
}

#: The length figures of every cell.
LENGTHS = ("steps", "turns", "rounds", "decisions", "windows", "estimated_minutes")


# -- per cell -----------------------------------------------------------------------------


class SeatShare(TypedDict):
    seat: int
    bot: str
    wins: float
    share: float
    low: float
    high: float


class FirstSeat(TypedDict):
    """Seat 0 against an equal share: its edge in points, and in words."""

    share: float
    expected: float
    edge: float
    low: float
    high: float
    significant: bool
    words: str


class SkillPair(TypedDict):
    """How often ``stronger`` finished ahead of ``weaker`` at tables with both (a tie
    counts half); the two are ordered so that ``share`` is at least one half."""

    stronger: str
    weaker: str
    meetings: int
    share: float
    low: float
    high: float


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


class CellSummary(TypedDict):
    key: str
    players: int
    bots: list[str]
    options: dict[str, Any]
    games: int
    seats: list[SeatShare]
    equal_shares: EqualShares | None
    first_seat: FirstSeat | None
    length: dict[str, Distribution]
    outcomes: Outcomes
    drama: Drama
    skill: list[SkillPair]
    #: The share of the variance of a seat's win that its bot explains (eta squared);
    #: None when every seat has the same bot.
    skill_variance: float | None


def seat_shares(rows: Sequence[GameRow]) -> list[SeatShare]:
    """Each seat's win share over games (shared wins as fractions), with its interval."""
    if not rows:
        return []
    players, bots = rows[0]["players"], rows[0]["bots"]
    shares = []
    for seat in range(players):
        wins = sum(win_fraction(r, seat) for r in rows)
        low, high = wilson(wins, len(rows))
        shares.append(SeatShare(seat=seat, bot=bots[seat], wins=wins,
                                share=wins / len(rows), low=low, high=high))
    return shares


def first_seat(shares: Sequence[SeatShare], test: EqualShares | None,
               games: int) -> FirstSeat | None:
    """Seat 0's edge over an equal share of the games with a winner, in plain words."""
    if len(shares) < 2 or games == 0:
        return None
    won = sum(s["wins"] for s in shares)  # games with a winner
    expected = won / games / len(shares)
    seat = shares[0]
    edge = seat["share"] - expected
    significant = bool(test and test["significant"]
                       and not seat["low"] <= expected <= seat["high"])
    if len({s["bot"] for s in shares}) > 1:
        # Different bots in the seats: a gap between seats is the bots' as much as the
        # seats', so it says nothing of the first player (equal bots measure that).
        verdict = ("the seats hold different bots, so this compares the bots as much as "
                   "the seats: seat it with equal bots to measure the first player's edge")
    elif significant:
        verdict = (f"the first player has an edge of {100 * edge:+.1f} points"
                   if edge > 0 else f"the first player is behind by {100 * -edge:.1f} points")
    else:
        verdict = "no first-player advantage is detected"
    words = (f"Seat 0 won {100 * seat['share']:.1f}% of {games:,} games "
             f"(95% interval {100 * seat['low']:.1f}-{100 * seat['high']:.1f}%) against "
             f"{100 * expected:.1f}% for equal shares: {verdict}.")
    return {"share": seat["share"], "expected": expected, "edge": edge, "low": seat["low"],
            "high": seat["high"], "significant": significant, "words": words}


def skill_pairs(rows: Sequence[GameRow]) -> list[SkillPair]:
    """For every two different bots at the same tables: who finished ahead how often."""
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    meetings: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        bots, ranks = row["bots"], row["ranks"]
        for i, a in enumerate(bots):
            for j in range(i + 1, len(bots)):
                b = bots[j]
                if a == b:
                    continue
                pair = (a, b) if a < b else (b, a)
                first_ahead = ranks[i] < ranks[j] if pair[0] == a else ranks[j] < ranks[i]
                meetings[pair] += 1
                ahead[pair] += 1.0 if first_ahead else 0.5 if ranks[i] == ranks[j] else 0.0
    pairs = []
    for (a, b), count in sorted(meetings.items()):
        wins = ahead[(a, b)]
        if wins < count / 2:
            a, b, wins = b, a, count - wins
        low, high = wilson(wins, count)
        pairs.append(SkillPair(stronger=a, weaker=b, meetings=count, share=wins / count,
                               low=low, high=high))
    return pairs


def skill_variance(rows: Sequence[GameRow]) -> float | None:
    """Eta squared of a seat's win fraction grouped by its bot: 0 when who plays does not
    change who wins (luck, or equal skill), 1 when it decides every game."""
    groups: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for seat, bot in enumerate(row["bots"]):
            groups[bot].append(win_fraction(row, seat))
    if len(groups) < 2:
        return None
    values = np.asarray([v for g in groups.values() for v in g], float)
    total = float(((values - values.mean()) ** 2).sum())
    if total == 0:
        return 0.0
    between = sum(len(g) * (float(np.mean(g)) - float(values.mean())) ** 2
                  for g in groups.values())
    return between / total


def outcomes(rows: Sequence[GameRow]) -> Outcomes:
    return {"games": len(rows),
            "shared_wins": sum(len(r["winners"]) > 1 for r in rows),
            "no_winner": sum(not r["winners"] for r in rows),
            "truncated": sum(r["truncated"] for r in rows),
            "scores": distribution(s for r in rows for s in r["scores"]),
            "margin": distribution(margin(r) for r in rows if r["winners"])}


def drama(rows: Sequence[GameRow]) -> Drama:
    judged = [r["comeback"] for r in rows if r["comeback"] is not None]
    comebacks = sum(judged)
    low, high = wilson(comebacks, len(judged)) if judged else (None, None)
    return {"lead_changes": distribution(r["lead_changes"] for r in rows),
            "comebacks": comebacks, "comeback_games": len(judged),
            "comeback_share": comebacks / len(judged) if judged else None,
            "comeback_low": low, "comeback_high": high}


def cell_summary(rows: Sequence[GameRow]) -> CellSummary:
    """Every figure of one cell's games (``rows`` all of one cell, at least one)."""
    first = rows[0]
    shares = seat_shares(rows)
    test = equal_shares_test([s["wins"] for s in shares])
    lengths: dict[str, Distribution] = {
        name: distribution(_figure(r, name) for r in rows) for name in LENGTHS}
    return {"key": first["cell"], "players": first["players"], "bots": list(first["bots"]),
            "options": json.loads(first["options"]), "games": len(rows), "seats": shares,
            "equal_shares": test, "first_seat": first_seat(shares, test, len(rows)),
            "length": lengths, "outcomes": outcomes(rows), "drama": drama(rows),
            "skill": skill_pairs(rows), "skill_variance": skill_variance(rows)}


def _figure(row: GameRow, name: str) -> float | None:
    value = row[name]  # type: ignore[literal-required]
    return None if value is None else float(value)


# -- across cells: the options' effects ------------------------------------------------------


class OptionEffect(Difference):
    """What changing ``option`` from ``baseline`` to ``value`` does to ``metric``, over
    every cell with either value (the study varies options in every combination, so the
    other options and player counts balance out)."""

    option: str
    baseline: Any
    value: Any
    metric: str


def varied_options(rows: Sequence[GameRow]) -> dict[str, list[Any]]:
    """Each option that takes more than one value in ``rows``: its values, in the order
    first met (the study's cell order: the first is the baseline)."""
    seen: dict[str, list[Any]] = {}
    texts: set[str] = set()
    for row in rows:
        if row["options"] in texts:
            continue
        texts.add(row["options"])
        for name, value in json.loads(row["options"]).items():
            values = seen.setdefault(name, [])
            if value not in values:
                values.append(value)
    return {name: values for name, values in seen.items() if len(values) > 1}


def option_effects(rows: Sequence[GameRow],
                   metrics: Mapping[str, Callable[[GameRow], float | None]] = METRICS,
                   ) -> list[OptionEffect]:
    """Every varied option's other values against its first, on every metric."""
    effects: list[OptionEffect] = []
    parsed = [json.loads(r["options"]) for r in rows]
    for name, values in varied_options(rows).items():
        sides = {json.dumps(v): [r for r, o in zip(rows, parsed, strict=True)
                                 if o.get(name) == v] for v in values}
        base = sides[json.dumps(values[0])]
        for value in values[1:]:
            side = sides[json.dumps(value)]
            for metric, figure in metrics.items():
                found = difference(_values(base, figure), _values(side, figure))
                if found is not None:
                    effects.append(OptionEffect(option=name, baseline=values[0], value=value,
                                                metric=metric, **found))
    return effects


def _values(rows: Sequence[GameRow], figure: Callable[[GameRow], float | None]) -> list[float]:
    return [v for v in map(figure, rows) if v is not None]


# -- the whole study ------------------------------------------------------------------------


class Summary(TypedDict):
    """summary.json: every cell's figures, the options' effects, and where the study has
    different bots, who finished ahead of whom over all its tables and their ratings."""

    games: int
    truncated: int
    cells: list[CellSummary]
    options: list[OptionEffect]
    skill: list[SkillPair]
    ratings: list[Rating]


def by_cell(rows: Sequence[GameRow]) -> dict[str, list[GameRow]]:
    """The rows of each cell, cells in the order first met."""
    cells: dict[str, list[GameRow]] = {}
    for row in rows:
        cells.setdefault(row["cell"], []).append(row)
    return cells


def summary(rows: Sequence[GameRow]) -> Summary:
    return {"games": len(rows), "truncated": sum(r["truncated"] for r in rows),
            "cells": [cell_summary(cell) for cell in by_cell(rows).values()],
            "options": option_effects(rows), "skill": skill_pairs(rows),
            "ratings": ratings(rows)}
