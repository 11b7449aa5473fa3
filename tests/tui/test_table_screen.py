"""The shared frame of a table screen (``TableScreen``), on the toy dice duel."""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from textual import events
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.widgets import Log, Static

from gamenight.bots.base import Bot, Clock
from gamenight.engine import View
from gamenight.engine.events import Event
from gamenight.tui.app import Pauses, PlayApp
from gamenight.tui.table import TableScreen
from tests.engine.toy import DICE_DUEL

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)


class DuelScreen(TableScreen):
    """Only the shared parts: b bids 1 in a decision, s stops on a turn."""

    TICK_S = 0.01

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self.ticks: list[str] = []  # what was acting at each tick
        self.keys: list[str] = []
        self.q_is_a_letter = False

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="message")
        yield Log(id="log")
        yield Static(id="results")
        yield Static("[b]b[/b] bid 1   [b]s[/b] stop   [b]q[/b] quit", id="help")

    def refresh_table(self) -> None:
        self.query_one("#status", Static).update(f"round {self.view()['round']}")
        self.follow_log()

    def tick(self) -> None:
        self.ticks.append(self.table.state.acting().kind)

    def game_over(self) -> None:
        self.show_results(("Score",), lambda seat: (self.score(seat),))

    def quits(self, event: events.Key) -> bool:
        return super().quits(event) and not (self.q_is_a_letter and event.key == "q")

    def table_key(self, event: events.Key) -> None:
        self.keys.append(event.key)
        if event.key in ("b", "s"):
            self.table.human_act("bid 1" if event.key == "b" else "stop")


class DuelBot(Bot):
    """Bids nothing and stops: the person's bid of 1 wins every round."""

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        return "bid 0" if "bid 0" in legal else "stop"


def make_app(rounds: int = 2) -> PlayApp:
    state = DICE_DUEL.new(2, 3, rounds=rounds)
    return PlayApp(DICE_DUEL, state, [None, DuelBot(1)], ["seat 0", "seat 1"],
                   pauses=NO_PAUSE, screen_factory=DuelScreen)


def screen_of(app: PlayApp) -> DuelScreen:
    screen = app.table_screen
    assert isinstance(screen, DuelScreen)
    return screen


def text_of(app: PlayApp, selector: str) -> str:
    console = Console(width=120, file=io.StringIO(), record=True)
    console.print(app.screen.query_one(selector, Static).content)
    return console.export_text()


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


async def play_out(pilot: Pilot[None], app: PlayApp) -> None:
    while not app.state.is_over:
        await until(pilot, lambda: app.deciding or app.my_turn or app.state.is_over)
        if app.deciding:
            await pilot.pause(0.05)  # let the countdown tick while the decision is open
            await pilot.press("b")
        elif app.my_turn:
            await pilot.press("s")


async def test_the_ticker_runs_only_while_a_window_is_open_and_the_results_show() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await play_out(pilot, app)
        screen = screen_of(app)
        assert "simultaneous" in screen.ticks
        ticked = len(screen.ticks)
        await pilot.pause(0.05)
        assert len(screen.ticks) == ticked  # stopped when the last decision closed
        assert app.screen.query_one("#results", Static).display
        results = text_of(app, "#results")
        outcome = app.state.outcome()
        assert outcome is not None and outcome.winners == (0,)
        first, second = (line for line in results.splitlines() if line.startswith("│ seat"))
        assert "seat 0 ★" in first and f"{outcome.scores[0]:g}" in first
        assert "seat 1" in second and "★" not in second
        assert "Winner: seat 0" in results and "q to quit" in results
        assert text_of(app, "#help").strip() == "q quit"


@dataclass(frozen=True, slots=True)
class Said(Event):
    """A line of narration; ``only`` keeps it from every seat but that one."""

    line: str
    only: int | None = None

    def seen_by(self, seat: int | None) -> Event | None:
        return self if self.only is None or seat == self.only else None

    def text(self) -> str:
        return self.line


async def test_the_log_gets_each_new_line_once_and_only_what_the_person_may_know() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.deciding)
        app.state.emit(Said("first"))
        app.table_screen.refresh_table()
        app.state.emit(Said("a secret of seat 1", only=1))
        app.state.emit(Said("second"))
        app.state.emit(Said("a secret of the person", only=0))
        app.table_screen.refresh_table()
        app.table_screen.refresh_table()
        assert list(app.screen.query_one("#log", Log).lines) == \
            ["first", "second", "a secret of the person"]


async def test_q_and_escape_leave_unless_the_screen_takes_q_as_a_letter() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.deciding)
        screen_of(app).q_is_a_letter = True
        await pilot.press("q")
        assert screen_of(app).keys == ["q"] and app.is_running
        screen_of(app).q_is_a_letter = False
        await pilot.press("q")
        assert screen_of(app).keys == ["q"]
    assert app.return_code == 0
