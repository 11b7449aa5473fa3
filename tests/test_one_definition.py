"""Nothing outside a game's package names the game (issue 37, "One definition, every use").

What the balance lab (pace, turns, rounds, standings), the search (master plans), the
command line (an option read from a file) and the build (the modules compiled) need to
know of a game is part of its definition or a file of its package, so every module under
``src/gamenight`` outside ``src/gamenight/games/`` (and the build hook, ``hatch_build.py``)
finds a game through the registry alone.  The walk below reads each of those modules with
``ast`` and allows none of these:

* an import of a game package (``gamenight.games.<package>`` or a module in it; the
  registry, ``gamenight.games`` itself, is fine);
* a string constant in code that is a registered game's id, a game package's name, or a
  dotted path into a game package (``import_module("gamenight.games.fly.words")``);
* a string constant in code (a help text, a message) with a registered game's id or
  title in it as a word of its own: such a text is written from the registry instead.
  Docstrings are not code and are not read; comments never reach the tree.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamenight.games import GAMES
from gamenight.lab.drama import drama
from gamenight.lab.length import length
from gamenight.sim.runner import make_bots, play_out

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "gamenight"
GAMES_DIR = SOURCE / "games"
REGISTRY = "gamenight.games"


def game_packages(games_dir: Path = GAMES_DIR) -> set[str]:
    """The game packages: every package under ``games/``, and every registered game's."""
    found = {p.parent.name for p in games_dir.glob("*/__init__.py")}
    for game in GAMES.values():
        module = type(game).__module__
        if module.startswith(f"{REGISTRY}."):
            found.add(module.split(".")[2])
    return found


def modules_outside_the_games(root: Path = ROOT) -> list[Path]:
    """Every module the rule holds for: the package outside ``games/``, and the build."""
    source = root / "src" / "gamenight"
    inside = [p for p in sorted(source.rglob("*.py"))
              if (source / "games") not in p.parents]
    return [*inside, root / "hatch_build.py"]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and its functions."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                      | ast.AsyncFunctionDef):
            body = node.body
            if (body and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                found.add(id(body[0].value))
    return found


def _module_of(node: ast.ImportFrom, path: Path, root: Path) -> str:
    """The absolute module a ``from ... import`` reads (a relative one resolved)."""
    if not node.level:
        return node.module or ""
    parts = list(path.relative_to(root / "src").with_suffix("").parts)
    base = parts[:len(parts) - node.level]
    return ".".join([*base, *([node.module] if node.module else [])])


def _names_a_game_package(module: str, packages: set[str]) -> bool:
    parts = module.split(".")
    return parts[:2] == REGISTRY.split(".") and len(parts) > 2 and parts[2] in packages


def _names_in_text(ids: set[str]) -> re.Pattern[str]:
    """A game's id or title as a word of its own in a text ("the fly" is not "superfly")."""
    words = ids | {GAMES[i].title for i in ids if i in GAMES}
    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def naming(path: Path, ids: set[str], packages: set[str], root: Path = ROOT,
           text: str | None = None) -> Iterator[str]:
    """Each place in the module at ``path`` (whose text is ``text``, or the file's) that
    names a game: ``file:line: what``."""
    in_text = _names_in_text(ids)
    source = path.read_text(encoding="utf-8") if text is None else text
    tree = ast.parse(source, str(path))
    docstrings = _docstrings(tree)
    where = path.relative_to(root)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _names_a_game_package(alias.name, packages):
                    yield f"{where}:{node.lineno}: imports {alias.name}"
        elif isinstance(node, ast.ImportFrom):
            module = _module_of(node, path, root)
            if _names_a_game_package(module, packages):
                yield f"{where}:{node.lineno}: imports from {module}"
            elif module == REGISTRY:
                for alias in node.names:
                    if alias.name in packages:
                        yield f"{where}:{node.lineno}: imports {REGISTRY}.{alias.name}"
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings):
            text = node.value
            if text in ids:
                yield f"{where}:{node.lineno}: the game id {text!r}"
            elif text in packages:
                yield f"{where}:{node.lineno}: the game package {text!r}"
            elif _names_a_game_package(text, packages):
                yield f"{where}:{node.lineno}: the game module {text!r}"
            elif (named := in_text.search(text)) is not None:
                yield f"{where}:{node.lineno}: {named.group()!r} in a text"


