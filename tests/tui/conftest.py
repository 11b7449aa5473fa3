"""Fixtures of the terminal's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamenight import i18n


@pytest.fixture
def german() -> Iterator[None]:
    """The process speaks German, as ``--lang de`` sets it (``gamenight.i18n.use``)."""
    i18n.use("de")
    try:
        yield
    finally:
        i18n.use("en")  # the next test in this process speaks English again
