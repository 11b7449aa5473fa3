"""The server's store keeps rooms, seats and every game's history, on a real SQLite file
and a real PostgreSQL server (each test runs on both: ``database_url``), so that a
restarted server finds exactly what it had committed, and nothing twice."""

from __future__ import annotations

import contextlib
import json
import os
import random
import select
import signal
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import platformdirs
import psycopg
import pytest
from alembic.script import ScriptDirectory
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from sqlalchemy import Engine, Executable, create_engine, event, func, text
from sqlalchemy import select as sql_select

from gamenight import record
from gamenight.engine import Step
from gamenight.games import get_game
from gamenight.server.store import (
    GameRow,
    PlayerTable,
    RoomRow,
    RoomTable,
    SeatRow,
    Store,
    StoreError,
    default_database_url,
    migration_config,
    sqlalchemy_url,
)
from gamenight.sim.runner import make_bots, play_out
from tests.server import postgres

ROOT = Path(__file__).resolve().parents[2]
#: How long a helper process may take to start, commit and answer (it imports the store).
PROCESS_WAIT_S = 60


def _rows(url: str, query: Executable) -> list[tuple[Any, ...]]:
    """What ``query`` finds in the database, read past the store."""
    engine = create_engine(sqlalchemy_url(url))
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(query)]
    finally:
        engine.dispose()


def a_room(code: str = "r00m-c0de", *, players: int = 3, created_at: float = 1_700_000_000.25,
           seats: list[SeatRow] | None = None) -> RoomRow:
    return RoomRow(
        code=code, game="superfly", players=players,
        options={"target": 7, "two_players": False, "speed": 1.5, "names": ["a", "ü"]},
        host_token_hash="ab" * 32, grace_s=60.0, created_at=created_at,
        seats=seats if seats is not None else [SeatRow(s, None, None, None)
                                               for s in range(players)],
        games=[])


#: Values a step may hold that a careless store would change: nested chance outcomes,
#: floats that only read back exactly from their shortest form, integers beyond a
#: double's 53 bits, JSON null, text outside ASCII.
AWKWARD_STEPS = [
    Step(None, {"run": [11, 2, 18], "deck": [[1, 2], {"x": [0.1, None]}]}),
    Step(0, "swat red 3", 751.0828620721703),
    Step(1, "pass", 0.1 + 0.2),
    Step(None, 2**53 + 1),
    Step(2, "lay hedgehog", 5e-324),
    Step(None, None),
    Step(0, "say «naïve» 🦔", 1.7976931348623157e308),
    Step(1, "pass", 0.0),
    Step(None, [True, False, -0.0, 1e-300, "", {}]),
]


# -- rooms and seats -----------------------------------------------------------------------

def test_a_room_reads_back_as_it_was_stored(store: Store) -> None:
    room = a_room(seats=[SeatRow(0, "Ann", "a0" * 32, None),
                         SeatRow(1, "sharp:average", None, "sharp:average"),
                         SeatRow(2, None, None, None)])
    store.create_room(room)
    assert store.room(room.code) == room
    assert store.room("no-such-room") is None


def test_a_room_code_is_stored_once(store: Store) -> None:
    store.create_room(a_room())
    with pytest.raises(StoreError, match="already"):
        store.create_room(a_room(created_at=5.0))
    assert store.room(a_room().code) == a_room()


def test_a_room_needs_one_seat_per_player(store: Store) -> None:
    with pytest.raises(StoreError, match="seats 0 to 2"):
        store.create_room(a_room(seats=[SeatRow(0, None, None, None)]))
    assert store.room(a_room().code) is None


def test_seats_update_as_people_sit_and_bots_stand_in(store: Store, database_url: str) -> None:
    room = a_room()
    store.create_room(room)
    ann, bob = "a1" * 32, "b0" * 32
    stages = [
        SeatRow(1, "Ann", ann, None),            # Ann sits
        SeatRow(1, "average", ann, "average"),   # she is gone past the grace: a bot plays
        SeatRow(1, "Ann", ann, None),            # she takes her seat back
        SeatRow(1, None, ann, "average"),        # a stand-in that shows no name of its own
        SeatRow(1, "Ann B.", ann, None),         # back, under a longer name
    ]
    for seat in stages:
        store.update_seat(room.code, seat)
        stored = store.room(room.code)
        assert stored is not None
        assert stored.seats == [room.seats[0], seat, room.seats[2]]
    store.update_seat(room.code, SeatRow(2, "Bob", bob, None))
    stored = store.room(room.code)
    assert stored is not None
    assert stored.seats == [room.seats[0], stages[-1], SeatRow(2, "Bob", bob, None)]
    # One player row per person, however often their seat changed hands.
    assert _rows(database_url, sql_select(PlayerTable.name).order_by(PlayerTable.name)) == [
        ("Ann B.",), ("Bob",)]


