"""Phone first (issue 38): on a 390 x 844 phone every decision fits one screen.

For each game the registry holds, one person plays the default bots on a phone (touch)
until the table offers them a decision, and at that moment the page is checked as it is:
the document does not scroll either way (nor does the room's main part hide a scroll of
its own), every element the decision needs (the offered actions, the hand, the submit
or pass button, the status and the countdown where there is one) lies inside the
viewport, and everything the person may tap in the table is at least 44 x 44 CSS px.
Then the drawer: the players and the log fold into it, a header button opens it (by
touch, and by the keyboard), it shows both, and it closes again (its Close button,
Escape); the accessibility check passes with it open and closed.

What a decision needs is data here, per game id (tests may name games; the browser
files other than a game's own may not): each game's decisions in the order a game
reaches them, each with the table's own word that it is the person's to make, the
elements it needs, and the tap that makes it (to reach the next one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from gamenight.games import GAMES
from tests.web.pages import (
    PageMaker,
    axe_problems,
    make_room,
    ready_if_asked,
    screenshot,
    start,
)

#: The phone of the issue (a common phone's CSS size).
PHONE_390: ViewportSize = {"width": 390, "height": 844}
#: The least size of anything a finger taps (WCAG 2.5.5, Apple's and Google's guides).
TARGET_PX = 44
#: How long the test waits for a decision (the bots play at machine speed; a game's
#: first decisions come within seconds).
DECISION_MS = 30_000

#: The snapshot of a decision, taken in one go in the page: whether the decision is
#: still there (READY, the same test as the wait's), how the page scrolls, which of the
#: needed elements lie outside the viewport, and which things a finger may tap now (in
#: the header, the table and the drawer when it is open) are too small.
SNAPSHOT_JS = """([needs, target]) => {
  const TAPPABLE = ['button', '[role=button]', 'a[href]', 'input', 'select']
    .flatMap((what) => ['.bar', '#table', '#drawer'].map((where) => `${where} ${what}`))
    .join(', ');
  const isReady = READY;
  const doc = document.documentElement;
  const main = document.getElementById('main');
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const box = (r) => `${Math.round(r.left)},${Math.round(r.top)} `
    + `${Math.round(r.width)}x${Math.round(r.height)}`;
  const outside = [];
  for (const selector of needs) {
    const found = [...document.querySelectorAll(selector)].filter(shown);
    if (found.length === 0) outside.push(`${selector}: not shown`);
    for (const e of found) {
      const r = e.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5
          || r.right > innerWidth + 0.5) outside.push(`${selector} at ${box(r)}`);
    }
  }
  const countdown = document.getElementById('countdown');
  if (!countdown.hidden) {
    const r = countdown.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) outside.push(`#countdown at ${box(r)}`);
  }
  const small = [...document.querySelectorAll(TAPPABLE)]
    .filter((e) => shown(e) && !e.disabled && e.getAttribute('aria-disabled') !== 'true')
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.width < target - 0.5 || r.height < target - 0.5)
    .map(([e, r]) => `${e.className || e.tagName} "${e.textContent.trim().slice(0, 20)}"`
      + ` ${box(r)}`);
  return {
    ready: isReady,
    scrollHeight: doc.scrollHeight, scrollWidth: doc.scrollWidth,
    innerHeight, innerWidth,
    mainHidden: main.scrollHeight - main.clientHeight,
    outside, small,
  };
}"""


@dataclass(frozen=True)
class Decision:
    """A decision a table offers the person, as the table itself says it."""

    name: str
    #: JavaScript: true while the decision is the person's to make (the table's data
    #: attributes and controls, as tests/web/test_<game>.py read them).
    ready: str
    #: Selectors of what the decision needs on screen: every element each matches.
    needs: tuple[str, ...]
    #: Selectors tapped in turn to make it (the way to the game's next decision).
    make: tuple[str, ...] = ()


SF = "document.querySelector('.sf')?.dataset"
FK = "document.querySelector('.fk')?.dataset"
ACTING = "document.getElementById('play')?.dataset.acting === 'true'"

#: Each game's decisions, in the order a game reaches them.
DECISIONS: dict[str, tuple[Decision, ...]] = {
    "fly": (
        Decision("aim", "document.querySelector('.fly-controls:not([hidden]) .fly-drop') !== null",
                 ("#status", ".fly-prompt", ".fly-board", ".fly-controls button", ".fly-hint")),
    ),
    "fliegen-klatschen": (
        Decision("reveal", f"{FK}?.canAct === 'true' && {FK}?.phase === 'reveal'",
                 ("#status", ".fk-status", ".fk-seats", ".fk-reveal-button")),
        # Reveals until a swatter opens a hunt (the test taps Reveal while it waits).
        Decision("hunt", f"{FK}?.canAct === 'true' && {FK}?.phase === 'hunt'",
                 ("#status", ".fk-status", ".fk-centre", ".fk-centre button.fk-slappable",
                  ".fk-pass-button", ".fk-countdown")),
    ),
    "superfly": (
        Decision("swat", f"{SF}?.canAct === 'true' && {SF}?.phase === 'swat'",
                 ("#status", ".sf-prompt", ".sf-centre button.sf-can", ".sf-pass",
                  ".sf-hand")),
    ),
    "fluster": (
        Decision("call",
                 f"{ACTING} && document.querySelector('.fl-letters button:enabled') !== null",
                 ("#status", ".fl-call", ".fl-letters", ".fl-letters button", ".fl-numbers",
                  ".fl-numbers button", ".fl-go", ".fl-pad .fl-block"),
                 (".fl-letters button:enabled", ".fl-numbers button:enabled", ".fl-go")),
        Decision("write", f"{ACTING} && document.querySelector('button.fl-takes') !== null",
                 ("#status", ".fl-call", ".fl-prompt", "button.fl-takes", ".fl-pad .fl-block")),
    ),
    "by-golly": (
        Decision("lay", "document.querySelector('.bg-hand button:not([aria-disabled])') !== null",
                 ("#status", ".bg-prompt", ".bg-run", ".bg-hand", ".bg-hand button"),
                 (".bg-hand button:not([aria-disabled])",)),
        Decision("turn", "document.querySelector('.bg-run button:not([aria-disabled])') !== null",
                 ("#status", ".bg-prompt", ".bg-run", ".bg-run button", ".bg-laid-card",
                  ".bg-hand")),
    ),
}
#: What the person does while waiting for a decision: when the first holds, a tap on the
#: second (Fliegen klatschen: revealing, until a swatter comes up and opens a hunt).
MEANWHILE: dict[str, tuple[str, str]] = {
    "fliegen-klatschen": (f"{FK}?.canAct === 'true' && {FK}?.phase === 'reveal'",
                          ".fk-reveal-button"),
}
#: Seats at the table (else two): Superfly at three, as the issue measured it (its
#: centre lays the players less one: two flies).
PLAYERS: dict[str, int] = {"superfly": 3}
#: Options that keep a game's windows open long enough for the checks on a busy machine.
OPTIONS: dict[str, dict[str, Any]] = {
    "fliegen-klatschen": {"deadline_ms": 6000},
    "superfly": {"deadline_ms": 6000},
}


def test_every_game_has_its_decisions_listed() -> None:
    """A game added to the registry is added here too (or this fails)."""
    assert set(DECISIONS) == set(GAMES)


def open_game(pages: PageMaker, game_id: str) -> Page:
    """A phone, one person against the game's default bots, the game started."""
    game = GAMES[game_id]
    players = PLAYERS.get(game_id, max(game.min_players, 2))
    page = pages.open(PHONE_390, touch=True)
    make_room(page, game.title, name="Ann", players=players,
              seats=["person"] + [game.default_bot] * (players - 1),
              options=OPTIONS.get(game_id))
    start(page)
    return page


