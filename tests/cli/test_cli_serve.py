"""`gamenight serve` as a person runs it: where it serves, what it refuses, how it stops."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

from tests.cli.conftest import Gamenight
from tests.server.live import free_port, live_server


def test_serve_help_says_where_it_listens_and_how_to_invite(gamenight: Gamenight) -> None:
    done = gamenight("serve", "--help")
    assert done.returncode == 0
    for words in ("127.0.0.1", "--host", "--port", "--database", "postgresql://",
                  "--public-url", "invite", "--grace", "--data-dir", "--origin",
                  "--process-id", "--lease"):
        assert words in done.stdout, words


def test_bad_arguments_are_one_line_and_exit_2(gamenight: Gamenight, tmp_path: Path) -> None:
    for args, words in [(("--port", "70000"), "a port is a whole number from 0 to 65535"),
                        (("--port", "http"), "a port is a whole number"),
                        (("--bot-pause", "-1"), "a pause is 0 to 60 seconds"),
                        (("--database", "mysql://u@h/db", "--data-dir", str(tmp_path)),
                         "SQLite (sqlite:///path/to/file.db) or PostgreSQL")]:
        done = gamenight("serve", *args)
        assert done.returncode == 2, (args, done.stderr)
        assert words in done.stderr
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_bad_database_is_named_even_when_the_port_is_taken(gamenight: Gamenight,
                                                            tmp_path: Path) -> None:
    # The arguments are checked before the port: the person learns what to fix first
    # (exit 2, a bad argument), not that the port is busy (exit 1).
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for args, words in [(("--database", "mysql://u@h/db"), "SQLite (sqlite:///path"),
                            (("--data-dir", "/proc/no-such-folder"),
                             "cannot make the database's folder")]:
            done = gamenight("serve", "--port", str(port), *args)
            assert done.returncode == 2, (args, done.stderr)
            assert words in done.stderr and "already in use" not in done.stderr


def test_a_port_in_use_is_one_clear_line_before_anything_is_said(gamenight: Gamenight,
                                                                   tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = gamenight("serve", "--port", str(port), "--data-dir", str(tmp_path))
    assert done.returncode == 1
    assert done.stderr.strip() == (f"gamenight serve: error: cannot listen on 127.0.0.1 port "
                                   f"{port}: address already in use")
    assert "serving" not in done.stdout


def test_serve_prints_its_address_answers_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gamenight.cli", "serve", "--port", str(port),
         "--data-dir", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith(f"gamenight is serving at http://127.0.0.1:{port}")
        assert str(tmp_path / "server.db") in first
        health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()
        assert health["status"] == "ok"
        # The key it signs records with is made on first start, private to its owner.
        key = tmp_path / "record-signing.key"
        assert key.exists() and key.stat().st_mode & 0o077 == 0
        public = httpx.get(f"http://127.0.0.1:{port}/api/key", timeout=10).text
        assert public == (tmp_path / "record-signing.pub").read_text()
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=20)
    assert process.returncode == 0


def test_a_room_made_by_one_server_is_there_after_a_restart(tmp_path: Path) -> None:
    with live_server(tmp_path) as server:
        made = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                          "seats": [None, "perfect"], "name": "Ann"})
        assert made["invite"] == f"{server.url}/r/{made['code']}"
    with live_server(tmp_path) as again:
        room = again.get(f"/api/rooms/{made['code']}")
        assert room["status"] == "lobby" and room["seats"][0]["name"] == "Ann"
