"""``gamenight serve``: the server under uvicorn, on one port, until Ctrl+C."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from gamenight.server.app import Server, create_app
from gamenight.server.config import ServerConfig
from gamenight.server.store import default_database_url

#: uvicorn closes a WebSocket whose frame is over this (1009, "message too big"); frames
#: between the protocol's own limit (``Limits.frame_bytes``) and this one are answered
#: with an error and the connection goes on.
WS_MAX_BYTES = 1024 * 1024


def sqlite_url(path: Path) -> str:
    """The URL of the SQLite database in the file ``path``."""
    return f"sqlite:///{path.resolve()}"


def redacted_url(url: str) -> str:
    """A database URL fit to print: its password, if any, hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "the database given"


def serve(config: ServerConfig, say: Callable[[str], None] = print) -> None:
    """Serve until interrupted; ``say`` tells the person where (and nothing secret)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    server = Server(config)
    database = config.database or default_database_url()
    say(f"gamenight is serving at {config.url}  (rooms in {redacted_url(database)}; "
        "Ctrl+C stops)")
    uvicorn.run(create_app(config, server), host=config.host, port=config.port,
                ws_max_size=WS_MAX_BYTES, log_level="warning", lifespan="on",
                # A proxy's X-Forwarded-For is not trusted unless the person says so.
                proxy_headers=False)
