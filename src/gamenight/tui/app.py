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

The game is played by the one table loop (``live.runner.TableRunner``), the same one a
server's room runs: chance at once, a bot's turn after a pause, races and simultaneous
decisions on the table's clock with the bots asked at their reaction model's moments,
a person's key press placed after the bots due before it.  What is the terminal's own:
a window's clock starts when the screen showing it has been painted (all seats see it
at that instant), and a person's action is stamped with the time since then.  Once the
choices of a simultaneous decision resolve, the chance outcomes that follow at once
(dice read as the choices land) are drawn before the screen is told (``window_closed``), so it can
show the whole resolution.

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
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, ClassVar, NamedTuple

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer as TextualTimer

from gamenight.bots.base import Bot
from gamenight.bots.driver import BotDriver
from gamenight.engine import Acting, Game, GameState, IllegalAction
from gamenight.i18n import _
from gamenight.live import Pauses, Scheduler, TableRunner, WindowClosedError, WindowNotOpenError
from gamenight.tui.help import HowToPlay
from gamenight.tui.new_game import NewGameForm
from gamenight.tui.ready import GetReady
from gamenight.tui.seating import Seating

HUMAN = 0  # the person always plays seat 0
#: The terminal's pauses: a little longer after a window than a browser's, since a
#: terminal shows a race's result as text to be read.
TERMINAL_PAUSES = Pauses(turn_s=0.9, after_window_s=1.5)


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


class _Cancel:
    """A timer handle for a Textual timer, or for a callback set to run next."""

    __slots__ = ("cancelled", "timer")

    def __init__(self, timer: TextualTimer | None = None) -> None:
        self.timer = timer
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True
        if self.timer is not None:
            self.timer.stop()


class TextualScheduler:
    """The table's time in the terminal: ``source`` (the app's clock) and Textual's
    timers, on the app's own event loop."""

    def __init__(self, app: App[Any], source: Callable[[], float]) -> None:
        self.app = app
        self.source = source

    def now(self) -> float:
        return self.source()

    def later(self, seconds: float, callback: Callable[[], None]) -> _Cancel:
        if seconds > 0:
            return _Cancel(self.app.set_timer(seconds, callback))
        handle = _Cancel()  # at once, after the messages pending

        def call() -> None:
            if not handle.cancelled:
                callback()

        self.app.call_later(call)
        return handle


class _TerminalHost:
    """How the terminal shows what its table loop plays (``live.runner.TableHost``): the
    game's screen is redrawn, a window opens once its screen is painted, and the first
    timed decision of a game may wait for the person's key (``tui.ready``)."""

    def __init__(self, app: PlayApp, table_no: int) -> None:
        self.app = app
        self.table_no = table_no  # outdates what a table set again left pending

    def show_table(self) -> None:
        screen = self.app.screen_view
        if screen is not None and screen.is_attached:  # not while the app closes
            self.app._redraw()

    def window_may_open(self, acting: Acting) -> bool:
        app = self.app
        self.show_table()
        if app._readied or HUMAN not in acting.seats or acting.deadline_ms is None:
            return True
        # The first timed decision waits for the person; in a race the banner covers the
        # table, which is drawn but not yet shown.
        app._readied = True

        def start(_: None) -> None:
            if self.table_no == app._table_no:
                app.runner.advance()

        app.push_screen(GetReady(race=acting.kind == "window"), start)
        return False

    def window_opening(self, start: Callable[[], None]) -> None:
        app = self.app
        app.window_start = app.runner.window_start
        app.table_screen.window_opened()
        # The clock starts once the screen showing the window is painted.
        app.call_after_refresh(start)

    def window_closed(self, start: int) -> None:
        app = self.app
        app.table_screen.window_closed(start)
        if app._help_after_race:
            app._help_after_race = False
            app._open_help()

    def game_over(self) -> None:
        self.app.table_screen.game_over()
        self.app.table_screen.refresh_hint()

    def grace_ms(self) -> float:
        return 0.0  # the person's key press is on this machine: no network to wait for


