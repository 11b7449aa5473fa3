"""``gamenight play --join URL``: the terminal at a real server's table.

A real ``gamenight serve`` (``tests.server.live``) holds the room; the terminal's app
(``RemotePlayApp``) runs in this process under Textual's Pilot, joined by the invite
link, and is played by key presses; the host starts the game over the protocol as a
browser would.  The command itself runs as a subprocess: in a pseudo-terminal of its own
to be left with q and run again, and plainly for the errors it prints.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import random
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.css.query import NoMatches
from textual.pilot import Pilot

from gamenight.engine import GameState
from gamenight.games import get_game
from gamenight.games.fliegen_klatschen.events import Slapped
from gamenight.games.fliegen_klatschen.screen import KEY_LABELS
from gamenight.tui.join import SeatStore, join, parse_invite
from gamenight.tui.ready import GetReady
from gamenight.tui.remote import RemotePlayApp, RemoteState
from tests.server.client import Player, play_randomly
from tests.server.live import LiveServer, live_server
from tests.tui.pilot import NO_PAUSE, shown, until

#: Long enough for a whole game through a live server on a busy machine.
GAME_S = 60.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the module: each test makes its own room."""
    with live_server(tmp_path_factory.mktemp("server")) as live:
        yield live


def seated(server: LiveServer, store: SeatStore, game: str, seats: list[str | None],
           **options: Any) -> tuple[RemotePlayApp, dict[str, Any]]:
    """A room of ``game`` made by a host who does not sit, and the terminal's app seated
    in it through the invite link (as ``gamenight play --join`` seats it)."""
    made = server.post("/api/rooms", {"game": game, "players": len(seats),
                                      "options": options, "seats": seats})
    address = parse_invite(made["invite"])
    ticket, room = join(address, "Tess", store)
    return RemotePlayApp(get_game(game), address, ticket, room=room, pauses=NO_PAUSE), made


async def start(server: LiveServer, made: dict[str, Any]) -> Player:
    """The host starts the game, over the protocol (as the browser's lobby does)."""
    host = await Player.connect(server.ws_url, made["code"],
                                {"type": "join", "token": made["host_token"]}, name="host")
    await host.wait_for(lambda m: m["type"] == "welcome")
    await host.send({"type": "start"})
    return host


def showing(app: RemotePlayApp, selector: str) -> str:
    """What a Static of the screen on top shows, or "" while it is not composed yet."""
    try:
        return shown(app.screen, selector)
    except NoMatches:
        return ""


def holds_no_game_state(app: RemotePlayApp) -> bool:
    """Nothing the app or its screens keep is a GameState: it draws what it was sent."""
    screens = [app.screen_view, *app.screen_stack]
    held = [*vars(app).values(), *(v for s in screens if s is not None for v in vars(s).values())]
    return not any(isinstance(value, GameState) for value in held)


def remote(app: RemotePlayApp) -> RemoteState:
    assert app.state is not None
    return app.state


async def answered(pilot: Pilot[None], app: RemotePlayApp, *keys: str) -> None:
    """Press ``keys`` and wait for the server's answer: the table's next step."""
    step = remote(app).latest["step"]
    await pilot.press(*keys)
    await until(pilot, lambda: remote(app).latest["step"] != step, GAME_S)


