"""The end of a game and its replay, as a person uses them: Ann plays a short By Golly!
game against a bot through the page; at the end she downloads what she saw (her seat's
redacted record), then watches the replay: she steps forward and back with the buttons
and the keys, drags the slider, jumps to the end where the result shows, plays it, and
looks through a spectator's eyes.  The picture at a step is the same however she got
there (one step at a time, or a jump), which is what a table that follows the events
must keep.  On the way: the accessibility check, the phone's width, the screenshot.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.pages import (
    PHONE,
    PageMaker,
    axe_problems,
    horizontal_overflow,
    make_room,
    screenshot,
    start,
)
from tests.web.test_by_golly import Person

#: A few turns each: the game is short, and its replay some fifty steps.
TURNS = 6
GAME_S = 60.0


def table_text(page: Page) -> str:
    """What the table shows, as text (its cards, its hand, its prompt)."""
    return page.locator(".table-root").inner_text()


def step_of(page: Page) -> int:
    return int(page.locator("#viewer").get_attribute("data-step") or "-1")


def play_to_the_end(page: Page) -> None:
    ann = Person(page, random.Random(4))
    deadline = time.monotonic() + GAME_S
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        state = ann.state()
        if state["over"]:
            return
        if state["acting"]:
            ann.move(state)
        else:
            page.wait_for_timeout(25)  # the bot's turn, or the server's answer


def test_the_end_of_a_game_offers_the_records_and_a_replay(pages: PageMaker) -> None:
    page = pages.open()
    make_room(page, "By Golly!", name="Ann", players=2, seats=["person", "perfect:expert"],
              options={"max_turns": TURNS})
    start(page)
    play_to_the_end(page)

    # Both downloads: the whole record, and what Ann saw.
    result = page.locator("#result")
    with page.expect_download() as whole:
        result.get_by_role("link", name="Download the record (every card)").click()
    assert json.loads(Path(whole.value.path()).read_text())["format"] == "gamenight-record"
    mine = result.get_by_role("link", name="Download what you saw (seat 0)")
    with page.expect_download() as download:
        mine.click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["format"] == "gamenight-record-redacted" and saved["seat"] == 0
    assert saved["seats"][0] == "Ann" and "seed" not in saved
    assert download.value.suggested_filename.endswith("-1-seat-0.json")

    # The replay, through Ann's eyes, from the start.
    result.get_by_role("link", name="Watch the replay").click()
    expect(page).to_have_url(re.compile(r"/replay/[\w-]+/1\?seat=0$"))
    replay_url = page.url
    viewer = page.locator("#viewer")
    expect(viewer).to_have_attribute("data-step", "0")
    expect(page.get_by_label("Whose eyes")).to_have_value("0")
    status = page.locator("#step-text")
    expect(status).to_contain_text(re.compile(r"^Step 0 of \d+"))
    last = int(page.locator("#step-slider").get_attribute("max") or "0")
    assert last > 10
    expect(page.locator("#result")).to_be_hidden()

    # Forward, one step at a time, by the button and by the key: the table changes.
    seen = [table_text(page)]
    forward = page.get_by_role("button", name="Step forward")
    for k in range(1, 9):
        if k % 2:
            forward.click()
        else:
            page.keyboard.press("ArrowRight")
        expect(viewer).to_have_attribute("data-step", str(k))
        seen.append(table_text(page))
    assert len(set(seen)) > 2, seen
    expect(status).to_contain_text(f"Step 8 of {last}")
    assert page.locator("#log li").count() > 0
    # Back: the same picture as on the way forward.
    page.get_by_role("button", name="Step back").click()
    expect(viewer).to_have_attribute("data-step", "7")
    assert table_text(page) == seen[7]
    page.keyboard.press("ArrowLeft")
    expect(viewer).to_have_attribute("data-step", "6")
    assert table_text(page) == seen[6]
    # Home, then a jump by the slider: the picture of step 5, however reached.
    page.keyboard.press("Home")
    expect(viewer).to_have_attribute("data-step", "0")
    assert table_text(page) == seen[0]
    page.locator("#step-slider").fill("5")
    expect(viewer).to_have_attribute("data-step", "5")
    assert table_text(page) == seen[5]
    assert axe_problems(page) == []
    screenshot(page, "replay")

    # The end: the result, as the room showed it.
    page.keyboard.press("End")
    expect(viewer).to_have_attribute("data-step", str(last))
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-reason")).to_contain_text("safety cap")
    expect(page.locator("#result tbody tr")).to_have_count(2)
    expect(page.locator("#result")).to_contain_text("Ann")
    expect(status).to_contain_text("The game is over.")
    assert axe_problems(page) == []

    # Play from the start: it moves on by itself; Space pauses it.
    page.get_by_role("button", name="Play").click()
    page.wait_for_function("() => Number(document.getElementById('viewer').dataset.step) >= 2")
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    paused = step_of(page)
    page.wait_for_timeout(900)
    assert step_of(page) == paused < last

    # A spectator's eyes: no hand of anyone's.
    assert page.locator(".bg-hand button").count() > 0
    page.get_by_label("Whose eyes").select_option(label="A spectator (no hidden cards)")
    expect(page).to_have_url(re.compile(r"\?seat=spectator$"))
    expect(page.locator(".bg-hand button")).to_have_count(0)
    expect(viewer).to_have_attribute("data-step", str(paused))

    # The whole record's file, opened in the viewer: the same game, through a
    # spectator's eyes first.
    page.goto("/replay")
    expect(page.locator("#loading")).to_contain_text("Open a record file")
    page.get_by_label("Open a record file").set_input_files(whole.value.path())
    expect(viewer).to_be_visible()
    expect(page.get_by_label("Whose eyes")).to_have_value("spectator")
    expect(page.locator("#step-slider")).to_have_attribute("max", str(last))
    expect(page.get_by_role("link", name="Back to the room")).to_be_hidden()
    page.keyboard.press("End")
    expect(page.locator("#result")).to_contain_text("Ann")
    page.get_by_label("Whose eyes").select_option("0")
    expect(page.locator(".bg-hand button").first).to_be_visible()

    # On a phone, the viewer fits.
    phone = pages.open(PHONE, touch=True)
    phone.goto(replay_url)
    expect(phone.locator("#viewer")).to_be_visible()
    phone.locator("#last").tap()
    expect(phone.locator("#result")).to_be_visible()
    assert horizontal_overflow(phone) == 0
