"""FLY in the browser, played as people play it: a host on a laptop makes the room in the
lobby, a friend on a phone opens the invite link and takes a seat, a bot takes the third;
the two people play a whole game through the page only: the host drags the ghost swatter
onto a fly with the mouse (and turns it with the wheel and the keys), the friend taps a
fly with a finger (and turns the swatter with two fingers), and each drops it with the
Drop button or the Enter key.  Before every drop the page lights the flies the aim would
cover; after it, the swatter falls and the covered flies light up before their cards fly
to the pile.  The friend reloads mid-game and is back in the seat with no old story
replayed, and the result is shown to both.  On the way: the accessibility check, the
phone's width, the screenshot for the README.

The room's steadiness option (``flutter`` 0) lands every swatter where it is aimed, so the
flies the hint lit are exactly the flies taken (checked at every drop of the host), and
every drop aimed at a fly takes one: the game ends by the rules, in about a dozen drops.
"""

from __future__ import annotations

import math
import random
import re
import time
from dataclasses import dataclass
from typing import TypedDict

import pytest
from playwright.sync_api import Page, expect

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

#: How long the whole game may take through two pages.
GAME_S = 90.0

#: What a page shows of its seat's turn, read in one go.
STATE_JS = """() => {
  const play = document.getElementById('play');
  const drop = document.querySelector('.fly-drop');
  const ghost = document.querySelector('.fly-ghost-at');
  const board = document.querySelector('.fly-board');
  return {
    over: !document.getElementById('result').hidden,
    acting: play !== null && play.dataset.acting === 'true' && drop !== null
      && !drop.disabled && !drop.closest('[hidden]'),
    aim: ghost === null ? '' : ghost.dataset.aim,
    flies: document.querySelectorAll('.fly-cards .fly-card:not(.fly-blank)').length,
    hinted: board === null ? 0 : Number(board.dataset.hinted ?? '0'),
  };
}"""

#: The cards whose flies the aim lights now (the hint), by card id.
HINTED_JS = """() => [...document.querySelectorAll('.fly-cards .fly-hinted')]
  .map((card) => Number(card.dataset.card))"""

#: How many animations run on the table now.
MOVING_JS = """() => document.getAnimations()
  .filter((a) => a.effect?.target?.closest?.('.fly') && a.playState === 'running').length"""


class PageState(TypedDict):
    over: bool
    acting: bool
    aim: str
    flies: int
    hinted: int


