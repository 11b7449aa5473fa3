"""The bot interface and the reaction-time model."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.bots import LEVELS, Bot, Clock, ReactionModel, make_bot, parse_bot_spec
from gamenight.bots.base import Wait
from gamenight.engine import GameState, OptionError, View
from gamenight.games import get_game
from gamenight.sim.runner import play_out, run_window

from .toy import DICE_DUEL


def test_average_level_matches_the_adult_mean_simple_reaction_time() -> None:
    model = LEVELS["average"]
    rng = random.Random(1)
    times = [model.simple(rng) for _ in range(20000)]
    # Woods et al. 2015: about 230 ms.
    assert statistics.fmean(times) == pytest.approx(230, abs=3)
    assert all(t >= 0 for t in times)


def test_choice_cost_follows_hicks_law() -> None:
    model = ReactionModel(mu=200, sigma=0.0001, tau=0.0001, a=40, b=150)
    assert model.choice_cost(0) == 0
    assert model.choice_cost(1) == pytest.approx(40 + 150)
    assert model.choice_cost(7) == pytest.approx(40 + 150 * 3)
    assert model.choice_cost(8) == pytest.approx(40 + 150 * math.log2(9))


def test_levels_get_faster_in_order_and_hick_slopes_are_150_to_200() -> None:
    means = [m.mean_simple for m in LEVELS.values()]
    assert means == sorted(means, reverse=True)
    assert all(150 <= m.b <= 200 for m in LEVELS.values())


def test_bot_specs_parse_and_bad_ones_are_refused() -> None:
    assert parse_bot_spec("sharp:expert:error=0.1") == ("sharp", "expert", {"error": "0.1"})
    assert parse_bot_spec("random") == ("random", "average", {})
    game = get_game("fliegen-klatschen")
    with pytest.raises(OptionError, match="no bot"):
        make_bot(game, "genius", 0, 0)
    with pytest.raises(OptionError, match="level"):
        make_bot(game, "sharp:lightning", 0, 0)
    with pytest.raises(OptionError, match="error"):
        make_bot(game, "sharp:average:error=2", 0, 0)


class Spy(Bot):
    """Records what it is given and plays like the random bot."""

    name = "spy"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.seen: list[tuple[Any, Any, Clock]] = []

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        self.seen.append((view, legal, clock))
        return self.rng.choice(legal)


def test_a_bot_receives_only_plain_view_data_never_the_state() -> None:
    game = get_game("fliegen-klatschen")
    spies = [Spy(0, 1), Spy(1, 2)]
    state = game.new(2, seed=3, remove=60)
    play_out(state, spies)
    for spy in spies:
        assert spy.seen
        for view, legal, clock in spy.seen:
            json.dumps(view)  # plain data only
            assert view["seat"] == spy.seat
            assert not any(isinstance(v, GameState) for v in view.values())
            assert isinstance(clock, Clock)
            assert all(state.game.parse_action(str(a)) == a for a in legal)


def test_bots_choose_a_timed_simultaneous_decision_at_their_own_moments() -> None:
    state = DICE_DUEL.new(3, 11, rounds=6, deadline_ms=100)
    bots = [make_bot(DICE_DUEL, "random", seat, seat) for seat in range(3)]
    play_out(state, bots)
    assert state.is_over
    bids = [step for step in state.history if step.seat is not None
            and step.value.startswith(("bid", "pass"))]
    assert len(bids) == 6 * 3  # every seat chose once a round
    times = [step.at_ms for step in bids]
    assert all(t is not None and 0.0 <= t <= 100.0 for t in times)
    assert len(set(times)) > 3  # random moments, not all at the opening


def test_a_bot_waiting_past_the_deadline_passes_at_it() -> None:
    class Sleeper(Bot):
        name = "sleeper"

        def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
            return Wait(clock.now_ms + 500)

    state = DICE_DUEL.new(2, 3, rounds=1, deadline_ms=100)
    bots: list[Bot] = [Sleeper(0), make_bot(DICE_DUEL, "random", 1, 1)]
    state.draw_chance()
    run_window(state, bots)
    mine = [step for step in state.history if step.seat == 0]
    assert [(step.value, step.at_ms) for step in mine] == [("pass", 100.0)]
