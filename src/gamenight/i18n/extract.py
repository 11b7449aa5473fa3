"""Extracting the texts to translate, and bringing the catalogs up to date.

``python -m gamenight.i18n.extract`` (from the repository's root) reads ``babel.cfg``,
extracts every marked text with Babel and updates each language's catalog from them
(``src/gamenight/locale/<lang>/LC_MESSAGES/<domain>.po``, and each game's
``<its package>/locale/<lang>/LC_MESSAGES/game.po``):
new texts come in untranslated, texts no longer in the code are dropped, changed ones
are kept as fuzzy for a translator to look at.  ``tests/test_catalogs.py`` holds the
catalogs to the code: every extracted text translated, nothing stale.

What marks a text:

- Python: ``_("...")``, ``N_("...")`` (a constant, translated where shown),
  ``ngettext("...", "...", n)``;
- the browser's scripts: ``t("...")`` and ``tn("...", "...", n)`` (``js/i18n.js``);
- the pages (``static/*.html``): ``data-i18n`` on an element whose text is the message,
  and ``data-i18n-attr="title aria-label"`` naming attributes whose values are messages
  (:func:`extract_html`; Babel has no HTML extractor of its own).

Placeholders are ``{name}`` in both languages' code, left as they are in a translation.

Where a text goes is decided by its file: a file in a game's package (its screen, its
``terms`` module of the game's own words) and that game's browser table
(``web/static/js/tables/<game-id>.js``) go to the game's catalog (``game``); the rest of
the browser's files to ``web``, the rest of the Python code to ``gamenight``.  A game's
catalog also holds what its definition says to a person: its blurb, its options' labels
and help, its end reasons (:func:`definition_texts`), so they need no marking in its rules.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Collection, Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any, Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from gamenight.i18n.catalogs import GAME_DOMAIN, PYTHON_DOMAIN, WEB_DOMAIN, game_package
from gamenight.i18n.languages import CATALOG_LOCALES, DEFAULT, LANGUAGES

#: The marking functions of the Python code and of the browser's files, as Babel's
#: keyword specs (apart: a Python ``t`` is just a name).
PYTHON_KEYWORDS: Final[Mapping[str, Any]] = {
    "_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
WEB_KEYWORDS: Final[Mapping[str, Any]] = {"t": None, "tn": (1, 2)}
#: The folder, under the source tree, that holds the browser's files: its texts are the
#: ``web`` domain's, every other file's the ``gamenight`` domain's.
WEB_FOLDER: Final = "src/gamenight/web/static/"
#: Where the catalogs live, from the repository's root.
LOCALE_FOLDER: Final = Path("src/gamenight/locale")

# Extracted line by line: (lineno, funcname, message, comments), as Babel's extractors.
Extracted = tuple[int, str | None, str | tuple[str, ...], list[str]]


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _Marked(HTMLParser):
    """Collects the texts of a page's marked elements and attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []  # marked elements being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attr") or "").split():
            text = values.get(name)
            if text:
                self.found.append((line, _collapse(text)))
        if "data-i18n" in values:
            self._open.append((tag, line, []))
        elif self._open and tag not in ("br", "img", "input", "meta", "link"):
            # A marked element's text is a leaf's: markup inside would be lost.
            raise ValueError(f"line {line}: <{tag}> inside an element marked data-i18n")

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line, parts = self._open.pop()
            text = _collapse("".join(parts))
            if text:
                self.found.append((line, text))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)


def extract_html(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's extractor for the pages: the text of each element marked ``data-i18n``,
    whitespace collapsed as the page shows it, and each attribute ``data-i18n-attr``
    names.  ``js/i18n.js`` translates the same texts in the page."""
    parser = _Marked()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, text in parser.found:
        yield line, None, text, []


def game_folders(root: Path) -> dict[str, Path]:
    """Each registered game's package folder under ``root``, by game id (a game whose
    package is not under ``root`` has no catalog kept here)."""
    from importlib.resources import files

    from gamenight.games import GAMES

    found = {}
    for game_id, game in GAMES.items():
        folder = Path(str(files(game_package(game)))).resolve()
        if folder.is_relative_to(root.resolve()):
            found[game_id] = folder.relative_to(root.resolve())
    return found


def definition_texts(game: Any) -> Iterator[tuple[str, str]]:
    """What a game's definition says to a person, each with a word to its translator: its
    blurb, each option's label (as the lobby shows it) and help, each end reason."""
    if game.blurb:
        yield game.blurb, "The game in a line, in the lobby."
    for option in game.options:
        yield option.label or option.name.replace("_", " "), f"Option {option.name}'s label."
        yield option.help, f"Option {option.name}'s help."
    for reason, text in game.end_reasons.items():
        yield text, f"Why a game ends ({reason})."


