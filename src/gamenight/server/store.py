"""The server's memory: rooms, their seats and players, and every game's history.

A room is kept in five tables (SQLAlchemy 2, migrated by Alembic: ``migrations/``):

* ``rooms``: the room code, the game and its table (players, resolved options), the
  SHA-256 of the host's token, the reconnection grace and when the room was made; for
  a tutorial's room, the lesson it plays and the position each of its games starts from;
* ``players``: a person who took a seat: their name and the SHA-256 of their seat
  token (never the token: the database alone seats nobody), one per token in a room;
* ``seats``: one per seat: the player who holds it, the bot that plays it (a bot spec,
  such as ``sharp:average``), and the name it shows where that is not a person's own;
* ``games``: one per game played in the room (1, then 2 after a rematch, ...): the seed,
  the position it was set up from (if any) and, once it is over, its signed record;
* ``steps``: one per entry of a game's history, in order: its index, the seat that
  acted (NULL for a chance outcome), the value as JSON (an action's text, or the chance
  outcome, nested as it is) and the action's time in its window (``at_ms``).

Every method is one transaction, committed before it returns, so what the server has
stored survives the server: it resumes a room by replaying the steps of its last game.
:meth:`Store.add_steps` refuses a batch that does not start exactly where the stored
history ends, so nothing is lost or stored twice.

The write of every action (:meth:`Store.add_steps`) is one statement and one round trip:
an ``INSERT ... SELECT`` of the batch, made only where the game is stored, has no record
and holds the step just before the batch (the steps' primary key, room, game and index,
refuses a step stored twice), committed by itself (the writes' connections autocommit:
no BEGIN, no COMMIT to wait for).  The same statement carries the batches of several
rooms at once, all or none (:meth:`Store.add_step_batches`: the server's writer commits
them together, ``server.writer``).  Only a batch refused asks the database why, to say so.

Durability: PostgreSQL, at its default settings, keeps a commit through a power cut.
SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction is in the
write-ahead log when the call returns, so it survives the process being killed (even
``kill -9``), but the last transactions before a power cut or an operating-system crash
may be lost, since the log is synced to disk only at checkpoints.  That is the price of
a commit per action on a laptop's disk; a server that must survive power cuts runs on
PostgreSQL.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Double,
    ForeignKey,
    ForeignKeyConstraint,
    Insert,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    and_,
    bindparam,
    cast,
    create_engine,
    event,
    exists,
    func,
    insert,
    or_,
    select,
    text,
    union_all,
    update,
)
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    Session,
    mapped_column,
    relationship,
    selectinload,
    sessionmaker,
)
from sqlalchemy.sql import ColumnElement

from gamenight.engine import Step
from gamenight.server.config import data_dir

#: The default database's file name, in the user's data directory.
DATABASE_FILE = "server.db"
#: Seeds are stored as 64-bit signed integers (BIGINT); the server draws 63-bit ones.
MAX_SEED = 2**63 - 1
#: The key of the PostgreSQL advisory lock held while migrating, so that two servers
#: started at once on one empty database do not both create its tables.
MIGRATION_LOCK = 0x67616D656E69  # "gameni"
#: The PostgreSQL channel on which a process asks another to hand a room over
#: (``Store.ask_hand_over``; ``server.leases`` listens).
HAND_OVER_CHANNEL = "gamenight_hand_over"

T = TypeVar("T")


class StoreError(ValueError):
    """What the store refuses (a room that exists already, a step batch that would leave
    a gap or store a step twice, a game that is not there), or a database it cannot
    open or write."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as stored."""

    seat: int
    #: The person's name (None: nobody yet), or the bot's label.
    name: str | None
    #: The SHA-256 (hex) of the seat's token, never the token itself.
    token_hash: str | None
    #: The bot spec (``sharp:average``) if a bot plays the seat, else None.
    bot: str | None


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of a room as stored."""

    #: 1 for the room's first game, 2 after a rematch, ...
    number: int
    seed: int
    #: The position the game was set up from (``Game.from_position``), if any.
    position: dict[str, Any] | None
    #: The history committed so far, in order.
    steps: list[Step]
    #: The signed record (``Record.to_json()``) once the game is over.
    record: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class RoomRow:
    """A room as stored."""

    code: str
    #: The game's id.
    game: str
    players: int
    #: The resolved options.
    options: dict[str, Any]
    host_token_hash: str
    #: How long a seat waits for its person to come back before a bot takes it over.
    grace_s: float
    #: Unix seconds.
    created_at: float
    #: One per seat, in seat order.
    seats: list[SeatRow]
    #: In number order; empty while the room is in its lobby.
    games: list[GameRow]
    #: The tutorial's lesson the room plays (``gamenight.lessons``), or None.
    lesson: str | None = None
    #: The position every game of the room starts from (``Game.from_position``), or
    #: None: each is dealt from its seed.
    position: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Lease:
    """A process's hold on a room (several processes serving one database,
    ``server.leases``): the process's id and the epoch its claim gave the room.  Every
    write made under a lease is made only while the room's row still names that owner
    and that epoch, in the write's own transaction: a process whose lease another has
    taken over can never write to the room again."""

    owner: str
    epoch: int


@dataclass(frozen=True, slots=True)
class Renewed:
    """A room whose lease :meth:`Store.renew_all` renewed: its epoch, and whether another
    process has asked for it to be handed over (``asked_by``)."""

    epoch: int
    asked: bool


class LeaseLostError(StoreError):
    """A write refused because the writer's lease on the room is gone: another process
    claimed it (the lease ran out), or it was released.  Nothing was written."""


@dataclass(frozen=True, slots=True)
class StepBatch:
    """Steps to append to one game's history: ``steps[0]`` goes at index ``first``;
    under ``lease`` (None: one process serves the database, and holds no leases)."""

    code: str
    number: int
    first: int
    steps: Sequence[Step]
    lease: Lease | None = None


# -- the tables ----------------------------------------------------------------------------

class Base(DeclarativeBase):
    """The server's tables.  Constraints are named by convention, so that a migration can
    name the one it changes, the same on SQLite and PostgreSQL."""

    metadata = MetaData(naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    })


class RoomTable(Base):
    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String, primary_key=True)
    game: Mapped[str] = mapped_column(String)
    players: Mapped[int]
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_token_hash: Mapped[str] = mapped_column(String)
    grace_s: Mapped[float] = mapped_column(Double)
    created_at: Mapped[float] = mapped_column(Double)
    lesson: Mapped[str | None] = mapped_column(String)
    position: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    #: The process that plays the room now (None: none), until ``lease_until`` (Unix
    #: seconds by the database's clock); ``epoch`` grows with each claim, and every
    #: write of the owner names it (``Lease``); ``asked_by``: a process that asked the
    #: owner to hand the room over (revision ``0003``, ``server.leases``).
    owner: Mapped[str | None] = mapped_column(String, index=True)
    lease_until: Mapped[float | None] = mapped_column(Double)
    epoch: Mapped[int] = mapped_column(server_default="0")
    asked_by: Mapped[str | None] = mapped_column(String)

    seats: Mapped[list[SeatTable]] = relationship(order_by="SeatTable.seat")
    games: Mapped[list[GameTable]] = relationship(order_by="GameTable.number")


class PlayerTable(Base):
    """A person who took a seat in a room: one per seat token."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("room_code", "token_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code"))
    name: Mapped[str | None] = mapped_column(String)
    token_hash: Mapped[str] = mapped_column(String)


