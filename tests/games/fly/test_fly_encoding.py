"""FLY's research encoding (docs/interop/fly.md): the aim grid and the pair and triple
aims as numbered actions, the public table as a tensor, and resampling a state that hides
nothing but the landings still to come."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import numpy as np
import pytest

from gamenight.bots.base import Clock
from gamenight.engine import IllegalAction
from gamenight.games.fly.actions import AIM_GRID, AIMS_PER_PLACE, Drop
from gamenight.games.fly.bots import AimerBot, RandomDropBot
from gamenight.games.fly.cards import FLIES, TABLE_CARDS
from gamenight.games.fly.encoding import (
    GRID_ACTIONS,
    NUM_ACTIONS,
    PAIR_BASE,
    TRIPLE_BASE,
    FlyEncoding,
    footprint_distance,
    slot_places,
)
from gamenight.games.fly.geometry import (
    circle_inside_rectangle,
    line_aim,
    over_table,
    rectangle_corners,
)
from gamenight.games.fly.rules import GAME, FlyState
from gamenight.interop.encoding import encoding_for
from tests.games.fly.fly_table import fly_at, laid_out, land, order_with


def encoding(state: FlyState) -> FlyEncoding:
    enc = encoding_for(GAME, state.players, state.options)
    assert isinstance(enc, FlyEncoding)
    return enc


def check_decision(state: FlyState, enc: FlyEncoding, rng: random.Random) -> list[int]:
    """Every promise of the encoding at one decision; returns the legal indices."""
    seat = state.current
    view = state.view(seat)
    legal = enc.legal(view, state.legal_actions(seat))
    assert legal == sorted(set(legal)) and all(0 <= i < NUM_ACTIONS for i in legal)
    decoded = [enc.action(view, i) for i in legal]
    for i, aim in zip(legal, decoded, strict=True):
        state.verify(seat, aim)  # every legal index is an aim the rules accept
        assert enc.index(view, aim) == i  # and reads back to itself
    assert len(set(decoded)) == len(decoded)  # no aim is offered twice
    for aim in state.legal_actions(seat):  # the grid: its own index, and back exactly
        i = enc.index(view, aim)
        assert i in legal and enc.action(view, i) == aim
    # Aims off the offered set (anywhere over the table, as people and bots aim) go to
    # the nearest offered one, which the rules accept.
    others = [RandomDropBot(seat=seat, seed=rng.randrange(2**32)).act(view, [], Clock())
              for _ in range(5)]
    for aim in others:
        i = enc.index(view, aim)
        assert i in legal
        state.verify(seat, enc.action(view, i))
    for other in range(state.players):
        if other != seat:
            assert enc.legal(state.view(other), state.legal_actions(other)) == []
    check_observation(state, enc)
    return legal


def check_observation(state: FlyState, enc: FlyEncoding) -> None:
    for seat in range(state.players):
        obs = enc.observe(state.view(seat), seat)
        assert obs.shape == enc.observation_shape and obs.dtype == np.float32
        assert np.isfinite(obs).all()


def play_encoded(state: FlyState, enc: FlyEncoding, rng: random.Random,
                 check: bool = True) -> int:
    """Play to the end choosing uniformly among the encoded legal indices; returns the
    number of decisions."""
    decisions = 0
    while not state.is_over:
        if state.acting().kind == "chance":
            state.draw_chance()
            if check:
                check_observation(state, enc)
            continue
        seat = state.current
        view = state.view(seat)
        legal = (check_decision(state, enc, rng) if check
                 else enc.legal(view, state.legal_actions(seat)))
        state.apply(seat, enc.action(view, rng.choice(legal)))
        decisions += 1
    return decisions


# -- the numbering ----------------------------------------------------------------------
def test_the_game_registers_its_encoding_with_459_actions() -> None:
    enc = encoding_for(GAME, 2, {})
    assert isinstance(enc, FlyEncoding)
    assert enc.num_actions == NUM_ACTIONS == 243 + 2 * 27 * 4
    assert (GRID_ACTIONS, PAIR_BASE, TRIPLE_BASE) == (243, 243, 351)


def test_indices_0_to_242_are_the_rules_aim_grid_place_major() -> None:
    state = laid_out(2)
    enc = encoding(state)
    view = state.view(0)
    for i in range(GRID_ACTIONS):
        assert enc.action(view, i) == AIM_GRID[i]
    # Place k's aims are 9k to 9k + 8, each over place k.
    for place in range(TABLE_CARDS):
        for i in range(AIMS_PER_PLACE * place, AIMS_PER_PLACE * (place + 1)):
            aim = enc.action(view, i)
            assert place % 9 <= aim.x <= place % 9 + 1
            assert 3 * (place // 9) <= aim.y <= 3 * (place // 9) + 3


def test_the_grid_part_of_legal_is_the_places_still_holding_a_card() -> None:
    state = laid_out(1, flutter=0.0)
    enc = encoding(state)
    land(state, *fly_at(state, 0), 0)  # takes card 0: 26 cards remain
    view = state.view(0)
    legal = enc.legal(view, state.legal_actions(0))
    assert [i for i in legal if i < GRID_ACTIONS] == list(range(26 * AIMS_PER_PLACE))


def test_slot_places_name_the_neighbours_in_each_direction() -> None:
    assert slot_places(PAIR_BASE + 4 * 0 + 0) == (0, 1)  # right
    assert slot_places(PAIR_BASE + 4 * 0 + 1) == (0, 9)  # down
    assert slot_places(PAIR_BASE + 4 * 0 + 2) == (0, 10)  # down-right
    assert slot_places(PAIR_BASE + 4 * 1 + 3) == (1, 9)  # down-left
    assert slot_places(PAIR_BASE + 4 * 8 + 0) is None  # the row ends
    assert slot_places(PAIR_BASE + 4 * 18 + 1) is None  # no row 4
    assert slot_places(TRIPLE_BASE + 4 * 1 + 0) == (0, 1, 2)
    assert slot_places(TRIPLE_BASE + 4 * 10 + 1) == (1, 10, 19)
    assert slot_places(TRIPLE_BASE + 4 * 10 + 3) == (2, 10, 18)
    assert slot_places(TRIPLE_BASE + 4 * 0 + 0) is None
    assert slot_places(5) is None and slot_places(NUM_ACTIONS) is None


@pytest.mark.parametrize("seed", range(6))
def test_every_pair_and_triple_aim_covers_all_its_flies_when_it_falls_true(
        seed: int) -> None:
    state = GAME.new(2, seed=seed, flutter=0.0)
    state.draw_chance()
    enc = encoding(state)
    view = state.view(0)
    extra = [i for i in enc.legal(view, state.legal_actions(0)) if i >= PAIR_BASE]
    assert any(i < TRIPLE_BASE for i in extra) and any(i >= TRIPLE_BASE for i in extra)
    for i in extra:
        aim = enc.action(view, i)
        places = slot_places(i)
        assert places is not None
        assert set(places) <= set(state.covered_slots(aim.x, aim.y, aim.angle))
    # Fallen true, the first triple collects all three of its cards.
    first = next(i for i in extra if i >= TRIPLE_BASE)
    places = slot_places(first)
    assert places is not None
    cards = [state.table[p] for p in places]
    state.apply(0, enc.action(view, first))
    state.draw_chance()
    assert set(cards) <= set(state.collected[0])


def test_a_slot_over_a_blank_card_or_past_the_table_is_never_legal() -> None:
    state = laid_out(2, order_with({1: 25}), flutter=0.0)  # a blank at place 1
    enc = encoding(state)
    view = state.view(0)
    legal = set(enc.legal(view, state.legal_actions(0)))
    with_blank = [i for i in range(PAIR_BASE, NUM_ACTIONS) if 1 in (slot_places(i) or ())]
    assert with_blank and not legal & set(with_blank)
    for i in with_blank:
        with pytest.raises(IllegalAction):
            enc.action(view, i)
    # Shrink the table to its first row and a bit: no slot reaches past the last card.
    rng = random.Random(4)
    while len(state.table) > 11:
        place = rng.randrange(len(state.table))
        if state.table[place] < FLIES:
            land(state, *fly_at(state, place), 0)  # falls true: takes that card alone
    view = state.view(state.current)
    legal = enc.legal(view, state.legal_actions(state.current))
    assert max(legal) >= PAIR_BASE  # some pair or triple is still offered
    for i in legal:
        assert i < AIMS_PER_PLACE * 11 or max(slot_places(i) or (99,)) < 11


def slot_aims_by_hand(view: dict[str, Any]) -> dict[int, Drop | None]:
    """Every pair and triple slot's aim over the view's table, straight from the rule
    (docs/interop/fly.md): the fly centres the view shows, the line aim, over the table,
    and each of its flies covered by a swatter falling true, the rules' cover test."""
    flies = [None if e["fly"] is None else tuple(e["fly"]) for e in view["table"]]
    width, length = view["swatter"]["width"], view["swatter"]["length"]
    radius = view["fly_diameter"] / 2
    aims: dict[int, Drop | None] = {}
    for index in range(PAIR_BASE, NUM_ACTIONS):
        places = slot_places(index)
        aims[index] = None
        if places is None or max(places) >= len(flies):
            continue
        points = [flies[p] for p in places]
        if any(p is None for p in points):
            continue
        aim = Drop.aim(*line_aim(points))
        if over_table(aim.x, aim.y, len(flies)) and all(
                circle_inside_rectangle(fx, fy, radius, aim.x, aim.y, aim.angle, width, length)
                for fx, fy in points):
            aims[index] = aim
    return aims


