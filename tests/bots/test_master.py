"""The ``master`` bots (``bots.master``): search over sampled worlds, within a budget,
without ever reading what the seat cannot see."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from typing import Any, cast

import pytest

from gamenight.bots.base import Bot, Clock, make_bot
from gamenight.bots.driver import BotDriver, decide
from gamenight.bots.master import MARGIN, MasterBot, MasterPlan, play_until
from gamenight.engine import GameState, OptionError, View
from gamenight.games import GAMES, get_game
from gamenight.games.by_golly.actions import Turn
from gamenight.games.by_golly.bots import PerfectBot
from gamenight.games.by_golly.cards import KIND_OF_NAME
from gamenight.games.fluster.actions import Call
from gamenight.games.fluster.board import SYMBOLS
from gamenight.games.fluster.bots import RIVAL_CALLS, WordsmithBot, block_worth, pattern_index
from gamenight.games.fluster.rules import FlusterState
from gamenight.games.fly.actions import Drop
from gamenight.games.fly.bots import AimerBot
from gamenight.games.fly.rules import FlyState
from gamenight.games.fly.table import score
from gamenight.sim.runner import make_bots, play_out
from gamenight.sim.simulate import simulate


class _Plans(dict[str, MasterPlan]):
    def __missing__(self, game_id: str) -> MasterPlan:
        self[game_id] = plan_of(game_id)
        return self[game_id]


def plan_of(game_id: str) -> MasterPlan:
    """The plan the game's master searches with: the one declared in the game's own
    package, as its ``bots()`` hands the master out."""
    master = get_game(game_id).bots()["master"]
    assert isinstance(master, type) and issubclass(master, MasterBot)
    return master.plan


#: Each game's master plan, by game id, made when a test first asks (Fluster's master
#: loads its word list, seconds that every worker would otherwise pay while collecting).
PLANS = _Plans()

#: A table of each game where a master searches (two seats; Superfly's is a variant).
TABLES: dict[str, dict[str, Any]] = {
    "superfly": {"two_players": True},
    "by-golly": {},
    "fluster": {},
    "fly": {},
}


def searched_decision(game_id: str, seed: int = 3) -> tuple[GameState[Any], int]:
    """A state of a game among default bots, some steps in (so something is hidden),
    where a master would search, and the seat to choose."""
    game = get_game(game_id)
    state = game.new(2, seed, **TABLES[game_id])
    bots = make_bots(game, [game.default_bot] * 2, seed)
    driver = BotDriver(state, bots)
    steps = 0
    while True:
        driver.show()
        acting = state.acting()
        assert acting.kind != "over", "no decision found"
        if acting.kind == "chance":
            state.draw_chance()
            continue
        steps += 1
        seat = acting.seats[0]
        choices = len(state.legal_actions(seat))
        # Few choices are all searched; many (FLY's aims) through the prior's answers.
        if steps > 6 and (2 <= choices <= 12 or game_id == "fly"):
            return state, seat
        if acting.kind == "turn":
            driver.take_turn(seat)
        else:
            driver.run_window()


def master(game_id: str, seat: int, spec: str = "master:worlds=4") -> MasterBot:
    bot = make_bot(get_game(game_id), spec, seat, seed=11)
    assert isinstance(bot, MasterBot)
    return bot


# -- it searches, and only over what its seat could know -------------------------------
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_search_gives_the_same_decision_on_twins_the_seat_cannot_tell_apart(
        game_id: str) -> None:
    state, seat = searched_decision(game_id)
    for k in range(2):
        twin = state.resample(seat, random.Random(k))
        assert twin.view(seat) == state.view(seat)
        one, two = master(game_id, seat), master(game_id, seat)
        assert decide(one, state, seat)[0] == decide(two, twin, seat)[0]
        assert one.last is not None and two.last is not None
        assert one.last.means == two.last.means  # the same worlds, the same values
        assert one.last.worlds == 4


def test_the_driver_hands_a_searching_bot_a_sampler_and_never_the_state() -> None:
    state, seat = searched_decision("superfly")
    handed: list[object] = []

    bot = master("superfly", seat)
    real = bot.search_with

    def spy(sample: Any) -> None:
        handed.append(sample)
        real(sample)

    bot.search_with = spy  # type: ignore[method-assign]
    before = state.digest()
    decide(bot, state, seat)
    assert len(handed) == 1
    world = handed[0](random.Random(0))  # type: ignore[operator]
    assert world is not state and world.view(seat) == state.view(seat)
    assert state.digest() == before  # the search changed nothing at the table


def test_without_a_sampler_a_master_plays_as_its_prior() -> None:
    state, seat = searched_decision("by-golly")
    bot = master("by-golly", seat)
    prior = make_bot(get_game("by-golly"), "perfect", seat, seed=11)
    legal = state.legal_actions(seat)
    assert bot.act(state.view(seat), legal, Clock()) == prior.act(state.view(seat), legal,
                                                                   Clock())
    assert bot.last is None


# -- the budget -----------------------------------------------------------------------
class CountedClock:
    """A clock that moves on ``step`` seconds each rollout (counted, not timed)."""

    def __init__(self, bot: MasterBot, step: float) -> None:
        self.now = 0.0
        self.rollouts = 0
        rollout = bot._rollout

        def counted(*args: Any) -> float:
            self.rollouts += 1
            self.now += step
            return rollout(*args)

        bot._rollout = counted  # type: ignore[method-assign]
        bot.clock = lambda: self.now


@pytest.mark.parametrize("time_ms", [25, 50, 95])
def test_master_stops_within_its_budget_and_one_rollout(time_ms: int) -> None:
    state, seat = searched_decision("superfly")
    bot = master("superfly", seat, f"master:time_ms={time_ms}")
    clock = CountedClock(bot, 0.010)  # every rollout takes 10 ms
    decide(bot, state, seat)
    # Asked before every rollout whether time is left: at most one rollout past it.
    assert clock.rollouts <= time_ms // 10 + 1
    assert clock.rollouts >= time_ms // 10
    assert bot.last is not None and bot.last.rollouts == clock.rollouts


def test_master_counts_the_threads_cpu_time_and_stops_soon_after_its_budget() -> None:
    state, seat = searched_decision("superfly")
    bot = master("superfly", seat, "master:time_ms=60")
    longest = 0.0
    rollout = bot._rollout

    def timed(*args: Any) -> float:
        nonlocal longest
        t = time.thread_time()
        value = rollout(*args)
        longest = max(longest, time.thread_time() - t)
        return value

    bot._rollout = timed  # type: ignore[method-assign]
    assert bot.clock is time.thread_time
    started = time.thread_time()
    decide(bot, state, seat)
    spent = time.thread_time() - started
    # The prior's own answer and the first world's draw come on top of the search.
    assert spent <= 0.060 + longest + 0.050


def test_a_fixed_number_of_worlds_searches_exactly_that_many() -> None:
    state, seat = searched_decision("superfly")
    bot = master("superfly", seat, "master:worlds=5")
    decide(bot, state, seat)
    assert bot.last is not None and bot.last.worlds == 5
    assert bot.last.rollouts == 5 * len(bot.last.candidates)


# -- whole games ----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["superfly", "by-golly", "fly", "fliegen-klatschen"])
def test_master_plays_whole_games_through_simulate(game_id: str) -> None:
    game = get_game(game_id)
    options = {"two_players": True} if game_id == "superfly" else {}
    results = simulate(game_id, 1, 2, ["master:worlds=1", game.default_bot], seed=5,
                       workers=1, options=options)
    assert len(results) == 1 and not results[0].truncated


def test_master_plays_a_whole_game_of_fluster_through_the_driver() -> None:
    game = get_game("fluster")
    state = game.new(2, 2)
    bots: list[Bot[Any]] = [make_bot(game, "master:time_ms=1", 0, 1),
                            make_bot(game, "wordsmith", 1, 2)]
    play_out(state, bots)
    assert state.outcome() is not None


def test_in_fliegen_klatschen_master_plays_as_sharp_at_its_best() -> None:
    game = get_game("fliegen-klatschen")
    results = [simulate("fliegen-klatschen", 2, 2, [spec, "sharp"], seed=9, workers=1)
               for spec in ("master", "sharp:expert")]
    assert [r.scores for r in results[0]] == [r.scores for r in results[1]]
    assert not make_bot(game, "master", 0, 0).plan.search  # type: ignore[attr-defined]


# -- options --------------------------------------------------------------------------
@pytest.mark.parametrize(("spec", "says"), [
    ("master:time_ms=fast", "time_ms is a time in ms"),
    ("master:time_ms=0", "time_ms is a time in ms"),
    ("master:time_ms=nan", "time_ms is a time in ms"),
    ("master:worlds=2.5", "worlds is a whole number"),
    ("master:worlds=0", "worlds is a whole number"),
    ("master:worlds=3:time_ms=100", "time_ms or worlds, not both"),
    ("master:depth=3", "takes no parameter 'depth'"),
    ("master:grandmaster", "has no level 'grandmaster'"),
])
def test_bad_master_options_say_what_is_wrong(spec: str, says: str) -> None:
    with pytest.raises(OptionError, match=says):
        make_bot(get_game("superfly"), spec, 0, 0)


def test_every_game_offers_a_master_with_a_200_ms_default() -> None:
    for game_id in ("fly", "superfly", "fluster", "by-golly", "fliegen-klatschen"):
        bot = make_bot(get_game(game_id), "master", 0, 0)
        assert isinstance(bot, MasterBot) and bot.time_ms == 200 and bot.worlds is None
        assert bot.searches


def test_the_server_does_not_offer_master_it_would_hold_every_room_while_it_thinks() -> None:
    from gamenight.server.config import Pauses
    from gamenight.server.room import Room

    with pytest.raises(OptionError, match="does not offer searching bots"):
        # Refused before anything is stored: no store or key is needed to see it.
        Room.create(get_game("superfly"), 3, {}, [None, "master", "collector"], 60.0,
                    store=None, key=None, pauses=Pauses.none())  # type: ignore[arg-type]


# -- what a rollout starts from and where it stops -----------------------------------------
def superfly_swat(players: int, chosen: int, seed: int = 4) -> GameState[Any]:
    """A Superfly swat at ``players`` seats in which the first ``chosen`` seats chose."""
    state = get_game("superfly").new(players, seed)
    while state.acting().kind != "simultaneous":
        state.draw_chance()
    for seat in range(chosen):
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_in_each_world_the_others_choices_already_made_are_made_again_by_the_rollout_bots(
        ) -> None:
    # resample redraws them at random (the seat saw only who chose); searched as they
    # come, the candidates would meet swats thrown at random, not the players' own.
    state = superfly_swat(4, 2)
    bot = master("superfly", 2)
    world = bot._undecided(state.resample(2, random.Random(1)))
    assert len(world.history) == len(state.history) - 2
    assert world.acting().seats == (0, 1, 2, 3)
    assert world.view(2) | {"chosen": []} == state.view(2) | {"chosen": []}
    # The seat's own step, and anything before the decision, are kept.
    bot.seat = 0
    own = superfly_swat(4, 1)
    assert bot._undecided(own) is own


def test_outside_a_simultaneous_decision_the_world_is_kept_whole() -> None:
    state, seat = searched_decision("by-golly")
    bot = master("by-golly", seat)
    world = state.resample(seat, random.Random(0))
    assert bot._undecided(world) is world


def test_superfly_rollouts_stop_at_the_rounds_end_valued_by_the_token() -> None:
    horizon = PLANS["superfly"].horizon
    assert horizon is not None
    state = get_game("superfly").new(3, 2)
    driver = BotDriver(state, make_bots(state.game, ["collector"] * 3, 2))
    begun = state.round
    stop = horizon.stop_at(state)
    value = play_until(driver, lambda: horizon.value(state, 0, stop))
    assert value is not None and state.acting().kind != "over"
    gained = [now - then for now, then in zip(state.tokens, stop[1], strict=True)]
    assert state.round == begun + 1 and max(gained) == 1
    winners = [s for s, g in enumerate(gained) if g]
    assert value == pytest.approx((1 / len(winners) if 0 in winners else 0)
                                  + MARGIN * (state.tokens[0] - max(state.tokens[1:]))
                                  / (state.tokens[0] + max(state.tokens[1:])))
    # A whole game is played to its end when no horizon stops it first.
    assert play_until(driver, lambda: None) is None and state.is_over


@pytest.mark.parametrize("players", [2, 4])
def test_fly_rollouts_stop_after_two_drops_of_every_seat_valued_by_the_standing(
        players: int) -> None:
    """The points gained meanwhile (the flies, as a fraction of a point, where points
    tie: the end's tie-break) decide the "win"."""
    horizon = PLANS["fly"].horizon
    assert horizon is not None
    game = get_game("fly")
    state = cast(FlyState, game.new(players, 5))
    driver = BotDriver(state, make_bots(game, ["aimer:quick"] * players, 5))
    driver.play_to_end(lambda: state.drops >= 3)  # into the game, a swatter in hand
    begun = state.drops
    before = state.standing
    stop = horizon.stop_at(state)
    value = play_until(driver, lambda: horizon.value(state, 0, stop))
    assert value is not None and not state.is_over
    assert state.drops == begun + 2 * players
    now = state.standing
    for seat, mine in enumerate(state.collected):
        assert now[seat] == score(mine) + len(mine) / 28
    gained = [n - b for n, b in zip(now, before, strict=True)]
    best = max(gained)
    winners = [s for s, g in enumerate(gained) if g == best] if best > 0 else []
    theirs = max(now[1:])
    lead = (now[0] - theirs) / (now[0] + theirs) if now[0] + theirs else 0.0
    assert value == pytest.approx((1 / len(winners) if 0 in winners else 0) + MARGIN * lead)


@pytest.mark.parametrize("players", [2, 4])
def test_fluster_rollouts_stop_four_calls_on_valued_by_the_pads_worth(
        players: int) -> None:
    """The calls are the wordsmith's own; the seats whose pads the wordsmith weighs
    highest (an estimate of the end's scores, not what was gained meanwhile) share the
    "win"."""
    plan = PLANS["fluster"]
    horizon = plan.horizon
    assert horizon is not None and not horizon.since
    rollout_bots = master("fluster", 0)._rollout_bots(players, 1)
    assert all(type(bot) is WordsmithBot for bot in rollout_bots)
    game = get_game("fluster")
    state = cast(FlusterState, game.new(players, 5))
    driver = BotDriver(state, make_bots(game, [plan.rollout] * players, 5))
    driver.play_to_end(lambda: state.turns >= 7)  # some letters on every pad
    begun = state.turns
    stop = horizon.stop_at(state)
    value = play_until(driver, lambda: horizon.value(state, 0, stop))
    assert value is not None and not state.is_over
    assert state.turns == begun + 4  # four calls, at any table size
    index = pattern_index(state.words)
    now = [block_worth(index, "".join(left)) + block_worth(index, "".join(right))
           for left, right in state.blocks]
    assert len(set(now)) > 1, "pads this far in are worth different amounts"
    winners = [s for s, w in enumerate(now) if w == max(now)]
    theirs = max(now[1:])
    assert value == pytest.approx((1 / len(winners) if 0 in winners else 0)
                                  + MARGIN * (now[0] - theirs) / (now[0] + theirs))


def test_with_several_rivals_each_must_clear_more_so_that_luck_rarely_picks_one() -> None:
    plan = PLANS["superfly"]
    assert plan.familywise and plan.z == 1.0
    assert plan.rival_z(1) == 1.0  # a duel: the plan's own z
    # Three rivals (four-player swats): each at the level a third of one's, 1.62.
    assert plan.rival_z(3) == pytest.approx(1.6175, abs=1e-4)
    assert PLANS["fluster"].rival_z(3) == PLANS["fluster"].z  # tuned without it


def decisions(game_id: str, spec: str, players: int, seed: int,
              ) -> Iterator[tuple[GameState[Any], int, Bot[Any], View, list[Any]]]:
    """Each decision of a game among ``spec`` bots: the state, the seat to choose, its
    bot, view and legal actions; the bot takes its turn once the caller is done."""
    game = get_game(game_id)
    state = game.new(players, seed)
    bots = make_bots(game, [spec] * players, seed)
    driver = BotDriver(state, bots)
    while not state.is_over:
        driver.show()
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
            continue
        seat = acting.seats[0]
        yield state, seat, bots[seat], state.view(seat), state.legal_actions(seat)
        driver.take_turn(seat)


def test_by_golly_candidates_are_one_place_for_each_thing_the_perfect_bot_remembers() -> None:
    """The places a search tries are the ones memory tells apart: one of all those the
    seat knows nothing of, one per face it knows, one per shuffled group, the bot's own
    choice first and the rest by their worth; asking changes nothing the bot keeps."""
    turns = known = 0
    for seed in range(4):
        for _, seat, bot, view, legal in decisions("by-golly", "perfect", 3, seed):
            assert isinstance(bot, PerfectBot)
            chosen = legal[len(legal) // 2]
            kept = (bot.rng.getstate(), dict(bot.known), list(bot.groups), bot._plan)
            distinct = bot.distinct_choices(view, legal, chosen)
            assert (bot.rng.getstate(), bot.known, bot.groups, bot._plan) == kept
            assert distinct is not None and distinct[0] == chosen
            if isinstance(chosen, Turn):
                turns += 1
                known += len(bot.known) > 0
                beliefs = bot.beliefs(view["run"])
                kinds = [id(beliefs[a.place]) for a in distinct]
                assert len(set(kinds)) == len(kinds)  # no two alike
                assert set(kinds) == {id(beliefs[a.place]) for a in legal}  # none left out
                if view["phase"] == "turn" and view["laid"] is not None:
                    animal = KIND_OF_NAME[view["laid"]]
                    stakes = bot.stakes(view, beliefs)
                    worths = [bot.worth(beliefs[a.place], animal, stakes)
                              for a in distinct[1:]]
                    assert worths == sorted(worths, reverse=True)
                # The master searches just these, up to its width.
                searcher = master("by-golly", seat)
                searcher.prior = bot
                assert searcher._candidates(chosen, view, legal, random.Random(0)) == \
                    distinct[:PLANS["by-golly"].width]
            else:
                assert sorted(map(str, distinct)) == sorted(map(str, legal))
    assert turns > 100 and known > 50, (turns, known)


@pytest.mark.parametrize("players", [2, 4])
def test_fly_candidates_are_one_aim_for_each_set_of_flies_the_aimer_would_take(
        players: int) -> None:
    """The aims a FLY search tries take different flies if they land true (the aimer's
    other seeds mostly chose the same flies a flutter apart: only luck told them
    apart); asking draws nothing from the bot's generators."""
    rivals = 0
    for seed in range(2):
        for state, seat, bot, view, legal in decisions("fly", "aimer:expert", players, seed):
            assert isinstance(bot, AimerBot) and isinstance(state, FlyState)
            chosen = bot.act(view, legal, Clock())
            kept = (bot.rng.getstate(), bot.np_rng.bit_generator.state)
            distinct = bot.distinct_choices(view, legal, chosen)
            assert (bot.rng.getstate(), bot.np_rng.bit_generator.state) == kept
            assert distinct is not None and distinct[0] == chosen
            taken = [tuple(state.covered_slots(a.x, a.y, a.angle))
                     for a in distinct if isinstance(a, Drop)]
            assert len(taken) == len(distinct) and len(set(taken)) == len(taken)
            rivals += len(distinct) - 1
            searcher = master("fly", seat)
            searcher.prior = bot
            assert searcher._candidates(chosen, view, legal, random.Random(0)) \
                == distinct[:PLANS["fly"].width]
    assert rivals > 100, rivals


@pytest.mark.parametrize("players", [2, 4])
def test_fluster_calls_searched_are_the_wordsmith_s_best_by_its_own_gain(
        players: int) -> None:
    """As caller the search tries the wordsmith's call and its next best calls by the
    gain to its own pad (a search may find one worse for the others); writing, both
    blocks.  Asking draws nothing from the bot's generator."""
    calls = 0
    for _, seat, bot, view, legal in decisions("fluster", "wordsmith", players, 5):
        assert isinstance(bot, WordsmithBot)
        searcher = master("fluster", seat)
        searcher.prior = bot
        kept = bot.rng.getstate()
        chosen = legal[0]
        distinct = bot.distinct_choices(view, legal, chosen)
        assert bot.rng.getstate() == kept
        candidates = searcher._candidates(chosen, view, legal, random.Random(0))
        if not isinstance(chosen, Call):
            assert distinct is None and sorted(map(str, candidates)) == sorted(map(str, legal))
            continue
        calls += 1
        assert distinct is not None and distinct[0] == chosen
        assert len(distinct) == RIVAL_CALLS + 1 == len(set(distinct))
        assert all(call in legal for call in distinct)
        # Numbers 1-25: one called twice (both its squares filled) gains -inf for every
        # symbol, and the calls that gain more are the legal calls.
        gains = bot._call_gains(bot._pad_worth(view))
        gain = {(s, n): g for n, row in enumerate(gains.tolist(), start=1)
                for s, g in zip(SYMBOLS, row, strict=True) if g > -math.inf}
        assert set(gain) == {(c.letter, c.number) for c in legal}
        rivals = [gain[(c.letter, c.number)] for c in distinct[1:]]
        assert rivals == sorted(rivals, reverse=True)
        others = [g for call, g in gain.items() if Call(*call) not in distinct]
        assert max(others) <= min(rivals)
        assert candidates == distinct[:PLANS["fluster"].width]
    assert calls >= 20, calls


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_master_is_shown_views_and_events_exactly_when_its_prior_is(game_id: str) -> None:
    game = get_game(game_id)
    bot = make_bot(game, "master", 0, 0)
    assert isinstance(bot, MasterBot)
    assert (bot.remembers, bot.listens) == (bot.prior.remembers, bot.prior.listens)
    # By Golly!'s perfect bot learns from events; the others' priors keep no memory.
    assert bot.listens == (game_id == "by-golly") and not bot.remembers
