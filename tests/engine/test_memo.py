"""``engine.memo``: the one place caches live.

A memo makes a view part once a step (``of_step``) or once for what it is made from
(``kept``), freezes it, and makes it again when the step or the source changes; the
games' frequent values (events, who acts) are made once for good (``made_once``,
``latest``).  These tests play real games to the points where a stale part would show.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamenight.engine import (
    BY_CHANCE,
    NOBODY,
    Acting,
    ReadOnlyViewError,
    simultaneous,
    turn_of,
    window_of,
)
from gamenight.engine.game import GameState
from gamenight.engine.memo import Memo, latest, made_once
from gamenight.games import GAMES
from tests.engine.same_state import attribute_names
from tests.engine.test_redaction import new_game, random_play


def played(game_id: str, steps: int, seed: int = 3) -> GameState[Any]:
    """A game of ``game_id`` played at random for ``steps`` steps (fewer if it ends)."""
    game = GAMES[game_id]
    state = new_game(game, min(game.max_players, game.min_players + 2), seed)
    random_play(state, random.Random(seed), steps)
    return state


class Maker:
    """A make function that counts its calls and makes a fresh plain list each time."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, source: object = None) -> list[object]:
        self.calls += 1
        return [self.calls, [source]]


def test_a_part_is_made_once_a_step_and_again_at_the_next() -> None:
    state = played("by-golly", 5)
    memo, make = Memo(), Maker()
    first = memo.of_step(state.history, "table", make)
    assert memo.of_step(state.history, "table", make) is first and make.calls == 1
    random_play(state, random.Random(1), len(state.history) + 1)
    again = memo.of_step(state.history, "table", make)
    assert make.calls == 2 and again is not first


def test_a_step_taken_back_and_taken_again_is_a_new_step() -> None:
    """The same number of steps is not the same step: a step taken back and another
    taken in its place (a search's undo) shows the new step, not the old one's part."""
    state = played("superfly", 40)
    memo, make = Memo(), Maker()
    made = memo.of_step(state.history, "table", make)
    last = state.history.pop()
    state.history.append(type(last)(*last))  # equal to the step taken back, not it
    assert memo.of_step(state.history, "table", make) is not made and make.calls == 2


def test_a_kept_part_is_made_again_only_when_its_source_changes() -> None:
    memo, make = Memo(), Maker()
    hand = memo.kept(0, (3, 7), make)
    assert memo.kept(0, tuple(range(3, 8, 4)), make) is hand  # (3, 7) again: the same part
    assert make.calls == 1
    other = memo.kept(1, (3, 7), make)  # another key: a part of its own
    assert other is not hand and make.calls == 2
    changed = memo.kept(0, (3, 7, 9), make)
    assert changed == [3, [(3, 7, 9)]] and make.calls == 3
    assert memo.last(0) is changed and memo.last("nothing") is None


def test_what_a_memo_keeps_is_frozen_all_the_way_down() -> None:
    memo = Memo()
    part: dict[str, Any] = memo.kept(
        "cards", (1, 2), lambda cards: {"cards": list(cards), "of": [cards]})
    with pytest.raises(ReadOnlyViewError):
        part["cards"].append(3)
    with pytest.raises(ReadOnlyViewError):
        part["of"][0] = None
    with pytest.raises(ReadOnlyViewError):
        part["new"] = 1
    step: list[dict[str, int]] = memo.of_step([], "table", lambda: [{"a": 1}])
    with pytest.raises(ReadOnlyViewError):
        step[0]["a"] = 2


def test_a_copy_shares_what_was_made_and_fills_its_own_from_then_on() -> None:
    memo, make = Memo(), Maker()
    part = memo.kept("hand", (1,), make)
    twin = memo.copy()
    assert twin.kept("hand", (1,), make) is part and make.calls == 1
    twin.kept("hand", (2,), make)
    assert memo.kept("hand", (1,), make) is part and make.calls == 2


def test_memos_are_alike_whatever_they_hold() -> None:
    """A memo holds nothing of the game, so states compared field by field (a resample
    against its replay) are alike with different caches; a memo is no dict key."""
    full = Memo()
    full.kept("hand", (1,), Maker())
    assert full == Memo() and full != {}
    with pytest.raises(TypeError):
        hash(full)


def test_made_once_keeps_every_answer_and_latest_the_latest_ones() -> None:
    made: list[tuple[int, int]] = []

    def pair(a: int, b: int) -> tuple[int, int]:
        made.append((a, b))
        return (a, b)

    once = made_once(pair)
    assert once(1, 2) is once(1, 2) and made == [(1, 2)]
    few = latest(2)(pair)
    few(5, 5), few(6, 6), few(5, 5), few(7, 7)  # 6 is the least recently asked: gone
    made.clear()
    few(5, 5), few(6, 6)
    assert made == [(6, 6)]


def test_who_acts_is_made_once_and_is_what_it_says() -> None:
    assert turn_of(3) is turn_of(3) and turn_of(3) == Acting("turn", (3,))
    assert simultaneous((0, 2), 5000) is simultaneous((0, 2), 5000.0)
    assert simultaneous((0, 2), 5000) == Acting("simultaneous", (0, 2), 5000.0)
    assert type(simultaneous((1,), 7).deadline_ms) is float
    assert simultaneous((0, 1)) == Acting("simultaneous", (0, 1))
    assert window_of((1, 2), 3000) == Acting("window", (1, 2), 3000.0)
    assert Acting("chance") == BY_CHANCE and Acting("over") == NOBODY


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_fills_a_memo_of_its_own(game_id: str) -> None:
    """A state keeps its views' parts in one memo at most, and its clone a copy: the
    clone, played on and shown to every seat, leaves the original's views as they were
    (the parts it made at its later steps are its own), and shows at first what the
    original shows."""
    for seed in range(6):
        state = played(game_id, 30 + 25 * seed, seed)
        seats = [None, *range(state.players)]
        views = [state.view(seat) for seat in seats]
        memos = [name for name in attribute_names(state)
                 if isinstance(getattr(state, name), Memo)]
        assert len(memos) <= 1
        twin = state.clone()
        for name in memos:
            assert getattr(twin, name) is not getattr(state, name)
        assert [twin.view(seat) for seat in seats] == views
        random_play(twin, random.Random(seed), len(twin.history) + 9)
        [twin.view(seat) for seat in seats]
        assert [state.view(seat) for seat in seats] == views
