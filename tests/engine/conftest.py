from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamenight.games import GAMES, register
from tests.engine.toy import DICE_DUEL


@pytest.fixture
def dice_duel() -> Iterator[object]:
    """The toy game, registered for as long as a test needs it."""
    register(DICE_DUEL)
    yield DICE_DUEL
    GAMES.pop(DICE_DUEL.id, None)
