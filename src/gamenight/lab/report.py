"""``<out>/report.html``: a study's answers in words, tables and plots, in one file.

Self-contained so that it opens from disk anywhere and can be mailed: the plots are PNG
data URIs drawn by matplotlib (Figure objects, never pyplot: no display and no global
state; PNG is drawn by the Agg renderer), the style is inline,
and there is no script and no link to anything outside the file.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from gamenight.games import get_game
from gamenight.lab.ladder import Rating
from gamenight.lab.metrics import ALPHA, CellSummary, Distribution, OptionEffect, Summary, by_cell
from gamenight.lab.plan import Study, option_text
from gamenight.lab.play import GameRow

REPORT_FILE = "report.html"
#: Above this many cells (a ladder's tables), a cell gets no plot of its own and the
#: length plot groups the cells by player count: a report of 70 seat plots is read by no
#: one, and drawing them is most of its time.
MAX_CELL_PLOTS = 12

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 62rem; margin: 2rem auto;
       padding: 0 1rem; color: #1b1b1b; }
h1, h2, h3 { line-height: 1.2; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid #bbb; padding: .2rem .5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.warn { background: #fde2e1; border: 2px solid #b3261e; padding: .5rem 1rem; }
.note { color: #555; }
img { max-width: 100%; height: auto; }
"""


