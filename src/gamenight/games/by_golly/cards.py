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

#: Published animals first (hen, rooster, worm, hedgehog, fox, marten, hare, goose), then
#: our seven.
ANIMALS: tuple[str, ...] = (
    "hen", "rooster", "worm", "hedgehog", "fox", "marten", "hare", "goose",
    "chick", "duck", "mouse", "cat", "owl", "pig", "frog",
)
KINDS = len(ANIMALS)
COPIES = 3  # animal cards of each kind
ANIMAL_CARDS = KINDS * COPIES  # 45

#: Chicken-run faces: an animal kind (0-14), or one of these two.
POO = KINDS  # chicken poo (chicken mess): turn over a second card at once
SHOVEL = KINDS + 1  # the shovel: bury the mess, the turn is over
FACE_NAMES: tuple[str, ...] = (*ANIMALS, "poo", "shovel")
POO_CARDS = 2
SHOVEL_CARDS = 2
#: The face of each chicken-run card id: the 15 animals, 2 poo, 2 shovels.
RUN_FACE: tuple[int, ...] = (*range(KINDS), *[POO] * POO_CARDS, *[SHOVEL] * SHOVEL_CARDS)
PLACES = len(RUN_FACE)  # 19 places in the chicken run

HAND_SIZE = 5  # each player draws the top 5 of his stack, and refills to 5
#: Animal cards dealt to each player by the number of players; the rest go to the box.
DEAL: dict[int, int] = {2: 15, 3: 15, 4: 11, 5: 9, 6: 7}

KIND_OF_NAME: dict[str, int] = {name: k for k, name in enumerate(FACE_NAMES)}


def kind_of_card(card_id: int) -> int:
    """The animal kind of animal card ``card_id`` (0-44)."""
    return card_id // COPIES


def face_name(face: int) -> str:
    """'hen', ..., 'poo' or 'shovel'."""
    return FACE_NAMES[face]


def article(face: int) -> str:
    """'a hen', 'an owl', 'chicken poo', 'a shovel' (for narration)."""
    if face == POO:
        return "chicken poo"
    name = FACE_NAMES[face]
    return ("an " if name[0] in "aeiou" else "a ") + name
