"""The new-game form at the end of a game: choose the table size, keep the bots.

There is no lobby yet (it belongs with the server), so a new game is the same game with
the same options and bots, dealt afresh for a table size the person chooses: the size is
what a person most often wants to change after a game.  Another game, or other bots, is
a new ``gamenight play`` command.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from gamenight.i18n import N_, _, ngettext
from gamenight.seats import seat_names

KEYS = N_("[b]←→[/b] players   [b]enter[/b] deal   [b]esc[/b] back to the results")


class NewGameForm(ModalScreen[int | None]):
    """Choose how many players the new game has (answers None to go back)."""

    DEFAULT_CSS = """
    NewGameForm { align: center middle; }
    NewGameForm > #new-game { width: 100%; max-width: 64; height: auto;
                              border: round $success; background: $surface; padding: 0 1; }
    NewGameForm #new-game-players { padding: 1 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,down,minus", "step(-1)", "Fewer", show=False),
        Binding("right,up,plus", "step(1)", "More", show=False),
        Binding("enter", "deal", "Deal", show=False),
        Binding("escape,q", "back", "Back", show=False),
    ]

    def __init__(self, title: str, sizes: Sequence[int], players: int,
                 bots_for: Callable[[int], Sequence[str]]) -> None:
        super().__init__()
        if not sizes:
            raise ValueError("a new game needs at least one table size the game takes")
        self.game_title = title
        self.sizes = list(sizes)
        self.players = players if players in sizes else self.sizes[0]
        self.bots_for = bots_for  # the bot specs a table of that size gets, seat 1 first

    def compose(self) -> ComposeResult:
        with Vertical(id="new-game") as box:
            box.border_title = _("New game of {game}").format(game=self.game_title)
            yield Static(self._players(), id="new-game-players")
            yield Static(_(KEYS), id="new-game-keys")

    def _players(self) -> Text:
        low, high = self.sizes[0], self.sizes[-1]
        line = Text.assemble(_("Players: "), ("◀ ", "dim"), (str(self.players), "bold reverse"),
                             (" ▶", "dim"), "   ",
                             _("({low} to {high}; you are one)").format(low=low, high=high),
                             "\n")
        bots = self.players - 1
        if bots == 0:
            line.append(_("You alone: a practice game."))
        else:
            specs = self.bots_for(self.players)  # named as the table will name them
            names = ", ".join(seat_names([None] * len(specs), specs))
            line.append(ngettext("You and {n} bot: {names}", "You and {n} bots: {names}", bots)
                        .format(n=bots, names=names))
        return line

    def _show(self) -> None:
        self.query_one("#new-game-players", Static).update(self._players())

    def action_step(self, by: int) -> None:
        index = self.sizes.index(self.players) + by
        self.players = self.sizes[max(0, min(len(self.sizes) - 1, index))]
        self._show()

    def on_key(self, event: events.Key) -> None:
        # A digit chooses that size at once, where the game takes it.
        if event.character is not None and event.character.isdigit():
            event.stop()
            if int(event.character) in self.sizes:
                self.players = int(event.character)
                self._show()

    def action_deal(self) -> None:
        self.dismiss(self.players)

    def action_back(self) -> None:
        self.dismiss(None)
