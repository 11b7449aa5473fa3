"""The statistics of a study, as pure functions on its rows (``play.GameRow``).

Win shares count a shared win as a fraction (two winners: half a win each), as
``gamenight simulate`` does (``sim.simulate.win_points``), so the shares of a cell's
seats add up to its games with a winner; a seat's fair share is its part of those.
The tests and intervals are ``inference``'s (SciPy and statsmodels); every test the
summary makes is corrected together for multiple tests (``inference.correct``), and
the answers at the top of the report (``answers``) pool the cells that share a
question, stratified by player count, before the cells are given one by one.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from typing_extensions import TypedDict

from gamenight.lab.answers import Answers, answers, balance_index, headlines
from gamenight.lab.choices import PARTS
from gamenight.lab.figures import (
    ActionKind,
    CellSummary,
    ChoiceFigures,
    Distribution,
    Drama,
    FirstSeat,
    OptionEffect,
    Outcomes,
    SeatShare,
    SkillPair,
    Stratum,
)
from gamenight.lab.inference import (
    ALPHA,
    CORRECTION,
    CORRECTION_WORDS,
    Z95,
    Difference,
    EqualShares,
    Means,
    Pooled,
    Tested,
    correct,
    difference,
    equal_shares_test,
    game_bootstrap,
    pool,
    share_test,
    tested,
    wilson,
)
from gamenight.lab.ladder import Rating, ratings
from gamenight.lab.play import GameRow
from gamenight.lab.provenance import CodeVersion
from gamenight.sim.simulate import win_points


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
    return win_points(row["winners"], seat)


def fair_share(row: GameRow) -> float:
    """Each seat's part of the game's win if seats did not matter: ``1/players`` of a
    game with a winner, none of a game without."""
    return 1 / row["players"] if row["winners"] else 0.0


def first_player_edge(row: GameRow) -> float:
    """Seat 0's win fraction less its fair share: a figure that means the same at every
    player count (a share does not: a half is fair for two, not for four)."""
    return win_fraction(row, 0) - fair_share(row)


def margin(row: GameRow) -> float:
    """How far the winners' score is ahead of the best loser's (0 when all share the win)."""
    ranks, scores = row["ranks"], row["scores"]
    best = max(s for s, r in zip(scores, ranks, strict=True) if r == 1)
    others = [s for s, r in zip(scores, ranks, strict=True) if r != 1]
    return abs(best - max(others)) if others else 0.0


@dataclass(frozen=True, slots=True)
class Metric:
    """A figure an option may change: a value per game (None: not defined for it), the
    designer's question it answers, and its unit: "share" (a share of the games, shown
    as a percentage, its changes in points), "points" (an edge over a fair share, in
    points), or "" (a count or a length)."""

    name: str
    question: str  # "length", "balance", "drama" or "safety"
    figure: Callable[[GameRow], float | None]
    unit: str = ""


def _optional(name: str) -> Callable[[GameRow], float | None]:
    def figure(row: GameRow) -> float | None:
        value = row[name]  # type: ignore[literal-required]
        return None if value is None else float(value)
    return figure


#: The figures an option may change.
METRICS: tuple[Metric, ...] = (
    Metric("steps", "length", lambda r: float(r["steps"])),
    Metric("turns", "length", _optional("turns")),
    Metric("rounds", "length", _optional("rounds")),
    Metric("estimated minutes", "length", lambda r: r["estimated_minutes"]),
    Metric("first-player edge", "balance", first_player_edge, "points"),
    Metric("shared wins", "balance", lambda r: float(len(r["winners"]) > 1), "share"),
    Metric("winning margin", "balance", margin),
    Metric("lead changes", "drama", lambda r: float(r["lead_changes"])),
    Metric("comebacks", "drama", _optional("comeback"), "share"),
    Metric("decided at", "drama", _optional("decided_at"), "share"),
    Metric("winner behind", "drama", _optional("winner_behind"), "share"),
    Metric("truncated", "safety", lambda r: float(r["truncated"]), "share"),
    Metric("choices per decision", "choices", _optional("choices")),
)

#: The length figures of every cell.
LENGTHS = ("steps", "turns", "rounds", "decisions", "windows", "estimated_minutes")


# -- per cell -----------------------------------------------------------------------------


def seat_shares(rows: Sequence[GameRow]) -> list[SeatShare]:
    """Each seat's win share over games (shared wins as fractions), with its interval,
    and where all seats hold one bot, its test against the fair share."""
    if not rows:
        return []
    players, bots = rows[0]["players"], rows[0]["bots"]
    fair = sum(fair_share(r) for r in rows) / len(rows)
    equal = len(set(bots)) == 1
    shares = []
    for seat in range(players):
        wins = sum(win_fraction(r, seat) for r in rows)
        low, high = wilson(wins, len(rows))
        test = tested(share_test(wins, len(rows), fair)) if equal and players > 1 else None
        shares.append(SeatShare(seat=seat, bot=bots[seat], wins=wins,
                                share=wins / len(rows), low=low, high=high, fair=fair,
                                edge=wins / len(rows) - fair, test=test))
    return shares


def most_deviating(shares: Sequence[SeatShare]) -> int | None:
    """The tested seat furthest from its fair share (smallest p, then largest gap)."""
    tested_seats = [s for s in shares if s["test"] is not None]
    if not tested_seats:
        return None
    return min(tested_seats, key=lambda s: (s["test"]["p"] if s["test"] else 1.0,
                                            -abs(s["edge"])))["seat"]


def first_seat(shares: Sequence[SeatShare], games: int) -> FirstSeat | None:
    """Seat 0's edge over its fair share, in plain words (after the correction: call
    it once every test is corrected, through :func:`summary`)."""
    if len(shares) < 2 or games == 0:
        return None
    seat = shares[0]
    test = seat["test"]
    significant = bool(test and test["significant"])
    if test is None:
        # Different bots in the seats: a gap between seats is the bots' as much as the
        # seats', so it says nothing of the first player (equal bots measure that).
        verdict = ("the seats hold different bots, so this compares the bots as much as "
                   "the seats: seat it with equal bots to measure the first player's edge")
    elif significant:
        verdict = (f"the first player has an edge of {100 * seat['edge']:+.1f} points"
                   if seat["edge"] > 0
                   else f"the first player is behind by {100 * -seat['edge']:.1f} points")
        verdict += f" ({_p_words(test)})"
    else:
        assert test is not None
        verdict = f"no first-player advantage is detected in this cell ({_p_words(test)})"
    words = (f"Seat 0 won {100 * seat['share']:.1f}% of {games:,} games "
             f"(95% interval {100 * seat['low']:.1f}-{100 * seat['high']:.1f}%) against "
             f"{100 * seat['fair']:.1f}% for equal shares: {verdict}.")
    return {"share": seat["share"], "expected": seat["fair"], "edge": seat["edge"],
            "low": seat["low"], "high": seat["high"], "significant": significant,
            "words": words}


def _p_words(test: Tested) -> str:
    adjusted = test["adjusted_p"]
    shown = "< 0.001" if adjusted < 0.001 else f"= {adjusted:.3f}"
    return f"adjusted p {shown}"


def _meetings(rows: Sequence[GameRow]) -> dict[tuple[str, str], tuple[list[float], list[int]]]:
    """For every two different bots, per game where both sat: how often the first (in
    name order) finished ahead of the second, over how many meetings (a tie half)."""
    found: dict[tuple[str, str], tuple[list[float], list[int]]] = {}
    for row in rows:
        bots, ranks = row["bots"], row["ranks"]
        ahead: dict[tuple[str, str], float] = defaultdict(float)
        count: dict[tuple[str, str], int] = defaultdict(int)
        for i, a in enumerate(bots):
            for j in range(i + 1, len(bots)):
                b = bots[j]
                if a == b:
                    continue
                first, second = (i, j) if a < b else (j, i)
                pair = (bots[first], bots[second])
                count[pair] += 1
                ahead[pair] += (1.0 if ranks[first] < ranks[second]
                                else 0.5 if ranks[first] == ranks[second] else 0.0)
        for pair, meetings in count.items():
            per_game = found.setdefault(pair, ([], []))
            per_game[0].append(ahead[pair])
            per_game[1].append(meetings)
    return found


def skill_pairs(rows: Sequence[GameRow]) -> list[SkillPair]:
    """For every two different bots at the same tables: who finished ahead how often,
    its interval and test from a bootstrap over whole games (``inference``)."""
    pairs = []
    for (a, b), (ahead, meetings) in sorted(_meetings(rows).items()):
        found = game_bootstrap(ahead, meetings)
        share, low, high = found["share"], found["low"], found["high"]
        if share < 0.5:
            a, b, share, low, high = b, a, 1 - share, 1 - high, 1 - low
        pairs.append(SkillPair(stronger=a, weaker=b, meetings=sum(meetings),
                               games=len(meetings), share=share, low=low, high=high,
                               test=tested(found["p"])))
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
            "comeback_low": low, "comeback_high": high,
            "decided_at": distribution(r["decided_at"] for r in rows),
            "winner_behind": distribution(r["winner_behind"] for r in rows)}


def choice_figures(rows: Sequence[GameRow]) -> ChoiceFigures:
    """The choices per decision and the kinds of action taken over ``rows``, of the
    games that measured them (a row stored before the lab did has them None)."""
    # ``.get``: a row made by hand, or by code older than these columns, may lack them.
    measured = [r for r in rows if r.get("action_kinds") is not None]
    sums, sizes = [0.0] * PARTS, [0] * PARTS
    for r in measured:
        for part, mean in enumerate((r.get("choices_by_part") or [])[:PARTS]):
            if mean is not None:
                sums[part] += mean
                sizes[part] += 1
    by_part = [total / size if size else None for total, size in zip(sums, sizes, strict=True)]
    taken: Counter[str] = Counter()
    for r in measured:
        taken.update(r["action_kinds"] or {})
    actions = sum(taken.values())
    kinds = [ActionKind(kind=kind, actions=count, share=count / actions,
                        per_game=count / len(measured))
             for kind, count in sorted(taken.items(), key=lambda kv: (-kv[1], kv[0]))]
    most = [m for r in measured if (m := r.get("choices_max")) is not None]
    return {"games": len(measured), "decisions": actions,
            "per_decision": distribution(r.get("choices") for r in measured),
            "most": float(max(most)) if most else None, "by_part": by_part,
            "kinds": kinds}


def cell_summary(rows: Sequence[GameRow]) -> CellSummary:
    """Every figure of one cell's games (``rows`` all of one cell, at least one).  Its
    tests are uncorrected until :func:`summary` corrects a study's together; a cell
    summarised alone is corrected over its own tests."""
    cell = _cell_summary(rows)
    correct(_cell_tests(cell))
    _finish(cell)
    return cell


def _cell_summary(rows: Sequence[GameRow]) -> CellSummary:
    first = rows[0]
    shares = seat_shares(rows)
    equal = len(set(first["bots"])) == 1
    test = equal_shares_test([s["wins"] for s in shares]) if equal else None
    lengths: dict[str, Distribution] = {
        name: distribution(_optional(name)(r) for r in rows) for name in LENGTHS}
    return {"key": first["cell"], "players": first["players"], "bots": list(first["bots"]),
            "options": json.loads(first["options"]), "games": len(rows),
            "equal_bots": equal, "seats": shares, "equal_shares": test, "first_seat": None,
            "most_deviating": most_deviating(shares),
            "balance_index": balance_index([s["wins"] for s in shares]) if equal else None,
            "length": lengths,
            "outcomes": outcomes(rows), "drama": drama(rows),
            "choices": choice_figures(rows), "skill": skill_pairs(rows),
            "skill_variance": skill_variance(rows)}


def _cell_tests(cell: CellSummary) -> list[Tested]:
    found: list[Tested] = [] if cell["equal_shares"] is None else [cell["equal_shares"]]
    found += [s["test"] for s in cell["seats"] if s["test"] is not None]
    found += [p["test"] for p in cell["skill"]]
    return found


def _finish(cell: CellSummary) -> None:
    """What is said of a cell once its tests are corrected."""
    cell["first_seat"] = first_seat(cell["seats"], cell["games"])


# -- across cells: the options' effects ------------------------------------------------------


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
                   metrics: Sequence[Metric] = METRICS) -> list[OptionEffect]:
    """Every varied option's other values against its first, on every metric that
    changes anywhere (a metric still on both sides, such as no truncated game on either,
    is no row: nothing to read in it).  Corrected over their own tests; a study's
    summary corrects them with all of its others."""
    effects = _option_effects(rows, metrics)
    correct(effects)
    return effects


def _option_effects(rows: Sequence[GameRow],
                    metrics: Sequence[Metric] = METRICS) -> list[OptionEffect]:
    effects: list[OptionEffect] = []
    parsed = [json.loads(r["options"]) for r in rows]
    for name, values in varied_options(rows).items():
        sides = {json.dumps(v): [r for r, o in zip(rows, parsed, strict=True)
                                 if o.get(name) == v] for v in values}
        base = sides[json.dumps(values[0])]
        for value in values[1:]:
            side = sides[json.dumps(value)]
            for metric in metrics:
                found = _effect(base, side, metric)
                if found is not None:
                    effects.append(OptionEffect(option=name, baseline=values[0],
                                                value=value, **found))
    return effects


class _Effect(Tested, Means):
    metric: str
    question: str
    unit: str
    by_players: list[Stratum]


def _effect(base: Sequence[GameRow], side: Sequence[GameRow],
            metric: Metric) -> _Effect | None:
    strata: list[Stratum] = []
    found: list[Difference] = []
    for players in sorted({r["players"] for r in base} & {r["players"] for r in side}):
        d = difference(_values([r for r in base if r["players"] == players], metric.figure),
                       _values([r for r in side if r["players"] == players], metric.figure))
        if d is not None:
            found.append(d)
            strata.append(Stratum(players=players, baseline_mean=d["baseline_mean"],
                                  value_mean=d["value_mean"],
                                  baseline_games=d["baseline_games"],
                                  value_games=d["value_games"], difference=d["difference"],
                                  low=d["low"], high=d["high"]))
    if not found or all(d["se"] == 0 and d["difference"] == 0 for d in found):
        return None
    pooled = pool([d["difference"] for d in found], [d["se"] ** 2 for d in found],
                  [d["baseline_games"] + d["value_games"] for d in found])
    if pooled is None:
        # No spread anywhere but a change somewhere: the change is exact, and certain.
        games = [d["baseline_games"] + d["value_games"] for d in found]
        exact = sum(d["difference"] * g for d, g in zip(found, games, strict=True)) / sum(games)
        estimate, low, high, test = exact, exact, exact, tested(0.0)
    else:
        estimate, low, high = pooled["estimate"], pooled["low"], pooled["high"]
        test = tested(pooled["p"])
    a, b = _values(base, metric.figure), _values(side, metric.figure)
    return {"metric": metric.name, "question": metric.question, "unit": metric.unit,
            "baseline_mean": float(np.mean(a)), "value_mean": float(np.mean(b)),
            "baseline_games": len(a), "value_games": len(b), "difference": estimate,
            "low": low, "high": high, "by_players": strata, **test}


def _values(rows: Sequence[GameRow], figure: Callable[[GameRow], float | None]) -> list[float]:
    return [v for v in map(figure, rows) if v is not None]


# -- the whole study ------------------------------------------------------------------------


class Correction(TypedDict):
    """How the summary's tests were corrected for being many, as the page states it."""

    method: str
    words: str
    alpha: float
    tests: int


