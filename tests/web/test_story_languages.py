"""The room's log in the browser's language (docs/languages.md, "The story in three
languages"): a German browser joins with ``lang`` "de", the server tells it the story in
German, and the log names the seats by the room's names as it does in English."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.pages import PageMaker, ready_if_asked
from tests.web.test_languages import room_in


def test_a_german_browser_reads_the_story_in_german_with_the_seats_names(
        pages: PageMaker) -> None:
    page = pages.open(locale="de-DE")
    room_in(page, "de", "fly", players=2, bots=1)
    ready_if_asked(page)
    log = page.locator("#log")
    expect(log).to_contain_text("Der Tisch wird ausgelegt: 9 x 3 Karten", timeout=15_000)
    expect(page.locator(".fly-drop")).to_be_visible(timeout=15_000)
    page.keyboard.press("Escape")  # the last drop's story cut short
    page.keyboard.press("Enter")  # drop: "Du lässt die Klatsche fallen, ..."
    expect(log).to_contain_text(
        re.compile(r"Du lässt die Klatsche fallen, gezielt auf \(\d,\d\d; "), timeout=15_000)
    # The bot's drop, by the bot's name at this table, never "Platz 1" (nor "Seat 1").
    expect(log.locator("li").filter(has_text=re.compile(r"lässt die Klatsche fallen")).filter(
        has_not_text="Du ")).not_to_have_count(0, timeout=15_000)
    lines = log.locator("li").all_inner_texts()
    assert not any("Platz 1" in line or "Seat" in line or "You " in line for line in lines), lines
