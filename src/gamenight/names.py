"""A person's name, as a table shows it to everyone: read once, in one place.

A name is measured in what a person sees as characters, grapheme clusters (Unicode
UAX #29, through the ``regex`` library's ``\\X``): "👩‍💻 Sam" is 5 of them, a family emoji
one, though Python counts 9 and 7 code points.  What joins an emoji sequence (the
zero-width joiner, a variation selector, the tag characters of a subdivision flag) is
part of its character; what could hide or disguise a name is refused: control
characters, the other format characters (a right-to-left override, a zero-width space, a
soft hyphen), private-use and unassigned code points.  A name must show something (a
letter, a digit, a mark of punctuation or a symbol); runs of white space (line and
paragraph separators too) become one space.
"""

from __future__ import annotations

import unicodedata

import regex

#: The most characters (grapheme clusters) a name may have: it fits a seat's badge.
NAME_CHARS = 24
#: The most code points a name may have: 24 characters of the longest emoji sequences
#: (a family of four is 7 code points; a subdivision flag 7), a bound on the work of
#: reading one.
NAME_CODE_POINTS = 8 * NAME_CHARS

#: The format characters a name may hold: they join an emoji sequence into one character.
_JOINERS = frozenset({"\u200d"} | {chr(c) for c in range(0xE0020, 0xE0080)})
#: Unicode categories never in a name: controls, surrogates, private use, unassigned,
#: format characters but the joiners above (line and paragraph separators are white
#: space, made one space before this is asked).
_REFUSED = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp", "Cf"})
#: Categories that show: a name holds at least one character of them.
_SHOWN = ("L", "N", "P", "S")
_CHARACTER = regex.compile(r"\X")


def characters(text: str) -> list[str]:
    """``text`` as a person counts its characters (grapheme clusters)."""
    found: list[str] = _CHARACTER.findall(text)
    return found


def clean_name(text: str, limit: int = NAME_CHARS) -> str:
    """``text`` as a name: white space runs made one space, trimmed; ValueError saying
    what is wrong with it, in a person's words, if it is no name."""
    if len(text) > max(limit, 1) * 8:
        raise ValueError(f"a name is at most {limit} characters")
    name = " ".join(text.split())
    if not name:
        raise ValueError("a name cannot be empty or only spaces")
    for char in name:
        if unicodedata.category(char) in _REFUSED and char not in _JOINERS:
            raise ValueError(f"a name cannot hold {_named(char)}: it does not show, or "
                             "changes how the text around it shows")
    if not any(unicodedata.category(char).startswith(_SHOWN) for char in name):
        raise ValueError("a name must show a letter, a digit or a symbol")
    count = len(characters(name))
    if count > limit:
        raise ValueError(f"a name is at most {limit} characters, not {count}")
    return name


def cut(text: str, limit: int = NAME_CHARS) -> str:
    """``text`` cut to ``limit`` characters, never inside one (an emoji stays whole)."""
    return "".join(characters(text)[:limit])


#: What a character without a Unicode name is, by its category.
_KINDS = {"Cc": "a control character", "Co": "a private-use character",
          "Cn": "an unassigned code point", "Cs": "a surrogate"}


def _named(char: str) -> str:
    """A character as a message names it: U+202E (RIGHT-TO-LEFT OVERRIDE), U+0007 (a
    control character)."""
    kind = unicodedata.name(char, "") or _KINDS.get(unicodedata.category(char), "unnamed")
    return f"U+{ord(char):04X} ({kind})"
