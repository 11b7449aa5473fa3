"""A real server for tests: ``gamenight serve`` in its own process, on a free port of
127.0.0.1, with its data (SQLite file, signing key) in a folder of the test's.

Bots take no pauses (``--bot-pause 0 --result-pause 0``) so games finish quickly (their
reaction times in races are their models', on the real clock, as in any game), the
rate limit is far above what test clients acting at machine speed send, and the limits
per address are off (every test client comes from 127.0.0.1), unless a test asks for its
own (``extra``).  ``open_files`` starts it with that soft limit on open files, and
``launcher`` runs it by other Python arguments than ``-m gamenight.cli`` (a test that
plants a bug first).
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tests.server.client import Player

#: How long a server may take to answer its health check after starting.
START_S = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_until_healthy(process: subprocess.Popen[bytes], url: str, what: str, within_s: float,
                       log: Callable[[], str], stop: Callable[[], None]) -> None:
    """Wait until ``process`` answers ``GET url/api/health`` with 200; RuntimeError with the
    end of its ``log`` if it exits first or has not answered ``within_s`` (then ``stop``ped)."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}:\n{log()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/health", timeout=1.0).status_code == 200:
                return
        time.sleep(0.05)
    stop()
    raise RuntimeError(f"{what} did not answer within {within_s:g} s:\n{log()}")


@dataclass
class LiveServer:
    """A ``gamenight serve`` process."""

    folder: Path
    database: str | None = None
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    extra: tuple[str, ...] = ()
    open_files: int | None = None
    launcher: tuple[str, ...] = ("-m", "gamenight.cli")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        """Start the process and wait until it answers (a new port each time)."""
        self.port = free_port()
        args = [sys.executable, *self.launcher, "serve", "--port", str(self.port),
                "--data-dir", str(self.folder), "--bot-pause", "0", "--result-pause", "0",
                # Clients in tests act at machine speed, as no person can, and every
                # one of them comes from the one address 127.0.0.1: the limits per
                # address are lifted (a test of them sets its own after these).
                "--max-rate", "10000", "--room-rate", "0", "--heavy-rate", "0",
                "--max-connections", "0", "--max-websockets", "0",
                *self.extra]
        if self.database is not None:
            args += ["--database", self.database]
        log = open(self.folder / f"server-{self.port}.log", "wb")  # noqa: SIM115
        soft = self.open_files

        def limit_files() -> None:  # in the child, before it runs the server
            if soft is not None:
                hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
                resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

        self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                        preexec_fn=limit_files if soft is not None else None)
        wait_until_healthy(self.process, self.url, "the server", START_S, self.log, self.stop)
        return self

    def log(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-4000:]
                         for p in sorted(self.folder.glob("server-*.log")))

    def kill9(self) -> None:
        """``kill -9``: the process ends at once, with no chance to tidy up."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    # -- REST ---------------------------------------------------------------------------------
    def post(self, path: str, body: dict[str, Any]) -> Any:
        response = httpx.post(f"{self.url}{path}", json=body, timeout=10.0)
        response.raise_for_status()
        return response.json()

    def get(self, path: str) -> Any:
        response = httpx.get(f"{self.url}{path}", timeout=10.0)
        response.raise_for_status()
        return response.json()


@contextlib.contextmanager
def live_server(folder: Path, database: str | None = None,
                *extra: str) -> Iterator[LiveServer]:
    server = LiveServer(folder, database, extra=extra).start()
    try:
        yield server
    finally:
        server.stop()


async def person_and_host(server: LiveServer, made: dict[str, Any], name: str = "ann",
                          seat: int = 0) -> tuple[Player, Player]:
    """In the room ``made`` (what ``POST /api/rooms`` answered) of the live ``server``:
    ``name`` seated at ``seat`` and joined, and the room's host joined and welcomed
    (ready to ``start``).  Both are closed again if either cannot join."""
    code = made["code"]
    token = server.post(f"/api/rooms/{code}/seats", {"name": name, "seat": seat})["token"]
    person = await Player.connect(server.ws_url, code, {"type": "join", "token": token})
    try:
        host = await Player.connect(server.ws_url, code,
                                    {"type": "join", "token": made["host_token"]})
    except BaseException:
        await person.close()
        raise
    try:
        await host.wait_for(lambda m: m["type"] == "welcome")
    except BaseException:
        await person.close()
        await host.close()
        raise
    return person, host
