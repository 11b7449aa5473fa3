"""Seats named for a reader: "you" for the reader's own seat, with the verb agreeing, and
the record's seat-neutral line for nobody in particular."""

from __future__ import annotations

import doctest
import random
import re

import pytest

from gamenight.engine import voice
from gamenight.engine.voice import Voice, plural
from gamenight.games import GAMES


@pytest.mark.parametrize(("singular", "expected"), [
    ("takes", "take"), ("passes", "pass"), ("touches", "touch"), ("carries", "carry"),
    ("is", "are"), ("has", "have"), ("does", "do"), ("goes", "go"), ("wins", "win"),
    ("slides up", "slide up"), ("misses", "miss"), ("announces", "announce")])
def test_the_plural_of_a_verb(singular: str, expected: str) -> None:
    assert plural(singular) == expected


def test_the_reader_is_you_and_the_verb_agrees() -> None:
    assert Voice(0).does(0, "takes") == "You take"
    assert Voice(0).does(0, "takes", start=False) == "you take"
    assert Voice(0).does(1, "takes") == "Seat 1 takes"
    assert Voice(None).does(0, "takes") == "Seat 0 takes"
    assert Voice(0).does(0, "has") == "You have"
    assert Voice(0).your(0) == "your" and Voice(0).your(2) == "seat 2's"


def test_groups_of_seats() -> None:
    assert Voice(None).group([2]) == "Seat 2"
    assert Voice(None).group([0, 2]) == "Seats 0 and 2"
    assert Voice(None).group([0, 1, 3]) == "Seats 0, 1 and 3"
    assert Voice(0).group([0, 2]) == "You and seat 2"
    assert Voice(2).group([0, 2]) == "Seat 0 and you"
    assert Voice(None).group_does([2], "wins") == "Seat 2 wins"
    assert Voice(None).group_does([0, 2], "wins") == "Seats 0 and 2 win"
    assert Voice(0).group_does([0], "wins") == "You win"


def test_a_table_names_the_other_seats_its_own_way() -> None:
    names = ("You (seat 0)", "Seat 1 (aimer)")
    assert Voice(0, names).does(1, "holds") == "Seat 1 (aimer) holds"
    assert Voice(0, names).does(0, "holds") == "You hold"


def test_the_examples_in_the_module_hold() -> None:
    assert doctest.testmod(voice).failed == 0


@pytest.mark.parametrize("game_id", ["fly", "fliegen-klatschen", "superfly", "fluster"])
def test_every_line_told_to_a_seat_calls_it_you_and_the_record_is_unchanged(
        game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(7)
    for players in (game.min_players if game_id != "superfly" else 3, game.max_players):
        state = game.new(players, 7)
        while not state.is_over and len(state.history) < 400:
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
            elif acting.kind == "turn":
                state.apply(acting.seats[0], rng.choice(state.legal_actions(acting.seats[0])))
            else:
                seat = rng.choice(acting.seats)
                state.apply(seat, rng.choice(state.legal_actions(seat)),
                            rng.uniform(0.0, acting.deadline_ms or 5000.0))
        for reader in range(players):
            me = re.compile(rf"\b[Ss]eats? {reader}\b|\b[Ss]eats [\d, ]*and {reader}\b")
            for event in state.events:
                seen = event.seen_by(reader)
                if seen is None:
                    continue
                assert seen.told_to(None) == seen.text()
                line = seen.told_to(reader)
                assert not me.search(line), (reader, line)
                # A sentence starts with a capital, whoever it names (but Superfly's
                # "red 3 is squished", whose lower-case card name the record keeps).
                assert not line or line[0].isupper() or " is squished " in line, line
