"""The plain table, which plays any game before its own table lands (the view as text,
the legal actions as buttons): whole games of FLY, Fluster and Superfly through it, by
mouse and keyboard; what the page sends in a secret decision (the window and the
reaction time it measured from the paint, docs/fairness.md) and its answers to the
server's pings; and a dropped connection coming back by itself to the same seat."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket, WebSocketRoute, expect

from tests.server.live import LiveServer
from tests.web.pages import PageMaker, axe_problems, make_room, start, take_seat

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


@pytest.mark.parametrize(("title", "seats", "reason"), [
    ("FLY", ["person", "aimer:expert"], "Only the two blank cards were left"),
    ("Fluster", ["person", "wordsmith:expert"], "Every number has been called"),
])
def test_a_whole_game_through_the_plain_table(
        pages: PageMaker, title: str, seats: list[str], reason: str) -> None:
    page = pages.open()
    make_room(page, title, name="Ann", players=2, seats=seats)
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


def test_a_whole_superfly_game_with_a_friend_sends_the_measured_reaction(
        pages: PageMaker) -> None:
    host = pages.open()
    invite = make_room(host, "Superfly", name="Ann", players=3,
                       seats=["person", "person", "collector:expert"],
                       options={"deadline_ms": 2500})
    friend = pages.open()
    sent: list[dict[str, Any]] = []
    windows: set[int] = set()  # the ids of the windows the page was shown

    def received(frame: str | bytes) -> None:
        message = json.loads(frame)
        if message["type"] == "update" and message["window"] is not None:
            windows.add(message["window"]["id"])

    def sending(frame: str | bytes) -> None:
        sent.append(json.loads(frame))

    def watch(socket: WebSocket) -> None:
        socket.on("framereceived", received)
        socket.on("framesent", sending)

    friend.on("websocket", watch)
    take_seat(friend, invite, "Ben")
    start(host)
    # The swat is a secret decision with a deadline: the countdown runs.
    expect(friend.locator("#countdown")).to_have_text(re.compile(r"\d\.\d s left"))
    play_to_the_end([host, friend], seed=7)
    for page in (host, friend):
        expect(page.locator("#result-reason")).to_contain_text("collected the tokens")
        expect(page.locator("#result")).to_contain_text("Ben")

    acts = [m for m in sent if m["type"] == "act"]
    swats = [act for act in acts if "window" in act]
    assert swats, "the friend never swatted"
    # Every action in a window (the swat's secret decision) names a window the page was
    # shown and carries the time from its paint to the click; one in a turn carries no time.
    for act in acts:
        if "window" in act:
            assert act["window"] in windows, act
            assert isinstance(act["reaction_ms"], int | float), act
            assert 0 <= act["reaction_ms"] < 60_000, act
        else:
            assert "reaction_ms" not in act, act
    assert any(act["reaction_ms"] > 0 for act in swats)
    # The server's pings were answered.
    assert any(m["type"] == "pong" for m in sent)
    assert sent[0] == {"type": "join", "token": sent[0]["token"]}


def test_a_dropped_connection_comes_back_to_the_same_seat(
        pages: PageMaker, server: LiveServer) -> None:
    page = pages.open()
    routes: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        route.connect_to_server()  # messages pass both ways untouched
        routes.append(route)

    page.route_web_socket(re.compile(r"/ws/rooms/"), through)
    make_room(page, "Fluster", name="Ann", players=2, seats=["person", "wordsmith:expert"])
    start(page)
    expect(page.locator(".plain-actions button").first).to_be_visible()
    expect(page.locator("#link-state")).to_have_text("● connected")

    routes[-1].close(code=4000, reason="the network went away")
    expect(page.locator("#link-state")).to_contain_text("Connection lost")
    # A new connection joins with the same token: the seat, its actions, play on.
    expect(page.locator("#link-state")).to_have_text("● connected")
    assert len(routes) == 2
    expect(page.locator("#seats li").first).to_contain_text("you")
    expect(page.locator(".plain-actions button").first).to_be_visible()
    assert play_a_move(page, random.Random(1), by_key=False)
