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

What the shell adds to every game, so no game's screen has to:

- **How to play** (``?`` or F1, ``tui.help.HowToPlay``): the game's ``howto.md`` over the
  table.  While it is open the table holds: no bot takes a turn and no decision opens,
  and the clock of an open simultaneous decision stops (the choices are secret, so time
  gives nobody an edge).  A race cannot stop (its clock is what it measures, and a
  stopped race would let the person find a fly unhurried), so in a race the page opens
  as soon as the race is over.
- **Get ready** (``tui.ready.GetReady``, with ``get_ready``; ``gamenight play`` always):
  the first timed decision of each game the person is in waits for space.
- **Again** (``tui.seating.Seating``): the end screen offers a rematch (same seats and
  bots, the next seed) and a new game (the same game at a table size the person
  chooses, ``tui.new_game.NewGameForm``).
- **Ctrl+C** leaves from anywhere, like q and Esc at the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer

from gamenight.bots.base import Bot
from gamenight.bots.driver import BotDriver, RealClock
from gamenight.engine import Game, GameState, IllegalAction
from gamenight.tui.help import HowToPlay
from gamenight.tui.new_game import NewGameForm
from gamenight.tui.ready import GetReady
from gamenight.tui.seating import Seating

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

    def refresh_hint(self) -> None:
        """Redraw what the shell says about its own keys (how to play, how to leave),
        which may change as play goes on (q is a letter while a Fluster call is typed)."""


