"""The end of a game on a live server: a seat's redacted record, and the frames of the
replay viewer, which show each seat only what it may see.

One Superfly room on a real ``gamenight serve``: Ann in seat 0 (a random client) and two
bots.  While the game is played nothing of it can be fetched (404), as for the whole
record; once it is over, ``?seat=K`` gives exactly ``record.redact(whole, K)``, and the
frames of seat K are the builder's updates of the replayed record: frame ``i`` holds seat
K's view after ``i`` steps (the redacted record's), the last the final state's view, and
no actions.  Whether the frames hold anything a seat may not know is checked with twins
(``GameState.resample``): two games a seat cannot tell apart give it the same frames,
byte for byte, while their hidden cards differ.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis

from gamenight.games import GAMES
from gamenight.record import Record, redact, replay
from gamenight.server.replays import seen_frames
from tests.engine.test_redaction import canonical, seat_steps, twins
from tests.engine.test_seat_records import whole_views
from tests.server.client import Player, play_randomly
from tests.server.live import LiveServer, live_server
from tests.server.test_openapi import CHECKS

PLAYERS = 3
#: Short swats and a cap on turns: the game takes a few seconds.
OPTIONS = {"deadline_ms": 600, "max_turns": 8}


def frames_path(code: str, seat: str) -> str:
    return f"/api/rooms/{code}/games/1/frames?seat={seat}"


def record_path(code: str, seat: str | None = None) -> str:
    path = f"/api/rooms/{code}/games/1/record"
    return path if seat is None else f"{path}?seat={seat}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("replays")) as running:
        yield running


@pytest.fixture(scope="module")
def finished(server: LiveServer) -> tuple[str, Record]:
    """A Superfly game played to its end (Ann at random in seat 0, two bots): its room's
    code and whole record.  On the way, while it is played, nothing of it is served."""
    made = server.post("/api/rooms", {"game": "superfly", "players": PLAYERS,
                                      "options": OPTIONS, "seats": [None, "collector",
                                                                    "collector"],
                                      "name": "Ann"})
    code = made["code"]

    async def play() -> None:
        ann = await Player.connect(server.ws_url, code,
                                   {"type": "join", "token": made["host_token"]})
        try:
            await ann.wait_for(lambda m: m["type"] == "welcome")
            await ann.send({"type": "start"})
            await ann.wait_for(lambda m: m["type"] == "update")
            # The game waits on Ann now and then, so it is not over yet.
            for path in (record_path(code), record_path(code, "0"), frames_path(code, "0"),
                         frames_path(code, "spectator")):
                answer = httpx.get(server.url + path, timeout=10.0)
                assert answer.status_code == 404, (path, answer.text)
            await play_randomly(ann, 0, random.Random(3))
        finally:
            await ann.close()

    # In a thread of its own: a browser test run before in this process (Playwright's
    # sync API) may leave an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, play()).result()
    return code, Record.from_json(server.get(record_path(code)))


def test_a_seats_redacted_record_is_what_the_seat_saw(
        server: LiveServer, finished: tuple[str, Record]) -> None:
    code, whole = finished
    for seat in range(PLAYERS):
        mine = server.get(record_path(code, str(seat)))
        assert canonical(mine) == canonical(redact(whole, seat))
        assert mine["format"] == "gamenight-record-redacted" and mine["seat"] == seat
        assert "seed" not in mine and "signature" not in mine


def test_what_a_seat_saw_is_downloaded_small_and_shown_by_gamenight_replay(
        server: LiveServer, finished: tuple[str, Record], tmp_path: Path) -> None:
    """Issue 38, snags 11 and 5, as Ann met them: she downloads what she saw, a few times
    smaller than it was with every view whole, and `gamenight replay` shows it (it
    refused it before) as her seat saw the game, saying so first; the two collector bots
    are two names, the same in the room's record, its replay and the replay viewer."""
    code, whole = finished
    mine = tmp_path / "ann.json"
    mine.write_bytes(httpx.get(server.url + record_path(code, "0"), timeout=10.0).content)
    kept = json.loads(mine.read_text())
    assert len(mine.read_bytes()) * 2 < len(json.dumps(whole_views(kept)))
    names = ["Ann", "collector bot #1", "collector bot #2"]
    assert whole.seats == names == server.get(frames_path(code, "0"))["names"]
    shown = subprocess.run([sys.executable, "-m", "gamenight.cli", "replay", str(mine)],
                           capture_output=True, text=True, timeout=300,
                           env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0].startswith("seat 0's record: the game as seat 0 saw it")
    assert lines[1].startswith("not verified")
    for seat, name in enumerate(names):
        note = " (this record's seat)" if seat == 0 else ""
        assert f"  seat {seat}: {name}{note}" in lines
    assert whole.result is not None
    assert lines[-1].startswith(f"{len(whole.steps)} steps; scores {whole.result['scores']}")


