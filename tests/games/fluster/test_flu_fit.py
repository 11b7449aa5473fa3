"""The Fluster pad fits the terminal: both blocks whole, every player named, at 80x24 and
at 140x45; the status counts the calls right; the totals under a block stay on one line;
the narration speaks of "you"."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rich.console import Console

from gamenight.games.fluster.actions import CALLS, WRITES
from gamenight.games.fluster.board import LEFT, RIGHT
from gamenight.games.fluster.screen import block_table, number_ranges
from gamenight.tui.app import HUMAN, Pauses, PlayApp
from tests.games.fluster.test_flu_tui import make_app, text_of, until
from tests.tui.on_screen import SIZES, assert_apart, assert_results_shown, screen_text, seen_in

IDS = [f"{w}x{h}" for w, h in SIZES]
BOX = "│┌┐└┘├┤┬┴┼─"


def numbers_seen(app: PlayApp) -> Counter[str]:
    """The square numbers on screen in the pad (the circles' totals are in brackets)."""
    # Less the totals under the blocks ("A Down 0  B Across 0").
    shown = "\n".join(line for line in seen_in(app, "#pad").splitlines() if "Down" not in line)
    for char in BOX:
        shown = shown.replace(char, " ")
    return Counter(word for word in shown.split() if word.isdigit())


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_both_blocks_and_every_player_are_on_screen(size: tuple[int, int]) -> None:
    app = make_app(players=8, bots=("wordsmith",))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        assert_apart(app, "#status", "#pad", "#totals", "#call", "#seats", "#log",
                     "#message", "#help")
        # Each number 1-25 once in each block.
        assert numbers_seen(app) == Counter({str(n): 2 for n in range(1, 26)})
        pad = seen_in(app, "#pad")
        assert "A Down 0  B Across 0" in pad and "C Down 0  D Across 0" in pad
        players = " ".join(seen_in(app, "#seats").split())
        for name in app.seat_names:
            assert name in players
        assert "▶ You (seat 0)" in players  # I call first
        assert "numbers still callable: 1-25" in seen_in(app, "#call")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_results_are_on_screen_at_the_end(size: tuple[int, int]) -> None:
    app = make_app(players=8, bots=("random",))
    state, rng = app.state, random.Random(3)
    # All but the last call are played straight on the state; my key makes the last.
    while state.turns < 49 or state.phase != "call" or state.acting().seats != (HUMAN,):
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
            continue
        if state.turns >= 49 and acting.kind == "turn" and acting.seats != (HUMAN,):
            break
        seat = rng.choice(acting.seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.state.is_over or app.my_turn or app.deciding)
        while not app.state.is_over:
            if app.my_turn:
                called = app.state.view(HUMAN)["called"]
                number = next(n for n in range(1, 26) if called[n - 1] < 2)
                await pilot.press("e", *str(number), "enter")
            elif app.deciding:
                await pilot.press("left")
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        assert_results_shown(app)


def test_the_totals_under_a_block_stay_on_one_line_with_both_bonuses() -> None:
    totals = {"A": 25, "B": 25, "C": 0, "D": 0, "bonuses": 20, "grand_total": 70}
    block = {"numbers": list(range(1, 26)), "squares": ["A"] * 25,
             "across": [5] * 5, "down": [5] * 5}
    for roomy in (True, False):
        table = block_table(LEFT, block, totals, None, roomy=roomy)  # type: ignore[arg-type]
        console = Console(width=80, record=True, file=None)
        with console.capture() as out:
            console.print(table)
        lines = out.get().splitlines()
        assert max(len(line.rstrip()) for line in lines) <= 31
        assert any("A Down 25 +10  B Across 25 +10" in line for line in lines), lines


def test_callable_numbers_read_as_ranges() -> None:
    assert number_ranges(list(range(1, 26))) == "1-25"
    assert number_ranges([1, 2, 3, 5, 7, 8, 10, 11, 12]) == "1-3 5 7 8 10-12"


async def test_while_everyone_writes_the_first_call_the_status_says_call_1() -> None:
    app = make_app(pauses=Pauses(turn_s=30.0, after_window_s=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        assert "call 1 of 50" in text_of(app, "#status")
        await pilot.press("c", "2", "1", "enter")
        await until(pilot, lambda: app.deciding)
        status = text_of(app, "#status")
        assert "call 1 of 50" in status and "Write C 21" in status


async def test_when_my_call_is_next_the_status_says_so_in_good_english() -> None:
    app = make_app(pauses=Pauses(turn_s=0.0, after_window_s=30.0))
    state = app.state
    state.draw_chance()
    state.apply(0, CALLS[("C", 21)])
    state.apply(0, WRITES[LEFT])
    state.apply(1, WRITES[RIGHT])
    state.apply(1, CALLS[("A", 3)])  # seat 1's call: everyone writes, then my call
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.deciding)
        await pilot.press("left")
        await until(pilot, lambda: state.acting().seats == (HUMAN,))
        await pilot.pause(0.05)
        status = text_of(app, "#status")
        assert "call 3 of 50" in status and "your call is next" in status
        assert "is calling" not in status


async def test_a_player_alone_reads_that_you_get_a_pad() -> None:
    app = make_app(players=1, bots=())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("c", "2", "1", "enter")
        await until(pilot, lambda: app.deciding)
        await pilot.pause(0.05)
        log = " ".join(seen_in(app, "#log").replace("│", " ").split())
        assert "You get a pad of two blocks" in log and "You call C for square 21." in log
        assert "players" not in log and "Seat 0" not in log


async def test_a_terminal_below_80x24_says_so() -> None:
    app = make_app()
    async with app.run_test(size=(70, 30)) as pilot:
        await until(pilot, lambda: app.my_turn)
        shown = " ".join(screen_text(app).split())
        assert "make the terminal at least 80x24" in shown and "Left block" not in shown
