"""Fixtures of the browser tests: Debian's Chromium driven by Playwright, a real
``gamenight serve`` per test module, and pages each in a context of their own (their own
storage: another person at another device).

Chromium is ``/usr/bin/chromium`` (``apt-get install -y chromium``; ``.ci/run`` installs
it where it is missing): Playwright's own browser download cannot reach its host here.
Where it is missing the tests fail, never skip, so CI cannot pass by leaving them out.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.server.live import LiveServer, live_server
from tests.web.pages import PageMaker

#: Where the tests find Chromium (Debian's package puts it here).
CHROMIUM = Path(os.environ.get("GAMENIGHT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_HINT = (f"the browser tests need Chromium at {CHROMIUM}: install it with "
                 "`apt-get install -y chromium` (.ci/run does this where it is missing), or "
                 "set GAMENIGHT_CHROMIUM to another Chromium")
#: How long an expectation waits for the page to show something (a game's bots and the
#: server play at machine speed; a page on a busy CI machine may still take seconds).
EXPECT_MS = 15_000

expect.set_options(timeout=EXPECT_MS)


# Scoped to this package, not the session: Playwright's sync API runs an event loop of
# its own in the worker's thread while it is open, and every asyncio test that a worker
# runs after a browser test (the terminal's, the server's) would then find a loop running
# and fail.  Test files run in name order, so tests/web came last in every worker and hid
# it; any other order (a subset named web first, xdist handing a worker a web file
# early) did not.  Torn down when a worker leaves the package, it starts again (about a
# second) only if the worker comes back to it.
@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(CHROMIUM_HINT, pytrace=False)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real server for the module's tests, its bots taking no pauses."""
    with live_server(tmp_path_factory.mktemp("web")) as running:
        yield running


@pytest.fixture
def pages(browser: Browser, server: LiveServer) -> Iterator[PageMaker]:
    """Opens pages, each in a new context; at the end of the test, closes them and fails
    the test if a page threw an uncaught error."""
    maker = PageMaker(browser, server.url)
    try:
        yield maker
    finally:
        errors = maker.close()
    assert not errors, f"the pages threw: {errors}"


@pytest.fixture
def page(pages: PageMaker) -> Page:
    """One page at a laptop's size."""
    return pages.open()
