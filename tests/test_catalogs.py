"""The catalogs hold every text the code marks, translated (docs/languages.md).

Each text the Python code and the browser's files mark for translation is extracted as
``python -m gamenight.i18n.extract`` extracts it (Babel, ``babel.cfg``), and each
language's catalog must translate it: not empty, not fuzzy, its placeholders (``{name}``,
``%s``) and its terminal markup (``[b]``) kept as they are, and nothing in a catalog that
the code no longer says.  Every game's how-to-play page is written in every language,
and every lesson's words are translated in the game's ``lessons.po``.

A failure names what is missing; ``python -m gamenight.i18n.extract`` brings the
catalogs up to date with the code (new texts untranslated), and a translator fills them in.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from gamenight import lessons
from gamenight.games import GAMES
from gamenight.i18n import DEFAULT, LANGUAGES
from gamenight.i18n.catalogs import GAME_DOMAIN, LOCALE, game_package, read_catalog
from gamenight.i18n.extract import definition_texts, extract_all

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != DEFAULT]
DOMAINS = ("gamenight", "web")
#: What a translation must keep as it is: placeholders and the terminal's markup.
KEPT = re.compile(r"\{\w*\}|%(?:\(\w+\))?[sdr]|\[/?\w+\]")


@cache
def extracted_all() -> tuple[dict[str, Catalog], dict[str, Catalog]]:
    return extract_all(ROOT)


def extracted() -> dict[str, Catalog]:
    return extracted_all()[0]


def extracted_games() -> dict[str, Catalog]:
    return extracted_all()[1]


def ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id for message in catalog if message.id}


def kept(text: str) -> list[str]:
    return sorted(KEPT.findall(text))


def problems(message: Message) -> list[str]:
    """What is wrong with ``message``'s translation, in words."""
    if message.fuzzy:
        return ["fuzzy"]
    singular = message.id[0] if isinstance(message.id, tuple) else message.id
    plural = message.id[1] if isinstance(message.id, tuple) else message.id
    forms = list(message.string) if isinstance(message.string, tuple) else [message.string]
    found = []
    if not forms or not all(forms):
        found.append("untranslated")
    for index, form in enumerate(forms):
        english = singular if index == 0 else plural
        # A plural's forms name {n}; an English singular may say "1" instead, so only
        # the named placeholders of the form it translates are held to it.
        if form and kept(form) != kept(english):
            found.append(f"form {index} keeps {kept(form)}, not {kept(english)}")
    return found


def test_the_code_marks_texts_in_both_domains() -> None:
    """The extraction finds the texts (a broken babel.cfg would find none, and every
    catalog would then be 'complete')."""
    assert len(ids(extracted()["web"])) > 100
    assert len(ids(extracted()["gamenight"])) > 30
    assert "Take a seat" in ids(extracted()["web"])  # a page's data-i18n text
    assert "Your turn." in ids(extracted()["web"])  # a script's t("...")
    assert "How to play {game}" in ids(extracted()["gamenight"])  # the terminal's _()


def held_to(catalog: Catalog | None, wanted: set[str | tuple[str, ...]], name: str) -> None:
    """``catalog`` translates each of ``wanted``, rightly, and holds nothing else."""
    assert catalog is not None, f"no {name}"
    held = ids(catalog)
    missing = sorted(map(str, wanted - held))
    stale = sorted(map(str, held - wanted))
    wrong = {str(message.id): problems(message) for message in catalog
             if message.id in wanted and problems(message)}
    assert not missing, f"{name} lacks {missing} (python -m gamenight.i18n.extract adds them)"
    assert not stale, f"{name} holds texts the code no longer says: {stale}"
    assert not wrong, f"{name}: {wrong}"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_text_is_translated(language: str, domain: str) -> None:
    catalog = read_catalog(LOCALE, language, domain)
    assert catalog is not None, f"no {language}/LC_MESSAGES/{domain}.po"
    wanted = ids(extracted()[domain])
    held = ids(catalog)
    missing = sorted(map(str, wanted - held))
    stale = sorted(map(str, held - wanted))
    wrong = {str(message.id): problems(message) for message in catalog
             if message.id in wanted and problems(message)}
    assert not missing, (f"{language} {domain}.po lacks {missing} "
                         "(python -m gamenight.i18n.extract adds them)")
    assert not stale, f"{language} {domain}.po holds texts the code no longer says: {stale}"
    assert not wrong, f"{language} {domain}.po: {wrong}"