class PlayApp(App[None]):
    """One game: the person at seat 0, bots at the other seats.

    The game is played by the one table loop (``live.runner.TableRunner``, the server's
    rooms run it too) on the app's clock and Textual's timers, or on an injected
    ``scheduler`` (a test's ``live.ManualScheduler``: pauses pass when the test says).

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
        scheduler: Scheduler | None = None,
    ) -> None:
        super().__init__()
        self.screen_factory = screen_factory
        self.game = game
        self.pauses = pauses or TERMINAL_PAUSES
        self.clock = clock
        self.scheduler: Scheduler = scheduler or TextualScheduler(self, clock)
        self.seating = seating
        self.get_ready = get_ready
        #: The seat the person plays: always HUMAN here; a server's room may seat the
        #: person elsewhere (``tui.remote.RemotePlayApp``).
        self.seat = HUMAN
        #: Where the last window opened (``state.history`` index): what it resolved.
        self.window_start = 0
        self._help_after_race = False
        self._table_no = 0  # outdates what a table set again left pending
        self.screen_view: GameScreen | None = None
        self._set_table(state, bots, seat_names)

    def _set_table(self, state: GameState[Any], bots: Sequence[Bot[Any] | None],
                   seat_names: Sequence[str]) -> None:
        self.state = state
        self.seat_names = list(seat_names)
        self._table_no += 1
        self.window_start = 0
        self._readied = not self.get_ready  # the person has started a timed decision
        self.runner = TableRunner(state, list(bots), _TerminalHost(self, self._table_no),
                                  self.scheduler, self.pauses)

    @property
    def bots(self) -> MutableSequence[Bot[Any] | None]:
        """The bot at each seat (None: the person's); the table reads the list as it plays."""
        return self.runner.bots

    @property
    def driver(self) -> BotDriver:
        return self.runner.driver

    # -- lifecycle ----------------------------------------------------------------------
    def on_mount(self) -> None:
        self._show_table()

    def on_unmount(self) -> None:
        self._stop_table()  # a last timer must not play on while the app closes

    def _stop_table(self) -> None:
        self.runner.stop()

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
        return self.runner.table_time()

    def _redraw(self) -> None:
        self.table_screen.refresh_table()
        self.table_screen.refresh_hint()

    def told(self, line: str) -> str:
        """A line of the story as this table tells it (the log): here, as the game tells
        it, "Seat 2" and all, the seats' own names at this table."""
        return line

    def advance(self) -> None:
        """Play on until the person must act, a bot's pause starts, or a window opens."""
        self.runner.advance()

    # -- the person ------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        acting = self.state.acting()
        return (acting.kind == "turn" and acting.seats == (HUMAN,)
                and not self.runner.pausing)

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
        return self.runner.window_ms()

    def human_act(self, action: Any) -> bool:
        """Take ``action`` for the person; an illegal one shows why and changes nothing."""
        acting = self.state.acting()
        if acting.kind == "turn" and acting.seats == (HUMAN,) and self.runner.pausing:
            self.table_screen.show_message(_("Wait a moment."))
            return False
        try:
            self.runner.act(HUMAN, action)
        except WindowNotOpenError:
            self.table_screen.show_message(_("Wait for the table."))
            return False
        except WindowClosedError:
            return False  # the bots due before the key closed it: the screen shows how
        except IllegalAction as error:
            self.table_screen.show_message(str(error))
            return False
        return True

    # -- how to play: the table holds while the page is open ---------------------------
    @property
    def held(self) -> bool:
        """True while the how-to-play page holds the table."""
        return self.runner.held

    def action_how_to_play(self) -> None:
        """``?`` or F1: open the page, or close it if it is open."""
        if isinstance(self.screen, HowToPlay):
            self.screen.dismiss(None)
        elif self.racing:
            self._help_after_race = True
            self.table_screen.show_message(
                _("How to play opens when this race is over: a race cannot wait."))
        elif not self.held:
            self._open_help()

    def _open_help(self) -> None:
        self.runner.hold()
        self.push_screen(HowToPlay(self.game), self._release)

    def _release(self, _: None = None) -> None:
        self.runner.release()

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
        self.runner.stop()
        self.seating = seating
        self._help_after_race = False
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
    scheduler: Scheduler | None = None,
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
                   pauses=pauses, clock=clock, seating=seating, get_ready=get_ready,
                   scheduler=scheduler)


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
