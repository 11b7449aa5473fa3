"""The lobby and the room before its game, as a host and a friend use them: choosing a
game and its table, the invite link (copied, and as a QR code), the seats filling live as
friends take them, names shown as text, the start; the rules one click away; a link to no
room; the accessibility check and a phone's width."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from gamenight.games import GAMES as GAMES_BY_ID
from tests.server.live import LiveServer
from tests.web.pages import (
    PHONE,
    PageMaker,
    axe_problems,
    horizontal_overflow,
    make_room,
    screenshot,
    start,
    take_seat,
)

GAMES = ("FLY", "Fliegen klatschen", "Superfly", "Fluster", "By Golly!")


def test_the_lobby_shows_the_five_games_with_their_tables_and_options(page: Page) -> None:
    page.goto("/")
    for title in GAMES:
        expect(page.get_by_text(title, exact=True)).to_be_visible()
    screenshot(page, "lobby")
    page.get_by_text("By Golly!", exact=True).click()
    expect(page.get_by_text("2–6 players")).to_be_visible()
    expect(page.get_by_label("Players", exact=True).locator("option")).to_have_text(
        ["2", "3", "4", "5", "6"])
    page.get_by_text("Options", exact=True).click()
    # Each option with its default and its help text, from GET /api/games.
    expect(page.locator("#option-max_turns")).to_have_value("5000")
    expect(page.locator("#option-max_turns-help")).to_contain_text("safety cap")
    expect(page.locator("#option-face_up_match")).not_to_be_checked()
    # Each option is labelled in the game's words, not by its key (issue 38, snag 11).
    expect(page.get_by_label("Safety cap on turns")).to_have_value("5000")
    expect(page.locator("label[for=option-max_turns]")).not_to_contain_text("max turns")
    # A bot's seat has a level; a person's has none.  Against people the lobby offers the
    # bot that forgets as people do, not the lab's perfect memory (issue 38, snag 11).
    page.get_by_label("Players", exact=True).select_option("3")
    expect(page.locator("#seat-2")).to_have_value("memory")
    expect(page.locator("#seat-2-level")).to_have_value("average")
    expect(page.locator("#seat-0-level")).to_be_hidden()
    assert axe_problems(page) == []


def test_a_host_invites_a_friend_who_takes_a_seat_and_the_host_sees_it_live(
        pages: PageMaker, server: LiveServer) -> None:
    host = pages.open()
    invite = make_room(host, "By Golly!", name="Ann", players=3,
                       seats=["person", "person", "person"])
    code = invite.rsplit("/", 1)[1]
    assert invite == f"{server.url}/r/{code}"
    seats = host.locator("#waiting-seats li")
    expect(seats).to_have_count(3)
    expect(seats.nth(0)).to_contain_text("Ann")
    expect(seats.nth(0)).to_contain_text("you")
    expect(seats.nth(1)).to_contain_text("Open seat")
    expect(host.locator("#waiting-note")).to_contain_text("2 open seats")

    # The QR code is the server's own drawing of the link.
    qr = host.get_by_role("img", name=re.compile("QR code of the invite link"))
    expect(qr).to_be_visible()
    host.wait_for_function("() => document.getElementById('invite-qr').naturalWidth > 0")
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.get_by_role("button", name="Copy").click()
    expect(host.get_by_text("Copied")).to_be_visible()
    assert host.evaluate("() => navigator.clipboard.readText()") == invite

    # A friend opens the link: the host's list fills as they sit, with no reload.
    friend = pages.open()
    take_seat(friend, invite, "Ben")
    expect(seats.nth(1)).to_contain_text("Ben")
    expect(host.locator("#waiting-note")).to_contain_text("1 open seat")
    # Only the host may start.
    expect(friend.get_by_role("button", name=re.compile("^Start"))).to_be_hidden()
    # The friend is told who starts (a waiting friend was not: issue 38, snag 11).
    expect(friend.locator("#waiting-note")).to_contain_text("The host starts the game.")
    expect(host.locator("#waiting-note")).to_contain_text("You start the game when you are")
    screenshot(host, "waiting-room")
    assert axe_problems(host) == []
    assert axe_problems(friend) == []
    # A name is text wherever it is shown, never markup.
    take_seat(pages.open(), invite, "<img src=x onerror=y()>")
    expect(seats.nth(2)).to_contain_text("<img src=x onerror=y()>")
    expect(host.locator("#waiting-seats img")).to_have_count(0)
    expect(host.locator("#waiting-note")).to_have_text(
        "Every seat is taken. You start the game when you are ready.")

    # A fourth visitor finds every seat taken, and watches.
    watcher = pages.open()
    watcher.goto(invite)
    expect(watcher.locator("#join-note")).to_have_text("Every seat is taken: you can watch.")
    expect(watcher.get_by_role("button", name="Take a seat")).to_be_hidden()
    watcher.get_by_role("button", name="Just watch").click()
    expect(watcher.locator("#waiting-seats li")).to_have_count(3)
    expect(watcher.get_by_role("button", name=re.compile("^Start"))).to_be_hidden()

    start(host)
    for page in (friend, watcher):
        expect(page.locator("#play")).to_be_visible()
        expect(page.locator(".bg-run button")).to_have_count(19)
    expect(host.locator("#seats li")).to_have_count(3)
    # The watcher sees the table as everyone may, and no hand.
    expect(watcher.locator(".bg-hand")).to_have_count(0)
    expect(watcher.locator("#seats .tag.me")).to_have_count(0)


def test_the_lobby_and_the_waiting_room_fit_a_phone(pages: PageMaker) -> None:
    phone = pages.open(PHONE, touch=True)
    phone.goto("/")
    expect(phone.get_by_text("Superfly", exact=True)).to_be_visible()
    assert horizontal_overflow(phone) == 0
    make_room(phone, "Superfly", name="Ann", players=3, seats=["person", "collector", "person"])
    expect(phone.locator("#waiting-seats li")).to_have_count(3)
    assert horizontal_overflow(phone) == 0
    assert axe_problems(phone) == []
    # The open seat gets the game's default bot when the host starts.
    start(phone)
    expect(phone.locator("#seats li").nth(2)).to_contain_text("collector bot")
    assert horizontal_overflow(phone) == 0


def test_the_rules_are_one_click_away(page: Page, server: LiveServer) -> None:
    """The Rules button opens how to play, the page the terminal shows on ``?`` (it
    opened the 31,000-character rules-to-code page, written for developers); the rules
    as implemented are one link further."""
    made = server.post("/api/rooms", {"game": "fluster", "players": 1, "seats": [None]})
    page.goto(f"/r/{made['code']}")
    page.get_by_role("button", name="Rules").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="How to play Fluster")).to_be_visible()
    expect(dialog.get_by_text("Goal:")).to_be_visible()
    assert axe_problems(page) == []
    dialog.get_by_role("button", name=re.compile("rules as implemented")).click()
    expect(dialog.locator("table").first).to_be_visible()  # the rulebook's tables
    dialog.get_by_role("button", name="Back to how to play").click()
    expect(dialog.get_by_role("heading", name="How to play Fluster")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_each_game_serves_how_to_play_and_its_rules(server: LiveServer) -> None:
    for game in GAMES_BY_ID.values():
        howto = httpx.get(f"{server.url}/api/games/{game.id}/how-to-play", timeout=10.0)
        assert howto.status_code == 200 and howto.text == game.howto_text()
        assert howto.headers["content-type"].startswith("text/markdown")
        assert howto.text.startswith(f"# How to play {game.title}")
        rules = httpx.get(f"{server.url}/api/games/{game.id}/rules", timeout=10.0)
        assert rules.text == game.rules_text() and len(rules.text) > 3 * len(howto.text)
    assert httpx.get(f"{server.url}/api/games/chess/how-to-play", timeout=10.0).status_code == 404


def test_a_link_to_no_room_says_so(page: Page) -> None:
    response = page.goto("/r/no-such-room")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name="No such room")).to_be_visible()
    page.get_by_role("link", name="make a new room").click()
    expect(page.get_by_text("Choose a game")).to_be_visible()


def test_a_page_runs_only_the_servers_own_scripts_and_calls_nowhere_else(
        pages: PageMaker, server: LiveServer) -> None:
    page = pages.open()
    made = server.post("/api/rooms", {"game": "by-golly", "players": 2, "seats": [None, None]})
    for path in ("/", f"/r/{made['code']}"):
        response = page.goto(path)
        assert response is not None and response.ok
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "connect-src 'self'" in policy, policy
        assert response.headers["referrer-policy"] == "no-referrer"
    expect(page.locator("#join-name, #waiting-seats, #play").first).to_be_attached()
    # A script slipped into the page (an inline one, or an outside address) is refused by
    # the browser, and says which rule refused it.
    refused = page.evaluate("""() => new Promise((done) => {
        const seen = [];
        document.addEventListener("securitypolicyviolation", (event) => {
            seen.push(event.effectiveDirective);
            if (seen.length === 2) done(seen.sort());
        });
        const inline = document.createElement("script");
        inline.textContent = "window.ran = true";
        document.body.append(inline);
        const picture = document.createElement("img");
        picture.src = "https://example.invalid/pixel.png";
        document.body.append(picture);
    })""")
    assert refused == ["img-src", "script-src-elem"]
    assert page.evaluate("() => window.ran === undefined")
    # The browser told of both; they were this test's doing, not the client's.
    assert len(pages.errors) == 2 and all("Content Security Policy" in e for e in pages.errors)
    pages.errors.clear()


def test_a_name_of_only_spaces_says_so_and_an_emoji_name_takes_a_seat(
        page: Page, server: LiveServer) -> None:
    """Names as people write them: a zero-width joiner's emoji is a name (it was refused
    as "not printable"), and a name of only spaces is not, and the page says so (it did
    nothing and said nothing)."""
    made = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                      "seats": [None, None]})
    page.goto(f"/r/{made['code']}")
    page.get_by_label("Your name").fill("   ")
    page.get_by_role("button", name="Take a seat").click()
    expect(page.locator("#join-note")).to_contain_text("Type your name")
    assert server.get(f"/api/rooms/{made['code']}")["seats"][0]["kind"] == "open"
    name = "👩‍💻 Sam 🏳️‍🌈"
    take_seat(page, f"/r/{made['code']}", name)
    assert server.get(f"/api/rooms/{made['code']}")["seats"][0]["name"] == name
