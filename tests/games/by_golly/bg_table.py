"""Set up By Golly! tables the way the rulebook describes them.

Tests deal a real game through the public chance API, then lay out the chicken run,
hands and stacks by hand (every animal card still in exactly one place: the rest go to
the box), and drive the game on with ``apply`` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.games.by_golly.actions import DRAWS, END, LAYS, TURNS
from gamenight.games.by_golly.cards import (
    ANIMAL_CARDS,
    COPIES,
    KIND_OF_NAME,
    KINDS,
    PLACES,
    RUN_FACE,
)
from gamenight.games.by_golly.rules import GAME, ByGollyState

#: The run laid out in order: place k shows animal k (0-14), poo at 15 and 16, shovels
#: at 17 and 18.
POO_1, POO_2, SHOVEL_1, SHOVEL_2 = 15, 16, 17, 18


def k(name: str) -> int:
    """The kind (face) index of an animal, 'poo' or 'shovel'."""
    return KIND_OF_NAME[name]


def place_of(name: str) -> int:
    """Where an animal lies in the ordered run."""
    return RUN_FACE.index(k(name))


def table(
    players: int,
    hands: Sequence[Sequence[str]],
    stacks: Sequence[Sequence[str]] | None = None,
    run: Sequence[str] | None = None,
    current: int = 0,
    **options: Any,
) -> ByGollyState:
    """A dealt game with these hands (animal names), stacks (bottom to top) and run
    (faces by place; default the ordered run); other animal cards go to the box."""
    state = GAME.new(players, seed=0, **options)
    state.apply_chance({"run": list(range(PLACES)), "deck": list(range(ANIMAL_CARDS))})
    if run is not None:
        assert sorted(k(n) for n in run) == sorted(RUN_FACE)
        state.run = [k(n) for n in run]
    state.hands = [[0] * KINDS for _ in range(players)]
    for seat, hand in enumerate(hands):
        for name in hand:
            state.hands[seat][k(name)] += 1
    state.hand_sizes = [len(h) for h in hands]
    state.stacks = [[k(n) for n in s] for s in stacks] if stacks is not None else \
        [[] for _ in range(players)]
    counts = [0] * KINDS
    for group in (*[[k(n) for n in h] for h in hands], *state.stacks):
        for card in group:
            counts[card] += 1
    assert all(c <= COPIES for c in counts), "more than 3 cards of a kind"
    state.box = [a for a in range(KINDS) for _ in range(COPIES - counts[a])]
    state.discarded = []
    state.current = current
    state.phase = "lay" if state.hand_sizes[current] else "end"
    return state


def lay(state: ByGollyState, name: str) -> None:
    state.apply(state.current, LAYS[k(name)])


def turn(state: ByGollyState, place: int) -> None:
    state.apply(state.current, TURNS[place])


def draw(state: ByGollyState, victim: int, card: str | None = None) -> None:
    """Draw from ``victim``; from his hand, the blind draw is ``card`` (or the seed's)."""
    state.apply(state.current, DRAWS[victim])
    if state.phase == "draw":
        state.apply_chance(card if card is not None else state.sample_chance())


def end(state: ByGollyState) -> None:
    state.apply(state.current, END)


def hand_of(state: ByGollyState, seat: int) -> list[str]:
    return list(state.view(seat)["hand"])
