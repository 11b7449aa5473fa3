"""The server's one writer: every store write made beside the event loop, in order, the
steps of several rooms committed together.

A room must not tell anyone of a step before the store has it, and the store is a
database that takes a round trip (PostgreSQL: a network's, and a sync to disk) to
commit; made on the event loop that plays every room, each commit held every room up
(issue 39: about 100 actions a second on PostgreSQL).  So the rooms hand their writes to
a :class:`Writer` and go on; it makes them one after another, in the order given, and
settles each one's :class:`Pending` back on the loop, where the room then tells its
connections (``Room._flush``, ``Room._committed``).

**Group commit.**  While one write is being made, the next ones queue up; the writer
then takes every batch of steps queued (of any number of rooms) and stores them in one
statement, one transaction and one round trip (``Store.add_step_batches``): the more
rooms play, the more each commit carries, and the fewer commits per action.  A room's
batches queued one after another are joined into one.  The statement takes all or none;
only when it is refused is each batch tried by itself, to say which was refused and why.

**Order.**  Writes are made in the order they were handed over, and settled in that
order: a room's steps are committed in order, a game's record after its last steps, a
rematch's start after that record.  A batch refused leaves a gap that the next batch
of its room cannot follow (the store refuses it too), so nothing after a failed commit
of a room is stored, and the room tells nothing after it either (it pauses at the
first failure and lets the rest go).

**No ping.**  The writer holds one connection of its own and never asks whether it is
still alive: a connection the database has closed (a restart, an idle timeout) fails
its next write, which is then made once more on a new connection.  When a connection
cannot be made, the database is down: every write fails at once (the rooms pause, and
ask again with back-off of their own) and the writer tries to connect again only after
:data:`RECONNECT_FIRST_S`, then twice as long each time, up to :data:`RECONNECT_MOST_S`:
a hundred paused rooms asking again cost the database one connection attempt, not a
hundred.

**Where it runs** is injected (an :class:`Executor`): a thread of its own beside the
event loop (:class:`ThreadExecutor`, the server's), or at once in the caller's thread
(:class:`InlineExecutor`: a room on a test's simulated clock, which then sees each write
settled before the call returns).  So is its clock, for the back-off.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from gamenight.engine import Step
from gamenight.server.store import Lease, StepBatch, Store, StoreError

log = logging.getLogger("gamenight.server")

T = TypeVar("T")

#: After a connection could not be made, the writer waits this long before it tries
#: again (every write meanwhile fails at once), then twice as long each time, up to
#: :data:`RECONNECT_MOST_S`.  Each is half a paused room's own wait between its tries
#: (``room.RETRY_FIRST_S``, ``room.RETRY_MOST_S``), so a room asking again always finds
#: the writer ready to try.
RECONNECT_FIRST_S = 0.25
RECONNECT_MOST_S = 5.0
#: The most steps one statement carries (seven parameters each: well under SQLite's
#: 32,766); a longer queue is written in several.
MOST_ROWS = 256


class Pending(Generic[T]):
    """A write handed to the writer: its value once made, or the StoreError it met.
    Callbacks (:meth:`then`) run where the writer settles it (the event loop), in the
    order given; a task may ``await`` it instead."""

    __slots__ = ("_callbacks", "_done", "_error", "_value")

    def __init__(self) -> None:
        self._done = False
        self._value: T | None = None
        self._error: StoreError | None = None
        self._callbacks: list[Callable[[Pending[T]], None]] = []

    def done(self) -> bool:
        return self._done

    @property
    def error(self) -> StoreError | None:
        """The StoreError the write met (None while pending, or once made)."""
        return self._error

    def result(self) -> T:
        """The write's value, or its StoreError raised; RuntimeError while pending."""
        if not self._done:
            raise RuntimeError("the write has not been made yet")
        if self._error is not None:
            raise self._error
        return cast(T, self._value)

    def then(self, callback: Callable[[Pending[T]], None]) -> None:
        """Call ``callback(self)`` once the write is settled (now, if it is)."""
        if self._done:
            callback(self)
        else:
            self._callbacks.append(callback)

    def settle(self, value: T | None, error: StoreError | None) -> None:
        """Made (``value``) or failed (``error``): the writer's, on the loop."""
        if self._done:
            return
        self._done, self._value, self._error = True, value, error
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback(self)

    def __await__(self) -> Generator[Any, None, T]:
        if not self._done:
            waiting: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            def wake(_: Pending[T]) -> None:
                if not waiting.done():
                    waiting.set_result(None)

            self.then(wake)
            yield from waiting.__await__()
        return self.result()


class Executor(Protocol):
    """Where the writer runs and where its writes are settled."""

    def wake(self, run: Callable[[], None]) -> None:
        """Writes are queued: call ``run`` (now, or soon in the writer's thread)."""

    def settle(self, done: Callable[[], None]) -> None:
        """Call ``done`` (which settles writes) where the rooms live: the event loop."""

    def close(self) -> None:
        """Make what is queued, then stop."""


