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
from array import array
from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from gamenight.bots.base import Bot, Clock
from gamenight.bots.levels import DEFAULT_LEVEL
from gamenight.engine import OptionError, View
from gamenight.games.fluster.actions import CALLS, WRITES, Call, FlusterAction
from gamenight.games.fluster.board import (
    BLANK,
    BONUS_AT,
    COLUMNS,
    EMPTY,
    ROWS,
    SIDES,
    SIZE,
    SYMBOLS,
    bonus,
    column_of,
    row_of,
)
from gamenight.games.fluster.views import FlusterView, PadView
from gamenight.games.fluster.words import ONE_LETTER_WORDS, Dictionary, lookup, packaged

#: Weight of "how many words fit" against points a line can still make.
FLEX = 0.35
#: Planning whole blocks: word squares found per dictionary at the start, and the words
#: a decision may try when it looks for a square that fits a block as it stands.
LIBRARY_TRIES = 4
LIBRARY_NODES = 60_000
SEARCH_NODES = 150
#: What a block's plan is worth when choosing where to write (a square keeps 70 points).
PLAN_WORTH = 12.0


class PatternIndex:
    """How many words fit each pattern of letters and empty squares (``.``)."""

    __slots__ = ("_squares", "counts", "fives", "gain_memo", "run_freedom", "run_points",
                 "symbol_codes", "tails", "values")

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
        # What the bot has worked out, kept in dicts of plain numbers and strings: the
        # garbage collector never walks those, so no full collection in the middle of a
        # decision has to visit hundreds of thousands of entries.
        # line -> packed (points, freedom), in many small dicts: one big dict would stop
        # for tens of ms each time it grows past a power of two, in some decision.
        self.values: list[dict[str, float]] = [{} for _ in range(SHARDS)]
        self.run_points: dict[str, int] = {}  # run -> its length if a word fits, else 0
        self.run_freedom: dict[str, float] = {}  # run -> log2(1 + words that fit)
        self.tails: dict[str, tuple[int, float, float]] = {}  # see ``_rest``
        # (flex, row, its column, column, its row, the rest of each direction's total,
        # clamped) -> the gain of each symbol written at the crossing: see
        # ``_PadWorth.gains``.  Shared by every bot of the process (a caller weighs 25
        # numbers x 27 symbols, and most of those crossings are as they were last time).
        self.gain_memo: dict[tuple[float, str, int, str, int, int, int], array[float]] = {}
        # (line, an empty square of it) -> the code of the line with each symbol written
        # there (``codes_at``).
        self.symbol_codes: dict[tuple[str, int], array[float]] = {}
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

    def codes_at(self, line: str, at: int) -> array[float]:
        """The code of ``line`` with each symbol (in ``SYMBOLS`` order) written in its
        empty square ``at``, worked out once: a row or column is weighed with every
        symbol at each of its empty squares, decision after decision."""
        key = (line, at)
        codes = self.symbol_codes.get(key)
        if codes is None:
            if len(self.symbol_codes) >= GAINS_KEPT:
                self.symbol_codes.clear()  # a bound on memory: work them out again
            pre, post = line[:at], line[at + 1:]
            code = self.code
            codes = self.symbol_codes[key] = array("d", [code(pre + symbol + post)
                                                         for symbol in SYMBOLS])
        return codes

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
            run_points, run_freedom = self.run_points, self.run_freedom
            for j in range(1, n + 1):
                if line[j - 1] == BLANK:
                    break
                if j < n and line[j] != EMPTY and line[j] != BLANK:
                    continue
                run = line[:j]
                rp = run_points.get(run)
                if rp is None:
                    if len(run_points) >= RUNS_KEPT:
                        run_points.clear()
                        run_freedom.clear()
                    fit = self.counts.get(run, 0)
                    rp = run_points[run] = j if fit else 0
                    run_freedom[run] = math.log2(1 + fit)
                rest = self._rest(line[j + 1:])  # past the Blank that ends the run
                p, f = rp + rest[0], run_freedom[run] + rest[1]
                w = p + FLEX * f
                if w > bw:
                    bp, bf, bw = p, f, w
            got = bp, bf, bw
        if len(self.tails) >= RUNS_KEPT:
            self.tails.clear()  # a bound on memory: work them out again
        self.tails[line] = got
        return got


