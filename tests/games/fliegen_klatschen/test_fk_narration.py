"""The hunt told in words (``narration``, what ``state.told(seat, language)`` tells a
person beside the view): the hunt under way and the last one, each hand in the order of
time with its verdict once every hand is checked -- a fly won, a wrong colour's penalty
(a fly lost, or none to lose), another hand underneath -- in the reader's form ("You on
red 4", "du", "tu") and language, and each seat's news of it ("+ red 4", told beside the
seat until the next card is revealed).  Only public facts are told: a game a seat cannot tell
from this one tells it the same.  The views hold none of it: bots never pay for it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from gamenight.engine import PASS, GameState
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from gamenight.server.protocol import update
from tests.games.fliegen_klatschen.fk_table import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    flies,
    fly,
    pass_all,
    reveal,
    slap,
    swatter,
    table,
)

R3, R4, G1, Y1 = fly(RED, 3), fly(RED, 4), fly(GREEN, 1), fly(YELLOW, 1)
LANGUAGES = ("en", "de", "pt")
#: How each language names the reader at the start of a hand's line.
YOU = {"en": "You on ", "de": "Du auf ", "pt": "Tu em "}
#: How each language names a seat ("Seat 2", "Platz 2", "Lugar 2"), at a sentence's start
#: or within one.
SEAT = {"en": re.compile(r"\b[Ss]eat (\d+)"), "de": re.compile(r"\bPlatz (\d+)"),
        "pt": re.compile(r"\b[Ll]ugar (\d+)")}


def hunt(players: int, centre: list[int], won: list[list[int]] | None = None,
         trigger: int | None = None) -> FliegenKlatschenState:
    """A table whose seat 0 reveals ``trigger`` (a swatter by default) over ``centre``."""
    piles = [flies(ORANGE, 16)[2 * k:2 * k + 2] for k in range(players)]
    piles[0].append(swatter() if trigger is None else trigger)
    state = table(players, piles, centre=centre, won=won)
    reveal(state)
    return state


def lines(told: Any) -> list[str]:
    """Each hand as the table shows it: its line, then its verdict."""
    return [hand["text"] + (f" {hand['verdict']['text']}" if hand["verdict"] else "")
            for hand in told["hands"]]


def texts(told: Any) -> list[str]:
    return [told["head"], *lines(told), *(note["text"] for note in told["notes"]),
            *(news["text"] for news in told["news"])]


def news_of(told: Any) -> list[tuple[int, str, str]]:
    """Each seat's news as (seat, kind, words), in the order told."""
    return [(news["seat"], news["kind"], news["text"]) for news in told["news"]]


def a_hunt_of_every_verdict() -> FliegenKlatschenState:
    """Seat 0 reveals a swatter over red 3, red 4, green 1 (red is allowed); seat 1 is
    underneath on red 4, seat 2 on it later; seat 0 hits green 1 and pays with its yellow
    1; seat 2 hits green 1 too, with nothing won to lose."""
    state = hunt(3, [R3, R4, G1], won=[[Y1], [], []])
    slap(state, 2, R4, 400)  # arrives first, lands later
    slap(state, 1, R4, 250)
    slap(state, 0, G1, 300)
    slap(state, 2, G1, 450.5)
    return state


#: The news of a_hunt_of_every_verdict, once over, in each language: seat 1 won red 4,
#: seat 0 paid its yellow 1, seat 2 had nothing to pay with.
NEWS = {
    "en": [(1, "won", "+ red 4"), (0, "penalty", "✗ wrong fly: − yellow 1"),
           (2, "penalty-nothing", "✗ wrong fly (nothing to lose)")],
    "de": [(1, "won", "+ rote 4"), (0, "penalty", "✗ falsche Fliege: − gelbe 1"),
           (2, "penalty-nothing", "✗ falsche Fliege (nichts zu verlieren)")],
    "pt": [(1, "won", "+ 4 vermelho"), (0, "penalty", "✗ mosca errada: − 1 amarelo"),
           (2, "penalty-nothing", "✗ mosca errada (nada a perder)")],
}