class SeatTable(Base):
    __tablename__ = "seats"

    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    bot: Mapped[str | None] = mapped_column(String)
    #: The name the seat shows when it is not its player's own: a bot's label (also
    #: where a bot sits in for the player, whose own name stays in ``players``).
    label: Mapped[str | None] = mapped_column(String)

    player: Mapped[PlayerTable | None] = relationship(lazy="joined")


class GameTable(Base):
    __tablename__ = "games"

    room_code: Mapped[str] = mapped_column(ForeignKey("rooms.code"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    # none_as_null: None is SQL NULL, not JSON null, so "no record yet" is IS NULL.
    position: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))

    steps: Mapped[list[StepTable]] = relationship(order_by="StepTable.index")


class StepTable(Base):
    __tablename__ = "steps"
    __table_args__ = (ForeignKeyConstraint(["room_code", "game_number"],
                                           ["games.room_code", "games.number"]),)

    room_code: Mapped[str] = mapped_column(String, primary_key=True)
    game_number: Mapped[int] = mapped_column(primary_key=True)
    #: The step's place in the game's history, from 0.
    index: Mapped[int] = mapped_column(primary_key=True)
    #: NULL for a chance outcome.
    seat: Mapped[int | None]
    #: The action's text, or the chance outcome (any JSON; a JSON null stays JSON null).
    value: Mapped[Any] = mapped_column(JSON)
    at_ms: Mapped[float | None] = mapped_column(Double)


#: :meth:`Store.add_steps`'s statements, built once (Core, on the tables themselves).
_GAMES = Base.metadata.tables["games"]
_STEPS = Base.metadata.tables["steps"]
_ROOMS = Base.metadata.tables["rooms"]
#: Why a batch was refused (asked only then): whether the game is over (None: no such
#: game), and how many steps it has stored.
_GAME_OVER = select(_GAMES.c.record.is_not(None)).where(
    _GAMES.c.room_code == bindparam("code"), _GAMES.c.number == bindparam("number"))
_STEPS_STORED = select(func.count()).select_from(_STEPS).where(
    _STEPS.c.room_code == bindparam("code"), _STEPS.c.game_number == bindparam("number"))
#: A finished game's record, stored where the game has none yet (one statement).
_FINISH = (update(_GAMES)
           .where(_GAMES.c.room_code == bindparam("finished_code"),
                  _GAMES.c.number == bindparam("finished_number"), _GAMES.c.record.is_(None))
           .values(record=bindparam("finished_record", type_=_GAMES.c.record.type)))


def _database_now(typed: bool) -> ColumnElement[float]:
    """The time now, in Unix seconds, by the database's own clock: the processes that
    share a database on several machines need agree on no clock but its."""
    if typed:  # PostgreSQL: the time of this moment, not of the transaction's start
        return cast(func.extract("epoch", func.clock_timestamp()), Double())
    return (func.julianday("now") - 2440587.5) * 86400.0


def _holds(code: ColumnElement[str], owner: ColumnElement[str | None],
           epoch: ColumnElement[int | None]) -> ColumnElement[bool]:
    """Whether the room ``code``'s row names ``owner`` and ``epoch``: a write under a
    lease (:class:`Lease`) is made only then.  On PostgreSQL the row is locked (``FOR
    SHARE``) until the write commits, so a claim waits for it, and a write that waited
    for a claim reads the row as the claim left it: never both (SQLite makes one write
    at a time)."""
    rooms = _ROOMS.c
    return (select(rooms.code)
            .where(rooms.code == code, rooms.owner == owner, rooms.epoch == epoch)
            .with_for_update(read=True).exists())


