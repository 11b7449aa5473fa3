"""Fingerprints of whole games, to prove that making the engines faster changes no game.

A game's fingerprint is the SHA-256 of its whole history (every chance outcome, every
action with its time in a window) and its outcome, as JSON.  ``same_games.json`` holds
the fingerprints of games played with fixed seeds before any speed work (issue 18):
random play and each game's default bot, at two table sizes.  Run this module to write
the file again, only when a rule changes on purpose (and say so in the commit)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from gamenight.games import GAMES, get_game
from gamenight.sim.runner import make_bots, play_out

#: Where the fingerprints are kept.
FINGERPRINTS = Path(__file__).with_name("same_games.json")
#: The games fingerprinted: (game, players, bot) tables, and the seeds of each.
#: (Superfly seats two only as a variant: its smallest table here is the rulebook's 3.)
TABLES: tuple[tuple[str, int, str], ...] = tuple(
    (game_id, players, bot)
    for game_id, game in GAMES.items()
    for players in (3 if game_id == "superfly" else 2, 4)
    for bot in ("random", game.default_bot))
SEEDS = {"random": range(12), "default": range(4)}


def fingerprint(game_id: str, players: int, bot: str, seed: int) -> str:
    """The fingerprint of the game ``game_id`` for ``players`` played by ``bot`` in every
    seat from ``seed``."""
    game = get_game(game_id)
    state = game.new(players, seed)
    play_out(state, make_bots(game, [bot] * players, seed))
    outcome = state.outcome()
    assert outcome is not None
    history: list[Any] = [[s.seat, s.value, s.at_ms] for s in state.history]
    text = json.dumps({"history": history, "outcome": outcome.to_json()},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def every_fingerprint() -> dict[str, str]:
    """Every fingerprint, by ``game/players/bot/seed``."""
    found = {}
    for game_id, players, bot in TABLES:
        seeds = SEEDS["random" if bot == "random" else "default"]
        for seed in seeds:
            found[f"{game_id}/{players}/{bot}/{seed}"] = fingerprint(game_id, players, bot,
                                                                      seed)
    return found


if __name__ == "__main__":
    FINGERPRINTS.write_text(json.dumps(every_fingerprint(), indent=1) + "\n",
                            encoding="utf-8")
    print(f"wrote {FINGERPRINTS}")