async def test_the_terminal_joins_by_the_invite_link_and_plays_fly_to_the_end(
        server: LiveServer, tmp_path: Path) -> None:
    # A swatter twice the printed width: a whole game in about fifteen drops a seat.
    app, made = seated(server, SeatStore(tmp_path / "seats"), "fly", [None, "random"],
                       swatter_width=2.0)
    async with app.run_test(size=(80, 24)) as pilot:
        # The waiting room: the seats, the person's own, and who starts.
        await until(pilot, lambda: "Waiting for the host" in showing(app, "#lobby"))
        lobby = showing(app, "#lobby")
        assert "Tess" in lobby and "you" in lobby and "random bot" in lobby
        host = await start(server, made)
        await until(pilot, lambda: app.state is not None and app.screen is app.screen_view
                    and "FLY" in showing(app, "#status"), GAME_S)
        drops = 0
        while not remote(app).is_over:
            await until(pilot, lambda: app.my_turn or remote(app).is_over, GAME_S)
            if app.my_turn:
                # Aim as a person does: a step of the swatter now and then, a turn, drop.
                await answered(pilot, app, *(("right", "r") if drops % 3 == 1 else ()),
                               "space")
                drops += 1
        await until(pilot, lambda: "Winner" in showing(app, "#results")
                    or "Shared win" in showing(app, "#results"))
        results = showing(app, "#results")
        assert "You (Tess)" in results and "random bot" in results
        # Every drop went out as an action text, and the game the server finished is the
        # one the terminal drew.
        acts = [m for m in app.sent if m["type"] == "act"]
        assert len(acts) == drops > 0 and all(m["action"].startswith("drop ") for m in acts)
        last = await host.wait_for(lambda m: m["type"] == "update"
                                   and m["acting"]["kind"] == "over")
        assert remote(app).latest["view"]["outcome"] == last["view"]["outcome"]
        assert holds_no_game_state(app)
        # r asks for a rematch; the only person seated has asked, so the next game starts.
        await pilot.press("r")
        await until(pilot, lambda: remote(app).number == 2 and not remote(app).is_over
                    and "FLY" in showing(app, "#status"), GAME_S)
        assert {"type": "rematch"} in app.sent
        await host.close()


async def test_the_terminal_plays_seat_1_beside_a_browser_player_at_seat_0(
        server: LiveServer, tmp_path: Path) -> None:
    made = server.post("/api/rooms", {"game": "fly", "players": 2, "seats": [None, None],
                                      "options": {"swatter_width": 2.0}, "name": "Ann"})
    address = parse_invite(made["invite"])
    ticket, room = join(address, "Tess", SeatStore(tmp_path / "seats"))
    assert ticket.seat == 1  # Ann, the host, sits at seat 0
    app = RemotePlayApp(get_game("fly"), address, ticket, room=room, pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.connected)
        ann = await Player.connect(server.ws_url, made["code"],
                                   {"type": "join", "token": made["host_token"]}, name="Ann")
        await ann.wait_for(lambda m: m["type"] == "welcome")
        await ann.send({"type": "start"})
        anns_game = asyncio.create_task(play_randomly(ann, 0, random.Random(1)))
        await until(pilot, lambda: app.state is not None and app.screen is app.screen_view
                    and "FLY" in showing(app, "#status"), GAME_S)
        while not remote(app).is_over:
            await until(pilot, lambda: app.my_turn or remote(app).is_over, GAME_S)
            if app.my_turn:
                # The turn is known as the update comes, the status line drawn a moment
                # later (updates in a burst are drawn once, as the last stands): so it is
                # waited for, not read at once.
                await until(pilot, lambda: "Your drop" in showing(app, "#status"), 5.0)
                await answered(pilot, app, "space")
        await anns_game
        # The log names the seats as the room does: it said "Seat 0" where the table
        # says "Ann" (issue 38, snag 8).
        assert app.told("Seat 0 drops the swatter; seat 0 collects 2.") == \
            "Ann drops the swatter; Ann collects 2."
        assert "Seat 0" not in showing(app, "#log") and "seat 0" not in showing(app, "#log")
        await until(pilot, lambda: "You (Tess)" in showing(app, "#results"))
        outcome = remote(app).outcome()
        assert outcome is not None
        row = next(line for line in showing(app, "#results").splitlines() if "Tess" in line)
        assert f"{outcome.scores[1]:g}" in row  # the person's own score is seat 1's
        await ann.close()


