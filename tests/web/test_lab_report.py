"""A balance study's report as a designer opens it: the file from disk in Chromium, with
no server and no network, every plot drawn and every section there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser, expect

#: By Golly! for two with its last_card rule varied: two cells, so the option's effect
#: has something to compare.
STUDY = ("study", "by-golly", "--players", "2", "--games", "40", "--chunk-games", "20",
         "--vary", "last_card=wins,protected", "--seed", "3", "--workers", "1")


def test_the_report_opens_from_disk_with_every_plot_drawn(browser: Browser,
                                                          tmp_path: Path) -> None:
    out = tmp_path / "bg"
    done = subprocess.run([sys.executable, "-m", "gamenight.cli", *STUDY, "--out", str(out)],
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    context = browser.new_context(offline=True)
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto((out / "report.html").as_uri())
        for heading in ("Length at a glance", "What the options change", "Each cell"):
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
        # One section per cell, named by its table and option.
        expect(page.get_by_role("heading", name="2 players: perfect, perfect")).to_have_count(2)
        pictures = page.locator("img")
        assert pictures.count() >= 3
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
