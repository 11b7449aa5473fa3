"""By Golly! positions: the whole table as JSON a person can read and write by hand.

``ByGollyState.position()`` gives one, ``GAME.from_position(data)`` sets a game up from
one (the format, with an example, is in rules.md).  Cards are named (``"hen"``,
``"poo"``); a stack is listed bottom card first, the cards out for good and in the box in
the order they went there.  A position is checked whole before a state is built: every
animal card exists exactly once (three of each kind), the chicken run holds its 19 cards,
the box what the deal leaves over, and the phase fits the rest (a card is laid only while
a chicken-run card is to be turned over, the cards face up before the last one were
matches, a game not over has nobody without cards).  Each refusal is an
``IllegalAction`` naming the problem.  Names are read forgivingly (``" Hen"`` is a hen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

from gamenight.engine import IllegalAction
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON, PositionFormat
from gamenight.games.by_golly.cards import (
    ANIMAL_CARDS,
    ANIMALS,
    COPIES,
    DEAL,
    FACE_NAMES,
    KIND_OF_NAME,
    KINDS,
    PLACES,
    POO,
    POO_CARDS,
    RUN_FACE,
    SHOVEL,
    SHOVEL_CARDS,
    AnimalName,
    FaceName,
)
from gamenight.games.by_golly.rules import ByGolly, ByGollyState, mess_draws
from gamenight.games.by_golly.views import PHASES, Phase


class ByGollyPosition(TypedDict):
    """The game-specific part of a position (``Position.state``)."""

    phase: Phase
    turn: int  # turns played so far
    current: int  # the player on turn
    run: list[FaceName]  # the face at each of the 19 places, face up or down ([]: not dealt)
    face_up: list[int]  # the places turned over this turn, in the order turned
    laid: AnimalName | None  # the animal card lying in front of the player on turn
    hands: list[list[AnimalName]]  # per seat
    stacks: list[list[AnimalName]]  # per seat, bottom card first
    discarded: list[AnimalName]  # out for good, in the order they went out
    box: list[AnimalName]  # left over from the deal
    draws_left: int  # cards still to draw in the mess
    drawing_from: int | None  # whose hand the blind draw due now is from (phase draw)
    winner: int | None
    truncated: bool  # the safety cap on turns ended the game


KEYS: frozenset[str] = frozenset(ByGollyPosition.__annotations__)
#: Animal cards per kind in all places, and chicken-run cards per face.
CARDS_OF_A_KIND = COPIES
RUN_COUNTS: Counter[int] = Counter(RUN_FACE)
#: The most cards the mess can ask for (after the second poo).
MOST_DRAWS = mess_draws(POO)
#: The phases in which a card lies laid before the player on turn.
LAID_PHASES: frozenset[Phase] = frozenset({"turn", "second"})
#: The phases after the poo and the second card (the mess, or the shuffle it allows).
AFTER_SECOND: frozenset[Phase] = frozenset({"mess", "draw", "shuffle", "shuffling"})


def position_of(state: ByGollyState) -> ByGollyPosition:
    """The whole state as a position (hidden cards included)."""
    return {
        "phase": state.phase,
        "turn": state.turns,
        "current": state.current,
        "run": [FACE_NAMES[face] for face in state.run],
        "face_up": list(state.turned),
        "laid": None if state.laid is None else ANIMALS[state.laid],
        "hands": [[ANIMALS[k] for k in range(KINDS) for _ in range(hand[k])]
                  for hand in state.hands],
        "stacks": [[ANIMALS[k] for k in stack] for stack in state.stacks],
        "discarded": [ANIMALS[k] for k in state.discarded],
        "box": [ANIMALS[k] for k in state.box],
        "draws_left": state.draws_left,
        "drawing_from": state.draw_from,
        "winner": state.winner,
        "truncated": state.truncated,
    }


def read(game: ByGolly, players: int, seed: int, options: dict[str, Any],
         data: JSON) -> ByGollyState:
    """The game in the position whose game-specific part is ``data``."""
    state = ByGollyState(game, players, seed, options)
    set_up(state, data)
    return state


def set_up(state: ByGollyState, data: object) -> None:
    """Lay out the new game ``state`` as the position ``data`` says, once it is found
    possible; IllegalAction naming the problem otherwise."""
    reader = _Reader(state.players, int(state.options["max_turns"]))
    fields = reader.read(data)
    reader.check(fields)
    state.phase = fields.phase
    state.turns = fields.turn
    state.current = fields.current
    state.run = list(fields.run)
    state.turned = list(fields.face_up)
    state.up = [place in fields.face_up for place in range(PLACES)]
    state.laid = fields.laid
    state.hands = [[hand.count(k) for k in range(KINDS)] for hand in fields.hands]
    state.hand_sizes = [len(hand) for hand in fields.hands]
    state.stacks = [list(stack) for stack in fields.stacks]
    state.discarded = list(fields.discarded)
    state.box = list(fields.box)
    state.draws_left = fields.draws_left
    state.draw_from = fields.drawing_from
    state.winner = fields.winner
    state.truncated = fields.truncated
    if state.phase == "mess" and not state.opponents_with_cards():
        raise IllegalAction(f"in phase mess some opponent of seat {state.current} has a card "
                            "he may draw (with none, the mess is over: phase shuffle)")


@dataclass(slots=True)
class _Fields:
    """A position's fields read, cards as kinds (0-14, and 15/16 for poo and shovel)."""

    phase: Phase = "deal"
    turn: int = 0
    current: int = 0
    run: list[int] = field(default_factory=list)
    face_up: list[int] = field(default_factory=list)
    laid: int | None = None
    hands: list[list[int]] = field(default_factory=list)
    stacks: list[list[int]] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    box: list[int] = field(default_factory=list)
    draws_left: int = 0
    drawing_from: int | None = None
    winner: int | None = None
    truncated: bool = False


