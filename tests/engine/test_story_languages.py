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
from gamenight.games.fliegen_klatschen import events as fk
from gamenight.games.fluster import events as flu
from gamenight.games.fly import events as fly
from gamenight.games.superfly import events as sf
from gamenight.games.superfly.narration import fly_clauses, told_to
from gamenight.games.superfly.resolution import FlyResult
from gamenight.i18n import LANGUAGES

#: The games whose story is told in every language.
TOLD = ("by-golly", "fly", "fluster", "superfly", "fliegen-klatschen")
#: Games whose English lines may start with a card's name, lower case as their records
#: always had it ("red 3 is squished"); their German and Portuguese lines start with a
#: capital all the same.
CARD_FIRST = {"superfly"}
PLACEHOLDER = re.compile(r"\{\w*\}")
#: The reader's own word in a line about them, by language (Portuguese often says it
#: by the verb alone, "Pousas um galo", so it has none to look for).
YOU = {"en": re.compile(r"\b(You|you|your)\b"),
       "de": re.compile(r"\b(Du|du|dein\w*|Dein\w*|dir|dich)\b")}
#: "You" and the word after it: a verb that agrees ("you lay"), never "you lays" (but
#: "none of you takes it": the verb is none's).
YOU_DO = re.compile(r"(?<!of )\b[Yy]ou (\w+)")

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
    "superfly": [
        sf.RoundStarted(2, 1), sf.DrawPileReshuffled(12),
        *(sf.SignalGiven(4, 1, final, ("red 3", "purple 6"), (0, 1, 2))
          for final in (False, True)),
        *(sf.SwattersDown(swats) for swats in [("red 3", "pass", None), ("pass", "pass", "pass"),
                                               ("pass", "red 3", "pass"), ("red 3",) * 3]),
        sf.DieRolled(2, "orange 4", 5),
        *(sf.FlySquished("yellow 2", by) for by in [(0,), (1, 2), (0, 1, 2)]),
        *(sf.HandsSwapped("green 5", seats, 4) for seats in [(0, 2), (0, 1, 2)]),
        sf.FlyTaken(1, "blue 1", True), sf.FlyNotTaken("red 6"),
        *(sf.FiveCardsAnnounced(seats, (2,)) for seats in [(0,), (0, 1)]),
        sf.HandShown(0, ("red 1", "red 2", "blue 6"), 2, "same colour", ("red 1", "red 2")),
        *(sf.TokensWon(3, winners, (1, 2, 1)) for winners in [(1,), (0, 2)]),
        sf.GameOver("cap", (), (0, 1, 1)),
        *(sf.GameOver("tokens", winners, (3, 3, 1)) for winners in [(1,), (0, 1)]),
    ],
    # Cards by id: 5 is a red 2, 20 a yellow 2, 100 a swatter.
    "fliegen-klatschen": [
        fk.Dealt(0, (24, 24, 24)), fk.Dealt(40, (24, 24, 24)),
        fk.Revealed(1, 100, True), fk.Revealed(1, 5, True), fk.Revealed(1, 5, False),
        fk.NothingToHit(100), fk.Slapped(2, 5, 412.4), fk.FlyWon(0, 5),
        fk.Penalty(2, 5, None), fk.Penalty(2, 5, 20),
        fk.HuntOver(1, 100), fk.HuntOver(1, 5),
        fk.GameOver("cap", (3, 2, 0), (2, 1, 0)), fk.GameOver("last-card", (3, 2, 0), (2, 1, 0)),
        *(fk.DecidingGame(seats, score, flies)
          for seats, score, flies in [((0, 2), 1, 1), ((0, 1, 2), 0, 0), ((1, 2), 7, 3)]),
    ],
}


def played(game_id: str, players: int, seed: int) -> GameState[Any]:
    """A game of random legal actions (its options varied by the seed, so that a game of
    By Golly! with a face-up twin going out, or one cut short by the cap, comes up)."""
    game = GAMES[game_id]
    options = ({"face_up_match": seed % 2 == 1} if game_id == "by-golly"
               else {"max_drops": 8} if game_id == "fly" and seed % 3 == 2
               else {"two_players": players == 2, "open_hands": seed % 2 == 1}
               if game_id == "superfly"
               # Short games, some tied into a deciding game.
               else {"remove": 90 if seed % 2 else 0,
                     "tie": "deciding-game" if seed % 3 else "shared"}
               if game_id == "fliegen-klatschen" else {})
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
                assert line[0].isupper() or (language == "en" and game_id in CARD_FIRST), (
                    language, line)
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


