"""The bots: ``random`` aims anywhere over the table; ``aimer`` beats it (a sign test),
and an aimed drop at a lone fly covers it about as often as the flutter model says."""

from __future__ import annotations

import json
import math
import random

import pytest
from scipy.stats import binomtest, chisquare, norm

from gamenight.bots.base import Clock, make_bot
from gamenight.bots.levels import LEVELS
from gamenight.engine import OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games.fly.actions import Drop, aim_fields
from gamenight.games.fly.bots import HANDS, AimerBot, RandomDropBot, _fan_aims, _worth
from gamenight.games.fly.cards import COLOUR_OF, DECK_SIZE, FLIES, SYMBOL_OF
from gamenight.games.fly.geometry import (
    cover_reach,
    covered_flies,
    frame_box,
    line_angle,
    over_table,
    to_swatter,
)
from gamenight.games.fly.rules import GAME
from gamenight.games.fly.table import score
from gamenight.games.fly.weighing import best_first, covered_true, expected_worths
from gamenight.sim.runner import make_bots, play_out
from tests.games.fly.fly_table import fly_at, laid_out

GAMES = 60


@pytest.mark.slow
def test_aimer_beats_random_in_two_player_games() -> None:
    wins = losses = 0
    for i in range(GAMES):
        seed = derive_seed("fly-aimer-vs-random", i)
        aimer = i % 2  # alternate seats so that dropping first favours neither
        specs = ["random", "random"]
        specs[aimer] = "aimer"
        state = play_out(GAME.new(2, seed=seed), make_bots(GAME, specs, seed))
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        if outcome.shared:
            continue
        if outcome.winners == (aimer,):
            wins += 1
        else:
            losses += 1
    test = binomtest(wins, wins + losses, 0.5, alternative="greater")
    print(json.dumps({"aimer_wins": wins, "random_wins": losses, "games": GAMES,
                      "p": test.pvalue}))
    assert test.pvalue < 1e-6


def lone_fly_rate(drops: int, seed: int) -> tuple[int, float]:
    """Covers out of ``drops`` aimed drops by the aimer at a table with one fly."""
    state = laid_out(players=1, order=[7, 25, 26, *[c for c in range(25) if c != 7]],
                     seed=seed)
    state.table = [7, 25, 26]
    state._place_flies()
    bot = AimerBot(seat=0, seed=seed, level="expert")  # aims exactly where it chose
    covered = 0
    for _ in range(drops):
        view = state.view(0)
        drop = bot.act(view, state.legal_actions(0), Clock())
        trial = state.clone()
        trial.apply(0, drop)
        trial.draw_chance()
        covered += trial.collected[0] == [7]
        state.rng = trial.rng  # the next landing from where this one left the generator
    return covered, drops


def test_an_aimed_drop_at_a_lone_fly_covers_it_as_the_flutter_model_predicts() -> None:
    """Aimed at the fly's centre, the fly's offset in the swatter's frame is Normal(0,
    0.35) in each direction whatever the turn, so it is covered with probability
    P(|N| <= 0.5 - 0.275) * P(|N| <= 1.5 - 0.275) = 0.4795."""
    expected = (2 * norm.cdf(0.225 / 0.35) - 1) * (2 * norm.cdf(1.225 / 0.35) - 1)
    covered, drops = lone_fly_rate(1500, seed=11)
    test = binomtest(covered, drops, expected)
    print(json.dumps({"covered": covered, "drops": drops, "rate": covered / drops,
                      "expected": expected, "p": test.pvalue}))
    assert test.pvalue > 0.01
    # A model without the drift (always covered) or a wrong-sized fly is far off.
    assert binomtest(covered, drops, 0.6).pvalue < 1e-6


def test_the_aimer_aims_at_a_lone_flys_centre() -> None:
    state = laid_out(players=1)
    state.table = [7, 25, 26]
    state._place_flies()
    drop = AimerBot(seat=0, seed=1, level="expert").act(state.view(0),
                                                         state.legal_actions(0), Clock())
    x, y = fly_at(state, 0)
    assert math.hypot(drop.x - x, drop.y - y) <= 0.01


def test_the_aimer_lays_the_swatter_along_two_flies_that_fit_under_it() -> None:
    # Steady hands: the aim that covers two flies at once is worth more than one.
    state = laid_out(players=2, flutter=0.0)
    before = len(state.table)
    drop = AimerBot(seat=0, seed=3).act(state.view(0), state.legal_actions(0), Clock())
    state.apply(0, drop)
    state.draw_chance()
    assert len(state.collected[0]) >= 2 and len(state.table) == before - len(state.collected[0])


