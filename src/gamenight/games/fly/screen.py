"""The FLY table in the terminal, drawn to scale.

One inch of table is ``cols_per_inch`` columns by ``rows_per_inch`` rows (a character
cell is about twice as tall as it is wide, so 2 columns to a row keeps proportion); the
scale is the largest of ``SCALES`` the terminal holds beside a column for the seats and
the narration: 4 x 2 in an 80x24 terminal (the 9 x 9 inch table is 36 x 18 cells), 6 x 3
from 96x32, 8 x 4 from 114x41.  A ghost swatter shows the aim; the arrow keys move it, r
turns it, space drops it.  After every drop the screen shows where the swatter landed
and which flies it covered, then plays the consolidation one card move at a time.

Everything shown comes from the person's view; every key becomes an action that the
state accepts or refuses.  The screen never judges a rule itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Static

from gamenight.engine.events import narration
from gamenight.engine.voice import Seats, voice_for
from gamenight.games.fly.actions import Drop
from gamenight.games.fly.cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    COLOUR_OF,
    COLOURS,
    COLUMNS,
    ROWS,
    SYMBOL_OF,
    SYMBOLS,
    name,
)
from gamenight.games.fly.geometry import (
    cos_sin,
    cover_reach,
    covered_flies,
    fly_centre,
    over_table,
    slot_origin,
    within_reach,
)
from gamenight.games.fly.table import apply_moves
from gamenight.games.fly.views import CardView, FlyView, LastDropView, Move
from gamenight.i18n import N_, current, game_texts
from gamenight.tui.app import GameScreen, PlayApp
from gamenight.tui.fit import newest_lines
from gamenight.tui.table import TableScreen

# The game's own catalog (locale/<lang>/LC_MESSAGES/game.po): what this screen says.
_, ngettext = game_texts(__name__)

#: The table's size in inches: 9 cards of 1 x 3 inches in each of 3 rows.
TABLE_WIDTH_IN = COLUMNS * CARD_WIDTH
TABLE_LENGTH_IN = ROWS * CARD_HEIGHT


@dataclass(frozen=True, slots=True)
class Scale:
    """Character cells per inch of table, across and down."""

    cols_per_inch: int
    rows_per_inch: int

    @property
    def cols(self) -> int:
        """The table's width in columns."""
        return round(TABLE_WIDTH_IN * self.cols_per_inch)

    @property
    def rows(self) -> int:
        """The table's length in rows."""
        return round(TABLE_LENGTH_IN * self.rows_per_inch)


#: The scales a table may be drawn at, largest first.
SCALES: tuple[Scale, ...] = (Scale(8, 4), Scale(6, 3), Scale(4, 2))
#: The side column (seats, what happened, narration) is at least this wide.
SIDE_MIN = 40
#: The results need this many columns to show a seat on one line.
RESULTS_MIN = 60
#: Rows around the table's frame: the status, the message and the keys.
ROWS_AROUND = 3


def scale_for(width: int, height: int) -> Scale:
    """The largest scale whose table, framed, fits a terminal of this size beside the
    side column (the smallest when none does: the 80x24 minimum holds it)."""
    for scale in SCALES:
        if scale.cols + 2 + SIDE_MIN <= width and scale.rows + 2 + ROWS_AROUND <= height:
            return scale
    return SCALES[-1]

#: Fly colours as real colours, and a mark for each symbol.
FLY_STYLE: dict[str, str] = {
    "red": "#e53935", "yellow": "#fdd835", "blue": "#1e88e5", "green": "#43a047",
    "purple": "#8e24aa",
}
SYMBOL_MARK: dict[str, str] = {
    "star": "★", "circle": "●", "diamond": "◆", "triangle": "▲", "heart": "♥",
}
#: The checkered tablecloth: dark blue-grey and white, far from every fly's colour (a
#: red check hid the red flies on it).
CLOTH = ("#263238", "#eceff1")
GHOST = "#9e9e9e"
LANDED = "#6d4c41"
STEP_IN = 0.25  # inches per arrow key
FINE_STEP_IN = 0.05  # with shift
TURN_DEG = 15  # degrees per r (R turns back)

HELP_AIM = N_("[b]arrows[/b] move the swatter ([b]shift[/b]: finely)   [b]r[/b]/[b]R[/b] "
              "turn   [b]space[/b] drop   [b]q[/b] quit")
