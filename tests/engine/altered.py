"""Ways to alter a record's JSON, shared by the record tests and the `replay` CLI tests."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from gamenight import record as rec

Data = dict[str, Any]


def resealed(data: Data) -> Data:
    """``data`` with its hash recomputed: a change made on purpose by someone who knows
    how the hash is made (anyone can), so only a signature or the replay catches it."""
    data = copy.deepcopy(data)
    data["hash"] = rec.content_hash(data)
    return data


def changed(data: Data, change: Callable[[Data], object]) -> Data:
    """A copy of ``data`` with ``change`` made to it (the hash left as it was)."""
    data = copy.deepcopy(data)
    change(data)
    return data


def first(data: Data, word: str) -> Data:
    """The first step whose action starts with ``word``."""
    return next(s for s in data["steps"] if str(s.get("action", "")).startswith(word))
