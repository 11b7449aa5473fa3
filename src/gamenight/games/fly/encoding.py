"""FLY for the research adapters: a discrete set of aims, and the public table as numbers.

FLY's aim is a continuum (any point over the table, any angle); the landing is chance
around it.  The adapters want a fixed number of actions, so the encoding offers a
documented finite set of aims (docs/interop/fly.md):

* indices ``0 .. 242``: the rules' own aim grid (``actions.AIM_GRID``), 9 aims over each
  of the 27 card places, place-major: index ``9 * place + k`` is ``AIM_GRID[9 * place + k]``.
  Legal over the places that still hold a card, exactly the state's ``legal_actions``.
* indices ``243 .. 350``: *pair* aims.  ``243 + 4 * place + direction``: the swatter
  centred between the fly at ``place`` and the fly of its neighbour in ``direction``
  (right, down, down-right, down-left), its long side along the line joining them.
* indices ``351 .. 458``: *triple* aims.  ``351 + 4 * place + direction``: three places
  in a line centred on ``place`` (the neighbours one step back and one step on in
  ``direction``), the swatter along the line joining the outer two, centred on the three.

A pair or triple slot is legal only when its aim exists now (every place holds a fly),
lies over the table, covers all its flies if the swatter fell true (the rules' own
cover test), and is not already offered at a lower legal index.  Landings stay chance:
OpenSpiel sees them as sampled.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import ClassVar, get_args

import numpy as np

from gamenight.engine import Game, IllegalAction, View
from gamenight.engine.game import JSON
from gamenight.games.fly.actions import (
    AIM_GRID,
    AIMS_PER_PLACE,
    GRID_FOR_CARDS,
    Drop,
    FlyAction,
    aim_fields,
    aim_over_table,
)
from gamenight.games.fly.cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    COLOURS,
    COLUMNS,
    FLIES,
    ROWS,
    SYMBOLS,
    TABLE_CARDS,
    card_json,
)
from gamenight.games.fly.geometry import cos_sin, cover_reach, fly_centre, line_aim, within_reach
from gamenight.games.fly.views import AimView, CardView, FlyView, LandingView, Phase
from gamenight.interop.encoding import ChanceMode, Encoding
from gamenight.interop.layout import Layout, Parts

#: Neighbour directions as (row step, column step): right, down, down-right, down-left.
#: Each unordered pair of neighbouring places is named once, from its earlier place.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
DIRECTION_NAMES: tuple[str, ...] = ("right", "down", "down-right", "down-left")
GRID_ACTIONS = len(AIM_GRID)  # 243
PAIR_BASE = GRID_ACTIONS
TRIPLE_BASE = PAIR_BASE + TABLE_CARDS * len(DIRECTIONS)  # 351
NUM_ACTIONS = TRIPLE_BASE + TABLE_CARDS * len(DIRECTIONS)  # 459
EXTRA_SLOTS = NUM_ACTIONS - GRID_ACTIONS

#: The grid's number of each grid aim (the grid has no repeats).
GRID_INDEX: dict[Drop, int] = {aim: i for i, aim in enumerate(AIM_GRID)}
assert len(GRID_INDEX) == GRID_ACTIONS and GRID_ACTIONS == AIMS_PER_PLACE * TABLE_CARDS

#: The table's extent in inches (9 x 9): positions are divided by it.
TABLE_WIDTH = COLUMNS * CARD_WIDTH
TABLE_HEIGHT = ROWS * CARD_HEIGHT
#: The phases in the order of the phase one-hot: the game's own (``views.Phase``).
PHASES: tuple[Phase, ...] = get_args(Phase)
#: Per card place: present, blank, colour (5), symbol (5), the fly's place on the card.
PLACE_FEATURES = 2 + len(COLOURS) + len(SYMBOLS) + 2
#: Per seat: the flies held (one per fly card), colour and symbol counts, score, flies.
SEAT_FEATURES = FLIES + len(COLOURS) + len(SYMBOLS) + 2


def neighbours(place: int, direction: int, steps: int) -> int | None:
    """The place ``steps`` steps from ``place`` in ``direction`` (negative: backward), or
    None off the 9 x 3 layout."""
    dr, dc = DIRECTIONS[direction]
    row, col = divmod(place, COLUMNS)
    row, col = row + steps * dr, col + steps * dc
    if 0 <= row < ROWS and 0 <= col < COLUMNS:
        return row * COLUMNS + col
    return None


def _line_places(index: int) -> tuple[int, ...] | None:
    """The card places of the pair or triple slot ``index``, in line order; None where
    the slot runs off the layout."""
    if index < TRIPLE_BASE:
        place, direction = divmod(index - PAIR_BASE, len(DIRECTIONS))
        ends: tuple[int, ...] = (0, 1)
    else:
        place, direction = divmod(index - TRIPLE_BASE, len(DIRECTIONS))
        ends = (-1, 0, 1)
    places = [neighbours(place, direction, s) for s in ends]
    if any(p is None for p in places):
        return None
    return tuple(p for p in places if p is not None)


#: Each pair or triple slot's card places (by ``index - PAIR_BASE``), worked out once:
#: the layout is fixed, and every new table asks about every slot.
SLOT_PLACES: tuple[tuple[int, ...] | None, ...] = tuple(
    _line_places(index) for index in range(PAIR_BASE, NUM_ACTIONS))


def slot_places(index: int) -> tuple[int, ...] | None:
    """The card places whose flies the pair or triple slot ``index`` aims to cover, in
    line order; None for a grid index or a slot that runs off the layout."""
    if not PAIR_BASE <= index < NUM_ACTIONS:
        return None
    return SLOT_PLACES[index - PAIR_BASE]


#: The slots that lie wholly on a table of n cards, by n: (index, places, what picks
#: the cards at those places out of a table), pairs then triples in index order.  The
#: table is packed and a slot's places run forward (each later in the line is a later
#: place), so these are the slots whose last place is below n.
SLOTS_ON: tuple[tuple[tuple[int, tuple[int, ...],
                            Callable[[Sequence[int]], tuple[int, ...]]], ...], ...] = tuple(
    tuple((PAIR_BASE + k, places, itemgetter(*places)) for k, places in enumerate(SLOT_PLACES)
          if places is not None and places[-1] < n)
    for n in range(TABLE_CARDS + 1))
assert all(places == tuple(sorted(places)) for places in SLOT_PLACES if places is not None)
#: The fly's centre of each card at each place (None for a blank), made once.
_CENTRE: tuple[tuple[tuple[float, float] | None, ...], ...] = tuple(
    tuple(fly_centre(card, place) for card in range(TABLE_CARDS))
    for place in range(TABLE_CARDS))
#: Each grid prefix's aims by index (a new table's offer starts from a copy).
_GRID_EXACT: tuple[dict[Drop, int], ...] = tuple(
    {aim: i for i, aim in enumerate(grid)} for grid in GRID_FOR_CARDS)
#: Cosine and sine of each whole angle an aim may have (the cover test's frame).
_COS_SIN: tuple[tuple[float, float], ...] = tuple(cos_sin(a) for a in range(180))

#: What a table's offer depends on: the card at each place (a card's fly lies at a
#: fixed spot on the card, so the ids give every fly's centre), the swatter's width and
#: length, and the fly's radius.
TableKey = tuple[tuple[int, ...], float, float, float]


@dataclass(frozen=True, slots=True)
class Offer:
    """The aims a table offers: each pair or triple slot's aim (None where it does not
    exist now), the pair and triple indices on offer, and every offered index and aim in
    index order (grid, then extras) with each aim's lowest index."""

    extra: tuple[Drop | None, ...]  # by slot, index - PAIR_BASE
    extra_legal: tuple[int, ...]  # pair and triple indices on offer (ascending)
    legal: tuple[int, ...]  # every offered index: the grid over the table, then extras
    aims: tuple[Drop, ...]
    exact: dict[Drop, int]  # each offered aim's lowest index


