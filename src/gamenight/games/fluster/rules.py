"""Fluster (publisher unknown; by 1973): the rules as a state machine.

Phases: ``setup`` (chance: the numbers of every block) -> ``call`` (the caller calls a
letter or a Blank and a number) -> ``write`` (on a number's first call, every player at
once and in secret writes it in his left or right block) -> ``call`` ... -> ``over``
after the 50th call, when every square of every block is filled.  On a number's second
call nobody has a choice (one square of that number is left on each pad), so it is
written at once.  What happens is told as events (``events.py``).  See
docs/rules/fluster.md for every rulebook sentence mapped to this code and its tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar, cast

from mypy_extensions import mypyc_attr

from gamenight.engine import (
    BY_CHANCE,
    NOBODY,
    Acting,
    Game,
    GameState,
    IllegalAction,
    Option,
    Outcome,
    Step,
    simultaneous,
    turn_of,
)
from gamenight.engine.events import Event
from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.engine.game import JSON, Refers
from gamenight.engine.memo import Memo, latest
from gamenight.engine.pace import Pace
from gamenight.engine.standings import Standings
from gamenight.games.fluster.actions import (
    CALLS,
    WRITE_LEFT,
    WRITE_RIGHT,
    Call,
    FlusterAction,
    Write,
    parse_action,
)
from gamenight.games.fluster.board import (
    BLANK,
    CALLS_PER_NUMBER,
    EMPTY,
    LEFT,
    LETTERS,
    NUMBERS,
    RIGHT,
    RUN_SQUARES,
    RUNS_COMPLETED,
    SHAPE_OF,
    SHAPE_WEIGHTS,
    SIDES,
    SIZE,
    SQUARES,
    SYMBOLS,
    TOTAL_CALLS,
    BlockScore,
    PadScore,
    Side,
    bonuses_and_grand_total,
    callable_numbers,
    circles,
    line_scores,
    line_shapes,
    pad_totals,
    still_callable,
)
from gamenight.games.fluster.events import (
    CALLS_DONE,
    EVENT_TYPES,
    Called,
    CallWritten,
    CreatedWord,
    GameOver,
    PadScored,
    PadsHandedOut,
    SquareWritten,
    Wrote,
    call_written,
    called,
    square_written,
    symbol_name,
    wrote,
)
from gamenight.games.fluster.views import BlockView, FlusterFacts, FlusterView, PadView, Phase
from gamenight.games.fluster.words import Dictionary, lookup, use_file

__all__ = ["CALLS_PER_NUMBER", "GAME", "TOTAL_CALLS", "Fluster", "FlusterState",
           "callable_numbers"]

#: The calls of each number, in a stable order (letters A-Z, then the Blank).
_CALLS_OF: dict[int, list[Call]] = {n: [CALLS[(s, n)] for s in SYMBOLS] for n in NUMBERS}
_WRITES: list[FlusterAction] = [WRITE_LEFT, WRITE_RIGHT]
#: A pad's numbering: per block (left, right), the number printed in each square.
Numbering = tuple[tuple[int, ...], tuple[int, ...]]
#: A side as an action names it -> the side (checked to be one).
_SIDE: dict[str, Side] = {side: side for side in SIDES}


@latest(256)
def _writing(seats: tuple[int, ...]) -> Acting:
    """``seats`` write the call, at once and in secret: made once per group of seats
    (at most 2 ** 8 of them)."""
    return simultaneous(seats)


# The same for a whole turn, and a game meets only 26 sets of numbers used up; kept
# for more, the collector's full passes would walk hundreds of thousands of references.
@latest(32)
def open_calls(used_up: int) -> tuple[FlusterAction, ...]:
    """What the caller may call, with the numbers in ``used_up`` (bits) called twice:
    every letter and the Blank with each number still callable, in order."""
    return tuple(chain.from_iterable(_CALLS_OF[n] for n in NUMBERS if not used_up >> n & 1))


@dataclass(frozen=True, slots=True)
class Setting:
    """A checked position, as the state holds it."""

    phase: Phase
    caller: int
    numbers: list[tuple[tuple[int, ...], tuple[int, ...]]]
    blocks: list[tuple[list[str], list[str]]]
    called: list[int]  # index 0 unused, as ``FlusterState.called``
    turns: int
    call: Call | None
    choices: dict[int, Side]
    last: CallWritten | None
    last_sides: list[Side | None]


class FlusterState(GameState[FlusterAction]):
    """A game of Fluster in progress."""

    # How a clone copies each part (``GameState.shared_when_cloned``): only what a step
    # changes is copied (the blocks, the counts, the choices), the rest shared: the word
    # list, the calls and plain values, each replaced whole, and who is still writing.
    shared_when_cloned = ("words", "phase", "turns", "caller", "call", "last", "used_up",
                          "_open", "_writing")
    # Each pad's numbering (tuples, never changed once made, but handed out one pad at a
    # time), the counts, the choices and sides, and the pads as views show them (a clone
    # starts with the same ones: each is checked against its pad when read).
    flat_when_cloned = ("numbers", "square_of", "called", "choices", "last_sides", "_pads")
    # The blocks, their lines' shapes and their lines' scores: a pair of lists of
    # symbols (of numbers) per seat.
    copied_when_cloned: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "blocks": lambda blocks: [(left[:], right[:]) for left, right in blocks],
        "shapes": lambda shapes: [(left[:], right[:]) for left, right in shapes],
        "line_scores": lambda scores: [(left[:], right[:]) for left, right in scores]}

    def __init__(self, game: Fluster, players: int, seed: int, options: dict[str, Any],
                 words: Dictionary, *, twin: bool = False) -> None:
        super().__init__(game, players, seed, options, twin=twin)
        if twin:  # a clone's blank: GameState.__deepcopy__ gives it every part
            return
        self.words = words
        self.phase: Phase = "setup"
        # Each pad: the number printed in each square, and back from number to square.
        self.numbers: list[Numbering] = []
        self.square_of: list[tuple[list[int], list[int]]] = []
        # What is written: EMPTY, a letter, or BLANK, square by square (row by row).
        self.blocks: list[tuple[list[str], list[str]]] = [
            ([EMPTY] * SQUARES, [EMPTY] * SQUARES) for _ in range(players)]
        # The shape of each row and column of each block (``board.line_shapes``), kept
        # as each square is written: what a write completed is read from a table.
        self.shapes: list[tuple[list[int], list[int]]] = [
            ([0] * _LINES, [0] * _LINES) for _ in range(players)]
        # The score of each row and column of each block (its circle: ``board.line_score``),
        # kept as words are created: a word is created once, by the write that completes
        # it, and stays a word, so the circles are the sums of the words created in each
        # line, and neither a view nor the end scores the blocks' text again.
        self.line_scores: list[tuple[list[int], list[int]]] = [
            ([0] * _LINES, [0] * _LINES) for _ in range(players)]
        self.called = [0] * (SQUARES + 1)  # times each number has been called (index 0 unused)
        self.turns = 0  # calls made
        self.caller = 0  # "One player is selected to begin the game": seat 0
        self.call: Call | None = None  # the call being written (first calls only)
        self.choices: dict[int, Side] = {}  # secret: seat -> side, until everyone has written
        # The last call once everyone has written it, and where each seat put it.
        self.last: CallWritten | None = None
        self.last_sides: list[Side | None] = [None] * players
        # The numbers called for the last time, as bits (what the caller may still
        # call is made of), and who is still writing the call (None: no call is).
        self.used_up = 0
        # What the caller may call (``open_calls(used_up)``), kept: a number called for
        # the last time takes its 27 calls out (``_call``).
        self._open = open_calls(0)
        self._writing: Acting | None = None
        # Each pad as its owner's view shows it, made once (see ``pad_json``).
        self._pads = Memo()

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        phase = self.phase
        if phase == "call":
            return turn_of(self.caller)
        if phase == "write":
            assert self._writing is not None
            return self._writing
        if phase == "setup":
            return BY_CHANCE
        return NOBODY

    def _still_writing(self) -> Acting:
        """Those who have not yet written the call write it, at once and in secret."""
        return _writing(tuple([s for s in range(self.players) if s not in self.choices]))

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[FlusterAction]:
        if self.phase == "call":
            if seat != self.caller:
                return []
            return list(self._open)
        if self.phase == "write" and seat not in self.choices:
            return list(_WRITES)
        return []

    def _verify(self, seat: int, action: FlusterAction, at_ms: float | None) -> None:
        phase = self.phase
        if phase == "call":
            if not isinstance(action, Call):
                raise IllegalAction(f"seat {self.caller} must call a letter and a number, "
                                    f"not {action}")
            if seat != self.caller:
                raise IllegalAction(f"it is seat {self.caller}'s turn to call, not seat {seat}'s")
            # The engine has checked that a call is a text and a whole number.
            known = CALLS.get((action.letter, action.number))
            if known is not action and known != action:
                raise IllegalAction("a call is a letter A-Z or a Blank and a number 1-25, "
                                    f"not {action.letter!r} {action.number!r}")
            if not still_callable(self.called[action.number]):
                raise IllegalAction(f"number {action.number} has been called twice: "
                                    "both its squares are filled on every pad")
            return
        if phase == "write":
            assert self.call is not None
            if not isinstance(action, Write) or action.side not in SIDES:
                raise IllegalAction(f"everyone is writing {self._call_text(self.call)}: "
                                    f"choose left or right, not {action}")
            if seat in self.choices:
                raise IllegalAction(f"seat {seat} has already written "
                                    f"{self._call_text(self.call)}")
            return
        if phase == "setup":
            raise IllegalAction("the pads have not been handed out yet")
        raise IllegalAction("the game is over: every square is filled")

    def _do(self, seat: int, action: FlusterAction, at_ms: float | None) -> None:
        if isinstance(action, Call):
            self._call(action)
            return
        side = _SIDE[action.side]  # checked: left or right
        self.choices[seat] = side
        writing = self._writing
        assert writing is not None
        self._writing = _writing(tuple([s for s in writing.seats if s != seat]))
        self.emit(wrote(seat, side))
        if len(self.choices) == self.players:
            assert self.call is not None
            # Not copied: ``_write`` reads it and then starts the next call's afresh.
            self._write(self.call, self.choices, forced=False)

    def _call(self, call: Call) -> None:
        number = call.number
        self.called[number] += 1
        if not still_callable(self.called[number]):
            # Its calls are the 27 after those of the numbers below it still open.
            below = number - 1 - (self.used_up & ((1 << number) - 1)).bit_count()
            start = below * len(SYMBOLS)
            self._open = self._open[:start] + self._open[start + len(SYMBOLS):]
            self.used_up |= 1 << number
        self.turns += 1
        self.emit(called(self.caller, call.letter, number, self.called[number]))
        if self.called[number] == 1:
            # Both squares of this number are free on every pad: all choose, in secret.
            self.call = call
            self.choices = {}
            self._writing = _writing(tuple(range(self.players)))
            self.phase = "write"
            return
        # The second call of a number: each pad has one free square of it, which must
        # be used, so nobody has a choice and it is written at once.
        self._write(call, {seat: self._forced_side(seat, number)
                           for seat in range(self.players)}, forced=True)

    def _forced_side(self, seat: int, number: int) -> Side:
        """The block of ``seat``'s pad whose square of ``number`` is still free, on the
        number's second call (the first call filled the other)."""
        left = self.blocks[seat][0][self.square_of[seat][0][number]]
        return LEFT if left == EMPTY else RIGHT

    def _write(self, call: Call, sides: dict[int, Side], *, forced: bool) -> None:
        number, letter = call.number, call.letter
        self.last = call_written(self.caller, letter, number, forced)
        self.emit(self.last)
        emit, last_sides, write_square = self.emit, self.last_sides, self._write_square
        # In seat order, whoever chose first; each pad's writing touches that pad only,
        # so each is told as soon as it is written.
        for seat in range(self.players):
            side = sides[seat]
            last_sides[seat] = side
            emit(write_square(seat, side, letter, number))
        self.call = None
        self.choices = {}
        self._writing = None
        if self.turns >= TOTAL_CALLS:
            self.phase = "over"
            self._end()
        else:
            self.phase = "call"
            self.caller = (self.caller + 1) % self.players  # clockwise

    def _write_square(self, seat: int, side: Side, letter: str, number: int
                      ) -> SquareWritten:
        """Write ``letter`` in the square of ``number`` in ``seat``'s ``side`` block; the
        event that tells it (the caller emits it)."""
        k = 0 if side == LEFT else 1
        square = self.square_of[seat][k][number]
        block = self.blocks[seat][k]
        assert block[square] == EMPTY, "a square is written once"
        block[square] = letter
        row, column = _ROW_COLUMN[square]
        # The shapes of its row and column, with what was written; the runs it may have
        # completed (most writes complete none: a run beside is still being filled).
        shapes, mark = self.shapes[seat][k], SHAPE_OF[letter]
        across = shapes[row] = shapes[row] + mark * SHAPE_WEIGHTS[column]
        down = shapes[SIZE + column] = shapes[SIZE + column] + mark * SHAPE_WEIGHTS[row]
        across_runs = RUNS_COMPLETED[across * SIZE + column]
        down_runs = RUNS_COMPLETED[down * SIZE + row]
        if not (across_runs or down_runs):
            return square_written(seat, side, row + 1, column + 1, ())
        created = self._words_created(block, row, column, across_runs, down_runs)
        scores = self.line_scores[seat][k]
        for direction, _, word in created:  # one point a letter, in the word's circle
            scores[row if direction == "across" else SIZE + column] += len(word)
        return square_written(seat, side, row + 1, column + 1, created)

    def _words_created(self, block: list[str], row: int, column: int,
                       across_runs: tuple[tuple[int, int], ...],
                       down_runs: tuple[tuple[int, int], ...]) -> tuple[CreatedWord, ...]:
        """The words that what was just written in the square of ``row`` and ``column``
        of ``block`` completed: of the runs it completed in its row and in its column
        (``board.RUNS_COMPLETED``, places along each line), those that are words, as
        ``board.words_completed`` finds them."""
        scoring = self.words.scoring
        created: list[CreatedWord] = []
        squares = RUN_SQUARES[row]
        for a, b in across_runs:
            word = "".join(block[squares[a][b]])
            if word in scoring:
                created.append(("across", row + 1, word))
        squares = RUN_SQUARES[SIZE + column]
        for a, b in down_runs:
            word = "".join(block[squares[a][b]])
            if word in scoring:
                created.append(("down", column + 1, word))
        return tuple(created)

    def _end(self) -> None:
        """Every square is filled: each pad is shown and scored, and the game ends."""
        scores = []
        for seat in range(self.players):
            totals = self.pad_score(seat)
            self.emit(PadScored(seat, totals.a, totals.b, totals.c, totals.d, totals.bonuses,
                                totals.grand_total))
            scores.append(totals.grand_total)
        outcome = Outcome.from_keys(scores, reason=CALLS_DONE)
        self.emit(GameOver(outcome.reason, tuple(scores), outcome.winners))

    @staticmethod
    def _call_text(call: Call) -> str:
        return f"{symbol_name(call.letter)} {call.number}"

    # -- chance ---------------------------------------------------------------------
    def _sample_chance(self) -> JSON:
        """The numbers 1-25 at random in the squares of every block; no two blocks alike."""
        rng = self.rng
        while True:
            blocks = []
            for _ in range(2 * self.players):
                order = list(NUMBERS)
                rng.shuffle(order)
                blocks.append(order)
            if len({tuple(b) for b in blocks}) == len(blocks):
                return [[blocks[2 * s], blocks[2 * s + 1]] for s in range(self.players)]

    def _verify_chance(self, outcome: JSON) -> None:
        if not (isinstance(outcome, list) and len(outcome) == self.players and all(
                isinstance(pad, list) and len(pad) == 2 and all(
                    isinstance(b, list) and all(type(n) is int for n in b)
                    and sorted(b) == list(NUMBERS) for b in pad) for pad in outcome)):
            raise IllegalAction(f"the pads are, for each of the {self.players} players, two "
                                "blocks each holding the numbers 1 to 25 once")
        every = [tuple(b) for pad in outcome for b in pad]
        if len(set(every)) != len(every):
            raise IllegalAction("no two blocks are identical")

    def _do_chance(self, outcome: JSON) -> None:
        for left, right in outcome:
            self._hand_out((tuple(left), tuple(right)))
        self.phase = "call"
        self.emit(PadsHandedOut(self.players))

    def _hand_out(self, numbering: Numbering) -> None:
        self.numbers.append(numbering)
        self.square_of.append((_inverse(numbering[0]), _inverse(numbering[1])))

    # -- information ------------------------------------------------------------------
    def block_text(self, seat: int, side: str) -> str:
        """A block as 25 characters, row by row ('.' empty, '#' a Blank)."""
        return "".join(self.blocks[seat][SIDES.index(side)])

    def pad_json(self, seat: int) -> PadView:
        """One pad as its owner sees it: numbers, squares, circles and totals.

        Each block is shown and scored once for what is written in it, and the pad once
        for its two blocks (``engine.memo``): a call writes in one block of each pad,
        and the caller's view and his view as a writer show the same pad."""
        blocks = tuple([self._pads.kept((seat, k), (self.numbers[seat][k], "".join(block),
                                                    seat, k), self._block_shown)
                        for k, block in enumerate(self.blocks[seat])])
        return self._pads.kept(seat, blocks, _pad_shown)

    def _block_shown(self, block: tuple[tuple[int, ...], str, int, int]) -> BlockView:
        """A block's numbers and squares as its view shows them, with its circles as kept
        (block ``k`` of ``seat``'s pad, whose squares decide them): made of frozen parts,
        so the memo keeps it as it is."""
        numbers, text, seat, k = block
        down, across = circles(self.line_scores[seat][k])
        return cast(BlockView, FrozenDict({
            "numbers": FrozenList(numbers), "squares": text,
            "down": FrozenList(down), "across": FrozenList(across)}))

    def _view(self, seat: int | None, at_ms: float | None
              ) -> FlusterView:
        call, last = self.call, self.last
        v: FlusterView = {
            "game": "fluster",
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "turn": self.turns,
            "caller": self.caller,
            "called": self.called[1:],  # how often each number 1-25 has been called
            "call": None if call is None else {
                "caller": self.caller, "letter": call.letter, "number": call.number},
            "written": sorted(self.choices),  # who has finished writing (not where)
            "last": None if last is None else {
                "caller": last.caller, "letter": last.letter, "number": last.number,
                "forced": last.forced},
            "dictionary": self.options["dictionary"],  # "" for the packaged list
        }
        if seat is not None and self.numbers:
            # A player sees his own pad only: the others stay secret until the end.
            v["pad"] = self.pad_json(seat)
            v["my_choice"] = self.choices.get(seat)
            v["last_side"] = self.last_sides[seat]
        if self.phase == "over":
            out = self.outcome()
            assert out is not None
            v["pads"] = [self.pad_json(s) for s in range(self.players)]
            v["outcome"] = {"scores": [int(s) for s in out.scores], "ranks": list(out.ranks),
                            "winners": list(out.winners), "tiebreaks": [],
                            "truncated": out.truncated, "reason": out.reason}
        return v

    # -- copies -------------------------------------------------------------------------
    def _blank(self) -> FlusterState:
        """A clone's blank (``GameState._blank``), given the word list too."""
        return FlusterState(cast(Fluster, self.game), self.players, self.seed, self.options,
                            self.words, twin=True)

    # -- what a seat cannot tell apart ----------------------------------------------------
    def _resample(self, seat: int, rng: random.Random) -> FlusterState:
        """The same calls, with everything ``seat`` has not seen drawn afresh.

        Until the end a seat sees its own pad and the public calls, never another pad:
        the other seats' numbers and where they wrote each first call are redrawn
        uniformly (their blocks still unlike each other and the seat's own), and any
        choice already made in the decision now open.  Who has written stays as it was
        (the view shows it).  Once the game is over every pad is shown, so only what the
        final pads leave open is redrawn: the side another seat took on a number whose two
        calls were the same letter.

        What is drawn, and in what order, is the definition's: a replay through
        :meth:`remade` of the history with those parts redrawn (the pads, then each other
        seat's write in the order of the history, then the generator's seed).  The state
        is not replayed, though: what everyone saw is copied, and only the other pads are
        written again, call by call, with their events (``_rewritten``): a fifth of a
        replay's time.  tests/games/fluster/test_flu_resample.py holds the replay and
        checks the two agree.
        """
        history = self.history
        if not history:  # the pads are not handed out yet: nothing is hidden
            return cast(FlusterState, self.remade([], rng.getrandbits(64)))
        over = self.phase == "over"
        pads = history[0].value
        twin = cast(FlusterState, self.clone())
        if not over:
            pads = self._redrawn_pads(seat, pads, rng)
            twin.numbers, twin.square_of = [], []
            for left, right in pads:
                twin._hand_out((tuple(left), tuple(right)))
        sides = twin._rewritten(self, seat, over, rng)
        # The history as the replay writes it: another seat's write is its side alone
        # (where and when it wrote are never shown, so its time is not kept either).
        redrawn = iter(sides)
        steps = [history[0] if over else Step(None, pads)]
        for step in history[1:]:
            other = step.seat
            if other != seat and step.value in SIDES:
                steps.append(Step(other, next(redrawn)))
            else:
                steps.append(step)
        twin.history = steps
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def _rewritten(self, was: FlusterState, seat: int, over: bool,
                   rng: random.Random) -> list[Side]:
        """Every pad but ``seat``'s written again from empty, through ``was``'s events
        (this state is ``was``'s copy, with the other pads' numbers as they are to be):
        each other seat's first-call writes drawn in the order they were made (once the
        game is over, where the final pads show them only when they cannot tell), its
        events made again, the rest kept.  The sides drawn, in that order."""
        blocks, choices, last_sides = self.blocks, self.choices, self.last_sides
        drawn: list[Side] = []
        chose: dict[int, Side] = {}  # each other seat's latest write
        events: list[Event] = []
        keep = events.append
        for other in range(self.players):
            if other != seat:
                blocks[other] = ([EMPTY] * SQUARES, [EMPTY] * SQUARES)
                self.shapes[other] = ([0] * _LINES, [0] * _LINES)
                self.line_scores[other] = ([0] * _LINES, [0] * _LINES)
        called: Called | None = None
        written: CallWritten | None = None
        for event in was.events:
            if isinstance(event, Called):
                called = event
            elif isinstance(event, CallWritten):
                written = event
            elif isinstance(event, Wrote) and event.seat != seat:
                other = event.seat
                assert called is not None
                seen = was._seen_side(other, called.letter, called.number) if over else None
                side = seen if seen is not None else rng.choice(SIDES)
                drawn.append(side)
                chose[other] = side
                event = wrote(other, side)
            elif isinstance(event, SquareWritten) and event.seat != seat:
                other = event.seat
                assert written is not None
                side = (self._forced_side(other, written.number) if written.forced
                        else chose[other])
                last_sides[other] = side
                event = self._write_square(other, side, written.letter, written.number)
            keep(event)
        self.events = events
        for other in choices:  # the call being written: the other seats' sides as drawn
            if other != seat:
                choices[other] = chose[other]
        return drawn

    def _redrawn_pads(self, seat: int, pads: JSON, rng: random.Random) -> JSON:
        """``seat``'s pad as dealt; every other pad numbered afresh, no two blocks alike."""
        own = [list(b) for b in pads[seat]]
        while True:
            out = []
            for s in range(self.players):
                if s == seat:
                    out.append(own)
                    continue
                blocks = []
                for _ in SIDES:
                    order = list(NUMBERS)
                    rng.shuffle(order)
                    blocks.append(order)
                out.append(blocks)
            every = [tuple(b) for pad in out for b in pad]
            if len(set(every)) == len(every):
                return out

    def _seen_side(self, seat: int, letter: str, number: int) -> Side | None:
        """Where ``seat`` wrote the first call of ``number`` (``letter``), as the final
        pads show it; None when both its squares of that number hold the same symbol."""
        left, right = (self.blocks[seat][k][self.square_of[seat][k][number]] for k in (0, 1))
        if left == right:
            return None
        return LEFT if left == letter else RIGHT

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome.from_keys([self.grand_total(s) for s in range(self.players)],
                                 reason=CALLS_DONE)

    def grand_total(self, seat: int) -> int:
        return self.pad_score(seat).grand_total

    def pad_score(self, seat: int) -> PadScore:
        """Totals A, B, C and D of ``seat``'s pad, of its kept circles (``line_scores``)."""
        return pad_totals(self.block_score(seat, 0), self.block_score(seat, 1))

    def block_score(self, seat: int, k: int) -> BlockScore:
        """The circles of block ``k`` (0 left, 1 right) of ``seat``'s pad, as kept."""
        return BlockScore(*circles(self.line_scores[seat][k]))

    def snapshot(self) -> JSON:
        return {
            "phase": self.phase,
            "caller": self.caller,
            "turns": self.turns,
            "called": self.called,
            "call": None if self.call is None else str(self.call),
            "choices": sorted(self.choices.items()),
            "numbers": [[list(b) for b in pad] for pad in self.numbers],
            "blocks": [["".join(b) for b in pad] for pad in self.blocks],
            "last": None if self.last is None else self.last.to_json(),
            "last_sides": self.last_sides,
        }

    # -- positions (read and written by ``positions.py``) ------------------------------------
    def set_up(self, setting: Setting) -> None:
        """Take a position, once ``positions.read_position`` has found it possible."""
        for numbering in setting.numbers:
            self._hand_out(numbering)
        self.phase = setting.phase
        self.blocks = setting.blocks
        self.shapes = [(line_shapes(left), line_shapes(right)) for left, right in self.blocks]
        self.line_scores = [(line_scores(left, self.words), line_scores(right, self.words))
                            for left, right in self.blocks]
        self.called = setting.called
        self.turns = setting.turns
        self.caller = setting.caller
        self.call = setting.call
        self.choices = setting.choices
        self._writing = self._still_writing() if self.phase == "write" else None
        self.used_up = sum(1 << n for n in NUMBERS if not still_callable(self.called[n]))
        self._open = open_calls(self.used_up)
        self.last = setting.last
        self.last_sides = setting.last_sides