def _png(figure: Figure, alt: str) -> str:
    """The figure as an <img> with a PNG data URI."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight",
                   metadata={"Software": None})
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}">'


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def _p(value: float) -> str:
    return "p < 0.001" if value < 0.001 else f"p = {value:.3f}"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def _seat_plot(cell: CellSummary) -> str:
    seats = cell["seats"]
    figure = Figure(figsize=(5, 2.6))
    axes = figure.subplots()
    xs = range(len(seats))
    shares = [s["share"] for s in seats]
    below = [s["share"] - s["low"] for s in seats]
    above = [s["high"] - s["share"] for s in seats]
    axes.bar(xs, shares, color="#5b8def", yerr=[below, above], capsize=4)
    if cell["first_seat"] is not None:
        axes.axhline(cell["first_seat"]["expected"], color="#b3261e", linestyle="--",
                     label="equal shares")
        axes.legend(loc="lower right", fontsize=8)
    axes.set_xticks(list(xs), [f"seat {s['seat']}\n{s['bot']}" for s in seats], fontsize=8)
    axes.set_ylabel("win share")
    axes.set_title(f"Win share per seat, 95% intervals ({cell['key']})", fontsize=9)
    return _png(figure, f"win share per seat in {cell['key']}")


def _length_plot(cells: dict[str, list[GameRow]]) -> str:
    """Box plots of steps and minutes per group of games (a cell, or a player count)."""
    keys = list(cells)
    figure = Figure(figsize=(9, 0.9 + 0.45 * len(keys)))
    steps, minutes = figure.subplots(1, 2)
    steps.boxplot([[r["steps"] for r in cells[k]] for k in keys], orientation="horizontal")
    steps.set_yticks(range(1, len(keys) + 1), keys, fontsize=7)
    steps.set_xlabel("steps")
    minutes.boxplot([[r["estimated_minutes"] for r in cells[k]] for k in keys],
                    orientation="horizontal")
    minutes.set_yticks(range(1, len(keys) + 1), [""] * len(keys))
    minutes.set_xlabel("estimated minutes of real play")
    figure.suptitle("Length of a game", fontsize=10)
    return _png(figure, f"length of a game per {', '.join(keys)}: steps and estimated "
                "minutes")


def _effect_plot(metric: str, effects: Sequence[OptionEffect]) -> str:
    figure = Figure(figsize=(6, 0.8 + 0.45 * len(effects)))
    axes = figure.subplots()
    for y, effect in enumerate(effects):
        colour = "#b3261e" if effect["significant"] else "#777777"
        diff = effect["difference"]
        axes.errorbar([diff], [y], xerr=[[diff - effect["low"]], [effect["high"] - diff]],
                      fmt="o", color=colour, capsize=4)
    axes.axvline(0, color="black", linewidth=0.8)
    labels = [f"{e['option']}: {option_text(e['baseline'])} → {option_text(e['value'])}"
              for e in effects]
    axes.set_yticks(range(len(effects)), labels, fontsize=8)
    axes.set_xlabel(f"change in {metric} (95% interval; red: significant)")
    axes.set_title(f"Options' effect on {metric}", fontsize=9)
    return _png(figure, f"the options' effect on {metric}")


def _distribution_row(name: str, d: Distribution) -> list[str]:
    return [name, _num(d["mean"]), _num(d["min"]), _num(d["p10"]), _num(d["median"]),
            _num(d["p90"]), _num(d["max"])]


def _cell_section(cell: CellSummary, plots: bool) -> str:
    options = ", ".join(f"{k}={option_text(v)}" for k, v in cell["options"].items())
    parts = [f"<h3>{cell['players']} players: {html.escape(', '.join(cell['bots']))}"
             f"{html.escape('; ' + options) if options else ''}</h3>",
             f"<p class='note'>{cell['games']:,} games; cell <code>"
             f"{html.escape(cell['key'])}</code>.</p>"]
    outcome = cell["outcomes"]
    if outcome["truncated"]:
        parts.append(f"<p class='warn'><strong>{outcome['truncated']:,} games were ended "
                     "by the safety cap, not by the rules.</strong> Real play never ends "
                     "so: the figures below are suspect.</p>")
    # Seat advantage.
    parts.append("<h4>Seat advantage</h4>")
    if cell["first_seat"] is not None:
        parts.append(f"<p>{html.escape(cell['first_seat']['words'])}</p>")
    test = cell["equal_shares"]
    if test is not None:
        verdict = "differ" if test["significant"] else "are consistent with equal shares"
        parts.append(f"<p>Chi-square test of equal shares: χ² = {test['chi2']:.2f}, "
                     f"{test['df']} degrees of freedom, {_p(test['p'])}: the seats' shares "
                     f"{verdict} (at {ALPHA}).</p>")
    parts.append(_table(["seat", "bot", "wins", "share", "95% interval"],
                        [[str(s["seat"]), s["bot"], f"{s['wins']:,.1f}", _pct(s["share"]),
                          f"{_pct(s['low'])} - {_pct(s['high'])}"] for s in cell["seats"]]))
    if plots and len(cell["seats"]) > 1:
        parts.append(_seat_plot(cell))
    # Skill.
    parts.append("<h4>Skill or luck</h4>")
    if cell["skill"]:
        parts.append(_table(["stronger", "weaker", "meetings", "ahead", "95% interval"],
                            [[p["stronger"], p["weaker"], f"{p['meetings']:,}",
                              _pct(p["share"]), f"{_pct(p['low'])} - {_pct(p['high'])}"]
                             for p in cell["skill"]]))
        if cell["skill_variance"] is not None:
            parts.append(f"<p>Who was playing explains {_pct(cell['skill_variance'])} of "
                         "the variance of a seat's win (η²): near 0 the bots' levels barely "
                         "matter; the larger, the more the game rewards skill.</p>")
    else:
        parts.append("<p class='note'>Every seat had the same bot: give mixed bots "
                     "(--bots expert,random) to compare levels.</p>")
    # Length.
    parts.append("<h4>Length</h4>")
    parts.append(_table(["figure", "mean", "min", "10%", "median", "90%", "max"],
                        [_distribution_row(name.replace("_", " "), d)
                         for name, d in cell["length"].items() if d["n"]]))
    # Outcomes.
    parts.append("<h4>Outcomes</h4>")
    parts.append(f"<p>Shared wins: {outcome['shared_wins']:,} of {outcome['games']:,} "
                 f"games; no winner: {outcome['no_winner']:,}; ended by the safety cap: "
                 f"{outcome['truncated']:,}.</p>")
    parts.append(_table(["figure", "mean", "min", "10%", "median", "90%", "max"],
                        [_distribution_row("score (every seat)", outcome["scores"]),
                         _distribution_row("winning margin", outcome["margin"])]))
    # Drama.
    parts.append("<h4>Drama</h4>")
    d = cell["drama"]
    if d["comeback_share"] is None:
        parts.append("<p>No unique leader at half time in any game (or no running score "
                     "to lead by): no comebacks to count.</p>")
    else:
        parts.append(f"<p>Lead changes per game: mean {_num(d['lead_changes']['mean'])}, "
                     f"median {_num(d['lead_changes']['median'])}, at most "
                     f"{_num(d['lead_changes']['max'])}. The leader at half time did not win "
                     f"{d['comebacks']:,} of {d['comeback_games']:,} games "
                     f"({_pct(d['comeback_share'])}, 95% interval {_pct(d['comeback_low'])}"
                     f" - {_pct(d['comeback_high'])}).</p>")
    return "\n".join(parts)


def _options_section(effects: Sequence[OptionEffect]) -> str:
    if not effects:
        return ("<p class='note'>No option was varied: give --vary OPTION=a,b to see what an "
                "option changes.</p>")
    parts = ["<p>Each row compares the games with one value of an option against those "
             "with its first value, over every cell (the other options and player counts "
             "appear equally on both sides). Significant: the 95% interval leaves out 0.</p>",
             _table(["option", "from → to", "metric", "from", "to", "change",
                     "95% interval", "p", "significant"],
                    [[e["option"], f"{option_text(e['baseline'])} → {option_text(e['value'])}",
                      e["metric"], _num(e["baseline_mean"]), _num(e["value_mean"]),
                      f"{e['difference']:+.3g}", f"{e['low']:+.3g} to {e['high']:+.3g}",
                      _p(e["p"]), "yes" if e["significant"] else "no"] for e in effects])]
    metrics: dict[str, list[OptionEffect]] = {}
    for effect in effects:
        metrics.setdefault(effect["metric"], []).append(effect)
    # A metric that no value moves at all (no truncated games on either side) gets its
    # row in the table but no plot of zero-width intervals.
    parts += [_effect_plot(metric, group) for metric, group in metrics.items()
              if any(e["low"] != e["high"] or e["difference"] for e in group)]
    return "\n".join(parts)


def _ratings_plot(ratings: Sequence[Rating]) -> str:
    figure = Figure(figsize=(6, 0.8 + 0.4 * len(ratings)))
    axes = figure.subplots()
    shown = list(reversed(ratings))  # the best at the top
    for y, rating in enumerate(shown):
        axes.errorbar([rating["mu"]], [y], xerr=[[rating["mu"] - rating["low"]],
                                                  [rating["high"] - rating["mu"]]],
                      fmt="o", color="#5b8def", capsize=4)
    axes.set_yticks(range(len(shown)), [r["bot"] for r in shown], fontsize=8)
    axes.set_xlabel("OpenSkill Plackett-Luce rating: mu ± 2 sigma")
    axes.set_title("Ratings of the bots", fontsize=9)
    return _png(figure, "the bots' ratings with their uncertainty")


def _ladder_section(summary: Summary) -> str:
    ratings = summary["ratings"]
    parts = ["<p>Every bot rated from the finishing order of every game it played "
             "(OpenSkill's Plackett-Luce model, rated game by game in the study's order), "
             "best first by mu - 2 sigma. Overlapping intervals: no clear order.</p>",
             _table(["bot", "mu", "sigma", "mu ± 2 sigma", "games"],
                    [[r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}",
                      f"{r['low']:.2f} to {r['high']:.2f}", f"{r['games']:,}"]
                     for r in ratings]),
             _ratings_plot(ratings)]
    if summary["skill"]:
        parts += ["<p>Head to head, over every table where both played: how often the "
                  "stronger of two bots finished ahead of the weaker (a tie counts half).</p>",
                  _table(["stronger", "weaker", "meetings", "ahead", "95% interval"],
                         [[p["stronger"], p["weaker"], f"{p['meetings']:,}", _pct(p["share"]),
                           f"{_pct(p['low'])} - {_pct(p['high'])}"]
                          for p in summary["skill"]])]
    return "\n".join(parts)


def render(study: Study, summary: Summary, rows: Sequence[GameRow]) -> str:
    """The report's HTML."""
    game = get_game(study.game)
    title = f"Balance study: {game.title}"
    cells = by_cell(rows)
    parts: list[Any] = [
        "<!doctype html>", "<html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{summary['games']:,} games in {len(study.cells)} cells ({study.games:,} per "
        f"cell), seed {study.seed}. Every figure comes with its sample size; intervals are "
        "95% (Wilson's for shares).</p>"]
    if summary["truncated"]:
        parts.append(f"<p class='warn'><strong>{summary['truncated']:,} games were ended by "
                     "the safety cap.</strong> Real play never ends so.</p>")
    plots = len(cells) <= MAX_CELL_PLOTS
    groups: dict[str, list[GameRow]] = cells
    if not plots:
        groups = {}
        for row in rows:
            groups.setdefault(f"{row['players']} players", []).append(row)
    parts += ["<h2>Length at a glance</h2>", _length_plot(groups),
              "<h2>What the options change</h2>", _options_section(summary["options"])]
    if summary["ratings"]:
        parts += ["<h2>Ladder: who is stronger</h2>", _ladder_section(summary)]
    parts += ["<h2>Each cell</h2>", *(_cell_section(c, plots) for c in summary["cells"]),
              "</body></html>"]
    return "\n".join(parts) + "\n"


def write_report(out: Path, study: Study, summary: Summary, rows: Sequence[GameRow]) -> Path:
    path = out / REPORT_FILE
    path.write_text(render(study, summary, rows), encoding="utf-8")
    return path