class PlayApp(App[None]):
    """One game: the person at seat 0, bots at the other seats.

    With ``seating`` (what ``build_app`` gives), the table can be set again at the end:
    ``rematch()`` and ``new_game(players)``.  With ``get_ready``, the first timed
    decision of each game waits for the person's key."""

    TITLE = "gamenight"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: Ctrl+C leaves whatever has the keys (Textual would copy text).
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        # Neither key is ever a game's key (Fluster's letters are a-z only).
        Binding("question_mark,f1", "how_to_play", "How to play", show=False,
                priority=True),
    ]

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
        seating: Seating | None = None,
        get_ready: bool = False,
    ) -> None:
        super().__init__()
        self.screen_factory = screen_factory
        self.game = game
        self.pauses = pauses or Pauses()
        self.clock = clock
        self.seating = seating
        self.get_ready = get_ready
        #: The seat the person plays: always HUMAN here; a server's room may seat the
        #: person elsewhere (``tui.remote.RemotePlayApp``).
        self.seat = HUMAN
        self._gen = 0
        self._timer: Timer | None = None
        # The table's own time: the wall clock less the time the table was held (how to
        # play open over a simultaneous decision); frozen while held.
        self._held_s = 0.0
        self._held_since: float | None = None
        self._resume: Callable[[], None] | None = None  # what the hold stopped
        self._help_after_race = False
        self._table_no = 0  # outdates the pauses of a table set again
        self.screen_view: GameScreen | None = None
        self._set_table(state, bots, seat_names)

    def _set_table(self, state: GameState[Any], bots: Sequence[Bot[Any] | None],
                   seat_names: Sequence[str]) -> None:
        self.state = state
        self.bots = list(bots)
        self.seat_names = list(seat_names)
        # The bots, on the table's clock in the open window (started once it is painted).
        self.driver = BotDriver(state, self.bots, RealClock(self.table_time))
        # The open window: a generation number that outdates old timers, and its first
        # history index.
        self._gen += 1
        self.window_start = 0
        self._stop_timer()
        self._busy = False  # a bot's turn or a pause after a window is pending
        self._readied = not self.get_ready  # the person has started a timed decision
        self._table_no += 1

    # -- lifecycle ----------------------------------------------------------------------
    def on_mount(self) -> None:
        self._show_table()

    def _show_table(self) -> None:
        make_screen = self.screen_factory or self.game.screen()
        screen: GameScreen = make_screen(self)
        first = self.screen_view is None
        self.screen_view = screen
        if first:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)
        self.call_after_refresh(self.advance)

    @property
    def table_screen(self) -> GameScreen:
        assert self.screen_view is not None
        return self.screen_view

    def table_time(self) -> float:
        """Seconds on the table's clock: the wall clock, stopped while the table is held."""
        now = self.clock() if self._held_since is None else self._held_since
        return now - self._held_s

    def _redraw(self) -> None:
        self.table_screen.refresh_table()
        self.table_screen.refresh_hint()

    def advance(self) -> None:
        """Play on until the person must act, a bot's pause starts, or a window opens."""
        if self.held:
            self._resume = self.advance
            return
        state = self.state
        while True:
            self.driver.show()
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
                continue
            self._redraw()
            if acting.kind == "over":
                self.table_screen.game_over()
                self.table_screen.refresh_hint()
            elif acting.kind == "turn":
                seat = acting.seats[0]
                if seat != HUMAN:
                    self._busy = True
                    self._after(self.pauses.turn, self._bot_turn)
            else:  # a reaction window or a simultaneous decision
                self._open_window()
            return

    def _after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after a pause (for 0: at once, after pending messages), unless
        the table has been set again by then."""
        table_no = self._table_no

        def call() -> None:
            if table_no == self._table_no:
                callback()

        if seconds > 0:
            self.set_timer(seconds, call)
        else:
            self.call_later(call)

    def _bot_turn(self) -> None:
        if self.held:
            self._resume = self._bot_turn
            return
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

    @property
    def racing(self) -> bool:
        """True while a reaction window (a race) runs on the clock."""
        driver = self.driver
        return driver.kind == "window" and driver.clock.running and driver.is_open

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
            self._redraw()
        else:
            self._window_closed()
        return True

    # -- reaction windows and simultaneous decisions ---------------------------------
    # Both run the same way (``BotDriver``): open, start the clock once painted, ask
    # each bot at the moments it asks for, expire at the deadline.
    def _open_window(self) -> None:
        acting = self.state.acting()
        if not self._readied and HUMAN in acting.seats and acting.deadline_ms is not None:
            # The first timed decision waits for the person (``tui.ready``); in a race
            # the banner covers the table, which is drawn but not yet shown.
            self._readied = True
            table_no = self._table_no

            def start(_: None) -> None:
                if table_no == self._table_no:
                    self._open_window()

            self.push_screen(GetReady(race=acting.kind == "window"), start)
            return
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
        self._redraw()
        self._pump(gen)

    def _pump(self, gen: int) -> None:
        """Apply every bot move that is due, expire at the deadline, and set a timer for
        whatever comes next."""
        driver = self.driver
        if gen != self._gen or not driver.clock.running or self.held:
            return  # a held table is pumped again when it is released
        if self.screen_view is None or not self.screen_view.is_attached:
            return  # a last timer may fire while the app closes and the table goes away
        steps = len(self.state.history)
        moment = driver.pump()
        if not driver.is_open:
            self._window_closed()
            return
        if len(self.state.history) != steps:
            # Only when a bot moved: a bot that only waits must not cost a redraw (the
            # countdown has its own ticker).
            self._redraw()
        self._stop_timer()
        if moment is not None:  # otherwise only the person's choice is awaited
            # A bot's move is stamped with its own moment, whenever the timer fires, so
            # the timer may be late: at most a hundred a second (below a frame a person
            # sees) keeps a bot that asks every millisecond from starving the screen.
            wait_s = max(MIN_TIMER_S, (moment - driver.clock.now_ms()) / 1000.0)
            self._timer = self.set_timer(wait_s, lambda: self._pump(gen))

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _window_closed(self) -> None:
        self._stop_timer()
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
        self._redraw()
        self._after(self.pauses.after_window, self._after_window)
        if self._help_after_race:
            self._help_after_race = False
            self._open_help()

    def _after_window(self) -> None:
        if self.held:
            self._resume = self._after_window
            return
        self._busy = False
        self.advance()

    # -- how to play: the table holds while the page is open ---------------------------
    @property
    def held(self) -> bool:
        """True while the how-to-play page holds the table."""
        return self._held_since is not None

    def action_how_to_play(self) -> None:
        """``?`` or F1: open the page, or close it if it is open."""
        if isinstance(self.screen, HowToPlay):
            self.screen.dismiss(None)
        elif self.racing:
            self._help_after_race = True
            self.table_screen.show_message(
                "How to play opens when this race is over: a race cannot wait.")
        elif not self.held:
            self._open_help()

    def _open_help(self) -> None:
        self._held_since = self.clock()
        self._stop_timer()
        self.push_screen(HowToPlay(self.game), self._release)

    def _release(self, _: None = None) -> None:
        if self._held_since is not None:
            self._held_s += self.clock() - self._held_since
            self._held_since = None
        resume, self._resume = self._resume, None
        if self.driver.clock.running:
            self._pump(self._gen)  # the open decision goes on where it stopped
        if resume is not None:
            resume()

    # -- again ---------------------------------------------------------------------------
    def rematch(self) -> None:
        """The same seats and bots, with the next seed (``Seating.rematch``)."""
        if self.seating is None:
            raise ValueError("this table was not set from a seating: it cannot be set again")
        self._seat(self.seating.rematch())

    def new_game(self, players: int) -> None:
        """The same game and bots dealt afresh for ``players`` (``Seating.new_game``)."""
        if self.seating is None:
            raise ValueError("this table was not set from a seating: it cannot be set again")
        self._seat(self.seating.new_game(players))

    def choose_new_game(self) -> None:
        """Ask the person for the new game's table size (``NewGameForm``), then deal it."""
        seating = self.seating
        if seating is None:
            raise ValueError("this table was not set from a seating: it cannot be set again")

        def deal(players: int | None) -> None:
            if players is not None:
                self.new_game(players)

        self.push_screen(NewGameForm(self.game.title, seating.table_sizes(), seating.players,
                                     lambda n: seating.new_game(n).bots), deal)

    def _seat(self, seating: Seating) -> None:
        self._stop_timer()
        self.driver.close()
        self.seating = seating
        self._help_after_race = False
        self._resume = None
        self._set_table(seating.state(), seating.seat_bots(), seating.names())
        self._show_table()


