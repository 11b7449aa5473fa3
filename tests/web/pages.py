"""What the browser tests do as a person would: make a room in the lobby, open the
invite link and take a seat, start; and what they check on any page: the accessibility
check (axe-core), the fit on a phone, the screenshots the README shows."""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from tests.web.node import AXE, ROOT, node_tools

#: Where the screenshots go: with ``GAMENIGHT_SCREENSHOTS=1`` into ``docs/screenshots``
#: (committed; the README shows them), else into a temporary folder, so that running the
#: tests never changes the working tree (the shot is taken all the same).
SCREENSHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("GAMENIGHT_SCREENSHOTS") == "1"
               else Path(tempfile.gettempdir()) / "gamenight-screenshots")
LAPTOP: ViewportSize = {"width": 1280, "height": 860}
PHONE: ViewportSize = {"width": 360, "height": 740}
#: The impacts of axe-core's violations that fail a page.
FAILING_IMPACTS = ("serious", "critical")


@dataclass
class PageMaker:
    """Pages of one test, each in a context of its own (its own storage: its own person)."""

    browser: Browser
    base_url: str
    contexts: list[BrowserContext] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, viewport: ViewportSize | None = None, *, touch: bool = False,
             locale: str = "en-US") -> Page:
        # The browser's language is the test's (the page speaks it: js/i18n.js), never
        # the machine's.
        context = self.browser.new_context(base_url=self.base_url, locale=locale,
                                           viewport=viewport or LAPTOP, has_touch=touch)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        # Anything the page's Content-Security-Policy refused is a fault of the client.
        page.on("console", lambda message: self.errors.append(message.text)
                if "Content Security Policy" in message.text else None)
        return page

    def close(self) -> list[str]:
        for context in self.contexts:
            context.close()
        return self.errors


# -- a person's steps -----------------------------------------------------------------------------
def make_room(page: Page, title: str, *, name: str | None, players: int,
              seats: list[str], options: dict[str, Any] | None = None) -> str:
    """In the lobby: choose the game ``title``, type ``name``, choose the table size and
    each seat (``"person"``, or a bot spec ``"perfect:expert"``), set ``options``, make
    the room; returns the invite link the room page shows."""
    page.goto("/")
    page.get_by_text(title, exact=True).click()
    if name is not None:
        page.get_by_label("Your name").fill(name)
    page.get_by_label("Players", exact=True).select_option(str(players))
    for seat, who in enumerate(seats):
        if who == "person":
            page.locator(f"#seat-{seat}").select_option(label="A person")
        else:
            bot, _, level = who.partition(":")
            page.locator(f"#seat-{seat}").select_option(label=f"Bot: {bot}")
            if level:
                page.locator(f"#seat-{seat}-level").select_option(level)
    if options:
        page.get_by_text("Options", exact=True).click()
        for option, value in options.items():
            field_ = page.locator(f"#option-{option}")
            if isinstance(value, bool):
                field_.set_checked(value)
            elif field_.evaluate("e => e.tagName") == "SELECT":
                field_.select_option(label=str(value))
            else:
                field_.fill(str(value))
    page.get_by_role("button", name="Make the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    link = page.get_by_label("Invite friends with this link")
    expect(link).to_have_value(re.compile(r"^http://.+/r/[\w-]+$"))
    return link.input_value()


def take_seat(page: Page, invite: str, name: str) -> None:
    """Opens the invite link and takes a seat as ``name``."""
    page.goto(invite)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    expect(page.locator("#waiting")).to_be_visible()


def start(page: Page) -> None:
    """The host starts the game."""
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.locator("#play")).to_be_visible()


def ready_if_asked(page: Page, *, by_key: bool = False) -> bool:
    """A person's "I'm ready": when the room's first race waits for this page's seat
    (issue 38: a new player does not lose it while still reading the table), a tap on the
    button, or space; returns whether it was asked."""
    button = page.locator("#ready")
    # Said once: the button is disabled until the room's message hides it.
    if not (button.is_visible() and button.is_enabled()):
        return False
    try:
        if by_key:
            page.keyboard.press(" ")
        else:
            button.click(timeout=2000)
    except PlaywrightError:  # the race opened under it (the others were ready first)
        return False
    return True


