"""Bots of another version of gamenight (a git revision), playing at today's tables.

Issue 18 asks that a faster bot be as strong as it was: its default bot plays 2,000
games against "the old version" of itself (``benchmarks/strength.py``).  The old version
is the package as it was at a git revision, unpacked with ``git archive REV src | tar
-x`` into a temporary folder outside the working tree (no git state changes), and run
in a subprocess that speaks JSON lines.  The games are played here, by today's engine
and bot driver: the old bot is only asked for its moves.

The subprocess runs this very file as a script (``python -P old_version.py``) with the
old ``src`` first on ``PYTHONPATH``, so ``gamenight`` there is the old package; it uses
only the bot API every version since issue 18 began has (``games.get_game``,
``bots.base.make_bot``, ``Clock``, ``Wait``, ``Game.parse_action``).  One line in,
at most one line out:

- ``{"op": "bot", "game", "spec", "seat", "seed"}`` makes a bot; answers ``{"id",
  "remembers", "listens"}``.
- ``{"op": "act", "id", "view", "legal": [action texts], "clock": [now_ms, deadline_ms,
  window]}`` answers ``{"action": text}`` or ``{"wait": until_ms}``.
- ``{"op": "observe", "id", "view"}`` shows a bot that remembers its view (no answer).
- ``{"op": "hear", "id", "events": [event JSON]}`` tells a bot that listens the events
  it has not heard, in its seat's form (no answer); the old side makes each event again
  from its JSON (``Event.to_json``), its class found by name among the old game's
  ``event_types``.
- ``{"op": "drop", "id"}`` forgets a bot whose game is over (no answer).

A view crosses as JSON, which it is; actions cross as their record text, and events as
their JSON: an old bot that listens (By Golly!'s memory bots learn from events from
``fd9d95d`` on) hears what it would hear at today's table.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from gamenight.bots.base import Bot, Clock, Wait

if TYPE_CHECKING:
    from gamenight.engine import Game, View
    from gamenight.engine.events import Event

#: The revision issue 18's strength figure compares with: the commit before the speed work.
BEFORE_SPEED = "1dd183e"


# -- the old side: a server of bots --------------------------------------------------------
def serve(lines_in: IO[str], lines_out: IO[str]) -> None:
    """Answer requests (the module's docstring) until the input ends."""
    from gamenight.bots.base import Clock as OldClock
    from gamenight.bots.base import Wait as OldWait
    from gamenight.bots.base import make_bot
    from gamenight.games import get_game

    bots: dict[int, Any] = {}
    games: dict[int, Any] = {}  # each bot's game
    parsed: dict[tuple[str, str], Any] = {}  # actions read once per game and text
    made = 0
    for line in lines_in:
        request = json.loads(line)
        op = request["op"]
        if op == "bot":
            game = get_game(request["game"])
            made += 1
            bots[made] = bot = make_bot(game, request["spec"], request["seat"],
                                        request["seed"])
            games[made] = game
            answer: dict[str, Any] = {"id": made, "remembers": bool(bot.remembers),
                                      "listens": bool(getattr(bot, "listens", False))}
        elif op == "act":
            game = games[request["id"]]
            legal = []
            for text in request["legal"]:
                key = (game.id, text)
                action = parsed.get(key)
                if action is None:
                    action = parsed[key] = game.parse_action(text)
                legal.append(action)
            now, deadline, window = request["clock"]
            choice = bots[request["id"]].act(request["view"], legal,
                                             OldClock(now, deadline, window))
            answer = ({"wait": choice.until_ms} if isinstance(choice, OldWait)
                      else {"action": str(choice)})
        elif op == "observe":
            bots[request["id"]].observe(request["view"])
            continue
        elif op == "hear":
            game = games[request["id"]]
            bots[request["id"]].hear([_event(game, data) for data in request["events"]])
            continue
        elif op == "drop":
            bots.pop(request["id"], None)
            games.pop(request["id"], None)
            continue
        else:
            raise ValueError(f"unknown request {op!r}")
        lines_out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        lines_out.flush()


def _event(game: Any, data: dict[str, Any]) -> Any:
    """The old version's event from its JSON: the class named by ``event`` among the
    game's event types, its fields as given with arrays made tuples again (an event's
    fields are frozen; ``Event.to_json`` wrote its tuples as arrays)."""
    kinds = {kind.__name__: kind for kind in game.event_types}
    fields = {name: _frozen(value) for name, value in data.items() if name != "event"}
    return kinds[data["event"]](**fields)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


# -- today's side: the old bots as bots ---------------------------------------------------
def unpack(revision: str, repo: str | Path = ".", into: str | Path | None = None) -> Path:
    """The package's source at ``revision`` of the git repository ``repo``, unpacked
    into a new temporary folder (or ``into``) outside the working tree; returns the
    folder holding its ``gamenight`` package.  Reads the repository only."""
    archive = subprocess.run(["git", "-C", str(repo), "archive", revision, "src"],
                             capture_output=True)
    if archive.returncode != 0:
        why = archive.stderr.decode(errors="replace").strip().splitlines()
        raise ValueError(f"cannot read revision {revision!r} of {repo}: "
                         f"{why[-1] if why else 'git archive failed'}")
    folder = Path(tempfile.mkdtemp(prefix="gamenight-old-") if into is None else into)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    source = folder / "src"
    if not (source / "gamenight" / "__init__.py").is_file():
        shutil.rmtree(folder, ignore_errors=True)
        raise ValueError(f"revision {revision} holds no src/gamenight package")
    return source


class Server:
    """A subprocess serving the bots of the version in ``source``."""

    def __init__(self, source: str) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([source, *filter(None, [env.get("PYTHONPATH")])])
        # -P: the script's folder (today's gamenight/sim) is not put on the path.
        self.process = subprocess.Popen(
            [sys.executable, "-P", __file__], env=env, text=True, bufsize=1,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        weakref.finalize(self, self.process.kill)

    def send(self, request: dict[str, Any]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
        stdin.flush()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.send(request)
        stdout = self.process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"the old version's bot server stopped "
                               f"(exit {self.process.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def drop(self, handle: int) -> None:
        """Forget a bot whose game is over (nothing to do once the server has gone)."""
        if self.process.poll() is None:
            with contextlib.suppress(OSError):  # it stopped in between
                self.send({"op": "drop", "id": handle})


#: One server per process and version: a pool worker forked from a process that had one
#: starts its own (two processes reading one pipe would take each other's answers).
_SERVERS: dict[tuple[str, int], Server] = {}


def server(source: str) -> Server:
    key = (source, os.getpid())
    if key not in _SERVERS:
        _SERVERS[key] = Server(source)
    return _SERVERS[key]


class _Token:
    """A plain object for a bot to hold, that dies with it."""


class RemoteBot(Bot[Any]):
    """A bot of the old version: asked through its server, with its seat's view and the
    legal actions' texts; its answer is read back with today's ``parse_action``."""

    def __init__(self, game: Game, server: Server, handle: int, seat: int) -> None:
        super().__init__(seat)
        self.game = game
        self.server = server
        self.handle = handle
        # Dropped with the game's bots; at exit the server goes anyway.  (Watched through
        # a plain object that dies with the bot: a weak reference to the bot itself is not
        # safe where Bot is compiled by mypyc, which on Python 3.11 never clears the weak
        # references of an object that dies.)
        self._dropped_with = _Token()
        weakref.finalize(self._dropped_with, server.drop, handle).atexit = False

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        answer = self.server.ask({"op": "act", "id": self.handle, "view": view,
                                  "legal": [str(a) for a in legal],
                                  "clock": [clock.now_ms, clock.deadline_ms, clock.window]})
        if "wait" in answer:
            return Wait(float(answer["wait"]))
        return self.game.parse_action(answer["action"])


class RemembersRemoteBot(RemoteBot):
    """An old bot that remembers: shown its view after every step, as any such bot."""

    def observe(self, view: View) -> None:
        self.server.send({"op": "observe", "id": self.handle, "view": view})


class ListensRemoteBot(RemoteBot):
    """An old bot that listens: told the events in its seat's form, as any such bot."""

    def hear(self, events: Sequence[Event]) -> None:
        self.server.send({"op": "hear", "id": self.handle,
                          "events": [event.to_json() for event in events]})


class RemembersAndListensRemoteBot(RemembersRemoteBot, ListensRemoteBot):
    """An old bot that both remembers and listens."""


@dataclass(frozen=True, slots=True)
class OldVersion:
    """A match side (``sim.match.BotMaker``): bot spec ``spec`` of the version whose
    package lies in ``source`` (:func:`unpack`), called ``name`` in reports."""

    source: str
    spec: str
    name: str = "old"

    @property
    def label(self) -> str:
        return f"{self.spec}@{self.name}"

    def __call__(self, game: Game, seat: int, seed: int) -> Bot[Any]:
        host = server(self.source)
        made = host.ask({"op": "bot", "game": game.id, "spec": self.spec, "seat": seat,
                         "seed": seed})
        kind = {(False, False): RemoteBot, (True, False): RemembersRemoteBot,
                (False, True): ListensRemoteBot,
                (True, True): RemembersAndListensRemoteBot}[
                    (bool(made["remembers"]), bool(made["listens"]))]
        return kind(game, host, int(made["id"]), seat)


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
