"""Seeds derived from seeds, so that every game and every bot gets its own stream."""

from __future__ import annotations

import hashlib


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (stable across runs, machines and Python versions)."""
    text = "\x1f".join(map(str, parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1