def test_a_seat_outside_the_room_is_refused(store: Store) -> None:
    store.create_room(a_room())
    with pytest.raises(StoreError, match="no seat 3"):
        store.update_seat(a_room().code, SeatRow(3, "Eve", "e0" * 32, None))
    with pytest.raises(StoreError, match="no room"):
        store.update_seat("elsewhere", SeatRow(0, "Eve", "e0" * 32, None))
    assert store.room(a_room().code) == a_room()


# -- games and their steps -----------------------------------------------------------------

def test_steps_append_in_order_and_survive_a_restart(database_url: str) -> None:
    position = {"format": "gamenight-position", "state": {"pile": [3, 1, 2]}}
    with Store(database_url) as store:
        store.create_room(a_room())
        store.start_game(a_room().code, 1, 2**63 - 1, position)
        store.add_steps(a_room().code, 1, 0, AWKWARD_STEPS[:4])
        store.add_steps(a_room().code, 1, 4, AWKWARD_STEPS[4:5])
        store.add_steps(a_room().code, 1, 5, [])
        store.add_steps(a_room().code, 1, 5, AWKWARD_STEPS[5:])
    # A new store on the same database, as a restarted server opens it.
    with Store(database_url) as reopened:
        stored = reopened.room(a_room().code)
    assert stored is not None
    assert stored.games == [GameRow(1, 2**63 - 1, position, AWKWARD_STEPS, None)]
    # Exactly: equal floats may still differ (-0.0 == 0.0), their texts may not.
    assert repr(stored.games[0].steps) == repr(AWKWARD_STEPS)


def test_a_gap_or_an_overlap_is_refused_and_nothing_written(store: Store) -> None:
    code = a_room().code
    store.create_room(a_room())
    with pytest.raises(StoreError, match="no game 1"):
        store.add_steps(code, 1, 0, AWKWARD_STEPS[:1])
    store.start_game(code, 1, 7, None)
    store.add_steps(code, 1, 0, AWKWARD_STEPS[:3])
    with pytest.raises(StoreError, match="3 steps stored: steps from index 4 would leave a gap"):
        store.add_steps(code, 1, 4, AWKWARD_STEPS[4:6])
    with pytest.raises(StoreError, match="from index 2 would store steps twice"):
        store.add_steps(code, 1, 2, AWKWARD_STEPS[2:6])
    # A batch the database fails part-way through (its third step is no JSON) is
    # refused whole: none of its steps is written.
    with pytest.raises(StoreError, match="not JSON serializable"):
        store.add_steps(code, 1, 3, [*AWKWARD_STEPS[3:5], Step(None, {1, 2})])
    with pytest.raises(StoreError, match="finite"):
        store.add_steps(code, 1, 3, [AWKWARD_STEPS[3], Step(0, "pass", float("nan"))])
    stored = store.room(code)
    assert stored is not None
    assert stored.games[0].steps == AWKWARD_STEPS[:3]
    store.add_steps(code, 1, 3, AWKWARD_STEPS[3:])
    stored = store.room(code)
    assert stored is not None
    assert stored.games[0].steps == AWKWARD_STEPS


def test_games_follow_one_another_and_a_finished_one_takes_no_steps(store: Store) -> None:
    code = a_room().code
    store.create_room(a_room())
    with pytest.raises(StoreError, match="next game is game 1, not 2"):
        store.start_game(code, 2, 7, None)
    with pytest.raises(StoreError, match="seed"):
        store.start_game(code, 1, 2**63, None)
    store.start_game(code, 1, 7, None)
    with pytest.raises(StoreError, match="game 1 is not over"):
        store.start_game(code, 2, 8, None)
    store.add_steps(code, 1, 0, AWKWARD_STEPS[:2])
    store.finish_game(code, 1, {"result": "the first"})
    with pytest.raises(StoreError, match="is over"):
        store.add_steps(code, 1, 2, AWKWARD_STEPS[2:3])
    with pytest.raises(StoreError, match="record already"):
        store.finish_game(code, 1, {"result": "another"})
    store.start_game(code, 2, 8, None)
    stored = store.room(code)
    assert stored is not None
    assert stored.games == [GameRow(1, 7, None, AWKWARD_STEPS[:2], {"result": "the first"}),
                            GameRow(2, 8, None, [], None)]


