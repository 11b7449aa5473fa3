"""A person's name is counted as a person counts characters (grapheme clusters): an emoji
joined of several code points is one character and a name, and what could hide or
disguise a name is refused in words that say why."""

from __future__ import annotations

import re

import pytest

from gamenight.names import NAME_CHARS, characters, clean_name, cut

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # one character
ACCEPTED = {
    "\U0001f469\u200d\U0001f4bb Sam": 5,  # woman technologist: a zero-width joiner inside
    "\U0001f3f3\ufe0f\u200d\U0001f308": 1,  # rainbow flag: a variation selector and a joiner
    FAMILY: 1,
    # Scotland's flag: a black flag and tag characters.
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Ann": 5,
    "Zoe\u0308 Ng": 6,  # an accent that combines with its letter
    FAMILY * NAME_CHARS: NAME_CHARS,
}
REFUSED = {
    FAMILY * (NAME_CHARS + 1): "at most 24 characters, not 25",
    "a" * (NAME_CHARS + 1): "at most 24 characters, not 25",
    "   ": "empty or only spaces",
    "": "empty or only spaces",
    "zero\u200bwidth": "U+200B (ZERO WIDTH SPACE)",
    "\u202egnp.exe": "U+202E (RIGHT-TO-LEFT OVERRIDE)",
    "bell\x07": "U+0007 (a control character)",
    "soft\u00adhyphen": "U+00AD (SOFT HYPHEN)",
    "\u200d": "must show a letter, a digit or a symbol",
    "private\ue000": "U+E000 (a private-use character)",
}


@pytest.mark.parametrize(("name", "count"), ACCEPTED.items())
def test_names_people_write_are_names_counted_as_they_see_them(name: str, count: int) -> None:
    assert clean_name(name) == name
    assert len(characters(name)) == count


def test_white_space_runs_become_one_space() -> None:
    assert clean_name("  Ann \t  Lee\n") == "Ann Lee"
    assert clean_name("Ann\u2028Lee") == "Ann Lee"  # a line separator is white space


@pytest.mark.parametrize(("name", "why"), REFUSED.items())
def test_what_is_no_name_is_refused_saying_why(name: str, why: str) -> None:
    with pytest.raises(ValueError, match=re.escape(why)):
        clean_name(name)


def test_a_name_cut_to_length_never_splits_a_character() -> None:
    assert cut(FAMILY * 30) == FAMILY * NAME_CHARS
    assert cut("\U0001f469\u200d\U0001f4bb" * 3, 2) == "\U0001f469\u200d\U0001f4bb" * 2
