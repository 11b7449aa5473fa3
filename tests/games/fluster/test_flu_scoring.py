"""Scoring and Winning: words Down and Across, the circles, totals A-D, bonuses, 140."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamenight.games.fluster.board import (
    BLANK,
    MAXIMUM,
    block_score,
    grand_total,
    line_score,
    line_words,
    pad_score,
)
from gamenight.games.fluster.words import load, use_file
from tests.games.fluster.flu_table import WORD_SQUARE, call, dealt, fill_solo, word_file

WORDS = load("")
EMPTY_BLOCK = ("#####",) * 5


def test_the_printed_example_a_t_blank_i_t_scores_four() -> None:
    # "If a player has the letters A, T, space, I, T on the same line, he should call
    # the center space BLANK thus forming two 2-letter words, AT and IT, for four points."
    assert line_words("AT#IT", WORDS) == ["AT", "IT"]
    assert line_score("AT#IT", WORDS) == 4


def test_otherwise_these_four_letters_have_no_point_value() -> None:
    # The same line with a letter in the centre is one run, ATXIT, which is no word.
    for middle in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if "AT" + middle + "IT" not in WORDS:
            assert line_score("AT" + middle + "IT", WORDS) == 0


def test_a_word_inside_a_longer_run_does_not_count() -> None:
    assert "HEART" in WORDS and "EAR" in WORDS and "ART" in WORDS
    assert "EART" not in WORDS
    # EART is no word, so the run scores nothing: EAR and ART inside it do not count.
    assert line_score("#EART", WORDS) == 0
    assert line_score("HEART", WORDS) == 5  # only the whole run: 5, not 5 + 3 + 3


def test_words_down_begin_at_the_top_and_across_at_the_left_unless_blanks_are_used() -> None:
    # Runs at the edges: a word may touch either edge, or both.
    assert line_score("CAT##", WORDS) == 3
    assert line_score("##CAT", WORDS) == 3
    assert line_score("#CAT#", WORDS) == 3
    assert line_score("CATS#", WORDS) == 4
    assert line_score("#CATS", WORDS) == 4


def test_two_or_more_words_on_one_line_need_blanks_between_them() -> None:
    assert line_score("OX#IT", WORDS) == 4
    assert line_score("A#I#A", WORDS) == 3  # three one-letter words
    assert line_score("OXIT#", WORDS) == 0


def test_a_and_i_count_as_one_letter_words_when_isolated_by_blanks() -> None:
    assert line_score("A####", WORDS) == 1
    assert line_score("####I", WORDS) == 1
    assert line_score("##A##", WORDS) == 1


def test_single_letters_other_than_a_and_i_score_nothing() -> None:
    for letter in "BCDEFGHJKLMNOPQRSTUVWXYZ":
        assert line_score(f"{letter}####", WORDS) == 0
        assert line_score(f"##{letter}##", WORDS) == 0


def test_a_run_with_an_empty_square_is_not_a_word_yet() -> None:
    assert line_score("CA.##", WORDS) == 0
    assert line_score("CAT#.", WORDS) == 3


def test_one_point_for_each_letter_of_every_word_down_and_across_in_the_circles() -> None:
    block = "".join(("CAT##", "A####", "T####", "#####", "#####"))
    score = block_score(block, WORDS)
    assert score.across == (3, 1, 0, 0, 0)  # CAT, A; T alone is no word
    # CAT down the first column; column 1 holds A alone (1), column 2 T alone (nothing).
    assert block[1::5] == "A####" and block[2::5] == "T####"
    assert score.down == (3, 1, 0, 0, 0)
    assert (score.down_total, score.across_total) == (4, 4)


def test_totals_a_b_c_d_are_down_and_across_of_the_left_then_the_right_block() -> None:
    left = "".join(("CAT##", "#####", "#####", "#####", "#####"))
    right = "".join(("C####", "A####", "T####", "S####", "#####"))
    totals = pad_score(left, right, WORDS)
    # Left: Across CAT = 3 (B); Down: C, A, T alone = 1 (A).  Right: Down CATS = 4 (C);
    # Across: C, A, T, S alone = 1 (D).
    assert (totals.a, totals.b, totals.c, totals.d) == (1, 3, 4, 1)
    assert totals.bonuses == 0 and totals.grand_total == 9


def bonus_pad(across_points: int) -> str:
    """A block whose Across total is ``across_points`` (rows of CATS and AT words)."""
    rows = []
    left = across_points
    for _ in range(5):
        take = min(left, 4)
        rows.append({4: "CATS#", 3: "CAT##", 2: "AT###", 1: "A####", 0: "#####"}[take])
        left -= take
    assert left == 0
    return "".join(rows)


def test_a_total_of_14_earns_no_bonus() -> None:
    block = bonus_pad(14)
    assert block_score(block, WORDS).across_total == 14
    totals = pad_score(block, "#" * 25, WORDS)
    assert totals.b == 14 and totals.bonuses == 0


def test_a_total_of_15_or_more_earns_10_more() -> None:
    for points in (15, 16):
        block = bonus_pad(points)
        totals = pad_score(block, "#" * 25, WORDS)
        assert totals.b == points
        assert totals.bonuses == 10
        assert totals.grand_total == totals.a + totals.b + 10


def test_the_same_applies_to_each_of_a_b_c_and_d() -> None:
    block = bonus_pad(15)
    transposed = "".join(block[c::5] for c in range(5))  # its rows become columns
    totals = pad_score(transposed, block, WORDS)
    assert totals.a == 15 and totals.d == 15
    assert totals.bonuses == 20 + 10 * (totals.b >= 15) + 10 * (totals.c >= 15)
    assert grand_total(transposed, block, WORDS) == totals.grand_total


def test_a_word_square_on_both_blocks_scores_the_maximum_of_140() -> None:
    # "The maximum number of points which can be scored is 140."
    assert MAXIMUM == 140
    for row in WORD_SQUARE:
        assert row in WORDS
    state = fill_solo(WORD_SQUARE, WORD_SQUARE)
    left = state.block_text(0, "left")
    assert [left[c::5] for c in range(5)] == list(WORD_SQUARE)  # the columns are words too
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (140,)
    assert state.view(0)["pad"]["totals"] == {
        "A": 25, "B": 25, "C": 25, "D": 25, "bonuses": 40, "grand_total": 140}


def test_140_with_a_players_own_dictionary_too(tmp_path: Path) -> None:
    path = word_file(tmp_path, list(WORD_SQUARE))
    state = fill_solo(WORD_SQUARE, WORD_SQUARE, dictionary=use_file(path))
    assert state.outcome() is not None and state.outcome().scores == (140,)  # type: ignore[union-attr]


def test_an_empty_pad_of_blanks_scores_nothing() -> None:
    state = fill_solo(EMPTY_BLOCK, EMPTY_BLOCK)
    assert state.outcome().scores == (0,)  # type: ignore[union-attr]


def test_the_highest_grand_total_wins_and_equal_totals_share_the_win() -> None:
    # Seat 0 writes every first call left and every second call (forced) right, and the
    # calls spell the word square on seat 0's pad: 140.  Seat 1 writes the first calls
    # right; on his differently numbered blocks the letters land elsewhere.
    state = dealt(2, seed=5)
    for k in (0, 1):
        grid = "".join(WORD_SQUARE)
        for number in range(1, 26):
            letter = grid[state.numbers[0][k].index(number)]
            call(state, letter, number, {0: "left", 1: "right"})
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores[0] == 140 and outcome.scores[1] < 140
    assert outcome.winners == (0,) and outcome.ranks == (1, 2) and not outcome.shared
    # Equal Grand Totals share the win: one A among Blanks on each pad scores 2 (A alone
    # Down and Across) wherever its square is.
    state = dealt(3, seed=5)
    for number in range(1, 26):
        call(state, "A" if number == 7 else BLANK, number, {0: "left", 1: "right", 2: "left"})
    for number in range(1, 26):
        call(state, BLANK, number)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (2, 2, 2)
    assert outcome.winners == (0, 1, 2) and outcome.ranks == (1, 1, 1) and outcome.shared


@pytest.mark.parametrize("line", ["HEART", "#####", "AT#IT", "A#I#A", "QQQQQ", "CAT#S"])
def test_line_score_is_the_sum_of_its_words(line: str) -> None:
    assert line_score(line, WORDS) == sum(len(w) for w in line_words(line, WORDS))
    assert line.count(BLANK) + sum(map(len, line.split(BLANK))) == 5


def test_the_fast_grand_total_agrees_with_the_circles_on_random_finished_pads() -> None:
    import random

    from gamenight.games.fluster.board import SYMBOLS

    rng = random.Random(5)
    for _ in range(300):
        # Mostly letters that make short words, and Blanks, so that words do occur.
        pool = "AAEEIIOOTTSSNRCD" + BLANK * 6 + "".join(SYMBOLS)
        left = "".join(rng.choice(pool) for _ in range(25))
        right = "".join(rng.choice(pool) for _ in range(25))
        slow = pad_score(left, right, WORDS)
        assert grand_total(left, right, WORDS) == slow.grand_total
        assert slow.grand_total == sum(
            line_score(b[i::5], WORDS) + line_score(b[5 * i:5 * i + 5], WORDS)
            for b in (left, right) for i in range(5)) + slow.bonuses


def test_scoring_a_finished_board_is_offered_to_the_bench() -> None:
    from gamenight.games.fluster.rules import GAME

    benches = GAME.micro_benchmarks()
    assert set(benches) == {"score a finished board", "score a finished board (no line memory)"}
    fast, plain = benches.values()
    for _ in range(300):  # the two walk the same cycle of finished pads in step
        a, b = fast(), plain()
        assert isinstance(a, int) and a == b and 0 <= a <= MAXIMUM
