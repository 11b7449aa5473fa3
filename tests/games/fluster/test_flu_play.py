"""Equipment, Preparation and Play: pads, numbers, calls, secret writing, the end."""

from __future__ import annotations

import pytest

from gamenight.engine import Acting, IllegalAction, OptionError
from gamenight.games.fluster.actions import CALLS, WRITE_LEFT, WRITE_RIGHT, Call, parse_action
from gamenight.games.fluster.board import BLANK, EMPTY, NUMBERS, SYMBOLS
from gamenight.games.fluster.events import CallWritten
from gamenight.games.fluster.rules import GAME, TOTAL_CALLS
from tests.games.fluster.flu_table import call, dealt


def test_one_pad_per_player_from_1_player_solo_to_8() -> None:
    assert (GAME.min_players, GAME.max_players) == (1, 8)
    for players in (1, 4, 8):
        state = dealt(players)
        assert len(state.numbers) == players and len(state.blocks) == players
    for players in (0, 9):
        with pytest.raises(OptionError):
            GAME.new(players)


def test_each_sheet_holds_two_blocks_left_and_right_of_5x5_squares() -> None:
    state = dealt(2)
    for pad in state.blocks:
        assert len(pad) == 2 and all(len(block) == 25 for block in pad)
        assert all(square == EMPTY for block in pad for square in block)


def test_the_numbers_1_to_25_appear_at_random_in_the_squares_of_each_block() -> None:
    state = dealt(8, seed=3)
    for pad in state.numbers:
        for block in pad:
            assert sorted(block) == list(NUMBERS)
    # At random: the chance event comes from the game's own seeded generator.
    assert state.history[0].is_chance
    again = GAME.new(8, seed=3)
    assert again.sample_chance() == state.history[0].value
    assert GAME.new(8, seed=4).sample_chance() != state.history[0].value


def test_no_two_blocks_are_identical() -> None:
    for seed in range(20):
        state = dealt(8, seed)
        blocks = [block for pad in state.numbers for block in pad]
        assert len(set(blocks)) == 16
    # A setup outcome with two identical blocks is refused.
    state = GAME.new(2)
    same = list(NUMBERS)
    with pytest.raises(IllegalAction, match="no two blocks are identical"):
        state.apply_chance([[same, list(reversed(same))], [same[1:] + same[:1], same]])
    assert state.acting().kind == "chance" and not state.history


def test_setup_outcomes_that_are_not_numbered_pads_are_refused() -> None:
    state = GAME.new(1)
    for bad in ([], [[list(NUMBERS)]], [[list(NUMBERS), [*list(NUMBERS)[:-1], 1]]], "x"):
        with pytest.raises(IllegalAction):
            state.apply_chance(bad)
    assert not state.history


def test_seat_0_begins_then_each_player_in_turn_clockwise_calls() -> None:
    state = dealt(3)
    callers = []
    for number in range(1, 8):
        callers.append(state.caller)
        assert state.acting() == Acting("turn", (state.caller,))
        call(state, "E", number)
    assert callers == [0, 1, 2, 0, 1, 2, 0]


def test_the_caller_calls_any_letter_or_a_blank_and_the_number_of_a_square() -> None:
    state = dealt(2)
    legal = state.legal_actions(0)
    assert len(legal) == 27 * 25 == len(set(legal))
    assert {a.letter for a in legal} == set(SYMBOLS)
    assert {a.number for a in legal} == set(NUMBERS)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="seat 0's turn to call"):
        state.apply(1, CALLS[("A", 1)])
    with pytest.raises(IllegalAction, match="letter A-Z or a Blank"):
        state.apply(0, Call("a", 1))
    with pytest.raises(IllegalAction, match="letter A-Z or a Blank"):
        state.apply(0, Call("A", 26))
    with pytest.raises(IllegalAction, match="must call"):
        state.apply(0, WRITE_LEFT)