def test_before_the_first_hunt_nothing_is_told() -> None:
    state = table(3, [[fly(RED, 1)], [fly(RED, 2)], [fly(BLUE, 2)]])
    assert state.told(0) is None and state.told(None, "de") is None
    reveal(state)  # a fly to the centre: no hunt
    assert state.told(1, "pt") is None


def test_the_hunt_under_way_tells_its_hands_in_the_order_of_time_and_no_verdict() -> None:
    state = a_hunt_of_every_verdict()
    told = state.told(0)
    assert told is not None and told["over"] is False
    assert told["head"] == "Hunt: you revealed a swatter"
    assert lines(told) == ["Seat 1 on red 4 at 250 ms", "You on green 1 at 300 ms",
                           "Seat 2 on red 4 at 400 ms", "Seat 2 on green 1 at 450 ms"]
    assert state.told(None)["head"] == "Hunt: seat 0 revealed a swatter"
    assert told["news"] == []  # nothing is judged before every seat has finished


def test_once_over_each_hand_is_told_what_became_of_it() -> None:
    state = a_hunt_of_every_verdict()
    pass_all(state)
    assert state.won == [[], [R4], []] and state.piles[0][0] == Y1
    told = state.told(0)
    assert told["over"] is True and told["notes"] == []
    assert told["head"] == "Last hunt (you revealed a swatter)"
    assert lines(told) == [
        "Seat 1 on red 4 at 250 ms ✓ won it",
        "You on green 1 at 300 ms ✗ wrong colour: yellow 1 goes under your pile",
        "Seat 2 on red 4 at 400 ms – another hand was underneath",
        "Seat 2 on green 1 at 450 ms ✗ wrong colour: had no fly to lose",
    ]
    assert [hand["verdict"]["kind"] for hand in told["hands"]] == [
        "won", "penalty", "underneath", "penalty-nothing"]
    assert lines(state.told(1))[0] == "You on red 4 at 250 ms ✓ you won it"
    assert lines(state.told(2))[3] == (
        "You on green 1 at 450 ms ✗ wrong colour: you had no fly to lose")
    assert lines(state.told(None))[1] == (
        "Seat 0 on green 1 at 300 ms ✗ wrong colour: yellow 1 goes under the pile")


def test_the_hunt_is_told_in_german_and_portuguese_to_du_and_tu() -> None:
    state = a_hunt_of_every_verdict()
    pass_all(state)
    de, pt = state.told(0, "de"), state.told(0, "pt")
    assert de["head"] == "Letzte Jagd (du hast eine Fliegenklatsche aufgedeckt)"
    assert lines(de) == [
        "Platz 1 auf rote 4 nach 250 ms ✓ gewonnen",
        "Du auf grüne 1 nach 300 ms ✗ falsche Farbe: gelbe 1 kommt unter deinen Stapel",
        "Platz 2 auf rote 4 nach 400 ms – eine andere Hand lag darunter",
        "Platz 2 auf grüne 1 nach 450 ms ✗ falsche Farbe: hatte keine Fliege zu verlieren",
    ]
    assert pt["head"] == "Última caçada (tu revelaste um mata-moscas)"
    assert lines(pt)[1] == ("Tu em 1 verde aos 300 ms ✗ cor não permitida: 1 amarelo vai "
                            "para o fundo do teu monte")
    assert lines(state.told(1, "pt"))[0] == "Tu em 4 vermelho aos 250 ms ✓ ganhaste-a"
    assert state.told(None, "de")["head"] == (
        "Letzte Jagd (Platz 0 hat eine Fliegenklatsche aufgedeckt)")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_seat_s_news_of_the_hunt_is_told_in_each_language(language: str) -> None:
    state = a_hunt_of_every_verdict()
    pass_all(state)
    # The same news for every reader: it names no seat (the table puts it beside one).
    for seat in (0, 1, 2, None):
        assert news_of(state.told(seat, language)) == NEWS[language], seat


