"""Resolving a swat: pure functions from the swatters and their dice to what happens.

Each centre fly is resolved on its own: every player has one swatter, so no player is
on two flies, and what happens on one fly (a squish, a battle, a hand swap) never
touches the players on another.  The result therefore depends only on who swatted
what and the dice, never on the order anything was announced in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.games.superfly.cards import DECK_SIZE, NUMBER_OF
from gamenight.games.superfly.views import FlyResultView


@dataclass(frozen=True, slots=True)
class FlyResult:
    """What happened on one centre fly.

    ``claimants``: the seats whose swatter is on it; ``squished_by``: those whose die
    shows the fly's number (then nobody takes it); ``swaps``: each group of tied highest
    dice, highest first, seats in clockwise order (they pass their hands round and are
    out of the battle); ``taker``: who takes the fly, if anyone.
    """

    card: int
    claimants: tuple[int, ...]
    squished_by: tuple[int, ...]
    swaps: tuple[tuple[int, ...], ...]
    taker: int | None

    @property
    def squished(self) -> bool:
        return bool(self.squished_by)

    def to_json(self) -> FlyResultView:
        """The fly's result as view data, frozen (part of ``LastTurn.to_json``)."""
        return FrozenDict({  # type: ignore[return-value]
            "card": self.card, "claimants": FrozenList(self.claimants),
            "squished_by": FrozenList(self.squished_by),
            "swaps": FrozenList([FrozenList(g) for g in self.swaps]), "taker": self.taker})


def resolve_fly(card: int, dice: Mapping[int, int]) -> FlyResult:
    """Resolve one fly: ``dice`` maps each seat whose swatter is on it to its die.

    * Any die showing the fly's number squishes it: it is discarded, nobody takes it.
    * Otherwise a lone swatter takes it; among several, the highest die takes it.
    * If the highest die is shared, those players swap hands and none of them takes the
      fly; the remaining claimants resolve it by the same rules (a lower tie swaps too).
    """
    if not dice:
        return _NOBODY[card]
    # A result is frozen and depends on nothing but the card and the dice on it, and
    # those are few (36 cards, a die per seat): each is worked out once and shared.
    return _resolved(card, tuple(sorted(dice.items())))


@lru_cache(maxsize=1 << 15)
def _resolved(card: int, dice_on: tuple[tuple[int, int], ...]) -> FlyResult:
    """:func:`resolve_fly` of ``card`` with ``dice_on`` ((seat, die) pairs, by seat)."""
    dice = dict(dice_on)
    if len(dice) == 1:  # a lone swatter
        ((seat, die),) = dice_on
        if die == NUMBER_OF[card]:
            return FlyResult(card, (seat,), (seat,), (), None)
        return FlyResult(card, (seat,), (), (), seat)
    claimants = tuple(sorted(dice))
    number = NUMBER_OF[card]
    squishers = tuple(s for s in claimants if dice[s] == number)
    if squishers:
        return FlyResult(card, claimants, squishers, (), None)
    remaining = {s: dice[s] for s in claimants}
    swaps: list[tuple[int, ...]] = []
    while remaining:
        top = max(remaining.values())
        tied = tuple(s for s in claimants if remaining.get(s) == top)
        if len(tied) == 1:
            return FlyResult(card, claimants, (), tuple(swaps), tied[0])
        swaps.append(tied)
        for s in tied:
            del remaining[s]
    return FlyResult(card, claimants, (), tuple(swaps), None)


_NOBODY: tuple[FlyResult, ...] = tuple(FlyResult(c, (), (), (), None) for c in range(DECK_SIZE))


def pass_hands(hands: Sequence[list[int]], group: Sequence[int]) -> list[list[int]]:
    """The hands after the tied ``group`` (seats in clockwise order) pass them round.

    Each player passes his whole hand clockwise to the next tied player: with two that
    is an exchange, with three or more the last passes to the first.  Seats outside the
    group keep their hands.
    """
    after = list(hands)
    k = len(group)
    for i, seat in enumerate(group):
        after[group[(i + 1) % k]] = hands[seat]
    return after


def resolve_swat(centre: Sequence[int], swats: Mapping[int, int],
                 dice: Mapping[int, int]) -> tuple[FlyResult, ...]:
    """Resolve every centre fly (in centre order): ``swats`` maps each seat that placed
    its swatter to the fly's card id, ``dice`` each of those seats to its die."""
    # Each fly's (seat, die) pairs in seat order, the key of its remembered result.
    on: dict[int, list[tuple[int, int]]] = {card: [] for card in centre}
    for seat in sorted(swats):
        on[swats[seat]].append((seat, dice[seat]))
    return tuple([_resolved(card, tuple(pairs)) if (pairs := on[card]) else _NOBODY[card]
                  for card in centre])
