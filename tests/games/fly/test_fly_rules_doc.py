"""docs/rules/fly.md maps every rulebook sentence to code and tests: every test and code
name it cites exists.  (That it quotes every sentence of the rulebook was checked against
../shared/rulebooks/fly.txt, which a clean clone does not have.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gamenight.games.fly.rules import GAME

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "fly.md"
PACKAGE = ROOT / "src" / "gamenight" / "games" / "fly"
TESTS = Path(__file__).resolve().parent
MODULES = ("rules", "cards", "geometry", "table", "actions", "bots", "screen")


def defined_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        names.add(sub.id)
                    elif isinstance(sub, ast.Attribute):
                        names.add(sub.attr)
    return names


def test_the_rules_document_is_the_packaged_rules_text() -> None:
    assert DOC.is_symlink()
    assert DOC.read_text(encoding="utf-8") == GAME.rules_text()


def test_every_test_the_document_cites_exists() -> None:
    doc = DOC.read_text(encoding="utf-8")
    cited = set(re.findall(r"\b(\w+)::(test_\w+)", doc)) - {("setup", "test_x")}
    assert len(cited) > 35
    for module, test in cited:  # ("setup", "test_x") is the how-to-read example
        path = TESTS / f"test_fly_{module}.py"
        assert path.exists(), module
        assert test in defined_names(path), f"{module}::{test}"


def test_every_code_name_the_document_cites_exists() -> None:
    doc = DOC.read_text(encoding="utf-8")
    modules = {m: defined_names(PACKAGE / f"{m}.py") for m in MODULES}
    cited = re.findall(rf"`({'|'.join(MODULES)}):([\w.]+)`", doc)
    assert len(cited) > 40
    for module, name in cited:
        if name == "NAME":  # the how-to-read example
            continue
        assert name.split(".")[-1] in modules[module], f"{module}:{name}"
