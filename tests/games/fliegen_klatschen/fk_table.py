"""Set up Fliegen klatschen tables the way the rulebook describes them.

Tests deal a real game through the public chance API, then lay out piles, centre and
won flies by hand (every card still in exactly one place), and drive the game on with
``apply`` only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gamenight.engine import PASS
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, COLOURS, DECK_SIZE, FLIES, VALUE_OF
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState

RED, YELLOW, GREEN, BLUE, PURPLE, ORANGE = range(len(COLOURS))


def flies(colour: int, count: int = 1, value: int | None = None) -> list[int]:
    """``count`` distinct fly ids of ``colour`` (of ``value`` if given), lowest ids first."""
    ids = [c for c in range(FLIES) if COLOUR_OF[c] == colour
           and (value is None or VALUE_OF[c] == value)]
    assert len(ids) >= count, (colour, count, value)
    return ids[:count]


def fly(colour: int, value: int, k: int = 0) -> int:
    """The ``k``-th fly of this colour and value."""
    return flies(colour, k + 1, value)[k]


def swatter(k: int = 0) -> int:
    return FLIES + k


def table(
    players: int,
    piles: Sequence[Sequence[int]],
    centre: Iterable[int] = (),
    won: Sequence[Sequence[int]] | None = None,
    current: int = 0,
    **options: Any,
) -> FliegenKlatschenState:
    """A dealt game whose piles (listed bottom to top), centre and won piles are these.

    Every other card goes to the box, so all 112 cards stay in exactly one place.
    """
    state = GAME.new(players, seed=0, **options)
    state.apply_chance(list(range(DECK_SIZE)))
    state.piles = [list(p) for p in piles]
    state.centre = list(centre)
    state.won = [list(w) for w in won] if won is not None else [[] for _ in range(players)]
    state.current = current
    used = {c for group in (*state.piles, state.centre, *state.won) for c in group}
    assert len(used) == sum(map(len, (*state.piles, state.centre, *state.won))), "card twice"
    state.box = [c for c in range(DECK_SIZE) if c not in used]
    return state


def filler(exclude: Iterable[int], count: int, colour: int | None = None) -> list[int]:
    """``count`` flies not in ``exclude`` (of ``colour`` if given) to pad a pile."""
    taken = set(exclude)
    ids = [c for c in range(FLIES) if c not in taken and (colour is None or COLOUR_OF[c] == colour)]
    return ids[:count]


def colour_counts(cards: Iterable[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in cards:
        counts[COLOUR_OF[c]] = counts.get(COLOUR_OF[c], 0) + 1
    return counts


def reveal(state: FliegenKlatschenState) -> None:
    state.apply(state.current, REVEAL)


def slap(state: FliegenKlatschenState, seat: int, card: int, at_ms: float) -> None:
    state.apply(seat, SLAPS[card], at_ms)


def pass_all(state: FliegenKlatschenState, at_ms: float = 2000.0) -> None:
    """Every seat still in the hunt passes (in seat order)."""
    for seat in state.acting().seats:
        if state.phase == "hunt" and seat in state.acting().seats:
            state.apply(seat, PASS, at_ms)


def card_ids_in(view: Any) -> set[int]:
    """Every card id a view shows: card objects anywhere, and the cards hands are on."""
    found: set[int] = set()
    if isinstance(view, dict):
        if "kind" in view and "id" in view:
            found.add(view["id"])
        if "card" in view and isinstance(view["card"], int):
            found.add(view["card"])
        for value in view.values():
            found |= card_ids_in(value)
    elif isinstance(view, list):
        for value in view:
            found |= card_ids_in(value)
    return found
