"""The story of a game in each language (docs/languages.md, "The story in three languages").

For each game whose story is translated, every event of played games (and of a list of
events made here, so that every sentence's every form is told) is told to every seat and
to a spectator in English, German and Portuguese, as the server and the terminal tell
it (``engine.events.tell`` with ``voice_for``).  Each line is whole: no placeholder left,
a capital first; translated: German and Portuguese lines are not the English ones (a
message left untranslated, or a voice that missed its game's catalog, would be); and
the reader is "you": where a spectator's line names the reader's seat ("Platz 2"), the
reader's own line never does, and says "du" in German, "you" in English.  That no
message is left untranslated in a catalog is ``tests/test_catalogs.py``'s part.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from gamenight.engine import GameState
from gamenight.engine.events import Event, narration, tell
from gamenight.engine.voice import Seats, Voice, voice_for
from gamenight.games import GAMES
from gamenight.games.by_golly import events as bg
from gamenight.games.by_golly.cards import FaceName
from gamenight.games.fluster import events as flu
from gamenight.games.fly import events as fly
from gamenight.i18n import LANGUAGES

#: The games whose story is told in every language (Fliegen klatschen's and Superfly's
#: are still English: docs/languages.md says what is left).
TOLD = ("by-golly", "fly", "fluster")
PLACEHOLDER = re.compile(r"\{\w*\}")
#: The reader's own word in a line about them, by language (Portuguese often says it
#: by the verb alone, "Pousas um galo", so it has none to look for).
YOU = {"en": re.compile(r"\b(You|you|your)\b"),
       "de": re.compile(r"\b(Du|du|dein\w*|Dein\w*|dir|dich)\b")}
#: "You" and the word after it: a verb that agrees ("you lay"), never "you lays".
YOU_DO = re.compile(r"\b[Yy]ou (\w+)")

#: What turning a card over comes to: each of the rulebook's results.
TURNS: list[tuple[FaceName, bg.TurnResult, int]] = [
    ("owl", "match", 0), ("poo", "poo", 0), ("hen", "no-match", 0), ("shovel", "still-lucky", 0),
    ("fox", "a-bit-unlucky", 2), ("poo", "really-unlucky", 4)]
#: The words a square completes: one, or one each way.
WORDS: list[tuple[flu.CreatedWord, ...]] = [(("across", 2, "AT"),),
                                            (("down", 3, "HEART"), ("across", 1, "A"))]
#: Events of every form a game's story tells, beside those the played games happen to
#: give: each result, each source of a card, one card or several, a shared win, ...
MADE: dict[str, list[Event]] = {
    "by-golly": [
        bg.Dealt(15, 0, (None, None, None)),
        *(bg.TurnedOver(1, 3, face, "owl", result, draws) for face, result, draws in TURNS),
        bg.FaceUpMatch(2, "hen"),
        *(bg.Drew(seat, victim, source, animal)
          for seat, victim in [(0, 1), (1, 2), (2, 0)]
          for source in ("hand", "stack") for animal in (None, "cat")),
        bg.Shuffled(1, (0, 4, 7)), bg.Kept(0),
        bg.Refilled(1, 1, None), bg.Refilled(1, 3, ("hen", "owl", "cat")),
        bg.Refilled(2, 1, ("cat",)),
        bg.GameOver(None, "cap"), bg.GameOver(1, "last-card"), bg.GameOver(2, "last-card-drawn"),
    ],
    "fly": [
        fly.TableLaidOut(tuple(range(27))), fly.SwatterDropped(1, 1.25, 3.5, 45),
        fly.SwatterLanded(2, 1.234, 5.678, 12.5, ()), fly.SwatterLanded(0, 1.0, 2.0, 3.0, (3,)),
        fly.SwatterLanded(1, 8.5, 0.295, 359.4, (0, 24, 12)),
        fly.GameOver("cap", (1, 2, 0), (1,)), fly.GameOver("only-blanks-left", (3, 3, 0), (0, 1)),
    ],
    "fluster": [
        flu.PadsHandedOut(1), flu.PadsHandedOut(3),
        *(flu.Called(1, letter, 7, 1) for letter in ("A", "#")),
        *(flu.CallWritten(2, letter, 7, forced) for letter in ("A", "#")
          for forced in (False, True)),
        *(flu.SquareWritten(seat, side, 2, 3, words) for seat in (0, 1)
          for side in ("left", "right") for words in WORDS),
        flu.PadScored(2, 1, 2, 3, 4, 5, 15),
        flu.GameOver("calls-done", (40,), (0,)), flu.GameOver("calls-done", (40, 30, 3), (0,)),
        flu.GameOver("calls-done", (40, 40, 3), (0, 1)),
        flu.GameOver("calls-done", (4, 40, 40), (1, 2)),
    ],
}


def played(game_id: str, players: int, seed: int) -> GameState[Any]:
    """A game of random legal actions (its options varied by the seed, so that a game of
    By Golly! with a face-up twin going out, or one cut short by the cap, comes up)."""
    game = GAMES[game_id]
    options = ({"face_up_match": seed % 2 == 1} if game_id == "by-golly"
               else {"max_drops": 8} if game_id == "fly" and seed % 3 == 2 else {})
    state = game.new(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_over and len(state.history) < 2000:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        elif acting.kind == "turn":
            state.apply(acting.seats[0], rng.choice(state.legal_actions(acting.seats[0])))
        else:
            for seat in acting.seats:
                state.apply(seat, rng.choice(state.legal_actions(seat)), 0.0)
    return state


def story(game_id: str) -> Iterator[tuple[Event, int]]:
    """Every event to tell, with the number of seats at its table."""
    for event in MADE[game_id]:
        yield event, 3
    game = GAMES[game_id]
    for seed, players in enumerate([game.min_players, 3, game.max_players] * 2):
        for event in played(game_id, max(players, 1), seed).events:
            yield event, max(players, 1)


def seat_named(language: str, seat: int) -> re.Pattern[str]:
    """The seat as a spectator's line in ``language`` names it, alone or among several."""
    nobody = Voice(language=language)
    names = {nobody.name(seat, start=True), nobody.name(seat, start=False)}
    alone = "|".join(re.escape(name) for name in names)
    among = nobody.group([seat, seat + 1]).split(str(seat))[0]  # "Plätze " of "Plätze 2 und 3"
    return re.compile(rf"(?:{alone})(?!\d)|{re.escape(among)}[\d, ]*\b{seat}\b")


