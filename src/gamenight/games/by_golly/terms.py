"""By Golly!'s own words as a person reads them, marked for the game's catalog
(``locale/<lang>/LC_MESSAGES/game.po``; docs/languages.md).

A card's face is data (``cards.FACE_NAMES``: the animals, the chicken poo, the shovel): it
travels in views as an English word and is translated where it is shown, by its English (the
name alone, or with its article: "a hen", "an owl"), which this module marks.  The words are
those of the table "Words in German and Portuguese" in ``rules.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gamenight.i18n import N_

#: Each face's name, as written under its picture.
FACES: Final[Mapping[str, str]] = {
    "hen": N_("hen"),
    "rooster": N_("rooster"),
    "worm": N_("worm"),
    "hedgehog": N_("hedgehog"),
    "fox": N_("fox"),
    "marten": N_("marten"),
    "hare": N_("hare"),
    "goose": N_("goose"),
    "chick": N_("chick"),
    "duck": N_("duck"),
    "mouse": N_("mouse"),
    "cat": N_("cat"),
    "owl": N_("owl"),
    "pig": N_("pig"),
    "frog": N_("frog"),
    "poo": N_("chicken poo"), "shovel": N_("shovel"),
}
#: Each face with its article, as a sentence names one card ("a hen", "an owl").
WITH_ARTICLE: Final[Mapping[str, str]] = {
    "hen": N_("a hen"),
    "rooster": N_("a rooster"),
    "worm": N_("a worm"),
    "hedgehog": N_("a hedgehog"),
    "fox": N_("a fox"),
    "marten": N_("a marten"),
    "hare": N_("a hare"),
    "goose": N_("a goose"),
    "chick": N_("a chick"),
    "duck": N_("a duck"),
    "mouse": N_("a mouse"),
    "cat": N_("a cat"),
    "owl": N_("an owl"),
    "pig": N_("a pig"),
    "frog": N_("a frog"),
    "poo": N_("chicken poo"), "shovel": N_("a shovel"),
}
