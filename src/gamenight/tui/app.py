"""The terminal app shell: one person against bots, in real time.

The shell is game-agnostic.  It drives the game through the engine's interface only
(``acting``, ``legal_actions``, ``apply``, ``expire_window``, ``view``): chance is drawn
at once, bots take their turns after a short pause so a person can follow, and a
reaction window runs against the wall clock.  Each game brings its own screen
(``gamenight.games.<package>.screen.make_screen``) that draws the table and turns keys
into actions; the screen never decides a rule, it asks the state.  A ``GameScreen`` is
all the shell needs; the games build on ``tui.table.TableScreen``, which adds what every
table shares (status and message lines, the log, the results, quit keys, a countdown's
ticker), so a game's screen holds only its own drawing and keys.

Bots are driven by the one bot driver (``bots.driver.BotDriver``) on a real clock.
Timing in a window: the clock starts when the screen showing the new card has been
painted (all seats see it at that instant).  A person's action is stamped with the
time since then; a bot is asked at the times it asks for (``Wait``, moving time on by
the driver's Wait rule) and its action is stamped with that time, so a late-firing
timer never makes a bot slower than its reaction model.  Due bot moves are always
applied in time order, before a person's later key press, so the state each actor sees
is the state at its moment.

Simultaneous decisions (the choosers choose in secret, then the choices resolve
together) run the same way as a window: the clock starts once painted, each bot chooses
at the moment its model asks for (the game keeps its choice secret, so nobody profits
from choosing early), the person chooses by key, and the seats still choosing pass at
the deadline, if the decision has one.  Once the choices resolve, the chance outcomes
that follow at once (Superfly's dice) are drawn before the screen is told
(``window_closed``), so it can show the whole resolution.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.timer import Timer

from gamenight.bots.base import Bot, make_bot
from gamenight.bots.driver import BotDriver, RealClock
from gamenight.engine import Game, GameState, IllegalAction
from gamenight.engine.seeding import derive_seed

HUMAN = 0  # the person always plays seat 0
#: The shortest timer the table sets to wake the bots in a window, in seconds.
MIN_TIMER_S = 0.01


@dataclass(frozen=True, slots=True)
class Pauses:
    """Seconds the table waits so a person can follow (tests set them to 0)."""

    turn: float = 0.9  # before a bot takes its turn
    after_window: float = 1.5  # after a reaction window closes, to see who won what


class GameScreen(Screen[None]):
    """What a game's screen offers the shell; the shell calls these as play goes on."""

    def __init__(self, table: PlayApp) -> None:
        super().__init__()
        self.table = table

    def refresh_table(self) -> None:
        """Redraw everything from the state."""

    def show_message(self, text: str) -> None:
        """Tell the person something (an illegal key, a hint)."""

    def window_opened(self) -> None:
        """A reaction window, or a simultaneous decision the person is in, has just
        opened (its clock starts once this is painted)."""

    def window_closed(self, start: int) -> None:
        """The window or simultaneous decision that began at ``state.history[start]``
        has closed and resolved (with the chance outcomes that followed at once)."""

    def game_over(self) -> None:
        """The game has ended: show the results."""


