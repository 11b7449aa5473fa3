"""The compiled modules (``gamenight compile``, issues 18 and 38) play the same games as
their source.

Installing is pure Python, so the default run plays every game from source; `.ci/run` then
runs ``gamenight compile`` and plays the fingerprinted games and the slow tests again on
the compiled modules.  Here the fingerprinted games are played with every module run from
its source (``GAMENIGHT_PURE_PYTHON=1``) and must come out the same; the rule that sets the
compiled modules aside, all at once (forced, a source changed since, a build not whole),
is checked on a package made for the test; and compiling itself (mypyc) is run, for real,
on a small package.
"""

from __future__ import annotations

import abc
import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gamenight
from gamenight import compiled, compiling
from gamenight.bots.base import Bot, make_bot
from gamenight.compiled import PURE_ENV, survey
from gamenight.engine import Game, GameState
from gamenight.games import GAMES
from gamenight.sim.bench import typical_players

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]

#: Played in a fresh interpreter with every module from its source: the fingerprinted
#: games, and what was loaded from where.
PURE_RUN = """
import json, sys
from tests.sim.same_games import every_fingerprint
found = every_fingerprint()
native = sorted(name for name, module in sys.modules.items()
                if name.startswith("gamenight") and
                not str(getattr(module, "__file__", "") or ".py").endswith(".py"))
print(json.dumps({"fingerprints": found, "native": native}))
"""