def table_key(view: View) -> TableKey:
    """The table's card ids, the swatter's width and length and the flies' radius: what
    the offered aims depend on.  Read from the state where the adapters offer it (FLY
    hides nothing: ``public_state``), which costs a fraction of building the view."""
    state = getattr(view, "public_state", None)
    if state is not None:
        options = state.options
        return (tuple(state.table), float(options["swatter_width"]),
                float(options["swatter_length"]), options["fly_diameter"] / 2)
    swatter = view["swatter"]
    return (tuple([e["id"] for e in view["table"]]), float(swatter["width"]),
            float(swatter["length"]), view["fly_diameter"] / 2)


#: A slot's aim by the cards at its places, for each swatter and fly size: most cards
#: stay where they lay from one table to the next, and so do the aims over them.  A
#: slot's aim is the same over every table where its places hold the same cards, except
#: that it must lie over the table, which the offer checks per table.  Emptied when it
#: grows past ``_SLOT_AIMS_KEPT`` (random tables bring ever new triples).
_SLOT_AIMS: dict[tuple[float, float, float],
                 dict[tuple[int, tuple[int, ...]], Drop | None]] = {}
_SLOT_AIMS_KEPT = 1 << 17


#: Each slot on a table of n cards (``SLOTS_ON[n]``) as arrays: its number (index -
#: PAIR_BASE), its first place and its last place.
_SLOT_ENDS: tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...] = tuple(
    (np.array([index - PAIR_BASE for index, _, _ in on], dtype=np.intp),
     np.array([places[0] for _, places, _ in on], dtype=np.intp),
     np.array([places[-1] for _, places, _ in on], dtype=np.intp))
    for on in SLOTS_ON)


