"""The wheel's build hook: pure Python unless compiling is asked for (issues 18 and 38).

Installing is quick and needs no C compiler: a first game night never waits for one.
The hot modules are compiled with mypyc by ``gamenight compile`` after installing
(``src/gamenight/compiling.py``, which shows each phase as it goes), or while the wheel
is built when ``GAMENIGHT_COMPILE=1`` is set: then this hook asks pip for mypy (mypyc)
and setuptools and calls the same code.  A compile that fails there leaves the wheel pure
Python, which plays the same games, only slower: installing never fails for want of a
compiler.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Set to 1 to compile the hot modules while the wheel is built.
COMPILE_ENV = "GAMENIGHT_COMPILE"


def compiling(root: Path) -> ModuleType:
    """``gamenight.compiling`` loaded from its file: the package itself cannot be imported
    here, before its dependencies are installed."""
    spec = importlib.util.spec_from_file_location(
        "gamenight_compiling", root / "src" / "gamenight" / "compiling.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered under its name, as its dataclasses expect.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def asked() -> bool:
    return os.environ.get(COMPILE_ENV) == "1"


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return list(compiling(Path(self.root)).NEEDS) if asked() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not asked():
            return
        root = Path(self.root)
        build = compiling(root)
        src = root / "src"
        # An editable install runs the sources in src/: the compiled modules go beside
        # them.  A wheel takes them from a folder of their own.
        out = src if version == "editable" else Path(tempfile.mkdtemp(prefix="gamenight-"))
        names = build.modules(src)

        def say(done: int, total: int, phase: Any) -> None:
            print(f"gamenight: compile phase {done}/{total} done: {phase.name} "
                  f"({phase.seconds:.1f} s)", file=sys.stderr, flush=True)

        try:
            build.check_compiler()
            print(f"gamenight: compiling {len(names)} hot modules with mypyc "
                  f"({COMPILE_ENV}=1)", file=sys.stderr, flush=True)
            built = build.compile_modules(src, out, progress=say)
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
