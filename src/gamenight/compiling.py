"""Compiling gamenight's hot modules with mypyc: ``gamenight compile``, a step of its own.

Installing is pure Python and quick (a first game night never waits for a C compiler);
compiling the hot modules from their own typed source, unchanged, plays the same games
1.1-2 times as fast as that source run by Python (docs/speed.md, "Compiled") and is asked
for when wanted: ``gamenight compile`` after installing, or ``GAMENIGHT_COMPILE=1`` while
installing (``hatch_build.py`` then calls :func:`compile_modules` itself).  Nothing is
written twice: each source stays in the package beside its compiled module, and
``gamenight.compiled`` runs the sources instead when ``GAMENIGHT_PURE_PYTHON=1`` is set or
a source has changed since.

mypyc (mypy's compiler) compiles the modules together, from their type hints: classes
become C structs, and a call from one compiled module to another is a C call.  So it
makes one shared library (:data:`LIBRARY`) and a small shim per module that loads its
part, all beside the sources, and the modules are compiled, and set aside, all at once.

The build hook loads this file by its path before the package's dependencies are
installed, so it imports only the standard library at the top (mypyc and setuptools only
inside the compile itself) and never the rest of the package.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
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
#: such as the CLI, gain nothing; ``engine.frozen``'s containers subclass ``list`` and ``dict``,
#: which mypyc cannot compile, and are the builtins' C code already.)
ENGINE_MODULES: tuple[str, ...] = (
    "gamenight.engine.checks",
    "gamenight.engine.events",
    "gamenight.engine.game",
    "gamenight.engine.memo",
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
#: The compiled modules' shared library, made by mypyc beside them in the package: the
#: code of every module, which call one another natively; each module's own compiled file
#: is a small shim that loads its part from it.
LIBRARY = "gamenight._compiled"
#: The Python packages the compiler needs (the ``compile`` extra): mypyc comes with mypy.
NEEDS = ("mypy>=1.18", "setuptools>=68")


class CompileError(RuntimeError):
    """Compiling could not be done (no mypy, no C compiler, a module that failed)."""


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


def library_of(root: Path) -> Path:
    """The shared library (:data:`LIBRARY`) under ``root``."""
    return compiled_of(root, LIBRARY + "__mypyc")


def manifest_of(root: Path) -> dict[str, str]:
    """The compiled modules' source digests as last written under ``root`` ({} if none)."""
    return read_manifest(root / "gamenight")[0]


