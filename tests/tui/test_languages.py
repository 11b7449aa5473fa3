"""The terminal in the language chosen (docs/languages.md): ``--lang``, else the
environment (``GAMENIGHT_LANG``, then the locale's ``LC_ALL``, ``LC_MESSAGES``, ``LANG``).

The screens are driven by Textual's Pilot with the process's language set as ``gamenight
play --lang pt`` sets it (``gamenight.i18n.use``); the command line is run as a person
runs it, in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gamenight import i18n
from gamenight.games import get_game
from gamenight.tui.app import build_app
from gamenight.tui.help import HowToPlay
from tests.tui.pilot import NO_PAUSE, shown, until

GAME = get_game("fly")


def squeezed(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.usefixtures("portuguese")
async def test_the_table_s_keys_and_how_to_play_are_in_portuguese() -> None:
    app = build_app(GAME.id, 3, [], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.table_screen and len(app.state.history) > 0)
        hint = squeezed(shown(app.screen, "#message"))
        assert "? ou F1: como jogar" in hint and "Ctrl+C sai" in hint
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HowToPlay))
        assert app.screen.query_one("#howto").border_title == f"Como jogar {GAME.title}"
        page = squeezed(shown(app.screen, "#howto-text"))
        # The Portuguese page (its first paragraph), not the English one.
        first = squeezed(GAME.howto_text("pt").split("\n\n")[1]).replace("**", "")
        assert first[:40] in page
        assert "voltar à mesa" in shown(app.screen, "#howto-keys")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.table_screen)


async def test_english_is_spoken_when_nothing_else_is_asked() -> None:
    assert i18n.current() == "en"
    app = build_app(GAME.id, 3, [], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.table_screen and len(app.state.history) > 0)
        assert "? or F1: how to play" in squeezed(shown(app.screen, "#message"))


# -- the command line ------------------------------------------------------------------------
def gamenight(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items()
             if key not in ("GAMENIGHT_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    return subprocess.run([sys.executable, "-m", "gamenight.cli", *args], capture_output=True,
                          text=True, env={**clean, "PYTHONIOENCODING": "utf-8", **(env or {})},
                          timeout=60, check=False)


def test_play_s_help_documents_lang() -> None:
    done = gamenight("play", "--help")
    assert done.returncode == 0
    text = squeezed(done.stdout)
    assert "--lang LANG" in text
    assert "en (English), de (Deutsch) or pt (Português)" in text
    assert "GAMENIGHT_LANG" in text


def test_a_language_not_spoken_is_refused_with_the_languages_listed() -> None:
    done = gamenight("play", GAME.id, "--lang", "xx")
    assert done.returncode == 2
    assert done.stdout == ""
    assert ("argument --lang: no language 'xx': choose en (English), de (Deutsch) or pt "
            "(Português)") in done.stderr


@pytest.mark.parametrize(("args", "env", "language"), [
    (["--lang", "pt"], {}, "pt"),
    ([], {"GAMENIGHT_LANG": "de"}, "de"),
    ([], {"LANG": "pt_PT.UTF-8"}, "pt"),
    ([], {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL wins, and C is English
    (["--lang", "en"], {"GAMENIGHT_LANG": "de"}, "en"),  # --lang wins
])
def test_rules_shows_how_to_play_in_the_language_chosen(args: list[str], env: dict[str, str],
                                                         language: str) -> None:
    done = gamenight("rules", GAME.id, *args, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(GAME.howto_text(language))


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize("game_id, shows", [
    # The seats' column headers, the status line and the keys, from each game's catalog.
    ("superfly", {"#seats": ["Platz", "Karten", "Plättchen"], "#status": ["Runde", "Durchgang"],
                  "#help": ["beenden"]}),
    ("fly", {"#seats": ["Platz", "Punkte", "Fliegen"], "#status": ["Fliegen auf dem Tisch"],
             "#help": ["beenden"]}),
    ("fliegen-klatschen", {"#seats": ["Platz", "Stapel", "Gewonnene Fliegen"],
                           "#status": ["Zug"]}),
    ("by-golly", {"#seats": ["Platz", "Hand", "Stapel"], "#status": ["Zug"]}),
])
async def test_a_games_screen_speaks_german(game_id: str, shows: dict[str, list[str]]) -> None:
    game = get_game(game_id)
    app = build_app(game.id, game.min_players + 1, [], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen is app.table_screen and len(app.state.history) > 0)
        for where, words in shows.items():
            await until(pilot, lambda where=where, words=words: all(
                word in shown(app.screen, where) for word in words))
        # The English headers are gone.
        assert "Seat" not in shown(app.screen, "#seats")
