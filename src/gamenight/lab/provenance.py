"""Which code played a study's games: the package's version and a hash of the sources
that decide a game (its rules and bots) and what the lab measures of it.

A study may take days and be resumed after an upgrade; games played by two versions of
a rule or a bot are two different experiments, and mixing them silently would make
every figure a blend of both.  So a study stores the version that started it, and
``--resume`` refuses another one unless told (``--resume-any-version``), in which case
``study.json`` and ``summary.json`` list every version that played a part.

The game's sources are found through its definition (the package of the module its
``Game`` class is defined in, as the registry hands it out), never by its name.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable, Mapping
from importlib import import_module
from pathlib import Path
from typing import Any

from typing_extensions import TypedDict

from gamenight.version import __version__

#: The packages and modules besides the game's own whose code decides a game or the
#: figures of its row: the engine, every bot, the loop that plays, and the lab's
#: measurement of a game (a study's row is what they give).
SHARED_SOURCES = ("gamenight.engine", "gamenight.bots", "gamenight.sim.runner",
                  "gamenight.lab.play", "gamenight.lab.length", "gamenight.lab.drama",
                  "gamenight.lab.choices")
#: The files of a package that can change how a game is played: its code and its data
#: (card lists, word lists); not its documentation or what a compiler made of its code.
SOURCE_SUFFIXES = (".py", ".json", ".txt", ".csv")


class CodeVersion(TypedDict):
    """The code that plays a study: the package's version, and a BLAKE2b hash of every
    source that decides its games (``parts``: each source's own, to say what changed)."""

    package: str
    sources: str
    parts: dict[str, str]


def _files(module_name: str) -> tuple[Path, list[Path]]:
    """The folder of a module or package, and its source files (a package's: all below
    it), in a fixed order."""
    module = import_module(module_name)
    folders = [Path(p) for p in getattr(module, "__path__", ())]
    if not folders:
        file = Path(str(module.__file__))
        return file.parent, [file]
    found = [p for folder in folders for p in folder.rglob("*") if p.is_file()
             and p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts]
    return folders[0], sorted(found)


def _digest(files: Iterable[Path], root: Path) -> str:
    digest = hashlib.blake2b(digest_size=16)
    for path in files:
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def game_sources(game: Any) -> str:
    """The module or package that holds a game's definition: the package of the module
    its ``Game`` class is defined in (a game defined in a bare module: that module)."""
    module = sys.modules[type(game).__module__]
    return module.__package__ or module.__name__


def code_version(game: Any) -> CodeVersion:
    """The version of the code that plays ``game`` (a registered ``Game``) here."""
    parts: dict[str, str] = {}
    for name in (game_sources(game), *SHARED_SOURCES):
        root, files = _files(name)
        parts[name] = _digest(files, root)
    whole = hashlib.blake2b(digest_size=16)
    for name, value in sorted(parts.items()):
        whole.update(f"{name}={value}\n".encode())
    return {"package": __version__, "sources": whole.hexdigest(), "parts": parts}


def same_code(a: CodeVersion, b: CodeVersion) -> bool:
    return a["package"] == b["package"] and a["sources"] == b["sources"]


def changes(stored: CodeVersion | None, here: CodeVersion) -> str:
    """How the code here differs from a study's, in a few words."""
    if stored is None:
        return "the study stored no version (it was started before versions were kept)"
    said = []
    if stored["package"] != here["package"]:
        said.append(f"gamenight {stored['package']} stored, {here['package']} here")
    changed = sorted(name for name in set(stored["parts"]) | set(here["parts"])
                     if stored["parts"].get(name) != here["parts"].get(name))
    if changed:
        said.append(f"changed since: {', '.join(changed)}")
    return "; ".join(said) or "the sources' hashes differ"


def read_versions(data: Mapping[str, Any]) -> list[CodeVersion]:
    """The versions a study file lists (none for one written before they were kept);
    ValueError if they are malformed."""
    try:
        return [{"package": str(v["package"]), "sources": str(v["sources"]),
                 "parts": {str(k): str(h) for k, h in dict(v["parts"]).items()}}
                for v in data.get("versions", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a study file: its versions: {exc}") from None
