"""FLY positions: the whole state of a table as JSON a person can read and write
(``GameState.position``, ``Game.from_position``; the format is in rules.md).

Cards go by name ("red star"; the blanks are "blank 1" and "blank 2"), the table by
rows from the box, each player's flies in the order collected, aims and landings as the
record writes them.  Reading a position checks everything the rules guarantee: every
card exists once, the table is packed, the phase agrees with the rest, the scores add
up, and the last drop covered exactly the flies it says and left the table as it is.
Each problem raises :class:`IllegalAction` naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import get_args

from typing_extensions import NotRequired, TypedDict  # noqa: UP035 -- pydantic reads these on 3.11

from gamenight.engine import IllegalAction
from gamenight.engine.checks import describe
from gamenight.games.fly.actions import AIM_LIMIT, Drop, parse_action
from gamenight.games.fly.cards import BLANKS, COLUMNS, DECK_SIZE, FLIES, ROWS, is_fly, name
from gamenight.games.fly.geometry import cover_reach, covered_flies, fly_centre, over_table
from gamenight.games.fly.landing import LastDrop, landing_text, parse_landing
from gamenight.games.fly.table import consolidate, score
from gamenight.games.fly.views import Phase

#: Each card's name in a position, by card id: a fly by its colour and symbol, the two
#: blanks by number (they look alike, but the view tells them apart by id).
CARD_NAMES: tuple[str, ...] = (*(name(c) for c in range(FLIES)),
                               *(f"blank {k}" for k in range(1, BLANKS + 1)))
_CARD_IDS = {card_name: card for card, card_name in enumerate(CARD_NAMES)}
PHASES: tuple[Phase, ...] = get_args(Phase)


class LastDropPosition(TypedDict):
    """The latest drop: who dropped, the aim and the landing as the record writes them,
    the table as the swatter landed on it, and the flies it covered (in place order)."""

    seat: int
    aim: str
    landing: str
    table: list[list[str]]
    covered: list[str]


class FlyPosition(TypedDict):
    """A FLY table as a position's ``state``."""

    phase: Phase
    drops: int
    current: int
    table: list[list[str]]
    collected: list[list[str]]
    scores: NotRequired[list[int]]
    aim: str | None
    last_drop: LastDropPosition | None


#: The fields of each object (the scores may be left out: they are worked out anyway).
_KEYS = frozenset(("phase", "drops", "current", "table", "collected", "aim", "last_drop"))
_OPTIONAL = frozenset(("scores",))
_LAST_KEYS = frozenset(("seat", "aim", "landing", "table", "covered"))


@dataclass(frozen=True, slots=True)
class Setup:
    """A position read and checked: what a ``FlyState`` is made of."""

    phase: Phase
    drops: int
    current: int
    table: list[int]
    collected: list[list[int]]
    aim: Drop | None
    last: LastDrop | None

    @property
    def truncated(self) -> bool:
        """The safety cap ended the game: it is over with flies still on the table."""
        return self.phase == "over" and any(map(is_fly, self.table))


# -- writing ---------------------------------------------------------------------------
def rows(table: Sequence[int]) -> list[list[str]]:
    """The table (card ids by place) as rows of card names, from row 1."""
    return [[CARD_NAMES[card] for card in table[start:start + COLUMNS]]
            for start in range(0, len(table), COLUMNS)]


def write(setup: Setup) -> FlyPosition:
    """The position of a table."""
    last = setup.last
    return {
        "phase": setup.phase,
        "drops": setup.drops,
        "current": setup.current,
        "table": rows(setup.table),
        "collected": [[CARD_NAMES[card] for card in mine] for mine in setup.collected],
        "scores": [score(mine) for mine in setup.collected],
        "aim": None if setup.aim is None else str(setup.aim),
        "last_drop": None if last is None else {
            "seat": last.seat,
            "aim": str(last.aim),
            "landing": landing_text(*last.landing),
            "table": rows(last.before),
            "covered": [CARD_NAMES[card] for card in last.covered],
        },
    }


# -- reading ---------------------------------------------------------------------------
def read(data: object, players: int, options: dict[str, float]) -> Setup:
    """The table the position ``data`` describes, checked; IllegalAction naming the
    first problem."""
    if not isinstance(data, dict):
        raise IllegalAction(f"a FLY position is an object, not {describe(data)}")
    _keys(data, _KEYS, _OPTIONAL, "a FLY position")
    phase = data["phase"]
    if phase not in PHASES:
        raise IllegalAction(f"the phase is one of {', '.join(PHASES)}, not {describe(phase)}")
    max_drops = int(options["max_drops"])
    drops = _whole(data["drops"], "drops", 0, max_drops)
    current = _whole(data["current"], "current (the seat holding the swatter)", 0,
                     players - 1)
    table = _table(data["table"], "the table")
    collected = _collected(data["collected"], players)
    _every_card_once(table, collected)
    if "scores" in data:
        _scores(data["scores"], collected)
    aim = None if data["aim"] is None else _drop(data["aim"], "the aim")
    flies_left = sum(map(is_fly, table))
    setup = Setup(phase, drops, current, table, collected, aim, None)
    _phase_agrees(setup, flies_left, max_drops)
    if data["last_drop"] is not None:
        last = _last_drop(data["last_drop"], setup, players, options)
        setup = Setup(phase, drops, current, table, collected, aim, last)
    return setup