@pytest.mark.parametrize("seat", ["3", "-1", "x", "1.0", " 1", "01a", "spectator", "",
                                  "9" * 40])
def test_a_seat_that_is_not_one_is_refused(server: LiveServer, finished: tuple[str, Record],
                                           seat: str) -> None:
    code, _ = finished
    paths = [record_path(code, seat)] + ([] if seat == "spectator" else
                                         [frames_path(code, seat)])
    for path in paths:
        answer = httpx.get(server.url + path, timeout=10.0)
        assert answer.status_code == 400, (path, answer.text)
        assert "seat" in answer.json()["detail"]


def test_the_frames_are_the_seats_views_step_by_step(
        server: LiveServer, finished: tuple[str, Record]) -> None:
    code, whole = finished
    final = replay(whole)
    for seat in range(PLAYERS):
        got = server.get(frames_path(code, str(seat)))
        frames: list[dict[str, Any]] = got["frames"]
        assert got["seat"] == seat and got["game"] == "superfly" and got["number"] == 1
        assert got["names"] == whole.seats and got["names"][0] == "Ann"
        assert len(frames) == len(whole.steps) + 1
        steps = seat_steps(redact(whole, seat))
        for i, frame in enumerate(frames):
            assert frame["step"] == i and frame["game"] == 1
            assert frame["legal"] == [] and frame["legal_count"] == 0
            assert frame["window"] is None
            if i > 0:  # frame i is the seat's view after step i
                assert canonical(frame["view"]) == canonical(steps[i - 1]["view"]), i
        assert canonical(frames[-1]["view"]) == canonical(final.view(seat))
        assert frames[-1]["acting"]["kind"] == "over"
    spectator = server.get(frames_path(code, "spectator"))
    assert spectator["seat"] is None
    assert canonical(spectator["frames"][-1]["view"]) == canonical(final.view(None))