def test_random_aims_uniformly_over_the_table() -> None:
    state = laid_out(players=2)
    state.table = state.table[:20]  # rows 1 and 2, and two cards of row 3
    state._place_flies()
    bot = RandomDropBot(seat=0, seed=5)
    view, legal = state.view(0), state.legal_actions(0)
    drops = [bot.act(view, legal, Clock()) for _ in range(4000)]
    assert all(isinstance(d, Drop) and state.can(0, d) for d in drops)
    assert all(over_table(d.x, d.y, 20) for d in drops)
    # Equal areas get equal shares: the 20 card places, and 6 bands of angles.
    places = [0] * 20
    for d in drops:
        row, col = min(int(d.y // 3), 2), min(int(d.x), 8)
        places[min(row * 9 + col, 19)] += 1
    assert chisquare(places).pvalue > 0.01
    bands = [0] * 6
    for d in drops:
        bands[d.angle // 30] += 1
    assert chisquare(bands).pvalue > 0.01


def test_bot_specs_and_parameters() -> None:
    assert isinstance(make_bot(GAME, "aimer:expert:samples=8", 0, 1), AimerBot)
    for bad in ("aimer:samples=0", "aimer:keep=x", "aimer:sigma_pos=-1", "aimer:bogus=1"):
        with pytest.raises(OptionError):
            make_bot(GAME, bad, 0, 1)
    bot = make_bot(GAME, "aimer:sigma_pos=0.1:sigma_angle=5", 0, 1)
    assert isinstance(bot, AimerBot) and (bot.sigma_pos, bot.sigma_angle) == (0.1, 5.0)


def test_the_aimers_level_is_its_eye_and_hand_a_child_misses_most() -> None:
    assert list(HANDS) == list(LEVELS)
    misses = [HANDS[level][1] for level in LEVELS]
    assert misses == sorted(misses, reverse=True) and misses[-1] == 0.0
    state = laid_out(players=1)
    state.table = [7, 25, 26]
    state._place_flies()
    x, y = fly_at(state, 0)
    spread = {}
    for level in ("child", "average", "expert"):
        bot = AimerBot(seat=0, seed=5, level=level)
        drops = [bot.act(state.view(0), state.legal_actions(0), Clock()) for _ in range(60)]
        spread[level] = sum(math.hypot(d.x - x, d.y - y) for d in drops) / len(drops)
    assert spread["expert"] <= 0.01 < spread["average"] < spread["child"]


def test_the_aimers_pairs_and_trios_are_the_rule_worked_out_by_hand() -> None:
    # The aimer sorts out trios whose last two flies lie too far apart before it turns
    # them into the swatter's frame: the same aims as trying every trio, in the same
    # order, for random flies and swatters from narrower than a fly to wide.
    rng = random.Random(18)
    for _ in range(400):
        width = rng.choice([0.4, 0.55, 1.0, 1.3, 2.0])
        length = rng.choice([0.55, 1.5, 3.0, 4.0])
        radius = rng.choice([0.2, 0.275])
        span, spread = length - 2 * radius, width - 2 * radius
        first = (rng.uniform(0, 9), rng.uniform(0, 9))
        others = tuple((first[0] + rng.uniform(-2, 2), first[1] + rng.uniform(-2, 2))
                       for _ in range(rng.randrange(6)))
        plain = []
        for j, second in enumerate(others):
            angle = line_angle(first, second)
            plain.append(aim_fields((first[0] + second[0]) / 2, (first[1] + second[1]) / 2,
                                    angle))
            for third in others[j + 1:]:
                x, y, across, along = frame_box((first, second, third), angle)
                if across <= spread and along <= span:
                    plain.append(aim_fields(x, y, angle))
        assert list(_fan_aims(first, others, spread, span)) == plain


@pytest.mark.parametrize(("width", "length", "diameter"), [(1.0, 3.0, 0.55), (2.0, 4.0, 0.4),
                                                          (0.8, 1.5, 0.55)])
def test_the_aimers_first_stage_covers_what_the_rules_cover_where_it_lands_true(
        width: float, length: float, diameter: float) -> None:
    # The first stage turns (aim, fly) pairs into the swatter's frame in its own loops:
    # for each candidate of tables met in play, the flies it covers are those the rules' own
    # landing test (``covered_flies``) covers with the swatter exactly at the aim.
    state = GAME.new(3, seed=7, swatter_width=width, swatter_length=length,
                     fly_diameter=diameter)
    bots = make_bots(GAME, ["aimer:expert"] * 3, 7)
    bot = AimerBot(seat=0)
    reach = cover_reach(diameter / 2, width, length)
    tables = 0
    while state.acting().kind != "over" and tables < 12:
        if state.acting().kind == "chance":
            state.draw_chance()
            continue
        seat = state.acting().seats[0]
        view = state.view(seat)
        on_table = view["table"]
        table = bot._table_aims(on_table, width, length, diameter / 2)
        flies = [(e["slot"], e["id"], *e["fly"]) for e in on_table if e["fly"] is not None]
        assert table.aims
        for (x100, y100, angle), covered in zip(table.aims, table.covers, strict=True):
            slots = covered_flies(flies, x100 / 100, y100 / 100, angle, *reach)
            assert [flies[f][0] for f in covered] == slots
        tables += 1
        state.apply(seat, bots[seat].act(view, state.legal_actions(seat), Clock()))
    assert tables >= 8


def test_a_flys_worth_to_the_aimer_is_whole_twentieths_of_a_point() -> None:
    # Its points, 0.3 for any fly and 0.15 for each held fly of its colour or symbol (up
    # to two of each), counted in twentieths: whole numbers, whose sums are exact in any
    # order, so the aimer's choices do not depend on how they are added up.
    rng = random.Random(41)
    for _ in range(300):
        mine = tuple(rng.sample(range(DECK_SIZE), rng.randrange(12)))
        worth = _worth(mine)
        for card in range(FLIES):
            held = [c for c in mine if COLOUR_OF[c] >= 0]
            colour = sum(COLOUR_OF[c] == COLOUR_OF[card] for c in held)
            symbol = sum(SYMBOL_OF[c] == SYMBOL_OF[card] for c in held)
            gain = score([*mine, card]) - score(mine)
            assert worth[card] == 20 * gain + 6 + 3 * (min(colour, 2) + min(symbol, 2))
            assert float(worth[card]).is_integer()


def test_the_aimers_second_stage_is_the_rules_cover_test_at_every_landing() -> None:
    # Each kept aim's expected worth is the mean over its landings of the worths of the
    # flies the swatter's frame (``to_swatter``) and the rules' reach cover, worked out
    # here for every fly at every landing: its pre-test of the near flies sorts out none
    # that a landing covers, and its sums are exact.
    rng = random.Random(6)
    for _ in range(200):
        width = rng.choice([0.8, 1.0, 2.0])
        length = rng.choice([1.5, 3.0, 4.0])
        reach = cover_reach(rng.choice([0.2, 0.275]), width, length)
        flies = [(rng.uniform(0, 9), rng.uniform(0, 3)) for _ in range(rng.randrange(1, 25))]
        worths = [float(rng.randrange(6, 80)) for _ in flies]
        aims = [(rng.uniform(0, 9), rng.uniform(0, 3), math.radians(rng.randrange(180)))
                for _ in range(rng.randrange(1, 17))]
        samples = rng.choice([1, 8, 32])
        drawn = [[rng.gauss(0, 1) for _ in range(samples)] for _ in range(3)]
        sigma_pos = rng.choice([0.0, 0.1, 0.35, 0.7])
        sigma_angle = math.radians(rng.choice([0.0, 5.0, 20.0]))
        by_hand = []
        for ax, ay, aa in aims:
            total = 0.0
            for s in range(samples):
                lx = ax + sigma_pos * drawn[0][s]
                ly = ay + sigma_pos * drawn[1][s]
                la = aa + sigma_angle * drawn[2][s]
                for (fx, fy), worth in zip(flies, worths, strict=True):
                    u, v = to_swatter(fx, fy, lx, ly, math.cos(la), math.sin(la))
                    if abs(u) <= reach[0] and abs(v) <= reach[1]:
                        total += worth
            by_hand.append(total / samples)
        assert expected_worths(flies, worths, aims, drawn, sigma_pos, sigma_angle,
                               *reach) == by_hand


def test_the_aims_weighed_with_care_are_a_stable_sorts_best() -> None:
    # ``best_first`` keeps the largest worths, the largest first and of equal ones the
    # first, in one pass: a stable sort's first ``keep``, ties (common: the worths are
    # whole twentieths) included.
    rng = random.Random(16)
    for _ in range(2000):
        worths = [float(rng.choice([0, 6, 9, 12, 26, 35, 52]) + rng.choice([0, 6, 9]))
                  for _ in range(rng.randrange(250))]
        keep = rng.randrange(1, 40)
        expected = sorted(range(len(worths)), key=lambda i: -worths[i])[:keep]
        assert best_first(worths, keep) == expected


def test_the_first_stage_measures_every_fly_the_rules_cover_and_no_other() -> None:
    # ``covered_true`` measures only the flies near an aim, found by their x: the very
    # flies that the swatter's frame and the rules' reach cover, every fly tried, for
    # random flies, aims and swatters (flies in a column, at equal x, included).
    rng = random.Random(41)
    for _ in range(300):
        reach = cover_reach(rng.choice([0.2, 0.275]), rng.choice([0.8, 1.0, 2.0]),
                            rng.choice([1.5, 3.0, 4.0]))
        columns = [rng.uniform(0, 9) for _ in range(3)]
        flies = [(rng.choice(columns) if rng.random() < 0.3 else rng.uniform(0, 9),
                  rng.uniform(0, 3)) for _ in range(rng.randrange(0, 26))]
        aims = [(rng.randrange(900), rng.randrange(300), rng.randrange(180))
                for _ in range(rng.randrange(1, 60))]
        spots, covers = covered_true(flies, aims, *reach)
        for (x100, y100, angle), spot, covered in zip(aims, spots, covers, strict=True):
            aa = math.radians(angle)
            assert spot == (x100 / 100, y100 / 100, aa)
            plain = []
            for f, (fx, fy) in enumerate(flies):
                u, v = to_swatter(fx, fy, x100 / 100, y100 / 100, math.cos(aa), math.sin(aa))
                if abs(u) <= reach[0] and abs(v) <= reach[1]:
                    plain.append(f)
            assert list(covered) == plain