def wait_for(page: Page, game_id: str, decision: Decision) -> dict[str, Any]:
    """Waits until the person has `decision` and takes its snapshot at once."""
    meanwhile = MEANWHILE.get(game_id)
    deadline = page.evaluate("() => performance.now()") + DECISION_MS
    while True:
        ready_if_asked(page)
        if meanwhile is not None and page.evaluate(f"() => {meanwhile[0]}"):
            page.locator(meanwhile[1]).tap()
        try:
            page.wait_for_function(f"() => {decision.ready}", timeout=500)
        except PlaywrightTimeoutError:  # not yet: look again
            assert page.evaluate("() => performance.now()") < deadline, (
                f"{game_id}: no {decision.name} decision came")
            continue
        snapshot: dict[str, Any] = page.evaluate(
            SNAPSHOT_JS.replace("READY", f"({decision.ready})"),
            [list(decision.needs), TARGET_PX])
        if snapshot["ready"]:
            return snapshot


def check_fit(game_id: str, decision: Decision, snapshot: dict[str, Any]) -> None:
    where = f"{game_id}, {decision.name}"
    assert snapshot["scrollHeight"] <= snapshot["innerHeight"] + 1, (
        f"{where}: the page scrolls: {snapshot['scrollHeight']} px tall")
    assert snapshot["scrollWidth"] <= snapshot["innerWidth"] + 1, (
        f"{where}: the page scrolls sideways: {snapshot['scrollWidth']} px wide")
    assert snapshot["mainHidden"] <= 1, f"{where}: the room scrolls inside itself"
    assert snapshot["outside"] == [], f"{where}: not on the screen: {snapshot['outside']}"
    assert snapshot["small"] == [], f"{where}: under {TARGET_PX} px: {snapshot['small']}"


