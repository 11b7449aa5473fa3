"""The Fliegen klatschen table in the terminal.

Everything shown comes from the person's view (``state.view(0, now)``), the events
(the log, and the hands of the hunt just over) and the outcome; every key becomes an
action that the state accepts or refuses.  The
screen never works out a rule itself -- in particular it never marks which colours may
be hit, because judging the leading colour at a glance is the player's skill.

The centre fits the room it has: framed cards where they fit, small cards without a frame
(three lines) where not, and at worst a card a few columns wide on one line, so that every
fly is on screen in an 80x24 terminal with eight players and twenty flies in the centre.
The keys shown are the ones that work now: space on your turn, the flies' keys and p in a
hunt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Log, Static

from gamenight.engine import PASS
from gamenight.engine.voice import Voice
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Action
from gamenight.games.fliegen_klatschen.cards import CardJSON, name
from gamenight.games.fliegen_klatschen.events import Revealed, Slapped
from gamenight.games.fliegen_klatschen.rules import score
from gamenight.games.fliegen_klatschen.views import Hand, HuntView, SeatView
from gamenight.i18n import game_texts
from gamenight.tui.app import HUMAN, GameScreen, PlayApp
from gamenight.tui.fit import card_rows, lines_for
from gamenight.tui.table import TableScreen

# The game's own catalog (locale/<lang>/LC_MESSAGES/game.po): what this screen says.
_, ngettext = game_texts(__name__)

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

#: The widths of a framed card, a small card and a card on one line; a framed card's
#: height and a small one's.
FACE_WIDTH, SMALL_WIDTH, CHIP_WIDTH = 10, 8, 9
FACE_HEIGHT, SMALL_HEIGHT = 5, 3
#: The least room for the centre and for the narration (as in the CSS).
CENTRE_MIN, LOG_MIN = 4, 3


def seat_tag(seat: int, me: int = HUMAN) -> str:
    """A short mark for a hand on a card: Y for you (``me``), else the seat number."""
    return "Y" if seat == me else str(seat)


def face_colours(card: CardJSON) -> tuple[str, str]:
    """(background, text) of a card's face."""
    return SWATTER_FACE if card["kind"] == "swatter" else FACES[card["colour"]]


def small_face(card: CardJSON, label: str | None = None, hands: Sequence[int] = (),
               me: int = HUMAN) -> Text:
    """One face-up card without a frame, three lines high: its key and value, its colour,
    the hands on it."""
    bg, fg = face_colours(card)
    if card["kind"] == "swatter":
        top, middle = "SWAT", "TER"
    else:
        top, middle = str(card["value"]), card["colour"]
    if label:
        top = f"{label}: {top}"
    on_it = " ".join(seat_tag(s, me) for s in hands)
    lines = [Text(top, style="bold"), Text(middle), Text(f"✋{on_it}" if on_it else "")]
    for line in lines:
        line.align("center", SMALL_WIDTH)
    face = Text("\n").join(lines)
    face.stylize(f"{fg} on {bg}")
    face.no_wrap = True
    return face


def chip(card: CardJSON, label: str | None = None, hands: Sequence[int] = (),
         me: int = HUMAN) -> Text:
    """A card on one line, for a centre too full for faces: "a:5R" on its colour (the
    colour's initial reads without the colour), then the hands on it."""
    bg, fg = face_colours(card)
    what = "SW" if card["kind"] == "swatter" else f"{card['value']}{card['colour'][0].upper()}"
    text = Text(f"{label}:{what}" if label else what, style=f"bold {fg} on {bg}")
    on_it = "".join(seat_tag(s, me) for s in hands)
    if on_it:
        text.append(f"✋{on_it}")
    text.truncate(CHIP_WIDTH)
    return text


def card_face(card: CardJSON, label: str | None = None,
              hands: Sequence[int] = (), me: int = HUMAN) -> Panel:
    """One face-up card: its colour as a real colour, its value, and the hands on it."""
    if card["kind"] == "swatter":
        bg, fg = SWATTER_FACE
        body = Text.assemble(("SWAT\n", "bold"), "TER")
    else:
        bg, fg = FACES[card["colour"]]
        body = Text.assemble((f"{card['value']}\n", "bold"), card["colour"])
    on_it = " ".join(seat_tag(s, me) for s in hands)
    body.append("\n" + (f"✋{on_it}" if on_it else ""))
    body.justify = "center"
    return Panel(
        body,
        title=f"[b]{label}[/b]" if label else None,
        style=f"{fg} on {bg}",
        border_style=f"{fg} on {bg}",
        width=FACE_WIDTH,
        height=FACE_HEIGHT,
    )


