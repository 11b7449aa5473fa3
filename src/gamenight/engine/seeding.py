"""Seeds derived from seeds, so that every game and every bot gets its own stream; and
generators copied."""

from __future__ import annotations

import hashlib
import random


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (stable across runs, machines and Python versions)."""
    text = "\x1f".join(map(str, parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def copy_generator(rng: random.Random) -> random.Random:
    """A new generator in ``rng``'s state.  ``random.Random()`` would first seed itself
    from the system (half the cost of the copy), only to have its state overwritten:
    search pays for it at every clone and every listed draw."""
    twin = random.Random.__new__(random.Random)  # not seeded: its state is set below
    twin.setstate(rng.getstate())
    return twin
