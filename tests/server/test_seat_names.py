"""Two bots of one spec in a room are two names (issue 38, snag 5, "Bots with one name"):
the room's record names its seats as the terminal joined to the room names them, two
alike bots numbered, and `gamenight replay` of that record (run as a command) and the
replay viewer's frames name them the same.  The room runs on its simulated clock, as in
``tests/server/test_rooms.py``."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from gamenight.record import Record
from gamenight.server.replays import replay_frames
from gamenight.tui.remote import room_names
from tests.server.test_rooms import Table, play_person

NAMES = ["Ann", "random bot #1", "random bot #2"]


async def test_two_alike_bots_have_two_names_in_the_record_the_terminal_and_the_replay(
        tmp_path: Path) -> None:
    table = Table(tmp_path, "fly", 3, [None, "random", "random"], max_drops=6)
    seat, token = table.room.sit("Ann")
    client, got = table.client(token)
    host, _ = table.client(table.host_token)
    table.room.start(host)
    # What a terminal joined to the room calls each seat, from the room it is sent.
    assert room_names(table.room.info()) == NAMES
    play_person(table, client, got, seat, random.Random(2))
    stored = table.store.record(table.room.code, 1)
    assert stored is not None
    record = Record.from_json(stored)
    assert record.seats == NAMES
    assert replay_frames(record, 0, 1)["names"] == NAMES
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    shown = subprocess.run([sys.executable, "-m", "gamenight.cli", "replay", str(path)],
                           capture_output=True, text=True, timeout=300,
                           env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})
    assert shown.returncode == 0, shown.stderr
    assert [line for line in shown.stdout.splitlines() if line.startswith("  seat ")] == [
        f"  seat {n}: {name}" for n, name in enumerate(NAMES)]