def test_the_frames_come_gzipped_to_a_client_that_takes_it(
        server: LiveServer, finished: tuple[str, Record]) -> None:
    code, _ = finished
    url = server.url + frames_path(code, "1")
    with httpx.stream("GET", url, headers={"Accept-Encoding": "gzip"}) as answer:
        assert answer.headers["content-encoding"] == "gzip"
        raw = b"".join(answer.iter_raw())  # as sent, not decoded
    plain = httpx.get(url, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert len(raw) * 5 < len(plain.content)
    assert gzip.decompress(raw) == plain.content


@pytest.mark.parametrize(("game_id", "players"), [("superfly", 3), ("fluster", 2)])
def test_twins_a_seat_cannot_tell_apart_give_it_the_same_frames(
        game_id: str, players: int) -> None:
    """The frames of ``seat`` depend only on what it saw: for a game and its twin (the
    same for ``seat``, everything hidden from it redrawn: the generator asserts that the
    twins do differ), every frame is the same bytes."""
    for state, twin, seat in twins(game_id, players, "bots", label="frames "):
        mine, theirs = (
            list(seen_frames(s.game.new(s.players, s.seed, **s.options), s.history, seat, 1))
            for s in (state, twin))
        assert len(mine) == len(theirs) == len(state.history) + 1
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            assert canonical(a) == canonical(b), f"{game_id}: seat {seat}'s frame {i} differs"


def test_a_spectators_frames_of_twins_differ_where_a_seat_saw_more() -> None:
    """The twin check has teeth: the frames of another pair of eyes (the whole game's
    seat that drew the twin is not the only one) do tell twins apart somewhere."""
    differ = 0
    for state, twin, seat in twins("superfly", 3, "bots", label="teeth "):
        other = (seat + 1) % state.players
        mine, theirs = (
            [canonical(f) for f in seen_frames(s.game.new(s.players, s.seed, **s.options),
                                               s.history, other, 1)]
            for s in (state, twin))
        differ += mine != theirs
    assert differ > 0


def test_an_unknown_game_or_room_has_no_frames(server: LiveServer,
                                               finished: tuple[str, Record]) -> None:
    code, _ = finished
    for path in (f"/api/rooms/{code}/games/2/frames", "/api/rooms/nope/games/1/frames",
                 f"/api/rooms/{code}/games/0/frames?seat=0"):
        assert httpx.get(server.url + path, timeout=10.0).status_code == 404, path
    assert GAMES["superfly"].title in server.get(frames_path(code, "0"))["title"]
    # The viewer's page: for a room's game, and for a record file; none for no room.
    for path, status in [(f"/replay/{code}/1", 200), ("/replay", 200), ("/replay/nope/1", 404)]:
        page = httpx.get(server.url + path, timeout=10.0)
        assert page.status_code == status, path
        assert page.headers["content-type"].startswith("text/html")


def test_the_answers_fit_the_openapi_document(server: LiveServer,
                                              finished: tuple[str, Record]) -> None:
    """A real game's frames and redacted record, and a refused seat, are answers the
    OpenAPI document declares, of the shapes it gives (generated requests seldom name a
    finished game: ``tests/server/test_openapi.py``)."""
    code, whole = finished
    api = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    for path, seat, status in [("frames", "2", 200), ("frames", "spectator", 200),
                               ("record", "1", 200), ("frames", "7", 400),
                               ("record", "spectator", 400)]:
        operation = api[f"/api/rooms/{{code}}/games/{{number}}/{path}"]["GET"]
        case = operation.Case(path_parameters={"code": code, "number": 1},
                              query={"seat": seat})
        answer = case.call_and_validate(checks=CHECKS)
        assert answer.status_code == status, (path, seat, answer.text)
    for seat, status in [("1", 200), ("9", 400)]:
        case = api["/api/replays"]["POST"].Case(body=whole.to_json(), query={"seat": seat})
        assert case.call_and_validate(checks=CHECKS).status_code == status


def test_a_record_file_is_replayed_as_the_rooms_game_is(
        server: LiveServer, finished: tuple[str, Record]) -> None:
    """``POST /api/replays`` takes a whole record (up to 1 MiB, where every other route
    takes 64 KiB), verifies it and gives the frames a room gives, game number aside;
    a changed record, a seat's redacted record and a body over the limit are refused."""
    code, whole = finished
    text = whole.dumps()
    for seat in ("0", "spectator"):
        sent = httpx.post(f"{server.url}/api/replays?seat={seat}", content=text,
                          headers={"Content-Type": "application/json"}, timeout=10.0)
        assert sent.status_code == 200, sent.text
        room = server.get(frames_path(code, seat))
        for mine, theirs in zip(sent.json()["frames"], room["frames"], strict=True):
            assert canonical({**mine, "game": 1}) == canonical(theirs)
    changed = text.replace('"Ann"', '"Bob"', 1)
    redacted = json.dumps(redact(whole, 0))
    for body, words in [(changed, "altered"), (redacted, "redacted"), ("[]", "not a JSON object"),
                        ("{", "not JSON")]:
        answer = httpx.post(f"{server.url}/api/replays", content=body, timeout=10.0)
        assert answer.status_code == 422, answer.text
        assert words in answer.json()["detail"][0]["msg"]
    assert httpx.post(f"{server.url}/api/replays?seat=5", content=text,
                      timeout=10.0).status_code == 400
    # The larger limit is that route's alone.
    big = b" " * (100 * 1024) + text.encode()
    assert httpx.post(f"{server.url}/api/replays", content=big,
                      timeout=10.0).status_code == 200
    assert httpx.post(f"{server.url}/api/rooms", content=big,
                      timeout=10.0).status_code == 413
    assert httpx.post(f"{server.url}/api/replays", content=b" " * (1024 * 1024 + 1),
                      timeout=10.0).status_code == 413
