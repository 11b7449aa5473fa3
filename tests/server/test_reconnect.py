"""Reconnection, against a real server process (``tests.server.live``).

A person whose connection drops comes back with their seat's token to their seat and the
game as it is; past the room's grace period the game's default bot plays the seat for
them, and they take it back when they return; two tabs may play one seat; a wrong token
is refused and the connection stays open.

Why a live process and not the app in this process: reconnection is about connections
that end, a server that notices and timers on its event loop.  A real ``gamenight
serve`` (uvicorn, its WebSocket stack, its own loop and clock) sees a closed tab exactly
as it would in use, with nothing of the test's loop in between; the price is one server
start for the whole module.

FLY is the game for most of these: its turns are short and a turn waits for the person
whose turn it is, so "the game waits for them" and "a bot took their turn" can be seen
in the updates without any timing.  Fliegen klatschen is the game for a person coming
back while a hunt is open, which is when the stand-in bot may be due to move.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.client import Message, Player, over, play_randomly
from tests.server.live import LiveServer, live_server

#: The game's default bot: the stand-in for a person gone past the grace period.
FLY_STAND_IN = "aimer"
FLK_STAND_IN = "sharp"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("reconnect")) as running:
        yield running


def make_room(server: LiveServer, game: str, seats: list[str | None],
              options: dict[str, Any], grace_s: float = 60.0) -> tuple[str, str, list[str]]:
    """A room (the host does not sit); returns its code, the host's token and the tokens
    of the person seats, in seat order."""
    made = server.post("/api/rooms", {"game": game, "players": len(seats), "seats": seats,
                                      "options": options, "grace_s": grace_s})
    tokens = [server.post(f"/api/rooms/{made['code']}/seats",
                          {"name": f"person {seat}", "seat": seat})["token"]
              for seat, bot in enumerate(seats) if bot is None]
    return made["code"], made["host_token"], tokens


async def join(server: LiveServer, code: str, token: str, name: str) -> tuple[Player, Message]:
    """A connection that has joined with ``token``; returns it and its welcome."""
    player = await Player.connect(server.ws_url, code, {"type": "join", "token": token},
                                  name=name)
    welcome = await player.wait_for(lambda m: m["type"] in ("welcome", "error"))
    assert welcome["type"] == "welcome", welcome
    return player, welcome


def is_update(message: Message) -> bool:
    return message["type"] == "update"


async def my_turn(player: Player, seat: int) -> Message:
    """The update that gives ``seat`` its turn: the latest update if it does (a turn
    waits for its person), else the next that does."""
    updates = [i for i, m in enumerate(player.messages) if is_update(m)]
    return await player.wait_for(
        lambda m: is_update(m) and m["acting"]["kind"] == "turn"
        and m["acting"]["seats"] == [seat], after=updates[-1] if updates else 0)


async def take_turn(player: Player, seat: int, rng: random.Random) -> Message:
    """Wait for ``seat``'s turn, take it with a random legal action, and return the update
    that tells of it: the action was accepted at the step the person saw."""
    turn = await my_turn(player, seat)
    mark = len(player.messages)
    await player.send({"type": "act", "action": rng.choice(turn["legal"])})
    told = await player.wait_for(lambda m: m["type"] == "error" or is_update(m), after=mark)
    assert told["type"] == "update", f"the action at step {turn['step']} was refused: {told}"
    assert told["step"] > turn["step"]
    return told


def seat_info(room_message: Message, seat: int) -> dict[str, Any]:
    info: dict[str, Any] = room_message["room"]["seats"][seat]
    return info


async def started(server: LiveServer, code: str, host_token: str) -> Player:
    """The host's connection (watching: the host does not sit), having started the game."""
    host, _ = await join(server, code, host_token, "host")
    await host.send({"type": "start"})
    await host.wait_for(is_update)
    return host


