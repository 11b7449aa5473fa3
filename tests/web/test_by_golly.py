"""By Golly! in the browser, played as people play it: a host on a laptop makes the room
in the lobby, a friend on a phone opens the invite link and takes a seat, a bot takes
the third; the two people play a whole game through the page only (clicks on the run's
cards, the hand and the turn's choices, and the keys the table names), the friend reloads
the page mid-game and is back in the seat, and the result is shown to both.  On the way:
the accessibility check of the table, the phone's width, the screenshot for the README.

The game is cut short by its own option (``max_turns``): played at random, a game of 15
cards each would take hundreds of turns, and the end a person sees is the same page.
"""

from __future__ import annotations

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

#: Turns before the game's safety cap ends it: enough for each person several turns,
#: the mess and the shuffle now and then.
TURNS = 18
#: How long the whole game may take through two pages.
GAME_S = 90.0

#: What a page shows of its seat's position, read in one go.
STATE_JS = """() => {
  const table = document.querySelector('.bg');
  const play = document.getElementById('play');
  const on = (sel) => [...document.querySelectorAll(sel)]
    .filter((e) => !e.disabled && e.getAttribute('aria-disabled') !== 'true')
    .map((e) => e.dataset.action ?? e.dataset.letter);
  return {
    over: !document.getElementById('result').hidden,
    acting: play !== null && play.dataset.acting === 'true',
    phase: table === null ? null : table.parentElement.dataset.phase,
    choices: on('.bg-choices button'),
    hand: on('.bg-hand button'),
    run: on('.bg-run button'),
    faceUp: document.querySelectorAll('.bg-run .bg-up').length,
    turnedBack: document.querySelectorAll('.bg-run .bg-seen, .bg-run .bg-mixed').length,
  };
}"""


class PageState(TypedDict):
    """What ``STATE_JS`` reads: whether the game is over, whether this seat acts, the
    phase, and the controls that act now (actions, or the run's letters)."""

    over: bool
    acting: bool
    phase: str | None
    choices: list[str]
    hand: list[str]
    run: list[str]
    faceUp: int
    turnedBack: int


@dataclass
class Person:
    """A person at a page, choosing at random among what the page offers, by click or
    by key in turn."""

    page: Page
    rng: random.Random
    moves: int = 0

    def state(self) -> PageState:
        state: PageState = self.page.evaluate(STATE_JS)
        return state

    def move(self, state: PageState) -> None:
        """One action through the page: a choice of the turn, a card of the hand, or a
        card of the run (every other move by its key)."""
        by_key = self.moves % 2 == 1
        self.moves += 1
        step = self.page.locator("#play").get_attribute("data-step")
        choices, hand, run = state["choices"], state["hand"], state["run"]
        if choices:
            action = self.rng.choice(choices)
            if by_key:
                key = {"shuffle": "y", "keep": "n", "end": " "}.get(action, action[-1])
                self.page.keyboard.press("Space" if key == " " else key)
            else:
                self.page.locator(f".bg-choices button[data-action='{action}']").click()
        elif hand:
            action = self.rng.choice(hand)
            if by_key:
                button = self.page.locator(f".bg-hand button[data-action='{action}']")
                self.page.keyboard.press(button.locator(".bg-letter").inner_text())
            else:
                self.page.locator(f".bg-hand button[data-action='{action}']").click()
        elif run:
            letter = self.rng.choice(run)
            if by_key:
                self.page.keyboard.press(letter)
            else:
                self.page.locator(f".bg-run button[data-letter='{letter}']").click()
        # The server's answer: the game moves on (a step further).
        expect(self.page.locator("#play")).not_to_have_attribute("data-step", step or "")


@pytest.mark.slow
def test_two_friends_and_a_bot_play_a_whole_game_in_the_browser(pages: PageMaker) -> None:
    host = pages.open()
    invite = make_room(host, "By Golly!", name="Ann", players=3,
                       seats=["person", "person", "perfect:expert"],
                       options={"max_turns": TURNS})
    friend = pages.open(PHONE, touch=True)
    take_seat(friend, invite, "Ben")
    expect(host.locator("#waiting-seats li").nth(1)).to_contain_text("Ben")
    start(host)

    for page in (host, friend):
        expect(page.locator(".bg-run button")).to_have_count(19)
        expect(page.locator(".bg-hand button").first).to_be_visible()
    # Each place has its letter, as at the terminal (no q).
    expect(host.locator(".bg-run .bg-letter")).to_have_text(list("abcdefghijklmnoprst"))

    people = [Person(host, random.Random(1)), Person(friend, random.Random(2))]
    reloaded = checked = False
    # The screenshot shows the host's turn with the most cards face up seen so far (up to 3).
    pictured = 0
    # Seen on the way: the cards turned over stay face up until the turn's end; then they
    # are face down again, marked on their backs until the next card is laid.
    face_up_at_the_end = turned_back_marked = False
    deadline = time.monotonic() + GAME_S
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        states = [person.state() for person in people]
        if all(state["over"] for state in states):
            break
        acted = False
        for person, state in zip(people, states, strict=True):
            face_up_at_the_end |= state["phase"] == "end" and state["faceUp"] >= 1
            turned_back_marked |= state["phase"] == "lay" and state["turnedBack"] >= 1
            if state["acting"] and not state["over"]:
                if not checked and state["phase"] == "turn":
                    # Mid-turn: a card laid, the run waiting for a click.
                    assert axe_problems(person.page) == []
                    assert horizontal_overflow(friend) == 0
                    checked = True
                if person.page is host and pictured < min(3, state["faceUp"]):
                    screenshot(host, "by-golly")
                    pictured = state["faceUp"]
                person.move(state)
                acted = True
        if not reloaded and people[1].moves >= 6:
            # The friend's tab is reloaded mid-game: the same seat, its hand, play on.
            friend.reload()
            expect(friend.locator("#seats li").nth(1)).to_contain_text("you")
            expect(friend.locator(".bg-run button")).to_have_count(19)
            expect(friend.locator(".bg-hand button").first).to_be_visible()
            reloaded = True
        if not acted:
            host.wait_for_timeout(25)  # the bot's turn, or the server's answer
    assert reloaded and checked and face_up_at_the_end and turned_back_marked
    assert pictured > 0

    for page in (host, friend):
        result = page.locator("#result")
        expect(result).to_be_visible()
        expect(page.locator("#result-reason")).to_contain_text("safety cap")
        expect(result.locator("tbody tr")).to_have_count(3)
        for name in ("Ann", "Ben", "perfect bot"):
            expect(result).to_contain_text(name)
        expect(page.get_by_role("link", name="Download the record")).to_have_attribute(
            "href", re.compile(r"/api/rooms/[\w-]+/games/1/record$"))
        # The story names the people, not their seat numbers ("Ben lays an owl ...").
        story = page.locator("#log").inner_text()
        other = "Ben" if page is host else "Ann"
        assert f"{other} lays" in story and "You lay" in story, story[-300:]
        assert not re.search(r"\b[Ss]eat \d", story), story[-300:]
    assert axe_problems(host) == []
    assert horizontal_overflow(friend) == 0
