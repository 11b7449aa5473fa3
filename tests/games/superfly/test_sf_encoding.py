"""Superfly's research encoding and resampler: actions map to indices and back, the
observation is the seat's view as numbers and nothing else, every chance event is
listed, and a resampled game looks the same to the seat at every step while the cards it
never saw and the others' secret swats are drawn afresh."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from gamenight.engine import PASS, IllegalAction, View
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.cards import DECK_SIZE, DIE_FACES, NUMBER_OF
from gamenight.games.superfly.encoding import (
    ENCODING,
    NUM_ACTIONS,
    PASS_INDEX,
    SuperflyEncoding,
)
from gamenight.games.superfly.rules import GAME, SuperflyState
from gamenight.interop.encoding import encoding_for
from gamenight.sim.random_play import random_playout
from tests.games.superfly.sf_table import fly, play_turn, swat, table

#: The smallest table (the 2-player variant), the rulebook's smallest, and the largest.
TABLES = [2, 3, 5]


def new_game(players: int, seed: int, **options: Any) -> SuperflyState:
    return GAME.new(players, seed=seed, two_players=players == 2, **options)


def encoding(state: SuperflyState) -> SuperflyEncoding:
    enc = encoding_for(GAME, state.players, state.options)
    assert isinstance(enc, SuperflyEncoding)
    return enc


def random_step(state: SuperflyState, rng: random.Random) -> None:
    """Chance from the game's generator, or one seat's random choice (now and then the
    deadline passes for everyone still choosing)."""
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
    elif rng.random() < 0.03:
        state.expire_window()
    else:
        seat = rng.choice(acting.seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)),
                    rng.choice([None, 0.0, rng.uniform(0, acting.deadline_ms or 0.0)]))


def states_along(players: int, seed: int, **options: Any) -> Iterator[SuperflyState]:
    """Every state of one random game, the last one over."""
    state = new_game(players, seed, **options)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_over:
            return
        random_step(state, rng)


def views_along(state: SuperflyState, seat: int) -> list[View]:
    """What ``seat`` saw before the first step and after every step of the history."""
    again = GAME.new(state.players, state.seed, **state.options)
    views = [again.view(seat)]
    for step in state.history:
        if step.seat is None:
            again.apply_chance(step.value)
        else:
            again.apply_text(step.seat, step.value, step.at_ms)
        views.append(again.view(seat))
    return views


def check_observation(enc: SuperflyEncoding, view: View, seat: int) -> None:
    obs = enc.observe(view, seat)
    assert obs.shape == enc.observation_shape
    assert obs.dtype == np.float32
    assert np.isfinite(obs).all()
    # Everything is a one-hot, a count or a fraction of its largest value.
    assert obs.min() >= 0.0 and obs.max() <= 1.0


# -- actions ----------------------------------------------------------------------------
@pytest.mark.parametrize("open_hands", [False, True])
@pytest.mark.parametrize("players", TABLES)
def test_every_legal_action_maps_to_a_legal_index_and_back(players: int,
                                                           open_hands: bool) -> None:
    decisions = 0
    for state in states_along(players, seed=100 + players, open_hands=open_hands):
        enc = encoding(state)
        acting = state.acting()
        for seat in range(players):
            check_observation(enc, state.view(seat), seat)
        if acting.kind != "simultaneous":
            assert all(state.legal_actions(s) == [] for s in range(players))
            continue
        decisions += 1
        for seat in acting.seats:
            view = state.view(seat)
            legal = state.legal_actions(seat)
            indices = enc.legal(view, legal)
            assert indices == sorted(set(indices))
            assert all(0 <= i < enc.num_actions for i in indices)
            assert len(indices) == len(legal)
            for action in legal:
                i = enc.index(view, action)
                assert i in indices
                assert enc.action(view, i) == action
            for i in indices:
                # The adapters apply each choice with no time once all are in.
                state.verify(seat, enc.action(view, i), None)
    assert 0 < decisions <= enc.max_game_length


def test_index_c_swats_the_fly_with_card_id_c_and_the_last_index_passes() -> None:
    enc = encoding(new_game(3, 0))
    assert isinstance(enc, ENCODING)  # the one line that registers the game
    assert enc.num_actions == NUM_ACTIONS == DECK_SIZE + 1
    assert PASS_INDEX == DECK_SIZE == len(SWATS)
    assert enc.action({}, PASS_INDEX) == PASS
    assert enc.index({}, PASS) == PASS_INDEX
    for card in range(DECK_SIZE):
        assert enc.action({}, card) == SWATS[card]
        assert enc.index({}, SWATS[card]) == card
    bad: Any
    for bad in (-1, NUM_ACTIONS, True, 1.0):
        with pytest.raises(IllegalAction):
            enc.action({}, bad)


def test_at_the_signal_the_centre_flies_and_pass_are_legal() -> None:
    red3, blue5 = fly("red", 3), fly("blue", 5)
    state = table(3, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)]], [blue5, red3])
    enc = encoding(state)
    for seat in range(3):
        view = state.view(seat)
        assert enc.legal(view, state.legal_actions(seat)) == sorted([red3, blue5, PASS_INDEX])


def test_a_seat_that_has_chosen_or_sits_out_has_no_legal_index() -> None:
    state = table(3, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)]],
                  [fly("blue", 5), fly("red", 3)])
    enc = encoding(state)
    swat(state, {0: fly("red", 3)})
    assert enc.legal(state.view(0), state.legal_actions(0)) == []


# -- observations -----------------------------------------------------------------------
def test_the_observation_holds_my_hand_the_centre_and_who_has_chosen_not_what() -> None:
    red1, blue2, green4 = fly("red", 1), fly("blue", 2), fly("green", 4)
    red3, blue5 = fly("red", 3), fly("blue", 5)
    state = table(3, [[red1], [blue2], [green4]], [blue5, red3])
    enc = encoding(state)
    off = {piece.name: piece.start for piece in enc.layout}
    swat(state, {1: red3, 2: None})
    obs = enc.observe(state.view(0), 0)
    assert obs[off["phase"] + 2] == 1.0  # the swat phase
    assert np.flatnonzero(obs[off["my_hand"]:off["my_hand"] + DECK_SIZE]).tolist() == [red1]
    assert sorted(np.flatnonzero(obs[off["centre"]:off["centre"] + DECK_SIZE])) == sorted(
        [red3, blue5])
    # Seat 0 has not chosen; seats 1 and 2 (slots 1 and 2) have.
    chosen = [obs[off["seats"] + k * 5 + 3] for k in range(3)]
    assert chosen == [0.0, 1.0, 1.0]
    # What seat 1 chose is nowhere in seat 0's tensor: another choice gives the same.
    other = table(3, [[red1], [blue2], [green4]], [blue5, red3])
    swat(other, {1: blue5, 2: red3})
    assert np.array_equal(enc.observe(other.view(0), 0), obs)
    # Seat 1 sees its own choice.
    mine = enc.observe(state.view(1), 1)[off["my_swat"]:off["my_swat"] + NUM_ACTIONS]
    assert np.flatnonzero(mine).tolist() == [red3]
    mine = enc.observe(state.view(2), 2)[off["my_swat"]:off["my_swat"] + NUM_ACTIONS]
    assert np.flatnonzero(mine).tolist() == [PASS_INDEX]


def test_the_last_turn_slice_holds_the_swats_dice_takes_and_swaps_seat_relative() -> None:
    red1, blue2, green4 = fly("red", 1), fly("blue", 2), fly("green", 4)
    red3, blue5 = fly("red", 3), fly("blue", 5)
    state = table(3, [[red1], [blue2], [green4]], [blue5, red3])
    enc = encoding(state)
    off = {piece.name: piece.start for piece in enc.layout}
    # Seats 0 and 1 tie on the blue 5 and swap hands; seat 2 takes the red 3.
    play_turn(state, {0: blue5, 1: blue5, 2: red3}, {0: 6, 1: 6, 2: 2})
    assert state.hands == [[blue2], [red1], [green4, red3]]
    width = enc._last_seat_width
    for seat in range(3):
        obs = enc.observe(state.view(seat), seat)
        assert obs[off["last_turn"]] == 1.0
        for s in range(3):
            k = (s - seat) % 3
            base = off["last_turn_seats"] + k * width
            assert obs[base] == 1.0  # eligible
            card = [blue5, blue5, red3][s]
            die = [6, 6, 2][s]
            swat_block = obs[base + 1:base + 1 + NUM_ACTIONS]
            assert np.flatnonzero(swat_block).tolist() == [card]
            dice = obs[base + 1 + NUM_ACTIONS:base + 1 + NUM_ACTIONS + len(DIE_FACES)]
            assert np.flatnonzero(dice).tolist() == [die - 1]
            after = base + 1 + NUM_ACTIONS + len(DIE_FACES)
            assert obs[after] == float(s == 2)  # took
            received = obs[after + 2:after + 2 + 3]
            giver = {0: 1, 1: 0}.get(s)  # a swap of two: each gets the other's hand
            expected = [] if giver is None else [(giver - seat) % 3]
            assert np.flatnonzero(received).tolist() == expected


def test_the_same_view_gives_the_same_tensor_whatever_is_hidden() -> None:
    rng = random.Random(3)
    checked = 0
    for state in states_along(4, seed=11):
        if rng.random() > 0.2 or state.is_over:
            continue
        changed = state.clone()
        assert isinstance(changed, SuperflyState)
        other = rng.randrange(4)
        # Swap seat `other`'s hidden cards with cards of the draw pile, and change its
        # secret choice: no other seat's view changes, so neither may its tensor.
        if changed.draw:
            hand = changed.hands[other]
            for i in range(len(hand)):
                j = rng.randrange(len(changed.draw))
                hand[i], changed.draw[j] = changed.draw[j], hand[i]
        if changed.phase == "swat" and other in changed.choices:
            changed.choices[other] = rng.choice([None, *changed.centre])
        enc = encoding(state)
        for seat in range(4):
            if seat == other:
                continue
            assert changed.view(seat) == state.view(seat)
            assert np.array_equal(enc.observe(changed.view(seat), seat),
                                  enc.observe(state.view(seat), seat))
            checked += 1
    assert checked > 20


def test_the_string_form_is_the_view_as_json() -> None:
    state = table(3, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)]],
                  [fly("blue", 5), fly("red", 3)])
    text = encoding(state).observation_text(state.view(1))
    assert '"my_hand":[{"colour":"blue"' in text and "red 1" not in text


# -- chance, length, scores ---------------------------------------------------------------
@pytest.mark.parametrize("players", TABLES)
def test_every_chance_event_lists_its_outcomes_with_distinct_indices(players: int) -> None:
    enc = encoding(new_game(players, 7))
    assert enc.chance == "explicit"
    events = 0
    state = new_game(players, 7)
    for state in states_along(players, seed=7):
        if state.acting().kind != "chance":
            assert state.chance_outcomes() is None
            continue
        events += 1
        listed = state.chance_outcomes()
        assert listed is not None
        assert sum(p for _, p in listed) == pytest.approx(1.0)
        indices = [enc.chance_index(outcome) for outcome, _ in listed]
        assert len(set(indices)) == len(indices)
        assert all(0 <= i < enc.max_chance_outcomes for i in indices)
    assert events > 0
    assert state.reshuffles > 0  # the discards became a new draw pile: listed too


def test_a_die_face_and_a_card_id_are_their_own_chance_indices() -> None:
    enc = encoding(new_game(3, 0))
    assert enc.max_chance_outcomes == DECK_SIZE
    assert [enc.chance_index(f) for f in DIE_FACES] == list(DIE_FACES)
    assert [enc.chance_index(c) for c in range(DECK_SIZE)] == list(range(DECK_SIZE))
    for bad in (-1, DECK_SIZE, "red 3", 1.5):
        with pytest.raises(IllegalAction):
            enc.chance_index(bad)


@pytest.mark.parametrize("max_turns", [1, 4, 1000])
def test_max_game_length_counts_one_decision_a_turn_and_holds(max_turns: int) -> None:
    for players in TABLES:
        for seed in range(3):
            decisions = 0
            last = None
            for state in states_along(players, seed, max_turns=max_turns):
                acting = state.acting()
                # A swat is one simultaneous decision however many seats choose in it.
                if acting.kind == "simultaneous" and acting.seats == state.eligible:
                    decisions += 1
                last = state
            assert last is not None
            enc = encoding(last)
            assert enc.max_game_length == max_turns
            assert decisions == last.turns <= enc.max_game_length
            out = last.outcome()
            assert out is not None
            low, high = enc.score_bounds
            assert all(low <= score <= high for score in out.scores)
            assert (high in out.scores) or out.truncated


# -- resample ---------------------------------------------------------------------------
@pytest.mark.parametrize("open_hands", [False, True])
@pytest.mark.parametrize("players", TABLES)
def test_a_resample_looks_the_same_to_the_seat_at_every_step(players: int,
                                                             open_hands: bool) -> None:
    rng = random.Random(players)
    seen_in_resamples: list[tuple[int, list[View]]] = []
    state = new_game(players, 0)
    for state in states_along(players, seed=40 + players, open_hands=open_hands):
        if rng.random() > 0.03:  # about a dozen states, spread over the whole game
            continue
        seat = rng.randrange(players)
        before = state.digest()
        history = list(state.history)
        again = state.resample(seat, random.Random(rng.getrandbits(32)))
        assert state.digest() == before and state.history == history  # self unchanged
        assert len(again.history) == len(state.history)
        seen_in_resamples.append((seat, views_along(again, seat)))
        enc = encoding(state)
        assert np.array_equal(enc.observe(again.view(seat), seat),
                              enc.observe(state.view(seat), seat))
        assert again.acting() == state.acting()
        # The resampled game plays on, legally, to the end.
        random_playout(again, random.Random(len(seen_in_resamples)))
        assert again.is_over
    assert len(seen_in_resamples) >= 5
    # The game played on from each resampled state, so what the seat saw then is a
    # prefix of what it saw in the whole game: one replay per seat checks them all.
    truth = {seat: views_along(state, seat) for seat in range(players)}
    for seat, views in seen_in_resamples:
        assert views == truth[seat][:len(views)]


def hidden_cards(state: SuperflyState, seat: int) -> tuple[tuple[int, ...], ...]:
    """The other seats' hands as they really are."""
    return tuple(tuple(h) for s, h in enumerate(state.hands) if s != seat)


