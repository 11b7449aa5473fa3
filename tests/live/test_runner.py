"""The one table loop (``live.runner.TableRunner``) on a simulated clock: a bot's pause, a
decision's bots at their moments, a person's key placed after the bots due before it, a
held table, a stopped one, and, with bots in every seat, the very game the simulator plays.

Nothing here sleeps: time is a ``ManualScheduler`` that moves when the test moves it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from gamenight.bots.base import Bot, Clock, Wait, make_bot
from gamenight.bots.driver import BotDriver
from gamenight.engine import PASS, Acting, GameState, IllegalAction, View
from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES, get_game
from gamenight.live import (
    ManualScheduler,
    Pauses,
    TableRunner,
    WindowNotOpenError,
)


class Host:
    """A table host that records what it is told and opens every window at once."""

    def __init__(self) -> None:
        self.shown = 0
        self.closed: list[int] = []
        self.over = False
        self.start: Callable[[], None] | None = None
        self.open_at_once = True

    def show_table(self) -> None:
        self.shown += 1

    def window_may_open(self, acting: Acting) -> bool:
        return True

    def window_opening(self, start: Callable[[], None]) -> None:
        self.start = start
        if self.open_at_once:
            start()

    def window_closed(self, start: int) -> None:
        self.closed.append(start)

    def game_over(self) -> None:
        self.over = True

    def grace_ms(self) -> float:
        return 0.0


class ChoosesAt(Bot[Any]):
    """In a decision, takes its first legal action other than a pass at ``at_ms``."""

    name = "chooses-at"

    def __init__(self, seat: int, at_ms: float) -> None:
        super().__init__(seat)
        self.at_ms = at_ms

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        if clock.in_window and clock.now_ms < self.at_ms:
            return Wait(self.at_ms)
        return next((a for a in legal if a != PASS), legal[0])


def superfly_table(bots: list[Bot[Any] | None], pauses: Pauses | None = None
                   ) -> tuple[TableRunner, Host, ManualScheduler]:
    state = get_game("superfly").new(len(bots), 5)
    host, scheduler = Host(), ManualScheduler()
    return TableRunner(state, bots, host, scheduler, pauses or Pauses.none()), host, scheduler


def deciding(runner: TableRunner) -> bool:
    return runner.state.acting().kind == "simultaneous" and runner.window is not None


def test_a_bots_turn_waits_its_pause_on_the_tables_clock() -> None:
    game = get_game("by-golly")
    state = game.new(2, 3)
    bots: list[Bot[Any] | None] = [make_bot(game, "random", s, s) for s in range(2)]
    host, scheduler = Host(), ManualScheduler()
    runner = TableRunner(state, bots, host, scheduler, Pauses(turn_s=0.9, after_window_s=1.2))
    runner.advance()
    steps = len(state.history)
    assert state.acting().kind == "turn" and runner.pausing
    scheduler.advance(0.89)
    assert len(state.history) == steps, "the bot moved before its pause was over"
    scheduler.advance(0.02)
    assert len(state.history) > steps
    assert host.shown >= 2


def test_a_decisions_bots_choose_at_their_moments_and_the_rest_pass_at_the_deadline() -> None:
    runner, host, scheduler = superfly_table([None, ChoosesAt(1, 700.0), ChoosesAt(2, 700.0)],
                                             Pauses(turn_s=0.0, after_window_s=1.0))
    runner.advance()
    assert deciding(runner)
    opened = runner.window
    state = runner.state
    steps = len(state.history)
    scheduler.advance(0.69)
    assert len(state.history) == steps
    scheduler.advance(0.02)
    chosen = state.history[steps:]
    assert [(s.seat, s.at_ms) for s in chosen] == [(1, 700.0), (2, 700.0)]
    deadline_ms = state.acting().deadline_ms
    assert deadline_ms is not None
    deadline_s = deadline_ms / 1000.0
    scheduler.run_until(deadline_s - 0.001)
    assert runner.window == opened and not host.closed, "closed before its deadline"
    scheduler.run_until(deadline_s + 0.005)
    assert host.closed == [opened] and runner.window is None
    # The dice that follow the choices at once were drawn before the close was shown,
    # and the next swat waits for the pause after the window.
    assert state.acting().kind == "simultaneous" and runner.pausing


def test_a_persons_key_is_placed_after_the_bots_due_before_it() -> None:
    # The event loop was busy: the bot's timer at 300 ms had not fired when the person's
    # key came at 500 ms.  The bot still chooses first, at its own moment.
    runner, _, scheduler = superfly_table([None, ChoosesAt(1, 300.0), ChoosesAt(2, 900.0)])
    runner.advance()
    state = runner.state
    steps = len(state.history)
    scheduler.stall(0.5)
    person = next(a for a in state.legal_actions(0) if a != PASS)
    runner.act(0, person)
    assert [(s.seat, s.at_ms) for s in state.history[steps:]] == [(1, 300.0), (0, 500.0)]


def test_a_key_before_the_window_is_shown_is_stale_and_after_its_deadline_too_late() -> None:
    runner, host, scheduler = superfly_table([None, ChoosesAt(1, 100.0), ChoosesAt(2, 100.0)])
    host.open_at_once = False  # shown, but not yet in front of the person
    runner.advance()
    state = runner.state
    move = next(a for a in state.legal_actions(0) if a != PASS)
    with pytest.raises(WindowNotOpenError):
        runner.act(0, move)
    assert host.start is not None
    host.start()
    scheduler.stall(6.0)  # past the deadline, the expiry's timer not run yet
    steps = len(state.history)
    with pytest.raises(IllegalAction, match="too late"):
        runner.act(0, move)
    # The bots' choices, due before the deadline, were taken all the same.
    assert [s.seat for s in state.history[steps:]] == [1, 2]


def test_holding_stops_a_decisions_clock_and_its_bots() -> None:
    runner, _, scheduler = superfly_table([None, ChoosesAt(1, 700.0), ChoosesAt(2, 700.0)])
    runner.advance()
    state = runner.state
    steps = len(state.history)
    scheduler.advance(0.2)
    runner.hold()
    scheduler.advance(60.0)
    assert len(state.history) == steps and runner.window_ms() == pytest.approx(200.0)
    runner.release()
    scheduler.advance(0.49)
    assert len(state.history) == steps
    scheduler.advance(0.02)
    assert [s.at_ms for s in state.history[steps:]] == [700.0, 700.0]


def test_a_held_table_takes_no_bot_turn_until_released() -> None:
    game = get_game("by-golly")
    state = game.new(2, 3)
    bots: list[Bot[Any] | None] = [make_bot(game, "random", s, s) for s in range(2)]
    scheduler = ManualScheduler()
    runner = TableRunner(state, bots, Host(), scheduler, Pauses(turn_s=1.0, after_window_s=0))
    runner.advance()
    steps = len(state.history)
    runner.hold()
    scheduler.advance(30.0)
    assert len(state.history) == steps
    runner.release()
    assert len(state.history) > steps


def test_a_stopped_table_leaves_nothing_running() -> None:
    runner, _, scheduler = superfly_table([None, ChoosesAt(1, 700.0), ChoosesAt(2, 700.0)])
    runner.advance()
    steps = len(runner.state.history)
    runner.stop()
    scheduler.advance(60.0)
    assert len(runner.state.history) == steps and scheduler.pending == 0


def bots_for(game_id: str, state: GameState[Any], seed: int) -> list[Bot[Any] | None]:
    game = get_game(game_id)
    return [make_bot(game, game.default_bot, s, derive_seed(seed, s))
            for s in range(state.players)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_with_bots_in_every_seat_the_live_table_plays_the_simulators_game(
        game_id: str) -> None:
    """The live loop asks the bots at the same moments, in the same order, as the
    simulator's: on a simulated clock, the same seeds make the same game, step for step
    (whatever the pauses: they move no bot's moment in a window)."""
    game = get_game(game_id)
    players = max(game.min_players, 3) if game_id != "fluster" else 2
    simulated = game.new(players, 11)
    BotDriver(simulated, bots_for(game_id, simulated, 11)).play_to_end()

    live = game.new(players, 11)
    host, scheduler = Host(), ManualScheduler()
    runner = TableRunner(live, bots_for(game_id, live, 11), host, scheduler,
                         Pauses(turn_s=0.9, after_window_s=1.2))
    runner.advance()
    while not host.over:
        due = scheduler.next_at()
        assert due is not None, "the live table stopped before the end"
        scheduler.run_until(due)
    assert live.history == simulated.history
    assert live.outcome() == simulated.outcome()
