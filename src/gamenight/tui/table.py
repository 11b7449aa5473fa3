"""What every game's table screen shares: the frame around the game's own drawing.

A ``TableScreen`` has, besides what the game draws, a status line (``#status``), a line
for messages (``#message``), the narration (``#log``), the results, hidden until the
end (``#results``), and the keys (``#help``); its CSS lays them out, and a game's
screen adds rules for its own parts (or overrides these: a subclass's rules win).  The
game's screen composes the widgets, so it decides where each one goes.

The base class keeps the log following the state, shows the results table, leaves
the table on q or escape, and runs a countdown's ticker while a window is open.  When
there is no message, the message line says where the how-to-play page is and which keys
leave; at the end, r plays a rematch and n a new game (where the shell can set the table
again: ``PlayApp.seating``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.timer import Timer
from textual.widgets import Log, Static

from gamenight.engine import Outcome, View
from gamenight.engine.events import narration
from gamenight.i18n import _, current
from gamenight.tui.app import GameScreen, PlayApp

#: The smallest terminal every table fits (columns, rows): 80x24, the classic terminal.
MIN_SIZE = (80, 24)


class TableScreen(GameScreen):
    """A game's screen with the shared parts of the table already in place."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #status { height: 1; text-style: bold; background: $boost; padding: 0 1; }
    #message { height: 1; color: $warning; padding: 0 1; }
    #log { height: 1fr; min-height: 4; border: round $panel; }
    #results { display: none; height: auto; border: double $success; padding: 0 1; }
    #help { height: 1; dock: bottom; background: $boost; padding: 0 1; }
    #too-small { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    TableScreen.-too-small > * { display: none; }
    TableScreen.-too-small > #too-small { display: block; }
    """

    #: Seconds between redraws of a countdown while a window is open (None: no ticker).
    TICK_S: ClassVar[float | None] = None
    #: The smallest terminal (columns, rows) every table is drawn in whole; in a smaller
    #: one the screen says so instead of drawing a table cut short.
    MIN_SIZE: ClassVar[tuple[int, int]] = MIN_SIZE

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self._logged = 0  # events already narrated in #log
        self._message = ""  # what the message line says, if anything
        self._ticker: Timer | None = None

    # -- the terminal's size -------------------------------------------------------------
    def on_mount(self) -> None:
        self.mount(Static(id="too-small"))
        self.fit_terminal(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_terminal(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        # The terminal may have changed size under a page shown over the table.
        self.fit_terminal(self.app.size.width, self.app.size.height)

    def fit_terminal(self, width: int, height: int) -> None:
        """Hide the table, and say why, while the terminal is smaller than ``MIN_SIZE``."""
        min_width, min_height = self.MIN_SIZE
        small = width < min_width or height < min_height
        self.set_class(small, "-too-small")
        if small:
            for notice in self.query("#too-small").results(Static):
                notice.update(_("This terminal is {width}x{height}: make the terminal at "
                                "least {min_width}x{min_height} to see the table (q quits).")
                              .format(width=width, height=height, min_width=min_width,
                                      min_height=min_height))

    # -- drawing -------------------------------------------------------------------------
    def view(self) -> View:
        """The person's view; in an open window, as it stands at this moment (a bot's
        hand stamped later is not there yet)."""
        return self.table.state.view(self.table.seat, self.table.window_ms())

    def follow_log(self) -> None:
        """Write the narration of the new events, as the person may know them, to the
        ``#log`` widget (a ``Log``)."""
        log = self.query_one("#log", Log)
        happened = self.table.state.events
        if len(happened) > self._logged:
            # In the terminal's language (``--lang``, ``GAMENIGHT_LANG``), as its screens.
            lines = [self.table.told(line) for line in
                     narration(happened[self._logged:], self.table.seat, as_you=True,
                               language=current())]
            self._logged = len(happened)
            if lines:
                log.write_lines(lines)
                # Follow the newest line once the new size is laid out.
                log.call_after_refresh(log.scroll_end, animate=False)

    def show_message(self, text: str) -> None:
        self._message = text
        self._draw_message()

    def refresh_hint(self) -> None:
        if not self._message:
            self._draw_message()

    def hint(self) -> Text:
        """What the message line says when there is nothing to tell: where the
        how-to-play page is, and which keys leave now."""
        leave = (_("q or Esc leaves") if self.quits(events.Key("q", "q"))
                 else _("Esc leaves (q is a letter now)"))
        return Text(_("? or F1: how to play · {leave} · Ctrl+C quits").format(leave=leave),
                    style="dim")

    def _draw_message(self) -> None:
        for line in self.query("#message").results(Static):
            line.update(self._message or self.hint())

    def score(self, seat: int) -> str:
        """The seat's score in the outcome, as the results table shows it."""
        return f"{self.outcome().scores[seat]:g}"

    def outcome(self) -> Outcome:
        """How the game ended (only asked once it is over)."""
        outcome = self.table.state.outcome()
        assert outcome is not None, "the game is not over"
        return outcome

    def show_results(self, columns: Sequence[str], row: Callable[[int], Sequence[str]], *,
                     notes: Sequence[RenderableType] = (), capped_on: str = "turns") -> None:
        """Show the results in ``#results``: a row per seat in rank order, with the seat
        (★ for a winner), ``columns`` filled by ``row(seat)``, and the rank; then the
        verdict, the ``notes``, and a word if the safety cap on ``capped_on`` ended it."""
        outcome = self.outcome()
        table = Table(title=_("Results"), expand=False)
        table.add_column(_("Seat"), justify="left")
        for column in (*columns, _("Rank")):
            table.add_column(column, justify="right")
        names = self.table.seat_names
        for seat in sorted(range(len(outcome.scores)), key=lambda s: outcome.ranks[s]):
            star = " ★" if seat in outcome.winners else ""
            table.add_row(names[seat] + star, *row(seat), str(outcome.ranks[seat]))
        winners = ", ".join(names[s] for s in outcome.winners)
        verdict = (_("Shared win: {winners}") if outcome.shared
                   else _("Winner: {winners}")).format(winners=winners)
        parts: list[RenderableType] = [table, Text(verdict, style="bold green"), *notes]
        if outcome.truncated:
            parts.append(Text(_("(ended by the safety cap on {what})").format(what=capped_on),
                              style="dim"))
        again = self.table.seating is not None
        parts.append(Text(_("Press r for a rematch, n for a new game, or q to quit.") if again
                          else _("Press q to quit."), style="bold"))
        self.show_message("")
        results = self.query_one("#results", Static)
        results.update(Group(*parts))
        results.display = True
        # The results take room from the log: keep its newest line in sight.
        for log in self.query("#log").results(Log):
            log.call_after_refresh(log.scroll_end, animate=False)
        self.query_one("#help", Static).update(
            _("[b]r[/b] rematch   [b]n[/b] new game   [b]q[/b] quit") if again
            else _("[b]q[/b] quit"))

    # -- windows -------------------------------------------------------------------------
    def window_opened(self) -> None:
        self.show_message("")
        self.refresh_table()
        if self.TICK_S is not None and self._ticker is None:
            self._ticker = self.set_interval(self.TICK_S, self._tick)

    def window_closed(self, start: int) -> None:
        self._stop_ticker()

    def tick(self) -> None:
        """Redraw the countdown (every ``TICK_S`` seconds while a window is open)."""

    def _tick(self) -> None:
        if self.is_attached:  # a last tick may come while the screen goes away
            self.tick()

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def on_unmount(self) -> None:
        self._stop_ticker()

    # -- keys ----------------------------------------------------------------------------
    def quits(self, event: events.Key) -> bool:
        """True if the key leaves the table (a screen that types letters narrows this)."""
        return event.key in ("q", "escape")

    def on_key(self, event: events.Key) -> None:
        # Textual calls an on_key of every class in the line: a game's screen takes its
        # keys in ``table_key`` instead, so they are not handled twice.
        if self.quits(event):
            event.stop()
            self.app.exit()
            return
        if self.table.state.is_over:
            if self.table.seating is not None and event.key in ("r", "n"):
                event.stop()
                if event.key == "r":
                    self.table.rematch()
                else:
                    self.table.choose_new_game()
            return
        event.stop()
        self.table_key(event)

    def table_key(self, event: events.Key) -> None:
        """A key pressed at the table while the game is on (not a quit key)."""