@lru_cache(maxsize=16)
def _may_cover(width: float, length: float, radius: float) -> np.ndarray:
    """Whether a slot may have an aim, by slot number, card at its first place and card
    at its last: both hold flies no farther apart than twice the reach's diagonal (two
    covered centres both lie within the diagonal of the aim; a little slack, so that
    rounding never sorts out a slot that has one).  Most slots down or across the rows
    fail, and are sorted out for a whole table at once, before any trigonometry."""
    reach_u, reach_v = cover_reach(radius, width, length)
    bound = 2 * math.hypot(reach_u, reach_v) * (1 + 1e-6)
    nan = math.nan
    cx = np.array([[nan if c is None else c[0] for c in by_card] for by_card in _CENTRE])
    cy = np.array([[nan if c is None else c[1] for c in by_card] for by_card in _CENTRE])
    may = np.zeros((EXTRA_SLOTS, TABLE_CARDS, TABLE_CARDS), dtype=bool)
    for k, places in enumerate(SLOT_PLACES):
        if places is not None:
            first, last = places[0], places[-1]
            gap = np.hypot(cx[last][None, :] - cx[first][:, None],
                           cy[last][None, :] - cy[first][:, None])
            may[k] = gap <= bound  # a blank's NaN compares False
    return may


@lru_cache(maxsize=512)
def offer(key: TableKey) -> Offer:
    """The aims offered over a table (cached: most drops leave the table as it was, and
    a search asks about the same table many times)."""
    cards, width, length, radius = key
    n = len(cards)
    grid = GRID_FOR_CARDS[n]
    exact = _GRID_EXACT[n].copy()
    known = _SLOT_AIMS.setdefault((width, length, radius), {})
    if len(known) > _SLOT_AIMS_KEPT:
        known.clear()
    extra: list[Drop | None] = [None] * EXTRA_SLOTS
    legal: list[int] = []
    legal_aims: list[Drop] = []
    on = SLOTS_ON[n]
    slots, firsts, lasts = _SLOT_ENDS[n]
    table = np.array(cards, dtype=np.intp)
    may = _may_cover(width, length, radius)[slots, table[firsts], table[lasts]]
    for i in np.flatnonzero(may).tolist():  # in index order
        index, places, pick = on[i]
        picked = pick(cards)
        try:
            aim = known[index, picked]
        except KeyError:
            aim = known[index, picked] = _slot_aim(places, picked, width, length, radius)
        if aim is None or not aim_over_table(aim.x100, aim.y100, n):
            continue
        extra[index - PAIR_BASE] = aim
        if exact.setdefault(aim, index) == index:  # a repeat is offered once, lowest first
            legal.append(index)
            legal_aims.append(aim)
    return Offer(tuple(extra), tuple(legal), (*range(len(grid)), *legal), (*grid, *legal_aims),
                 exact)


