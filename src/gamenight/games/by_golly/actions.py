"""The actions of By Golly!, every one a step of the player on turn.

A turn is a chain of small decisions, each one action with a fixed text:

* ``lay <animal>``: lay an animal card from the hand face up;
* ``turn <place>``: turn over the face-down chicken-run card at place 0-18;
* ``draw <seat>``: in the mess, draw one card blindly from that opponent;
* ``shuffle`` / ``keep``: after the mess, shuffle the cards turned this turn, or not;
* ``end``: turn the cards back face down (the turn is over).

The set is finite (15 + 19 + 6 + 3 = 43 actions) and each is made once, so the hot loop
of a simulation never builds one.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine import IllegalAction
from gamenight.games.by_golly.cards import ANIMALS, KINDS, PLACES

MAX_SEATS = 6


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay an animal card of this kind (0-14) from the hand face up."""

    animal: int

    def __str__(self) -> str:
        animal = self.animal
        # The engine writes every action's text into the history: each is made once.
        if type(animal) is int and 0 <= animal < KINDS:
            return _LAY_TEXT[animal]
        return f"lay {ANIMALS[animal]}"


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn over the face-down chicken-run card at this place (0-18)."""

    place: int

    def __str__(self) -> str:
        place = self.place
        if type(place) is int and 0 <= place < PLACES:
            return _TURN_TEXT[place]
        return f"turn {place}"


@dataclass(frozen=True, slots=True)
class Draw:
    """In the mess: draw one card blindly from this opponent (his hand, else his stack)."""

    seat: int

    def __str__(self) -> str:
        return f"draw {self.seat}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """After the mess: shuffle the cards turned over this turn among their places."""

    def __str__(self) -> str:
        return "shuffle"


@dataclass(frozen=True, slots=True)
class Keep:
    """After the mess: leave the cards turned over this turn where they lie."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class End:
    """Turn the chicken-run cards back face down: the turn is over."""

    def __str__(self) -> str:
        return "end"


_LAY_TEXT: tuple[str, ...] = tuple(f"lay {name}" for name in ANIMALS)
_TURN_TEXT: tuple[str, ...] = tuple(f"turn {place}" for place in range(PLACES))
LAYS: tuple[Lay, ...] = tuple(Lay(k) for k in range(KINDS))
TURNS: tuple[Turn, ...] = tuple(Turn(p) for p in range(PLACES))
DRAWS: tuple[Draw, ...] = tuple(Draw(s) for s in range(MAX_SEATS))
SHUFFLE = Shuffle()
KEEP = Keep()
END = End()

#: An action of the game (``GameState[ByGollyAction]``): the game has no window, so
#: no ``Pass``.
ByGollyAction = Lay | Turn | Draw | Shuffle | Keep | End
Action = ByGollyAction  # its short name inside the package (the encoding uses it)

#: Every action of the game, by its text.
ALL_ACTIONS: tuple[ByGollyAction, ...] = (*LAYS, *TURNS, *DRAWS, SHUFFLE, KEEP, END)
BY_TEXT: dict[str, ByGollyAction] = {str(a): a for a in ALL_ACTIONS}


def parse_action(text: str) -> ByGollyAction:
    """The action written as ``text``, e.g. 'lay hen', 'turn 7', 'draw 2', 'shuffle'."""
    action = BY_TEXT.get(" ".join(text.split()))
    if action is None:
        raise IllegalAction(
            f"not a By Golly! action: {text!r} (lay <animal>, turn <place 0-18>, "
            "draw <seat>, shuffle, keep or end)")
    return action
