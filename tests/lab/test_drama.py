"""Drama: lead changes and comebacks, folded from each game's events.

First on constructed steps whose answer is known (two lead changes, a comeback, a tie
that is no leader), then on real bot games of all five games: the fold's final
standings agree with the outcome, and at every step with what the public view shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.engine import GameState
from gamenight.engine.events import Event
from gamenight.games.by_golly.events import Dealt, Drew, FaceUpMatch, TurnedOver
from gamenight.games.fliegen_klatschen.events import DecidingGame, FlyWon, Penalty
from gamenight.games.fliegen_klatschen.rules import FliegenKlatschenState
from gamenight.games.fluster.events import GameOver as FlusterOver
from gamenight.games.fluster.events import PadScored, SquareWritten
from gamenight.games.fly.events import FliesCollected
from gamenight.games.superfly.events import TokensWon
from gamenight.lab.drama import (
    drama,
    drama_of,
    lead,
    lead_changes,
    lead_of,
    leader,
    leaders,
    standings,
)
from gamenight.lab.length import replay
from tests.lab.bot_games import Options, played

# Fliegen klatschen's fly cards by value (cards.VALUE_OF): red 2, red 3, red 4, red 5.
TWO, THREE, FOUR, FIVE = 2, 6, 10, 14


# -- constructed ---------------------------------------------------------------------------
def test_a_tie_at_the_top_has_no_leader() -> None:
    assert leader((3, 1, 3)) is None and leaders((3, 1, 3)) == [0, 2]
    assert leader((3, 4, 1)) == 1 and leaders((3, 4, 1)) == [1]


def test_the_lead_changing_hands_twice_counts_two() -> None:
    assert lead_changes([(1, 0), (1, 2), (3, 2)]) == 2


def test_a_tie_in_between_is_no_change_unless_another_seat_comes_out_ahead() -> None:
    assert lead_changes([(1, 0), (1, 1), (2, 1)]) == 0
    assert lead_changes([(1, 0), (1, 1), (1, 2)]) == 1
    assert lead_changes([(0, 0), (0, 1)]) == 0  # the first leader is no change


def test_two_lead_changes_and_the_half_time_leader_who_won() -> None:
    steps: list[list[Event]] = [
        [FlyWon(0, THREE)],  # 3-0: seat 0 leads (half time: 3 steps // 2 = after this)
        [FlyWon(1, FIVE)],  # 3-5: seat 1
        [FlyWon(0, FOUR)],  # 7-5: seat 0 again
    ]
    assert drama_of("fliegen-klatschen", 2, steps, winners=[0]) == {
        "lead_changes": 2, "comeback": False, "half_time_leaders": [0]}


def test_a_comeback_is_the_half_time_leader_losing() -> None:
    steps: list[list[Event]] = [
        [FlyWon(0, FIVE)], [FlyWon(0, TWO)],  # 7-0 at half time
        [FlyWon(1, FIVE)], [FlyWon(1, FIVE)],  # 7-10
    ]
    assert drama_of("fliegen-klatschen", 2, steps, winners=[1]) == {
        "lead_changes": 1, "comeback": True, "half_time_leaders": [0]}


def test_a_tie_at_half_time_is_no_comeback_either_way() -> None:
    steps: list[list[Event]] = [[FlyWon(0, THREE)], [FlyWon(1, THREE)],
                                [FlyWon(1, TWO)], []]
    assert drama_of("fliegen-klatschen", 2, steps, winners=[1]) == {
        "lead_changes": 1, "comeback": None, "half_time_leaders": [0, 1]}


def test_a_winner_who_led_from_the_start_decided_the_game_at_once() -> None:
    assert lead_of([(1, 0), (2, 0), (3, 1)], winners=[0]) == {
        "decided_at": 0.0, "winner_behind": 0.0}


def test_a_late_winner_decided_it_late_and_trailed_before() -> None:
    # Seat 1 trails for two steps of five, ties on the third, leads from the fourth on.
    steps = [(1, 0), (2, 1), (2, 2), (2, 3), (2, 5)]
    assert lead_of(steps, winners=[1]) == {"decided_at": 0.6, "winner_behind": 0.4}


def test_a_lead_lost_and_won_back_counts_from_its_last_start() -> None:
    steps = [(1, 0), (1, 2), (3, 2), (4, 2)]
    assert lead_of(steps, winners=[0]) == {"decided_at": 0.5, "winner_behind": 0.25}


def test_a_shared_win_is_decided_when_the_winners_alone_are_on_top() -> None:
    # Seat 0 leads alone, then seat 1 draws level and they stay level on top: decided
    # from the second step, and a winner (seat 0) was never behind.
    steps = [(1, 0, 0), (1, 1, 0), (2, 2, 1)]
    assert lead_of(steps, winners=[0, 1]) == {"decided_at": 1 / 3, "winner_behind": 0.0}


def test_a_winner_the_standings_do_not_show_on_top_has_no_lead_figures() -> None:
    # A tie-break decided it (or the standing is not what wins): nothing to say.
    assert lead_of([(1, 0), (2, 2)], winners=[1]) == {"decided_at": None,
                                                      "winner_behind": None}
    assert lead_of([], winners=[0]) == {"decided_at": None, "winner_behind": None}


def test_a_penalty_takes_back_the_fly_and_its_value() -> None:
    table = standings("fliegen-klatschen", 2)
    for event in (FlyWon(0, FIVE), FlyWon(1, FOUR), Penalty(0, THREE, FIVE),
                  Penalty(1, TWO, None)):
        table.after(event)
    assert table.scores() == (0, 4)


def test_a_deciding_game_keeps_the_first_games_points() -> None:
    table = standings("fliegen-klatschen", 2)
    for event in (FlyWon(0, FIVE), FlyWon(1, FIVE), DecidingGame((0, 1), 5, 1),
                  FlyWon(1, THREE)):
        table.after(event)
    assert table.scores() == (5, 5)


def test_events_of_one_step_count_once_at_its_end() -> None:
    # A hunt hands out its flies one event after another, but at once at the table:
    # seat 1 ahead for one event only is no lead change.
    steps: list[list[Event]] = [[FlyWon(0, TWO)], [FlyWon(1, FIVE), FlyWon(0, FIVE)]]
    assert drama_of("fliegen-klatschen", 2, steps, winners=[0])["lead_changes"] == 0


def test_by_golly_stands_by_the_cards_left_to_discard() -> None:
    table = standings("by-golly", 3)
    for event in (Dealt(15, 0, (None, None, None)),
                  TurnedOver(0, 3, "hen", "hen", "match"),
                  FaceUpMatch(0, "fox"),
                  TurnedOver(1, 4, "poo", "fox", "poo"),
                  Drew(1, 2, "hand", None)):
        table.after(event)
    assert table.scores() == (-13, -16, -14)


def test_fly_and_superfly_stand_by_points_and_tokens() -> None:
    fly = standings("fly", 2)
    fly.after(FliesCollected(1, (3, 4, 5), 3, 3))
    assert fly.scores() == (0, 3)
    superfly = standings("superfly", 3)
    superfly.after(TokensWon(1, (0, 2), (1, 0, 1)))
    assert superfly.scores() == (1, 0, 1)


def test_fluster_has_no_running_standing_and_so_no_drama() -> None:
    # The words a square makes reach only its writer: a spectator's fold never sees them.
    steps: list[list[Event]] = [
        [SquareWritten(0, "left", 1, 1, (("across", 1, "AT"),))],
        [PadScored(0, 2, 0, 0, 0, 0, 2), PadScored(1, 0, 0, 0, 0, 0, 0),
         FlusterOver("calls-done", (2, 0), (0,))],
    ]
    table = standings("fluster", 2)
    table.after(steps[0][0])
    assert table.scores() == (0, 0)
    assert drama_of("fluster", 2, steps, winners=[0]) == {
        "lead_changes": 0, "comeback": None, "half_time_leaders": []}


def test_a_game_the_lab_does_not_know_is_refused() -> None:
    with pytest.raises(ValueError, match="no standings for chess"):
        standings("chess", 2)


# -- real bot games -----------------------------------------------------------------------
#: Small tables of every game: (game, players, bots, options).  Fluster plays random
#: bots (the standing is the same fold whoever writes; the word bot is slow to start).
TABLES: list[tuple[str, int, tuple[str, ...], Options]] = [
    ("fly", 2, (), ()), ("fly", 3, (), ()),
    ("fliegen-klatschen", 2, (), ()), ("fliegen-klatschen", 3, ("sharp", "random"), ()),
    ("superfly", 3, (), ()), ("superfly", 2, (), (("two_players", True),)),
    ("fluster", 2, ("random",), ()), ("fluster", 3, ("random",), ()),
    ("by-golly", 2, (), ()), ("by-golly", 3, (), ()),
]
SEEDS = (1, 2)




def public_standing(state: GameState[Any]) -> tuple[float, ...] | None:
    """Each seat's standing as the spectator's view shows it now (None: the view shows
    none), worked out independently of the fold."""
    view = state.view(None)
    game = state.game.id
    if game == "fly":
        return tuple(view["scores"])
    if isinstance(state, FliegenKlatschenState):
        # The view shows how many flies each seat won (face down), not their values,
        # though every hunt showed them: the rules' own running score stands in.
        return tuple(state.score_of(seat) for seat in range(state.players))
    if game == "superfly":
        return tuple(view["tokens"])
    if game == "by-golly":
        laid = [1 if view["laid"] is not None and s == view["current"] else 0
                for s in range(state.players)]
        return tuple(-(h + s + x) for h, s, x in zip(view["hands"], view["stacks"], laid,
                                                    strict=True))
    return None  # Fluster: the pads are secret until the end


def fold(state: GameState[Any], events: Sequence[Event]) -> tuple[float, ...]:
    table = standings(state.game.id, state.players)
    for event in events:
        table.after(event)
    return table.scores()


@pytest.mark.parametrize(("game_id", "players", "bots", "options"), TABLES)
def test_real_games_fold_to_the_outcome_and_the_view_at_every_step(
        game_id: str, players: int, bots: tuple[str, ...], options: Options) -> None:
    for seed in SEEDS:
        state = played(game_id, players, bots, options, seed)
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        final = fold(state, state.events)
        if game_id == "by-golly":
            # The outcome scores the winner 1, the others 0, and ranks them by the cards
            # they hold: the fold is that tie-break key, and the winner holds none.
            assert final == tuple(keys[0] for keys in outcome.tiebreaks)
            assert final[outcome.winners[0]] == 0 == max(final)
        else:
            assert final == tuple(outcome.scores)
        # Step by step, the fold stands as the public view does.
        walked = replay(state)
        fresh = state.game.new(state.players, state.seed, **state.options)
        table = standings(game_id, players)
        for event in walked.prelude:
            table.after(event)
        for number, step in enumerate(walked.steps):
            if step.step.seat is None:
                fresh.apply_chance(step.step.value)
            else:
                fresh.apply_text(step.step.seat, step.step.value, step.step.at_ms)
            for event in step.events:
                table.after(event)
            shown = public_standing(fresh)
            if shown is not None:
                assert table.scores() == shown, f"seed {seed}, after step {number}"
            elif number < len(walked.steps) - 1:
                assert set(table.scores()) == {0}  # Fluster: nothing until the end


@pytest.mark.parametrize(("game_id", "players", "bots", "options"), TABLES)
def test_real_games_drama_is_consistent(game_id: str, players: int, bots: tuple[str, ...],
                                        options: Options) -> None:
    for seed in SEEDS:
        state = played(game_id, players, bots, options, seed)
        outcome = state.outcome()
        assert outcome is not None
        story = drama(state)
        if game_id == "fluster":
            assert story == {"lead_changes": 0, "comeback": None, "half_time_leaders": []}
            assert lead(state) == {"decided_at": None, "winner_behind": None}
            continue
        walked = replay(state)
        half = fold(state, [*walked.prelude,
                            *(e for p in walked.steps[:len(walked.steps) // 2]
                              for e in p.events)])
        assert story["half_time_leaders"] == leaders(half)
        unique = leader(half)
        assert story["comeback"] == (None if unique is None else unique not in outcome.winners)
        assert 0 <= story["lead_changes"] < len(state.history)
        # The lead figures come from the same standings, step by step.
        by_step = [fold(state, [*walked.prelude, *(e for p in walked.steps[:n + 1]
                                                    for e in p.events)])
                   for n in range(len(walked.steps))]
        assert lead(state) == lead_of(by_step, outcome.winners)
        ahead = lead(state)
        if set(leaders(by_step[-1])) == set(outcome.winners):
            assert ahead["decided_at"] is not None and ahead["winner_behind"] is not None
            assert 0 <= ahead["decided_at"] < 1 and 0 <= ahead["winner_behind"] < 1