async def test_a_person_who_drops_comes_back_to_their_seat_and_the_game_as_it_is(
        server: LiveServer) -> None:
    rng = random.Random(1)
    code, host_token, (token,) = make_room(server, "fly", [None, "aimer:quick"],
                                           {"max_drops": 30})
    person, welcome = await join(server, code, token, "person")
    assert welcome["seat"] == 0
    host = await started(server, code, host_token)
    for _ in range(2):
        await take_turn(person, 0, rng)
    before = await my_turn(person, 0)
    told_before = [e for u in person.updates() for e in u["events"]]
    await person.close()  # the tab is closed on the person's turn: the game waits
    gone = await host.wait_for(lambda m: m["type"] == "room"
                               and not seat_info(m, 0)["connected"])
    assert seat_info(gone, 0)["kind"] == "person" and seat_info(gone, 0)["bot"] is None

    back, welcome = await join(server, code, token, "person again")
    assert welcome["seat"] == 0 and not welcome["host"]
    fresh = await back.wait_for(is_update)
    assert fresh["fresh"] and fresh["step"] == before["step"]
    assert fresh["view"] == before["view"] and fresh["legal"] == before["legal"]
    assert fresh["events"] == told_before  # the whole game so far, as the seat saw it
    for _ in range(2):  # and play goes on
        await take_turn(back, 0, rng)
    assert not back.errors() and not person.errors()
    for player in (host, back):
        await player.close()


async def test_past_the_grace_the_default_bot_plays_the_seat_until_its_person_returns(
        server: LiveServer) -> None:
    """Seat 1 is a second person, who takes a turn only when the test says so: the game
    cannot run to its end at machine speed while seat 0's person is away (with a bot at
    seat 1 it could, on a busy machine, before the person was back)."""
    rng = random.Random(2)
    assert next(g for g in server.get("/api/games") if g["id"] == "fly")["default_bot"] \
        == FLY_STAND_IN
    code, host_token, (token, bens) = make_room(server, "fly", [None, None],
                                                {"max_drops": 60}, grace_s=0.5)
    person, _ = await join(server, code, token, "person")
    ben, _ = await join(server, code, bens, "ben")
    host = await started(server, code, host_token)
    first = await host.wait_for(is_update)
    if first["acting"]["seats"] == [1]:
        await take_turn(ben, 1, rng)
    await take_turn(person, 0, rng)
    await my_turn(ben, 1)
    await person.close()

    # Past the grace the room shows the stand-in, which takes the seat's turns.
    mark = len(host.messages)
    standing_in = await host.wait_for(lambda m: m["type"] == "room"
                                      and seat_info(m, 0)["bot"] is not None, after=mark)
    assert seat_info(standing_in, 0)["bot"] == FLY_STAND_IN
    assert seat_info(standing_in, 0)["kind"] == "person"
    assert not seat_info(standing_in, 0)["connected"]
    for _ in range(2):
        mark = len(host.messages)
        await take_turn(ben, 1, rng)
        await host.wait_for(lambda m: is_update(m) and any(
            e["event"] == "SwatterDropped" and e["seat"] == 0 for e in m["events"]),
            after=mark)

    # The person comes back (while it is Ben's turn) and takes the seat back: the room
    # shows nobody standing in, their actions are taken again, and no bot takes their
    # turn (one that did would have moved before them: bots take no pause in these tests).
    await my_turn(ben, 1)
    mark = len(host.messages)
    back, welcome = await join(server, code, token, "person again")
    assert welcome["seat"] == 0
    returned = await host.wait_for(lambda m: m["type"] == "room"
                                   and seat_info(m, 0)["connected"], after=mark)
    assert seat_info(returned, 0)["bot"] is None
    assert seat_info(returned, 0)["kind"] == "person"
    fresh = await back.wait_for(is_update)
    assert fresh["fresh"]
    for _ in range(3):
        await take_turn(ben, 1, rng)
        told = await take_turn(back, 0, rng)
        assert any(e["event"] == "SwatterDropped" and e["seat"] == 0 for e in told["events"])
    assert not back.errors()
    for player in (host, back, ben):
        await player.close()


