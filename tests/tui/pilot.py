"""What the shell's Pilot tests share: no pauses, waiting for the table, reading a
widget, a rulebook example as a position."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

import gamenight.games
from gamenight.live import ManualScheduler, Pauses

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)
GAMES_DIR = Path(gamenight.games.__file__).parent


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``ready()`` holds (fail after ``timeout`` seconds)."""
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


async def tick(pilot: Pilot[None], scheduler: ManualScheduler, seconds: float,
               step_s: float = 0.05) -> None:
    """Move a table's simulated clock on by ``seconds``, in steps of ``step_s``, letting
    the app draw between steps (a window's clock starts once its screen is painted)."""
    end = scheduler.now() + seconds
    while scheduler.now() < end:
        scheduler.run_until(min(end, scheduler.now() + step_s))
        await pilot.pause()


def shown(screen: Screen[Any], selector: str) -> str:
    """What a Static on ``screen`` shows, as a wide terminal would print it."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(screen.query_one(selector, Static).content)
    return console.export_text()


def example(game_id: str, name: str, **options: object) -> dict[str, Any]:
    """A rulebook example as a position, with ``options`` added."""
    folder = GAMES_DIR / game_id.replace("-", "_") / "examples"
    position: dict[str, Any] = json.loads((folder / name).read_text("utf-8"))
    position["options"] = {**position["options"], **options}
    return position
