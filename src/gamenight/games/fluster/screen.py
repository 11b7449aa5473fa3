"""The Fluster pad in the terminal.

Everything shown comes from the person's view (``state.view(0)``), the log and the
outcome; every key becomes an action that the state accepts or refuses.  The person's
two blocks show each square's printed number and what is written in it, with the
running total of every row and column in its circle and the totals A-D below.

Keys: as caller, type a letter (or space for a Blank) and the number, then Enter; when
everyone writes, the left and right arrow keys write the call in that block.

The pad fits the terminal: from ``ROOMY_ROWS`` rows up a square is two lines (its number
over its letter) between ruled lines, as printed; in a shorter terminal (80x24) a square
is one line, "17 C", and a block is 10 lines high.  At the end the results take the pad's
place in a short terminal, and the other pads are shown in a tall one.
"""

from __future__ import annotations

from typing import Literal, cast

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import Log, Static

from gamenight.games.fluster.actions import CALLS, WRITES
from gamenight.games.fluster.board import (
    BLANK,
    EMPTY,
    LEFT,
    NUMBERS,
    RIGHT,
    SIDES,
    TOTAL_CALLS,
    Side,
    bonus,
    callable_numbers,
)
from gamenight.games.fluster.views import BlockView, FlusterView, PadView, TotalsView
from gamenight.i18n import N_, game_texts
from gamenight.tui.app import GameScreen, PlayApp
from gamenight.tui.table import TableScreen

# The game's own catalog (locale/<lang>/LC_MESSAGES/game.po): what this screen says.
_, ngettext = game_texts(__name__)

HELP_CALL = N_("[b]a-z[/b] letter  [b]space[/b] Blank  [b]0-9[/b] number  "
               "[b]backspace[/b] erase  [b]enter[/b] call  [b]esc[/b] quit")
HELP_WRITE = N_("[b]←[/b] write in the left block   [b]→[/b] write in the right block   "
                "[b]q[/b] quit")
HELP_WAIT = N_("[b]q[/b] quit")
#: (Down, Across) of each block.
TOTAL_NAMES: dict[Side, tuple[Literal["A", "C"], Literal["B", "D"]]] = {
    LEFT: ("A", "B"), RIGHT: ("C", "D")}
#: The results' columns: a pad's totals in the order the rulebook adds them.
RESULTS: tuple[Literal["A", "B", "C", "D", "bonuses", "grand_total"], ...] = (
    "A", "B", "C", "D", "bonuses", "grand_total")
#: From this many rows up, squares are drawn as printed: two lines between ruled lines.
ROOMY_ROWS = 34
#: The rows the pad takes with its totals line (roomy, or not), and the rows around it:
#: the status, the message and the keys.
PAD_ROWS = {True: 22, False: 12}
ROWS_AROUND = 3
#: A square's width in columns (a block is 6 of them and 7 rules: 31 columns).
SQUARE = 4


def symbol_text(symbol: str) -> str:
    return "Blank" if symbol == BLANK else symbol


def square_face(number: int, written: str, *, lit: bool) -> Text:
    """One square as printed: its number, then what is written in it, on two lines."""
    style = "on dark_goldenrod" if lit else ""
    face = Text(f"{number:>2}\n", style=f"dim {style}".strip())
    if written == BLANK:
        face.append("███", style="grey50")
    elif written == EMPTY:
        face.append("   ", style=style)
    else:
        face.append(f" {written} ", style=f"bold {style}".strip())
    return face


def square_line(number: int, written: str, *, lit: bool) -> Text:
    """One square on one line: "17 C", "17 ·" when empty, "17██" for a Blank."""
    style = "on dark_goldenrod" if lit else ""
    face = Text(f"{number:>2}", style=f"dim {style}".strip())
    if written == BLANK:
        face.append("██", style="grey50")
    elif written == EMPTY:
        face.append(" ·", style=f"dim {style}".strip())
    else:
        face.append(f" {written}", style=f"bold {style}".strip())
    return face


