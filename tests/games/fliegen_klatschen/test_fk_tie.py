"""'If there is still a tie, the players congratulate one another on a shared victory, or
play a deciding game': the option ``tie`` (shared, the default, or deciding-game)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from gamenight import record as rec
from gamenight.engine import IllegalAction
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.events import DecidingGame, GameOver
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from gamenight.sim.runner import make_bots, play_out
from tests.games.fliegen_klatschen.fk_table import BLUE, GREEN, RED, fly, swatter

Position = dict[str, Any]


def tied_position(tie: str, players: int = 2) -> Position:
    """Seat 0 is about to turn the last card of its pile (a fly that joins the centre),
    and seats 0 and 1 have won 5 points in one fly each (seat 2, if there, 2 points): the
    game ends tied on points and on flies.  Cards beyond these were taken out unseen."""
    piles = [["red 1"], ["purple 1", "purple 2", "purple 3", "orange 1", "orange 2"]]
    won = [["blue 5"], ["green 5"]]
    if players == 3:
        piles.append(["orange 3", "orange 4", "yellow 1", "yellow 2"])
        won.append(["red 2"])
    turn = 3 * players  # seat 0 is next: a whole number of rounds
    return {
        "format": "gamenight-position", "version": 1, "game": "fliegen-klatschen",
        "rules_version": GAME.rules_version, "players": players,
        "options": {"remove": 112 - sum(map(len, piles)) - sum(map(len, won)) - 1,
                    "tie": tie},
        "state": {"phase": "reveal", "turn": turn, "current": 0, "piles": piles,
                  "centre": ["yellow 3"], "won": won,
                  "last_reveal": {"seat": players - 1, "card": "yellow 3"}},
    }


def start(data: Position, seed: int = 0) -> FliegenKlatschenState:
    state = GAME.from_position(data, seed)
    assert isinstance(state, FliegenKlatschenState)
    return state


def finish(state: FliegenKlatschenState, seed: int = 0) -> FliegenKlatschenState:
    play_out(state, make_bots(GAME, ["sharp"] * state.players, seed))
    return state


def test_by_default_the_tied_players_share_the_victory() -> None:
    state = start(tied_position("shared"))
    state.apply(0, REVEAL)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.shared
    assert outcome.scores == (5, 5) and not state.played


def test_with_the_option_the_tied_players_play_a_deciding_game_that_decides() -> None:
    state = start(tied_position("deciding-game"))
    events = state.apply(0, REVEAL)
    assert state.outcome() is None and state.phase == "deal"
    assert DecidingGame((0, 1), 5, 1) in events
    assert events[-1].text() == "Seat 0 and seat 1 tie with 5 points and 1 fly: they " \
                                "play a deciding game."
    state.draw_chance()  # a new shuffle, dealt among the tied players
    assert state.phase == "reveal" and state.current == 0
    assert sum(map(len, state.piles)) == 112 - state.options["remove"]
    assert not any(state.won) and not state.centre
    finish(state)
    outcome = state.outcome()
    assert outcome is not None and not outcome.truncated
    assert len(outcome.winners) == 1  # decided
    # The match's scores are the first game's; the deciding game breaks the tie.
    assert outcome.scores == (5, 5)
    assert [key[0] for key in outcome.tiebreaks] == [1, 1]  # the first game's flies
    winner = outcome.winners[0]
    last = state.game_now()
    assert (last.scores[winner], last.flies[winner]) == max(
        (last.scores[s], last.flies[s]) for s in last.seats)
    over = [e for e in state.events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].scores == (5, 5)  # one end, of the whole match


def test_only_the_tied_players_play_the_deciding_game() -> None:
    state = start(tied_position("deciding-game", players=3))
    state.apply(0, REVEAL)
    assert state.in_play == (0, 1)
    state.draw_chance()
    assert state.hands == 2 and not state.piles[2] and state.piles[0] and state.piles[1]
    finish(state, seed=1)
    deal = max(i for i, step in enumerate(state.history) if step.seat is None)
    acted = {step.seat for step in state.history[deal + 1:]}
    assert acted == {0, 1}  # seat 2 sat out: no reveal, no slap, no pass
    assert not state.won[2]
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (5, 5, 2) and 2 not in outcome.winners
    assert outcome.ranks[2] == 3  # behind both tied players


def test_a_deciding_game_that_ties_again_is_followed_by_another() -> None:
    # A position in a deciding game that is about to end tied again.
    data = tied_position("deciding-game")
    data["state"]["deciding"] = {"seats": [0, 1], "began": 2,
                                 "played": [{"seats": [0, 1], "scores": [9, 9],
                                             "flies": [3, 3]}]}
    data["state"]["turn"] = 2 + 6
    state = start(data)
    assert state.view(0)["deciding"] == {"seats": [0, 1], "played": [
        {"seats": [0, 1], "scores": [9, 9], "flies": [3, 3]}]}
    events = state.apply(0, REVEAL)
    assert DecidingGame((0, 1), 5, 1) in events and len(state.played) == 2
    state.draw_chance()
    finish(state, seed=3)
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (9, 9) and len(outcome.winners) == 1
    # Keys: the first game's flies, then each deciding game's points and flies.
    assert all(len(key) == 1 + 2 * 2 for key in outcome.tiebreaks)
    assert [key[1:3] for key in outcome.tiebreaks] == [(5, 1), (5, 1)]


def test_a_deciding_game_reads_back_from_its_position_and_replays_from_its_record() -> None:
    state = start(tied_position("deciding-game", players=3))
    state.apply(0, REVEAL)
    state.draw_chance()
    state.apply(0, REVEAL)
    again = start(json.loads(json.dumps(state.position())))
    assert again.snapshot() == state.snapshot()
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == state.view(seat)
    finish(state)
    record = rec.record_of(state, ["bot:sharp"] * 3)
    replayed = rec.replay(rec.loads(json.dumps(record.to_json())))
    assert replayed.outcome() == state.outcome()


def deck(last_four: list[int]) -> list[int]:
    """A deal whose last four cards are ``last_four`` (with remove=108 the others are taken
    out unseen): seat 0's pile is the 1st and 3rd, top last; seat 1's the 2nd and 4th."""
    rest = [c for c in range(112) if c not in last_four]
    return rest + last_four


def scripted_tie() -> FliegenKlatschenState:
    """Two players, four red flies dealt and no swatter: three reveals, no hunt, and the
    game ends 0-0 on points and flies."""
    state = GAME.new(2, 0, remove=108, tie="deciding-game")
    state.apply_chance(deck([fly(RED, 1), fly(RED, 2), fly(RED, 3), fly(RED, 4)]))
    for _ in range(3):
        state.apply(state.current, REVEAL)
    return state


def test_a_scripted_tie_decided_by_a_deciding_game() -> None:
    state = scripted_tie()
    assert state.phase == "deal" and state.played[0].scores == (0, 0)
    # The deciding deal: seat 0 turns blue 5, seat 1 a swatter; seat 1 slaps the fly first.
    state.apply_chance(deck([fly(GREEN, 1), fly(RED, 5), fly(BLUE, 5), swatter()]))
    state.apply(0, REVEAL)
    state.apply(1, REVEAL)
    assert state.phase == "hunt"
    state.apply(1, SLAPS[fly(BLUE, 5)], 310.0)
    state.apply(0, SLAPS[fly(BLUE, 5)], 450.0)  # too late: seat 1's hand is underneath
    state.apply(0, REVEAL)  # seat 0's last card: the deciding game is over
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and not outcome.shared
    assert outcome.scores == (0, 0)  # the first game's points
    assert outcome.tiebreaks == ((0, 0, 0), (0, 5, 1))  # first flies; deciding points, flies
    assert outcome.ranks == (2, 1)


def test_a_seat_can_resample_a_deciding_game_it_cannot_tell_apart() -> None:
    state = scripted_tie()
    for step in range(4):
        # Before the deciding deal, just after it, and after reveals in it.
        for seat in (0, 1):
            other = state.resample(seat, random.Random(step))
            assert len(other.history) == len(state.history)
            assert other.view(seat) == state.view(seat)
            assert other.played == state.played and other.in_play == state.in_play
        if state.phase == "deal":
            state.draw_chance()
        elif state.phase == "reveal":
            state.apply(state.current, REVEAL)


@pytest.mark.parametrize(("change", "message"), [
    (lambda s, o: o.update(tie="shared"), "only with the option tie=deciding-game"),
    (lambda s, o: s["deciding"].update(seats=[0]), "seats tied in the game before it"),
    (lambda s, o: s["deciding"]["played"][0].update(scores=[9, 8]), "one winner, seat 0"),
    (lambda s, o: s["deciding"].update(played=[]), "at least the first"),
    (lambda s, o: s.update(current=1), "seat 0 reveals next"),
])
def test_impossible_deciding_games_are_refused_naming_the_problem(
        change: Any, message: str) -> None:
    data = tied_position("deciding-game")
    data["state"]["deciding"] = {"seats": [0, 1], "began": 2,
                                 "played": [{"seats": [0, 1], "scores": [9, 9],
                                             "flies": [3, 3]}]}
    data["state"]["turn"] = 8
    start(copy.deepcopy(data))  # as it is, it is a position
    change(data["state"], data["options"])
    with pytest.raises(IllegalAction, match=message):
        start(data)


def test_a_match_over_with_a_tie_is_refused_under_the_deciding_game_option() -> None:
    state = start(tied_position("shared"))
    state.apply(0, REVEAL)
    data = state.position()
    data["options"]["tie"] = "deciding-game"
    with pytest.raises(IllegalAction, match="they play a deciding game"):
        start(data)
