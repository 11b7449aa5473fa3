"""Compile gamenight's hot modules with Cython while the wheel is built (issue 18).

The modules named below (the engine's) and in each game package's ``compiled.txt`` (the
game's own) are compiled from their own source, unchanged: the same code run
without the interpreter's work per instruction, which plays the same games 1.2-1.5 times
as fast (docs/speed.md, "Compiled").  Nothing is written twice: each source stays in the
package beside its compiled module, and ``gamenight.compiled`` runs the source instead
when ``GAMENIGHT_PURE_PYTHON=1`` is set or the source has changed since it was compiled.

Compiling needs Cython (a build requirement, fetched by pip like hatchling) and a C
compiler.  Without a compiler, or with ``GAMENIGHT_PURE_PYTHON=1`` set while installing,
the wheel is pure Python and plays the same games, only slower: installing never fails
for want of a compiler.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The game-agnostic modules compiled: the engine's step and the bot driver's loop, where a
#: simulation spends its time besides each game's rules and bots.  (Modules read once,
#: such as the CLI, gain nothing.)
ENGINE_MODULES: tuple[str, ...] = (
    "gamenight.engine.checks",
    "gamenight.engine.events",
    "gamenight.engine.game",
    "gamenight.engine.outcome",
    "gamenight.engine.window",
    "gamenight.bots.base",
    "gamenight.bots.driver",
    "gamenight.bots.random_bot",
    "gamenight.bots.reaction",
    "gamenight.sim.random_play",
)
#: Each game package lists its own hot modules in this file, one a line (``#`` begins a
#: comment): read as text, since the build runs before the package's dependencies are
#: installed and so cannot import it.
GAME_LIST = "compiled.txt"


def game_modules(src: Path) -> tuple[str, ...]:
    """The modules the game packages under ``src`` ask to have compiled (``GAME_LIST``
    in each), package by package in the order of their names."""
    games = src / "gamenight" / "games"
    found: list[str] = []
    for listing in sorted(games.glob(f"*/{GAME_LIST}")):
        package = f"gamenight.games.{listing.parent.name}"
        for line in listing.read_text(encoding="utf-8").splitlines():
            name = line.partition("#")[0].strip()
            if name:
                if not (listing.parent / f"{name}.py").is_file():
                    raise ValueError(f"{listing}: no module {name} in {package}")
                found.append(f"{package}.{name}")
    return tuple(found)


def modules(src: Path) -> tuple[str, ...]:
    """Every module compiled from ``src``: the engine's, then the games' own lists."""
    return ENGINE_MODULES + game_modules(src)


#: Where the compiled modules' sources are listed with their SHA-256, inside the package.
MANIFEST = "gamenight/_compiled.json"
#: Set to 1 to build (or run) pure Python.
PURE_ENV = "GAMENIGHT_PURE_PYTHON"


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or os.environ.get(PURE_ENV) == "1":
            return
        src = Path(self.root) / "src"
        # An editable install runs the sources in src/: the compiled modules go beside
        # them.  A wheel takes them from a folder of their own.
        out = src if version == "editable" else Path(tempfile.mkdtemp(prefix="gamenight-"))
        try:
            built = compile_modules(src, out)
        except Exception as error:  # no compiler, or one that failed: pure Python
            print(f"gamenight: not compiled ({type(error).__name__}: {error}); "
                  "the pure Python modules play the same games, more slowly",
                  file=sys.stderr)
            return
        if version != "editable":
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
            for path in built:
                build_data["force_include"][str(path)] = str(path.relative_to(out))


def compile_modules(src: Path, out: Path) -> list[Path]:
    """Compile :func:`modules` from ``src`` into ``out`` (the package's layout); returns
    the files written: each compiled module and the manifest of their sources' digests."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    names = modules(src)
    sources = {name: src / (name.replace(".", "/") + ".py") for name in names}
    temp = Path(tempfile.mkdtemp(prefix="gamenight-cython-"))
    jobs = os.cpu_count() or 1
    try:
        # -O1: the code is calls into Python's C API, which more optimisation barely
        # speeds (By Golly!'s bots measured the same within the machine's noise), and it
        # compiles in half the time of Python's own -O3.
        flags = [] if sys.platform == "win32" else ["-O1"]
        extensions = cythonize(
            [Extension(name, [str(path)], extra_compile_args=flags)
             for name, path in sources.items()],
            build_dir=str(temp), nthreads=jobs, quiet=True,
            # The source's type hints are for readers and mypy, not C types: a hint
            # taken as a C type could change what a line does.
            compiler_directives={"language_level": 3, "annotation_typing": False})
        command = build_ext(Distribution({"ext_modules": extensions}))
        command.build_lib, command.build_temp, command.parallel = str(out), str(temp), jobs
        command.ensure_finalized()
        command.run()
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = [out / (name.replace(".", "/") + suffix) for name in names]
    missing = [path for path in built if not path.exists()]
    if missing:
        raise RuntimeError(f"compiled modules missing: {missing}")
    manifest = out / MANIFEST
    manifest.write_text(json.dumps({name: source_digest(path)
                                    for name, path in sources.items()}, indent=1) + "\n",
                        encoding="utf-8")
    return [*built, manifest]
