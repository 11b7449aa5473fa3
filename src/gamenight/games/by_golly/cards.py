"""The By Golly! cards, kept as data.

45 animal cards: 15 kinds x 3.  19 chicken-run cards: each of the 15 animals once, 2
chicken poo, 2 shovels.  Eight animals are named in reviews of the published game; the
other seven are our choice (the names are not published), so they live here as data.

An animal card is known by its kind (0-14): the three cards of a kind are alike, so a
hand is a count per kind.  In the deal every card has an id so that a record can name
the shuffle: animal card ``i`` is of kind ``i // 3``; chicken-run card ``i`` shows
``RUN_FACE[i]``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal, get_args

#: An animal's name: the published animals first (hen, rooster, worm, hedgehog, fox,
#: marten, hare, goose), then our seven.  Views, events and positions name cards so.
AnimalName = Literal[
    "hen", "rooster", "worm", "hedgehog", "fox", "marten", "hare", "goose",
    "chick", "duck", "mouse", "cat", "owl", "pig", "frog",
]
#: A chicken-run card's face: an animal, chicken poo or a shovel.
FaceName = Literal[AnimalName, "poo", "shovel"]
ANIMALS: tuple[AnimalName, ...] = get_args(AnimalName)
KINDS = len(ANIMALS)
COPIES = 3  # animal cards of each kind
ANIMAL_CARDS = KINDS * COPIES  # 45

#: Chicken-run faces: an animal kind (0-14), or one of these two.
POO = KINDS  # chicken poo (chicken mess): turn over a second card at once
SHOVEL = KINDS + 1  # the shovel: bury the mess, the turn is over
FACE_NAMES: tuple[FaceName, ...] = get_args(FaceName)
POO_CARDS = 2
SHOVEL_CARDS = 2
#: The face of each chicken-run card id: the 15 animals, 2 poo, 2 shovels.
RUN_FACE: tuple[int, ...] = (*range(KINDS), *[POO] * POO_CARDS, *[SHOVEL] * SHOVEL_CARDS)
PLACES = len(RUN_FACE)  # 19 places in the chicken run
#: The places by letter, as the terminal's keys and the narration name them: place 0 is
#: ``a``, ..., place 18 is ``t``; ``q`` is skipped, being the terminal's quit key.  Actions
#: and positions number the places 0-18.
PLACE_NAMES: tuple[str, ...] = tuple("abcdefghijklmnoprst")

HAND_SIZE = 5  # each player draws the top 5 of his stack, and refills to 5
#: Animal cards dealt to each player by the number of players; the rest go to the box.
DEAL: dict[int, int] = {2: 15, 3: 15, 4: 11, 5: 9, 6: 7}

KIND_OF_NAME: dict[str, int] = {name: k for k, name in enumerate(FACE_NAMES)}


@dataclass(frozen=True, slots=True)
class Deal:
    """Where each position of the shuffled deck (0-44) goes in the deal: the cards are
    dealt one at a time around the table from seat 0, so position ``i`` goes to seat
    ``i % players`` while each gets his share (``DEAL``); the rest go to the box.  Each
    stack lies face down with the card dealt last on top, and each player picks up the
    top five.  The rules deal by it and the resampler follows the cards by it."""

    hands: tuple[tuple[int, ...], ...]  # per seat: the positions picked up, top card first
    stacks: tuple[tuple[int, ...], ...]  # per seat: the positions left, bottom first
    box: tuple[int, ...]


@functools.cache
def deal_of(players: int) -> Deal:
    """The deal at a table of ``players`` (2-6)."""
    dealt = DEAL[players] * players
    stacks = [list(range(seat, dealt, players)) for seat in range(players)]
    hands = tuple(tuple(stack.pop() for _ in range(HAND_SIZE)) for stack in stacks)
    return Deal(hands, tuple(map(tuple, stacks)), tuple(range(dealt, ANIMAL_CARDS)))


def kind_of_card(card_id: int) -> int:
    """The animal kind of animal card ``card_id`` (0-44)."""
    return card_id // COPIES


def face_name(face: int) -> FaceName:
    """'hen', ..., 'poo' or 'shovel'."""
    return FACE_NAMES[face]


def article(name: str) -> str:
    """'a hen', 'an owl', 'chicken poo', 'a shovel' (for narration), from a face's name."""
    if name == "poo":
        return "chicken poo"
    return ("an " if name[0] in "aeiou" else "a ") + name
