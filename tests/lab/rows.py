"""Constructed study rows for the lab's tests: games whose answer is known."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gamenight.lab.choices import choices_of
from gamenight.lab.play import GameRow


def row(winners: Sequence[int], *, bots: Sequence[str] = ("bot", "bot"), steps: int = 100,
        options: dict[str, Any] | None = None, cell: str = "cell", game: int = 0,
        lead_changes: int = 0, comeback: bool | None = None,
        choices: Sequence[int] = (), kinds: dict[str, int] | None = None) -> GameRow:
    """A game of ``len(bots)`` seats that ``winners`` won (ranks follow from them), whose
    decisions had ``choices`` legal actions each, in order (none: not measured, as in a
    study stored before the lab measured them), taking actions of ``kinds``."""
    measured = choices_of(list(choices), [k for k, n in (kinds or {}).items()
                                          for _ in range(n)]) if choices else None
    seats = len(bots)
    ranks = [1 if s in winners else 2 for s in range(seats)]
    return {"cell": cell, "players": seats,
            "options": json.dumps(options or {}, sort_keys=True, separators=(",", ":")),
            "bots": list(bots), "game": game, "seed": game, "scores":
            [1.0 if s in winners else 0.0 for s in range(seats)], "ranks": ranks,
            "winners": list(winners), "truncated": False, "steps": steps, "turns": None,
            "rounds": None, "decisions": steps, "windows": 0,
            "estimated_minutes": steps / 10, "lead_changes": lead_changes,
            "comeback": comeback, "half_time_leaders": [], "decided_at": None,
            "winner_behind": None,
            "choices": None if measured is None else measured["choices"],
            "choices_max": None if measured is None else measured["choices_max"],
            "choices_by_part": None if measured is None else measured["choices_by_part"],
            "action_kinds": None if measured is None else measured["action_kinds"]}
