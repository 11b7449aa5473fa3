"""The FLY table fits the terminal: whole at 80x24, bigger in a bigger one, and a word
instead of a broken table in a smaller one; its hints and texts say what is true."""

from __future__ import annotations

import pytest

from gamenight.games.fly.cards import SYMBOL_OF, SYMBOLS
from gamenight.games.fly.screen import SYMBOL_MARK, FlyScreen, drop_frames, scale_for
from gamenight.tui.app import HUMAN, Pauses, build_app
from tests.games.fly.test_fly_tui import make_app, screen_of, text_of, until
from tests.tui.on_screen import SIZES, assert_apart, region_of, screen_text, seen_in

#: The scale each checked terminal holds: the 9 x 9 inch table as 36 x 18 cells at
#: 80x24, 72 x 36 at 140x45.
SCALE_AT = {(80, 24): (4, 2), (140, 45): (8, 4)}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_fly_and_every_seat_is_on_screen(size: tuple[int, int]) -> None:
    app = make_app(players=4, bots=("aimer",))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        scale = screen_of(app).scale
        assert (scale.cols_per_inch, scale.rows_per_inch) == SCALE_AT[size]
        assert_apart(app, "#status", "#table", "#seats", "#caption", "#message", "#help")
        # Inside the table's frame, every fly's symbol in the cell of its centre.
        table = seen_in(app, "#table").splitlines()[1:-1]
        assert len(table) == scale.rows
        flies = [c for c in app.state.view(HUMAN)["table"] if c["fly"] is not None]
        assert len(flies) == 25
        for card in flies:
            x, y = card["fly"]
            row, col = int(y * scale.rows_per_inch), int(x * scale.cols_per_inch)
            mark = SYMBOL_MARK[SYMBOLS[SYMBOL_OF[card["id"]]]]
            assert table[row][1 + col] == mark, (card, table[row])
        seats = seen_in(app, "#seats")
        for name in app.seat_names:
            assert name in seats
        assert "space drop" in seen_in(app, "#help")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_results_are_on_screen_at_the_end(size: tuple[int, int]) -> None:
    app = make_app(players=4, bots=("aimer",), max_drops=4, flutter=0.0)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("space")
        await until(pilot, lambda: app.state.is_over)
        await pilot.pause(0.05)
        results = seen_in(app, "#results")
        for name in app.seat_names:
            assert name in results
        assert "Winner" in results or "Shared win" in results
        assert "safety cap" in results


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (40, 10)], ids=str)
async def test_a_terminal_below_80x24_says_so_instead_of_a_broken_table(
        size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        shown = " ".join(screen_text(app).split())
        assert "make the terminal at least 80x24" in shown
        assert "▏" not in shown and "FLY" not in shown  # no table, not even cut
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert "at least 80x24" not in screen_text(app)
        assert region_of(app, "#table").height == 20


def test_the_scale_is_the_largest_the_terminal_holds() -> None:
    assert (scale_for(80, 24).cols_per_inch, scale_for(80, 24).rows_per_inch) == (4, 2)
    assert scale_for(95, 40).cols_per_inch == 4  # too narrow for 6 x 3 beside the seats
    assert scale_for(96, 32).cols_per_inch == 6
    assert scale_for(113, 45).cols_per_inch == 6
    assert scale_for(114, 41).cols_per_inch == 8


async def test_the_keys_shown_are_the_keys_that_work_now() -> None:
    # The bot's turn waits 30 s: the table is the bot's, and only quitting works.
    app = build_app("fly", 2, ["aimer"], 5, {}, pauses=Pauses(turn_s=30.0, after_window_s=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        assert "space drop" in text_of(app, "#help") and "r/R turn" in text_of(app, "#help")
        await pilot.press("space")
        await until(pilot, lambda: app.state.acting().seats == (1,))
        keys = text_of(app, "#help")
        assert "drop" not in keys and "turn" not in keys and "quit" in keys
        status = text_of(app, "#status")
        assert "Seat 1 (aimer bot) holds the swatter" in status


async def test_the_narration_calls_the_person_you() -> None:
    app = make_app(players=2, seed=5, flutter=0.0)
    async with app.run_test(size=(140, 45)) as pilot:
        await until(pilot, lambda: app.my_turn)
        card = next(c for c in app.state.view(None)["table"] if c["fly"] is not None)
        screen = screen_of(app)
        screen.ghost[:] = [*card["fly"], 0.0]
        await pilot.press("space")
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        log = " ".join(seen_in(app, "#log").split())
        assert "You drop the swatter" in log and "you collect it" in log
        assert "Seat 0" not in log and "seat 0" not in log
        # The record's narration stays the same for every reader.
        assert any(line.startswith("Seat 0 drops") for line in app.state.narration())


def test_each_step_of_the_story_is_a_sentence() -> None:
    from gamenight.games.fly.actions import Drop
    from gamenight.games.fly.rules import GAME

    state = GAME.new(2, seed=1, flutter=0.0)
    state.apply_chance(list(range(27)))
    x, y = state.view(None)["table"][3]["fly"]
    state.apply(0, Drop.aim(x, y, 0))
    state.draw_chance()
    frames = drop_frames(state.view(None)["last_drop"])
    for frame in frames:
        assert frame.caption[0].isupper() and frame.caption.endswith("."), frame.caption
    assert any(f.caption.startswith("The ") and "slides left, toward the box" in f.caption
               for f in frames)


def test_the_screen_class_is_the_one_the_game_shows() -> None:
    from gamenight.games.fly.rules import GAME

    assert GAME.screen().__module__ == FlyScreen.__module__
