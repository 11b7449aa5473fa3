"""The FLY table in the terminal, driven as a person drives it (Textual's Pilot)."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from gamenight.games.fly.cards import FLY_PLACE, SYMBOL_OF, SYMBOLS
from gamenight.games.fly.cards import name as card_name
from gamenight.games.fly.geometry import slot_origin
from gamenight.games.fly.screen import CLOTH, FLY_STYLE, SYMBOL_MARK, FlyScreen, drop_frames
from gamenight.tui.app import Pauses, PlayApp, build_app

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)


def make_app(players: int = 2, seed: int = 4, bots: tuple[str, ...] = ("aimer",),
             **options: Any) -> PlayApp:
    return build_app("fly", players, list(bots), seed, options, pauses=NO_PAUSE)


def text_of(app: PlayApp, selector: str) -> str:
    widget = app.screen.query_one(selector, Static)
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


def screen_of(app: PlayApp) -> FlyScreen:
    screen = app.screen
    assert isinstance(screen, FlyScreen)
    return screen


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


async def aim_at(pilot: Pilot[None], app: PlayApp, x: float, y: float) -> None:
    """Move the ghost swatter with the arrow keys to within 0.03 in of (x, y)."""
    screen = screen_of(app)
    for axis, (less, more) in ((0, ("left", "right")), (1, ("up", "down"))):
        target = (x, y)[axis]
        while abs(screen.ghost[axis] - target) >= 0.125:
            await pilot.press(more if screen.ghost[axis] < target else less)
        while abs(screen.ghost[axis] - target) > 0.03:
            key = more if screen.ghost[axis] < target else less
            await pilot.press(f"shift+{key}")


async def test_the_table_is_drawn_to_scale_with_every_fly_in_its_place() -> None:
    app = make_app()
    async with app.run_test(size=(110, 42)) as pilot:
        await until(pilot, lambda: app.my_turn)
        scale = screen_of(app).scale
        assert (scale.cols_per_inch, scale.rows_per_inch) == (6, 3)  # what 110x42 holds
        lines = text_of(app, "#table").splitlines()
        assert len(lines) == scale.rows == 27
        assert all(len(line.rstrip("\n")) >= scale.cols - 6 for line in lines)
        for slot, card in enumerate(app.state.view(None)["table"]):
            place = FLY_PLACE[card["id"]]
            if place is None:
                continue
            x0, y0 = slot_origin(slot)
            col = int((x0 + place[0]) * scale.cols_per_inch)
            row = int((y0 + place[1]) * scale.rows_per_inch)
            mark = SYMBOL_MARK[SYMBOLS[SYMBOL_OF[card["id"]]]]
            window = "".join(lines[r][col - 1:col + 2] for r in (row - 1, row, row + 1))
            assert mark in window, (slot, card)


async def test_arrows_move_the_ghost_swatter_and_r_turns_it() -> None:
    app = make_app()
    async with app.run_test(size=(110, 42)) as pilot:
        await until(pilot, lambda: app.my_turn)
        screen = screen_of(app)
        assert screen.ghost == [4.5, 4.5, 0.0]
        assert "Aim: (4.50, 4.50) in, 0°" in text_of(app, "#caption")
        ghost_cells = text_of(app, "#table").count("░")
        assert ghost_cells > 0
        await pilot.press("right", "right", "down", "shift+left")
        assert screen.ghost[:2] == [4.95, 4.75]
        await pilot.press("r", "r")
        assert screen.ghost[2] == 30
        await pilot.press("R")
        assert screen.ghost[2] == 15
        assert "Aim: (4.95, 4.75) in, 15°" in text_of(app, "#caption")
        # Nothing was dropped by moving.
        assert len(app.state.history) == 1


async def test_the_ghost_stays_over_the_table() -> None:
    app = make_app()
    async with app.run_test(size=(110, 42)) as pilot:
        await until(pilot, lambda: app.my_turn)
        for _ in range(20):
            await pilot.press("left")
        assert screen_of(app).ghost[0] == 0.0
        assert "over the table" in text_of(app, "#message")


async def test_space_drops_shows_the_landing_and_the_covered_fly_then_each_move() -> None:
    app = make_app(flutter=0.0)  # a perfectly steady hand: it lands where aimed
    async with app.run_test(size=(110, 42)) as pilot:
        await until(pilot, lambda: app.my_turn)
        state = app.state
        # The fly in row 2 nearest the ghost's start, not at the row's end: taking it
        # makes cards slide and one move up.
        card = min((c for c in state.view(None)["table"][9:17] if c["fly"] is not None),
                   key=lambda c: abs(c["fly"][0] - 4.5) + abs(c["fly"][1] - 4.5))
        await aim_at(pilot, app, *card["fly"])
        await pilot.press("space")
        await until(pilot, lambda: app.my_turn or state.is_over)
        assert state.collected[0][:1] == [card["id"]]
        first = state.history[1]
        assert first.seat == 0 and first.value.startswith("drop ")
        shown = screen_of(app).frames_shown
        # The story of my drop: landing with the covered fly, the card taken, each move.
        last_mine = next(i for i, f in enumerate(shown) if card["id"] in f.covered)
        landing = shown[last_mine]
        assert landing.landing is not None and "covers" in landing.caption
        assert shown[last_mine + 1].caption == "The covered cards are collected."
        moves = [f for f in shown[last_mine + 2:] if f.moving is not None]
        assert moves and "slides left, toward the box" in moves[0].caption
        assert any("moves up to the end of row" in f.caption for f in moves)


async def test_consolidation_is_visible_step_by_step_on_a_timer() -> None:
    app = make_app(flutter=0.0)
    async with app.run_test(size=(110, 42)) as pilot:
        await until(pilot, lambda: app.my_turn)
        screen = screen_of(app)
        screen.frame_s, screen.landing_s = 0.3, 0.6
        card = min((c for c in app.state.view(None)["table"][9:17] if c["fly"] is not None),
                   key=lambda c: abs(c["fly"][0] - 4.5) + abs(c["fly"][1] - 4.5))
        # Every caption the screen draws is noted as it is drawn: polling the widget
        # missed the landing on a loaded machine, when two late timers fired together.
        seen: list[str] = []
        widget = screen.query_one("#caption", Static)
        update = widget.update

        def noted(content: Any = "") -> None:
            text = str(content)
            if ("lands" in text or "slides" in text or "collected" in text) \
                    and text not in seen:
                seen.append(text)
            update(content)

        widget.update = noted  # type: ignore[method-assign]
        await aim_at(pilot, app, *card["fly"])
        await pilot.press("space")
        stop = time.monotonic() + 10
        while not any("slides" in c for c in seen) and time.monotonic() < stop:
            await pilot.pause(0.01)
        assert any("lands" in c for c in seen) and any("slides" in c for c in seen), seen
        # One caption at a time, in the story's order: the landing, then the slides.
        assert "lands" in seen[0] and any("slides" in c for c in seen[1:]), seen


def test_the_story_of_a_drop_replays_its_moves_to_the_table_after() -> None:
    from gamenight.games.fly.rules import GAME

    state = GAME.new(2, seed=1, flutter=0.0)
    state.apply_chance(list(range(27)))
    x, y = state.view(None)["table"][3]["fly"]
    from gamenight.games.fly.actions import Drop

    state.apply(0, Drop.aim(x, y, 0))
    state.draw_chance()
    last = state.view(None)["last_drop"]
    frames = drop_frames(last)
    assert frames[0].places == last["before"] and frames[0].covered == {3}
    assert frames[-1].places == state.table
    assert len(frames) == 2 + len(last["moves"])


async def test_the_game_over_shows_the_results() -> None:
    app = make_app(players=1, bots=(), max_drops=2)
    async with app.run_test(size=(110, 42)) as pilot:
        for _ in range(2):
            await until(pilot, lambda: app.my_turn)
            await pilot.press("space")
        await until(pilot, lambda: app.state.is_over)
        await pilot.pause(0.05)
        results = text_of(app, "#results")
        assert "Results" in results and "Winner: You (seat 0)" in results
        assert "safety cap" in results and "q to quit" in results
        await pilot.press("q")


async def test_the_aim_says_which_flies_it_would_cover_as_the_browser_does() -> None:
    """The terminal gave the aim in inches only; the browser's hint names the flies an aim
    covers if it lands there.  Aimed at a fly's centre, the caption names that fly; the
    names come from the game's own geometry (``geometry.covered_flies``)."""
    app = make_app(seed=5)
    async with app.run_test(size=(140, 45)) as pilot:
        await until(pilot, lambda: app.my_turn)
        view = app.state.view(app.seat)
        card = next(c for c in view["table"] if c["fly"] is not None)
        await aim_at(pilot, app, card["fly"][0], card["fly"][1])
        await pilot.pause(0.05)
        caption = text_of(app, "#caption")
        covered = caption.split("it covers ", 1)[1]
        assert card_name(card["id"]) in covered, caption
        await aim_at(pilot, app, 0.1, 0.1)  # the table's corner: no fly's whole rim
        await pilot.pause(0.05)
        assert "it covers no fly" in text_of(app, "#caption")


def test_no_fly_is_drawn_in_a_colour_near_the_cloth_it_lies_on() -> None:
    """A red check hid the red flies; the cloth now has a hue no fly has."""
    def rgb(colour: str) -> tuple[int, ...]:
        return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))

    for fly in FLY_STYLE.values():
        for cloth in CLOTH:
            distance = sum((a - b) ** 2 for a, b in zip(rgb(fly), rgb(cloth), strict=True))
            assert distance ** 0.5 > 100, (fly, cloth)
