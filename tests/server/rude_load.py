"""How long a ping takes while eight clients send record files to be replayed: the figure
of docs/server.md ("Measured", "Rude clients").  Not a test (speed is measured, never
asserted); run it as::

    python -m tests.server.rude_load [RECORD.json] [-- EXTRA SERVE ARGUMENTS]

A ``gamenight serve`` (``tests.server.live``) is started; a spectator's connection sends a
``ping`` every 20 ms and times its ``pong``, for 3 s alone and then for 10 s while another
process's eight threads send the record (a 5-player Superfly game by default, simulated
first) to ``POST /api/replays``, each time written differently so that no answer is one
the server kept.  Prints the round trip's p50, p99 and most, and the replays answered.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
import tempfile
import threading
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from pathlib import Path

import httpx

from gamenight.cli import main as gamenight
from tests.server.client import Player
from tests.server.live import LiveServer, live_server

CLIENTS = 8


def hammer(url: str, record: bytes, stop: Event, counts: dict[int, int]) -> None:
    n = threading.get_ident() % 100_000 * 1000
    with httpx.Client(timeout=60.0) as client:
        while not stop.is_set():
            n += 1
            body = record + b" " * (n % 997) + b"\n" * (n // 997 % 997)
            answer = client.post(f"{url}/api/replays", content=body,
                                 headers={"content-type": "application/json"})
            counts[answer.status_code] = counts.get(answer.status_code, 0) + 1


def hammers(url: str, record: bytes, stop: Event, out: Queue[dict[int, int]]) -> None:
    counts: dict[int, int] = {}
    threads = [threading.Thread(target=hammer, args=(url, record, stop, counts))
               for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(counts)


async def pings(server: LiveServer, seconds: float) -> list[float]:
    made = server.post("/api/rooms", {"game": "by-golly", "players": 2, "seats": [None, None]})
    player = await Player.connect(server.ws_url, made["code"], {"type": "join",
                                                                 "spectator": True})
    await player.wait_for(lambda m: m["type"] == "welcome")
    times, ping_id = [], 10**6
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ping_id += 1
        started = time.perf_counter()
        mark = len(player.messages)
        await player.send({"type": "ping", "id": ping_id})
        await player.wait_for(lambda m, p=ping_id: m["type"] == "pong" and m["id"] == p,
                              after=mark)
        times.append((time.perf_counter() - started) * 1000.0)
        await asyncio.sleep(0.02)
    await player.close()
    return times


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str]) -> None:
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    given = argv[:argv.index("--")] if "--" in argv else argv
    with tempfile.TemporaryDirectory() as folder:
        if given:
            record = Path(given[0]).read_bytes()
        else:
            gamenight(["simulate", "superfly", "-n", "1", "-p", "5", "--records", folder,
                       "-j", "1"])
            record = next(Path(folder).glob("*.json")).read_bytes()
        data = Path(folder) / "server"
        data.mkdir()
        with live_server(data, None, *extra) as server:
            quiet = asyncio.run(pings(server, 3.0))
            context = multiprocessing.get_context("spawn")
            stop, out = context.Event(), context.Queue()
            process = context.Process(target=hammers, args=(server.url, record, stop, out))
            process.start()
            time.sleep(1.5)
            busy = asyncio.run(pings(server, 10.0))
            stop.set()
            counts = out.get()
            process.join()
    for name, times in (("alone", quiet), (f"with {CLIENTS} clients replaying", busy)):
        print(f"{name}: {len(times)} pings, p50 {quantile(times, 0.5):.1f} ms, "
              f"p99 {quantile(times, 0.99):.1f} ms, most {max(times):.1f} ms")
    print(f"replays answered: {counts}")


if __name__ == "__main__":
    main(sys.argv[1:])
