"""The ``wordsmith`` bot: keeps the most and best words alive in both blocks.

It keeps an index of the dictionary by length and letter pattern (every word under every
way of hiding some of its letters, ``C.T`` -> CAT, COT, CUT ...), so it can tell for any
row or column how many words still fit it.  A line's worth is the best it can still
score -- a dynamic programme over where Blanks may still go, each run counting its length
if some word still fits it -- plus a little for how many words fit (more words, more
calls that can still complete one).  A direction of a block that can still reach 15
counts the 10 bonus points too.  As writer it puts the call where the pad's worth is
highest; as caller it tries every letter, Blank and number still callable, on the side it
would choose, and calls the best for its own pad.

Solo, where it calls every letter, it also plans whole blocks: a block that can still
become a word square (every row and column a five-letter word, 70 points with both
bonuses) gets one as its plan -- from a few squares found once per dictionary for an
empty block, else by a short search that fits the letters already there -- and letters
that keep a plan count ``PLAN_WORTH`` more, those that spoil it as much less.  That makes
140.  With others calling, their letters break plans faster than they are kept, so it
plays by the word counts alone.
"""

from __future__ import annotations

import math
import random
import struct
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np
import numpy.typing as npt

from gamenight.bots.base import Bot, Clock
from gamenight.bots.levels import DEFAULT_LEVEL
from gamenight.engine import OptionError, View
from gamenight.games.fluster.actions import CALLS, WRITES, FlusterAction
from gamenight.games.fluster.board import (
    BLANK,
    BONUS,
    BONUS_AT,
    COLUMNS,
    EMPTY,
    LETTERS,
    ROWS,
    SIDES,
    SIZE,
    SQUARES,
    SYMBOLS,
    bonus,
    column_of,
    row_of,
)
from gamenight.games.fluster.views import FlusterView, PadView
from gamenight.games.fluster.words import ONE_LETTER_WORDS, Dictionary, lookup, packaged

if TYPE_CHECKING:
    from gamenight.games.fluster.rules import FlusterState

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
#: Stands for "each letter A-Z" in a line whose codes are worked out for all of them at
#: once (``PatternIndex.codes_at``): neither EMPTY nor BLANK, so it counts as a letter.
SLOT: Final = "?"

#: Weight of "how many words fit" against points a line can still make.
FLEX: Final = 0.35
#: Planning whole blocks: word squares found per dictionary at the start, and the words
#: a decision may try when it looks for a square that fits a block as it stands.
LIBRARY_TRIES = 4
LIBRARY_NODES = 60_000
SEARCH_NODES = 150
#: What a block's plan is worth when choosing where to write (a square keeps 70 points).
PLAN_WORTH = 12.0
#: How many other calls a search is offered beside the bot's own (``distinct_choices``).
RIVAL_CALLS = 5
#: The blocks of a pad as an index of its gains, one row each (``WordsmithBot._call_gains``).
BOTH_BLOCKS: Final = np.array([[0], [1]])


#: Each symbol's place in ``SYMBOLS`` (a line's codes are in that order).
SYMBOL_AT: Final = {symbol: k for k, symbol in enumerate(SYMBOLS)}
#: ``PatternIndex._slot_letters`` of a run that no word fits, whatever its slot holds.
NO_FITS: tuple[list[float], int] = ([0.0] * len(LETTERS), 0)


@lru_cache(maxsize=8)
def doubles(count: int) -> struct.Struct:
    """Packs ``count`` doubles (a square's codes in ``PatternIndex.codes_and_points_at``)."""
    return struct.Struct(f"{count}d")


#: A filled square's codes (and points) in ``PatternIndex.codes_and_points_at``: zeros.
NO_CODES: Final = bytes(8 * len(SYMBOLS))


@lru_cache(maxsize=8)
def _filled(size: int) -> FloatArray:
    """``PatternIndex.line_codes`` of a line of ``size`` squares, all filled: zeros,
    shared (read-only)."""
    both = np.zeros((2, size, len(SYMBOLS)))
    both.flags.writeable = False
    return both


