"""A sixth game joins every use with one line (issue 37, "One definition, every use").

High Card (``tests/sixth/``) lives only in the tests: no file under ``src/`` names it.
Registered with the one line ``registered(GAME)`` (``gamenight.games``), it is simulated
through the library the command line uses, studied by the balance lab (its pace, turns,
rounds and standings are its own hooks), searched by ``master`` (its plan is its own),
loaded in OpenSpiel, PettingZoo and Gymnasium (its encoding is its own), and served: the
server lists it in ``GET /api/games`` with its blurb and no table of its own, a person
plays a room of it over the WebSocket against bots, and another plays it in Chromium
from the lobby, which learns the game from the server, at the plain table, which the
room page chooses because the server said so.  Afterwards no use finds it any more.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gymnasium as gym
import pyspiel
import pytest
import uvicorn
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test
from playwright.sync_api import expect, sync_playwright

import gamenight.interop.gymnasium as gym_interop
from gamenight.bots.master import MasterBot
from gamenight.engine import OptionError
from gamenight.games import GAMES, get_game, registered
from gamenight.interop import openspiel
from gamenight.interop.pettingzoo import env, parallel_env
from gamenight.lab import store
from gamenight.lab.backends import run
from gamenight.lab.metrics import summary
from gamenight.lab.plan import plan_study
from gamenight.lab.report import write_report
from gamenight.server.app import create_app
from gamenight.server.config import Limits, Pauses, ServerConfig
from gamenight.sim.runner import make_bots, play_out
from gamenight.sim.simulate import simulate, summarize
from tests.server.client import Player, play_randomly
from tests.server.live import LiveServer, free_port
from tests.sixth import GAME, HighCard
from tests.web.conftest import CHROMIUM, CHROMIUM_HINT, EXPECT_MS
from tests.web.pages import PageMaker, make_room, start
from tests.web.test_plain_table import play_to_the_end

ID = "high-card"
#: How long the in-process server may take to start.
START_S = 30.0


def test_a_sixth_game_registered_with_one_line_joins_every_use(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="unknown game 'high-card'"):
        get_game(ID)  # nothing but the one line below makes it known

    with registered(GAME):
        assert get_game(ID) is GAME
        simulated()
        studied(tmp_path / "study")
        searched_by_master()
        in_openspiel()
        in_pettingzoo()
        in_gymnasium()
        served(tmp_path / "server")

    assert ID not in GAMES  # the other tests never see six games
    with pytest.raises(OptionError):
        get_game(ID)


def test_the_registry_refuses_a_second_game_under_a_known_id() -> None:
    class Impostor(HighCard):
        id = "fly"

    fly = GAMES["fly"]
    with pytest.raises(OptionError, match="'fly' is registered already"), registered(Impostor()):
        pass
    assert GAMES["fly"] is fly
    with registered(fly):  # a game registered before the block stays after it
        pass
    assert GAMES["fly"] is fly


# -- the library the command line uses ---------------------------------------------------------
def simulated() -> None:
    """``gamenight simulate``'s library: a batch of games, the same for the same seed."""
    results = simulate(ID, 40, 3, ["thrifty", "random"], seed=8, workers=1)
    assert results == simulate(ID, 40, 3, ["thrifty", "random"], seed=8, workers=1)
    assert [r.index for r in results] == list(range(40))
    for result in results:
        assert sum(result.scores) == 3  # three tricks, each taken by one player
        assert result.length == 1 + 9  # the deal, then three cards from each player
        assert not result.truncated
    assert any(len(r.winners) > 1 for r in results), "equal tricks share the win"
    table = summarize(results)
    assert table.games == 40


def studied(out: Path) -> None:
    """The balance lab: a study of two table sizes, with the game's own pace, turns,
    rounds and standings (``Game.pace``, ``count_turns``, ``count_rounds``,
    ``standings``)."""
    study = plan_study(ID, (2, 4), games=12, seed=5, chunk_games=6)
    store.write_study(out, study)
    assert run(study, out, workers=1) == 24
    rows = store.read_rows(store.merge(out, study))
    assert len(rows) == 24
    pace = GAME.pace
    assert pace is not None
    for row in rows:
        players = row["players"]
        assert row["turns"] == 3 * players  # a card played is a turn
        assert row["rounds"] == 3  # a trick is a round
        assert row["decisions"] == 3 * players and row["windows"] == 0
        seconds = pace.overhead_s + pace.think_s * 3 * players + pace.round_s * 3
        assert row["estimated_minutes"] == pytest.approx(seconds / 60)
    # A running standing (the tricks so far) that the lab folds from the events.
    assert any(row["comeback"] is not None for row in rows)
    figures = summary(rows)
    assert figures["games"] == 24
    assert write_report(out, study, figures, rows).is_file()


def searched_by_master() -> None:
    """``master`` searches over worlds the seat cannot tell from the true one, with the
    plan the game's own package declares."""
    state = GAME.new(3, 11)
    bots = make_bots(GAME, ["master:worlds=16", "thrifty", "thrifty"], 11)
    play_out(state, bots)
    master = bots[0]
    assert isinstance(master, MasterBot)
    assert master.plan.prior == "thrifty"
    decision = master.last
    assert decision is not None and decision.worlds == 16  # it searched
    assert len(decision.candidates) == 2  # every card of its last choice
    assert state.is_over

    # A world drawn for a seat looks the same to it, hand and all, and hides the others.
    state = GAME.new(4, 2)
    state.draw_chance()
    state.apply_text(0, str(state.legal_actions(0)[0]))
    rng = random.Random(1)
    worlds = [state.resample(1, rng) for _ in range(20)]
    assert all(w.view(1) == state.view(1) for w in worlds)
    assert len({tuple(w.view(2)["hand"]) for w in worlds}) > 1  # another's is redrawn


