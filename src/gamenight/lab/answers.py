"""One answer per question, for the top of a study's report: the cells that share a
question pooled together, stratified by player count, and the answers in words.

A study asks the same question of many cells (is the first player favoured? at 2, 3
and 4 players, with each option's values): each cell alone has a few hundred or
thousand games and a wide interval, while together they have the whole study's.  So
each seat's edge over its fair share is pooled over the cells that seat it with equal
bots (inverse-variance weights: ``inference.pool``), at each player count (every seat:
the first, the last, any between) and, for the first player, over every count.  A
cell's variance is taken at its fair share (the score test's), so that a cell where a
seat happened never to win still weighs what its games are worth.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from typing_extensions import TypedDict

from gamenight.lab.figures import CellSummary, ChoiceFigures, OptionEffect, SkillPair
from gamenight.lab.inference import ALPHA, CORRECTION_WORDS, Pooled, Tested, pool, tested
from gamenight.lab.ladder import Rating
from gamenight.lab.plan import option_text


class PooledSeat(Pooled):
    """One seat at one player count over the cells that seat it with equal bots: its
    share (over all their games), its fair share, and its pooled edge (``estimate``)."""

    seat: int
    share: float
    fair: float


class SeatsAtCount(TypedDict):
    """Every seat at one player count, and the one furthest from its fair share."""

    players: int
    cells: int
    games: int
    seats: list[PooledSeat]
    most_deviating: int | None
    balance_index: float | None  # of the pooled shares (``metrics.balance_index``)


class SeatOrder(TypedDict):
    """Is the first player (or any seat) favoured: over the cells with equal bots."""

    first_player: Pooled | None  # seat 0's edge over every such cell, every count
    cells: int
    games: int
    left_out: int  # cells whose seats hold different bots (they compare the bots)
    by_players: list[SeatsAtCount]


class Answers(TypedDict):
    seat_order: SeatOrder


class Found(TypedDict):
    """The answers, and the tests they made (for the study's correction)."""

    answers: Answers
    tests: list[Tested]


def balance_index(shares: Sequence[float]) -> float | None:
    """How evenly the seats win, in one figure: 1 less the distance of their shares of
    the wins from equal ones (total variation), over its largest (one seat wins every
    game): 1 when every seat wins as often, 0 when one seat wins them all.  None for
    fewer than two seats or no wins."""
    won = sum(shares)
    if len(shares) < 2 or won <= 0:
        return None
    even = 1 / len(shares)
    distance = sum(abs(s / won - even) for s in shares) / 2
    return 1 - distance / (1 - even)


def _seat_pool(cells: Sequence[CellSummary], seat: int) -> Pooled | None:
    edges, variances, games = [], [], []
    for cell in cells:
        share = cell["seats"][seat]
        fair = share["fair"]
        if 0 < fair < 1:
            edges.append(share["edge"])
            variances.append(fair * (1 - fair) / cell["games"])
            games.append(cell["games"])
    return pool(edges, variances, games)


def seat_order(cells: Sequence[CellSummary]) -> SeatOrder:
    """Every seat's pooled edge at each player count, and seat 0's over all counts."""
    equal = [c for c in cells if c["equal_bots"] and c["players"] > 1]
    by_players: list[SeatsAtCount] = []
    for players in sorted({c["players"] for c in equal}):
        group = [c for c in equal if c["players"] == players]
        games = sum(c["games"] for c in group)
        seats: list[PooledSeat] = []
        for seat in range(players):
            found = _seat_pool(group, seat)
            if found is None:
                continue
            share = sum(c["seats"][seat]["wins"] for c in group) / games
            fair = sum(c["seats"][seat]["fair"] * c["games"] for c in group) / games
            seats.append(PooledSeat(seat=seat, share=share, fair=fair, **found))
        deviating = min(seats, key=lambda s: (s["p"], -abs(s["estimate"])), default=None)
        by_players.append(SeatsAtCount(players=players, cells=len(group), games=games,
                                       seats=seats,
                                       most_deviating=None if deviating is None
                                       else deviating["seat"],
                                       balance_index=balance_index(
                                           [s["share"] for s in seats])))
    return {"first_player": _seat_pool(equal, 0), "cells": len(equal),
            "games": sum(c["games"] for c in equal), "left_out": len(cells) - len(equal),
            "by_players": by_players}


def answers(cells: Sequence[CellSummary]) -> Found:
    """The pooled answers over a study's cells, with every test they make."""
    order = seat_order(cells)
    tests: list[Tested] = [] if order["first_player"] is None else [order["first_player"]]
    tests += [s for count in order["by_players"] for s in count["seats"]]
    return {"answers": {"seat_order": order}, "tests": tests}


# -- in words -------------------------------------------------------------------------------


def p_words(test: Tested) -> str:
    """A corrected p-value as the page gives it."""
    value = test["adjusted_p"]
    return "adjusted p < 0.001" if value < 0.001 else f"adjusted p = {value:.3f}"


def raw_p_words(test: Tested) -> str:
    value = test["p"]
    return "p < 0.001" if value < 0.001 else f"p = {value:.3f}"


def suggested(test: Tested) -> bool:
    """Below 0.05 on its own, but not once corrected for the page's other tests: a
    finding to settle with more games, not to act on."""
    return test["p"] < ALPHA and not test["significant"]


def decimals(low: float, high: float, scale: float = 1.0) -> int:
    """The decimals an interval this wide supports (two significant digits of its
    width); points (a share scaled by 100) get one at least."""
    width = abs(high - low)
    places = 1 if width == 0 else max(0, 1 - math.floor(math.log10(width)))
    return max(places, 1) if scale == 100 else places


def estimate_words(estimate: float, low: float, high: float, scale: float = 1.0,
                   unit: str = "") -> str:
    """``-13 steps (95% interval -19 to -7)``, rounded to what the interval supports
    (points, a share's hundredths, to one decimal at least)."""
    places = decimals(scale * low, scale * high, scale)
    named = f" {unit}" if unit else ""
    return (f"{scale * estimate:+.{places}f}{named} (95% interval {scale * low:+.{places}f} "
            f"to {scale * high:+.{places}f})")


def points(value: float) -> str:
    return f"{100 * value:+.1f}"


def first_player_words(order: SeatOrder, tests: int) -> str:
    found = order["first_player"]
    if found is None:
        return ("Seat order: no cell seats the same bot in every seat, so the seats' "
                "shares compare the bots, not the seats: seat equal bots to measure it.")
    scope = (f"Seat order: over {order['cells']} cell{'s' * (order['cells'] != 1)} with "
             f"the same bot in every seat ({found['games']:,} games, pooled over the player "
             "counts)")
    edge = estimate_words(found["estimate"], found["low"], found["high"], 100, "points")
    side = "ahead of" if found["estimate"] > 0 else "behind"
    if found["significant"]:
        return f"{scope}, the first player is {side} a fair share: {edge}; {p_words(found)}."
    if suggested(found):
        return (f"{scope}, the first player may be {side} a fair share ({edge}, "
                f"{raw_p_words(found)}), but not beyond doubt once corrected for the page's "
                f"{tests:,} tests ({p_words(found)}): more games would settle it.")
    return f"{scope}, no first-player edge is detected: {edge}; {p_words(found)}."


def count_words(count: SeatsAtCount) -> str:
    seats = {s["seat"]: s for s in count["seats"]}
    head = (f"At {count['players']} players ({count['cells']} "
            f"cell{'s' * (count['cells'] != 1)}, {count['games']:,} games)")
    if count["most_deviating"] is None:
        return f"{head}: no seat could be tested."
    seat = seats[count["most_deviating"]]
    edge = estimate_words(seat["estimate"], seat["low"], seat["high"], 100, "points")
    figure = (f"seat {seat['seat']} won {100 * seat['share']:.1f}% against a fair "
              f"{100 * seat['fair']:.1f}%, {edge}")
    flagged = [s for s in count["seats"] if s["significant"]]
    if not flagged:
        doubt = (f"{raw_p_words(seat)}, {p_words(seat)}" if suggested(seat)
                 else p_words(seat))
        return (f"{head}, no seat's share differs from a fair one beyond doubt; the "
                f"furthest: {figure} ({doubt}).")
    others = [s["seat"] for s in flagged if s["seat"] != seat["seat"]]
    also = (f"; seat{'s' * (len(others) > 1)} {', '.join(map(str, others))} also differ"
            if others else "")
    return (f"{head}, the seat furthest from a fair share: {figure} ({p_words(seat)})"
            f"{also}.")


#: The questions an option's effect answers, in the order the page gives them.
QUESTIONS = ("length", "balance", "drama", "safety", "choices")


def effect_words(effect: OptionEffect) -> str:
    """``steps -7.4%: -13 (95% interval -19 to -7)``, a share's change in points."""
    if effect["unit"] != "":
        change = estimate_words(effect["difference"], effect["low"], effect["high"], 100,
                                "points")
        return f"{effect['metric']} {change}"
    change = estimate_words(effect["difference"], effect["low"], effect["high"])
    if effect["baseline_mean"]:
        relative = 100 * effect["difference"] / abs(effect["baseline_mean"])
        return f"{effect['metric']} {relative:+.1f}%: {change}"
    return f"{effect['metric']} {change}"


def option_words(effects: Sequence[OptionEffect]) -> list[str]:
    """For each option's value against its first: one sentence, a clause per question."""
    sentences = []
    keys: list[tuple[str, str, str]] = []
    for e in effects:
        key = (e["option"], option_text(e["baseline"]), option_text(e["value"]))
        if key not in keys:
            keys.append(key)
    for option, baseline, value in keys:
        mine = [e for e in effects if (e["option"], option_text(e["baseline"]),
                                       option_text(e["value"])) == (option, baseline, value)]
        clauses = []
        for question in QUESTIONS:
            asked = [e for e in mine if e["question"] == question]
            if not asked:
                continue
            flagged = [f"{effect_words(e)}, {p_words(e)}" for e in asked if e["significant"]]
            doubtful = [f"{e['metric']} ({raw_p_words(e)}, {p_words(e)})"
                        for e in asked if suggested(e)]
            clause = "; ".join(flagged) if flagged else "no change beyond doubt"
            if doubtful:
                clause += "; suggested but not established: " + ", ".join(doubtful)
            clauses.append(f"{question}: {clause}")
        sentences.append(f"Option {option} = {value} instead of {baseline} (pooled over "
                         "the player counts): " + ". ".join(clauses) + ".")
    return sentences


def skill_words(pairs: Sequence[SkillPair], ratings: Sequence[Rating]) -> list[str]:
    sentences = []
    flagged = [p for p in pairs if p["test"]["significant"]]
    for pair in flagged:
        sentences.append(
            f"Skill: {pair['stronger']} finished ahead of {pair['weaker']} in "
            f"{100 * pair['share']:.1f}% of {pair['meetings']:,} meetings over "
            f"{pair['games']:,} games (95% interval {100 * pair['low']:.1f}-"
            f"{100 * pair['high']:.1f}%, resampling whole games; {p_words(pair['test'])}).")
    if pairs and not flagged:
        sentences.append(f"Skill: no bot finished ahead of another beyond doubt "
                         f"({len(pairs)} pair{'s' * (len(pairs) != 1)} compared).")
    if ratings:
        order = [ratings[0]["bot"]]
        for above, below in pairwise(ratings):
            order.append((" ≈ " if below["high"] >= above["low"] else " > ") + below["bot"])
        sentences.append("Ratings (OpenSkill, best first; ≈ where the mu ± 2 sigma "
                         "intervals overlap): " + "".join(order) + ".")
    return sentences


def _few(value: float | None) -> str:
    """A count of choices as the page gives it: three significant digits at most."""
    return "-" if value is None else f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def kinds_words(figures: ChoiceFigures, most: int = 6) -> str:
    """``Reveal 39%, Slap 31%, Pass 30%``: the kinds of action taken, most first."""
    kinds = figures["kinds"]
    said = [f"{k['kind']} {100 * k['share']:.0f}%" for k in kinds[:most]]
    if len(kinds) > most:
        rest = sum(k["share"] for k in kinds[most:])
        said.append(f"{len(kinds) - most} other kinds {100 * rest:.0f}%")
    return ", ".join(said)


def choice_words(figures: ChoiceFigures, games: int) -> str:
    """The choices per decision and the kinds of action taken, in a sentence."""
    if not figures["games"] or figures["per_decision"]["mean"] is None:
        return ("Choices: not measured (these games were stored before the lab counted "
                "each decision's legal actions; a new study measures them).")
    spread = figures["per_decision"]
    parts = figures["by_part"]
    moved = ""
    if parts[0] is not None and parts[-1] is not None:
        moved = (f"{_few(parts[0])} in the first fifth of a game's decisions, "
                 f"{_few(parts[-1])} in the last; ")
    scope = (f"{figures['decisions']:,} decisions in {figures['games']:,} games"
             + ("" if figures["games"] == games
                else f", the {figures['games']:,} of {games:,} that measured them"))
    return (f"Choices: a seat had {_few(spread['mean'])} legal actions per decision on "
            f"average ({moved}at most {_few(figures['most'])} at one), over {scope}; "
            f"the actions taken: {kinds_words(figures)}.")


def headlines(found: Answers, effects: Sequence[OptionEffect], pairs: Sequence[SkillPair],
              ratings: Sequence[Rating], tests: int, choices: ChoiceFigures | None = None,
              games: int = 0) -> list[str]:
    """The report's summary: one answer per question, in words (``choices``: over every
    game of the study, ``games`` of them)."""
    order = found["seat_order"]
    lines = [first_player_words(order, tests)]
    lines += [count_words(count) for count in order["by_players"]]
    lines += option_words(effects)
    lines += skill_words(pairs, ratings)
    if choices is not None:
        lines.append(choice_words(choices, max(games, choices["games"])))
    lines.append(f"Significance: {tests:,} tests on this page, corrected together by "
                 f"{CORRECTION_WORDS}; a result is called significant, or detected, when "
                 "its adjusted p-value is below 0.05.")
    return lines


__all__ = [
    "Answers",
    "Found",
    "PooledSeat",
    "SeatOrder",
    "SeatsAtCount",
    "answers",
    "balance_index",
    "choice_words",
    "headlines",
    "p_words",
    "tested",
]
