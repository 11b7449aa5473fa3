"""A turn, branch by branch, as the rulebook tells it."""

from __future__ import annotations

import pytest

from gamenight.engine import IllegalAction
from gamenight.games.by_golly.actions import DRAWS, END, KEEP, LAYS, SHUFFLE, TURNS
from gamenight.games.by_golly.cards import PLACES
from tests.games.by_golly.bg_table import (
    POO_1,
    POO_2,
    SHOVEL_1,
    SHOVEL_2,
    draw,
    end,
    hand_of,
    k,
    lay,
    place_of,
    table,
    turn,
)


def face_up(state: object, seat: int | None = None) -> dict[int, str]:
    view = state.view(seat)  # type: ignore[attr-defined]
    return {p: name for p, name in enumerate(view["run"]) if name is not None}


def test_he_lays_an_animal_card_from_his_hand_face_up_then_turns_over_a_run_card() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["pig"], ["cat"]])
    assert state.legal_actions(0) == [LAYS[k("hen")], LAYS[k("fox")]]
    lay(state, "hen")
    assert state.view(1)["laid"] == "hen"  # face up: everyone sees it
    assert hand_of(state, 0) == ["fox"]
    assert state.legal_actions(0) == list(TURNS)  # any face-down card of his choice


def test_same_animal_the_card_is_discarded_the_run_card_stays_up_and_he_goes_on() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    assert state.discarded == [k("hen")]
    assert face_up(state, 1) == {place_of("hen"): "hen"}
    assert state.phase == "lay" and state.current == 0  # he goes on with another card
    assert state.legal_actions(0) == [LAYS[k("fox")]]
    lay(state, "fox")
    turn(state, place_of("fox"))
    assert face_up(state) == {place_of("hen"): "hen", place_of("fox"): "fox"}


def test_different_animal_he_takes_his_card_back_and_his_turn_ends() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, place_of("goose"))
    assert sorted(hand_of(state, 0)) == ["fox", "hen"]
    assert state.discarded == []
    # The card lies face up for all to see until he turns it back.
    assert state.phase == "end" and face_up(state, 1) == {place_of("goose"): "goose"}
    assert state.legal_actions(0) == [END]
    end(state)
    assert face_up(state) == {} and state.current == 1


