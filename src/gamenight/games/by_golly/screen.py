"""The By Golly! table in the terminal.

Everything shown comes from the person's view (``state.view(0)``) and the public events:
the chicken run as a field of face-down cards lettered by place (``cards.PLACE_NAMES``),
of which those turned over this turn show their face, the hand, and everyone's counts.
When a turn ends its cards go face down; the field keeps them in sight, marked as face
down again, until the next player lays his first card (a bot's turn passes in seconds,
where a watcher at a table sees a turn at a person's pace; rules.md, Decision 15), and
then forgets them: remembering them is the person's job, as at a real table.  The log
tells what happened and where.  Every key becomes an action that the state accepts or
refuses, and the keys shown are the actions legal now.

The table is drawn whole in 80x24 (small cards, five to a row, the seats beside them) and
larger in a terminal of at least ``ROOMY`` (framed cards, seven to a row).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Log, Static

from gamenight.engine.events import Event
from gamenight.games.by_golly.actions import (
    DRAWS,
    END,
    KEEP,
    LAYS,
    SHUFFLE,
    TURNS,
    ByGollyAction,
    Draw,
    Lay,
    Turn,
)
from gamenight.games.by_golly.cards import ANIMALS, KIND_OF_NAME, PLACE_NAMES, PLACES, AnimalName
from gamenight.games.by_golly.events import (
    Drew,
    FaceUpMatch,
    Kept,
    Laid,
    Shuffled,
    TurnedOver,
    TurnEnded,
)
from gamenight.games.by_golly.views import TURN_PHASES, ByGollyView, Phase, as_view
from gamenight.i18n import N_, game_texts
from gamenight.tui.app import GameScreen, PlayApp
from gamenight.tui.table import TableScreen

# The game's own catalog (locale/<lang>/LC_MESSAGES/game.po): what this screen says.
_, ngettext = game_texts(__name__)

#: Keys of the 19 places of the chicken run: their letters (q is kept for quitting).
PLACE_KEYS = "".join(PLACE_NAMES)
#: Keys of the animals in the hand, in the hand's order (a hand may hold all 15 kinds).
HAND_KEYS = "123456789uvwxyz"
#: The smallest terminal (columns, rows) that gets the large cards.
ROOMY = (120, 38)

BACK = "#ffffff on #6d4c41"  # the back of a chicken-run card
FACES: dict[str, str] = {"poo": "#ffffff on #4e342e", "shovel": "#000000 on #b0bec5"}
ANIMAL_FACE = "#000000 on #dce775"
#: A card of the turn just ended: face down again, its face written on its back.
SEEN: dict[str, str] = {"poo": "bold #ffab91 on #6d4c41", "shovel": "bold #cfd8dc on #6d4c41"}
SEEN_ANIMAL = "bold #e6ee9c on #6d4c41"
HAND_FACE = "#000000 on #fff59d"

WHAT_NOW: dict[Phase, str] = {
    "lay": N_("lay an animal card from your hand"),
    "turn": N_("turn over a card of the chicken run"),
    "second": N_("chicken poo! turn over a second card at once"),
    "mess": N_("you are in the mess: draw {n}"),
    "shuffle": N_("shuffle (y) or keep (n) the cards you turned"),
    "end": N_("space turns the cards back: the turn is over"),
}
#: What each key of a phase does; the keys themselves are the legal actions' keys.
KEY_WORDS: dict[Phase, str] = {
    "lay": N_("lay that animal from your hand"),
    "turn": N_("turn over that card of the chicken run"),
    "second": N_("chicken poo! turn over a second card"),
    "mess": N_("draw a card from that seat"),
    "shuffle": N_("[b]y[/b] shuffle the cards you turned over   [b]n[/b] keep them as they lie"),
    "end": N_("[b]space[/b] turn the cards back face down (end your turn)"),
}


@dataclass(frozen=True, slots=True)
class CardSize:
    """How a chicken-run card is drawn: ``width`` x ``height`` cells (4 lines: framed),
    ``across`` to a row."""

    width: int
    height: Literal[2, 4]
    across: int

    def field_width(self) -> int:
        return self.across * self.width + self.across - 1


#: Small cards for 80x24: five to a row, the seats fit beside them.
SMALL = CardSize(width=9, height=2, across=5)
#: Framed cards for a roomy terminal, seven to a row.
LARGE = CardSize(width=12, height=4, across=7)

#: What the field shows at a place: face down, face up this turn, seen face up in the
#: turn just ended (and face down again), or shuffled after that turn (which card lies
#: there nobody knows).
Shown = tuple[Literal["down", "up", "seen", "mixed"], str | None]


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The cards of the turn just ended, from the events: what was ``seen`` at each place
    turned over, and the ``mixed`` places a shuffle left in an order nobody knows."""

    seat: int
    seen: dict[int, str]
    mixed: frozenset[int]


