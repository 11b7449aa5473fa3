"""The one table loop: a game played live by people and bots, in real time.

The terminal (``tui.app.PlayApp``) and a server's room (``server.room.Room``) both run
their game through a :class:`TableRunner`; what differs between them is only how the
table is shown (a screen redrawn; updates stored, then sent) and where time comes from
(the injected ``live.scheduler.Scheduler``).  The runner owns the sequence:

1. **Chance** is drawn at once; the bots that remember are shown every step.
2. **A turn**: a bot takes it after ``Pauses.turn_s`` (so people can follow); a
   person's waits for :meth:`TableRunner.act`.
3. **A window** (a race) or a **simultaneous decision**: the host may hold it back
   (:meth:`TableHost.window_may_open`: the terminal's "get ready", the server's wait
   for people coming back after a restart); it opens once the host has shown it
   (:meth:`TableHost.window_opening` calls ``start``), which is its time 0.  The bots
   in it are asked at the moments they ask for (``bots.driver.BotDriver``, on the
   table's clock), and it expires at its deadline, plus the grace the host gives
   (:meth:`TableHost.grace_ms`: the server's allowance for a far player's message).
4. **A person in a window**: the bots whose moment came before the person's move first
   (so everyone acts on the table as it stood at their moment), then the move, stamped
   with its time (the server places it by the client's measured reaction,
   ``server.fairness``).
5. **A window closes**: the chance that follows it at once (dice read as the choices
   land) is drawn, so the result is shown whole; then, after ``Pauses.after_window_s``,
   play goes on.
6. **Hold** (the terminal's how-to-play page): no bot takes a turn, no window opens, and
   the clock of an open decision stops; a race cannot stop, so a host holds only
   between races.

Every timer is the runner's one :class:`Timer` (a bot's pause, the pause after a window,
the next moment in a window: never two at once), so stopping a table stops all of it.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from gamenight.bots.base import Bot
from gamenight.bots.driver import BotDriver, RealClock
from gamenight.engine import Acting, GameState, IllegalAction
from gamenight.live.scheduler import Scheduler, Timer

#: The shortest timer a window's next moment sets, in seconds.  A bot's move is stamped
#: with its own moment whenever the timer fires, so firing late only delays when people
#: see it: at most a hundred a second (below a frame a person sees) keeps a bot that asks
#: every millisecond from starving the screen or the event loop.
MIN_TIMER_S = 0.01

TimerKind = Literal["turn", "after-window", "pump"]


@dataclass(frozen=True, slots=True)
class Pauses:
    """Seconds a table waits so people can follow: before a bot takes its turn (a drop, a
    card turned over: where no reaction model times a bot), and after a window or
    decision closes, so its result can be seen."""

    turn_s: float = 0.9
    after_window_s: float = 1.2

    @classmethod
    def none(cls) -> Pauses:
        """No pauses: for tests and benchmarks."""
        return cls(0.0, 0.0)


class StaleActionError(Exception):
    """A person's action for a window that is not open; nothing changed."""


class WindowNotOpenError(StaleActionError):
    """The window or decision has not been shown yet: its clock has not started."""


class WindowClosedError(StaleActionError):
    """The window closed before the action came (by the bots due before it, or at its
    deadline)."""


class TableHost(Protocol):
    """What a table tells whoever shows it (the terminal's app, the server's room)."""

    def show_table(self) -> None:
        """The game has moved on: show it (a redraw; store the new steps, then send).
        The host may stop the table here (:meth:`TableRunner.stop`: a room whose store
        did not take the steps lets them go): then nothing more of it runs."""

    def window_may_open(self, acting: Acting) -> bool:
        """Whether the window or decision ``acting`` may open now; False holds it, and
        the host calls :meth:`TableRunner.advance` when it may."""

    def window_opening(self, start: Callable[[], None]) -> None:
        """A window or decision is about to open: show it, then call ``start`` (its time
        0) once it is in front of everyone in it."""

    def window_closed(self, start: int) -> None:
        """The window that began at ``state.history[start]`` has closed and resolved."""

    def game_over(self) -> None:
        """The game has ended (the table has just been shown)."""

    def grace_ms(self) -> float:
        """How long past a deadline the open window waits for the people still in it."""