#: A line's (points, freedom) packed in one float as points * PACK + freedom: a line holds
#: at most 3 runs, each with freedom log2(1 + words) < 14, so freedom < PACK.
PACK = 128.0
#: The bot's memory of lines: SHARDS dicts of at most SHARD_SIZE lines (about 30 MB in
#: all), and of runs, RUNS_KEPT at most.
SHARDS = 256
MASK = SHARDS - 1
SHARD_SIZE = 1024
RUNS_KEPT = 80_000
#: The most entries ``PatternIndex.gain_memo`` and ``symbol_codes`` keep (about 25 MB
#: each: the 27 numbers of an entry in one array of doubles, not 27 float objects).
GAINS_KEPT = 50_000
#: A direction's total less one line: the bonus a line of 0 to SIZE points brings it is
#: the same for every rest at or below BONUS_AT - SIZE - 1, and for every one at or above
#: BONUS_AT, so the memo keys the rest clamped to that range.
REST_LOW = BONUS_AT - SIZE - 1


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

    def index(self, words: Dictionary) -> PatternIndex:
        if self._words is not words:
            self._index, self._words = pattern_index(words), words
        return self._index

    def act(self, view: View, legal: Sequence[FlusterAction], clock: Clock) -> FlusterAction:
        table = cast(FlusterView, view)  # this game's view (rules.py builds it)
        # The view names the dictionary in play (every player knows it), a list this
        # process has loaded.
        index = self.index(lookup(table["dictionary"]))
        worth = _PadWorth(index, table["pad"], self.flex)
        # Plans pay only where the bot calls every letter: with others calling, their
        # letters break plans faster than they are kept (see rules.md for the figures).
        if self.planning and table["players"] == 1:
            self._plan(index, worth.blocks)
        rng = self.rng
        call = table["call"]
        if call is not None:  # everyone is writing it: choose a block
            options = [(gains[0], k) for k, gains in
                       self._judged(worth, call["number"], (call["letter"],))]
            best = max(options, key=lambda g: (g[0], rng.random()))
            return WRITES[SIDES[best[1]]]
        # As caller: each number still callable, each letter and the Blank, on the side
        # it would then be written (the only side left, on a number's second call).
        top: tuple[float, float] = (-math.inf, 0.0)
        calls = [action for action in legal if isinstance(action, Call)]
        choice = calls[0]
        draw = rng.random
        for number in sorted({action.number for action in calls}):
            judged = self._judged(worth, number, SYMBOLS)
            # Each symbol's gain on the better side for it.
            gains = (judged[0][1] if len(judged) == 1
                     else list(map(max, judged[0][1], judged[1][1])))
            if max(gains) < top[0]:
                continue  # no symbol of this number can win or draw a tie-break
            for symbol, gain in zip(SYMBOLS, gains, strict=True):
                if gain >= top[0]:
                    key = (gain, draw())  # equal gains: a random one of them
                    if key > top:
                        top, choice = key, CALLS[(symbol, number)]
        return choice

    def _judged(self, worth: _PadWorth, number: int, symbols: Sequence[str]
                ) -> list[tuple[int, Sequence[float]]]:
        """For each block whose square of ``number`` is free: (the block, the pad's gain
        for each symbol written there), with a plan's worth added where a symbol keeps
        the block's plan and taken off where it spoils it."""
        out: list[tuple[int, Sequence[float]]] = []
        for k in (0, 1):
            gains = worth.gains(k, number, symbols)
            if gains is None:
                continue
            plan = self.plans[k]
            if plan is not None:  # a new list: the memo's stays as it is
                wanted = plan[worth.square_of[k][number]]
                gains = [gain + (PLAN_WORTH if symbol == wanted else -PLAN_WORTH)
                         for symbol, gain in zip(symbols, gains, strict=True)]
            out.append((k, gains))
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