#: Events that belong to a turn under way (once one follows a turn's end, the next turn
#: has started).
IN_A_TURN = (Laid, TurnedOver, FaceUpMatch, Drew, Shuffled, Kept)


def last_turn(happened: Sequence[Event]) -> LastTurn | None:
    """The turn just ended, while the next one has not started (None otherwise)."""
    end = len(happened) - 1
    while end >= 0 and not isinstance(happened[end], TurnEnded):
        if isinstance(happened[end], IN_A_TURN):
            return None  # the next turn is under way
        end -= 1
    if end < 0:
        return None
    ended = happened[end]
    assert isinstance(ended, TurnEnded)
    seen: dict[int, str] = {}
    mixed: set[int] = set()
    for event in reversed(happened[:end]):
        if isinstance(event, TurnEnded):
            break
        if isinstance(event, TurnedOver):
            seen.setdefault(event.place, event.face)
        elif isinstance(event, Shuffled):
            mixed.update(event.places)
    return LastTurn(ended.seat, {p: f for p, f in seen.items() if p not in mixed},
                    frozenset(mixed))


def key_span(keys: Sequence[str], order: str) -> str:
    """Keys in the order of ``order``, runs of neighbouring characters shortened:
    'a-d, f, h-p, r-t' (so q, which is no key, is never inside a run), '1-9, u-w'."""
    runs: list[list[str]] = []
    for key in sorted(keys, key=order.index):
        if runs and ord(key) == ord(runs[-1][-1]) + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def hand_kinds(view: ByGollyView) -> list[AnimalName]:
    """The animals in the person's hand, each once, in the order of the keys."""
    return sorted(set(view.get("hand", [])), key=ANIMALS.index)


def card_face(corner: str, label: str, style: str, size: CardSize, mark: str = "") -> list[Text]:
    """A card ``size`` big: ``corner`` (its key) top left, ``mark`` top right, ``label``
    in the middle; a line of cells per row of the card."""
    inner = size.width - 2 if size.height == 4 else size.width
    top = f" {corner}".ljust(inner - len(mark) - 1) + mark + " "
    middle = label.center(inner)
    if size.height == 2:
        return [Text(top, style=style), Text(middle, style=style)]
    rule = "─" * inner
    return [Text(f"╭{rule}╮", style=style), Text(f"│{top}│", style=style),
            Text(f"│{middle}│", style=style), Text(f"╰{rule}╯", style=style)]


def run_card(shown: Shown, key: str, size: CardSize) -> list[Text]:
    """One place of the chicken run: its back with its key, its face, or (seen in the
    turn just ended) its face written on its back."""
    how, face = shown
    inner = size.width - 2 if size.height == 4 else size.width
    if how == "up" and face is not None:
        return card_face(key, face.upper(), FACES.get(face, ANIMAL_FACE), size)
    if how == "seen" and face is not None:
        return card_face(key, face.upper(), SEEN.get(face, SEEN_ANIMAL), size)
    return card_face(key, "? ? ?" if how == "mixed" else "░" * (inner - 2), BACK, size)


def card_rows(cards: Sequence[list[Text]], across: int) -> Text:
    """Cards in rows of ``across``, a column between cards and a blank line between rows."""
    out = Text(no_wrap=True, overflow="crop")
    for start in range(0, len(cards), across):
        row = cards[start:start + across]
        if start:
            out.append("\n")
        for line in range(len(row[0])):
            if start or line:
                out.append("\n")
            for i, card in enumerate(row):
                if i:
                    out.append(" ")
                out.append_text(card[line])
    return out


def chicken_run(field: Sequence[Shown], size: CardSize) -> Text:
    """The 19 places in rows of ``size.across``."""
    return card_rows([run_card(field[p], PLACE_KEYS[p], size) for p in range(PLACES)],
                     size.across)


def packed(chips: Sequence[Text], width: int, lead: Text) -> Text:
    """``lead`` then the chips, as many to a line as ``width`` holds (a chip is never
    split across lines)."""
    out = lead.copy()
    used = out.cell_len
    for chip in chips:
        if used > lead.cell_len and used + 2 + chip.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append("  ")
            used += 2
        out.append_text(chip)
        used += chip.cell_len
    return out


