"""Every game's rules document (``docs/rules/<id>.md``, served by ``gamenight rules``)
maps the rulebook to code and tests, citing tests as ``module::test_name`` (the test file
``tests/games/<package>/test_<prefix>_<module>.py``) and code as ``module:Name`` (in the
game's package).  Every citation must name something that exists, so the map cannot
quietly go stale as the code changes.

(That each document quotes every sentence of its rulebook was checked against
``../shared/rulebooks``, which a clean clone does not have.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from gamenight.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
#: How each document shows how to read it ("setup::test_x", "rules:NAME"), not a citation.
EXAMPLES = {"test_x", "NAME"}


def package_of(game_id: str) -> str:
    return game_id.replace("-", "_")


def defined_names(path: Path) -> set[str]:
    """Functions, classes and assigned names (attributes too) defined in a file."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for sub in (s for t in targets for s in ast.walk(t)):
                if isinstance(sub, ast.Name):
                    names.add(sub.id)
                elif isinstance(sub, ast.Attribute):
                    names.add(sub.attr)
    return names


def document(game_id: str) -> str:
    return (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_document_is_the_packaged_rules_text(game_id: str) -> None:
    path = ROOT / "docs" / "rules" / f"{game_id}.md"
    assert path.is_symlink()  # one text: the package's rules.md
    assert path.resolve() == (ROOT / "src" / "gamenight" / "games" / package_of(game_id)
                              / "rules.md")
    assert document(game_id) == GAMES[game_id].rules_text()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_test_the_document_cites_exists(game_id: str) -> None:
    tests = ROOT / "tests" / "games" / package_of(game_id)
    cited = {(m, t) for m, t in re.findall(r"\b(\w+)::(test_\w+)", document(game_id))
             if t not in EXAMPLES}
    assert len(cited) > 30  # a map, not a sketch
    for module, test in sorted(cited):
        files = [*tests.glob(f"test_*_{module}.py"), *(ROOT / "tests" / "tui").glob(
            f"test_{package_of(game_id)}_{module}.py")]
        assert files, f"{game_id}: no test file for {module}::"
        assert any(test in defined_names(f) for f in files), f"{game_id}: {module}::{test}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_code_name_the_document_cites_exists(game_id: str) -> None:
    package = ROOT / "src" / "gamenight" / "games" / package_of(game_id)
    modules = {p.stem: p for p in package.glob("*.py") if p.stem != "__init__"}
    cited = [(m, n) for m, n in re.findall(rf"`({'|'.join(modules)}):([\w.]+)`",
                                           document(game_id)) if n not in EXAMPLES]
    assert len(cited) > 30
    names = {m: defined_names(p) for m, p in modules.items()}
    for module, name in cited:
        assert name.split(".")[-1] in names[module], f"{game_id}: {module}:{name}"
