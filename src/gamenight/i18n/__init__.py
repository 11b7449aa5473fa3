"""gamenight in English, German and Portuguese (``docs/languages.md``).

The Python code marks what it says to a person with :func:`_` (or :func:`N_` where a text
is kept in a constant and translated where it is shown, and :func:`ngettext` for a count),
and Babel extracts the marked texts into the catalogs (``python -m gamenight.i18n.extract``).
The terminal speaks one language for the whole process, chosen once from ``--lang`` or
the environment (:func:`use`); the server chooses per request, from the query's ``lang``
or the ``Accept-Language`` header, and passes the language along.
"""

from __future__ import annotations

from collections.abc import Callable

from gamenight.i18n.catalogs import game_package, game_translations, messages, translations
from gamenight.i18n.languages import (
    CATALOG_LOCALES,
    DEFAULT,
    LANGUAGES,
    UnknownLanguageError,
    choose,
    from_accept_language,
    from_environment,
    language,
    listed,
    spoken,
)

__all__ = [
    "CATALOG_LOCALES", "DEFAULT", "LANGUAGES", "N_", "UnknownLanguageError", "_", "choose",
    "current", "from_accept_language", "from_environment", "game_package", "game_texts",
    "game_translations", "gettext", "language", "listed", "messages", "ngettext", "spoken",
    "translations", "use",
]

# The terminal's language: one person at one terminal, so one language for the process
# (a module global rather than a context variable, which Textual's worker threads would
# not see).
_language = DEFAULT


def use(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from now on in this process."""
    global _language
    _language = language(code)


def current() -> str:
    """The language this process speaks now."""
    return _language


def gettext(message: str) -> str:
    """``message`` in the language this process speaks."""
    return translations(_language).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count``, in this process's language."""
    return translations(_language).ngettext(singular, plural, count)


def game_texts(module: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``gettext`` and ``ngettext`` for a module of a game's package (``module`` is its
    ``__name__``): the texts it marks are the game's own (its ``locale/<lang>/
    LC_MESSAGES/game.po``), in this process's language::

        _, ngettext = game_texts(__name__)
    """
    package = module.rpartition(".")[0]

    def game_gettext(message: str) -> str:
        return game_translations(package, _language).gettext(message)

    def game_ngettext(singular: str, plural: str, count: int) -> str:
        return game_translations(package, _language).ngettext(singular, plural, count)

    return game_gettext, game_ngettext


def N_(message: str) -> str:  # noqa: N802 -- gettext's own name, which Babel extracts
    """Marks ``message`` for the catalog without translating it yet: for a text kept in
    a constant and translated (``_(CONSTANT)``) when it is shown."""
    return message


_ = gettext
