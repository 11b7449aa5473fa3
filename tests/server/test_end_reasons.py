"""Why a game ended, in words, comes from the game's definition (``Game.end_reasons``,
beside its rules; issue 37): ``GET /api/games`` serves each game's, and the browser's
result and replay show them.  Each game's words cover every reason its games can end
with: the reasons its ``GameOver`` event declares, and the reason of games played out."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from gamenight.engine import Game
from gamenight.games import GAMES
from gamenight.schema import game_schema
from gamenight.server.app import create_app
from gamenight.server.config import ServerConfig
from gamenight.sim.runner import make_bots, play_out

IDS = list(GAMES)


async def _get(path: str) -> httpx.Response:
    """``path`` asked of the app in this process.  The games' list needs no store, so the
    app is not started (no lifespan), only asked."""
    transport = httpx.ASGITransport(app=create_app(ServerConfig()))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        return await client.get(path)


def test_the_games_list_serves_each_game_s_end_reasons() -> None:
    listed = asyncio.run(_get("/api/games"))
    assert listed.status_code == 200
    served = {info["id"]: info["end_reasons"] for info in listed.json()}
    assert served == {game.id: dict(game.end_reasons) for game in GAMES.values()}


@pytest.mark.parametrize("game_id", IDS)
def test_every_reason_a_game_declares_has_its_words(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.end_reasons, f"{game.id} says in no words why its games end"
    assert all(words.strip() and words.endswith(".") for words in game.end_reasons.values())
    # Where the end event names its reasons as a literal, the words are for those exactly.
    over = game_schema(game)["$defs"].get("GameOver", {})
    declared = over.get("properties", {}).get("reason", {}).get("enum")
    if declared is not None:
        assert set(game.end_reasons) == set(declared)


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_played_out_ends_for_a_reason_it_has_words_for(game_id: str) -> None:
    game: Game = GAMES[game_id]
    players = min(game.max_players, max(game.min_players, 3))
    state = play_out(game.new(players, seed=11),
                     make_bots(game, [game.default_bot] * players, 11))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason in game.end_reasons
