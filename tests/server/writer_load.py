"""How many actions a second a store takes, and what its commits cost the event loop
(``docs/server.md``, "Measured": commits off the loop)::

    python -m tests.server.writer_load inline sqlite:////tmp/a.db
    python -m tests.server.writer_load writer postgresql://postgres@127.0.0.1:5432/empty

``rooms`` rooms (50), each handing its next action's steps (an action and the chance
that follows it) as soon as its last ones are stored, for ``seconds`` (10), on one
asyncio loop:

* ``inline``: each commit made on the loop, one after another, as the server made them
  before its writer (issue 39);
* ``writer``: the server's writer (``server.writer``) in its thread beside the loop, the
  rooms' steps queued while a commit is made going in together (group commit).

Printed (JSON): actions stored a second, commits a second, the process's CPU per action,
and the loop's lag: how late a 1 ms timer fires (p50, p99), which is how long every room
waits for the store.  The database must be empty (a new SQLite file, a new PostgreSQL
database).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

from gamenight.engine import Step
from gamenight.server.store import RoomRow, SeatRow, Store
from gamenight.server.writer import ThreadExecutor, Writer

#: An action and the chance outcome that follows it: a typical batch.
BATCH = [Step(0, "drop 3", None), Step(None, {"fly": 2}, None)]


async def load(store: Store, mode: str, codes: list[str], seconds: float) -> dict[str, float]:
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    stop = time.monotonic() + seconds

    async def tick() -> None:
        last = time.monotonic()
        while time.monotonic() < stop:
            await asyncio.sleep(0.001)
            now = time.monotonic()
            lags.append(now - last - 0.001)
            last = now

    ticker = asyncio.create_task(tick())
    cpu, started = time.process_time(), time.monotonic()
    stored = 0
    if mode == "inline":
        writer = Writer(store)
        index = 0
        while time.monotonic() < stop:
            for code in codes:
                writer.add_steps(code, 1, index, BATCH).result()
                stored += 1
            index += len(BATCH)
            await asyncio.sleep(0)  # the loop's other work gets a turn between rounds
    else:
        writer = Writer(store, ThreadExecutor(loop))

        async def room(code: str) -> None:
            nonlocal stored
            index = 0
            while time.monotonic() < stop:
                await writer.add_steps(code, 1, index, BATCH)
                index += len(BATCH)
                stored += 1

        await asyncio.gather(*(room(code) for code in codes))
    wall, cpu = time.monotonic() - started, time.process_time() - cpu
    await ticker
    writer.close()
    lags.sort()
    return {"actions_per_s": round(stored / wall), "commits_per_s": round(writer.commits / wall),
            "cpu_ms_per_action": round(1000.0 * cpu / max(1, stored), 3),
            "loop_lag_p50_ms": round(1000.0 * lags[len(lags) // 2], 2),
            "loop_lag_p99_ms": round(1000.0 * lags[int(len(lags) * 0.99)], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["inline", "writer"])
    parser.add_argument("database", help="an empty database's URL")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with Store(args.database) as store:
        codes = [f"room-{k}" for k in range(args.rooms)]
        for code in codes:
            store.create_room(RoomRow(code, "fly", 2, {}, "0" * 64, 60.0, 1.0,
                                      [SeatRow(0, None, None, None),
                                       SeatRow(1, None, None, "aimer")], []))
            store.start_game(code, 1, 7, None)
        figures = asyncio.run(load(store, args.mode, codes, args.seconds))
    print(json.dumps({"mode": args.mode, "rooms": args.rooms, **figures}))


if __name__ == "__main__":
    main()