class PatternIndex:
    """How many words fit each pattern of letters and empty squares (``.``)."""

    __slots__ = ("_squares", "counts", "fives", "old_memo", "runs", "slot_freedom",
                 "slot_lists", "slot_rows", "symbol_codes", "tails", "values")

    def __init__(self, words: Dictionary) -> None:
        counts: dict[str, int] = {}
        # The five-letter words fitting each pattern too, for planning whole blocks
        # (in a fixed order, so that plans depend on seeds only).
        fives: dict[str, list[str]] = {}
        for word in sorted(words.words | ONE_LETTER_WORDS):
            keys = [""]
            for ch in word:  # every way of hiding some letters: 2 ** len(word) patterns
                keys = [k + ch for k in keys] + [k + EMPTY for k in keys]
            for key in keys:
                counts[key] = counts.get(key, 0) + 1
            if len(word) == SIZE:
                for key in keys:
                    fives.setdefault(key, []).append(word)
        self.counts = counts
        # Each run with one SLOT square that some word fits -> its row in a table of 26
        # columns, the letters A-Z in the slot: log2(1 + the words that fit), made with
        # ``math.log2`` as ``_run`` makes it (NumPy's ``log2`` may round differently;
        # 0.0: none fits).  Row 0: a run no word fits.
        self.slot_rows, fits = slot_table(words.words | ONE_LETTER_WORDS)
        self.slot_freedom: FloatArray = np.array(
            [math.log2(1 + fit) for fit in range(int(fits.max()) + 1)])[fits]
        # What the bot has worked out, kept in dicts of plain numbers and strings: the
        # garbage collector never walks those, so no full collection in the middle of a
        # decision has to visit hundreds of thousands of entries.
        # line -> packed (points, freedom), in many small dicts: one big dict would stop
        # for tens of ms each time it grows past a power of two, in some decision.
        self.values: list[dict[str, float]] = [{} for _ in range(SHARDS)]
        # run -> (its length if a word fits, else 0; log2(1 + words that fit))
        self.runs: dict[str, tuple[int, float]] = {}
        # A run with one SLOT square -> its freedoms as Python numbers, and the letters
        # some word fits, a bit each (``_slot_letters``).
        self.slot_lists: dict[str, tuple[list[float], int]] = {}
        self.tails: dict[str, tuple[int, float, float]] = {}  # see ``_rest``
        # line -> the code of the line with each symbol written in each empty square,
        # and its points (``line_codes``).
        self.symbol_codes: dict[str, FloatArray] = {}
        # (flex, block) -> what a symbol written in each square is weighed against
        # (``_Block.old``).
        self.old_memo: dict[tuple[float, str], tuple[IntArray, IntArray, FloatArray]] = {}
        # The words joined in one string per pattern, for the same reason.
        self.fives = {key: "".join(found) for key, found in fives.items()}
        self._squares: list[str] | None = None

    def squares(self) -> list[str]:
        """A few word squares (every row and column a five-letter word), found once per
        dictionary with fixed seeds: the plans a bot can start an empty block with."""
        if self._squares is None:
            found = []
            for seed in range(LIBRARY_TRIES):
                square = find_square(self, EMPTY * SIZE * SIZE, random.Random(seed),
                                     LIBRARY_NODES)[0]
                if square is not None and square not in found:
                    found.append(square)
            self._squares = found
        return self._squares

    def fits(self, pattern: str) -> int:
        """How many words fit a run (letters and empty squares, no Blank)."""
        return self.counts.get(pattern, 0)

    def line(self, line: str) -> tuple[int, float]:
        """(the most the line can still score, how freely) for a row or column."""
        return unpack(self.code(line))

    def code(self, line: str) -> float:
        """``line`` packed in one number (see ``unpack``), worked out once."""
        shard = self.values[hash(line) & (SHARDS - 1)]
        got = shard.get(line)
        if got is None:
            if len(shard) >= SHARD_SIZE:
                shard.clear()  # a bound on memory: forget a small share, work it out again
            points, freedom = self._line(line)
            got = shard[line] = points * PACK + freedom
        return got

    def written_code(self, line: str, at: int, symbol: str) -> float:
        """``code`` of ``line`` with ``symbol`` written in its square ``at`` (empty in
        ``line``): read from ``line``'s own codes where they were worked out
        (``line_codes``, the same number to the bit), with no new string made and looked
        up, else worked out as ``code`` works it out.  A writer weighs its letter so, and
        a bot taking in its pad a line with one symbol more."""
        codes = self.symbol_codes.get(line)
        if codes is None:
            return self.code(line[:at] + symbol + line[at + 1:])
        # Read, not kept as a line of its own: no new string to make and look up.
        return codes.item(0, at, SYMBOL_AT[symbol])

    def codes_at(self, line: str) -> FloatArray:
        """The code of ``line`` with each symbol (in ``SYMBOLS`` order) written in each of
        its empty squares, as 5 x 27 doubles (zeros for a filled square), worked out
        once: a row or column is weighed with every symbol at each of its empty squares,
        decision after decision (so the array is shared: read it, never change it).  The
        26 letters go through one plan of the dynamic programme (``_slot_codes``); the
        Blank, which changes where runs may end, on its own."""
        return self.codes_and_points_at(line)[0]

    def codes_and_points_at(self, line: str) -> tuple[FloatArray, FloatArray]:
        """``codes_at`` of ``line``, and the points of each code (its whole part: what
        ``unpack`` takes out of it), worked out once with the codes:
        the caller's kernel reads both for every square of a block."""
        both = self.line_codes(line)
        return both[0], both[1]

    def line_codes(self, line: str) -> FloatArray:
        """``codes_and_points_at`` of ``line`` as one array (codes 0 or points 1, square,
        symbol), as a block's arrays take them in (``_Block.fill_codes``): shared, so
        read-only."""
        got = self.symbol_codes.get(line)
        if got is None:
            if EMPTY not in line:  # a third of the lines asked for: nothing to weigh
                return _filled(len(line))
            if len(self.symbol_codes) >= GAINS_KEPT:
                self.symbol_codes.clear()  # a bound on memory: work them out again
            # Each square's codes, then their points, ``int(code) >> 7``, as doubles (the
            # kernel adds them to doubles), packed by ``struct`` square by square (NumPy's
            # own conversion of a list looks at each item's type); a filled square's stay
            # zeros: never weighed (its gains are -inf).
            width = len(SYMBOLS)
            pack = doubles(width).pack
            code_rows: list[bytes] = []
            point_rows: list[bytes] = []
            # With one empty square (half the lines worked out here), a letter there fills the
            # line: weighed as a full line is (``_full_codes``), not planned.
            last = line.count(EMPTY) == 1
            for at, square in enumerate(line):
                if square == EMPTY:
                    pre, post = line[:at], line[at + 1:]
                    codes, points = (self._full_codes(line, at) if last
                                     else self._slot_codes(pre + SLOT + post, at))
                    code = codes[width - 1] = self.code(pre + BLANK + post)
                    points[width - 1] = float(int(code) >> 7)
                    code_rows.append(pack(*codes))
                    point_rows.append(pack(*points))
                else:
                    code_rows.append(NO_CODES)
                    point_rows.append(NO_CODES)
            got = self.symbol_codes[line] = np.frombuffer(
                b"".join(code_rows + point_rows)).reshape(2, len(line), width)
        return got

    def _slot_codes(self, line: str, at: int) -> tuple[list[float], list[float]]:
        """The code of ``line`` with each letter A-Z in its square ``at`` (``SLOT``), and
        its points, in ``SYMBOLS`` order (the Blank's place is left for ``line_codes`` to
        write): ``_rest``'s dynamic programme, step for step and each float by the same
        operations in the same order, so each letter's code is the one ``code`` gives to
        the bit.

        A letter never changes where runs may end, so the steps are the same for all 26
        and are planned once (``_slot_plan``); only the runs through the slot depend on
        the letter.  A letter no word fits in any of those runs scores them as every
        such letter does (no points, freedom 0.0), so it is worked out once for them
        all, and then each letter that some word fits there."""
        levels, live = self._slot_plan(line, at)
        p, f = _slot_line(levels, -1)
        # The Blank's place too (``line_codes`` writes it): one list made, not two joined.
        codes = [p * PACK + f] * len(SYMBOLS)  # packed as ``code`` packs a line
        points = [float(p)] * len(SYMBOLS)
        while live:  # each letter some word fits, from A up
            low = live & -live
            live ^= low
            letter = low.bit_length() - 1
            p, f = _slot_line(levels, letter)
            codes[letter] = p * PACK + f
            points[letter] = float(p)
        return codes, points

    def _full_codes(self, line: str, at: int) -> tuple[list[float], list[float]]:
        """``_slot_codes`` of a line whose one empty square is ``at``, worked out as a
        full line is weighed.  With a letter in that square no square can still become
        a Blank, so ``_rest`` has one way through the line: its runs, as the Blanks end
        them, each scoring its length if it is a word.  A full run is one word or none,
        so each freedom is 1.0 or 0.0, and every sum of them is a small whole number,
        exact in any order: each code is the one ``code`` gives, to the bit (checked
        letter by letter in ``tests/games/fluster/test_flu_bots.py``).  The runs beside
        the slot's are the same for every letter: ``_rest`` of the squares before the
        Blank that starts the slot's run, and of those after the Blank that ends it."""
        start = line.rfind(BLANK, 0, at) + 1
        end = line.find(BLANK, at + 1)
        if end < 0:
            end = len(line)
        before = self._rest(line[:start])
        after = self._rest(line[end + 1:])
        freedoms, _ = self._slot_letters(line[start:at] + SLOT + line[at + 1:end])
        fixed_points = before[0] + after[0]
        fixed_freedom = before[1] + after[1]
        length = end - start
        codes: list[float] = []
        points: list[float] = []
        for freedom in freedoms:  # each letter A-Z in the slot
            p = fixed_points + (length if freedom > 0.0 else 0)
            codes.append(p * PACK + (fixed_freedom + freedom))
            points.append(float(p))
        codes.append(0.0)  # the Blank's (``line_codes`` works it out)
        points.append(0.0)
        return codes, points

    def _slot_plan(self, line: str, at: int) -> tuple[list[_SlotLevel], int]:
        """The ways ``_rest`` weighs ``line`` at each of its squares from ``at`` (the
        ``SLOT``) back to the first (``_SlotLevel``); and the letters some word fits in
        some run through the slot (a bit each, as ``_slot_letters`` has them).
        What lies past the slot is the same for every letter: ``_rest``'s own tails."""
        n = len(line)
        levels = [_SlotLevel() for _ in range(at + 1)]
        live = 0
        for i in range(at, -1, -1):
            level = levels[i]
            if line[i] == BLANK:
                level.skip = levels[i + 1]
                continue
            if line[i] == EMPTY:  # it may still become a Blank
                level.skip = levels[i + 1]
            for j in range(i + 1, n + 1):
                if line[j - 1] == BLANK:
                    break
                if j < n and line[j] != EMPTY and line[j] != BLANK:
                    continue  # the slot too: it holds a letter
                if j <= at:  # a run before the slot, then the squares past its Blank
                    rp, rf = self._run(line[i:j])
                    level.runs.append(_Run(rp, rf, levels[j + 1]))
                else:  # a run through the slot, then a tail the same for every letter
                    freedoms, fit = self._slot_letters(line[i:j])
                    tail_points, tail_freedom, _ = self._rest(line[j + 1:])
                    level.slot_runs.append(_SlotRun(j - i, freedoms, tail_points,
                                                    tail_freedom))
                    live |= fit
        return levels, live

    def _slot_letters(self, run: str) -> tuple[list[float], int]:
        """For a run with one ``SLOT`` square: log2(1 + the words that fit it) with each
        letter A-Z in the slot (``_run``'s freedom; 0.0 where none fits, and then the
        run scores nothing), and the letters some word fits (bit 0 A, bit 1 B ...);
        read from the tables made once per dictionary, kept per run."""
        got = self.slot_lists.get(run)
        if got is None:
            if len(self.slot_lists) >= SLOTS_KEPT:
                self.slot_lists.clear()  # a bound on memory: read them again
            row = self.slot_rows.get(run, 0)
            if row == 0:  # no word fits, whatever the letter
                got = self.slot_lists[run] = NO_FITS
            else:
                freedoms: list[float] = self.slot_freedom[row].tolist()
                live = 0
                for letter, freedom in enumerate(freedoms):
                    if freedom > 0.0:
                        live |= 1 << letter
                got = self.slot_lists[run] = freedoms, live
        return got

    def _run(self, run: str) -> tuple[int, float]:
        """(its length if a word fits the run, else 0; log2(1 + the words that fit))."""
        known = self.runs.get(run)
        if known is None:
            if len(self.runs) >= RUNS_KEPT:
                self.runs.clear()  # a bound on memory: work them out again
            fit = self.counts.get(run, 0)
            known = self.runs[run] = (len(run) if fit else 0, math.log2(1 + fit))
        return known

    def _line(self, line: str) -> tuple[int, float]:
        points, freedom, _ = self._rest(line)
        return points, freedom

    def _rest(self, line: str) -> tuple[int, float, float]:
        """For the squares of ``line`` when the square before them is an edge or a
        Blank: the best points, freedom and worth (points + FLEX * freedom) -- a dynamic
        programme over where Blanks may still go, whose subproblems are the line's
        tails.  Those are remembered (``tails``): most new lines end as others did."""
        got = self.tails.get(line)
        if got is not None:
            return got
        if not line:
            return 0, 0.0, 0.0
        n = len(line)
        if line[0] == BLANK:
            got = self._rest(line[1:])
        else:
            # An empty square may still become a Blank, and a run i..j-1 must end at the
            # edge or before a square that is or can still become a Blank.
            if line[0] == EMPTY:
                bp, bf, bw = self._rest(line[1:])
            else:
                bp, bf, bw = -1, 0.0, -math.inf
            for j in range(1, n + 1):
                if line[j - 1] == BLANK:
                    break
                if j < n and line[j] != EMPTY and line[j] != BLANK:
                    continue
                rp, rf = self._run(line[:j])
                rest = self._rest(line[j + 1:])  # past the Blank that ends the run
                p, f = rp + rest[0], rf + rest[1]
                w = p + FLEX * f
                if w > bw:
                    bp, bf, bw = p, f, w
            got = bp, bf, bw
        if len(self.tails) >= RUNS_KEPT:
            self.tails.clear()  # a bound on memory: work them out again
        self.tails[line] = got
        return got


