"""The ``collector``'s levels and its adaptive level (docs/bots.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

import pytest
from scipy.stats import binomtest

from gamenight.bots.base import Bot, Clock, Wait, make_bot
from gamenight.bots.driver import BotDriver
from gamenight.bots.levels import LEVELS
from gamenight.engine import View
from gamenight.engine.seeding import derive_seed
from gamenight.games.superfly.bots import (
    MARGIN_MS,
    SHARE_PULL,
    SKILL,
    START_SKILL,
    CollectorBot,
    SwatWatch,
)
from gamenight.games.superfly.rules import GAME
from gamenight.games.superfly.views import SeatView
from gamenight.sim.runner import make_bots, play_out


def test_each_level_thinks_its_choices_through_more_often_than_the_one_below() -> None:
    skills = [SKILL[level] for level in LEVELS]
    assert skills == sorted(skills) and len(set(skills)) == len(skills) and skills[-1] == 1.0
    assert [CollectorBot(1, 0, level).skill for level in LEVELS] == skills


@pytest.mark.slow
def test_an_expert_collector_beats_two_children() -> None:
    games, sole = 45, 0
    for i in range(games):
        seed = derive_seed("sf-expert-vs-children", i)
        seat = i % 3
        specs = ["collector:child"] * 3
        specs[seat] = "collector:expert"
        outcome = play_out(GAME.new(3, seed), make_bots(GAME, specs, seed)).outcome()
        assert outcome is not None
        sole += outcome.winners == (seat,)
    test = binomtest(sole, games, 1 / 3, alternative="greater")
    print(json.dumps({"expert_sole_wins": sole, "games": games, "p": test.pvalue}))
    assert test.pvalue < 0.01


class SwatsAt(Bot[Any]):
    """A person who swats the first legal fly at a set moment (None: never)."""

    name = "person"

    def __init__(self, at_ms: float | None) -> None:
        super().__init__(0)
        self.at_ms = at_ms

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        if self.at_ms is None or clock.now_ms < self.at_ms:
            return Wait(clock.now_ms + 50 if self.at_ms is None else self.at_ms)
        return legal[-1]


def swat_times(person_at: float | None) -> list[float]:
    """The moments the three adaptive collectors swat at the first signal."""
    state = GAME.new(4, 9)
    while state.acting().kind == "chance":
        state.draw_chance()
    bots: list[Bot[Any] | None] = [SwatsAt(person_at)]
    bots += [make_bot(GAME, "collector:adaptive", seat, seat) for seat in (1, 2, 3)]
    BotDriver(state, bots).run_window()
    moments = {s.seat: s.at_ms for s in state.history if s.seat is not None}
    assert all(isinstance(bot, CollectorBot) and bot.watch is not None
               and bot.watch.paces == ([] if person_at is None else [person_at])
               for bot in bots[1:])
    return [cast(float, moments[seat]) for seat in (1, 2, 3)]


def test_the_adaptive_collector_swats_a_reflex_after_the_person_never_before() -> None:
    # Speed wins nothing in Superfly: the bot never hurries the person.
    for person_at in (300.0, 2500.0):
        for moment in swat_times(person_at):
            assert person_at < moment < person_at + 1000
    deadline = float(GAME.new(4, 9).options["deadline_ms"])
    # A person who does not swat: the bot swats in time all the same.
    assert all(deadline - MARGIN_MS - 1 <= m <= deadline - MARGIN_MS
               for m in swat_times(None))


def turn_seen(round_: int, turn: int, centre: list[int], swat: int | None,
              takes: list[list[int]], tokens: tuple[int, int, int] = (0, 0, 0)) -> SeatView:
    """A view after turn ``turn``, in which the person (seat 0) swatted ``swat``."""
    return cast(SeatView, {
        "round": round_, "tokens": list(tokens), "my_hand": [],
        "last_turn": {"round": round_, "turn": turn, "centre": centre, "eligible": [0, 1, 2],
                      "swats": [swat, None, None], "takes": takes, "swaps": []}})


def holding_red_1_and_2(watch: SwatWatch) -> None:
    """The person (seat 0) takes red 1, then red 2, as a set builder would."""
    watch.see(turn_seen(1, 1, [0, 16, 27], 0, [[0, 0]]))
    watch.see(turn_seen(1, 2, [1, 17, 28], 1, [[0, 1]]))


def test_the_adaptive_collector_measures_how_often_the_person_thinks_a_choice_through() -> None:
    watch = SwatWatch(1, (0,), share=0.5, band=0.0)
    assert watch.skill() == START_SKILL and watch.judged == 0
    holding_red_1_and_2(watch)
    assert watch.judged == watch.agreed == 2
    # Then red 3, yellow 6 and blue 4: only red 3 grows the set (a colour of three).
    for turn in range(3, 13):  # it swats red 3 each time: it thinks it through
        watch.see(turn_seen(1, turn, [2, 17, 27], 2, []))
    assert watch.judged == watch.agreed == 12
    assert watch.skill() > 0.95
    sloppy = SwatWatch(1, (0,), share=0.5, band=0.0)
    holding_red_1_and_2(sloppy)
    for turn in range(3, 13):  # it swats blue 4 or passes: never the fly that helps
        sloppy.see(turn_seen(1, turn, [2, 17, 27], None if turn % 2 else 27, []))
    assert sloppy.judged == 12 and sloppy.agreed == 2 and sloppy.skill() < 0.2
    # It thinks its own choices through as often as the person does; more, to win more.
    assert sloppy.think_chance(turn_seen(1, 13, [2, 17, 27], 27, [])) == pytest.approx(
        sloppy.skill())
    keen = SwatWatch(1, (0,), share=0.8, band=0.0)
    first = turn_seen(1, 1, [0], 0, [])
    first["last_turn"] = None  # the first signal: nothing seen yet
    assert keen.think_chance(first) == pytest.approx(START_SKILL + SHARE_PULL * 0.3)
    # A person whose hand passed to another player holds cards no one saw: not judged.
    swapped = SwatWatch(1, (0,), share=0.5, band=0.0)
    view = turn_seen(1, 1, [0, 16, 27], 0, [[0, 0]])
    view["last_turn"]["swaps"] = [[0, 2]]
    swapped.see(view)
    swapped.see(turn_seen(1, 2, [2, 17, 27], 2, []))
    assert swapped.judged == 1


@pytest.mark.slow
def test_the_adaptive_collector_wins_about_half_against_an_average_collector() -> None:
    score, pairs = 0.0, 0
    for i in range(40):
        seed = derive_seed("sf-adaptive", i)
        specs = ["collector:average"] + ["collector:adaptive"] * 2
        outcome = play_out(GAME.new(3, seed), make_bots(GAME, specs, seed)).outcome()
        assert outcome is not None
        for seat in (1, 2):
            mine, theirs = outcome.ranks[seat], outcome.ranks[0]
            score += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            pairs += 1
    assert 0.3 <= score / pairs <= 0.7

