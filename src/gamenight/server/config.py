"""How a server runs: where it listens, where it keeps its rooms, and its limits.

Every limit has a reason written beside it; ``gamenight serve --help`` shows the ones a
person may change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

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
class AddressLimits:
    """What one client address may cost the server, so that one rude client cannot stall
    or lock out everyone else.  Several people at one table often share an address (a
    home's router), so each is set for a table of friends, not for one person.  0 turns
    a limit off.  Behind a proxy, the address is the one the proxy passes on
    (``ServerConfig.trusted_proxies``)."""

    #: Rooms one address may make a minute, in bursts of twice as many: a table makes a
    #: few an evening; a script making thousands would fill the database.
    rooms_per_minute: float = 10.0
    #: Heavy requests one address may have the server work out a minute, in bursts of
    #: twice as many: a replay of a record file sent, a finished game's frames or a seat's
    #: redacted record not asked for lately (each replays the game: up to some 0.2 s of
    #: the server's time).  An answer the server holds already costs nothing.
    heavy_per_minute: float = 30.0
    #: Connections (HTTP and WebSocket) one address may hold open at once: a browser keeps
    #: up to 6 to a server and a WebSocket per tab, and a family shares one address.  Past
    #: it, a new one is closed at once, so one address cannot take every file the server
    #: may open.  Never applied to a trusted proxy's own address.
    connections: int = 100
    #: WebSockets one address may hold open at once (a tab each; past it the new one is
    #: refused with ``not-allowed`` and closed, 1008).
    websockets: int = 40
    #: A request's headers and body must have arrived within this many seconds of its
    #: first byte (or of the connection): a client that sends half a request and waits
    #: would otherwise hold its connection, and a file, for ever.  The largest body, a
    #: 1 MiB record file, takes 20 s at 50 KB/s.
    request_s: float = 30.0
    #: Worker threads that do the heavy work at once (the rest wait their turn): Python
    #: runs one thread at a time, and each more thread working is one more the event
    #: loop, which plays every room, must wait behind.
    heavy_threads: int = 1


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
    #: What one client address may cost the server (rooms made, heavy requests,
    #: connections, time to send a request).
    per_address: AddressLimits = field(default_factory=AddressLimits)
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
    #: A room made this long ago where nothing is being played (its lobby, or its last
    #: game over) is forgotten: its seats, its players and every token are deleted, and
    #: its finished games' signed records are kept (they are public, and prove the game).
    #: 30 days by default; a room in play is never forgotten.
    keep_finished_s: float = 30 * 86400.0
    #: Names the server may be reached by (the ``Host`` a request names) besides its own:
    #: an IP address, ``localhost``, the host it listens on and that of ``public_url``
    #: always may.  A request naming another is refused (400), so that a web site whose
    #: name is made to point at this server (DNS rebinding) cannot talk to it in its
    #: visitor's browser.  ``*``: any name.
    allowed_hosts: tuple[str, ...] = ()
    #: Addresses of proxies in front of the server whose ``X-Forwarded-For`` is believed:
    #: the per-address limits then count the address the proxy passes on, and the
    #: proxy's own connections are not capped.
    trusted_proxies: tuple[str, ...] = ()
    #: Serve the API's documentation pages (``/docs``, ``/redoc``).  Off by default: they
    #: load their scripts from a CDN, onto the origin whose pages hold seat tokens.  The
    #: OpenAPI document (``/openapi.json``) is always served.
    api_docs: bool = False
    #: This process's id among several ``gamenight serve`` processes that share one
    #: database behind a proxy routing by room code (``server.leases``): each room is
    #: then played by one process at a time, which holds its lease.  None: one process
    #: serves the database, and holds no leases.
    process_id: str | None = None
    #: How long a lease lasts unless renewed (renewed every third of it): a process that
    #: dies holds its rooms this long at most.
    lease_s: float = 10.0

    @property
    def url(self) -> str:
        if self.public_url:
            return self.public_url.rstrip("/")
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def host_names(self) -> frozenset[str]:
        """The names a request's ``Host`` may give besides an IP address (lower case,
        without a port): ``localhost``, the host listened on, ``public_url``'s and
        :attr:`allowed_hosts`."""
        found = {"localhost", self.host.strip("[]").lower()}
        if self.public_url:
            public = urlsplit(self.public_url).hostname
            if public:
                found.add(public.lower())
        found.update(name.lower().rstrip(".") for name in self.allowed_hosts)
        return frozenset(found)
