"""The Fluster pad in the terminal, driven as a person drives it (Pilot)."""

from __future__ import annotations

import io
import random
import time
from collections.abc import Callable

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from gamenight.games.fluster.board import BLANK, EMPTY
from gamenight.tui.app import HUMAN, Pauses, PlayApp, build_app

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)


def make_app(players: int = 2, seed: int = 4, bots: tuple[str, ...] = ("wordsmith",),
             pauses: Pauses = NO_PAUSE) -> PlayApp:
    return build_app("fluster", players, list(bots), seed, {}, pauses=pauses)


def text_of(app: PlayApp, selector: str) -> str:
    widget = app.screen.query_one(selector, Static)
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


def my_square(app: PlayApp, side: int, number: int) -> str:
    state = app.state
    return state.blocks[HUMAN][side][state.square_of[HUMAN][side][number]]  # type: ignore[attr-defined, no-any-return]


async def test_the_pad_shows_both_blocks_numbers_and_running_totals() -> None:
    app = make_app()
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.my_turn)
        pad = text_of(app, "#pad")
        assert "Left block" in pad and "Right block" in pad
        numbers = app.state.view(HUMAN)["pad"]["left"]["numbers"]
        first_row = next(line for line in pad.splitlines() if f"{numbers[0]:>2}" in line)
        for n in numbers[:5]:
            assert f"{n:>2}" in first_row
        assert "A Down 0" in pad and "D Across 0" in pad
        assert "Grand Total 0" in text_of(app, "#totals")
        assert "Your call" in text_of(app, "#status")


async def test_a_call_is_typed_as_letter_and_number_and_written_with_an_arrow() -> None:
    app = make_app(pauses=Pauses(turn_s=30.0, after_window_s=0.0))  # the bot waits to call
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.my_turn)
        for key in ("c", "1", "2"):
            await pilot.press(key)
        assert "C 12" in text_of(app, "#call")
        await pilot.press("backspace", "7")
        assert "C 17" in text_of(app, "#call")
        await pilot.press("enter")
        assert app.state.history[-1].value in ("call C 17", "left", "right")
        await until(pilot, lambda: app.deciding)
        status = text_of(app, "#status")
        assert "Write C 17" in status and "left" in status
        await pilot.press("right")
        await until(pilot, lambda: app.state.acting().kind == "turn")
        assert my_square(app, 1, 17) == "C" and my_square(app, 0, 17) == EMPTY
        assert "you wrote it in your right block" in text_of(app, "#call")
        steps = [s.value for s in app.state.history if s.seat == HUMAN]
        assert steps == ["call C 17", "right"]


async def test_space_calls_a_blank_and_mistakes_change_nothing() -> None:
    app = make_app(players=1, bots=())
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.my_turn)
        digest = app.state.digest()
        await pilot.press("enter")
        assert "Type a letter" in text_of(app, "#message")
        await pilot.press("space", "enter")
        assert "number of a square" in text_of(app, "#message")
        await pilot.press("left")
        assert "Nothing to write" in text_of(app, "#message")
        assert app.state.digest() == digest
        await pilot.press("q")  # while calling, q is the letter Q, not quit
        assert "Q __" in text_of(app, "#call") and app.is_running
        await pilot.press("space", "3", "enter")
        await until(pilot, lambda: app.deciding)
        await pilot.press("left")
        await until(pilot, lambda: app.my_turn)
        assert my_square(app, 0, 3) == BLANK
        # Calling 3 again writes it in the one square of 3 left, with no choice.
        await pilot.press("e", "3", "enter")
        await until(pilot, lambda: app.my_turn)
        assert my_square(app, 1, 3) == "E"
        assert "the one square left" in text_of(app, "#call")
        await pilot.press("e", "3", "enter")  # a third call of 3: refused
        assert "called twice" in text_of(app, "#message")


async def test_the_last_calls_by_keys_end_the_game_with_every_pad_scored() -> None:
    app = make_app(players=2, bots=("random",))
    # The first 40 calls are played straight on the state (quickly, by the same rules);
    # the person makes the rest by keys.
    state, rng = app.state, random.Random(8)
    while state.turns < 40 or state.phase != "call":
        if state.acting().kind == "chance":
            state.draw_chance()
            continue
        seat = rng.choice(state.acting().seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    async with app.run_test(size=(130, 60)) as pilot:
        stop = time.monotonic() + 60
        number = 0
        while not app.state.is_over:
            assert time.monotonic() < stop, "the game did not finish"
            if app.my_turn:
                called = app.state.view(HUMAN)["called"]
                number = next(n for n in range(1, 26) if called[n - 1] < 2)
                await pilot.press("e", *str(number), "enter")
            elif app.deciding:
                await pilot.press("left" if number % 2 else "right")
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        assert [s.seat for s in app.state.history[-12:]].count(HUMAN) >= 3  # keys played
        outcome = app.state.outcome()
        assert outcome is not None
        results = text_of(app, "#results")
        assert app.screen.query_one("#results", Static).display
        pads = app.state.view(None)["pads"]
        for seat in range(2):
            row = next(line for line in results.splitlines() if app.seat_names[seat] in line)
            totals = pads[seat]["totals"]
            cells = [cell.strip() for cell in row.split("│")[1:-1]]
            # Seat, A, B, C, D, Bonuses, Grand Total, Rank
            assert cells[1:5] == [str(totals[k]) for k in "ABCD"]
            assert cells[6] == str(totals["grand_total"]) == str(int(outcome.scores[seat]))
            assert ("★" in row) == (seat in outcome.winners)
        assert "q to quit" in results
        # The running totals in the circles are the final ones.
        mine = pads[HUMAN]["totals"]
        pad = text_of(app, "#pad")
        assert f"A Down {mine['A']}" in pad and f"D Across {mine['D']}" in pad
        for n in pads[HUMAN]["left"]["across"]:
            assert f"({n})" in pad
        await pilot.press("q")
