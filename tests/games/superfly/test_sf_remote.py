"""Superfly's terminal table at a real server's room (``gamenight play --join``): the last
turn is told in the server's words (the update's ``told``: ``narration``), the seats
named as the room names them, as the browser's table tells it; the terminal holds no
game of its own to word it from."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gamenight.tui.join import SeatStore
from gamenight.tui.ready import GetReady
from tests.server.live import LiveServer, live_server
from tests.tui.pilot import until
from tests.tui.test_join import GAME_S, holds_no_game_state, remote, seated, showing, start


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("server")) as live:
        yield live


async def test_the_terminal_at_a_server_tells_the_last_turn_in_the_server_s_words(
        server: LiveServer, tmp_path: Path) -> None:
    app, made = seated(server, SeatStore(tmp_path / "seats"), "superfly",
                       [None, "collector", "collector"], deadline_ms=20_000)
    async with app.run_test(size=(140, 45)) as pilot:
        await until(pilot, lambda: "Waiting for the host" in showing(app, "#lobby"), GAME_S)
        host = await start(server, made)
        await until(pilot, lambda: app.deciding or isinstance(app.screen, GetReady), GAME_S)
        if isinstance(app.screen, GetReady):
            await pilot.press("space")
            await until(pilot, lambda: app.deciding, GAME_S)
        await pilot.press("p")  # the person passes; the bots swat
        await until(pilot, lambda: "told" in remote(app).latest, GAME_S)
        await until(pilot, lambda: "Last turn" in showing(app, "#last"), GAME_S)
        told = remote(app).latest["told"]
        last = " ".join(showing(app, "#last").split())
        # This seat's form ("you"), and the bots by the names the room gives them.
        assert "Passed: you" in last
        assert app.room is not None
        names = [seat["shown"] for seat in app.room["seats"]]
        rolls = [clause["text"] for clauses in told["flies"] for clause in clauses
                 if clause["kind"] == "roll"]
        assert rolls, "the bots swatted nothing"
        for text in rolls:
            seat = int(text.split()[1])  # "Seat 2 rolled 5"
            assert text.replace(f"Seat {seat}", names[seat]) in last
            assert f"Seat {seat}" not in last
        assert holds_no_game_state(app)
        await host.close()