class ByGollyScreen(TableScreen):
    """The table: the chicken run with the seats and the laid card beside it, the hand,
    the log."""

    DEFAULT_CSS = """
    #top { height: auto; }
    #run { width: auto; height: auto; padding: 0 0 0 1; }
    #side { width: 1fr; height: auto; padding: 0 0 0 1; }
    #seats { height: auto; }
    #laid { height: auto; margin-top: 1; }
    #hand { height: auto; min-height: 1; padding: 0 1; }
    #log { min-height: 3; }
    """

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self.size_of_cards = SMALL
        self._width = ROOMY[0]
        self._drawn = False  # the table has been drawn once (the game is under way)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield Static(id="run")
            with Vertical(id="side"):
                yield Static(id="seats")
                yield Static(id="laid")
        yield Static(id="hand")
        yield Static(id="message")
        yield Log(id="log", auto_scroll=True)
        yield Static(id="results")
        yield Static(id="help")

    # -- the terminal's size -------------------------------------------------------------
    def fit_terminal(self, width: int, height: int) -> None:
        super().fit_terminal(width, height)
        roomy = width >= ROOMY[0] and height >= ROOMY[1]
        self.size_of_cards = LARGE if roomy else SMALL
        self._width = width
        if self.table.state.is_over:
            # In a small terminal the results take the run's room (they list every seat).
            self.query_one("#top").display = roomy
        if self._drawn:
            self.refresh_table()

    # -- what the table looks like ---------------------------------------------------
    def refresh_table(self) -> None:
        self._drawn = True
        view = as_view(self.view())
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#seats", Static).update(self._seats(view))
        self.query_one("#laid", Static).update(self._laid(view))
        self.query_one("#run", Static).update(self._run(view))
        self.query_one("#hand", Static).update(self._hand(view))
        if not self.table.state.is_over:
            self.query_one("#help", Static).update(self._keys(view) + "   [b]q[/b] quit")
        self.follow_log()

    def _mine(self, view: ByGollyView) -> bool:
        return view["current"] == self.table.seat and view["phase"] in TURN_PHASES

    def _status(self, view: ByGollyView) -> Text:
        head = "By Golly! · " + _("turn {n}").format(n=view["turn"] + 1) + " · "
        if view["phase"] == "over":
            return Text(head + _("game over"))
        if self._mine(view):
            return Text.assemble(head, (_("Your turn:") + " ", "bold green"),
                                 self._what_now(view))
        return Text(head + _("{name} is playing").format(
            name=self.table.seat_names[view["current"]]))

    @staticmethod
    def _what_now(view: ByGollyView) -> str:
        n = view["draws_left"]
        more = ngettext("{n} more card", "{n} more cards", n).format(n=n)
        return _(WHAT_NOW[view["phase"]]).format(n=more)

    def _seats(self, view: ByGollyView) -> Table:
        roomy = self.size_of_cards is LARGE
        table = Table(expand=False, box=None, pad_edge=False, padding=(0, 1, 0, 0))
        table.add_column("", width=1)
        table.add_column(_("Seat"), overflow="fold")
        for column in (_("Hand"), _("Stack"), *((_("Cards left"),) if roomy else ())):
            table.add_column(column, justify="right", no_wrap=True)
        for seat in range(view["players"]):
            mark = "▶" if view["current"] == seat and view["phase"] != "over" else ""
            hand, stack = view["hands"][seat], view["stacks"][seat]
            counts = [str(hand), str(stack), *((str(hand + stack),) if roomy else ())]
            table.add_row(mark, Text(self.table.seat_names[seat],
                                     style="bold" if seat == self.table.seat else ""), *counts)
        return table

    def _laid(self, view: ByGollyView) -> RenderableType:
        gone = view["discarded"]
        out = Text(ngettext("Out for good: {n} card", "Out for good: {n} cards",
                            gone).format(n=gone))
        laid = view["laid"]
        if laid is None:
            return out
        who = "You" if view["current"] == self.table.seat else f"Seat {view['current']}"
        if self.size_of_cards is LARGE:
            card = card_rows([card_face("", laid.upper(), f"bold {HAND_FACE}", LARGE)], 1)
            return Group(out, Text(f"{who} laid:"), card)
        return Group(out, Text.assemble(f"{who} laid ",
                                        (f" {laid.upper()} ", f"bold {HAND_FACE}")))

    def _field(self, view: ByGollyView) -> tuple[list[Shown], str]:
        """What each place shows, and the run's title that says so."""
        run = view["run"]
        up = sum(face is not None for face in run)
        if up or view["phase"] == "over":
            field: list[Shown] = [("down", None) if f is None else ("up", f) for f in run]
            return field, f" · {up} face up this turn" if up else ""
        last = last_turn(self.table.state.events)
        if last is None or not (last.seen or last.mixed):
            return [("down", None)] * PLACES, ""
        field = [("mixed", None) if p in last.mixed else
                 ("seen", last.seen[p]) if p in last.seen else ("down", None)
                 for p in range(PLACES)]
        who = "you" if last.seat == self.table.seat else f"seat {last.seat}"
        return field, f" · {who} turned these face down"

    def _run(self, view: ByGollyView) -> RenderableType:
        field, note = self._field(view)
        if view["shuffling"]:
            note += " · shuffling!"
        title = Text.assemble(("The chicken run", "bold"), note, no_wrap=True,
                              overflow="ellipsis")
        title.truncate(self.size_of_cards.field_width())
        return Group(title, chicken_run(field, self.size_of_cards))

    def _hand(self, view: ByGollyView) -> RenderableType:
        kinds = hand_kinds(view)
        if not kinds:
            return Text(_("Your hand is empty."))
        counts = [view["hand"].count(animal) for animal in kinds]
        keys = HAND_KEYS[:len(kinds)]
        if self.size_of_cards is LARGE:
            size = self.size_of_cards
            cards = [card_face(key, animal.upper(), HAND_FACE, size,
                               f"×{count}" if count > 1 else "")
                     for key, animal, count in zip(keys, kinds, counts, strict=False)]
            across = max(1, (self._width - 2 + 1) // (size.width + 1))
            return Group(Text("Your hand", style="bold"), card_rows(cards, across))
        chips = [Text.assemble((f" {key} ", "bold reverse"),
                               (f" {animal}" + (f" ×{count}" if count > 1 else "") + " ",
                                HAND_FACE))
                 for key, animal, count in zip(keys, kinds, counts, strict=False)]
        return packed(chips, max(20, self._width - 2), Text("Your hand: "))

    def _keys(self, view: ByGollyView) -> str:
        """The footer: the keys of the actions legal now, and what they do."""
        if not self._mine(view):
            return "wait for your turn"
        phase = view["phase"]
        if phase in ("shuffle", "end"):
            return _(KEY_WORDS[phase])
        legal = self.table.state.legal_actions(self.table.seat)
        if phase == "lay":
            kinds = hand_kinds(view)
            keys = [HAND_KEYS[kinds.index(ANIMALS[a.animal])] for a in legal
                    if isinstance(a, Lay) and ANIMALS[a.animal] in kinds[:len(HAND_KEYS)]]
            order = HAND_KEYS
        elif phase == "mess":
            keys = [str(a.seat) for a in legal if isinstance(a, Draw)]
            order = "0123456789"
        else:
            keys = [PLACE_KEYS[a.place] for a in legal if isinstance(a, Turn)]
            order = PLACE_KEYS
        return f"[b]{key_span(keys, order)}[/b] {_(KEY_WORDS[phase])}"

    # -- events from the shell ---------------------------------------------------------
    def game_over(self) -> None:
        view = as_view(self.view())
        if self.size_of_cards is SMALL:
            self.query_one("#top").display = False
        self.show_results((_("Cards left"),),
                          lambda seat: (str(view["hands"][seat] + view["stacks"][seat]),))

    # -- keys ----------------------------------------------------------------------------
    def table_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        view = as_view(self.view())
        if not self._mine(view):
            self.show_message(f"Wait: it is {self.table.seat_names[view['current']]}'s turn.")
            return
        action = self._action(view, key, char)
        if action is None:
            self.show_message(f"Now {self._what_now(view)}.")
        elif self.table.human_act(action):
            self.show_message("")

    @staticmethod
    def _action(view: ByGollyView, key: str, char: str | None) -> ByGollyAction | None:
        """The action a key stands for in this phase, or None."""
        phase = view["phase"]
        if key in ("space", "enter"):
            return END if phase == "end" else None
        if char is None:
            return None
        if phase == "lay" and char in HAND_KEYS:
            kinds = hand_kinds(view)
            index = HAND_KEYS.index(char)
            return LAYS[KIND_OF_NAME[kinds[index]]] if index < len(kinds) else None
        if phase in ("turn", "second") and char in PLACE_KEYS:
            return TURNS[PLACE_KEYS.index(char)]
        if phase == "mess" and char.isdigit() and int(char) < view["players"]:
            return DRAWS[int(char)]
        if phase == "shuffle" and char in "yn":
            return SHUFFLE if char == "y" else KEEP
        return None


def make_screen(table: PlayApp) -> GameScreen:
    """The screen the app shell shows for By Golly!."""
    return ByGollyScreen(table)
