"""A seat the server refuses is told in the page's language (issue 38: three languages).

``POST /api/rooms/{code}/seats`` refuses with a ``code`` beside its English ``detail``
(``server.refusals.CodedRefusal``), as a WebSocket ``error`` does; the page tells the
person the reason by the code, in its own words.  Played as people meet it: a German
browser opens the invite of a room with one open seat, and while its person types, a
friend takes that seat; then the game starts while a third person types."""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from gamenight.i18n import translations
from tests.server.live import LiveServer
from tests.web.pages import PageMaker

GERMAN = translations("de", "web").gettext


def try_to_sit(page: Page, name: str) -> None:
    page.get_by_label(GERMAN("Your name")).fill(name)
    page.get_by_role("button", name=GERMAN("Take a seat")).click()


def test_a_seat_refused_in_a_german_browser_is_told_in_german(
        pages: PageMaker, server: LiveServer) -> None:
    made = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                      "seats": [None, None], "name": "Ana"})
    invite = f"/r/{made['code']}"
    page = pages.open(locale="de-DE")
    page.goto(invite)
    expect(page.get_by_role("button", name=GERMAN("Take a seat"))).to_be_visible()
    # Meanwhile a friend takes the last seat: the server refuses this one, by its code.
    server.post(f"/api/rooms/{made['code']}/seats", {"name": "Ben"})
    refusal = httpx.post(f"{server.url}/api/rooms/{made['code']}/seats", json={"name": "Cem"})
    assert refusal.status_code == 409
    assert refusal.json() == {"detail": "every seat is taken", "code": "seats-taken"}
    try_to_sit(page, "Dora")
    said = GERMAN("Every seat is taken: you can watch.")
    assert said != "Every seat is taken: you can watch."
    expect(page.locator("#join-note")).to_have_text(said)

    # A room whose game has started refuses every seat, in other words.
    room = server.post("/api/rooms", {"game": "by-golly", "players": 3,
                                      "seats": [None, None, "random"]})
    late = pages.open(locale="de-DE")
    late.goto(f"/r/{room['code']}")
    expect(late.get_by_role("button", name=GERMAN("Take a seat"))).to_be_visible()
    start(server, room["code"], room["host_token"])  # the host, who does not sit
    try_to_sit(late, "Emil")
    said = GERMAN("The game has started: you can watch.")
    assert said != "The game has started: you can watch."
    expect(late.locator("#join-note")).to_have_text(said)
    assert not pages.close()


def start(server: LiveServer, code: str, token: str) -> None:
    """The host starts the game as the browser's lobby does (``join``, then ``start``)
    and the first update comes."""
    with connect(f"{server.ws_url}/ws/rooms/{code}") as ws:

        def wait_for(kind: str) -> None:
            while (message := json.loads(ws.recv(timeout=10)))["type"] != kind:
                if message["type"] == "ping":  # the server measures the round trip
                    ws.send(json.dumps({"type": "pong", "id": message["id"]}))

        ws.send(json.dumps({"type": "join", "token": token}))
        wait_for("welcome")
        ws.send(json.dumps({"type": "start"}))
        wait_for("update")
