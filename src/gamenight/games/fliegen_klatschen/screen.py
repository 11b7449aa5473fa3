"""The Fliegen klatschen table in the terminal.

Everything shown comes from the person's view (``state.view(0, now)``), the events
(the log, and the hands of the hunt just over) and the outcome; every key becomes an
action that the state accepts or refuses.  The
screen never works out a rule itself -- in particular it never marks which colours may
be hit, because judging the leading colour at a glance is the player's skill.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Action
from gamenight.games.fliegen_klatschen.cards import CardJSON, name
from gamenight.games.fliegen_klatschen.events import Revealed, Slapped
from gamenight.games.fliegen_klatschen.rules import score
from gamenight.games.fliegen_klatschen.views import Hand, HuntView, SeatView
from gamenight.tui.app import HUMAN, GameScreen, PlayApp
from gamenight.tui.table import TableScreen

#: Card face colours: (background, text) for each fly colour; text picked for contrast.
FACES: dict[str, tuple[str, str]] = {
    "red": ("#c62828", "#ffffff"),
    "yellow": ("#fdd835", "#000000"),
    "green": ("#2e7d32", "#ffffff"),
    "blue": ("#1565c0", "#ffffff"),
    "purple": ("#6a1b9a", "#ffffff"),
    "orange": ("#ef6c00", "#000000"),
}
SWATTER_FACE = ("#424242", "#ffffff")

#: Keys that slap the centre flies, in the centre's order; p (pass) and q (quit) are
#: kept free, and shifted letters follow for a very crowded centre.
_LETTERS = "abcdefghijklmnorstuvwxyz"
KEY_LABELS: tuple[str, ...] = tuple("123456789") + tuple(_LETTERS) + tuple(
    c.upper() for c in _LETTERS)

HELP = ("[b]space[/b]/[b]enter[/b] reveal your top card   "
        "[b]1-9, a-z[/b] slap that fly   [b]p[/b] pass   [b]q[/b] quit")


def seat_tag(seat: int) -> str:
    """A short mark for a hand on a card: Y for you, else the seat number."""
    return "Y" if seat == HUMAN else str(seat)


def card_face(card: CardJSON, label: str | None = None,
              hands: Sequence[int] = ()) -> Panel:
    """One face-up card: its colour as a real colour, its value, and the hands on it."""
    if card["kind"] == "swatter":
        bg, fg = SWATTER_FACE
        body = Text.assemble(("SWAT\n", "bold"), "TER")
    else:
        bg, fg = FACES[card["colour"]]
        body = Text.assemble((f"{card['value']}\n", "bold"), card["colour"])
    on_it = " ".join(seat_tag(s) for s in hands)
    body.append("\n" + (f"✋{on_it}" if on_it else ""))
    body.justify = "center"
    return Panel(
        body,
        title=f"[b]{label}[/b]" if label else None,
        style=f"{fg} on {bg}",
        border_style=f"{fg} on {bg}",
        width=10,
        height=5,
    )


class FliegenKlatschenScreen(TableScreen):
    """The table: seats, the card just revealed, the centre, the hunt, the log."""

    DEFAULT_CSS = """
    #top { height: auto; }
    #seats { width: 1fr; height: auto; padding: 0 1; }
    #reveal { width: 34; height: auto; padding: 0 1; }
    #centre { height: auto; min-height: 6; padding: 0 1; }
    #hands { height: auto; min-height: 2; padding: 0 1; }
    """
    TICK_S = 0.1  # the hunt's countdown

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self._last_hunt: Text | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield Static(id="seats")
            yield Static(id="reveal")
        yield Static(id="centre")
        yield Static(id="hands")
        yield Static(id="message")
        yield Log(id="log", auto_scroll=True)
        yield Static(id="results")
        yield Static(HELP, id="help")

    # -- what the table looks like ---------------------------------------------------
    def seat_view(self) -> SeatView:
        """The person's view, in the shape the game publishes (``views``)."""
        return cast(SeatView, self.view())

    def refresh_table(self) -> None:
        view = self.seat_view()
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#seats", Static).update(self._seats(view))
        self.query_one("#reveal", Static).update(self._reveal(view))
        self.query_one("#centre", Static).update(self._centre(view))
        self.query_one("#hands", Static).update(self._hands(view))
        self.follow_log()

    def _status(self, view: SeatView) -> Text:
        head = f"Fliegen klatschen · turn {view['turn']} · "
        if view["phase"] == "over":
            return Text(head + "game over")
        if view["hunt"] is not None:
            left = self._seconds_left(view["hunt"])
            return Text.assemble(head, ("HUNT! ", "bold red"),
                                 f"slap a fly or pass · {left:.1f} s left")
        if self.table.my_turn:
            return Text.assemble(head, ("Your turn: ", "bold green"),
                                 "press space to reveal your top card")
        if view["current"] == HUMAN:
            return Text(head + "you are next to reveal")
        return Text(head + f"{self.table.seat_names[view['current']]} is next to reveal")

    def _seconds_left(self, hunt: HuntView) -> float:
        now = self.table.window_ms() or 0.0
        return max(0.0, (hunt["deadline_ms"] - now) / 1000.0)

    def _seats(self, view: SeatView) -> Table:
        table = Table(expand=True, box=None, pad_edge=False)
        table.add_column("")
        table.add_column("Seat")
        table.add_column("Pile", justify="right")
        table.add_column("Flies won", justify="right")
        hunting = view["hunt"] is not None
        for seat in range(view["players"]):
            turn = view["current"] == seat and view["phase"] != "over"
            mark = "▶" if turn and not hunting else ""
            won = str(view["won"][seat])
            if seat == HUMAN:
                won += f" ({score(c['id'] for c in view['my_won'])} pts)"
            style = "bold" if seat == HUMAN else ""
            table.add_row(mark, Text(self.table.seat_names[seat], style=style),
                          str(view["piles"][seat]), won)
        return table

    def _reveal(self, view: SeatView) -> RenderableType:
        last = view["last_reveal"]
        if last is None:
            return Text("No card revealed yet.")
        who = self.table.seat_names[last["seat"]]
        head = Text(f"{who} revealed:")
        if view["hunt"] is not None:
            head.append("  HUNT!", style="bold red blink")
        return Group(head, card_face(last["card"]))

    def _centre(self, view: SeatView) -> RenderableType:
        centre = view["centre"]
        if not centre:
            return Panel(Text("The centre is empty."), title="Centre", height=6)
        hands: dict[int, list[int]] = {}
        if view["hunt"] is not None:
            for hand in view["hunt"]["hands"]:  # already in time order
                hands.setdefault(hand["card"], []).append(hand["seat"])
        labels = self.labels(view)
        faces = [card_face(card, labels.get(card["id"]), hands.get(card["id"], ()))
                 for card in centre]
        return Panel(Columns(faces), title=f"Centre ({len(centre)} flies)")

    @staticmethod
    def labels(view: SeatView) -> dict[int, str]:
        """The slap key of each centre fly (by card id) during a hunt."""
        if view["hunt"] is None:
            return {}
        return {card["id"]: key for card, key in zip(view["centre"], KEY_LABELS, strict=False)}

    def _hands(self, view: SeatView) -> RenderableType:
        hunt = view["hunt"]
        if hunt is None:
            return self._last_hunt or Text("")
        left = self._seconds_left(hunt)
        share = left * 1000.0 / hunt["deadline_ms"]
        bar = Text("█" * round(30 * share) + "░" * (30 - round(30 * share)), style="red")
        line = Text.assemble(("Hunt  ", "bold"), bar, f" {left:4.1f} s   ")
        line.append(self._hand_list(hunt["hands"], self.labels(view)) or "no hands down yet")
        if HUMAN not in hunt["pending"]:
            line.append("   (you are done)", style="dim")
        return line

    def _hand_list(self, hands: Sequence[Hand],
                   labels: dict[int, str] | None = None) -> str:
        """Hands in time order; with ``labels``, each fly's key tells equal flies apart."""
        keys = labels or {}
        return "  ".join(
            f"{i}. {self.table.seat_names[h['seat']]} on "
            + (f"[{keys[h['card']]}] " if h["card"] in keys else "")
            + f"{name(h['card'])} ({h['at_ms']:.0f} ms)"
            for i, h in enumerate(hands, start=1))

    # -- events from the shell ---------------------------------------------------------
    def window_opened(self) -> None:
        self._last_hunt = None
        super().window_opened()

    def tick(self) -> None:
        if self.table.state.acting().kind == "window":
            view = self.seat_view()
            self.query_one("#status", Static).update(self._status(view))
            self.query_one("#hands", Static).update(self._hands(view))

    def window_closed(self, start: int) -> None:
        super().window_closed(start)
        # The hunt has resolved (and left the view): keep its hands on show for a while.
        # They are the hands slapped since the reveal that started it.
        hands: list[Hand] = []
        for event in reversed(self.table.state.events):
            if isinstance(event, Revealed) and event.hunt:
                break
            if isinstance(event, Slapped):
                hands.append({"seat": event.seat, "card": event.card, "at_ms": event.at_ms})
        hands.reverse()  # in the order they came, so the sort keeps ties in that order
        hands.sort(key=lambda h: h["at_ms"])
        self._last_hunt = Text.assemble(("Last hunt: ", "bold"),
                                        self._hand_list(hands) or "nobody slapped")

    def game_over(self) -> None:
        won = self.seat_view()["won"]
        self.show_results(("Score", "Flies won"), lambda seat: (self.score(seat), str(won[seat])))

    # -- keys ----------------------------------------------------------------------------
    def table_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        if key in ("space", "enter"):
            if self.table.state.acting().kind == "window":
                self.show_message("A hunt is on: slap a fly with its key, or p to pass.")
                return
            self._act(REVEAL)
        elif key == "p":
            self._act(PASS)
        elif char is not None and char in KEY_LABELS:
            view = self.seat_view()
            by_key = {label: card for card, label in self.labels(view).items()}
            if view["hunt"] is None:
                self.show_message("No hunt is on: wait for a swatter or a fifth colour.")
            elif char not in by_key:
                self.show_message(f"No fly has the key {char}.")
            else:
                self._act(SLAPS[by_key[char]])

    def _act(self, action: Action) -> None:
        if self.table.human_act(action):
            self.show_message("")


def make_screen(table: PlayApp) -> GameScreen:
    """The screen the app shell shows for Fliegen klatschen."""
    return FliegenKlatschenScreen(table)
