"""Fliegen klatschen's story of a hunt in the browser is the server's (issue 37,
"narration is the server's"): a German browser plays against two bots, slapping the
first fly in each hunt, and the hunt's story shows the server's German words (the update's
``told``, games/fliegen_klatschen/narration.py), with the room's names put for the seats,
and no English; so does each seat's news of the hunt beside its name (the ``told``'s
``news``: "+ rote 3", "✗ falsche Fliege: − gelbe 1")."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.web.pages import PageMaker, ready_if_asked
from tests.web.test_languages import room_in

#: A hunt with a verdict in a whole game takes a few seconds; this bounds a stuck one.
PLAY_S = 90.0
GERMAN_VERDICT = re.compile(
    r"^(✓ gewonnen|✗ falsche Farbe: .+|– eine andere Hand lag darunter)$")
#: A fly as the German catalog names it ("rote 3"), and a seat's news of a hunt: a fly
#: won, a penalty paid with one, or with none; one or more, in one note.
GERMAN_FLY = r"(rote|gelbe|grüne|blaue|lila|orange) \d+"
GERMAN_NEWS_ITEM = (rf"(\+ {GERMAN_FLY}|✗ falsche Fliege: − {GERMAN_FLY}"
                    r"|✗ falsche Fliege \(nichts zu verlieren\))")
GERMAN_NEWS = re.compile(rf"^{GERMAN_NEWS_ITEM}( {GERMAN_NEWS_ITEM})*$")
#: Every note the table gave a seat, kept from the moment it appears however soon the
#: next card takes it away.
WATCH_NEWS_JS = """() => {
  window.fkNews = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      const found = node.matches('.fk-news') ? [node] : [...node.querySelectorAll('.fk-news')];
      for (const news of found) window.fkNews.push(news.textContent);
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""

#: The story of the last hunt as the table shows it, read in one look once it has a
#: verdict (null before): the next hunt, even one with nothing in the centre, tells its
#: own story in its place, so two looks could read two stories, or none.
STORY_JS = r"""() => {
  const story = document.querySelector('.fk-story');
  if (story === null || story.querySelector('.fk-verdict') === null) return null;
  const texts = (selector) => [...story.querySelectorAll(selector)]
    .map((e) => e.textContent.replace(/\s+/g, ' ').trim());
  return {title: texts('.fk-story-title')[0] ?? '', verdicts: texts('.fk-verdict'),
          hands: texts('.fk-story-hand'), text: story.innerText};
}"""


def test_a_german_browser_reads_the_server_s_german_story_of_the_hunt(pages: PageMaker) -> None:
    page = pages.open(locale="de-DE")
    room_in(page, "de", "fliegen-klatschen", players=3, bots=2,
            options={"deadline_ms": 1500})
    table = page.locator(".fk")
    expect(table).to_be_visible()
    page.evaluate(WATCH_NEWS_JS)
    ends = time.monotonic() + PLAY_S
    while (story := page.evaluate(STORY_JS)) is None:
        assert time.monotonic() < ends, f"no hunt was told in {PLAY_S:g} s"
        ready_if_asked(page, by_key=True)
        state = table.evaluate("(t) => ({...t.dataset})")
        assert state["phase"] != "over", "the game ended before a hunt had a hand down"
        if state["canAct"] == "true":
            if state["phase"] == "hunt":
                page.keyboard.press("1")  # a hand on the first fly, then done
                page.keyboard.press("p")
            else:
                page.keyboard.press(" ")
        page.wait_for_timeout(50)
    assert re.match(r"^(Letzte )?Jagd\b", story["title"]), story
    assert GERMAN_VERDICT.match(story["verdicts"][0]), story
    # Every hand's line in German, the seats by the room's names (Ana is "Du").
    for line in story["hands"]:
        assert re.match(r"^.+ auf .+ nach \d+ ms", line), story
    text = story["text"]
    assert not re.search(r"\b(Seat|Platz|seat) \d", text), text
    assert "won it" not in text and "revealed" not in text and "Hunt" not in text, text
    # The hunt's news beside the seats, in the server's German: the first hand on a fly
    # won it or paid for it, so a hunt with a verdict told someone something.
    page.wait_for_function("() => window.fkNews.length > 0", timeout=5000)
    news: list[str] = page.evaluate("() => window.fkNews")
    for said in news:
        assert GERMAN_NEWS.match(said), news
