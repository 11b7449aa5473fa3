"""Rooms over several processes: each room is played by one process at a time, which holds
its lease in the database (``docs/server.md``, "Several processes and machines").

Several ``gamenight serve`` processes share one database (PostgreSQL; SQLite on one
machine) behind a proxy that sends every request of a room to one process, by a hash of
its code.  Each process has an id (``--process-id``).  A process asked for a room it does
not hold claims it (``Store.claim``: free, its own, or its lease run out; the epoch grows)
and takes it up from the store, as after a restart; a room another process still holds
is refused for a moment (REST 503 with ``Retry-After``, WebSocket close 1013), and its
owner is asked to hand it over.  Every write of a room names its lease (``Lease``), and
the store makes it only while the room's row names the same owner and epoch, in the
write's own transaction: a process that lost its lease can never write to the room
again, so nothing is ever written twice or lost between two owners.  A room whose write
is refused for its lease stops and closes its connections (``Room.lose``, close code
1012): they join again through the proxy, where the room is now.

:class:`Leases` is a process's side of it, on its event loop: it claims rooms
(:meth:`Leases.claim`), renews all its leases every third of their time in one
statement through the writer (a room not renewed was taken over: it is lost; one asked
for is handed over), sweeps for rooms in play that nobody holds (their process died:
claimed and played on here), and listens for requests to hand a room over (PostgreSQL's
``LISTEN``; on SQLite the renewal finds them, every third of a lease).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from gamenight.server.room import Room
from gamenight.server.store import HAND_OVER_CHANNEL, Lease, Store, StoreError
from gamenight.server.writer import Pending, Writer

log = logging.getLogger("gamenight.server")

#: How long a lease lasts unless renewed (``--lease``): a process that dies holds its
#: rooms this long at most.
LEASE_S = 10.0
#: Rooms claimed by one sweep at most (each is read and replayed on the event loop).
SWEEP_MOST = 20


class HeldElsewhereError(Exception):
    """The room is held by another process, whose lease still runs: it has been asked to
    hand the room over; ask again in a moment."""


class Holder(Protocol):
    """The server whose rooms the leases are (``app.Server``)."""

    rooms: dict[str, Room]

    def room(self, code: str) -> Room | None: ...


class Leases:
    """One process's leases on its rooms (see the module's docstring)."""

    def __init__(self, store: Store, writer: Writer, owner: str,
                 lease_s: float = LEASE_S) -> None:
        self.store = store
        self.writer = writer
        #: This process's id: every room it holds names it.
        self.owner = owner
        self.lease_s = lease_s
        self._stopping = threading.Event()
        self._listener: threading.Thread | None = None

    # -- claiming and letting go (on the event loop) ---------------------------------------------
    def claim(self, code: str) -> Lease | None:
        """This process's new lease on the room ``code``; None if there is no such room.
        HeldElsewhereError if another process holds it (it is asked to hand it over)."""
        for _ in range(2):  # a lease that runs out between the two statements: again
            epoch = self.store.claim(code, self.owner, self.lease_s)
            if epoch is not None:
                return Lease(self.owner, epoch)
            if self.store.ask_hand_over(code, self.owner):
                raise HeldElsewhereError(code)
        return None

    def release(self, codes: Sequence[str]) -> Pending[int]:
        """Let the leases of ``codes`` go, after every write handed to the writer."""
        owner, chosen = self.owner, list(codes)
        return self.writer.call(lambda store, on: store.release(owner, chosen, on))

    def releasing(self, code: str) -> Callable[[Writer], Pending[Any]]:
        """What a room handed over calls to give its lease up (``Room.hand_over``)."""
        owner = self.owner

        def release(writer: Writer) -> Pending[Any]:
            return writer.call(lambda store, on: store.release(owner, [code], on))
        return release

    def release_all(self) -> None:
        """Let every lease of this process go (it is stopping cleanly): the other
        processes claim its rooms at once, as they are asked for or swept."""
        with contextlib.suppress(StoreError):
            self.store.release(self.owner)

    # -- keeping them (a task on the event loop) --------------------------------------------------
    async def keep(self, holder: Holder) -> None:
        """Renew the leases every third of their time, hand over rooms asked for, let go
        rooms lost, and sweep for rooms nobody holds (runs as long as the server)."""
        every_s = self.lease_s / 3
        swept_at = time.monotonic()
        while True:
            await asyncio.sleep(every_s)
            await self.renew(holder)
            if time.monotonic() - swept_at >= self.lease_s / 2:
                swept_at = time.monotonic()
                await self.sweep(holder)

    async def renew(self, holder: Holder) -> None:
        """Renew every lease in one statement (through the writer, after its writes);
        a room not renewed, or at another epoch, is lost (another process took it over);
        one another process asked for is handed over; a lease held for a room not held
        in memory is let go."""
        held = {code: room.lease for code, room in holder.rooms.items()
                if room.lease is not None}
        owner, lease_s = self.owner, self.lease_s
        try:
            renewed = await self.writer.call(
                lambda store, on: store.renew_all(owner, lease_s, on))
        except StoreError as exc:  # the database is away: the rooms pause by themselves
            log.warning("the leases could not be renewed (%s)",
                        type(exc.__cause__ or exc).__name__)
            return
        for code, lease in held.items():
            room = holder.rooms.get(code)
            if room is None or room.lease != lease:
                continue  # let go, or claimed again, meanwhile
            got = renewed.get(code)
            if got is None or got.epoch != lease.epoch:
                room.lose("its lease was not renewed: another process holds it")
            elif got.asked:
                room.hand_over(self.releasing(code))
        strays = [code for code in renewed if code not in holder.rooms]
        if strays:
            self.release(strays)

    async def sweep(self, holder: Holder) -> int:
        """Claim and play on the rooms in play that nobody holds (released, or their
        lease ran out a lease's time ago: their process died); returns how many."""
        lease_s = self.lease_s
        try:
            codes = await self.writer.call(
                lambda store, _: store.orphans(lease_s, SWEEP_MOST))
        except StoreError:
            return 0
        return self.take(holder, codes)

    def take(self, holder: Holder, codes: Sequence[str]) -> int:
        """Claim and take up each of ``codes`` not held here already (``holder.room``);
        returns how many were taken up."""
        taken = 0
        for code in codes:
            if code in holder.rooms:
                continue
            try:
                if holder.room(code) is not None:
                    taken += 1
            except (HeldElsewhereError, StoreError):
                continue  # another process was quicker, or the database is away
        if taken:
            log.info("took up %d rooms nobody held", taken)
        return taken

    def resume(self, holder: Holder) -> int:
        """At start: take up the rooms this process's id holds still (it was restarted)
        and those in play that nobody holds."""
        try:
            codes = [*self.store.renew_all(self.owner, self.lease_s),
                     *self.store.orphans(self.lease_s, SWEEP_MOST)]
        except StoreError as exc:
            log.warning("rooms could not be looked for (%s)", type(exc.__cause__ or exc).__name__)
            return 0
        return self.take(holder, codes)

    # -- requests to hand a room over (PostgreSQL's LISTEN, in a thread) ------------------------
    def listen(self, loop: asyncio.AbstractEventLoop, holder: Holder) -> None:
        """On PostgreSQL, hear at once when another process asks for a room held here
        (``Store.ask_hand_over``); SQLite has no such channel: :meth:`renew` finds the
        requests in the rooms' rows."""
        if self.store.url.get_backend_name() != "postgresql":
            return

        def asked(payload: str) -> None:
            asker, _, code = payload.partition(" ")
            room = holder.rooms.get(code)
            lease = None if room is None else room.lease
            if asker == self.owner or room is None or lease is None:
                return
            def still_asked(answer: Pending[bool]) -> None:
                # Asked of this lease, still?  A notice may come after the room moved on.
                if answer.error is None and answer.result() \
                        and holder.rooms.get(code) is room:
                    room.hand_over(self.releasing(code))

            self.writer.call(lambda store, _: store.asked(code, lease)).then(still_asked)

        self._listener = threading.Thread(target=self._listen, args=(loop, asked),
                                          name="gamenight-hand-over", daemon=True)
        self._listener.start()

    def _listen(self, loop: asyncio.AbstractEventLoop, asked: Callable[[str], None]) -> None:
        import psycopg

        url = self.store.url
        options: dict[str, Any] = url.translate_connect_args(username="user",
                                                             database="dbname")
        options.update(url.query)
        while not self._stopping.is_set():
            try:
                with psycopg.connect(autocommit=True, **options) as connection:
                    connection.execute(f"LISTEN {HAND_OVER_CHANNEL}")
                    while not self._stopping.is_set():
                        for notice in connection.notifies(timeout=0.5):
                            loop.call_soon_threadsafe(asked, notice.payload)
            except (psycopg.Error, RuntimeError):
                # The database is away (or the loop has closed): the renewals still
                # find the requests; listen again in a moment.
                self._stopping.wait(1.0)

    def close(self) -> None:
        self._stopping.set()
        if self._listener is not None:
            self._listener.join(timeout=5.0)