def _add_batches_statement(rows: int, batches: int, *, typed: bool,
                           leased: bool = False) -> Insert:
    """``INSERT INTO steps ... SELECT`` of ``rows`` steps in ``batches`` batches, each of
    its own room's game, all or none, in one statement: one round trip however many
    rooms' steps it carries (the writer's group commit, ``server.writer``).

    Parameters: ``code_K``, ``number_K``, ``index_K``, ``seat_K``, ``value_K`` and
    ``at_ms_K`` for the K-th row; ``batch_code_B``, ``batch_number_B`` and
    ``batch_first_B`` for the B-th batch (the index of its first step).  Nothing is
    inserted unless every batch's game is stored with no record yet and holds the step
    just before the batch (or the batch starts at 0); a step stored already is refused
    by the primary key.  So each batch goes in whole exactly where its history ends, or
    none does: no round trip to look first.  ``typed``: the times are cast to their
    column's type (PostgreSQL types a UNION's columns by their first row, and a time
    that is NULL there would make the column text; SQLite needs no cast).  ``leased``:
    each batch also names its lease (``batch_owner_B``, ``batch_epoch_B``; NULL for
    none), and goes in only while its room's row names that owner and epoch."""
    steps, games = _STEPS.c, _GAMES.c
    selected = [select(bindparam(f"code_{k}", type_=String()).label("room_code"),
                       bindparam(f"number_{k}", type_=Integer()).label("game_number"),
                       bindparam(f"index_{k}", type_=Integer()).label("index"),
                       bindparam(f"seat_{k}", type_=Integer()).label("seat"),
                       bindparam(f"value_{k}", type_=steps.value.type).label("value"),
                       _time(bindparam(f"at_ms_{k}", type_=Double()), typed).label("at_ms"))
                for k in range(rows)]
    heads = [select(bindparam(f"batch_code_{b}", type_=String()).label("code"),
                    bindparam(f"batch_number_{b}", type_=Integer()).label("number"),
                    bindparam(f"batch_first_{b}", type_=Integer()).label("first"),
                    *([cast(bindparam(f"batch_owner_{b}", type_=String()), String())
                       .label("owner"),
                       cast(bindparam(f"batch_epoch_{b}", type_=Integer()), Integer())
                       .label("epoch")] if leased else []))
             for b in range(batches)]
    batch = (selected[0] if rows == 1 else union_all(*selected)).subquery("batch")
    head = (heads[0] if batches == 1 else union_all(*heads)).subquery("head")
    open_game = exists().where(games.room_code == head.c.code, games.number == head.c.number,
                               games.record.is_(None))
    follows = or_(head.c.first == 0,
                  exists().where(steps.room_code == head.c.code,
                                 steps.game_number == head.c.number,
                                 steps.index == head.c.first - 1))
    allowed = and_(open_game, follows)
    if leased:
        allowed = and_(allowed, or_(head.c.owner.is_(None),
                                    _holds(head.c.code, head.c.owner, head.c.epoch)))
    refused = exists().select_from(head).where(~allowed)
    return insert(_STEPS).from_select(
        ["room_code", "game_number", "index", "seat", "value", "at_ms"],
        select(batch).where(~refused)).execution_options(preserve_rowcount=True)


def _time(value: ColumnElement[float], typed: bool) -> ColumnElement[float]:
    return cast(value, Double()) if typed else value


# -- opening a database ----------------------------------------------------------------------

def default_database_url() -> str:
    """SQLite in the user's data directory: nothing to install or start."""
    return f"sqlite:///{data_dir() / DATABASE_FILE}"


