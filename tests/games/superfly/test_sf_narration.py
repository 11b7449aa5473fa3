"""The last turn told in words (``narration``, what ``state.told(seat)`` tells a person
beside the view): each seat reads its own form ("You take it"), a spectator names every
seat, and the words say what the rules worked out -- a lone swatter's Bravo, a battle, a
squished fly, a tie's swap, a pass, a final turn announced.  Only public facts are told:
two games a seat cannot tell apart tell it the same last turn.  The views hold none of
it: bots play by the facts and never pay for the words."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamenight.engine import PASS, IllegalAction
from gamenight.games.superfly.rules import GAME, HAND_LIMIT, SuperflyState
from tests.games.superfly.sf_table import fly, play_turn, table

RED3, BLUE5, GREEN1 = fly("red", 3), fly("blue", 5), fly("green", 1)
HANDS4 = [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)], [fly("purple", 6)]]
CENTRE4 = [RED3, BLUE5, GREEN1]


def _told(state: SuperflyState, seat: int | None) -> Any:
    return state.told(seat)


def _lines(told: Any) -> list[str]:
    """Each fly's clauses as one line, as a table shows them."""
    return [" ".join(clause["text"] for clause in clauses) for clauses in told["flies"]]


def test_before_the_first_turn_nothing_is_told() -> None:
    state = table(4, HANDS4, CENTRE4)
    assert _told(state, 0) is None and _told(state, None) is None


def test_a_lone_swatter_is_told_you_take_it_the_others_its_seat_takes_it() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: RED3, 1: None, 2: None, 3: None}, {0: 5})
    # The flies in the centre's order: red 3, blue 5, green 1.
    assert _lines(_told(state, 0)) == ["You rolled 5 → You take it",
                                       "Nobody swatted it", "Nobody swatted it"]
    assert _lines(_told(state, 1))[0] == "Seat 0 rolled 5 → Seat 0 takes it"
    assert _lines(_told(state, None))[0] == "Seat 0 rolled 5 → Seat 0 takes it"
    assert [c["kind"] for c in _told(state, 0)["flies"][0]] == ["roll", "taken"]
    assert _told(state, 0)["notes"] == [
        {"kind": "passed", "text": "Passed: Seat 1, Seat 2 and Seat 3."}]
    assert _told(state, 2)["notes"][0]["text"] == "Passed: Seat 1, you and Seat 3."


def test_a_battle_s_rolls_come_in_the_swatters_order_and_the_highest_takes_it() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: None, 1: RED3, 2: RED3, 3: None}, {1: 2, 2: 6})
    assert _lines(_told(state, 2))[0] == "Seat 1 rolled 2 You rolled 6 → You take it"
    assert state.view(2)["last_turn"]["flies"][0]["claimants"] == [1, 2]


def test_a_die_showing_the_fly_s_number_squishes_it_and_nobody_takes_it() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: None, 1: BLUE5, 2: BLUE5, 3: None}, {1: 6, 2: 5})
    flies = _told(state, 3)["flies"]
    assert _lines(_told(state, 3))[1] == "Seat 1 rolled 6 Seat 2 rolled 5 → squished!"
    assert [c["kind"] for c in flies[1]] == ["roll", "roll", "squished"]


def test_a_tie_on_the_highest_die_swaps_hands_and_nobody_takes_the_fly() -> None:
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: GREEN1, 1: GREEN1, 2: None, 3: None}, {0: 4, 1: 4})
    assert _lines(_told(state, 1))[2] == (
        "Seat 0 rolled 4 You rolled 4 → tie: Seat 0 and you swap hands → nobody takes it")
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: GREEN1, 1: GREEN1, 2: GREEN1, 3: None}, {0: 4, 1: 4, 2: 4})
    assert _lines(_told(state, None))[2].endswith(
        "→ tie: Seat 0, Seat 1 and Seat 2 pass hands clockwise → nobody takes it")