def test_a_games_texts_go_to_its_own_catalog() -> None:
    """What a game's table, screen and definition say is in the game's catalog, not in
    gamenight's own: a game's words live in its package."""
    games = extracted_games()
    assert sorted(games) == sorted(GAMES)
    for game_id, template in games.items():
        own = ids(template)
        game = GAMES[game_id]
        assert {text for text, _ in definition_texts(game)} <= own, game_id
        # No game's table or screen text went to gamenight's own catalogs.
        paths = {path for catalog in extracted().values() for message in catalog
                 for path, _ in message.locations}
        assert not any(path.endswith(f"js/tables/{game_id}.js") for path in paths), game_id
        # Its table's texts and its screen's are there (each marks more than a few).
        paths = {path for message in template for path, _ in message.locations}
        assert any(path.endswith(f"js/tables/{game_id}.js") for path in paths), game_id
        assert any(path.endswith("screen.py") for path in paths), game_id


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_of_a_game_is_translated(game_id: str, language: str) -> None:
    """A game's own catalog (``locale/<lang>/LC_MESSAGES/game.po`` in its package):
    everything its table, its screen, its words module and its definition say."""
    folder = lessons.package(GAMES[game_id]) / "locale"
    assert str(folder).startswith(str(ROOT / "src")), game_package(GAMES[game_id])
    held_to(read_catalog(folder, language, GAME_DOMAIN), ids(extracted_games()[game_id]),
            f"{game_id} {language} {GAME_DOMAIN}.po")


def test_a_page_text_is_what_the_page_shows() -> None:
    """The pages' texts are extracted with their whitespace collapsed, as the browser
    reads an element's text (js/i18n.js): a line break inside one is one space."""
    web = ids(extracted()["web"])
    assert ("Leave it empty to watch a table of bots, or to run the room for others."
            in web)
    assert not any(isinstance(text, str) and ("\n" in text or "  " in text) for text in web
                   if text not in ids(extracted()["gamenight"]))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_game_has_its_how_to_play_page_in_each_language(game_id: str,
                                                               language: str) -> None:
    game = GAMES[game_id]
    assert language in game.howto_languages(), (
        f"{game_id} has no howto.{language}.md")
    english, translated = game.howto_text(), game.howto_text(language)
    assert translated != english
    # The same page: its headings at the same levels, in the same order.
    levels = [line.split(" ")[0] for line in english.splitlines() if line.startswith("#")]
    assert [line.split(" ")[0] for line in translated.splitlines()
            if line.startswith("#")] == levels


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_lesson_is_translated(game_id: str, language: str) -> None:
    game = GAMES[game_id]
    words = {text for each in lessons.lessons(game)
             for text in (each.title, each.shows, each.task)}
    if not words:
        pytest.skip(f"{game_id} has no lessons")
    catalog = read_catalog(lessons.package(game) / "locale", language, lessons.DOMAIN)
    assert catalog is not None, f"{game_id} has no locale/{language}/LC_MESSAGES/lessons.po"
    held = ids(catalog)
    missing = sorted(words - held)
    stale = sorted(map(str, held - words))
    wrong = {str(message.id): problems(message) for message in catalog
             if message.id in words and problems(message)}
    assert not missing, f"{game_id} {language} lessons.po lacks {missing}"
    assert not stale, f"{game_id} {language} lessons.po holds words no lesson has: {stale}"
    assert not wrong, f"{game_id} {language} lessons.po: {wrong}"
    # And the lessons read in the language: the catalog is the one lessons() uses.
    translated = lessons.lessons(game, language)
    assert [each.name for each in translated] == [each.name for each in lessons.lessons(game)]
    english = {each.shows for each in lessons.lessons(game)}
    assert all(each.shows not in english for each in translated)
