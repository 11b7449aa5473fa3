"""The sequential form of the games with joint decisions (``sequential=True``): each joint
decision is taken one seat at a time, the lowest seat still to choose first, and the
others learn only that it chose, so that OpenSpiel's IS-MCTS, which needs turns and
``resample_from_infostate``, can search Superfly, Fluster and Fliegen klatschen."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from gamenight.engine.game import JSON
from gamenight.games import GAMES
from gamenight.interop import openspiel

openspiel.register()
JOINT_GAMES = ["superfly", "fluster", "fliegen-klatschen"]


def load(game_id: str, players: int, **extra: JSON) -> pyspiel.Game:
    two = (game_id, players) == ("superfly", 2)  # Superfly's two-player variant
    options: dict[str, JSON] = {"two_players": True} if two else {}
    return pyspiel.load_game(openspiel.game_name(game_id),
                             {"players": players, "sequential": True, **options, **extra})


def play_to_joint_decision(state: pyspiel.State, rng: random.Random) -> bool:
    """Play at random until the lowest seat of a joint decision with several seats to
    choose is to move, it has two actions or more, and its next seat has at least one;
    False if the game ended first."""
    while not state.is_terminal():
        table = state.table
        acting = table.state.acting()
        if (acting.kind in ("simultaneous", "window") and len(acting.seats) > 1
                and not table.pending and len(state.legal_actions()) > 1):
            return True
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return False


@pytest.mark.parametrize("game_id", JOINT_GAMES)
def test_the_sequential_form_is_a_sequential_game_and_the_plain_one_stays_simultaneous(
        game_id: str) -> None:
    plain = pyspiel.load_game(openspiel.game_name(game_id), {"players": 3})
    assert plain.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert plain.get_parameters()["sequential"] is False
    game = load(game_id, 3)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.max_game_length() == 3 * plain.max_game_length()
    # A game whose decisions are all turns has no such parameter: pyspiel refuses it.
    with pytest.raises(pyspiel.SpielError, match="sequential"):
        pyspiel.load_game("python_gamenight_by_golly", {"players": 2, "sequential": True})


@pytest.mark.parametrize("game_id", JOINT_GAMES)
def test_random_sim_test_of_the_sequential_form(game_id: str) -> None:
    pyspiel.random_sim_test(load(game_id, 3), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", JOINT_GAMES)
def test_the_lowest_seat_still_to_choose_moves_first(game_id: str) -> None:
    state = load(game_id, 3).new_initial_state()
    assert play_to_joint_decision(state, random.Random(1))
    choosing = state.table.state.acting().seats
    order = []
    while len(order) < len(choosing) and not (state.is_terminal() or state.is_chance_node()):
        order.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert order == sorted(choosing)[:len(order)]
    assert len(order) > 1


@pytest.mark.parametrize("game_id", JOINT_GAMES)
def test_twins_that_differ_only_in_a_choice_not_yet_revealed_look_the_same_to_the_others(
        game_id: str) -> None:
    """The lowest seat chooses one action in one twin and another in the other: every
    other seat's information state and observation are the same in both (it learns only
    that the seat chose), the chooser's own are not, and the next seat has the same
    legal actions in both."""
    rng = random.Random(7)
    checked = 0
    for _ in range(6):
        state = load(game_id, 3).new_initial_state()
        if not play_to_joint_decision(state, rng):
            continue
        chooser = state.current_player()
        first, second = state.legal_actions()[:2]
        twins = [state.clone(), state.clone()]
        twins[0].apply_action(first)
        twins[1].apply_action(second)
        if any(t.is_terminal() or t.is_chance_node() for t in twins):
            continue  # the choice resolved the decision at once: nothing stays secret
        for seat in range(3):
            if seat == chooser:
                assert (twins[0].information_state_string(seat)
                        != twins[1].information_state_string(seat))
                continue
            assert (twins[0].information_state_string(seat)
                    == twins[1].information_state_string(seat))
            assert twins[0].observation_string(seat) == twins[1].observation_string(seat)
        assert twins[0].current_player() == twins[1].current_player() != chooser
        assert twins[0].legal_actions() == twins[1].legal_actions()
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("game_id", JOINT_GAMES)
def test_a_resample_keeps_the_information_state_in_the_middle_of_a_decision(
        game_id: str) -> None:
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = load(game_id, 3).new_initial_state()
    assert play_to_joint_decision(state, random.Random(3))
    state.apply_action(state.legal_actions()[0])
    if state.is_terminal() or state.is_chance_node():
        pytest.skip("the first choice resolved the decision")
    player = state.current_player()
    key = state.information_state_string(player)
    for _ in range(3):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == key
        assert sample.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("game_id", "players"), [("superfly", 2), ("superfly", 3),
                                                  ("fluster", 2), ("fliegen-klatschen", 2)])
def test_openspiel_ismcts_plays_a_whole_game_through_the_sequential_form(
        game_id: str, players: int) -> None:
    game = load(game_id, players)
    rng = np.random.RandomState(5)
    searcher = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                                max_simulations=4, random_state=rng)
    others = random.Random(5)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(others.choices(actions, probs)[0])
        elif state.current_player() == 0:
            action = int(searcher.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(others.choice(state.legal_actions()))
    assert searched > 0
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.table.state.outcome() is not None
    assert GAMES[game_id].id == state.table.game.id
