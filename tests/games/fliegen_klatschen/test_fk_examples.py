"""The rulebook's two printed examples, exactly as printed."""

from __future__ import annotations

from fk_table import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    colour_counts,
    flies,
    pass_all,
    reveal,
    slap,
    swatter,
    table,
)

from gamenight.engine import PASS
from gamenight.games.fliegen_klatschen.actions import SLAPS
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, VALUE_OF
from gamenight.games.fliegen_klatschen.rules import FliegenKlatschenState, allowed_colours


def example_1() -> tuple[FliegenKlatschenState, int]:
    """9 flies lie face up in the centre: 5 red, 2 yellow, 1 green and 1 purple.  The
    player reveals a blue fly."""
    centre = flies(RED, 5) + flies(YELLOW, 2) + flies(GREEN, 1) + flies(PURPLE, 1)
    blue = flies(BLUE, 1)[0]
    state = table(3, [[flies(ORANGE, 2)[0], blue], flies(ORANGE, 2)[1:], [swatter()]],
                  centre=centre)
    assert len(state.centre) == 9
    assert colour_counts(state.centre) == {RED: 5, YELLOW: 2, GREEN: 1, PURPLE: 1}
    reveal(state)
    return state, blue


def test_example_1_a_blue_fly_as_fifth_colour_starts_a_hunt() -> None:
    state, blue = example_1()
    assert state.phase == "hunt" and state.acting().kind == "window"
    assert state.hunt is not None and state.hunt.trigger == blue


def test_example_1_the_blue_fly_is_not_in_the_centre_during_the_hunt() -> None:
    state, blue = example_1()
    assert blue not in state.centre and len(state.centre) == 9
    assert all(SLAPS[blue] not in state.legal_actions(s) for s in range(3))
    assert state.view(1)["hunt"]["trigger"]["colour"] == "blue"
    assert blue not in {c["id"] for c in state.view(1)["centre"]}


def test_example_1_only_red_may_be_hit() -> None:
    state, _ = example_1()
    assert state.hunt is not None and state.hunt.allowed == {RED}


def test_example_1_after_the_hunt_the_blue_fly_goes_back_in_the_box_out_of_play() -> None:
    state, blue = example_1()
    red = [c for c in state.centre if COLOUR_OF[c] == RED]
    slap(state, 1, max(red, key=lambda c: VALUE_OF[c]), 300)
    pass_all(state)
    assert state.box[-1] == blue and state.card_places()[blue] == "box"
    assert blue not in state.centre and state.phase == "reveal"
    assert colour_counts(state.centre) == {RED: 4, YELLOW: 2, GREEN: 1, PURPLE: 1}


def example_2() -> FliegenKlatschenState:
    """9 flies lie face up in the centre: 3 red, 3 green, 2 blue and 1 purple (a swatter
    is revealed, and four seats hunt)."""
    centre = flies(RED, 3) + flies(GREEN, 3) + flies(BLUE, 2) + flies(PURPLE, 1)
    piles = [flies(ORANGE, 16)[2 * k:2 * k + 2] for k in range(4)]
    piles[0].append(swatter())
    state = table(4, piles, centre=centre, won=[flies(YELLOW, 16)[2 * k:2 * k + 2]
                                                for k in range(4)])
    assert colour_counts(state.centre) == {RED: 3, GREEN: 3, BLUE: 2, PURPLE: 1}
    reveal(state)
    return state


def test_example_2_players_may_hit_only_the_red_and_green_flies() -> None:
    centre = flies(RED, 3) + flies(GREEN, 3) + flies(BLUE, 2) + flies(PURPLE, 1)
    assert allowed_colours(centre) == {RED, GREEN}
    state = example_2()
    assert state.hunt is not None and state.hunt.allowed == {RED, GREEN}


def test_example_2_hands_on_red_and_green_win_hands_on_blue_and_purple_are_penalised() -> None:
    state = example_2()
    red, green = flies(RED, 3), flies(GREEN, 3)
    blue, purple = flies(BLUE, 2), flies(PURPLE, 1)
    won_before = [list(w) for w in state.won]
    slap(state, 0, red[0], 210)
    slap(state, 1, green[2], 230)
    slap(state, 2, blue[0], 250)
    slap(state, 3, purple[0], 260)
    slap(state, 2, blue[1], 400)
    slap(state, 0, green[0], 500)
    slap(state, 1, red[0], 520)  # too late: seat 0's hand is underneath
    state.apply(3, PASS, 600)
    assert state.phase == "reveal"
    assert state.won[0] == [*won_before[0], red[0], green[0]]
    assert state.won[1] == [*won_before[1], green[2]]
    # Seat 2 hit two blue flies: two penalties, both its won cards go under its pile.
    assert state.won[2] == []
    assert state.piles[2][:2] == [won_before[2][0], won_before[2][1]]
    # Seat 3 hit the purple fly: one penalty.
    assert state.won[3] == won_before[3][:1]
    assert state.piles[3][0] == won_before[3][1]
    # The blue and purple flies stay in the centre; the won ones have left it.
    assert sorted(state.centre) == sorted([red[1], red[2], green[1], *blue, *purple])
