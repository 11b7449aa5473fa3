"""Play one game to the end with bots, running reaction windows and simultaneous
decisions as discrete events.

Nothing here sleeps: the bot driver (``bots.driver``) runs every window on a simulated
clock, as a queue of wake-up times.  Each bot is asked at the window's opening, answers
with an action or ``Wait(t)``, and is asked again at ``t`` with the view *at that
moment* (hands placed earlier are visible to it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.bots.base import Bot, make_bot
from gamenight.bots.driver import ActsTold, BotDriver
from gamenight.engine import Game, GameState
from gamenight.engine.seeding import derive_seed


def make_bots(game: Game, specs: Sequence[str], seed: int) -> list[Bot[Any]]:
    """One bot per spec; each seat's bot gets its own seed derived from the game's."""
    return [make_bot(game, spec, seat, derive_seed(seed, "bot", seat))
            for seat, spec in enumerate(specs)]


def play_out(state: GameState[Any], bots: Sequence[Bot[Any] | None],
             acts: ActsTold | None = None) -> GameState[Any]:
    """Play ``state`` to the end; ``bots[seat]`` plays each seat (all must be bots).

    After every step, each bot that remembers (``Bot.remembers``) is shown its seat's
    view (a window or simultaneous decision counts as one step, seen once it closes).
    ``acts`` is told of every answer a bot gives, with its CPU time (``BotDriver``).
    """
    return BotDriver(state, bots, acts=acts).play_to_end()


def run_window(state: GameState[Any], bots: Sequence[Bot[Any] | None]) -> None:
    """Run one open reaction window, or simultaneous decision, to its close.

    In a decision each chooser chooses once, at the moment its bot asks for (a bot
    with a reaction model may miss the deadline, and then passes, as a person would);
    the decision is over once every chooser has chosen, even if a new one follows.
    """
    BotDriver(state, bots).run_window()
