"""Components and setup: the 27 table cards, the 9 x 3 table, who starts."""

from __future__ import annotations

from collections import Counter

import pytest

from gamenight.bots.base import bot_kinds
from gamenight.engine import IllegalAction, OptionError
from gamenight.games.fly.cards import (
    BLANKS,
    CARD_HEIGHT,
    CARD_WIDTH,
    COLOUR_OF,
    COLOURS,
    COLUMNS,
    DECK_SIZE,
    FLY_PLACE,
    ROWS,
    SYMBOL_OF,
    SYMBOLS,
    Card,
    card_json,
)
from gamenight.games.fly.rules import GAME
from tests.games.fly.fly_table import laid_out


def test_27_table_cards_25_flies_and_2_blanks() -> None:
    assert DECK_SIZE == 27
    flies = [c for c in range(DECK_SIZE) if not Card.of(c).is_blank]
    assert len(flies) == 25 and BLANKS == 2
    assert [c for c in range(DECK_SIZE) if Card.of(c).is_blank] == [25, 26]


def test_each_fly_has_one_of_5_colours_and_one_of_5_symbols_each_pair_exactly_once() -> None:
    assert len(COLOURS) == 5 and len(SYMBOLS) == 5
    pairs = Counter((COLOUR_OF[c], SYMBOL_OF[c]) for c in range(25))
    assert set(pairs) == {(c, s) for c in range(5) for s in range(5)}
    assert set(pairs.values()) == {1}
    for named in ("red", "yellow", "blue"):  # the colours named in print (FACTS.md)
        assert named in COLOURS
    for named in ("star", "circle", "diamond", "triangle"):
        assert named in SYMBOLS


def test_cards_measure_1_by_3_inches_standing_upright() -> None:
    assert (CARD_WIDTH, CARD_HEIGHT) == (1.0, 3.0)
    state = laid_out()
    table = state.view(None)["table"]
    assert [c["slot"] for c in table] == list(range(27))


def test_a_fly_lies_at_a_fixed_place_within_the_middle_of_its_card_different_per_card() -> None:
    places = [FLY_PLACE[c] for c in range(25)]
    assert len(set(places)) == 25
    radius = GAME.options[0].maximum / 2  # the largest fly the options allow still fits
    for place in places:
        assert place is not None
        x, y = place
        assert radius <= x <= CARD_WIDTH - radius
        assert 0.5 <= y <= CARD_HEIGHT - 0.5  # the middle of the card, not its ends
    assert card_json(0)["place"] == list(FLY_PLACE[0] or ())


def test_shuffle_the_27_table_cards_the_layout_is_a_chance_event_from_the_seed() -> None:
    a, b, c = GAME.new(2, seed=5), GAME.new(2, seed=5), GAME.new(2, seed=6)
    assert a.acting().kind == "chance"
    assert a.sample_chance() == b.sample_chance() != c.sample_chance()
    state = GAME.new(2, seed=5)
    layout = state.draw_chance()
    assert sorted(layout) == list(range(27))
    assert state.history[0].value == layout


def test_the_table_is_9_columns_by_3_rows_laid_row_by_row() -> None:
    order = list(range(26, -1, -1))
    state = laid_out(order=order)
    assert state.table == order
    assert (COLUMNS, ROWS) == (9, 3)
    # Row 1 holds the first 9 cards laid, left to right from the box; row 2 the next 9.
    table = state.view(None)["table"]
    first = next(c for c in table if c["slot"] == 9)
    assert first["id"] == order[9]
    if first["fly"] is not None:
        assert 0.0 <= first["fly"][0] <= 1.0 and 3.0 <= first["fly"][1] <= 6.0


def test_a_layout_must_be_an_order_of_the_27_cards() -> None:
    state = GAME.new(2)
    # Card ids are whole numbers: 0.0 or False equal 0 but are not cards.
    for bad in ([0] * 27, list(range(26)), "shuffle", [*range(26), 27],
                [float(c) for c in range(27)], [False, True, *range(2, 27)]):
        with pytest.raises(IllegalAction):
            state.apply_chance(bad)
    assert state.history == [] and state.table == [] and state.phase == "layout"


def test_the_youngest_player_takes_the_swatter_and_begins_seat_0() -> None:
    state = laid_out(players=3)
    assert state.acting().kind == "turn" and state.acting().seats == (0,)
    assert state.legal_actions(1) == [] and state.legal_actions(0)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_2_to_4_players_and_1_for_practice(players: int) -> None:
    assert GAME.new(players).players == players


@pytest.mark.parametrize("players", [0, 5])
def test_no_more_than_4_players(players: int) -> None:
    with pytest.raises(OptionError):
        GAME.new(players)


def test_a_fly_wider_than_the_swatter_is_refused() -> None:
    with pytest.raises(OptionError):
        GAME.new(2, fly_diameter=0.6, swatter_width=0.5)
    for name, bad in (("fly_diameter", 0.9), ("sigma_pos", -1), ("max_drops", 0)):
        with pytest.raises(OptionError):
            GAME.new(2, **{name: bad})


def test_metadata_and_registration() -> None:
    from gamenight.games import get_game

    assert get_game("fly") is GAME
    assert (GAME.min_players, GAME.max_players, GAME.default_bot) == (1, 4, "aimer")
    assert set(bot_kinds(GAME)) == {"random", "aimer", "master"}
    assert "Chris Handy" in GAME.credits and "2014" in GAME.credits
    names = {o.name: o.default for o in GAME.options}
    assert names == {"fly_diameter": 0.55, "swatter_width": 1.0, "swatter_length": 3.0,
                     "sigma_pos": 0.35, "sigma_angle": 20.0, "flutter": 1.0,
                     "max_drops": 1000}