@pytest.mark.parametrize("options", [
    {}, {"swatter_width": 1.5, "swatter_length": 4.0}, {"fly_diameter": 0.2},
    {"swatter_width": 2.5, "swatter_length": 2.5, "fly_diameter": 0.1},
    {"swatter_width": 0.7, "swatter_length": 6.0, "fly_diameter": 0.3}])
def test_the_offered_pairs_and_triples_are_the_rule_worked_out_by_hand(
        options: dict[str, Any]) -> None:
    """The offer's tables and caches give, over every table of many games, the very aims
    the rule gives by hand, in index order, a repeat offered once at its lowest index."""
    tables = 0
    for seed in range(5):
        state = GAME.new(1 + seed % 4, seed=seed, **options)
        enc = encoding(state)
        rng = random.Random(seed)
        while not state.is_over:
            if state.acting().kind == "chance":
                state.draw_chance()
                continue
            seat = state.current
            view = state.view(seat)
            by_hand = slot_aims_by_hand(view)
            lowest = {aim: i for i, aim in enumerate(state.legal_actions(seat))}  # the grid
            expected = []
            for index, aim in by_hand.items():
                if aim is not None and aim not in lowest:
                    lowest[aim] = index
                    expected.append(index)
            legal = enc.legal(view, state.legal_actions(seat))
            assert [i for i in legal if i >= PAIR_BASE] == expected
            for index, aim in by_hand.items():
                if aim is None:
                    with pytest.raises(IllegalAction):
                        enc.action(view, index)
                else:
                    assert enc.action(view, index) == aim
                    assert enc.index(view, aim) == lowest[aim]
            tables += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)) if rng.random() < 0.5
                        else RandomDropBot(seat, seed=rng.randrange(2**32)).act(view, [], Clock()))
    assert tables > 80


