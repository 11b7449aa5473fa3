"""A balance study's report as a designer opens it: the file from disk in Chromium, with
no server and no network, every plot drawn and every section there, and its answers on
the first screen of a laptop."""

from __future__ import annotations

import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.web.pages import LAPTOP, screenshot

#: By Golly! for two with its last_card rule varied: two cells, so the option's effect
#: has something to compare.
STUDY = ("study", "by-golly", "--players", "2", "--games", "40", "--chunk-games", "20",
         "--vary", "last_card=wins,protected", "--seed", "3", "--workers", "1")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The study's report.html, the study played once for the module's tests."""
    out = tmp_path_factory.mktemp("lab") / "bg"
    done = subprocess.run([sys.executable, "-m", "gamenight.cli", *STUDY, "--out", str(out)],
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    return out / "report.html"


def test_the_report_opens_from_disk_with_every_plot_drawn(browser: Browser,
                                                          report: Path) -> None:
    context = browser.new_context(offline=True)
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(report.as_uri())
        for heading in ("Length at a glance", "Choices and actions",
                        "What the options change", "Each cell"):
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
        # One section per cell, named by its table and option.
        expect(page.get_by_role("heading", name="2 players: perfect, perfect")).to_have_count(2)
        pictures = page.locator("img")
        assert pictures.count() >= 4
        page.wait_for_function("() => [...document.images].every((i) => i.complete)")
        drawn = page.evaluate("() => [...document.images].map((i) => [i.naturalWidth, i.alt])")
        for width, alt in drawn:
            assert width > 100, f"a plot was not drawn: {alt}"
            assert alt, "every plot says what it shows"
        # Nothing but the file itself and the plots inside it.
        assert all(url.startswith(("file:", "data:")) for url in asked), asked
        assert errors == []
    finally:
        context.close()


def test_the_summary_and_its_first_verdict_are_on_a_laptops_first_screen(
        browser: Browser, report: Path) -> None:
    # "A readable page": a designer who opens the report sees the answer before scrolling.
    context = browser.new_context(offline=True, viewport=LAPTOP)
    try:
        page = context.new_page()
        page.goto(report.as_uri())
        assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
        heading = page.get_by_role("heading", name="Summary", exact=True)
        verdict = page.locator("ul.answers > li").first
        # The first answer is the seat-order verdict, in a sentence.
        expect(verdict).to_have_text(re.compile(
            r"^Seat order: .*(first player is|first player may be|no first-player edge)"))
        for shown in (heading, verdict):
            expect(shown).to_be_visible()
            box = shown.bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= LAPTOP["width"], box
            assert box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"], box
        shot = screenshot(page, "lab-report-first-screen")
        # A PNG of the first screen alone (its header's width and height), not the page.
        width, height = struct.unpack(">II", shot.read_bytes()[16:24])
        assert (width, height) == (LAPTOP["width"], LAPTOP["height"])
    finally:
        context.close()
