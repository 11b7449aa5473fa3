"""Catalogs: the translations of gamenight's texts, read with Babel.

Each catalog is a gettext ``.po`` file, kept as text in the package and read when first
needed (``babel.messages.pofile.read_po``), so that no compiled ``.mo`` file can fall
behind its source: a catalog of a few hundred messages reads in milliseconds, once.

- ``gamenight/locale/<lang>/LC_MESSAGES/gamenight.po``: what the Python code says to a
  person (the terminal's screens, the command line's help for ``--lang``);
- ``gamenight/locale/<lang>/LC_MESSAGES/web.po``: the browser's pages and scripts,
  served to the page as JSON (:func:`messages`);
- ``<a game's package>/locale/<lang>/LC_MESSAGES/lessons.po``: that game's lessons;
- ``<a game's package>/locale/<lang>/LC_MESSAGES/game.po``: what the game itself says to a
  person: its own words (colours, animals, card and piece names), its terminal screen, its
  browser table (``js/tables/<game>.js``), its blurb, option labels and end reasons.  A
  game's words live in its package, never in gamenight's own catalogs: the browser gets
  them merged into its catalog for a room of that game (:func:`messages`).

A message with no translation, or one marked fuzzy (a translation that may no longer
fit its changed English), is shown in English.
"""

from __future__ import annotations

import io
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Final

from gamenight.i18n.languages import CATALOG_LOCALES, DEFAULT

if TYPE_CHECKING:
    # Babel is imported where a catalog is first read: a game's rules mark the sentences
    # of its story (``engine.voice``), and a simulation, which tells no story, should not
    # pay for Babel's import.
    from babel.messages.catalog import Catalog
    from babel.support import NullTranslations

#: The folder of gamenight's own catalogs.
LOCALE: Final = files("gamenight") / "locale"
#: gamenight's own catalogs by domain: what the Python code says, and what the browser says.
PYTHON_DOMAIN: Final = "gamenight"
WEB_DOMAIN: Final = "web"
#: The domain of what a game says to a person, in the game's own package.
GAME_DOMAIN: Final = "game"


def po_file(folder: Traversable, language: str, domain: str) -> Traversable:
    """Where the catalog of ``domain`` in ``language`` lives under ``folder`` (a
    ``locale`` folder laid out as gettext lays out its own)."""
    return folder / language / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(folder: Traversable, language: str, domain: str) -> Catalog | None:
    """The catalog of ``domain`` in ``language`` under ``folder``, or None without one."""
    from babel.messages.pofile import read_po

    path = po_file(folder, language, domain)
    if not path.is_file():
        return None
    with path.open("rb") as source:
        return read_po(source, locale=CATALOG_LOCALES.get(language, language), domain=domain)


def as_translations(catalog: Catalog | None) -> NullTranslations:
    """``catalog`` as gettext translations (its fuzzy entries left out); no catalog:
    every message as it is."""
    from babel.messages.mofile import write_mo
    from babel.support import NullTranslations, Translations

    if catalog is None:
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=catalog.domain)


@cache
def translations(language: str, domain: str = PYTHON_DOMAIN) -> NullTranslations:
    """gamenight's own translations of ``domain`` into ``language`` (English: none)."""
    if language == DEFAULT:
        return as_translations(None)
    return as_translations(read_catalog(LOCALE, language, domain))


def game_package(game: object) -> str:
    """The package of ``game`` (a game definition): the package whose module defines its
    class, where its ``locale`` folder is (``gamenight.games.<game>``, or wherever a game
    registered from elsewhere lives)."""
    return type(game).__module__.rpartition(".")[0]


@cache
def game_translations(package: str, language: str) -> NullTranslations:
    """The translations into ``language`` of what the game in ``package`` says (its
    ``locale/<lang>/LC_MESSAGES/game.po``); English, or a game without one: none."""
    if language == DEFAULT:
        return as_translations(None)
    return as_translations(read_catalog(files(package) / "locale", language, GAME_DOMAIN))


#: A message of the browser's catalog: its translation, or a plural's forms in order.
Translated = str | list[str]


@cache
def messages(language: str, package: str | None = None) -> dict[str, Translated]:
    """The browser's catalog in ``language``: each English message (a plural by its
    singular) with its translation, for the page's ``t()`` and ``tn()`` (``js/i18n.js``).
    With ``package`` (a game's), that game's own catalog (``game.po``) instead, for its
    table.  Untranslated and fuzzy messages are left out: the page shows their English."""
    folder = LOCALE if package is None else files(package) / "locale"
    domain = WEB_DOMAIN if package is None else GAME_DOMAIN
    catalog = None if language == DEFAULT else read_catalog(folder, language, domain)
    found: dict[str, Translated] = {}
    for message in catalog or ():
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = [str(form) for form in message.string or ()]
            if all(forms):
                found[str(message.id[0])] = forms
        elif message.string:
            found[str(message.id)] = str(message.string)
    return found
