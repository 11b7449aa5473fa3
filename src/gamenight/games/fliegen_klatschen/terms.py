"""Fliegen klatschen's own words as a person reads them, marked for the game's catalog
(``locale/<lang>/LC_MESSAGES/game.po``; docs/languages.md).

A card's kind and colour are data (``cards.py``): they travel in views and facts as English
words and are translated where they are shown, by their English, which this module marks.
The words are those of the table "Words in German and Portuguese" in ``rules.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamenight.i18n import N_

#: The fly swatter card, as named in a line and as printed on its face.
SWATTER: Final = N_("swatter")
SWATTER_FACE: Final = N_("SWATTER")
#: Each colour's name.
COLOURS: Final[Mapping[str, str]] = {
    "red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
    "purple": N_("purple"), "orange": N_("orange"),
}
#: How a fly card is said, by its colour ("red 3"; Portuguese puts the value first).
CARD_NAMES: Final[Mapping[str, str]] = {
    "red": N_("red {value}"), "yellow": N_("yellow {value}"), "green": N_("green {value}"),
    "blue": N_("blue {value}"), "purple": N_("purple {value}"),
    "orange": N_("orange {value}"),
}
