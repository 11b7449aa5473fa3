"""Choosing a person's language (``gamenight.i18n.languages``): from a browser's
preferences, a terminal's environment, or a name given on the command line."""

from __future__ import annotations

import doctest

import pytest

from gamenight.i18n import languages
from gamenight.i18n.languages import (
    UnknownLanguageError,
    accepted,
    choose,
    from_accept_language,
    from_environment,
    language,
)


def test_the_module_s_examples_hold() -> None:
    assert doctest.testmod(languages).failed == 0


def test_each_language_is_named_in_itself() -> None:
    assert dict(languages.LANGUAGES) == {"en": "English", "de": "Deutsch", "pt": "Português"}


@pytest.mark.parametrize(("tags", "chosen"), [
    (["de-AT"], "de"), (["pt_BR.UTF-8"], "pt"), (["fr", "ja", "de"], "de"),
    (["fr"], "en"), ([], "en"), (["C"], "en"), (["POSIX"], "en"), (["PT"], "pt"),
])
def test_the_first_language_spoken_wins(tags: list[str], chosen: str) -> None:
    assert choose(tags) == chosen


def test_accept_language_is_read_by_quality_and_refuses_q0() -> None:
    assert accepted("de;q=0.5, pt;q=0.9, en;q=0") == ["pt", "de"]
    assert accepted("fr-CH, fr;q=0.9, *;q=0.5") == ["fr-CH", "fr"]
    assert from_accept_language("fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5") == "de"
    assert from_accept_language("pt;q=bad, de;q=0.1") == "de"
    assert from_accept_language(None) == "en"


@pytest.mark.parametrize(("environ", "chosen"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LC_MESSAGES": "pt_PT.UTF-8", "LANG": "de_DE.UTF-8"}, "pt"),
    ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL overrides, as libc reads it
    ({"GAMENIGHT_LANG": "pt", "LC_ALL": "de_DE.UTF-8"}, "pt"),
    ({"GAMENIGHT_LANG": "fr", "LANG": "de_DE.UTF-8"}, "de"),  # ours not spoken: the locale's
    ({"GAMENIGHT_LANG": "", "LANG": "pt_BR"}, "pt"),
])
def test_the_terminal_s_language_comes_from_its_environment(environ: dict[str, str],
                                                             chosen: str) -> None:
    assert from_environment(environ) == chosen


def test_a_language_asked_by_name_must_be_spoken() -> None:
    assert language("de-CH") == "de"
    with pytest.raises(UnknownLanguageError, match=r"choose en \(English\), de \(Deutsch\) "
                                                   r"or pt \(Português\)"):
        language("xx")