class InlineExecutor:
    """Each write made at once in the caller's thread, and settled there before the call
    returns: for a room on a simulated clock (tests) and for a caller with no event
    loop.  The caller waits for the database, as the store's own methods make it."""

    def wake(self, run: Callable[[], None]) -> None:
        run()

    def settle(self, done: Callable[[], None]) -> None:
        done()

    def close(self) -> None:
        pass


class ThreadExecutor:
    """The writer in a thread of its own, settling its writes on ``loop``: the event loop
    never waits for the database.  (The thread waits on the database's socket or file
    with Python's lock released, so the loop runs meanwhile.)"""

    def __init__(self, loop: asyncio.AbstractEventLoop, name: str = "gamenight-writer") -> None:
        self._loop = loop
        self._wanted = threading.Event()
        self._closing = False
        self._run: Callable[[], None] | None = None
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)

    def wake(self, run: Callable[[], None]) -> None:
        if self._run is None:
            self._run = run
            self._thread.start()
        self._wanted.set()

    def _serve(self) -> None:
        run = self._run
        assert run is not None
        while True:
            self._wanted.wait()
            self._wanted.clear()
            run()
            if self._closing:
                run()  # what came while it closed
                return

    def settle(self, done: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            self._loop.call_soon_threadsafe(done)

    def close(self) -> None:
        self._closing = True
        self._wanted.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30.0)


@dataclass(slots=True)
class _Steps:
    batch: StepBatch
    pending: Pending[None]


@dataclass(slots=True)
class _Call:
    work: Callable[[Store, Connection], Any]
    pending: Pending[Any]


_Job = _Steps | _Call


