"""The Superfly table in the terminal, driven as a person drives it (Pilot)."""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from gamenight.bots.base import Bot, Clock, Wait, make_bot
from gamenight.engine import PASS
from gamenight.engine.seeding import derive_seed
from gamenight.games.superfly.cards import NAMES
from gamenight.games.superfly.rules import GAME, SuperflyState
from gamenight.games.superfly.screen import FACES, KEY_LABELS
from gamenight.tui.app import HUMAN, Pauses, PlayApp, build_app
from tests.games.superfly.sf_table import fly, table

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)


def make_app(players: int = 4, seed: int = 3, bots: tuple[str, ...] = ("collector",),
             clock: Callable[[], float] = time.monotonic, **options: Any) -> PlayApp:
    return build_app("superfly", players, list(bots), seed, options, pauses=NO_PAUSE,
                     clock=clock)


def app_for(state: SuperflyState, bots: str = "random") -> PlayApp:
    """The table for a game set up by hand (seat 0 is the person)."""
    seats = [None] + [make_bot(GAME, bots, s, derive_seed(1, s)) for s in
                      range(1, state.players)]
    names = ["You (seat 0)"] + [f"Seat {s} ({bots})" for s in range(1, state.players)]
    return PlayApp(GAME, state, seats, names, pauses=NO_PAUSE)


def text_of(app: PlayApp, selector: str, *, styles: bool = False) -> str:
    """What a Static shows, as the terminal would print it."""
    widget = app.screen.query_one(selector, Static)
    console = Console(width=200, file=io.StringIO(), record=True, color_system="truecolor")
    console.print(widget.content)
    return console.export_text(styles=styles)


