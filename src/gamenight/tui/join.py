"""Taking a seat in a server's room from the terminal (``gamenight play --join URL``).

What happens before the table opens, none of it on screen: read the invite link, take
the first open seat over REST (``POST /api/rooms/{code}/seats``), and keep the seat's
token in the user's data directory, one file per server and room, so that running the
command again sits the person back down in the same seat instead of taking another.

The two REST calls use the standard library (``urllib``): the terminal needs nothing
the server's own dependencies do not already bring.  Whatever goes wrong here is a
:class:`JoinError` whose message is one line for the person ("no room ... on ...",
"the room ... has no open seat", "cannot reach ...").
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote, urlsplit

import platformdirs

from gamenight.names import cut
from gamenight.server.protocol import RoomInfo

#: How long one REST call may take before the server counts as unreachable.
REST_TIMEOUT_S = 10.0
#: A room code as the server makes them (URL-safe base64 of 128 random bits); a longer
#: alphabet is refused before anything is sent.
CODE = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The invite link's path: ``/r/CODE`` (after any prefix the server is served under).
INVITE_PATH = re.compile(r"^(?P<prefix>.*)/r/(?P<code>[^/]+)/?$")


class JoinError(Exception):
    """Joining a room failed; the message is one line for the person."""


@dataclass(frozen=True, slots=True)
class RoomAddress:
    """Where a room is: the server's base URL (``http://host:port``) and the room code."""

    server: str
    code: str

    @property
    def api(self) -> str:
        return f"{self.server}/api/rooms/{quote(self.code, safe='')}"

    @property
    def ws_url(self) -> str:
        """The room's WebSocket (``ws://`` for ``http://``, ``wss://`` for ``https://``)."""
        scheme, rest = self.server.split("://", 1)
        secure = "wss" if scheme == "https" else "ws"
        return f"{secure}://{rest}/ws/rooms/{quote(self.code, safe='')}"

    @property
    def invite(self) -> str:
        return f"{self.server}/r/{self.code}"


@dataclass(frozen=True, slots=True)
class Ticket:
    """A seat taken: its number, its token (the only key to it) and the person's name."""

    seat: int
    token: str
    name: str


def parse_invite(text: str, server: str | None = None) -> RoomAddress:
    """The room an invite link names (``http://host:port/r/CODE``), or, with ``server``
    (``http://host:port``), the room whose code is ``text``.  JoinError for anything
    else."""
    text = text.strip()
    if server is not None:
        base = _base(server)
        code = text
    else:
        parts = urlsplit(text)
        match = INVITE_PATH.match(parts.path)
        if parts.scheme not in ("http", "https") or not parts.netloc or match is None:
            raise JoinError(f"not an invite link: {text[:80]!r} (an invite link looks like "
                            "http://HOST:PORT/r/CODE; a bare code needs --server URL)")
        base = f"{parts.scheme}://{parts.netloc}{match['prefix']}"
        code = match["code"]
    if not CODE.fullmatch(code):
        raise JoinError(f"not a room code: {code[:80]!r}")
    return RoomAddress(base, code)


def _base(server: str) -> str:
    parts = urlsplit(server.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise JoinError(f"not a server address: {server[:80]!r} (it looks like "
                        "http://HOST:PORT)")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def _call(address: RoomAddress, url: str, body: dict[str, Any] | None = None) -> Any:
    """One REST call: its JSON answer, or JoinError saying why there is none."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers={"content-type": "application/json",
                                              "accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=REST_TIMEOUT_S) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        detail = ""
        with contextlib.suppress(ValueError, OSError):
            answer = json.loads(error.read())
            detail = _detail(answer.get("detail") if isinstance(answer, dict) else None)
        if error.code == 404:
            raise JoinError(f"no room {address.code} on {address.server}") from None
        if error.code == 409:
            why = detail or "it is full, or its game has started"
            raise JoinError(f"the room {address.code} has no open seat ({why})") from None
        raise JoinError(f"the server refused: {detail or error.reason} "
                        f"(HTTP {error.code})") from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise JoinError(f"cannot reach the server at {address.server}: {reason}") from None
    except ValueError:
        raise JoinError(f"{address.server} did not answer as a gamenight server") from None


def _detail(detail: object) -> str:
    """Why the server refused, in one line: its ``detail``, a sentence or (a request it
    could not take) the first of FastAPI's validation messages."""
    if isinstance(detail, list) and detail and isinstance(detail[0], dict):
        detail = detail[0].get("msg", "")
    return " ".join(str(detail or "").split())[:200]


def room_info(address: RoomAddress) -> RoomInfo:
    """The room as everyone sees it (``GET /api/rooms/{code}``)."""
    info = _call(address, address.api)
    if not isinstance(info, dict) or "seats" not in info:
        raise JoinError(f"{address.server} did not answer as a gamenight server")
    return cast(RoomInfo, info)


def take_seat(address: RoomAddress, name: str, seat: int | None = None) -> Ticket:
    """Take ``seat`` (None: the first open seat) of the room for ``name``
    (``POST .../seats``)."""
    name = cut(name)  # longer names are cut (never inside a character), not refused
    body: dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
    taken = _call(address, f"{address.api}/seats", body)
    if not isinstance(taken, dict) or not isinstance(taken.get("token"), str):
        raise JoinError(f"{address.server} did not answer as a gamenight server")
    return Ticket(int(taken["seat"]), taken["token"], name)


class SeatStore:
    """The seats this user holds, one small JSON file per server and room under the
    user's data directory (``~/.local/share/gamenight/seats`` on Linux).  A token is
    the key to a seat, so each file is readable by its owner only."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or Path(platformdirs.user_data_dir("gamenight")) / "seats"

    def path(self, address: RoomAddress) -> Path:
        key = hashlib.sha256(f"{address.server} {address.code}".encode()).hexdigest()[:32]
        return self.folder / f"{key}.json"

    def load(self, address: RoomAddress) -> Ticket | None:
        try:
            data = json.loads(self.path(address).read_text("utf-8"))
            if data["server"] != address.server or data["code"] != address.code:
                return None
            return Ticket(int(data["seat"]), str(data["token"]), str(data["name"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None  # none kept (or unreadable): take a new seat

    def save(self, address: RoomAddress, ticket: Ticket) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(address)
        text = json.dumps({"server": address.server, "code": address.code,
                           "seat": ticket.seat, "token": ticket.token, "name": ticket.name})
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)

    def forget(self, address: RoomAddress) -> None:
        self.path(address).unlink(missing_ok=True)


def join(address: RoomAddress, name: str, store: SeatStore) -> tuple[Ticket, RoomInfo]:
    """The seat to play in the room: the one kept from an earlier run (``store``), or the
    first open one, taken now and kept.  Also the room as it is now."""
    info = room_info(address)  # an unknown room fails here, before a seat is taken
    kept = store.load(address)
    if kept is not None and 0 <= kept.seat < len(info["seats"]) \
            and info["seats"][kept.seat]["kind"] == "person":
        return kept, info
    ticket = take_seat(address, name)  # the first open seat, whichever it is
    store.save(address, ticket)
    return ticket, room_info(address)
