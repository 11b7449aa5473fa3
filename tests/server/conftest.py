"""Fixtures of the server's tests: a real PostgreSQL server, started by the tests
themselves (``tests.server.postgres``), and a fresh database of each kind the server
supports."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from gamenight.server.store import Store
from tests.server.client import Player
from tests.server.postgres import PostgresServer, PostgresUnavailableError, running_postgres

#: The databases every persistence test runs on.
DATABASES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session (of this xdist worker: each worker that
    asks starts its own), stopped and removed at the end.  Fails, never skips, where
    PostgreSQL is not installed: CI must run these tests."""
    with contextlib.ExitStack() as running:
        try:
            server = running.enter_context(running_postgres())
        except PostgresUnavailableError as exc:
            failure = str(exc)
        else:
            failure = None
        if failure is not None:  # failed here, not in the except: one message, no chain
            pytest.fail(failure, pytrace=False)
        yield server


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new, empty database: an SQLite file, or a database of its own on
    the session's PostgreSQL server (started only if a test asks for it)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.db'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.create_database()


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A store on a new, empty database of each kind (``database_url``)."""
    with Store(database_url) as opened:
        yield opened


@pytest.fixture
async def players() -> AsyncIterator[list[Player]]:
    """Connections a test opens (closed at its end, whatever happened)."""
    opened: list[Player] = []
    yield opened
    for player in opened:
        await player.close()
