"""The layout slips of snag 10, each one a test: Fluster's "Blank" fits its button; a
long name in the room's seat list keeps its tags beside it; Fliegen klatschen's seats
show a bot's whole name; FLY's falling swatter falls over the board, never over the
words above it.  Each on a laptop and on a phone, one person against bots.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.web.pages import LAPTOP, PageMaker, make_room, start
from tests.web.test_phone import PHONE_390

SIZES: dict[str, ViewportSize] = {"laptop": LAPTOP, "phone": PHONE_390}

#: A person's name as long as a name may be (24 characters: gamenight.names), longer
#: than the seat list's column has room for beside its tag.
LONG_NAME = "Maximiliana Wolfgangine!"

#: For each seat of the list: where its name and its tags lie.
SEAT_BOXES_JS = """() => [...document.querySelectorAll('#seats li')].map((li) => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {text: li.textContent, name: box(li.querySelector('.name')),
          tags: [...li.querySelectorAll('.tag')].map(box)};
})"""

#: The falling swatter of the drop being told, at moments of its fall: the animation is
#: held at each keyframe before the one where the swatter lands (and halfway between
#: them), and the swatter's box read there, with the board's, the status line's and the
#: prompt's.  (Where it lands is the landing's own: a swatter may hang over the table's
#: edge.)  Null when no swatter is falling any more (a newer update ended the story).
FALL_JS = """() => {
  const swatter = document.querySelector('.fly-falling');
  const fall = swatter?.getAnimations()[0];
  if (!swatter || !fall) return null;
  fall.pause();
  const frames = fall.effect.getKeyframes();
  const duration = fall.effect.getComputedTiming().duration;
  const at = frames[frames.length - 1].transform;
  const landed = frames.findIndex((f) => f.transform === at);
  const times = [];
  for (let i = 0; i < landed; i += 1) {
    times.push(frames[i].computedOffset);
    if (i + 1 < landed) {
      times.push((frames[i].computedOffset + frames[i + 1].computedOffset) / 2);
    }
  }
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const seen = times.map((t) => { fall.currentTime = t * duration; return box(swatter); });
  fall.play();
  return {seen, board: box(document.querySelector('.fly-board')),
          status: box(document.querySelector('.fly-status')),
          prompt: box(document.querySelector('.fly-prompt'))};
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5
            and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5)


def room(pages: PageMaker, size: str, title: str, seats: list[str], name: str = "Ann",
         options: dict[str, Any] | None = None) -> Page:
    page = pages.open(SIZES[size], touch=size == "phone")
    make_room(page, title, name=name, players=len(seats), seats=seats, options=options)
    start(page)
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_fluster_s_blank_fits_its_button(pages: PageMaker, size: str) -> None:
    page = room(pages, size, "Fluster", ["person", "wordsmith"])
    blank = page.locator(".fl-letters").get_by_role("button", name="Blank")
    expect(blank).to_be_enabled()  # the person calls first
    fits = blank.evaluate("(b) => [b.scrollWidth, b.clientWidth]")
    assert fits[0] <= fits[1], f"'Blank' is {fits[0]} px wide in a {fits[1]} px button"
    # Every picker's label fits its button.
    spills = page.locator(".fl-caller button").evaluate_all(
        "(all) => all.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent)")
    assert spills == []


@pytest.mark.parametrize("size", list(SIZES))
def test_a_long_name_keeps_its_tags_beside_it_in_the_seat_list(pages: PageMaker,
                                                               size: str) -> None:
    page = room(pages, size, "Superfly",
                ["person", "collector:beginner", "collector:relaxed", "collector:average"],
                name=LONG_NAME)
    if size == "phone":
        page.get_by_role("button", name="Players & log").tap()
    expect(page.locator("#seats li")).to_have_count(4)
    expect(page.locator("#seats")).to_be_visible()
    for seat in page.evaluate(SEAT_BOXES_JS):
        name = seat["name"]
        assert seat["tags"], seat["text"]
        for tag in seat["tags"]:
            # On the name's line (beside it, within its rows), never wrapped under it.
            assert tag["top"] < name["bottom"] and tag["bottom"] > name["top"], seat
            assert tag["left"] >= name["right"] - 1, seat
    assert LONG_NAME in page.locator("#seats li").first.inner_text()


@pytest.mark.parametrize("size", list(SIZES))
def test_fliegen_klatschen_s_seats_show_whole_names(pages: PageMaker, size: str) -> None:
    page = room(pages, size, "Fliegen klatschen",
                ["person", "sharp:beginner", "sharp:average"])
    names = page.locator(".fk-seat .fk-name")
    expect(names).to_have_count(3)
    expect(names.nth(1)).to_have_text("sharp bot, beginner")
    cut = names.evaluate_all(
        "(all) => all.filter((n) => n.scrollWidth > n.clientWidth"
        " || getComputedStyle(n).textOverflow === 'ellipsis').map((n) => n.textContent)")
    assert cut == [], f"names cut short: {cut}"


@pytest.mark.parametrize("size", list(SIZES))
def test_fly_s_falling_swatter_is_not_drawn_over_the_status(pages: PageMaker,
                                                            size: str) -> None:
    # Alone at the table, so that no other seat's drop cuts the story short.
    page = room(pages, size, "FLY", ["person"])
    # The ghost's first aim is in the top row, where a swatter falling from above (drawn
    # larger, nearer the eye) once spilled over the words above the board.
    drop = page.locator(".fly-controls:not([hidden]) .fly-drop")
    drop.tap() if size == "phone" else drop.click()
    page.wait_for_selector(".fly-falling", state="attached")
    fall = page.evaluate(FALL_JS)
    assert fall is not None and fall["seen"], "no swatter was seen falling"
    board = fall["board"]
    for seen in fall["seen"]:
        assert not overlap(seen, fall["status"]), ("over the status", seen, fall)
        assert not overlap(seen, fall["prompt"]), ("over the prompt", seen, fall)
        assert seen["top"] >= board["top"] - 1 and seen["bottom"] <= board["bottom"] + 1, (
            "off the board", seen, board)
