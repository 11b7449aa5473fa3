"""A study started as a person starts it at a terminal, where Ctrl-C interrupts."""

from __future__ import annotations

import signal


def ctrl_c_interrupts() -> None:
    """``preexec_fn`` of a command that a test interrupts with SIGINT.  A shell that runs
    a job in the background without job control (``pytest &`` in a script, as a CI runner
    may) ignores SIGINT in it, and an ignored signal stays ignored in every process
    started below: Python then installs no Ctrl-C handler at all, and the study would run
    to its end.  At a terminal SIGINT is not ignored, so it is set back to its default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