def _pad_shown(blocks: tuple[BlockView, ...]) -> PadView:
    """A pad as its view shows it, of its blocks as shown: the totals added, of the
    circles each block shows (A and B the left block's Down and Across, C and D the
    right's)."""
    left, right = blocks
    a, b = sum(left["down"]), sum(left["across"])
    c, d = sum(right["down"]), sum(right["across"])
    bonuses, grand_total = bonuses_and_grand_total(a, b, c, d)
    return cast(PadView, FrozenDict({
        "left": left, "right": right,
        "totals": FrozenDict({"A": a, "B": b, "C": c, "D": d, "bonuses": bonuses,
                              "grand_total": grand_total})}))


#: Each square's row and column (``divmod(square, SIZE)``).
_ROW_COLUMN: tuple[tuple[int, int], ...] = tuple(divmod(square, SIZE) for square in range(SQUARES))
#: The lines of a block: its rows, then its columns (``board.LINES``).
_LINES = 2 * SIZE


def _inverse(numbers: tuple[int, ...]) -> list[int]:
    """Number -> square (index 0 unused)."""
    square_of = [0] * (SQUARES + 1)
    for square, number in enumerate(numbers):
        square_of[number] = square
    return square_of


# A variant, or a test's game with a hook left as ``Game`` has it, may subclass the
# definition: compiled by mypyc, that is allowed only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class Fluster(Game):
    """Fluster: call letters into two secret crossword blocks and score the words."""

    id: ClassVar[str] = "fluster"
    title: ClassVar[str] = "Fluster"
    credits: ClassVar[str] = "publisher unknown; listed in Sid Sackson's diary by 1973"
    blurb: ClassVar[str] = ("Letters are called out: write them into two secret word blocks "
                            "and score the words.")
    end_reasons: ClassVar[Mapping[str, str]] = {
        "calls-done": "Every number has been called: every block is full.",
    }
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    rules_version: ClassVar[str] = "2"
    default_bot: ClassVar[str] = "wordsmith"
    action_types: ClassVar[tuple[type, ...]] = (Call, Write)
    view_type: ClassVar[type | None] = FlusterView
    facts_type = FlusterFacts
    event_types: ClassVar[tuple[type[Event], ...]] = EVENT_TYPES
    options: ClassVar[tuple[Option, ...]] = (
        Option("dictionary", "",
               "the word list to score with, by its content hash (sha256:...): give "
               "your own list, one word a line, with --dictionary FILE (empty: the "
               "packaged English list)", load=use_file,
               label="Word list"),
    )

    def resolve_options(self, players: object, options: Mapping[str, Any]) -> dict[str, Any]:
        opts = super().resolve_options(players, options)
        # The list must be one this process loaded (never a path to open): a name that
        # is not fails here, with the other options, before anything starts.
        lookup(opts["dictionary"])
        return opts

    def _new(self, players: int, seed: int, **options: Any) -> FlusterState:
        opts = self.resolve_options(players, options)
        return FlusterState(self, players, seed, opts, lookup(opts["dictionary"]))

    def facts(self) -> FlusterFacts:
        return {"letters": LETTERS, "blank": BLANK, "numbers": list(NUMBERS)}

    def refers(self, action: FlusterAction) -> Refers:
        """A call refers to its letter (the Blank as the view writes it) and its number;
        writing in a block, to nothing (its text is the side)."""
        if isinstance(action, Call):
            return {"face": action.letter, "number": action.number}
        return {}

    def _parse_action(self, text: str) -> FlusterAction:
        return parse_action(text)

    # -- what the balance lab knows of the game (lab/length.py, lab/drama.py) ------------
    #: A call: the caller chooses a letter and a square to suit his own pad while the
    #: others wait, then everyone writes it.  A first call's block is chosen in secret
    #: (the bots choose it at time 0, so the time is all in settle_s: the slowest writer).
    #: The count at the end: four totals, bonuses, a Grand Total on every pad.
    pace: ClassVar[Pace] = Pace(think_s=10.0, settle_s=5.0, handle_s=0.0, overhead_s=120.0)

    def count_turns(self, events: Sequence[Event]) -> int:
        """A turn is a call (``Called``)."""
        return sum(1 for e in events if isinstance(e, Called))

    def standings(self, players: int) -> Standings:
        """No running standing: the pads are secret until they are scored at the end
        (``standings.FlusterStandings``, which is not ``running``)."""
        from gamenight.games.fluster.standings import FlusterStandings

        return FlusterStandings(players)


GAME = Fluster()