async def test_a_person_back_while_a_hunt_is_open_takes_the_seat_from_its_stand_in(
        server: LiveServer) -> None:
    """The stand-in bot is in the hunt, due to slap at its reaction time, when the person
    comes back: it is not asked again, and the hunt runs to its deadline (the person
    does not slap in it) with no slap for that seat.  Then the game goes on to its end."""
    rng = random.Random(3)
    code, host_token, (token,) = make_room(
        server, "fliegen-klatschen", [None, "sharp:expert"],
        {"remove": 90, "deadline_ms": 1500}, grace_s=0.2)
    person, _ = await join(server, code, token, "person")
    await person.close()  # gone in the lobby: the grace starts with the game
    host = await started(server, code, host_token)
    await host.wait_for(lambda m: m["type"] == "room" and seat_info(m, 0)["bot"] is not None)
    hunt = await host.wait_for(lambda m: is_update(m) and m["window"] is not None
                               and m["window"]["elapsed_ms"] == 0)
    assert 0 in hunt["acting"]["seats"]

    opened = host.messages.index(hunt)
    back, _ = await join(server, code, token, "person again")
    returned = await host.wait_for(lambda m: m["type"] == "room"
                                   and seat_info(m, 0)["connected"], after=opened)
    assert seat_info(returned, 0)["bot"] is None
    since = host.messages.index(returned)
    closed = await host.wait_for(lambda m: is_update(m) and m["window"] is None, after=since)
    assert closed["step"] > hunt["step"]
    in_hunt = [e for m in host.messages[since:host.messages.index(closed) + 1]
               if is_update(m) for e in m["events"]]
    assert not any(e["event"] == "Slapped" and e["seat"] == 0 for e in in_hunt), in_hunt

    last = await play_randomly(back, 0, rng, timeout=60.0)
    assert over(last)
    assert {e["code"] for e in back.errors()} <= {"stale", "illegal"}
    assert not any(e["message"].startswith("a bot is playing") for e in back.errors())
    end = await host.wait_for(over)
    assert end["step"] == last["step"]
    assert "failed" not in server.log()
    for player in (host, back):
        await player.close()


async def test_two_tabs_play_one_seat(server: LiveServer) -> None:
    rng = random.Random(4)
    code, host_token, (token,) = make_room(server, "fly", [None, "aimer:quick"],
                                           {"max_drops": 30}, grace_s=0.3)
    first, _ = await join(server, code, token, "first tab")
    host = await started(server, code, host_token)
    await take_turn(first, 0, rng)
    turn = await my_turn(first, 0)

    second, welcome = await join(server, code, token, "second tab")
    assert welcome["seat"] == 0
    fresh = await second.wait_for(is_update)
    assert fresh["fresh"] and fresh["step"] == turn["step"] and fresh["view"] == turn["view"]
    told = await take_turn(second, 0, rng)  # the second tab plays ...
    await first.wait_for(lambda m: is_update(m) and m["step"] == told["step"])  # both see it

    mark = len(host.messages)
    await first.close()  # ... and the seat stays with it when the first tab closes
    left = await host.wait_for(lambda m: m["type"] == "room", after=mark)
    assert seat_info(left, 0)["connected"] and seat_info(left, 0)["bot"] is None
    for _ in range(2):
        await take_turn(second, 0, rng)
    assert not second.errors() and not first.errors()
    for player in (host, second):
        await player.close()


async def test_a_wrong_token_is_refused_and_the_connection_may_still_watch(
        server: LiveServer) -> None:
    code, _, _ = make_room(server, "fly", [None, "aimer"], {})
    wrong = "not-a-token-of-this-room-" + "x" * 8
    player = await Player.connect(server.ws_url, code, {"type": "join", "token": wrong})
    refused = await player.wait_for(lambda m: m["type"] == "error")
    assert refused["code"] == "bad-token"
    assert all(wrong not in frame for frame in player.frames)  # never echoed
    await player.send({"type": "join", "spectator": True})
    welcome = await player.wait_for(lambda m: m["type"] == "welcome")
    assert welcome["seat"] is None and not welcome["host"]
    assert not player.closed
    await player.close()
    assert wrong not in server.log()