def test_the_cards_a_seat_never_saw_are_redrawn_and_are_not_always_the_truth() -> None:
    state = new_game(4, seed=5)
    while state.phase != "swat":
        state.draw_chance()
    truth = hidden_cards(state, 0)
    draws = {hidden_cards(state.resample(0, random.Random(i)), 0) for i in range(30)}
    assert len(draws) > 5 and draws != {truth}
    seen = {c["id"] for c in state.view(0)["centre"]} | set(state.hands[0])
    for i in range(30):
        again = state.resample(0, random.Random(i))
        others = {c for h in hidden_cards(again, 0) for c in h}
        assert not others & seen  # never a card the seat can see elsewhere
        assert again.hands[0] == state.hands[0] and again.centre == state.centre


def test_a_resample_follows_the_generator_it_is_given() -> None:
    state = new_game(3, seed=8)
    while state.phase != "swat":
        state.draw_chance()
    one = state.resample(1, random.Random(42))
    two = state.resample(1, random.Random(42))
    assert one.digest() == two.digest()
    # Future chance comes from the generator given, not from this game's.
    assert one.rng.getstate() == two.rng.getstate() != state.rng.getstate()


def test_the_others_secret_swats_are_redrawn_and_the_seats_own_is_kept() -> None:
    red3, blue5 = fly("red", 3), fly("blue", 5)
    state = table(4, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)], [fly("red", 6)]],
                  [blue5, red3, fly("green", 1)])
    swat(state, {0: red3, 1: blue5, 2: blue5})
    redrawn = set()
    for i in range(40):
        again = state.resample(0, random.Random(i))
        assert isinstance(again, SuperflyState)
        assert again.choices[0] == red3
        assert sorted(again.choices) == [0, 1, 2]  # who has chosen is public
        redrawn.add((again.choices[1], again.choices[2]))
    assert len(redrawn) > 4
    # Seat 1 knows its own choice, not seat 0's.
    seen_by_1 = {state.resample(1, random.Random(i)).choices[0] for i in range(40)}
    assert len(seen_by_1) > 1
    assert all(state.resample(1, random.Random(i)).choices[1] == blue5 for i in range(5))