def test_a_seat_that_won_a_fly_and_paid_with_it_is_told_both_in_order() -> None:
    """Two hands of one seat: red 3 won, then green 1, a colour not allowed, pays with
    the fly just won."""
    state = hunt(2, [R3, R4, G1], won=[[], [Y1]])
    slap(state, 1, G1, 300)
    slap(state, 1, R3, 200)
    pass_all(state)
    assert state.won[1] == [Y1] and state.piles[1][0] == R3
    assert news_of(state.told(0)) == [(1, "won", "+ red 3"),
                                      (1, "penalty", "✗ wrong fly: − red 3")]
    assert news_of(state.told(1, "de")) == [(1, "won", "+ rote 3"),
                                            (1, "penalty", "✗ falsche Fliege: − rote 3")]


def test_the_news_lasts_until_the_next_card_is_revealed() -> None:
    state = hunt(2, [R3, R4, G1], won=[[Y1], []])
    slap(state, 1, R4, 250)
    slap(state, 0, G1, 300)
    pass_all(state)
    told = state.told(None, "pt")
    assert news_of(told) == [(1, "won", "+ 4 vermelho"),
                             (0, "penalty", "✗ mosca errada: − 1 amarelo")]
    state.piles[state.current].append(state.box.pop(0))  # an orange fly: no hunt
    reveal(state)
    assert state.phase == "reveal"
    after = state.told(None, "pt")
    assert after["news"] == [] and after["hands"] == told["hands"]  # the story stays


def test_a_fifth_colour_is_named_and_the_last_hunt_stays_told_until_the_next() -> None:
    centre = [fly(RED, 1), fly(YELLOW, 2), fly(GREEN, 3), fly(BLUE, 4)]
    state = hunt(2, centre, trigger=fly(PURPLE, 5))
    assert state.phase == "hunt"
    assert state.told(1)["head"] == "Hunt: seat 0 revealed a fifth colour (purple 5)"
    assert state.told(0, "de")["head"] == "Jagd: du hast eine fünfte Farbe aufgedeckt (lila 5)"
    pass_all(state)
    told = state.told(1)
    assert told["head"] == "Last hunt (seat 0 revealed a fifth colour (purple 5))"
    assert told["notes"] == [{"kind": "nobody-slapped", "text": "Nobody slapped."}]
    assert state.told(1, "pt")["notes"][0]["text"] == "Ninguém acertou."
    red = fly(RED, 2)  # seat 1's next card, from the box: a colour already there
    state.box.remove(red)
    state.piles[1].append(red)
    reveal(state)  # no hunt: the last one is still told
    assert state.phase == "reveal" and state.told(1) == told


def test_a_hunt_over_an_empty_centre_is_told_it_caught_nothing() -> None:
    state = hunt(2, [])
    assert state.phase == "reveal"
    told = state.told(None, "de")
    assert told["over"] is True and told["hands"] == []
    assert told["notes"] == [{"kind": "nothing-to-hit",
                              "text": "Die Mitte war leer: Die Jagd hat nichts gebracht."}]


def test_the_views_hold_none_of_the_words_and_the_telling_is_made_once_a_step() -> None:
    state = a_hunt_of_every_verdict()
    pass_all(state)
    for seat in (0, 1, 2, None):
        view = json.dumps(state.view(seat), ensure_ascii=False)
        for language in LANGUAGES:
            told = state.told(seat, language)
            assert told is state.told(seat, language)  # shared by the step's updates
            for text in texts(told):
                assert text not in view, (seat, text)


def test_the_update_tells_it_in_the_connection_s_language() -> None:
    state = a_hunt_of_every_verdict()
    pass_all(state)
    message = update(state, 0, 1, [], None, fresh=True, language="de")
    assert message["told"]["head"] == "Letzte Jagd (du hast eine Fliegenklatsche aufgedeckt)"
    assert update(state, None, 1, [], None, fresh=True)["told"]["head"] == (
        "Last hunt (seat 0 revealed a swatter)")


