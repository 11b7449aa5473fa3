"""FLY's own words as a person reads them, marked for the game's catalog
(``locale/<lang>/LC_MESSAGES/game.po``; docs/languages.md).

A card's colour and symbol are data (``cards.py``): they travel in views as English words
and are translated where they are shown, by the English name of the card they make ("red
star": in German the adjective takes the symbol's gender, "rote Raute", "roter Stern"),
which this module marks.  The words are those of the table "Words in German and
Portuguese" in ``rules.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamenight.i18n import N_

#: A blank card's name.
BLANK: Final = N_("blank card")
#: Each card's name by its colour and symbol ("red star").
CARD_NAMES: Final[Mapping[str, str]] = {
    "red star": N_("red star"), "red circle": N_("red circle"),
    "red diamond": N_("red diamond"), "red triangle": N_("red triangle"),
    "red heart": N_("red heart"),
    "yellow star": N_("yellow star"), "yellow circle": N_("yellow circle"),
    "yellow diamond": N_("yellow diamond"), "yellow triangle": N_("yellow triangle"),
    "yellow heart": N_("yellow heart"),
    "blue star": N_("blue star"), "blue circle": N_("blue circle"),
    "blue diamond": N_("blue diamond"), "blue triangle": N_("blue triangle"),
    "blue heart": N_("blue heart"),
    "green star": N_("green star"), "green circle": N_("green circle"),
    "green diamond": N_("green diamond"), "green triangle": N_("green triangle"),
    "green heart": N_("green heart"),
    "purple star": N_("purple star"), "purple circle": N_("purple circle"),
    "purple diamond": N_("purple diamond"), "purple triangle": N_("purple triangle"),
    "purple heart": N_("purple heart"),
}
#: Each colour's and each symbol's name alone.
COLOURS: Final[Mapping[str, str]] = {
    "red": N_("red"), "yellow": N_("yellow"), "blue": N_("blue"), "green": N_("green"),
    "purple": N_("purple"),
}
SYMBOLS: Final[Mapping[str, str]] = {
    "star": N_("star"), "circle": N_("circle"), "diamond": N_("diamond"),
    "triangle": N_("triangle"), "heart": N_("heart"),
}
