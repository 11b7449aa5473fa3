"""The By Golly! table in the terminal, driven as a person drives it (Pilot)."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from gamenight.games.by_golly.cards import FACE_NAMES, PLACES
from gamenight.games.by_golly.events import Shuffled, TurnedOver
from gamenight.games.by_golly.rules import ByGollyState
from gamenight.games.by_golly.screen import HAND_KEYS, PLACE_KEYS, hand_kinds
from gamenight.tui.app import HUMAN, Pauses, PlayApp, build_app

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)
BOTS_WAIT = Pauses(turn_s=30.0, after_window_s=0.0)  # the bots never move in these tests


def make_app(seed: int = 4, players: int = 3, bots: tuple[str, ...] = ("random",),
             pauses: Pauses = NO_PAUSE, **options: Any) -> PlayApp:
    return build_app("by-golly", players, list(bots), seed, options, pauses=pauses)


def text_of(app: PlayApp, selector: str) -> str:
    widget = app.screen.query_one(selector, Static)
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


def state_of(app: PlayApp) -> ByGollyState:
    assert isinstance(app.state, ByGollyState)
    return app.state


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


def faces_shown(app: PlayApp) -> set[str]:
    """The card faces the chicken run shows (in capitals on the field)."""
    shown = text_of(app, "#run")
    return {name for name in FACE_NAMES if name.upper() in shown}


async def play_my_step(pilot: Pilot[None], app: PlayApp) -> None:
    """One decision by keys: the first animal, the first face-down place, draw from
    seat 1, keep, or end the turn."""
    state = state_of(app)
    phase = state.phase
    if phase == "lay":
        await pilot.press("1")
    elif phase in ("turn", "second"):
        await pilot.press(PLACE_KEYS[state.up.index(False)])
    elif phase == "mess":
        await pilot.press(next(str(s) for s in range(1, state.players)
                               if state.hand_sizes[s] or state.stacks[s]))
    elif phase == "shuffle":
        await pilot.press("n")
    else:
        await pilot.press("space")


async def test_the_chicken_run_is_a_field_of_face_down_cards_with_the_counts() -> None:
    app = make_app(pauses=BOTS_WAIT)
    async with app.run_test(size=(120, 45)) as pilot:
        await until(pilot, lambda: app.my_turn)
        run = text_of(app, "#run")
        for key in PLACE_KEYS:
            assert key in run
        assert faces_shown(app) == set()  # all face down
        seats = text_of(app, "#seats")
        view = app.state.view(None)
        for seat in range(3):
            row = next(line for line in seats.splitlines() if app.seat_names[seat] in line)
            assert row.split()[-3:] == [str(view["hands"][seat]), str(view["stacks"][seat]),
                                        str(view["hands"][seat] + view["stacks"][seat])]
        hand = text_of(app, "#hand")
        for animal in app.state.view(HUMAN)["hand"]:
            assert animal.upper() in hand.upper()
        assert "Your turn" in text_of(app, "#status")


async def test_lay_and_turn_over_by_keys_the_card_shows_only_for_the_turn() -> None:
    app = make_app(pauses=BOTS_WAIT)
    async with app.run_test(size=(120, 45)) as pilot:
        await until(pilot, lambda: app.my_turn)
        state = state_of(app)
        first = hand_kinds(state.view(HUMAN))[0]
        await pilot.press("1")
        assert state.history[-1].value == f"lay {first}"
        assert first.upper() in text_of(app, "#laid")
        await pilot.press("a")
        assert state.history[-1].value == "turn 0"
        await pilot.pause()
        assert FACE_NAMES[state.run[0]] in faces_shown(app)  # face up on the field
        assert "face up this turn" in text_of(app, "#run")
        mine: set[str] = set()
        while state.current == HUMAN and not state.is_over:
            mine |= {FACE_NAMES[state.run[p]] for p in state.turned}
            await play_my_step(pilot, app)  # (it keeps the cards after a mess)
            await pilot.pause()
        # The turn is over: every card went back face down (no view shows them) ...
        assert state.current == 1 and not any(state.view(HUMAN)["run"])
        assert "Seat 1" in text_of(app, "#status")
        # ... and the field keeps them in sight, marked, until seat 1 lays a card.
        assert faces_shown(app) == mine
        assert "you turned these face down" in text_of(app, "#run")


async def test_keys_that_mean_nothing_now_say_what_to_do_and_change_nothing() -> None:
    app = make_app(pauses=BOTS_WAIT)
    async with app.run_test(size=(120, 45)) as pilot:
        await until(pilot, lambda: app.my_turn)
        digest, steps = app.state.digest(), len(app.state.history)
        await pilot.press("a")  # a place, but first a card must be laid
        assert "lay an animal card" in text_of(app, "#message")
        await pilot.press(HAND_KEYS[-1])  # no fifteenth animal in a fresh hand
        await pilot.press("space")
        assert app.state.digest() == digest and len(app.state.history) == steps
        await pilot.press("1")
        await pilot.press("a")
        if state_of(app).phase in ("turn", "second"):
            await pilot.press("a")  # already face up: the engine says so
            # The place by its letter, as the screen shows it (it said "place 0").
            assert "the card at a is already face up" in text_of(app, "#message")
        while state_of(app).current == HUMAN:
            await play_my_step(pilot, app)
        steps = len(app.state.history)
        await pilot.press("1")  # the bots' turn now
        assert "Wait: it is Seat 1" in text_of(app, "#message")
        assert len(app.state.history) == steps


async def test_a_whole_game_by_keys_ends_with_the_results() -> None:
    app = make_app(seed=2, players=2, bots=("perfect",), max_turns=24)
    async with app.run_test(size=(120, 45)) as pilot:
        stop = time.monotonic() + 60
        mine = 0
        while not app.state.is_over:
            assert time.monotonic() < stop, "the game did not finish"
            if app.my_turn:
                state = state_of(app)
                if state.current == HUMAN and state.turned:
                    # Under way, my turn shows the cards I turned over, and only those.
                    assert faces_shown(app) == {FACE_NAMES[state.run[p]] for p in state.turned}
                await play_my_step(pilot, app)
                mine += 1
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        assert mine > 0
        outcome = app.state.outcome()
        assert outcome is not None
        assert app.screen.query_one("#results", Static).display
        results = text_of(app, "#results")
        names = ", ".join(app.seat_names[s] for s in outcome.winners)
        assert f"Winner: {names}" in results and "q to quit" in results
        for seat in range(2):
            row = next(line for line in results.splitlines() if app.seat_names[seat] in line)
            assert ("★" in row) == (seat in outcome.winners)
        # The log tells where each card was turned over, by the letter on the card.
        turned = [e for e in app.state.events if isinstance(e, TurnedOver)]
        assert turned and all(f" at {PLACE_KEYS[e.place]}" in e.text() for e in turned)
        assert len(app.state.view(HUMAN)["run"]) == PLACES
        await pilot.press("q")


async def test_what_a_bot_turns_over_stays_in_sight_until_my_turn_starts() -> None:
    app = make_app(seed=5, players=2, bots=("random",),
                   pauses=Pauses(turn_s=0.15, after_window_s=0.0))
    async with app.run_test(size=(120, 45)) as pilot:
        state = state_of(app)
        seen_up = seen_after = gone_after = False
        stop = time.monotonic() + 30
        while not (seen_up and gone_after) and not state.is_over:
            assert time.monotonic() < stop, "no bot turned a card over in time"
            if state.current != HUMAN and state.turned:
                await pilot.pause()
                if state.current != HUMAN and state.turned:
                    # During its turn: face up on the field.
                    assert faces_shown(app) == {FACE_NAMES[state.run[p]] for p in state.turned}
                    if not seen_up:
                        its_turn = len(state.events)
                    seen_up = True
                    bot_turned = {FACE_NAMES[state.run[p]] for p in state.turned}
            elif seen_up and app.my_turn and state.phase == "lay" and not state.turned \
                    and not seen_after:
                # Its turn is over and mine has not started: its cards, face down again,
                # still show what they are, marked as turned back.
                await pilot.pause()
                assert "seat 1 turned these face down" in text_of(app, "#run")
                if any(isinstance(e, Shuffled) for e in state.events[its_turn:]):
                    # Shuffled after the mess: which card lies where, nobody knows.
                    assert faces_shown(app) == set() and "? ? ?" in text_of(app, "#run")
                else:
                    assert faces_shown(app) == bot_turned
                seen_after = True
                await pilot.press("1")  # my turn starts: they are gone
                await pilot.pause()
                assert faces_shown(app) == set()
                gone_after = True
            elif app.my_turn:
                await play_my_step(pilot, app)
            await pilot.pause(0.01)
        assert seen_up and seen_after and gone_after


def test_the_screen_has_words_for_every_phase_in_which_the_player_on_turn_decides() -> None:
    from gamenight.games.by_golly.screen import KEY_WORDS, WHAT_NOW
    from gamenight.games.by_golly.views import TURN_PHASES

    assert set(KEY_WORDS) == set(WHAT_NOW) == TURN_PHASES
