"""? or F1 opens how to play over the table of every game, and the table waits for it.

The tests of waiting run the table on a simulated clock (``live.ManualScheduler``): a
minute passes while the page is open, and nothing sleeps."""

from __future__ import annotations

import re

import pytest

from gamenight.engine import PASS
from gamenight.games import GAMES, get_game
from gamenight.live import ManualScheduler
from gamenight.tui.app import HUMAN, Pauses, build_app
from gamenight.tui.help import HowToPlay
from tests.tui.pilot import NO_PAUSE, example, shown, tick, until


def goal_of(game_id: str) -> str:
    """The first sentence of the game's goal, as its how-to-play page writes it."""
    match = re.search(r"\*\*Goal:\*\* (.+?\.)", " ".join(get_game(game_id).howto_text().split()))
    assert match is not None, f"{game_id}'s howto.md states no **Goal:**"
    return match.group(1)


def test_every_game_has_a_how_to_play_page_that_fits_a_small_terminal() -> None:
    for game in GAMES.values():
        page = game.howto_text()
        assert page.startswith(f"# How to play {game.title}\n"), game.id
        assert len(page.splitlines()) <= 40, game.id
        for part in ("**Goal:**", "## Keys", "Ctrl+C"):
            assert part in page, (game.id, part)


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_question_mark_and_f1_open_the_page_of_the_game_in_play(game_id: str) -> None:
    app = build_app(game_id, 3, [], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen is app.table_screen and len(app.state.history) > 0)
        for opener, closer in (("question_mark", "escape"), ("f1", "q"),
                               ("question_mark", "question_mark"), ("f1", "f1")):
            await pilot.press(opener)
            await until(pilot, lambda: isinstance(app.screen, HowToPlay))
            page = shown(app.screen, "#howto-text")
            assert app.screen.query_one("#howto").border_title == \
                f"How to play {app.game.title}"
            assert goal_of(game_id) in " ".join(page.split())
            await pilot.press(closer)
            await until(pilot, lambda: app.screen is app.table_screen)
        assert app.is_running  # q closed the page, not the game


async def test_the_page_scrolls_in_a_small_terminal() -> None:
    app = build_app("fliegen-klatschen", 3, [], 5, {}, pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HowToPlay))
        page = app.screen.query_one("#howto-page")
        await until(pilot, lambda: page.max_scroll_y > 0)  # 32 lines in a 24-line terminal
        await pilot.press("pagedown")
        await until(pilot, lambda: page.scroll_y > 0)


async def test_no_bot_moves_while_the_page_is_open() -> None:
    # Seat 1 holds the swatter first: its turn is due after a short pause.
    position = example("fly", "row-2-supplies-row-1.json")
    clock = ManualScheduler()
    app = build_app("fly", 2, ["random"], 5, {}, position=position,
                    pauses=Pauses(turn_s=0.3, after_window_s=0.0), scheduler=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.runner.pausing)  # the bot's pause has begun
        await pilot.press("question_mark")
        steps = len(app.state.history)
        await tick(pilot, clock, 60.0, step_s=1.0)
        assert len(app.state.history) == steps and app.state.acting().seats == (1,)
        await pilot.press("escape")  # the bot's pause ran out while held: it moves now
        await until(pilot, lambda: app.state.acting().seats == (HUMAN,))


async def test_the_page_stops_the_countdown_of_a_simultaneous_decision() -> None:
    clock = ManualScheduler()
    app = build_app("superfly", 3, ["random"], 5, {"deadline_ms": 1500}, pauses=NO_PAUSE,
                    scheduler=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.deciding)
        start = app.window_start
        await tick(pilot, clock, 0.4)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HowToPlay))
        await tick(pilot, clock, 60.0, step_s=1.0)  # far past the deadline
        assert app.window_ms() == pytest.approx(400.0)  # stopped where the page opened
        assert HUMAN in app.state.acting().seats
        await pilot.press("escape")
        await tick(pilot, clock, 1.2)
        await until(pilot, lambda: app.window_start != start or not app.deciding)
        mine = [(s.value, s.at_ms) for s in app.state.history[start:] if s.seat == HUMAN]
        assert mine[0] == (str(PASS), 1500.0)  # the countdown went on, to its end


async def test_in_a_race_the_page_opens_once_the_race_is_over() -> None:
    position = example("fliegen-klatschen", "tied-colours.json", deadline_ms=1500)
    clock = ManualScheduler()
    app = build_app("fliegen-klatschen", 4, ["random"], 5, {}, position=position,
                    pauses=Pauses(turn_s=30.0, after_window_s=0.0), scheduler=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.racing)
        await pilot.press("question_mark")
        assert app.screen is app.table_screen
        assert "when this race is over" in shown(app.screen, "#message")
        await tick(pilot, clock, 1.6)
        await until(pilot, lambda: isinstance(app.screen, HowToPlay))
        assert app.state.acting().kind != "window"
        mine = [s for s in app.state.history if s.seat == HUMAN]
        # The race ran to its deadline on the table's clock: nothing stopped it.
        assert [(s.value, s.at_ms) for s in mine] == [(str(PASS), 1500.0)]
