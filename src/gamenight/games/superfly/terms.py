"""Superfly's own words as a person reads them, marked for the game's catalog
(``locale/<lang>/LC_MESSAGES/game.po``; docs/languages.md).

The cards' colours, kinds and set kinds are data (``cards.py``, ``sets.py``): they travel in
views and facts as these English words, and each is translated where it is shown, by its
English (the terminal's ``_(word)``, the table's ``t(word)``), from this catalog.  The words
are the ones of the table "Words in German and Portuguese" in ``rules.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamenight.i18n import N_

#: Each colour's name.
COLOURS: Final[Mapping[str, str]] = {
    "red": N_("red"), "orange": N_("orange"), "yellow": N_("yellow"),
    "green": N_("green"), "blue": N_("blue"), "purple": N_("purple"),
}
#: How a card is said, by its colour ("red 3"; the German adjective takes its ending,
#: "die rote 3", and Portuguese puts the number first, "o 3 vermelho").
CARD_NAMES: Final[Mapping[str, str]] = {
    "red": N_("red {number}"), "orange": N_("orange {number}"),
    "yellow": N_("yellow {number}"), "green": N_("green {number}"),
    "blue": N_("blue {number}"), "purple": N_("purple {number}"),
}
#: Each kind of fly as printed on the card, and the fly it names.
KINDS: Final[Mapping[str, str]] = {
    "Baby": N_("Baby"), "Hungry": N_("Hungry"), "Queen": N_("Queen"),
    "Sleepy": N_("Sleepy"), "Romantic": N_("Romantic"), "Turbo": N_("Turbo"),
}
FLIES: Final[Mapping[str, str]] = {
    "Baby": N_("Baby fly"), "Hungry": N_("Hungry fly"), "Queen": N_("Queen fly"),
    "Sleepy": N_("Sleepy fly"), "Romantic": N_("Romantic fly"), "Turbo": N_("Turbo fly"),
}
#: The three ways to build a set (``sets.SET_KINDS``).
SET_KINDS: Final[Mapping[str, str]] = {
    "same colour": N_("same colour"), "same number": N_("same number"),
    "all different": N_("all different"),
}