def test_a_seat_with_five_cards_is_announced_with_the_final_turn_for_the_others() -> None:
    four = [fly("red", 1), fly("red", 2), fly("red", 4), fly("red", 5)]
    state = table(4, [four, [fly("blue", 2)], [fly("green", 4)], [fly("purple", 6)]],
                  CENTRE4)
    play_turn(state, {0: RED3, 1: None, 2: None, 3: None}, {0: 6})
    assert len(state.hands[0]) == HAND_LIMIT
    five = [note for note in _told(state, 0)["notes"] if note["kind"] == "five-cards"]
    assert five == [{"kind": "five-cards",
                     "text": f"You hold {HAND_LIMIT} cards: one final turn for the others."}]
    other = [n["text"] for n in _told(state, 1)["notes"] if n["kind"] == "five-cards"]
    assert other == [f"Seat 0 holds {HAND_LIMIT} cards: one final turn for the others."]


def _play(state: SuperflyState, rng: random.Random, turns: int) -> None:
    while not state.is_over and state.turns < turns:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        else:
            seat = rng.choice(acting.seats)
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choice([a for a in legal if a != PASS] or legal), 0.0)


def test_a_seat_is_told_the_same_in_every_game_it_cannot_tell_from_this_one() -> None:
    """The telling is built from public facts only: a game redrawn where the seat cannot
    see (the others' face-down cards, their secret choices: ``resample``) tells it the
    same last turn, and tells a spectator the same."""
    for seed in range(6):
        state = GAME.new(4, seed)
        rng = random.Random(seed)
        _play(state, rng, turns=3 + seed)
        for seat in range(4):
            twin = state.resample(seat, random.Random(seed + 100))
            assert twin.told(seat) == state.told(seat)
            assert twin.told(None) == state.told(None)


def test_the_telling_names_no_card_and_no_die_before_every_swatter_is_down() -> None:
    """While the others still choose, the last turn told is the one before: nothing of
    the swat under way (a choice is secret until every swatter lands)."""
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: RED3, 1: None, 2: None, 3: None}, {0: 5})
    while state.phase != "swat":
        state.draw_chance()
    before = {seat: state.told(seat) for seat in (0, 1, 2, 3, None)}
    state.apply(1, state.legal_actions(1)[0], 0.0)  # seat 1 chooses, in secret
    for seat, told in before.items():
        assert state.told(seat) == told


def _texts(told: Any) -> list[str]:
    return ([clause["text"] for clauses in told["flies"] for clause in clauses]
            + [note["text"] for note in told["notes"]])


def test_the_views_hold_the_facts_and_none_of_the_words() -> None:
    """What a bot reads (the view) has the last turn's facts only: the words are asked
    for apart (``told``), by the server for its people and by the terminal, so that a
    bot game builds no sentence."""
    state = table(4, HANDS4, CENTRE4)
    play_turn(state, {0: RED3, 1: RED3, 2: None, 3: GREEN1}, {0: 2, 1: 6, 3: 3})
    for seat in (0, 1, 2, 3, None):
        view = json.dumps(state.view(seat))
        told = _told(state, seat)
        assert told is not None and state.view(seat)["last_turn"] is not None
        for text in _texts(told):
            assert text not in view, (seat, text)


def test_no_words_are_told_to_a_seat_that_is_not_one_of_the_game_s() -> None:
    state = table(4, HANDS4, CENTRE4)
    for seat in (-1, 4, "0", True):
        with pytest.raises(IllegalAction):
            state.told(seat)  # type: ignore[arg-type]


def test_a_replay_s_frames_tell_each_step_s_last_turn_as_the_room_told_it() -> None:
    """The replay viewer draws the room's table from frames built as the room's updates
    (``server.replays``): each frame carries the words of its own step, for the eyes
    it is seen through, so a replay shows the last turn as the game was played."""
    from gamenight.server.replays import seen_frames

    state = GAME.new(4, 7)
    _play(state, random.Random(7), turns=3)
    for eyes in (2, None):
        frames = list(seen_frames(GAME.new(4, 7), state.history, eyes, 1))
        assert "told" not in frames[0]  # the game as set up: no turn played yet
        replayed = GAME.new(4, 7)
        for frame, step in zip(frames[1:], state.history, strict=True):
            if step.seat is None:
                replayed.apply_chance(step.value)
            else:
                replayed.apply_text(step.seat, step.value, step.at_ms)
            assert frame.get("told") == replayed.told(eyes)
        assert frames[-1]["told"] == state.told(eyes) is not None
