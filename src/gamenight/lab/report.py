"""``<out>/report.html``: a study's answers in words, tables and plots, in one file.

The page opens with its answers: one per question (seat order, each option's effect on
length, balance and drama, the bots' skill), each pooled over the cells that share it
(``answers``), with the correction for multiple tests stated; then the tables and plots
behind them; then each cell, folded (``<details>``: the page stays short, and a cell
opens with a click, no script).

Self-contained so that it opens from disk anywhere and can be mailed: the plots are PNG
data URIs drawn by matplotlib (Figure objects, never pyplot: no display and no global
state; PNG is drawn by the Agg renderer), the style is inline, and there is no script
and no link to anything outside the file.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from gamenight.games import get_game
from gamenight.lab.answers import QUESTIONS, SeatsAtCount, decimals, kinds_words, p_words
from gamenight.lab.choices import PARTS
from gamenight.lab.inference import Tested
from gamenight.lab.ladder import Rating
from gamenight.lab.metrics import (
    CellSummary,
    ChoiceFigures,
    Distribution,
    OptionEffect,
    SkillPair,
    Summary,
    by_cell,
    choice_figures,
)
from gamenight.lab.plan import Study, option_text
from gamenight.lab.play import GameRow
from gamenight.lab.provenance import CodeVersion

REPORT_FILE = "report.html"
#: Above this many cells (a ladder's tables), a cell gets no plot of its own and the
#: length plot groups the cells by player count: a report of 70 seat plots is read by no
#: one, and drawing them is most of its time.
MAX_CELL_PLOTS = 12
#: The smallest type on a plot, in points: readable at the page's width.
FONT = 9

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 62rem; margin: 2rem auto;
       padding: 0 1rem; color: #1b1b1b; }
h1, h2, h3 { line-height: 1.2; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid #bbb; padding: .2rem .5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.warn { background: #fde2e1; border: 2px solid #b3261e; padding: .5rem 1rem; }
.note { color: #555; }
.answers li { margin-bottom: .4rem; }
.yes { color: #b3261e; font-weight: 600; }
details { border-top: 1px solid #ddd; padding: .3rem 0; }
summary { cursor: pointer; }
summary h3 { display: inline; font-size: 1rem; }
img { max-width: 100%; height: auto; }
"""

#: What each figure means, one sentence each (the page's last section).
MEANINGS: tuple[tuple[str, str], ...] = (
    ("win share", "The share of the games a seat won, a win shared by k players "
     "counting 1/k (as `gamenight simulate` counts it), with Wilson's 95% interval."),
    ("fair share", "What every seat would win if seats did not matter: one in as many as "
     "there are players, of the games that had a winner."),
    ("edge (points)", "A seat's win share less its fair share, in percentage points; the "
     "first-player edge is seat 0's, which means the same at every player count."),
    ("pooled", "One answer over every cell that asks the same question, each cell weighed "
     "by the inverse of its variance, so that a share is never averaged across table sizes."),
    ("adjusted p", "The p-value after Holm's correction over every test on the page: "
     "below 0.05, the finding holds with every other one at once, with 95% confidence."),
    ("ahead (skill)", "How often one bot finished ahead of another at the tables where "
     "both played, a tie counting half; its interval resamples whole games, because the "
     "meetings within one game share its luck."),
    ("rating", "OpenSkill's Plackett-Luce rating from each game's whole finishing order, "
     "a bot in two seats rated as two players and then combined; mu ± 2 sigma is shown."),
    ("η² (skill variance)", "The share of the variation in who wins that is explained by "
     "which bot sits in the seat: 0 is pure luck, 1 is pure skill."),
    ("steps", "Every recorded action and chance outcome of a game."),
    ("estimated minutes", "The time people would take at a real table, from the game's "
     "own pace of play (docs/lab.md, Length)."),
    ("lead changes", "How often the one seat ahead of all others became another seat."),
    ("comeback", "The one leader at half time did not win."),
    ("decided at", "The share of a game played before its winners took the lead for good "
     "(0: they led from the first step; near 100%: only at the end), from the running "
     "standing everyone at the table can see."),
    ("winner behind", "The share of a game's steps at which its winner stood behind "
     "someone: how much of the game the winner spent catching up."),
    ("balance index", "How evenly the seats win, in one figure: 100% when every seat wins "
     "as often, 0% when one seat wins every game (one less the seats' distance from equal "
     "shares, over its largest)."),
    ("winning margin", "The winners' score less the best loser's."),
    ("choices per decision", "How many legal actions a seat had to choose from at each "
     "action it took (its branching factor), averaged over a game's decisions, and by "
     "fifths of the game to show how it moves; where a game's actions form a continuum "
     "(an aim), the count is of the finite set its rules document as spanning it."),
    ("actions by kind", "How often the seats took each kind of action (the action's "
     "class, as the game defines it), as a share of every action taken."),
)


