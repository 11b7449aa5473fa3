"""The Textual terminal UI: you against bots at a real table."""

from gamenight.tui.app import GameScreen, Pauses, PlayApp, build_app, run_play
from gamenight.tui.table import TableScreen

__all__ = ["GameScreen", "Pauses", "PlayApp", "TableScreen", "build_app", "run_play"]