@pytest.mark.usefixtures("german")
async def test_a_german_terminal_is_told_the_story_in_german_with_the_rooms_names(
        server: LiveServer, tmp_path: Path) -> None:
    """``--lang de`` joins with the language: the server tells the story in German
    ("Platz 0 lässt ... fallen"), and the log names the seat as the room does ("Ann")."""
    made = server.post("/api/rooms", {"game": "fly", "players": 2, "seats": [None, None],
                                      "options": {"swatter_width": 2.0}, "name": "Ann"})
    address = parse_invite(made["invite"])
    ticket, room = join(address, "Tess", SeatStore(tmp_path / "seats"))
    app = RemotePlayApp(get_game("fly"), address, ticket, room=room, pauses=NO_PAUSE)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.connected)
        assert next(m for m in app.sent if m["type"] == "join")["lang"] == "de"
        ann = await Player.connect(server.ws_url, made["code"],
                                   {"type": "join", "token": made["host_token"]}, name="Ann")
        await ann.wait_for(lambda m: m["type"] == "welcome")
        await ann.send({"type": "start"})
        anns_game = asyncio.create_task(play_randomly(ann, 0, random.Random(1)))
        try:
            await until(pilot, lambda: app.my_turn, GAME_S)
            await answered(pilot, app, "space")
            await until(pilot, lambda: "Ann lässt die Klatsche fallen" in showing(app, "#log"),
                        GAME_S)
            log = showing(app, "#log")
            assert "Du lässt die Klatsche fallen" in log, log
            assert "Platz 0" not in log and "Seat" not in log and "drops" not in log, log
        finally:
            anns_game.cancel()
            await ann.close()


async def test_a_slap_in_a_hunt_carries_its_window_and_the_server_keeps_its_time(
        server: LiveServer, tmp_path: Path) -> None:
    app, made = seated(server, SeatStore(tmp_path / "seats"), "fliegen-klatschen",
                       [None, "sharp:child"])
    async with app.run_test(size=(100, 36)) as pilot:
        await until(pilot, lambda: app.connected)
        host = await start(server, made)
        await until(pilot, lambda: app.state is not None and app.screen is app.screen_view)
        asked_ready = False
        while True:  # reveal until a hunt opens, then slap the first fly
            await until(pilot, lambda: app.my_turn or app.racing or remote(app).is_over
                        or isinstance(app.screen, GetReady), GAME_S)
            assert not remote(app).is_over, "the game ended with no hunt"
            if isinstance(app.screen, GetReady):
                # The room's first hunt waits for her (issue 38): space says she is ready.
                await pilot.press("space")
                asked_ready = True
                continue
            if app.racing:
                break
            await answered(pilot, app, "space")
        assert asked_ready and {"type": "ready"} in app.sent
        # Drawn a moment after the update that opened the hunt (as "Your drop" above).
        await until(pilot, lambda: "HUNT!" in showing(app, "#status"), 5.0)
        await pilot.press(KEY_LABELS[0])
        slap = next(m for m in reversed(app.sent) if m["type"] == "act")
        assert slap["action"].startswith("slap ")
        assert slap["window"] == remote(app).latest["window"]["id"]  # type: ignore[index]
        # The server placed the slap at the time the terminal measured from the paint.
        def my_slap() -> Slapped | None:
            return next((e for e in remote(app).events
                         if isinstance(e, Slapped) and e.seat == app.seat), None)

        await until(pilot, lambda: my_slap() is not None, GAME_S)
        mine = my_slap()
        assert mine is not None
        # Kept as claimed, unless the terminal took longer to draw the hunt than the
        # server allows beyond the connection's round trip (30 ms): then the excess counts.
        lag = app.paint_lag_ms
        assert lag is not None
        assert slap["reaction_ms"] - 0.05 <= mine.at_ms <= slap["reaction_ms"] + max(lag, 0) + 5
        assert holds_no_game_state(app)
        await host.close()