class LastGame(NamedTuple):
    """What ``run_play`` returns: the game on the table when the person left, and the bot
    specs of its seats 1 and up (a new game may have changed the table size)."""

    state: GameState[Any]
    bots: list[str]


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
    get_ready: bool = False,
) -> PlayApp:
    """The app for one game: the person at seat 0, ``bots`` (specs) at seats 1 and up.

    Fewer bot specs than seats repeat the last one (none: the game's default bot).  With
    ``position`` (``GameState.position``), the game starts there instead of a new deal.
    ``get_ready``: the first timed decision of each game waits for the person's key
    (``gamenight play`` sets it; tests that drive the table themselves need not).
    """
    from gamenight.games import get_game
    from gamenight.sim.simulate import seat_specs

    game = get_game(game_id)
    if position is not None:
        players = int(position["players"])
    # The same reading of bot specs as `gamenight simulate`: the last one repeats.
    specs = seat_specs(game, bots, players - 1)
    seating = Seating(game, tuple(specs), seed, dict(options), position)
    return PlayApp(game, seating.state(), seating.seat_bots(), seating.names(),
                   pauses=pauses, clock=clock, seating=seating, get_ready=get_ready)


def run_play(game_id: str, players: int, bots: list[str], seed: int,
             options: dict[str, Any], position: Mapping[str, Any] | None = None,
             ) -> LastGame:
    """Play ``game_id`` in this terminal against bots (what ``gamenight play`` runs), from
    a new deal or from ``position``.  After a rematch or a new game, the last game is the
    one returned: as it stood when the person left, with its seats' bot specs."""
    app = build_app(game_id, players, bots, seed, options, position=position,
                    get_ready=True)
    app.run()
    seating = app.seating
    assert seating is not None
    return LastGame(app.state, list(seating.bots))
