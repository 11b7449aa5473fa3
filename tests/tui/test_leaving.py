"""Ctrl+C leaves from anywhere; the message line says which keys leave."""

from __future__ import annotations

import pytest

from gamenight.tui.app import build_app
from gamenight.tui.help import HowToPlay
from gamenight.tui.ready import GetReady
from tests.tui.pilot import NO_PAUSE, shown, until


async def test_ctrl_c_leaves_the_table() -> None:
    app = build_app("by-golly", 2, ["random"], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("ctrl+c")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_in_flusters_letter_entry_q_is_a_letter_esc_leaves_and_ctrl_c_too() -> None:
    app = build_app("fluster", 2, ["random"], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: app.my_turn)
        assert "Esc leaves (q is a letter now)" in shown(app.screen, "#message")
        await pilot.press("q")
        assert "Q __" in shown(app.screen, "#call") and app.is_running
        await pilot.press("ctrl+c")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_elsewhere_the_message_line_says_q_or_esc_leaves() -> None:
    app = build_app("fly", 2, ["random"], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        line = shown(app.screen, "#message")
        assert "? or F1: how to play" in line and "q or Esc leaves" in line
        await pilot.press("escape")
        await until(pilot, lambda: not app.is_running)


@pytest.mark.parametrize("over", ["get ready", "how to play"])
async def test_ctrl_c_leaves_from_the_get_ready_banner_and_the_how_to_play_page(
        over: str) -> None:
    app = build_app("superfly", 3, [], 5, {}, pauses=NO_PAUSE, get_ready=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GetReady))
        if over == "how to play":
            await pilot.press("f1")
            await until(pilot, lambda: isinstance(app.screen, HowToPlay))
        await pilot.press("ctrl+c")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0