def sqlalchemy_url(url: str) -> URL:
    """``url`` as SQLAlchemy takes it: a plain ``postgresql://`` (or ``postgres://``) URL
    goes through psycopg 3, the driver the package installs.  StoreError for a URL that
    does not read or names a database other than SQLite and PostgreSQL."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        # Not repeated in the message: a mistyped URL may still hold a password.
        raise StoreError("not a database URL: give sqlite:///path/to/file.db or "
                         "postgresql://user@host/database") from None
    if parsed.get_backend_name() in ("postgresql", "postgres"):
        if parsed.drivername in ("postgresql", "postgres"):
            parsed = parsed.set(drivername="postgresql+psycopg")
    elif parsed.get_backend_name() != "sqlite":
        raise StoreError(f"the database is SQLite (sqlite:///path/to/file.db) or PostgreSQL "
                         f"(postgresql://user@host/database), not {parsed.drivername}")
    return parsed


def migration_config(url: str | None = None) -> Config:
    """Alembic's configuration for the packaged migrations (no ``alembic.ini``).  With a
    URL, the ``alembic`` commands can be run on it, e.g. to write the next revision::

        command.revision(migration_config("sqlite:////tmp/head.db"), "what changed",
                         autogenerate=True)

    after upgrading that database to the current head."""
    config = Config()
    # Alembic reads the folder from the files the package installed (a wheel unpacks
    # them, so this is a real directory).  ConfigParser would read a % as interpolation.
    folder = str(files("gamenight.server") / "migrations")
    config.set_main_option("script_location", folder.replace("%", "%%"))
    if url is not None:
        config.set_main_option("sqlalchemy.url",
                               sqlalchemy_url(url).render_as_string(hide_password=False)
                               .replace("%", "%%"))
    return config


def _json_text(value: object) -> str:
    """A JSON column's text: strict JSON in both databases (PostgreSQL refuses NaN, where
    SQLite would keep it), and StoreError for what is not JSON, whichever driver asks."""
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError(f"only JSON can be stored: {exc}") from None


def _sqlite_settings(dbapi_connection: Any, _record: object) -> None:
    # On every new connection: the write-ahead log, synced at checkpoints only (see the
    # module's docstring), foreign keys checked (SQLite's default is not to), and a
    # writer waits for another's lock for a while instead of failing at once.
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON",
                   "busy_timeout=10000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _migrate(connection: Connection) -> None:
    """Bring the database to the newest revision (nothing to do if it is there)."""
    if connection.dialect.name == "postgresql":
        # Released when this transaction ends.
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    config = migration_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _message(exc: SQLAlchemyError) -> str:
    """What went wrong, in the database's words (the driver's error, where there is one),
    with no SQL parameters: they may hold a hidden card."""
    original = getattr(exc, "orig", None)
    return str(original if original is not None else exc).strip().splitlines()[0]


class Store:
    """Rooms and games in a database, by URL (``sqlite:///path/to/file.db`` or
    ``postgresql://user@host/database``).

    Synchronous: the server makes its writes through its one writer, in a thread beside
    its event loop (``server.writer``), which never waits for the database."""

    def __init__(self, url: str) -> None:
        """Open the database and migrate it to the newest revision (Alembic), making an
        SQLite file's folder where it is missing.  StoreError if it cannot be opened."""
        #: The database, as SQLAlchemy names it (a password in it is never printed).
        self.url = sqlalchemy_url(url)
        shown = self.url.render_as_string(hide_password=True)
        options: dict[str, Any] = {
            # Never shown in an error message or a log line: a hidden card could be one.
            "hide_parameters": True,
            "json_serializer": _json_text,
        }
        if self.url.get_backend_name() == "sqlite":
            database = self.url.database
            if database and database != ":memory:" and not database.startswith("file:"):
                try:
                    Path(database).parent.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise StoreError(f"cannot make the database's folder for {shown}: "
                                     f"{exc.strerror or exc}") from None
        sqlite = self.url.get_backend_name() == "sqlite"
        try:
            # Everything but the per-action writes: a connection the database closed
            # (a restart) is noticed before use and replaced (a ping per checkout).
            self._engine: Engine = create_engine(self.url, pool_pre_ping=not sqlite,
                                                 **options)
            # The per-action writes (add_steps, finish_game) have a pool of their own:
            # each is one statement, committed by itself (autocommit: no BEGIN, no
            # COMMIT to wait for), and no ping first; a connection the database closed
            # fails its statement, which is tried once more on a new one
            # (:meth:`_once_more`), and a database that is down fails that too: the
            # room pauses until it is back (``Room._pause``).
            self._writer: Engine = create_engine(self.url, isolation_level="AUTOCOMMIT",
                                                 **options)
        except (ArgumentError, ImportError) as exc:
            raise StoreError(f"cannot use the database {shown}: {exc}") from None
        if sqlite:
            event.listen(self._engine, "connect", _sqlite_settings)
            event.listen(self._writer, "connect", _sqlite_settings)
        try:
            with self._engine.begin() as connection:
                _migrate(connection)
        except SQLAlchemyError as exc:
            self.close()
            raise StoreError(f"cannot open the database {shown}: {_message(exc)}") from exc
        self._sessions = sessionmaker(self._engine, expire_on_commit=False)
        # add_step_batches's statement for each shape met so far (rows, batches, and
        # whether under leases): an action and the chance that follows it, a few
        # rooms' at once.
        self._add_batches: dict[tuple[int, int, bool], Insert] = {}
        #: PostgreSQL (values cast to their types; the database's own clock read so).
        self._typed = self.url.get_backend_name() == "postgresql"

    def close(self) -> None:
        """Close every connection (the store cannot be used after)."""
        self._engine.dispose()
        self._writer.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self, doing: str) -> Iterator[Session]:
        """One transaction, committed at the end; rolled back, whole, on any error.  A
        database's error becomes a StoreError saying what was being done."""
        try:
            with self._sessions.begin() as session:
                yield session
        except SQLAlchemyError as exc:
            raise StoreError(f"could not {doing}: {_message(exc)}") from exc

    def _once_more(self, doing: str, write: Callable[[Connection], T]) -> T:
        """``write(connection)`` (one statement, autocommitted): its row count.  A
        connection the database had closed is replaced and the statement tried once more
        (a lost answer to a write that was made is refused the second time, by the
        primary key or its WHERE: the caller asks why).  A database error otherwise, or
        twice, is a StoreError saying what was being done."""
        for attempt in (1, 2):
            try:
                with self._writer.connect() as connection:
                    return write(connection)
            except IntegrityError:
                raise
            except DBAPIError as exc:
                if attempt == 1 and exc.connection_invalidated:
                    continue
                raise StoreError(f"could not {doing}: {_message(exc)}") from exc
            except SQLAlchemyError as exc:
                raise StoreError(f"could not {doing}: {_message(exc)}") from exc
        raise AssertionError("unreachable")  # pragma: no cover

    # -- writing ---------------------------------------------------------------------------
    def create_room(self, room: RoomRow) -> None:
        """Store a new room with its seats (and its games, if it has any already)."""
        if [s.seat for s in room.seats] != list(range(room.players)):
            raise StoreError(f"room {room.code} has {room.players} players, so seats 0 to "
                             f"{room.players - 1} in order, not {[s.seat for s in room.seats]}")
        if [g.number for g in room.games] != list(range(1, len(room.games) + 1)):
            raise StoreError(f"room {room.code}'s games are numbered 1, 2, ... in order")
        with self._transaction(f"create room {room.code}") as session:
            if session.get(RoomTable, room.code) is not None:
                raise StoreError(f"there is a room {room.code} already")
            table = RoomTable(code=room.code, game=room.game, players=room.players,
                              options=room.options, host_token_hash=room.host_token_hash,
                              grace_s=room.grace_s, created_at=room.created_at,
                              lesson=room.lesson, position=room.position)
            session.add(table)
            for seat in room.seats:
                stored = SeatTable(room_code=room.code, seat=seat.seat)
                session.add(stored)
                _fill_seat(session, room.code, stored, seat)
            for game in room.games:
                _check_seed(game.seed)
                session.add(GameTable(room_code=room.code, number=game.number, seed=game.seed,
                                      position=game.position, record=game.record))
                _insert_steps(session, room.code, game.number, 0, game.steps)

    def update_seat(self, code: str, seat: SeatRow, lease: Lease | None = None) -> None:
        """Store who holds ``seat.seat`` now (a person who sat, a bot that took over, ...),
        under ``lease`` if given (else LeaseLostError)."""
        with self._transaction(f"update seat {seat.seat} of room {code}") as session:
            self._hold(session, code, lease)
            stored = session.get(SeatTable, (code, seat.seat))
            if stored is None:
                if session.get(RoomTable, code) is None:
                    raise StoreError(f"there is no room {code}")
                raise StoreError(f"room {code} has no seat {seat.seat}")
            _fill_seat(session, code, stored, seat)

    def start_game(self, code: str, number: int, seed: int,
                   position: dict[str, Any] | None, lease: Lease | None = None) -> None:
        """Store the start of the room's game ``number``: 1 for its first game, one more
        than the last for a rematch, which comes only after that game's record; under
        ``lease`` if given (else LeaseLostError)."""
        _check_seed(seed)
        with self._transaction(f"start game {number} in room {code}") as session:
            self._hold(session, code, lease)
            if session.get(RoomTable, code) is None:
                raise StoreError(f"there is no room {code}")
            last = session.execute(
                select(GameTable.number, GameTable.record.is_(None))
                .where(GameTable.room_code == code)
                .order_by(GameTable.number.desc()).limit(1)).first()
            expected = 1 if last is None else last[0] + 1
            if number != expected:
                raise StoreError(f"room {code}'s next game is game {expected}, not {number}")
            if last is not None and last[1]:
                raise StoreError(f"room {code}'s game {last[0]} is not over: it has no record")
            session.add(GameTable(room_code=code, number=number, seed=seed,
                                  position=position, record=None))

    def add_steps(self, code: str, number: int, first: int, steps: Sequence[Step]) -> None:
        """Append ``steps`` to the history of the room's game ``number``, in one
        transaction.  ``first`` is the index of ``steps[0]`` in the game's history: it
        must be the number of steps stored already, else StoreError and nothing is
        written (a gap would lose steps, an overlap would store them twice).

        One statement, one round trip (:meth:`add_step_batches`); the database is asked
        why only when it refuses the batch.  The server makes these writes through its
        one writer (``server.writer``), beside its event loop."""
        refusal = self._once_more(
            f"store steps of game {number} in room {code}",
            lambda connection: self.add_step_batches(
                [StepBatch(code, number, first, steps)], connection))[0]
        if refusal is not None:
            raise refusal

    def writing_connection(self) -> Connection:
        """A new connection of the writes' own (autocommitted, never pinged): the one
        the writer holds (``server.writer``).  SQLAlchemyError if it cannot be opened."""
        return self._writer.connect()

    def add_step_batches(self, batches: Sequence[StepBatch],
                         connection: Connection) -> list[StoreError | None]:
        """Append each batch where its game's history ends, all in one statement on
        ``connection`` (autocommitted: one transaction, one round trip, however many
        rooms' batches); what each batch met: None (stored), or the StoreError saying
        why it was refused.  Only when the statement is refused (it takes all or none)
        is each batch tried by itself, to store the others and say why the refused ones
        were.  A database error (an outage: the database gone, a read-only file, a full
        disk) is raised, as an SQLAlchemyError: nothing was stored."""
        rows: list[dict[str, Any]] = []
        heads: list[StepBatch] = []
        for batch in batches:
            batch_rows = _step_rows(batch.code, batch.number, batch.first, batch.steps)
            if batch_rows:
                rows += batch_rows
                heads.append(batch)
        if heads:
            leased = any(batch.lease is not None for batch in heads)
            shape = (len(rows), len(heads), leased)
            statement = self._add_batches.get(shape)
            if statement is None:
                statement = self._add_batches[shape] = _add_batches_statement(
                    len(rows), len(heads), typed=self._typed, leased=leased)
            params: dict[str, Any] = {}
            for k, row in enumerate(rows):
                params[f"code_{k}"] = row["room_code"]
                params[f"number_{k}"] = row["game_number"]
                params[f"index_{k}"] = row["index"]
                params[f"seat_{k}"] = row["seat"]
                params[f"value_{k}"] = row["value"]
                params[f"at_ms_{k}"] = row["at_ms"]
            for b, batch in enumerate(heads):
                params[f"batch_code_{b}"] = batch.code
                params[f"batch_number_{b}"] = batch.number
                params[f"batch_first_{b}"] = batch.first
                if leased:
                    lease = batch.lease
                    params[f"batch_owner_{b}"] = None if lease is None else lease.owner
                    params[f"batch_epoch_{b}"] = None if lease is None else lease.epoch
            try:
                added = connection.execute(statement, params).rowcount
            except IntegrityError:
                added = 0  # a step stored already (the primary key): said below
            if added == len(rows):
                return [None if batch.steps else self._refusal(batch) for batch in batches]
            if len(heads) > 1:  # who was refused: each by itself
                return [self.add_step_batches([batch], connection)[0] for batch in batches]
        return [self._refusal(batch) for batch in batches]

    def _refusal(self, batch: StepBatch) -> StoreError | None:
        """Why ``batch`` does not go where its game's history ends (None if it would)."""
        doing = f"store steps of game {batch.number} in room {batch.code}"
        try:
            self._check_lease(batch.code, batch.lease, doing)
            self._check_place(batch.code, batch.number, batch.first, doing)
        except StoreError as exc:
            return exc
        if not batch.steps:
            return None
        return StoreError(f"could not {doing}: the database took none of its "
                          f"{len(batch.steps)} steps")  # pragma: no cover (not seen)

    def _check_place(self, code: str, number: int, first: int, doing: str) -> None:
        """StoreError saying why steps from index ``first`` do not go into the room's game
        ``number`` (no such game, its record stored, a gap or an overlap); nothing if
        they would."""
        with self._transaction(doing) as session:
            connection = session.connection()
            game = {"code": code, "number": number}
            finished = connection.execute(_GAME_OVER, game).scalar()
            if finished is None:
                raise StoreError(f"room {code} has no game {number}")
            if finished:
                raise StoreError(f"room {code}'s game {number} is over: its record is stored")
            stored = connection.execute(_STEPS_STORED, game).scalar() or 0
        if first != stored:
            problem = "leave a gap" if first > stored else "store steps twice"
            raise StoreError(f"room {code}'s game {number} has {stored} steps stored: "
                             f"steps from index {first} would {problem}")

    def finish_game(self, code: str, number: int, record: dict[str, Any],
                    connection: Connection | None = None, lease: Lease | None = None
                    ) -> None:
        """Store the finished game's signed record (once: a game has one record), in one
        statement (on ``connection``, the writer's, if given), under ``lease`` if given
        (else LeaseLostError); the database is asked why only when it refuses."""
        doing = f"store the record of game {number} in room {code}"
        params: dict[str, Any] = {"finished_code": code, "finished_number": number,
                                  "finished_record": record}
        statement = _FINISH
        if lease is not None:
            statement = _FINISH.where(_holds(bindparam("finished_code"),
                                             bindparam("finished_owner"),
                                             bindparam("finished_epoch")))
            params |= {"finished_owner": lease.owner, "finished_epoch": lease.epoch}
        if connection is not None:
            try:
                stored = connection.execute(statement, params).rowcount
            except SQLAlchemyError as exc:
                raise StoreError(f"could not {doing}: {_message(exc)}") from exc
        else:
            stored = self._once_more(doing, lambda c: c.execute(statement, params).rowcount)
        if stored == 1:
            return
        self._check_lease(code, lease, doing)
        with self._transaction(doing) as session:
            finished = session.connection().execute(
                _GAME_OVER, {"code": code, "number": number}).scalar()
        if finished is None:
            raise StoreError(f"room {code} has no game {number}")
        raise StoreError(f"room {code}'s game {number} has its record already")

    def check_writes(self, code: str, lease: Lease | None = None) -> None:
        """Write to the room ``code``'s row and commit, leaving the database as it was:
        StoreError while the database cannot take a write (a server that does not
        answer, a read-only file, a full disk).  A room paused by a failed commit asks
        this before it plays on.

        The row is changed and changed back in the one transaction, so that its commit
        has something to make durable (a page in SQLite's log, a record in PostgreSQL's):
        SQLite skips an update that leaves a row's bytes as they were, and such a commit
        succeeds on a full disk.  Under ``lease``, LeaseLostError once it is gone."""
        rooms = _ROOMS.c
        with self._transaction(f"write to room {code}") as session:
            self._hold(session, code, lease)
            connection = session.connection()
            for change in (1, -1):
                connection.execute(update(_ROOMS).where(rooms.code == code)
                                   .values(players=rooms.players + change))

    # -- leases (several processes on one database: ``server.leases``) -------------------------
    def _hold(self, session: Session, code: str, lease: Lease | None) -> None:
        """In ``session``'s transaction: LeaseLostError unless the room's row names ``lease``
        (nothing to check for None).  The row is written (to itself), so the check holds
        its lock until the transaction ends: a claim of another process waits for it, on
        PostgreSQL as on SQLite."""
        if lease is None:
            return
        rooms = _ROOMS.c
        held = session.connection().execute(
            update(_ROOMS).where(rooms.code == code, rooms.owner == lease.owner,
                                 rooms.epoch == lease.epoch).values(epoch=rooms.epoch))
        if held.rowcount != 1:
            raise LeaseLostError(f"room {code} is no longer this process's to write to: "
                            f"another process holds it")

    def _check_lease(self, code: str, lease: Lease | None, doing: str) -> None:
        """LeaseLostError (saying ``doing``) if a write under ``lease`` was refused for it."""
        if lease is None:
            return
        with self._transaction(doing) as session:
            found = session.execute(select(RoomTable.owner, RoomTable.epoch)
                                    .where(RoomTable.code == code)).first()
        if found is not None and tuple(found) != (lease.owner, lease.epoch):
            raise LeaseLostError(f"could not {doing}: this process's lease on the room is gone "
                            f"(another process holds it)")

    def now(self) -> float:
        """The database's time now (Unix seconds): the clock every lease is read by."""
        with self._transaction("read the database's clock") as session:
            return float(session.execute(select(_database_now(self._typed))).scalar_one())

    def claim(self, code: str, owner: str, lease_s: float) -> int | None:
        """Take the room ``code`` for the process ``owner`` for ``lease_s`` seconds, if
        nobody holds it, ``owner`` does, or its lease has run out: its new epoch (one
        more than before, so every write of an earlier holder is refused from now on).
        None if another process holds it, or there is no such room.  One statement."""
        rooms, now = _ROOMS.c, _database_now(self._typed)
        with self._transaction(f"claim room {code}") as session:
            return session.execute(
                update(_ROOMS)
                .where(rooms.code == code, or_(rooms.owner.is_(None), rooms.owner == owner,
                                               rooms.lease_until < now))
                .values(owner=owner, lease_until=now + lease_s, epoch=rooms.epoch + 1,
                        asked_by=None)
                .returning(rooms.epoch)).scalar()

    def renew_all(self, owner: str, lease_s: float,
                  connection: Connection | None = None) -> dict[str, Renewed]:
        """Renew for ``lease_s`` seconds the lease of every room ``owner`` holds, in one
        statement (on ``connection``, the writer's, if given): those rooms, by code.  A
        room the process thinks it holds and is not among them, or is at another epoch,
        was taken over by another process."""
        rooms, now = _ROOMS.c, _database_now(self._typed)
        statement = (update(_ROOMS).where(rooms.owner == owner)
                     .values(lease_until=now + lease_s)
                     # The column itself: SQLite 3.40 returns an IS NOT NULL of it wrong.
                     .returning(rooms.code, rooms.epoch, rooms.asked_by))

        def renew(on: Connection) -> dict[str, Renewed]:
            return {code: Renewed(epoch, asker is not None)
                    for code, epoch, asker in on.execute(statement)}

        if connection is not None:
            try:
                return renew(connection)
            except SQLAlchemyError as exc:
                raise StoreError(f"could not renew the leases: {_message(exc)}") from exc
        with self._transaction("renew the leases") as session:
            return renew(session.connection())

    def release(self, owner: str, codes: Sequence[str] | None = None,
                connection: Connection | None = None) -> int:
        """Let go the leases ``owner`` holds (of the rooms ``codes`` only, if given): any
        process may claim those rooms at once.  How many were let go."""
        rooms = _ROOMS.c
        statement = update(_ROOMS).where(rooms.owner == owner).values(
            owner=None, lease_until=None, asked_by=None)
        if codes is not None:
            if not codes:
                return 0
            statement = statement.where(rooms.code.in_(list(codes)))
        if connection is not None:
            try:
                return connection.execute(statement).rowcount
            except SQLAlchemyError as exc:
                raise StoreError(f"could not release leases: {_message(exc)}") from exc
        with self._transaction("release leases") as session:
            return session.connection().execute(statement).rowcount

    def ask_hand_over(self, code: str, asker: str,
                      connection: Connection | None = None) -> bool:
        """Ask the process that holds the room ``code`` (another than ``asker``, its lease
        still running) to hand it over: noted in its row (its owner sees it when it
        renews its leases) and, on PostgreSQL, notified at once on the channel
        :data:`HAND_OVER_CHANNEL` (``<asker> <code>``).  Whether anyone holds it."""
        rooms, now = _ROOMS.c, _database_now(self._typed)
        statement = (update(_ROOMS)
                     .where(rooms.code == code, rooms.owner.is_not(None),
                            rooms.owner != asker, rooms.lease_until >= now)
                     .values(asked_by=asker))

        def ask(on: Connection) -> bool:
            asked = on.execute(statement).rowcount == 1
            if asked and self._typed:
                on.execute(select(func.pg_notify(HAND_OVER_CHANNEL, f"{asker} {code}")))
            return asked

        if connection is not None:
            try:  # autocommitted: the notice goes once the row says so
                return ask(connection)
            except SQLAlchemyError as exc:
                raise StoreError(f"could not ask for room {code}: {_message(exc)}") from exc
        with self._transaction(f"ask for room {code}") as session:
            return ask(session.connection())

    def asked(self, code: str, lease: Lease) -> bool:
        """Whether ``lease`` still holds the room ``code`` and another process has asked
        for it to be handed over."""
        rooms = _ROOMS.c
        with self._transaction(f"read who asks for room {code}") as session:
            return session.execute(
                select(rooms.asked_by.is_not(None))
                .where(rooms.code == code, rooms.owner == lease.owner,
                       rooms.epoch == lease.epoch)).scalar() is True

    def orphans(self, expired_s: float, most: int) -> list[str]:
        """Up to ``most`` rooms with a game in play that nobody holds: released, or whose
        lease ran out over ``expired_s`` seconds ago (its process died or stalled).  A
        lobby is not among them: nothing runs in it until someone asks for it."""
        rooms, now = _ROOMS.c, _database_now(self._typed)
        in_play = select(_GAMES.c.room_code).where(_GAMES.c.record.is_(None))
        with self._transaction("look for rooms nobody holds") as session:
            return list(session.scalars(
                select(rooms.code)
                .where(rooms.code.in_(in_play), rooms.host_token_hash != "",
                       or_(rooms.owner.is_(None), rooms.lease_until < now - expired_s))
                .order_by(rooms.lease_until, rooms.code).limit(most)))

    # -- reading ---------------------------------------------------------------------------
    def room(self, code: str) -> RoomRow | None:
        """The room, or None if there is no room with that code."""
        with self._transaction(f"read room {code}") as session:
            rooms = _load_rooms(session, [RoomTable.code == code])
            return rooms[0] if rooms else None

    def unfinished_rooms(self) -> list[RoomRow]:
        """Rooms to resume after a restart: those in their lobby (no game yet) and those
        whose last game has no record; oldest first."""
        last = (select(GameTable.room_code, func.max(GameTable.number).label("number"))
                .group_by(GameTable.room_code).subquery())
        open_games = (select(GameTable.room_code)
                      .join(last, (GameTable.room_code == last.c.room_code)
                            & (GameTable.number == last.c.number))
                      .where(GameTable.record.is_(None)))
        lobbies = select(RoomTable.code).where(~RoomTable.games.any())
        with self._transaction("read the unfinished rooms") as session:
            return _load_rooms(session, [or_(RoomTable.code.in_(lobbies),
                                             RoomTable.code.in_(open_games))])

    def record(self, code: str, number: int) -> dict[str, Any] | None:
        """The signed record of the room's game ``number``; None until it is over (or if
        there is no such game)."""
        with self._transaction(f"read the record of game {number} in room {code}") as session:
            return session.scalar(select(GameTable.record).where(
                GameTable.room_code == code, GameTable.number == number))

    def forget_rooms(self, made_before: float, keep: set[str] | frozenset[str] = frozenset(),
                     most: int = 100, owner: str | None = None) -> list[str]:
        """Forget the rooms made before ``made_before`` (Unix seconds) in which nothing
        is being played (a lobby, or every game over), but those in ``keep``, the oldest
        first and at most ``most``; returns their codes.  A room in its lobby goes whole.
        A room that played keeps its row and its games' signed records, and loses the
        rest: its seats, its players (their names and their tokens' hashes), its games'
        steps (each record holds them) and its host token's hash, which becomes "" (no
        token hashes to it): nobody can join it or play in it again.  (``server.app``
        (``Server``) serves such a room's records, and no room.)  One transaction.
        ``owner``: a process among several on the database, which leaves alone the rooms
        another process holds (people may be in their lobby)."""
        from sqlalchemy import delete

        rooms = _ROOMS.c
        seats, players = Base.metadata.tables["seats"], Base.metadata.tables["players"]
        in_play = select(_GAMES.c.room_code).where(_GAMES.c.record.is_(None))
        played = select(_GAMES.c.room_code)
        free = [] if owner is None else [or_(rooms.owner.is_(None), rooms.owner == owner,
                                             rooms.lease_until < _database_now(self._typed))]
        with self._transaction("forget old rooms") as session:
            connection = session.connection()
            found = connection.execute(
                select(rooms.code, rooms.code.in_(played))
                .where(rooms.created_at < made_before, rooms.host_token_hash != "",
                       rooms.code.not_in(in_play), *free)
                .order_by(rooms.created_at, rooms.code)).all()
            chosen = [(code, bool(done)) for code, done in found if code not in keep][:most]
            codes = [code for code, _ in chosen]
            if not codes:
                return []
            connection.execute(delete(_STEPS).where(_STEPS.c.room_code.in_(codes)))
            connection.execute(delete(seats).where(seats.c.room_code.in_(codes)))
            connection.execute(delete(players).where(players.c.room_code.in_(codes)))
            connection.execute(delete(_ROOMS).where(
                rooms.code.in_([code for code, done in chosen if not done])))
            connection.execute(update(_ROOMS).values(host_token_hash="").where(
                rooms.code.in_([code for code, done in chosen if done])))
        return codes