class _Run:
    """A run before the slot (``_slot_plan``): its points and freedom, then the line
    weighs as from ``then`` on (past the Blank that ends the run)."""

    __slots__ = ("freedom", "points", "then")

    def __init__(self, points: int, freedom: float, then: _SlotLevel) -> None:
        self.points, self.freedom, self.then = points, freedom, then


class _SlotRun:
    """A run through the slot (``_slot_plan``): ``length`` squares, with each letter's
    ``freedoms`` in the slot (0.0: no word fits, and then the run scores nothing), then
    a tail of ``tail_points`` and ``tail_freedom`` the same for every letter."""

    __slots__ = ("freedoms", "length", "tail_freedom", "tail_points")

    def __init__(self, length: int, freedoms: list[float], tail_points: int,
                 tail_freedom: float) -> None:
        self.length, self.freedoms = length, freedoms
        self.tail_points, self.tail_freedom = tail_points, tail_freedom


class _SlotLevel:
    """The ways ``_rest`` weighs a line at one square before or at its slot, in
    ``_rest``'s order: as the next square's level (``skip``: this square may be, or is,
    a Blank), then the runs that start here and end before the slot, then those through
    it (in the order of where they end).  And the best of them for the letter weighed
    last (``_slot_line``): points, freedom and worth, as ``_rest`` keeps a tail's.
    Typed fields, not tuples: compiled, each is read as the machine's int or double."""

    __slots__ = ("freedom", "points", "runs", "skip", "slot_runs", "worth")

    def __init__(self) -> None:
        self.skip: _SlotLevel | None = None
        self.runs: list[_Run] = []
        self.slot_runs: list[_SlotRun] = []
        self.points = 0
        self.freedom = 0.0
        self.worth = 0.0


