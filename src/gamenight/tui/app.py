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

Timing in a window: the clock starts when the screen showing the new card has been
painted (all seats see it at that instant).  A person's action is stamped with the
time since then; a bot is asked at the times it asks for (``Wait``) and its action is
stamped with that time, so a late-firing timer never makes a bot slower than its
reaction model.  Due bot moves are always applied in time order, before a person's
later key press, so the state each actor sees is the state at its moment.

Simultaneous decisions (the choosers choose in secret, then the choices resolve
together) run the same way as a window: the clock starts once painted, each bot chooses
at the moment its model asks for (the game keeps its choice secret, so nobody profits
from choosing early), the person chooses by key, and the seats still choosing pass at
the deadline, if the decision has one.  Once the choices resolve, the chance outcomes
that follow at once (Superfly's dice) are drawn before the screen is told
(``window_closed``), so it can show the whole resolution.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.timer import Timer

from gamenight.bots.base import Bot, Clock, Wait, make_bot
from gamenight.engine import Game, GameState, IllegalAction
from gamenight.engine.seeding import derive_seed

HUMAN = 0  # the person always plays seat 0


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
        state: GameState,
        bots: Sequence[Bot | None],
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
        state.narrate = True
        # The open window: a generation number that outdates old timers, its start on
        # the wall clock (None until painted), its first history index, and each bot's
        # next wake-up time in ms.
        self._gen = 0
        self._t0: float | None = None
        self.window_start = 0
        self._due: dict[int, float] = {}
        self._kind = "window"  # of the window or decision opened last
        self._choosers: set[int] = set()  # seats yet to choose in the open decision
        self._timer: Timer | None = None
        self._busy = False  # a bot's turn or a pause after a window is pending
        self.screen_view: GameScreen | None = None

    # -- lifecycle ----------------------------------------------------------------------
    def on_mount(self) -> None:
        make_screen = self.screen_factory
        if make_screen is None:
            package = type(self.game).__module__.rsplit(".", 1)[0]
            make_screen = importlib.import_module(f"{package}.screen").make_screen
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
            self._bots_observe()
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

    def _bots_observe(self) -> None:
        """Show each bot that keeps a memory its view, after every step (as
        ``sim.runner.play_out`` does: a window or decision counts as one step)."""
        for seat, bot in enumerate(self.bots):
            if bot is not None and type(bot).observe is not Bot.observe:
                bot.observe(self.state.view(seat))

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
        seat = acting.seats[0]
        legal = self.state.legal_actions(seat)
        action = self._bot(seat).act(self.state.view(seat), legal, Clock())
        self.state.apply(seat, action)
        self.advance()

    def _bot(self, seat: int) -> Bot:
        bot = self.bots[seat]
        assert bot is not None, f"seat {seat} has no bot"
        return bot

    # -- the person ------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        acting = self.state.acting()
        return acting.kind == "turn" and acting.seats == (HUMAN,) and not self._busy

    @property
    def deciding(self) -> bool:
        """True while a simultaneous decision waits for the person's choice."""
        return (self._kind == "simultaneous" and HUMAN in self._choosers and self._open()
                and self._t0 is not None)

    def window_ms(self) -> float | None:
        """Milliseconds since the open window (or decision) was shown; None if none is."""
        if self._t0 is None:
            return None
        return (self.clock() - self._t0) * 1000.0

    def human_act(self, action: Any) -> bool:
        """Take ``action`` for the person; an illegal one shows why and changes nothing."""
        state = self.state
        acting = state.acting()
        at_ms: float | None = None
        timed = acting.kind in ("window", "simultaneous")
        if timed:
            at_ms = self.window_ms()
            if at_ms is None or not self._open():
                self.table_screen.show_message("Wait for the table.")
                return False
            # Bots whose moment came before this key press act first.
            self._run_due(min(at_ms, acting.deadline_ms or at_ms))
            if not self._open():
                return False
        elif acting.kind == "turn" and acting.seats == (HUMAN,) and self._busy:
            self.table_screen.show_message("Wait a moment.")
            return False
        try:
            state.apply(HUMAN, action, at_ms)
        except IllegalAction as error:
            self.table_screen.show_message(str(error))
            return False
        if not timed:
            self.advance()
            return True
        self._choosers.discard(HUMAN)
        if self._open():
            self.table_screen.refresh_table()
        else:
            self._window_closed()
        return True

    # -- reaction windows and simultaneous decisions ---------------------------------
    # Both run the same way: open, start the clock once painted, ask each bot at the
    # moments it asks for, expire at the deadline.  They differ in when they end: a
    # window while the state says "window"; a decision once every chooser has chosen
    # (each seat chooses once, so a decision that follows at once is a new one).
    def _open(self) -> bool:
        """True while the window or decision opened last is still open."""
        acting = self.state.acting()
        if self._kind == "window":
            return acting.kind == "window"
        return (acting.kind == "simultaneous" and bool(self._choosers)
                and set(acting.seats) == self._choosers)

    def _open_window(self) -> None:
        self._gen += 1
        self._t0 = None
        acting = self.state.acting()
        self._kind = acting.kind
        self._choosers = set(acting.seats) if acting.kind == "simultaneous" else set()
        self.window_start = len(self.state.history)
        self.table_screen.window_opened()
        self.call_after_refresh(self._start_window, self._gen)

    def _start_window(self, gen: int) -> None:
        if gen != self._gen:
            return
        self._t0 = self.clock()
        # Every bot looks at the table the moment it appears.
        self._due = {seat: 0.0 for seat in self.state.acting().seats if seat != HUMAN}
        self._pump(gen)

    def _pump(self, gen: int) -> None:
        """Apply every bot move that is due, expire at the deadline, and set a timer for
        whatever comes next."""
        if gen != self._gen or not self._open():
            return
        deadline = self.state.acting().deadline_ms
        now = self.window_ms()
        assert now is not None
        self._run_due(now if deadline is None else min(now, deadline))
        if not self._open():
            return
        if deadline is not None and now >= deadline:
            self.state.expire_window()
            self._window_closed()
            return
        self.table_screen.refresh_table()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        upcoming = [*self._due.values(), *([] if deadline is None else [deadline])]
        if upcoming:  # otherwise only the person's choice is awaited
            # A timer needs a positive delay; a millisecond is below anything a person sees.
            wait_s = max(0.001, (min(upcoming) - now) / 1000.0)
            self._timer = self.set_timer(wait_s, lambda: self._pump(gen))

    def _run_due(self, until_ms: float) -> None:
        """Ask each bot that is due by ``until_ms``, in time order (seat order on ties)."""
        state = self.state
        while self._due and self._open():
            seat, at = min(self._due.items(), key=lambda item: (item[1], item[0]))
            if at > until_ms:
                return
            del self._due[seat]
            acting = state.acting()
            if seat not in acting.seats:
                continue
            deadline = acting.deadline_ms
            answer = self._bot(seat).act(
                state.view(seat, at), state.legal_actions(seat), Clock(at, deadline, self._gen)
            )
            if isinstance(answer, Wait):
                if deadline is None or answer.until_ms <= deadline:
                    self._due[seat] = max(answer.until_ms, at)
                continue
            state.apply(seat, answer, at)
            self._choosers.discard(seat)
            if not self._open():
                self._window_closed()
                return
            if self._kind == "window":
                self._due[seat] = at  # it may have another hand to place
        return

    def _window_closed(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._kind == "simultaneous":
            # The chance outcomes that follow the choices at once (Superfly's dice) belong
            # to the resolution the screen is about to show.
            self._choosers = set()
            while self.state.acting().kind == "chance":
                self.state.draw_chance()
        self._gen += 1  # outdates every timer of this window
        self._t0 = None
        self._due = {}
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
) -> PlayApp:
    """The app for one game: the person at seat 0, ``bots`` (specs) at seats 1 and up.

    Fewer bot specs than seats repeat the last one (none: the game's default bot).
    """
    from gamenight.games import get_game
    from gamenight.sim.simulate import seat_specs

    game = get_game(game_id)
    # The same reading of bot specs as `gamenight simulate`: the last one repeats.
    specs = seat_specs(game, bots, players - 1)
    state = game.new(players, seed, **options)
    seat_bots: list[Bot | None] = [None]
    seat_bots += [make_bot(game, spec, seat, derive_seed(seed, "bot", seat))
                  for seat, spec in enumerate(specs, start=1)]
    names = ["You (seat 0)"] + [f"Seat {seat} ({spec})" for seat, spec in enumerate(specs, start=1)]
    return PlayApp(game, state, seat_bots, names, pauses=pauses, clock=clock)


def run_play(game_id: str, players: int, bots: list[str], seed: int,
             options: dict[str, Any]) -> GameState:
    """Play ``game_id`` in this terminal against bots (what ``gamenight play`` runs);
    returns the game as it stood when the person left the table."""
    app = build_app(game_id, players, bots, seed, options)
    app.run()
    return app.state
