"""The tutorial: every rulebook example is a lesson, and a lesson is a room that plays it.

The lessons are checked as data (every example of every game has one, every lesson's
position loads, its seat is the one to move), then through a real ``gamenight serve``:
each game lists its lessons; a room made from each lesson starts, as its person joins,
from the lesson's position (the first update is the position's view for that seat, after
the chance the position leaves, drawn from the seed the store kept; the welcome names the
lesson, and both fit the protocol's schema); and a lesson room
survives a ``kill -9`` of the server, plays to its end, and its signed record replays
from the position.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from gamenight import lessons
from gamenight.engine import Game
from gamenight.games import GAMES
from gamenight.record import Record, replay
from gamenight.server.store import Store
from gamenight.signing import PUBLIC_KEY_FILE, read_verify_key
from tests.server.client import Message, Player, over
from tests.server.live import LiveServer
from tests.server.test_protocol import problem, validators

ALL_LESSONS = [(game, lesson) for game in GAMES.values()
               for lesson in lessons.lessons(game)]


def database(folder: Path) -> str:
    return f"sqlite:///{folder / 'server.db'}"


def to_move(game: Game, position: dict[str, Any], seed: int = 0) -> tuple[int, ...]:
    """Who acts in the position once the chance it leaves is drawn."""
    state = game.from_position(position, seed)
    while state.acting().kind == "chance":
        state.draw_chance()
    return state.acting().seats


# -- the lessons as data ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_example_of_the_rulebook_is_a_lesson(game: Game) -> None:
    names = [lesson.name for lesson in lessons.lessons(game)]
    assert names, f"{game.id} has no lessons"
    assert sorted(names) == lessons.example_names(game)
    for name in names:  # and the rules name each example the lesson opens
        assert f"{name}.json" in game.rules_text(), name


@pytest.mark.parametrize(("game", "lesson"), ALL_LESSONS,
                         ids=[f"{g.id}:{lesson.name}" for g, lesson in ALL_LESSONS])
def test_each_lesson_is_a_position_its_seat_is_to_move_in(game: Game,
                                                          lesson: lessons.Lesson) -> None:
    position = lessons.position(game, lesson.name)
    assert position["game"] == game.id
    assert lesson.seat in to_move(game, position), (
        f"{game.id}:{lesson.name}: seat {lesson.seat} is not to move")
    for text in (lesson.title, lesson.shows, lesson.task):
        assert text.strip() == text and len(text) <= 300


def test_a_lesson_that_is_not_there_is_refused_by_name() -> None:
    with pytest.raises(lessons.LessonError, match="no lesson 'nonsense'"):
        lessons.lesson(GAMES["by-golly"], "nonsense")
    with pytest.raises(lessons.LessonError):
        lessons.position(GAMES["by-golly"], "../../record")


# -- through a real server ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("lessons")
    running = LiveServer(folder, database(folder)).start()
    try:
        yield running
    finally:
        running.stop()


def test_each_game_lists_its_lessons(server: LiveServer) -> None:
    for game in GAMES.values():
        listed = server.get(f"/api/games/{game.id}/lessons")
        assert [each["name"] for each in listed] == [
            lesson.name for lesson in lessons.lessons(game)]
        first, lesson = listed[0], lessons.lessons(game)[0]
        assert first == {"name": lesson.name, "title": lesson.title, "shows": lesson.shows,
                         "task": lesson.task, "seat": lesson.seat,
                         "players": lessons.position(game, lesson.name)["players"]}
    assert httpx.get(f"{server.url}/api/games/chess/lessons").status_code == 404
    made = httpx.post(f"{server.url}/api/games/by-golly/lessons/nonsense/rooms",
                      json={"name": "Ann"})
    assert made.status_code == 404


async def first_update(server: LiveServer, code: str, token: str) -> tuple[Message, Message]:
    """Joins the room with ``token``: its welcome and its first update."""
    player = await Player.connect(server.ws_url, code, {"type": "join", "token": token})
    try:
        welcome = await player.wait_for(lambda m: m["type"] == "welcome")
        update = await player.wait_for(lambda m: m["type"] == "update")
        return welcome, update
    finally:
        await player.close()


async def test_a_room_from_each_lesson_starts_from_its_position(server: LiveServer) -> None:
    made: list[tuple[Game, lessons.Lesson, Message]] = []
    for game, lesson in ALL_LESSONS:
        room = server.post(f"/api/games/{game.id}/lessons/{lesson.name}/rooms",
                           {"name": "Ann"})
        assert room["seat"]["seat"] == lesson.seat
        assert room["seat"]["token"] == room["host_token"]  # the maker is the host
        made.append((game, lesson, room))
    for game, lesson, room in made:
        where = f"{game.id}:{lesson.name}"
        before = server.get(f"/api/rooms/{room['code']}")
        assert before["status"] == "lobby" and before["lesson"] == lesson.name, where
        assert [s["kind"] for s in before["seats"]] == [
            "person" if s == lesson.seat else "bot" for s in range(before["players"])], where
        assert {s["bot"] for s in before["seats"] if s["kind"] == "bot"} <= {game.default_bot}
        welcome, update = await first_update(server, room["code"], room["host_token"])
        # It starts as its person sits down: nobody else is waited for.
        assert welcome["room"]["status"] == "playing" and welcome["seat"] == lesson.seat
        assert welcome["room"]["lesson"] == lesson.name and welcome["host"], where
        # The protocol's schema for the game knows the lesson's room and its game.
        _, server_messages = validators(game.id)
        for message in (welcome, update):
            assert problem(server_messages, message) is None, where
        with Store(database(server.folder)) as store:
            stored = store.room(room["code"])
        assert stored is not None and stored.lesson == lesson.name, where
        (game_row,) = stored.games
        position = lessons.position(game, lesson.name)
        assert stored.position == position and game_row.position == position, where
        state = game.from_position(position, game_row.seed)
        while state.acting().kind == "chance":
            state.draw_chance()
        assert update["fresh"] and update["step"] == len(state.history), where
        assert update["view"] == json.loads(json.dumps(state.view(lesson.seat))), where
        assert lesson.seat in update["acting"]["seats"], where


def test_a_room_that_is_not_a_lesson_says_no_lesson(server: LiveServer) -> None:
    made = server.post("/api/rooms", {"game": "by-golly", "players": 2,
                                      "seats": [None, "perfect"], "name": "Ann"})
    assert "lesson" not in server.get(f"/api/rooms/{made['code']}")


async def test_a_lesson_room_survives_a_restart_and_its_record_replays(
        tmp_path: Path) -> None:
    """By Golly!'s last card: Ann lays her last animal; the server is killed; she comes
    back, finds its twin and wins; the record starts from the position and replays."""
    server = LiveServer(tmp_path, database(tmp_path)).start()
    game = GAMES["by-golly"]
    players: list[Player] = []
    try:
        room = server.post("/api/games/by-golly/lessons/last-card/rooms", {"name": "Ann"})
        code, token = room["code"], room["host_token"]
        join = {"type": "join", "token": token}
        ann = await Player.connect(server.ws_url, code, join)
        players.append(ann)
        first = await ann.wait_for(lambda m: m["type"] == "update")
        assert first["legal"] == ["lay hen"]
        await ann.send({"type": "act", "action": "lay hen"})
        laid = await ann.wait_for(lambda m: m["type"] == "update" and m["step"] > first["step"])
        server.kill9()
        server.start()
        ann = await Player.connect(server.ws_url, code, join)
        players.append(ann)
        welcome = await ann.wait_for(lambda m: m["type"] == "welcome")
        assert welcome["room"]["lesson"] == "last-card" and welcome["seat"] == 0
        again = await ann.wait_for(lambda m: m["type"] == "update")
        assert again["fresh"] and again["step"] == laid["step"]
        assert again["view"] == laid["view"]
        hen = lessons.position(game, "last-card")["state"]["run"].index("hen")
        await ann.send({"type": "act", "action": f"turn {hen}"})
        end = await ann.wait_for(over)
        assert end["view"]["outcome"]["winners"] == [0]
        record = Record.from_json(server.get(f"/api/rooms/{code}/games/1/record"))
        assert record.position == lessons.position(game, "last-card")
        final = replay(record, key=read_verify_key(server.folder / PUBLIC_KEY_FILE))
        assert final.is_over and final.outcome() is not None
        assert [step.value for step in record.steps] == ["lay hen", f"turn {hen}"]
    except BaseException:
        print(server.log())
        raise
    finally:
        for player in players:
            await player.close()
        server.stop()
