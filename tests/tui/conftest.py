"""Fixtures of the terminal's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamenight import i18n


def speaking(code: str) -> Iterator[None]:
    """The process speaks ``code``, as ``--lang`` sets it (``gamenight.i18n.use``), until
    the test ends: then English again, for the next test in this process."""
    i18n.use(code)
    try:
        yield
    finally:
        i18n.use("en")


@pytest.fixture
def german() -> Iterator[None]:
    yield from speaking("de")


@pytest.fixture
def portuguese() -> Iterator[None]:
    yield from speaking("pt")
