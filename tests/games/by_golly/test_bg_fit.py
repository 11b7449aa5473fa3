"""The By Golly! table fits the terminal: every card of the chicken run, every seat and
every animal of the hand on screen at 80x24 and at 140x45 (and a word instead of a broken
table below 80x24); the keys shown are the keys that work at this table; the cards a turn
turned over stay in sight until the next turn starts, and the log says where they lay."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.bots.base import Bot, Clock, make_bot
from gamenight.engine import View
from gamenight.games.by_golly.actions import LAYS, SHUFFLE, TURNS, ByGollyAction
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.games.by_golly.screen import PLACE_KEYS
from gamenight.tui.app import HUMAN, Pauses, PlayApp
from tests.games.by_golly.bg_table import POO_1, SHOVEL_1, k, lay, place_of, table, turn
from tests.tui.on_screen import SIZES, assert_apart, screen_text, seen_in
from tests.tui.pilot import until

IDS = [f"{w}x{h}" for w, h in SIZES]
NO_PAUSE = Pauses(turn_s=0.0, after_window_s=0.0)
BOTS_WAIT = Pauses(turn_s=30.0, after_window_s=0.0)  # the bots never move
#: Thirteen animals in my hand (a hand grows in the mess), two in each other hand.
MY_HAND = ["rooster", "hedgehog", "hen", "worm", "fox", "marten", "hare", "goose", "chick",
           "duck", "mouse", "cat", "owl"]


class Scripted(Bot[ByGollyAction]):
    """Plays the actions it is given, in order (a forced step is taken without asking
    it, so the script leaves it out)."""

    name = "scripted"

    def __init__(self, seat: int, actions: Sequence[ByGollyAction]) -> None:
        super().__init__(seat)
        self.actions = list(actions)

    def act(self, view: View, legal: Sequence[ByGollyAction], clock: Clock) -> ByGollyAction:
        action = self.actions.pop(0)
        assert action in legal, (action, legal)
        return action


def names(players: int) -> list[str]:
    return ["You (seat 0)"] + [f"Seat {s} (perfect)" for s in range(1, players)]


def app_for(state: ByGollyState, bots: Sequence[Bot[Any] | None] | None = None,
            pauses: Pauses = BOTS_WAIT) -> PlayApp:
    seats = bots if bots is not None else [None] + [
        make_bot(GAME, "perfect", s, s) for s in range(1, state.players)]
    return PlayApp(GAME, state, list(seats), names(state.players), pauses=pauses)


def six_at_the_table() -> ByGollyState:
    """Six players; I have found the rooster and the hedgehog (face up at b and d) and
    laid the hen; eleven animals are left in my hand."""
    others = [["pig", "frog"], ["pig", "frog"], ["pig", "frog"], ["hen", "worm"],
              ["fox", "hare"]]
    stacks = [["cat"] * 2, ["owl"], ["duck"], ["mouse"], ["chick"], ["goose"]]
    state = table(6, [MY_HAND, *others], stacks)
    for animal in ("rooster", "hedgehog"):
        lay(state, animal)
        turn(state, place_of(animal))
    lay(state, "hen")
    return state


def single_letters(text: str) -> set[str]:
    """The keys written on the cards: the words of one small letter."""
    return {word for word in text.split() if len(word) == 1 and word.islower()}


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_every_card_of_the_run_every_seat_and_my_whole_hand_are_on_screen(
        size: tuple[int, int]) -> None:
    state = six_at_the_table()
    app = app_for(state)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        # Until the layout has given every part its room: under a loaded CI a fixed
        # pause once ended before the run was laid out (no room on 140x45).
        parts = ("#status", "#run", "#seats", "#laid", "#hand", "#message", "#log", "#help")
        await until(pilot, lambda: all(app.screen.query_one(p).region.area > 0 for p in parts))
        await pilot.pause(0.05)
        assert_apart(app, *parts)
        run = seen_in(app, "#run")
        assert single_letters(run) == set(PLACE_KEYS)  # all 19 cards, each with its key
        # The names are whole: no ROOST… or HEDGE….
        assert "ROOSTER" in run.split() and "HEDGEHOG" in run.split()
        assert run.count("░░░░░░░") == 17  # the other 17 lie face down
        seats = seen_in(app, "#seats").splitlines()
        view = state.view(HUMAN)
        for seat, name in enumerate(app.seat_names):
            row = next(line for line in seats if name in line)  # on one line, uncut
            assert row.split()[-2:] == [str(view["hands"][seat]), str(view["stacks"][seat])] \
                or row.split()[-3:-1] == [str(view["hands"][seat]), str(view["stacks"][seat])]
        hand = seen_in(app, "#hand").upper()
        for animal in view["hand"]:
            assert animal.upper() in hand.split()
        assert "HEN" in seen_in(app, "#laid").split()
        assert "a, c, e-p, r-t turn over that card" in seen_in(app, "#help")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_end_shows_every_seat_and_the_winner_on_screen(size: tuple[int, int]) -> None:
    others = [["pig"], ["frog"], ["owl"], ["cat"], ["duck"]]
    state = table(6, [["hen"], *others], [[], *[["mouse"]] * 2, *[["chick"]] * 3])
    app = app_for(state)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("1", "a")  # my last card: the hen, at a
        await until(pilot, lambda: state.is_over)
        await pilot.pause(0.05)
        results = seen_in(app, "#results")
        assert "Winner: You (seat 0)" in results
        for name in app.seat_names:
            assert name in results
        region = app.screen.query_one("#results").region
        assert app.screen.region.contains_region(region)


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (60, 20)])
async def test_below_80x24_the_screen_says_so_instead_of_a_broken_table(
        size: tuple[int, int]) -> None:
    app = app_for(six_at_the_table())
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.05)
        shown = " ".join(screen_text(app).split())
        assert "make the terminal at least 80x24" in shown
        assert "The chicken run" not in shown


@pytest.mark.parametrize(("players", "empty", "keys"), [(2, (), "1"), (3, (), "1-2"),
                                                        (4, (2,), "1, 3"), (6, (), "1-5")])
async def test_in_the_mess_the_keys_are_the_seats_i_may_draw_from(
        players: int, empty: tuple[int, ...], keys: str) -> None:
    pool = ["owl", "cat", "duck", "frog", "mouse"]
    hands = [["hen"], *[[] if s in empty else [pool[s - 1]] * 2 for s in range(1, players)]]
    state = table(players, hands, [["pig"], *[[]] * (players - 1)])
    lay(state, "hen")
    turn(state, POO_1)
    turn(state, place_of("goose"))  # a bit unlucky: draw two
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        assert f"{keys} draw a card from that seat" in seen_in(app, "#help")
        assert "you are in the mess: draw 2 more cards" in seen_in(app, "#status")
        if empty:
            digest = state.digest()
            await pilot.press(str(empty[0]))  # no cards there: refused, nothing changes
            assert state.digest() == digest
        await pilot.press(keys[0])
        assert f"draw {keys[0]}" in [step.value for step in state.history[-2:]]


async def test_the_lay_keys_are_the_animals_in_my_hand() -> None:
    state = table(2, [["hen", "fox", "fox", "owl"], ["cat"]], [["pig"], ["frog"]])
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        assert "1-3 lay that animal from your hand" in seen_in(app, "#help")
        hand = seen_in(app, "#hand")
        assert "1  hen" in hand and "2  fox ×2" in hand and "3  owl" in hand
        await pilot.press("4")  # no fourth animal: nothing happens
        assert state.phase == "lay"
        await pilot.press("2")
        assert state.history[-1].value == "lay fox"
        await pilot.pause(0.05)
        assert "a-p, r-t turn over that card" in seen_in(app, "#help")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_a_bots_cards_stay_in_sight_until_my_turn_starts_and_the_log_says_where(
        size: tuple[int, int]) -> None:
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["pig"], ["cat"]], current=1)
    bot = Scripted(1, [LAYS[k("owl")], TURNS[place_of("goose")]])  # end: forced
    app = app_for(state, [None, bot], pauses=NO_PAUSE)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        # Seat 1's turn is over: no view shows the goose any more ...
        assert not any(state.view(HUMAN)["run"])
        # ... but the field does, on the card's back at h, until I lay a card.
        run = seen_in(app, "#run")
        assert "GOOSE" in run.split() and "seat 1 turned these face down" in run
        assert "Seat 1 lays an owl and turns over a goose at h: no match." in \
            " ".join(seen_in(app, "#log").split())
        await pilot.press("1")
        await pilot.pause(0.05)
        assert "GOOSE" not in seen_in(app, "#run")


async def test_after_a_shuffle_the_places_show_that_nobody_knows_which_card_lies_there() -> None:
    state = table(2, [["hen", "fox"], ["owl", "cat"]], [["pig"], ["cat"]], current=1)
    bot = Scripted(1, [LAYS[k("owl")], TURNS[POO_1], TURNS[SHOVEL_1], SHUFFLE])
    app = app_for(state, [None, bot], pauses=NO_PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.pause(0.05)
        run = seen_in(app, "#run")
        assert "POO" not in run and "SHOVEL" not in run
        assert run.count("? ? ?") == 2
        log = " ".join(seen_in(app, "#log").split())
        assert "Seat 1 turns over a shovel at s: still lucky, no mess." in log
        assert "Seat 1 shuffles the 2 cards he turned over at p and s." in log


async def test_my_own_lines_in_the_log_say_you() -> None:
    state = table(2, [["hen", "fox"], ["owl"]], [["pig"], ["cat"]])
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.my_turn)
        await pilot.press("1", "a")  # the hen, found at a
        await pilot.press("1", "h")  # the fox (key 1 now): a goose at h
        await pilot.pause(0.05)
        log = " ".join(seen_in(app, "#log").split())
        assert "You lay a hen and find it at a: a match." in log
        assert "You lay a fox and turn over a goose at h: no match." in log
        await pilot.press("space")
        await pilot.pause(0.05)
        assert "You draw a card from your stack (pig)." in " ".join(seen_in(app, "#log").split())