def test_a_swap_shows_the_seat_the_hand_it_receives_and_that_card_is_kept() -> None:
    red1, blue2, green4, red6 = fly("red", 1), fly("blue", 2), fly("green", 4), fly("red", 6)
    red3, blue5 = fly("red", 3), fly("blue", 5)
    state = table(4, [[red1], [blue2], [green4], [red6]], [blue5, red3, fly("green", 1)])
    # Seats 0 and 1 tie on the blue 5 and swap: seat 0 now holds blue 2 and knows that
    # seat 1 holds its red 1; seats 2 and 3 stay hidden from it.
    play_turn(state, {0: blue5, 1: blue5, 2: None, 3: None}, {0: 6, 1: 6})
    assert state.hands[0] == [blue2] and state.hands[1] == [red1]
    hands_2_3 = set()
    for i in range(30):
        again = state.resample(0, random.Random(i))
        assert again.hands[0] == [blue2] and again.hands[1] == [red1]
        hands_2_3.add((tuple(again.hands[2]), tuple(again.hands[3])))
    assert len(hands_2_3) > 5
    # Seat 2 held neither hand: both are redrawn for it, and its own is kept.
    for i in range(10):
        again = state.resample(2, random.Random(i))
        assert again.hands[2] == [green4]
    assert len({tuple(state.resample(2, random.Random(i)).hands[1]) for i in range(30)}) > 5