# -- between rows and tables -------------------------------------------------------------------

def _check_seed(seed: int) -> None:
    if not 0 <= seed <= MAX_SEED:
        raise StoreError(f"a stored seed is a whole number from 0 to 2**63 - 1, not {seed}")


def _fill_seat(session: Session, code: str, stored: SeatTable, seat: SeatRow) -> None:
    """Write ``seat`` into its table row.  A token is a person's: their player row (made
    the first time the token is seen) keeps their own name while no bot plays for them;
    any other name the seat shows (a bot's label) is the seat's ``label``."""
    stored.bot = seat.bot
    if seat.token_hash is None:
        stored.player = None
        stored.label = seat.name
        return
    player = session.scalar(select(PlayerTable).where(PlayerTable.room_code == code,
                                                      PlayerTable.token_hash == seat.token_hash))
    if player is None:
        player = PlayerTable(room_code=code, token_hash=seat.token_hash)
        session.add(player)
    stored.player = player
    if seat.bot is None:
        player.name = seat.name
        stored.label = None
    else:
        stored.label = seat.name


def _step_rows(code: str, number: int, first: int,
               steps: Sequence[Step]) -> list[dict[str, Any]]:
    """The rows of ``steps`` in the ``steps`` table, the first at index ``first``."""
    for step in steps:
        if step.at_ms is not None and not math.isfinite(step.at_ms):
            raise StoreError(f"a step's time is a finite number of ms, not {step.at_ms}")
    return [{"room_code": code, "game_number": number, "index": first + i,
             "seat": step.seat, "value": step.value, "at_ms": step.at_ms}
            for i, step in enumerate(steps)]


