"""The Textual terminal UI: you against bots at a real table."""

from gamenight.tui.app import GameScreen, Pauses, PlayApp, build_app, run_play

__all__ = ["GameScreen", "Pauses", "PlayApp", "build_app", "run_play"]
