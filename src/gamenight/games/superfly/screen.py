"""The Superfly table in the terminal.

Everything shown comes from the person's view (``state.view(0)``), the log and the
outcome; every key becomes an action that the state accepts or refuses.  At the signal
the flies are numbered 1 to 4 and a countdown runs to the deadline; a key swats that
fly, ``p`` passes.  The shell draws the dice (and the next flies) as soon as the choices
are in, so what happened is read from the view's ``last_turn`` and ``last_round``.
"""

from __future__ import annotations

from typing import cast

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Log, Static

from gamenight.engine import PASS
from gamenight.games.superfly.actions import SWATS, SuperflyAction
from gamenight.games.superfly.cards import NAMES
from gamenight.games.superfly.rules import HAND_LIMIT
from gamenight.games.superfly.sets import best_set
from gamenight.games.superfly.views import CardView, SeatView
from gamenight.tui.app import HUMAN, GameScreen, PlayApp
from gamenight.tui.table import TableScreen

#: Card face colours: (background, text) for each fly colour; text picked for contrast.
FACES: dict[str, tuple[str, str]] = {
    "red": ("#c62828", "#ffffff"),
    "orange": ("#ef6c00", "#000000"),
    "yellow": ("#fdd835", "#000000"),
    "green": ("#2e7d32", "#ffffff"),
    "blue": ("#1565c0", "#ffffff"),
    "purple": ("#6a1b9a", "#ffffff"),
}
#: The keys that swat the centre flies, in the centre's order (at most 4 flies).
KEY_LABELS: tuple[str, ...] = ("1", "2", "3", "4")
BAR = 30

HELP = "[b]1-4[/b] swat that fly   [b]p[/b] pass   [b]q[/b] quit"


def card_face(card: CardView, label: str | None = None) -> Panel:
    """One face-up fly: its colour as a real colour, its number and its kind."""
    bg, fg = FACES[card["colour"]]
    body = Text.assemble((f"{card['number']}\n", "bold"), f"{card['kind']}\n", card["colour"])
    body.justify = "center"
    return Panel(body, title=f"[b]{label}[/b]" if label else None, style=f"{fg} on {bg}",
                 border_style=f"{fg} on {bg}", width=12, height=5)


