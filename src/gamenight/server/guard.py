"""What a connection may cost before the app sees a request: uvicorn's HTTP protocol with
a cap on connections per address, a time limit on each request, and a way for the app to
cut a connection off at once.

uvicorn (0.55) times out a kept-alive connection between requests, but never one whose
request has not arrived whole: a client that sends half a request's headers, or a body
shorter than it said, holds its connection, and one of the server's files, for ever.
At the usual limit of 1,024 open files, a client holding a thousand such connections
stops anyone joining or coming back to a room.  So:

- :func:`raise_file_limit`: at start, the process may open as many files as the system
  lets it (the soft limit raised to the hard one);
- :class:`Guard`: each connection's address is counted, and one over
  ``AddressLimits.connections`` is closed at once (never a trusted proxy's); each request
  must have arrived, headers and body, within ``AddressLimits.request_s`` of its first
  byte (or of the connection), or it is answered 408 and closed;
- :class:`Link`: the app finds it in a request's or WebSocket's ``scope["state"]`` (under
  :data:`LINK`) and may :meth:`Link.cut` the connection, dropping whatever waits to be
  sent (a WebSocket whose client stopped reading: ``app.Connection``).  Closing it the
  usual way would wait for the client to read what is queued, which it never will.

``gamenight serve`` runs uvicorn with :meth:`Guard.protocol` as its HTTP protocol; a
WebSocket upgraded from such a connection keeps its count and its :class:`Link`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import socket
import struct
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from gamenight.server.config import ServerConfig

log = logging.getLogger("gamenight.server")

#: Where a request's (or WebSocket's) ``scope["state"]`` holds its connection's Link.
LINK = "gamenight.link"
#: The answer to a request that did not arrive in time.
_SLOW = b"the request took too long to arrive"
TIMED_OUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
             b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_SLOW), _SLOW))


def raise_file_limit() -> tuple[int, int]:
    """Raise this process's limit on open files (each connection is one) to the most the
    system allows it: the soft limit to the hard one.  Returns (soft, hard) after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # Where the hard limit is "unlimited" (macOS), a high finite number.
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return soft, hard
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):  # macOS refuses more than OPEN_MAX: stay where it is
        return soft, hard
    return wanted, hard


def cut(transport: asyncio.BaseTransport) -> None:
    """Close ``transport`` at once, dropping what waits to be sent (a reset, not a
    polite close that waits for a client that is not reading)."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()  # type: ignore[attr-defined]


class Link:
    """One connection, as the app may act on it: :meth:`cut` closes it at once."""

    __slots__ = ("_transport",)

    def __init__(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport

    @property
    def transport(self) -> asyncio.BaseTransport:
        """The connection's transport (the fairness clamp reads its socket's round trip:
        ``server.kernel_rtt``)."""
        return self._transport

    def cut(self) -> None:
        if not self._transport.is_closing():
            cut(self._transport)


class Guard:
    """Counts connections by address and times their requests (see the module)."""

    def __init__(self, *, per_address: int, request_s: float,
                 exempt: frozenset[str] = frozenset()) -> None:
        #: The most connections one address may hold (0: no limit).
        self.per_address = per_address
        self.request_s = request_s
        #: Addresses never capped (trusted proxies).
        self.exempt = exempt
        self._held: dict[str, set[asyncio.BaseTransport]] = {}
        #: How many connections were closed for their address's cap (for the log).
        self.refused = 0

    def admit(self, host: str | None, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection from ``host``; False (not counted) if it is one too
        many.  A connection is counted until its transport closes, whatever protocol
        runs on it by then (a WebSocket)."""
        if host is None or self.per_address <= 0 or host in self.exempt:
            return True
        held = self._held.get(host)
        if held is None:
            held = self._held[host] = set()
        else:
            held.difference_update([t for t in held if t.is_closing()])
        if len(held) >= self.per_address:
            self.refused += 1
            if self.refused == 1 or self.refused % 1000 == 0:
                log.warning("connections over the cap of one address are closed (%d so "
                            "far)", self.refused)
            return False
        held.add(transport)
        if len(self._held) > 4096:  # forget the addresses that hold nothing now
            for address in [a for a, ts in self._held.items()
                            if all(t.is_closing() for t in ts)]:
                del self._held[address]
        return True

    def protocol(self) -> type[H11Protocol]:
        """uvicorn's h11 HTTP protocol, guarded by this guard."""
        guard = self

        class GuardedH11Protocol(H11Protocol):
            _deadline: asyncio.TimerHandle | None = None

            def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
                super().connection_made(transport)
                if not guard.admit(self.client[0] if self.client else None, transport):
                    cut(transport)
                    return
                # Each request's scope["state"] is a copy of this, and so is that of a
                # WebSocket upgraded from this connection.
                self.app_state = {**self.app_state, LINK: Link(transport)}
                self._time_request()

            def data_received(self, data: bytes) -> None:
                super().data_received(data)
                self._time_request()

            def connection_lost(self, exc: Exception | None) -> None:
                self._stop_timing()
                super().connection_lost(exc)

            def _time_request(self) -> None:
                """Time the request being received; stop once it is whole (the app
                answers it in its own time) or the connection is a WebSocket now."""
                if (self.transport.is_closing() or self.transport.get_protocol() is not self
                        or self.conn.their_state not in (h11.IDLE, h11.SEND_BODY)):
                    self._stop_timing()
                elif self._deadline is None and guard.request_s > 0:
                    self._deadline = self.loop.call_later(guard.request_s, self._too_slow)

            def _stop_timing(self) -> None:
                if self._deadline is not None:
                    self._deadline.cancel()
                    self._deadline = None

            def on_response_complete(self) -> None:
                # The next request on this connection is timed afresh (a pipelined one
                # from now; until one comes, uvicorn's keep-alive timeout closes an idle
                # connection, and this timer leaves it to that).
                self._stop_timing()
                super().on_response_complete()
                self._time_request()

            def _too_slow(self) -> None:
                self._deadline = None
                if self.transport.is_closing() or self.transport.get_protocol() is not self:
                    return
                if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
                    return
                if self.conn.their_state is h11.IDLE and self.timeout_keep_alive_task:
                    return  # between two requests: uvicorn's keep-alive timeout has it
                if self.cycle is not None and not self.cycle.response_complete:
                    # The app is reading the body: it sees the client gone.
                    self.cycle.disconnected = True
                    self.cycle.message_event.set()
                with contextlib.suppress(Exception):
                    if self.cycle is None or not self.cycle.response_started:
                        self.transport.write(TIMED_OUT)
                self.transport.close()

        return GuardedH11Protocol


def uvicorn_options(config: ServerConfig) -> dict[str, Any]:
    """uvicorn's settings for the proxies ``config`` trusts: their ``X-Forwarded-For``
    gives a request's address (a per-address limit counts it)."""
    proxies = list(config.trusted_proxies)
    if not proxies:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": proxies}
