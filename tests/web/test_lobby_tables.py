"""The lobby offers only table sizes that can start with the options chosen, as the
server says (``POST /api/games/{game}/tables``): Superfly's 2 appears only once its
``two_players`` variant is ticked, and Fliegen klatschen's sizes shrink as ``remove``
takes cards out.  No game fact is written in the lobby's script."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_the_lobby_offers_only_table_sizes_that_can_start(page: Page) -> None:
    page.goto("/")
    players = page.get_by_label("Players", exact=True).locator("option")
    page.get_by_text("Superfly", exact=True).click()
    expect(players).to_have_text(["3", "4", "5"])
    expect(page.get_by_label("Players", exact=True)).to_have_value("3")
    page.get_by_text("Options", exact=True).click()
    page.locator("#option-two_players").check()
    expect(players).to_have_text(["2", "3", "4", "5"])
    expect(page.get_by_label("Players", exact=True)).to_have_value("3")  # kept
    page.get_by_label("Players", exact=True).select_option("2")
    page.locator("#option-two_players").uncheck()
    expect(players).to_have_text(["3", "4", "5"])
    expect(page.get_by_label("Players", exact=True)).to_have_value("3")
    expect(page.locator("#seats .seat-row")).to_have_count(3)

    page.get_by_text("Fliegen klatschen", exact=True).click()
    expect(players).to_have_count(7)  # 2 to 8
    page.locator("#option-remove").fill("108")
    page.locator("#option-remove").press("Tab")  # a change is told as the field is left
    expect(players).to_have_text(["2", "3", "4"])
    expect(page.locator("#form-error")).to_have_text("")
    page.locator("#option-remove").fill("-5")
    page.locator("#option-remove").press("Tab")
    expect(page.locator("#form-error")).to_contain_text(
        "No table can start with these options: option remove is at least 0")
