"""The bot interface and the reaction-time model."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.bots import LEVELS, Bot, Clock, ReactionModel, make_bot, parse_bot_spec
from gamenight.bots.base import Wait
from gamenight.bots.driver import MAX_ASKS, MIN_WAIT_MS, BotDriver, RealClock, decide, next_ask
from gamenight.bots.levels import LEVELS as LEVEL_NAMES
from gamenight.bots.random_bot import RandomBot
from gamenight.bots.reaction import REACH_BITS
from gamenight.engine import PASS, GameState, OptionError, View
from gamenight.engine.events import Event
from gamenight.games import get_game
from gamenight.sim.runner import play_out, run_window
from tests.engine.toy import DICE_DUEL
from tests.spies import spies_on_methods


def test_average_level_matches_the_adult_mean_simple_reaction_time() -> None:
    model = LEVELS["average"]
    rng = random.Random(1)
    times = [model.simple(rng) for _ in range(20000)]
    # Woods et al. 2015: about 230 ms.
    assert statistics.fmean(times) == pytest.approx(230, abs=3)
    assert all(t >= 0 for t in times)


def test_choice_cost_follows_hicks_law() -> None:
    model = ReactionModel(mu=200, sigma=0.0001, tau=0.0001, a=40, b=150)
    assert model.choice_cost(0) == 0
    assert model.choice_cost(1) == pytest.approx(40 + 150)
    assert model.choice_cost(7) == pytest.approx(40 + 150 * 3)
    assert model.choice_cost(8) == pytest.approx(40 + 150 * math.log2(9))


def test_levels_get_faster_in_order_in_every_part_of_a_task() -> None:
    assert tuple(LEVELS) == LEVEL_NAMES == (
        "child", "beginner", "relaxed", "average", "quick", "expert")
    models = list(LEVELS.values())
    for part in ("mean_simple", "a", "b", "scan", "reach"):
        values = [getattr(m, part) for m in models]
        assert values == sorted(values, reverse=True) and len(set(values)) == len(values), part
    # Hick's slope is about 150-200 ms per bit in adults (Hick 1952, Hyman 1953); a child
    # is slower, a practised player quicker.
    assert LEVELS["average"].b == 150 and all(100 <= m.b <= 250 for m in models)


def test_a_task_adds_the_reflex_a_search_per_card_hicks_choice_and_fitts_reach() -> None:
    model = ReactionModel(mu=200, sigma=0, tau=0, a=30, b=150, scan=50, reach=80)
    # With no spread in the reflex, only the search varies: a gamma time of mean
    # cards x scan.
    assert model.mean_task(6, 4) == pytest.approx(
        200 + 6 * 50 + 30 + 150 * math.log2(5) + 80 * REACH_BITS)
    assert math.log2(6) == pytest.approx(REACH_BITS)  # 30 cm to a card 6 cm wide
    rng = random.Random(3)
    searches = [model.search(rng, 6) for _ in range(20000)]
    assert statistics.fmean(searches) == pytest.approx(300, rel=0.02)
    assert statistics.pstdev(searches) == pytest.approx(50 * math.sqrt(6), rel=0.05)
    assert model.search(rng, 0) == 0
    assert model.movement(2.0) == 160


def test_more_cards_in_view_take_longer_and_vary_more() -> None:
    model = LEVELS["average"]
    rng = random.Random(5)
    small = [model.task(rng, 3, 2) for _ in range(5000)]
    big = [model.task(rng, 10, 4) for _ in range(5000)]
    assert statistics.median(big) > statistics.median(small) + 400
    assert statistics.pstdev(big) > statistics.pstdev(small)
    assert statistics.fmean(big) == pytest.approx(model.mean_task(10, 4), rel=0.02)


def test_a_scaled_model_is_the_same_player_slower_or_quicker() -> None:
    model = LEVELS["average"]
    slow = model.scaled(2.0)
    assert slow.mean_task(6, 4) == pytest.approx(2 * model.mean_task(6, 4))
    assert slow.median_task(6, 4) == pytest.approx(2 * model.median_task(6, 4), rel=0.01)
    for bad in (0.0, -1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="scaled by a number above 0"):
            model.scaled(bad)
    with pytest.raises(ValueError, match="scan is a time of 0 ms or more"):
        ReactionModel(scan=-1)


def test_bot_specs_parse_and_bad_ones_are_refused() -> None:
    assert parse_bot_spec("sharp:expert:error=0.1") == ("sharp", "expert", {"error": "0.1"})
    assert parse_bot_spec("random") == ("random", "average", {})
    game = get_game("fliegen-klatschen")
    with pytest.raises(OptionError, match="no bot"):
        make_bot(game, "genius", 0, 0)
    with pytest.raises(OptionError, match="level"):
        make_bot(game, "sharp:lightning", 0, 0)
    with pytest.raises(OptionError, match="error"):
        make_bot(game, "sharp:average:error=2", 0, 0)


def test_every_bot_takes_the_fixed_level_names_and_only_race_bots_adaptive() -> None:
    for game_id, bot in (("fliegen-klatschen", "sharp"), ("superfly", "collector")):
        game = get_game(game_id)
        for level in (*LEVEL_NAMES, "adaptive"):
            assert make_bot(game, f"{bot}:{level}", 1, 0).level == level
        with pytest.raises(OptionError, match=r"random bot has no level 'adaptive'.*race"):
            make_bot(game, "random:adaptive", 1, 0)
        with pytest.raises(OptionError, match="share, against and band are for the adaptive"):
            make_bot(game, f"{bot}:expert:share=0.5", 1, 0)
        for bad in ("share=2", "share=x", "band=-1", "against=x", "against=1"):
            with pytest.raises(OptionError, match=bad.split("=")[0]):
                make_bot(game, f"{bot}:adaptive:{bad}", 1, 0)
    fly = get_game("fly")
    assert make_bot(fly, "aimer:child", 0, 0).level == "child"
    with pytest.raises(OptionError, match="aimer bot has no level 'adaptive'"):
        make_bot(fly, "aimer:adaptive", 0, 0)


class Spy(Bot):
    """Records what it is given and plays like the random bot."""

    name = "spy"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.seen: list[tuple[Any, Any, Clock]] = []

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        self.seen.append((view, legal, clock))
        return self.rng.choice(legal)


def test_a_bot_receives_only_plain_view_data_never_the_state() -> None:
    game = get_game("fliegen-klatschen")
    spies = [Spy(0, 1), Spy(1, 2)]
    state = game.new(2, seed=3, remove=60)
    play_out(state, spies)
    for spy in spies:
        assert spy.seen
        for view, legal, clock in spy.seen:
            json.dumps(view)  # plain data only
            assert view["seat"] == spy.seat
            assert not any(isinstance(v, GameState) for v in view.values())
            assert isinstance(clock, Clock)
            assert all(state.game.parse_action(str(a)) == a for a in legal)


def test_bots_choose_a_timed_simultaneous_decision_at_their_own_moments() -> None:
    state = DICE_DUEL.new(3, 11, rounds=6, deadline_ms=100)
    bots = [make_bot(DICE_DUEL, "random", seat, seat) for seat in range(3)]
    play_out(state, bots)
    assert state.is_over
    bids = [step for step in state.history if step.seat is not None
            and step.value.startswith(("bid", "pass"))]
    assert len(bids) == 6 * 3  # every seat chose once a round
    times = [step.at_ms for step in bids]
    assert all(t is not None and 0.0 <= t <= 100.0 for t in times)
    assert len(set(times)) > 3  # random moments, not all at the opening


def test_a_bot_waiting_past_the_deadline_passes_at_it() -> None:
    class Sleeper(Bot):
        name = "sleeper"

        def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
            return Wait(clock.now_ms + 500)

    state = DICE_DUEL.new(2, 3, rounds=1, deadline_ms=100)
    bots: list[Bot] = [Sleeper(0), make_bot(DICE_DUEL, "random", 1, 1)]
    state.draw_chance()
    run_window(state, bots)
    mine = [step for step in state.history if step.seat == 0]
    assert [(step.value, step.at_ms) for step in mine] == [("pass", 100.0)]


# -- the one bot driver (bots/driver.py) ------------------------------------------------------
class Stubborn(Bot):
    """Answers Wait(now) in every window or decision: it never moves by itself."""

    name = "stubborn"

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.asked: list[float] = []

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        if clock.window is None:  # a turn
            return legal[-1]
        self.asked.append(clock.now_ms)
        return Wait(clock.now_ms)


def test_the_wait_rule_always_moves_time_on() -> None:
    assert next_ask(Wait(250.0), 100.0) == 250.0
    assert next_ask(Wait(100.0), 100.0) == 100.0 + MIN_WAIT_MS  # Wait(now)
    assert next_ask(Wait(40.0), 100.0) == 100.0 + MIN_WAIT_MS  # a moment already past
    assert next_ask(Wait(math.nan), 100.0) == 100.0 + MIN_WAIT_MS


def test_a_bot_that_always_waits_for_now_is_asked_each_millisecond_then_passes() -> None:
    state = DICE_DUEL.new(2, 3, rounds=1, deadline_ms=5)
    state.draw_chance()
    stubborn = Stubborn(0)
    run_window(state, [stubborn, make_bot(DICE_DUEL, "random", 1, 1)])
    assert stubborn.asked == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    mine = [(step.value, step.at_ms) for step in state.history if step.seat == 0]
    assert mine == [("pass", 5.0)]


def test_decide_gives_a_waiting_bots_move_and_its_moment_or_a_pass() -> None:
    state = DICE_DUEL.new(2, 3, rounds=1, deadline_ms=5)
    state.draw_chance()
    assert decide(Stubborn(0), state, 0) == (PASS, None)  # a decision: no moment kept
    untimed = DICE_DUEL.new(2, 3, rounds=1)  # no deadline: it would wait for ever
    untimed.draw_chance()
    stubborn = Stubborn(0)
    assert decide(stubborn, untimed, 0, from_ms=10.0) == (PASS, None)
    assert len(stubborn.asked) == MAX_ASKS and stubborn.asked[:2] == [10.0, 11.0]
    assert len(state.history) == len(untimed.history) == 1  # nothing was applied


def test_remembers_is_set_for_bots_that_keep_a_memory() -> None:
    class Keeper(Spy):
        def observe(self, view: View) -> None:
            pass

    class Heir(Keeper):
        pass

    class Forgetful(Keeper):
        remembers = False

    assert not Bot.remembers and not Spy.remembers and not RandomBot.remembers
    assert Keeper.remembers and Heir.remembers and not Forgetful.remembers
    game = get_game("by-golly")
    # By Golly!'s bots that recall learn from the events they hear, not from views.
    for spec in ("memory", "perfect"):
        bot = make_bot(game, spec, 0, 0)
        assert bot.listens and not bot.remembers


def test_only_bots_that_remember_are_shown_the_table_after_every_step() -> None:
    class Watcher(Spy):
        def __init__(self, seat: int) -> None:
            super().__init__(seat, seat)
            self.shown: list[View] = []

        def observe(self, view: View) -> None:
            self.shown.append(view)

    class Unwatching(Watcher):
        remembers = False  # it has observe, but says it keeps no memory

    state = DICE_DUEL.new(2, 5, rounds=2)
    watching, not_watching = Watcher(0), Unwatching(1)
    play_out(state, [watching, not_watching])
    assert not not_watching.shown
    # After every step, a decision counting as one: 2 rolls, 2 decisions, 2 turns, and
    # the start.
    assert len(watching.shown) == 7
    assert watching.shown[-1] == state.view(0)


def test_a_real_clock_table_asks_bots_at_their_moments_and_waits_for_the_person() -> None:
    now = [100.0]  # the wall clock, in seconds
    state = DICE_DUEL.new(2, 7, rounds=1, deadline_ms=1000)
    state.draw_chance()
    bot = Stubborn(1)
    driver = BotDriver(state, [None, bot], RealClock(lambda: now[0]))
    driver.open_window()
    assert driver.pump() == 1.0  # asked at once; wants to be asked again a ms later
    now[0] += 0.0035  # the timer fires late: every moment due by now is asked, in order
    assert driver.pump() == 4.0
    assert bot.asked == [0.0, 1.0, 2.0, 3.0]
    driver.run_due(4.0)  # a key press at 4 ms: the bots due by then move first
    driver.apply(0, "bid 2", 4.0)
    assert driver.is_open and driver.choosers == {1}
    now[0] = 101.0  # the deadline: the bot, still waiting, passes
    assert driver.pump() is None and not driver.is_open and not driver.clock.running
    assert [(s.seat, s.value, s.at_ms) for s in state.history[1:]] == [
        (0, "bid 2", 4.0), (1, "pass", 1000.0)]


def test_a_window_waits_its_grace_past_the_deadline_before_it_expires() -> None:
    """The server's grace (``server.fairness.grace_ms``): an action a far player sent in
    time may still arrive after the deadline, so the window expires only once the grace
    has passed, and an action then placed by the deadline still counts."""
    now = [100.0]
    state = DICE_DUEL.new(2, 7, rounds=1, deadline_ms=1000)
    state.draw_chance()
    driver = BotDriver(state, [None, None], RealClock(lambda: now[0]))
    driver.open_window()
    assert driver.pump(grace_ms=250.0) == 1250.0  # only people: come back at the expiry
    now[0] += 1.1  # past the deadline, within the grace
    assert driver.pump(grace_ms=250.0) == 1250.0 and driver.is_open
    driver.apply(0, "bid 2", 980.0)  # sent in time from far away
    now[0] += 0.2
    assert driver.pump(grace_ms=250.0) is None and not driver.is_open
    assert [(s.seat, s.value, s.at_ms) for s in state.history[1:]] == [
        (0, "bid 2", 980.0), (1, "pass", 1000.0)]


def test_a_window_taken_up_again_opens_at_its_last_time_and_a_new_bot_looks_at_once() -> None:
    """After a restart the server opens a window again at the time of its last action,
    and a bot seated in an open window (a stand-in) is asked at once."""
    now = [50.0]
    state = DICE_DUEL.new(2, 7, rounds=1, deadline_ms=1000)
    state.draw_chance()
    bots: list[Bot | None] = [None, None]
    driver = BotDriver(state, bots, RealClock(lambda: now[0]))
    driver.open_window(at_ms=400.0)
    assert driver.clock.now_ms() == pytest.approx(400.0)
    spy = Spy(1, 3)  # acts the moment it is asked
    bots[1] = spy
    driver.due_now(1)
    now[0] += 0.01
    driver.pump()
    assert [clock.now_ms for _, _, clock in spy.seen] == [pytest.approx(400.0)]
    assert [(s.seat, s.at_ms) for s in state.history[1:]] == [(1, pytest.approx(400.0))]


def test_a_bot_taken_away_in_an_open_window_is_not_asked_again() -> None:
    """A person who takes their seat back from the server's stand-in mid-window: the
    stand-in's next moment passes without asking anyone, and the window waits for the
    person (or its deadline)."""
    now = [10.0]
    state = DICE_DUEL.new(2, 7, rounds=1, deadline_ms=1000)
    state.draw_chance()
    stand_in = Stubborn(1)
    bots: list[Bot | None] = [None, stand_in]
    driver = BotDriver(state, bots, RealClock(lambda: now[0]))
    driver.open_window()
    assert driver.pump() == 1.0 and stand_in.asked == [0.0]
    bots[1] = None  # the person is back
    now[0] += 0.5
    assert driver.pump() == 1000.0  # nobody to ask: only the deadline is left
    assert stand_in.asked == [0.0] and driver.is_open
    driver.apply(1, "bid 1", 600.0)
    now[0] += 0.6
    assert driver.pump() is None and not driver.is_open


def test_a_simulated_window_with_a_seat_no_bot_plays_is_an_error() -> None:
    state = DICE_DUEL.new(2, 7, rounds=1)  # no deadline: it would wait for ever
    state.draw_chance()
    with pytest.raises(ValueError, match=r"seats \[0\] have no bot"):
        run_window(state, [None, make_bot(DICE_DUEL, "random", 1, 1)])


def test_listens_is_set_for_bots_that_hear_the_events() -> None:
    class Ear(Spy):
        def hear(self, events: Sequence[Event]) -> None:
            pass

    class Deaf(Ear):
        listens = False

    assert not Bot.listens and not Spy.listens
    assert Ear.listens and not Deaf.listens
    game = get_game("fliegen-klatschen")
    assert make_bot(game, "sharp:adaptive", 1, 0).listens  # it measures the person


def test_a_listening_bot_hears_every_event_once_in_its_seats_form_before_it_acts() -> None:
    game = get_game("superfly")  # its dealt cards are secret: each seat hears its own
    state = game.new(3, seed=4)

    class Ear(Spy):
        def __init__(self, seat: int) -> None:
            super().__init__(seat, seat)
            self.heard: list[Event] = []
            self.behind = 0  # times it was asked before hearing all that had happened

        def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
            self.behind += len(self.heard) != len(self.forms())
            return super().act(view, legal, clock)

        def hear(self, events: Sequence[Event]) -> None:
            self.heard.extend(events)

        def forms(self) -> list[Event]:
            seen = (e.seen_by(self.seat) for e in state.events)
            return [e for e in seen if e is not None]

    ears = [Ear(0), Ear(1), Ear(2)]
    play_out(state, ears)
    for ear in ears:
        assert ear.heard == ear.forms() and ear.behind == 0 and len(ear.seen) > 10
    secret = [e for e in ears[1].heard if type(e).__name__ == "CardDealt"]
    assert {e.card is None for e in secret} == {True, False}  # others' cards hidden


# -- bots that time themselves (Bot.when) ----------------------------------------------------
class Timer(Bot):
    """Waits for its moment, known from the clock alone, then bids; counts its views."""

    name = "timer"

    def __init__(self, seat: int, moment: float) -> None:
        super().__init__(seat)
        self.moment = moment
        self.views = 0
        self.whens: list[float] = []

    def when(self, clock: Clock) -> float | None:
        self.whens.append(clock.now_ms)
        return self.moment if clock.now_ms < self.moment else None

    def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
        self.views += 1
        if clock.now_ms < self.moment:
            return Wait(self.moment)
        return legal[0]


def test_times_itself_is_set_for_bots_that_say_when_they_act() -> None:
    class Untimed(Timer):
        times_itself = False

    assert not Bot.times_itself and not Spy.times_itself
    assert Timer.times_itself and not Untimed.times_itself
    game = get_game("fliegen-klatschen")
    assert make_bot(game, "sharp", 1, 0).times_itself


def test_a_bot_that_times_itself_is_shown_the_table_only_when_it_acts() -> None:
    state = DICE_DUEL.new(2, 3, rounds=1, deadline_ms=100)
    state.draw_chance()
    timer = Timer(0, 40.0)
    run_window(state, [timer, make_bot(DICE_DUEL, "random", 1, 1)])
    mine = [step for step in state.history if step.seat == 0]
    assert [step.at_ms for step in mine] == [40.0]
    assert timer.whens[0] == 0.0 and timer.views == 1  # asked when at 0, shown at 40
    # decide (the adapters' way) asks the same questions and gets the same moment.
    state = DICE_DUEL.new(2, 3, rounds=1, deadline_ms=100)
    state.draw_chance()
    timer = Timer(0, 40.0)
    assert decide(timer, state, 0) == (state.legal_actions(0)[0], None)
    assert timer.views == 1
    # A moment not later than now moves time on by the Wait rule, as Wait(now) does.
    stubborn = Timer(0, math.inf)
    stubborn.when = lambda clock: clock.now_ms  # type: ignore[method-assign]
    state = DICE_DUEL.new(2, 3, rounds=1, deadline_ms=5)
    state.draw_chance()
    run_window(state, [stubborn, make_bot(DICE_DUEL, "random", 1, 1)])
    assert stubborn.views == 0
    assert [(s.value, s.at_ms) for s in state.history if s.seat == 0] == [("pass", 5.0)]


def test_reads_view_is_unset_only_for_bots_that_say_so() -> None:
    class Reader(RandomBot):  # its own act may read the view
        def act(self, view: View, legal: Sequence[Any], clock: Clock) -> Any:
            return super().act(view, legal, clock)

    assert Bot.reads_view and not RandomBot.reads_view and Reader.reads_view
    assert not make_bot(get_game("fluster"), "random", 0, 0).reads_view
    assert make_bot(get_game("fluster"), "wordsmith", 0, 0).reads_view


@spies_on_methods
@pytest.mark.parametrize("game_id", ["fliegen-klatschen", "fluster", "by-golly"])
def test_a_bot_that_reads_no_view_is_shown_none_and_plays_the_same_games(game_id: str) -> None:
    """Random bots are never shown a built view (turns, windows, joint choices; the
    driver's way and the adapters' ``decide``), and play move for move as when shown it."""
    game = get_game(game_id)
    for seed in range(3):
        games = []
        for reads in (True, False):
            state = game.new(4, seed)
            built = [0]
            view = state.view

            def counting(*args: Any, view: Any = view, built: list[int] = built) -> Any:
                built[0] += 1
                return view(*args)

            state.view = counting  # type: ignore[method-assign]
            bots = [make_bot(game, "random", seat, seed * 10 + seat) for seat in range(4)]
            for bot in bots:
                bot.reads_view = reads  # type: ignore[misc]
            games.append(play_out(state, bots).history)
            assert (built[0] > 0) is reads
            # decide, as the adapters ask: a turn or a joint choice, no view built.
            replay = game.new(4, seed)
            replay.view = counting  # type: ignore[method-assign]
            built[0] = 0
            for _ in range(40):
                acting = replay.acting()
                if acting.kind == "over":
                    break
                if acting.kind == "chance":
                    replay.draw_chance()
                    continue
                seat = acting.seats[0]
                action, at = decide(bots[seat], replay, seat)
                replay.apply(seat, action, at)
            assert (built[0] > 0) is reads
        assert games[0] == games[1]


@spies_on_methods
@pytest.mark.parametrize("players", [2, 4, 5])
def test_sharp_plays_the_same_games_asked_when_or_not(players: int) -> None:
    game = get_game("fliegen-klatschen")
    for seed in range(3):
        histories, views = [], []
        for timed in (True, False):
            bots = [make_bot(game, "sharp:quick" if seat % 2 else "sharp", seat, seed)
                    for seat in range(players)]
            counted = [0]
            for bot in bots:
                bot.times_itself = timed  # type: ignore[misc]
                act = bot.act

                def counting(view: View, legal: Sequence[Any], clock: Clock,
                             act: Any = act, counted: list[int] = counted) -> Any:
                    counted[0] += 1
                    return act(view, legal, clock)

                bot.act = counting  # type: ignore[method-assign]
            state = play_out(game.new(players, seed), bots)
            histories.append(state.history)
            views.append(counted[0])
        assert histories[0] == histories[1]
        if players < 5:  # two hands each: the questions between them read no view
            assert views[0] < views[1]
        else:  # one hand each: a seat is done once its hand is down
            assert views[0] == views[1]