def _slot_line(levels: list[_SlotLevel], letter: int) -> tuple[int, float]:
    """(points, freedom) of the line planned in ``levels`` with ``letter`` (0-25; -1 for
    one that no word fits in any run through the slot) in its slot: ``_rest``'s steps,
    from the slot back to the first square, each level's best kept in it.  The same
    operations in the same order as ``_rest``, so the same floats to the bit."""
    for i in range(len(levels) - 1, -1, -1):
        level = levels[i]
        skip = level.skip
        bp: int
        bf: float
        bw: float
        if skip is not None:  # as the squares past this one weigh
            bp, bf, bw = skip.points, skip.freedom, skip.worth
        else:  # no way found yet, which every way beats (as in ``_rest``)
            bp, bf, bw = -1, 0.0, -math.inf
        for run in level.runs:
            then = run.then
            p = run.points + then.points
            f = run.freedom + then.freedom
            w = p + FLEX * f
            if w > bw:
                bp, bf, bw = p, f, w
        for slot_run in level.slot_runs:
            rf = slot_run.freedoms[letter] if letter >= 0 else 0.0
            p = (slot_run.length if rf > 0.0 else 0) + slot_run.tail_points
            f = rf + slot_run.tail_freedom
            w = p + FLEX * f
            if w > bw:
                bp, bf, bw = p, f, w
        level.points, level.freedom, level.worth = bp, bf, bw
    first = levels[0]
    return first.points, first.freedom


#: A line's (points, freedom) packed in one float as points * PACK + freedom: a line holds
#: at most 3 runs, each with freedom log2(1 + words) < 14, so freedom < PACK.
PACK: Final = 128.0
#: The bot's memory of lines: SHARDS dicts of at most SHARD_SIZE lines (about 30 MB in
#: all), and of runs, RUNS_KEPT at most.
SHARDS: Final = 256
SHARD_SIZE: Final = 1024
RUNS_KEPT: Final = 80_000
#: The most slot runs kept as Python numbers (``slot_lists``: about 20 MB; the slot runs'
#: table, made once per dictionary, holds about 18 MB) and of blocks (``old_memo``: the
#: bot's own latest blocks are what it finds again).
SLOTS_KEPT: Final = 20_000
BLOCKS_KEPT: Final = 4096
#: The most lines ``PatternIndex.symbol_codes`` keeps (about 70 MB: the 5 x 27 numbers
#: of a line in one array of doubles, not 135 float objects).
GAINS_KEPT: Final = 50_000


def slot_table(words: frozenset[str]) -> tuple[dict[str, int], npt.NDArray[np.int32]]:
    """Every run with one ``SLOT`` square (letters and empty squares elsewhere) that some
    word fits, each with its row of a table that holds how many words fit the run with
    each letter A-Z in its slot (row 0, of zeros: a run no word fits).

    Worked out once per dictionary, with NumPy: each (word, slot, hidden squares) is a
    number, the pattern's squares as digits (0-25 a letter, 26 empty, 27 the slot, and
    the run's length on top) times 26 plus the word's letter in the slot; counting the
    distinct numbers counts the words."""
    base = len(LETTERS) + 2
    top = base ** SIZE
    found = []
    for length in range(1, SIZE + 1):
        group = sorted(w for w in words if len(w) == length)
        if not group:
            continue
        letters = (np.frombuffer("".join(group).encode("ascii"), np.uint8)
                   .reshape(-1, length).astype(np.int64) - ord("A"))
        for at in range(length):
            others = [i for i in range(length) if i != at]
            for hidden in range(1 << len(others)):
                digits = letters.copy()
                digits[:, at] = base - 1
                for bit, i in enumerate(others):
                    if hidden >> bit & 1:
                        digits[:, i] = base - 2
                pattern = digits @ (base ** np.arange(length)) + length * top
                found.append(pattern * len(LETTERS) + letters[:, at])
    keys, fits = np.unique(np.concatenate(found), return_counts=True)
    patterns, row = np.unique(keys // len(LETTERS), return_inverse=True)
    table = np.zeros((len(patterns) + 1, len(LETTERS)), np.int32)
    table[row + 1, keys % len(LETTERS)] = fits
    # Back from numbers to runs: "A..?E" and the like.
    alphabet = np.frombuffer((LETTERS + EMPTY + SLOT).encode("ascii"), np.uint8)
    lengths = patterns // top
    squares = alphabet[(patterns % top)[:, None] // base ** np.arange(SIZE) % base]
    rows = {}
    for number, (length, chars) in enumerate(zip(lengths.tolist(), squares, strict=True)):
        rows[chars[:length].tobytes().decode("ascii")] = number + 1
    return rows, table


def unpack(code: float) -> tuple[int, float]:
    points = int(code) >> 7
    return points, code - points * PACK


#: The ten lines of a block (rows, then columns) and, for each, the lines crossing it.
LINES: tuple[tuple[int, ...], ...] = (*ROWS, *COLUMNS)
CROSSING: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j, other in enumerate(LINES) if j != i and set(other) & set(line))
    for i, line in enumerate(LINES))


def find_square(index: PatternIndex, block: str, rng: random.Random, limit: int
                ) -> tuple[str | None, bool]:
    """Complete ``block`` (letters and empty squares, 25 of them) so that every row and
    column is a five-letter word: (the block, or None; whether the search was finished).

    A depth-first search that fills the line with the fewest fitting words first and
    checks that every crossing line can still be a word; ``limit`` caps the words tried,
    so a decision stays short.  None with ``finished`` means no such block exists.
    """
    if BLANK in block:
        return None, True
    grid = list(block)
    counts, fives = index.counts, index.fives
    tried = 0

    def fill() -> bool | None:  # True: done; False: impossible here; None: out of tries
        nonlocal tried
        best: tuple[int, int, str] | None = None
        for i, line in enumerate(LINES):
            pattern = "".join([grid[s] for s in line])
            if EMPTY not in pattern:
                if pattern not in counts:
                    return False
                continue
            n = counts.get(pattern, 0)
            if n == 0:
                return False
            if best is None or n < best[0]:
                best = (n, i, pattern)
        if best is None:
            return True
        _, i, pattern = best
        line = LINES[i]
        joined = fives.get(pattern, "")
        words = [joined[w:w + SIZE] for w in range(0, len(joined), SIZE)]
        rng.shuffle(words)
        for word in words:
            tried += 1
            if tried > limit:
                return None
            for s, ch in zip(line, word, strict=True):
                grid[s] = ch
            if all("".join([grid[s] for s in LINES[j]]) in counts for j in CROSSING[i]):
                done = fill()
                if done is not False:
                    if done is None:
                        return None
                    return True
            for s, ch in zip(line, pattern, strict=True):
                grid[s] = ch
        return False

    done = fill()
    return ("".join(grid) if done else None), done is not None


@lru_cache(maxsize=4)
def pattern_index(words: Dictionary) -> PatternIndex:
    """One index per dictionary, shared by every wordsmith in the process."""
    return PatternIndex(words)


