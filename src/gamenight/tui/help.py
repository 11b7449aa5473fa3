"""The how-to-play page over the table (``?`` or F1): the game's ``howto.md``.

The page is the same text ``gamenight rules GAME`` shows first: the goal, a turn, the keys
and the scoring, in a box that scrolls when the terminal is small.  It closes with Esc,
``q``, ``?`` or F1 (the shell's binding toggles it); while it is open the shell holds the
table (``PlayApp.how_to_play``), so nothing is missed.
"""

from __future__ import annotations

from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gamenight.engine import Game
from gamenight.i18n import N_, _, current

#: The last line of the page: how to scroll it and how to close it.
CLOSE_KEYS = N_("[b]↑↓[/b] [b]PgUp PgDn[/b] scroll   "
                "[b]Esc[/b], [b]?[/b] or [b]q[/b] back to the table")


def page_body(page: str) -> str:
    """The page less its first heading, which the box's title already shows (two lines
    more of the page in a small terminal)."""
    first, _, rest = page.partition("\n")
    return rest.lstrip("\n") if first.startswith("# ") else page


class HowToPlay(ModalScreen[None]):
    """How to play ``game``, over the table."""

    DEFAULT_CSS = """
    HowToPlay { align: center middle; }
    HowToPlay > #howto { width: 100%; max-width: 86; height: 100%; max-height: 40;
                         border: round $accent; background: $surface; }
    HowToPlay #howto-page { height: 1fr; padding: 0 1; }
    HowToPlay #howto-keys { height: 1; background: $boost; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back to the table", show=False),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical(id="howto") as box:
            box.border_title = _("How to play {game}").format(game=self.game.title)
            with VerticalScroll(id="howto-page"):
                page = self.game.howto_text(current())  # in the terminal's language
                yield Static(Markdown(page_body(page)), id="howto-text")
            yield Static(_(CLOSE_KEYS), id="howto-keys")

    def action_close(self) -> None:
        self.dismiss(None)