class TableRunner:
    """One game at one table: ``bots[seat]`` plays ``seat`` (None: a person's seat).

    The ``bots`` list is read as play goes on, not copied: its owner may seat a bot
    (:meth:`seat_bot`) or take one away as people leave and come back."""

    def __init__(self, state: GameState[Any], bots: MutableSequence[Bot[Any] | None],
                 host: TableHost, scheduler: Scheduler, pauses: Pauses | None = None
                 ) -> None:
        self.state = state
        self.bots = bots
        self.host = host
        self.scheduler = scheduler
        self.pauses = pauses or Pauses()
        # The bots, on the table's clock in the open window (started once it is shown).
        self.driver = BotDriver(state, bots, RealClock(self.table_time))
        #: The open window's id (the index in the history where it opened), from the
        #: moment it is shown until it closes; None otherwise.
        self.window: int | None = None
        #: Where the last window opened (kept once it has closed: what it resolved).
        self.window_start = 0
        # A window taken up again after a restart keeps the id it had (``reopen``).
        self._reopen: int | None = None
        # Outdates a window's start that comes after the window was let go.
        self._gen = 0
        self._timer: Timer | None = None
        self._timer_kind: TimerKind | None = None
        # The table's own time: the scheduler's, less the time the table was held;
        # frozen while it is held.
        self._held_s = 0.0
        self._held_since: float | None = None
        self._resume: Callable[[], None] | None = None  # what a hold stopped
        self.stopped = False

    # -- time -------------------------------------------------------------------------
    def table_time(self) -> float:
        """Seconds on the table's clock: the scheduler's, stopped while the table is held."""
        now = self.scheduler.now() if self._held_since is None else self._held_since
        return now - self._held_s

    def window_ms(self) -> float | None:
        """Milliseconds since the open window was shown; None if none is running."""
        clock = self.driver.clock
        return clock.now_ms() if clock.running else None

    @property
    def pausing(self) -> bool:
        """True while a bot's turn or the pause after a window is pending."""
        return self._timer_kind in ("turn", "after-window")

    # -- the loop -------------------------------------------------------------------------
    def advance(self) -> None:
        """Play on from the state as it stands, until a person must act, a bot's pause
        starts, or a window opens."""
        if self.stopped:
            return
        if self.held:
            self._resume = self.advance
            return
        state, driver = self.state, self.driver
        driver.show()
        acting = state.acting()
        while acting.kind == "chance":
            state.draw_chance()
            driver.show()  # every step, as the simulator and a replay show it
            acting = state.acting()
        if acting.kind == "over":
            self.host.show_table()
            self.host.game_over()
            return
        if acting.kind == "turn":
            self.host.show_table()
            if self.bots[acting.seats[0]] is not None and self._timer_kind != "turn":
                self._later(self.pauses.turn_s, self._bot_turn, "turn")
            return
        if self.window is not None:
            self._pump()  # open already: someone came back, or a stand-in sat down
        elif self.host.window_may_open(acting):
            self._open_window()

    def _bot_turn(self) -> None:
        if self.held:
            self._resume = self._bot_turn
            return
        acting = self.state.acting()
        if acting.kind != "turn" or self.bots[acting.seats[0]] is None:
            return  # a person took the seat back during the pause
        self.driver.take_turn(acting.seats[0])
        self.advance()

    # -- a person ---------------------------------------------------------------------------
    def act(self, seat: int, action: Any,
            placed: Callable[[float], float] | None = None) -> None:
        """``seat``'s action, a person's.  In a window it is stamped with the table's time
        now, or with ``placed(now)`` (the server's placing by measured reaction).
        IllegalAction or :class:`StaleActionError`: nothing was taken (the bots due before it may
        have moved, and have been shown)."""
        acting = self.state.acting()
        if acting.kind in ("window", "simultaneous"):
            self._act_in_window(seat, action, placed)
            return
        if acting.kind == "over":
            raise IllegalAction("the game is over")
        if acting.kind != "turn" or seat not in acting.seats:
            who = ", ".join(map(str, acting.seats)) or "nobody"
            raise IllegalAction(f"it is not your turn (seat {who} acts now)")
        self.state.apply(seat, action)
        self.advance()

    def _act_in_window(self, seat: int, action: Any,
                       placed: Callable[[float], float] | None) -> None:
        driver = self.driver
        if self.window is None or not driver.clock.running:
            raise WindowNotOpenError("the table is not open yet: wait for it")
        now = driver.clock.now_ms()
        deadline = driver.deadline
        # Bots whose moment came before this one move first (their times are theirs; the
        # engine keeps a window in time order whatever order actions arrive in).
        driver.run_due(now if deadline is None else min(now, deadline))
        if not driver.is_open:
            self._window_closed()
            raise WindowClosedError("that window has closed")
        at_ms = now if placed is None else placed(now)
        if deadline is not None and at_ms > deadline:
            self.host.show_table()  # the bots' moves above are shown all the same
            raise IllegalAction(f"too late: the deadline was {deadline:g} ms")
        try:
            driver.apply(seat, action, at_ms)
        except IllegalAction:
            self.host.show_table()
            raise
        if driver.is_open:
            self.host.show_table()
            self._pump()
        else:
            self._window_closed()

    # -- windows and simultaneous decisions --------------------------------------------------
    def reopen(self, window: int) -> None:
        """The window a restart found open (whose id is ``window``) opens again with its
        id, its clock at the time of its last action (``server.room.Room.resume``)."""
        self._reopen = window

    def _open_window(self) -> None:
        self._gen += 1
        gen = self._gen
        self.window = len(self.state.history) if self._reopen is None else self._reopen
        self._reopen = None
        self.window_start = self.window
        self.host.window_opening(lambda: self._start_window(gen))

    def _start_window(self, gen: int) -> None:
        if gen != self._gen or self.stopped:
            return
        # The clock starts now, and every bot looks at the table the moment it appears.
        self.driver.open_window(self._resumed_at())
        self.host.show_table()
        self._pump()

    def _resumed_at(self) -> float:
        """Where a window's clock starts: 0, or for a window taken up again after a
        restart the time of its last action (nothing lands before it)."""
        start = self.window_start
        times = [s.at_ms for s in self.state.history[start:] if s.at_ms is not None]
        return max(times, default=0.0)

    def _pump(self) -> None:
        """Bring the open window up to the clock (bots due by now move; past the deadline
        and its grace, it expires), show what changed, and come back at the next moment
        anything is due."""
        driver, state = self.driver, self.state
        if self.window is None or not driver.clock.running or self.held or self.stopped:
            return  # a held table is pumped again when it is released
        steps = len(state.history)
        moment = driver.pump(self.host.grace_ms())
        if not driver.is_open:
            self._window_closed()
            return
        if len(state.history) != steps:
            # Only when a bot moved: a bot that only waits must not cost a redraw.
            self.host.show_table()
            if self.stopped:
                return  # the host let the table go (a room whose store failed)
        self._cancel()
        if moment is not None:  # otherwise only people are awaited, with no deadline
            wait_s = max(MIN_TIMER_S, (moment - driver.clock.now_ms()) / 1000.0)
            self._later(wait_s, self._pump, "pump")

    def _window_closed(self) -> None:
        self._cancel()
        self.driver.close()
        self.window = None
        self._gen += 1
        # The chance that follows at once (dice read as the choices land) belongs to the
        # resolution everyone is about to see.
        state = self.state
        while state.acting().kind == "chance":
            state.draw_chance()
        # The pause is set first: the table shown now is in it (a person whose turn comes
        # next is told it is next, not yet asked to act).
        self._later(self.pauses.after_window_s, self._after_window, "after-window")
        self.host.window_closed(self.window_start)
        self.host.show_table()

    def _after_window(self) -> None:
        if self.held:
            self._resume = self._after_window
            return
        self.advance()

    # -- bots coming and going ---------------------------------------------------------------
    def seat_bot(self, seat: int, bot: Bot[Any] | None) -> None:
        """``bot`` plays ``seat`` from now on (None: a person takes it back).  A bot sat
        down in an open window looks at the table now."""
        self.bots[seat] = bot
        if bot is not None and self.window is not None and seat in self.state.acting().seats:
            self.driver.due_now(seat)

    # -- holding ------------------------------------------------------------------------------
    @property
    def held(self) -> bool:
        return self._held_since is not None

    def hold(self) -> None:
        """Stop the table (not in a race: its host waits for it to end): no bot takes a
        turn and no window opens until :meth:`release`, and an open decision's clock
        stops (its choices are secret, so the time gives nobody an edge)."""
        if self._held_since is not None:
            return
        self._held_since = self.scheduler.now()
        if self._timer_kind == "pump":
            self._cancel()  # pumped again on release; a pause runs out and waits

    def release(self) -> None:
        """Go on from where :meth:`hold` stopped."""
        if self._held_since is None:
            return
        self._held_s += self.scheduler.now() - self._held_since
        self._held_since = None
        resume, self._resume = self._resume, None
        if self.driver.clock.running:
            self._pump()  # the open decision goes on where it stopped
        if resume is not None:
            resume()

    def stop(self) -> None:
        """The table is let go (set again, or its room closes): nothing more runs."""
        self.stopped = True
        self._cancel()
        self.driver.close()

    # -- the one timer ------------------------------------------------------------------------
    def _later(self, seconds: float, callback: Callable[[], None], kind: TimerKind) -> None:
        self._cancel()
        self._timer_kind = kind
        self._timer = self.scheduler.later(seconds, lambda: self._fire(callback))

    def _fire(self, callback: Callable[[], None]) -> None:
        self._timer = None
        self._timer_kind = None
        if not self.stopped:
            callback()

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
            self._timer_kind = None