class Summary(TypedDict):
    """summary.json: the answers to a designer's questions (pooled over the cells that
    share each), every cell's figures, the options' effects, and where the study has
    different bots, who finished ahead of whom over all its tables and their ratings;
    which code played the games; how the tests were corrected."""

    games: int
    truncated: int
    code: list[CodeVersion]
    correction: Correction
    headlines: list[str]
    answers: Answers
    cells: list[CellSummary]
    #: The choices per decision and the kinds of action, over every game of the study.
    choices: ChoiceFigures
    options: list[OptionEffect]
    skill: list[SkillPair]
    ratings: list[Rating]


def by_cell(rows: Sequence[GameRow]) -> dict[str, list[GameRow]]:
    """The rows of each cell, cells in the order first met."""
    cells: dict[str, list[GameRow]] = {}
    for row in rows:
        cells.setdefault(row["cell"], []).append(row)
    return cells


def summary(rows: Sequence[GameRow], code: Sequence[CodeVersion] = ()) -> Summary:
    """Every figure of a study's ``rows`` (played by the ``code`` versions), its tests
    corrected together."""
    cells = [_cell_summary(cell) for cell in by_cell(rows).values()]
    effects = _option_effects(rows)
    pairs = skill_pairs(rows)
    found = answers(cells)
    tests = [t for c in cells for t in _cell_tests(c)]
    tests += [*effects, *(p["test"] for p in pairs), *found["tests"]]
    count = correct(tests)
    for cell in cells:
        _finish(cell)
    rated = ratings(rows)
    chosen = choice_figures(rows)
    correction = Correction(method=CORRECTION, words=CORRECTION_WORDS, alpha=ALPHA,
                            tests=count)
    return {"games": len(rows), "truncated": sum(r["truncated"] for r in rows),
            "code": list(code), "correction": correction,
            "headlines": headlines(found["answers"], effects, pairs, rated, count,
                                   chosen, len(rows)),
            "answers": found["answers"], "cells": cells, "choices": chosen,
            "options": effects,
            "skill": pairs, "ratings": rated}


__all__ = [
    "ALPHA",
    "METRICS",
    "Z95",
    "ActionKind",
    "CellSummary",
    "ChoiceFigures",
    "Correction",
    "Difference",
    "Distribution",
    "EqualShares",
    "FirstSeat",
    "Metric",
    "OptionEffect",
    "Pooled",
    "SeatShare",
    "SkillPair",
    "Stratum",
    "Summary",
    "balance_index",
    "by_cell",
    "cell_summary",
    "choice_figures",
    "difference",
    "distribution",
    "equal_shares_test",
    "fair_share",
    "first_player_edge",
    "most_deviating",
    "option_effects",
    "seat_shares",
    "skill_pairs",
    "summary",
    "wilson",
    "win_fraction",
]
