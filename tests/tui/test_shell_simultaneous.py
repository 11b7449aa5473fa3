"""The terminal shell plays a simultaneous decision (the toy dice duel), as a person would."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from textual.pilot import Pilot

from gamenight.bots.base import make_bot
from gamenight.bots.random_bot import RandomBot
from gamenight.engine import PASS, View
from gamenight.tui.app import HUMAN, GameScreen, Pauses, PlayApp
from tests.engine.toy import DICE_DUEL
from tests.tui.bots import Stubborn

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)


class ToyScreen(GameScreen):
    """Records what the shell tells it."""

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self.opened = 0
        self.closed: list[int] = []
        self.messages: list[str] = []

    def window_opened(self) -> None:
        self.opened += 1

    def window_closed(self, start: int) -> None:
        self.closed.append(start)

    def show_message(self, text: str) -> None:
        self.messages.append(text)


def make_app(players: int = 3, seed: int = 5, **options: int) -> PlayApp:
    state = DICE_DUEL.new(players, seed, **options)
    bots = [None] + [make_bot(DICE_DUEL, "random", seat, seed + seat)
                     for seat in range(1, players)]
    names = [f"seat {seat}" for seat in range(players)]
    return PlayApp(DICE_DUEL, state, bots, names, pauses=NO_PAUSE, screen_factory=ToyScreen)


def screen_of(app: PlayApp) -> ToyScreen:
    screen = app.table_screen
    assert isinstance(screen, ToyScreen)
    return screen


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


async def test_bots_choose_in_secret_and_the_person_closes_the_decision() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.deciding)
        state = app.state
        # Both bots have chosen already; only the person is still asked.
        assert state.acting().seats == (HUMAN,)
        assert screen_of(app).opened == 1
        start = app.window_start
        assert [step.seat for step in state.history[start:]] == [1, 2]
        assert "my_bid" not in state.view(HUMAN)  # their bids are not shown to the person
        assert app.human_act("bid 3")
        assert screen_of(app).closed == [start]
        assert state.history[start + 2].seat == HUMAN
        assert state.history[start + 2].value == "bid 3"
        assert state.acting().kind == "turn"  # the seat's double-or-stop choice


async def test_an_illegal_choice_is_refused_and_changes_nothing() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.deciding)
        before = app.state.digest()
        assert not app.human_act("bid 9")
        assert app.state.digest() == before
        assert screen_of(app).messages and app.deciding


async def test_a_missed_deadline_is_a_pass_at_the_deadline() -> None:
    app = make_app(deadline_ms=60)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.deciding)
        start = app.window_start
        await until(pilot, lambda: bool(screen_of(app).closed))
        mine = [step for step in app.state.history[start:] if step.seat == HUMAN]
        assert mine[0].value == str(PASS) and mine[0].at_ms == 60.0


async def test_the_person_plays_a_whole_game_of_decisions_and_turns() -> None:
    app = make_app(players=2, rounds=4)
    async with app.run_test() as pilot:
        while not app.state.is_over:
            await until(pilot, lambda: app.deciding or app.my_turn or app.state.is_over)
            if app.deciding:
                assert app.human_act("bid 1")
            elif app.my_turn:
                assert app.human_act("stop")
        assert len(screen_of(app).closed) == 4  # one decision a round
        assert app.state.outcome() is not None


async def test_a_bot_with_a_memory_sees_the_table_after_every_step() -> None:
    class Watcher(RandomBot):
        def __init__(self, seat: int) -> None:
            super().__init__(seat, 1)
            self.seen: list[View] = []

        def observe(self, view: View) -> None:
            self.seen.append(view)

    app = make_app(players=2, rounds=2)
    watcher = Watcher(1)
    app.bots[1] = watcher
    async with app.run_test() as pilot:
        while not app.state.is_over:
            await until(pilot, lambda: app.deciding or app.my_turn or app.state.is_over)
            if app.deciding:
                assert app.human_act("bid 0")
            elif app.my_turn:
                assert app.human_act("stop")
        # Its own seat's view each time: the rolled die, and at the end the final round.
        assert watcher.seen and all("my_bid" not in v or v["my_bid"] is not None
                                    for v in watcher.seen)
        assert watcher.seen[-1] == app.state.view(1)
        assert {v["round"] for v in watcher.seen} == {0, 1, 2}


async def test_a_bot_that_always_waits_for_now_passes_at_the_deadline() -> None:
    # The shell used to ask such a bot again at the same moment for ever, and hung.
    app = make_app(players=2, deadline_ms=80)
    stubborn = Stubborn(1)
    app.bots[1] = stubborn
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.deciding)
        start = app.window_start
        await until(pilot, lambda: bool(screen_of(app).closed))
        theirs = [(step.value, step.at_ms) for step in app.state.history[start:]
                  if step.seat == 1]
        assert theirs == [(str(PASS), 80.0)]
        # Asked at moments that move on, never past the deadline.
        moments = stubborn.asked[start]
        assert moments[0] == 0.0 and moments[-1] <= 80.0
        assert all(b > a for a, b in itertools.pairwise(moments))
