"""Same seeds, same games: every speed-up (issue 18) keeps each fingerprinted game, its
whole history and outcome, exactly as it was (``same_games.py`` says how they were made)."""

from __future__ import annotations

import json

import pytest

from gamenight.games import GAMES
from tests.sim.same_games import FINGERPRINTS, SEEDS, TABLES, fingerprint

KEPT: dict[str, str] = json.loads(FINGERPRINTS.read_text(encoding="utf-8"))


def test_every_table_is_fingerprinted() -> None:
    expected = {f"{g}/{p}/{b}/{s}" for g, p, b in TABLES
                for s in SEEDS["random" if b == "random" else "default"]}
    assert set(KEPT) == expected
    assert {key.split("/")[0] for key in KEPT} == set(GAMES)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_same_seeds_play_the_same_games(game_id: str) -> None:
    changed = []
    for key, kept in KEPT.items():
        game, players, bot, seed = key.split("/")
        if game == game_id and fingerprint(game, int(players), bot, int(seed)) != kept:
            changed.append(key)
    assert not changed, f"these games are no longer the same: {changed}"
