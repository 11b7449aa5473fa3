"""Superfly in the browser, played as people play it: a host on a laptop makes the room in
the lobby, a friend on a phone opens the invite link and takes a seat, a ``collector``
bot takes the third; the two people play a whole game through the table only.  At each
signal the host swats a fly by its number key or a click, or passes with p; the friend
taps a fly or the Pass button.  The result is shown to both.

Short swats (a 4 s countdown) and a safety cap on turns keep the game short.  What the
pages sent is read from their WebSocket frames: every swat and pass went out with the
signal's window and the reaction the shell measured.  On the way: a swatter raised is
seen by the others without its fly; the last turn's swatters and dice are shown; the
accessibility check mid-game and at the end, the phone's width, the screenshot.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.web.pages import (
    PHONE,
    PageMaker,
    axe_problems,
    horizontal_overflow,
    keep_texts,
    make_room,
    ready_if_asked,
    screenshot,
    sent_frames,
    start,
    take_seat,
)

DEADLINE_MS = 4000
#: The safety cap: enough turns for a round or two to end with hands shown and tokens.
TURNS = 24
HOST, FRIEND = "Ann", "Ben"
#: A whole game takes some 10-20 s; this bounds a stuck one.
GAME_S = 60.0

#: The last turn's swatters coming down: kept whenever shown (``keep_texts``).
REVEALING = ".sf-last .sf-flies.sf-revealing"

#: Where a page's table stands, read in one go (given :data:`REVEALING`).
STATE_JS = """(revealing) => {
  const t = document.querySelector('.sf');
  const result = document.getElementById('result');
  return {
    over: result !== null && !result.hidden,
    phase: t?.dataset.phase ?? null,
    window: t?.dataset.window ?? '',
    canAct: t?.dataset.canAct === 'true',
    flies: [...document.querySelectorAll('.sf-centre button.sf-can')]
      .map((b) => b.dataset.action),
    lastTurn: document.querySelectorAll('.sf-last .sf-fly').length,
    dice: /rolled [1-6]/.test(document.querySelector('.sf-last')?.textContent ?? ''),
    shown: document.querySelectorAll('.sf-shown .sf-shown-hand').length,
    revealing: (window.keptTexts?.[revealing] ?? []).length > 0,
  };
}"""


def unless_over(move: Callable[[], object]) -> bool:
    """A move at the signal, which may close under it (the deadline): False when the
    page no longer offered it."""
    try:
        move()
    except PlaywrightError:
        return False
    return True


@dataclass
class Person:
    """A person at a page: the host with keys and a mouse, the friend with a finger."""

    page: Page
    name: str
    keys: bool
    rng: random.Random
    moves: int = 0
    hints: int = 0

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate(STATE_JS, REVEALING)
        return state

    def choose(self, state: dict[str, Any]) -> bool:
        """Swats one of the flies the table offers, or passes (one time in five); True
        once the page shows the choice made."""
        self.moves += 1
        flies: list[str] = state["flies"]
        page = self.page
        if not flies or self.rng.random() < 0.2:
            if self.keys and self.moves % 2:
                done = unless_over(lambda: page.keyboard.press("p"))
            else:
                button = page.get_by_role("button", name=re.compile("^Pass"))
                done = unless_over(lambda: (button.tap if not self.keys else button.click)(
                    timeout=DEADLINE_MS))
        else:
            action = self.rng.choice(flies)
            fly = page.locator(f".sf-centre button[data-action='{action}']")
            if self.keys and self.moves % 2:
                done = unless_over(lambda: page.keyboard.press(
                    fly.locator(".sf-key").inner_text(timeout=500)))
            elif self.keys:
                # What it does is shown before the press (the hint under the flies).
                if unless_over(lambda: fly.hover(timeout=DEADLINE_MS)):
                    hint = page.locator(".sf-hint").text_content() or ""
                    self.hints += hint.startswith(f"Swat the {action[5:]}")
                done = unless_over(lambda: fly.click(timeout=DEADLINE_MS))
            else:
                done = unless_over(lambda: fly.tap(timeout=DEADLINE_MS))
        # The page shows the choice made: this seat no longer chooses (or, the last to
        # choose, the next signal has come).
        return done and unless_over(lambda: page.wait_for_function(
            "(w) => { const t = document.querySelector('.sf')?.dataset;"
            " return !t || t.canAct !== 'true' || t.window !== w; }",
            arg=state["window"], timeout=DEADLINE_MS * 2))


@pytest.mark.slow
def test_two_friends_and_a_bot_play_a_whole_game_of_superfly(pages: PageMaker) -> None:
    host = pages.open()
    host_frames = sent_frames(host)
    invite = make_room(host, "Superfly", name=HOST, players=3,
                       seats=["person", "person", "collector:expert"],
                       options={"deadline_ms": DEADLINE_MS, "max_turns": TURNS})
    friend = pages.open(PHONE, touch=True)
    friend_frames = sent_frames(friend)
    take_seat(friend, invite, FRIEND)
    expect(host.locator("#waiting-seats li").nth(1)).to_contain_text(FRIEND)
    for page in (host, friend):
        keep_texts(page, REVEALING)
    start(host)
    for page in (host, friend):
        expect(page.locator(".sf-centre .sf-card")).to_have_count(2)  # players less one
        # Each fly says its colour in a letter and in words, never by colour alone.
        first = page.locator(".sf-centre .sf-card").first
        expect(first.locator(".sf-letter")).to_have_text(re.compile("^[ROYGBP]$"))
        expect(first.locator(".sf-colour")).to_have_text(
            re.compile("^(red|orange|yellow|green|blue|purple)$"))
        expect(page.locator(".sf-hand .sf-chip")).to_have_count(1)

    people = [Person(host, HOST, keys=True, rng=random.Random(1)),
              Person(friend, FRIEND, keys=False, rng=random.Random(2))]
    secret_seen = pictured = checked = dice_shown = hands_shown = revealed = False
    ends = time.monotonic() + GAME_S
    while True:
        assert time.monotonic() < ends, f"the game did not end in {GAME_S:g} s"
        states = [person.state() for person in people]
        if all(state["over"] for state in states):
            break
        acted = False
        for person, state in zip(people, states, strict=True):
            acted |= ready_if_asked(person.page, by_key=person.keys)
            dice_shown |= state["dice"]
            revealed |= state["revealing"]
            hands_shown |= state["shown"] == 3
            if state["over"] or not state["canAct"] or state["phase"] != "swat":
                continue
            if person.page is host and not pictured and state["lastTurn"] >= 1:
                # Mid-game: the flies waiting for a swat, the last turn's dice below.
                screenshot(host, "superfly")
                assert axe_problems(host) == []
                pictured = True
                continue  # the signal may have closed meanwhile: look again
            if person.page is friend and not checked:
                assert horizontal_overflow(friend) == 0
                assert axe_problems(friend) == []
                checked = True
                continue
            person.choose(state)
            acted = True
            other = friend if person.page is host else host
            if not secret_seen and person.page is host and other_still_choosing(other):
                # The friend sees that the host's swatter is raised, not over which fly.
                expect(other.locator(".sf-seat").nth(0)).to_contain_text("swatter raised")
                expect(other.locator(".sf-centre .sf-mine")).to_have_count(0)
                expect(host.locator(".sf-prompt")).to_contain_text(
                    re.compile(r"You (swat|pass)"))
                secret_seen = True
        if not acted:
            host.wait_for_timeout(25)  # the bot, or the server's answer
    assert pictured and checked, "the host never had a turn after the first"
    assert secret_seen, "the host never chose while the friend was still choosing"
    assert sum(p.moves for p in people) >= 4
    assert dice_shown, "no page showed the swatters' dice of a turn"
    assert revealed, "no page read out a turn's swatters as they came down"
    assert hands_shown, "no page showed the hands at a round's end"
    assert people[0].hints, "hovering a fly never showed what swatting it does"

    for page in (host, friend):
        result = page.locator("#result")
        expect(result).to_be_visible()
        expect(result.locator("tbody tr")).to_have_count(3)
        for who in (HOST, FRIEND, "collector bot"):
            expect(result).to_contain_text(who)
        # The table's own end: every seat's tokens, and the last round's hands shown.
        expect(page.locator(".sf-news")).to_contain_text("Fly Catcher tokens")
        expect(page.locator(".sf-last .sf-fly").first).to_be_visible()
    assert axe_problems(host) == []
    assert axe_problems(friend) == []
    assert horizontal_overflow(friend) == 0

    for name, frames in ((HOST, host_frames), (FRIEND, friend_frames)):
        moves = [f for f in frames if f.get("type") == "act"]
        assert moves, f"{name} sent no swat"
        assert any(f["action"].startswith("swat ") for f in moves), moves
        for frame in moves:
            assert frame["action"] == "pass" or frame["action"].startswith("swat "), frame
            assert isinstance(frame["window"], int), frame
            assert 0 <= frame["reaction_ms"] < DEADLINE_MS * 2, frame


def other_still_choosing(page: Page) -> bool:
    state: bool = page.evaluate(
        "() => document.querySelector('.sf')?.dataset.canAct === 'true'")
    return state


def test_the_first_swat_waits_until_a_new_player_says_ready(pages: PageMaker) -> None:
    """Issue 38, snag 2: the first swat opened the moment the game did, and a new player
    lost it while still reading the table.  Now the room's first race waits, and says
    so, until its person says ready (the button, already focused, or space)."""
    page = pages.open()
    make_room(page, "Superfly", name=HOST, players=3,
              seats=["person", "collector", "collector"], options={"deadline_ms": 4000})
    start(page)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Get ready")
    expect(page.locator("#ready")).to_be_focused()
    # Held: the flies are shown, but no swat is open and no countdown runs.
    page.wait_for_timeout(1500)
    state = page.evaluate(STATE_JS, REVEALING)
    assert not state["canAct"] and state["window"] == ""
    expect(page.locator("#countdown")).to_be_hidden()
    # Two alike bots are two names (snag 5), as the server names them everywhere.
    drawer = page.locator("#seats")
    expect(drawer).to_contain_text("collector bot, average #1")
    expect(drawer).to_contain_text("collector bot, average #2")
    page.keyboard.press(" ")
    expect(notice).to_be_hidden()
    page.wait_for_function("() => document.querySelector('.sf')?.dataset.canAct === 'true'")
    assert page.evaluate(STATE_JS, REVEALING)["flies"], "the swat opened with flies to swat"
