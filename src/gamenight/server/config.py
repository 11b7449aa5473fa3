"""How a server runs: where it listens, where it keeps its rooms, and its limits.

Every limit has a reason written beside it; ``gamenight serve --help`` shows the ones a
person may change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

# The pauses a table takes so people can follow: the terminal's and the server's one loop's.
from gamenight.live import Pauses as Pauses
from gamenight.names import NAME_CHARS

#: The application's name for its data directory (``platformdirs``).
APP_NAME = "gamenight"


def data_dir() -> Path:
    """Where the server keeps its database and signing key by default: the user's data
    directory (``~/.local/share/gamenight`` on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME))


@dataclass(frozen=True, slots=True)
class Limits:
    """What one connection may send, so that no client can wear out a room or the server."""

    #: The largest frame a client may send.  The longest real message is an action text
    #: (at most a few hundred characters) in a JSON object: 4 KiB is ample.
    frame_bytes: int = 4096
    #: Messages a connection may send per second on average, and in a burst: a person
    #: slapping flies as fast as fingers go sends perhaps 10 a second; pings add 1.
    messages_per_s: float = 20.0
    burst: int = 40
    #: A connection over its rate is told so, and each such refusal costs one of these
    #: strikes, which come back at the message rate; one that runs out (by sending at
    #: more than twice the rate for a while) is closed (its seat stays: it may come back).
    strikes: int = 200
    #: A person's name: at most this many characters as a person counts them (grapheme
    #: clusters: ``gamenight.names``), shown to everyone as text.
    name_chars: int = NAME_CHARS
    #: How long a new connection may take to send its ``join``.
    join_s: float = 10.0


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """One server's settings (``gamenight serve`` builds it from its arguments)."""

    host: str = "127.0.0.1"
    port: int = 8000
    #: SQLAlchemy URL; None: SQLite in :func:`data_dir` (``server.store``).
    database: str | None = None
    #: Where the server's record-signing key lives (made on first start).
    key_dir: Path = field(default_factory=data_dir)
    #: Browser origins allowed to open a WebSocket besides the server's own (a page from
    #: any other origin is refused, so another site cannot play in a visitor's name).
    origins: tuple[str, ...] = ()
    limits: Limits = field(default_factory=Limits)
    pauses: Pauses = field(default_factory=Pauses)
    #: How long a person's seat waits for them after their connection drops, before the
    #: game's default bot takes it over (until they come back); a room may set its own.
    grace_s: float = 60.0
    #: The server pings every connection this often, measuring its round trip
    #: (``server.fairness``).
    ping_s: float = 1.0
    #: The public address printed for invite links (None: http://host:port).
    public_url: str | None = None
    #: A room with nobody connected and nothing running (its lobby, or its last game
    #: over) is let go from memory after this long; it stays in the database and is
    #: taken up again the moment someone asks for it.  Without this a server that runs
    #: for weeks would hold every room ever made.
    idle_room_s: float = 600.0

    @property
    def url(self) -> str:
        if self.public_url:
            return self.public_url.rstrip("/")
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"
