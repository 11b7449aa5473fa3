"""Fluster positions: the whole state of a game as JSON a person can read and write.

The format (``rules.md`` has it with an example)::

    {"phase": "call", "caller": 1,
     "pads": [{"left":  {"numbers": [[7, 1, 19, 3, 25], ...5 rows],
                         "squares": ["AT.IT", ".....", ...5 rows]},
               "right": {...}},
              ...one pad per seat],
     "call": null,
     "choices": [null, null],
     "last": {"caller": 0, "letter": "T", "number": 12, "forced": false,
              "sides": ["left", "right"]}}

Only what cannot be worked out is written: how often each number has been called and
how many calls have been made follow from the squares filled (and the call being
written), so they are not part of it.  What is written twice for a reader's sake (the
phase, the caller, whether the last call was forced) must agree with the rest.

:func:`read_position` checks everything a pad at a real table obeys -- each block holds
the numbers 1 to 25 once, no two blocks alike, every player wrote every call, the same
letter on the same number, the caller by the order of play -- and raises
:class:`IllegalAction` naming the first thing that does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, get_args

from typing_extensions import TypedDict

from gamenight.engine import IllegalAction
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON, PositionFormat
from gamenight.games.fluster.actions import CALLS, Call
from gamenight.games.fluster.board import (
    BLANK,
    CALLS_PER_NUMBER,
    EMPTY,
    LETTERS,
    NUMBERS,
    SIDES,
    SIZE,
    SQUARES,
    TOTAL_CALLS,
    Side,
)
from gamenight.games.fluster.events import CallWritten
from gamenight.games.fluster.rules import Fluster, FlusterState, Setting
from gamenight.games.fluster.views import Phase
from gamenight.games.fluster.words import lookup

PHASES: tuple[Phase, ...] = get_args(Phase)


class BlockPosition(TypedDict):
    numbers: list[list[int]]  # 5 rows of 5: the number printed in each square
    squares: list[str]  # 5 rows of 5 characters: "." empty, "#" a Blank, A-Z


class PadPosition(TypedDict):
    left: BlockPosition
    right: BlockPosition


class CallPosition(TypedDict):
    letter: str  # A-Z, or "#" for a Blank ("blank" and lower case are read too)
    number: int


class LastPosition(TypedDict):
    caller: int
    letter: str
    number: int
    forced: bool
    sides: list[Side]  # per seat: the block it wrote the last call in


class FlusterPosition(TypedDict):
    """The game-specific part of a Fluster position (``GameState.position()["state"]``)."""

    phase: Phase
    caller: int
    pads: list[PadPosition]  # one per seat; [] before they are handed out
    call: CallPosition | None  # the call being written (phase "write")
    choices: list[Side | None]  # per seat: where it has written that call, in secret
    last: LastPosition | None  # the last call everyone has written


KEYS = tuple(FlusterPosition.__annotations__)


# -- writing -------------------------------------------------------------------------------
def position_of(state: FlusterState) -> FlusterPosition:
    """``state`` as a position."""
    pads: list[PadPosition] = []
    for seat in range(len(state.numbers)):
        left, right = (_block_position(state.numbers[seat][k], state.blocks[seat][k])
                       for k in (0, 1))
        pads.append({"left": left, "right": right})
    call = state.call
    last = state.last
    return {
        "phase": state.phase,
        "caller": state.caller,
        "pads": pads,
        "call": None if call is None else {"letter": call.letter, "number": call.number},
        "choices": [state.choices.get(seat) for seat in range(state.players)],
        "last": None if last is None else {
            "caller": last.caller, "letter": last.letter, "number": last.number,
            "forced": last.forced,
            "sides": [side for side in state.last_sides if side is not None]},
    }


def _block_position(numbers: Sequence[int], squares: Sequence[str]) -> BlockPosition:
    return {"numbers": [list(numbers[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)],
            "squares": ["".join(squares[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]}


# -- reading -------------------------------------------------------------------------------
def read_game(game: Fluster, players: int, seed: int, options: dict[str, Any],
              data: JSON) -> FlusterState:
    """The game in the position whose game-specific part is ``data``."""
    setting = read_position(players, data)
    state = FlusterState(game, players, seed, options, lookup(options["dictionary"]))
    state.set_up(setting)
    return state


def read_position(players: int, data: object) -> Setting:
    """The setting of a position's ``state`` at a table of ``players``; IllegalAction
    naming what no game of Fluster could reach."""
    if not isinstance(data, dict):
        raise IllegalAction(f"a Fluster position's state is an object with {_keys()}, "
                            f"not {describe(data)}")
    missing = [key for key in KEYS if key not in data]
    unknown = sorted(str(key) for key in data if key not in KEYS)
    if missing or unknown:
        raise IllegalAction(f"a Fluster position's state has {_keys()}"
                            + (f"; {', '.join(missing)} missing" if missing else "")
                            + (f"; no {', '.join(unknown)}" if unknown else ""))
    phase = data["phase"]
    if phase not in PHASES:
        raise IllegalAction(f"phase is one of {', '.join(PHASES)}, not {describe(phase)}")
    numbers, blocks = _pads(players, phase, data["pads"])
    called = _called(numbers, blocks)
    written = sum(called)  # calls everyone has written
    if phase == "call" and written == TOTAL_CALLS:
        raise IllegalAction("every square is filled, so the phase is over, not call")
    if phase == "over" and written < TOTAL_CALLS:
        raise IllegalAction(f"the game is over only when every square is filled: "
                            f"{TOTAL_CALLS - written} calls are left")
    call = _call(phase, data["call"], called)
    choices = _choices(players, phase, data["choices"])
    turns = written + (call is not None)
    caller = _caller(players, phase, written, data["caller"])
    last, last_sides = _last(players, data["last"], written, called, numbers, blocks)
    if call is not None:
        called[call.number] += 1
    return Setting(phase, caller, numbers, blocks, called, turns, call, choices, last,
                   last_sides)


def _keys() -> str:
    return ", ".join(KEYS[:-1]) + f" and {KEYS[-1]}"


def _pads(players: int, phase: Phase, pads: object
          ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]],
                     list[tuple[list[str], list[str]]]]:
    if not isinstance(pads, list):
        raise IllegalAction(f"pads is a list of each seat's pad, not {describe(pads)}")
    if phase == "setup":
        if pads:
            raise IllegalAction("in phase setup the pads are not handed out yet: pads is []")
        return [], [([EMPTY] * SQUARES, [EMPTY] * SQUARES) for _ in range(players)]
    if len(pads) != players:
        raise IllegalAction(f"pads holds one pad for each of the {players} players, "
                            f"not {len(pads)}")
    numbers = []
    blocks = []
    seen: dict[tuple[int, ...], str] = {}
    for seat, pad in enumerate(pads):
        if not isinstance(pad, dict) or sorted(pad) != sorted(SIDES):
            raise IllegalAction(f"seat {seat}'s pad is an object with a left and a right "
                                "block")
        numbered: list[tuple[int, ...]] = []
        written: list[list[str]] = []
        for side in SIDES:
            name = f"seat {seat}'s {side} block"
            block = pad[side]
            if not isinstance(block, dict) or sorted(block) != ["numbers", "squares"]:
                raise IllegalAction(f"{name} is an object with numbers and squares")
            order = _numbers(name, block["numbers"])
            if order in seen:
                raise IllegalAction(f"{name} is numbered like {seen[order]}: no two blocks "
                                    "are identical")
            seen[order] = name
            numbered.append(order)
            written.append(_squares(name, block["squares"]))
        numbers.append((numbered[0], numbered[1]))
        blocks.append((written[0], written[1]))
    return numbers, blocks


def _rows(name: str, what: str, rows: object) -> list[object]:
    """5 rows of 5 (or, as forgiven, the 25 row by row in one list or text)."""
    if isinstance(rows, list | str) and len(rows) == SQUARES:
        return list(rows)
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise IllegalAction(f"{name}'s {what} are 5 rows of 5, not {_size(rows)}")
    out: list[object] = []
    for r, row in enumerate(rows, start=1):
        if not isinstance(row, list | str) or len(row) != SIZE:
            raise IllegalAction(f"{name}'s {what} are 5 rows of 5: row {r} is {_size(row)}")
        out += row
    return out


def _size(rows: object) -> str:
    if isinstance(rows, list):
        return f"a list of {len(rows)}"
    if isinstance(rows, str):
        return f"a text of {len(rows)}"
    return describe(rows)


def _numbers(name: str, rows: object) -> tuple[int, ...]:
    numbers = _rows(name, "numbers", rows)
    for number in numbers:
        if type(number) is not int or number not in NUMBERS:
            raise IllegalAction(f"{name} holds {describe(number)}: its squares are "
                                "numbered 1 to 25")
    for number in NUMBERS:
        count = numbers.count(number)
        if count != 1:
            raise IllegalAction(f"{name} holds number {number} {_times(count)}: each of "
                                "1 to 25 appears once in each block")
    return tuple(numbers)  # type: ignore[arg-type]  # whole numbers 1-25, checked above


def _times(count: int) -> str:
    return {0: "nowhere", 2: "twice"}.get(count, f"{count} times")


def _squares(name: str, rows: object) -> list[str]:
    squares = _rows(name, "squares", rows)
    out = []
    for square in squares:
        symbol = square.upper() if isinstance(square, str) else square
        if symbol not in _SQUARE_SYMBOLS:
            raise IllegalAction(f"{name} holds {describe(square)}: a square holds "
                                f"'{EMPTY}' (nothing yet), '{BLANK}' (a Blank) or a letter A-Z")
        out.append(str(symbol))
    return out


_SQUARE_SYMBOLS = frozenset((*LETTERS, BLANK, EMPTY))


def _filled(numbers: tuple[tuple[int, ...], tuple[int, ...]],
            blocks: tuple[list[str], list[str]], number: int) -> list[str]:
    """What is written on the squares of ``number`` of one pad (left, right), empty
    squares left out."""
    return [blocks[k][numbers[k].index(number)] for k in (0, 1)
            if blocks[k][numbers[k].index(number)] != EMPTY]


def _called(numbers: list[tuple[tuple[int, ...], tuple[int, ...]]],
            blocks: list[tuple[list[str], list[str]]]) -> list[int]:
    """How often each number has been called and written (index 0 unused): the squares
    of it filled, the same on every pad, holding the same symbols."""
    called = [0] * (SQUARES + 1)
    if not numbers:
        return called
    for number in NUMBERS:
        first = sorted(_filled(numbers[0], blocks[0], number))
        for seat in range(1, len(numbers)):
            other = sorted(_filled(numbers[seat], blocks[seat], number))
            if len(other) != len(first):
                raise IllegalAction(
                    f"number {number} is written on {len(first)} square(s) of seat 0's pad "
                    f"but {len(other)} of seat {seat}'s: everyone writes every call")
            if other != first:
                raise IllegalAction(
                    f"number {number} holds {' and '.join(first)} on seat 0's pad but "
                    f"{' and '.join(other)} on seat {seat}'s: everyone writes the same call")
        called[number] = len(first)
    return called


def _symbol(where: str, letter: object) -> str:
    """A called symbol: A-Z or "#" (forgiven: lower case, "blank")."""
    if isinstance(letter, str):
        symbol = BLANK if letter.lower() == "blank" else letter.upper()
        if symbol in LETTERS or symbol == BLANK:
            return symbol
    raise IllegalAction(f"{where}'s letter is A-Z or '{BLANK}' (a Blank), "
                        f"not {describe(letter)}")


def _number(where: str, number: object) -> int:
    if type(number) is not int or number not in NUMBERS:
        raise IllegalAction(f"{where}'s number is 1 to 25, not {describe(number)}")
    return number


def _call(phase: Phase, data: object, called: list[int]) -> Call | None:
    if phase != "write":
        if data is not None:
            raise IllegalAction(f"a call is being written only in phase write, not {phase}: "
                                "call is null")
        return None
    if not isinstance(data, dict) or sorted(data) != ["letter", "number"]:
        raise IllegalAction("in phase write, call is the call being written: an object with "
                            f"its letter and number, not {describe(data)}")
    letter = _symbol("the call being written", data["letter"])
    number = _number("the call being written", data["number"])
    if called[number]:
        raise IllegalAction(f"number {number} is written already, so the call being written "
                            f"cannot be {number}: a number's second call is written at once, "
                            "with no choice")
    return CALLS[(letter, number)]


def _choices(players: int, phase: Phase, data: object) -> dict[int, Side]:
    if not isinstance(data, list) or len(data) != players:
        raise IllegalAction(f"choices is, for each of the {players} players, where it has "
                            f"written the call being written (left, right or null), "
                            f"not {_size(data)}")
    for seat, side in enumerate(data):
        if side is not None and side not in SIDES:
            raise IllegalAction(f"seat {seat}'s choice is left, right or null, "
                                f"not {describe(side)}")
    choices: dict[int, Side] = {seat: SIDES[SIDES.index(side)]
                                for seat, side in enumerate(data) if side is not None}
    if phase != "write" and choices:
        raise IllegalAction(f"players choose a block only in phase write, not {phase}: "
                            "choices are all null")
    if phase == "write" and len(choices) == players:
        raise IllegalAction("every player has written the call, so it is written on the pads "
                            "already: at least one choice is null")
    return choices


def _caller(players: int, phase: Phase, written: int, caller: object) -> int:
    """Seat 0 begins and the call passes clockwise: after ``written`` calls, the next is
    seat ``written % players``'s (over: the last was ``(written - 1) % players``'s)."""
    expected = 0 if phase == "setup" else (written - (phase == "over")) % players
    if type(caller) is not int or caller != expected:
        whose = {"setup": "seat 0 begins",
                 "over": f"the last call, the {TOTAL_CALLS}th, was seat {expected}'s"}.get(
            phase, f"after {written} calls written it is seat {expected}'s call")
        raise IllegalAction(f"caller {describe(caller)} is not the caller: seat 0 begins and "
                            f"the call passes clockwise, so {whose}")
    return caller


def _last(players: int, data: object, written: int, called: list[int],
          numbers: list[tuple[tuple[int, ...], tuple[int, ...]]],
          blocks: list[tuple[list[str], list[str]]]
          ) -> tuple[CallWritten | None, list[Side | None]]:
    if written == 0:
        if data is not None:
            raise IllegalAction("no call has been written yet, so last is null")
        return None, [None] * players
    keys = sorted(LastPosition.__annotations__)
    if not isinstance(data, dict) or sorted(data) != keys:
        raise IllegalAction(f"{written} calls have been written: last is the last of them, "
                            f"an object with {', '.join(keys)}, not {describe(data)}")
    letter = _symbol("the last call", data["letter"])
    number = _number("the last call", data["number"])
    if not called[number]:
        raise IllegalAction(f"the last call, {number}, is written on no pad")
    caller = (written - 1) % players
    if data["caller"] != caller or type(data["caller"]) is not int:
        raise IllegalAction(f"the last call was made by seat {caller} (seat 0 begins and the "
                            f"call passes clockwise), not by {describe(data['caller'])}")
    forced = called[number] == CALLS_PER_NUMBER
    if data["forced"] is not forced:
        raise IllegalAction(f"the last call, {number}, was its number's "
                            f"{'second' if forced else 'first'} call: forced is "
                            f"{'true' if forced else 'false'}")
    sides = data["sides"]
    if not isinstance(sides, list) or len(sides) != players:
        raise IllegalAction(f"the last call's sides are, for each of the {players} players, "
                            f"the block it wrote it in (left or right), not {_size(sides)}")
    for seat, side in enumerate(sides):
        if side not in SIDES:
            raise IllegalAction(f"seat {seat} wrote the last call in its left or right block, "
                                f"not {describe(side)}")
        k = SIDES.index(side)
        there = blocks[seat][k][numbers[seat][k].index(number)]
        if there != letter:
            raise IllegalAction(f"seat {seat} wrote the last call, {letter} {number}, in its "
                                f"{side} block, but square {number} there holds {there}")
    return (CallWritten(caller, letter, number, forced),
            [SIDES[SIDES.index(side)] for side in sides])


#: The format the game is given (``games/fluster/__init__.py``).
FORMAT = PositionFormat(read=read_game, write=position_of)  # type: ignore[arg-type]
