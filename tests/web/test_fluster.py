"""Fluster in the browser, played as people play it: a host on a laptop makes a room for
two in the lobby, a friend on a phone opens the invite link and takes the other seat; the
two play all 50 calls through the table only.  The caller picks a letter (or a Blank) and
a number on the pickers and calls -- by clicks, or by the keys the table names (the
letter or space, the digits, Enter); each writes a number's first call by clicking the
square of it in one block, or by ← / →.  The friend reloads the page mid-game and is
back at the same pad.  At the end both pages show every pad scored and
the result.  On the way: the accessibility check mid-game and at the end, the phone's
width, the screenshot for the README.

Fluster has no option that shortens it: a game is always 50 calls.
"""

from __future__ import annotations

import random
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
GAME_S = 60.0

#: What a page shows of its seat's position, read in one go.
STATE_JS = """() => {
  const play = document.getElementById('play');
  const table = document.querySelector('.fl');
  const on = (sel, key) => [...document.querySelectorAll(sel)]
    .filter((e) => !e.disabled).map((e) => e.dataset[key]);
  return {
    over: !document.getElementById('result').hidden,
    acting: play !== null && play.dataset.acting === 'true',
    phase: table === null ? null : table.parentElement.dataset.phase,
    letters: on('.fl-letters button', 'letter'),
    numbers: on('.fl-numbers button', 'number'),
    squares: on('button.fl-takes', 'side'),
    popped: document.querySelectorAll('.fl-pad .fl-sq.fl-new').length,
  };
}"""


class PageState(TypedDict):
    """What ``STATE_JS`` reads: whether the game is over, whether this seat acts, the
    phase, and the controls that act now (letters and numbers to call, blocks to write)."""

    over: bool
    acting: bool
    phase: str | None
    letters: list[str]
    numbers: list[str]
    squares: list[str]
    popped: int  # the squares of the pad shown as just written (popping in)


@dataclass
class Person:
    """A person at a page, choosing at random among what the page offers, by click or
    by key in turn."""

    page: Page
    rng: random.Random
    moves: int = 0
    calls: int = 0

    def state(self) -> PageState:
        state: PageState = self.page.evaluate(STATE_JS)
        return state

    def move(self, state: PageState) -> None:
        """One action through the page: a call, or where to write one."""
        by_key = self.moves % 2 == 1
        self.moves += 1
        page = self.page
        step = page.locator("#play").get_attribute("data-step")
        if state["letters"]:
            self.calls += 1
            # Mostly A, I and Blanks, the one-letter words and what isolates them, so
            # that the pads score something; now and then any letter.
            short = [s for s in ("A", "I", "#") if s in state["letters"]]
            letter = self.rng.choice(short if short and self.rng.random() < 0.8
                                     else state["letters"])
            number = self.rng.choice(state["numbers"])
            if by_key:
                page.keyboard.press("Space" if letter == "#" else letter.lower())
                page.keyboard.press("9")  # a slip, erased
                page.keyboard.press("Backspace")
                page.keyboard.type(number)
                go = page.locator(".fl-go")
                expect(go).to_be_enabled()
                page.keyboard.press("Enter")
            else:
                page.locator(f".fl-letters button[data-letter='{letter}']").click()
                page.locator(f".fl-numbers button[data-number='{number}']").click()
                page.locator(".fl-go").click()
        else:
            side = self.rng.choice(state["squares"])
            if by_key:
                page.keyboard.press("ArrowLeft" if side == "left" else "ArrowRight")
            else:
                page.locator(f"button.fl-takes[data-side='{side}']").click()
        # The server's answer: the game moves on (a step further).
        expect(page.locator("#play")).not_to_have_attribute("data-step", step or "")


