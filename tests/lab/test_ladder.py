"""The ladder: every bot and level at mixed tables, rated with OpenSkill."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from gamenight.engine import OptionError
from gamenight.lab.ladder import entrants, plan_ladder, ratings, tables
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
    assert "Ladder: who is stronger" in report and "the bots&#x27; ratings" in report