HELP_WAIT = N_("[b]q[/b] quit")


def card_words(card: int) -> str:
    """A card's name ("red star") in the terminal's language (games/fly/terms.py)."""
    return _(name(card))


@dataclass(slots=True)
class Frame:
    """One picture of the table: card ids by place (None: empty), and what to mark."""

    places: list[int | None]
    caption: str
    landing: tuple[float, float, float] | None = None
    covered: frozenset[int] = frozenset()
    moving: int | None = None


def drop_frames(last: LastDropView) -> list[Frame]:
    """The story of a drop, one frame per step: the landing over the table as it lay, the
    covered cards taken, then each consolidation move in the order it is made."""
    places: list[int | None] = list(last["before"])
    landing = (last["landing"]["x"], last["landing"]["y"], last["landing"]["angle"])
    covered = frozenset(last["covered"])
    if not covered:
        return [Frame(list(places), _("The swatter lands: it covers no fly."), landing)]
    frames = [Frame(list(places), _("The swatter lands: it covers {flies}.").format(
        flies=_flies(last["covered"])), landing, covered)]
    places = [None if c in covered else c for c in places]
    frames.append(Frame(list(places), _("The covered cards are collected.")))
    for move in last["moves"]:
        # One move at a time, replayed by the rules' own ``apply_moves`` (which also
        # drops the empty places left at the end of the lowest row).
        (r0, c0), (r1, c1) = move["from"], move["to"]
        places = apply_moves(places, [Move(move["card"], move["kind"], (r0, c0), (r1, c1))])
        caption = (_("The {card} slides left, toward the box.") if move["kind"] == "slide"
                   else _("The {card} moves up to the end of row {row}."))
        frames.append(Frame(list(places), caption.format(card=card_words(move["card"]),
                                                         row=move["to"][0] + 1),
                            moving=move["card"]))
    return frames


def _flies(cards: Sequence[int]) -> str:
    """The flies a drop covered, each with its article in English ("the red star, the
    blue heart"), as a caption names them."""
    return ", ".join(_("the {card}").format(card=card_words(card)) for card in cards)


def _inside(width: float, length: float,
            rect: tuple[float, float, float] | None) -> Callable[[float, float], bool]:
    """A fast test 'is this point under the rectangle?' (cos and sin worked out once)."""
    if rect is None:
        return lambda x, y: False
    rx, ry, angle = rect
    cos_a, sin_a = cos_sin(angle)
    hw, hl = width / 2, length / 2

    def inside(x: float, y: float) -> bool:
        return within_reach(x, y, rx, ry, cos_a, sin_a, hw, hl)

    return inside