@contextlib.contextmanager
def statements() -> Iterator[list[str]]:
    """The SQL every engine sends while the block runs, each statement's first word
    (``INSERT``, ``SELECT``, ...), and ``COMMIT`` for each commit of a transaction."""
    sent: list[str] = []

    def executed(_c: object, _cursor: object, statement: str, *_args: object) -> None:
        sent.append(statement.split(None, 1)[0].upper())

    def committed(_c: object) -> None:
        sent.append("COMMIT")

    event.listen(Engine, "before_cursor_execute", executed)
    event.listen(Engine, "commit", committed)
    try:
        yield sent
    finally:
        event.remove(Engine, "before_cursor_execute", executed)
        event.remove(Engine, "commit", committed)


def test_an_actions_steps_are_stored_in_one_statement_and_one_round_trip(
        store: Store) -> None:
    """Issue 39: the write of each action is what bounds a server's actions per second on
    PostgreSQL.  A batch is one INSERT (which checks where it goes itself), committed by
    itself: no ping, no BEGIN, no SELECT, no count of the steps stored, no COMMIT of its
    own.  Only a batch refused asks why; so does a record stored twice."""
    code = a_room().code
    store.create_room(a_room())
    store.start_game(code, 1, 7, None)
    for first, size in ((0, 1), (1, 3), (4, 1), (5, 2)):
        with statements() as sent:
            store.add_steps(code, 1, first, AWKWARD_STEPS[first:first + size])
        assert sent == ["INSERT"], f"a batch of {size} sent {sent}"
    with statements() as sent, pytest.raises(StoreError, match="would store steps twice"):
        store.add_steps(code, 1, 5, AWKWARD_STEPS[5:6])
    assert sent[0] == "INSERT" and "SELECT" in sent, sent
    with statements() as sent:
        store.finish_game(code, 1, {"result": "the first"})
    assert sent == ["UPDATE"], sent
    stored = store.room(code)
    assert stored is not None and stored.games[0].steps == AWKWARD_STEPS[:7]


def test_a_connection_the_database_closed_is_replaced_without_failing_a_write(
        postgres: postgres.PostgresServer) -> None:
    """No ping before each write: a connection PostgreSQL closed (its restart, an idle
    timeout) fails its next statement, and the store tries the write once more on a new
    one, so nobody's move is refused for it."""
    url = postgres.create_database()
    with Store(url) as store:
        code = a_room().code
        store.create_room(a_room())
        store.start_game(code, 1, 7, None)
        store.add_steps(code, 1, 0, AWKWARD_STEPS[:2])
        database = store.url.database
        with psycopg.connect(host=postgres.host, port=postgres.port, user=postgres.user,
                             dbname="postgres", autocommit=True) as admin:
            closed = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = %s", (database,)).fetchone()
        assert closed is not None and closed[0] >= 1, "the store held no connection"
        store.add_steps(code, 1, 2, AWKWARD_STEPS[2:4])
        stored = store.room(code)
        assert stored is not None and stored.games[0].steps == AWKWARD_STEPS[:4]


def test_finish_game_stores_the_record_and_record_returns_it(store: Store) -> None:
    code = a_room().code
    store.create_room(a_room())
    store.start_game(code, 1, 7, None)
    assert store.record(code, 1) is None
    assert store.record(code, 2) is None
    assert store.record("elsewhere", 1) is None
    signed = {"format": "gamenight-record", "steps": [{"seat": None, "value": [1, [2.5]]}],
              "signature": {"scheme": "ed25519", "key": "k", "value": "c2ln"}}
    store.finish_game(code, 1, signed)
    assert store.record(code, 1) == signed
    with pytest.raises(StoreError, match="no game 2"):
        store.finish_game(code, 2, signed)