def test_hands_shown_at_a_rounds_end_are_never_redrawn() -> None:
    # Play into the second round; every hand of round 1 was shown to all, so a resample
    # keeps every deal of round 1 and redraws only round 2's unseen cards.
    for state in states_along(3, seed=21):
        if state.round == 2 and state.phase == "swat":
            break
    else:
        raise AssertionError("the game never reached round 2")
    first_round = state.last_round
    assert first_round is not None
    for i in range(10):
        again = state.resample(0, random.Random(i))
        assert again.last_round == first_round
        assert views_along(again, 0) == views_along(state, 0)
    assert len({hidden_cards(state.resample(0, random.Random(i)), 0)
                for i in range(20)}) > 1


def test_with_open_hands_only_the_secret_swats_are_redrawn() -> None:
    red3, blue5 = fly("red", 3), fly("blue", 5)
    state = table(3, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)]], [blue5, red3],
                  open_hands=True)
    swat(state, {1: red3})
    choices = set()
    for i in range(20):
        again = state.resample(0, random.Random(i))
        assert isinstance(again, SuperflyState)
        assert again.hands == state.hands and again.draw == state.draw
        choices.add(again.choices[1])
    assert len(choices) > 1


def test_a_squish_is_kept_because_the_dice_are_public() -> None:
    red3 = fly("red", 3)
    state = table(3, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 4)]],
                  [fly("blue", 5), red3])
    play_turn(state, {0: None, 1: red3, 2: None}, {1: NUMBER_OF[red3]})
    assert state.last_turn is not None and state.last_turn["squished"] == [red3]
    for i in range(5):
        again = state.resample(0, random.Random(i))
        assert again.last_turn == state.last_turn


def test_a_resample_can_give_each_unseen_card_and_never_a_seen_one() -> None:
    # At the first signal of a 3-player game seat 0 has seen its own card and the 2
    # centre flies: the others' face-down cards can be any of the other 33.
    state = new_game(3, seed=13)
    while state.phase != "swat":
        state.draw_chance()
    seen = set(state.hands[0]) | set(state.centre)
    drawn: set[int] = set()
    for i in range(400):
        again = state.resample(0, random.Random(i))
        drawn.update(*hidden_cards(again, 0))
    assert drawn == set(range(DECK_SIZE)) - seen


def test_the_blocks_tile_the_observation() -> None:
    for players in TABLES:
        enc = encoding(new_game(players, 0))
        spans = sorted((piece.start, piece.stop) for piece in enc.layout)
        assert spans[0][0] == 0 and spans[-1][1] == enc.observation_shape[0]
        assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
        assert enc.observation_shape == (198 + 170 * players + players * players,)
