"""The swat: everyone chooses at once, each placed swatter rolls its die, and each fly is
resolved -- a lone swatter takes it, the highest die takes it, a die showing the fly's
number squishes it, tied highest dice swap hands."""

from __future__ import annotations

import itertools

import pytest

from gamenight.engine import PASS, IllegalAction
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.resolution import FlyResult, pass_hands, resolve_fly, resolve_swat
from tests.games.superfly.sf_table import (
    card_ids_in,
    deal_centre,
    fly,
    play_turn,
    roll,
    swat,
    table,
)

RED3, BLUE5, GREEN1, YELLOW6 = fly("red", 3), fly("blue", 5), fly("green", 1), fly("yellow", 6)
HANDS4 = [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)], [fly("purple", 6)]]
CENTRE4 = [RED3, BLUE5, GREEN1]


def test_at_the_signal_all_players_choose_at_once_a_simultaneous_decision() -> None:
    state = table(4, HANDS4, CENTRE4)
    acting = state.acting()
    assert acting.kind == "simultaneous"
    assert acting.seats == (0, 1, 2, 3)
    assert acting.deadline_ms == 5000.0  # the default deadline
    for seat in range(4):
        assert state.legal_actions(seat) == [SWATS[RED3], SWATS[BLUE5], SWATS[GREEN1], PASS]


def test_a_lone_swatter_takes_the_fly() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: RED3, 1: None, 2: None, 3: None}, {0: 5})
    assert state.hands[0] == [fly("red", 1), RED3]
    assert state.last_turn is not None and state.last_turn["takes"] == [[0, RED3]]


def test_among_several_swatters_the_highest_die_takes_the_fly() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: BLUE5, 1: BLUE5, 2: BLUE5, 3: None}, {0: 2, 1: 6, 2: 4})
    assert RED3 not in state.hands[1]
    assert state.hands[1] == [fly("blue", 2), BLUE5]
    assert state.hands[0] == [fly("red", 1)] and state.hands[2] == [fly("green", 4)]


def test_a_die_showing_the_flys_number_squishes_it_even_for_a_lone_swatter() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: RED3, 1: None, 2: None, 3: None}, {0: 3})
    assert state.hands[0] == [fly("red", 1)]
    assert RED3 in state.discards
    assert state.last_turn is not None and state.last_turn["squished"] == [RED3]


def test_any_die_on_the_fly_squishes_it_even_a_lower_one() -> None:
    state = table(4, HANDS4, CENTRE4)
    # Seat 1's 6 is highest, but seat 2's 5 on the 5 fly squishes it: nobody takes it.
    play_turn(state, {0: None, 1: BLUE5, 2: BLUE5, 3: None}, {1: 6, 2: 5})
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]
    assert BLUE5 in state.discards


def test_a_squish_comes_before_a_battle_tied_players_do_not_swap() -> None:
    state = table(4, HANDS4, CENTRE4)
    # Seats 0 and 1 tie on 6, but seat 2 rolled the fly's 1: squished, no swap.
    play_turn(state, {0: GREEN1, 1: GREEN1, 2: GREEN1, 3: None}, {0: 6, 1: 6, 2: 1})
    assert state.hands == [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)],
                           [fly("purple", 6)]]
    assert state.last_turn is not None and state.last_turn["swaps"] == []


def test_shared_highest_die_two_players_exchange_their_whole_hands_and_neither_takes() -> None:
    hands = [[fly("red", 1), fly("red", 2)], [fly("blue", 2)], [fly("green", 4)],
             [fly("purple", 6)]]
    state = table(4, hands, CENTRE4)
    play_turn(state, {0: RED3, 1: RED3, 2: None, 3: None}, {0: 5, 1: 5})
    assert state.hands[0] == [fly("blue", 2)]
    assert state.hands[1] == [fly("red", 1), fly("red", 2)]
    assert RED3 in state.discards
    assert state.last_turn is not None and state.last_turn["swaps"] == [[0, 1]]


def test_shared_highest_die_three_players_each_pass_the_hand_clockwise() -> None:
    a, b, c = [fly("red", 1)], [fly("blue", 2), fly("blue", 4)], [fly("green", 4)]
    state = table(4, [a, b, c, [fly("purple", 6)]], CENTRE4)
    play_turn(state, {0: BLUE5, 1: BLUE5, 2: BLUE5, 3: None}, {0: 4, 1: 4, 2: 4})
    # Clockwise is to the next seat up: 0 passes to 1, 1 to 2, and 2 round to 0.
    assert state.hands[1] == a
    assert state.hands[2] == b
    assert state.hands[0] == c
    assert state.hands[3] == [fly("purple", 6)]
    assert BLUE5 in state.discards


