"""A Fluster pad: two 5x5 crossword blocks, and how a block scores.

A block is 25 squares, row by row (square ``5 * row + column``).  A square holds
``EMPTY`` until something is written in it, then a letter A-Z or ``BLANK``.  These are
pure functions of strings, so that the rules, the bots, the screen and the benchmark all
score with the very same code.  The rules also keep each row's and column's *shape*
(which squares are empty, letters or Blanks, as one number), and read from tables made
here which runs a write completed (``RUNS_COMPLETED``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from gamenight.games.fluster.words import Dictionary

SIZE: Final = 5
SQUARES: Final = SIZE * SIZE
NUMBERS = tuple(range(1, SQUARES + 1))  # the numbers 1 to 25 printed in each block
EMPTY: Final = "."
BLANK: Final = "#"
LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: What a caller may call: any letter of the alphabet, or a Blank.
SYMBOLS = (*LETTERS, BLANK)
#: The two blocks of a pad, as actions, views and events name them.
Side = Literal["left", "right"]
LEFT: Final = "left"
RIGHT: Final = "right"
SIDES: tuple[Side, Side] = (LEFT, RIGHT)
#: Each number stands once in each block, so it can be called while a square of it is
#: free on every pad: exactly twice, once for each block.  A game is therefore 50 calls.
CALLS_PER_NUMBER = 2
TOTAL_CALLS = CALLS_PER_NUMBER * SQUARES
#: "If A totals 15 or more points, you receive a bonus of 10 additional points."
BONUS_AT: Final = 15
BONUS: Final = 10
#: The most possible: every row and column of both blocks a five-letter word.
MAXIMUM = 2 * 2 * (SQUARES + BONUS)

#: The squares of each row (Across) and each column (Down) of a block.
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(SIZE * r + c for c in range(SIZE)) for r in range(SIZE))
COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(SIZE * r + c for r in range(SIZE)) for c in range(SIZE))


def still_callable(times_called: int) -> bool:
    """Whether a number called ``times_called`` times may be called again: while a
    square of it is free on every pad."""
    return times_called < CALLS_PER_NUMBER


def callable_numbers(called: Sequence[int]) -> list[int]:
    """The numbers that may still be called, given how often each of 1 to 25 has been
    (in order, as a view's ``called`` holds them)."""
    return [number for number, times in zip(NUMBERS, called, strict=True)
            if still_callable(times)]


def row_of(square: int) -> int:
    return square // SIZE


def column_of(square: int) -> int:
    return square % SIZE


def bonus(total: int) -> int:
    """The bonus a total (A, B, C or D) earns: 10 at 15 or more, else nothing."""
    return BONUS if total >= BONUS_AT else 0


def line_words(line: str, words: Dictionary) -> list[str]:
    """The scoring words of one row or column: each maximal run of letters between the
    block's edges and Blanks that is a word (a single letter only if it is A or I).  A run
    still holding an empty square is not a word yet."""
    return [run for run in line.split(BLANK) if run in words.scoring]


def words_completed(line: str, at: int, words: Dictionary) -> list[str]:
    """The words that writing square ``at`` of a row or column completed, left to right.

    A run is a word only once no square of it is empty, and only the runs through the
    square just written (a letter) or beside it (a Blank, which ends the run before it
    and begins the one after) had that square empty: 'AT#IT' with the Blank just written
    in the centre -> ['AT', 'IT']."""
    before, after = line[:at].rpartition(BLANK)[2], line[at + 1:].partition(BLANK)[0]
    runs = (before, after) if line[at] == BLANK else (before + line[at] + after,)
    # A run holding an empty square, or no square, is never in the word list.
    return [run for run in runs if run in words.scoring]


#: How each square stands in its line's shape: empty, a letter, or a Blank.
SHAPE_OF: dict[str, int] = {EMPTY: 0, **dict.fromkeys(LETTERS, 1), BLANK: 2}
#: A square's weight in the shape of a line, by its place along the line: a line's shape
#: is the sum of its squares' ``SHAPE_OF`` times their weights, one of 3 ** 5, kept by
#: the rules for every row and column as each square is written (one addition), so that
#: what a write may have completed is read from a table (``RUNS_COMPLETED``).
SHAPE_WEIGHTS: tuple[int, ...] = tuple(3 ** place for place in range(SIZE))
#: The lines of a block, rows then columns: the squares of each, in order.
LINES: tuple[tuple[int, ...], ...] = (*ROWS, *COLUMNS)


def line_shapes(block: Sequence[str]) -> list[int]:
    """The shape of each row, then each column, of a block (25 squares, row by row)."""
    return [sum(SHAPE_OF[block[square]] * weight
                for square, weight in zip(line, SHAPE_WEIGHTS, strict=True))
            for line in LINES]


def line_scores(block: Sequence[str], words: Dictionary) -> list[int]:
    """The score of each row, then each column, of a block (25 squares, row by row)."""
    return [line_score("".join([block[square] for square in line]), words) for line in LINES]


def circles(scores: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A block's circles out of its lines' scores in ``LINES`` order (``line_scores``:
    the rows, then the columns): (Down, one per column; Across, one per row)."""
    return tuple(scores[SIZE:]), tuple(scores[:SIZE])


def _runs_completed(shape: int, at: int) -> tuple[tuple[int, int], ...]:
    """The runs (start, end: places along the line) that writing place ``at`` of a line
    now of ``shape`` completed, left to right, as ``words_completed`` finds them: the
    run through a letter, or the runs before and after a Blank, each only if it holds a
    square and no square of it is empty (a run with an empty square is no word yet)."""
    places = [shape // weight % 3 for weight in SHAPE_WEIGHTS]
    letter, blank = SHAPE_OF[LETTERS[0]], SHAPE_OF[BLANK]

    def start(place: int) -> int:  # where the run ending at ``place`` (excluded) begins
        while place > 0 and places[place - 1] != blank:
            place -= 1
        return place

    def end(place: int) -> int:  # where the run beginning at ``place`` ends (excluded)
        while place < SIZE and places[place] != blank:
            place += 1
        return place

    if places[at] == blank:
        runs = [(start(at), at), (at + 1, end(at + 1))]
    else:
        runs = [(start(at), end(at + 1))]
    return tuple((a, b) for a, b in runs
                 if a < b and all(places[p] == letter for p in range(a, b)))


#: ``_runs_completed`` of every shape and place, at ``shape * SIZE + place``.
RUNS_COMPLETED: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _runs_completed(shape, at) for shape in range(3 ** SIZE) for at in range(SIZE))
#: The squares of each run of each line, as a slice of a block: ``RUN_SQUARES[line][start]
#: [end]`` (a line as ``LINES`` numbers it; places along it, the end excluded).
RUN_SQUARES: tuple[tuple[tuple[slice, ...], ...], ...] = tuple(
    tuple(tuple(slice(line[a], line[b - 1] + 1, line[1] - line[0]) if a < b else slice(0)
                for b in range(SIZE + 1))
          for a in range(SIZE + 1))
    for line in LINES)


def line_score(line: str, words: Dictionary) -> int:
    """One point per letter of every word in the line: A T # I T scores 4."""
    return sum(len(word) for word in line_words(line, words))


@lru_cache(maxsize=16)
def line_scorer(words: Dictionary) -> Callable[[str], int]:
    """``line_score`` for one dictionary, remembered per line: a finished board has 20
    lines and the same lines come up again and again over many games."""

    @lru_cache(maxsize=1 << 17)
    def score(line: str) -> int:
        return line_score(line, words)

    return score


@dataclass(frozen=True, slots=True)
class BlockScore:
    """A block's circles: one total per column (Down) and per row (Across)."""

    down: tuple[int, ...]
    across: tuple[int, ...]

    @property
    def down_total(self) -> int:  # "A" for the left block, "C" for the right
        return sum(self.down)

    @property
    def across_total(self) -> int:  # "B" for the left block, "D" for the right
        return sum(self.across)


@lru_cache(maxsize=1024)
def block_score(block: str, words: Dictionary) -> BlockScore:
    """Score every column and row of a block written as 25 squares, row by row.

    Remembered for the latest blocks: each view scores its seat's pad, and from one
    view to the next most blocks are as they were."""
    score = line_scorer(words)
    return BlockScore(
        tuple([score(block[c::SIZE]) for c in range(SIZE)]),
        tuple([score(block[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]),
    )


@dataclass(frozen=True, slots=True)
class PadScore:
    """A pad's totals as the rulebook names them, with bonuses and the Grand Total."""

    a: int  # Down words of the left block
    b: int  # Across words of the left block
    c: int  # Down words of the right block
    d: int  # Across words of the right block

    @property
    def bonuses(self) -> int:
        return bonuses_and_grand_total(self.a, self.b, self.c, self.d)[0]

    @property
    def grand_total(self) -> int:
        return bonuses_and_grand_total(self.a, self.b, self.c, self.d)[1]


def bonuses_and_grand_total(a: int, b: int, c: int, d: int) -> tuple[int, int]:
    """A pad's bonuses (10 for each of the totals A, B, C and D at 15 or more) and its
    Grand Total (the four totals and the bonuses)."""
    bonuses = bonus(a) + bonus(b) + bonus(c) + bonus(d)
    return bonuses, a + b + c + d + bonuses


def pad_score(left: str, right: str, words: Dictionary) -> PadScore:
    """Totals A, B (left block) and C, D (right block)."""
    return pad_totals(block_score(left, words), block_score(right, words))


def pad_totals(left: BlockScore, right: BlockScore) -> PadScore:
    """Totals A, B and C, D of a pad whose blocks are already scored."""
    return PadScore(left.down_total, left.across_total, right.down_total, right.across_total)


def grand_total(left: str, right: str, words: Dictionary) -> int:
    """The Grand Total of a pad: A + B + C + D plus 10 for each of them at 15 or more.

    The hot path of scoring (every finished game), so it adds the twenty lines directly.
    """
    score = line_scorer(words)
    total = 0
    for block in (left, right):
        down = (score(block[0::5]) + score(block[1::5]) + score(block[2::5])
                + score(block[3::5]) + score(block[4::5]))
        across = (score(block[0:5]) + score(block[5:10]) + score(block[10:15])
                  + score(block[15:20]) + score(block[20:25]))
        total += down + across + bonus(down) + bonus(across)
    return total