@pytest.mark.slow
def test_two_friends_play_a_whole_game_of_fluster_in_the_browser(pages: PageMaker) -> None:
    host = pages.open()
    invite = make_room(host, "Fluster", name="Ann", players=2, seats=["person", "person"])
    friend = pages.open(PHONE, touch=True)
    take_seat(friend, invite, "Ben")
    expect(host.locator("#waiting-seats li").nth(1)).to_contain_text("Ben")
    start(host)

    for page in (host, friend):
        # Each has a pad of two blocks of 25 numbered squares.
        expect(page.locator(".fl-pad .fl-sq")).to_have_count(50)
    # The host calls first: the pickers offer every letter, the Blank and every number.
    expect(host.locator(".fl-letters button:enabled")).to_have_count(27)
    expect(host.locator(".fl-numbers button:enabled")).to_have_count(25)
    expect(friend.locator(".fl-caller")).to_be_hidden()

    people = [Person(host, random.Random(1)), Person(friend, random.Random(2))]
    checked = pictured = reloaded = popped = False
    deadline = time.monotonic() + GAME_S
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        states = [person.state() for person in people]
        if all(state["over"] for state in states):
            break
        acted = False
        for person, state in zip(people, states, strict=True):
            # The square a seat has just written pops in, and only that one.
            assert state["popped"] <= 1
            popped |= state["popped"] == 1
            if not state["acting"] or state["over"]:
                continue
            if not (state["letters"] or state["squares"]):
                continue  # the update that makes the controls is on its way
            if state["squares"]:
                # Only the called number's square in each block may take the call.
                number = person.page.locator("button.fl-takes").first.get_attribute(
                    "data-number")
                assert person.page.locator(f"button.fl-takes:not([data-number='{number}'])"
                                           ).count() == 0
            if not checked and person.page is host and state["letters"] and person.calls >= 3:
                assert axe_problems(host) == []
                assert horizontal_overflow(friend) == 0
                checked = True
            if not pictured and person.page is host and state["squares"] and person.calls >= 18:
                screenshot(host, "fluster")
                pictured = True
            person.move(state)
            acted = True
        if not reloaded and people[1].moves >= 6:
            # The friend's tab is reloaded mid-game: the same seat and pad, play on.
            friend.reload()
            expect(friend.locator("#seats li").nth(1)).to_contain_text("you")
            expect(friend.locator(".fl-pad .fl-sq")).to_have_count(50)
            # What the reload restores is not news: nothing pops in.
            expect(friend.locator(".fl-sq.fl-new")).to_have_count(0)
            reloaded = True
        if not acted:
            host.wait_for_timeout(20)  # the server's answer
    assert checked and pictured and reloaded
    assert popped, "no page showed its square just written"
    assert people[0].calls == 25 and people[1].calls == 25

    for page in (host, friend):
        result = page.locator("#result")
        expect(result).to_be_visible()
        expect(result.locator("tbody tr")).to_have_count(2)
        for name in ("Ann", "Ben"):
            expect(result).to_contain_text(name)
        # Every pad shown, full, with its totals.
        finals = page.locator(".fl-final")
        expect(finals).to_have_count(2)
        expect(finals.locator(".fl-sq")).to_have_count(100)
        expect(finals.first).to_contain_text("Grand Total")
        # Every square filled: a letter, or a Blank.
        assert page.locator(".fl-final .fl-sq:not(.fl-blank) .fl-sym:empty").count() == 0
        # The words score: their rows' and columns' circles are marked, and each pad's
        # Grand Total is the score the result gives its player.
        expect(finals.locator(".fl-circle.fl-scores").first).to_be_visible()
        scores = [int(cell) for cell in
                  result.locator("tbody tr td:last-child").all_inner_texts()]
        names = result.locator("tbody tr th").all_inner_texts()
        totals = {final.locator("h3").inner_text().split(":")[0]:
                  int(final.locator(".fl-grand").inner_text()) for final in finals.all()}
        for name, score in zip(names, scores, strict=True):
            seat_name = "You" if "(you)" in name else name
            assert totals[seat_name] == score
        assert max(scores) > 0
    assert axe_problems(host) == []
    assert axe_problems(friend) == []
    assert horizontal_overflow(friend) == 0