def block_table(side: Side, block: BlockView, totals: TotalsView,
                lit_number: int | None, *, roomy: bool = True) -> Table:
    """A block as printed: 5x5 squares, circles at the right of each row (Across) and at
    the bottom of each column (Down), and the block's two totals (from the pad's
    ``totals`` in the view).  ``roomy``: squares of two lines between ruled lines; else
    a line each."""
    down_name, across_name = TOTAL_NAMES[side]
    down, across = totals[down_name], totals[across_name]
    title = f"{side.capitalize()} block"
    table = Table(title=title, box=box.SQUARE, show_header=False, show_lines=roomy,
                  padding=(0, 0), pad_edge=False)
    for _ in range(5):
        table.add_column(justify="center", width=SQUARE, no_wrap=True)
    table.add_column(justify="center", width=SQUARE, style="cyan", no_wrap=True)
    squares, numbers = block["squares"], block["numbers"]
    face = square_face if roomy else square_line
    for r in range(5):
        row = range(5 * r, 5 * r + 5)
        cells: list[RenderableType] = [
            face(numbers[s], squares[s], lit=numbers[s] == lit_number) for s in row]
        # The circle beside a row, level with its letters.
        circle = f"({block['across'][r]})"
        cells.append(Text("\n" + circle if roomy else circle))
        table.add_row(*cells, end_section=not roomy and r == 4)
    table.add_row(*[Text(f"({n})", style="cyan") for n in block["down"]], Text(""))
    # One line under the block, however big the totals and bonuses (at most
    # "A Down 25 +10  B Across 25 +10", 30 columns: the block is 31).
    table.caption = (f"{down_name} Down {down}{_bonus(down)}  "
                     f"{across_name} Across {across}{_bonus(across)}")
    return table


def _bonus(total: int) -> str:
    earned = bonus(total)
    return f" +{earned}" if earned else ""


def number_ranges(numbers: list[int]) -> str:
    """Numbers as short as they read: "1-9 11 13-25"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return " ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else " ".join(map(str, r)) for r in runs)


def pad_line(pad: PadView) -> str:
    """A whole pad on one line: each block's squares, five to a row."""
    return "  ".join(f"{side} " + " ".join(pad[side]["squares"][i:i + 5]
                                           for i in range(0, 25, 5)) for side in SIDES)


