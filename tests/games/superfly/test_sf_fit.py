"""The Superfly table fits the terminal: every fly, every card of the hand and every seat
on screen at 80x24 and at 140x45; the keys shown are the keys that work; the texts speak
of "you" as English does."""

from __future__ import annotations

import pytest

from gamenight.games.superfly.cards import NAMES
from gamenight.games.superfly.rules import GAME, SuperflyState
from gamenight.tui.app import HUMAN, PlayApp
from tests.games.superfly.sf_table import fly, table
from tests.games.superfly.test_sf_tui import (
    NO_PAUSE,
    FakeClock,
    Passer,
    make_app,
    text_of,
    until,
)
from tests.tui.on_screen import SIZES, assert_apart, screen_text, seen_in

IDS = [f"{w}x{h}" for w, h in SIZES]


def chip_of(card: int) -> str:
    colour, number = NAMES[card].split()
    return f"{colour[0].upper()}{number}"


def full_table(players: int = 5) -> SuperflyState:
    """Five at the table, my hand one short of full, every other hand of three."""
    others = [[fly(colour, n) for n in (1, 2, 3)]
              for colour in ("blue", "green", "purple", "orange")]
    hands = [[fly("red", n) for n in (1, 2, 3, 4)], *others[:players - 1]]
    centre = [fly("yellow", n) for n in range(1, players)]
    return table(players, hands, centre, deadline_ms=60_000)


def passers_app(state: SuperflyState, clock: FakeClock | None = None) -> PlayApp:
    seats = [None] + [Passer(s) for s in range(1, state.players)]
    names = ["You (seat 0)"] + [f"Seat {s} (passer)" for s in range(1, state.players)]
    return PlayApp(GAME, state, seats, names, pauses=NO_PAUSE,
                   clock=clock or FakeClock())


