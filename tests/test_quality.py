"""The package stays typed and linted: mypy --strict and ruff, as configured in
pyproject.toml, run as part of the test suite so CI enforces them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


def test_mypy_strict_is_clean_on_the_package() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean_on_package_and_tests() -> None:
    result = _run("ruff", "check", "src", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_declares_it_is_typed() -> None:
    assert (ROOT / "src" / "gamenight" / "py.typed").exists()
