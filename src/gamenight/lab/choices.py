"""Choices: how many legal actions a seat had at each decision, and which kinds of
action the seats took (the branching factor and the action frequencies that Ludii and
TAG report for their games).

Both come from the replay that ``length.py`` makes of every finished game: before each
action a seat took (on its turn, in a race or in a simultaneous decision), the fresh
state is asked for that seat's legal actions (``GameState.legal_actions``), and the
action is read by the game's own reader (``Game.parse_action``).  Where a game's actions
form a continuum (an aim over a table), its legal actions are the finite set its rules
document as spanning it, and the count is that set's.

An action's kind is the name of its class (``Drop``, ``Slap``, ``Pass``: the classes a
game declares in ``Game.action_types``); a game whose actions are plain texts has each
text's first word as its kind.  Nothing here names a game or a kind of action.

How the choices move over a game: its decisions, in order, cut into :data:`PARTS`
equal parts (fifths), each with its mean number of choices (a game of fewer decisions
than parts leaves some parts empty: None).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from typing_extensions import TypedDict

from gamenight.engine import GameState
from gamenight.lab.length import replay

__all__ = ["PARTS", "Choices", "action_kind", "choices", "choices_of"]

#: The parts a game's decisions are cut into, to see how the choices move over it.
PARTS = 5


class Choices(TypedDict):
    """The choices of one game (``lab/play.py`` copies these into a study's rows)."""

    choices: float | None  # legal actions per decision, the mean over the game's decisions
    choices_max: int | None  # the most legal actions at any one decision
    choices_by_part: list[float | None]  # the mean in each fifth of its decisions, in order
    action_kinds: dict[str, int]  # actions taken, by kind


def action_kind(action: object) -> str:
    """The kind of ``action``: its class's name, or a text action's first word."""
    if isinstance(action, str):
        return action.split(maxsplit=1)[0] if action.strip() else "(empty)"
    return type(action).__name__


def choices_of(counts: list[int], kinds: list[str]) -> Choices:
    """:class:`Choices` from the legal actions at each decision of a game, in order
    (``counts``), and the kinds of the actions taken at them (``kinds``)."""
    decisions = len(counts)
    sums = [0] * PARTS
    sizes = [0] * PARTS
    for number, count in enumerate(counts):
        part = (2 * number + 1) * PARTS // (2 * decisions)  # the part its middle falls in
        sums[part] += count
        sizes[part] += 1
    return {"choices": sum(counts) / decisions if decisions else None,
            "choices_max": max(counts, default=None),
            "choices_by_part": [total / size if size else None
                                for total, size in zip(sums, sizes, strict=True)],
            "action_kinds": dict(sorted(Counter(kinds).items()))}


def choices(state: GameState[Any]) -> Choices:
    """The choices of the (finished or unfinished) game ``state``: see :class:`Choices`."""
    counts: list[int] = []
    kinds: list[str] = []
    for played in replay(state).steps:
        if played.choices is not None:
            counts.append(played.choices)
            kinds.append(action_kind(played.action))
    return choices_of(counts, kinds)