def test_legal_is_empty_unless_the_seat_holds_the_swatter() -> None:
    state = GAME.new(3, seed=1)
    enc = encoding(state)
    assert enc.legal(state.view(0), state.legal_actions(0)) == []  # the layout is due
    state.draw_chance()
    assert enc.legal(state.view(0), state.legal_actions(0))
    assert enc.legal(state.view(1), state.legal_actions(1)) == []
    state.apply(0, AIM_GRID[0])
    assert enc.legal(state.view(0), state.legal_actions(0)) == []  # it is falling


def test_an_aim_off_the_offered_set_goes_to_the_nearest_by_corner_distance() -> None:
    state = laid_out(2)
    enc = encoding(state)
    view = state.view(0)
    assert enc.index(view, Drop.aim(0.52, 1.01, 2)) == 0  # beside grid aim 0 (0.5, 1, 0)
    assert enc.index(view, Drop.aim(0.5, 1.0, 178)) == 0  # 178 degrees is 2 the other way
    legal = enc.legal(view, state.legal_actions(0))
    rng = random.Random(7)
    for _ in range(40):
        aim = Drop.aim(rng.uniform(-1, 10), rng.uniform(-1, 10), rng.randrange(180))
        chosen = enc.index(view, aim)
        best = min(corner_distance(aim, enc.action(view, i)) for i in legal)
        assert corner_distance(aim, enc.action(view, chosen)) == pytest.approx(best, abs=1e-9)


def corner_distance(a: Drop, b: Drop) -> float:
    """Least summed squared distance between two 1 x 3 swatters' corners, by hand."""
    mine = rectangle_corners(a.x, a.y, a.angle, 1.0, 3.0)
    theirs = rectangle_corners(b.x, b.y, b.angle, 1.0, 3.0)
    return min(sum(math.dist(mine[k], theirs[(k + shift) % 4]) ** 2 for k in range(4))
               for shift in (0, 2))


