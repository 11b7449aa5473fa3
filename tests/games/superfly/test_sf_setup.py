"""Components and game set-up."""

from __future__ import annotations

import pytest

from gamenight.bots.base import bot_kinds
from gamenight.engine import OptionError
from gamenight.games.superfly.actions import SWATS, parse_action
from gamenight.games.superfly.cards import (
    COLOUR_OF,
    COLOURS,
    DECK_SIZE,
    DIE_FACES,
    KINDS,
    NUMBER_OF,
    Card,
    card_id,
    long_name,
    name,
)
from gamenight.games.superfly.rules import GAME, TOKENS_IN_BOX, TOKENS_TO_WIN, SuperflyState


def dealt(players: int, seed: int = 1, **options: object) -> SuperflyState:
    """A new game played up to the first signal (the deal and the first centre)."""
    state = GAME.new(players, seed=seed, **options)
    while state.acting().kind == "chance":
        state.draw_chance()
    return state


def test_36_fly_cards_in_6_colours_numbered_1_to_6_each_pair_once() -> None:
    assert DECK_SIZE == 36 and len(COLOURS) == 6
    pairs = {(COLOUR_OF[c], NUMBER_OF[c]) for c in range(DECK_SIZE)}
    assert pairs == {(c, n) for c in range(6) for n in range(1, 7)}
    assert all(card_id(COLOURS[COLOUR_OF[c]], NUMBER_OF[c]) == c for c in range(DECK_SIZE))


def test_six_fly_kinds_are_display_names_of_the_numbers_kept_as_data() -> None:
    assert KINDS == {1: "Baby", 2: "Hungry", 3: "Queen", 4: "Sleepy", 5: "Romantic",
                     6: "Turbo"}
    assert long_name(card_id("green", 3)) == "green 3 (Queen fly)"
    assert Card.of(card_id("red", 6)).to_json() == {
        "id": card_id("red", 6), "colour": "red", "number": 6, "kind": "Turbo"}


def test_each_swatter_holds_a_six_sided_die() -> None:
    assert DIE_FACES == (1, 2, 3, 4, 5, 6)


def test_superfly_is_for_3_to_5_players() -> None:
    for players in (3, 4, 5):
        assert GAME.new(players).players == players
    for players in (1, 6):
        with pytest.raises(OptionError, match="2 to 5 players"):
            GAME.new(players)


def test_two_players_is_a_variant_that_must_be_asked_for() -> None:
    with pytest.raises(OptionError, match="3 to 5 players; 2 players is a variant"):
        GAME.new(2)
    state = dealt(2, two_players=True)
    assert len(state.centre) == 1  # players - 1


def test_each_player_gets_1_card_face_down_and_the_rest_is_the_draw_pile() -> None:
    state = GAME.new(4, seed=3)
    assert state.acting().kind == "chance"
    for _ in range(4):
        state.draw_chance()
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]
    assert len(state.draw) == DECK_SIZE - 4
    for seat in range(4):
        view = state.view(seat)
        assert [c["id"] for c in view["my_hand"]] == state.hands[seat]  # he may look at it
        assert "hands" not in view  # the others may not
    assert "my_hand" not in state.view(None)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_as_many_cards_as_players_minus_1_are_placed_face_up_in_the_centre(
        players: int) -> None:
    state = dealt(players)
    assert len(state.centre) == players - 1
    assert len(state.draw) == DECK_SIZE - players - (players - 1)
    assert [c["id"] for c in state.view(None)["centre"]] == state.centre


def test_every_card_drawn_is_a_chance_outcome_listed_with_its_probability() -> None:
    state = GAME.new(3, seed=0)
    outcomes = state.chance_outcomes()
    assert outcomes is not None
    assert [c for c, _ in outcomes] == list(range(DECK_SIZE))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_chance(17)
    outcomes = state.chance_outcomes()
    assert outcomes is not None and 17 not in [c for c, _ in outcomes]
    assert all(p == pytest.approx(1 / 35) for _, p in outcomes)
    with pytest.raises(Exception, match="not in the draw pile"):
        state.apply_chance(17)


def test_the_shuffle_comes_from_the_seed() -> None:
    assert dealt(4, seed=9).snapshot() == dealt(4, seed=9).snapshot()
    assert dealt(4, seed=9).hands != dealt(4, seed=10).hands or (
        dealt(4, seed=9).centre != dealt(4, seed=10).centre)


def test_the_player_with_the_best_fly_impression_seat_0_is_the_first_player() -> None:
    state = dealt(4)
    assert state.first == 0 and state.view(2)["first_player"] == 0
    assert [s.value for s in state.history[:4]] == [state.hands[s][0] for s in range(4)]


def test_11_fly_catcher_tokens_off_to_one_side_and_3_win() -> None:
    view = dealt(3).view(None)
    assert view["tokens"] == [0, 0, 0] and view["tokens_in_box"] == TOKENS_IN_BOX == 11
    assert TOKENS_TO_WIN == 3


def test_options_deadline_open_hands_and_the_safety_cap() -> None:
    names = {o.name: o.default for o in GAME.options}
    assert names == {"deadline_ms": 5000, "open_hands": False, "two_players": False,
                     "max_turns": 1000}
    state = dealt(3, deadline_ms=1500, open_hands=True)
    assert state.acting().deadline_ms == 1500.0
    assert [[c["id"] for c in h] for h in state.view(1)["hands"]] == state.hands
    with pytest.raises(OptionError):
        GAME.new(3, deadline_ms=0)


def test_every_action_text_reads_back_to_the_action() -> None:
    state = dealt(5)
    for action in state.legal_actions(0):
        assert parse_action(str(action)) == action
    assert str(SWATS[card_id("red", 3)]) == "swat red 3"
    assert name(card_id("purple", 6)) == "purple 6"
    for text in ("swat red 7", "swat pink 3", "swat red", "slap red 3", "swat red ³", ""):
        with pytest.raises(ValueError, match="not a Superfly action"):
            parse_action(text)


def test_the_game_is_registered_with_its_metadata() -> None:
    from gamenight.games import get_game

    game = get_game("superfly")
    assert game is GAME
    assert (game.min_players, game.max_players) == (2, 5)
    assert game.default_bot == "collector"
    assert set(bot_kinds(game)) == {"random", "collector", "master"}
    assert game.rules_text().startswith("# Superfly")
