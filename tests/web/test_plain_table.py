"""The plain table, which plays any game (the view as text, the legal actions as
buttons): the table of a game with no table of its own yet, and of any game at the room
page's ``?table=plain``, which these tests open (every game has its own table now): a
whole game through it, by mouse and keyboard, its record and a rematch; and a dropped
connection coming back by itself to the same seat.  What a page sends in a secret
decision (the window and the reaction time it measured from the paint) is tested at the
Superfly and Fliegen klatschen tables."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.server.live import LiveServer
from tests.web.pages import PageMaker, axe_problems, make_room, start

#: How long a whole game may take through the pages.
GAME_S = 90.0

ACTIONS_JS = """() => document.getElementById('play').dataset.acting === 'true'
  ? [...document.querySelectorAll('.plain-actions button')].map((b) => b.dataset.action) : []"""


def over(page: Page) -> bool:
    return page.locator("#result").is_visible()


def play_a_move(page: Page, rng: random.Random, by_key: bool) -> bool:
    """If this page's seat may act: one of its legal actions, by a click or by Tab's
    focus and Enter; returns whether it acted."""
    actions: list[str] = page.evaluate(ACTIONS_JS)
    if not actions:
        return False
    action = rng.choice(actions)
    step = page.locator("#play").get_attribute("data-step") or ""
    button = page.locator(f".plain-actions button[data-action='{action}']")
    if by_key:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    # The server's answer: the game moves on.
    expect(page.locator("#play")).not_to_have_attribute("data-step", step)
    return True


def at_the_plain_table(page: Page) -> None:
    """Opens the room page again (the same seat: its token is kept) asking for the plain
    table."""
    page.goto(f"{page.url}?table=plain")
    expect(page.locator("#waiting")).to_be_visible()


def play_to_the_end(people: list[Page], seed: int) -> None:
    rng = random.Random(seed)
    deadline = time.monotonic() + GAME_S
    moves = 0
    while not all(over(page) for page in people):
        assert time.monotonic() < deadline, "the game did not end in time"
        acted = False
        for page in people:
            if not over(page) and play_a_move(page, rng, by_key=moves % 3 == 2):
                moves += 1
                acted = True
        if not acted:
            people[0].wait_for_timeout(25)  # the bots, or the server's answer
    assert moves > 0


# FLY, a short game against a bot, stands for any game at the plain table.
@pytest.mark.parametrize(("title", "seats", "reason"), [
    ("FLY", ["person", "aimer:expert"], "Only the two blank cards were left"),
])
def test_a_whole_game_through_the_plain_table(
        pages: PageMaker, title: str, seats: list[str], reason: str) -> None:
    page = pages.open()
    make_room(page, title, name="Ann", players=2, seats=seats)
    at_the_plain_table(page)
    start(page)
    expect(page.locator(".plain-view")).to_contain_text(title.lower())
    expect(page.locator(".plain-actions button").first).to_be_visible()
    assert axe_problems(page) == []
    play_to_the_end([page], seed=5)
    expect(page.locator("#result-reason")).to_contain_text(reason)
    expect(page.locator("#result tbody tr")).to_have_count(2)

    # The record of the game, signed by the server, is one click away.
    record = page.get_by_role("link", name="Download the record")
    with page.expect_download() as download:
        record.click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["game"] == title.lower()
    assert "signature" in json.dumps(saved)
    # Another game at the same table: a new table, the result gone, game 2.
    page.get_by_role("button", name="Play again").click()
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#play")).to_have_attribute("data-step", re.compile(r"^2:"))
    expect(page.locator(".plain-actions button").first).to_be_visible()


def test_a_dropped_connection_comes_back_to_the_same_seat(
        pages: PageMaker, server: LiveServer) -> None:
    page = pages.open()
    routes: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        route.connect_to_server()  # messages pass both ways untouched
        routes.append(route)

    page.route_web_socket(re.compile(r"/ws/rooms/"), through)
    make_room(page, "FLY", name="Ann", players=2, seats=["person", "aimer:expert"])
    at_the_plain_table(page)
    start(page)
    expect(page.locator(".plain-actions button").first).to_be_visible()
    expect(page.locator("#link-state")).to_have_text("● connected")

    connections = len(routes)
    routes[-1].close(code=4000, reason="the network went away")
    expect(page.locator("#link-state")).to_contain_text("Connection lost")
    # A new connection joins with the same token: the seat, its actions, play on.
    expect(page.locator("#link-state")).to_have_text("● connected")
    assert len(routes) == connections + 1
    expect(page.locator("#seats li").first).to_contain_text("you")
    expect(page.locator(".plain-actions button").first).to_be_visible()
    assert play_a_move(page, random.Random(1), by_key=False)