def test_clockwise_passing_skips_untied_seats_and_wraps_round() -> None:
    hands = [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)], [fly("purple", 6)],
             [fly("orange", 2)]]
    state = table(5, hands, [RED3, BLUE5, GREEN1, YELLOW6])
    # Seats 1, 3 and 4 tie on the yellow 6; seat 2 is on it too with a lower die.
    play_turn(state, {0: None, 1: YELLOW6, 2: YELLOW6, 3: YELLOW6, 4: YELLOW6},
              {1: 5, 2: 2, 3: 5, 4: 5})
    assert state.hands[3] == [fly("blue", 2)]  # 1 -> 3
    assert state.hands[4] == [fly("purple", 6)]  # 3 -> 4
    assert state.hands[1] == [fly("orange", 2)]  # 4 -> 1, round the table
    assert state.hands[2] == [fly("green", 4), YELLOW6]  # the third claimant takes it
    assert state.hands[0] == [fly("red", 1)]


def test_a_third_claimant_after_a_tie_takes_the_fly_by_the_usual_rules() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: BLUE5, 1: BLUE5, 2: BLUE5, 3: None}, {0: 6, 1: 6, 2: 2})
    assert state.hands[2] == [fly("green", 4), BLUE5]
    assert state.hands[0] == [fly("blue", 2)] and state.hands[1] == [fly("red", 1)]


def test_after_a_tie_the_remaining_claimants_may_tie_again_and_swap_too() -> None:
    result = resolve_fly(YELLOW6, {0: 5, 1: 5, 2: 3, 3: 3, 4: 1})
    assert result == FlyResult(YELLOW6, (0, 1, 2, 3, 4), (), ((0, 1), (2, 3)), 4)


def test_when_every_claimant_is_tied_out_nobody_takes_the_fly() -> None:
    assert resolve_fly(RED3, {1: 4, 2: 4}).taker is None
    assert resolve_fly(RED3, {0: 6, 1: 6, 2: 2, 3: 2}) == FlyResult(
        RED3, (0, 1, 2, 3), (), ((0, 1), (2, 3)), None)


def test_a_fly_nobody_swats_is_not_taken() -> None:
    assert resolve_fly(RED3, {}) == FlyResult(RED3, (), (), (), None)


def test_once_all_have_recovered_their_cards_the_other_cards_are_discarded() -> None:
    state = table(4, HANDS4, CENTRE4)
    before = len(state.discards)
    play_turn(state, {0: RED3, 1: None, 2: None, 3: None}, {0: 6})
    assert state.centre == [] and state.phase == "centre"  # the next turn's flies are due
    assert state.discards[before:] == [BLUE5, GREEN1]
    assert state.last_turn is not None and state.last_turn["discarded"] == [BLUE5, GREEN1]


def test_each_swatter_placed_rolls_its_die_and_a_pass_rolls_none() -> None:
    state = table(4, HANDS4, CENTRE4)
    swat(state, {0: RED3, 1: None, 2: GREEN1, 3: None})
    assert state.acting().kind == "chance"
    assert state.rolling == (0, 2)
    outcomes = state.chance_outcomes()
    assert outcomes is not None
    assert [face for face, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.sample_chance() in range(1, 7)
    with pytest.raises(IllegalAction, match="1 to 6"):
        state.apply_chance(7)
    roll(state, {0: 4, 2: 2})
    assert state.last_turn is not None and state.last_turn["dice"] == [4, None, 2, None]


def test_if_nobody_swats_no_die_is_rolled_and_every_fly_is_discarded() -> None:
    state = table(4, HANDS4, CENTRE4)
    steps = len(state.history)
    swat(state, {0: None, 1: None, 2: None, 3: None})
    assert state.phase == "centre"  # straight on to the next turn's flies
    assert len(state.history) == steps + 4
    assert state.discards[-3:] == CENTRE4


def test_you_dont_have_to_place_your_swatter_a_pass_takes_nothing() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: None, 1: RED3, 2: None, 3: None}, {1: 1})
    assert state.hands[0] == [fly("red", 1)]


def test_a_player_who_does_not_swat_by_the_deadline_is_out_of_this_turn() -> None:
    state = table(4, HANDS4, CENTRE4)
    swat(state, {0: RED3, 2: RED3})
    assert state.acting().seats == (1, 3)
    state.expire_window()
    assert [(s.seat, s.value, s.at_ms) for s in state.history[-2:]] == [
        (1, "pass", 5000.0), (3, "pass", 5000.0)]
    assert state.rolling == (0, 2)


def test_a_choice_after_the_deadline_is_refused_as_too_late() -> None:
    state = table(4, HANDS4, CENTRE4, deadline_ms=2000)
    with pytest.raises(IllegalAction, match="too late"):
        state.apply(0, SWATS[RED3], 2000.5)
    state.apply(0, SWATS[RED3], 2000.0)
    for bad in (-1.0, float("nan"), float("inf"), True):
        with pytest.raises(IllegalAction, match="at_ms"):
            state.apply(1, PASS, bad)


