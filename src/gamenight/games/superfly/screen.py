"""The Superfly table in the terminal.

Everything shown comes from the person's view (``state.view(0)``), what the game tells
the person beside it (``state.told(0)``: the last turn in words, ``narration``, the same
as the browser's), the log and the outcome; every key becomes an action that the state
accepts or refuses.  At the signal the flies are numbered and a countdown runs to the
deadline; a fly's number swats it, ``p`` passes (the keys shown are the person's legal
actions).  The shell draws the dice (and the next flies) as soon as the choices are in,
so what happened is read from the view's ``last_turn`` and ``last_round``.

The table fits the terminal: in an 80x24 one the flies are small cards without a frame,
the last turn sits under the seats and the narration is left out (the last turn tells the
same); from ``ROOMY`` up the cards are framed, the last turn sits beside the seats and the
narration follows below.
"""

from __future__ import annotations

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
from gamenight.games.superfly import terms
from gamenight.games.superfly.actions import SWATS, SuperflyAction
from gamenight.games.superfly.cards import COLOUR_OF, COLOURS, NUMBER_OF
from gamenight.games.superfly.narration import TurnLinesView
from gamenight.games.superfly.rules import HAND_LIMIT
from gamenight.games.superfly.sets import best_set
from gamenight.games.superfly.views import CardView, SeatView
from gamenight.i18n import current, game_texts
from gamenight.tui.app import GameScreen, PlayApp
from gamenight.tui.fit import card_rows
from gamenight.tui.table import TableScreen

# The game's own catalog (locale/<lang>/LC_MESSAGES/game.po): what this screen says.
_, ngettext = game_texts(__name__)

#: Card face colours: (background, text) for each fly colour; text picked for contrast.
FACES: dict[str, tuple[str, str]] = {
    "red": ("#c62828", "#ffffff"),
    "orange": ("#ef6c00", "#000000"),
    "yellow": ("#fdd835", "#000000"),
    "green": ("#2e7d32", "#ffffff"),
    "blue": ("#1565c0", "#ffffff"),
    "purple": ("#6a1b9a", "#ffffff"),
}
#: The keys that swat the centre flies, in the centre's order (a final turn may lay more
#: flies than players, so there are keys to spare).
KEY_LABELS: tuple[str, ...] = tuple("123456789")
BAR = 30
#: The smallest terminal (columns, rows) that gets framed cards, the last turn beside the
#: seats, and the narration.
ROOMY = (120, 40)
#: A framed card's width and a small card's.
FACE_WIDTH = 12
SMALL_WIDTH = 10
#: How the last turn's clauses and notes (``narration``) stand out, by what they tell.
CLAUSE_STYLES: dict[str, str] = {"squished": "bold red", "swapped": "bold yellow",
                                 "taken": "bold green"}
NOTE_STYLES: dict[str, str] = {"five-cards": "bold"}


def card_face(card: CardView, label: str | None = None) -> Panel:
    """One face-up fly: its colour as a real colour, its number and its kind."""
    bg, fg = FACES[card["colour"]]
    body = Text.assemble((f"{card['number']}\n", "bold"), f"{_(terms.KINDS[card['kind']])}\n",
                         _(terms.COLOURS[card["colour"]]))
    body.justify = "center"
    return Panel(body, title=f"[b]{label}[/b]" if label else None, style=f"{fg} on {bg}",
                 border_style=f"{fg} on {bg}", width=FACE_WIDTH, height=5)


def small_face(card: CardView, label: str | None = None) -> Text:
    """One face-up fly without a frame, three lines high: its key and number, its kind,
    its colour."""
    bg, fg = FACES[card["colour"]]
    top = f"{label}: {card['number']}" if label else str(card["number"])
    face = Text(style=f"{fg} on {bg}", no_wrap=True)
    face.append(top.center(SMALL_WIDTH) + "\n", style="bold")
    face.append(_(terms.KINDS[card["kind"]]).center(SMALL_WIDTH) + "\n")
    face.append(_(terms.COLOURS[card["colour"]]).center(SMALL_WIDTH))
    return face


def chip(card: int) -> Text:
    """A card in a line of text: its colour's initial and its number, on its colour
    ("R3" on red), so it reads without the colour too."""
    colour = COLOURS[COLOUR_OF[card]]
    bg, fg = FACES[colour]
    return Text(f"{colour[0].upper()}{NUMBER_OF[card]}", style=f"bold {fg} on {bg}")