class _PadWorth:
    """The worth of a pad's lines, and how a call written in one square changes it."""

    def __init__(self, index: PatternIndex, pad: PadView, flex: float) -> None:
        self.index = index
        self.flex = flex
        self.blocks = [pad[side]["squares"] for side in SIDES]
        self.square_of: list[dict[int, int]] = [
            {n: s for s, n in enumerate(pad[side]["numbers"])} for side in SIDES]
        line = index.line
        # Per block: (points, freedom) of each row and column, and the points per direction.
        self.rows = [[line(b[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)] for b in self.blocks]
        self.cols = [[line(b[c::SIZE]) for c in range(SIZE)] for b in self.blocks]
        self.across = [sum(v[0] for v in rows) for rows in self.rows]
        self.down = [sum(v[0] for v in cols) for cols in self.cols]

    def gains(self, k: int, number: int, symbols: Sequence[str]) -> Sequence[float] | None:
        """The gain of each symbol written in block ``k``'s square of ``number``; None if
        that square is filled.  The gains depend only on the square's row and column and
        on the rest of the block's totals, so those of all the symbols (what a caller
        weighs) are remembered in the index's ``gain_memo``."""
        square = self.square_of[k][number]
        block = self.blocks[k]
        if block[square] != EMPTY:
            return None
        r, c = row_of(square), column_of(square)
        row, col = block[r * SIZE:(r + 1) * SIZE], block[c::SIZE]
        old_row, old_col = self.rows[k][r], self.cols[k][c]
        across_rest = self.across[k] - old_row[0]
        down_rest = self.down[k] - old_col[0]
        if symbols is not SYMBOLS:
            return self._gains(row, c, col, r, old_row, old_col, across_rest, down_rest,
                               symbols)
        key = (self.flex, row, c, col, r, min(max(across_rest, REST_LOW), BONUS_AT),
               min(max(down_rest, REST_LOW), BONUS_AT))
        memo = self.index.gain_memo
        gains = memo.get(key)
        if gains is None:
            if len(memo) >= GAINS_KEPT:
                memo.clear()  # a bound on memory: work them out again
            gains = memo[key] = array("d", self._gains(row, c, col, r, old_row, old_col,
                                                       across_rest, down_rest, symbols))
        return gains

    def _gains(self, row: str, c: int, col: str, r: int, old_row: tuple[int, float],
               old_col: tuple[int, float], across_rest: int, down_rest: int,
               symbols: Sequence[str]) -> list[float]:
        index = self.index
        row_codes: Sequence[float]
        col_codes: Sequence[float]
        if symbols is SYMBOLS:
            row_codes, col_codes = index.codes_at(row, c), index.codes_at(col, r)
        else:
            code_of = index.code
            row_pre, row_post = row[:c], row[c + 1:]
            col_pre, col_post = col[:r], col[r + 1:]
            row_codes = [code_of(row_pre + symbol + row_post) for symbol in symbols]
            col_codes = [code_of(col_pre + symbol + col_post) for symbol in symbols]
        flex = self.flex
        base = (old_row[0] + old_col[0] + flex * (old_row[1] + old_col[1])
                + (bonus(across_rest + old_row[0]) + bonus(down_rest + old_col[0])))
        # The bonus of each direction by the points of the new line (0 to SIZE).
        across_bonus = [bonus(across_rest + points) for points in range(SIZE + 1)]
        down_bonus = [bonus(down_rest + points) for points in range(SIZE + 1)]
        out = []
        for row_code, col_code in zip(row_codes, col_codes, strict=True):
            row_points, col_points = int(row_code) >> 7, int(col_code) >> 7  # unpack
            freedom = row_code + col_code - (row_points + col_points) * PACK
            value = (row_points + col_points + flex * freedom
                     + (across_bonus[row_points] + down_bonus[col_points]))
            out.append(value - base)
        return out