def test_unfinished_rooms_are_lobbies_and_rooms_whose_last_game_has_no_record(
        store: Store) -> None:
    def room(code: str, games: list[tuple[int, bool]]) -> None:
        store.create_room(a_room(code, created_at=len(code)))
        for number, finished in games:
            store.start_game(code, number, number, None)
            store.add_steps(code, number, 0, AWKWARD_STEPS[:2])
            if finished:
                store.finish_game(code, number, {"game": number})

    assert store.unfinished_rooms() == []
    room("lobby", [])
    room("playing", [(1, False)])
    room("over", [(1, True)])
    room("rematch-on", [(1, True), (2, False)])
    room("rematch-over", [(1, True), (2, True)])
    unfinished = store.unfinished_rooms()
    # Oldest first (here: the shortest code was made first).
    assert [r.code for r in unfinished] == ["lobby", "playing", "rematch-on"]
    assert unfinished == [store.room(code) for code in ("lobby", "playing", "rematch-on")]
    assert [len(r.games) for r in unfinished] == [0, 1, 2]
    assert unfinished[2].games[1].steps == AWKWARD_STEPS[:2]


# -- a real game -----------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "bot"), [("superfly", "collector:average"),
                                              ("by-golly", "random")])
def test_a_real_game_stored_in_batches_replays_to_the_same_final_state(
        database_url: str, game_id: str, bot: str) -> None:
    """Superfly's swats carry their reaction times; By Golly!'s deal is a nested chance
    outcome.  Stored in batches of every size, read back after a restart, the history
    is a record that replays, step by step, to the game's own final state."""
    game = get_game(game_id)
    state = play_out(game.new(3, 2024), make_bots(game, [bot] * 3, 2024))
    history = list(state.history)
    assert any(step.at_ms for step in history) or game_id == "by-golly"
    names = ["Ann", "Bob", "Cy"]
    code = f"room-{game_id}"
    with Store(database_url) as store:
        store.create_room(RoomRow(code, game_id, 3, dict(state.options), "00" * 32, 30.0,
                                  time.time(), [SeatRow(s, n, f"{s:064x}", None)
                                                for s, n in enumerate(names)], []))
        store.start_game(code, 1, state.seed, None)
        rng, first = random.Random(game_id), 0
        while first < len(history):
            size = rng.choice([1, 1, 2, 3, 5, 8, 13, 40])
            store.add_steps(code, 1, first, history[first:first + size])
            first += size
    with Store(database_url) as store:
        stored = store.room(code)
        assert stored is not None
        (played,) = stored.games
        assert played.steps == history
        rebuilt = record.Record(
            game=stored.game, rules_version=game.rules_version, players=stored.players,
            seed=played.seed, options=stored.options, seats=[s.name or "" for s in stored.seats],
            steps=played.steps, result=dict(state.outcome().to_json()), digest=state.digest())
        assert record.replay(rebuilt).digest() == state.digest()
        # The signed record the server stores when the game is over, read back, verifies
        # with the server's key and replays.
        key = Ed25519PrivateKey.generate()
        store.finish_game(code, 1, record.sign(rebuilt, key).to_json())
        assert store.unfinished_rooms() == []
        kept = store.record(code, 1)
    assert kept is not None
    replayed = record.replay(record.Record.from_json(kept), key=key.public_key())
    assert replayed.digest() == state.digest()


# -- kill -9 -----------------------------------------------------------------------------------

#: A server's life in small: commit a batch, begin another that it never commits, say
#: so, and wait to be killed.
WRITER = textwrap.dedent("""
    import sys
    from sqlalchemy import create_engine, text
    from gamenight.engine import Step
    from gamenight.server.store import RoomRow, SeatRow, Store

    url, code, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = Store(url)
    store.create_room(RoomRow(code, "superfly", 3, {}, "00" * 64, 60.0, 0.0,
                              [SeatRow(s, None, None, None) for s in range(3)], []))
    store.start_game(code, 1, 99, None)
    store.add_steps(code, 1, 0, [Step(None, {"card": i}) for i in range(steps - 1)])
    store.add_steps(code, 1, steps - 1, [Step(0, "swat red 3", 812.5)])
    open_transaction = create_engine(store.url).connect()
    open_transaction.execute(text(
        "INSERT INTO steps (room_code, game_number, \\"index\\", seat, value, at_ms) "
        "VALUES (:code, 1, :index, 1, '\\"never committed\\"', 1.0)"),
        {"code": code, "index": steps})
    print("committed", flush=True)
    sys.stdin.read()  # until killed
""")