def pad_worths(state: FlusterState) -> tuple[float, ...]:
    """Each seat's pad as the wordsmith weighs it: the most its lines can still score,
    ``FLEX`` times how freely, and the bonuses of those totals (``block_worth`` of both
    blocks).  A wordsmith's choice is the one that raises it most; the master's rollouts
    stop a few calls ahead and are valued by it (``MasterPlan.horizon``)."""
    index = pattern_index(state.words)
    return tuple(sum((block_worth(index, "".join(block)) for block in pad), 0.0)
                 for pad in state.blocks)


def block_worth(index: PatternIndex, block: str, flex: float = FLEX) -> float:
    """The worth of one block's lines: the sum of which a wordsmith's gain for a symbol
    is the change (``_gains``): the most each row and column can still score, ``flex``
    times how freely, and the bonuses of the Across and Down totals."""
    code = index.code
    rows = [unpack(code(block[i * SIZE:(i + 1) * SIZE])) for i in range(SIZE)]
    cols = [unpack(code(block[i::SIZE])) for i in range(SIZE)]
    across, down = sum(p for p, _ in rows), sum(p for p, _ in cols)
    # (Summed from 0.0: compiled by mypyc, a sum begun at the int 0 is taken as an int.)
    freedom = sum((f for _, f in rows), 0.0) + sum((f for _, f in cols), 0.0)
    return (across + down) + flex * freedom + (bonus(across) + bonus(down))