#: Centre flies of every form Superfly's last turn tells: nobody on it, taken alone or in
#: a battle, squished, two and three tied (then taken by another, or left).
FLIES = [FlyResult(2, (), (), (), None), FlyResult(2, (1,), (), (), 1),
         FlyResult(2, (0, 1), (1,), (), None), FlyResult(2, (0, 1, 2), (), ((0, 2),), 1),
         FlyResult(2, (0, 1, 2), (), ((0, 1, 2),), None)]


def test_superfly_s_last_turn_is_told_in_the_reader_s_language() -> None:
    """The browser's "Last turn" (``GameState.told(seat, language)``): English as it
    always was, German and Portuguese whole and translated, the reader "you"."""
    told = 0
    for seed, players in enumerate([3, 4, 5, 2]):
        state = played("superfly", players, seed)
        turn = state._last_turn  # type: ignore[attr-defined]
        for reader in [None, *range(players)]:
            english = state.told(reader, "en")
            assert english == state.told(reader)
            for language in ("de", "pt"):
                lines = state.told(reader, language)
                assert lines == told_to(turn, reader, 5, language)
                assert lines is not None and english is not None
                pairs = [*zip(lines["notes"], english["notes"], strict=True),
                         *(pair for said_fly, fly_en in zip(lines["flies"], english["flies"],
                                                           strict=True)
                           for pair in zip(said_fly, fly_en, strict=True))]
                for said, said_en in pairs:
                    assert said["kind"] == said_en["kind"]
                    assert not PLACEHOLDER.search(said["text"]), said
                    assert said["text"] != said_en["text"], (language, said)
                    told += 1
    assert told > 20
    dice = (3, 4, 3)
    for language in LANGUAGES:
        nobody = voice_for(language)
        names = [nobody.name(seat) for seat in range(3)]
        for reader in (None, 0, 1):
            voice = voice_for(language, reader, names).within(fly_clauses.__module__)
            for result in FLIES:
                clauses = fly_clauses(result, dice, voice)
                in_english = fly_clauses(result, dice, voice_for("en", reader, names))
                assert [c["kind"] for c in clauses] == [c["kind"] for c in in_english]
                for clause, clause_en in zip(clauses, in_english, strict=True):
                    text = clause["text"]
                    assert not PLACEHOLDER.search(text), text
                    if language != "en":
                        assert text != clause_en["text"], (language, text)
                    if reader is not None:
                        # The reader is never named by their seat, as the others are.
                        assert names[reader] not in text, (language, text)
    roll = fly_clauses(FLIES[1], dice, voice_for("de", 1, names).within(
        fly_clauses.__module__))
    assert [c["text"] for c in roll] == ["Du hast eine 4 gewürfelt", "→ Du nimmst sie"]


def test_a_superfly_line_in_german_and_portuguese() -> None:
    taken = sf.FlyTaken(0, "red 3", False)
    assert tell(taken, voice_for("de", 0)) == "Du nimmst die rote 3."
    assert tell(taken, voice_for("pt", 1)) == "Lugar 0 fica com o 3 vermelho."
    squished = sf.FlySquished("blue 5", (1, 2))
    assert tell(squished, voice_for("en", 2)) == (
        "blue 5 is squished (seat 1 and you rolled its number): discarded.")
    assert tell(squished, voice_for("de", 2)) == (
        "Die blaue 5 wird zerquetscht (ihre Zahl gewürfelt: Platz 1 und du): abgelegt.")


def test_a_fliegen_klatschen_line_in_german_and_portuguese() -> None:
    revealed = fk.Revealed(1, 5, True)
    assert tell(revealed, voice_for("de", 1)) == (
        "Du deckst eine rote 2 auf, eine fünfte Farbe: Jagd!")
    assert tell(revealed, voice_for("pt", 0)) == (
        "Lugar 1 vira um 2 vermelho, uma quinta cor: caçada!")
    penalty = fk.Penalty(2, 5, 20)
    assert tell(penalty, voice_for("en", 0)) == (
        "Seat 2 hit a fly not allowed: yellow 2 goes under seat 2's pile.")
    assert tell(penalty, voice_for("de", 2)) == (
        "Du hast eine Fliege einer nicht erlaubten Farbe getroffen: Die gelbe 2 kommt unter "
        "deinen Stapel.")
    tie = fk.DecidingGame((0, 2), 1, 1)
    assert tell(tie, voice_for("en", 2)) == (
        "Seat 0 and you tie with 1 point and 1 fly: you play a deciding game.")
    assert tell(tie, voice_for("pt", None)) == (
        "Lugar 0 e Lugar 2 empatam com 1 ponto e 1 mosca: jogam um jogo de desempate.")


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