def _slot_aim(places: tuple[int, ...], cards: Sequence[int], width: float, length: float,
              radius: float) -> Drop | None:
    """The aim of a pair or triple slot whose ``places`` hold ``cards``, or None where it
    does not exist: a card is blank, or a swatter falling true on the aim (as rounded to
    the aim's precision) would not cover every one of its flies (the rules' own cover
    test).  Whether it lies over the table is for the offer to check."""
    points = [_CENTRE[p][c] for p, c in zip(places, cards, strict=True)]
    if None in points:
        return None
    centres = [p for p in points if p is not None]
    reach_u, reach_v = cover_reach(radius, width, length)
    x100, y100, angle = aim_fields(*line_aim(centres))
    x, y = x100 / 100, y100 / 100  # exactly the aim's Drop.x and Drop.y
    cos_a, sin_a = _COS_SIN[angle]
    if all(within_reach(fx, fy, x, y, cos_a, sin_a, reach_u, reach_v) for fx, fy in centres):
        return Drop(x100, y100, angle)
    return None


@lru_cache(maxsize=512)
def _offered_places(key: TableKey) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every offered index with its aim's centre and angle (radians), in index order, as
    arrays for finding the aim nearest to one off the offered set."""
    found = offer(key)
    aims = found.aims
    return (np.array(found.legal, dtype=np.int64), np.array([a.x for a in aims]),
            np.array([a.y for a in aims]),
            np.radians(np.array([a.angle for a in aims], dtype=float)))


def footprint_distance(a: tuple[float, float, float], b: tuple[float, float, float],
                       width: float, length: float) -> float:
    """How far apart two swatters lie: the sum of squared distances between their
    corners, the corners paired to make it least (a swatter turned by 180 degrees is the
    same swatter).  In closed form: 4 |centre shift|^2 + 2 (w^2 + l^2)(1 - |cos(turn)|).
    """
    turn = math.radians(a[2] - b[2])
    shift2 = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
    return 4 * shift2 + 2 * (width ** 2 + length ** 2) * (1 - abs(math.cos(turn)))


class FlyEncoding(Encoding[FlyAction, FlyView]):
    """FLY's aims as 459 numbered actions, and a seat's view as a flat float32 vector.

    Observation (``observation_shape = (399 + 39 * players,)``), in order; seats are
    counted from the observing seat (0 = itself, 1 = the next to its left, ...):

    * ``places`` 27 x 14: per card place: a card is there; it is blank; its fly's colour
      (5, one-hot); its symbol (5); the fly's place on the card (x / 1 in, y / 3 in).
    * ``seats`` players x 37: per seat: which fly cards it holds (25, one per card id);
      how many of each colour (5) and symbol (5) it holds / 5; its score / 25; its flies
      / 25.
    * ``turn`` players: who holds the swatter (one-hot).
    * ``phase`` 4: layout, aim, landing, over (one-hot).
    * ``drops`` 1: drops made / the ``max_drops`` cap.
    * ``table_options`` 5: swatter width / 9, length / 9, fly diameter / 0.75, the
      landing's drift s / (1 + s) (inches) and turn t / (45 + t) (degrees).
    * ``aim`` 5: a swatter is falling; its aim x / 9, y / 9, sin 2A, cos 2A.
    * ``last_drop`` 6 + players: there was a drop; who made it (one-hot); where it
      landed x / 9, y / 9, sin 2A, cos 2A; the flies it covered / 25.
    """

    chance: ClassVar[ChanceMode] = "sampled"
    observation_bounds: ClassVar[tuple[float, float]] = (-1.0, 2.0)
    # Everything is public (the table and collected cards lie face up; rules.md
    # Decision 8): only future landings are unknown.
    perfect_information: ClassVar[bool] = True

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        super().__init__(game, players, options)
        self.layout = Layout(
            ("places", (TABLE_CARDS, PLACE_FEATURES)), ("seats", (players, SEAT_FEATURES)),
            ("turn", players), ("phase", len(PHASES)), ("drops", 1),
            ("table_options", 5), ("aim", 5), ("last_drop", 6 + players))

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def legal(self, view: View, legal: Sequence[FlyAction]) -> list[int]:
        if not legal:
            return []
        found = offer(table_key(view))
        if tuple(legal) == AIM_GRID[:len(legal)]:
            # The state offers a prefix of the grid (GRID_FOR_CARDS: the very aims, so
            # the tuples compare at C speed): its indices are 0 .. n-1, known without
            # hashing every aim; over the table's own cards (as always), the offer has
            # the whole list ready.
            if len(legal) == len(found.legal) - len(found.extra_legal):
                return list(found.legal)
            grid = list(range(len(legal)))
        else:
            grid = sorted({GRID_INDEX[a] for a in legal if a in GRID_INDEX})
        return grid + list(found.extra_legal)

    def action(self, view: View, index: int) -> FlyAction:
        if not 0 <= index < NUM_ACTIONS:
            raise IllegalAction(f"FLY's actions are numbered 0 to {NUM_ACTIONS - 1}, not {index}")
        if index < GRID_ACTIONS:
            return AIM_GRID[index]
        aim = offer(table_key(view)).extra[index - PAIR_BASE]
        if aim is None:
            raise IllegalAction(f"action {index} ({describe(index)}) has no aim over this table")
        return aim

    def index(self, view: View, action: FlyAction) -> int:
        if not isinstance(action, Drop):
            raise IllegalAction(f"a FLY action is a drop, not {action!r}")
        key = table_key(view)
        found = offer(key)
        exact = found.exact.get(action)
        if exact is not None:
            return exact
        if not found.aims:
            raise IllegalAction("no aim is offered: there is no card on the table")
        # The nearest offered aim by footprint_distance, vectorised; ties to the lower
        # index (argmin takes the first, and the arrays are in index order).
        indices, xs, ys, angles = _offered_places(key)
        swatter = view["swatter"]
        sizes = swatter["width"] ** 2 + swatter["length"] ** 2
        shift2 = (xs - action.x) ** 2 + (ys - action.y) ** 2
        turn = np.abs(np.cos(angles - math.radians(action.angle)))
        return int(indices[int(np.argmin(4 * shift2 + 2 * sizes * (1 - turn)))])

    # -- observations -----------------------------------------------------------------
    def _write(self, part: Parts, view: FlyView, seat: int) -> None:
        players = self.players

        def rel(other: int) -> int:
            return (other - seat) % players  # seats counted from the observer

        table = view["table"]
        if table:  # each card's row, as worked out once (every step observes the table)
            part["places"][[e["slot"] for e in table]] = _PLACE_ROWS[[e["id"] for e in table]]
        seats = part["seats"]
        for owner, held in enumerate(view["collected"]):
            row = seats[rel(owner)]
            for card in held:
                if card["blank"]:
                    continue  # never collected (rules.md Decision 9); nothing to count
                row[card["id"]] = 1.0
                row[FLIES + COLOURS.index(card["colour"])] += 1 / 5
                row[FLIES + len(COLOURS) + SYMBOLS.index(card["symbol"])] += 1 / 5
            row[-2] = view["scores"][owner] / FLIES
            row[-1] = len(held) / FLIES
        part["turn"][rel(view["current"])] = 1.0
        part["phase"][PHASES.index(view["phase"])] = 1.0
        part["drops"][0] = view["drops"] / view["max_drops"]
        drift, turn = view["flutter"]["sigma_pos"], view["flutter"]["sigma_angle"]
        part["table_options"][:] = (
            view["swatter"]["width"] / 9, view["swatter"]["length"] / 9,
            view["fly_diameter"] / 0.75, drift / (1 + drift), turn / (45 + turn))
        if view["aim"] is not None:
            part["aim"][:] = (1.0, *_place(view["aim"]))
        last = view["last_drop"]
        if last is not None:
            out = part["last_drop"]
            out[0] = 1.0
            out[1 + rel(last["seat"])] = 1.0
            out[1 + players:5 + players] = _place(last["landing"])
            out[-1] = len(last["covered"]) / FLIES

    # -- chance, length and scores ------------------------------------------------------
    @property
    def max_game_length(self) -> int:
        # One decision per drop, and the game ends at the max_drops cap at the latest.
        return int(self.options["max_drops"])

    @property
    def score_bounds(self) -> tuple[float, float]:
        return 0.0, float(FLIES)  # a point per fly at most, and 25 flies


def _place_row(card: CardView) -> list[float]:
    """A card place's features for the card lying there: a card is there; it is blank;
    its fly's colour (one-hot); its symbol (one-hot); the fly's place on the card."""
    row = [0.0] * PLACE_FEATURES
    row[0] = 1.0
    if card["blank"]:
        row[1] = 1.0
        return row
    row[2 + COLOURS.index(card["colour"])] = 1.0
    row[2 + len(COLOURS) + SYMBOLS.index(card["symbol"])] = 1.0
    row[-2] = card["place"][0] / CARD_WIDTH
    row[-1] = card["place"][1] / CARD_HEIGHT
    return row


#: Each card's place features, by card id (a card's face is all they read).
_PLACE_ROWS = np.array([_place_row(card_json(card)) for card in range(TABLE_CARDS)])


def _place(aim: AimView | LandingView) -> tuple[float, float, float, float]:
    """A swatter's place as numbers: x / 9, y / 9, and its angle as sin 2A, cos 2A (an
    angle and the angle + 180 are the same swatter, so the encoding has period 180).
    A landing may drift off the table; its place is clipped to -1 .. 2 (a table's width
    beyond either edge), so every number stays within the declared bounds."""
    a = math.radians(2 * aim["angle"])
    return (min(2.0, max(-1.0, aim["x"] / TABLE_WIDTH)),
            min(2.0, max(-1.0, aim["y"] / TABLE_HEIGHT)), math.sin(a), math.cos(a))


def describe(index: int) -> str:
    """What an action index stands for, in words (for the docs and error messages)."""
    if 0 <= index < GRID_ACTIONS:
        place, k = divmod(index, AIMS_PER_PLACE)
        return f"grid aim {k} over place {place}: {AIM_GRID[index]}"
    if PAIR_BASE <= index < NUM_ACTIONS:
        kind = "pair" if index < TRIPLE_BASE else "triple"
        base = PAIR_BASE if index < TRIPLE_BASE else TRIPLE_BASE
        place, direction = divmod(index - base, len(DIRECTIONS))
        where = "from" if kind == "pair" else "centred on"
        return f"{kind} {where} place {place}, {DIRECTION_NAMES[direction]}"
    return f"no FLY action {index}"


ENCODING = FlyEncoding