def read_manifest(package: Path) -> tuple[dict[str, str], str | None]:
    """The manifest in the package folder ``package``: each compiled module's source
    digest, and the shared library's file name ({} and None where there is none, or one
    an older gamenight wrote: its modules compiled by Cython)."""
    try:
        found = json.loads((package / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}, None
    if not isinstance(found, dict) or not isinstance(found.get("modules"), dict):
        return {}, None
    library = found.get("library")
    return ({str(k): str(v) for k, v in found["modules"].items()},
            library if isinstance(library, str) else None)


def up_to_date(root: Path) -> tuple[str, ...]:
    """Every module, where all of them are compiled under ``root`` from their sources as
    they are, with their shared library; else none.  The modules are compiled together
    (they call one another natively), so one source changed means compiling them all."""
    listed = manifest_of(root)
    names = modules(root)
    fresh = library_of(root).exists() and all(
        compiled_of(root, name).exists() and listed.get(name) == source_digest(
            source_of(root, name)) for name in names)
    # (A compiled file of a module no longer listed sets them all aside: not fresh.)
    whole = set(compiled_files(root)) == {library_of(root), *(compiled_of(root, name)
                                                              for name in names)}
    return names if fresh and whole else ()


def check_compiler() -> None:
    """CompileError, saying what to install, unless mypyc, setuptools and a C compiler
    are at hand: checked before any work starts."""
    try:
        import mypyc.build  # noqa: F401
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
class Phase:
    """One phase of the compile done: what it was, and the seconds it took."""

    name: str
    seconds: float


#: The phases of a compile, in order.  mypyc compiles every module in one build, so a
#: compile is shown phase by phase, not module by module: the type check (mypy, of the
#: modules and what they import), the modules turned into C (mypyc), the C compiled
#: (the C compiler, the longest), and the files moved into place.
PHASES = ("type check (mypy)", "translate to C (mypyc)", "compile the C", "install")
#: What mypyc prints, with ``verbose``, as it ends each of its two phases.
_SAID_AT_END = ("Parsed and typechecked in", "Compiled to C in")
#: The type check's settings, whatever the configuration where it runs: only the
#: compiled modules are checked (an import's errors are not theirs), and a package
#: without type hints is taken as untyped.
_MYPY_CONFIG = "[mypy]\nfollow_imports = silent\nignore_missing_imports = True\n"


class _Watch(io.TextIOBase):
    """Keeps what mypyc prints, and tells ``phase_done`` as each of its phases ends."""

    def __init__(self, phase_done: Callable[[], None]) -> None:
        self.text = io.StringIO()
        self.phase_done = phase_done

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text.write(text)
        if any(line.startswith(_SAID_AT_END) for line in text.splitlines()):
            self.phase_done()
        return len(text)


def compile_modules(root: Path, out: Path | None = None, *, names: Sequence[str] | None = None,
                    jobs: int | None = None,
                    progress: Callable[[int, int, Phase], None] | None = None
                    ) -> list[Path]:
    """Compile ``names`` (default: every module of :func:`modules`) from ``root`` into
    ``out`` (default: beside their sources) with mypyc, in one build: one shared library
    (:data:`LIBRARY`) and a shim per module; ``progress(done, total, phase)`` after each
    of the :data:`PHASES`, ``jobs`` C files compiled at once.  Returns the files written:
    the shared library, each module's shim and the manifest of every compiled module's
    source digest.

    Nothing is moved into place until all is built; then the old manifest goes first,
    each file is moved into place only once whole, and the new manifest is written last,
    so a program started meanwhile, or a compile cut off, runs every module from its
    source or every one compiled, never a half-written one."""
    # (Imported here: ``gamenight.compiled``, run before every program, reads this module,
    # and the build hook loads it before any compiler is installed.)
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    out = root if out is None else out
    names = modules(root) if names is None else tuple(names)
    last = time.perf_counter()
    done: list[Phase] = []

    # (Told where the caller prints, not into what mypyc's printing is kept in.)
    told_out, told_err = sys.stdout, sys.stderr

    def phase_done() -> None:
        nonlocal last
        now = time.perf_counter()
        if len(done) < len(PHASES):
            done.append(Phase(PHASES[len(done)], now - last))
            if progress is not None:
                with contextlib.redirect_stdout(told_out), contextlib.redirect_stderr(told_err):
                    progress(len(done), len(PHASES), done[-1])
        last = now

    build = Path(tempfile.mkdtemp(prefix="gamenight-mypyc-"))
    staging = build / "lib"
    watch = _Watch(phase_done)
    here = os.getcwd()
    try:
        (build / "mypy.ini").write_text(_MYPY_CONFIG, encoding="utf-8")
        try:
            # mypyc writes its C (and reads any configuration) where it runs: there.
            os.chdir(build)
            with contextlib.redirect_stdout(watch), contextlib.redirect_stderr(watch):
                extensions = mypycify(
                    ["--config-file", str(build / "mypy.ini"),
                     *(str(source_of(root, name).resolve()) for name in names)],
                    opt_level="3", target_dir=str(build / "c"), group_name=LIBRARY,
                    # A C file per module, not one: the C compiler, the longest phase,
                    # then runs on every core (``jobs``) instead of one.
                    multi_file=True, verbose=True)
                while len(done) < 2:  # (were its two phases not told apart)
                    phase_done()
                # With a C file per module, mypyc writes the library's headers in a
                # folder by the group's package (c/gamenight) but includes them as if
                # beside the C files: the compiler is told where they are.
                headers = sorted({str(path.parent) for path in (build / "c").rglob("*.h")})
                for extension in extensions:
                    extension.include_dirs.extend(headers)
                command = build_ext(Distribution({"ext_modules": extensions}))
                command.build_lib, command.build_temp = str(staging), str(build / "temp")
                command.parallel = max(1, jobs or os.cpu_count() or 1)
                command.ensure_finalized()
                command.run()
        except (Exception, SystemExit) as error:  # mypyc exits on an error it printed
            said = [line for line in watch.text.getvalue().splitlines()
                    if line.strip() and not line.startswith(_SAID_AT_END)]
            why = "; ".join(said[-8:]) or f"{type(error).__name__}: {error}"
            raise CompileError(f"compiling failed: {why}") from error
        finally:
            os.chdir(here)
        phase_done()
        built = [library_of(staging), *(compiled_of(staging, name) for name in names)]
        missing = [path.name for path in built if not path.is_file()]
        if missing:
            raise CompileError(f"compiling failed: the build made no {', '.join(missing)}")
        manifest = out / "gamenight" / MANIFEST
        manifest.unlink(missing_ok=True)
        # A module compiled before but no longer listed would be set aside (and with it
        # every module, since they are compiled together): its compiled file goes.
        keep = {out / path.relative_to(staging) for path in built}
        for old in compiled_files(out):
            if old not in keep:
                old.unlink()
        written: list[Path] = []
        for path in built:
            target = out / path.relative_to(staging)
            target.parent.mkdir(parents=True, exist_ok=True)
            part = target.with_name(target.name + ".part")
            shutil.copyfile(path, part)
            os.replace(part, target)
            written.append(target)
    finally:
        shutil.rmtree(build, ignore_errors=True)
    listed = {name: source_digest(source_of(root, name)) for name in names}
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps({
        "compiler": "mypyc", "library": library_of(out).name,
        "modules": dict(sorted(listed.items()))}, indent=1) + "\n", encoding="utf-8")
    phase_done()
    return [*written, manifest]


def compiled_files(root: Path) -> list[Path]:
    """Every compiled file in the package under ``root``: the shared library and the
    modules' shims (the package has no other compiled code)."""
    package = root / "gamenight"
    return [path for pattern in ("*.so", "*.pyd") for path in package.rglob(pattern)]


def remove_compiled(root: Path) -> list[Path]:
    """Remove every compiled module under ``root``, the shared library and the manifest:
    every module runs from its source again.  Returns the files removed."""
    package = root / "gamenight"
    removed = compiled_files(root)
    if (package / MANIFEST).exists():
        removed.append(package / MANIFEST)
    for path in removed:
        path.unlink()
    return removed
