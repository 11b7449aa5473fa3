"""Settings every test shares: how many workers the suite runs on, and how long Textual's
Pilot waits for an app to look idle.

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

import pytest
import textual._wait

#: The longest Pilot waits for the app to look idle after a key (Textual's default: 1 s).
IDLE_CEILING_S = 0.1

textual._wait.wait_for_idle.__defaults__ = (textual._wait.SLEEP_GRANULARITY, IDLE_CEILING_S)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than the CPUs this process may run on."""
    return len(os.sched_getaffinity(0)) + 1
