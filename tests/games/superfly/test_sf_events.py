"""What a Superfly table tells as it plays (``state.events``): the deal, the signal, the
swatters and dice, takes, squishes and swaps, 5 cards, the hands shown, tokens and the
end; and what each seat is told of the two secrets, a face-down card and a swat not yet
revealed."""

from __future__ import annotations

import json
import random
from importlib.resources import files

import pytest

from gamenight.engine import PASS
from gamenight.engine.events import Event
from gamenight.games.superfly import GAME, SuperflyState
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.events import (
    CardDealt,
    DieRolled,
    FlyLaid,
    FlyTaken,
    GameOver,
    RoundStarted,
    SignalGiven,
    SwatChosen,
    SwattersDown,
    TurnEnded,
)
from gamenight.sim.random_play import random_playout
from tests.games.superfly.sf_table import fly, play_turn, swat, table

RED3, BLUE5, GREEN1 = fly("red", 3), fly("blue", 5), fly("green", 1)
HANDS4 = [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)], [fly("purple", 6)]]


def test_the_first_player_deals_each_player_a_card_that_only_they_see() -> None:
    state = GAME.new(3, seed=0)
    events = [*state.apply_chance(RED3), *state.apply_chance(BLUE5)]
    assert events == [RoundStarted(1, 0), CardDealt(0, "red 3"), CardDealt(1, "blue 5")]
    dealt = events[1]
    assert dealt.seen_by(0) == dealt
    assert dealt.seen_by(1) == dealt.seen_by(2) == dealt.seen_by(None) == CardDealt(0, None)
    told = [e.seen_by(2) for e in events]
    assert "red 3" not in json.dumps([e.to_json() for e in told if e is not None])


def test_with_open_hands_every_seat_sees_the_card_dealt() -> None:
    state = GAME.new(3, seed=0, open_hands=True)
    (_, dealt) = state.apply_chance(RED3)
    assert dealt == CardDealt(0, "red 3", face_up=True)
    assert dealt.seen_by(1) == dealt.seen_by(None) == dealt


def test_the_flies_are_laid_face_up_and_the_first_player_gives_the_signal() -> None:
    state = GAME.new(3, seed=0)
    for card in (RED3, BLUE5, GREEN1):
        state.apply_chance(card)
    events = [*state.apply_chance(fly("yellow", 6)), *state.apply_chance(fly("purple", 2))]
    assert events == [FlyLaid("yellow 6"), FlyLaid("purple 2"),
                      SignalGiven(1, 0, False, ("yellow 6", "purple 2"), (0, 1, 2))]
    assert events[-1].text() == ("Turn 1 (seat 0 gives the signal): the centre shows "
                                 "yellow 6, purple 2.")


def test_a_raised_swatter_is_seen_but_not_the_fly_it_goes_for_until_all_are_down() -> None:
    state = table(4, HANDS4, [RED3, BLUE5, GREEN1])
    (chosen,) = state.apply(1, SWATS[RED3], 10.0)
    assert chosen == SwatChosen(1, "red 3")
    assert chosen.seen_by(1) == chosen
    for other in (0, 2, 3, None):
        assert chosen.seen_by(other) == SwatChosen(1, None)
    assert state.apply(2, PASS, 20.0) == [SwatChosen(2, "pass")]
    assert state.narration(0)[-1].startswith("Turn 1")  # nothing said of a choice yet
    state.apply(0, SWATS[BLUE5], 30.0)
    landed = state.apply(3, SWATS[RED3], 40.0)
    # The last choice is in: every swatter lands at once, for everyone to see.
    down = SwattersDown(("blue 5", "red 3", "pass", "red 3"))
    assert landed == [SwatChosen(3, "red 3"), down]
    assert all(down.seen_by(s) == down for s in (None, 0, 1, 2, 3))
    assert [e.text() for e in landed] == ["", "Seat 2 passes."]


def test_each_die_is_told_with_the_swat_it_decides() -> None:
    state = table(4, HANDS4, [RED3, BLUE5, GREEN1])
    swat(state, {0: RED3, 1: RED3, 2: None, 3: None})
    assert state.apply_chance(4) == [DieRolled(0, "red 3", 4)]
    events = state.apply_chance(2)
    assert events[:2] == [DieRolled(1, "red 3", 2), FlyTaken(0, "red 3", battle=True)]
    assert events[0].text() == "Seat 1 swats red 3: the die shows 2."
    assert TurnEnded(1, ("blue 5", "green 1"), ()) in events


def test_the_safety_cap_ends_the_game_and_says_so() -> None:
    state = table(4, HANDS4, [RED3, BLUE5, GREEN1], max_turns=1)
    play_turn(state, {0: None, 1: None, 2: None, 3: None})
    assert state.is_over
    outcome = state.outcome()
    assert outcome is not None and outcome.truncated and outcome.reason == "cap"
    assert state.events[-1] == GameOver("cap", (0, 1, 2, 3), (0, 0, 0, 0))
    assert state.narration()[-1] == "The safety cap on turns ended the game."


def test_every_event_of_a_game_is_listed_plain_json_and_in_the_narration() -> None:
    state = GAME.new(5, seed=11)
    random_playout(state, random.Random(11))
    kinds = {type(e) for e in state.events}
    assert kinds <= set(GAME.event_types)
    assert {RoundStarted, CardDealt, SignalGiven, SwatChosen, DieRolled, GameOver} <= kinds
    for event in state.events:
        for seat in (None, *range(5)):
            form = event.seen_by(seat)
            assert form is not None and type(form) in GAME.event_types
            json.dumps(form.to_json())
    lines = [line for e in state.events if (line := e.text())]
    assert state.narration(None) == lines  # a spectator's lines: no secret makes one


def seat_events(state: SuperflyState, seat: int) -> list[str]:
    out = []
    for event in state.events:
        form = event.seen_by(seat)
        out.append(json.dumps(None if form is None else form.to_json(), sort_keys=True))
    return out


@pytest.mark.parametrize("leak", [False, True])
def test_twins_a_seat_cannot_tell_apart_tell_it_the_same_unless_the_secrets_leak(
        leak: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mid-swat, with face-down cards still hidden: seat 0's twins (others' cards and
    choices redrawn) give it the same events; giving every seat the whole events is
    caught."""
    state = GAME.new(4, seed=5)
    while state.phase != "swat":
        state.draw_chance()
    state.apply(1, SWATS[state.centre[0]], 5.0)
    state.apply(2, PASS, 6.0)
    if leak:
        for kind in (CardDealt, SwatChosen):
            monkeypatch.setattr(kind, "seen_by", Event.seen_by)
    rng = random.Random(5)
    mine = seat_events(state, 0)
    alike = [seat_events(state.resample(0, random.Random(rng.getrandbits(32))), 0) == mine
             for _ in range(10)]
    assert not all(alike) if leak else all(alike)


def test_in_a_final_turn_the_swatters_land_without_the_seats_sitting_out() -> None:
    path = files("gamenight.games.superfly") / "examples" / "biggest-set-wins.json"
    state = GAME.from_position(json.loads(path.read_text("utf-8")))
    assert state.acting().seats == (0, 2)  # seat 1 holds 5 cards
    state.apply(0, PASS, 1.0)
    landed = state.apply(2, PASS, 2.0)
    assert landed[:2] == [SwatChosen(2, "pass"), SwattersDown(("pass", None, "pass"))]
    assert landed[1].text() == "Seats 0 and 2 pass."
