"""The dictionary Fluster's words are checked against, loaded once per source.

The packaged list is Hunspell's ``en_US`` dictionary as shipped by the ``spylls`` package
(SCOWL-based, the list LibreOffice and Firefox spell-check English with): its stems are
expanded with the affix rules it comes with, so plurals and inflections are words too
(CATS, RAN, BAKED, BOXES).  Then, because the rulebook's words are ordinary words:

* only lower-case a-z forms are kept (Hunspell writes proper nouns and acronyms with
  capitals: Paris, TV, USA);
* forms without a vowel (a, e, i, o, u, y) are dropped: they are abbreviations and units
  (kg, std, cwt) -- and the few vowelless interjections (hmm, shh) go with them;
* Roman numerals that Hunspell lists as bare stems (ii, xiv, lxix) are dropped;
* the stems Hunspell itself marks never to be suggested (its NOSUGGEST flag: profanity and
  some slurs) are dropped, with their forms: a party game's own list keeps the courtesy a
  spell checker keeps.  Players who want them pass their own list.

Only lengths 2 to 5 matter (a block is five squares wide); single letters score by the
rulebook's own rule (A and I), never by the list.  A player's own list (the ``dictionary``
option, ``--dictionary FILE``) is one word a line, matched without regard to case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from gamenight.engine import OptionError

#: The longest run a block can hold, and the shortest that the list decides.
LONGEST = 5
SHORTEST = 2
#: "The letters A and I may be counted as 1-letter words provided they are isolated by Blanks."
ONE_LETTER_WORDS: frozenset[str] = frozenset({"A", "I"})

_LOWER = re.compile(r"[a-z]+")
_VOWEL = re.compile(r"[aeiouy]")
_ROMAN = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
PACKAGED = "Hunspell en_US (spylls package), expanded and filtered"


@dataclass(frozen=True, slots=True, eq=False)
class Dictionary:
    """The words of lengths 2-5 (upper case), and where they came from."""

    source: str
    words: frozenset[str]
    #: What a run of letters must be to score: a listed word, or A or I alone.
    scoring: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scoring", self.words | ONE_LETTER_WORDS)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.scoring

    def __len__(self) -> int:
        return len(self.words)

    def __deepcopy__(self, memo: dict[int, object]) -> Dictionary:
        return self  # immutable: a cloned game shares its list (cloning stays cheap)


def keep(forms: Iterable[str]) -> frozenset[str]:
    """The forms of length 2-5 made only of letters, upper-cased."""
    return frozenset(
        w.upper() for w in forms if SHORTEST <= len(w) <= LONGEST and w.isascii() and w.isalpha()
    )


def hunspell_words() -> set[str]:
    """Every lower-case form the packaged Hunspell dictionary accepts, up to 5 letters:
    each stem, with each suffix and each prefix its flags allow (and both together where
    both allow the cross product)."""
    from importlib.resources import as_file, files

    from spylls.hunspell import Dictionary as Hunspell  # type: ignore[import-untyped]

    base = files("spylls.hunspell") / "data" / "en"
    with as_file(base) as folder:
        hun = Hunspell.from_files(str(Path(folder) / "en_US"))
    aff, dic = hun.aff, hun.dic
    out: set[str] = set()
    for word in dic.words:
        stem: str = word.stem
        if not _LOWER.fullmatch(stem) or len(stem) > LONGEST + 3:
            continue
        if not word.flags and _ROMAN.fullmatch(stem):
            continue  # a bare numeral (xiv), not a word
        if aff.NOSUGGEST and aff.NOSUGGEST in word.flags:
            continue  # a word Hunspell will never suggest (profanity, slurs)
        suffixed = [stem]
        for flag in word.flags:
            for sfx in aff.SFX.get(flag, ()):
                if stem.endswith(sfx.strip) and sfx.cond_regexp.search(stem):
                    form = stem[: len(stem) - len(sfx.strip)] + sfx.add
                    suffixed.append(form)
                    if sfx.crossproduct:
                        suffixed.extend(_prefixed(aff, word.flags, form, cross=True))
        out.update(suffixed)
        out.update(_prefixed(aff, word.flags, stem, cross=False))
    return {w for w in out if len(w) <= LONGEST and _LOWER.fullmatch(w) and _VOWEL.search(w)}


def _prefixed(aff: object, flags: Iterable[str], stem: str, *, cross: bool) -> list[str]:
    forms = []
    for flag in flags:
        for pfx in aff.PFX.get(flag, ()):  # type: ignore[attr-defined]
            if cross and not pfx.crossproduct:
                continue
            if stem.startswith(pfx.strip) and pfx.cond_regexp.search(stem):
                forms.append(pfx.add + stem[len(pfx.strip):])
    return forms


@lru_cache(maxsize=8)
def load(path: str = "") -> Dictionary:
    """The dictionary from ``path`` (one word a line), or the packaged one for "".

    Cached: thousands of games in one process read a list once.  A missing, unreadable
    or wordless file is an OptionError naming the file.
    """
    if not path:
        return Dictionary(PACKAGED, keep(hunspell_words()))
    file = Path(path).expanduser()
    try:
        # utf-8-sig: a byte order mark (as Windows editors write) is not part of a word.
        text = file.read_text(encoding="utf-8-sig", errors="replace")
    except OSError as exc:
        raise OptionError(f"option dictionary: cannot read {path}: "
                          f"{exc.strerror or exc}") from None
    words = keep(line.strip() for line in text.splitlines())
    if not words:
        raise OptionError(f"option dictionary: {path} holds no word of 2 to 5 letters "
                          "(one word a line)")
    return Dictionary(str(file), words)