def card_name(card: int) -> str:
    """A card as a person says it ("red 3"), in the terminal's language."""
    return _(terms.CARD_NAMES[COLOURS[COLOUR_OF[card]]]).format(number=NUMBER_OF[card])


def keys_text(count: int) -> str:
    """The keys of ``count`` flies: "1", "1-3"."""
    return KEY_LABELS[0] if count == 1 else f"{KEY_LABELS[0]}-{KEY_LABELS[count - 1]}"


class SuperflyScreen(TableScreen):
    """The table: seats and tokens, the last turn, the centre flies, your hand, the log."""

    DEFAULT_CSS = """
    #countdown { height: 1; padding: 0 1; }
    #top { height: 1fr; layout: vertical; }
    #seats { width: 100%; height: auto; padding: 0 1; }
    #last { width: 100%; height: 1fr; padding: 0 1; }
    #centre { height: auto; padding: 0 1; }
    #hand { height: auto; padding: 0 1; }
    #log { display: none; }
    SuperflyScreen.-roomy #top { height: auto; layout: horizontal; }
    SuperflyScreen.-roomy #seats { width: 3fr; }
    SuperflyScreen.-roomy #last { width: 2fr; height: auto; }
    SuperflyScreen.-roomy #log { display: block; }
    """
    TICK_S = 0.1  # the swat's countdown

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        # "You" and "Seat 2" in the lines of the last turn (short: they share a line).
        self.voice = Voice(table.seat)
        self._drawn = False  # the shell has asked for the table once

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
        yield Static(id="help")

    @property
    def roomy(self) -> bool:
        """True in a terminal of at least ``ROOMY``: framed cards, the narration shown."""
        return self.has_class("-roomy")

    def fit_terminal(self, width: int, height: int) -> None:
        super().fit_terminal(width, height)
        self.set_class(width >= ROOMY[0] and height >= ROOMY[1], "-roomy")
        if self._drawn:
            self.refresh_table()

    # -- what the table looks like ---------------------------------------------------
    def seat_view(self) -> SeatView:
        """The person's view, as this game builds it (``SuperflyState._view``)."""
        return cast(SeatView, self.view())

    def refresh_table(self) -> None:
        self._drawn = True
        view = self.seat_view()
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#countdown", Static).update(self._countdown(view))
        self.query_one("#seats", Static).update(self._seats(view))
        self.query_one("#last", Static).update(self._last(view))
        self.query_one("#centre", Static).update(self._centre(view))
        self.query_one("#hand", Static).update(self._hand(view))
        self.query_one("#help", Static).update(self._keys(view))
        self.follow_log()

    def seconds_left(self, view: SeatView) -> float | None:
        """Seconds to the deadline of the open swat (None before its clock starts)."""
        now = self.table.window_ms()
        if view["phase"] != "swat" or now is None:
            return None
        return max(0.0, (view["deadline_ms"] - now) / 1000.0)

    def swat_keys(self, view: SeatView) -> list[str]:
        """The keys of the flies the person may swat now (from the legal actions)."""
        if not self.table.deciding:
            return []
        legal = set(self.table.state.legal_actions(self.table.seat))
        return [key for card, key in zip(view["centre"], KEY_LABELS, strict=False)
                if SWATS[card["id"]] in legal]

    def _keys(self, view: SeatView) -> str:
        """The keys that do something now, and only those."""
        if view["phase"] == "over":
            return _("[b]q[/b] quit")
        keys = self.swat_keys(view)
        swat = (_("[b]{keys}[/b] swat that fly").format(keys=keys_text(len(keys))) + "   "
                if keys else "")
        passing = _("[b]p[/b] pass") + "   " if self.table.deciding else ""
        return swat + passing + _("[b]q[/b] quit")

    def _status(self, view: SeatView) -> Text:
        head = _("Superfly · round {round} · turn {turn}").format(
            round=view["round"], turn=view["turn"]) + " · "
        if view["phase"] == "over":
            return Text(head + _("game over"))
        final = _("FINAL TURN") + " · " if view["final_turn"] else ""
        if view["phase"] != "swat":
            return Text(head + final + _("dealing"))
        left = self.seconds_left(view)
        clock = "" if left is None else " · " + _("{seconds} s left").format(seconds=f"{left:.1f}")
        if self.table.seat not in view["eligible"]:
            return Text(head + final + _("you hold {n} cards and sit out").format(n=HAND_LIMIT)
                        + clock)
        if self.table.deciding:
            return Text.assemble(head, final, (_("SWAT!") + " ", "bold red"),
                                 _("pick a fly or pass") + clock)
        if "my_swat" in view:
            mine = (_("you pass, waiting") if view["my_swat"] is None else
                    _("you swat the {card}, waiting").format(card=card_name(view["my_swat"])))
            return Text(head + final + mine + clock)
        return Text(head + final + _("get ready to swat"))

    def _countdown(self, view: SeatView) -> Text:
        left = self.seconds_left(view)
        if left is None:
            return Text("")
        share = left * 1000.0 / view["deadline_ms"]
        filled = round(BAR * share)
        return Text.assemble((_("Swat") + "  ", "bold"),
                             ("█" * filled + "░" * (BAR - filled), "red"),
                             f" {left:4.1f} s")

    def _seats(self, view: SeatView) -> Table:
        table = Table(expand=True, box=None, pad_edge=False)
        hands = view.get("hands")  # every hand, when hands are played face up
        last, shown = view["last_turn"], view["last_round"]
        round_over = last is not None and last["round_over"] and shown is not None
        table.add_column("", width=1)
        table.add_column(_("Seat"), no_wrap=True)
        table.add_column(_("Cards"), justify="right")
        table.add_column(_("Tokens"))
        table.add_column(_("Swat"), no_wrap=True)
        if hands:
            table.add_column(_("Hand"), no_wrap=True)
        if round_over and shown is not None:
            table.add_column(_("Round {round}").format(round=shown["round"]), ratio=1)
        for seat in range(view["players"]):
            first = "◆" if view["first_player"] == seat and view["phase"] != "over" else ""
            if view["phase"] != "swat":
                swat = ""
            elif seat not in view["eligible"]:
                swat = _("sits out")
            else:
                swat = _("chosen") if seat in view["chosen"] else "…"
            cards = view["hand_sizes"][seat]
            row: list[RenderableType] = [
                first,
                Text(self.table.seat_names[seat], style="bold" if seat == self.table.seat else ""),
                f"{cards}{'!' if cards >= HAND_LIMIT else ''}",
                "●" * view["tokens"][seat] or "0", swat]
            if hands:
                row.append(Text(" ").join(chip(c["id"]) for c in hands[seat]))
            if round_over and shown is not None:
                row.append(self._shown_hand(shown["hands"][seat], shown["sizes"][seat],
                                            seat in shown["winners"], chips=not hands))
            table.add_row(*row)
        return table

    @staticmethod
    def _shown_hand(hand: list[int], size: int, winner: bool, *, chips: bool) -> Text:
        """A hand shown at the round's end: its cards (unless every hand was open all
        along), the size of its biggest set, and a star for a token."""
        text = Text(" ").join(chip(c) for c in hand) + Text(" = ") if chips else Text()
        text.append(_("set of {n}").format(n=size))
        if winner:
            text.append(" ★", style="bold yellow")
        return text

    def _last(self, view: SeatView) -> RenderableType:
        last = view["last_turn"]
        # The last turn in the game's own words (``narration``, as the browser shows it),
        # its seats named as this table's log names them.
        told = cast("TurnLinesView | None",
                    self.table.state.told(self.table.seat, current()))
        if last is None or told is None:
            return Text(_("No turn played yet. ◆ marks the first player."))
        say = self.table.told
        voice = self.voice
        head = Text((_("Last turn ({turn}, final)") if last["final"]
                     else _("Last turn ({turn})")).format(turn=last["turn"]), style="bold")
        for note in told["notes"]:
            head.append(f" · {say(note['text'])}", style=NOTE_STYLES.get(note["kind"], ""))
        lines = [head]
        # The flies nobody swatted share a line (the turn fits a short terminal), each
        # told in the game's words, as the browser tells it ("yellow 2: Nobody swatted it").
        alone: list[str] = []
        for fly, clauses in zip(last["flies"], told["flies"], strict=True):
            if not fly["claimants"]:
                alone.append(f"{card_name(fly['card'])}: "
                             + " ".join(say(clause["text"]) for clause in clauses))
                continue
            line = Text(f"{card_name(fly['card'])}: ")
            line.append(", ".join(say(c["text"]) for c in clauses if c["kind"] == "roll"))
            for clause in clauses:
                if clause["kind"] != "roll":
                    line.append(f" {say(clause['text'])}",
                                style=CLAUSE_STYLES.get(clause["kind"], ""))
            lines.append(line)
        if alone:
            lines.append(Text(" · ".join(alone)))
        shown = view["last_round"]
        if last["round_over"] and shown is not None:
            won = voice.group_does(shown["winners"], "wins")
            lines.append(Text(f"Round {shown['round']} is over: {won} a Fly Catcher token "
                              "(the hands shown are in the seats).", style="bold"))
        return Group(*lines)

    def _centre(self, view: SeatView) -> RenderableType:
        centre = view["centre"]
        if not centre:
            return Text(_("Centre: no flies on the table."), style="bold")
        labels: tuple[str | None, ...] = (
            KEY_LABELS[:len(centre)] if self.table.deciding else (None,) * len(centre))
        title = ngettext("Centre ({n} fly)", "Centre ({n} flies)", len(centre)).format(
            n=len(centre))
        cards = list(zip(centre, labels, strict=True))
        if self.roomy:
            faces: list[RenderableType] = [card_face(c, k) for c, k in cards]
            return Panel(card_rows(faces, self._width() - 4, FACE_WIDTH), title=title)
        small: list[RenderableType] = [small_face(c, k) for c, k in cards]
        return Group(Text(title, style="bold"), card_rows(small, self._width(), SMALL_WIDTH))

    def _hand(self, view: SeatView) -> RenderableType:
        hand = view["my_hand"]
        ids = [c["id"] for c in hand]
        if not ids:
            return Text(_("Your hand is empty."), style="bold")
        kind, cards = best_set(ids)
        title = _("Your hand ({n} of {limit}) · best set {size}").format(
            n=len(ids), limit=HAND_LIMIT, size=len(cards))
        if len(cards) > 1:
            title += f" ({_(terms.SET_KINDS[kind])})"
        if self.roomy:
            faces: list[RenderableType] = [card_face(c) for c in hand]
            return Panel(card_rows(faces, self._width() - 4, FACE_WIDTH), title=title)
        small: list[RenderableType] = [small_face(c) for c in hand]
        return Group(Text(title, style="bold"), card_rows(small, self._width(), SMALL_WIDTH))

    def _width(self) -> int:
        """Columns for a row of cards (the screen less the padding)."""
        return max(SMALL_WIDTH, self.size.width - 2)

    # -- events from the shell ---------------------------------------------------------
    def tick(self) -> None:
        if self.table.state.acting().kind != "simultaneous":
            return  # the swat is over
        view = self.seat_view()
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#countdown", Static).update(self._countdown(view))
        self.query_one("#seats", Static).update(self._seats(view))

    def game_over(self) -> None:
        if not self.roomy:
            # The results need the room: the centre and the hand are empty now anyway,
            # and the seats keep the hands shown at the last round's end.
            for part in ("#countdown", "#centre", "#hand"):
                self.query_one(part, Static).display = False
        self.show_results((_("Fly Catcher tokens"),), lambda seat: (self.score(seat),))

    # -- keys ----------------------------------------------------------------------------
    def table_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        if key == "p":
            self._act(PASS)
        elif char is not None and char in KEY_LABELS:
            centre = self.seat_view()["centre"]
            index = KEY_LABELS.index(char)
            if index >= len(centre):
                self.show_message(_("No fly has the key {key}.").format(key=char))
            else:
                self._act(SWATS[centre[index]["id"]])

    def _act(self, action: SuperflyAction) -> None:
        # What the view already tells is said in the person's words (the rules' message
        # names seat 0); the shell and the rules say the rest (too early, too late).
        view = self.seat_view()
        if view["phase"] == "swat" and self.table.seat not in view["eligible"]:
            self.show_message(_("You hold {n} cards: you sit out this final turn.").format(
                n=HAND_LIMIT))
            return
        if "my_swat" in view:
            self.show_message(_("You have already chosen this turn."))
            return
        if self.table.human_act(action):
            self.show_message("")
            self.refresh_table()


def make_screen(table: PlayApp) -> GameScreen:
    """The screen the app shell shows for Superfly."""
    return SuperflyScreen(table)
