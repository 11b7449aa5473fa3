"""The tutorial: each game's rulebook examples as lessons a person plays.

Every example of a rulebook is a position in its game's ``examples/`` folder (the
``gamenight-position`` format, ``Game.from_position``).  A lesson gives one of them the
words a person needs before playing it: a title, what the rulebook's example shows, what
to try, and the seat the person plays (the one to move).  The words live in the game's
package beside its ``rules.md``, in ``lessons.json`` (a list, in the order the lessons
are best taken; kept out of ``examples/``, where every ``.json`` is a position), and a
test holds every example to having one.

The words are written in English; a game's ``locale/<lang>/LC_MESSAGES/lessons.po``
(a gettext catalog whose messages are those English words) gives them in another
language (:func:`lessons` with ``language``), and where it has no translation the
English stays.

The server lists a game's lessons (``GET /api/games/{game}/lessons``) and makes a room
from one (``POST /api/games/{game}/lessons/{lesson}/rooms``): the person at the lesson's
seat, the game's default bot at every other, the game set up from the position.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from gamenight.engine import Game
from gamenight.i18n.catalogs import as_translations, read_catalog
from gamenight.record import strict_json

#: The file, in each game's package, that holds its lessons.
LESSONS_FILE = "lessons.json"
#: The gettext domain of a game's lessons (``locale/<lang>/LC_MESSAGES/lessons.po``).
DOMAIN = "lessons"
#: The fields of a lesson in that file, each a text but ``seat``.
FIELDS = ("name", "title", "shows", "task", "seat")


class LessonError(ValueError):
    """A lesson that is not there, or a lessons file that does not read."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One rulebook example as a lesson."""

    #: The example's file name without ``.json`` (``chicken-poo``): the lesson's name.
    name: str
    title: str
    #: What the rulebook's example shows, in a sentence or two.
    shows: str
    #: What to try ("Drop the swatter on the purple star and score 3.").
    task: str
    #: The seat the person plays: the one to move in the position.
    seat: int


def package(game: Game) -> Traversable:
    """``game``'s package folder: the package whose ``rules`` module defines its class
    (``gamenight/games/<pkg>``, or wherever a game registered from elsewhere lives)."""
    return files(type(game).__module__.rpartition(".")[0])


def examples(game: Game) -> Traversable:
    """The folder of ``game``'s rulebook examples (inside its package)."""
    return package(game) / "examples"


def example_names(game: Game) -> list[str]:
    """The names of ``game``'s example positions (its ``examples/*.json``)."""
    folder = examples(game)
    if not folder.is_dir():
        return []
    return sorted(entry.name.removesuffix(".json") for entry in folder.iterdir()
                  if entry.name.endswith(".json"))


def lessons(game: Game, language: str = "en") -> list[Lesson]:
    """``game``'s lessons, in the order they are best taken (none for a game without
    examples), their words in ``language`` where the game's catalog has them.
    LessonError for a lessons file that does not read as lessons."""
    return list(_translated(game.id, language))


def lesson(game: Game, name: str, language: str = "en") -> Lesson:
    """The lesson ``name`` of ``game``; LessonError if it has none of that name."""
    for found in _translated(game.id, language):
        if found.name == name:
            return found
    raise LessonError(f"{game.title} has no lesson {name!r}")


@cache
def _translated(game_id: str, language: str) -> tuple[Lesson, ...]:
    if language == "en":
        return _read(game_id)
    from gamenight.games import GAMES

    words = as_translations(read_catalog(package(GAMES[game_id]) / "locale", language, DOMAIN))
    return tuple(replace(each, title=words.gettext(each.title), shows=words.gettext(each.shows),
                         task=words.gettext(each.task)) for each in _read(game_id))


def position(game: Game, name: str) -> dict[str, Any]:
    """The position the lesson ``name`` starts from (a fresh copy, as plain JSON)."""
    lesson(game, name)  # LessonError for a name that is not a lesson
    text = (examples(game) / f"{name}.json").read_text("utf-8")
    data = strict_json(text, f"{game.id}'s example {name}")
    if not isinstance(data, dict):
        raise LessonError(f"{game.id}'s example {name} is not a position")
    return data


@cache
def _read(game_id: str) -> tuple[Lesson, ...]:
    from gamenight.games import GAMES

    path = package(GAMES[game_id]) / LESSONS_FILE
    if not path.is_file():
        return ()
    where = f"{game_id}'s {LESSONS_FILE}"
    try:
        data = json.loads(path.read_text("utf-8"))
    except ValueError as exc:
        raise LessonError(f"{where} is not JSON: {exc}") from None
    if not isinstance(data, list):
        raise LessonError(f"{where} is a list of lessons")
    read: list[Lesson] = []
    for entry in data:
        if not isinstance(entry, dict) or sorted(entry) != sorted(FIELDS):
            raise LessonError(f"{where}: each lesson has exactly {', '.join(FIELDS)}")
        texts = [entry[key] for key in FIELDS if key != "seat"]
        seat = entry["seat"]
        if not all(isinstance(text, str) and text for text in texts) or (
                isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
            raise LessonError(f"{where}: {entry.get('name')!r} needs texts and a seat number")
        read.append(Lesson(name=entry["name"], title=entry["title"], shows=entry["shows"],
                           task=entry["task"], seat=seat))
    names = [each.name for each in read]
    if len(set(names)) != len(names):
        raise LessonError(f"{where} names a lesson twice")
    return tuple(read)