def play_one(state: GameState[Any], rng: random.Random) -> None:
    """One step of a random game: chance, or a random seat's action (a slap before a
    pass where it may, so that hunts have hands), at a random moment in a window."""
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
        return
    seat = rng.choice(acting.seats)
    legal = state.legal_actions(seat)
    action = rng.choice([a for a in legal if a != PASS] or legal)
    timed = acting.kind in ("window", "simultaneous")
    state.apply(seat, action, rng.uniform(0, 2500) if timed else None)


def played_states(seed: int, players: int) -> list[FliegenKlatschenState]:
    """Every state of a short random game, as clones."""
    state = GAME.new(players, seed, remove=60)
    rng = random.Random(seed)
    states = []
    while not state.is_over:
        play_one(state, rng)
        states.append(state.clone())
    return states  # type: ignore[return-value]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_hunt_of_played_games_is_told_whole_to_every_reader_in_each_language(
        players: int) -> None:
    verdicts: set[str] = set()
    kinds: set[str] = set()
    for seed in range(3):
        for state in played_states(seed, players)[::3]:
            for seat in [*range(players), None]:
                english = state.told(seat)
                for language in LANGUAGES:
                    told = state.told(seat, language)
                    if told is None:
                        assert english is None
                        continue
                    for text in texts(told):
                        assert "{" not in text and "}" not in text, text
                        # The reader is "you", never its seat's number.
                        assert all(int(n) != seat for n in SEAT[language].findall(text)), text
                    for hand in told["hands"]:
                        if hand["verdict"] is not None:
                            verdicts.add(hand["verdict"]["kind"])
                    if language != "en":
                        assert told["head"] != english["head"]
                        # ("+ orange 3" is German too: only a penalty's words differ.)
                        assert all(news["text"] != said["text"] for news, said in zip(
                            told["news"], english["news"], strict=True)
                            if news["kind"] != "won"), told["news"]
                    # The news is the verdicts', seat by seat (while no card has been
                    # revealed since), and the same to every reader.
                    judged = sorted((hand_seat(line["text"], seat), hand["verdict"]["kind"])
                                    for hand, line in zip(told["hands"], english["hands"],
                                                          strict=True)
                                    if hand["verdict"] is not None
                                    and hand["verdict"]["kind"] != "underneath")
                    if told["news"]:
                        assert sorted((n["seat"], n["kind"]) for n in told["news"]) == judged
                        kinds.update(n["kind"] for n in told["news"])
                    assert told["news"] == state.told(None, language)["news"]
                    if seat is not None:
                        mine = [h["text"] for h in told["hands"] if h["text"].startswith(
                            YOU[language])]
                        assert len(mine) == sum(
                            h["text"].startswith(YOU["en"]) for h in english["hands"])
    assert verdicts >= {"won", "penalty", "underneath"}, verdicts
    assert kinds >= {"won", "penalty"}, kinds


def hand_seat(english: str, reader: int | None) -> int:
    """The seat whose hand this is, from its English line ("You on …", "Seat 2 on …")."""
    if english.startswith(YOU["en"]):
        assert reader is not None
        return reader
    found = SEAT["en"].match(english)
    assert found is not None, english
    return int(found[1])


def test_a_seat_is_told_the_same_in_every_game_it_cannot_tell_from_this_one() -> None:
    """Built from public facts only: a game whose hidden deal is redrawn for the seat
    (``resample``) tells it, and a spectator, the same hunt in every language, each
    seat's news included."""
    compared = differing = with_news = 0
    for seed in range(4):
        for state in played_states(seed, 3)[5::7]:
            for seat in range(3):
                twin = state.resample(seat, random.Random(seed * 100 + seat))
                differing += twin.digest() != state.digest()
                for language in LANGUAGES:
                    assert twin.told(seat, language) == state.told(seat, language)
                    assert twin.told(None, language) == state.told(None, language)
                told = state.told(seat)
                compared += told is not None
                with_news += told is not None and bool(told["news"])
    assert compared > 10 and differing > compared // 3, (compared, differing)
    assert with_news > 0, with_news