class FlusterScreen(TableScreen):
    """The person's pad, the call being made, who calls, the log and, at the end, every
    pad."""

    DEFAULT_CSS = """
    #pad { height: auto; padding: 0 1; }
    #totals { height: 1; padding: 0 1; }
    #call { height: auto; padding: 0 1; }
    #seats { height: auto; padding: 0 1; }
    """

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self.letter: str | None = None  # the call being typed: symbol and digits
        self.digits = ""
        self._drawn = False  # the shell has asked for the table once

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="pad")
        yield Static(id="totals")
        yield Static(id="call")
        yield Static(id="seats")
        yield Log(id="log", auto_scroll=True)
        yield Static(id="message")
        yield Static(id="results")
        yield Static(_(HELP_WAIT), id="help")

    @property
    def roomy(self) -> bool:
        """True in a terminal tall enough for squares as printed (``ROOMY_ROWS``)."""
        return self.has_class("-roomy")

    def fit_terminal(self, width: int, height: int) -> None:
        super().fit_terminal(width, height)
        self.set_class(height >= ROOMY_ROWS, "-roomy")
        if self._drawn:
            self.refresh_table()

    # -- what the table looks like ---------------------------------------------------
    def pad_view(self) -> FlusterView:
        """The person's view, as Fluster's views are shaped."""
        return cast(FlusterView, self.view())

    def refresh_table(self) -> None:
        self._drawn = True
        view = self.pad_view()
        self.query_one("#status", Static).update(self._status(view))
        if "pad" in view:
            call = view["call"]
            lit = call["number"] if call is not None and view["my_choice"] is None else None
            pad = view["pad"]
            self.query_one("#pad", Static).update(self._grid(pad, lit, roomy=self.roomy))
            totals = pad["totals"]
            self.query_one("#totals", Static).update(Text.assemble(
                ("Totals: ", "bold"),
                f"A {totals['A']}  B {totals['B']}  C {totals['C']}  D {totals['D']}  "
                f"bonuses {totals['bonuses']}  ", ("Grand Total ", "bold"),
                (str(totals["grand_total"]), "bold green")))
        self.query_one("#call", Static).update(self._call_line(view))
        self.query_one("#seats", Static).update(self._seats(view))
        if view["phase"] != "over":
            help_text = HELP_CALL if self.table.my_turn else (
                HELP_WRITE if self.table.deciding else HELP_WAIT)
            self.query_one("#help", Static).update(_(help_text))
        self.follow_log()

    @staticmethod
    def _grid(pad: PadView, lit: int | None, *, roomy: bool = True) -> Table:
        grid = Table.grid(padding=(0, 3))
        grid.add_row(*[block_table(side, pad[side], pad["totals"], lit, roomy=roomy)
                       for side in SIDES])
        return grid

    def _status(self, view: FlusterView) -> Text:
        if view["phase"] == "over":
            return Text("Fluster · " + _("{n} calls · game over").format(n=view["turn"]))
        call = view["call"]
        # While a call is written it is the call made last; otherwise the next one.
        number = view["turn"] if call is not None else min(view["turn"] + 1, TOTAL_CALLS)
        head = "Fluster · " + _("call {n} of {total}").format(n=number, total=TOTAL_CALLS) + " · "
        if call is not None:
            what = f"{symbol_text(call['letter'])} {call['number']}"
            if self.table.deciding:
                return Text.assemble(head, (_("Write") + " ", "bold green"), (what, "bold"),
                                     _(": ← left block or → right block"))
            return Text(head + _("waiting for the others to write {call}").format(call=what))
        if self.table.my_turn:
            return Text.assemble(head, (_("Your call:") + " ", "bold green"),
                                 _("a letter or space, the number, Enter"))
        if view["caller"] == self.table.seat:
            return Text(head + _("your call is next"))
        return Text(head + _("{name} is calling").format(
            name=self.table.seat_names[view["caller"]]))

    def _seats(self, view: FlusterView) -> Text:
        """Who plays, in calling order, with a mark at the caller."""
        line = Text("Players: ", style="bold")
        for seat, name in enumerate(self.table.seat_names):
            if seat:
                line.append(" · ")
            calling = view["caller"] == seat and view["phase"] != "over"
            line.append(("▶ " if calling else "") + name,
                        style="bold" if seat == self.table.seat else "")
        return line

    def _call_line(self, view: FlusterView) -> Text:
        """The last call and where it went on my pad; then the call I am typing."""
        line = Text()
        last = view["last"]
        if last is not None:
            caller = last["caller"]
            who = "You" if caller == self.table.seat else self.table.seat_names[caller]
            line.append(f"Last call: {who} called {symbol_text(last['letter'])} "
                        f"{last['number']}")
            if view.get("last_side"):
                how = "the one square left, in your" if last["forced"] else "you wrote it in your"
                line.append(f" ({how} {view['last_side']} block)")
        line.append("\n")
        if self.table.my_turn:
            typed = symbol_text(self.letter) if self.letter else "_"
            line.append("Your call: ", style="bold")
            line.append(f"{typed} {self.digits or '__'}", style="bold reverse")
            free = number_ranges(callable_numbers(view["called"]))
            line.append(f"   numbers still callable: {free}", style="dim")
        return line

    # -- events from the shell ---------------------------------------------------------
    def game_over(self) -> None:
        final = self.pad_view()["pads"]
        players = len(final)
        # The results: a row a player, with the verdict and the frame (9 lines), and in
        # a tall terminal every pad as it was filled in, a line each.
        results = players + 9 + (players if self.roomy else 0)
        keep_pad = self.size.height >= PAD_ROWS[self.roomy] + results + ROWS_AROUND
        if not keep_pad:
            # The results take the pad's place (every total is in them).
            for part in ("#pad", "#totals", "#call", "#seats"):
                self.query_one(part, Static).display = False
        pads: list[RenderableType] = []
        if self.roomy:
            pads = [Text(f"{self.table.seat_names[seat]}: {pad_line(pad)}", style="dim")
                    for seat, pad in enumerate(final) if seat != self.table.seat or not keep_pad]
        self.show_results(("A", "B", "C", "D", _("Bonuses"), _("Grand Total")),
                          lambda seat: [str(final[seat]["totals"][t]) for t in RESULTS],
                          notes=pads)

    # -- keys ----------------------------------------------------------------------------
    def quits(self, event: events.Key) -> bool:
        # q is a letter while the person calls: then only escape leaves the table.
        return event.key == "escape" or (event.key == "q" and not self.table.my_turn)

    def table_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        if key in ("left", "right"):
            if not self.table.deciding:
                self.show_message(_("Nothing to write now: wait for a call."))
                return
            if self.table.human_act(WRITES[LEFT if key == "left" else RIGHT]):
                self.show_message("")
            return
        if not self.table.my_turn:
            if char is not None and char.isalnum():
                self.show_message("It is not your call." if not self.table.deciding
                                  else "Choose a block with ← or →.")
            return
        self._type_call(key, char)

    def _type_call(self, key: str, char: str | None) -> None:
        if key == "enter":
            self._call()
        elif key == "backspace":
            if self.digits:
                self.digits = self.digits[:-1]
            else:
                self.letter = None
        elif key == "space":
            self.letter = BLANK
        elif char is not None and char.isascii() and char.isalpha():
            self.letter = char.upper()
        elif char is not None and char.isascii() and char.isdigit():
            self.digits = (self.digits + char)[-2:].lstrip("0")
        else:
            return
        # Only the call being typed changes: redraw that line, not the blocks.
        self.query_one("#call", Static).update(self._call_line(self.pad_view()))

    def _call(self) -> None:
        if self.letter is None:
            self.show_message(_("Type a letter, or space for a Blank, first."))
            return
        if not self.digits or int(self.digits) not in NUMBERS:
            self.show_message(_("Type the number of a square, 1 to 25."))
            return
        action = CALLS[(self.letter, int(self.digits))]
        if self.table.human_act(action):
            self.letter, self.digits = None, ""
            self.show_message("")
            self.refresh_table()


def make_screen(table: PlayApp) -> GameScreen:
    """The screen the app shell shows for Fluster."""
    return FlusterScreen(table)
