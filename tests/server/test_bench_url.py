"""``gamenight bench server --url``: the benchmark measures a server already running (one
``gamenight serve`` process, or HAProxy in front of several) instead of starting one, and
the CPU of the processes ``--pids`` names.  Run as a user runs it: the command as a
process, against a real server process started by the test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from gamenight.server.bench import MIN_CLIENTS, PER_ROOM
from tests.server.cluster import PATIENT_CHECKS, Proxy, cluster
from tests.server.live import LiveServer, free_port, live_server

#: A room of each game and no more, measured briefly: only that every figure is there.
CLIENTS = MIN_CLIENTS
SECONDS = "3"


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gamenight.cli", "bench", "server", *args],
                          check=False, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})


def pid(server: LiveServer) -> int:
    assert server.process is not None
    return server.process.pid


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One ``gamenight serve`` process (SQLite), running before the benchmark starts."""
    with live_server(tmp_path_factory.mktemp("served")) as server:
        yield server


def played_figures(report: dict[str, Any]) -> None:
    """The playing rooms were measured: actions taken and timed, every latency sane."""
    assert report["connections"] == {"clients": CLIENTS, "playing_rooms": CLIENTS // PER_ROOM,
                                     "seats": 4 * (CLIENTS // PER_ROOM),
                                     "spectators": CLIENTS // PER_ROOM, "dropped": 0}
    actions = report["actions"]
    assert actions["sent"] > 0 and actions["timed"] > 0 and actions["per_s"] > 0
    assert actions["sent"] >= actions["timed"] + actions["refused"]
    for name in ("last_delivery", "actor", "every_delivery"):
        figures = report["latency"][name]
        assert figures["count"] > 0
        assert 0 < figures["p50_ms"] <= figures["p95_ms"] <= figures["p99_ms"] \
            <= figures["max_ms"]
    assert report["messages_per_s"] >= report["updates_per_s"] > 0
    assert report["ping_round_trip"]["count"] > 0
    # The idle rooms are not measured on a server the benchmark did not start.
    assert report["memory"] is None
    assert report["targets"]["idle_rss_met"] is None


def test_a_running_server_is_measured_with_its_cpu(served: LiveServer) -> None:
    rooms_before = served.get("/api/health")["rooms"]
    result = bench("--url", served.url, "--pids", str(pid(served)), "--clients", str(CLIENTS),
                   "--seconds", SECONDS, "--json")
    assert result.returncode == 0, result.stderr
    assert "idle rooms: skipped" in result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    assert report["server"] == f"already running at {served.url}"
    played_figures(report)
    # Its rooms were made and played on the server given, not on one of its own.
    assert served.get("/api/health")["rooms"] >= rooms_before + CLIENTS // PER_ROOM
    [process] = report["server_processes"]
    assert process["pid"] == pid(served)
    assert process["name"].startswith("python")
    assert process["cpu_cores"] > 0 and process["rss_playing_bytes"] > 0
    assert report["server_cpu_ms_per_action"] == pytest.approx(process["cpu_ms_per_action"],
                                                               abs=0.002)
    assert report["server_cpu_ms_per_action"] > 0
    assert report["server_cpu_cores"] > 0


def test_without_pids_its_cpu_is_unknown(served: LiveServer) -> None:
    result = bench("--url", served.url, "--clients", str(CLIENTS), "--seconds", SECONDS)
    assert result.returncode == 0, result.stderr
    assert "its CPU is not measured" in result.stderr
    table = result.stdout
    assert "server CPU per action" in table
    cpu_rows = [line for line in table.splitlines() if "server CPU" in line]
    assert cpu_rows and all("unknown" in line for line in cpu_rows), cpu_rows
    assert "skipped" in table and "actions per second" in table


def test_a_url_that_does_not_answer_is_one_line_of_error() -> None:
    url = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    result = bench("--url", url, "--clients", str(CLIENTS), "--seconds", SECONDS)
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"no gamenight server answers at {url}" in lines[0]


@pytest.mark.parametrize(("args", "says"), [
    (("--pids", "1"), "--pids goes with --url"),
    (("--url", "http://127.0.0.1:1", "--rooms-idle", "10"), "not with --url"),
    (("--url", "ftp://127.0.0.1:1"), "http://HOST:PORT"),
    (("--url", "http://127.0.0.1:1", "--pids", "1,x"), "process ids separated by commas"),
])
def test_the_options_that_do_not_go_together_are_refused(args: tuple[str, ...],
                                                         says: str) -> None:
    result = bench(*args)
    assert result.returncode == 2
    assert says in result.stderr


def test_the_help_explains_url_and_pids() -> None:
    result = subprocess.run([sys.executable, "-m", "gamenight.cli", "bench", "--help"],
                            check=False, capture_output=True, text=True,
                            env={**os.environ, "COLUMNS": "200"})
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert "--url URL" in text and "--pids PID[,PID...]" in text
    assert "measure the server already running at this address" in text
    assert "without them that is reported as unknown" in text


@pytest.mark.slow
def test_three_processes_behind_haproxy_are_measured_together(tmp_path: Path) -> None:
    """The cluster of docs/server.md on SQLite: HAProxy in front of three processes; the
    benchmark's rooms are handed over to the process each code hashes to, and the CPU of
    all three is measured."""
    with cluster(tmp_path, f"sqlite:///{tmp_path / 'cluster.db'}") as running:
        proxy = Proxy(tmp_path, running.servers, checks=PATIENT_CHECKS).start()
        try:
            pids = [pid(server) for server in running.servers]
            result = bench("--url", proxy.url, "--pids", ",".join(map(str, pids)),
                           "--clients", str(CLIENTS), "--seconds", SECONDS, "--json")
            assert result.returncode == 0, result.stderr
            report: dict[str, Any] = json.loads(result.stdout)
            played_figures(report)
            assert [p["pid"] for p in report["server_processes"]] == pids
            assert report["server_cpu_ms_per_action"] == pytest.approx(
                sum(p["cpu_ms_per_action"] for p in report["server_processes"]), abs=0.01)
            # The rooms are spread over the processes: more than one of them played.
            held = [httpx.get(f"{server.url}/api/health", timeout=10).json()["rooms"]
                    for server in running.servers]
            assert sum(held) >= CLIENTS // PER_ROOM and sum(1 for n in held if n) >= 2, held
        finally:
            proxy.stop()
