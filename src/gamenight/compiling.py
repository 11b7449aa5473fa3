"""Compiling gamenight's hot modules with Cython: ``gamenight compile``, a step of its own.

Installing is pure Python and quick (a first game night never waits for a C compiler);
compiling the hot modules from their own source, unchanged, plays the same games 1.2-1.5
times as fast (docs/speed.md, "Compiled") and is asked for when wanted: ``gamenight
compile`` after installing, or ``GAMENIGHT_COMPILE=1`` while installing (``hatch_build.py``
then calls :func:`compile_modules` itself).  Nothing is written twice: each source stays
in the package beside its compiled module, and ``gamenight.compiled`` runs the source
instead when ``GAMENIGHT_PURE_PYTHON=1`` is set or the source has changed since.

The build hook loads this file by its path before the package's dependencies are
installed, so it imports only the standard library at the top (Cython and setuptools
only inside the compile itself) and never the rest of the package.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

#: The game-agnostic modules compiled: the engine's step and the bot driver's loop, where a
#: simulation spends its time besides each game's rules and bots.  (Modules read once,
#: such as the CLI, gain nothing.)
ENGINE_MODULES: tuple[str, ...] = (
    "gamenight.engine.checks",
    "gamenight.engine.events",
    "gamenight.engine.frozen",
    "gamenight.engine.game",
    "gamenight.engine.memo",
    "gamenight.engine.outcome",
    "gamenight.engine.window",
    "gamenight.bots.base",
    "gamenight.bots.driver",
    "gamenight.bots.random_bot",
    "gamenight.bots.reaction",
    "gamenight.sim.random_play",
)
#: Each game package lists its own hot modules in this file, one a line (``#`` begins a
#: comment): read as text, so that the list is found without importing the game.
GAME_LIST = "compiled.txt"
#: Where the compiled modules' sources are listed with their SHA-256, inside the package
#: (``gamenight.compiled`` reads it to set aside a module whose source has changed).
MANIFEST = "_compiled.json"
#: The Python packages the compiler needs (the ``compile`` extra).
NEEDS = ("Cython>=3.0", "setuptools>=68")


class CompileError(RuntimeError):
    """Compiling could not be done (no Cython, no C compiler, a module that failed)."""


def game_modules(root: Path) -> tuple[str, ...]:
    """The modules the game packages under ``root`` (the folder holding ``gamenight/``)
    ask to have compiled (``GAME_LIST`` in each), package by package in name order."""
    games = root / "gamenight" / "games"
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


def modules(root: Path) -> tuple[str, ...]:
    """Every module compiled under ``root``: the engine's, then the games' own lists."""
    return ENGINE_MODULES + game_modules(root)


def source_of(root: Path, name: str) -> Path:
    return root / (name.replace(".", "/") + ".py")


def compiled_of(root: Path, name: str) -> Path:
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    return root / (name.replace(".", "/") + suffix)


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest_of(root: Path) -> dict[str, str]:
    """The compiled modules' source digests as last written under ``root`` ({} if none)."""
    path = root / "gamenight" / MANIFEST
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def up_to_date(root: Path) -> tuple[str, ...]:
    """The modules whose compiled form under ``root`` matches their source as it is."""
    listed = manifest_of(root)
    return tuple(name for name in modules(root)
                 if compiled_of(root, name).exists()
                 and listed.get(name) == source_digest(source_of(root, name)))


def check_compiler() -> None:
    """CompileError, saying what to install, unless Cython, setuptools and a C compiler
    are at hand: checked before any work starts."""
    try:
        import Cython  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        raise CompileError(
            f"compiling needs {' and '.join(NEEDS)} ({error.name} is missing): "
            "pip install 'gamenight[compile]'") from None
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if sys.platform != "win32" and shutil.which(compiler) is None:
        raise CompileError(f"compiling needs a C compiler ({compiler!r} was not found; "
                           "on Debian: apt-get install build-essential python3-dev)")