def test_every_module_run_from_its_source_plays_the_same_games() -> None:
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run([sys.executable, "-c", PURE_RUN], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    run = json.loads(done.stdout)
    assert run["native"] == [], "a compiled module was loaded in a pure Python run"
    kept = json.loads((ROOT / "tests/sim/same_games.json").read_text(encoding="utf-8"))
    changed = [key for key, value in kept.items() if run["fingerprints"][key] != value]
    assert not changed, f"pure Python plays these games differently: {changed}"


def test_what_the_install_compiled_is_what_runs() -> None:
    """Every module the status calls compiled was loaded from its compiled form, and
    every other module of the package from its source."""
    status = compiled.STATUS
    assert not status.forced or not status.compiled
    for name in status.compiled:
        module = __import__(name, fromlist=["_"])
        assert str(module.__file__).endswith(SUFFIX), name
    for name in status.stale:
        module = __import__(name, fromlist=["_"])
        assert str(module.__file__).endswith(".py"), name
    assert gamenight.compiled.__file__.endswith(".py")  # (never compiled: it decides)


def test_each_abstract_class_answers_isinstance_for_itself() -> None:
    """mypyc builds a class without calling ABCMeta, which gives an abstract class its
    own isinstance caches: every compiled one shared ``abc.ABC``'s, so a game definition
    once found not to be a GameState was then no Game (the OpenSpiel adapter refused
    Superfly's), and one found to be a Game was then a GameState (the terminal seemed to
    hold a game state).  Run on whichever modules the install runs (compiled in
    `.ci/run`'s second part)."""
    for game in GAMES.values():
        state = game.new(typical_players(game), 0)
        bot = make_bot(game, "random", 0, 0)
        # Each "no" first, then each "yes", then the "no"s again: no answer may stick to
        # another class.
        for _ in range(2):
            assert not isinstance(game, GameState) and not isinstance(game, Bot)
            assert not isinstance(state, Game) and not isinstance(state, Bot)
            assert not isinstance(bot, Game) and not isinstance(bot, GameState)
            assert isinstance(game, Game) and isinstance(state, GameState)
            assert isinstance(bot, Bot)
    shared = [f"{name}.{value.__name__}" for name, module in list(sys.modules.items())
              if name.startswith("gamenight.")
              for value in list(vars(module).values())
              if isinstance(value, abc.ABCMeta) and value.__module__ == name
              and "_abc_impl" not in vars(value)]
    assert not shared, f"abstract classes without caches of their own: {shared}"


LIBRARY = f"_compiled__mypyc{SUFFIX}"


def _package(tmp_path: Path) -> tuple[Path, Path]:
    """A package laid out as gamenight's with two compiled modules, ``pkg.hot`` and
    ``pkg.warm``, their shared library and manifest; returns the package and the first
    module's source."""
    package = tmp_path / "pkg"
    package.mkdir()
    digests = {}
    for name in ("hot", "warm"):
        source = package / f"{name}.py"
        source.write_text(f"X = {name!r}\n", encoding="utf-8")
        (package / f"{name}{SUFFIX}").write_bytes(b"")  # (only its presence is read)
        digests[f"pkg.{name}"] = hashlib.sha256(source.read_bytes()).hexdigest()
    (package / LIBRARY).write_bytes(b"")
    (package / "_compiled.json").write_text(json.dumps(
        {"compiler": "mypyc", "library": LIBRARY, "modules": digests}), encoding="utf-8")
    return package, package / "hot.py"


def test_the_compiled_modules_run_while_their_sources_are_as_compiled(
        tmp_path: Path) -> None:
    package, _ = _package(tmp_path)
    status, sources = survey(package)
    assert (status.compiled, status.stale, sources) == (("pkg.hot", "pkg.warm"), (), {})
    assert status.describe() == "2 hot modules compiled (mypyc)"


def test_a_changed_source_sets_every_compiled_module_aside(tmp_path: Path) -> None:
    """mypyc's modules call one another natively: one run from its source beside the
    others compiled would not be the module they call."""
    package, source = _package(tmp_path)
    source.write_text("X = 2\n", encoding="utf-8")
    status, sources = survey(package)
    assert (status.compiled, status.stale) == ((), ("pkg.hot",))
    assert sources == {"pkg.hot": source, "pkg.warm": package / "warm.py"}
    assert "the compiled modules are set aside" in status.describe()


def test_pure_python_asked_for_runs_every_source(tmp_path: Path) -> None:
    package, source = _package(tmp_path)
    status, sources = survey(package, forced=True)
    assert (status.compiled, status.stale) == ((), ())
    assert sources == {"pkg.hot": source, "pkg.warm": package / "warm.py"}
    assert status.describe() == f"pure Python ({PURE_ENV}=1)"


@pytest.mark.parametrize("broken", ["unlisted", "no library", "older manifest"])
def test_a_build_not_whole_is_set_aside(tmp_path: Path, broken: str) -> None:
    """A compiled module the manifest does not list, the shared library missing, or a
    manifest of an older gamenight's (its modules compiled one by one, by Cython)."""
    package, source = _package(tmp_path)
    manifest = package / "_compiled.json"
    if broken == "unlisted":
        listed = json.loads(manifest.read_text(encoding="utf-8"))
        del listed["modules"]["pkg.warm"]
        manifest.write_text(json.dumps(listed), encoding="utf-8")
    elif broken == "no library":
        (package / LIBRARY).unlink()
    else:
        manifest.write_text(json.dumps({"pkg.hot": "0" * 64}), encoding="utf-8")
    status, sources = survey(package)
    assert status.compiled == () and status.stale
    assert sources == {"pkg.hot": source, "pkg.warm": package / "warm.py"}


@pytest.mark.slow
def test_the_bench_says_what_ran_compiled(tmp_path: Path) -> None:
    """Its figures depend on it: the table's title and the JSON say what ran."""
    def bench(*args: str, pure: bool) -> str:
        env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
        env.pop(PURE_ENV, None)
        if pure:
            env[PURE_ENV] = "1"
        done = subprocess.run([sys.executable, "-m", "gamenight.cli", "bench", "by-golly",
                               "--quick", *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300, check=True)
        return done.stdout

    forced = json.loads(bench("--json", pure=True))
    assert (forced["compiled"], forced["compiled_modules"]) == (
        f"pure Python ({PURE_ENV}=1)", [])
    as_installed = json.loads(bench("--json", pure=False))
    assert as_installed["compiled"] == compiled.STATUS.describe()
    assert as_installed["compiled_modules"] == list(compiled.STATUS.compiled)
    # (The title may fold: its words are compared, not its lines.)
    title = " ".join(bench(pure=False).split())
    assert f"s per row; {compiled.STATUS.describe()})" in title


#: A hot module for a package made for the test: a compiled function is not a Python one.
HOT = """
import types
def answer() -> tuple[int, bool]:
    return sum(range(10)), not isinstance(answer, types.FunctionType)
"""


def _source_package(tmp_path: Path) -> Path:
    """A folder laid out as an install: ``gamenight/hot.py`` and nothing compiled (a
    package of its own, found before the installed one from its folder)."""
    root = tmp_path / "site"
    (root / "gamenight").mkdir(parents=True)
    (root / "gamenight" / "__init__.py").write_text("", encoding="utf-8")
    (root / "gamenight" / "hot.py").write_text(HOT, encoding="utf-8")
    return root


def test_compiling_writes_the_modules_whole_with_their_manifest(tmp_path: Path) -> None:
    root = _source_package(tmp_path)
    said: list[tuple[int, int, str]] = []
    written = compiling.compile_modules(
        root, names=["gamenight.hot"], jobs=1,
        progress=lambda done, total, phase: said.append((done, total, phase.name)))
    total = len(compiling.PHASES)
    assert said == [(n + 1, total, name) for n, name in enumerate(compiling.PHASES)]
    package = root / "gamenight"
    assert written == [package / LIBRARY, package / f"hot{SUFFIX}",
                       package / "_compiled.json"]
    assert not list(root.rglob("*.part"))  # moved into place whole
    status, sources = survey(package)
    assert (status.compiled, sources) == (("gamenight.hot",), {})
    assert compiling.up_to_date(root) == ()  # (only the listed modules count)
    # The compiled module is the one Python loads, and it answers as its source does.
    ran = subprocess.run([sys.executable, "-c", "import gamenight.hot as h; "
                          "print(h.__file__.endswith('.py'), *h.answer())"],
                         cwd=root, capture_output=True, text=True, check=True)
    assert ran.stdout.split() == ["False", "45", "True"]
    (package / "hot.py").write_text(HOT + "# edited\n", encoding="utf-8")
    assert survey(package)[0].stale == ("gamenight.hot",)
    removed = compiling.remove_compiled(root)
    assert sorted(removed) == sorted(written)
    assert survey(package)[0].compiled == ()


def test_a_module_no_longer_listed_loses_its_compiled_file(tmp_path: Path) -> None:
    """A module compiled once and then taken off the list (the games' views were, for
    pydantic) would be set aside with every module compiled with it: compiling again
    removes its compiled file, and the rest runs compiled."""
    root = _source_package(tmp_path)
    package = root / "gamenight"
    (package / "cold.py").write_text(HOT, encoding="utf-8")
    compiling.compile_modules(root, names=["gamenight.hot", "gamenight.cold"], jobs=2)
    assert (package / f"cold{SUFFIX}").exists()
    compiling.compile_modules(root, names=["gamenight.hot"], jobs=2)
    assert not (package / f"cold{SUFFIX}").exists()
    status, sources = survey(package)
    assert (status.compiled, status.stale, sources) == (("gamenight.hot",), (), {})


@pytest.mark.parametrize("broken", ["def f(:\n", "def f() -> int:\n    return 'one'\n"])
def test_a_failed_compile_changes_nothing(tmp_path: Path, broken: str) -> None:
    """A module that does not parse, or whose types do not check (mypyc compiles from
    them), fails the compile with the reason, and nothing is written."""
    root = _source_package(tmp_path)
    (root / "gamenight" / "broken.py").write_text(broken, encoding="utf-8")
    with pytest.raises(compiling.CompileError, match=r"compiling failed: .*broken\.py"):
        compiling.compile_modules(root, names=["gamenight.hot", "gamenight.broken"], jobs=2)
    assert sorted(p.name for p in (root / "gamenight").iterdir()) == [
        "__init__.py", "broken.py", "hot.py"]


def test_compiling_without_mypyc_says_what_to_install() -> None:
    blocked = ("import sys; sys.modules['mypyc'] = None\n"
               "from gamenight import compiling\n"
               "try:\n    compiling.check_compiler()\n"
               "except compiling.CompileError as e:\n    print(e)\n")
    ran = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True,
                         check=True)
    assert "pip install 'gamenight[compile]'" in ran.stdout


def test_compile_refuses_bad_arguments_as_the_cli_does() -> None:
    ran = subprocess.run([sys.executable, "-m", "gamenight.cli", "compile", "--jobs", "0"],
                         capture_output=True, text=True)
    assert ran.returncode == 2
    assert "--jobs is at least 1, not 0" in ran.stderr
    ran = subprocess.run([sys.executable, "-m", "gamenight.cli", "compile", "--force",
                          "--clean"], capture_output=True, text=True)
    assert ran.returncode == 2  # (argparse: one or the other)


def test_every_listed_module_has_its_source() -> None:
    """The build's list (the engine's and each game's ``compiled.txt``) names only
    modules that exist: a rename would otherwise leave a module uncompiled."""
    root = Path(gamenight.__file__).resolve().parent.parent
    names = compiling.modules(root)
    assert len(names) == len(set(names)) > len(compiling.ENGINE_MODULES)
    for name in names:
        assert compiling.source_of(root, name).is_file(), name
