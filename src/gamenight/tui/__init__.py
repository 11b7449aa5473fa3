"""The Textual terminal UI: you against bots at a real table."""

from gamenight.live import Pauses
from gamenight.tui.app import GameScreen, LastGame, PlayApp, build_app, run_play
from gamenight.tui.seating import Seating
from gamenight.tui.table import TableScreen

__all__ = ["GameScreen", "LastGame", "Pauses", "PlayApp", "Seating", "TableScreen", "build_app",
           "run_play"]
