"""The shape of a FLY view, as ``_view`` builds it (published by ``gamenight schema fly``).

Everything at a FLY table is public, so a seat's view and a spectator's have the same
shape and the same content but for ``seat`` (None for a spectator); FLY has no reaction
window, so a view asked for at a moment (``at_ms``) is the view now.  Lengths are inches,
angles degrees, places counted from 0 in reading order (row 1 from the box, then rows 2
and 3).

Colours and symbols are texts rather than literals: the deck is data in ``cards``
(``COLOURS``, ``SYMBOLS``) and is changed there alone.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from typing_extensions import NotRequired, TypedDict  # noqa: UP035 -- pydantic reads these on 3.11

from gamenight.engine.outcome import OutcomeJSON

#: What the game waits for: the shuffled layout (chance), the drop of the player with the
#: swatter, the landing of a swatter in the air (chance), or nothing: it is over.
Phase = Literal["layout", "aim", "landing", "over"]


class CardView(TypedDict):
    """A table card, face up: a fly's colour, symbol and place on its card (its offset
    from the card's top-left corner); a blank card has none."""

    id: int
    blank: bool
    colour: NotRequired[str]
    symbol: NotRequired[str]
    place: NotRequired[list[float]]


class TableCardView(CardView):
    """A card on the table: its place, and where its fly lies on the table (None for a
    blank)."""

    slot: int
    fly: list[float] | None


class SwatterView(TypedDict):
    width: float
    length: float


class FlutterView(TypedDict):
    """How far a falling swatter drifts (standard deviations, the steadiness applied)."""

    sigma_pos: float
    sigma_angle: float


class AimView(TypedDict):
    x: float
    y: float
    angle: int


class LandingView(TypedDict):
    x: float
    y: float
    angle: float


#: How a card moves in consolidation: it slides toward the box within its row, or moves
#: up from the end of the lowest row to the end of a row above.
MoveKind = Literal["slide", "up"]
#: A card moved in consolidation: from and to (row, column).  ("from" is a keyword, so
#: the type is written the functional way.)
MoveView = TypedDict("MoveView", {"card": int, "kind": MoveKind, "from": list[int],
                                  "to": list[int]})


class Move(NamedTuple):
    """One card moved during consolidation, from (row, column) to (row, column).

    ``slide``: toward the box within its row; ``up``: from the right end of the lowest
    row to the end of a row above.  (A named tuple: cheap to make in the hot loop.  Here,
    not in the compiled ``table``: events carry it, and pydantic reads their fields.)
    """

    card: int
    kind: MoveKind
    source: tuple[int, int]
    target: tuple[int, int]

    def to_json(self) -> MoveView:
        return {"card": self.card, "kind": self.kind, "from": list(self.source),
                "to": list(self.target)}


class LastDropView(TypedDict):
    """The latest drop: who dropped, the aim, the landing, the cards it covered, the table
    (card ids by place) as the swatter landed on it, and the consolidation moves after."""

    seat: int
    aim: AimView
    landing: LandingView
    covered: list[int]
    before: list[int]
    moves: list[MoveView]


#: The result, once the game is over (``Outcome.to_json``).
OutcomeView = OutcomeJSON


class FlyView(TypedDict):
    """What a seat (or a spectator, ``seat`` None) sees of a FLY table: all of it."""

    game: Literal["fly"]
    seat: int | None
    players: int
    phase: Phase
    drops: int
    max_drops: int
    current: int
    table: list[TableCardView]
    collected: list[list[CardView]]
    scores: list[int]
    swatter: SwatterView
    fly_diameter: float
    flutter: FlutterView
    aim: AimView | None
    last_drop: LastDropView | None
    outcome: NotRequired[OutcomeView]
