"""The rulebook's two printed examples, exactly as printed: set up by hand, and as the
positions in ``examples/`` (which the browser's tutorial opens)."""

from __future__ import annotations

import json
from pathlib import Path

from gamenight.engine import PASS
from gamenight.games import fliegen_klatschen
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, VALUE_OF, name
from gamenight.games.fliegen_klatschen.events import FlyWon, HuntOver, Penalty, Revealed
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState, allowed_colours
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


# -- the same examples as positions (src/gamenight/games/fliegen_klatschen/examples) ---------
EXAMPLES = Path(fliegen_klatschen.__file__).parent / "examples"


def example(name: str) -> FliegenKlatschenState:
    with (EXAMPLES / f"{name}.json").open(encoding="utf-8") as file:
        state = GAME.from_position(json.load(file))
    assert isinstance(state, FliegenKlatschenState)
    return state


def by_name(state: FliegenKlatschenState, text: str) -> int:
    """The centre fly with this face ('red 5')."""
    return by_name_in(state.centre, text)


def by_name_in(cards: list[int], text: str) -> int:
    return next(c for c in cards if name(c) == text)


def test_every_example_is_a_position_that_reads_back_the_same() -> None:
    files = sorted(EXAMPLES.glob("*.json"))
    assert [f.stem for f in files] == ["fifth-colour", "tied-colours"]
    for file in files:
        state = example(file.stem)
        again = GAME.from_position(state.position())
        assert again.snapshot() == state.snapshot() and again.view(0) == state.view(0)


def test_example_1_position_the_blue_fly_starts_a_hunt_where_only_red_may_be_hit() -> None:
    """9 flies lie face up in the centre: 5 red, 2 yellow, 1 green and 1 purple.  The
    player reveals a blue fly."""
    state = example("fifth-colour")
    assert colour_counts(state.centre) == {RED: 5, YELLOW: 2, GREEN: 1, PURPLE: 1}
    assert state.acting().seats == (0,) and state.view(0)["piles"][0] == 4
    blue = fly(BLUE, 3)  # on top of seat 0's pile
    assert state.piles[0][-1] == blue
    assert state.apply(0, REVEAL) == [Revealed(0, blue, hunt=True)]
    assert state.hunt is not None and state.hunt.allowed == {RED}
    assert blue not in state.centre and len(state.centre) == 9


def test_example_1_position_after_the_hunt_the_blue_fly_goes_back_in_the_box() -> None:
    state = example("fifth-colour")
    state.apply(0, REVEAL)
    red_5, yellow_4 = by_name(state, "red 5"), by_name(state, "yellow 4")
    state.apply(2, SLAPS[red_5], 240.0)
    state.apply(1, SLAPS[yellow_4], 260.0)  # not red: seat 1's orange 4 goes under its pile
    events = state.expire_window()
    blue = state.box[-1]
    assert name(blue) == "blue 3" and state.phase == "reveal" and state.current == 1
    assert events[-3:] == [FlyWon(2, red_5), Penalty(1, yellow_4, fly(ORANGE, 4)),
                           HuntOver(0, blue)]
    assert state.piles[1][0] == fly(ORANGE, 4) and state.won[1] == []
    assert colour_counts(state.centre) == {RED: 4, YELLOW: 2, GREEN: 1, PURPLE: 1}


def test_example_2_position_only_the_red_and_green_flies_may_be_hit() -> None:
    """9 flies lie face up in the centre: 3 red, 3 green, 2 blue and 1 purple.  Players
    may hit only the red and green flies."""
    state = example("tied-colours")
    assert colour_counts(state.centre) == {RED: 3, GREEN: 3, BLUE: 2, PURPLE: 1}
    assert state.phase == "hunt" and state.acting().seats == (0, 1, 2, 3)
    assert state.hunt is not None and state.hunt.allowed == {RED, GREEN}
    slaps = {"red 5": 0, "green 5": 1, "blue 3": 2, "purple 1": 3}
    for face, seat in slaps.items():
        state.apply(seat, SLAPS[by_name(state, face)], 200.0 + 10 * seat)
    state.apply(2, SLAPS[by_name(state, "red 5")], 300.0)  # on top of seat 0's hand
    events = state.expire_window()
    assert [e for e in events if isinstance(e, FlyWon | Penalty)] == [
        FlyWon(0, by_name_in(state.won[0], "red 5")),
        FlyWon(1, by_name_in(state.won[1], "green 5")),
        Penalty(2, by_name(state, "blue 3"), fly(YELLOW, 5)),
        Penalty(3, by_name(state, "purple 1"), fly(ORANGE, 3)),
    ]
    # The blue and purple flies stay in the centre; the won red and green have left it.
    assert colour_counts(state.centre) == {RED: 2, GREEN: 2, BLUE: 2, PURPLE: 1}