async def test_a_dropped_connection_is_opened_again_and_the_seat_joined(
        server: LiveServer, tmp_path: Path) -> None:
    app, made = seated(server, SeatStore(tmp_path / "seats"), "by-golly",
                       [None, None, "random"])
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.connected and "you" in showing(app, "#lobby"))
        dropped = app._ws
        assert dropped is not None
        await dropped.close()
        await until(pilot, lambda: app.connected and app._ws is not dropped)
        joins = [m for m in app.sent if m["type"] == "join"]
        assert joins == [{"type": "join", "token": app.ticket.token, "lang": "en"}] * 2
        seats = server.get(f"/api/rooms/{made['code']}")["seats"]
        assert [(s["name"], s["connected"]) for s in seats if s["kind"] == "person"] == [
            ("Tess", True)]


def run_in_terminal(server: LiveServer, code: str, *args: str, data: Path) -> str:
    """``gamenight play ARGS`` in a terminal of its own (a pseudo-terminal, 100x30): wait
    until the server shows a person connected, press q, and return what it printed
    after the screen closed (failing unless it exits 0)."""
    main, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {**os.environ, "XDG_DATA_HOME": str(data), "TERM": "xterm-256color"}
    process = subprocess.Popen([sys.executable, "-m", "gamenight.cli", "play", *args],
                               stdin=terminal, stdout=terminal, stderr=terminal, env=env)
    os.close(terminal)
    shown = bytearray()

    def read_for(seconds: float) -> None:
        if select.select([main], [], [], seconds)[0]:
            with contextlib.suppress(OSError):  # the terminal closed
                shown.extend(os.read(main, 1 << 16))

    try:
        deadline = time.monotonic() + GAME_S
        while not any(seat["kind"] == "person" and seat["connected"]
                      for seat in server.get(f"/api/rooms/{code}")["seats"]):
            assert process.poll() is None and time.monotonic() < deadline, bytes(shown)
            read_for(0.1)
        os.write(main, b"q")
        while process.poll() is None and time.monotonic() < deadline:
            read_for(0.1)
        read_for(0.1)
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    return bytes(shown).decode(errors="replace").rpartition("\x1b[?1049l")[2]


def test_the_command_run_twice_sits_the_person_in_the_same_seat(
        server: LiveServer, tmp_path: Path) -> None:
    made = server.post("/api/rooms", {"game": "by-golly", "players": 3, "options": {},
                                      "seats": [None, None, "random"]})
    for _ in range(2):
        said = run_in_terminal(server, made["code"], "--join", made["invite"], "--name",
                               "Tess", data=tmp_path)
        assert f"You left seat 0 of room {made['code']}" in said
    seats = server.get(f"/api/rooms/{made['code']}")["seats"]
    assert [(s["name"], s["kind"]) for s in seats] == [
        ("Tess", "person"), (None, "open"), ("random", "bot")]


def run_cli(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    return subprocess.run([sys.executable, "-m", "gamenight.cli", "play", *args],
                          capture_output=True, text=True, timeout=60, env=env)


def test_joining_a_room_that_is_not_there_is_one_error_line_and_exit_1(
        server: LiveServer, tmp_path: Path) -> None:
    done = run_cli("--join", f"{server.url}/r/NoSuchRoom", data=tmp_path)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"no room NoSuchRoom on {server.url}" in done.stderr
    # A room with no open seat.
    full = server.post("/api/rooms", {"game": "by-golly", "players": 2, "options": {},
                                      "seats": ["random", "random"]})
    done = run_cli("--join", full["invite"], data=tmp_path)
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (1, "", 1)
    assert f"the room {full['code']} has no open seat" in done.stderr
    # Nobody listening: the same, in its own words.
    gone = run_cli("--join", "http://127.0.0.1:9/r/abc", data=tmp_path)
    assert gone.returncode == 1 and gone.stdout == "" and gone.stderr.count("\n") == 1
    assert "cannot reach the server at http://127.0.0.1:9" in gone.stderr
