"""What a client that holds its pongs back ("fake lag") gains, measured from outside
(issue 39, item 6; ``docs/fairness.md``, "Fake lag, measured").

A real ``gamenight serve`` runs in its own process on 127.0.0.1.  For each pong delay
``D`` asked for, a room of the game given is made with one person (this script, seat 0)
and the game's default bot in every other seat; the person's client

* answers every ping of the server ``D`` ms late (it looks ``D`` ms further away than
  it is), from the moment it joins, and starts the game only once its last
  ``RTT_SAMPLES`` pongs have all been held back;
* takes every turn at once (a turn has no time), and in every window (a race or a
  simultaneous decision) it may act in, acts once, ``--react`` ms after the update that
  opened it arrived: a random legal action (not ``pass`` where it has another), claiming
  a reaction of 0 ms, the earliest the server could place it.

When the game is over, its signed record (``GET /api/rooms/{code}/games/1/record``) says
where the server placed each of these actions (``at_ms``, window time).  The action's
true reaction, as an honest client would have claimed it, is the time from the update's
arrival to the send, on this process's clock (over loopback the trip down adds some
0.1 ms).  The **gain** of an action is that true reaction minus ``at_ms``: how much
earlier than the truth the server placed it (an honest claim is placed at the truth,
gain 0).  The figures: the gain per action (mean, largest) and summed over the game, how
many actions were placed under 100 ms, and the flags the record carries.

``--proxy`` starts the server with ``--trust-proxy 127.0.0.1``: it then takes this
script's connection for a reverse proxy's, whose kernel round trip is not the player's,
so it bounds the compensation by the lag quota alone (what a server behind a proxy, or
on a system without ``TCP_INFO``, does).

    python benchmarks/fake_lag.py --game fliegen-klatschen
    python benchmarks/fake_lag.py --game fliegen-klatschen --proxy
    python benchmarks/fake_lag.py --game fliegen-klatschen --delays 0,200 --react 300

Each delay plays one whole game in real time (a game of Fliegen klatschen for 3: some
1-2 minutes).  The figures depend little on the machine's load: the server places an
action by its own timestamps, which the load moves by a few ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from gamenight.games import get_game
from gamenight.server.bench import ServerProcess
from gamenight.server.fairness import RTT_SAMPLES

#: A person's action placed under this long after its window opened is faster than a
#: person reacts (``server.fairness``): counted apart.
SUPERHUMAN_MS = 100.0


def start_server(folder: Path, *extra: str) -> ServerProcess:
    """``gamenight serve`` with its data in ``folder``; bots take no pauses."""
    server = ServerProcess(folder, None, "--bot-pause", "0", "--result-pause", "0", *extra)
    server.start()
    return server


@dataclass
class Sent:
    """One of the cheat's actions in a window: its text, when the window's update came
    and when the action went (this process's clock, ms)."""

    window: int
    action: str
    opened_ms: float
    sent_ms: float


@dataclass
class Cheat:
    """The cheating client of seat 0 (see the module)."""

    ws: ClientConnection
    pong_delay_ms: float
    react_ms: float
    rng: random.Random
    sent: list[Sent] = field(default_factory=list)
    pongs: int = 0
    refused: int = 0
    over: asyncio.Event = field(default_factory=asyncio.Event)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _windows: set[int] = field(default_factory=set)
    _acted: set[int] = field(default_factory=set)
    _passed: set[int] = field(default_factory=set)
    _turn: tuple[int, int] | None = None

    def later(self, delay_ms: float, message: dict[str, Any],
              then: Callable[[], None] | None = None,
              before: Callable[[], None] | None = None) -> None:
        async def send() -> None:
            await asyncio.sleep(delay_ms / 1000)
            if before is not None:
                before()
            with contextlib.suppress(Exception):
                await self.ws.send(json.dumps(message))
            if then is not None:
                then()
        task = asyncio.create_task(send())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def counted_pong(self) -> None:
        self.pongs += 1

    async def read(self) -> None:
        async for frame in self.ws:
            now = time.monotonic() * 1000
            message = json.loads(frame)
            kind = message["type"]
            if kind == "ping":
                self.later(self.pong_delay_ms, {"type": "pong", "id": message["id"]},
                           self.counted_pong)
            elif kind == "room" and 0 in message["room"].get("getting_ready", ()):
                self.later(0, {"type": "ready"})
            elif kind == "error":
                self.refused += 1
            elif kind == "update":
                self.update(message, now)

    def update(self, update: dict[str, Any], now: float) -> None:
        acting = update["acting"]
        if acting["kind"] == "over":
            self.over.set()
            return
        legal = update["legal"] or []
        if 0 not in acting["seats"] or not legal:
            return
        window = update["window"]
        if window is None:
            if acting["kind"] == "turn" and self._turn != (update["game"], update["step"]):
                self._turn = (update["game"], update["step"])
                self.later(0, {"type": "act", "action": self.rng.choice(legal)})
            return
        if window["id"] in self._windows:
            # One hand per window, timed from the update that opened it; then a pass
            # where the game offers one, so the window need not wait for its deadline.
            if ("pass" in legal and window["id"] in self._acted
                    and window["id"] not in self._passed):
                self._passed.add(window["id"])
                self.later(0, {"type": "act", "action": "pass", "window": window["id"]})
            return
        self._windows.add(window["id"])
        choices = [a for a in legal if a != "pass"] or legal
        action = self.rng.choice(choices)
        sent = Sent(window["id"], action, now - float(window.get("elapsed_ms") or 0.0), 0.0)

        def stamp() -> None:
            sent.sent_ms = time.monotonic() * 1000
            self.sent.append(sent)
            self._acted.add(sent.window)
        # The time is taken just before the send: what an honest client would claim.
        self.later(self.react_ms, {"type": "act", "action": action, "window": window["id"],
                                   "reaction_ms": 0.0}, before=stamp)


async def one_game(server: ServerProcess, game: str, players: int, delay_ms: float,
                   react_ms: float, seed: int) -> dict[str, Any]:
    bot = get_game(game).default_bot
    made = server.rest.call("POST", "/api/rooms", {
        "game": game, "players": players, "seats": [None] + [bot] * (players - 1),
        "name": "cheat"})
    code, token = made["code"], made["host_token"]
    async with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{code}",
                       ping_interval=None, max_size=2**24) as ws:
        cheat = Cheat(ws, delay_ms, react_ms, random.Random(seed))
        reader = asyncio.create_task(cheat.read())
        await ws.send(json.dumps({"type": "join", "token": token}))
        # Every sample the server keeps is a held-back pong before the game starts.
        while cheat.pongs < RTT_SAMPLES + 1:
            await asyncio.sleep(0.1)
        await ws.send(json.dumps({"type": "start"}))
        await asyncio.wait_for(cheat.over.wait(), 900)
        reader.cancel()
    record = server.rest.call("GET", f"/api/rooms/{code}/games/1/record")
    return measure(record, cheat)


