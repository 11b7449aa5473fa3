"""The end of a round (5 cards, one final turn, the biggest set wins a token), the next
round, the draw pile running out, and the end of the game."""

from __future__ import annotations

import random

import pytest

from gamenight.engine import IllegalAction
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.cards import DECK_SIZE
from gamenight.games.superfly.rules import GAME, SuperflyState
from gamenight.sim.random_play import random_playout
from tests.games.superfly.sf_table import deal_centre, fly, play_turn, table

R1, R2, R3, R4, R5 = (fly("red", n) for n in range(1, 6))


def about_to_fill(**options: object) -> SuperflyState:
    """Three players: seat 0 holds four reds and is about to take a fifth."""
    hands = [[R1, R2, R3, R4], [fly("blue", 1), fly("blue", 2)], [fly("green", 6)]]
    state = table(3, hands, [R5, fly("orange", 3)], **options)
    play_turn(state, {0: R5, 1: None, 2: None}, {0: 6})
    return state


def test_a_player_with_5_cards_announces_it_and_the_others_get_one_final_turn() -> None:
    state = about_to_fill()
    assert [len(h) for h in state.hands] == [5, 2, 1]
    assert state.last_turn is not None and state.last_turn["five_cards"] == [0]
    assert state.final and state.eligible == (1, 2)
    # The final turn lays players - 1 flies as before.
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    assert state.acting().kind == "simultaneous" and state.acting().seats == (1, 2)
    assert state.view(0)["final_turn"] is True


def test_only_players_with_fewer_than_5_cards_may_swat_in_the_final_turn() -> None:
    state = about_to_fill()
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    with pytest.raises(IllegalAction, match="holds 5 cards"):
        state.apply(0, SWATS[fly("yellow", 1)])
    assert state.legal_actions(0) == [] and state.legal_actions(1)


def test_the_round_ends_after_the_final_turn_even_if_nobody_reached_5_in_it() -> None:
    state = about_to_fill()
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    play_turn(state, {1: fly("yellow", 1), 2: None}, {1: 4})
    assert state.round == 2 and state.phase == "hands"
    assert state.last_round is not None and state.last_round["round"] == 1


def test_several_players_can_reach_5_in_one_turn_and_all_of_them_sit_out() -> None:
    hands = [[R1, R2, R3, R4], [fly("blue", n) for n in (1, 2, 3, 4)], [fly("green", 6)],
             [fly("yellow", 6)]]
    state = table(4, hands, [R5, fly("blue", 5), fly("orange", 3)])
    play_turn(state, {0: R5, 1: fly("blue", 5), 2: None, 3: None}, {0: 1, 1: 1})
    assert state.eligible == (2, 3)
    assert state.last_turn is not None and state.last_turn["five_cards"] == [0, 1]


def test_hands_are_shown_and_the_biggest_valid_set_wins_a_fly_catcher_token() -> None:
    state = about_to_fill()
    deal_centre(state, [fly("blue", 3), fly("yellow", 2)])
    play_turn(state, {1: fly("blue", 3), 2: fly("yellow", 2)}, {1: 4, 2: 5})
    assert state.tokens == [1, 0, 0]
    shown = state.view(2)["last_round"]
    assert shown["hands"] == [[R1, R2, R3, R4, R5], [fly("blue", 1), fly("blue", 2),
                                                     fly("blue", 3)],
                              [fly("green", 6), fly("yellow", 2)]]
    assert shown["sizes"] == [5, 3, 2]
    assert shown["kinds"][0] == "same colour"
    assert shown["winners"] == [0]


def test_example_5_different_flies_beat_4_of_one_colour() -> None:
    # "The 1st set has 4 cards that are all the same color (green), the 2nd set has 5
    # cards that are all of different value and color. The 2nd set wins a Fly Catcher
    # token!"
    green4 = [fly("green", n) for n in (1, 2, 3, 4)]
    different = [fly("red", 1), fly("orange", 2), fly("yellow", 3), fly("blue", 4)]
    hands = [green4, different, [fly("purple", 6)]]
    state = table(3, hands, [fly("purple", 5), fly("red", 6)])
    play_turn(state, {0: fly("red", 6), 1: fly("purple", 5), 2: None}, {0: 2, 1: 3})
    assert [len(h) for h in state.hands] == [5, 5, 1]
    deal_centre(state, [fly("blue", 1), fly("blue", 2)])
    play_turn(state, {2: None})
    assert state.last_round is not None and state.last_round["sizes"] == [4, 5, 1]
    assert state.tokens == [0, 1, 0]