class _Reader:
    """Reads a position's fields, then checks that they fit together."""

    def __init__(self, players: int, max_turns: int) -> None:
        self.players = players
        self.max_turns = max_turns

    # -- reading each field ---------------------------------------------------------------
    def read(self, data: object) -> _Fields:
        if not isinstance(data, dict):
            raise IllegalAction(f"a By Golly! position's state is an object, not "
                                f"{describe(data)}")
        missing = sorted(KEYS - set(data))
        unknown = sorted(str(key) for key in set(data) - KEYS)
        if missing:
            raise IllegalAction(f"a By Golly! position lacks {', '.join(missing)}")
        if unknown:
            raise IllegalAction(f"a By Golly! position has no {', '.join(unknown)}")
        f = _Fields()
        phase = data["phase"]
        if phase not in PHASES:
            raise IllegalAction(f"phase is one of {', '.join(PHASES)}, not {describe(phase)}")
        f.phase = phase
        f.turn = _whole(data["turn"], "turn", 0, self.max_turns)
        f.current = self._seat(data["current"], "current")
        f.run = [_face(name, f"run place {place}", FACE_NAMES)
                 for place, name in enumerate(_list(data["run"], "run"))]
        f.face_up = [_whole(place, "a place in face_up", 0, PLACES - 1)
                     for place in _list(data["face_up"], "face_up")]
        if len(set(f.face_up)) < len(f.face_up):
            raise IllegalAction(f"face_up names a place twice: {f.face_up}")
        laid = data["laid"]
        f.laid = None if laid is None else _face(laid, "laid", ANIMALS)
        f.hands = self._per_seat(data["hands"], "hands")
        f.stacks = self._per_seat(data["stacks"], "stacks")
        f.discarded = _animals(data["discarded"], "discarded")
        f.box = _animals(data["box"], "box")
        f.draws_left = _whole(data["draws_left"], "draws_left", 0, MOST_DRAWS)
        source = data["drawing_from"]
        f.drawing_from = None if source is None else self._seat(source, "drawing_from")
        winner = data["winner"]
        f.winner = None if winner is None else self._seat(winner, "winner")
        truncated = data["truncated"]
        if not isinstance(truncated, bool):
            raise IllegalAction(f"truncated is true or false, not {describe(truncated)}")
        f.truncated = truncated
        return f

    def _seat(self, value: object, what: str) -> int:
        return _whole(value, what, 0, self.players - 1)

    def _per_seat(self, value: object, what: str) -> list[list[int]]:
        rows = _list(value, what)
        if len(rows) != self.players:
            raise IllegalAction(f"{what} holds a list for each of the {self.players} "
                                f"players, not {len(rows)}")
        return [_animals(row, f"{what} of seat {seat}") for seat, row in enumerate(rows)]

    # -- checking that they fit together ------------------------------------------------
    def check(self, f: _Fields) -> None:
        if f.phase == "deal":
            self._undealt(f)
            return
        self._cards(f)
        self._run(f)
        if f.phase == "over":
            self._over(f)
        else:
            self._playing(f)

    def _undealt(self, f: _Fields) -> None:
        """Before the deal nothing is dealt and nothing has happened."""
        dealt = {"turn": f.turn, "current": f.current, "run": f.run, "face_up": f.face_up,
                 "laid": f.laid, "hands": [h for h in f.hands if h],
                 "stacks": [s for s in f.stacks if s], "discarded": f.discarded,
                 "box": f.box, "draws_left": f.draws_left, "drawing_from": f.drawing_from,
                 "winner": f.winner, "truncated": f.truncated}
        for key, value in dealt.items():
            if value:
                raise IllegalAction(f"before the deal (phase deal) {key} is empty, 0 or "
                                    f"null, not {describe(value)}")

    def _cards(self, f: _Fields) -> None:
        """Every animal card exists once: three of each kind, the box as the deal left it."""
        counts = Counter(f.discarded + f.box)
        for group in (*f.hands, *f.stacks):
            counts.update(group)
        if f.laid is not None:
            counts[f.laid] += 1
        for k in range(KINDS):
            if counts[k] != CARDS_OF_A_KIND:
                raise IllegalAction(
                    f"the position holds {CARDS_OF_A_KIND} {ANIMALS[k]} cards in all (hands, "
                    f"stacks, laid, discarded and box), not {counts[k]}: each animal card "
                    f"exists once, {CARDS_OF_A_KIND} of each animal, {ANIMAL_CARDS} in all")
        boxed = ANIMAL_CARDS - DEAL[self.players] * self.players
        if len(f.box) != boxed:
            raise IllegalAction(f"the box holds the {boxed} cards the deal leaves over with "
                                f"{self.players} players, not {len(f.box)}")

    def _run(self, f: _Fields) -> None:
        """The chicken run holds its 19 cards: each animal once, 2 poo, 2 shovels."""
        if len(f.run) != PLACES:
            raise IllegalAction(f"the chicken run has {PLACES} places, not {len(f.run)}")
        counts = Counter(f.run)
        for face, count in RUN_COUNTS.items():
            if counts[face] != count:
                raise IllegalAction(
                    f"the chicken run shows {FACE_NAMES[face]} {counts[face]} times, not "
                    f"{count}: it holds each animal once, {POO_CARDS} poo and "
                    f"{SHOVEL_CARDS} shovels")

    def _over(self, f: _Fields) -> None:
        if f.laid is not None or f.drawing_from is not None:
            raise IllegalAction("once the game is over no card is laid (laid) and none is "
                                "being drawn (drawing_from)")
        if f.truncated:
            if f.winner is not None:
                raise IllegalAction("a game the safety cap ended (truncated) has no winner")
            if f.turn != self.max_turns:
                raise IllegalAction(f"the safety cap ends a game after max_turns="
                                    f"{self.max_turns} turns, not {f.turn}")
            if f.face_up or f.draws_left:
                raise IllegalAction("the safety cap ends a game between turns: no card face "
                                    "up (face_up) and none to draw (draws_left)")
            return
        if f.winner is None:
            raise IllegalAction("a game over has a winner, or was ended by the safety cap "
                                "(truncated)")
        left = len(f.hands[f.winner]) + len(f.stacks[f.winner])
        if left:
            raise IllegalAction(f"seat {f.winner} won but still holds {left} card(s): the "
                                "first player to get rid of all his cards wins")

    def _playing(self, f: _Fields) -> None:
        phase, seat = f.phase, f.current
        if f.winner is not None or f.truncated:
            raise IllegalAction(f"in phase {phase} the game is not over: no winner, not "
                                "truncated")
        if f.turn >= self.max_turns:
            raise IllegalAction(f"turn {f.turn} is past the safety cap max_turns="
                                f"{self.max_turns}, yet the game is not over")
        for other in range(self.players):
            held = len(f.hands[other]) + len(f.stacks[other])
            if not held and not (other == seat and f.laid is not None):
                raise IllegalAction(f"seat {other} has no cards left, so he has won: the "
                                    "phase would be over")
        if (f.laid is not None) != (phase in LAID_PHASES):
            raise IllegalAction(
                f"in phase {phase} " + ("an animal card lies laid (laid)" if
                                        phase in LAID_PHASES else "no card is laid (laid)"))
        if phase == "lay" and not f.hands[seat]:
            raise IllegalAction(f"in phase lay seat {seat} has a card in his hand to lay "
                                "(with none, his turn is only its end: phase end)")
        self._face_up(f)
        self._mess(f)

    def _face_up(self, f: _Fields) -> None:
        """The cards face up tell the turn so far: matches (animals that went out), then
        in the last one or two places what ended or stopped the chain."""
        faces = [f.run[place] for place in f.face_up]
        phase = f.phase
        if phase == "second":
            tail = 1
            if not faces or faces[-1] != POO:
                raise IllegalAction("in phase second the last card turned over (face_up) "
                                    "is chicken poo")
        elif phase in AFTER_SECOND:
            tail = 2
            if len(faces) < 2 or faces[-2] != POO:
                raise IllegalAction(f"in phase {phase} the last two cards turned over "
                                    "(face_up) are chicken poo and the second card")
            if phase in ("mess", "draw") and faces[-1] == SHOVEL:
                raise IllegalAction(f"in phase {phase} the second card is no shovel: a "
                                    "shovel buries the mess")
        elif phase == "end":
            tail = 1 if faces else 0
            if faces and faces[-1] == POO:
                raise IllegalAction("in phase end no chicken poo lies face up: after the "
                                    "poo a second card is turned over at once")
        else:  # lay, turn: every card turned over so far matched
            tail = 0
        out = Counter(f.discarded)
        for place in f.face_up[:len(faces) - tail]:
            face = f.run[place]
            if face >= KINDS:
                raise IllegalAction(f"in phase {phase} the {FACE_NAMES[face]} at place "
                                    f"{place} cannot lie face up: the cards before the last "
                                    "are matches")
            if not out[face]:
                raise IllegalAction(f"the {ANIMALS[face]} at place {place} lies face up as "
                                    f"a match, so a {ANIMALS[face]} is out (discarded)")
            out[face] -= 1

    def _mess(self, f: _Fields) -> None:
        phase, seat = f.phase, f.current
        if phase not in ("mess", "draw"):
            if f.draws_left or f.drawing_from is not None:
                raise IllegalAction(f"in phase {phase} nobody is drawing in the mess "
                                    "(draws_left 0, drawing_from null)")
            return
        second = f.run[f.face_up[-1]]
        most = mess_draws(second)
        if phase == "mess" and not 1 <= f.draws_left <= most:
            raise IllegalAction(f"in phase mess after {FACE_NAMES[second]} seat {seat} has "
                                f"1 to {most} cards to draw, not {f.draws_left}")
        if phase == "mess":
            if f.drawing_from is not None:
                raise IllegalAction("in phase mess no blind draw is due yet (drawing_from)")
            return
        if f.draws_left >= most:
            raise IllegalAction(f"in phase draw a card is being drawn, so fewer than {most} "
                                f"are left to draw after {FACE_NAMES[second]}, not "
                                f"{f.draws_left}")
        victim = f.drawing_from
        if victim is None or victim == seat or not f.hands[victim]:
            raise IllegalAction(f"in phase draw seat {seat} draws blindly from an "
                                "opponent's hand (drawing_from), which holds a card")


# -- reading one value --------------------------------------------------------------------
def _whole(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(f"{what} is a whole number from {low} to {high}, "
                            f"not {describe(value)}")
    return value


def _list(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise IllegalAction(f"{what} is a list, not {describe(value)}")
    return value


def _face(value: object, what: str, names: Sequence[str]) -> int:
    """The kind a card's name stands for (any case, any spaces around it)."""
    name = " ".join(value.split()).lower() if isinstance(value, str) else None
    if name is None or name not in names:
        raise IllegalAction(f"{what} is a card's name ({', '.join(names)}), "
                            f"not {describe(value)}")
    return KIND_OF_NAME[name]


def _animals(value: object, what: str) -> list[int]:
    return [_face(name, f"a card of {what}", ANIMALS) for name in _list(value, what)]


#: The format the game is given (``games/by_golly/__init__.py``).
FORMAT = PositionFormat(read=read, write=position_of)  # type: ignore[arg-type]