class SuperflyScreen(TableScreen):
    """The table: seats and tokens, the centre flies, your hand, the last turn, the log."""

    DEFAULT_CSS = """
    #countdown { height: 1; padding: 0 1; }
    #top { height: auto; }
    #seats { width: 1fr; height: auto; padding: 0 1; }
    #last { width: 2fr; height: auto; padding: 0 1; }
    #centre { height: auto; min-height: 6; padding: 0 1; }
    #hand { height: auto; min-height: 6; padding: 0 1; }
    """
    TICK_S = 0.1  # the swat's countdown

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="countdown")
        with Horizontal(id="top"):
            yield Static(id="seats")
            yield Static(id="last")
        yield Static(id="centre")
        yield Static(id="hand")
        yield Static(id="message")
        yield Log(id="log", auto_scroll=True)
        yield Static(id="results")
        yield Static(HELP, id="help")

    # -- what the table looks like ---------------------------------------------------
    def seat_view(self) -> SeatView:
        """The person's view, as this game builds it (``SuperflyState._view``)."""
        return cast(SeatView, self.view())

    def refresh_table(self) -> None:
        view = self.seat_view()
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#countdown", Static).update(self._countdown(view))
        self.query_one("#seats", Static).update(self._seats(view))
        self.query_one("#last", Static).update(self._last(view))
        self.query_one("#centre", Static).update(self._centre(view))
        self.query_one("#hand", Static).update(self._hand(view))
        self.follow_log()

    def seconds_left(self, view: SeatView) -> float | None:
        """Seconds to the deadline of the open swat (None before its clock starts)."""
        now = self.table.window_ms()
        if view["phase"] != "swat" or now is None:
            return None
        return max(0.0, (view["deadline_ms"] - now) / 1000.0)

    def _status(self, view: SeatView) -> Text:
        head = f"Superfly · round {view['round']} · turn {view['turn']} · "
        if view["phase"] == "over":
            return Text(head + "game over")
        final = "FINAL TURN · " if view["final_turn"] else ""
        if view["phase"] != "swat":
            return Text(head + final + "dealing")
        left = self.seconds_left(view)
        clock = "" if left is None else f" · {left:.1f} s left"
        if HUMAN not in view["eligible"]:
            return Text(head + final + f"you hold {HAND_LIMIT} cards and sit out this turn" + clock)
        if self.table.deciding:
            return Text.assemble(head, final, ("SWAT! ", "bold red"),
                                 "press 1-4 for a fly or p to pass" + clock)
        if "my_swat" in view:
            mine = "you pass" if view["my_swat"] is None else f"you swat {NAMES[view['my_swat']]}"
            return Text(head + final + mine + ": waiting for the others" + clock)
        return Text(head + final + "get ready to swat")

    def _countdown(self, view: SeatView) -> Text:
        left = self.seconds_left(view)
        if left is None:
            return Text("")
        share = left * 1000.0 / view["deadline_ms"]
        filled = round(BAR * share)
        return Text.assemble(("Swat  ", "bold"), ("█" * filled + "░" * (BAR - filled), "red"),
                             f" {left:4.1f} s")

    def _seats(self, view: SeatView) -> Table:
        table = Table(expand=True, box=None, pad_edge=False)
        hands = view.get("hands")  # every hand, when hands are played face up
        columns = ("", "Seat", "Cards", "Tokens", "Swat") + (("Hand",) if hands else ())
        for name in columns:
            table.add_column(name, justify="right" if name in ("Cards", "Tokens") else "left")
        for seat in range(view["players"]):
            first = "◆" if view["first_player"] == seat and view["phase"] != "over" else ""
            if view["phase"] != "swat":
                swat = ""
            elif seat not in view["eligible"]:
                swat = "sits out"
            else:
                swat = "chosen" if seat in view["chosen"] else "…"
            cards = view["hand_sizes"][seat]
            table.add_row(first, Text(self.table.seat_names[seat],
                                      style="bold" if seat == HUMAN else ""),
                          f"{cards}{'!' if cards >= HAND_LIMIT else ''}",
                          "●" * view["tokens"][seat] or "0", swat,
                          *([", ".join(NAMES[c["id"]] for c in hands[seat])] if hands else []))
        return table

    def _who(self, seat: int) -> str:
        return "You" if seat == HUMAN else f"Seat {seat}"

    def _last(self, view: SeatView) -> RenderableType:
        last = view["last_turn"]
        if last is None:
            return Text("No turn played yet.  ◆ marks the first player.")
        lines = [Text(f"Last turn ({last['turn']}{', final' if last['final'] else ''}):",
                      style="bold")]
        for fly in last["flies"]:
            card = fly["card"]
            line = Text(f"{NAMES[card]}: ")
            claims = ", ".join(f"{self._who(s)} rolled {last['dice'][s]}"
                               for s in fly["claimants"])
            line.append(claims or "nobody swatted it")
            if fly["squished_by"]:
                line.append(" → squished!", style="bold red")
            for group in fly["swaps"]:
                names = " and ".join(self._who(s) for s in group)
                how = "swap hands" if len(group) == 2 else "pass hands clockwise"
                line.append(f" → tie: {names} {how}", style="bold yellow")
            if fly["taker"] is not None:
                line.append(f" → {self._who(fly['taker'])} takes it", style="bold green")
            elif fly["claimants"] and not fly["squished_by"]:
                line.append(" → nobody takes it")
            lines.append(line)
        passed = [s for s in last["eligible"] if last["swats"][s] is None]
        if passed:
            lines.append(Text("Passed: " + ", ".join(self._who(s) for s in passed)))
        if last["five_cards"] and not last["round_over"]:
            five = ", ".join(self._who(s) for s in last["five_cards"])
            lines.append(Text(f"{five}: {HAND_LIMIT} cards! The others get one final turn.",
                              style="bold"))
        shown = view["last_round"]
        if last["round_over"] and shown is not None:
            lines.append(Text(f"Round {shown['round']} is over; the hands are shown:",
                              style="bold"))
            for seat, hand in enumerate(shown["hands"]):
                star = " ★ token" if seat in shown["winners"] else ""
                lines.append(Text(f"{self._who(seat)}: {', '.join(NAMES[c] for c in hand)}"
                                  f" = set of {shown['sizes'][seat]} ({shown['kinds'][seat]})"
                                  f"{star}"))
        return Group(*lines)

    def _centre(self, view: SeatView) -> RenderableType:
        centre = view["centre"]
        if not centre:
            return Panel(Text("No flies on the table."), title="Centre", height=6)
        faces = [card_face(card, label) for card, label in zip(centre, KEY_LABELS, strict=False)]
        return Panel(Columns(faces), title=f"Centre ({len(centre)} flies)")

    def _hand(self, view: SeatView) -> RenderableType:
        hand = view["my_hand"]
        ids = [c["id"] for c in hand]
        if not ids:
            return Panel(Text("Your hand is empty."), title="Your hand", height=6)
        kind, cards = best_set(ids)
        title = f"Your hand ({len(ids)} of {HAND_LIMIT}) · best set {len(cards)}"
        if len(cards) > 1:
            title += f" ({kind})"
        return Panel(Columns([card_face(c) for c in hand]), title=title)

    # -- events from the shell ---------------------------------------------------------
    def tick(self) -> None:
        if self.table.state.acting().kind != "simultaneous":
            return  # the swat is over
        view = self.seat_view()
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#countdown", Static).update(self._countdown(view))
        self.query_one("#seats", Static).update(self._seats(view))

    def game_over(self) -> None:
        self.show_results(("Fly Catcher tokens",), lambda seat: (self.score(seat),))

    # -- keys ----------------------------------------------------------------------------
    def table_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        if key == "p":
            self._act(PASS)
        elif char is not None and char in KEY_LABELS:
            centre = self.seat_view()["centre"]
            index = KEY_LABELS.index(char)
            if index >= len(centre):
                self.show_message(f"No fly has the key {char}.")
            else:
                self._act(SWATS[centre[index]["id"]])

    def _act(self, action: SuperflyAction) -> None:
        # The shell and the rules say what is wrong (too early, chosen already, 5 cards).
        if self.table.human_act(action):
            self.show_message("")
            self.refresh_table()


def make_screen(table: PlayApp) -> GameScreen:
    """The screen the app shell shows for Superfly."""
    return SuperflyScreen(table)
