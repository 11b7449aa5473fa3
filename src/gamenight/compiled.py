"""Which of gamenight's modules run compiled, and which from their source.

``gamenight compile`` (``gamenight.compiling``) compiles the hot modules (the engine's
step, the bot driver, each game's rules and bots) with mypyc from their own source,
unchanged; an install is pure Python until then.  The source stays beside each one, and
Python would load the compiled module first; this module, imported before any other of
the package, makes Python load every source instead where:

* ``GAMENIGHT_PURE_PYTHON=1`` is set (the tests play the fingerprinted games both ways,
  and must find them the same), or
* any source has changed since it was compiled (an editable install being worked on: an
  edit takes effect at once, slower, until ``gamenight compile`` compiles them again), or
* the build is not whole: a compiled module the manifest written with it does not list,
  or the shared library missing (a build that failed halfway, or one of an older
  gamenight).

All or none: mypyc's modules call one another natively, in one shared library, so a
module run from its changed source beside the others compiled would not be the one they
call.  ``STATUS`` says what was found; ``gamenight bench`` prints it beside its figures.
"""

from __future__ import annotations

import abc
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

# What ABCMeta calls to give a class its caches (CPython's C implementation of abc).
from _abc import _abc_init  # type: ignore[import-not-found]
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from gamenight import compiling

#: Set to 1 to run every module from its source.
PURE_ENV = "GAMENIGHT_PURE_PYTHON"
#: The package's folder (its manifest of the compiled modules: ``compiling.read_manifest``).
PACKAGE = Path(__file__).parent


@dataclass(frozen=True)
class Status:
    """The modules that run compiled, and those whose compiled form is set aside with
    every other (with the reason: ``forced`` by the environment, or ``stale``: a source
    changed since, or a build not whole), by module name."""

    compiled: tuple[str, ...]
    stale: tuple[str, ...]
    forced: bool

    def describe(self) -> str:
        if self.forced:
            return f"pure Python ({PURE_ENV}=1)"
        if self.stale:
            return (f"pure Python: the compiled modules are set aside ({len(self.stale)} of "
                    "their sources changed since, or the build is not whole; `gamenight "
                    "compile` compiles them again)")
        if not self.compiled:
            return "pure Python (`gamenight compile` compiles the hot modules)"
        return f"{len(self.compiled)} hot modules compiled (mypyc)"


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
    sources to load instead of a compiled module beside them, by module name: every
    one, or none."""
    listed, library = compiling.read_manifest(package)
    names = set(listed)
    # A compiled module the manifest does not list is set aside too (a shared library
    # has no source beside it: it is never a module of its own).
    for path in (*package.rglob("*.so"), *package.rglob("*.pyd")):
        names.add(".".join([package.name, *path.relative_to(package).parts[:-1],
                            path.name.split(".", 1)[0]]))
    found: dict[str, Path] = {}
    changed: list[str] = []
    for name in sorted(names):
        source = package.joinpath(*name.split(".")[1:]).with_suffix(".py")
        if _extension(name, package) is None or not source.exists():
            continue
        found[name] = source
        if listed.get(name) != hashlib.sha256(source.read_bytes()).hexdigest():
            changed.append(name)
    whole = library is not None and (package / library).is_file()
    if forced:
        return Status((), (), True), found
    if changed or (found and not whole):
        return Status((), tuple(changed or found), False), found
    return Status(tuple(found), (), False), {}


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


class _OwnABCCaches(importlib.abc.MetaPathFinder):
    """Loads the compiled modules as Python would, then gives each abstract class they
    make its own ``isinstance`` caches.

    mypyc builds a class without calling ``ABCMeta``, which is what gives each abstract
    class its caches (``_abc._abc_init``): every compiled one (``Game``, ``GameState``,
    ``Bot``, each game's definition, state and bots) found ``abc.ABC``'s instead, and
    shared them.  An ``isinstance`` answered no for one was then remembered as no for
    all: a game definition once found not to be a ``GameState`` was found not to be a
    ``Game`` either (``tests/engine/test_compiled.py``).

    A compiled module imports the compiled modules it needs without asking
    ``sys.meta_path``, so this finder sees only the first of a chain (one imported by
    Python code); once that one is loaded, every compiled module loaded so far is whole
    but the one being loaded around it, and each is looked over again (cheaply: a class
    given its caches is passed by)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return spec
        spec.loader = _ABCCachesLoader(spec.loader, self.names)
        return spec


class _ABCCachesLoader(importlib.abc.Loader):
    def __init__(self, compiled: importlib.machinery.ExtensionFileLoader,
                 names: Sequence[str]) -> None:
        self.compiled = compiled
        self.names = names

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.compiled.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.compiled.exec_module(module)
        for name in self.names:
            loaded = sys.modules.get(name)
            if loaded is not None:
                own_abc_caches(loaded)


def own_abc_caches(module: ModuleType) -> None:
    """Give each abstract class ``module`` defines that has no caches of its own a set
    (as ``ABCMeta`` gives a class it makes)."""
    for value in list(vars(module).values()):
        if (isinstance(value, abc.ABCMeta) and value.__module__ == module.__name__
                and "_abc_impl" not in vars(value)):
            _abc_init(value)


def _install() -> Status:
    status, sources = survey(forced=os.environ.get(PURE_ENV) == "1")
    if sources:
        sys.meta_path.insert(0, _SourceFirst(sources))
    elif status.compiled:
        sys.meta_path.insert(0, _OwnABCCaches(status.compiled))
    return status


STATUS = _install()