# -- checks on any page ---------------------------------------------------------------------------
def axe_problems(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now (one line
    each: the rule, its impact and the first elements it names)."""
    node_tools()
    if not page.evaluate("() => 'axe' in window"):
        # Evaluated through the browser's debugging protocol, as a person's browser
        # extension would run it: the page's Content-Security-Policy (rightly) refuses
        # an inline script tag.
        page.evaluate(AXE.read_text("utf-8") + "\n;undefined")
    # The page at rest, as a person reads it: a line fading in is not yet its colours.
    # Motion is reduced while axe looks (the tables honour prefers-reduced-motion), so
    # that a line an update brings meanwhile does not fade in under it, as one did while
    # a Superfly game went on; then what was already moving is waited out.
    reduced = page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    page.emulate_media(reduced_motion="reduce")
    try:
        page.wait_for_function(
            "() => document.getAnimations().every((a) => a.playState !== 'running')")
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    finally:
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    return [f"{v['id']} ({v['impact']}): {v['help']}: "
            f"{[n['target'] for n in v['nodes'][:3]]}"
            for v in result["violations"] if v["impact"] in FAILING_IMPACTS]


#: The page's overflow at rest and at each quarter of every animation it has now, paused
#: there together: a pop that scales a line at a phone's right edge makes the page wider
#: for its moment, and a look taken between frames would see that only by chance.
WIDEST_MOMENT_JS = """() => {
  const root = document.documentElement;
  const over = () => root.scrollWidth - root.clientWidth;
  let widest = over();
  const moving = document.getAnimations().map((a) => [a, a.playState, a.currentTime]);
  for (const [a] of moving) a.pause();
  for (const at of [0, 0.25, 0.5, 0.75]) {
    for (const [a] of moving) {
      const timing = a.effect.getComputedTiming();
      a.currentTime = timing.delay + at * timing.duration;
    }
    widest = Math.max(widest, over());
  }
  for (const [a, state, time] of moving) {
    a.currentTime = time;
    if (state === 'running') a.play();
  }
  return widest;
}"""


def horizontal_overflow(page: Page) -> int:
    """How many pixels the page is wider than its viewport (0: no horizontal scroll), at
    its widest: at rest, and at each quarter of every animation running or just started
    (:data:`WIDEST_MOMENT_JS`)."""
    width: int = page.evaluate(WIDEST_MOMENT_JS)
    return width


def screenshot(page: Page, name: str) -> Path:
    """Writes ``<name>.png`` (the page as it is now) into :data:`SCREENSHOTS`."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    # A card turning over is caught whole, not halfway.
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')")
    page.screenshot(path=str(path), full_page=False)
    return path


def sent_frames(page: Page) -> list[dict[str, Any]]:
    """Every message the page sends over its WebSockets from now on, as sent (after a
    reload too): what a test reads the page's actions, windows and reaction times from."""
    frames: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framesent", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


#: Keeps on the page, from now on, every text the first element matching a selector shows
#: (``window.keptTexts[selector]``; a selector of an attribute's value, such as
#: ``.sf[data-can-act='false']``, keeps a text each time it matches): a state that lasts
#: until the next update (a toast, a prompt after a pass, the swatters coming down) may
#: come and go between two looks of a test, which then misses it.
KEEP_TEXTS_JS = """(selector) => {
  const texts = [];
  (window.keptTexts ??= {})[selector] = texts;
  const look = () => {
    const found = document.querySelector(selector);
    if (found !== null) texts.push(found.textContent);
  };
  new MutationObserver(look).observe(document.body,
    {childList: true, characterData: true, subtree: true, attributes: true});
  look();
}"""


def keep_texts(page: Page, selector: str) -> None:
    """From now on, keep every text ``selector``'s element shows (``kept_texts``)."""
    page.evaluate(KEEP_TEXTS_JS, selector)


def kept_texts(page: Page, selector: str) -> list[str]:
    """The texts ``selector``'s element has shown since ``keep_texts`` (or ``forget_texts``)."""
    texts: list[str] = page.evaluate("(s) => window.keptTexts[s]", selector)
    return texts


def forget_texts(page: Page, selector: str) -> None:
    """Start the kept texts of ``selector`` afresh."""
    page.evaluate("(s) => { window.keptTexts[s].length = 0; }", selector)
