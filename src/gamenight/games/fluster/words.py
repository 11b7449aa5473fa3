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
  spell checker keeps.  Players who want them pass their own list;
* a bare stem (one no affix turns into another form: ETC and QTY, but also ABOUT and BEGAN)
  stays only where a second source confirms it is a word, and the project's short list of
  abbreviations and slurs that the sources let through is left out (:mod:`word_filter`).

Only lengths 2 to 5 matter (a block is five squares wide); single letters score by the
rulebook's own rule (A and I), never by the list.  A player's own list (``--dictionary
FILE``) is one word a line, matched without regard to case.

The ``dictionary`` option names a list, never a path: "" is the packaged list, and
``sha256:<hex>`` is the list whose words hash so (:attr:`Dictionary.name`).  A list from
a file is read by :func:`use_file` (which the command line calls for ``--dictionary``),
kept in this process's registry of lists under its name, and the game finds it there by
:func:`lookup`.  So a record, which carries the option, can name the list it was played
with exactly, and replaying it never opens a file the record chose: it can only use a
list the person replaying it loaded.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from gamenight.engine import OptionError
from gamenight.files import FileRefusedError, read_regular_file

#: The longest run a block can hold, and the shortest that the list decides.
LONGEST = 5
SHORTEST = 2
#: "The letters A and I may be counted as 1-letter words provided they are isolated by Blanks."
ONE_LETTER_WORDS: frozenset[str] = frozenset({"A", "I"})

_LOWER = re.compile(r"[a-z]+")
_VOWEL = re.compile(r"[aeiouy]")
_ROMAN = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
PACKAGED = "Hunspell en_US (spylls package), expanded and filtered"
#: The packaged list's name (its hash).  The list is part of Fluster's rules (it decides
#: every score), so a change to it -- a new filter, or new data in a dependency -- fails
#: the test that pins this, and goes with a new ``Fluster.rules_version``: records of the
#: old rules then fail clearly ("made under rules version 1") instead of replaying to a
#: different result.
PACKAGED_NAME = "sha256:cdd2862307b75d98b0c8c76d7708255add32a9e1a9e09d1e9df4fce41d396cf7"
#: Earlier packaged lists, by name: the rules version that scored with each.  No longer
#: shipped; a name of one is refused with a message that says so.
FORMER_PACKAGED = {
    "sha256:263afa304ccc7d96c62619438032b7411532018caeace489d6175c4c94c5bb29":
        "Fluster rules version 1 (before abbreviations and slurs were left out)",
}
#: The largest word-list file read.  The largest English lists (SCOWL's, every form of
#: every word) are a few MB; a file far larger is not a word list.
FILE_LIMIT = 16 * 1024 * 1024
_NAME = re.compile(r"sha256:[0-9a-f]{64}")