def _png(figure: Figure, alt: str) -> str:
    """The figure as an <img> with a PNG data URI."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight",
                   metadata={"Software": None})
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}">'


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def _p(value: float) -> str:
    return "< 0.001" if value < 0.001 else f"{value:.3f}"


def _verdict(test: Tested | None) -> str:
    return "-" if test is None else "yes" if test["significant"] else "no"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(
        f"<td class='yes'>{html.escape(c)}</td>" if c == "yes" else
        f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def _options_words(options: dict[str, object]) -> str:
    return ", ".join(f"{name} {option_text(value)}" for name, value in options.items())


def cell_label(cell: CellSummary) -> str:
    """A cell in words: ``3 players, last_card protected`` (and its bots if mixed)."""
    parts = [f"{cell['players']} players"]
    if not cell["equal_bots"]:
        parts.append(" v ".join(cell["bots"]))
    if cell["options"]:
        parts.append(_options_words(cell["options"]))
    return ", ".join(parts)


# -- plots ------------------------------------------------------------------------------------


def _seat_plot(title: str, labels: Sequence[str], shares: Sequence[float],
               lows: Sequence[float], highs: Sequence[float], fair: float) -> str:
    figure = Figure(figsize=(7, 3.2), layout="constrained")
    axes = figure.subplots()
    xs = range(len(shares))
    below = [s - low for s, low in zip(shares, lows, strict=True)]
    above = [high - s for s, high in zip(shares, highs, strict=True)]
    axes.bar(xs, shares, color="#5b8def", yerr=[below, above], capsize=4,
             label="win share, 95% interval")
    axes.axhline(fair, color="#b3261e", linestyle="--", label=f"fair share ({_pct(fair)})")
    axes.set_xticks(list(xs), labels, fontsize=FONT)
    axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_ylabel("win share", fontsize=FONT)
    figure.suptitle(title, fontsize=FONT + 1)
    # Below the plot, never on its bars or its title.
    figure.legend(loc="outside lower center", ncols=2, fontsize=FONT, frameon=False)
    return _png(figure, title)


def _cell_seat_plot(cell: CellSummary) -> str:
    seats = cell["seats"]
    labels = [f"seat {s['seat']}" + ("" if cell["equal_bots"] else f"\n{s['bot']}")
              for s in seats]
    return _seat_plot(f"Win share per seat: {cell_label(cell)} ({cell['games']:,} games)",
                      labels, [s["share"] for s in seats], [s["low"] for s in seats],
                      [s["high"] for s in seats], seats[0]["fair"] if seats else 0.0)


def _count_seat_plot(count: SeatsAtCount) -> str:
    seats = count["seats"]
    return _seat_plot(f"Win share per seat at {count['players']} players, every cell with "
                      f"equal bots ({count['games']:,} games)",
                      [f"seat {s['seat']}" for s in seats], [s["share"] for s in seats],
                      [s["share"] + s["low"] - s["estimate"] for s in seats],
                      [s["share"] + s["high"] - s["estimate"] for s in seats],
                      seats[0]["fair"] if seats else 0.0)


def _length_plot(groups: dict[str, list[GameRow]]) -> str:
    """Box plots of steps and minutes per group of games (a cell, or a player count)."""
    labels = [f"{name} ({len(rows):,} games)" for name, rows in groups.items()]
    figure = Figure(figsize=(9, 1.0 + 0.42 * len(labels)), layout="constrained")
    steps, minutes = figure.subplots(1, 2, sharey=True)
    steps.boxplot([[r["steps"] for r in rows] for rows in groups.values()],
                  orientation="horizontal")
    steps.set_xlabel("steps (actions and chance outcomes)", fontsize=FONT)
    minutes.boxplot([[r["estimated_minutes"] for r in rows] for rows in groups.values()],
                    orientation="horizontal")
    minutes.set_xlabel("estimated minutes of real play", fontsize=FONT)
    # After both boxplots: each sets the shared axis's ticks to numbers.
    steps.set_yticks(range(1, len(labels) + 1), labels, fontsize=FONT)
    steps.invert_yaxis()  # the first group at the top, as the tables list them
    figure.suptitle("Length of a game (box: middle half; whiskers: the rest but outliers)",
                    fontsize=FONT + 1)
    return _png(figure, "length of a game per " + ", ".join(groups) +
                ": steps and estimated minutes")


def _choices_plot(groups: dict[str, ChoiceFigures]) -> str:
    """The mean choices per decision in each fifth of a game, a line per group."""
    figure = Figure(figsize=(7, 3.4), layout="constrained")
    axes = figure.subplots()
    xs = list(range(1, PARTS + 1))
    for name, found in groups.items():
        points = [(x, y) for x, y in zip(xs, found["by_part"], strict=True) if y is not None]
        if points:
            axes.plot([x for x, _ in points], [y for _, y in points], marker="o",
                      label=f"{name} ({found['games']:,} games)")
    axes.set_xticks(xs, [f"{k}/{PARTS}" for k in xs], fontsize=FONT)
    axes.set_xlabel("part of a game's decisions (first fifth to last)", fontsize=FONT)
    axes.set_ylabel("legal actions per decision", fontsize=FONT)
    axes.set_ylim(bottom=0)
    figure.suptitle("Choices per decision over a game", fontsize=FONT + 1)
    figure.legend(loc="outside lower center", ncols=2, fontsize=FONT, frameon=False)
    return _png(figure, "choices per decision in each fifth of a game, per " +
                ", ".join(groups))


def _effect_label(effect: OptionEffect) -> str:
    return (f"{effect['option']}: {option_text(effect['baseline'])} → "
            f"{option_text(effect['value'])}\n({effect['baseline_games']:,} v "
            f"{effect['value_games']:,} games)")


def _effect_plot(metric: str, effects: Sequence[OptionEffect]) -> str:
    scale = 100 if effects[0]["unit"] else 1
    figure = Figure(figsize=(7, 0.9 + 0.55 * len(effects)), layout="constrained")
    axes = figure.subplots()
    for y, effect in enumerate(effects):
        colour = "#b3261e" if effect["significant"] else "#777777"
        diff = effect["difference"] * scale
        axes.errorbar([diff], [y], xerr=[[diff - effect["low"] * scale],
                                         [effect["high"] * scale - diff]],
                      fmt="o", color=colour, capsize=4)
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_yticks(range(len(effects)), [_effect_label(e) for e in effects], fontsize=FONT)
    axes.invert_yaxis()
    unit = " (points)" if scale == 100 else ""
    axes.set_xlabel(f"change in {metric}{unit}, pooled over player counts, 95% interval "
                    "(red: significant after correction)", fontsize=FONT)
    axes.set_title(f"What the options change in {metric}", fontsize=FONT + 1)
    return _png(figure, f"the options' effect on {metric}")


def _ratings_plot(ratings: Sequence[Rating]) -> str:
    figure = Figure(figsize=(6, 0.9 + 0.4 * len(ratings)), layout="constrained")
    axes = figure.subplots()
    for y, rating in enumerate(ratings):
        axes.errorbar([rating["mu"]], [y], xerr=[[rating["mu"] - rating["low"]],
                                                  [rating["high"] - rating["mu"]]],
                      fmt="o", color="#5b8def", capsize=4)
    axes.set_yticks(range(len(ratings)),
                    [f"{r['bot']} ({r['games']:,} games)" for r in ratings], fontsize=FONT)
    axes.invert_yaxis()  # the best at the top
    axes.set_xlabel("OpenSkill Plackett-Luce rating: mu ± 2 sigma", fontsize=FONT)
    axes.set_title("Ratings of the bots", fontsize=FONT + 1)
    return _png(figure, "the bots' ratings with their uncertainty")


# -- sections ---------------------------------------------------------------------------------


def _distribution_row(name: str, d: Distribution) -> list[str]:
    return [name, f"{d['n']:,}", _num(d["mean"]), _num(d["min"]), _num(d["p10"]),
            _num(d["median"]), _num(d["p90"]), _num(d["max"])]


def _share_row(name: str, d: Distribution) -> list[str]:
    return [name, f"{d['n']:,}", _pct(d["mean"]), _pct(d["min"]), _pct(d["p10"]),
            _pct(d["median"]), _pct(d["p90"]), _pct(d["max"])]


DISTRIBUTION_HEAD = ("figure", "games", "mean", "min", "10%", "median", "90%", "max")


def _seat_rows(cell: CellSummary) -> list[list[str]]:
    return [[f"seat {s['seat']}", s["bot"], f"{s['wins']:,.1f}", _pct(s["share"]),
             f"{_pct(s['low'])} - {_pct(s['high'])}", _pct(s["fair"]), _points(s["edge"]),
             "-" if s["test"] is None else _p(s["test"]["p"]),
             "-" if s["test"] is None else _p(s["test"]["adjusted_p"]), _verdict(s["test"])]
            for s in cell["seats"]]


SEAT_HEAD = ("seat", "bot", "wins", "share", "95% interval", "fair", "edge (points)",
             "p", "adjusted p", "significant")


def _cell_section(cell: CellSummary, plots: bool) -> str:
    outcome = cell["outcomes"]
    options = _options_words(cell["options"])
    heading = (f"{cell['players']} players: {', '.join(cell['bots'])}"
               + (f"; {options}" if options else ""))
    parts = [f"<details id='cell-{html.escape(cell['key'])}'><summary><h3>"
             f"{html.escape(heading)}</h3> ({cell['games']:,} games)</summary>",
             f"<p class='note'>Cell key <code>{html.escape(cell['key'])}</code>.</p>"]
    if outcome["truncated"]:
        parts.append(f"<p class='warn'><strong>{outcome['truncated']:,} games were ended "
                     "by the safety cap, not by the rules.</strong> Real play never ends "
                     "so: the figures below are suspect.</p>")
    parts.append("<h4>Seat advantage</h4>")
    if cell["first_seat"] is not None:
        parts.append(f"<p>{html.escape(cell['first_seat']['words'])}</p>")
    deviating = cell["most_deviating"]
    if deviating is not None and deviating != 0:
        seat = cell["seats"][deviating]
        test = seat["test"]
        assert test is not None
        parts.append(f"<p>The seat furthest from its fair share is seat {deviating}: "
                     f"{_pct(seat['share'])} against {_pct(seat['fair'])} "
                     f"({_points(seat['edge'])} points; {p_words(test)}).</p>")
    if cell["balance_index"] is not None:
        parts.append(f"<p>Balance index: {_pct(cell['balance_index'])} (100% when every "
                     "seat wins as often).</p>")
    test = cell["equal_shares"]
    if test is not None:
        verdict = "differ" if test["significant"] else "are consistent with equal shares"
        parts.append(f"<p>Chi-square test of equal shares: χ² = {test['chi2']:.2f}, "
                     f"{test['df']} degree{'s' * (test['df'] != 1)} of freedom, "
                     f"p = {_p(test['p'])}, "
                     f"{p_words(test)}: the seats' shares {verdict}.</p>")
    parts.append(_table(SEAT_HEAD, _seat_rows(cell)))
    if plots and len(cell["seats"]) > 1:
        parts.append(_cell_seat_plot(cell))
    parts.append("<h4>Skill or luck</h4>")
    if cell["skill"]:
        parts.append(_skill_table(cell["skill"]))
        if cell["skill_variance"] is not None:
            parts.append(f"<p>Who was playing explains {_pct(cell['skill_variance'])} of "
                         "the variance of a seat's win (η²).</p>")
    else:
        parts.append("<p class='note'>Every seat had the same bot: nothing to compare.</p>")
    parts.append("<h4>Length</h4>")
    # A figure no game has, or that is 0 in every game (no windows in a game of turns
    # only), is no row.
    parts.append(_table(DISTRIBUTION_HEAD,
                        [_distribution_row(name.replace("_", " "), d)
                         for name, d in cell["length"].items()
                         if d["n"] and (d["min"], d["max"]) != (0, 0)]))
    parts.append("<h4>Outcomes</h4>")
    parts.append(f"<p>Shared wins: {outcome['shared_wins']:,} of {outcome['games']:,} "
                 f"games ({_pct(outcome['shared_wins'] / outcome['games'])})"
                 + (f"; no winner: {outcome['no_winner']:,}" if outcome["no_winner"] else "")
                 + ".</p>")
    parts.append(_table(DISTRIBUTION_HEAD,
                        [_distribution_row("score (every seat)", outcome["scores"]),
                         _distribution_row("winning margin", outcome["margin"])]))
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
    if d["decided_at"]["n"]:
        parts.append(_table(DISTRIBUTION_HEAD, [
            _share_row("decided at (share of the game)", d["decided_at"]),
            _share_row("winner behind (share of the game)", d["winner_behind"])]))
    parts.append("<h4>Choices</h4>")
    found = cell["choices"]
    if found["games"]:
        parts.append(_choices_table({"choices per decision": found}))
        parts.append(f"<p>Actions by kind: {html.escape(kinds_words(found, most=12))}.</p>")
    else:
        parts.append("<p class='note'>Not measured (games stored before the lab counted "
                     "each decision's legal actions).</p>")
    parts.append("</details>")
    return "\n".join(parts)


CHOICES_HEAD = ("games", "decisions", "mean", "10%", "median", "90%", "most",
                *(f"{k}/{PARTS}" for k in range(1, PARTS + 1)))


def _choices_row(found: ChoiceFigures) -> list[str]:
    d = found["per_decision"]
    return [f"{found['games']:,}", f"{found['decisions']:,}", _num(d["mean"]),
            _num(d["p10"]), _num(d["median"]), _num(d["p90"]), _num(found["most"]),
            *(_num(v) for v in found["by_part"])]


def _choices_table(groups: dict[str, ChoiceFigures]) -> str:
    return _table(("", *CHOICES_HEAD), [[name, *_choices_row(found)]
                                        for name, found in groups.items()])


def _kinds_table(groups: dict[str, ChoiceFigures]) -> str:
    """The share of each kind of action, a column per kind (most taken first)."""
    totals: dict[str, int] = {}
    for found in groups.values():
        for k in found["kinds"]:
            totals[k["kind"]] = totals.get(k["kind"], 0) + k["actions"]
    kinds = sorted(totals, key=lambda k: (-totals[k], k))
    rows = []
    for name, found in groups.items():
        shares = {k["kind"]: k for k in found["kinds"]}
        rows.append([name, *(f"{_pct(shares[k]['share'])} ({_num(shares[k]['per_game'])})"
                             if k in shares else "-" for k in kinds)])
    return _table(("", *kinds), rows)


def _choices_section(groups: dict[str, ChoiceFigures], plots: bool) -> str:
    measured = {name: found for name, found in groups.items() if found["games"]}
    if not measured:
        return ("<p class='note'>Not measured: these games were stored before the lab "
                "counted each decision's legal actions; a new study measures them.</p>")
    parts = ["<p>Choices per decision: how many legal actions a seat had at each action "
             "it took, a game's mean over its decisions (the spread over games), the most "
             "at any one decision, and the mean in each fifth of a game's decisions, first "
             "to last.</p>", _choices_table(measured)]
    if plots:
        parts.append(_choices_plot(measured))
    parts += ["<p>Actions by kind: each kind's share of every action taken (and how many "
              "times a game, on average).</p>", _kinds_table(measured)]
    return "\n".join(parts)


def _skill_table(pairs: Sequence[SkillPair]) -> str:
    rows = []
    for p in pairs:
        rows.append([p["stronger"], p["weaker"], f"{p['games']:,}", f"{p['meetings']:,}",
                     _pct(p["share"]), f"{_pct(p['low'])} - {_pct(p['high'])}",
                     _p(p["test"]["adjusted_p"]), _verdict(p["test"])])
    return _table(["stronger", "weaker", "games", "meetings", "ahead",
                   "95% interval (whole games resampled)", "adjusted p", "significant"], rows)


def _seat_order_section(summary: Summary) -> str:
    order = summary["answers"]["seat_order"]
    parts = []
    if order["left_out"]:
        parts.append(f"<p class='note'>{order['left_out']} cell"
                     f"{'s' * (order['left_out'] != 1)} seat different bots, so their "
                     "seats' shares compare the bots: they are left out here (each is given "
                     "below).</p>")
    first = order["first_player"]
    if first is not None:
        parts.append(_table(
            ["question", "cells", "games", "edge (points)", "95% interval", "p",
             "adjusted p", "significant"],
            [["first player (seat 0), every player count", str(order["cells"]),
              f"{first['games']:,}", _points(first["estimate"]),
              f"{_points(first['low'])} to {_points(first['high'])}", _p(first["p"]),
              _p(first["adjusted_p"]), _verdict(first)]]))
    for count in order["by_players"]:
        parts.append(f"<h3>{count['players']} players: {count['cells']} cell"
                     f"{'s' * (count['cells'] != 1)}, {count['games']:,} games</h3>")
        if count["balance_index"] is not None:
            parts.append(f"<p>Balance index: {_pct(count['balance_index'])} (100% when "
                         "every seat wins as often).</p>")
        parts.append(_table(
            ["seat", "share", "fair", "edge (points)", "95% interval", "p", "adjusted p",
             "significant"],
            [[f"seat {s['seat']}" + (" (furthest)" if s["seat"] == count["most_deviating"]
                                     else ""),
              _pct(s["share"]), _pct(s["fair"]), _points(s["estimate"]),
              f"{_points(s['low'])} to {_points(s['high'])}", _p(s["p"]),
              _p(s["adjusted_p"]), _verdict(s)] for s in count["seats"]]))
        if count["seats"]:
            parts.append(_count_seat_plot(count))
    return "\n".join(parts) or "<p class='note'>No cell seats equal bots.</p>"


def _options_section(effects: Sequence[OptionEffect]) -> str:
    if not effects:
        return ("<p class='note'>No option was varied (or none changed anything): give "
                "--vary OPTION=a,b to see what an option changes.</p>")
    parts = ["<p>Each row compares the games with one value of an option against those "
             "with its first value, at each player count (where every other option "
             "appears equally on both sides), pooled over the counts. A share is in "
             "points. A metric that nothing changed (no truncated game on either side) "
             "has no row.</p>"]
    rows = []
    for question in QUESTIONS:
        for e in (e for e in effects if e["question"] == question):
            scale = 100 if e["unit"] else 1
            places = decimals(scale * e["low"], scale * e["high"], scale)
            mean = {"share": _pct, "points": _points}.get(e["unit"], _num)
            strata = "; ".join(f"{s['players']}p: {scale * s['difference']:+.{places}f}"
                               for s in e["by_players"])
            rows.append([question, f"{e['option']} {option_text(e['baseline'])} → "
                         f"{option_text(e['value'])}",
                         e["metric"] + (" (points)" if e["unit"] else ""),
                         mean(e["baseline_mean"]), mean(e["value_mean"]),
                         f"{scale * e['difference']:+.{places}f} "
                         f"({scale * e['low']:+.{places}f} to {scale * e['high']:+.{places}f})",
                         strata, _p(e["p"]), _p(e["adjusted_p"]), _verdict(e)])
    parts.append(_table(["question", "option", "metric", "from", "to",
                         "change (95% interval), pooled", "change by player count", "p",
                         "adjusted p", "significant"], rows))
    metrics: dict[str, list[OptionEffect]] = {}
    for effect in effects:
        metrics.setdefault(effect["metric"], []).append(effect)
    parts += [_effect_plot(metric, group) for metric, group in metrics.items()
              if any(e["significant"] for e in group)]
    return "\n".join(parts)


def _skill_section(summary: Summary) -> str:
    ratings = summary["ratings"]
    parts = []
    if ratings:
        parts += ["<p>Every bot rated from the finishing order of every game it played "
                  "(OpenSkill's Plackett-Luce model, game by game in the study's order; a "
                  "bot in two seats is two players of that game, combined into one rating "
                  "afterwards), best first by mu - 2 sigma. Overlapping intervals: no clear "
                  "order.</p>",
                  _table(["bot", "mu", "sigma", "mu ± 2 sigma", "games"],
                         [[r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}",
                           f"{r['low']:.2f} to {r['high']:.2f}", f"{r['games']:,}"]
                          for r in ratings]),
                  _ratings_plot(ratings)]
    if summary["skill"]:
        parts += ["<p>Head to head, over every table where both played: how often the "
                  "stronger of two bots finished ahead of the weaker (a tie counts half); "
                  "the interval resamples whole games.</p>", _skill_table(summary["skill"])]
    return "\n".join(parts)


def _code_words(code: Sequence[CodeVersion]) -> str:
    if not code:
        return "The code that played these games is not known (no version stored)."
    said = ", ".join(f"gamenight {v['package']} (sources {v['sources'][:12]})" for v in code)
    if len(code) == 1:
        return f"Played by {said}."
    return (f"<strong>Played by {len(code)} versions of the code: {said}.</strong> The "
            "study was resumed with --resume-any-version: its figures mix them.")


def render(study: Study, summary: Summary, rows: Sequence[GameRow]) -> str:
    """The report's HTML."""
    game = get_game(study.game)
    title = f"Balance study: {game.title}"
    cells = by_cell(rows)
    plots = len(cells) <= MAX_CELL_PLOTS
    groups: dict[str, list[GameRow]] = {}
    if plots:
        labels = {c["key"]: cell_label(c) for c in summary["cells"]}
        groups = {labels[key]: group for key, group in cells.items()}
        chosen = {labels[c["key"]]: c["choices"] for c in summary["cells"]}
    else:
        for row in rows:
            groups.setdefault(f"{row['players']} players", []).append(row)
        chosen = {name: choice_figures(group) for name, group in groups.items()}
    sections = [("summary", "Summary"), ("seats", "Seat order")]
    if summary["options"]:
        sections.append(("options", "What the options change"))
    if summary["ratings"] or summary["skill"]:
        sections.append(("skill", "Skill: who is stronger"))
    sections += [("length", "Length at a glance"), ("choices", "Choices and actions"),
                 ("cells", "Each cell"), ("meanings", "What each figure means")]
    correction = summary["correction"]
    code = summary["code"]
    parts: list[str] = [
        "<!doctype html>", "<html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{summary['games']:,} games in {len(study.cells)} cells ({study.games:,} per "
        f"cell), seed {study.seed}. {_code_words(code)} Every figure comes with its sample "
        f"size; intervals are 95%. The page makes {correction['tests']:,} tests, corrected "
        f"together by {html.escape(correction['words'])}.</p>"]
    if len(code) > 1:
        parts[-1] = parts[-1].replace("<p>", "<p class='warn'>", 1)
    if summary["truncated"]:
        parts.append(f"<p class='warn'><strong>{summary['truncated']:,} games were ended by "
                     "the safety cap.</strong> Real play never ends so.</p>")
    parts.append("<nav><strong>Contents</strong><ol>" + "".join(
        f"<li><a href='#{anchor}'>{html.escape(name)}</a></li>" for anchor, name in sections)
        + "</ol></nav>")
    parts += ["<h2 id='summary'>Summary</h2>", "<ul class='answers'>" + "".join(
        f"<li>{html.escape(line)}</li>" for line in summary["headlines"]) + "</ul>"]
    parts += ["<h2 id='seats'>Seat order</h2>",
              "<p>Every seat against its fair share, over every cell that seats equal bots "
              "at that player count (the options' cells together).</p>",
              _seat_order_section(summary)]
    if summary["options"]:
        parts += ["<h2 id='options'>What the options change</h2>",
                  _options_section(summary["options"])]
    if summary["ratings"] or summary["skill"]:
        parts += ["<h2 id='skill'>Skill: who is stronger</h2>", _skill_section(summary)]
    parts += ["<h2 id='length'>Length at a glance</h2>", _length_plot(groups),
              "<h2 id='choices'>Choices and actions</h2>",
              _choices_section(chosen, plots=len(chosen) <= MAX_CELL_PLOTS),
              "<h2 id='cells'>Each cell</h2>",
              "<p class='note'>Each cell's figures (click to open). Its tests are among the "
              "page's, corrected with them.</p>",
              *(_cell_section(c, plots) for c in summary["cells"]),
              "<h2 id='meanings'>What each figure means</h2>",
              "<dl>" + "".join(f"<dt><strong>{html.escape(name)}</strong></dt>"
                               f"<dd>{html.escape(words)}</dd>" for name, words in MEANINGS)
              + "</dl>", "</body></html>"]
    return "\n".join(parts) + "\n"


def write_report(out: Path, study: Study, summary: Summary, rows: Sequence[GameRow]) -> Path:
    path = out / REPORT_FILE
    path.write_text(render(study, summary, rows), encoding="utf-8")
    return path
