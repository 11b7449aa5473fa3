"""What Fluster tells a browser table, so that the table copies no rule: the letters, the
Blank and the numbers, and what each legal call names (its letter and number)."""

from __future__ import annotations

from gamenight.games.fluster.actions import CALLS, WRITE_LEFT
from gamenight.games.fluster.board import BLANK, LETTERS, NUMBERS
from gamenight.games.fluster.rules import GAME


def test_the_facts_are_the_letters_the_blank_and_the_numbers() -> None:
    assert GAME.facts() == {"letters": LETTERS, "blank": BLANK, "numbers": list(NUMBERS)}
    assert GAME.facts()["numbers"] == list(range(1, 26))


def test_a_call_refers_to_its_letter_and_number_and_a_write_to_nothing() -> None:
    assert GAME.refers(CALLS[("Q", 7)]) == {"face": "Q", "number": 7}
    assert GAME.refers(CALLS[(BLANK, 25)]) == {"face": BLANK, "number": 25}
    assert GAME.refers(WRITE_LEFT) == {}