@dataclass(frozen=True)
class Compiled:
    """One module compiled: its name, the file written, and the seconds it took."""

    name: str
    path: Path
    seconds: float


def _compile_one(name: str, source: str, out: str) -> Compiled:
    """Compile one module from ``source`` into ``out`` (laid out as the package); run in a
    worker process, each module in a build folder of its own."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    started = time.perf_counter()
    temp = tempfile.mkdtemp(prefix="gamenight-cython-")
    try:
        # -O1: the code is calls into Python's C API, which more optimisation barely
        # speeds (By Golly!'s bots measured the same within the machine's noise), and it
        # compiles in half the time of Python's own -O3.
        flags = [] if sys.platform == "win32" else ["-O1"]
        extensions = cythonize(
            [Extension(name, [source], extra_compile_args=flags)],
            build_dir=temp, quiet=True,
            # The source's type hints are for readers and mypy, not C types: a hint
            # taken as a C type could change what a line does.
            compiler_directives={"language_level": 3, "annotation_typing": False})
        command = build_ext(Distribution({"ext_modules": extensions}))
        command.build_lib, command.build_temp = out, temp
        command.ensure_finalized()
        command.run()
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    return Compiled(name, compiled_of(Path(out), name), time.perf_counter() - started)


def compile_modules(root: Path, out: Path | None = None, *, names: Sequence[str] | None = None,
                    jobs: int | None = None,
                    progress: Callable[[int, int, Compiled], None] | None = None
                    ) -> list[Path]:
    """Compile ``names`` (default: every module of :func:`modules`) from ``root`` into
    ``out`` (default: beside their sources), ``jobs`` at a time; ``progress(done, total,
    module)`` after each.  Returns the files written: each compiled module and the
    manifest of every compiled module's source digest.

    A compiled module is moved into place only once whole, and the manifest is written
    last, so a program started meanwhile, or a compile cut off, runs each module from
    its source or from a complete compiled form, never a half-written one."""
    # (Imported here: ``gamenight.compiled``, run before every program, reads this module.)
    from concurrent.futures import ProcessPoolExecutor, as_completed

    out = root if out is None else out
    names = modules(root) if names is None else tuple(names)
    jobs = max(1, jobs or os.cpu_count() or 1)
    staging = Path(tempfile.mkdtemp(prefix="gamenight-compiled-"))
    done: list[Compiled] = []
    try:
        with ProcessPoolExecutor(max_workers=min(jobs, max(1, len(names)))) as pool:
            futures = [pool.submit(_compile_one, name, str(source_of(root, name)),
                                   str(staging)) for name in names]
            for future in as_completed(futures):
                try:
                    module = future.result()
                except Exception as error:  # the compiler's own message says why
                    for other in futures:
                        other.cancel()
                    raise CompileError(f"compiling failed: {error}") from error
                done.append(module)
                if progress is not None:
                    progress(len(done), len(names), module)
        written: list[Path] = []
        for module in sorted(done, key=lambda m: m.name):
            target = compiled_of(out, module.name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(module.path, target.with_name(target.name + ".part"))
            os.replace(target.with_name(target.name + ".part"), target)
            written.append(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    listed = manifest_of(out) if out == root else {}
    listed.update({name: source_digest(source_of(root, name)) for name in names})
    manifest = out / "gamenight" / MANIFEST
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps(dict(sorted(listed.items())), indent=1) + "\n",
                        encoding="utf-8")
    return [*written, manifest]


def remove_compiled(root: Path) -> list[Path]:
    """Remove every compiled module under ``root`` and the manifest: every module runs
    from its source again.  Returns the files removed."""
    package = root / "gamenight"
    removed = [path for pattern in ("*.so", "*.pyd") for path in package.rglob(pattern)]
    if (package / MANIFEST).exists():
        removed.append(package / MANIFEST)
    for path in removed:
        path.unlink()
    return removed
