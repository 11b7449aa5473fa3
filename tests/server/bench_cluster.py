"""Run ``gamenight bench server`` against one process or a cluster behind HAProxy, on SQLite
or PostgreSQL, and print what it printed (the figures of docs/server.md, "The benchmark
on one process and on three").

    python -m tests.server.bench_cluster sqlite --alone -- --clients 1000 --seconds 30
    python -m tests.server.bench_cluster postgresql --alone -- --clients 1000 --seconds 30
    python -m tests.server.bench_cluster postgresql --processes 3 -- --clients 1000 --seconds 30

``--alone``: the benchmark starts its one server itself, as it always has (with
``--database`` the PostgreSQL started here).  Otherwise ``--processes`` ``gamenight serve``
processes (``--process-id a``, ``b``, ... and ``--lease 10``, each started exactly as the
benchmark starts its own: ``bench.ServerProcess``) on one database, with HAProxy in front
(the shipped ``docs/haproxy.cfg``, ``tests.server.cluster.Proxy``), and the benchmark run
with ``--url`` the proxy's address and ``--pids`` the processes and then HAProxy (its CPU
shown on its own line).

PostgreSQL is started here at its default settings (fsync on), unlike the tests' server
(``tests.server.postgres``, fsync off), in a temporary folder on the machine's disk.
Everything is stopped at the end; the logs are kept where ``--keep`` says.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg

from gamenight.server.bench import ServerProcess
from gamenight.signing import PRIVATE_KEY_FILE, PUBLIC_KEY_FILE
from tests.server.cluster import PATIENT_CHECKS, Proxy
from tests.server.postgres import SERVICE_USER, SUPERUSER, _as_service_user, _free_port, find_bin

#: A process's lease (the server's default).
LEASE_S = 10.0


@contextlib.contextmanager
def default_postgres(root: Path) -> Iterator[str]:
    """A PostgreSQL 15 server at its default settings (fsync on) in ``root``, and the URL
    of an empty database on it; stopped at the end."""
    bin_dir, prefix = find_bin(), _as_service_user()
    data = root / "postgres"
    data.mkdir()
    if prefix:
        shutil.chown(root, user=SERVICE_USER)
        shutil.chown(data, user=SERVICE_USER)

    def run(*command: str) -> None:
        subprocess.run([*prefix, *command], cwd=data, check=True, capture_output=True)

    run(str(bin_dir / "initdb"), "-D", str(data / "data"), "-U", SUPERUSER, "--auth=trust",
        "--encoding=UTF8", "--locale=C", "--no-instructions")
    port = _free_port()
    run(str(bin_dir / "pg_ctl"), "-D", str(data / "data"), "-l", str(data / "log"), "-o",
        f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c max_connections=100",
        "-w", "start")
    try:
        with psycopg.connect(host="127.0.0.1", port=port, user=SUPERUSER, dbname="postgres",
                             autocommit=True) as conn:
            conn.execute("CREATE DATABASE bench")
        yield f"postgresql://{SUPERUSER}@127.0.0.1:{port}/bench"
    finally:
        run(str(bin_dir / "pg_ctl"), "-D", str(data / "data"), "-m", "fast", "-w", "stop")


def gamenight_bench(*args: str) -> int:
    command = [sys.executable, "-m", "gamenight.cli", "bench", "server", *args]
    print("$ gamenight bench server " + " ".join(args), file=sys.stderr, flush=True)
    return subprocess.run(command, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.server.bench_cluster",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("database", choices=("sqlite", "postgresql"))
    parser.add_argument("--alone", action="store_true",
                        help="the benchmark starts its own one server (no proxy)")
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None,
                        help="a folder to keep the servers' logs in")
    given = sys.argv[1:] if argv is None else argv
    # After "--": the arguments of gamenight bench server.
    cut = given.index("--") if "--" in given else len(given)
    args = parser.parse_args(given[:cut])
    extra = given[cut + 1:]
    with contextlib.ExitStack() as stack:
        root = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="gamenight-bc-")))
        database = (stack.enter_context(default_postgres(root))
                    if args.database == "postgresql" else None)
        if args.alone:
            return gamenight_bench(*(["--database", database] if database else []), *extra)
        if database is None:
            database = f"sqlite:///{root / 'cluster.db'}"
        servers: list[ServerProcess] = []
        try:
            for k in range(args.processes):
                folder = root / f"process-{k}"
                folder.mkdir()
                if servers:  # one signing key for all (docs/server.md)
                    for name in (PRIVATE_KEY_FILE, PUBLIC_KEY_FILE):
                        shutil.copy2(servers[0].folder / name, folder / name)
                server = ServerProcess(folder, database, "--process-id", chr(ord("a") + k),
                                       "--lease", f"{LEASE_S:g}", "--trust-proxy", "127.0.0.1")
                servers.append(server)
                server.start()
            proxy = Proxy(root, servers, checks=PATIENT_CHECKS).start()
            stack.callback(proxy.stop)
            assert proxy.process is not None
            pids = [s.pid for s in servers] + [proxy.process.pid]
            return gamenight_bench("--url", proxy.url, "--pids", ",".join(map(str, pids)),
                                   *extra)
        finally:
            for server in servers:
                server.stop()
            if args.keep is not None:
                args.keep.mkdir(parents=True, exist_ok=True)
                for log in root.glob("**/*.log"):
                    shutil.copy2(log, args.keep / f"{log.parent.name}-{log.name}")


if __name__ == "__main__":
    sys.exit(main())
