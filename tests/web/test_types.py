"""The browser client's JavaScript is checked by TypeScript (``tsc --checkJs``, strict,
as ``src/gamenight/web/tsconfig.json`` says): every module's JSDoc types against the
protocol's messages and the games' views, generated from the Python
(``static/js/types/*.d.ts``), and every table against the table interface
(``static/js/table.js``)."""

from __future__ import annotations

import subprocess

import pytest

from tests.web.node import ROOT, TSC, NodeToolsUnavailableError, node_tools


def test_the_client_passes_the_strict_type_check() -> None:
    try:
        node_tools()
    except NodeToolsUnavailableError as exc:
        pytest.fail(str(exc), pytrace=False)
    done = subprocess.run(["node", str(TSC), "-p", "src/gamenight/web"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, f"tsc found errors:\n{done.stdout}{done.stderr}"
