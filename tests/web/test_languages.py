"""The browser in English, German and Portuguese (docs/languages.md), as a person meets it.

A browser set to German opens the lobby in German (its ``navigator.languages``); the
language switch in the page turns it to Portuguese, and the choice stays for the next
page; a room's Rules show how to play in the language chosen, and the lessons come in it.
The server's side: the catalog (``GET /api/catalog``) and the how-to-play page and
lessons chosen by ``?lang=`` or the ``Accept-Language`` header.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from gamenight import lessons
from gamenight.games import GAMES
from gamenight.i18n import translations
from tests.server.live import LiveServer, live_server
from tests.web.pages import (
    PHONE,
    PageMaker,
    axe_problems,
    forget_texts,
    horizontal_overflow,
    keep_texts,
    kept_texts,
    ready_if_asked,
)

#: A game with lessons and a table of its own, the first the lobby lists.
GAME = next(iter(GAMES.values()))


def first_heading(markdown: str) -> str:
    return markdown.splitlines()[0].removeprefix("# ").strip()


# -- the server ------------------------------------------------------------------------------
def test_the_catalog_is_the_first_language_the_browser_prefers_that_we_speak(
        server: LiveServer) -> None:
    asked = httpx.get(f"{server.url}/api/catalog", params={"prefer": "fr-FR,pt-BR,en"})
    assert asked.status_code == 200
    body = asked.json()
    assert body["language"] == "pt" and body["locale"] == "pt-PT"
    assert {"code": "de", "name": "Deutsch"} in body["languages"]
    assert body["messages"]["Take a seat"] == translations("pt", "web").gettext("Take a seat")
    # No preference given: the Accept-Language header's; none we speak: English, empty.
    german = httpx.get(f"{server.url}/api/catalog",
                       headers={"Accept-Language": "da, de-AT;q=0.8, en;q=0.5"}).json()
    assert german["language"] == "de" and german["messages"]["Your turn."] == "Du bist am Zug."
    english = httpx.get(f"{server.url}/api/catalog", params={"prefer": "fr,ja"}).json()
    assert english["language"] == "en" and english["messages"] == {}
    # Fetched again on each page, sent again only when it changed.
    again = httpx.get(f"{server.url}/api/catalog", params={"prefer": "pt"},
                      headers={"If-None-Match": asked.headers["etag"]})
    assert again.status_code == 304


def test_how_to_play_and_the_lessons_come_in_the_language_asked(server: LiveServer) -> None:
    path = f"{server.url}/api/games/{GAME.id}/how-to-play"
    by_query = httpx.get(path, params={"lang": "pt"})
    assert by_query.text == GAME.howto_text("pt") != GAME.howto_text()
    assert by_query.headers["content-language"] == "pt"
    by_header = httpx.get(path, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert by_header.text == GAME.howto_text("de")
    assert httpx.get(path, params={"lang": "xx"}).text == GAME.howto_text()
    found = httpx.get(f"{server.url}/api/games/{GAME.id}/lessons", params={"lang": "de"}).json()
    assert [each["title"] for each in found] == [each.title for each in lessons.lessons(GAME, "de")]
    assert found[0]["shows"] != lessons.lessons(GAME)[0].shows


# -- the page --------------------------------------------------------------------------------
def test_a_german_browser_sees_german_switches_to_portuguese_and_reads_the_rules(
        pages: PageMaker) -> None:
    page = pages.open(locale="de-DE")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Eröffne einen Raum und lade deine Freunde ein")
    expect(page).to_have_title("gamenight: Partyspiele zum gemeinsamen Spielen")
    expect(page.get_by_role("button", name="Raum eröffnen")).to_be_visible()
    expect(page.locator("#learn-title")).to_have_text(f"{GAME.title} spielen lernen")
    # The lessons of the game chosen, in German.
    page.locator("#learn-title").click()
    expect(page.locator("#lessons button").first).to_contain_text(
        lessons.lessons(GAME, "de")[0].title)
    switch = page.get_by_label("Sprache")
    expect(switch).to_have_value("de")
    assert axe_problems(page) == []

    # The switch: Portuguese, drawn again at once, and kept for the next page.
    switch.select_option(label="Português")
    expect(page.locator("html")).to_have_attribute("lang", "pt")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Cria uma sala e convida os teus amigos")
    expect(page.get_by_label("Idioma")).to_have_value("pt")
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Cria uma sala e convida os teus amigos")

    # A room (bots only, as its host): its page in Portuguese, and its Rules.
    page.get_by_text(GAME.title, exact=True).click()
    page.get_by_role("button", name="Criar a sala").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    expect(page.locator("#waiting-title")).to_have_text("À espera de jogadores")
    expect(page.get_by_role("button", name="Começar: só bots")).to_be_visible()
    page.get_by_role("button", name="Regras").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("heading", name="Como jogar", exact=True)).to_be_visible()
    expect(dialog.locator("#rules-text h1, #rules-text h2").first).to_have_text(
        first_heading(GAME.howto_text("pt")))
    assert axe_problems(page) == []


def test_german_words_fit_a_phone(pages: PageMaker) -> None:
    """German's longer words in the lobby and a room's header, on a 360 px phone: nothing
    wider than the screen."""
    page = pages.open(PHONE, touch=True, locale="de-DE")
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Eröffne einen Raum und lade deine Freunde ein")
    assert horizontal_overflow(page) == 0
    page.get_by_text(GAME.title, exact=True).click()
    page.get_by_role("button", name="Raum eröffnen").click()
    expect(page.get_by_role("button", name="Starten: nur Bots")).to_be_visible()
    assert horizontal_overflow(page) == 0
    page.get_by_role("button", name="Starten: nur Bots").tap()
    expect(page.locator("#play")).to_be_visible()
    expect(page.get_by_role("button", name="Spieler & Verlauf")).to_be_visible()
    assert horizontal_overflow(page) == 0
    assert axe_problems(page) == []


# -- the games' own words ------------------------------------------------------------------
def test_the_lobby_and_a_games_catalog_speak_the_language_asked(server: LiveServer) -> None:
    """A game's words come from its own catalog (``game.po`` in its package): its blurb,
    option labels and help and end reasons in ``GET /api/games``, and its table's texts
    merged into ``GET /api/catalog?game=``."""
    superfly = GAMES["superfly"]
    german = {g["id"]: g for g in httpx.get(f"{server.url}/api/games",
                                            params={"lang": "de"}).json()}["superfly"]
    labels = {o["name"]: o["label"] for o in german["options"]}
    assert labels["deadline_ms"] == "Zeit zum Klatschen (ms)"
    assert german["blurb"] != superfly.blurb and "Signal" in german["blurb"]
    assert german["end_reasons"]["tokens"] != superfly.end_reasons["tokens"]
    assert german["title"] == superfly.title  # the published name
    # By the header too; English by default.
    portuguese = {g["id"]: g for g in httpx.get(
        f"{server.url}/api/games", headers={"Accept-Language": "pt-PT"}).json()}["superfly"]
    assert {o["name"]: o["label"] for o in portuguese["options"]}["open_hands"] == "Mãos abertas"
    english = {g["id"]: g for g in httpx.get(f"{server.url}/api/games").json()}["superfly"]
    assert english["blurb"] == superfly.blurb
    # The table's catalog: the site's texts and the game's, in one answer.
    both = httpx.get(f"{server.url}/api/catalog",
                     params={"prefer": "de", "game": "superfly"}).json()["messages"]
    assert both["Pass"] == "Passen" and both["red"] == "rot"
    assert both["Your turn."] == "Du bist am Zug."  # the site's own
    site = httpx.get(f"{server.url}/api/catalog", params={"prefer": "de"}).json()["messages"]
    assert "red" not in site  # a game's word is the game's
    assert httpx.get(f"{server.url}/api/catalog",
                     params={"prefer": "de", "game": "no-such-game"}).status_code == 404


def room_in(page: Page, language: str, game_id: str, *, players: int, bots: int,
            options: dict[str, Any] | None = None, start: bool = True) -> None:
    """In a lobby speaking ``language``: the game, a person at seat 0 (named Ana) and
    ``bots`` of its default bot (the seats after them open), ``options`` set; the room
    made and (unless ``start`` is False) started."""
    words = translations(language, "web").gettext
    game = GAMES[game_id]
    page.goto("/")
    page.get_by_text(game.title, exact=True).click()
    page.get_by_label(words("Your name")).fill("Ana")
    page.get_by_label(words("Players"), exact=True).select_option(str(players))
    page.locator("#seat-0").select_option(label=words("A person"))
    for seat in range(1, bots + 1):
        page.locator(f"#seat-{seat}").select_option(
            label=words("Bot: {bot}").format(bot=game.default_bot))
    if options:
        page.get_by_text(words("Options"), exact=True).click()
        for option, value in options.items():
            page.locator(f"#option-{option}").fill(str(value))
    for seat in range(bots + 1, players):
        page.locator(f"#seat-{seat}").select_option(label=words("A person"))
    page.get_by_role("button", name=words("Make the room")).click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    if not start:
        return
    page.get_by_role("button", name=words("Start the game")).click()
    expect(page.locator("#play")).to_be_visible()


#: How many lines of the story tell the seat's pass, in German ("Du passt.", or "Es
#: passen: du, ..."): one more after each pass, as the swatters land.
PASSES_TOLD_JS = r"""() => [...document.querySelectorAll('#log li')].filter((line) =>
  /^(Du passt\.|Es passen: .*\bdu\b.*)$/.test(line.textContent.trim())).length"""


def test_a_german_browser_plays_superfly_in_german(pages: PageMaker) -> None:
    """The lobby's option labels, then the table: its pass button, its flies' colours and
    its prompts in German, through a few swats."""
    page = pages.open(locale="de-DE")
    page.goto("/")
    page.get_by_text(GAMES["superfly"].title, exact=True).click()
    page.get_by_text("Optionen", exact=True).click()
    expect(page.get_by_label("Zeit zum Klatschen (ms)")).to_be_visible()
    expect(page.get_by_label("Offene Hände")).to_be_visible()
    room_in(page, "de", "superfly", players=3, bots=2, options={"deadline_ms": 3000})
    expect(page.locator(".sf .sf-pass")).to_contain_text("Passen")
    expect(page.locator(".sf-hand-box .sf-title")).to_contain_text("Deine Hand")
    colours = re.compile("^(rot|orange|gelb|grün|blau|lila)$")
    expect(page.locator(".sf-centre .sf-card .sf-colour").first).to_have_text(colours)
    expect(page.locator(".sf-last")).to_contain_text("Noch kein Durchgang gespielt")
    # Whether the seat was ever shown as no longer choosing, kept as it comes: it lasts
    # only until the next turn asks again.
    keep_texts(page, ".sf[data-can-act='false']")
    for _ in range(3):  # a few turns: pass when asked, and see the story say so
        ready_if_asked(page)
        expect(page.locator(".sf")).to_have_attribute("data-can-act", "true", timeout=15_000)
        expect(page.locator(".sf-prompt")).to_contain_text("Klatsch! Wähle eine Fliege")
        forget_texts(page, ".sf[data-can-act='false']")
        passes_told = page.evaluate(PASSES_TOLD_JS)
        page.locator(".sf .sf-pass").click()
        # The story tells every pass as the swatters land. The prompt's "Du passt: Warten
        # auf die anderen" is not waited for: when the pass is the last choice in and both
        # bots passed too, no die is rolled and the next turn asks at once, so no prompt
        # tells it (CI's default run once waited 30 s for one).
        page.wait_for_function(f"() => ({PASSES_TOLD_JS})() > {passes_told}")
        # The seat no longer chooses once it has passed.
        assert kept_texts(page, ".sf[data-can-act='false']")
    expect(page.locator(".sf-seats")).to_contain_text(re.compile(r"\d+ Karten?"))
    expect(page.locator(".sf-last .sf-title")).to_have_text(re.compile(r"^Zuletzt: Durchgang \d"))
    assert axe_problems(page) == []


def test_a_portuguese_browser_aims_and_drops_in_fly(pages: PageMaker) -> None:
    """FLY's aim hint and its drop in Portuguese: the ghost swatter over a fly names what
    it covers in the Portuguese words of the cards."""
    page = pages.open(locale="pt-PT")
    room_in(page, "pt", "fly", players=2, bots=1)
    for _ in range(2):
        ready_if_asked(page)
        expect(page.locator(".fly-drop")).to_be_visible(timeout=15_000)
        page.keyboard.press("Escape")  # the last drop's story cut short
        expect(page.locator(".fly-story > *")).to_have_count(0)
        expect(page.locator("#fly-prompt")).to_contain_text("A tua vez")
        expect(page.locator("#fly-hint")).to_contain_text(re.compile(r"^Alvo: fila \d, carta \d"))
        expect(page.locator(".fly-drop")).to_have_text("Deixar cair")
        page.keyboard.press("Enter")
        expect(page.locator(".fly-last")).to_contain_text("Última queda")
    expect(page.locator(".fly-aside")).to_contain_text("Moscas apanhadas")
    expect(page.locator(".fly-score").first).to_contain_text(re.compile(r"pontos?"))


def test_a_games_german_words_fit_a_phone(pages: PageMaker) -> None:
    """Superfly's table in German on a 360 px phone: its longer words (Fliegenfänger-
    Plättchen, Nachziehstapel) wrap; nothing is wider than the screen."""
    page = pages.open(PHONE, touch=True, locale="de-DE")
    room_in(page, "de", "superfly", players=3, bots=2)
    expect(page.locator(".sf .sf-pass")).to_contain_text("Passen")
    expect(page.locator(".sf-piles")).to_contain_text("Nachziehstapel")
    assert horizontal_overflow(page) == 0


# -- the room's own words from the server -----------------------------------------------------
def test_a_german_browser_names_open_and_bot_seats_in_german(
        pages: PageMaker, server: LiveServer) -> None:
    """The server names seats in English (``shown``, what records keep); the browser names
    an open seat and a bot's seat in its own language from the seat's kind and bot, and
    numbers two alike bots as the server does (``alike``)."""
    page = pages.open(locale="de-DE")
    room_in(page, "de", "by-golly", players=4, bots=2, start=False)
    seats = page.locator("#waiting-seats li .name")
    expect(seats).to_have_count(4)
    code = page.url.rsplit("/", 1)[1]
    info = httpx.get(f"{server.url}/api/rooms/{code}").json()["seats"]
    german = translations("de", "web").gettext
    # Two of the default bot, numbered; one open seat; the English as the server keeps it.
    assert [seat["kind"] for seat in info] == ["person", "bot", "bot", "open"]
    assert [seat.get("alike") for seat in info] == [None, 1, 2, None]
    assert info[3]["shown"] == "Open seat"
    expect(seats.nth(0)).to_have_text("Ana")
    for seat in (1, 2):
        kind = info[seat]["bot"].split(":")[0]
        english = info[seat]["shown"]
        assert english.startswith(f"{kind} bot") and english.endswith(f" #{seat}")
        # The English spelled over again in German: only "bot" is a word to translate.
        expect(seats.nth(seat)).to_have_text(
            english.replace(f"{kind} bot", german("{name} bot").format(name=kind), 1))
        expect(seats.nth(seat)).to_contain_text("Bot ")
    expect(seats.nth(3)).to_have_text("Freier Platz")
    expect(page.locator("#waiting-seats li").nth(1).locator(".tag")).to_have_text("Bot")


def test_a_refusal_from_the_server_is_told_in_german(browser: Browser, tmp_path: Path) -> None:
    """The server refuses by code (its English message is for logs); the browser tells a
    refusal whose code says it all in its own language.  On a server that takes 2
    messages a second, the page sends its start again and again, as a stuck client would:
    the frames go to the real server, which refuses the flood past its rate.  The bucket
    refills while the frames go out, so some later starts are taken (and refused as a start
    again, a refusal told in the server's words): which refusal the toast shows last depends
    on timing, so every text the toast shows is kept and the German one looked for."""

    def flood_the_start(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_page(message: str | bytes) -> None:
            server.send(message)
            if isinstance(message, str) and json.loads(message).get("type") == "start":
                for _ in range(30):
                    server.send(message)

        socket.on_message(from_page)

    with live_server(tmp_path, None, "--max-rate", "2") as slow:
        pages = PageMaker(browser, slow.url)
        try:
            page = pages.open(locale="de-DE")
            page.route_web_socket(re.compile(r"/ws/rooms/"), flood_the_start)
            room_in(page, "de", "by-golly", players=2, bots=1, start=False)
            keep_texts(page, "#toast")
            page.get_by_role("button", name="Spiel starten").click()
            # A function, not an expression: on the page's strict CSP Playwright evaluates
            # an expression again at each poll, which the CSP refuses once the toast is
            # not there at the first look (it refuses no function made once).
            page.wait_for_function("() => window.keptTexts['#toast']"
                                   ".includes('Etwas langsamer: zu viele auf einmal.')")
            told = kept_texts(page, "#toast")
            # Nothing the rate refused is told in English.
            assert "too many messages: slow down" not in " ".join(told)
        finally:
            assert not pages.close()
