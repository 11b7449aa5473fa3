"""The ladder: every bot and level at mixed tables, rated with OpenSkill."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from gamenight.engine import OptionError
from gamenight.lab.ladder import combine, entrants, plan_ladder, ratings, tables
from gamenight.lab.play import GameRow
from tests.lab.rows import row


def test_the_entrants_are_every_bot_at_every_level() -> None:
    assert entrants("by-golly") == (
        "random", "memory:child", "memory:beginner", "memory:relaxed", "memory:average",
        "memory:quick", "memory:expert", "perfect")
    assert entrants("fluster") == ("random", "wordsmith")


def test_every_table_seats_different_bots_and_every_bot_sits_in_every_seat() -> None:
    bots = entrants("fliegen-klatschen")
    chosen = tables(bots, 3)
    assert len(chosen) == 35 and all(len(set(t)) == 3 for t in chosen)
    seats = Counter((seat, bot) for table in chosen for seat, bot in enumerate(table))
    assert {bot for _, bot in seats} == set(bots) and len(seats) == 3 * len(bots)
    with pytest.raises(OptionError, match="2 to 2 different bots"):
        tables(entrants("fluster"), 3)


def test_a_ladder_study_is_a_study_of_its_tables() -> None:
    study = plan_ladder("by-golly", 2, games=5, seed=1, options={"last_card": "protected"})
    assert len(study.cells) == 28 and study.games == 5
    assert study.cells[0].key == "p2-random,memory:child-last_card=protected"


def test_a_bot_that_always_wins_gets_the_top_rating() -> None:
    games = []
    for i in range(60):
        bots = ("always", "sometimes", "never")[i % 3:] + ("always", "sometimes", "never")[:i % 3]
        order = [bots.index(b) for b in ("always", "sometimes", "never")]
        # "always" wins; "sometimes" beats "never" two games in three.
        if i % 3 == 2:
            order[1], order[2] = order[2], order[1]
        games.append(row([order[0]], bots=bots, game=i))
        games[-1]["ranks"] = [order.index(seat) + 1 for seat in range(3)]
    rated = ratings(games)
    assert [r["bot"] for r in rated] == ["always", "sometimes", "never"]
    assert rated[0]["low"] > rated[1]["high"]  # clearly on top, uncertainty and all
    assert all(r["games"] == 60 and r["sigma"] > 0 for r in rated)
    assert ratings([row([0])]) == []  # one bot: nothing to rate


def three_seat_games(bots: tuple[str, str, str], count: int = 120) -> list[GameRow]:
    """Games of three seats whose finishing orders come from a fixed seed (the same for
    any names): the first seat's bot is usually best, the third's is usually last."""
    rng = random.Random(12)
    games = []
    for i in range(count):
        order = sorted(range(3), key=lambda seat: rng.gauss((0.0, 0.6, 0.9)[seat], 1.0))
        ranks = [order.index(seat) + 1 for seat in range(3)]
        games.append(row([order[0]], bots=bots, game=i))
        games[-1]["ranks"] = ranks
    return games


def test_a_bot_in_two_seats_is_rated_as_two_players_then_combined() -> None:
    # `expert` in seats 0 and 2 of every game (as `--bots expert,random,expert` seats it)
    # is rated exactly as two bots of different names would be, then made one.
    same = ratings(three_seat_games(("expert", "random", "expert")))
    named = {r["bot"]: r for r in ratings(three_seat_games(("expert#0", "random", "expert#1")))}
    by_bot = {r["bot"]: r for r in same}
    assert by_bot["random"] == named["random"]
    parts = [(named[n]["mu"], named[n]["sigma"]) for n in ("expert#0", "expert#1")]
    assert by_bot["expert"] == pytest.approx(combine("expert", parts, games=120))
    # A game counts once, however many seats the bot took.
    assert by_bot["expert"]["games"] == by_bot["random"]["games"] == 120


def test_the_help_s_expert_against_random_counts_games_not_seats() -> None:
    games = [row([0] if i % 3 else [2], bots=("expert", "random", "random", "random"), game=i)
             for i in range(40)]
    rated = {r["bot"]: r for r in ratings(games)}
    assert rated["random"]["games"] == rated["expert"]["games"] == 40
    assert rated["expert"]["mu"] > rated["random"]["mu"]


def test_the_ladder_command_rates_every_bot(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    done = subprocess.run([sys.executable, "-m", "gamenight.cli", "study", "by-golly",
                           "--ladder", "--players", "2", "--games", "2", "--seed", "3",
                           "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert len(summary["cells"]) == 28 and summary["games"] == 56
    assert {r["bot"] for r in summary["ratings"]} == set(entrants("by-golly"))
    report = (out / "report.html").read_text()
    assert "Skill: who is stronger" in report and "the bots&#x27; ratings" in report
    # 28 tables, folded: the page opens with the answers, not with 28 plots.
    assert report.count("<details") == 28 and report.index("Summary") < report.index("<details")
