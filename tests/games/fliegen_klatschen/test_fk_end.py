"""Rulebook: End of the game, and Scoring."""

from __future__ import annotations

import random

import pytest

from gamenight.engine import PASS, IllegalAction
from gamenight.games.fliegen_klatschen.actions import REVEAL
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from gamenight.sim.random_play import random_playout
from tests.games.fliegen_klatschen.fk_table import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    YELLOW,
    flies,
    fly,
    pass_all,
    reveal,
    slap,
    swatter,
    table,
)


def over_with(won: list[list[int]]) -> FliegenKlatschenState:
    """A game that ends at once: seat 0 reveals the last card of his pile."""
    state = table(len(won), [[fly(ORANGE, 3)], *([fly(ORANGE, 4, k)] for k in range(len(won) - 1))],
                  won=won)
    reveal(state)
    assert state.is_over
    return state


def test_the_game_ends_after_the_last_card_of_any_pile_is_turned_over() -> None:
    state = table(3, [[fly(RED, 1)], flies(BLUE, 3), flies(GREEN, 3)])
    reveal(state)
    assert state.phase == "over" and state.acting().kind == "over"
    assert state.piles[1] and state.piles[2]  # the other piles need not be empty
    assert state.outcome() is not None


def test_a_hunt_started_by_the_last_card_is_resolved_before_the_game_ends() -> None:
    state = table(2, [[swatter()], flies(BLUE, 3)], centre=[fly(RED, 4)])
    reveal(state)
    assert state.phase == "hunt" and not state.is_over
    slap(state, 1, fly(RED, 4), 300)
    pass_all(state)
    assert state.is_over and state.won[1] == [fly(RED, 4)]
    assert state.box[-1] == swatter()


def test_the_game_ends_even_if_a_penalty_puts_a_card_back_under_the_empty_pile() -> None:
    # A decision: the last card was turned over, which is what the rulebook says ends it.
    state = table(2, [[swatter()], flies(BLUE, 3)], centre=[fly(RED, 4), fly(GREEN, 1),
                  fly(RED, 5)], won=[[fly(YELLOW, 2)], []])
    reveal(state)
    slap(state, 0, fly(GREEN, 1), 200)
    pass_all(state)
    assert state.piles[0] == [fly(YELLOW, 2)]
    assert state.is_over


def test_the_game_ends_with_a_last_card_that_is_an_ordinary_fly_too() -> None:
    state = table(2, [flies(BLUE, 2), [fly(RED, 3)]], current=1)
    reveal(state)
    assert state.is_over and state.centre == [fly(RED, 3)]


def test_nothing_can_be_done_after_the_game_is_over() -> None:
    state = over_with([[], []])
    before = state.digest()
    for seat in (0, 1):
        assert state.legal_actions(seat) == []
        for action, at in ((REVEAL, None), (PASS, 10)):
            with pytest.raises(IllegalAction, match="over"):
                state.apply(seat, action, at)
    assert state.digest() == before


def test_each_player_adds_up_the_values_of_the_flies_he_won() -> None:
    state = over_with([[fly(RED, 5), fly(RED, 1), fly(BLUE, 3)], [fly(GREEN, 4)]])
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (9, 4)


def test_the_highest_total_wins() -> None:
    outcome = over_with([[fly(RED, 2)], [fly(GREEN, 4)], [fly(BLUE, 3)]]).outcome()
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.ranks == (3, 1, 2) and not outcome.shared


def test_on_a_tie_the_one_who_won_the_most_cards_wins() -> None:
    outcome = over_with([[fly(RED, 5)], [fly(GREEN, 2), fly(GREEN, 3)], [fly(BLUE, 1)]]).outcome()
    assert outcome is not None
    assert outcome.scores == (5, 5, 1)
    assert outcome.winners == (1,) and outcome.ranks == (2, 1, 3)
    assert outcome.tiebreaks == ((1,), (2,), (1,))


def test_if_still_tied_the_players_share_the_victory() -> None:
    outcome = over_with([[fly(RED, 5), fly(RED, 1)], [fly(GREEN, 2), fly(GREEN, 4)],
                         [fly(BLUE, 4), fly(YELLOW, 1)]]).outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.shared and outcome.ranks == (1, 1, 3)


def test_nobody_won_a_fly_is_a_shared_win_of_all() -> None:
    outcome = over_with([[], []]).outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.scores == (0, 0)


def test_at_the_end_the_won_cards_and_the_outcome_are_shown_to_all() -> None:
    state = over_with([[fly(RED, 5)], [fly(GREEN, 2)]])
    view = state.view(None)
    assert [[c["id"] for c in w] for w in view["won_cards"]] == [[fly(RED, 5)], [fly(GREEN, 2)]]
    assert view["outcome"]["winners"] == [0] and view["outcome"]["truncated"] is False


def test_max_turns_is_a_safety_cap_that_ends_the_game_truncated() -> None:
    state = GAME.new(2, seed=4, max_turns=5)
    state.draw_chance()
    steps = random_playout(state, random.Random(1))
    assert state.turns == 5 and steps == len(state.history)
    outcome = state.outcome()
    assert outcome is not None and outcome.truncated
    assert state.view(0)["outcome"]["truncated"] is True


def test_a_game_that_ends_by_the_rules_is_not_truncated() -> None:
    state = GAME.new(2, seed=4, remove=100)
    random_playout(state, random.Random(2))
    outcome = state.outcome()
    assert outcome is not None and not outcome.truncated
    assert state.turns < 1000