@pytest.mark.parametrize("game_id", TOLD)
def test_every_event_is_told_to_every_seat_in_every_language(game_id: str) -> None:
    told = 0
    for event, players in story(game_id):
        for reader in [None, *range(players)]:
            seen = event.seen_by(reader)
            if seen is None:
                continue
            english = tell(seen, voice_for("en", reader))
            assert english == seen.told_to(reader)  # the English it always was
            for language in LANGUAGES:
                line = tell(seen, voice_for(language, reader))
                assert not PLACEHOLDER.search(line), (language, line)
                assert bool(line) == bool(english), (language, line, english)
                if not line:
                    continue
                told += 1
                assert line[0].isupper(), (language, line)
                if language != "en":
                    assert line != english, f"untranslated in {language}: {english!r}"
                if reader is None:
                    continue
                if language == "en":
                    assert not any(verb.endswith("s") and not verb.endswith("ss")
                                   for verb in YOU_DO.findall(line)), line
                spectator = tell(seen, voice_for(language, None))
                if seat_named(language, reader).search(spectator):
                    assert not seat_named(language, reader).search(line), (language, line)
                    assert line != spectator
                    if language in YOU:
                        assert YOU[language].search(line), (language, line)
    assert told > 1000


@pytest.mark.parametrize("game_id", TOLD)
@pytest.mark.parametrize("language", ["de", "pt"])
def test_the_terminal_s_narration_is_the_story_told_to_the_seat(game_id: str,
                                                               language: str) -> None:
    state = played(game_id, 3, 1)
    for seat in (None, 0, 2):
        voice = voice_for(language, seat)
        expected = [line for event in state.events
                    if (seen := event.seen_by(seat)) is not None and (line := tell(seen, voice))]
        assert narration(state.events, seat, as_you=seat is not None,
                         language=language) == expected


def test_the_seats_are_named_in_the_voice_s_language() -> None:
    de, pt = voice_for("de", 2), voice_for("pt-PT", None)
    assert de.group([0, 2]) == "Platz 0 und du"
    assert de.group([2, 3]) == "Du und Platz 3"
    assert Voice(language="de").group([0, 1, 3]) == "Plätze 0, 1 und 3"
    assert pt.group([0, 1, 3]) == "Lugares 0, 1 e 3"
    assert voice_for("pt", 1).group([0, 1]) == "Lugar 0 e tu"
    assert de.fill("{seat}, {other}.", seat=Seats.of(2), other=Seats.of(1)) == "Du, Platz 1."
    assert de.number(1.255, 2) == "1,25" and voice_for("en").number(1.255, 2) == "1.25"
    assert pt.joined(["b", "d", "k"]) == "b, d e k"


def test_a_by_golly_line_in_german_and_portuguese() -> None:
    turned = bg.TurnedOver(0, 1, "hen", "rooster", "no-match")
    assert tell(turned, voice_for("de", 0)) == (
        "Du legst aus: ein Hahn – und deckst bei b auf: ein Huhn. Passt nicht.")
    assert tell(turned, voice_for("de", 1)) == (
        "Platz 0 legt aus: ein Hahn – und deckt bei b auf: ein Huhn. Passt nicht.")
    assert tell(turned, voice_for("pt", 0)) == (
        "Pousas um galo e viras uma galinha em b: não combina.")
    drew = bg.Drew(2, 0, "hand", "cat")
    assert tell(drew, voice_for("de", 0)) == "Platz 2 zieht aus deiner Hand: eine Katze."
    assert tell(drew, voice_for("pt", 2)) == "Tiras um gato da mão de Lugar 0."


def test_a_simulation_loads_no_babel() -> None:
    """A story is told only when someone reads it: playing games, as a simulation does,
    imports no catalog reader."""
    script = ("import sys\n"
              "from gamenight.games import GAMES\n"
              "from gamenight.sim.random_play import random_playout\n"
              "import random\n"
              "for game in GAMES.values():\n"
              "    random_playout(game.new(max(game.min_players, 3), 1), random.Random(1))\n"
              "print('babel' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.split() == ["False"]