def render_table(frame: Frame, radius: float, swatter: tuple[float, float],
                 ghost: tuple[float, float, float] | None = None,
                 scale: Scale = SCALES[1]) -> Text:
    """The table to scale as coloured text (each fly's symbol in the cell of its centre,
    whatever the scale)."""
    cols_per_inch, rows_per_inch = scale.cols_per_inch, scale.rows_per_inch
    card_cols = round(CARD_WIDTH * cols_per_inch)
    card_rows = round(CARD_HEIGHT * rows_per_inch)
    width, length = swatter
    under_landing = _inside(width, length, frame.landing)
    under_ghost = _inside(width, length, ghost)
    places = frame.places
    # Each card's fly: its centre, the cell of its centre, its colour and mark.
    flies: dict[int, tuple[float, float, int, int, str, str]] = {}
    for slot, card in enumerate(places):
        spot = fly_centre(card, slot) if card is not None else None
        if card is not None and spot is not None:
            fx, fy = spot
            flies[slot] = (fx, fy, int(fx * cols_per_inch), int(fy * rows_per_inch),
                           FLY_STYLE[COLOURS[COLOUR_OF[card]]],
                           SYMBOL_MARK[SYMBOLS[SYMBOL_OF[card]]])
    reach = radius + 0.04  # a cell whose centre is this near the fly's centre shows it
    out = Text()
    run, run_style = "", ""  # cells of one style go out as one piece
    for i in range(scale.rows):
        y = (i + 0.5) / rows_per_inch
        for j in range(scale.cols):
            x = (j + 0.5) / cols_per_inch
            slot = (i // card_rows) * COLUMNS + j // card_cols
            card = places[slot] if slot < len(places) else None
            char, style, on_fly = " ", "on #202020", False
            if card is not None:
                cloth = CLOTH[(j // 2 + i) % 2]
                char, style = ("▏", f"#424242 on {cloth}") if j % card_cols == 0 \
                    else (" ", f"on {cloth}")
                fly = flies.get(slot)
                centre = fly is not None and j == fly[2] and i == fly[3]
                # At a small scale a cell is wider than a fly's rim is near its centre:
                # the cell of the centre shows the fly whatever the distance.
                if fly is not None and (centre or (x - fly[0]) ** 2 + (y - fly[1]) ** 2
                                        <= reach ** 2):
                    on_fly = True
                    char, style = (fly[5] if centre else " "), f"bold #000000 on {fly[4]}"
                    if card in frame.covered:
                        char = "✓" if centre else "░"
                        style = f"bold #ffffff on {fly[4]}"
                    elif card == frame.moving:
                        style = f"bold #ffffff on {fly[4]} underline"
                elif card == frame.moving:
                    char = "·"
            if under_landing(x, y):
                if not on_fly:
                    char, style = "▒", f"{LANDED} on #3e2723"
            elif not on_fly and under_ghost(x, y):
                char, style = "░", f"{GHOST} on #424242"
            if style == run_style:
                run += char
            else:
                if run:
                    out.append(run, run_style)
                run, run_style = char, style
        if i < scale.rows - 1:
            run += "\n"
    out.append(run, run_style)
    return out


def fly_chip(card: CardView) -> Text:
    """A collected card as a coloured symbol."""
    if card["blank"] or "symbol" not in card or "colour" not in card:
        return Text("□")
    return Text(SYMBOL_MARK[card["symbol"]], style=f"bold {FLY_STYLE[card['colour']]}")


class FlyScreen(TableScreen):
    """The table to scale, the ghost swatter, and beside it the seats and scores, what
    happened, and the narration."""

    # The narration is the newest lines that fit under the seats, as plain text without a
    # frame (the table needs the room).
    DEFAULT_CSS = """
    #main { height: 1fr; }
    #table { width: 38; height: 20; border: round $panel; padding: 0 0; }
    #side { width: 1fr; height: 1fr; padding: 0 1; }
    #seats { height: auto; }
    #caption { height: auto; min-height: 1; color: $accent; margin: 1 0 0 0; }
    #log { height: 1fr; min-height: 0; border: none; padding: 0 0; margin: 1 0 0 0;
           color: $text-muted; }
    """

    #: Seconds each step of a drop's story stays on screen (the landing a little longer).
    FRAME_S = 0.2
    LANDING_S = 1.0

    def __init__(self, table: PlayApp) -> None:
        super().__init__(table)
        self.ghost: list[float] = [4.5, 4.5, 0.0]
        self.frames_shown: list[Frame] = []  # every frame of every drop shown, in order
        self.scale = SCALES[-1]
        # The seats as this table names them, in the terminal's language.
        self.voice = voice_for(current(), table.seat, table.seat_names).within(__name__)
        self._queue: list[Frame] = []
        self._showing: Frame | None = None
        self._timer: Timer | None = None
        self._seen_drops = 0
        self._drawn = False  # the shell has asked for the table once
        animate = table.pauses.turn_s > 0
        self.frame_s = self.FRAME_S if animate else 0.0
        self.landing_s = self.LANDING_S if animate else 0.0

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield Static(id="table")
            with Vertical(id="side"):
                yield Static(id="seats")
                yield Static(id="caption")
                yield Static(id="results")
                yield Static(id="log")
        yield Static(id="message")
        yield Static(_(HELP_WAIT), id="help")

    def fly_view(self) -> FlyView:
        """The person's view, as FLY's view type says it is (``views.FlyView``)."""
        return cast(FlyView, self.view())

    # -- the terminal's size -------------------------------------------------------------
    def fit_terminal(self, width: int, height: int) -> None:
        super().fit_terminal(width, height)
        self.scale = scale_for(width, height)
        table = self.query_one("#table", Static)
        table.styles.width = self.scale.cols + 2
        table.styles.height = self.scale.rows + 2
        if self._drawn:
            # The narration fits its new room once the new sizes are laid out.
            self.call_after_refresh(self._redraw)

    def _redraw(self) -> None:
        if self.is_attached:  # the table may have been set again meanwhile
            self._draw(self.fly_view())

    # -- drawing -------------------------------------------------------------------------
    def refresh_table(self) -> None:
        self._drawn = True
        view = self.fly_view()
        if view["drops"] != self._seen_drops and view["last_drop"] is not None \
                and view["phase"] != "landing":
            self._seen_drops = view["drops"]
            self._queue.extend(drop_frames(view["last_drop"]))
            if self._timer is None:
                self._next_frame()
        self._keep_ghost_on_table(view)
        self._draw(view)

    def _draw(self, view: FlyView) -> None:
        self.query_one("#status", Static).update(self._status(view))
        self.query_one("#seats", Static).update(self._seats(view))
        frame = self._showing
        ghost = None
        if frame is None:
            frame = Frame([c["id"] for c in view["table"]], "")
            if self.table.my_turn:
                ghost = (self.ghost[0], self.ghost[1], self.ghost[2])
        swatter = (view["swatter"]["width"], view["swatter"]["length"])
        self.query_one("#table", Static).update(
            render_table(frame, view["fly_diameter"] / 2, swatter, ghost, self.scale))
        self.query_one("#caption", Static).update(self._caption(view, frame))
        self.query_one("#help", Static).update(_(HELP_AIM if self.table.my_turn else HELP_WAIT))
        self._draw_log()

    def _draw_log(self) -> None:
        log = self.query_one("#log", Static)
        lines = [self.table.told(line)
                 for line in narration(self.table.state.events, self.table.seat, as_you=True,
                                       language=current())]
        size = log.content_size
        width, height = (size.width, size.height) if size.height > 0 else (60, 4)
        log.update("\n".join(newest_lines(lines, width, height)))

    def _next_frame(self) -> None:
        """Show the next step of the drop's story; the live table once none is left."""
        self._timer = None
        while self._queue:
            frame = self._queue.pop(0)
            self.frames_shown.append(frame)
            delay = self.landing_s if frame.landing is not None else self.frame_s
            if delay > 0:
                self._showing = frame
                self._draw(self.fly_view())
                self._timer = self.set_timer(delay, self._next_frame)
                return
        self._showing = None
        self._draw(self.fly_view())
        self._story_told()

    def _story_told(self) -> None:
        """Once the game is over and its last drop told: in a narrow terminal the results
        take the table's place (beside it they would be cut into many short lines)."""
        if self.table.state.is_over and self.size.width < self.scale.cols + 2 + RESULTS_MIN:
            self.query_one("#table", Static).display = False
            self.call_after_refresh(self._redraw)  # the narration has a new width

    def skip_story(self) -> None:
        """Jump to the table as it is now (the person wants to play on)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.frames_shown.extend(self._queue)
        self._queue = []
        self._showing = None

    def _status(self, view: FlyView) -> Text:
        flies = sum(1 for c in view["table"] if not c["blank"])
        head = "FLY · " + _("drop {n}").format(n=view["drops"] + 1) + " · " + ngettext(
            "{n} fly on the table", "{n} flies on the table", flies).format(n=flies) + " · "
        if view["phase"] == "over":
            return Text("FLY · " + ngettext("{n} drop · game over", "{n} drops · game over",
                                            view["drops"]).format(n=view["drops"]))
        if self.table.my_turn:
            return Text.assemble(head, (_("Your drop"), "bold green"))
        return Text(head + self.voice.say(self.voice.pick(
            view["current"], N_("You hold the swatter"), N_("{seat} holds the swatter")),
            seat=Seats.of(view["current"])))

    def _seats(self, view: FlyView) -> Table:
        table = Table(expand=True, box=None, pad_edge=False)
        table.add_column("", width=1)
        table.add_column(_("Seat"), ratio=1)
        table.add_column(_("Points"), justify="right")
        table.add_column(_("Flies"), justify="right")
        for seat in range(view["players"]):
            mark = "▶" if view["current"] == seat and view["phase"] != "over" else ""
            who = Text(self.table.seat_names[seat], style="bold" if seat == self.table.seat else "")
            collected = view["collected"][seat]
            if collected:
                # The flies won, as coloured symbols, under the name.
                who = Text("\n").join([who, Text(" ").join(fly_chip(c) for c in collected)])
            table.add_row(mark, who, str(view["scores"][seat]), str(len(collected)))
        return table

    def _covers(self, view: FlyView) -> str:
        """What the aim would cover if the swatter landed where it is aimed (the hint the
        browser's table gives too; where it lands is chance, so "if it lands there")."""
        x, y, a = self.ghost
        flies = [(card["slot"], card["id"], card["fly"][0], card["fly"][1])
                 for card in view["table"] if card["fly"] is not None]
        reach = cover_reach(view["fly_diameter"] / 2, view["swatter"]["width"],
                            view["swatter"]["length"])
        covered = covered_flies(flies, x, y, a, *reach)
        by_slot = {card["slot"]: card["id"] for card in view["table"]}
        names = [card_words(by_slot[slot]) for slot in covered]
        if not names:
            return _("if it lands there, it covers no fly")
        return _("if it lands there, it covers {cards}").format(cards=", ".join(names))

    def _caption(self, view: FlyView, frame: Frame) -> RenderableType:
        if frame.caption:
            return Text(frame.caption, style="bold")
        if self.table.my_turn:
            x, y, a = self.ghost
            return Text.assemble(_("Aim: ({x}, {y}) in, {angle}°").format(
                x=f"{x:.2f}", y=f"{y:.2f}", angle=f"{a:.0f}") + " · ",
                                 (self._covers(view), "bold"))
        last = view["last_drop"]
        if last is None:
            return Text("")
        seat = last["seat"]
        if last["covered"]:
            said = self.voice.pick(seat, N_("Last drop: You covered {flies}."),
                                   N_("Last drop: {seat} covered {flies}."))
        else:
            said = self.voice.pick(seat, N_("Last drop: You covered no fly."),
                                   N_("Last drop: {seat} covered no fly."))
        return Text(self.voice.say(said, seat=Seats.of(seat), flies=_flies(last["covered"])))

    def _keep_ghost_on_table(self, view: FlyView) -> None:
        cards = len(view["table"])
        if cards and not over_table(self.ghost[0], self.ghost[1], cards):
            x0, y0 = slot_origin(cards - 1)
            self.ghost[0], self.ghost[1] = x0 + 0.5, y0 + 1.5

    # -- events from the shell ---------------------------------------------------------
    def game_over(self) -> None:
        collected = self.fly_view()["collected"]
        # The results hold every seat's points and flies: they take the seats' place.
        self.query_one("#seats", Static).display = False
        self.query_one("#caption", Static).display = False
        self.show_results((_("Points"), _("Flies")),
                          lambda seat: (self.score(seat), str(len(collected[seat]))),
                          capped_on="drops")
        if self._timer is None:
            self._story_told()

    # -- keys ----------------------------------------------------------------------------
    def table_key(self, event: events.Key) -> None:
        key = event.key
        moves = {"left": (-STEP_IN, 0.0), "right": (STEP_IN, 0.0), "up": (0.0, -STEP_IN),
                 "down": (0.0, STEP_IN), "shift+left": (-FINE_STEP_IN, 0.0),
                 "shift+right": (FINE_STEP_IN, 0.0), "shift+up": (0.0, -FINE_STEP_IN),
                 "shift+down": (0.0, FINE_STEP_IN)}
        if key in moves:
            self.move_ghost(*moves[key])
        elif event.character in ("r", "R"):
            turn = TURN_DEG if event.character == "r" else -TURN_DEG
            self.ghost[2] = (self.ghost[2] + turn) % 180
            self.show_message("")
            self._draw(self.fly_view())
        elif key in ("space", "enter"):
            self.drop()

    def move_ghost(self, dx: float, dy: float) -> None:
        x, y = round(self.ghost[0] + dx, 2), round(self.ghost[1] + dy, 2)
        if self.table.my_turn:
            self.skip_story()  # the person is aiming: show the table as it is now
        if not over_table(x, y, len(self.fly_view()["table"])):
            self.show_message("The swatter must be aimed over the table.")
            return
        self.ghost[0], self.ghost[1] = x, y
        self.show_message("")
        self._draw(self.fly_view())

    def drop(self) -> None:
        if not self.table.my_turn:
            self.show_message("Wait for the swatter to come to you.")
            return
        self.skip_story()
        if self.table.human_act(Drop.aim(*self.ghost)):
            self.show_message("")


def make_screen(table: PlayApp) -> GameScreen:
    """The screen the app shell shows for FLY."""
    return FlyScreen(table)

