"""The languages gamenight speaks, and choosing one for a person.

A person's language comes from what they already told their computer: the browser's
``Accept-Language`` header or ``navigator.languages``, the terminal's ``--lang`` or its
environment (``GAMENIGHT_LANG``, then the POSIX ``LC_ALL``, ``LC_MESSAGES``, ``LANG``).
Each is a list of tags in the order the person prefers them; the first whose language we
speak wins, and English is what is left (every text is written in English first).

Tags are matched by their language alone (``de-AT`` is German, ``pt_BR.UTF-8`` is
Portuguese): we hold one catalog per language, not per region.

>>> choose(["fr-FR", "pt-BR", "en"])
'pt'
>>> from_accept_language("da, de-CH;q=0.8, en;q=0.7")
'de'
>>> from_environment({"LANG": "pt_PT.UTF-8"})
'pt'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

#: The languages we speak, each by its code and its own name for itself (what a
#: language switch shows: a German speaker looks for "Deutsch", not "German").
LANGUAGES: Final[Mapping[str, str]] = {
    "en": "English",
    "de": "Deutsch",
    "pt": "Português",
}
#: The CLDR locale each language's catalogs are written for, where it is not the bare
#: language: its plural rules and its spelling.  Our Portuguese is Portugal's, as the
#: Fliegen klatschen rulebook we hold is ("baralha", "o seu turno", "acertar nas moscas").
CATALOG_LOCALES: Final[Mapping[str, str]] = {"pt": "pt_PT"}
#: The language every text is first written in, and what a person gets when nothing they
#: prefer is spoken here.
DEFAULT: Final = "en"
#: The environment variables that name the terminal's language, first found wins:
#: our own, then the POSIX locale's, in the order the C library reads them.
ENVIRONMENT: Final = ("GAMENIGHT_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

# A language tag's language: its first subtag (``pt`` of ``pt-BR``, of ``pt_BR.UTF-8``).
_PRIMARY = re.compile(r"[A-Za-z]{2,8}")


class UnknownLanguageError(ValueError):
    """A language asked for by name that is not spoken here (``--lang xx``)."""

    def __init__(self, asked: str) -> None:
        super().__init__(f"no language {asked!r}: choose {listed()}")
        self.asked = asked


def listed() -> str:
    """The languages for a message: ``en (English), de (Deutsch) or pt (Português)``."""
    named = [f"{code} ({name})" for code, name in LANGUAGES.items()]
    return ", ".join(named[:-1]) + " or " + named[-1]


def spoken(tag: str) -> str | None:
    """The code of the language ``tag`` names if we speak it (``de-AT`` -> ``de``),
    else None.  ``C`` and ``POSIX``, the locales that name no language, are None."""
    found = _PRIMARY.match(tag.strip())
    if found is None:
        return None
    code = found.group().lower()
    return code if code in LANGUAGES else None


def language(tag: str) -> str:
    """The code of the language ``tag`` names; UnknownLanguageError if we do not speak it."""
    code = spoken(tag)
    if code is None:
        raise UnknownLanguageError(tag)
    return code


def choose(tags: Iterable[str]) -> str:
    """The first of ``tags`` (most preferred first) that we speak, else English."""
    for tag in tags:
        code = spoken(tag)
        if code is not None:
            return code
    return DEFAULT


def accepted(header: str | None) -> list[str]:
    """The tags of an ``Accept-Language`` header, most preferred first (by their
    ``q``; equal ones in the header's order), less those refused (``q=0``)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag.strip() and tag.strip() != "*" and quality > 0:
            weighted.append((-quality, index, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def from_accept_language(header: str | None) -> str:
    """The language a browser's ``Accept-Language`` header prefers among ours."""
    return choose(accepted(header))


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's language: ``GAMENIGHT_LANG``, else the POSIX locale (the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, as the C library reads them, so
    ``LC_ALL=C`` means English whatever ``LANG`` says); else English.  GNU's
    ``LANGUAGE`` list is not read: it only counts beside a non-C locale, and the
    locale's own language is what the person set."""
    # Ours first, then the locale's one variable that counts: both are candidates, so
    # GAMENIGHT_LANG=fr (not spoken here) beside LANG=de_DE.UTF-8 gives German.
    tags = [environ.get("GAMENIGHT_LANG", "")]
    tags += [next((value for name in ENVIRONMENT[1:] if (value := environ.get(name, ""))), "")]
    return choose(tag for tag in tags if tag.strip())
