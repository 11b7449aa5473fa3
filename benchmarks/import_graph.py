"""The package's import graph: its cycles, and the imports that run up a layer (issue 37:
"at most 2 import cycles and 4 imports running up a layer remain").

The graph is ``tests/test_import_cycles.py``'s (every import, those inside functions and
under ``TYPE_CHECKING`` included).  The layers, lowest first: the engine (with the
helpers that import nothing of ours, and the languages, ``i18n``, whose catalogs the
engine's voice tells the story from); the bots; the games; what plays them (interop,
sim, records, schema, lessons); what people use (lab, tui, server, web); the command
line.  An import from a module to one in a higher layer is counted, with a game's
``screen``, ``encoding`` and ``benchmarks`` modules shown apart: each is a part of its
game made for one use, which imports that use's base by design.

    python benchmarks/import_graph.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_import_cycles import cycles, imports, modules  # noqa: E402

LAYERS = {"engine": 0, "arguments": 0, "names": 0, "seats": 0, "compiled": 0, "compiling": 0,
          "files": 0, "signing": 0, "i18n": 0, "record_json": 3,
          "bots": 1, "games": 2, "interop": 3, "live": 3, "sim": 3, "record": 3, "redaction": 3,
          "schema": 3, "testing": 3, "lessons": 3, "lab": 4, "tui": 4, "server": 4, "web": 4,
          "cli": 5, "version": 0}
#: A game's modules made for one use (the use's base is theirs to import).
PARTS = ("screen", "encoding", "benchmarks")


def layer(module: str) -> int:
    """The layer of ``gamenight.X...``; the package itself (its version) is the top."""
    parts = module.split(".")
    return LAYERS[parts[1]] if len(parts) > 1 else max(LAYERS.values())


def main() -> None:
    graph = imports(modules(ROOT / "src"))
    found = sorted(sorted(c) for c in cycles(graph))
    print(f"import cycles: {len(found)}")
    for cycle in found:
        print("  " + " <-> ".join(cycle))
    up = sorted((a, b) for a, targets in graph.items() for b in targets if layer(b) > layer(a))
    parts = [(a, b) for a, b in up if a.startswith("gamenight.games.")
             and a.rsplit(".", 1)[-1] in PARTS]
    rest = [pair for pair in up if pair not in parts]
    print(f"imports up a layer: {len(up)} ({len(parts)} from a game's "
          f"{', '.join(PARTS)} modules)")
    for a, b in rest:
        print(f"  {a} -> {b}")


if __name__ == "__main__":
    main()
