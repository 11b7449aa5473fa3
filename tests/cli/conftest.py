"""Run the real `gamenight` command in a subprocess, as a person or a script would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

Gamenight = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def gamenight(tmp_path: Path) -> Gamenight:
    """``gamenight(*args)`` runs the command in ``tmp_path``; returns the finished process."""
    # Wide enough that rich tables never fold the words the tests look for.
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}

    def run(*args: str, cwd: Path = tmp_path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "gamenight.cli", *args], cwd=cwd,
                              env=env, capture_output=True, text=True, timeout=300,
                              check=False)

    return run
