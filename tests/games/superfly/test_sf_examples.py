"""The rulebook's examples and situations as positions (``examples/*.json``, which the
browser's tutorial opens): each loads with ``GAME.from_position`` and plays on as the
rulebook says."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from gamenight.engine.events import Event
from gamenight.games.superfly import GAME, SuperflyState
from gamenight.games.superfly.events import (
    DrawPileReshuffled,
    FiveCardsAnnounced,
    FlyNotTaken,
    FlySquished,
    FlyTaken,
    GameOver,
    HandShown,
    HandsSwapped,
    TokensWon,
)
from tests.games.superfly.sf_table import fly, roll, swat

EXAMPLES = files("gamenight.games.superfly") / "examples"


def example(name: str) -> SuperflyState:
    state = GAME.from_position(json.loads((EXAMPLES / f"{name}.json").read_text("utf-8")))
    assert isinstance(state, SuperflyState)
    return state


def events_of(state: SuperflyState, kind: type[Event], mark: int = 0) -> list[Event]:
    return [e for e in state.events[mark:] if type(e) is kind]


def test_every_example_is_a_position_of_this_game() -> None:
    names = sorted(p.name for p in EXAMPLES.iterdir() if p.name.endswith(".json"))
    assert len(names) == 12
    for name in names:
        state = example(name.removesuffix(".json"))
        assert not state.is_over
        # Written by hand, read back whole: the same position again.
        assert GAME.from_position(state.position()).snapshot() == state.snapshot()


def test_for_example_with_4_players_3_cards_are_placed_on_the_table() -> None:
    state = example("four-players-three-flies")
    while state.acting().kind == "chance":
        state.draw_chance()
    assert state.phase == "swat" and len(state.centre) == 3


def test_bravo_the_only_swatter_on_a_fly_takes_it() -> None:
    state = example("bravo-a-lone-swatter")
    swat(state, {0: fly("red", 3), 1: None, 2: None, 3: None})
    roll(state, {0: 5})
    assert state.hands[0] == [fly("red", 1), fly("red", 3)]
    assert events_of(state, FlyTaken) == [FlyTaken(0, "red 3", battle=False)]


def test_battle_the_higher_die_takes_the_card() -> None:
    state = example("battle-the-higher-die")
    blue5 = fly("blue", 5)
    swat(state, {0: blue5, 1: blue5, 2: blue5, 3: fly("yellow", 4)})
    roll(state, {0: 2, 1: 6, 2: 4, 3: 3})
    assert state.hands[1] == [fly("blue", 2), blue5]
    assert events_of(state, FlyTaken) == [FlyTaken(1, "blue 5", battle=True),
                                          FlyTaken(3, "yellow 4", battle=False)]


def test_a_die_showing_the_cards_number_squishes_it_in_either_case() -> None:
    state = example("squished")
    yellow2, blue5 = fly("yellow", 2), fly("blue", 5)
    # A battle: seat 0's 6 is higher, but seat 1's 2 is on the 2 fly.  Alone: a 5 on a 5.
    swat(state, {0: yellow2, 1: yellow2, 2: blue5, 3: None})
    roll(state, {0: 6, 1: 2, 2: 5})
    assert [len(hand) for hand in state.hands] == [1, 1, 1, 1]
    assert {yellow2, blue5} <= set(state.discards)
    assert events_of(state, FlySquished) == [FlySquished("yellow 2", (1,)),
                                             FlySquished("blue 5", (2,))]


def test_the_same_dice_exchange_hands_and_a_third_player_may_still_take_the_card() -> None:
    state = example("same-dice-swap-hands")
    red3 = fly("red", 3)
    swat(state, {0: red3, 1: red3, 2: red3, 3: None})
    roll(state, {0: 5, 1: 5, 2: 4})
    assert state.hands[0] == [fly("blue", 1)]
    assert state.hands[1] == [fly("red", 1), fly("red", 2)]
    assert state.hands[2] == [fly("green", 3), red3]
    assert events_of(state, HandsSwapped) == [HandsSwapped("red 3", (0, 1), 5)]
    assert events_of(state, FlyTaken) == [FlyTaken(2, "red 3", battle=True)]


def test_more_than_two_with_the_same_number_pass_their_hands_clockwise() -> None:
    state = example("three-tied-pass-clockwise")
    purple6 = fly("purple", 6)
    swat(state, {0: purple6, 1: fly("red", 6), 2: purple6, 3: None, 4: purple6})
    roll(state, {0: 4, 1: 3, 2: 4, 4: 4})
    # Seat 0's hand goes to seat 2, seat 2's to seat 4, seat 4's round to seat 0.
    assert state.hands[2] == [fly("red", 1)]
    assert state.hands[4] == [fly("yellow", 3)]
    assert state.hands[0] == [fly("blue", 5)]
    assert state.hands[1] == [fly("orange", 2), fly("red", 6)]
    assert events_of(state, HandsSwapped) == [HandsSwapped("purple 6", (0, 2, 4), 4)]
    assert events_of(state, FlyNotTaken) == [FlyNotTaken("purple 6")]
    assert "pass their hands clockwise" in HandsSwapped("purple 6", (0, 2, 4), 4).text()


def test_with_5_cards_you_announce_it_and_the_others_have_one_more_turn() -> None:
    state = example("five-cards-final-turn")
    swat(state, {0: fly("red", 5), 1: None, 2: None})
    roll(state, {0: 6})
    assert events_of(state, FiveCardsAnnounced) == [FiveCardsAnnounced((0,), (1, 2))]
    for card in (fly("yellow", 1), fly("yellow", 2)):  # players - 1 flies, as before
        state.apply_chance(card)
    assert state.final and state.acting().seats == (1, 2)
    assert not state.can(0, state.legal_actions(1)[0], 0.0)


def test_the_final_turn_may_have_as_many_flies_as_players_or_more() -> None:
    state = example("final-turn-more-flies-than-players")
    assert len(state.centre) == 3 and state.acting().seats == (2, 3)
    swat(state, {2: fly("orange", 1), 3: fly("orange", 3)})
    roll(state, {2: 5, 3: 4})
    # The final turn ends the round whatever happened in it.
    assert state.round == 2 and state.phase == "hands"
    assert events_of(state, TokensWon) == [TokensWon(1, (0, 1), (1, 1, 0, 0))]


def test_example_5_different_flies_beat_4_green_and_win_the_token() -> None:
    state = example("biggest-set-wins")
    swat(state, {0: None, 2: None})
    shown = events_of(state, HandShown)
    assert [(e.seat, e.set_size, e.set_kind) for e in shown if isinstance(e, HandShown)] == [
        (0, 4, "same colour"), (1, 5, "all different"), (2, 1, "same colour")]
    assert events_of(state, TokensWon) == [TokensWon(1, (1,), (0, 1, 0))]
    assert state.tokens == [0, 1, 0]


def test_when_the_draw_pile_is_empty_the_discards_are_shuffled_into_a_new_one() -> None:
    state = example("draw-pile-empty")
    discarded = set(state.discards) | set(state.centre)
    assert not state.draw and len(discarded) == 30
    # Nobody wants the flies: both are discarded, and the next turn needs a card.
    swat(state, {0: None, 1: None, 2: None})
    assert events_of(state, DrawPileReshuffled) == [DrawPileReshuffled(30)]
    assert set(state.draw) == discarded and not state.discards
    state.draw_chance()  # the first fly of the next turn comes from the new pile
    assert set(state.draw) | set(state.centre) == discarded


def test_the_first_player_to_3_fly_catcher_tokens_wins() -> None:
    state = example("three-tokens-win")
    swat(state, {1: None, 2: None})
    assert state.is_over and state.tokens == [3, 2, 0]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "tokens"
    assert state.events[-1] == GameOver("tokens", (0,), (3, 2, 0))


@pytest.mark.parametrize("die", [1, 2, 3, 4, 6])
def test_several_players_reaching_3_tokens_together_are_all_winners(die: int) -> None:
    state = example("shared-win")
    swat(state, {1: fly("blue", 5), 2: None})
    roll(state, {1: die})
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.shared
    assert state.events[-1] == GameOver("tokens", (0, 1), (3, 3, 1))
    assert state.events[-1].text() == "The game is over: Seats 0 and 1 have 3 Fly Catcher tokens."
