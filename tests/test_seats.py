"""Each seat's shown name (issue 38, snag 5, "Bots with one name"): a person's as given, a
bot's spec as a person reads it, spelled as the browser's lobby spells it, and two seats
that would show one name numbered, so that a result never names a winner two rows fit."""

from __future__ import annotations

import pytest

from gamenight.seats import (
    OPEN_SEAT,
    alike_numbers,
    bot_name,
    numbered,
    record_names,
    seat_names,
    with_number,
)


@pytest.mark.parametrize(("spec", "name"), [
    ("perfect:average", "perfect bot, average"),
    ("sharp", "sharp bot"),
    ("sharp:quick:error=0.1", "sharp bot, quick, error=0.1"),
    ("collector:adaptive:share=0.5", "collector bot, adaptive, share=0.5"),
    (" sharp : expert ", "sharp bot, expert"),
])
def test_a_bot_spec_reads_as_the_lobby_words_it(spec: str, name: str) -> None:
    assert bot_name(spec) == name


def test_two_alike_bots_are_numbered_and_the_rest_keep_their_names() -> None:
    names = seat_names(["Ann", None, None, None, "Ben"],
                       [None, "perfect:average", "perfect:average", "perfect", None])
    assert names == ["Ann", "perfect bot, average #1", "perfect bot, average #2",
                     "perfect bot", "Ben"]
    assert len(set(names)) == len(names)


def test_a_person_plays_under_their_name_while_a_bot_sits_in() -> None:
    assert seat_names(["Ann", None, None], ["sharp", "sharp", None]) == [
        "Ann", "sharp bot", OPEN_SEAT]


def test_two_people_of_one_name_are_numbered_around_a_name_already_taken() -> None:
    assert numbered(["Sam", "Sam #1", "Sam", "Ann"]) == ["Sam #2", "Sam #1", "Sam #3", "Ann"]
    assert numbered(["Sam", "Sam", "Sam #1", "Sam #1"]) == [
        "Sam #2", "Sam #3", "Sam #1 #1", "Sam #1 #2"]


def test_a_records_names_show_as_the_room_showed_them() -> None:
    # `gamenight simulate` and `play` write a bot's seat as bot:SPEC.
    assert record_names(["human", "bot:perfect:average", "bot:perfect:average"]) == [
        "human", "perfect bot, average #1", "perfect bot, average #2"]
    # A record the room wrote holds the names as shown, which stay as they are.
    shown = ["Ann", "perfect bot, average #1", "perfect bot, average #2"]
    assert record_names(shown) == shown
    # An older room's record named both bots by their spec: numbered when shown.
    assert record_names(["Ann", "perfect:average", "perfect:average"]) == [
        "Ann", "perfect:average #1", "perfect:average #2"]


def test_a_seats_number_among_alike_ones_is_the_number_its_name_shows() -> None:
    """The room sends each number apart (``SeatInfo.alike``) so that the browser, naming
    a bot's seat in its own language, numbers it as the English name is numbered."""
    names = ["Sam", "Sam #1", "Sam", "sharp bot", OPEN_SEAT, "sharp bot", OPEN_SEAT, "Ann"]
    numbers = alike_numbers(names)
    assert numbers == [2, None, 3, 1, None, 2, None, None]
    assert numbered(names) == [name if number is None else with_number(name, number)
                               for name, number in zip(names, numbers, strict=True)]
