"""The By Golly! table in the terminal.

Everything shown comes from the person's view (``state.view(0)``): the chicken run as a
field of face-down cards, of which only those turned over this turn show their face,
the hand, and the others' counts.  When the turn ends the cards go face down again and
the screen forgets them too: remembering them is the person's job, as at a real table.
The log tells what happened but never where a card lies.  Every key becomes an action
that the state accepts or refuses.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Log, Static

from gamenight.games.by_golly.actions import (
    DRAWS,
    END,
    KEEP,
    LAYS,
    SHUFFLE,
    TURNS,
    ByGollyAction,
)
from gamenight.games.by_golly.cards import ANIMALS, KIND_OF_NAME, PLACES, AnimalName
from gamenight.games.by_golly.views import TURN_PHASES, ByGollyView, Phase, as_view
from gamenight.tui.app import HUMAN, GameScreen, PlayApp
from gamenight.tui.table import TableScreen

#: Keys of the 19 places of the chicken run (q is kept for quitting).
PLACE_KEYS = "abcdefghijklmnoprst"
#: Keys of the animals in the hand, in the hand's order.
HAND_KEYS = "123456789uvwxyz"
#: Places per row of the field.
ROW = 7

BACK = "#ffffff on #6d4c41"  # the back of a chicken-run card
FACES: dict[str, str] = {"poo": "#ffffff on #4e342e", "shovel": "#000000 on #b0bec5"}
ANIMAL_FACE = "#000000 on #dce775"
HAND_FACE = "#000000 on #fff59d"

HELP: dict[Phase, str] = {
    "lay": "[b]1-9[/b] lay that animal from your hand",
    "turn": "[b]a-t[/b] turn over that card of the chicken run",
    "second": "[b]a-t[/b] chicken poo! turn over a second card",
    "mess": "[b]1-5[/b] draw a card from that seat",
    "shuffle": "[b]y[/b] shuffle the cards you turned over   [b]n[/b] keep them as they lie",
    "end": "[b]space[/b] turn the cards back face down (end your turn)",
}
WHAT_NOW: dict[Phase, str] = {
    "lay": "lay an animal card from your hand",
    "turn": "turn over a card of the chicken run",
    "second": "chicken poo! turn over a second card at once",
    "mess": "you are in the mess: draw {n} more card(s) from the others",
    "shuffle": "you may shuffle the cards you turned over (y) or keep them (n)",
    "end": "press space to turn the cards back face down (the turn is over)",
}


def hand_kinds(view: ByGollyView) -> list[AnimalName]:
    """The animals in the person's hand, each once, in the order of the keys."""
    return sorted(set(view.get("hand", [])), key=ANIMALS.index)


def run_card(face: str | None, key: str) -> Panel:
    """One place of the chicken run: its back with its key, or its face."""
    if face is None:
        body = Text.assemble((key, "bold"), "\n░░░░")
        style = BACK
    else:
        body = Text.assemble((face.upper(), "bold"), f"\n({key})")
        style = FACES.get(face, ANIMAL_FACE)
    body.justify = "center"
    return Panel(body, style=style, border_style=style, width=10, height=4)


class ByGollyScreen(TableScreen):
    """The table: seats and counts, the chicken run, the laid card, the hand, the log."""

    DEFAULT_CSS = """
    #top { height: auto; }
    #seats { width: 1fr; height: auto; padding: 0 1; }
    #laid { width: 30; height: auto; padding: 0 1; }
    #run { height: auto; padding: 0 1; }
    #hand { height: auto; min-height: 3; padding: 0 1; }
    #log { min-height: 3; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield Static(id="seats")
            yield Static(id="laid")
        yield Static(id="run")
        yield Static(id="hand")
        yield Static(id="message")
        yield Log(id="log", auto_scroll=True)
        yield Static(id="results")
        yield Static(id="help")

    # -- what the table looks like ---------------------------------------------------
    def refresh_table(self) -> None:
        view = as_view(self.view())
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#seats", Static).update(self._seats(view))
        self.query_one("#laid", Static).update(self._laid(view))
        self.query_one("#run", Static).update(self._run(view))
        self.query_one("#hand", Static).update(self._hand(view))
        mine = view["current"] == HUMAN and view["phase"] in TURN_PHASES
        self.query_one("#help", Static).update(
            (HELP[view["phase"]] if mine else "wait for your turn") + "   [b]q[/b] quit")
        self.follow_log()

    def _status(self, view: ByGollyView) -> Text:
        head = f"By Golly! · turn {view['turn'] + 1} · "
        if view["phase"] == "over":
            return Text(head + "game over")
        if view["current"] == HUMAN and view["phase"] in TURN_PHASES:
            what = WHAT_NOW[view["phase"]].format(n=view["draws_left"])
            return Text.assemble(head, ("Your turn: ", "bold green"), what)
        return Text(head + f"{self.table.seat_names[view['current']]} is playing")

    def _seats(self, view: ByGollyView) -> Table:
        table = Table(expand=True, box=None, pad_edge=False)
        for column in ("", "Seat", "Hand", "Stack", "Cards left"):
            table.add_column(column, justify="left" if column in ("", "Seat") else "right")
        for seat in range(view["players"]):
            mark = "▶" if view["current"] == seat and view["phase"] != "over" else ""
            hand, stack = view["hands"][seat], view["stacks"][seat]
            table.add_row(mark, Text(self.table.seat_names[seat],
                                     style="bold" if seat == HUMAN else ""),
                          str(hand), str(stack), str(hand + stack))
        return table

    def _laid(self, view: ByGollyView) -> RenderableType:
        laid = view["laid"]
        who = self.table.seat_names[view["current"]]
        if laid is None:
            return Text(f"Out for good: {view['discarded']} cards")
        card = Panel(Text(laid.upper(), style="bold", justify="center"), style=HAND_FACE,
                     border_style=HAND_FACE, width=12, height=3)
        return Group(Text(f"{who} laid:"), card)

    def _run(self, view: ByGollyView) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        for _ in range(ROW):
            grid.add_column()
        cards = [run_card(view["run"][p], PLACE_KEYS[p]) for p in range(PLACES)]
        for start in range(0, PLACES, ROW):
            grid.add_row(*cards[start:start + ROW])
        up = sum(face is not None for face in view["run"])
        title = "The chicken run" + (f" ({up} face up this turn)" if up else "")
        if view["shuffling"]:
            title += " · shuffling!"
        return Panel(grid, title=title, expand=False)

    def _hand(self, view: ByGollyView) -> RenderableType:
        kinds = hand_kinds(view)
        if not kinds:
            return Text("Your hand is empty.")
        line = Text("Your hand: ")
        for key, animal in zip(HAND_KEYS, kinds, strict=False):
            count = view["hand"].count(animal)
            line.append(f" {key} ", style="bold reverse")
            line.append(f" {animal}" + (f" ×{count}" if count > 1 else "") + "   ",
                        style=HAND_FACE)
        return line

    # -- events from the shell ---------------------------------------------------------
    def game_over(self) -> None:
        view = as_view(self.view())
        self.show_results(("Cards left",),
                          lambda seat: (str(view["hands"][seat] + view["stacks"][seat]),))

    # -- keys ----------------------------------------------------------------------------
    def table_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        view = as_view(self.view())
        if view["current"] != HUMAN or view["phase"] not in TURN_PHASES:
            self.show_message(f"Wait: it is {self.table.seat_names[view['current']]}'s turn.")
            return
        action = self._action(view, key, char)
        if action is None:
            what = WHAT_NOW[view["phase"]].format(n=view["draws_left"])
            self.show_message(f"Now {what}.")
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