def every_naming(root: Path = ROOT) -> list[str]:
    """Every place outside the game packages that names a game, under ``root``."""
    ids = set(GAMES)
    packages = game_packages(root / "src" / "gamenight" / "games")
    return [found for path in modules_outside_the_games(root)
            for found in naming(path, ids, packages, root)]


def test_no_module_outside_a_games_package_names_a_game() -> None:
    found = every_naming()
    assert not found, ("what a use needs of a game belongs in its definition (Game hooks, "
                       "its package's files):\n" + "\n".join(found))


def test_the_walk_reads_the_whole_package_and_knows_every_game() -> None:
    """The rule above can fail: it reads the lab, the search, the command line and the
    build, and knows each game by id and by package."""
    walked = {p.relative_to(ROOT).as_posix() for p in modules_outside_the_games()}
    assert {"src/gamenight/cli.py", "src/gamenight/lab/length.py",
            "src/gamenight/lab/drama.py", "src/gamenight/bots/master.py",
            "src/gamenight/sim/simulate.py", "src/gamenight/sim/bench.py",
            "hatch_build.py"} <= walked
    assert not any(p.startswith("src/gamenight/games/") for p in walked)
    assert len(GAMES) >= 5 and all("-" not in p for p in game_packages())
    # A game whose id is not its package's name (a hyphen in it), to tell the two apart.
    game = next(g for g in GAMES.values() if "-" in g.id)
    package = type(game).__module__.split(".")[2]
    code = (f'"""A docstring may say {game.id}."""\n'
            f"from {REGISTRY} import GAMES, get_game\n"
            f"from {REGISTRY}.{package}.rules import GAME\n"
            f"import {REGISTRY}.{package}.bots\n"
            f"from {REGISTRY} import {package}\n"
            f"ID = {game.id!r}\n"
            f"PACKAGE = {package!r}\n"
            f"WORDS = {REGISTRY + '.' + package + '.words'!r}\n"
            f"HELP = 'play {game.title} with friends'\n"
            f"FINE = get_game(next(iter(GAMES)))\n")
    module = SOURCE / "lab" / "example.py"  # never written: only where it would lie
    found = list(naming(module, set(GAMES), game_packages(), text=code))
    assert [line.split(": ", 1)[1] for line in found] == [
        f"imports from {REGISTRY}.{package}.rules",
        f"imports {REGISTRY}.{package}.bots",
        f"imports {REGISTRY}.{package}",
        f"the game id {game.id!r}",
        f"the game package {package!r}",
        f"the game module {REGISTRY + '.' + package + '.words'!r}",
        f"{game.title!r} in a text",
    ]


# -- the hooks' defaults: a game that declares nothing for the lab ---------------------------
@pytest.fixture
def plain_game() -> Any:
    """The first registered game, with the lab's hooks as ``Game`` leaves them: no pace,
    no turns, no rounds, no standings."""
    first = next(iter(GAMES.values()))
    base = type(first)
    plain = type(f"Plain{base.__name__}", (base,), {
        "pace": None,
        "count_turns": lambda self, events: None,
        "count_rounds": lambda self, events: None,
        "standings": lambda self, players: None,
    })
    return plain()


def test_a_game_without_a_pace_gets_no_minutes_from_the_lab(plain_game: Any) -> None:
    state = plain_game.new(2, 3)
    play_out(state, make_bots(plain_game, [plain_game.default_bot] * 2, 3))
    with pytest.raises(ValueError, match=f"no pace of play for {plain_game.id}"):
        length(state)


def test_a_game_without_standings_has_no_drama(plain_game: Any) -> None:
    state = plain_game.new(2, 3)
    play_out(state, make_bots(plain_game, [plain_game.default_bot] * 2, 3))
    assert drama(state) == {"lead_changes": 0, "comeback": None, "half_time_leaders": []}
    # The very same game under its own definition folds its standings: someone leads.
    real = next(iter(GAMES.values()))
    again = real.new(2, 3)
    play_out(again, make_bots(real, [real.default_bot] * 2, 3))
    assert again.history == state.history
    assert drama(again)["half_time_leaders"]
