"""The terminal tells the game's story in its language (``gamenight play --lang de``,
docs/languages.md): the log of a By Golly! table driven by keys (Textual's Pilot), with
the process's language set as ``--lang de`` sets it (``gamenight.i18n.use``)."""

from __future__ import annotations

import pytest
from textual.widgets import Log

from gamenight.engine.events import narration
from gamenight.games.by_golly.screen import PLACE_KEYS
from gamenight.live import Pauses
from gamenight.tui.app import HUMAN, build_app
from tests.tui.pilot import shown, until

BOTS_WAIT = Pauses(turn_s=30.0, after_window_s=0.0)  # the bots never move in this test


@pytest.mark.usefixtures("german")
async def test_the_log_tells_the_story_in_german() -> None:
    app = build_app("by-golly", 3, ["random"], 4, {}, pauses=BOTS_WAIT)
    async with app.run_test(size=(120, 45)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("1")  # lay the first animal of the hand
        await pilot.press(PLACE_KEYS[0])  # and turn over the card at a
        await until(pilot, lambda: len(app.state.events) >= 3)  # dealt, laid, turned over
        await pilot.pause()
        log = list(app.screen.query_one("#log", Log).lines)
        assert log == narration(app.state.events, HUMAN, as_you=True, language="de")
        assert log[0].startswith("Der Hühnerhof wird verdeckt ausgelegt; jeder bekommt ")
        # The person's own lay, told to "du": "Du legst aus: ein Hahn – und ..."
        assert any(line.startswith("Du legst aus: ") and " bei a" in line for line in log), log
        assert not any("Seat" in line or "You" in line for line in log)


@pytest.mark.usefixtures("german")
async def test_a_fly_table_tells_its_story_and_who_holds_the_swatter_in_german() -> None:
    app = build_app("fly", 2, [], 5, {}, pauses=BOTS_WAIT)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.my_turn)
        # The status line is drawn a moment after the turn is known: waited for.
        await until(pilot, lambda: "Dein Wurf" in shown(app.screen, "#status"))
        await pilot.press("space")  # drop the swatter: seat 1 holds it next
        await until(pilot, lambda: app.state.view(None)["current"] == 1)
        await until(pilot, lambda: "hat die Klatsche" in shown(app.screen, "#status"))
        assert f"{app.seat_names[1]} hat die Klatsche" in shown(app.screen, "#status")
        log = shown(app.screen, "#log")
        assert "Du lässt die Klatsche fallen, gezielt auf (" in log, log
        assert "Sie landet bei (" in log
        assert "You " not in log and "lands" not in log