@dataclass(frozen=True, slots=True, eq=False)
class Dictionary:
    """The words of lengths 2-5 (upper case), and where they came from."""

    source: str
    words: frozenset[str]
    #: What a run of letters must be to score: a listed word, or A or I alone.
    scoring: frozenset[str] = field(init=False)
    #: The list's name by content: ``sha256:`` and the hex SHA-256 of its words sorted,
    #: each followed by a newline (ASCII).  Two files with the same words in another
    #: order or case, or with other lines the game ignores, are the same list.
    name: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scoring", self.words | ONE_LETTER_WORDS)
        text = "".join(f"{w}\n" for w in sorted(self.words))
        object.__setattr__(self, "name",
                           "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest())

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
    """Every lower-case form the packaged Hunspell dictionary accepts, up to 5 letters
    (see :func:`hunspell_forms`)."""
    return hunspell_forms()[0]


def hunspell_forms() -> tuple[set[str], set[str]]:
    """Every lower-case form the packaged Hunspell dictionary accepts, up to 5 letters:
    each stem, with each suffix and each prefix its flags allow (and both together where
    both allow the cross product); and of those, the bare stems: stems that no affix turns
    into another form, and that are no affixed form of another stem (ETC, ABOUT, BEGAN),
    which :mod:`word_filter` asks a second source about."""
    from importlib.resources import as_file, files

    from spylls.hunspell import Dictionary as Hunspell  # type: ignore[import-untyped]

    base = files("spylls.hunspell") / "data" / "en"
    with as_file(base) as folder:
        hun = Hunspell.from_files(str(Path(folder) / "en_US"))
    aff, dic = hun.aff, hun.dic
    out: set[str] = set()
    stems: set[str] = set()
    affixed: set[str] = set()  # forms an affix made, and the stems that took one
    for word in dic.words:
        stem: str = word.stem
        if not _LOWER.fullmatch(stem) or len(stem) > LONGEST + 3:
            continue
        if not word.flags and _ROMAN.fullmatch(stem):
            continue  # a bare numeral (xiv), not a word
        if aff.NOSUGGEST and aff.NOSUGGEST in word.flags:
            continue  # a word Hunspell will never suggest (profanity, slurs)
        made: list[str] = []
        for flag in word.flags:
            for sfx in aff.SFX.get(flag, ()):
                if stem.endswith(sfx.strip) and sfx.cond_regexp.search(stem):
                    form = stem[: len(stem) - len(sfx.strip)] + sfx.add
                    made.append(form)
                    if sfx.crossproduct:
                        made.extend(_prefixed(aff, word.flags, form, cross=True))
        made.extend(_prefixed(aff, word.flags, stem, cross=False))
        stems.add(stem)
        out.add(stem)
        out.update(made)
        # Only forms the game keeps count: the possessive (cat's) is no form here, so a
        # stem whose one flag is the possessive is as bare as one with no flag.
        made = [m for m in made if m != stem and _LOWER.fullmatch(m)]
        if made:
            affixed.add(stem)
            affixed.update(made)
    forms = {w for w in out if len(w) <= LONGEST and _LOWER.fullmatch(w) and _VOWEL.search(w)}
    return forms, (stems - affixed) & forms


def _prefixed(aff: object, flags: Iterable[str], stem: str, *, cross: bool) -> list[str]:
    forms = []
    for flag in flags:
        for pfx in aff.PFX.get(flag, ()):  # type: ignore[attr-defined]
            if cross and not pfx.crossproduct:
                continue
            if stem.startswith(pfx.strip) and pfx.cond_regexp.search(stem):
                forms.append(pfx.add + stem[len(pfx.strip):])
    return forms


@lru_cache(maxsize=1)
def packaged() -> Dictionary:
    """The packaged list (built once per process): Hunspell's forms, less the bare stems
    no second source confirms and the project's exclusions (:mod:`word_filter`)."""
    from gamenight.games.fluster.word_filter import apply

    return Dictionary(PACKAGED, keep(apply(*hunspell_forms()).kept))


def read_file(path: str | Path) -> Dictionary:
    """The word list in the file at ``path``, one word a line.

    Only a regular file of at most :data:`FILE_LIMIT` bytes is read (a folder, a named
    pipe or a device is refused without waiting on it).  A missing, unreadable or
    wordless file is an OptionError naming the file.
    """
    file = Path(path).expanduser()
    try:
        raw = read_regular_file(file, FILE_LIMIT)
    except FileRefusedError as exc:
        raise OptionError(f"option dictionary: cannot read {path}: {exc}") from None
    # utf-8-sig: a byte order mark (as Windows editors write) is not part of a word.
    text = raw.decode("utf-8-sig", errors="replace")
    words = keep(line.strip() for line in text.splitlines())
    if not words:
        raise OptionError(f"option dictionary: {path} holds no word of 2 to 5 letters "
                          "(one word a line)")
    return Dictionary(str(file), words)


def load(path: str | Path = "") -> Dictionary:
    """The dictionary from the file at ``path``, or the packaged one for ""."""
    return packaged() if not str(path) else read_file(path)


#: The lists this process has loaded, by name: the only ones a game can be given.
_LOADED: dict[str, Dictionary] = {}


def register(words: Dictionary) -> str:
    """Make ``words`` available to games in this process; its name, for the option."""
    _LOADED.setdefault(words.name, words)
    return words.name


def use_file(path: str | Path) -> str:
    """Read the word list at ``path`` and register it: the ``dictionary`` option's value
    that plays with it (OptionError if the file is not a readable word list)."""
    return register(read_file(path))


def lookup(name: str) -> Dictionary:
    """The list the ``dictionary`` option names: "" for the packaged list, else a name
    ``sha256:<hex>`` of a list this process loaded (or of the packaged list).  Never a
    path: OptionError for anything else, and for a name no loaded list has."""
    if not isinstance(name, str):
        raise OptionError(f"option dictionary is a name, not {name!r}")
    if name == "":
        return packaged()
    if not _NAME.fullmatch(name):
        shown = name if len(name) <= 80 else name[:77] + "..."
        raise OptionError(
            f"option dictionary names a word list by its content hash ('sha256:' and 64 "
            f"hex digits), or is empty for the packaged list, not {shown!r}; to play with "
            f"your own list give its file with --dictionary FILE")
    found = _LOADED.get(name)
    if found is not None:
        return found
    if name == packaged().name:
        return packaged()
    if name in FORMER_PACKAGED:
        raise OptionError(f"option dictionary: {name} is the packaged list of "
                          f"{FORMER_PACKAGED[name]}, which this gamenight no longer ships; "
                          "to play with it, give its file with --dictionary FILE")
    raise OptionError(f"option dictionary: no word list with hash {name} is loaded; give "
                      "its file with --dictionary FILE")