def _keys(data: dict[str, object], required: frozenset[str], optional: frozenset[str],
          what: str) -> None:
    missing = sorted(required - data.keys())
    if missing:
        raise IllegalAction(f"{what} has no {', '.join(missing)}")
    unknown = sorted(map(describe, data.keys() - required - optional))
    if unknown:
        raise IllegalAction(f"{what} has no field {unknown[0]} (its fields: "
                            f"{', '.join(sorted(required | optional))})")


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(f"{what} is a whole number from {low} to {high}, not "
                            f"{describe(value)}")
    return value


def _card(text: object, where: str) -> int:
    card = _CARD_IDS.get(" ".join(text.lower().split())) if isinstance(text, str) else None
    if card is None:
        raise IllegalAction(f"{describe(text)} in {where} is no FLY card (a colour and a "
                            "symbol, e.g. 'red star', or 'blank 1' or 'blank 2')")
    return card


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise IllegalAction(f"{where} is a list of card names, not {describe(value)}")
    return [_card(text, where) for text in value]


def _table(value: object, what: str) -> list[int]:
    """A table written as rows of card names: packed, as consolidation keeps it."""
    if not isinstance(value, list) or len(value) > ROWS:
        raise IllegalAction(f"{what} is a list of at most {ROWS} rows, not {describe(value)}")
    table: list[int] = []
    for r, row in enumerate(value):
        cards = _cards(row, f"row {r + 1} of {what}")
        lowest = r == len(value) - 1
        if not (1 <= len(cards) <= COLUMNS if lowest else len(cards) == COLUMNS):
            raise IllegalAction(
                f"row {r + 1} of {what} has {len(cards)} cards: every row but the lowest "
                f"has {COLUMNS}, and the lowest 1 to {COLUMNS} (voids are only allowed at "
                "the end of the lowest row)")
        table += cards
    return table


