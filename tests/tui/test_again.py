"""The end screen offers a rematch (same seats, new seed) and a new game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from gamenight.engine import GameState
from gamenight.games import get_game
from gamenight.tui.app import PlayApp, build_app
from gamenight.tui.new_game import NewGameForm
from gamenight.tui.seating import Seating
from tests.tui.pilot import NO_PAUSE, shown, until


def short_fly(players: int = 2) -> PlayApp:
    """FLY capped at one drop: the person's drop ends the game."""
    return build_app("fly", players, ["random"], 7, {"max_drops": 1}, pauses=NO_PAUSE)


async def play_to_the_end(pilot: Pilot[Any], app: PlayApp) -> None:
    await until(pilot, lambda: app.my_turn)
    await pilot.press("space")
    await until(pilot, lambda: app.state.is_over
                and app.screen.query_one("#results").display)


def layout(state: GameState[Any]) -> Any:
    """The game's first chance outcome: the shuffled layout."""
    return state.history[0].value


async def test_r_plays_a_rematch_with_the_same_seats_and_another_seed() -> None:
    app = short_fly()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot, app)
        assert "r for a rematch, n for a new game" in shown(app.screen, "#results")
        first, names, seating = app.state, list(app.seat_names), app.seating
        assert seating is not None
        await pilot.press("r")
        await until(pilot, lambda: app.state is not first and app.my_turn)
        assert not app.state.is_over and first.is_over
        assert app.state.players == first.players and app.seat_names == names
        assert app.seating is not None and app.seating.bots == seating.bots
        assert app.state.seed != first.seed and app.state.seed == seating.rematch().seed
        assert layout(app.state) != layout(first)
        assert app.screen is app.table_screen and app.table_screen is not None
        # The rematch plays like the first game, to its own end.
        await play_to_the_end(pilot, app)


async def test_n_asks_for_the_table_size_then_deals_a_new_game() -> None:
    app = short_fly()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot, app)
        first = app.state
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameForm))
        assert "Players:" in shown(app.screen, "#new-game-players")
        await pilot.press("right")
        assert ("You and 2 bots: random bot #1, random bot #2"
                in shown(app.screen, "#new-game-players"))
        await pilot.press("enter")
        await until(pilot, lambda: app.state is not first and app.my_turn)
        assert app.state.players == 3 and len(app.seat_names) == 3
        assert app.seating is not None and app.seating.bots == ("random", "random")
        assert app.state.options["max_drops"] == 1  # the same options


async def test_escape_leaves_the_form_and_the_results_stay() -> None:
    app = short_fly()
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot, app)
        first = app.state
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameForm))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.table_screen)
        assert app.state is first and app.is_running


def test_a_new_game_keeps_the_bots_seat_by_seat_and_only_sizes_the_game_takes() -> None:
    superfly = get_game("superfly")
    seating = Seating(superfly, ("random", "collector:expert", "random"), 3)
    assert seating.table_sizes() == [3, 4, 5]  # 2 players only with the variant option
    assert Seating(superfly, ("random",) * 2, 3, {"two_players": True}).table_sizes() == \
        [2, 3, 4, 5]
    assert seating.new_game(3).bots == ("random", "collector:expert")
    assert seating.new_game(5).bots == ("random", "collector:expert", "random", "random")
    alone = Seating(get_game("fluster"), (), 1)
    assert alone.new_game(2).bots == ("wordsmith",)  # the game's default bot
    assert seating.rematch().seed == seating.new_game(4).seed != seating.seed


def test_gamenight_play_records_the_last_game_at_the_table(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from gamenight.cli import main
    from gamenight.record import load

    def run(app: PlayApp) -> None:  # instead of a terminal: one new game of 3, then leave
        assert app.get_ready  # gamenight play always waits for the first timed decision
        assert app.seating is not None
        app.seating = app.seating.new_game(3)
        app.state = app.seating.state()

    monkeypatch.setattr(PlayApp, "run", run)
    path = tmp_path / "game.json"
    assert main(["play", "fly", "-p", "2", "--bots", "random", "--seed", "3",
                 "--record", str(path)]) == 0
    record = load(path)
    assert record.players == 3 and record.seats == ["human", "bot:random", "bot:random"]
    assert record.seed == Seating(get_game("fly"), ("random",), 3).rematch().seed


def test_gamenight_play_seats_bots_that_forget_against_a_person(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 38, snag 11: the terminal's default By Golly! bots never forgot (the perfect
    bot, the lab's default).  With no --bots a person plays the game's bot for people."""
    from gamenight.cli import main
    from gamenight.record import load

    def run(app: PlayApp) -> None:  # instead of a terminal: leave at once
        assert app.seating is not None

    monkeypatch.setattr(PlayApp, "run", run)
    game = get_game("by-golly")
    assert game.bot_for_people() == "memory" != game.default_bot
    path = tmp_path / "game.json"
    assert main(["play", "by-golly", "-p", "3", "--seed", "3", "--record", str(path)]) == 0
    assert load(path).seats == ["human", "bot:memory", "bot:memory"]
    # A level alone is that bot at the level; naming the perfect bot still plays it.
    assert main(["play", "by-golly", "-p", "2", "--bots", "expert", "--seed", "3",
                 "--record", str(path)]) == 0
    assert load(path).seats == ["human", "bot:memory:expert"]
    assert main(["play", "by-golly", "-p", "2", "--bots", "perfect", "--seed", "3",
                 "--record", str(path)]) == 0
    assert load(path).seats == ["human", "bot:perfect"]
    # A game with no bot of its own for people plays its default bot.
    fly = get_game("fly")
    assert fly.bot_for_people() == fly.default_bot
