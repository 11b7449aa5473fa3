"""Run the real ``gamenight`` command: ``gamenight`` in a process forked from one that has
imported the package (``tests.cli.forked``: the same ``main``, exit status, output and
error as the installed command's, without half a second of start-up each time), and
``gamenight_process`` as its own ``python -m gamenight.cli`` process, as a person or a
script runs it (``test_cli_process.py`` runs every command so at least once)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.forked import run_forked

Gamenight = Callable[..., subprocess.CompletedProcess[str]]

#: The longest a command may run in a test.
TIMEOUT_S = 300


def command_env() -> dict[str, str]:
    # Wide enough that rich tables never fold the words the tests look for.
    return {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}


@pytest.fixture
def gamenight(tmp_path: Path) -> Gamenight:
    """``gamenight(*args)`` runs the command in ``tmp_path`` (in a forked process); returns
    the finished process."""

    def run(*args: str, cwd: Path = tmp_path) -> subprocess.CompletedProcess[str]:
        return run_forked(args, cwd, command_env(), TIMEOUT_S)

    return run


@pytest.fixture
def gamenight_process(tmp_path: Path) -> Gamenight:
    """``gamenight_process(*args)`` runs ``python -m gamenight.cli *args`` in ``tmp_path``;
    returns the finished process."""

    def run(*args: str, cwd: Path = tmp_path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "gamenight.cli", *args], cwd=cwd,
                              env=command_env(), capture_output=True, text=True,
                              timeout=TIMEOUT_S, check=False)

    return run
