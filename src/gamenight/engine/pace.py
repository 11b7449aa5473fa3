"""The pace of real play: the times people at a real table take for what a game's
history does not time.

Each game declares its own (``Game.pace``, with the reason for every number beside it);
the balance lab adds them up to estimate the minutes a game would take at a table
(``lab/length.py``; docs/lab.md, "Length").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pace:
    """The times, in seconds, that people at a real table take for what the history does
    not time (docs/lab.md gives each its reason)."""

    think_s: float  # a turn decision
    settle_s: float  # sorting out a window's result once it closes
    handle_s: float  # each chance step after the first
    overhead_s: float  # once: the setup (the first chance step) and the count at the end
    round_s: float = 0.0  # each round's end (hands shown, sets compared: the game says)
