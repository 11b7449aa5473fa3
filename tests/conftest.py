"""Settings every test shares: how many workers the suite runs on, and how long Textual's
Pilot waits for an app to look idle; and the fixtures that make the process speak a
language, as ``--lang`` does.

``-n auto`` (pyproject's addopts) asks :func:`pytest_xdist_auto_num_workers` how many
workers to start: one more than the CPUs.  With one a CPU, the CPUs were busy only 70%
of the run (on 2 cores: 650 CPU-seconds in 466 s): a test waiting on a server, a browser
or the real clock of a race holds its worker idle, and a third worker fills that.

Textual's Pilot, after each key it presses, waits until the app's process looks idle
(its CPU time barely moving over 20 ms), for up to a second, twice.  The terminal tests
that play whole games, or keep a hunt or a swat running, press keys while the app is
busy by design, and paid the full two seconds a key: a third of the terminal tests'
time went there.  They wait for what they look at with their own conditions (``until``),
and Pilot still waits for every message already queued to be handled, so a tenth of a
second is ceiling enough.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import textual._wait

from gamenight import i18n

#: The longest Pilot waits for the app to look idle after a key (Textual's default: 1 s).
IDLE_CEILING_S = 0.1

textual._wait.wait_for_idle.__defaults__ = (textual._wait.SLEEP_GRANULARITY, IDLE_CEILING_S)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than the CPUs this process may run on."""
    return len(os.sched_getaffinity(0)) + 1


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
