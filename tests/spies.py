"""A mark for tests that spy on a method by replacing it on one object (a state's
``view``, a bot's ``act`` or ``hear``, a flag such as ``reads_view`` set on a bot).

Compiled by mypyc, the engine and the bot driver call the class's own method (natively,
as C calls), so a spy set on the object is passed by and sees nothing.  These tests run
where the modules run from their sources (the default run of ``.ci/run``, before
``gamenight compile``), and say why they are skipped where the modules run compiled.
Production code never spies this way: a match's think times come through the driver
(``BotDriver(acts=...)``).
"""

from __future__ import annotations

import pytest

from gamenight.compiled import STATUS

spies_on_methods = pytest.mark.skipif(
    bool(STATUS.compiled),
    reason="spies on a method replaced on one object, which compiled code calls past: "
           "run where the modules run from their sources")