def assert_cards_on_screen(app: PlayApp, selector: str, cards: list[int]) -> None:
    """Each card's number, kind and colour, in the widget's place on screen, in order."""
    shown = seen_in(app, selector)
    words = shown.split()
    for card in cards:
        assert NAMES[card].split()[0] in words, (NAMES[card], shown)
    # The faces read left to right, top to bottom, as the cards lie.
    colours = [w for w in words if w in {"red", "orange", "yellow", "green", "blue",
                                         "purple"}]
    assert colours == [NAMES[c].split()[0] for c in cards], shown


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_every_fly_every_card_of_my_hand_and_every_seat_is_on_screen(
        size: tuple[int, int]) -> None:
    state = full_table()
    app = passers_app(state)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.deciding)
        await pilot.pause(0.05)
        assert_apart(app, "#status", "#countdown", "#seats", "#last", "#centre", "#hand",
                     "#message", "#help")
        assert_cards_on_screen(app, "#centre", list(state.centre))
        assert_cards_on_screen(app, "#hand", list(state.hands[HUMAN]))
        centre = seen_in(app, "#centre")
        for key in "1234":
            assert key in centre
        seats = seen_in(app, "#seats")
        for name in app.seat_names:
            assert name in seats
        assert "1-4 swat that fly" in seen_in(app, "#help")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_end_of_a_round_shows_every_hand_and_the_winner(
        size: tuple[int, int]) -> None:
    state = full_table()
    clock = FakeClock()
    app = passers_app(state, clock)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.deciding)
        await pilot.press("1")  # yellow 1; seed 0's first die is a 6: I take it
        clock.now += 1.0  # the others pass at 300 ms
        await until(pilot, lambda: state.final and app.window_ms() is not None)
        clock.now += 1.0  # the final turn: I sit out, the others pass
        await until(pilot, lambda: state.round == 2 and app.window_ms() is not None)
        await pilot.pause(0.05)
        last = " ".join(seen_in(app, "#last").split())
        assert "Round 1 is over: You win a Fly Catcher token" in last
        rows = seen_in(app, "#seats").splitlines()
        shown = state.last_round
        assert shown is not None
        for seat, name in enumerate(app.seat_names):
            row = next(line for line in rows if name in line)
            for card in shown["hands"][seat]:
                assert chip_of(card) in row.split(), (seat, row)
            assert f"set of {shown['sizes'][seat]}" in row
            assert ("★" in row) == (seat in shown["winners"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_open_hands_show_every_card_of_every_hand(size: tuple[int, int]) -> None:
    app = make_app(players=5, deadline_ms=60_000, open_hands=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.deciding)
        await pilot.pause(0.05)
        state = app.state
        assert isinstance(state, SuperflyState)
        rows = seen_in(app, "#seats").splitlines()
        for seat, name in enumerate(app.seat_names):
            row = next(line for line in rows if name in line)
            for card in state.hands[seat]:
                assert chip_of(card) in row.split()


@pytest.mark.parametrize(("players", "keys"), [(3, "1-2"), (4, "1-3"), (5, "1-4")])
async def test_the_keys_shown_are_the_flies_on_the_table(players: int, keys: str) -> None:
    app = make_app(players=players, deadline_ms=60_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.deciding)
        hint = text_of(app, "#help")
        assert f"{keys} swat that fly" in hint and "p pass" in hint
        state = app.state
        assert isinstance(state, SuperflyState)
        legal = state.legal_actions(HUMAN)
        await pilot.press(str(players))  # one key past the last fly
        assert f"No fly has the key {players}" in text_of(app, "#message")
        # The person has still not chosen (the bots may have, at their own moments).
        assert HUMAN not in state.choices and state.legal_actions(HUMAN) == legal


async def test_once_chosen_or_sitting_out_no_swat_key_is_shown() -> None:
    hands = [[fly("red", n) for n in (1, 2, 3, 4)], [fly("blue", 2)], [fly("green", 4)]]
    state = table(3, hands, [fly("red", 5), fly("orange", 3)], deadline_ms=60_000)
    clock = FakeClock()
    app = PlayApp(GAME, state, [None, Passer(1), Passer(2)], ["You", "Seat 1", "Seat 2"],
                  pauses=NO_PAUSE, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.deciding)
        assert "1-2 swat that fly" in text_of(app, "#help")
        await pilot.press("1")
        assert "swat" not in text_of(app, "#help") and "pass" not in text_of(app, "#help")
        clock.now += 1.0
        await until(pilot, lambda: state.final and app.window_ms() is not None)
        # Five cards: I sit out the final turn, and no key is offered.
        assert "sit out" in text_of(app, "#status")
        assert "swat" not in text_of(app, "#help") and "quit" in text_of(app, "#help")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_last_turn_and_the_narration_say_you_take_it(size: tuple[int, int]) -> None:
    state = full_table(players=3)
    clock = FakeClock()
    app = passers_app(state, clock)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.deciding)
        await pilot.press("1")
        clock.now += 1.0
        await until(pilot, lambda: state.last_turn is not None)
        await pilot.pause(0.05)
        last = " ".join(seen_in(app, "#last").split())
        assert "You rolled 6 → You take it" in last
        assert "takes it" not in last and "Passed: Seat 1 and Seat 2." in last
        if size == (140, 45):  # the narration has room beside the table
            log = " ".join(seen_in(app, "#log").replace("│", " ").split())
            assert "You swat yellow 1: the die shows 6. You take yellow 1." in log
            assert "Seats 1 and 2 pass." in log and "Seat 0" not in log
        # What a record tells stays the same for everyone.
        assert "Seat 0 takes yellow 1." in state.narration()


async def test_a_terminal_below_80x24_says_so() -> None:
    app = make_app(deadline_ms=60_000)
    async with app.run_test(size=(80, 20)) as pilot:
        await until(pilot, lambda: app.deciding)
        shown = " ".join(screen_text(app).split())
        assert "make the terminal at least 80x24" in shown and "Centre" not in shown


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_results_and_every_seat_are_on_screen_at_the_end(
        size: tuple[int, int]) -> None:
    app = make_app(players=5, seed=5, bots=("random",), deadline_ms=80)
    async with app.run_test(size=size) as pilot:
        while not app.state.is_over:
            if app.deciding:
                await pilot.press("1")
            await pilot.pause(0.005)
        await pilot.pause(0.05)
        results = seen_in(app, "#results")
        seats = seen_in(app, "#seats")
        for name in app.seat_names:
            assert name in results and name in seats
        assert "Winner" in results or "Shared win" in results