def test_then_all_players_write_it_at_once_and_in_secret_in_the_left_or_right_block() -> None:
    state = dealt(3)
    state.apply(0, CALLS[("Q", 9)])
    assert state.acting() == Acting("simultaneous", (0, 1, 2))
    assert state.legal_actions(2) == [WRITE_LEFT, WRITE_RIGHT]
    state.apply(2, WRITE_RIGHT)
    assert state.acting() == Acting("simultaneous", (0, 1))
    # Secret: nobody else's view shows where seat 2 wrote, nor any pad but one's own.
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["written"] == [2]
        assert "right" not in str({k: v for k, v in view.items() if k != "pad"})
    assert state.view(2)["my_choice"] == "right"
    with pytest.raises(IllegalAction, match="already written"):
        state.apply(2, WRITE_LEFT)
    with pytest.raises(IllegalAction, match="choose left or right"):
        state.apply(1, CALLS[("A", 1)])
    # Nothing is on the pads until the last player has written (arrival order is no clue).
    assert all(sq == EMPTY for pad in state.blocks for block in pad for sq in block)
    state.apply(0, WRITE_LEFT)
    state.apply(1, WRITE_RIGHT)
    for seat, k in ((0, 0), (1, 1), (2, 1)):
        assert state.blocks[seat][k][state.square_of[seat][k][9]] == "Q"
        assert state.blocks[seat][1 - k][state.square_of[seat][1 - k][9]] == EMPTY
    assert state.phase == "call" and state.caller == 1


def test_on_a_numbers_second_call_each_player_must_use_its_one_free_square() -> None:
    state = dealt(2)
    call(state, "C", 4, {0: "left", 1: "right"})
    steps = len(state.history)
    state.apply(1, CALLS[("X", 4)])  # seat 1 calls 4 again: nobody has a choice
    assert len(state.history) == steps + 1  # no decision: written at once
    assert state.blocks[0][1][state.square_of[0][1][4]] == "X"  # seat 0's right block
    assert state.blocks[1][0][state.square_of[1][0][4]] == "X"  # seat 1's left block
    assert state.last == CallWritten(caller=1, letter="X", number=4, forced=True)
    assert state.view(0)["last_side"] == "right" and state.view(1)["last_side"] == "left"
    assert state.phase == "call" and state.caller == 0


def test_a_number_called_twice_cannot_be_called_again() -> None:
    state = dealt(1)
    call(state, "A", 7)
    call(state, "B", 7)
    assert not [a for a in state.legal_actions(0) if a.number == 7]
    with pytest.raises(IllegalAction, match="number 7 has been called twice"):
        state.apply(0, CALLS[("C", 7)])


def test_blanks_are_called_and_written_like_letters() -> None:
    state = dealt(2)
    call(state, BLANK, 12, {0: "right", 1: "left"})
    assert state.blocks[0][1][state.square_of[0][1][12]] == BLANK
    assert state.blocks[1][0][state.square_of[1][0][12]] == BLANK


def test_the_game_ends_when_every_square_is_filled_after_50_calls() -> None:
    state = dealt(2)
    for number in NUMBERS:
        call(state, "E", number, {0: "left", 1: "right"})
    assert not state.is_over and state.turns == 25
    for number in NUMBERS:
        call(state, "S", number)
    assert state.is_over and state.turns == TOTAL_CALLS == 50
    assert state.acting() == Acting("over")
    assert ["".join(b) for b in state.blocks[0]] == ["E" * 25, "S" * 25]
    assert ["".join(b) for b in state.blocks[1]] == ["S" * 25, "E" * 25]
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, CALLS[("A", 1)])


def test_a_solo_game_is_one_player_calling_and_writing_every_time() -> None:
    state = dealt(1)
    for number in NUMBERS:
        assert state.caller == 0
        call(state, "A", number, {0: "right"})
    for number in NUMBERS:
        call(state, BLANK, number)
    assert state.is_over
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    # Right block: all A -- no words; left: all Blanks.
    assert outcome.scores == (0,)


def test_nothing_can_be_done_before_the_pads_are_handed_out() -> None:
    state = GAME.new(2)
    assert state.acting() == Acting("chance")
    with pytest.raises(IllegalAction, match="not been handed out"):
        state.apply(0, CALLS[("A", 1)])


@pytest.mark.parametrize("text", ["call A 1", "call blank 25", "call Z 13", "left", "right"])
def test_every_action_reads_back_from_its_text(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text and parse_action(str(action)) is action
    assert GAME.parse_action(text.upper()) is action


def test_every_legal_action_text_parses_back_to_it() -> None:
    for action in [*CALLS.values(), WRITE_LEFT, WRITE_RIGHT]:
        assert parse_action(str(action)) is action


@pytest.mark.parametrize("text", ["call", "call A", "call A 0", "call A 26", "call AB 3",
                                  "call 3 A", "up", "call # 2", "call A ²", ""])
def test_text_that_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction, match="not a Fluster action"):
        parse_action(text)