def test_each_player_has_one_swatter_and_chooses_once() -> None:
    state = table(4, HANDS4, CENTRE4)
    state.apply(0, SWATS[RED3], 10.0)
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(0, SWATS[BLUE5], 20.0)
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(0, PASS, 20.0)
    assert state.legal_actions(0) == []


def test_only_a_fly_in_the_centre_can_be_swatted() -> None:
    state = table(4, HANDS4, CENTRE4)
    with pytest.raises(IllegalAction, match="yellow 6 is not a fly in the centre"):
        state.apply(0, SWATS[YELLOW6])
    with pytest.raises(IllegalAction, match="is no Superfly action"):
        state.apply(0, "reveal")


@pytest.mark.parametrize("open_hands", [False, True])
def test_choices_stay_secret_until_all_are_in(open_hands: bool) -> None:
    # Open hands show every hand, never a swat before the swatters land together.
    state = table(4, HANDS4, CENTRE4, open_hands=open_hands)
    state.apply(0, SWATS[RED3], 0.0)
    mine = state.view(0)
    assert mine["my_swat"] == RED3 and mine["chosen"] == [0]
    for seat in (None, 1, 2, 3):
        view = state.view(seat)
        assert "my_swat" not in view and "swats" not in view
        assert view["chosen"] == [0]  # that seat 0 has chosen is seen; not what
    swat(state, {1: None, 2: RED3, 3: None})
    assert state.view(3)["swats"] == [RED3, None, RED3, None]  # now they are down


def test_a_hand_never_exceeds_5_cards_a_full_hand_cannot_swat() -> None:
    full = [fly("yellow", n) for n in range(1, 6)]
    state = table(4, [full[:4], [fly("blue", 2)], [fly("green", 4)], [fly("purple", 6)]],
                  CENTRE4)
    play_turn(state, {0: BLUE5, 1: None, 2: None, 3: None}, {0: 1})
    assert len(state.hands[0]) == 5
    deal_centre(state, [fly("orange", 1), fly("orange", 2), fly("orange", 3)])
    assert state.acting().seats == (1, 2, 3)
    with pytest.raises(IllegalAction, match="holds 5 cards and may not swat"):
        state.apply(0, SWATS[fly("orange", 1)])
    assert state.legal_actions(0) == []


def test_swaps_and_takes_on_different_flies_touch_different_players() -> None:
    results = resolve_swat(CENTRE4, {0: RED3, 1: RED3, 2: BLUE5, 3: GREEN1},
                           {0: 2, 1: 2, 2: 1, 3: 4})
    assert [r.taker for r in results] == [None, 2, 3]
    assert results[0].swaps == ((0, 1),)
    assert pass_hands([[1], [2], [3], [4]], (0, 1)) == [[2], [1], [3], [4]]
    assert pass_hands([[1], [2], [3], [4]], (0, 2, 3)) == [[4], [2], [1], [3]]


def test_the_same_choices_and_dice_give_the_same_result_in_every_arrival_order() -> None:
    hands = [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)], [fly("purple", 6)],
             [fly("orange", 2)]]
    centre = [RED3, BLUE5, GREEN1, YELLOW6]
    choices = {0: YELLOW6, 1: YELLOW6, 2: YELLOW6, 3: RED3, 4: None}
    dice = {0: 5, 1: 5, 2: 4, 3: 2}
    results = set()
    for order in itertools.permutations(range(5)):
        state = table(5, hands, centre)
        swat(state, choices, order)
        roll(state, dice)
        results.add(state.digest())
    assert len(results) == 1


def test_the_view_after_resolution_keeps_the_public_facts_of_the_last_turn() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: RED3, 1: RED3, 2: BLUE5, 3: GREEN1}, {0: 4, 1: 4, 2: 5, 3: 6})
    # The next turn's flies may already be on the table when a screen redraws.
    deal_centre(state, [fly("orange", 1), fly("orange", 2), fly("orange", 3)])
    last = state.view(3)["last_turn"]
    assert last["centre"] == CENTRE4
    assert last["swats"] == [RED3, RED3, BLUE5, GREEN1]
    assert last["dice"] == [4, 4, 5, 6]
    assert last["swaps"] == [[0, 1]]
    assert last["squished"] == [BLUE5]
    assert last["takes"] == [[3, GREEN1]]
    assert last["discarded"] == [RED3, BLUE5]
    assert [f["taker"] for f in last["flies"]] == [None, None, 3]
    # It names no card of a hand (other than flies taken in the open).
    assert card_ids_in(state.view(3)) <= {fly("orange", n) for n in (1, 2, 3)} | {
        fly("purple", 6), GREEN1}