def test_a_shovel_he_takes_his_card_back_and_his_turn_ends() -> None:
    state = table(2, [["hen"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, SHOVEL_1)
    assert hand_of(state, 0) == ["hen"] and state.phase == "end"
    assert face_up(state) == {SHOVEL_1: "shovel"}


def test_chicken_poo_he_must_at_once_turn_over_a_second_card() -> None:
    state = table(2, [["hen"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, POO_1)
    assert state.phase == "second" and state.current == 0
    assert state.legal_actions(0) == [TURNS[p] for p in range(PLACES) if p != POO_1]
    with pytest.raises(IllegalAction, match="second chicken-run card"):
        state.apply(0, END)
    with pytest.raises(IllegalAction, match="already face up"):
        turn(state, POO_1)


def test_poo_then_shovel_still_lucky_he_takes_his_card_back_and_may_shuffle() -> None:
    state = table(2, [["hen"], ["owl"]], [["pig"], ["cat"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, SHOVEL_2)
    assert hand_of(state, 0) == ["hen"]
    assert state.phase == "shuffle" and state.legal_actions(0) == [SHUFFLE, KEEP]
    assert state.hand_sizes == [1, 1]  # no mess: nothing drawn


def test_poo_then_animal_a_bit_unlucky_he_draws_two_cards_in_total() -> None:
    state = table(3, [["hen"], ["owl", "owl"], ["cat", "pig"]], [["fox"], ["duck"], ["frog"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    assert hand_of(state, 0) == ["hen"]  # he takes back the card he played
    assert state.phase == "mess" and state.draws_left == 2
    assert state.legal_actions(0) == [DRAWS[1], DRAWS[2]]
    draw(state, 1, "owl")
    draw(state, 2, "pig")  # from one or more players of his choice
    assert sorted(hand_of(state, 0)) == ["hen", "owl", "pig"]
    assert hand_of(state, 1) == ["owl"] and hand_of(state, 2) == ["cat"]
    assert state.phase == "shuffle"


def test_poo_then_poo_really_unlucky_he_draws_four_cards() -> None:
    state = table(2, [["hen"], ["owl", "owl", "cat", "pig", "frog"]], [["fox"], ["duck"]])
    lay(state, "hen")
    turn(state, POO_2)
    turn(state, POO_1)
    assert state.draws_left == 4
    for _ in range(4):
        draw(state, 1)
    assert state.hand_sizes == [5, 1] and state.phase == "shuffle"
    assert hand_of(state, 0).count("hen") == 1


def test_after_the_poo_any_animal_is_the_mess_even_his_own() -> None:
    state = table(2, [["hen"], ["owl", "owl"]], [["fox"], ["duck"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("hen"))
    assert state.phase == "mess" and state.discarded == []
    assert hand_of(state, 0) == ["hen"]


def test_he_may_not_draw_from_himself_or_a_seat_that_is_not_there() -> None:
    state = table(3, [["hen"], ["owl"], ["cat"]], [["fox"], ["duck"], ["pig"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    with pytest.raises(IllegalAction, match="not himself"):
        state.apply(0, DRAWS[0])
    with pytest.raises(IllegalAction, match="no seat 4"):
        state.apply(0, DRAWS[4])


def test_each_card_is_drawn_blindly_from_that_players_hand() -> None:
    state = table(2, [["hen"], ["owl", "owl", "cat"]], [["fox"], ["duck"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    state.apply(0, DRAWS[1])
    assert state.acting().kind == "chance"  # which card is chance, from the seed
    outcomes = dict(state.chance_outcomes() or [])
    assert outcomes == pytest.approx({"owl": 2 / 3, "cat": 1 / 3})
    with pytest.raises(IllegalAction, match="no 'pig'"):
        state.apply_chance("pig")
    assert state.view(0)["drawing_from"] == 1


def test_if_his_hand_is_empty_from_the_top_of_his_stack() -> None:
    state = table(3, [["hen"], [], ["cat"]], [["fox"], ["duck", "frog"], ["pig"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    state.apply(0, DRAWS[1])
    assert state.acting().kind == "turn"  # no chance: the top card is known to no one
    assert "frog" in hand_of(state, 0) and state.stacks[1] == [k("duck")]


def test_a_hand_may_grow_past_five() -> None:
    state = table(2, [["hen", "fox", "cat", "pig", "owl"], ["duck"] * 3], [[], ["frog"] * 2])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, POO_2)
    for _ in range(4):
        draw(state, 1)
    assert state.hand_sizes[0] == 9
    state.apply(0, KEEP)
    assert state.hand_sizes[0] == 9  # no refill, none lost


def test_he_may_shuffle_the_cards_he_turned_over_among_their_places() -> None:
    state = table(2, [["hen", "fox"], ["owl", "owl"]], [["cat"], ["duck"]])
    lay(state, "hen")
    turn(state, place_of("hen"))  # a match first, then the mess
    lay(state, "fox")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    draw(state, 1, "owl")
    draw(state, 1, "owl")
    turned = sorted(state.turned)
    before = list(state.run)
    state.apply(0, SHUFFLE)
    view = state.view(0)
    assert view["shuffling"] and view["run"][POO_1] == "poo"  # still face up while shuffled
    order = [place_of("goose"), POO_1, place_of("hen")]
    state.apply_chance(order)
    assert [state.run[p] for p in turned] == [before[p] for p in order]
    untouched = [p for p in range(PLACES) if p not in turned]
    assert [state.run[p] for p in untouched] == [before[p] for p in untouched]
    # They go face down; nobody, he included, is shown the new order.
    assert all(name is None for s in (0, 1, None) for name in state.view(s)["run"])
    assert state.current == 1


def test_a_shuffle_is_an_order_of_the_turned_places_only() -> None:
    state = table(2, [["hen"], ["owl"]], [["cat"], ["duck"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, SHOVEL_1)
    state.apply(0, SHUFFLE)
    assert sorted(o for o, _ in state.chance_outcomes() or []) == [[POO_1, SHOVEL_1],
                                                                    [SHOVEL_1, POO_1]]
    with pytest.raises(IllegalAction, match="order of the places"):
        state.apply_chance([POO_1, 3])


def test_keep_leaves_the_cards_where_they_lie() -> None:
    state = table(2, [["hen"], ["owl"]], [["cat"], ["duck"]])
    before = list(state.run)
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, SHOVEL_1)
    state.apply(0, KEEP)
    assert state.run == before and state.current == 1


def test_end_of_turn_every_card_turned_goes_face_down_and_he_refills_to_five() -> None:
    state = table(2, [["hen", "fox"], ["owl"]],
                  [["cat", "pig", "duck", "frog", "mouse", "worm"], ["goose"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    lay(state, "fox")
    turn(state, place_of("owl"))
    end(state)
    assert face_up(state) == {}
    assert state.hand_sizes[0] == 5  # fox back in hand + 4 from the top of his stack
    assert sorted(hand_of(state, 0)) == sorted(["fox", "worm", "mouse", "frog", "duck"])
    assert state.stacks[0] == [k("cat"), k("pig")]


def test_refill_takes_what_his_stack_has() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["cat"], ["goose"]])
    lay(state, "hen")
    turn(state, place_of("owl"))
    end(state)
    assert state.hand_sizes[0] == 3 and state.stacks[0] == []


def test_he_also_stops_when_his_hand_is_empty() -> None:
    state = table(2, [["hen"], ["owl"]], [["cat", "pig"], ["goose"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    assert state.phase == "end" and state.legal_actions(0) == [END]
    assert not state.is_over  # his stack still holds cards
    end(state)
    assert sorted(hand_of(state, 0)) == ["cat", "pig"] and state.current == 1


def test_play_goes_clockwise() -> None:
    state = table(3, [["hen"], ["owl"], ["cat"]], [["fox"], ["duck"], ["pig"]])
    for seat in (0, 1, 2, 0):
        assert state.current == seat and state.acting().seats == (seat,)
        lay(state, hand_of(state, seat)[0])
        turn(state, SHOVEL_1)
        end(state)


def test_only_the_player_on_turn_acts() -> None:
    state = table(2, [["hen"], ["owl"]], [["fox"], ["duck"]])
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        state.apply(1, LAYS[k("owl")])
    with pytest.raises(IllegalAction, match="no fox in his hand"):
        lay(state, "fox")
    with pytest.raises(IllegalAction, match="must lay"):
        turn(state, 3)


def test_a_player_whose_hand_was_drawn_away_only_refills_on_his_turn() -> None:
    state = table(2, [["hen"], ["owl"]], [["fox"], ["duck", "cat"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    draw(state, 1, "owl")
    draw(state, 1)  # his hand is empty: the top of his stack
    state.apply(0, KEEP)
    assert state.current == 1 and state.hand_sizes[1] == 0 and state.phase == "end"
    assert state.legal_actions(1) == [END]
    end(state)
    assert hand_of(state, 1) == ["duck"] and state.current == 0


def test_option_face_up_match_discards_without_turning() -> None:
    state = table(2, [["hen", "hen", "fox"], ["owl"]], [["cat"], ["duck"]], face_up_match=True)
    lay(state, "hen")
    turn(state, place_of("hen"))
    lay(state, "hen")  # the hen already lies face up this turn
    assert state.discarded == [k("hen"), k("hen")] and state.phase == "lay"
    assert state.turned == [place_of("hen")]


def test_without_the_option_a_face_up_animal_must_still_turn_a_card() -> None:
    state = table(2, [["hen", "hen", "fox"], ["owl"]], [["cat"], ["duck"]])
    assert state.options["face_up_match"] is False
    lay(state, "hen")
    turn(state, place_of("hen"))
    lay(state, "hen")
    assert state.phase == "turn"
    turn(state, place_of("fox"))
    assert state.phase == "end" and hand_of(state, 0).count("hen") == 1


@pytest.mark.parametrize("choice", [KEEP, SHUFFLE])
def test_after_the_mess_his_turn_ends_and_he_refills_to_five(choice: object) -> None:
    state = table(2, [["hen"], ["owl", "owl", "cat"]],
                  [["pig", "duck", "frog", "mouse"], ["worm"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))  # a bit unlucky: two cards
    draw(state, 1, "owl")
    draw(state, 1, "cat")
    assert sorted(hand_of(state, 0)) == ["cat", "hen", "owl"]
    state.apply(0, choice)
    if state.phase == "shuffling":
        state.draw_chance()
    # The turn is over: two cards from the top of his stack take his hand back up to 5.
    assert state.current == 1 and state.hand_sizes[0] == 5
    assert sorted(hand_of(state, 0)) == ["cat", "frog", "hen", "mouse", "owl"]
    assert state.stacks[0] == [k("pig"), k("duck")]
    assert face_up(state) == {}


def test_a_shuffle_leaves_every_order_equally_likely() -> None:
    import random
    from collections import Counter

    from scipy.stats import chisquare

    state = table(2, [["hen", "fox"], ["owl"]], [["cat"], ["duck"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    lay(state, "fox")
    turn(state, POO_1)
    turn(state, SHOVEL_1)  # still lucky, and he may shuffle all three
    state.apply(0, SHUFFLE)
    draws = 6000
    orders: Counter[tuple[int, ...]] = Counter()
    for i in range(draws):
        state.rng = random.Random(i)
        orders[tuple(state.sample_chance())] += 1
    assert len(orders) == 6  # 3! orders, each one possible
    assert chisquare(list(orders.values())).pvalue > 1e-3
