"""Calculating scores, with the rulebook's examples, and the end of the game."""

from __future__ import annotations

import random

from gamenight.games.fly.cards import COLOURS, DECK_SIZE, FLY_DATA, SYMBOLS
from gamenight.games.fly.table import score, score_gains, scoring_flies
from tests.games.fly.fly_table import laid_out, land


def fly(colour: str, symbol: str) -> int:
    """The card id of the fly with this colour and symbol."""
    return next(i for i, (c, s, _, _) in enumerate(FLY_DATA) if (c, s) == (colour, symbol))


def test_score_gains_are_the_score_with_each_card_less_the_score_without() -> None:
    # The definition, over random hands: blanks held, repeats (the entries of held
    # cards are never asked for, but stay the definition too), hands of 0 to 15 cards.
    rng = random.Random(18)
    for _ in range(3000):
        hand = [rng.randrange(DECK_SIZE) for _ in range(rng.randrange(16))]
        if rng.random() < 0.5:
            hand = list(dict.fromkeys(hand))
        now = score(hand)
        assert score_gains(hand) == [score([*hand, card]) - now for card in range(DECK_SIZE)]


def test_a_fly_earns_1_point_with_3_or_more_of_its_colour() -> None:
    reds = [fly("red", s) for s in ("star", "circle", "diamond")]
    assert score(reds) == 3
    assert score(reds[:2]) == 0


def test_a_fly_earns_1_point_with_3_or_more_of_its_symbol() -> None:
    hearts = [fly(c, "heart") for c in ("red", "yellow", "blue", "green")]
    assert score(hearts) == 4


def test_a_third_star_makes_all_your_star_flies_worth_1_point() -> None:
    hand = [fly("red", "star"), fly("blue", "star"), fly("green", "diamond")]
    assert score(hand) == 0
    hand.append(fly("purple", "star"))
    assert score(hand) == 3
    assert sorted(scoring_flies(hand)) == sorted(
        fly(c, "star") for c in ("red", "blue", "purple"))


def test_a_third_blue_makes_all_your_blue_flies_worth_1_point() -> None:
    hand = [fly("blue", "circle"), fly("blue", "heart"), fly("red", "triangle")]
    assert score(hand) == 0
    hand.append(fly("blue", "diamond"))
    assert score(hand) == 3


def test_a_yellow_circle_with_two_other_yellows_and_two_other_circles_scores_5() -> None:
    """It makes the other 2 yellow flies count and the other 2 circle flies count; the
    yellow circle is scored once."""
    hand = [fly("yellow", "star"), fly("yellow", "heart"),
            fly("red", "circle"), fly("green", "circle")]
    assert score(hand) == 0
    hand.append(fly("yellow", "circle"))
    assert score(hand) == 5


def test_each_fly_is_worth_at_most_1_point_even_with_both_sets() -> None:
    # A red star among three reds and three stars counts once.
    hand = [fly("red", "star"), fly("red", "circle"), fly("red", "heart"),
            fly("blue", "star"), fly("green", "star")]
    assert score(hand) == 5


def test_3_red_and_4_diamond_with_no_overlap_score_7() -> None:
    """FACTS.md: each fly counts once (gamesnightguru.com)."""
    hand = [fly("red", s) for s in ("star", "circle", "heart")]
    hand += [fly(c, "diamond") for c in ("yellow", "blue", "green", "purple")]
    assert score(hand) == 7


def test_blank_cards_never_score() -> None:
    assert score([25, 26]) == 0
    assert len(COLOURS) * len(SYMBOLS) == 25


def test_the_highest_score_wins() -> None:
    state = laid_out(players=2)
    state.collected = [[fly("red", s) for s in ("star", "circle", "heart")], [fly("blue", "star")]]
    state.table = [25, 26]
    state._place_flies()
    state.phase = "over"
    out = state.outcome()
    assert out is not None and out.scores == (3, 0) and out.winners == (0,)


def test_on_a_tie_the_player_with_the_most_flies_wins_regardless_of_colour_or_symbol() -> None:
    state = laid_out(players=3)
    state.collected = [[fly("red", "star")], [fly("blue", "star"), fly("green", "heart")], []]
    state.phase = "over"
    out = state.outcome()
    assert out is not None and out.scores == (0, 0, 0)
    assert out.winners == (1,) and out.ranks == (2, 1, 3)


def test_still_tied_is_a_shared_win() -> None:
    state = laid_out(players=2)
    state.collected = [[fly("red", "star")], [fly("blue", "heart")]]
    state.phase = "over"
    out = state.outcome()
    assert out is not None and out.shared and out.winners == (0, 1)


def test_the_game_ends_when_only_the_two_blank_cards_remain() -> None:
    # Flies 0 and 1 and the two blanks: one more drop can end the game.
    state = laid_out(players=2, order=[0, 25, 26, *range(1, 25)])
    state.table = [0, 25, 26]
    state._place_flies()
    assert state.flies_on_table() == 1
    assert land(state, 4.0, 1.5, 0.0) == []
    assert state.phase == "aim" and state.current == 1
    assert land(state, 0.5, 1.5, 0.0) == [0]
    assert state.is_over and state.table == [25, 26]
    out = state.outcome()
    assert out is not None and not out.truncated
    assert state.legal_actions(0) == [] and state.acting().kind == "over"


def test_the_safety_cap_ends_the_game_as_truncated() -> None:
    state = laid_out(players=2, max_drops=3)
    for _ in range(3):
        assert not state.is_over
        land(state, 8.5, 8.9, 0.0)  # the very bottom edge of the table: covers nothing
    out = state.outcome()
    assert state.is_over and out is not None and out.truncated
    assert state.view(None)["outcome"]["truncated"] is True


def test_a_practice_game_for_one_player_ends_with_all_flies_collected() -> None:
    from gamenight.games.fly.rules import GAME
    from gamenight.sim.runner import make_bots, play_out

    state = play_out(GAME.new(1, seed=3), make_bots(GAME, ["aimer"], 3))
    out = state.outcome()
    assert out is not None and not out.truncated and out.winners == (0,)
    assert len(state.collected[0]) == 25 and sorted(state.table) == [25, 26]


def test_a_drop_at_the_cap_that_takes_the_last_fly_ends_the_game_untruncated() -> None:
    state = laid_out(players=2, max_drops=2)
    state.table = [0, 25, 26]
    state._place_flies()
    assert land(state, 4.0, 1.5, 0.0) == []
    assert land(state, 0.5, 1.5, 0.0) == [0]  # the second and last drop the cap allows
    out = state.outcome()
    assert state.is_over and out is not None and not out.truncated
