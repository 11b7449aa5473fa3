"""The ``gamenight`` command run in a process forked from one that has imported it already.

A ``python -m gamenight.cli`` process spends about half a second of a core starting
Python and importing the package before it reads its arguments, and the command's tests
run it some two hundred times: the biggest part of their time, and no part of what they
check.  Here a fork server (``multiprocessing``'s ``forkserver``: a fresh interpreter, not
a copy of pytest's, started once per test process) imports the package once and forks a
process for each command, which runs ``gamenight.cli.main`` with the arguments, in the
folder and environment given, its standard output and error going to files.  Its exit
status is Python's for ``sys.exit(main())``, an uncaught exception prints its traceback
and exits 1, and a command that hangs is killed at the timeout: what the tests read of a
run is what they read of a ``python -m gamenight.cli`` process.  A few tests per command
still start that process itself (``tests/cli/test_cli_process.py``).
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

#: What the fork server imports before it forks: everything a command imports at once
#: (``gamenight.cli`` imports the rest of what a command needs when it runs it, as the
#: installed command does).
PRELOAD = ["gamenight.cli", "gamenight.games", "gamenight.record", "rich.console",
           "rich.markdown", "rich.table"]

_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(PRELOAD)


def _command(args: Sequence[str], cwd: str, env: Mapping[str, str], out: str,
             err: str) -> None:
    """In the forked process: the command, as ``python -m gamenight.cli`` runs it."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    for fd, path in ((1, out), (2, err)):  # the files, for Python and for any program
        file = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(file, fd)
        os.close(file)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace",  # noqa: SIM115
                      closefd=False)
    from gamenight.cli import main

    # multiprocessing exits with sys.exit's status, or prints the traceback and exits 1.
    sys.exit(main(list(args)))


def run_forked(args: Sequence[str], cwd: Path, env: Mapping[str, str],
               timeout: float) -> subprocess.CompletedProcess[str]:
    """Runs ``gamenight *args`` in a forked process; returns it as ``subprocess.run``
    would (text, universal newlines).  Raises ``subprocess.TimeoutExpired`` after killing
    a command that ran past ``timeout`` seconds."""
    with tempfile.TemporaryDirectory(prefix="gamenight-cli-") as folder:
        out, err = Path(folder, "stdout"), Path(folder, "stderr")
        process = _context.Process(target=_command,
                                   args=(list(args), str(cwd), dict(env), str(out), str(err)))
        process.start()
        process.join(timeout)
        if process.exitcode is None:
            process.kill()
            process.join()
            raise subprocess.TimeoutExpired(["gamenight", *args], timeout)
        return subprocess.CompletedProcess(
            ["gamenight", *args], process.exitcode,
            out.read_text(encoding="utf-8"),
            err.read_text(encoding="utf-8", errors="replace"))
