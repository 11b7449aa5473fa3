"""Fliegen klatschen in the browser, played as people play it: a host on a laptop makes
the room in the lobby, a friend on a phone opens the invite link and takes a seat, a
``sharp`` bot takes the third; the two people play a whole game through the table only.
The host reveals with the space bar or Enter, and in a hunt slaps a fly by its key or a
click and passes with p; the friend taps: the Reveal button, a fly, the Pass button.  The
friend reloads the page mid-game and is back in the seat; the result is shown to both.

A short game (80 of the 112 cards taken out unseen) with short hunts (1.5 s).  Afterwards
the game's record says what the pages sent: every slap and pass in a hunt carried its
window and the reaction its page measured from the painted hunt, and the server placed
it there (a small positive time within the deadline), not at its arrival.  The record's
replay says which flies were won and which slaps were wrong: the table showed each one
beside the seat it happened to.  On the way: the accessibility check of the table in a
hunt and at the end, the phone's width, the screenshot mid-hunt for the README.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from gamenight.games.fliegen_klatschen.cards import DECK_SIZE, Card
from gamenight.games.fliegen_klatschen.cards import name as card_name
from gamenight.games.fliegen_klatschen.events import FlyWon, Penalty
from gamenight.record import loads, replay
from tests.server.live import LiveServer
from tests.web.pages import (
    PHONE,
    PageMaker,
    axe_problems,
    horizontal_overflow,
    make_room,
    ready_if_asked,
    screenshot,
    sent_frames,
    start,
    take_seat,
)

DEADLINE_MS = 1500
#: How far the server may place a person's move from the reaction its page claimed
#: (see check_hunt_moves_carry_their_reactions): later, when the claim is earlier than
#: its arrival allows (a busy machine's slow paint or input: 309 ms was seen once on 2
#: cores under `pytest -n auto`, so the bound is twice the 300 ms it was); earlier, when
#: the paint's frame time came before the update arrived.
CLAMPED_LATER_MS, CLAIM_AFTER_ARRIVAL_MS = 600.0, 20.0
HOST, FRIEND = "Ann", "Ben"
#: A whole game takes some 15-25 s; this bounds a stuck one.
GAME_S = 90.0

#: Where the table stands, as the page's table tells it (its data attributes).
TABLE_JS = """() => {
  const t = document.querySelector('.fk');
  if (t === null) return null;
  return {phase: t.dataset.phase, step: Number(t.dataset.step),
          current: Number(t.dataset.current), window: t.dataset.window,
          canAct: t.dataset.canAct === 'true',
          pending: t.dataset.pending ? t.dataset.pending.split(' ').map(Number) : []};
}"""

#: Every word the table gave a seat (a fly won, a wrong slap), as "name|words", kept
#: from the moment it appears however soon the table moves on.
WATCH_NEWS_JS = """() => {
  window.fkNews = new Set();
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      const found = node.matches('.fk-news') ? [node] : [...node.querySelectorAll('.fk-news')];
      for (const news of found) {
        const seat = news.closest('.fk-seat');
        const who = seat === null ? '?' : seat.querySelector('.fk-name').textContent;
        window.fkNews.add(who + '|' + news.textContent);
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""


def table_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] | None = page.evaluate(TABLE_JS)
    assert state is not None, "the page shows no Fliegen klatschen table"
    return state


def until(page: Page, condition: str, timeout: float | None = None) -> None:
    """Waits until ``condition`` (JavaScript, with ``t`` the table's dataset) holds."""
    page.wait_for_function(
        "() => { const t = document.querySelector('.fk')?.dataset;"
        f" return !!t && ({condition}); }}", timeout=timeout)


def unless_over(move: Callable[[], None]) -> bool:
    """A move in a hunt that may close under it (the bot, the deadline): False when the
    page no longer offered it."""
    try:
        move()
    except PlaywrightError:  # its timeout: the hunt ended first
        return False
    return True


@dataclass
class Person:
    """A person at a page: the host with keys and a mouse, the friend with a finger."""

    page: Page
    seat: int
    name: str
    keys: bool
    turns: int = 0
    hunts: int = 0

    def reveal(self) -> None:
        self.turns += 1
        until(self.page, "t.canAct === 'true'")
        if self.keys:
            self.page.keyboard.press(" " if self.turns % 2 else "Enter")
        else:
            self.page.get_by_role("button", name="Reveal").tap()

    def may_slap_in(self, window: str) -> bool:
        """Waits for this page to draw the hunt; whether its seat is still in it."""
        if not unless_over(lambda: until(
                self.page, f"t.window === {json.dumps(window)} || t.phase !== 'hunt'",
                DEADLINE_MS)):
            return False
        state = table_state(self.page)
        return state["window"] == window and state["canAct"] and self.seat in state["pending"]

    def slap(self) -> bool:
        """Slaps the first fly the table offers (by its key or a click or a tap); True
        once the page shows the hand on it."""
        self.hunts += 1
        fly = self.page.locator(".fk-centre button.fk-slappable").first
        if self.keys and self.hunts % 2:
            key = fly.locator(".fk-key")
            if not unless_over(lambda: self.page.keyboard.press(key.inner_text(timeout=500))):
                return False
        elif self.keys:
            if not unless_over(lambda: fly.click(timeout=DEADLINE_MS)):
                return False
        elif not unless_over(lambda: fly.tap(timeout=DEADLINE_MS)):
            return False
        return unless_over(lambda: self.page.locator(".fk-centre .fk-hand-mine").first.wait_for(
            timeout=DEADLINE_MS))

    def pass_(self, window: str) -> None:
        """Passes with the hand left, if the hunt is still on for this seat."""
        state = table_state(self.page)
        if state["window"] != window or not state["canAct"]:
            return
        if self.keys:
            self.page.keyboard.press("p")
        else:
            unless_over(lambda: self.page.get_by_role("button", name="Pass").tap(
                timeout=DEADLINE_MS))


def test_the_table_names_every_card_as_the_deck_prints_it(page: Page) -> None:
    """Events name cards by id; the deck the table names them by (a fly won before the
    page was opened, say) comes with the game from the server, and is the one in
    cards.py: the table holds no copy of it."""
    page.goto("/")
    deck = page.evaluate("""async () => {
      const games = await (await fetch('/api/games')).json();
      return games.find((game) => game.id === 'fliegen-klatschen').facts.cards;
    }""")
    assert deck == [Card.of(card).to_json() for card in range(DECK_SIZE)]


@pytest.mark.slow
def test_two_people_and_a_bot_play_a_whole_game_at_the_table(pages: PageMaker,
                                                            server: LiveServer) -> None:
    host, friend = pages.open(), pages.open(PHONE, touch=True)
    frames = {0: sent_frames(host), 1: sent_frames(friend)}
    invite = make_room(host, "Fliegen klatschen", name=HOST, players=3,
                       seats=["person", "person", "sharp:average"],
                       options={"remove": 80, "deadline_ms": DEADLINE_MS})
    take_seat(friend, invite, FRIEND)
    for page in (host, friend):
        page.evaluate(WATCH_NEWS_JS)
    news: dict[Page, list[str]] = {host: [], friend: []}
    start(host)
    for page in (host, friend):
        expect(page.locator(".fk")).to_be_visible()
    # Chromium's first capture of a page takes a second or more on a busy machine: one
    # now, so that the one mid-hunt is taken while the hunt is still on.
    host.screenshot()
    expect(host.locator(".fk-seat.fk-me")).to_contain_text(f"{HOST} (you)")
    expect(friend.locator(".fk-seat.fk-me")).to_contain_text(f"{FRIEND} (you)")

    people = {0: Person(host, 0, HOST, keys=True), 1: Person(friend, 1, FRIEND, keys=False)}
    shown_mid_hunt = reloaded = False
    ends = time.monotonic() + GAME_S
    while (state := table_state(host))["phase"] != "over":
        assert time.monotonic() < ends, f"the game did not end in {GAME_S:g} s"
        for person in people.values():
            ready_if_asked(person.page, by_key=person.keys)
        if state["phase"] == "hunt":
            window = state["window"]
            if not window:
                # The room's first hunt waits for its people to be ready (issue 38): the
                # notice comes with the room's message; look again and say so.
                host.wait_for_timeout(25)
                continue
            slapped = {seat: person.may_slap_in(window) and person.slap()
                       for seat, person in people.items()}
            if slapped[0] and not shown_mid_hunt and table_state(host)["window"] == window:
                # Mid-hunt, hands down and a hand still free: the screenshot (kept if the
                # hunt was still on once it was taken) and the accessibility check of the
                # table in a hunt.
                screenshot(host, "fliegen-klatschen")
                shown_mid_hunt = table_state(host)["window"] == window
                assert axe_problems(host) == []
            for person in people.values():
                person.pass_(window)
            until(host, f"t.window !== {json.dumps(window)}", DEADLINE_MS * 4)
            # The hunt's news pops in beside the seats: never wider than the phone.
            assert horizontal_overflow(friend) == 0
        elif state["current"] in people:
            person = people[state["current"]]
            if person.seat == 1 and person.turns == 2 and not reloaded:
                # A reload mid-game: the page joins again with its token, the same seat.
                news[friend] += friend.evaluate("() => [...window.fkNews]")
                friend.reload()
                expect(friend.locator(".fk-seat.fk-me")).to_contain_text(f"{FRIEND} (you)")
                friend.evaluate(WATCH_NEWS_JS)
                reloaded = True
            person.reveal()
            until(host, f"Number(t.step) > {state['step']}")
        else:
            until(host, f"Number(t.step) > {state['step']} || t.phase === 'hunt'")
    assert shown_mid_hunt, "no hunt had the host's hand down"
    assert reloaded, "the friend had no second turn"

    # The end: the shell's scores, the table's flies won by each seat.
    for page in (host, friend):
        expect(page.locator("#result")).to_be_visible()
        won = page.locator(".fk-results")
        expect(won).to_be_visible()
        expect(won.locator(".fk-result")).to_have_count(3)
        for who in (HOST, FRIEND, "sharp bot"):
            expect(won).to_contain_text(who)
    assert axe_problems(host) == []
    assert axe_problems(friend) == []
    assert horizontal_overflow(friend) == 0

    record = server.get(f"/api/rooms/{invite.rsplit('/', 1)[1]}/games/1/record")
    check_hunt_moves_carry_their_reactions(record["steps"], frames)
    events = replay(loads(json.dumps(record))).events
    for page in (host, friend):
        news[page] += page.evaluate("() => [...window.fkNews]")
    check_the_table_told_every_win_and_penalty(events, {0: HOST, 1: FRIEND, 2: "sharp bot"},
                                               news)


def windows_of(steps: list[dict[str, Any]]) -> list[int | None]:
    """The window each step was taken in (a hunt's window is named by the step at which
    it opened: its first move), or None for a turn's step or a chance outcome."""
    out: list[int | None] = []
    for i, step in enumerate(steps):
        if "at_ms" not in step:
            out.append(None)
        else:
            out.append(out[-1] if out and out[-1] is not None else i)
    return out


def check_hunt_moves_carry_their_reactions(steps: list[dict[str, Any]],
                                           frames: dict[int, list[dict[str, Any]]]) -> None:
    """Each person's slaps and passes went out with the hunt's window and the reaction
    the page measured (a turn's reveal with no time).  The record places each such move
    within the deadline, at the measured reaction or near it: the clamp (docs/fairness.md)
    keeps a claim unless it is earlier than the arrival less the round trip and 30 ms, or
    later than the arrival.  A busy machine's late paint or touch input can take a claim
    past the first bound (the phone page's taps were placed up to some 80 ms after their
    claims here), and a paint's frame time may come a few ms before the update arrived;
    the laptop's keys and clicks are placed at their claims as a rule."""
    windows = windows_of(steps)
    measured = 0
    for seat, sent in frames.items():
        acts = [f for f in sent if f["type"] == "act"]
        assert any(f["action"] == "reveal" for f in acts), f"seat {seat} never revealed"
        claims = {}
        for frame in acts:
            if frame["action"] == "reveal":
                assert "reaction_ms" not in frame and "window" not in frame, frame
                continue
            assert isinstance(frame["window"], int), frame
            assert 0 <= frame["reaction_ms"] < DEADLINE_MS, frame
            claims[frame["window"], frame["action"]] = frame["reaction_ms"]
        placed = 0
        for step, window in zip(steps, windows, strict=True):
            if step.get("seat") != seat or window is None:
                continue
            if (window, step["action"]) not in claims:
                # The deadline's pass, the server's own for a seat still in the hunt.
                assert step["action"] == "pass" and step["at_ms"] == DEADLINE_MS, step
                continue
            reaction = claims[window, step["action"]]
            placed += 1
            assert 0 < step["at_ms"] < DEADLINE_MS, (step, reaction)
            assert reaction - CLAIM_AFTER_ARRIVAL_MS <= step["at_ms"] \
                <= reaction + CLAMPED_LATER_MS, (step, reaction)
            measured += abs(step["at_ms"] - reaction) < 0.05
        assert placed, f"no move of seat {seat} in a hunt reached the record"
    assert measured, "no person's move was placed at its measured reaction"


def check_the_table_told_every_win_and_penalty(events: list[Any], names: dict[int, str],
                                               news: dict[Page, list[str]]) -> None:
    """Every fly won and every wrong slap's penalty (the record's replay says which) was
    shown on each page, beside the seat it happened to."""
    for page, told in news.items():
        shown = [item.split("|", 1) for item in told]
        for event in events:
            if isinstance(event, FlyWon):
                words = f"+ {card_name(event.card)}"
            elif isinstance(event, Penalty):
                words = ("✗ wrong fly" if event.card is None
                         else f"✗ wrong fly: − {card_name(event.card)}")
            else:
                continue
            who = names[event.seat]
            assert any(seat.startswith(who) and words in said for seat, said in shown), \
                f"{page.url}: {who}: {words!r} was never shown ({shown})"