class PlayApp(App[None]):
    """One game: the person at seat 0, bots at the other seats."""

    TITLE = "gamenight"

    def __init__(
        self,
        game: Game,
        state: GameState[Any],
        bots: Sequence[Bot[Any] | None],
        seat_names: Sequence[str],
        *,
        pauses: Pauses | None = None,
        clock: Callable[[], float] = time.monotonic,
        screen_factory: Callable[[PlayApp], GameScreen] | None = None,
    ) -> None:
        super().__init__()
        self.screen_factory = screen_factory
        self.game = game
        self.state = state
        self.bots = list(bots)
        self.seat_names = list(seat_names)
        self.pauses = pauses or Pauses()
        self.clock = clock
        # The bots, on the wall clock of the open window (started once it is painted).
        self.driver = BotDriver(state, self.bots, RealClock(clock))
        # The open window: a generation number that outdates old timers, and its first
        # history index.
        self._gen = 0
        self.window_start = 0
        self._timer: Timer | None = None
        self._busy = False  # a bot's turn or a pause after a window is pending
        self.screen_view: GameScreen | None = None

    # -- lifecycle ----------------------------------------------------------------------
    def on_mount(self) -> None:
        make_screen = self.screen_factory or self.game.screen()
        screen: GameScreen = make_screen(self)
        self.screen_view = screen
        self.push_screen(screen)
        self.call_after_refresh(self.advance)

    @property
    def table_screen(self) -> GameScreen:
        assert self.screen_view is not None
        return self.screen_view

    def advance(self) -> None:
        """Play on until the person must act, a bot's pause starts, or a window opens."""
        state = self.state
        while True:
            self.driver.show()
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
                continue
            self.table_screen.refresh_table()
            if acting.kind == "over":
                self.table_screen.game_over()
            elif acting.kind == "turn":
                seat = acting.seats[0]
                if seat != HUMAN:
                    self._busy = True
                    self._after(self.pauses.turn, self._bot_turn)
            else:  # a reaction window or a simultaneous decision
                self._open_window()
            return

    def _after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after a pause (for 0: at once, after pending messages)."""
        if seconds > 0:
            self.set_timer(seconds, callback)
        else:
            self.call_later(callback)

    def _bot_turn(self) -> None:
        self._busy = False
        acting = self.state.acting()
        if acting.kind != "turn" or acting.seats[0] == HUMAN:
            return
        self.driver.take_turn()
        self.advance()

    # -- the person ------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        acting = self.state.acting()
        return acting.kind == "turn" and acting.seats == (HUMAN,) and not self._busy

    @property
    def deciding(self) -> bool:
        """True while a simultaneous decision waits for the person's choice."""
        driver = self.driver
        return (driver.kind == "simultaneous" and HUMAN in driver.choosers
                and driver.clock.running and driver.is_open)

    def window_ms(self) -> float | None:
        """Milliseconds since the open window (or decision) was shown; None if none is."""
        clock = self.driver.clock
        return clock.now_ms() if clock.running else None

    def human_act(self, action: Any) -> bool:
        """Take ``action`` for the person; an illegal one shows why and changes nothing."""
        state = self.state
        acting = state.acting()
        at_ms: float | None = None
        timed = acting.kind in ("window", "simultaneous")
        if timed:
            at_ms = self.window_ms()
            if at_ms is None or not self.driver.is_open:
                self.table_screen.show_message("Wait for the table.")
                return False
            # Bots whose moment came before this key press act first.
            self.driver.run_due(min(at_ms, acting.deadline_ms or at_ms))
            if not self.driver.is_open:
                self._window_closed()
                return False
        elif acting.kind == "turn" and acting.seats == (HUMAN,) and self._busy:
            self.table_screen.show_message("Wait a moment.")
            return False
        try:
            if at_ms is None:
                state.apply(HUMAN, action)
            else:
                self.driver.apply(HUMAN, action, at_ms)
        except IllegalAction as error:
            self.table_screen.show_message(str(error))
            return False
        if not timed:
            self.advance()
            return True
        if self.driver.is_open:
            self.table_screen.refresh_table()
        else:
            self._window_closed()
        return True

    # -- reaction windows and simultaneous decisions ---------------------------------
    # Both run the same way (``BotDriver``): open, start the clock once painted, ask
    # each bot at the moments it asks for, expire at the deadline.
    def _open_window(self) -> None:
        self._gen += 1
        self.window_start = len(self.state.history)
        self.table_screen.window_opened()
        self.call_after_refresh(self._start_window, self._gen)

    def _start_window(self, gen: int) -> None:
        if gen != self._gen:
            return
        # The clock starts now (the screen shows it running), and every bot looks at
        # the table the moment it appears.
        self.driver.open_window()
        self.table_screen.refresh_table()
        self._pump(gen)

    def _pump(self, gen: int) -> None:
        """Apply every bot move that is due, expire at the deadline, and set a timer for
        whatever comes next."""
        driver = self.driver
        if gen != self._gen or not driver.clock.running:
            return
        steps = len(self.state.history)
        moment = driver.pump()
        if not driver.is_open:
            self._window_closed()
            return
        if len(self.state.history) != steps:
            # Only when a bot moved: a bot that only waits must not cost a redraw (the
            # countdown has its own ticker).
            self.table_screen.refresh_table()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if moment is not None:  # otherwise only the person's choice is awaited
            # A bot's move is stamped with its own moment, whenever the timer fires, so
            # the timer may be late: at most a hundred a second (below a frame a person
            # sees) keeps a bot that asks every millisecond from starving the screen.
            wait_s = max(MIN_TIMER_S, (moment - driver.clock.now_ms()) / 1000.0)
            self._timer = self.set_timer(wait_s, lambda: self._pump(gen))

    def _window_closed(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        kind = self.driver.kind
        self.driver.close()
        if kind == "simultaneous":
            # The chance outcomes that follow the choices at once (Superfly's dice) belong
            # to the resolution the screen is about to show.
            while self.state.acting().kind == "chance":
                self.state.draw_chance()
        self._gen += 1  # outdates every timer of this window
        self._busy = True
        self.table_screen.window_closed(self.window_start)
        self.table_screen.refresh_table()
        self._after(self.pauses.after_window, self._after_window)

    def _after_window(self) -> None:
        self._busy = False
        self.advance()


def build_app(
    game_id: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any],
    *,
    pauses: Pauses | None = None,
    clock: Callable[[], float] = time.monotonic,
    position: Mapping[str, Any] | None = None,
) -> PlayApp:
    """The app for one game: the person at seat 0, ``bots`` (specs) at seats 1 and up.

    Fewer bot specs than seats repeat the last one (none: the game's default bot).  With
    ``position`` (``GameState.position``), the game starts there instead of a new deal.
    """
    from gamenight.games import get_game
    from gamenight.sim.simulate import seat_specs

    game = get_game(game_id)
    # The same reading of bot specs as `gamenight simulate`: the last one repeats.
    specs = seat_specs(game, bots, players - 1)
    state = (game.new(players, seed, **options) if position is None
             else game.from_position(position, seed))
    seat_bots: list[Bot[Any] | None] = [None]
    seat_bots += [make_bot(game, spec, seat, derive_seed(seed, "bot", seat))
                  for seat, spec in enumerate(specs, start=1)]
    names = ["You (seat 0)"] + [f"Seat {seat} ({spec})" for seat, spec in enumerate(specs, start=1)]
    return PlayApp(game, state, seat_bots, names, pauses=pauses, clock=clock)


def run_play(game_id: str, players: int, bots: list[str], seed: int,
             options: dict[str, Any], position: Mapping[str, Any] | None = None,
             ) -> GameState[Any]:
    """Play ``game_id`` in this terminal against bots (what ``gamenight play`` runs), from
    a new deal or from ``position``; returns the game as it stood when the person left."""
    app = build_app(game_id, players, bots, seed, options, position=position)
    app.run()
    return app.state