class Writer:
    """The store's writes, made in order by one writer (see the module's docstring)."""

    def __init__(self, store: Store, executor: Executor | None = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 most_rows: int = MOST_ROWS, hold: bool = True) -> None:
        """``hold``: keep the connection between writes (the server's one writer); a
        writer of its own per room (``Room``'s default) gives it back to the store's
        pool after each run, so that rooms never closed hold no connection each."""
        self.store = store
        self.executor: Executor = executor or InlineExecutor()
        self.clock = clock
        self.most_rows = most_rows
        self.hold = hold
        #: Statements that stored steps, and the steps' batches they carried: a figure
        #: of how much the group commit joins (``gamenight bench server`` shows it).
        self.commits = 0
        self.batches = 0
        self._queue: list[_Job] = []
        self._lock = threading.Lock()
        self._running = False
        self._connection: Connection | None = None
        # No connection attempt before this (clock's time): the database was down.
        self._retry_at = 0.0
        self._retry_s = 0.0

    # -- handing writes over (on the loop) -----------------------------------------------------
    def add_steps(self, code: str, number: int, first: int, steps: Sequence[Step],
                  lease: Lease | None = None) -> Pending[None]:
        """``Store.add_steps``, made beside the loop, with other rooms' steps at once;
        under ``lease`` (the room's, when several processes share the database: made
        only while it holds, else ``LeaseLostError``)."""
        pending: Pending[None] = Pending()
        self._hand_over(_Steps(StepBatch(code, number, first, list(steps), lease), pending))
        return pending

    def finish_game(self, code: str, number: int, record: dict[str, Any],
                    lease: Lease | None = None) -> Pending[None]:
        """``Store.finish_game``, after every write handed over before it (under
        ``lease``, as :meth:`add_steps`)."""
        return self.call(lambda store, connection: store.finish_game(code, number, record,
                                                                     connection, lease))

    def call(self, work: Callable[[Store, Connection], T]) -> Pending[T]:
        """``work(store, connection)``, after every write handed over before it: a write
        that must come in order (a game's start after the last one's record) or a read
        that must see every write before it (a paused room asking what was stored).
        ``connection`` is the writer's own (a statement on it is committed by itself);
        ``work`` may use the store's other methods instead."""
        pending: Pending[T] = Pending()
        self._hand_over(_Call(work, pending))
        return pending

    def _hand_over(self, job: _Job) -> None:
        with self._lock:
            self._queue.append(job)
        self.executor.wake(self.run)

    def close(self) -> None:
        """Make every write handed over (the executor does), then let the connection go."""
        self.executor.close()
        self._let_go()

    def _let_go(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(SQLAlchemyError):
                self._connection.close()  # back to the store's pool
            self._connection = None

    # -- making them (in the writer's thread) --------------------------------------------------
    def run(self) -> None:
        """Make every write queued, and those queued meanwhile, then return."""
        if self._running:
            return  # called again while settling (inline): the loop below takes it
        self._running = True
        try:
            while True:
                with self._lock:
                    jobs, self._queue = self._queue, []
                if not jobs:
                    return
                self._make(jobs)
        finally:
            self._running = False
            if not self.hold:
                self._let_go()

    def _make(self, jobs: list[_Job]) -> None:
        group: list[_Steps] = []
        rows = 0
        # Where each game's batch ends in group, and under which lease (a batch under
        # another lease, the room's next holder's in this process, is not joined to it).
        placed: dict[tuple[str, int], tuple[int, Lease | None]] = {}
        for job in jobs:
            if isinstance(job, _Steps):
                batch = job.batch
                key = (batch.code, batch.number)
                joins = placed.get(key) == (batch.first, batch.lease)
                if group and (rows + len(batch.steps) > self.most_rows
                              or (key in placed and not joins)):
                    self._commit(group)
                    group, rows, placed = [], 0, {}
                group.append(job)
                rows += len(batch.steps)
                placed[key] = (batch.first + len(batch.steps), batch.lease)
                continue
            if group:
                self._commit(group)
                group, rows, placed = [], 0, {}
            self._call(job)
        if group:
            self._commit(group)

    def _commit(self, group: list[_Steps]) -> None:
        """One statement for the group's batches (a game's batches joined into one), each
        job settled with what its batch met, in the order they were handed over."""
        joined: list[tuple[StepBatch, list[_Steps]]] = []
        where: dict[tuple[str, int], int] = {}  # each game's place in ``joined``
        for job in group:
            batch = job.batch
            key = (batch.code, batch.number)
            if key in where:  # it follows that game's batch (``_make`` keeps others apart)
                last, jobs = joined[where[key]]
                joined[where[key]] = (StepBatch(last.code, last.number, last.first,
                                                [*last.steps, *batch.steps], last.lease),
                                      [*jobs, job])
            else:
                where[key] = len(joined)
                joined.append((batch, [job]))
        batches = [batch for batch, _ in joined]
        try:
            met = self._with_connection(
                lambda connection: self.store.add_step_batches(batches, connection),
                f"store the steps of {len(batches)} games")
        except StoreError as exc:
            self._settle([(job.pending, None, exc) for job in group])
            return
        self.commits += 1
        self.batches += len(batches)
        errors = {id(job): error for (_, jobs), error in zip(joined, met, strict=True)
                  for job in jobs}
        self._settle([(job.pending, None, errors[id(job)]) for job in group])

    def _call(self, job: _Call) -> None:
        try:
            value = self._with_connection(lambda connection: job.work(self.store, connection),
                                          "write")
        except StoreError as exc:
            self._settle([(job.pending, None, exc)])
        else:
            self._settle([(job.pending, value, None)])

    def _settle(self, outcomes: list[tuple[Pending[Any], Any, StoreError | None]]) -> None:
        def settle() -> None:
            for pending, value, error in outcomes:
                pending.settle(value, error)
        self.executor.settle(settle)

    # -- the connection --------------------------------------------------------------------------
    def _with_connection(self, write: Callable[[Connection], T], doing: str) -> T:
        """``write`` on the writer's connection; once more on a new one if the database
        had closed it (found only now: no ping first; if the database is down, making
        the new one fails, and the back-off begins).  StoreError if it fails."""
        for attempt in (1, 2):
            connection = self._connect()
            try:
                return write(connection)
            except SQLAlchemyError as exc:
                lost = isinstance(exc, DBAPIError) and exc.connection_invalidated
                if lost:
                    self._drop()
                if lost and attempt == 1:
                    continue
                raise StoreError(f"could not {doing}: {_first_line(exc)}") from exc
            except StoreError as exc:
                if _connection_lost(exc):
                    self._drop()
                    if attempt == 1:
                        continue
                raise
            except Exception as exc:  # a bug: it fails this write, not the writer
                log.error("a store write failed: %s", type(exc).__name__)
                raise StoreError(f"could not {doing}: {type(exc).__name__}") from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def _connect(self) -> Connection:
        """The writer's connection, made if it has none (no more often than the back-off
        lets while the database is down)."""
        if self._connection is not None:
            return self._connection
        now = self.clock()
        if now < self._retry_at:
            raise StoreError("the database is not answering (the writer tries again in "
                             f"{self._retry_at - now:.1f} s)")
        try:
            self._connection = self.store.writing_connection()
        except SQLAlchemyError as exc:
            self._retry_s = min(2 * self._retry_s, RECONNECT_MOST_S) if self._retry_s \
                else RECONNECT_FIRST_S
            self._retry_at = self.clock() + self._retry_s
            raise StoreError(f"cannot connect to the database: {_first_line(exc)}") from exc
        self._retry_s = 0.0
        return self._connection

    def _drop(self) -> None:
        """Let a connection the database closed go (the next write makes a new one)."""
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(SQLAlchemyError):
                connection.invalidate()
                connection.close()


def _connection_lost(exc: StoreError) -> bool:
    cause = exc.__cause__
    return isinstance(cause, DBAPIError) and cause.connection_invalidated


def _first_line(exc: SQLAlchemyError) -> str:
    original = getattr(exc, "orig", None)
    return str(original if original is not None else exc).strip().splitlines()[0]