def _owner(path: str, games: Mapping[str, Path]) -> str | None:
    """The game whose catalog the text in ``path`` (from the root) goes to, if any."""
    for game_id, folder in games.items():
        table = f"{WEB_FOLDER}js/tables/{game_id}.js"
        if path.startswith(folder.as_posix() + "/") or path == table:
            return game_id
    return None


def extract_all(root: Path) -> tuple[dict[str, Catalog], dict[str, Catalog]]:
    """The templates of gamenight's own domains, and of each game's catalog by game id:
    every marked text under ``root`` (the repository), as ``babel.cfg`` maps its files
    and as each file's place gives its catalog (this module's docstring)."""
    from gamenight.games import GAMES

    with (root / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config, "babel.cfg")  # type: ignore[no-untyped-call]
    games = game_folders(root)
    templates = {}
    per_game = {game_id: Catalog(domain=GAME_DOMAIN, project=GAMES[game_id].title, fuzzy=False)
                for game_id in games}
    for domain, keywords in ((PYTHON_DOMAIN, PYTHON_KEYWORDS), (WEB_DOMAIN, WEB_KEYWORDS)):
        # The browser's files are all under WEB_FOLDER, and no Python file is there.
        mine = [(pattern, method) for pattern, method in method_map
                if pattern.startswith(WEB_FOLDER) == (domain == WEB_DOMAIN)]
        template = templates[domain] = Catalog(domain=domain, project="gamenight", fuzzy=False)
        for path, line, message, comments, context in extract_from_dir(
                str(root), mine, options_map, keywords=dict(keywords),
                comment_tags=("Translators:",), strip_comment_tags=True):
            owner = _owner(path, games)
            target = template if owner is None else per_game[owner]
            target.add(message, None, [(path, line)], auto_comments=comments, context=context)
    for game_id, catalog in per_game.items():
        where = (games[game_id] / "__init__.py").as_posix()
        for text, note in definition_texts(GAMES[game_id]):
            catalog.add(text, None, [(where, 0)], auto_comments=[note])
    return templates, per_game


def extract(root: Path) -> dict[str, Catalog]:
    """The templates of gamenight's own domains (``gamenight``, ``web``)."""
    return extract_all(root)[0]


def update(root: Path) -> list[Path]:
    """Updates every language's catalogs from the code's texts; the files written.  (No
    ``.pot`` template is kept: it would be one more file to fall behind the code.)"""
    written = []
    own, per_game = extract_all(root)
    folders = game_folders(root)
    targets = [(LOCALE_FOLDER, domain, template) for domain, template in own.items()]
    targets += [(folders[game_id] / "locale", GAME_DOMAIN, template)
                for game_id, template in per_game.items()]
    for folder, domain, template in targets:
        for code in LANGUAGES:
            if code == DEFAULT:
                continue
            po = root / folder / code / "LC_MESSAGES" / f"{domain}.po"
            locale = CATALOG_LOCALES.get(code, code)
            if po.is_file():
                with po.open("rb") as source:
                    catalog = read_po(source, locale=locale, domain=domain)
            else:
                po.parent.mkdir(parents=True, exist_ok=True)
                catalog = Catalog(locale=locale, domain=domain, project=template.project,
                                  copyright_holder="the gamenight developers", fuzzy=False)
            # (The header, whose creation date every extraction renews, is no message.)
            before = {message.id: (message.string, message.fuzzy)
                      for message in catalog if message.id}
            catalog.update(template, no_fuzzy_matching=False)
            if {message.id: (message.string, message.fuzzy)
                    for message in catalog if message.id} == before:
                continue  # nothing new: the file (and its dates) as it was
            catalog.obsolete.clear()  # a text gone from the code is gone from the catalog
            with po.open("wb") as out:
                write_po(out, catalog, width=96, sort_output=True, include_previous=True,
                         include_lineno=False)
            written.append(po)
    return written


def main(argv: list[str] | None = None) -> int:
    root = Path(argv[0] if argv else ".")
    for path in update(root):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
