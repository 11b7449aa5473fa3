"""The terminal tells the last turn in the game's own words (``GameState.told``,
``narration.py``), as the browser's table does: a fly nobody swatted is told by the game's
clause, never by a sentence of the screen's own."""

from __future__ import annotations

import pytest

from gamenight.games.superfly.cards import NAMES
from tests.games.superfly.test_sf_fit import full_table, passers_app
from tests.games.superfly.test_sf_tui import FakeClock, until
from tests.tui.on_screen import SIZES, seen_in


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_flies_nobody_swatted_are_told_in_the_game_s_words(
        size: tuple[int, int]) -> None:
    state = full_table(players=4)  # three flies in the centre
    clock = FakeClock()
    app = passers_app(state, clock)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.deciding)
        await pilot.press("2")  # the middle fly; the others pass
        clock.now += 1.0
        await until(pilot, lambda: state.last_turn is not None)
        await pilot.pause(0.05)
        last = " ".join(seen_in(app, "#last").split())
        told = state.told(0)
        turn = state.view(0)["last_turn"]
        assert told is not None and turn is not None
        alone = [(NAMES[fly["card"]], clauses)
                 for fly, clauses in zip(turn["flies"], told["flies"], strict=True)
                 if not fly["claimants"]]
        assert len(alone) == 2
        for name, clauses in alone:
            # The fly's name, then what the game tells of it, in its words.
            assert [clause["kind"] for clause in clauses] == ["nobody"]
            assert f"{name}: {clauses[0]['text']}" in last
        assert "You rolled" in last
        # One sentence only, the game's: the screen adds none of its own about the flies.
        assert last.count(alone[0][1][0]["text"]) == 2


@pytest.mark.usefixtures("german")
async def test_the_last_turn_is_told_in_the_terminal_s_language() -> None:
    """``--lang de``: the heading, the flies' names and the game's clauses in German."""
    state = full_table(players=4)
    clock = FakeClock()
    app = passers_app(state, clock)
    async with app.run_test(size=(140, 45)) as pilot:
        await until(pilot, lambda: app.deciding)
        assert "Noch kein Durchgang gespielt" in " ".join(seen_in(app, "#last").split())
        await pilot.press("2")
        clock.now += 1.0
        await until(pilot, lambda: state.last_turn is not None)
        await pilot.pause(0.05)
        last = " ".join(seen_in(app, "#last").split())
        told = state.told(0, "de")
        assert told is not None
        assert "Zuletzt: Durchgang 1" in last, last
        for clauses in told["flies"]:
            for clause in clauses:
                assert clause["text"] in last
        assert "Last turn" not in last and "You rolled" not in last and "Nobody" not in last
