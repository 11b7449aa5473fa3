"""The Fliegen klatschen table in the terminal, driven as a person drives it (Pilot)."""

from __future__ import annotations

import io
import itertools
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from gamenight.engine import PASS
from gamenight.games.fliegen_klatschen.screen import FACES, KEY_LABELS
from gamenight.tui.app import HUMAN, Pauses, PlayApp, build_app
from tests.tui.bots import Stubborn

NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)


def make_app(seed: int = 4, bots: tuple[str, ...] = ("random", "random"),
             pauses: Pauses = NO_PAUSE, **options: Any) -> PlayApp:
    return build_app("fliegen-klatschen", 3, list(bots), seed, options, pauses=pauses)


def text_of(app: PlayApp, selector: str, *, styles: bool = False) -> str:
    """What a Static shows, as the terminal would print it."""
    widget = app.screen.query_one(selector, Static)
    console = Console(width=200, file=io.StringIO(), record=True, color_system="truecolor")
    console.print(widget.content)
    return console.export_text(styles=styles)


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run until ``ready()`` holds."""
    stop = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < stop, "timed out waiting for the table"
        await pilot.pause(0.01)


def hunt_open_for_me(app: PlayApp) -> bool:
    acting = app.state.acting()
    return acting.kind == "window" and HUMAN in acting.seats and app.window_ms() is not None


async def play_to_first_hunt(pilot: Pilot[None], app: PlayApp) -> None:
    """Reveal on each of my turns (bots reveal by themselves) until a hunt is open."""
    await until(pilot, lambda: app.my_turn or hunt_open_for_me(app))
    stop = time.monotonic() + 10
    while not hunt_open_for_me(app):
        assert time.monotonic() < stop, 'no hunt came'
        if app.my_turn:
            await pilot.press("space")
        await pilot.pause(0.01)
        assert not app.state.is_over


async def test_same_seed_deals_the_same_game() -> None:
    first, second = make_app(seed=7), make_app(seed=7)
    async with first.run_test() as pilot:
        await until(pilot, lambda: first.my_turn)
    async with second.run_test() as pilot:
        await until(pilot, lambda: second.my_turn)
    assert first.state.digest() == second.state.digest()
    assert first.state.history[0] == second.state.history[0]  # the same shuffle


async def test_table_shows_piles_and_centre_with_colours() -> None:
    app = make_app(deadline_ms=60_000)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.my_turn)
        assert "Your turn" in text_of(app, "#status")
        seats = text_of(app, "#seats")
        for seat, size in enumerate(app.state.view(None)["piles"]):
            assert app.seat_names[seat] in seats
            assert str(size) in seats
        await play_to_first_hunt(pilot, app)
        centre = app.state.view(HUMAN)["centre"]
        assert centre, "seed 4 starts its first hunt with flies in the centre"
        shown = text_of(app, "#centre")
        styled = text_of(app, "#centre", styles=True)
        for card, key in zip(centre, KEY_LABELS, strict=False):
            assert card["colour"] in shown
            # The card face is painted in its fly colour (truecolor background).
            bg = FACES[card["colour"]][0]
            rgb = ";".join(str(int(bg[i:i + 2], 16)) for i in (1, 3, 5))
            assert f"48;2;{rgb}" in styled
            assert key in shown
        assert "HUNT" in text_of(app, "#status")
        assert "revealed" in text_of(app, "#reveal")


async def test_space_reveals_my_top_card() -> None:
    app = make_app(pauses=Pauses(turn_s=30.0, after_window_s=0.0))  # the bots wait: nothing moves
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.my_turn)
        top = app.state.piles[HUMAN][-1]  # type: ignore[attr-defined]
        before = len(app.state.history)
        await pilot.press("space")
        assert app.state.history[before].seat == HUMAN
        assert app.state.history[before].value == "reveal"
        assert app.state.view(None)["last_reveal"]["card"]["id"] == top
        await pilot.pause()
        assert "You (seat 0) revealed" in text_of(app, "#reveal")
        assert "Seat 1" in text_of(app, "#status")  # next to reveal
        assert "revealed" in text_of(app, "#reveal")


async def test_slap_lands_on_the_keyed_fly_with_measured_time() -> None:
    app = make_app(deadline_ms=60_000)
    async with app.run_test() as pilot:
        await play_to_first_hunt(pilot, app)
        centre = app.state.view(HUMAN)["centre"]
        target = centre[1]["id"]  # the fly labelled "2"
        opened = app.window_ms()
        assert opened is not None
        await pilot.press("2")
        after = app.window_ms()
        mine = [s for s in app.state.history if s.seat == HUMAN and s.value == f"slap {target}"]
        assert len(mine) == 1
        at_ms = mine[0].at_ms
        assert at_ms is not None and after is not None
        assert opened <= at_ms <= after  # stamped at the key press, from the card's appearance
        hands = app.state.view(HUMAN, after)["hunt"]["hands"]
        assert {"seat": HUMAN, "card": target, "at_ms": at_ms} in hands
        assert "✋" in text_of(app, "#centre")
        assert f"{at_ms:.0f} ms" in text_of(app, "#hands")


async def test_illegal_keys_show_a_message_and_change_nothing() -> None:
    app = make_app(deadline_ms=60_000)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.my_turn)
        digest, steps = app.state.digest(), len(app.state.history)
        await pilot.press("p")  # no hunt to pass in
        assert "no hunt is on" in text_of(app, "#message")
        await pilot.press("3")  # no hunt, no slap
        assert "No hunt is on" in text_of(app, "#message")
        assert app.state.digest() == digest and len(app.state.history) == steps

        await play_to_first_hunt(pilot, app)
        steps = len(app.state.history)
        await pilot.press("Z")  # a key no fly has
        assert "No fly has the key Z" in text_of(app, "#message")
        await pilot.press("space")  # revealing during a hunt
        assert "hunt is on" in text_of(app, "#message")
        await pilot.press("1")
        await pilot.press("1")  # one hand per fly: the engine refuses the second
        assert "You already have a hand on" in text_of(app, "#message")
        mine = [s for s in app.state.history[steps:] if s.seat == HUMAN]
        assert [s.value for s in mine] == [f"slap {app.state.view(HUMAN)['centre'][0]['id']}"]
        assert PASS in app.state.legal_actions(HUMAN)  # my second hand is still free


async def test_whole_game_played_by_keys_ends_with_the_outcome() -> None:
    app = make_app(seed=3, bots=("sharp:expert", "sharp"), remove=96, deadline_ms=400)
    async with app.run_test(size=(120, 45)) as pilot:
        slaps = 0
        stop = time.monotonic() + 60
        while not app.state.is_over:
            assert time.monotonic() < stop, "the game did not finish"
            if app.my_turn:
                await pilot.press("space")
            elif hunt_open_for_me(app):
                # Alternate: slap the first fly, or pass, so both paths are played.
                await pilot.press("1" if slaps % 2 == 0 else "p")
                slaps += 1
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        assert slaps > 0, "the game had no hunt for the test to play"
        outcome = app.state.outcome()
        assert outcome is not None
        results = text_of(app, "#results")
        assert app.screen.query_one("#results", Static).display
        won = app.state.view(None)["won"]
        for seat in range(3):
            row = next(line for line in results.splitlines() if app.seat_names[seat] in line)
            assert f"{outcome.scores[seat]:g}" in row.split()
            assert str(won[seat]) in row.split()
            assert ("★" in row) == (seat in outcome.winners)
        names = ", ".join(app.seat_names[s] for s in outcome.winners)
        verdict = "Shared win" if outcome.shared else "Winner"
        assert f"{verdict}: {names}" in results
        assert "q to quit" in results
        # Everything that happened is in the log.
        assert "the game is over" in app.state.narration()[-1]
        await pilot.press("q")
    assert app.return_code == 0 or app.return_code is None


async def test_bots_that_always_wait_for_now_pass_when_the_hunt_expires() -> None:
    # The shell used to ask a bot that answers Wait(now) again at the same moment for
    # ever: the hunt never reached its deadline and the app hung.
    app = make_app(deadline_ms=300)
    stubborn = [Stubborn(1), Stubborn(2)]
    app.bots[1:] = stubborn
    async with app.run_test() as pilot:
        # Reveal on my turns until a hunt has come and gone.  (Judged from the history,
        # not by catching the 300 ms hunt open between two polls of a busy machine.)
        await until(pilot, lambda: app.my_turn or app.state.acting().kind == "window")
        stop = time.monotonic() + 20
        while not any(s.value == str(PASS) for s in app.state.history):
            assert time.monotonic() < stop, "no hunt came"
            if app.my_turn:
                await pilot.press("space")
            await pilot.pause(0.01)
        await until(pilot, lambda: app.state.acting().kind != "window")
        start = next(i for i, s in enumerate(app.state.history) if s.value == str(PASS))
        while app.state.history[start - 1].value != "reveal":
            start -= 1
        hunt = list(itertools.takewhile(lambda s: s.value != "reveal",
                                        app.state.history[start:]))
        for bot in stubborn:
            theirs = [(s.value, s.at_ms) for s in hunt if s.seat == bot.seat]
            assert theirs == [(str(PASS), 300.0)]
            moments = bot.asked[start]  # Clock.window tells windows apart
            assert moments[0] == 0.0 and moments[-1] <= 300.0
            assert all(b > a for a, b in itertools.pairwise(moments))
