"""Choices: the legal actions at each decision a seat makes (the branching factor) and
the kinds of action taken, measured on real bot games of every registered game and on
constructed games whose answer is known."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.engine import PASS, GameState
from gamenight.games import GAMES
from gamenight.lab import metrics
from gamenight.lab.choices import PARTS, action_kind, choices, choices_of
from gamenight.lab.length import replay
from tests.lab.bot_games import played
from tests.lab.rows import row

#: A table of every registered game, at three seats (every game seats three).
TABLES = [(game_id, 3) for game_id in GAMES]
SEEDS = (3, 4)


def by_hand(state: GameState[Any]) -> tuple[list[int], list[str]]:
    """The legal actions before each seat's action and the action's class, counted by
    stepping a fresh game of the same seed through the history (nothing of the lab's)."""
    game = state.game
    fresh = game.new(state.players, state.seed, **state.options)
    counts, kinds = [], []
    for step in state.history:
        if step.seat is None:
            fresh.apply_chance(step.value)
            continue
        counts.append(len(fresh.legal_actions(step.seat)))
        kinds.append(type(game.parse_action(step.value)).__name__)
        fresh.apply_text(step.seat, step.value, step.at_ms)
    return counts, kinds


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_real_games_count_every_decisions_legal_actions(game_id: str, players: int) -> None:
    for seed in SEEDS:
        state = played(game_id, players, ("random",), (), seed)
        counts, kinds = by_hand(state)
        found = choices(state)
        assert found == choices_of(counts, kinds)
        # Every action a seat took is counted once, under a kind the game declares.
        assert sum(found["action_kinds"].values()) == sum(
            1 for s in state.history if s.seat is not None)
        declared = {t.__name__ for t in state.game.action_types} | {type(PASS).__name__}
        assert set(found["action_kinds"]) <= declared
        # A seat that acted had something to choose from.
        assert min(counts) >= 1 and found["choices"] is not None
        assert 1 <= found["choices"] <= (found["choices_max"] or 0)


def test_the_choices_move_over_the_game_in_fifths() -> None:
    # Ten decisions, two per fifth: 10, 8, 6, 4, 2 choices on average.
    found = choices_of([11, 9, 9, 7, 7, 5, 5, 3, 3, 1], ["Move"] * 9 + ["Pass"])
    assert found["choices"] == 6.0 and found["choices_max"] == 11
    assert found["choices_by_part"] == [10.0, 8.0, 6.0, 4.0, 2.0]
    assert found["action_kinds"] == {"Move": 9, "Pass": 1}
    # Fewer decisions than parts: the parts without one say so.
    short = choices_of([4, 2], ["Move", "Move"])
    assert len(short["choices_by_part"]) == PARTS
    assert [p for p in short["choices_by_part"] if p is not None] == [4.0, 2.0]
    empty = choices_of([], [])
    assert (empty["choices"], empty["choices_max"], empty["action_kinds"]) == (None, None, {})


def test_an_actions_kind_is_its_class_or_a_texts_first_word() -> None:
    assert action_kind(PASS) == "Pass"
    assert action_kind("call 7") == "call"


def test_the_replay_keeps_each_actions_choices_and_chance_has_none() -> None:
    state = played("fliegen-klatschen", 3, (), (), 3)
    steps = replay(state).steps
    assert all((p.choices is None) == (p.step.seat is None) for p in steps)
    assert all(str(p.action) == p.step.value for p in steps if p.action is not None)


def test_the_summary_gives_the_choices_and_the_kinds_of_action() -> None:
    games = [row([0], game=i, choices=[3, 1, 4, 1, 5], kinds={"Move": 4, "Pass": 1})
             for i in range(10)]
    summary = metrics.summary(games)
    for found in (summary["choices"], summary["cells"][0]["choices"]):
        assert (found["games"], found["decisions"], found["most"]) == (10, 50, 5.0)
        assert found["per_decision"]["mean"] == pytest.approx(2.8)
        assert found["by_part"] == [3.0, 1.0, 4.0, 1.0, 5.0]
        assert [(k["kind"], k["actions"], k["share"], k["per_game"])
                for k in found["kinds"]] == [("Move", 40, 0.8, 4.0), ("Pass", 10, 0.2, 1.0)]
    assert any(line.startswith("Choices: a seat had 2.8 legal actions per decision")
               and "Move 80%, Pass 20%" in line for line in summary["headlines"])
    assert json.loads(json.dumps(summary)) == summary


def test_rows_stored_before_the_choices_were_measured_still_summarise() -> None:
    # A study resumed with --resume-any-version: older rows have no choices (None).
    older = [row([i % 2], game=i) for i in range(6)]
    newer = [row([0], game=6 + i, choices=[2, 2], kinds={"Move": 2}) for i in range(2)]
    found = metrics.summary([*older, *newer])["choices"]
    assert (found["games"], found["decisions"]) == (2, 4)
    assert found["per_decision"]["n"] == 2
    lines = metrics.summary(older)["headlines"]
    assert any(line.startswith("Choices: not measured") for line in lines)
    assert "choices per decision" not in {e["metric"] for e in metrics.option_effects(older)}


def test_an_option_that_changes_the_choices_is_found() -> None:
    games = []
    for i in range(200):
        wide = i % 2 == 1
        games.append(row([i % 2], options={"wide": wide}, cell=f"w{wide}", game=i,
                         choices=[6 + i % 3 if wide else 3 + i % 3] * 5,
                         kinds={"Move": 5}))
    effects = {e["metric"]: e for e in metrics.option_effects(games)}
    change = effects["choices per decision"]
    assert change["question"] == "choices" and change["significant"]
    assert change["difference"] == pytest.approx(3.0, abs=0.1)


def test_the_page_explains_the_choices_and_the_kinds_in_a_sentence_each() -> None:
    from gamenight.lab.plan import plan_study
    from gamenight.lab.report import MEANINGS, render

    games = [row([0], game=i, choices=[3, 1, 4, 1, 5], kinds={"Move": 4, "Pass": 1})
             for i in range(10)]
    page = render(plan_study("by-golly", (2,), games=10, seed=1), metrics.summary(games),
                  games)
    meanings = dict(MEANINGS)
    for name in ("choices per decision", "actions by kind"):
        assert meanings[name].count(". ") == 0 and meanings[name].endswith(".")
        assert f"<strong>{name}</strong>" in page
    assert "<h2 id='choices'>Choices and actions</h2>" in page
    assert "choices per decision in each fifth of a game" in page  # the plot's alt text
    old = [row([0], game=i) for i in range(10)]
    assert "Not measured" in render(plan_study("by-golly", (2,), games=10, seed=1),
                                    metrics.summary(old), old)
