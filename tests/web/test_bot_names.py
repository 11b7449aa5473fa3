"""A bot's seat is named by the parts the server sends (issue 38, snag 5; issue 37: the
browser derives no rule): the room gives each bot's name and the level and settings its
spec adds (``SeatInfo.bot_name``, made by ``gamenight.seats.bot_parts``) and its number
among alike seats (``alike``), and the page only puts them in its language's words.

A German browser takes the open seat of a room with two alike bots and a third at another
level.  To show that the page reads the parts and never the spec, the specs in the
frames that reach the page are turned into nonsense on the way (the names must not
change)."""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import WebSocketRoute, expect

from gamenight.i18n import translations
from tests.server.live import LiveServer
from tests.web.pages import PageMaker

GERMAN = translations("de", "web").gettext
#: The room messages whose specs were scrambled on the way to the page.
SCRAMBLED: list[str] = []


def scramble_the_specs(socket: WebSocketRoute) -> None:
    """Pass every frame on, but each seat's bot spec in the server's room messages made
    unreadable."""
    server = socket.connect_to_server()

    def from_server(message: str | bytes) -> None:
        if isinstance(message, str):
            data = json.loads(message)
            if data.get("type") in ("welcome", "room"):
                for seat in data["room"]["seats"]:
                    if seat["bot"] is not None:
                        seat["bot"] = "::not a spec::"
                message = json.dumps(data)
                SCRAMBLED.append(data["type"])
        socket.send(message)

    server.on_message(from_server)


def test_a_german_page_names_bots_from_the_server_s_parts(
        pages: PageMaker, server: LiveServer) -> None:
    made = server.post("/api/rooms", {"game": "by-golly", "players": 4, "seats": [
        None, "memory:expert", "memory:expert", "perfect:quick"]})
    info = httpx.get(f"{server.url}/api/rooms/{made['code']}").json()["seats"]
    assert [seat.get("bot_name") for seat in info] == [
        None, {"name": "memory", "words": ["expert"]}, {"name": "memory", "words": ["expert"]},
        {"name": "perfect", "words": ["quick"]}]
    assert [seat.get("alike") for seat in info] == [None, 1, 2, None]
    page = pages.open(locale="de-DE")
    page.route_web_socket("**/ws/rooms/**", scramble_the_specs)
    page.goto(f"/r/{made['code']}")
    page.get_by_label(GERMAN("Your name")).fill("Ana")
    page.get_by_role("button", name=GERMAN("Take a seat")).click()
    names = page.locator("#waiting-seats li .name")
    expect(names).to_have_count(4)
    bot = GERMAN("{name} bot")
    assert bot != "{name} bot"
    expect(names).to_have_text(["Ana", f"{bot.format(name='memory')}, expert #1",
                                f"{bot.format(name='memory')}, expert #2",
                                f"{bot.format(name='perfect')}, quick"])
    assert "room" in SCRAMBLED  # what the page drew came through the scrambler
    assert not pages.close()
