"""No browser file but a game's own names the game (issue 37, "One definition, every
use"): the client learns the games from ``GET /api/games`` (their titles, blurbs, end
reasons and whether each has a table of its own), so a game joins, changes or leaves with
no change to the shared client.

A game's own files are its table (``js/tables/<id>.js``), its style sheet
(``css/<id>.css``), its picture (``pictures/<id>.svg``) and its generated types
(``js/types/<id>.d.ts``).  Every other file under ``static/`` may not name a registered
game's id as a word, in code or in a comment: comments are not told apart from code
here, so a comment that needs an example says "<game id>".
"""

from __future__ import annotations

import re
from pathlib import Path

import gamenight.web
from gamenight.games import GAMES

STATIC = Path(gamenight.web.__file__).resolve().parent / "static"


def own_files(game_id: str) -> set[str]:
    """The files of the game ``game_id``, relative to ``static/``."""
    return {f"js/tables/{game_id}.js", f"css/{game_id}.css", f"pictures/{game_id}.svg",
            f"js/types/{game_id}.d.ts"}


def game_names(static: Path, ids: list[str]) -> list[str]:
    """Each place a file under ``static`` names one of ``ids`` outside that game's own
    files, as ``path:line: id``.  An id counts as a whole word (``fly`` in ``"fly"``,
    ``fly.js`` or ``fly-card``, not in ``superfly`` or ``flying``)."""
    exempt = set().union(*(own_files(game_id) for game_id in ids))
    words = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, ids)) + r")(?![\w])")
    found = []
    for path in sorted(p for p in static.rglob("*") if p.is_file()):
        name = path.relative_to(static).as_posix()
        if name in exempt:
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{name}:{number}: {m.group(1)}" for m in words.finditer(line)]
    return found


def test_no_browser_file_but_a_game_s_own_names_the_game() -> None:
    found = game_names(STATIC, list(GAMES))
    assert not found, ("these browser files name a game (the client must learn it from "
                       "GET /api/games instead):\n" + "\n".join(found))


def test_the_check_finds_a_game_named_in_code_or_a_comment(tmp_path: Path) -> None:
    (tmp_path / "js" / "tables").mkdir(parents=True)
    (tmp_path / "css").mkdir()
    (tmp_path / "js" / "result.js").write_text(
        'const REASONS = {"by-golly:last-card": "..."};\n// flying is fine\n'
        "// the superfly table\n", "utf-8")
    (tmp_path / "js" / "lobby.js").write_text("// FLY is a title; see tables/fly.js\n",
                                              "utf-8")
    (tmp_path / "js" / "tables" / "fly.js").write_text('const GAME = "fly";\n', "utf-8")
    (tmp_path / "css" / "fly.css").write_text(".fly-card {}\n", "utf-8")
    (tmp_path / "app.css").write_text('[data-game="fly"] {}\n', "utf-8")
    assert game_names(tmp_path, ["fly", "by-golly"]) == [
        "app.css:1: fly", "js/lobby.js:1: fly", "js/result.js:1: by-golly"]
