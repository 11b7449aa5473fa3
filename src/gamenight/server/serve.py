"""``gamenight serve``: the server under uvicorn, on one port, until Ctrl+C."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from gamenight.server import collector
from gamenight.server.app import Server, create_app
from gamenight.server.config import ServerConfig
from gamenight.server.guard import Guard, raise_file_limit, uvicorn_options
from gamenight.server.store import default_database_url

#: uvicorn closes a WebSocket whose frame is over this (1009, "message too big"); frames
#: between the protocol's own limit (``Limits.frame_bytes``) and this one are answered
#: with an error and the connection goes on.
WS_MAX_BYTES = 64 * 1024
#: How long a thread holds Python's lock before one waiting for it gets it (Python's
#: default is 5 ms).  While a worker thread replays a game (``app``'s heavy work), the
#: event loop that plays every room waits for the lock after each of its socket calls:
#: with 5 ms, eight clients sending record files put a ping's round trip at p50 18 ms,
#: p99 30-90 ms; with 1 ms, p50 2-8 ms, p99 24-83 ms, and the replays go about as fast
#: (docs/server.md, "Measured").
SWITCH_INTERVAL_S = 0.001


def sqlite_url(path: Path) -> str:
    """The URL of the SQLite database in the file ``path``."""
    return f"sqlite:///{path.resolve()}"


def redacted_url(url: str) -> str:
    """A database URL fit to print: its password, if any, hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "the database given"


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is printed, so that a port in use is
    one clear error (OSError) rather than a server that says it serves and then stops."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Made as a TCP socket by name (socket.create_server leaves the protocol 0): asyncio
    # turns Nagle's algorithm off (TCP_NODELAY) only on the connections of a socket that
    # says it is TCP, and with it on, a frame sent right after another waits for the
    # peer's delayed ACK, some 40 ms.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        if os.name == "posix":  # as socket.create_server does: a restart may reuse the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        why = os.strerror(exc.errno) if exc.errno else str(exc)
        raise OSError(f"cannot listen on {host} port {port}: {why.lower()}") from None
    return sock


def serve(config: ServerConfig, say: Callable[[str], None] = print) -> None:
    """Serve until interrupted; ``say`` tells the person where (and nothing secret)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    # Alembic's own lines at start ("Context impl SQLiteImpl.") say nothing to a host.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    # Each connection is an open file: a server stuck at the usual soft limit of 1,024
    # is full long before the machine is.
    files, _ = raise_file_limit()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    # Fewer, shorter collections: each one stops every room (``server.collector``).
    thresholds = collector.tune()
    # The database and the signing key first: a bad --database or --data-dir is named
    # (exit 2) even when the port is taken as well, and nothing listens on a port for a
    # server that cannot start.
    server = Server(config)
    try:
        sock = listen(config.host, config.port)
    except BaseException:
        server.close()
        raise
    # Port 0 asks for any free port: the invite links name the one given.
    config = dataclasses.replace(config, port=sock.getsockname()[1])
    server.config = config
    database = config.database or default_database_url()
    say(f"gamenight is serving at {config.url}  (rooms in {redacted_url(database)}; "
        "Ctrl+C stops)")
    logging.getLogger("gamenight.server").info("open files allowed: %d", files)
    logging.getLogger("gamenight.server").info(
        "garbage collector thresholds: %d, %d, %d", *thresholds)
    per_address = config.per_address
    guard = Guard(per_address=per_address.connections, request_s=per_address.request_s,
                  exempt=frozenset(config.trusted_proxies))
    uvicorn_config = uvicorn.Config(
        create_app(config, server), ws_max_size=WS_MAX_BYTES, log_level="warning",
        lifespan="on",
        # uvicorn's h11 protocol, with a cap on connections per address and a time limit
        # on each request (``server.guard``).
        http=guard.protocol(),
        # Updates are a few KB of JSON: compressing each costs the server about a tenth of
        # its time per action (measured by `gamenight bench server`) to save bandwidth no
        # table needs.
        ws_per_message_deflate=False,
        # A proxy's X-Forwarded-For is trusted only from the proxies named
        # (--trust-proxy), and then the per-address limits count the address it gives.
        **uvicorn_options(config))
    # uvicorn shuts down cleanly on Ctrl+C, then passes the interrupt on.
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(uvicorn_config).run(sockets=[sock])
    say("gamenight has stopped; unfinished games go on when it serves again")
