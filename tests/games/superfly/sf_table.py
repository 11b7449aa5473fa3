"""Set up Superfly tables the way the rulebook describes them.

Tests deal through the public chance API (a card given as the chance outcome is the
card drawn), put any further hand cards straight into the hands (every card still in
exactly one place), and drive the game on with ``apply`` and ``apply_chance`` only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.engine import PASS
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.cards import DECK_SIZE, card_id
from gamenight.games.superfly.rules import GAME, SuperflyState


def fly(colour: str, number: int) -> int:
    """The card id of the ``colour`` ``number`` fly ('red', 3)."""
    return card_id(colour, number)


def table(
    players: int,
    hands: Sequence[Sequence[int]],
    centre: Sequence[int],
    *,
    tokens: Sequence[int] | None = None,
    **options: Any,
) -> SuperflyState:
    """A game at the signal of its first turn with these hands and this centre.

    Each hand's first card is dealt face down as the rulebook deals it; the rest of a
    hand is put there directly, as if taken in earlier turns.  All other cards are in the
    draw pile.
    """
    state = GAME.new(players, seed=0, **options)
    assert len(hands) == players
    for hand in hands:
        state.apply_chance(hand[0])
    for seat, hand in enumerate(hands):
        for card in hand[1:]:
            state.draw.remove(card)
            state.hands[seat].append(card)
    for card in centre:
        state.apply_chance(card)
    assert state.phase == "swat", "the centre needs players - 1 flies"
    if tokens is not None:
        state.tokens = list(tokens)
    assert sorted(state.card_places()) == list(range(DECK_SIZE))
    return state


def swat(state: SuperflyState, choices: Mapping[int, int | None],
         order: Sequence[int] | None = None) -> None:
    """Each seat in ``choices`` swats its card (None: passes), in ``order`` if given."""
    for seat in order if order is not None else sorted(choices):
        card = choices[seat]
        state.apply(seat, PASS if card is None else SWATS[card], 0.0)


def roll(state: SuperflyState, dice: Mapping[int, int]) -> None:
    """The dice of the swatters, as chance outcomes (rolled in seat order)."""
    assert state.phase == "dice"
    assert list(state.rolling) == sorted(dice), (state.rolling, dice)
    for seat in sorted(dice):
        state.apply_chance(dice[seat])


def play_turn(state: SuperflyState, choices: Mapping[int, int | None],
              dice: Mapping[int, int] | None = None) -> None:
    """One whole turn: the choices, then the dice of those who swatted."""
    swat(state, choices)
    if dice:
        roll(state, dice)


def deal_centre(state: SuperflyState, centre: Sequence[int]) -> None:
    """Lay the next turn's centre flies (chance outcomes given)."""
    for card in centre:
        assert state.phase == "centre"
        state.apply_chance(card)


def card_ids_in(view: Any, keys: tuple[str, ...] = ("id",)) -> set[int]:
    """Every card id a view shows in card objects (dicts with an ``id``)."""
    found: set[int] = set()
    if isinstance(view, dict):
        for key in keys:
            if isinstance(view.get(key), int) and "colour" in view:
                found.add(view[key])
        for value in view.values():
            found |= card_ids_in(value, keys)
    elif isinstance(view, list):
        for value in view:
            found |= card_ids_in(value, keys)
    return found
