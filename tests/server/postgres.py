"""A real PostgreSQL server for the tests, started and stopped by the tests themselves.

:func:`running_postgres` makes a cluster with ``initdb`` in a fresh temporary folder,
starts it with ``pg_ctl`` on a free port of 127.0.0.1 (its Unix socket inside that
folder, so it touches nothing of the machine's own PostgreSQL), yields a
:class:`PostgresServer`, and at the end stops it (``pg_ctl stop -m fast``) and removes
the folder.  PostgreSQL refuses to run as root, so when the tests run as root the
programs run as the ``postgres`` user (``runuser``), who is given the folder.

Under pytest-xdist each worker that needs PostgreSQL starts its own server, on its own
port and in its own folder: nothing is shared between workers, so there is no lock to
hold and no worker waits for another.  Two workers can pick the same free port in the
moment between choosing and binding; the one that loses sees "could not bind" in its
log and tries another port.

The programs are found in ``$GAMENIGHT_POSTGRES_BIN`` if set, else in
``/usr/lib/postgresql/15/bin`` (Debian's place for PostgreSQL 15), else in the newest
``/usr/lib/postgresql/*/bin``.  Where there are none, :class:`PostgresUnavailableError`
says how to install them: the fixture turns it into a failure, never a skip, so a machine
without PostgreSQL cannot pass CI by leaving these tests out.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg

BIN_VARIABLE = "GAMENIGHT_POSTGRES_BIN"
PREFERRED_BIN = Path("/usr/lib/postgresql/15/bin")
#: The database superuser initdb makes; connections from 127.0.0.1 are trusted.
SUPERUSER = "postgres"
#: The operating-system user the server runs as when the tests run as root.
SERVICE_USER = "postgres"
INSTALL_HINT = (
    "the server tests need PostgreSQL 15's programs (initdb, pg_ctl); install them with "
    "`apt-get install -y postgresql` (Debian and Ubuntu; .ci/run does this where they are "
    f"missing), or set {BIN_VARIABLE} to the folder that holds initdb and pg_ctl"
)
#: Attempts at a free port before giving up (each lost race costs one).
PORT_ATTEMPTS = 5
#: How long pg_ctl waits for the server to start or stop, in seconds.
PG_CTL_WAIT_S = 60


class PostgresUnavailableError(RuntimeError):
    """PostgreSQL cannot be started here: its programs or its user are missing, or it
    would not start (the message holds the end of its log)."""


@dataclass(frozen=True, slots=True)
class PostgresServer:
    """A running test server: where it listens and who may connect."""

    host: str
    port: int
    user: str

    def url(self, database: str) -> str:
        """The URL of one of its databases, as the game server takes it."""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{database}"

    def create_database(self) -> str:
        """A new, empty database with a name of its own, and its URL: one per test, so
        no test sees another's rows and none has to clean up after itself (the whole
        cluster is removed at the end of the session)."""
        name = f"test_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(host=self.host, port=self.port, user=self.user,
                             dbname="postgres", autocommit=True) as conn:
            # The name is ours (hex digits), so quoting it here cannot inject anything.
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def find_bin() -> Path:
    """The folder holding initdb and pg_ctl, or PostgresUnavailableError."""
    given = os.environ.get(BIN_VARIABLE)
    if given:
        candidates = [Path(given)]
    else:
        others = sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                        key=lambda p: _version(p.parent.name), reverse=True)
        candidates = [PREFERRED_BIN, *others]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise PostgresUnavailableError(f"no initdb and pg_ctl in {candidates[0]}: {INSTALL_HINT}")


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def _as_service_user() -> list[str]:
    """The command prefix that runs a program as a user PostgreSQL accepts."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(SERVICE_USER)
    except KeyError:
        raise PostgresUnavailableError(
            f"the tests run as root, and PostgreSQL will not; there is no '{SERVICE_USER}' "
            f"user to run it as: {INSTALL_HINT}") from None
    runuser = shutil.which("runuser")
    if runuser is None:
        raise PostgresUnavailableError("the tests run as root and PostgreSQL will not, but "
                                       "there is no runuser to start it as another user")
    return [runuser, "-u", SERVICE_USER, "--"]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@contextlib.contextmanager
def running_postgres() -> Iterator[PostgresServer]:
    """Start a PostgreSQL server of our own; stop it and remove its files at the end."""
    bin_dir = find_bin()
    prefix = _as_service_user()
    # Directly in the system's temporary folder (not pytest's, which is private to root):
    # the postgres user must reach it.
    root = Path(tempfile.mkdtemp(prefix="gamenight-postgres-"))
    data = root / "data"
    if prefix:
        shutil.chown(root, user=SERVICE_USER, group=None)
    environment = {**os.environ, "LC_ALL": "C", "LANG": "C"}

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        # The folder as working directory: the postgres user may not enter ours.
        return subprocess.run([*prefix, *command], cwd=root, env=environment,
                              capture_output=True, text=True, check=False)

    try:
        made = run(str(bin_dir / "initdb"), "-D", str(data), "-U", SUPERUSER, "--auth=trust",
                   "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions")
        if made.returncode != 0:
            raise PostgresUnavailableError(f"initdb failed:\n{made.stdout}{made.stderr}")
        for attempt in range(PORT_ATTEMPTS):
            port, log = _free_port(), root / f"server-{attempt}.log"
            # fsync off: the tests kill clients and the game server, never this machine,
            # and a crash of PostgreSQL itself still keeps every committed transaction
            # in its WAL; syncing only makes the tests slower.
            options = (f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
                       "-c full_page_writes=off -c shared_buffers=16MB -c max_connections=50")
            start = run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
                        "-w", "-t", str(PG_CTL_WAIT_S), "start")
            if start.returncode == 0:
                break
            if "could not bind" not in _tail(log, 40):
                raise PostgresUnavailableError(
                    f"PostgreSQL did not start:\n{start.stdout}{start.stderr}\n{_tail(log)}")
        else:
            raise PostgresUnavailableError(f"PostgreSQL found no free port in "
                                           f"{PORT_ATTEMPTS} tries:\n{_tail(log)}")
        yield PostgresServer(host="127.0.0.1", port=port, user=SUPERUSER)
    finally:
        # Stopped even after a failed start: pg_ctl may give up waiting on a server
        # that then comes up; stopping none is harmless.
        if (data / "postmaster.pid").exists():
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w",
                "-t", str(PG_CTL_WAIT_S), "stop")
        shutil.rmtree(root, ignore_errors=True)
