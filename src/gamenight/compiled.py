"""Which of gamenight's modules run compiled, and which from their source.

``gamenight compile`` (``gamenight.compiling``) compiles the hot modules (the engine's
step, the bot driver, each game's rules and bots) with Cython from their own source,
unchanged; an install is pure Python until then.  The source stays
beside each one, and Python would load the compiled module first; this module, imported
before any other of the package, makes Python load the source instead where:

* ``GAMENIGHT_PURE_PYTHON=1`` is set (the tests play the fingerprinted games both ways,
  and must find them the same), or
* the source has changed since it was compiled (an editable install being worked on: an
  edit takes effect at once, slower, until ``gamenight compile`` compiles it again), or
* a compiled module is not in the manifest written with it (a build that failed halfway).

``STATUS`` says what was found; ``gamenight bench`` prints it beside its figures.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from gamenight import compiling

#: Set to 1 to run every module from its source.
PURE_ENV = "GAMENIGHT_PURE_PYTHON"
#: The package's folder, and the manifest of the compiled modules' sources there.
PACKAGE = Path(__file__).parent
MANIFEST = PACKAGE / compiling.MANIFEST


@dataclass(frozen=True)
class Status:
    """The modules that run compiled, those whose compiled form is set aside (with the
    reason: ``forced`` by the environment, or ``stale``), by module name."""

    compiled: tuple[str, ...]
    stale: tuple[str, ...]
    forced: bool

    def describe(self) -> str:
        if self.forced:
            return f"pure Python ({PURE_ENV}=1)"
        if not self.compiled and not self.stale:
            return "pure Python (`gamenight compile` compiles the hot modules)"
        text = f"{len(self.compiled)} hot modules compiled (Cython)"
        if self.stale:
            text += (f", {len(self.stale)} run from a source changed since "
                     "(`gamenight compile` compiles them again)")
        return text


def _extension(name: str, package: Path = PACKAGE) -> Path | None:
    """The compiled module ``name`` beside its source, if there is one."""
    base = package.joinpath(*name.split(".")[1:])
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = base.with_name(base.name + suffix)
        if path.exists():
            return path
    return None


def survey(package: Path = PACKAGE, forced: bool = False) -> tuple[Status, dict[str, Path]]:
    """What runs compiled in ``package`` (a folder laid out as gamenight's), and the
    sources to load instead of a compiled module beside them, by module name."""
    manifest = package / MANIFEST.name
    listed: dict[str, str] = (json.loads(manifest.read_text(encoding="utf-8"))
                              if manifest.exists() else {})
    names = set(listed)
    # A compiled module the manifest does not list is set aside too.
    for path in (*package.rglob("*.so"), *package.rglob("*.pyd")):
        names.add(".".join([package.name, *path.relative_to(package).parts[:-1],
                            path.name.split(".", 1)[0]]))
    compiled: list[str] = []
    stale: list[str] = []
    sources: dict[str, Path] = {}
    for name in sorted(names):
        source = package.joinpath(*name.split(".")[1:]).with_suffix(".py")
        if _extension(name, package) is None or not source.exists():
            continue
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        if forced or listed.get(name) != digest:
            sources[name] = source
            if not forced:
                stale.append(name)
        else:
            compiled.append(name)
    if forced:
        compiled = []
    return Status(tuple(compiled), tuple(stale), forced), sources


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the given modules from their source, not the compiled module beside it."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def _install() -> Status:
    status, sources = survey(forced=os.environ.get(PURE_ENV) == "1")
    if sources:
        sys.meta_path.insert(0, _SourceFirst(sources))
    return status


STATUS = _install()
