"""The first timed decision of a game waits for the person: "Get ready: press space"."""

from __future__ import annotations

from gamenight.engine import PASS
from gamenight.tui.app import HUMAN, build_app
from gamenight.tui.ready import GetReady
from tests.tui.pilot import NO_PAUSE, example, shown, until


async def test_superflys_first_swat_waits_for_the_key_with_the_table_in_sight() -> None:
    app = build_app("superfly", 3, ["random"], 5, {"deadline_ms": 200}, pauses=NO_PAUSE,
                    get_ready=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GetReady))
        assert "press space" in shown(app.screen, "#ready")
        assert not app.screen.has_class("race")  # a banner: the table stays in sight
        await pilot.pause(0.6)  # three deadlines on the wall clock
        assert app.window_ms() is None and not app.deciding
        assert HUMAN in app.state.acting().seats
        assert all(step.seat is None for step in app.state.history)  # only the deal
        await pilot.press("space")
        await until(pilot, lambda: app.deciding)
        start = app.window_start
        await until(pilot, lambda: app.window_start != start or not app.deciding)
        mine = [(s.value, s.at_ms) for s in app.state.history[start:] if s.seat == HUMAN]
        assert mine[0] == (str(PASS), 200.0)  # from the key on, the countdown ran
        # Only the first decision waits: the next opens by itself.
        await until(pilot, lambda: app.deciding and app.window_start != start)
        assert app.screen is app.table_screen


async def test_before_the_first_race_the_banner_hides_the_table_and_nobody_moves() -> None:
    position = example("fliegen-klatschen", "tied-colours.json")  # a hunt, just begun
    app = build_app("fliegen-klatschen", 4, ["random"], 5, {}, position=position,
                    pauses=NO_PAUSE, get_ready=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GetReady))
        assert app.screen.has_class("race")  # it covers the whole table
        await pilot.pause(0.3)
        assert app.state.history == [] and not app.racing  # no bot has slapped
        await pilot.press("enter")
        await until(pilot, lambda: app.racing)
        assert app.screen is app.table_screen


async def test_a_game_with_no_timed_decision_never_asks() -> None:
    app = build_app("fly", 2, ["random"], 5, {}, pauses=NO_PAUSE, get_ready=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("space")  # a drop
        await until(pilot, lambda: app.my_turn and len(app.state.history) > 3)
        assert app.screen is app.table_screen
