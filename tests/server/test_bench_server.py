"""``gamenight bench server`` at a tiny size: it runs a real server under real clients,
and reports every figure.  Speed is not asserted here (the benchmark is for that):
only that each figure was measured."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from typing import Any, cast

import pytest
from rich.console import Console

from gamenight.games import GAMES
from gamenight.server.bench import (
    MIN_CLIENTS,
    PER_ROOM,
    BenchError,
    ServerBenchReport,
    percentiles,
    report_table,
    run_server_bench,
)

#: A room of each game (four seats and the host) and no more; a few idle rooms.
CLIENTS = MIN_CLIENTS
IDLE_ROOMS = 50
SECONDS = 3.0

#: Every key of the report and of its parts (the JSON the command prints).
KEYS = {
    "": set(ServerBenchReport.__annotations__),
    "connections": {"clients", "playing_rooms", "seats", "spectators", "dropped"},
    "latency": {"last_delivery", "actor", "every_delivery", "last_delivery_per_game"},
    "actions": {"sent", "timed", "refused", "unresolved", "per_s", "timed_per_game"},
    "memory": {"rss_baseline_bytes", "idle_rooms", "rss_idle_rooms_bytes",
               "per_idle_room_bytes", "rss_playing_bytes", "per_playing_room_bytes",
               "peak_rss_bytes"},
    "targets": {"p99_ms", "p99_met", "idle_rss_bytes", "idle_rss_met"},
}
PERCENTILE_KEYS = {"count", "p50_ms", "p95_ms", "p99_ms", "max_ms"}


def gamenight(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gamenight.cli", *args], check=False,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    """The JSON of one tiny run of the real command (a server process, real clients)."""
    result = gamenight("bench", "server", "--clients", str(CLIENTS), "--rooms-idle",
                       str(IDLE_ROOMS), "--seconds", str(SECONDS), "--json")
    assert result.returncode == 0, result.stderr
    # Progress went to stderr; stdout is the JSON alone.
    assert "idle rooms made" in result.stderr
    figures: dict[str, Any] = json.loads(result.stdout)
    return figures


@pytest.mark.slow
def test_the_json_has_every_key(report: dict[str, Any]) -> None:
    for part, keys in KEYS.items():
        assert set(report[part] if part else report) == keys, part
    latency = report["latency"]
    for name in ("last_delivery", "actor", "every_delivery"):
        assert set(latency[name]) == PERCENTILE_KEYS
    assert set(latency["last_delivery_per_game"]) == set(GAMES)
    for figures in latency["last_delivery_per_game"].values():
        assert set(figures) == PERCENTILE_KEYS
    for name in ("ping_round_trip", "ping_there", "ping_back"):
        assert set(report[name]) == PERCENTILE_KEYS


@pytest.mark.slow
def test_every_figure_was_measured(report: dict[str, Any]) -> None:
    links = report["connections"]
    assert links == {"clients": CLIENTS, "playing_rooms": len(GAMES),
                     "seats": 4 * len(GAMES), "spectators": len(GAMES), "dropped": 0}
    assert report["seconds"] >= SECONDS
    actions = report["actions"]
    assert actions["timed"] > 0
    assert actions["sent"] >= actions["timed"] + actions["refused"]
    assert actions["per_s"] > 0
    latency = report["latency"]
    for name in ("last_delivery", "actor", "every_delivery"):
        figures = latency[name]
        assert figures["count"] > 0
        assert 0 < figures["p50_ms"] <= figures["p95_ms"] <= figures["p99_ms"] \
            <= figures["max_ms"]
    # Every connection of a room is told each action: PER_ROOM deliveries per action.
    assert latency["every_delivery"]["count"] == PER_ROOM * latency["actor"]["count"]
    assert sum(f["count"] for f in latency["last_delivery_per_game"].values()) \
        == latency["last_delivery"]["count"]
    assert report["ping_round_trip"]["count"] > 0
    assert report["ping_round_trip"]["p50_ms"] > 0
    # The halves, split at the server's clock, add up to the round trips they split.
    assert 0 < report["ping_there"]["count"] <= report["ping_round_trip"]["count"]
    assert report["ping_back"]["count"] == report["ping_there"]["count"]
    assert report["messages_per_s"] >= report["updates_per_s"] > 0
    assert report["server_cpu_cores"] > 0
    assert report["server_cpu_ms_per_action"] > 0
    # The one process it started, measured on its own: the same figures.
    [process] = report["server_processes"]
    assert process["name"].startswith("python")  # read while it ran
    assert process["cpu_ms_per_action"] == pytest.approx(report["server_cpu_ms_per_action"],
                                                         abs=0.002)
    assert process["rss_playing_bytes"] == report["memory"]["rss_playing_bytes"]
    assert report["server"].startswith(f"started by the benchmark (pid {process['pid']}")
    assert report["load_generator_cpu_cores"] > 0
    assert report["load_average"] >= 0
    memory = report["memory"]
    assert memory["idle_rooms"] == IDLE_ROOMS
    for name in ("rss_baseline_bytes", "rss_idle_rooms_bytes", "rss_playing_bytes",
                 "peak_rss_bytes"):
        assert memory[name] > 0, name
    assert memory["peak_rss_bytes"] >= memory["rss_playing_bytes"]
    # A difference of two RSS readings over a few rooms: measured, if not yet steady.
    assert math.isfinite(memory["per_idle_room_bytes"])
    assert math.isfinite(memory["per_playing_room_bytes"])
    targets = report["targets"]
    assert targets["p99_ms"] == 20.0 and targets["idle_rss_bytes"] == 2**30
    assert isinstance(targets["p99_met"], bool) and isinstance(targets["idle_rss_met"], bool)


@pytest.mark.slow
def test_the_table_shows_every_figure(report: dict[str, Any]) -> None:
    console = Console(record=True, width=200)
    console.print(report_table(cast(ServerBenchReport, report)))
    text = console.export_text()
    latency = report["latency"]
    shown = [f"{latency[name][p]:,.2f} ms" for name in ("last_delivery", "actor",
                                                          "every_delivery")
             for p in ("p50_ms", "p95_ms", "p99_ms")]
    shown += [f"{latency['last_delivery_per_game'][game]['p99_ms']:,.2f} ms"
              for game in GAMES]
    shown += [f"{report['actions']['per_s']:,.1f}", f"{report['messages_per_s']:,.0f}",
              f"{report['server_cpu_cores']:.2f} cores",
              f"{report['server_cpu_ms_per_action']:,.2f} ms",
              f"{report['load_generator_cpu_cores']:.2f} cores",
              f"{report['ping_round_trip']['p99_ms']:,.2f} ms",
              f"{report['ping_there']['p99_ms']:,.2f} ms",
              f"{report['ping_back']['p99_ms']:,.2f} ms",
              f"{report['load_average']:.2f}",
              f"{report['memory']['rss_idle_rooms_bytes'] / 2**20:,.1f} MiB",
              f"{report['memory']['per_idle_room_bytes'] / 1024:,.1f} KiB",
              f"{report['memory']['per_playing_room_bytes'] / 1024:,.1f} KiB",
              f"{report['memory']['rss_playing_bytes'] / 2**20:,.1f} MiB",
              f"{report['memory']['peak_rss_bytes'] / 2**20:,.1f} MiB"]
    for figure in shown:
        assert figure in text, figure
    for game in GAMES:
        assert game in text
    assert "target: p99 last delivery" in text


def test_percentiles_are_nearest_rank() -> None:
    values = [i / 1000.0 for i in range(1, 101)]  # 1 ms to 100 ms
    assert percentiles(values) == {"count": 100, "p50_ms": 50.0, "p95_ms": 95.0,
                                   "p99_ms": 99.0, "max_ms": 100.0}
    assert percentiles([0.004]) == {"count": 1, "p50_ms": 4.0, "p95_ms": 4.0,
                                    "p99_ms": 4.0, "max_ms": 4.0}
    assert percentiles([])["count"] == 0


def test_too_few_clients_are_refused_before_anything_starts() -> None:
    with pytest.raises(BenchError, match=f"at least {MIN_CLIENTS} clients"):
        run_server_bench(clients=MIN_CLIENTS - 1, rooms_idle=1, seconds=1.0)
    result = gamenight("bench", "server", "--clients", "5")
    assert result.returncode == 2
    assert f"at least {MIN_CLIENTS} clients" in result.stderr


def test_the_server_options_belong_to_bench_server() -> None:
    result = gamenight("bench", "fly", "--clients", "100")
    assert result.returncode == 2
    assert "--clients is for `gamenight bench server`" in result.stderr
    result = gamenight("bench", "server", "--quick")
    assert result.returncode == 2
    assert "bench server takes" in result.stderr