def screen_text(app: PlayApp) -> str:
    return "\n".join(text_of(app, s) for s in ("#status", "#seats", "#last", "#centre",
                                                  "#hand", "#message"))


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``ready()`` holds."""
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


class FakeClock:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_the_table_shows_the_centre_in_colour_my_hand_and_no_other_hand() -> None:
    app = make_app(deadline_ms=60_000)
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        state = app.state
        assert isinstance(state, SuperflyState)
        centre = text_of(app, "#centre")
        styled = text_of(app, "#centre", styles=True)
        for card, key in zip(state.centre, KEY_LABELS, strict=False):
            colour, number = NAMES[card].split()
            assert colour in centre and number in centre and key in centre
            bg = FACES[colour][0]
            rgb = ";".join(str(int(bg[i:i + 2], 16)) for i in (1, 3, 5))
            assert f"48;2;{rgb}" in styled  # painted in the fly's colour
        mine = NAMES[state.hands[HUMAN][0]].split()[0]
        assert mine in text_of(app, "#hand") and "Your hand (1 of 5)" in text_of(app, "#hand")
        shown = screen_text(app)
        for seat in range(1, 4):
            for card in state.hands[seat]:
                assert NAMES[card] not in shown  # he may look at his hand, others may not
        seats = text_of(app, "#seats")
        for seat in range(4):
            assert app.seat_names[seat] in seats
        assert "SWAT!" in text_of(app, "#status")


async def test_open_hands_shows_every_hand() -> None:
    app = make_app(deadline_ms=60_000, open_hands=True)
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        state = app.state
        assert isinstance(state, SuperflyState)
        rows = text_of(app, "#seats").splitlines()
        for seat in range(4):
            row = next(line for line in rows if app.seat_names[seat] in line)
            colour, number = NAMES[state.hands[seat][0]].split()
            assert f"{colour[0].upper()}{number}" in row.split()  # "R3": red 3


async def test_the_deadline_counts_down_on_screen() -> None:
    clock = FakeClock()
    app = make_app(deadline_ms=60_000, clock=clock)
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        assert "60.0 s left" in text_of(app, "#status")
        assert "█" * 30 in text_of(app, "#countdown")
        clock.now += 15.0
        await pilot.pause(0.25)  # the screen ticks every 0.1 s
        assert "45.0 s left" in text_of(app, "#status")
        bar = text_of(app, "#countdown")
        assert "45.0 s" in bar and bar.count("█") == 22 and bar.count("░") == 8


async def test_a_key_swats_the_numbered_fly_at_the_measured_time() -> None:
    app = make_app(deadline_ms=60_000)
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        state = app.state
        assert isinstance(state, SuperflyState)
        target = state.centre[1]
        opened = app.window_ms()
        start = app.window_start
        await pilot.press("2")
        after = app.window_ms()
        mine = [s for s in state.history[start:] if s.seat == HUMAN]
        assert [s.value for s in mine] == [f"swat {NAMES[target]}"]
        at_ms = mine[0].at_ms
        assert opened is not None and at_ms is not None
        assert opened <= at_ms and (after is None or at_ms <= after)


async def test_p_passes_and_the_last_turn_is_shown_with_the_dice() -> None:
    app = make_app(deadline_ms=60_000)
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        start = app.window_start
        state = app.state
        assert isinstance(state, SuperflyState)
        await pilot.press("p")
        assert [s.value for s in state.history[start:] if s.seat == HUMAN] == ["pass"]
        await until(pilot, lambda: state.last_turn is not None and app.deciding)
        last = text_of(app, "#last")
        assert state.last_turn is not None
        assert "Passed: you." in last
        for fly_result, die in ((f, state.last_turn["dice"]) for f in state.last_turn["flies"]):
            assert NAMES[fly_result["card"]] in last
            for seat in fly_result["claimants"]:
                assert f"Seat {seat} rolled {die[seat]}" in last


async def test_missing_the_deadline_is_a_pass() -> None:
    app = make_app(deadline_ms=300, bots=("random",))
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        start = app.window_start
        await until(pilot, lambda: app.window_start != start or not app.deciding)
        mine = [(s.value, s.at_ms) for s in app.state.history[start:] if s.seat == HUMAN]
        assert mine[0] == ("pass", 300.0)


class Passer(Bot):
    """Keeps its swatter back, after ``delay_ms`` of thought."""

    name = "passer"

    def __init__(self, seat: int, delay_ms: float = 300.0) -> None:
        super().__init__(seat)
        self.delay_ms = delay_ms

    def act(self, view: dict[str, Any], legal: Sequence[Any], clock: Clock) -> Any:
        return Wait(self.delay_ms) if clock.now_ms < self.delay_ms else PASS


async def test_wrong_keys_show_why_and_change_nothing() -> None:
    state = GAME.new(3, seed=2, deadline_ms=60_000)
    # The others think for 30 s, so the decision stays open while the keys are tried.
    app = PlayApp(GAME, state, [None, Passer(1, 30_000.0), Passer(2, 30_000.0)],
                  ["You", "Seat 1", "Seat 2"], pauses=NO_PAUSE)
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        digest = app.state.digest()
        await pilot.press("3")  # three players: two flies
        assert "No fly has the key 3" in text_of(app, "#message")
        assert app.state.digest() == digest
        await pilot.press("1")
        await pilot.press("2")  # one swatter: chosen already
        assert "You have already chosen this turn." in text_of(app, "#message")


async def test_with_5_cards_you_sit_out_the_final_turn() -> None:
    hands = [[fly("red", n) for n in (1, 2, 3, 4)], [fly("blue", 2)], [fly("green", 4)]]
    state = table(3, hands, [fly("red", 5), fly("orange", 3)], deadline_ms=60_000)
    clock = FakeClock()  # time stands still until the test moves it
    app = PlayApp(GAME, state, [None, Passer(1), Passer(2)], ["You", "Seat 1", "Seat 2"],
                  pauses=NO_PAUSE, clock=clock)
    async with app.run_test(size=(130, 50)) as pilot:
        await until(pilot, lambda: app.deciding)
        await pilot.press("1")
        clock.now += 1.0  # the others pass at 300 ms
        await until(pilot, lambda: state.final and state.phase == "swat"
                    and app.window_ms() is not None)
        assert state.hands[HUMAN][-1] == fly("red", 5)  # seed 0's first die is a 6
        assert "you hold 5 cards and sit out" in text_of(app, "#status")
        assert "sits out" in text_of(app, "#seats")
        assert "You hold 5 cards: one final turn for the others." in text_of(app, "#last")
        await pilot.press("1")
        assert "You hold 5 cards: you sit out" in text_of(app, "#message")
        clock.now += 1.0
        await until(pilot, lambda: state.round == 2)
        assert "Round 1 is over" in text_of(app, "#last")
        mine = next(line for line in text_of(app, "#seats").splitlines() if "You" in line)
        assert "R1 R2 R3 R4 R5 = set of 5" in mine


async def test_a_whole_game_by_keys_ends_with_the_results() -> None:
    app = make_app(players=3, seed=5, bots=("random",), deadline_ms=80)
    async with app.run_test(size=(130, 50)) as pilot:
        presses = 0
        stop = time.monotonic() + 60
        while not app.state.is_over:
            assert time.monotonic() < stop, "the game did not finish"
            if app.deciding:
                await pilot.press("1" if presses % 3 else "p")
                presses += 1
            await pilot.pause(0.005)
        await pilot.pause(0.05)
        assert presses > 0
        outcome = app.state.outcome()
        assert outcome is not None and not outcome.truncated
        results = text_of(app, "#results")
        assert app.screen.query_one("#results", Static).display
        for seat in range(3):
            row = next(line for line in results.splitlines() if app.seat_names[seat] in line)
            assert f"{outcome.scores[seat]:g}" in row.split()
            assert ("★" in row) == (seat in outcome.winners)
        assert any(line.startswith("The game is over") for line in app.state.narration(0))
        # The final turn and the hands shown at the round's end stay on the table.
        assert "is over: " in text_of(app, "#last") and "Fly Catcher token" in text_of(app, "#last")
        await pilot.press("q")