def test_the_footprint_distance_is_the_corner_distance_in_closed_form() -> None:
    rng = random.Random(3)
    for _ in range(50):
        a = (rng.uniform(0, 9), rng.uniform(0, 9), rng.uniform(0, 180))
        b = (rng.uniform(0, 9), rng.uniform(0, 9), rng.uniform(0, 180))
        w, length = rng.uniform(0.1, 3), rng.uniform(0.1, 5)
        ca, cb = rectangle_corners(*a, w, length), rectangle_corners(*b, w, length)
        by_corners = min(sum(math.dist(ca[k], cb[(k + s) % 4]) ** 2 for k in range(4))
                         for s in (0, 2))
        assert footprint_distance(a, b, w, length) == pytest.approx(by_corners)


# -- random games at the smallest and largest tables ---------------------------------------
@pytest.mark.parametrize(("players", "options"), [
    (1, {}),
    (4, {}),
    (2, {"swatter_width": 2.0, "swatter_length": 7.0, "fly_diameter": 0.3}),  # big swatter
    (3, {"flutter": 0.0}),
])
def test_random_games_every_legal_index_is_an_accepted_aim_and_reads_back(
        players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players, seed=20261129 + players, **options)
    enc = encoding(state)
    decisions = play_encoded(state, enc, random.Random(players))
    assert 0 < decisions <= enc.max_game_length
    outcome = state.outcome()
    assert outcome is not None
    low, high = enc.score_bounds
    assert all(low <= s <= high for s in outcome.scores)


def test_the_aimer_bots_drops_map_to_legal_indices_the_rules_accept() -> None:
    state = GAME.new(2, seed=8)
    enc = encoding(state)
    bots = [AimerBot(seat=s, seed=s, samples="8") for s in range(2)]
    while not state.is_over:
        if state.acting().kind == "chance":
            state.draw_chance()
            continue
        seat = state.current
        view = state.view(seat)
        aim = bots[seat].act(view, state.legal_actions(seat), Clock())
        i = enc.index(view, aim)
        assert i in enc.legal(view, state.legal_actions(seat))
        state.verify(seat, enc.action(view, i))
        state.apply(seat, aim)


def test_max_game_length_is_the_drop_cap_and_bounds_every_game() -> None:
    for seed in range(5):
        state = GAME.new(4, seed=seed, max_drops=12, flutter=3.0)
        enc = encoding(state)
        assert enc.max_game_length == 12
        assert play_encoded(state, enc, random.Random(seed), check=False) <= 12


def test_chance_is_sampled_and_the_game_is_of_perfect_information() -> None:
    enc = encoding_for(GAME, 4, {})
    assert enc.chance == "sampled" and enc.perfect_information
    assert enc.score_bounds == (0.0, float(FLIES))


# -- observations -------------------------------------------------------------------------
def test_the_observation_has_399_plus_39_per_seat_in_documented_slices() -> None:
    for players in range(1, 5):
        enc = encoding_for(GAME, players, {})
        assert isinstance(enc, FlyEncoding)
        assert enc.observation_shape == (399 + 39 * players,)
        sizes = [s.stop - s.start for s in enc.layout.slices.values()]
        assert sum(sizes) == enc.observation_shape[0]
        assert [s.start for s in enc.layout.slices.values()] == list(
            itertools.accumulate([0, *sizes[:-1]]))


def test_the_observation_is_built_from_the_view_only() -> None:
    # Two games with different seeds (different generators, so different hidden futures)
    # through the same steps give every seat the same view, and so the same tensor.
    first = GAME.new(3, seed=1)
    rng = random.Random(2)
    for _ in range(9):
        if first.acting().kind == "chance":
            first.draw_chance()
        else:
            first.apply(first.current, rng.choice(first.legal_actions(first.current)))
    second = GAME.new(3, seed=99)
    for step in first.history:
        if step.seat is None:
            second.apply_chance(step.value)
        else:
            second.apply_text(step.seat, step.value)
    assert first.rng.random() != second.rng.random()
    enc = encoding(first)
    for seat in range(3):
        assert first.view(seat) == second.view(seat)
        assert np.array_equal(enc.observe(first.view(seat), seat),
                              enc.observe(second.view(seat), seat))


