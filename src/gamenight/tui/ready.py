"""Get ready: the first timed decision of a game waits for the person's key.

A game's first race or countdown would otherwise start the moment the table appears,
before a person has found the keys (Superfly's first swat ran out at launch).  So before
the first timed decision the person is in, the shell shows this banner, and the clock
starts only once space (or Enter) is pressed.

What the banner hides depends on what time means in the decision:

- In a **simultaneous decision** (Superfly's swat) the choices are secret and resolved
  together, so reading the table first gives nobody an edge: the banner sits at the foot
  of the screen and the table stays in sight.
- In a **race** (a reaction window: Fliegen klatschen's hunt) time is what is measured,
  and the bots look at the table the instant it appears: the banner covers the whole
  table until the key, and the race's clock starts as it appears.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from gamenight.i18n import N_, _

#: The one line over the key hints, before a countdown: the table stays in sight above it.
COUNTDOWN = N_("[b]Get ready:[/b] press [b]space[/b] to start the countdown   "
               "[b]?[/b] how to play   [b]q[/b] leave")
#: The box that hides the table before a race.
RACE = N_("[b]Get ready: press space[/b]\n\n"
          "The first race of the game is next. The table stays hidden until you are ready; "
          "your time runs from the moment it appears.\n\n"
          "[b]space[/b] start   [b]?[/b] how to play   [b]q[/b] leave the table")


class GetReady(ModalScreen[None]):
    """The banner before the first timed decision; ``race``: it covers the table."""

    DEFAULT_CSS = """
    GetReady { align: center bottom; background: $background 0%; }
    GetReady > #ready { width: 100%; height: 1; padding: 0 1;
                        background: $warning; color: $text; }
    GetReady.race { align: center middle; background: $background; }
    GetReady.race > #ready { max-width: 72; height: auto; padding: 1 2;
                             border: heavy $warning; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,enter", "start", "Start", show=False),
        Binding("escape,q", "app.quit", "Leave", show=False),
    ]

    def __init__(self, *, race: bool) -> None:
        super().__init__(classes="race" if race else None)
        self.race = race

    def compose(self) -> ComposeResult:
        yield Static(_(RACE if self.race else COUNTDOWN), id="ready")

    def action_start(self) -> None:
        self.dismiss(None)
