"""Events: what each step of a scripted game tells the table, and what each seat is told."""

from __future__ import annotations

import pytest

from gamenight.games.fluster import GAME, FlusterState
from gamenight.games.fluster.actions import CALLS, WRITE_LEFT, WRITE_RIGHT
from gamenight.games.fluster.board import SIDES
from gamenight.games.fluster.events import (
    EVENT_TYPES,
    Called,
    CallWritten,
    GameOver,
    PadScored,
    PadsHandedOut,
    SquareWritten,
    Wrote,
)
from tests.games.fluster.flu_table import WORD_SQUARE, call, dealt, fill_solo


def square_of(state: FlusterState, seat: int, side: str, number: int) -> tuple[int, int]:
    """(row, column), counted 1-5, of ``number`` in a seat's block."""
    square = state.numbers[seat][SIDES.index(side)].index(number)
    return square // 5 + 1, square % 5 + 1


def test_handing_out_the_pads_is_told_to_everyone() -> None:
    state = GAME.new(3, 0)
    assert state.apply_chance(state.sample_chance()) == [PadsHandedOut(3)]
    assert state.narration(None) == [
        "Each of the 3 players gets a pad of two blocks, numbered at random."]


def test_a_first_call_is_heard_then_each_writes_in_secret_then_all_have_written() -> None:
    state = dealt(2)
    assert state.apply(0, CALLS[("C", 4)]) == [Called(caller=0, letter="C", number=4, times=1)]
    # "Then, in secret, he and all other players must write this letter": that seat 1
    # has written is public, where is not.
    assert state.apply(1, WRITE_RIGHT) == [Wrote(1, "right")]
    events = state.apply(0, WRITE_LEFT)
    assert events == [
        Wrote(0, "left"),
        CallWritten(caller=0, letter="C", number=4, forced=False),
        SquareWritten(0, "left", *square_of(state, 0, "left", 4), ()),
        SquareWritten(1, "right", *square_of(state, 1, "right", 4), ()),
    ]
    assert state.narration(None) == [
        "Each of the 2 players gets a pad of two blocks, numbered at random.",
        "Seat 0 calls C for square 4.",
        "Everyone has written C 4.",
    ]


def test_where_a_player_wrote_only_he_is_told() -> None:
    state = dealt(2)
    state.apply(0, CALLS[("C", 4)])
    state.apply(1, WRITE_RIGHT)
    state.apply(0, WRITE_LEFT)
    wrote, square = state.events[-4], state.events[-1]
    assert isinstance(wrote, Wrote) and isinstance(square, SquareWritten)
    assert wrote.seat == 0 and square.seat == 1
    assert wrote.seen_by(0) == wrote
    assert wrote.seen_by(1) == wrote.seen_by(None) == Wrote(0, None)
    assert square.seen_by(1) == square
    assert square.seen_by(0) is None and square.seen_by(None) is None


def test_a_numbers_second_call_is_written_at_once_in_the_one_square_left() -> None:
    state = dealt(2)
    call(state, "C", 4, {0: "left", 1: "right"})
    events = state.apply(1, CALLS[("X", 4)])
    assert events == [
        Called(caller=1, letter="X", number=4, times=2),
        CallWritten(caller=1, letter="X", number=4, forced=True),
        SquareWritten(0, "right", *square_of(state, 0, "right", 4), ()),
        SquareWritten(1, "left", *square_of(state, 1, "left", 4), ()),
    ]
    assert state.narration(None)[-1] == "Everyone has written X 4 in the one square of it left."


def test_blanks_are_called_by_name() -> None:
    state = dealt(1)
    state.apply(0, CALLS[("#", 9)])
    assert state.narration(None)[-1] == "Seat 0 calls a Blank for square 9."


def test_a_word_is_created_when_blanks_or_edges_close_its_run_and_only_once() -> None:
    # "All words Across must begin at the left side of each block, unless blanks are used
    # to begin and/or end each word": C A T is no word until a Blank (or the edge) ends it.
    state = dealt(1)
    numbers = state.numbers[0][0]

    def write(symbol: str, square: int) -> tuple[tuple[str, int, str], ...]:
        state.apply(0, CALLS[(symbol, numbers[square])])
        state.apply(0, WRITE_LEFT)
        written = state.events[-1]
        assert isinstance(written, SquareWritten) and written.row == square // 5 + 1
        return written.words

    for symbol, square in (("C", 0), ("A", 1), ("T", 2)):
        assert write(symbol, square) == ()
    assert write("#", 3) == (("across", 1, "CAT"),)
    assert state.narration(0)[-1] == \
        "Seat 0 creates CAT (Across, row 1) in the left block: 3 points."
    # A lone A at the edge is a one-letter word; CAT, created already, is not told again.
    assert write("A", 4) == (("across", 1, "A"),)
    assert state.narration(0)[-1] == \
        "Seat 0 creates A (Across, row 1) in the left block: 1 point."
    assert state.view(0)["pad"]["left"]["across"][0] == 4


def test_a_blank_between_two_runs_creates_both_words() -> None:
    # The printed example: A T, space, I T; the centre called BLANK forms AT and IT.
    state = dealt(1)
    numbers = state.numbers[0][0]
    for symbol, square in (("A", 0), ("T", 1), ("I", 3), ("T", 4)):
        call(state, symbol, numbers[square], {0: "left"})
    call(state, "#", numbers[2], {0: "left"})
    assert state.events[-1] == SquareWritten(
        0, "left", 1, 3, (("across", 1, "AT"), ("across", 1, "IT")))
    assert state.narration(0)[-1] == (
        "Seat 0 creates AT (Across, row 1) and IT (Across, row 1) in the left block: "
        "4 points.")


def test_words_on_another_pad_are_never_told() -> None:
    state = fill_solo(WORD_SQUARE, WORD_SQUARE)
    created = [e for e in state.events if isinstance(e, SquareWritten) and e.words]
    assert created and all(e.seen_by(None) is None for e in created)
    # Down and Across: every row and column of both blocks, each once.
    words = sorted((e.side, d, line, w) for e in created for d, line, w in e.words)
    assert len(words) == 20 and len(set(words)) == 20


def test_the_end_shows_every_pad_scored_and_says_why() -> None:
    state = fill_solo(WORD_SQUARE, WORD_SQUARE)
    assert state.events[-2:] == [
        PadScored(0, a=25, b=25, c=25, d=25, bonuses=40, grand_total=140),
        GameOver(reason="calls-done", scores=(140,), winners=(0,)),
    ]
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "calls-done"
    assert state.narration(None)[-2:] == [
        "Seat 0: A 25, B 25, C 25, D 25, bonuses 40, Grand Total 140.",
        "Every square is filled: the game is over. Grand Total 140.",
    ]


@pytest.mark.parametrize(("scores", "winners", "line"), [
    ((30, 41), (1,), "Seat 1 wins with 41."),
    ((30, 12, 30), (0, 2), "Seats 0 and 2 share the win with 30."),
])
def test_the_highest_grand_total_wins_and_equal_totals_share_it(
        scores: tuple[int, ...], winners: tuple[int, ...], line: str) -> None:
    assert GameOver("calls-done", scores, winners).text().endswith(line)


def test_every_event_class_is_listed_and_is_plain_json() -> None:
    assert set(GAME.event_types) == set(EVENT_TYPES)
    state = fill_solo(WORD_SQUARE, WORD_SQUARE)
    assert {type(e) for e in state.events} == set(EVENT_TYPES)
    for event in state.events:
        data = event.to_json()
        assert data["event"] == type(event).__name__