def test_if_several_players_have_the_biggest_set_they_each_get_a_token() -> None:
    hands = [[R1, R2, R3, R4], [fly("blue", 1), fly("blue", 2), fly("blue", 3),
                                fly("blue", 4)], [fly("green", 6)]]
    state = table(3, hands, [R5, fly("blue", 5)])
    play_turn(state, {0: R5, 1: fly("blue", 5), 2: None}, {0: 2, 1: 2})
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    play_turn(state, {2: None})
    assert state.tokens == [1, 1, 0]


def test_hands_are_discarded_and_each_player_gets_a_new_face_down_card() -> None:
    state = about_to_fill()
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    old = [list(h) for h in state.hands]
    play_turn(state, {1: None, 2: None})
    assert state.hands == [[], [], []] and state.phase == "hands"
    assert all(c in state.discards for hand in old for c in hand)
    for _ in range(3):
        state.draw_chance()
    assert [len(h) for h in state.hands] == [1, 1, 1]
    assert state.phase == "centre"


def test_the_first_player_moves_one_seat_left_every_turn() -> None:
    state = GAME.new(4, seed=2)
    rng = random.Random(2)
    seen = []
    while not state.is_over and state.turns < 30:
        if state.acting().kind == "simultaneous":
            seen.append((state.turns, state.first))
            for seat in state.acting().seats:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        else:
            state.draw_chance()
    assert seen and all(first == turn % 4 for turn, first in seen)
    assert state.round > 1  # across rounds too


def test_each_round_is_dealt_by_the_first_player_to_each_player_in_turn() -> None:
    state = about_to_fill()
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    play_turn(state, {1: None, 2: None})
    assert state.first == 2  # two turns played: the token moved twice
    assert state.to_deal == [2, 0, 1]


def test_the_first_player_to_3_tokens_wins() -> None:
    state = about_to_fill(max_turns=1000)
    state.tokens = [2, 2, 1]
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    play_turn(state, {1: None, 2: None})
    outcome = state.outcome()
    assert state.is_over and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (3, 2, 1)
    assert not outcome.truncated
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(1, SWATS[0])


def test_several_players_reaching_3_tokens_at_once_all_win() -> None:
    hands = [[R1, R2, R3, R4], [fly("blue", 1), fly("blue", 2), fly("blue", 3),
                                fly("blue", 4)], [fly("green", 6)]]
    state = table(3, hands, [R5, fly("blue", 5)], tokens=[2, 2, 2])
    play_turn(state, {0: R5, 1: fly("blue", 5), 2: None}, {0: 2, 1: 2})
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    play_turn(state, {2: None})
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.shared


def test_when_the_11_tokens_run_out_the_last_rounds_tokens_are_still_given() -> None:
    # Five players on 2 tokens each have taken 10 of the 11; all five tie on a set of 3.
    hands = [[R1, R2, R3, fly("blue", 1)]] + [
        [fly(colour, n) for n in (1, 2, 3)] for colour in ("orange", "yellow", "green",
                                                            "purple")]
    state = table(5, hands, [fly("blue", 2), fly("red", 6), fly("blue", 6), fly("green", 6)],
                  tokens=[2] * 5)
    assert state.view(None)["tokens_in_box"] == 1
    play_turn(state, {0: fly("blue", 2), 1: None, 2: None, 3: None, 4: None}, {0: 1})
    deal_centre(state, [fly("orange", 6), fly("yellow", 6), fly("purple", 6), fly("red", 5)])
    play_turn(state, {1: None, 2: None, 3: None, 4: None})
    outcome = state.outcome()
    assert state.last_round is not None and state.last_round["sizes"] == [3] * 5
    assert outcome is not None and outcome.scores == (3,) * 5 and outcome.winners == (
        0, 1, 2, 3, 4)
    assert state.view(None)["tokens_in_box"] == 0