class WordsmithBot(Bot[FlusterAction]):
    """Places and calls to keep the most and best words alive on its own pad."""

    name = "wordsmith"

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL,
                 **params: str) -> None:
        flex = params.pop("flex", str(FLEX))
        plan = params.pop("plan", "on")
        super().__init__(seat, seed, level, **params)
        try:
            self.flex = float(flex)
        except ValueError:
            raise OptionError(f"wordsmith bot: flex is a number, not {flex!r}") from None
        if plan not in ("on", "off"):
            raise OptionError(f"wordsmith bot: plan is on or off, not {plan!r}")
        self.planning = plan == "on"
        # The index of the packaged list (and its word squares) is built with the bot,
        # not in its first decision (once per process); another list's is built the first
        # time the bot sees it.
        self._words: Dictionary = packaged()
        self._index: PatternIndex = pattern_index(self._words)
        if self.planning:
            self._index.squares()
        # Per block: the word square it is being filled towards (None: none), whether
        # none can fit it any more, and the block as it stood when a search ran short.
        self.plans: list[str | None] = [None, None]
        self._hopeless = [False, False]
        self._searched: list[str | None] = [None, None]
        # The numbers of the pad last seen, and back from each number to its square.
        self._numbering: tuple[list[int], list[int]] | None = None
        self._square_of: list[dict[int, int]] = []
        # Per block (a row each), its squares in the order of their numbers (1-25): a
        # caller's gains by square, read by number (``_call_gains``).
        self._by_number: IntArray = np.zeros((len(SIDES), SQUARES), np.int64)
        # What is worked out of each block of its pad, kept from decision to decision
        # (for the index it was worked out with).
        self._parts = _pad_parts(self._index, self.flex)

    def index(self, words: Dictionary) -> PatternIndex:
        if self._words is not words:
            self._index, self._words = pattern_index(words), words
            self._parts = _pad_parts(self._index, self.flex)
        return self._index

    def act(self, view: View, legal: Sequence[FlusterAction], clock: Clock) -> FlusterAction:
        table = cast(FlusterView, view)  # this game's view (rules.py builds it)
        worth = self._pad_worth(table)
        # Plans pay only where the bot calls every letter: with others calling, their
        # letters break plans faster than they are kept (see rules.md for the figures).
        if self.planning and table["players"] == 1:
            self._plan(worth.index, worth.blocks)
        rng = self.rng
        call = table["call"]
        if call is not None:  # everyone is writing it: choose a block
            # The block of the best (gain, draw), a draw for each block in turn.
            best: tuple[float, float] | None = None
            side = 0
            for k, weighed in self._judged(worth, call["number"], (call["letter"],)):
                key = (weighed[0], rng.random())
                if best is None or key > best:
                    best, side = key, k
            return WRITES[SIDES[side]]
        # As caller: each number still callable, each letter and the Blank, on the side
        # it would then be written (the only side left, on a number's second call).
        # In the order of the legal calls, each call whose gain is at least the best
        # before it draws a number for the tie-break (equal gains: a random one of
        # them), and the best (gain, draw) is called.  Only those calls are walked:
        # they are where the gain reaches the running best before it.
        top: tuple[float, float] = (-math.inf, 0.0)
        choice = legal[0]
        draw = rng.random
        gains = self._call_gains(worth).ravel()
        # A gain at least the best before it is the best up to itself (``np.flatnonzero``
        # runs as Python).
        drawn = (gains == np.maximum.accumulate(gains)).nonzero()[0]
        width = len(SYMBOLS)
        for i, gain in zip(drawn.tolist(), gains[drawn].tolist(), strict=True):
            if gain == -math.inf:  # a number called twice: no call, and no draw
                continue
            key = (gain, draw())
            if key > top:
                top, choice = key, CALLS[(SYMBOLS[i % width], i // width + 1)]
        return choice

    def distinct_choices(self, view: View, legal: Sequence[FlusterAction],
                         chosen: FlusterAction) -> list[FlusterAction] | None:
        """As caller: ``chosen``, then the other calls by the bot's own gain, best first
        (ties in the order of the legal calls), up to :data:`RIVAL_CALLS` of them.  Its
        gain is its own pad's only: a call a little worse for it may be much worse for
        the others, who must write it too, which only a search can weigh.  Writing (a
        block, left or right): None, the search tries both."""
        table = cast(FlusterView, view)
        if table["call"] is not None:
            return None
        gains = self._call_gains(self._pad_worth(table)).ravel()
        # Stable: equal gains keep the legal calls' order (by number, then symbol).
        order = np.argsort(-gains, kind="stable")
        found = [chosen]
        for i in order[:RIVAL_CALLS + 1].tolist():
            if gains[i] == -math.inf:  # a number called twice, and all after it
                break
            call = CALLS[(SYMBOLS[i % len(SYMBOLS)], i // len(SYMBOLS) + 1)]
            if call != chosen and len(found) <= RIVAL_CALLS:
                found.append(call)
        return found

    def _pad_worth(self, table: FlusterView) -> _PadWorth:
        """What the bot works out of its pad in ``table`` for its decisions."""
        # The view names the dictionary in play (every player knows it), a list this
        # process has loaded.
        index = self.index(lookup(table["dictionary"]))
        pad = table["pad"]
        numbering = (pad["left"]["numbers"], pad["right"]["numbers"])
        if numbering != self._numbering:  # a pad's numbers stay as dealt all game
            self._numbering = numbering
            self._square_of = [{n: s for s, n in enumerate(numbers)} for numbers in numbering]
            self._by_number = np.argsort(np.array(numbering), axis=1)
        return _PadWorth(index, pad, self.flex, self._square_of, self._parts)

    def _call_gains(self, worth: _PadWorth) -> FloatArray:
        """Each symbol's gain if called on each number (numbers 1-25 x symbols), on the
        better side for it: -inf marks a filled square, so the side left wins on a
        number's second call, and a number called twice (both squares filled, so no
        longer callable) gains -inf for every symbol.  Its legal calls are the numbers
        whose gains are not, in the same order."""
        both = worth.both_square_gains()
        if self.plans[0] is not None or self.plans[1] is not None:
            both = np.array([self._planned(worth, 0, both[0]),
                             self._planned(worth, 1, both[1])])
        by_number = both[BOTH_BLOCKS, self._by_number]  # blocks x numbers x symbols
        better: FloatArray = np.maximum(by_number[0], by_number[1])
        return better

    def _planned(self, worth: _PadWorth, k: int, gains: FloatArray) -> FloatArray:
        """``gains`` (squares x symbols of block ``k``) with a plan's worth added where a
        symbol keeps the block's plan and taken off where it spoils it."""
        plan = self.plans[k]
        if plan is None:
            return gains
        wanted = np.array(list(plan))[:, None] == np.array(SYMBOLS)[None, :]
        planned: FloatArray = gains + np.where(wanted, PLAN_WORTH, -PLAN_WORTH)
        return planned

    def _judged(self, worth: _PadWorth, number: int, symbols: Sequence[str]
                ) -> list[tuple[int, list[float]]]:
        """For each block whose square of ``number`` is free: (the block, the pad's gain
        for each symbol written there), with a plan's worth added where a symbol keeps
        the block's plan and taken off where it spoils it."""
        out = worth.write_gains(number, symbols)
        for i, (k, gains) in enumerate(out):
            plan = self.plans[k]
            if plan is not None:
                wanted = plan[worth.square_of[k][number]]
                out[i] = k, [gain + (PLAN_WORTH if symbol == wanted else -PLAN_WORTH)
                             for symbol, gain in zip(symbols, gains, strict=True)]
        return out

    def _plan(self, index: PatternIndex, blocks: list[str]) -> None:
        """Keep, drop or find each block's word square (see ``find_square``)."""
        if all(b == EMPTY * SIZE * SIZE for b in blocks):
            self.plans, self._hopeless, self._searched = [None, None], [False, False], [None, None]
        library = index.squares()
        for k, block in enumerate(blocks):
            plan = self.plans[k]
            if plan is not None and all(b in (EMPTY, p) for b, p in zip(block, plan,
                                                                          strict=True)):
                continue
            self.plans[k] = None
            if self._hopeless[k] or block == self._searched[k]:
                continue
            if block == EMPTY * SIZE * SIZE and library:
                self.plans[k] = library[k % len(library)]
                continue
            found, finished = find_square(index, block, self.rng, SEARCH_NODES)
            self.plans[k] = found
            if found is None:
                # Finished without one: none exists, and more letters will not help.
                self._hopeless[k] = finished
                self._searched[k] = block


#: What a block's decisions weigh it by (``_Block.old``): the rest of the Across total
#: past each row, of the Down total past each column, and the worth of the old lines
#: through each square (rows x columns).
Old = tuple[IntArray, IntArray, FloatArray]


class _Block:
    """One block of a bot's pad as the bot last saw it, and what its decisions weigh it
    by, each kept until the squares it depends on change: the points and freedom of each
    row and column, the old lines' worth (``old``), each line's codes with every symbol in each
    empty square, and a caller's gains (``square_gains``).  From one decision to the next
    a write changes one row and one column of a block, and the other block not at all,
    so a new view costs the lines that changed only."""

    __slots__ = ("_gains", "_old", "_stale", "col_freedom", "col_points", "col_texts",
                 "flex", "index", "line_codes", "line_points", "line_slots", "lines", "pad",
                 "row_freedom", "row_points", "row_texts", "text")

    def __init__(self, index: PatternIndex, flex: float, pad: _PadLines | None = None,
                 k: int = 0) -> None:
        self.index, self.flex = index, flex
        self.text = ""  # nothing seen yet: every line differs from the first one seen
        self.row_texts, self.col_texts = [""] * SIZE, [""] * SIZE
        # Each row's and column's code, unpacked: (points, freedom).
        self.row_points, self.col_points = [0] * SIZE, [0] * SIZE
        self.row_freedom, self.col_freedom = [0.0] * SIZE, [0.0] * SIZE
        # codes_at of each row and column, and their points, at the squares they were
        # worked out for ([rows 0 or columns 1, row, column, symbol]), filled in when a
        # caller first needs them: block ``k`` of ``pad``'s arrays, so that a caller
        # weighs both blocks of its pad in one go (``_PadLines.gains``); the lines still
        # to fill in (0-4 the rows, 5-9 the columns).
        self.pad = pad if pad is not None else _PadLines(1)
        self.line_codes, self.line_points = self.pad.codes[:, k], self.pad.points[:, k]
        self.lines = self.pad.lines[:, :, k]  # both: codes 0 or points 1, then as they are
        # Where each row's and column's codes go (0-4 the rows, 5-9 the columns): views made
        # once, so that filling one in is a copy, not an index worked out again.
        self.line_slots = [*(self.lines[:, 0, i] for i in range(SIZE)),
                           *(self.lines[:, 1, :, i] for i in range(SIZE))]
        self._stale: set[int] = set()
        self._old: Old | None = None
        self._gains: FloatArray | None = None

    def see(self, text: str) -> None:
        """Take the block as it stands now, working out again the lines that changed."""
        if text == self.text:
            return
        self.text = text
        code = self._code
        rows, cols, stale = self.row_texts, self.col_texts, self._stale
        for i in range(SIZE):
            row = text[i * SIZE:(i + 1) * SIZE]
            if row != rows[i]:
                self.row_points[i], self.row_freedom[i] = unpack(code(rows[i], row))
                rows[i] = row
                stale.add(i)
            col = text[i::SIZE]
            if col != cols[i]:
                self.col_points[i], self.col_freedom[i] = unpack(code(cols[i], col))
                cols[i] = col
                stale.add(SIZE + i)
        self._old = self._gains = None

    def _code(self, seen: str, line: str) -> float:
        """``PatternIndex.code`` of ``line``, a row or column that was ``seen`` (not the
        same) when the block was seen last.  Where one symbol has been written in it
        since (nearly always), it is read from ``seen``'s codes if they were worked out
        (``written_code``: the same number to the bit).  A second call is written at
        once, with no decision of the bot to weigh it, so its row and column would
        otherwise cost a run of the dynamic programme each."""
        index = self.index
        if len(seen) != len(line):  # the first time
            return index.code(line)
        at = -1
        for k in range(len(line)):
            if seen[k] != line[k]:
                if at >= 0 or seen[k] != EMPTY:
                    return index.code(line)
                at = k
        return index.written_code(seen, at, line[at])

    def old(self) -> Old:
        """The rest of the Across total past each row, of the Down total past each
        column, and the worth of the lines through each square (rows x columns): what a
        symbol written there is weighed against.  Remembered for the block as it stands,
        and in the index (``old_memo``), which other bots' blocks as they were early in
        a game often find."""
        got = self._old
        if got is not None:
            return got
        flex = self.flex
        key = (flex, self.text)
        memo = self.index.old_memo
        got = memo.get(key)
        if got is None:
            if len(memo) >= BLOCKS_KEPT:
                memo.clear()  # a bound on memory: work them out again
            across, down = sum(self.row_points), sum(self.col_points)
            row_points, row_freedom = np.array(self.row_points), np.array(self.row_freedom)
            col_points, col_freedom = np.array(self.col_points), np.array(self.col_freedom)
            # Each direction's bonus is that of its total, the same through every square.
            base = _old_worth(row_points[:, None], col_points[None, :], row_freedom[:, None],
                              col_freedom[None, :], bonus(across) + bonus(down), flex)
            got = memo[key] = across - row_points, down - col_points, base
        self._old = got
        return got

    def old_at(self, r: int, c: int) -> tuple[int, int, float]:
        """``old`` at the square of row ``r`` and column ``c``, in Python numbers (all a
        writer weighs its one letter against), by the same operations."""
        across, down = sum(self.row_points), sum(self.col_points)
        rp, cp = self.row_points[r], self.col_points[c]
        return across - rp, down - cp, _old_worth_at(rp, cp, self.row_freedom[r],
                                                     self.col_freedom[c],
                                                     bonus(across) + bonus(down), self.flex)

    def square_gains(self) -> FloatArray:
        """The gain of each symbol (columns, in ``SYMBOLS`` order) written in each square
        (rows, squares 0-24; -inf where the square is filled): all that a caller weighs
        for the block, worked out at once from the codes of each row and column with
        each symbol written in each square (``PatternIndex.codes_at``)."""
        got = self._gains
        if got is not None:
            return got
        self.fill_codes()
        across_rest, down_rest, base = self.old()
        codes, points = self.line_codes, self.line_points
        gains = _array_gains(codes[0], codes[1], points[0], points[1],
                             BONUS_AT - across_rest[:, None, None],
                             BONUS_AT - down_rest[None, :, None], base[:, :, None], self.flex)
        filled = np.frombuffer(self.text.encode(), np.uint8).reshape(SIZE, SIZE) != ord(EMPTY)
        gains[filled] = -math.inf
        got = self._gains = gains.reshape(SQUARES, len(SYMBOLS))
        return got

    def fill_codes(self) -> None:
        """Fill in the codes (and points) of the lines that changed since last asked."""
        stale = self._stale
        if stale:
            line_codes, slots = self.index.line_codes, self.line_slots
            rows, cols = self.row_texts, self.col_texts
            for i in stale:  # a column's go square by square down it: along the rows
                slots[i][...] = line_codes(rows[i] if i < SIZE else cols[i - SIZE])
            stale.clear()


class _PadLines:
    """The codes of every row and column of a pad's blocks with each symbol in each
    square, and their points, in one array per kind ([rows 0 or columns 1, block, row,
    column, symbol]: a row's and a column's codes for a square at the same place, so
    the kernel reads both in order): a caller's gains for both blocks are one pass of
    the kernel (``gains``), not two."""

    __slots__ = ("across_at", "base", "codes", "down_at", "kernel_in", "lines", "points",
                 "weighed")

    def __init__(self, blocks: int = 2) -> None:
        # The codes, then their points, in one array, so that a line's come in at once
        # (``PatternIndex.line_codes``; points as doubles: the kernel adds them to doubles).
        self.lines: FloatArray = np.zeros((2, 2, blocks, SIZE, SIZE, len(SYMBOLS)))
        self.codes: FloatArray = self.lines[0]
        self.points: FloatArray = self.lines[1]
        # The kernel's four arrays of codes and points (rows' and columns'), as it
        # reads them.
        self.kernel_in: tuple[FloatArray, FloatArray, FloatArray, FloatArray] = (
            self.codes[0], self.codes[1], self.points[0], self.points[1])
        # What ``gains`` weighs the squares against (the old lines' worth, then what each
        # row and column needs for its direction's bonus), packed as doubles into
        # ``weighed`` and read through views of it made once, shaped for the kernel.
        squares, lines = blocks * SQUARES, blocks * SIZE
        self.weighed = bytearray(8 * (squares + 2 * lines))
        numbers = np.frombuffer(self.weighed)
        self.base = numbers[:squares].reshape(blocks, SIZE, SIZE, 1)
        self.across_at = numbers[squares:squares + lines].reshape(blocks, SIZE, 1, 1)
        self.down_at = numbers[squares + lines:].reshape(blocks, 1, SIZE, 1)

    def gains(self, parts: Sequence[_Block], flex: float) -> FloatArray:
        """``_Block.square_gains`` of both blocks (``parts``, whose arrays these are), as
        one array (blocks x squares x symbols): the same operations on each element, so
        the same floats to the bit.

        What a square's gains are weighed against (``_Block.old``: the rest of each
        direction's total past its line, and the old lines' worth) is 50 numbers, worked
        out here on Python numbers by the same operations (as ``_Block.old_at`` does):
        on arrays that small, each NumPy call costs more than its arithmetic.  A filled
        square's old worth is taken as infinite, so that each of its gains comes out
        -inf (as ``square_gains`` marks it) with no pass over the gains to mark them."""
        base: list[float] = []
        across_at: list[int] = []  # the points a row needs for the Across bonus
        down_at: list[int] = []
        for part in parts:
            part.fill_codes()
            row_points, col_points = part.row_points, part.col_points
            row_freedom, col_freedom = part.row_freedom, part.col_freedom
            across, down = sum(row_points), sum(col_points)
            bonuses = bonus(across) + bonus(down)
            text = part.text
            for r in range(SIZE):
                for c in range(SIZE):
                    if text[r * SIZE + c] != EMPTY:
                        base.append(math.inf)
                    else:
                        base.append(_old_worth_at(row_points[r], col_points[c],
                                                  row_freedom[r], col_freedom[c], bonuses,
                                                  flex))
            across_at.extend([BONUS_AT - (across - points) for points in row_points])
            down_at.extend([BONUS_AT - (down - points) for points in col_points])
        # The 70 numbers as doubles in one go, into the views' array (``struct``:
        # NumPy's conversion of three lists cost more than the kernel's arithmetic).
        weighed = self.weighed
        doubles(len(weighed) // 8).pack_into(weighed, 0, *base, *across_at, *down_at)
        codes_across, codes_down, points_across, points_down = self.kernel_in
        gains = _array_gains(codes_across, codes_down, points_across, points_down,
                             self.across_at, self.down_at, self.base, flex)
        return gains.reshape(len(parts), SQUARES, len(SYMBOLS))


class _PadWorth:
    """The worth of a pad's lines, and how a call written in one square changes it."""

    def __init__(self, index: PatternIndex, pad: PadView, flex: float,
                 square_of: list[dict[int, int]] | None = None,
                 kept: list[_Block] | None = None) -> None:
        self.index = index
        self.flex = flex
        self.blocks = [pad[side]["squares"] for side in SIDES]
        # Per block, number -> square (a bot keeps its pad's from decision to decision).
        self.square_of = square_of if square_of is not None else [
            {n: s for s, n in enumerate(pad[side]["numbers"])} for side in SIDES]
        # Per block, what is worked out of it (a bot keeps its blocks' too).
        self.parts = kept if kept is not None else _pad_parts(index, flex)
        for part, block in zip(self.parts, self.blocks, strict=True):
            part.see(block)
        # Per block: the text of each row and column.
        self.row_texts = [part.row_texts for part in self.parts]
        self.col_texts = [part.col_texts for part in self.parts]

    def old(self, k: int) -> Old:
        """Block ``k``'s ``_Block.old``."""
        return self.parts[k].old()

    def gains(self, k: int, number: int, symbols: Sequence[str]) -> list[float] | None:
        """The gain of each symbol written in block ``k``'s square of ``number``; None if
        that square is filled.  Every symbol (``SYMBOLS``) as a caller weighs them
        (``square_gains``), others as a writer does (``write_gains``)."""
        square = self.square_of[k][number]
        if self.blocks[k][square] != EMPTY:
            return None
        if symbols is SYMBOLS:
            gains: list[float] = self.square_gains(k)[square].tolist()
            return gains
        return dict(self.write_gains(number, symbols))[k]

    def write_gains(self, number: int, symbols: Sequence[str]
                    ) -> list[tuple[int, list[float]]]:
        """For each block whose square of ``number`` is free: (the block, the gain of each
        symbol written there), both blocks in one go (what a writer weighs: its one
        letter, on each side)."""
        out = []
        written, flex = self.index.written_code, self.flex
        for k in (0, 1):
            square = self.square_of[k][number]
            if self.blocks[k][square] != EMPTY:
                continue
            r, c = row_of(square), column_of(square)
            row, col = self.row_texts[k][r], self.col_texts[k][c]
            # The kernel on Python numbers: a few symbols are not worth NumPy's calls.
            rest = self.parts[k].old_at(r, c)
            out.append((k, [_gains(written(row, c, symbol), written(col, r, symbol), *rest,
                                   flex) for symbol in symbols]))
        return out

    def square_gains(self, k: int) -> FloatArray:
        """The gain of each symbol (columns, in ``SYMBOLS`` order) written in each square
        of block ``k`` (rows, squares 0-24; -inf where the square is filled)."""
        return self.parts[k].square_gains()

    def both_square_gains(self) -> FloatArray:
        """``square_gains`` of both blocks (blocks x squares x symbols), in one pass where
        the blocks' codes are one pad's arrays (a bot's own: ``_pad_parts``)."""
        left, right = self.parts
        if left.pad is right.pad:
            return left.pad.gains(self.parts, self.flex)
        return np.array([left.square_gains(), right.square_gains()])


def _pad_parts(index: PatternIndex, flex: float) -> list[_Block]:
    """A pad's two blocks, each kept from view to view, with their codes in one pad's
    arrays."""
    pad = _PadLines()
    return [_Block(index, flex, pad, k) for k in range(len(SIDES))]


def _old_worth(row_points: Any, col_points: Any, row_freedom: Any, col_freedom: Any,
               bonuses: Any, flex: float) -> Any:
    """The worth of the old row and column through a square, with the bonuses of both
    directions: what a symbol written there is weighed against.  On arrays that
    broadcast to the squares of a block (``_Block.old``) or on Python numbers for one
    square (``_Block.old_at``), by the same operations in the same order, so to the bit
    the same."""
    return (row_points + col_points) + flex * (row_freedom + col_freedom) + bonuses


def _old_worth_at(row_points: int, col_points: int, row_freedom: float, col_freedom: float,
                  bonuses: int, flex: float) -> float:
    """``_old_worth`` of one square, typed: compiled, its arithmetic is the machine's on
    ints and doubles, not Python's generic one on objects (``Any``); the same operations
    in the same order, so to the bit the same."""
    return (row_points + col_points) + flex * (row_freedom + col_freedom) + bonuses


def _array_gains(row_codes: FloatArray, col_codes: FloatArray, row_points: FloatArray,
                 col_points: FloatArray, across_at: Any, down_at: Any,
                 base: FloatArray, flex: float) -> FloatArray:
    """``_gains`` on arrays, given the points of each code too (``codes_and_points_at``:
    what ``_gains`` takes out of the codes, worked out once per line, as doubles): the
    same operations on each element, so the same floats to the bit.  A direction's bonus
    is ``BONUS`` where its line's new points reach ``across_at`` (``down_at``): what its
    new total needs past the rest of it, ``BONUS_AT`` less that rest, as ``board.bonus``
    has it; small integers, exact however they are added, so they are added as doubles.

    Worked in place, in one array: ``flex * freedom`` is ``freedom * flex`` and ``points
    + x`` is ``x + points`` to the bit (IEEE addition and multiplication commute), so
    ``(points + flex * freedom) + bonuses - base`` is the same.  On 2 x 25 x 27 numbers
    NumPy's cost is its calls and new arrays, not the arithmetic."""
    points = row_points + col_points
    value = row_codes + col_codes
    value -= points * PACK  # freedom
    value *= flex
    value += points
    bonuses = (row_points >= across_at) * float(BONUS)
    bonuses += (col_points >= down_at) * float(BONUS)
    value += bonuses
    value -= base
    return value


def _gains(row_code: float, col_code: float, across_rest: int, down_rest: int,
           base: float, flex: float) -> float:
    """The pad's gain for a symbol written so that its row's code becomes ``row_code``
    and its column's ``col_code``, given the rest of each direction's total past them
    and the worth ``base`` of the old lines: the new lines' points and freedom, and the
    bonus of each direction, less ``base``.

    A writer's one letter, on Python numbers; a caller's 25 x 27 of each block go
    through ``_array_gains``, by the same operations in the same order, so both get the
    very same floats (NumPy rounds each elementwise operation as Python rounds the same
    one on floats): ``(points + flex * freedom) + bonuses - base``."""
    row_points, col_points = int(row_code) >> 7, int(col_code) >> 7  # unpack
    points = row_points + col_points
    freedom = (row_code + col_code) - points * PACK
    value = (points + flex * freedom) + (bonus(across_rest + row_points)
                                         + bonus(down_rest + col_points))
    return value - base