def _insert_steps(session: Session, code: str, number: int, first: int,
                  steps: Sequence[Step]) -> None:
    rows = _step_rows(code, number, first, steps)
    if rows:
        session.execute(insert(StepTable), rows)


def _load_rooms(session: Session, where: Sequence[ColumnElement[bool]]) -> list[RoomRow]:
    """The rooms matching ``where``, each whole (seats, players, games and their steps,
    loaded in a few queries for all of them together)."""
    query = (select(RoomTable).where(*where)
             .options(selectinload(RoomTable.seats),
                      selectinload(RoomTable.games).selectinload(GameTable.steps))
             .order_by(RoomTable.created_at, RoomTable.code))
    return [_room_row(room) for room in session.scalars(query)]


def _room_row(room: RoomTable) -> RoomRow:
    return RoomRow(
        code=room.code, game=room.game, players=room.players, options=room.options,
        host_token_hash=room.host_token_hash, grace_s=room.grace_s,
        created_at=room.created_at,
        seats=[_seat_row(seat) for seat in room.seats],
        games=[GameRow(number=game.number, seed=game.seed, position=game.position,
                       steps=[Step(s.seat, s.value, s.at_ms) for s in game.steps],
                       record=game.record)
               for game in room.games],
        lesson=room.lesson, position=room.position)


def _seat_row(seat: SeatTable) -> SeatRow:
    player = seat.player
    # The person's own name while they play; the seat's label otherwise.
    name = player.name if player is not None and seat.bot is None else seat.label
    return SeatRow(seat=seat.seat, name=name,
                   token_hash=None if player is None else player.token_hash, bot=seat.bot)