def check_drawer(page: Page, game_id: str) -> None:
    """The players and the log fold into the drawer; it opens and closes, by touch and
    by the keyboard, and passes the accessibility check either way."""
    button = page.get_by_role("button", name="Players & log")
    drawer = page.locator("#drawer")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#seats")).to_be_hidden()
    expect(page.locator("#log")).to_be_hidden()
    assert axe_problems(page) == [], f"{game_id}: the drawer closed"

    button.tap()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(drawer.get_by_role("heading", name="Players")).to_be_visible()
    expect(drawer.get_by_role("heading", name="What happened")).to_be_visible()
    expect(page.locator("#seats li").first).to_be_visible()
    expect(page.locator("#seats li").first).to_contain_text("Ann")
    expect(page.locator("#log li").first).to_be_visible()
    close = drawer.get_by_role("button", name="Close")
    expect(close).to_be_focused()
    small = page.evaluate(SNAPSHOT_JS.replace("READY", "true"), [[], TARGET_PX])["small"]
    assert small == [], f"{game_id}: under {TARGET_PX} px with the drawer open: {small}"
    # The drawer lies within the screen, and the page under it does not scroll.
    box = drawer.locator(".drawer-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_390["width"] + 1
    assert axe_problems(page) == [], f"{game_id}: the drawer open"
    close.tap()
    expect(page.locator("#seats")).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()

    # By the keyboard: Enter opens it, Escape closes it and gives the focus back.
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#seats")).to_be_visible()
    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#seats")).to_be_hidden()
    expect(button).to_be_focused()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_decision_fits_a_phone_and_the_drawer_holds_players_and_log(
        pages: PageMaker, game_id: str) -> None:
    page = open_game(pages, game_id)
    decisions = DECISIONS[game_id]
    for i, decision in enumerate(decisions):
        snapshot = wait_for(page, game_id, decision)
        if i == 0:
            screenshot(page, f"phone-{game_id}")
        check_fit(game_id, decision, snapshot)
        for selector in decision.make:
            page.locator(selector).first.tap()
    check_drawer(page, game_id)