# -- the research adapters ---------------------------------------------------------------------
def in_openspiel() -> None:
    """OpenSpiel's own consistency checker over random games, at both ends of the table."""
    names = openspiel.register()
    assert openspiel.game_name(ID) in names
    for players in (2, 4):
        spiel_game = pyspiel.load_game(openspiel.game_name(ID), {"players": players})
        assert spiel_game.num_players() == players
        pyspiel.random_sim_test(spiel_game, num_sims=10, serialize=True, verbose=False)


def in_pettingzoo() -> None:
    """PettingZoo's API tests, found by id."""
    api_test(env(ID, players=3), num_cycles=100)
    parallel_api_test(parallel_env(ID, players=2), num_cycles=100)


def in_gymnasium() -> None:
    """Gymnasium's ``check_env``, through the environment registered under its id."""
    env_id = f"gamenight/{ID}-v0"
    assert env_id in gym_interop.register()
    try:
        made = gym.make(env_id, players=3)
        check_env(made.unwrapped, skip_render_check=True)
        observation, info = made.reset(seed=4)
        done = False
        while not done:
            assert made.observation_space.contains(observation)
            legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
            observation, _, terminated, truncated, info = made.step(legal[0])
            done = terminated or truncated
    finally:
        del gym.registry[env_id]  # Gymnasium keeps ids for good: this one goes with the game


# -- the server and the browser ----------------------------------------------------------------
@contextlib.contextmanager
def serving(folder: Path) -> Iterator[LiveServer]:
    """The server's app under uvicorn in a thread of this process (a ``gamenight serve``
    process would not know a game registered here), bots taking no pauses."""
    folder.mkdir(parents=True)
    port = free_port()
    config = ServerConfig(port=port, database=f"sqlite:///{folder / 'rooms.db'}",
                          key_dir=folder, pauses=Pauses.none(),
                          limits=Limits(messages_per_s=10_000.0, burst=20_000))
    server = uvicorn.Server(uvicorn.Config(create_app(config), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, name="sixth-game-server", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + START_S
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        yield LiveServer(folder, port=port)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        gc.unfreeze()  # the server froze this process's objects at its start


def served(folder: Path) -> None:
    with serving(folder) as live:
        info = next(g for g in live.get("/api/games") if g["id"] == ID)
        assert info["blurb"] == GAME.blurb
        assert info["table"] is False  # played at the plain table
        assert info["bots"] == ["random", "thrifty"]  # master searches: no room seats it
        assert info["default_bot"] == "thrifty"
        assert {g["id"]: g["table"] for g in live.get("/api/games")} == {
            **{g: True for g in GAMES if g != ID}, ID: False}
        asyncio.run(played_over_the_websocket(live))
        played_in_the_browser(live)


async def played_over_the_websocket(live: LiveServer) -> None:
    """A room with bots in the other seats; the person at seat 0 plays legal actions the
    server offers to the end, and is never told another seat's hand."""
    made = live.post("/api/rooms", {"game": ID, "players": 3, "name": "Ann",
                                    "seats": [None, "thrifty", "random:expert"]})
    assert made["seat"]["seat"] == 0
    ann = await Player.connect(live.ws_url, made["code"],
                               {"type": "join", "token": made["host_token"]}, "Ann")
    try:
        await ann.wait_for(lambda m: m["type"] == "welcome")
        playing = asyncio.create_task(play_randomly(ann, 0, random.Random(3), timeout=60))
        await ann.send({"type": "start"})
        last = await playing
    finally:
        await ann.close()
    assert not ann.errors()
    outcome = last["view"]["outcome"]
    assert sum(outcome["scores"]) == 3 and outcome["reason"] == "hands-played"
    updates = ann.updates()
    played = [u for u in updates if u["legal"]]
    assert played, "the person had cards to play"
    for update in played:
        assert sorted(update["legal"]) == sorted(f"play {c}" for c in update["view"]["hand"])
    dealt = [e for u in updates for e in u["events"] if e["event"] == "Dealt"]
    assert len(dealt) == 1
    hands: list[Any] = dealt[0]["hands"]
    assert len(hands[0]) == 3 and hands[1:] == [None, None]


def played_in_the_browser(live: LiveServer) -> None:
    """Chromium: the lobby offers the game with its blurb, as the server says; a room
    made there opens at the plain table (the server says the game has no table of its
    own); the person plays it to the end."""
    if not CHROMIUM.exists():
        pytest.fail(CHROMIUM_HINT, pytrace=False)
    expect.set_options(timeout=EXPECT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=["--no-sandbox"])
        pages = PageMaker(browser, live.url)
        try:
            page = pages.open()
            page.goto("/")
            choice = page.locator(f"label[data-game='{ID}']")
            expect(choice).to_contain_text(GAME.title)
            expect(choice).to_contain_text(GAME.blurb)
            make_room(page, GAME.title, name="Ann", players=2, seats=["person", "thrifty"])
            start(page)
            expect(page.locator(".plain-view")).to_contain_text(ID)
            play_to_the_end([page], seed=2)
            expect(page.locator("#result tbody tr")).to_have_count(2)
        finally:
            errors = pages.close()
            browser.close()
    assert not errors, f"the pages threw: {errors}"
