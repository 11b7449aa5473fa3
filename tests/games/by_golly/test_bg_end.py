"""The end of the game: the first player with no animal cards left wins at once."""

from __future__ import annotations

import pytest

from gamenight.engine import IllegalAction
from gamenight.games.by_golly.actions import DRAWS, LAYS
from gamenight.games.by_golly.rules import GAME
from gamenight.sim.random_play import random_playout
from tests.games.by_golly.bg_table import (
    POO_1,
    SHOVEL_1,
    draw,
    end,
    hand_of,
    k,
    lay,
    place_of,
    table,
    turn,
)


def test_the_player_who_discards_his_last_animal_card_wins_at_once() -> None:
    state = table(3, [["hen", "fox"], ["owl"], ["cat"]], [[], ["duck"], ["pig"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    assert not state.is_over
    lay(state, "fox")
    turn(state, place_of("fox"))
    assert state.is_over and state.winner == 0
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and not outcome.truncated
    assert state.view(None)["winner"] == 0


def test_an_empty_hand_with_cards_left_in_the_stack_is_no_win() -> None:
    state = table(2, [["hen"], ["owl"]], [["fox"], ["duck"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    assert not state.is_over and state.phase == "end"


def test_a_player_who_loses_his_last_cards_to_another_players_mess_wins() -> None:
    state = table(3, [["hen"], ["owl"], ["cat", "pig"]], [["fox"], [], ["duck"]])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))
    draw(state, 1, "owl")  # seat 1's last card
    assert state.is_over and state.winner == 1
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    # The mess stops there: the game is over at once.
    assert state.legal_actions(0) == []


def test_option_protected_a_mess_may_not_draw_a_players_last_card() -> None:
    state = table(3, [["hen"], ["owl"], ["cat", "pig"]], [["fox"], [], ["duck"]],
                  last_card="protected")
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, POO_1 + 1)  # four cards to draw
    assert state.legal_actions(0) == [DRAWS[2]]
    with pytest.raises(IllegalAction, match="last card may not be drawn"):
        state.apply(0, DRAWS[1])
    draw(state, 2, "cat")
    draw(state, 2, "pig")  # seat 2 keeps his last card (the duck on his stack)
    assert state.phase == "shuffle" and not state.is_over
    assert state.cards_left(1) == 1 and state.cards_left(2) == 1
    assert sorted(hand_of(state, 0)) == ["cat", "hen", "pig"]


def test_not_enough_cards_he_draws_what_there_is() -> None:
    state = table(2, [["hen"], ["owl"]], [["fox"], []])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, POO_1 + 1)  # the second poo: four cards, but seat 1 has one
    draw(state, 1, "owl")
    assert state.is_over and state.winner == 1 and state.hand_sizes[0] == 2


def test_the_losers_rank_by_the_cards_they_still_hold() -> None:
    state = table(3, [["hen"], ["owl", "owl"], ["cat"]], [[], ["duck"], []])
    lay(state, "hen")
    turn(state, place_of("hen"))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (1.0, 0.0, 0.0)
    assert outcome.ranks == (1, 3, 2)  # seat 2 has 1 card left, seat 1 has 3


def test_the_safety_cap_ends_the_game_truncated_fewest_cards_first() -> None:
    state = table(2, [["hen"], ["owl", "owl"]], [["fox"], ["duck"]], max_turns=1)
    lay(state, "hen")
    turn(state, SHOVEL_1)
    end(state)
    outcome = state.outcome()
    assert state.is_over and outcome is not None and outcome.truncated
    assert outcome.winners == (0,) and state.winner is None


def test_random_games_end_by_the_rules_for_every_table_size() -> None:
    import random

    for players in range(2, 7):
        for seed in range(20):
            state = GAME.new(players, seed=seed)
            random_playout(state, random.Random(seed))
            outcome = state.outcome()
            assert outcome is not None and not outcome.truncated
            winner = state.winner
            assert winner is not None and outcome.winners == (winner,)
            assert state.hand_sizes[winner] == 0 and state.stacks[winner] == []
            assert all(state.cards_left(s) > 0 for s in range(players) if s != winner)


def test_after_the_end_nothing_more_may_be_done() -> None:
    state = table(2, [["hen"], ["owl"]], [[], ["duck"]])
    lay(state, "hen")
    turn(state, place_of("hen"))
    assert state.acting().kind == "over"
    assert not state.can(0, LAYS[k("owl")]) and not state.can(1, LAYS[k("owl")])