@dataclass
class Person:
    """A person at a page who aims at a fly of their choosing and drops the swatter."""

    page: Page
    seat: int
    rng: random.Random
    touch: bool = False
    moves: int = 0

    def state(self) -> PageState:
        state: PageState = self.page.evaluate(STATE_JS)
        return state

    def angle(self) -> str:
        return self.page.locator(".fly-ghost-at").get_attribute("data-angle") or ""

    def aim_at_a_fly(self) -> None:
        """Puts the ghost on a fly: a drag of the mouse from elsewhere on the table, or
        a finger's tap on it; the page snaps the ghost to the nearest aim.  The last
        drop's story must be over first, for the cards to lie where they lie now: the
        person at the phone waits for it, the one at the laptop cuts it short (Esc)."""
        if not self.touch:
            self.page.keyboard.press("Escape")
        expect(self.page.locator(".fly-story > *")).to_have_count(0)
        flies = self.page.locator(".fly-cards .fly-body")
        box = flies.nth(self.rng.randrange(flies.count())).bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if self.touch:
            self.page.touchscreen.tap(x, y)
            return
        board = self.page.locator(".fly-board").bounding_box()
        assert board is not None
        self.page.mouse.move(board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
        self.page.mouse.down()
        self.page.mouse.move(x, y, steps=4)
        self.page.mouse.up()

    def move(self) -> list[int]:
        """One drop through the page; returns the cards the hint lit before it."""
        by_key = self.moves % 2 == 1
        self.moves += 1
        page = self.page
        step = page.locator("#play").get_attribute("data-step")
        self.aim_at_a_fly()
        # The hint: the fly under the ghost is lit, and named, before the drop.
        expect(page.locator(".fly-board")).not_to_have_attribute("data-hinted", "0")
        expect(page.locator("#fly-hint")).to_contain_text("It covers the")
        hinted: list[int] = page.evaluate(HINTED_JS)
        assert hinted
        aim = page.locator(".fly-ghost-at").get_attribute("data-aim")
        assert page.locator(".fly-drop").get_attribute("data-action") == aim
        if by_key:
            page.keyboard.press("Enter")
        elif self.touch:
            page.locator(".fly-drop").tap()
        else:
            page.locator(".fly-drop").click()
        # The server's answer: the game moves on, and the page tells the drop.
        expect(page.locator("#play")).not_to_have_attribute("data-step", step or "")
        return hinted


def turn_with_the_keys_and_the_wheel(page: Page) -> None:
    """The host turns the ghost with e and q, and with the mouse wheel over the table."""
    ghost = page.locator(".fly-ghost-at")
    before = ghost.get_attribute("data-angle")
    page.keyboard.press("e")
    expect(ghost).not_to_have_attribute("data-angle", before or "")
    page.keyboard.press("q")
    expect(ghost).to_have_attribute("data-angle", before or "")
    page.locator(".fly-board").hover()
    page.mouse.wheel(0, 120)
    expect(ghost).not_to_have_attribute("data-angle", before or "")
    page.mouse.wheel(0, -120)
    expect(ghost).to_have_attribute("data-angle", before or "")
    # The arrow keys move it from aim to aim.
    aim = ghost.get_attribute("data-aim")
    page.keyboard.press("ArrowRight" if "drop 0." in (aim or "") else "ArrowLeft")
    expect(ghost).not_to_have_attribute("data-aim", aim or "")


def turn_with_two_fingers(page: Page) -> None:
    """The friend puts two fingers on the table and turns them: the ghost turns."""
    board = page.locator(".fly-board").bounding_box()
    assert board is not None
    cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
    ghost = page.locator(".fly-ghost-at")
    before = ghost.get_attribute("data-angle")
    cdp = page.context.new_cdp_session(page)

    def fingers(kind: str, degrees: float) -> None:
        a = math.radians(degrees)
        dx, dy = 40 * math.cos(a), 40 * math.sin(a)
        points = [] if kind == "touchEnd" else [
            {"x": cx - dx, "y": cy - dy, "id": 1}, {"x": cx + dx, "y": cy + dy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 0)
    for degrees in (10, 20, 30):
        fingers("touchMove", degrees)
    fingers("touchEnd", 30)
    cdp.detach()
    expect(ghost).not_to_have_attribute("data-angle", before or "")
    # Turned back with the button (a tap), to aim upright as before.
    while ghost.get_attribute("data-angle") != before:
        page.get_by_role("button", name="Turn the swatter back (q)").tap()


@pytest.mark.slow
def test_two_friends_and_a_bot_play_a_whole_game_of_fly_in_the_browser(
        pages: PageMaker) -> None:
    host = pages.open()
    invite = make_room(host, "FLY", name="Ann", players=3,
                       seats=["person", "person", "aimer:expert"], options={"flutter": 0})
    friend = pages.open(PHONE, touch=True)
    # The friend's phone asks for less motion: the drop is shown, nothing moves.
    friend.emulate_media(reduced_motion="reduce")
    take_seat(friend, invite, "Ben")
    expect(host.locator("#waiting-seats li").nth(1)).to_contain_text("Ben")
    start(host)

    for page in (host, friend):
        # The 9 x 3 table: 25 flies and 2 blanks, each fly with its symbol's mark.
        expect(page.locator(".fly-cards .fly-card")).to_have_count(27)
        expect(page.locator(".fly-cards .fly-blank")).to_have_count(2)
        expect(page.locator(".fly-cards .fly-mark")).to_have_count(25)
    expect(host.locator(".fly-drop")).to_be_visible()
    expect(friend.locator(".fly-controls")).to_be_hidden()

    people = [Person(host, 0, random.Random(1)), Person(friend, 1, random.Random(2), touch=True)]
    reloaded = checked = turned = fingered = told = told_still = False
    pictured = False
    deadline = time.monotonic() + GAME_S
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        states = [person.state() for person in people]
        if all(state["over"] for state in states):
            break
        acted = False
        for person, state in zip(people, states, strict=True):
            if not state["acting"] or state["over"]:
                continue
            page = person.page
            if page is host and not turned:
                turn_with_the_keys_and_the_wheel(host)
                turned = True
            if page is friend and not fingered:
                turn_with_two_fingers(friend)
                fingered = True
            if page is friend and not reloaded and person.moves >= 2:
                # The friend's tab is reloaded on their turn: the same seat, the table
                # as it is, and no drop told again.
                friend.reload()
                expect(friend.locator("#seats li").nth(1)).to_contain_text("you")
                expect(friend.locator(".fly-drop")).to_be_visible()
                expect(friend.locator(".fly-story > *")).to_have_count(0)
                expect(friend.locator(".fly-cards .fly-card")).to_have_count(
                    host.locator(".fly-cards .fly-card").count())
                reloaded = True
            if page is host and not checked and person.moves >= 2:
                assert axe_problems(host) == []
                assert horizontal_overflow(friend) == 0
                checked = True
            if page is host and not pictured and state["flies"] <= 20:
                people[0].aim_at_a_fly()
                expect(host.locator(".fly-board")).not_to_have_attribute("data-hinted", "0")
                screenshot(host, "fly")
                pictured = True
            hinted = person.move()
            if page is host:
                # It lands where it was aimed: the lit flies are the host's now.
                pile = host.locator(".fly-pile[data-pile='0']")
                for card in hinted:
                    expect(pile.locator(f"[data-card='{card}']")).to_have_count(1)
            if page is host and not told:
                # The host's drop is told (the friend drops next: no later drop cuts the
                # story short): the swatter falls, then the covered flies light up ...
                expect(host.locator(".fly-story .fly-falling")).to_have_count(1)
                assert host.evaluate(MOVING_JS) > 0
                expect(host.locator(".fly-story .fly-lit").first).to_be_attached()
                told = True
                # ... and with less motion, the covered flies are lit where they lay,
                # with nothing moving.
                expect(friend.locator(".fly-story .fly-lit").first).to_be_attached()
                assert friend.evaluate(MOVING_JS) == 0
                told_still = True
            acted = True
        if not acted:
            host.wait_for_timeout(25)  # the bot's drop, or the server's answer
    assert reloaded and checked and turned and fingered and told and told_still and pictured

    for page in (host, friend):
        result = page.locator("#result")
        expect(result).to_be_visible()
        expect(page.locator("#result-reason")).to_contain_text("Only the two blank cards")
        expect(result.locator("tbody tr")).to_have_count(3)
        for name in ("Ann", "Ben", "aimer bot"):
            expect(result).to_contain_text(name)
        # The table is closed up to the two blanks; every fly is in a pile.
        expect(page.locator(".fly-cards .fly-card")).to_have_count(2)
        expect(page.locator(".fly-pile .fly-chip")).to_have_count(25)
        expect(page.locator(".fly-prompt")).to_contain_text("Only the two blank cards")
        story = page.locator("#log").inner_text()
        assert not re.search(r"\b[Ss]eat \d", story), story[-300:]
    assert axe_problems(friend) == []
    assert horizontal_overflow(friend) == 0