def _collected(value: object, players: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != players:
        raise IllegalAction(f"collected is a list of each of the {players} seats' flies, "
                            f"not {describe(value)}")
    collected = [_cards(mine, f"seat {seat}'s flies") for seat, mine in enumerate(value)]
    for seat, mine in enumerate(collected):
        blanks = [CARD_NAMES[card] for card in mine if not is_fly(card)]
        if blanks:
            raise IllegalAction(f"seat {seat} holds {blanks[0]}: a blank card cannot be "
                                "collected")
    return collected


def _every_card_once(table: list[int], collected: list[list[int]]) -> None:
    where: dict[int, str] = {}
    places = [("on the table", table)] + [(f"in seat {seat}'s flies", mine)
                                           for seat, mine in enumerate(collected)]
    for place, cards in places:
        for card in cards:
            if card in where:
                twice = "twice " + place if where[card] == place else \
                    f"both {where[card]} and {place}"
                raise IllegalAction(f"{CARD_NAMES[card]} is {twice}: every card exists once")
            where[card] = place
    if where and len(where) != DECK_SIZE:
        missing = next(CARD_NAMES[c] for c in range(DECK_SIZE) if c not in where)
        raise IllegalAction(f"{missing} is nowhere: every one of the {DECK_SIZE} cards is on "
                            "the table or collected")


def _scores(value: object, collected: list[list[int]]) -> None:
    """The scores, where a position states them, are what the flies score."""
    if not isinstance(value, list) or len(value) != len(collected):
        raise IllegalAction(f"scores is a list of each seat's points, not {describe(value)}")
    for seat, (stated, mine) in enumerate(zip(value, collected, strict=True)):
        if isinstance(stated, bool) or stated != score(mine):
            raise IllegalAction(f"seat {seat}'s flies score {score(mine)}, not "
                                f"{describe(stated)}")


def _drop(value: object, what: str) -> Drop:
    if not isinstance(value, str):
        raise IllegalAction(f"{what} is a drop as the record writes it ('drop 4.50 1.50 "
                            f"30'), not {describe(value)}")
    try:
        drop = parse_action(value)
    except IllegalAction as exc:
        raise IllegalAction(f"{what}: {exc}") from None
    if not (abs(drop.x100) <= AIM_LIMIT and abs(drop.y100) <= AIM_LIMIT):
        raise IllegalAction(f"{what} is far off the table: {value}")
    return drop


def _phase_agrees(setup: Setup, flies_left: int, max_drops: int) -> None:
    """What each phase says of the rest of the table."""
    phase, drops = setup.phase, setup.drops
    if phase == "layout":
        if setup.table or any(setup.collected) or drops or setup.current:
            raise IllegalAction("in phase layout the table is not laid out yet: no card on "
                                "the table or collected, no drop, seat 0 to start")
    elif not setup.table:
        raise IllegalAction(f"in phase {phase} the table is laid out: every card is on it "
                            "or collected")
    if phase in ("aim", "landing") and flies_left == 0:
        raise IllegalAction(f"no fly is left on the table: the game is over, not in phase "
                            f"{phase}")
    if phase == "landing":
        if setup.aim is None:
            raise IllegalAction("in phase landing a swatter is in the air: its aim is "
                                "needed ('drop X Y ANGLE')")
        if not over_table(setup.aim.x, setup.aim.y, len(setup.table)):
            raise IllegalAction(f"the aim {setup.aim} is not over the table")
        if drops < 1:
            raise IllegalAction("in phase landing the swatter in the air is a drop: drops "
                                "is 1 or more")
    elif setup.aim is not None:
        raise IllegalAction(f"only in phase landing is a swatter in the air (aim), not in "
                            f"phase {phase}")
    if phase == "aim" and drops >= max_drops:
        raise IllegalAction(f"after {drops} drops the safety cap (max_drops {max_drops}) "
                            "has ended the game: phase over, not aim")
    if phase == "over" and flies_left and drops < max_drops:
        raise IllegalAction(f"the game is over with {flies_left} flies on the table only "
                            f"when the safety cap ends it: drops {drops} is under "
                            f"max_drops {max_drops}")
    if any(setup.collected) and drops == 0:
        raise IllegalAction("flies are collected only by drops: drops is 1 or more")


def _last_drop(value: object, setup: Setup, players: int,
               options: dict[str, float]) -> LastDrop:
    """The latest drop, checked against the table it left and the flies it gave."""
    what = "the last drop"
    if not isinstance(value, dict):
        raise IllegalAction(f"{what} is an object or null, not {describe(value)}")
    _keys(value, _LAST_KEYS, frozenset(), what)
    if setup.phase == "layout":
        raise IllegalAction("in phase layout no swatter has been dropped yet: the last "
                            "drop is null")
    seat = _whole(value["seat"], f"{what}'s seat", 0, players - 1)
    # The swatter passes to the left after every drop, but not after the one that ends
    # the game.
    holder = seat if setup.phase == "over" else (seat + 1) % players
    if holder != setup.current:
        raise IllegalAction(f"seat {seat} dropped last, so seat {holder} holds the swatter, "
                            f"not seat {setup.current}")
    if setup.drops < (2 if setup.phase == "landing" else 1):
        raise IllegalAction(f"drops {setup.drops} does not count the last drop")
    aim = _drop(value["aim"], f"{what}'s aim")
    landing = parse_landing(value["landing"])
    if landing is None:
        raise IllegalAction(f"{what}'s landing is 'X Y ANGLE' (inches to 4 decimals, degrees "
                            f"0 up to 180 to 2 decimals), not {describe(value['landing'])}")
    before = _table(value["table"], f"{what}'s table")
    if not over_table(aim.x, aim.y, len(before)):
        raise IllegalAction(f"{what}'s aim {aim} is not over the table it was dropped on")
    covered = _cards(value["covered"], f"{what}'s covered flies")
    flies = [(slot, card, *centre) for slot, card in enumerate(before)
             if (centre := fly_centre(card, slot)) is not None]
    reach = cover_reach(options["fly_diameter"] / 2, options["swatter_width"],
                        options["swatter_length"])
    slots = covered_flies(flies, *landing, *reach)
    if covered != [before[s] for s in slots]:
        names = ", ".join(CARD_NAMES[before[s]] for s in slots) or "no fly"
        raise IllegalAction(f"the landing {value['landing']} covers {names} on {what}'s "
                            "table, not what it says")
    mine = setup.collected[seat]
    if covered and mine[len(mine) - len(covered):] != covered:
        raise IllegalAction(f"seat {seat}'s last flies collected are those {what} covered")
    # The table now is the one the swatter landed on, less what it covered,
    # consolidated (which also shows every card of it exists once).
    after, moves = consolidate(before, slots) if slots else (list(before), [])
    if after != setup.table:
        raise IllegalAction(f"{what}'s table, less the flies it covered and consolidated, "
                            "is not the table now")
    if setup.phase == "over" and not covered and not setup.truncated:
        raise IllegalAction(f"{what} covered no fly, so it did not end the game: the game "
                            "was over before it")
    return LastDrop(seat, aim, landing, tuple(covered), tuple(before), tuple(moves))
