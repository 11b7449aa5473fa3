"""The ``random`` bot: any legal action, uniformly; in a window, at random times.

It lives in ``bots.base``, beside :func:`~gamenight.bots.base.bot_kinds`, which offers it
to every game; this module keeps its old name.
"""

from __future__ import annotations

from gamenight.bots.base import RandomBot

__all__ = ["RandomBot"]