#: A new process that opens the store, as the restarted server does, and stores the next
#: step: the killed writer left the database readable and writable.
READER = textwrap.dedent("""
    import json, sys
    from gamenight.engine import Step
    from gamenight.server.store import Store

    url, code = sys.argv[1], sys.argv[2]
    store = Store(url)
    (game,) = store.room(code).games
    store.add_steps(code, 1, len(game.steps), [Step(2, "pass", 900.0)])
    (game,) = store.room(code).games
    print(json.dumps([[s.seat, s.value, s.at_ms] for s in game.steps]))
""")


def _python(script: str, *args: str, stdin: int | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", script, *args], cwd=ROOT, stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_committed_step_survives_kill_9_of_its_process(database_url: str) -> None:
    steps = 6
    writer = _python(WRITER, database_url, "killed", str(steps), stdin=subprocess.PIPE)
    with writer:
        assert writer.stdout is not None
        ready, _, _ = select.select([writer.stdout], [], [], PROCESS_WAIT_S)
        line = writer.stdout.readline() if ready else ""
        if line != "committed\n":
            writer.kill()
            _, err = writer.communicate(timeout=PROCESS_WAIT_S)
            pytest.fail(f"the writer did not commit: {line!r}\n{err}")
        os.kill(writer.pid, signal.SIGKILL)
        assert writer.wait(PROCESS_WAIT_S) == -signal.SIGKILL
    reader = _python(READER, database_url, "killed")
    out, err = reader.communicate(timeout=PROCESS_WAIT_S)
    assert reader.returncode == 0, err
    expected: list[list[Any]] = [[None, {"card": i}, None] for i in range(steps - 1)]
    expected += [[0, "swat red 3", 812.5], [2, "pass", 900.0]]
    assert json.loads(out) == expected


def test_an_up_to_date_database_opens_again_without_migrating(database_url: str) -> None:
    with Store(database_url) as first:
        first.create_room(a_room())
        with Store(database_url) as second:  # while the first is still open
            assert second.room(a_room().code) == a_room()
    head = ScriptDirectory.from_config(migration_config()).get_current_head()
    assert _rows(database_url, text("SELECT version_num FROM alembic_version")) == [(head,)]
    assert _rows(database_url, sql_select(func.count()).select_from(RoomTable)) == [(1,)]


def test_without_postgresql_the_tests_fail_saying_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(postgres.BIN_VARIABLE, str(tmp_path))
    with pytest.raises(postgres.PostgresUnavailableError,
                       match=r"apt-get install -y postgresql"):
        postgres.find_bin()


# -- opening a database ----------------------------------------------------------------------

def test_urls_name_sqlite_or_postgresql_through_psycopg() -> None:
    for plain in ("postgresql://ann@db.example/gamenight", "postgres://ann@db.example/gamenight"):
        assert sqlalchemy_url(plain).drivername == "postgresql+psycopg"
    assert sqlalchemy_url("sqlite:///rooms.db").database == "rooms.db"
    with pytest.raises(StoreError, match=r"SQLite .* or PostgreSQL"):
        sqlalchemy_url("mysql://ann@db.example/gamenight")
    with pytest.raises(StoreError, match="not a database URL"):
        sqlalchemy_url("rooms.db")


def test_the_default_database_is_sqlite_in_the_user_data_directory() -> None:
    expected = Path(platformdirs.user_data_dir("gamenight")) / "server.db"
    assert default_database_url() == f"sqlite:///{expected}"


def test_an_sqlite_file_gets_its_folder_and_the_write_ahead_log(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new' / 'folder' / 'server.db'}"
    with Store(url) as store:
        store.create_room(a_room())
    assert _rows(url, text("PRAGMA journal_mode")) == [("wal",)]


def test_a_database_that_cannot_be_reached_is_a_store_error_without_its_password() -> None:
    with socket.socket() as unused:  # a port nothing listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    with pytest.raises(StoreError, match="cannot open the database") as refused:
        Store(f"postgresql://ann:s3cret@127.0.0.1:{port}/gamenight")
    assert "s3cret" not in str(refused.value)
