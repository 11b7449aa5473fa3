"""The names of the bots' levels, the same in every game (``docs/bots.md``).

A level says whom a bot plays like, weakest and slowest first.  Each game decides what a
level changes in its bots (reaction times in a race, aim in FLY, recall in By Golly!);
the names, and what they promise a player, are shared, so ``--bots beginner`` means the
same kind of opponent at every table.  ``adaptive`` is a level only for the bots of a game
with a race (a bot class lists it in ``Bot.levels``): it measures the person and plays at
a chosen win share against them (``bots.adaptive``).
"""

from __future__ import annotations

from typing import Final

#: The fixed levels, weakest and slowest first.
LEVELS: Final[tuple[str, ...]] = ("child", "beginner", "relaxed", "average", "quick", "expert")
#: The level a bot plays at when none is given.
DEFAULT_LEVEL: Final = "average"
#: The level that measures the person and matches them (games with a race only).
ADAPTIVE: Final = "adaptive"

#: Whom each level plays like, in a player's words (``gamenight games``, docs/bots.md).
DESCRIPTIONS: Final[dict[str, str]] = {
    "child": "a child of about eight",
    "beginner": "an adult in a first game",
    "relaxed": "an adult who knows the game and is in no hurry",
    "average": "an average adult who knows the game",
    "quick": "a quick, practised adult",
    "expert": "a practised player at their best",
    ADAPTIVE: "measures you as you play and wins about as often as you do "
              "(share=0.5; games with a race)",
}


def level_list(levels: tuple[str, ...]) -> str:
    """'child, beginner, ..., expert' as a person reads it (the default marked)."""
    return ", ".join(f"{name} (default)" if name == DEFAULT_LEVEL else name for name in levels)
