"""The package's import cycles only shrink (issue 37: "at most 2 import cycles ... remain,
each named in docs/design.md with its reason").

The modules under ``src/gamenight`` and what each imports (every ``import`` in it, those
inside functions and under ``TYPE_CHECKING`` included: a cycle run late is still a
cycle) form a graph; its strongly connected components of more than one module are the
cycles.  Each cycle left is listed below and in docs/design.md ("Import cycles left"),
with why it is there; a new one fails this test, and one that goes must leave the list.
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src"

#: The cycles left, each as its modules (docs/design.md says why each is there): none. A
#: game's parts that import its rules (positions, bots, search) are given to its Game by
#: the game's package (``Game.give``), so the rules import none of them.
KNOWN_CYCLES: set[frozenset[str]] = set()


def modules(root: Path = SOURCE) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name (a package by its own)."""
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(known: dict[str, Path]) -> dict[str, set[str]]:
    """What each module imports among ``known`` (a name imported from a package counts
    as that module where it is one)."""
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                targets = [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.add(frozenset(component))
    return found


def test_no_new_import_cycle_and_every_known_one_is_still_there() -> None:
    found = cycles(imports(modules()))
    new = [sorted(c) for c in found - KNOWN_CYCLES]
    gone = [sorted(c) for c in KNOWN_CYCLES - found]
    assert not new, f"a new import cycle (break it, or list it with its reason): {new}"
    assert not gone, f"a cycle is gone: take it off KNOWN_CYCLES and docs/design.md: {gone}"


def test_the_walk_finds_a_cycle_and_its_members() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == {frozenset({"a", "b", "c"})}
    assert cycles({"a": {"b"}, "b": set()}) == set()


def test_the_graph_reads_lazy_and_relative_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("def f():\n    from pkg.high import g\n")
    (package / "high.py").write_text("from .low import f\n")
    graph = imports(modules(tmp_path))
    assert graph["pkg.low"] == {"pkg.high"} and graph["pkg.high"] == {"pkg.low"}
    assert cycles(graph) == {frozenset({"pkg.low", "pkg.high"})}