def test_tokens_can_run_short_only_in_the_round_that_ends_the_game() -> None:
    # Before the last round nobody has 3, so at most 2 each: 10 tokens with 5 players.
    for seed in range(60):
        state = GAME.new(5, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.acting().kind == "chance":
                state.draw_chance()
            else:
                for seat in state.acting().seats:
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
            if not state.is_over:
                assert sum(state.tokens) <= 10


def test_when_the_draw_pile_is_empty_the_discards_become_a_new_draw_pile() -> None:
    state = table(3, [[R1], [R2], [R3]], [R4, R5])
    # Leave one card in the draw pile; the rest were discarded earlier.
    keep = state.draw[0]
    state.discards, state.draw = [c for c in state.draw if c != keep], [keep]
    play_turn(state, {0: None, 1: None, 2: None})
    assert state.discards[-2:] == [R4, R5]
    assert state.reshuffles == 0
    state.apply_chance(keep)  # the last card of the draw pile; one more is needed
    outcomes = state.chance_outcomes()
    assert state.reshuffles == 1 and outcomes is not None
    # Every discarded card -- this turn's too -- is in the new draw pile.
    assert {c for c, _ in outcomes} == set(range(DECK_SIZE)) - {R1, R2, R3, keep}
    assert state.discards == []
    state.apply_chance(R4)
    assert state.centre == [keep, R4]


def test_the_safety_cap_ends_a_game_marked_truncated() -> None:
    state = GAME.new(3, seed=4, max_turns=3)
    random_playout(state, random.Random(4))
    outcome = state.outcome()
    assert outcome is not None and outcome.truncated and state.turns == 3


def test_the_final_turn_may_have_more_flies_than_players_taking_part() -> None:
    hands = [[R1, R2, R3, R4], [fly("blue", n) for n in (1, 2, 3, 4)], [fly("green", 6)],
             [fly("yellow", 6)]]
    state = table(4, hands, [R5, fly("blue", 5), fly("orange", 3)])
    play_turn(state, {0: R5, 1: fly("blue", 5), 2: None, 3: None}, {0: 1, 1: 1})
    deal_centre(state, [fly("orange", 1), fly("orange", 2), fly("orange", 4)])
    assert len(state.centre) == 3 and state.acting().seats == (2, 3)


def test_the_biggest_set_wins_regardless_of_the_values_on_the_cards() -> None:
    ones = [fly(c, 1) for c in ("red", "orange", "yellow")]
    sixes = [fly(c, 6) for c in ("red", "orange", "yellow")]
    hands = [[*ones, fly("blue", 2)], sixes, [fly("green", 4)]]
    state = table(3, hands, [fly("purple", 3), fly("blue", 5)])
    play_turn(state, {0: fly("purple", 3), 1: None, 2: None}, {0: 2})
    deal_centre(state, [fly("green", 1), fly("green", 2)])
    play_turn(state, {1: None, 2: None})
    assert state.last_round is not None and state.last_round["sizes"] == [3, 3, 1]
    assert state.tokens == [1, 1, 0]  # three 1s are as good as three 6s


def test_at_the_round_end_the_hands_are_revealed_to_everyone() -> None:
    state = about_to_fill()
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    play_turn(state, {1: None, 2: None})
    for seat in (None, 0, 1, 2):
        shown = state.view(seat)["last_round"]
        assert shown["hands"][1] == [fly("blue", 1), fly("blue", 2)]
        assert shown["winners"] == [0]
    assert state.view(2)["last_turn"]["round_over"] is True


def test_the_game_tells_its_story_when_someone_listens() -> None:
    hands = [[R1, R2, R3, R4], [fly("blue", n) for n in (1, 2, 3, 4)], [fly("green", 6)]]
    state = table(3, hands, [R5, fly("blue", 5)])
    assert state.narration() == [
        "Round 1: seat 0 deals each player a face-down card.",
        "Turn 1 (seat 0 gives the signal): the centre shows red 5, blue 5.",
    ]
    play_turn(state, {0: R5, 1: fly("blue", 5), 2: fly("blue", 5)}, {0: 2, 1: 5, 2: 3})
    assert state.narration()[2:] == [
        "Seat 0 swats red 5: the die shows 2.",
        "Seat 1 swats blue 5: the die shows 5.",
        "Seat 2 swats blue 5: the die shows 3.",
        "Seat 0 takes red 5.",
        "blue 5 is squished (Seat 1 rolled its number): discarded.",
        "Seat 0 announces 5 cards: the others get one final turn.",
    ]
    deal_centre(state, [fly("yellow", 1), fly("yellow", 2)])
    play_turn(state, {1: fly("yellow", 1), 2: fly("yellow", 2)}, {1: 4, 2: 4})
    assert state.narration()[-5:] == [
        "Seat 2 takes yellow 2.",
        "Seat 0 shows red 1, red 2, red 3, red 4, red 5: a set of 5.",
        "Seat 1 shows blue 1, blue 2, blue 3, blue 4, yellow 1: a set of 4.",
        "Seat 2 shows green 6, yellow 2: a set of 2.",
        "Seat 0 wins a Fly Catcher token (tokens: 1, 0, 0).",
    ]