class FliegenKlatschenScreen(TableScreen):
    """The table: seats, the card just revealed, the centre, the hunt, the log."""

    # The centre takes two thirds of the room the seats leave, the narration the rest.
    DEFAULT_CSS = """
    #top { height: auto; }
    #seats { width: 1fr; height: auto; padding: 0 1; }
    #reveal { width: 34; height: auto; padding: 0 1; }
    #centre { height: 2fr; min-height: 4; padding: 0 1; }
    #hands { height: auto; max-height: 3; padding: 0 1; }
    #log { height: 1fr; min-height: 3; }
    """
    TICK_S = 0.1  # the hunt's countdown

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self._last_hunt: Text | None = None
        self._drawn = False  # the shell has asked for the table once
        # "You" and "Seat 2" in the list of hands (short: many share a line).
        self.voice = Voice(table.seat)

    def fit_terminal(self, width: int, height: int) -> None:
        super().fit_terminal(width, height)
        if self._drawn:
            # The centre chooses its cards' size for its new room once it is laid out.
            self.call_after_refresh(self._redraw)

    def _redraw(self) -> None:
        if self.is_attached:  # the table may have been set again meanwhile
            self.refresh_table()

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
        yield Static(id="help")

    # -- what the table looks like ---------------------------------------------------
    def seat_view(self) -> SeatView:
        """The person's view, in the shape the game publishes (``views``)."""
        return cast(SeatView, self.view())

    def refresh_table(self) -> None:
        self._drawn = True
        view = self.seat_view()
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#seats", Static).update(self._seats(view))
        self.query_one("#reveal", Static).update(self._reveal(view))
        self.query_one("#centre", Static).update(self._centre(view))
        self.query_one("#hands", Static).update(self._hands(view))
        self.query_one("#help", Static).update(self._keys(view))
        self.follow_log()

    def _keys(self, view: SeatView) -> str:
        """The keys that do something now, and only those."""
        if view["phase"] == "over":
            return _("[b]q[/b] quit")
        keys = ""
        if self.table.my_turn:
            keys = _("[b]space[/b]/[b]enter[/b] reveal your top card") + "   "
        elif view["hunt"] is not None and self.table.seat in view["hunt"]["pending"]:
            labels = list(self.labels(view).values())
            if labels:
                span = labels[0] if len(labels) == 1 else f"{labels[0]}-{labels[-1]}"
                keys = _("[b]{keys}[/b] slap that fly").format(keys=span) + "   "
            keys += _("[b]p[/b] pass") + "   "
        return keys + _("[b]q[/b] quit")

    def _status(self, view: SeatView) -> Text:
        head = _("Fliegen klatschen · turn {turn}").format(turn=view["turn"]) + " · "
        if view["phase"] == "over":
            return Text(head + _("game over"))
        if view["hunt"] is not None:
            left = self._seconds_left(view["hunt"])
            return Text.assemble(head, (_("HUNT!") + " ", "bold red"),
                                 _("slap a fly or pass · {seconds} s left").format(
                                     seconds=f"{left:.1f}"))
        if self.table.my_turn:
            return Text.assemble(head, (_("Your turn:") + " ", "bold green"),
                                 _("press space to reveal your top card"))
        if view["current"] == self.table.seat:
            return Text(head + _("you are next to reveal"))
        return Text(head + _("{name} is next to reveal").format(
            name=self.table.seat_names[view["current"]]))

    def _seconds_left(self, hunt: HuntView) -> float:
        now = self.table.window_ms() or 0.0
        return max(0.0, (hunt["deadline_ms"] - now) / 1000.0)

    def _seats(self, view: SeatView) -> Table:
        table = Table(box=None, pad_edge=False)
        # A column for the turn's mark, as wide with it as without (a hunt hides it).
        table.add_column("", width=1)
        table.add_column(_("Seat"), no_wrap=True)
        table.add_column(_("Pile"), justify="right")
        table.add_column(_("Flies won"), justify="right")
        hunting = view["hunt"] is not None
        for seat in range(view["players"]):
            turn = view["current"] == seat and view["phase"] != "over"
            mark = "▶" if turn and not hunting else ""
            won = str(view["won"][seat])
            if seat == self.table.seat:
                won += f" ({score(c['id'] for c in view['my_won'])} pts)"
            style = "bold" if seat == self.table.seat else ""
            table.add_row(mark, Text(self.table.seat_names[seat], style=style),
                          str(view["piles"][seat]), won)
        return table

    def _reveal(self, view: SeatView) -> RenderableType:
        last = view["last_reveal"]
        if last is None:
            return Text(_("No card revealed yet."))
        who = self.table.seat_names[last["seat"]]
        head = Text(f"{who} revealed:")
        if view["hunt"] is not None:
            head.append("  HUNT!", style="bold red blink")
        return Group(head, card_face(last["card"]))

    def _centre(self, view: SeatView) -> RenderableType:
        centre = view["centre"]
        if not centre:
            return Text(_("The centre is empty."), style="bold")
        hands: dict[int, list[int]] = {}
        if view["hunt"] is not None:
            for hand in view["hunt"]["hands"]:  # already in time order
                hands.setdefault(hand["card"], []).append(hand["seat"])
        labels = self.labels(view)
        me = self.table.seat
        title = ngettext("Centre ({n} fly)", "Centre ({n} flies)", len(centre)).format(
            n=len(centre))
        # The room the centre has (before it is laid out: a roomy guess).
        size = self.query_one("#centre", Static).content_size
        width, height = (size.width, size.height) if size.height else (self.size.width - 2, 40)
        n = len(centre)
        framed = 2 + lines_for(n, width - 4, FACE_WIDTH, FACE_HEIGHT)
        if framed <= height:
            faces: list[RenderableType] = [
                card_face(c, labels.get(c["id"]), hands.get(c["id"], ()), me) for c in centre]
            return Panel(card_rows(faces, width - 4, FACE_WIDTH), title=title, height=framed)
        if 1 + lines_for(n, width, SMALL_WIDTH, SMALL_HEIGHT) <= height:
            small: list[RenderableType] = [
                small_face(c, labels.get(c["id"]), hands.get(c["id"], ()), me) for c in centre]
            return Group(Text(title, style="bold"), card_rows(small, width, SMALL_WIDTH))
        chips: list[RenderableType] = [
            chip(c, labels.get(c["id"]), hands.get(c["id"], ()), me) for c in centre]
        return Group(Text(title, style="bold"), card_rows(chips, width, CHIP_WIDTH))

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
        if self.table.seat not in hunt["pending"]:
            line.append("   (you are done)", style="dim")
        return line

    def _hand_list(self, hands: Sequence[Hand],
                   labels: dict[int, str] | None = None) -> str:
        """Hands in time order; with ``labels``, each fly's key tells equal flies apart."""
        keys = labels or {}
        return "  ".join(
            f"{i}. {self.voice.name(h['seat'])} on "
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
        self.query_one("#help", Static).update(self._keys(self.seat_view()))

    def game_over(self) -> None:
        won = self.seat_view()["won"]
        # The results (a row a seat, the frame, the verdict: 11 lines) need the room: in a
        # short terminal they take the place of the centre, the hunt and the narration,
        # and if need be of the seats (the results hold every seat's score).
        players = len(won)
        results = players + 11
        top = max(players + 1, 6)
        room = self.size.height - 3  # less the status, the message and the keys
        if room < top + results + CENTRE_MIN + LOG_MIN:
            for part in ("#centre", "#hands", "#log"):
                self.query_one(part).display = False
            if room < top + results:
                self.query_one("#top").display = False
        self.show_results((_("Score"), _("Flies won")),
                          lambda seat: (self.score(seat), str(won[seat])))

    # -- keys ----------------------------------------------------------------------------
    def table_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        if key in ("space", "enter"):
            if self.table.state.acting().kind == "window":
                self.show_message(_("A hunt is on: slap a fly with its key, or p to pass."))
                return
            self._act(REVEAL)
        elif key == "p":
            self._act(PASS)
        elif char is not None and char in KEY_LABELS:
            view = self.seat_view()
            by_key = {label: card for card, label in self.labels(view).items()}
            hunt = view["hunt"]
            if hunt is None:
                self.show_message(_("No hunt is on: wait for a swatter or a fifth colour."))
            elif char not in by_key:
                self.show_message(_("No fly has the key {key}.").format(key=char))
            elif self.table.seat not in hunt["pending"]:
                # Told in the person's words (the rules' message names seat 0).
                self.show_message(_("You have no hand left to slap with in this hunt."))
            elif any(h["seat"] == self.table.seat and h["card"] == by_key[char]
                     for h in hunt["hands"]):
                self.show_message(f"You already have a hand on {name(by_key[char])}: "
                                  "each hand goes on a different fly.")
            else:
                self._act(SLAPS[by_key[char]])

    def _act(self, action: Action) -> None:
        if self.table.human_act(action):
            self.show_message("")


def make_screen(table: PlayApp) -> GameScreen:
    """The screen the app shell shows for Fliegen klatschen."""
    return FliegenKlatschenScreen(table)
