"""Each connection is told the story in its own language (docs/languages.md): a real
server process (``tests.server.live``), two people at one table who join with ``lang``
"de" and "en", and a spectator with "pt-PT", each reading the game's lines in their
language, told from the very events their updates carry."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from gamenight.engine.events import tell
from gamenight.engine.voice import voice_for
from gamenight.games import get_game
from gamenight.tui.remote import read_events
from tests.server.client import Player, over, play_randomly
from tests.server.live import live_server

GAME = get_game("by-golly")


def story(player: Player) -> tuple[list[str], list[Any]]:
    """The lines ``player`` was told and the events it was sent, each update after the
    last fresh one (a fresh update tells the game whole)."""
    lines: list[str] = []
    events: list[Any] = []
    for update in player.updates():
        if update["fresh"]:
            lines, events = [], []
        lines += update["lines"]
        events += read_events(GAME, update)  # type: ignore[arg-type]
    return lines, events


async def test_two_people_at_one_table_each_read_the_story_in_their_own_language(
        tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        made = server.post("/api/rooms", {"game": GAME.id, "players": 2, "seats": [None, None]})
        code = made["code"]
        tokens = [server.post(f"/api/rooms/{code}/seats", {"name": name, "seat": seat})["token"]
                  for seat, name in enumerate(["Anna", "Ben"])]
        anna = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": tokens[0], "lang": "de"}, "anna")
        ben = await Player.connect(server.ws_url, code,
                                   {"type": "join", "token": tokens[1], "lang": "en"}, "ben")
        watcher = await Player.connect(server.ws_url, code,
                                       {"type": "join", "spectator": True, "lang": "pt-PT"})
        host = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
        try:
            for player in (anna, ben, watcher, host):
                await player.wait_for(lambda m: m["type"] == "welcome")
            await host.send({"type": "start"})
            await asyncio.gather(play_randomly(anna, 0, random.Random(1)),
                                 play_randomly(ben, 1, random.Random(2)))
            await watcher.wait_for(over)
            await host.wait_for(over)
        finally:
            for player in (anna, ben, watcher, host):
                await player.close()
    for player, seat, language in [(anna, 0, "de"), (ben, 1, "en"), (watcher, None, "pt"),
                                   (host, None, "en")]:
        lines, events = story(player)
        voice = voice_for(language, seat)
        assert lines == [line for event in events if (line := tell(event, voice))], language
        assert len(lines) > 10
    anna_lines, ben_lines = story(anna)[0], story(ben)[0]
    each = story(ben)[1][0].each  # the deal: how many animal cards each player got
    assert anna_lines[0] == (f"Der Hühnerhof wird verdeckt ausgelegt; jeder bekommt {each} "
                             "Tierkarten.")
    assert ben_lines[0] == f"The chicken run is laid out face down; {each} animal cards each."
    assert story(watcher)[0][0] == ("O galinheiro é disposto virado para baixo; "
                                    f"{each} cartas de animal para cada um.")
    # Each reads "you" in their own language, and their seat is never named to them.
    assert any(line.startswith("Du ") for line in anna_lines)
    assert not any("Platz 0" in line for line in anna_lines)
    assert any("Platz 1 " in line for line in anna_lines)
    assert any(line.startswith("You ") for line in ben_lines)
    assert not any("Seat 1" in line or "seat 1" in line for line in ben_lines)
    # The host, who asked for no language, reads the English a spectator always read.
    assert story(host)[0] == [line for line in (event.text() for event in story(host)[1])
                              if line]
