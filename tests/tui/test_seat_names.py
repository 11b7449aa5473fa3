"""Two bots of one spec at a terminal's table are two names (issue 38, snag 5): played as a
person plays, under Pilot, at a real server's room (``gamenight play --join``) and alone
(``gamenight play``).  The result names each seat once, and the names are the room's
record's: two alike bots numbered, spelled as the browser spells a bot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gamenight.tui.app import build_app
from gamenight.tui.join import SeatStore
from tests.server.live import LiveServer, live_server
from tests.tui.pilot import NO_PAUSE, shown, until
from tests.tui.test_join import GAME_S, remote, seated, showing, start

BOTS = ["random bot #1", "random bot #2"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("names")) as live:
        yield live


def result_rows(results: str) -> list[str]:
    """The lines of the results table (its heading and a row a seat), not the verdict
    under it, which names the winners again."""
    return [line for line in results.splitlines() if "│" in line]


async def test_a_room_with_two_alike_bots_names_them_apart_as_its_record_does(
        server: LiveServer, tmp_path: Path) -> None:
    app, made = seated(server, SeatStore(tmp_path / "seats"), "fly",
                       [None, "random", "random"], max_drops=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Waiting for the host" in showing(app, "#lobby"))
        lobby = showing(app, "#lobby")
        assert all(name in lobby for name in BOTS)
        host = await start(server, made)
        await until(pilot, lambda: app.state is not None and app.screen is app.screen_view
                    and "FLY" in showing(app, "#status"), GAME_S)
        assert app.seat_names == ["You (Tess)", *BOTS]
        while not remote(app).is_over:
            await until(pilot, lambda: app.my_turn or remote(app).is_over, GAME_S)
            if app.my_turn:
                await pilot.press("space")
                await until(pilot, lambda: not app.my_turn or remote(app).is_over, GAME_S)
        await until(pilot, lambda: "Results" in showing(app, "#results"), GAME_S)
        rows = result_rows(showing(app, "#results"))
        for name in BOTS:  # each bot one row of its own
            assert sum(name in row for row in rows) == 1, rows
        await host.close()
    record = server.get(f"/api/rooms/{made['code']}/games/1/record")
    assert record["seats"] == ["Tess", *BOTS]


async def test_a_terminal_game_with_two_alike_bots_names_them_apart() -> None:
    app = build_app("fly", 3, ["random"], 5, {"max_drops": 3}, pauses=NO_PAUSE)
    assert app.seat_names == ["You (seat 0)", *(f"Seat {n} ({name})"
                                                for n, name in enumerate(BOTS, start=1))]
    async with app.run_test(size=(100, 30)) as pilot:
        while not app.state.is_over:
            await until(pilot, lambda: app.my_turn or app.state.is_over, GAME_S)
            if app.my_turn:
                await pilot.press("space")
        await until(pilot, lambda: "Results" in shown(app.screen, "#results"), GAME_S)
        rows = result_rows(shown(app.screen, "#results"))
        for name in BOTS:
            assert sum(name in row for row in rows) == 1, rows