def test_after_a_known_drop_the_slices_show_the_table_the_catch_and_the_turn() -> None:
    state = laid_out(2, flutter=0.0)  # cards 0-26 in place order: card 0 is a red star
    enc = encoding(state)
    s = enc.layout.slices
    fresh = enc.observe(state.view(0), 0)
    places = fresh[s["places"]].reshape(TABLE_CARDS, 14)
    assert places[:, 0].all()  # every place holds a card
    assert places[25, 1] == places[26, 1] == 1  # the blanks
    assert places[0, 2 + 0] == 1 and places[0, 7 + 0] == 1  # red, star
    assert places[0, 12:].tolist() == pytest.approx([0.5, 0.5])  # its fly at (0.5, 1.5)
    assert fresh[s["turn"]].tolist() == [1, 0] and fresh[s["phase"]].tolist() == [0, 1, 0, 0]
    state.apply(0, Drop.aim(0.5, 1.5, 0))
    falling = enc.observe(state.view(1), 1)
    assert falling[s["phase"]].tolist() == [0, 0, 1, 0]
    assert falling[s["aim"]].tolist() == pytest.approx([1, 0.5 / 9, 1.5 / 9, 0, 1])
    state.draw_chance()  # falls true: takes card 0 alone
    assert state.collected[0] == [0]
    for seat in (0, 1):
        obs = enc.observe(state.view(seat), seat)
        seats = obs[s["seats"]].reshape(2, 37)
        mine = seats[(0 - seat) % 2]  # seat 0's row, counted from the observer
        assert mine[0] == 1 and mine[1:25].sum() == 0
        assert mine[25 + 0] == pytest.approx(0.2) and mine[30 + 0] == pytest.approx(0.2)
        assert mine[35] == 0 and mine[36] == pytest.approx(1 / 25)  # no set: no point
        assert seats[(1 - seat) % 2].sum() == 0
        turn = [0.0, 0.0]
        turn[(1 - seat) % 2] = 1.0  # seat 1 holds the swatter now
        assert obs[s["turn"]].tolist() == turn
        last = obs[s["last_drop"]]
        assert last[0] == 1 and last[1 + (0 - seat) % 2] == 1
        assert last[3:7].tolist() == pytest.approx([0.5 / 9, 1.5 / 9, 0, 1])
        assert last[-1] == pytest.approx(1 / 25)
        assert obs[s["drops"]][0] == pytest.approx(1 / 1000)
    places = enc.observe(state.view(0), 0)[s["places"]].reshape(TABLE_CARDS, 14)
    assert places[0, 2 + 0] == 1 and places[0, 7 + 1] == 1  # card 1, red circle, slid in
    assert places[:, 0].sum() == 26


# -- resampling ---------------------------------------------------------------------------
def played(seed: int, steps: int) -> FlyState:
    state = GAME.new(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.acting().kind == "chance":
            state.draw_chance()
        else:
            state.apply(state.current, rng.choice(state.legal_actions(state.current)))
    return state


@pytest.mark.parametrize("steps", [0, 1, 2, 9, 30])
def test_resample_keeps_every_view_and_redraws_only_the_landings_to_come(steps: int) -> None:
    state = played(steps, steps)
    before = state.digest()
    enc = encoding(state)
    samples = [state.resample(seat, random.Random(k)) for k in range(4) for seat in (0, 2)]
    assert state.digest() == before  # self unchanged
    for seat, sample in zip([0, 2] * 4, samples, strict=True):
        assert len(sample.history) == len(state.history)
        # Step by step, the seat sees the same table in both.
        truth, other = GAME.new(3, seed=state.seed), GAME.new(3, seed=state.seed)
        for mine, theirs in zip(state.history, sample.history, strict=True):
            for game, step in ((truth, mine), (other, theirs)):
                if step.seat is None:
                    game.apply_chance(step.value)
                else:
                    game.apply_text(step.seat, step.value)
            assert truth.view(seat) == other.view(seat)
        assert sample.view(seat) == state.view(seat)
        assert np.array_equal(enc.observe(sample.view(seat), seat),
                              enc.observe(state.view(seat), seat))
    # What nobody has seen yet -- the next chance outcome -- is drawn afresh.
    if not state.is_over:
        truth = next_chance(state)
        nexts = [next_chance(s) for s in samples]
        assert len(set(nexts)) > 1 and any(n != truth for n in nexts)


def next_chance(state: FlyState) -> str:
    """The next chance outcome (after the same drop if a drop is due), as text."""
    state = state.clone()
    assert isinstance(state, FlyState)
    if state.acting().kind == "turn":
        state.apply(state.current, state.legal_actions(state.current)[0])
    return str(state.sample_chance())


def test_a_resampled_state_plays_on_legally_to_the_end() -> None:
    state = played(5, 20)
    sample = state.resample(1, random.Random(11))
    assert isinstance(sample, FlyState)
    play_encoded(sample, encoding(sample), random.Random(1), check=False)
    assert sample.is_over and sample.outcome() is not None
    assert not state.is_over or state.digest() != sample.digest()
