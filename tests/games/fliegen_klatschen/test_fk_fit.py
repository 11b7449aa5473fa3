"""The Fliegen klatschen table fits the terminal: every seat and every fly of a crowded
centre on screen, each with its key, at 80x24 and at 140x45; the seats stay put when a
hunt opens; the keys shown are the keys that work; the narration speaks of "you"."""

from __future__ import annotations

import re

import pytest

from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, COLOURS
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from gamenight.games.fliegen_klatschen.screen import KEY_LABELS
from gamenight.tui.app import HUMAN, Pauses, PlayApp
from tests.games.fliegen_klatschen.fk_table import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    filler,
    flies,
    swatter,
    table,
)
from tests.games.fliegen_klatschen.test_fk_tui import make_app, text_of, until
from tests.tui.bots import Still
from tests.tui.on_screen import SIZES, assert_apart, assert_results_shown, screen_text, seen_in

IDS = [f"{w}x{h}" for w, h in SIZES]


def crowded(players: int, centre_size: int) -> FliegenKlatschenState:
    """My turn, a swatter on top of my pile, and ``centre_size`` flies of four colours in
    the centre."""
    centre = (flies(RED, 6) + flies(YELLOW, 6) + flies(GREEN, 6) + flies(BLUE, 6))[:centre_size]
    rest = filler(centre, 2 * players)
    piles = [[rest[2 * s], rest[2 * s + 1]] for s in range(players)]
    piles[HUMAN].append(swatter())
    return table(players, piles, centre, deadline_ms=60_000)


def stubborn_app(state: FliegenKlatschenState) -> PlayApp:
    """The bots never slap: the hunt stays open while the test looks."""
    names = ["You (seat 0)"] + [f"Seat {s} (sharp:relaxed)" for s in range(1, state.players)]
    return PlayApp(GAME, state, [None] + [Still(s) for s in range(1, state.players)],
                   names, pauses=Pauses(turn_s=0.0, after_window_s=0.0))


def assert_every_fly_on_screen(app: PlayApp, centre: list[int]) -> None:
    """Each fly's key in the centre's place on screen, and as many of each colour as lie
    there (its name on a card, or its initial after the value on a one-line card)."""
    shown = seen_in(app, "#centre")
    for key in KEY_LABELS[:len(centre)]:
        assert re.search(rf"(?<![\w:]){re.escape(key)}(?=[ :])", shown), (key, shown)
    for colour in range(4):
        expected = sum(1 for c in centre if COLOUR_OF[c] == colour)
        name = COLOURS[colour]
        seen = len(re.findall(rf"\b{name}\b", shown)) or len(
            re.findall(rf":\d{name[0].upper()}", shown))
        assert seen == expected, (name, shown)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize(("players", "centre_size"), [(8, 20), (3, 10)])
async def test_every_seat_and_every_fly_of_the_centre_is_on_screen(
        size: tuple[int, int], players: int, centre_size: int) -> None:
    state = crowded(players, centre_size)
    centre = list(state.centre)
    app = stubborn_app(state)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("space")
        await until(pilot, lambda: app.window_ms() is not None)
        await pilot.pause(0.05)
        assert_apart(app, "#status", "#seats", "#reveal", "#centre", "#message", "#log",
                     "#help")
        assert_every_fly_on_screen(app, centre)
        seats = seen_in(app, "#seats")
        for name in app.seat_names:
            assert name in seats
        last_key = KEY_LABELS[centre_size - 1]
        assert f"1-{last_key} slap that fly" in seen_in(app, "#help")
        await pilot.press("2")  # a hand on the second fly: its mark is on screen too
        # (drawn on the app's next refresh, later on a busy machine)
        await until(pilot, lambda: "✋Y" in seen_in(app, "#centre"))


async def test_the_seats_stay_put_when_a_hunt_opens() -> None:
    app = stubborn_app(crowded(4, 6))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        before = seen_in(app, "#seats").splitlines()
        await pilot.press("space")
        await until(pilot, lambda: app.window_ms() is not None)
        await pilot.pause(0.05)
        during = seen_in(app, "#seats").splitlines()
        assert "▶" in before[1] and "▶" not in during[1]  # the turn's mark goes
        for name in app.seat_names:
            row = next(i for i, line in enumerate(before) if name in line)
            assert during[row].index(name) == before[row].index(name), name
            # Pile and flies won stay in their columns too.
            assert during[row][during[row].index(name):] == before[row][before[row].index(name):] \
                or name == "You (seat 0)"


async def test_the_keys_shown_are_the_keys_that_work_now() -> None:
    app = stubborn_app(crowded(5, 3))  # five players: one hand each
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)  # the table starts at my turn: let it be drawn
        keys = text_of(app, "#help")
        assert "space/enter reveal" in keys and "slap" not in keys and "pass" not in keys
        await pilot.press("space")
        await until(pilot, lambda: app.window_ms() is not None)
        keys = text_of(app, "#help")
        assert "1-3 slap that fly" in keys and "p pass" in keys and "reveal" not in keys
        await pilot.press("1")  # my one hand is down: nothing more to do in this hunt
        keys = text_of(app, "#help")
        assert "slap" not in keys and "pass" not in keys and "quit" in keys
        await pilot.press("2")  # said in my words, not the rules' "seat 0 has ..."
        assert "You have no hand left to slap with" in text_of(app, "#message")


async def test_the_narration_calls_the_person_you() -> None:
    app = stubborn_app(crowded(3, 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("space")
        await until(pilot, lambda: app.window_ms() is not None)
        await pilot.press("1")
        await pilot.pause(0.05)
        log = " ".join(seen_in(app, "#log").replace("│", " ").split())
        assert "You reveal a swatter: hunt!" in log and "You slap red" in log
        assert "Seat 0" not in log
        assert "Seat 0 reveals a swatter: hunt!" in app.state.narration()  # the record's


async def test_a_terminal_below_80x24_says_so() -> None:
    app = make_app(pauses=Pauses(turn_s=30.0, after_window_s=0.0))
    async with app.run_test(size=(60, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        shown = " ".join(screen_text(app).split())
        assert "make the terminal at least 80x24" in shown and "Pile" not in shown


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_results_and_every_seat_are_on_screen_at_the_end(
        size: tuple[int, int]) -> None:
    app = make_app(seed=3, bots=("sharp:expert",), remove=96, deadline_ms=300)
    async with app.run_test(size=size) as pilot:
        while not app.state.is_over:
            if app.my_turn:
                await pilot.press("space")
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        assert_results_shown(app)


async def test_eight_seats_and_their_results_fit_80x24_at_the_end() -> None:
    from gamenight.tui.app import build_app

    app = build_app("fliegen-klatschen", 8, ["sharp:expert"], 3,
                    {"remove": 96, "deadline_ms": 300},
                    pauses=Pauses(turn_s=0.0, after_window_s=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        while not app.state.is_over:
            if app.my_turn:
                await pilot.press("space")
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        results = " ".join(seen_in(app, "#results").replace("║", " ").split())
        for name in app.seat_names:
            assert name in results
