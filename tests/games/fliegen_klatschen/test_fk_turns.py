"""Rulebook: Turning cards, Is it a fly?, Is it a fly swatter?, 5 different colours."""

from __future__ import annotations

import pytest

from gamenight.engine import PASS, IllegalAction
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.events import Revealed
from tests.games.fliegen_klatschen.fk_table import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    colour_counts,
    flies,
    fly,
    pass_all,
    reveal,
    slap,
    swatter,
    table,
)


def test_on_their_turn_a_player_turns_over_the_top_card_of_their_pile() -> None:
    top, under = fly(RED, 3), fly(BLUE, 1)
    state = table(2, [[under, top], flies(GREEN, 3)])
    reveal(state)
    assert state.piles[0] == [under]
    assert state.last_reveal == Revealed(0, top, hunt=False)


def test_every_seat_sees_the_revealed_card_at_the_same_instant() -> None:
    # The digital reveal: one step shows the card to every seat and spectator at once.
    top = fly(RED, 3)
    state = table(3, [[fly(BLUE, 1), top], flies(GREEN, 2), flies(YELLOW, 2)])
    reveal(state)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["last_reveal"] == {"seat": 0, "card": {
            "id": top, "kind": "fly", "colour": "red", "value": 3}}
        assert [c["id"] for c in view["centre"]] == [top]


def test_a_revealed_fly_goes_face_up_to_the_centre_beside_the_others() -> None:
    a, b, c = fly(RED, 1), fly(BLUE, 2), fly(RED, 4)
    state = table(2, [[fly(GREEN, 1), c, a], [fly(GREEN, 2), b]])
    for _ in range(3):
        reveal(state)
    # Beside, never covering: every centre card stays visible, in the order laid.
    assert state.centre == [a, b, c]
    assert [card["id"] for card in state.view(1)["centre"]] == [a, b, c]
    assert state.phase == "reveal"


def test_a_swatter_starts_a_hunt_for_all_players() -> None:
    state = table(3, [[fly(GREEN, 1), swatter()], flies(BLUE, 2), flies(YELLOW, 2)],
                  centre=[fly(RED, 3)])
    reveal(state)
    acting = state.acting()
    assert state.phase == "hunt" and acting.kind == "window"
    assert acting.seats == (0, 1, 2) and acting.deadline_ms == 3000
    hunt = state.view(2)["hunt"]
    assert hunt["trigger"] == {"id": swatter(), "kind": "swatter"}
    assert hunt["revealer"] == 0


def test_after_the_hunt_the_swatter_leaves_the_game_into_the_box() -> None:
    state = table(2, [[fly(GREEN, 1), swatter()], flies(BLUE, 2)], centre=[fly(RED, 3)])
    reveal(state)
    assert swatter() not in state.box and state.card_places()[swatter()] == "trigger"
    pass_all(state)
    assert state.phase == "reveal" and state.box[-1] == swatter()
    assert swatter() not in state.centre


def test_a_hunt_with_an_empty_centre_does_nothing() -> None:
    state = table(2, [[fly(GREEN, 1), swatter()], flies(BLUE, 2)])
    reveal(state)
    # Nothing to hit: no window opens, the swatter goes to the box, play passes on.
    assert state.phase == "reveal" and state.current == 1
    assert state.box[-1] == swatter() and state.centre == []


def test_four_colours_in_the_centre_and_a_fifth_revealed_starts_a_hunt() -> None:
    centre = [fly(RED, 1), fly(YELLOW, 1), fly(GREEN, 1), fly(BLUE, 1)]
    fifth = fly(PURPLE, 5)
    state = table(2, [[fly(RED, 2), fifth], flies(ORANGE, 2)], centre=centre)
    reveal(state)
    assert state.phase == "hunt" and state.hunt is not None
    assert state.hunt.trigger == fifth
    # The fifth colour is not part of the centre while the hunt lasts: not hittable ...
    assert fifth not in state.centre
    assert SLAPS[fifth] not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="started the hunt"):
        slap(state, 1, fifth, 100)
    # ... and not counted: one each of four colours, all four allowed, purple not.
    assert state.hunt.allowed == frozenset({RED, YELLOW, GREEN, BLUE})
    pass_all(state)
    # Afterwards it leaves the game, into the box.
    assert state.box[-1] == fifth and fifth not in state.centre


def test_a_fifth_colour_with_fewer_than_four_colours_is_an_ordinary_fly() -> None:
    centre = [fly(RED, 1), fly(YELLOW, 1), fly(GREEN, 1)]
    new = fly(BLUE, 5)
    state = table(2, [[fly(RED, 2), new], flies(ORANGE, 2)], centre=centre)
    reveal(state)
    assert state.phase == "reveal" and state.centre == [*centre, new]


def test_a_fly_of_a_colour_already_among_four_is_an_ordinary_fly() -> None:
    centre = [fly(RED, 1), fly(YELLOW, 1), fly(GREEN, 1), fly(BLUE, 1)]
    new = fly(GREEN, 5)
    state = table(2, [[fly(RED, 2), new], flies(ORANGE, 2)], centre=centre)
    reveal(state)
    assert state.phase == "reveal" and state.centre[-1] == new


def test_the_centre_never_shows_more_than_four_colours() -> None:
    # Follows from the fifth-colour rule; checked over whole games in the properties.
    centre = [fly(RED, 1), fly(YELLOW, 1), fly(GREEN, 1), fly(BLUE, 1)]
    state = table(2, [[fly(RED, 2), fly(ORANGE, 3), fly(PURPLE, 2)], flies(RED, 3, value=3)],
                  centre=centre)
    for _ in range(3):
        reveal(state)
        if state.phase == "hunt":
            pass_all(state)
        assert len(colour_counts(state.centre)) == 4
    assert state.box[-2:] == [fly(PURPLE, 2), fly(ORANGE, 3)]


def test_a_turn_is_reveal_only_a_seat_may_not_pass_or_slap_outside_a_hunt() -> None:
    state = table(2, [[fly(GREEN, 1), fly(RED, 2)], flies(BLUE, 2)], centre=[fly(RED, 3)])
    before = state.digest()
    for action in (PASS, SLAPS[fly(RED, 3)]):
        with pytest.raises(IllegalAction, match="reveal"):
            state.apply(0, action)
    assert state.digest() == before


def test_nobody_reveals_during_a_hunt() -> None:
    state = table(2, [[fly(GREEN, 1), swatter()], flies(BLUE, 2)], centre=[fly(RED, 3)])
    reveal(state)
    before = state.digest()
    for seat in (0, 1):
        with pytest.raises(IllegalAction):
            state.apply(seat, REVEAL, 10)
    assert state.digest() == before
