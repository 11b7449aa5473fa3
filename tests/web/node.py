"""The Node tools of the browser client's checks (``package.json`` at the repo root):
TypeScript for the type check, axe-core for the accessibility check.  Installing the
Python package never needs them; the tests install them with ``npm ci`` when they are
missing (the npm registry is reachable in CI), once, whichever test asks first."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
#: What ``npm ci`` installs that the tests use.
TSC = NODE_MODULES / "typescript" / "bin" / "tsc"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
INSTALL_HINT = ("the browser client's checks need Node.js and npm (Debian: "
                "`apt-get install -y nodejs npm`)")


class NodeToolsUnavailableError(RuntimeError):
    """Node or npm is missing, or ``npm ci`` failed (the message says which)."""


def node_tools() -> Path:
    """The repository's node_modules, installed with ``npm ci`` if it is not there yet.
    Test processes running side by side (pytest-xdist) take turns: one installs, the
    others wait for it and find it done."""
    if TSC.exists() and AXE.exists():
        return NODE_MODULES
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        raise NodeToolsUnavailableError(INSTALL_HINT)
    lock = Path(tempfile.gettempdir()) / "gamenight-npm-ci.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not (TSC.exists() and AXE.exists()):
            done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT,
                                  capture_output=True, text=True, timeout=600, check=False)
            if done.returncode != 0:
                raise NodeToolsUnavailableError(f"`npm ci` failed:\n{done.stderr[-3000:]}")
    return NODE_MODULES
