"""The tutorial in the browser, as a learner uses it: in the lobby they choose By Golly!,
open "Learn to play" and choose the rulebook's chicken-poo lesson; the room page shows the
lesson beside the table and the game at the rulebook's moment (a hen laid, chicken poo
turned over); they make the move the lesson suggests (one more card of the run: the
shovel, "still lucky") and see its effect; the rules are one click away; "Next lesson"
opens the next.  Then the last lesson is played to its end (the last card laid and
matched wins) on a phone, where "Try again" opens the same lesson afresh.  On the way:
the accessibility check of the lobby and the room, the phone's width, and the screenshot
for the README.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from gamenight import lessons
from gamenight.games import GAMES
from tests.web.pages import PHONE, PageMaker, axe_problems, horizontal_overflow, screenshot

GAME = GAMES["by-golly"]
#: The chicken run's places are lettered as at the terminal: a to t, no q.
LETTERS = "abcdefghijklmnoprst"


def place_letter(lesson: str, face: str) -> str:
    """The letter of the run's place where ``face`` lies in the lesson's position."""
    run: list[str] = lessons.position(GAME, lesson)["state"]["run"]
    return LETTERS[run.index(face)]


def open_lesson(page: Page, title: str) -> str:
    """From the lobby: choose By Golly!, then the lesson ``title``; returns the room's URL."""
    page.goto("/")
    page.get_by_text("By Golly!", exact=True).click()
    learn = page.locator("#learn")
    heading = learn.get_by_role("heading")
    expect(heading).to_have_text("Learn to play By Golly!")
    heading.click()  # it opens: the lessons, one per rulebook example
    expect(learn.get_by_role("button")).to_have_count(len(lessons.lessons(GAME)))
    assert axe_problems(page) == []
    assert horizontal_overflow(page) == 0
    page.get_by_label("Your name").fill("Ann")
    learn.get_by_role("button", name=re.compile(re.escape(title))).click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    expect(page.locator("#lesson-title")).to_have_text(f"Lesson: {title}")
    return page.url


def test_a_learner_opens_a_lesson_from_the_lobby_and_plays_its_move(pages: PageMaker) -> None:
    page = pages.open()
    chicken_poo = lessons.lesson(GAME, "chicken-poo")
    first = open_lesson(page, chicken_poo.title)

    # The lesson's words, beside the table (the room's right-hand column on a laptop).
    lesson = page.locator("#lesson")
    expect(page.locator("#lesson-shows")).to_have_text(chicken_poo.shows)
    expect(page.locator("#lesson-task")).to_have_text(chicken_poo.task)
    expect(page.locator(".bg-run button")).to_have_count(19)
    table, side = page.locator("#table").bounding_box(), lesson.bounding_box()
    assert table is not None and side is not None
    assert side["x"] >= table["x"] + table["width"], "the lesson is not beside the table"

    # The rulebook's moment: Ann laid a hen and turned over chicken poo; she must turn
    # over a second card at once.
    expect(page.locator("#status")).to_have_text("Your turn.")
    poo = place_letter("chicken-poo", "poo")
    expect(page.locator(f".bg-run button[data-letter='{poo}']")).to_contain_text("poo")
    assert axe_problems(page) == []

    # The move the lesson suggests: one more card.  The shovel: still lucky.
    shovel = place_letter("chicken-poo", "shovel")
    page.locator(f".bg-run button[data-letter='{shovel}']").click()
    expect(page.locator(f".bg-run button[data-letter='{shovel}']")).to_contain_text("shovel")
    expect(page.locator("#log")).to_contain_text("still lucky")
    # After the mess's bonus is offered: shuffle the cards turned over, or keep them.
    expect(page.locator(".bg-choices button[data-action='keep']")).to_be_visible()
    screenshot(page, "tutorial")
    assert axe_problems(page) == []

    # The rules stay one click away.
    page.get_by_role("button", name="Rules").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()

    # The next lesson: a new room, at the rulebook's next moment.
    page.get_by_role("button", name="Next lesson").click()
    expect(page).not_to_have_url(first)
    following = lessons.lessons(GAME)[[x.name for x in lessons.lessons(GAME)]
                                      .index("chicken-poo") + 1]
    expect(page.locator("#lesson-title")).to_have_text(f"Lesson: {following.title}")
    expect(page.locator("#seats")).to_contain_text("Ann")


def test_the_last_lesson_played_to_its_end_offers_to_try_again(pages: PageMaker) -> None:
    page = pages.open(PHONE, touch=True)
    last_card = lessons.lesson(GAME, "last-card")
    first = open_lesson(page, last_card.title)
    # Ann's last card: she lays the hen and finds its twin.
    page.locator(".bg-hand button[data-action='lay hen']").click()
    page.locator(f".bg-run button[data-letter='{place_letter('last-card', 'hen')}']").click()
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-reason")).to_contain_text("You win!")
    expect(page.locator("#lesson-end")).to_contain_text("The lesson is over")
    expect(page.locator("#rematch")).to_be_hidden()
    expect(page.get_by_role("button", name="Next lesson")).to_be_hidden()  # the last one
    assert axe_problems(page) == []
    assert horizontal_overflow(page) == 0

    page.get_by_role("button", name="Try again").click()
    expect(page).not_to_have_url(first)
    expect(page.locator("#lesson-title")).to_have_text(f"Lesson: {last_card.title}")
    expect(page.locator(".bg-hand button[data-action='lay hen']")).to_be_visible()
    expect(page.locator("#result")).to_be_hidden()
