"""The core's shared guarantees, on the toy game (chance with listed outcomes and
simultaneous secret choices) and on Fliegen klatschen."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from gamenight.engine import IllegalAction, OptionError
from gamenight.games import get_game
from gamenight.sim.runner import make_bots, play_out
from tests.engine.toy import DICE_DUEL


def test_chance_outcomes_are_listed_with_probabilities_summing_to_one() -> None:
    state = DICE_DUEL.new(2, seed=1)
    assert state.acting().kind == "chance"
    outcomes = state.chance_outcomes()
    assert outcomes is not None
    assert [o for o, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_a_given_chance_outcome_is_recorded_and_a_bad_one_refused() -> None:
    state = DICE_DUEL.new(2, seed=1)
    with pytest.raises(IllegalAction):
        state.apply_chance(7)
    assert state.history == []
    state.apply_chance(4)
    assert state.history[-1].seat is None and state.history[-1].value == 4
    assert state.view(None)["die"] == 4


def test_chance_comes_from_the_games_own_seeded_generator() -> None:
    a, b = DICE_DUEL.new(3, seed=99), DICE_DUEL.new(3, seed=99)
    random.seed(12345)  # the global generator must not matter
    draws_a = a.draw_chance()
    random.seed(54321)
    draws_b = b.draw_chance()
    assert draws_a == draws_b


def test_simultaneous_choices_do_not_depend_on_arrival_order() -> None:
    bids = {0: "bid 2", 1: "bid 3", 2: "bid 3"}
    digests = set()
    for order in itertools.permutations(range(3)):
        state = DICE_DUEL.new(3, seed=5)
        state.apply_chance(6)
        for seat in order:
            state.apply(seat, bids[seat])
        digests.add(state.digest())
    assert len(digests) == 1


def test_a_secret_choice_is_not_in_other_seats_views() -> None:
    state = DICE_DUEL.new(2, seed=5)
    state.apply_chance(3)
    state.apply(0, "bid 3")
    assert state.view(0)["my_bid"] == 3
    assert "my_bid" not in state.view(1)
    assert "my_bid" not in state.view(None)
    assert state.acting().seats == (1,)


def test_an_illegal_action_raises_a_value_error_and_changes_nothing() -> None:
    state = DICE_DUEL.new(2, seed=5)
    state.apply_chance(3)
    before = (state.digest(), len(state.history))
    for seat, action in [(0, "bid 9"), (5, "bid 1"), (-1, "bid 1"), (0, "double")]:
        with pytest.raises(ValueError, match=r"\S"):
            state.apply(seat, action)
        assert (state.digest(), len(state.history)) == before


def test_the_runner_plays_chance_simultaneous_and_turns_to_the_end() -> None:
    state = DICE_DUEL.new(3, seed=8, rounds=5)
    play_out(state, make_bots(DICE_DUEL, ["random"] * 3, 8))
    out = state.outcome()
    assert out is not None and len(out.scores) == 3
    kinds = {("chance" if s.seat is None else "act") for s in state.history}
    assert kinds == {"chance", "act"}


def test_same_seed_and_same_actions_give_the_same_game_bit_for_bit() -> None:
    game = get_game("fliegen-klatschen")
    runs = []
    for _ in range(2):
        state = game.new(4, seed=2024)
        play_out(state, make_bots(game, ["sharp", "random", "sharp:expert", "random"], 2024))
        runs.append(json.dumps([state.snapshot(), [(s.seat, s.value, s.at_ms)
                                                     for s in state.history]]))
    assert runs[0] == runs[1]


def test_different_seeds_deal_differently() -> None:
    game = get_game("fliegen-klatschen")
    a, b = game.new(2, seed=1), game.new(2, seed=2)
    assert a.draw_chance() != b.draw_chance()


def test_clone_is_independent_and_continues_identically() -> None:
    game = get_game("fliegen-klatschen")
    state = game.new(3, seed=3)
    state.draw_chance()
    copy = state.clone()
    state.apply(0, state.legal_actions(0)[0])
    assert copy.digest() != state.digest()
    copy.apply(0, copy.legal_actions(0)[0])
    assert copy.digest() == state.digest()


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2 to 8 players"),
        (9, {}, "2 to 8 players"),
        (3, {"colour": "red"}, "no option 'colour'"),
        (3, {"remove": -1}, "at least"),
        (3, {"remove": "many"}, "takes a whole number"),
        (3, {"penalty_order": "never"}, "one of"),
    ],
)
def test_bad_setup_is_refused_with_a_clear_message(
    players: int, options: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        get_game("fliegen-klatschen").new(players, 0, **options)


def test_option_strings_are_coerced_as_a_command_line_gives_them() -> None:
    state = get_game("fliegen-klatschen").new(2, 0, remove="10", deadline_ms="500")
    assert state.options["remove"] == 10 and state.options["deadline_ms"] == 500


def test_seats_and_times_of_the_wrong_type_are_refused() -> None:
    game = get_game("fliegen-klatschen")
    state = game.new(2, seed=11)
    state.draw_chance()
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(True, state.legal_actions(0)[0])  # type: ignore[arg-type]
    # Play until a hunt is open, then try times that are not numbers.
    while state.acting().kind != "window":
        seat = state.acting().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])
    slap = state.legal_actions(0)[0]
    before = state.digest()
    for bad in ["7", True, None]:
        with pytest.raises(IllegalAction, match="at_ms"):
            state.apply(0, slap, bad)  # type: ignore[arg-type]
    assert state.digest() == before
    state.apply(0, slap, 7)
    assert state.history[-1].at_ms == 7.0 and isinstance(state.history[-1].at_ms, float)


def test_a_history_step_reads_by_name_compares_and_copies_as_before() -> None:
    # Step is a named tuple built by tuple.__new__ in the hot path (speed, issue 18):
    # it keeps its field names, its equality and hash, and a copied game shares it.
    import copy
    import pickle

    from gamenight.engine import Step

    state = get_game("fliegen-klatschen").new(2, seed=3)
    state.draw_chance()
    state.apply_text(0, "reveal")
    chance, action = state.history
    assert chance.is_chance and chance.seat is None and chance.at_ms is None
    assert action == Step(0, "reveal") and hash(action) == hash(Step(0, "reveal", None))
    assert (action.seat, action.value, action.at_ms) == (0, "reveal", None)
    assert copy.deepcopy(action) is action
    assert pickle.loads(pickle.dumps(state.history)) == state.history
    clone = state.clone()
    assert clone.history == state.history and clone.history is not state.history