def measure(record: dict[str, Any], cheat: Cheat) -> dict[str, Any]:
    steps = record["steps"]
    windows = sorted(s.window for s in cheat.sent)
    gains, placed = [], []
    for sent in cheat.sent:
        after = [w for w in windows if w > sent.window]
        end = after[0] if after else len(steps)
        mine = [s for s in steps[sent.window:end]
                if s.get("seat") == 0 and s.get("action") == sent.action
                and s.get("at_ms") is not None]
        if not mine:
            continue  # refused (the window had moved on): not placed
        at = float(mine[0]["at_ms"])
        placed.append(at)
        gains.append((sent.sent_ms - sent.opened_ms) - at)
    return {"actions": len(gains), "refused": cheat.refused,
            "mean_gain_ms": sum(gains) / len(gains) if gains else 0.0,
            "most_gain_ms": max(gains, default=0.0), "game_gain_ms": sum(gains),
            "under_100_ms": sum(at < SUPERHUMAN_MS for at in placed),
            "flags": record.get("flags", [])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, help="a game whose play has windows")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--delays", default="0,50,100,200,470",
                        help="pong delays to try, ms (default 0,50,100,200,470)")
    parser.add_argument("--react", type=float, default=600.0,
                        help="the cheat's true reaction, ms (default 600: more than the "
                             "500 ms cap, so a gain is never hidden by the window's 0)")
    parser.add_argument("--proxy", action="store_true",
                        help="the server takes the client for a trusted proxy: no kernel "
                             "round trip, the quota alone")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    delays = [float(d) for d in args.delays.split(",")]
    extra = ("--trust-proxy", "127.0.0.1") if args.proxy else ()
    print(f"{args.game} for {args.players}, seat 0 reacts in {args.react:g} ms and claims "
          f"0 ms{'; the server takes it for a proxy' if args.proxy else ''}")
    print(f"{'pong delay':>10} {'actions':>7} {'gain/action':>11} {'largest':>8} "
          f"{'whole game':>10} {'<100 ms':>7}  flags")
    with tempfile.TemporaryDirectory(prefix="gamenight-fake-lag-") as folder:
        server = start_server(Path(folder), *extra)
        try:
            for delay in delays:
                figures = asyncio.run(one_game(server, args.game, args.players, delay,
                                               args.react, args.seed))
                flags = "; ".join(f"step {f['step']}: {f['reason']}"
                                  for f in figures["flags"]) or "none"
                print(f"{delay:>8g} ms {figures['actions']:>7} "
                      f"{figures['mean_gain_ms']:>8.1f} ms {figures['most_gain_ms']:>5.1f} ms "
                      f"{figures['game_gain_ms']:>7.0f} ms {figures['under_100_ms']:>7}  {flags}",
                      flush=True)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
