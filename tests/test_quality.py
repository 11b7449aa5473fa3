"""The package stays linted: ruff, as configured in pyproject.toml, runs as part of the
test suite so CI enforces it.  ``mypy --strict`` runs in ``.ci/run`` beside the suite, not
inside it: a cold check of the package is half a minute of one core that held a test
worker (issue 37, "Fast tests"), and a test can add nothing to its exit status."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


def test_ruff_is_clean_on_package_and_tests() -> None:
    result = _run("ruff", "check", "src", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_declares_it_is_typed() -> None:
    assert (ROOT / "src" / "gamenight" / "py.typed").exists()
