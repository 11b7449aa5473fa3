"""Fluster's research encoding and resampling: numbered calls and writes, an observation
built from the seat's view alone, and resampled games the seat cannot tell from the real
one (docs/interop/fluster.md)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gamenight.engine import IllegalAction, View
from gamenight.games.fluster.actions import CALLS, WRITE_LEFT, WRITE_RIGHT, Call
from gamenight.games.fluster.board import LEFT, MAXIMUM, NUMBERS, RIGHT, SYMBOLS
from gamenight.games.fluster.encoding import ENCODING, FlusterEncoding
from gamenight.games.fluster.rules import GAME, FlusterState
from gamenight.games.fluster.words import use_file
from gamenight.interop.encoding import encoding_for
from tests.games.fluster.flu_table import (
    WORD_SQUARE,
    call,
    dealt,
    fill_solo,
    random_step,
    word_file,
)


def encoding(players: int, **options: str) -> FlusterEncoding:
    enc = encoding_for(GAME, players, GAME.resolve_options(players, options))
    assert isinstance(enc, FlusterEncoding)
    return enc


def part(enc: FlusterEncoding, obs: np.ndarray, name: str) -> np.ndarray:
    return obs[enc.layout.slices[name]]


def observe(enc: FlusterEncoding, state: FlusterState, seat: int) -> np.ndarray:
    return enc.observe(state.view(seat), seat)


def played(players: int, seed: int, steps: int, rng: random.Random) -> FlusterState:
    """A game ``steps`` random steps in (the setup drawn first)."""
    state = dealt(players, seed)
    for _ in range(steps):
        if state.is_over:
            break
        random_step(state, rng)
    return state


def views_along(state: FlusterState, seat: int) -> list[View]:
    """What ``seat`` saw before the first step and after each step of the history."""
    again = GAME.new(state.players, state.seed, **state.options)
    views = [again.view(seat)]
    for step in state.history:
        if step.seat is None:
            again.apply_chance(step.value)
        else:
            again.apply_text(step.seat, step.value, step.at_ms)
        views.append(again.view(seat))
    return views


# -- actions ---------------------------------------------------------------------------

def test_the_registered_encoding_is_fluster_s() -> None:
    assert ENCODING is FlusterEncoding
    assert type(encoding(3)) is FlusterEncoding


def test_calls_are_numbered_by_number_then_letter_a_to_z_and_blank_then_left_and_right(
) -> None:
    enc = encoding(4)
    assert enc.num_actions == 675 + 2
    assert enc.index({}, CALLS[("A", 1)]) == 0
    assert enc.index({}, CALLS[("Z", 1)]) == 25
    assert enc.index({}, CALLS[("#", 1)]) == 26  # the Blank closes each number's 27
    assert enc.index({}, CALLS[("A", 2)]) == 27
    assert enc.index({}, Call("Q", 7)) == 27 * 6 + SYMBOLS.index("Q")
    assert enc.index({}, CALLS[("#", 25)]) == 674
    assert enc.index({}, WRITE_LEFT) == 675 and enc.index({}, WRITE_RIGHT) == 676
    assert enc.action({}, 675) == WRITE_LEFT and enc.action({}, 27) == CALLS[("A", 2)]
    for bad in (-1, 677, True):
        with pytest.raises(IllegalAction):
            enc.action({}, bad)
    for garbage in ("left", Call("AA", 1), Call("A", 26), None):
        with pytest.raises(IllegalAction):
            enc.index({}, garbage)


def test_the_numbering_is_the_same_at_every_table_and_with_any_dictionary(
        tmp_path: Path) -> None:
    own = use_file(word_file(tmp_path, ["cat", "dog"]))
    encodings = [encoding(1), encoding(8), encoding(4), encoding(4, dictionary=own)]
    assert {e.num_actions for e in encodings} == {677}
    for e in encodings[1:]:
        assert [e.action({}, i) for i in range(677)] == [
            encodings[0].action({}, i) for i in range(677)]
    assert encodings[2].observation_shape == encodings[3].observation_shape
    # Only the seat-counted parts grow with the table: caller, written, final scores.
    assert encodings[1].observation_shape[0] - encodings[0].observation_shape[0] == 3 * 7


def test_a_caller_may_call_every_number_not_yet_called_twice_and_writers_left_or_right(
) -> None:
    enc = encoding(2)
    state = dealt(2)
    assert enc.legal(state.view(0), state.legal_actions(0)) == list(range(675))
    assert enc.legal(state.view(1), state.legal_actions(1)) == []  # not his call
    call(state, "E", 3)
    call(state, "T", 3)  # number 3 is now full on every pad
    assert enc.legal(state.view(0), state.legal_actions(0)) == [
        i for i in range(675) if not 54 <= i < 81]
    state.apply(0, CALLS[("A", 9)])
    for seat in (0, 1):
        assert enc.legal(state.view(seat), state.legal_actions(seat)) == [675, 676]
    state.apply(1, WRITE_RIGHT)
    assert enc.legal(state.view(1), state.legal_actions(1)) == []  # he has written


def check_decision(enc: FlusterEncoding, state: FlusterState) -> None:
    """Every legal action of every seat now maps to a legal index and back; every legal
    index is an action the state accepts; every seat's observation is well formed."""
    acting = state.acting()
    for seat in range(state.players):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        indices = enc.legal(view, legal)
        assert indices == sorted(set(indices)) and len(indices) == len(legal)
        assert all(0 <= i < enc.num_actions for i in indices)
        if seat not in acting.seats:
            assert indices == []
        for action in legal:
            i = enc.index(view, action)
            assert i in indices and enc.action(view, i) == action
        for i in indices:
            state.verify(seat, enc.action(view, i))
        obs = enc.observe(view, seat)
        assert obs.shape == enc.observation_shape and obs.dtype == np.float32
        assert np.isfinite(obs).all() and obs.min() >= 0.0 and obs.max() <= 1.0


@pytest.mark.parametrize(("players", "seed"), [(1, 5), (2, 6), (8, 7)])
def test_random_games_map_every_legal_action_to_an_index_and_back(players: int,
                                                                  seed: int) -> None:
    enc = encoding(players)
    state = GAME.new(players, seed)
    rng = random.Random(seed)
    decisions = 0
    while True:
        acting = state.acting()
        if acting.kind == "chance":
            check_decision(enc, state)  # before the deal: no pad, nobody acts
            state.draw_chance()
            continue
        check_decision(enc, state)
        if acting.kind == "over":
            break
        decisions += 1  # a call, or one joint write (every seat chooses once)
        for seat in acting.seats:
            view = state.view(seat)
            state.apply(seat, enc.action(view, rng.choice(enc.legal(
                view, state.legal_actions(seat)))))
    # 50 calls and 25 joint writes, in every game: the bound is exact.
    assert decisions == enc.max_game_length == 75
    outcome = state.outcome()
    assert outcome is not None
    low, high = enc.score_bounds
    assert all(low <= s <= high for s in outcome.scores)


def test_any_list_of_actions_is_numbered_as_the_table_numbers_it() -> None:
    """``legal`` reads the caller's calls as whole runs of 27 (see its comment); any
    other list, or one that only looks like runs (out of order, repeated, a call made
    afresh instead of the table's own, a run cut short), gets the table's numbering."""
    enc = encoding(2)
    calls = list(CALLS.values())
    actions: list[Any] = [*calls, WRITE_LEFT, WRITE_RIGHT]
    rng = random.Random(19)
    for _ in range(3000):
        numbers = sorted(rng.sample(list(NUMBERS), rng.randrange(1, 26)))
        legal: list[Any] = [c for c in calls if c.number in numbers]
        change = rng.randrange(7)
        if change == 1:
            rng.shuffle(legal)
        elif change == 2:
            legal = rng.sample(actions, rng.randrange(1, 100))
        elif change == 3:
            legal = [*legal, legal[0]]
        elif change == 4:
            legal = legal[27:] + legal[:27]
        elif change == 5:
            legal = [Call(c.letter, c.number) for c in legal]
        elif change == 6:
            legal = legal[:-1]
        expected = sorted({enc.index({}, a) for a in legal})
        assert enc.legal({}, legal) == expected
        assert enc.legal({}, legal) == expected  # and again, from what it kept


def test_the_highest_score_bound_is_the_rulebook_maximum_of_140() -> None:
    state = fill_solo(WORD_SQUARE, WORD_SQUARE)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (encoding(1).score_bounds[1],) == (140,)


# -- observations -------------------------------------------------------------------------

def test_before_the_deal_every_square_is_empty_and_the_phase_is_setup() -> None:
    enc = encoding(3)
    state = GAME.new(3, 1)
    obs = observe(enc, state, 2)
    squares = part(enc, obs, "squares").reshape(2, 25, 28)
    assert (squares[:, :, 27] == 1).all() and squares.sum() == 50
    assert part(enc, obs, "numbers").sum() == 0
    assert list(part(enc, obs, "phase")) == [1, 0, 0, 0]
    assert part(enc, obs, "caller").sum() == 0  # nobody calls before the deal
    assert list(part(enc, obs, "called").reshape(25, 3)[:, 0]) == [1] * 25


def test_the_numbers_part_holds_the_number_printed_in_each_square_of_the_own_pad() -> None:
    enc = encoding(2)
    state = dealt(2, seed=9)
    for seat in (0, 1):
        numbers = part(enc, observe(enc, state, seat), "numbers").reshape(2, 25, 25)
        for k in (0, 1):
            assert [int(np.argmax(row)) + 1 for row in numbers[k]] == list(
                state.numbers[seat][k])
            assert (numbers[k].sum(axis=0) == 1).all()  # each number in one square


def test_a_call_shows_as_the_call_being_written_then_in_the_block_the_seat_chose() -> None:
    enc = encoding(3)
    state = dealt(3, seed=2)
    state.apply(0, CALLS[("B", 7)])
    obs = observe(enc, state, 1)
    assert list(part(enc, obs, "phase")) == [0, 0, 1, 0]
    assert part(enc, obs, "call_letter")[SYMBOLS.index("B")] == 1
    assert part(enc, obs, "call_letter").sum() == 1
    assert list(np.flatnonzero(part(enc, obs, "call_number"))) == [6]
    assert list(part(enc, obs, "called").reshape(25, 3)[6]) == [0, 1, 0]
    assert list(part(enc, obs, "caller")) == [0, 0, 1]  # seat 0 is two seats on from 1
    assert list(part(enc, obs, "progress")) == [pytest.approx(1 / 50)]
    state.apply(2, WRITE_RIGHT)
    state.apply(1, WRITE_LEFT)
    obs = observe(enc, state, 1)
    assert list(part(enc, obs, "written")) == [1, 1, 0]  # seat 1 itself, and seat 2
    assert list(part(enc, obs, "my_choice")) == [1, 0]
    state.apply(0, WRITE_LEFT)
    obs = observe(enc, state, 1)
    assert list(part(enc, obs, "phase")) == [0, 1, 0, 0]
    assert part(enc, obs, "call_letter").sum() == 0 and part(enc, obs, "written").sum() == 0
    assert list(part(enc, obs, "caller")) == [1, 0, 0]  # seat 1 calls next
    squares = part(enc, obs, "squares").reshape(2, 25, 28)
    square = state.numbers[1][0].index(7)
    assert squares[0, square, SYMBOLS.index("B")] == 1 and squares[0, square].sum() == 1
    assert squares[1, :, 27].sum() == 25  # the right block is still empty
    assert part(enc, obs, "last_letter")[SYMBOLS.index("B")] == 1
    assert part(enc, obs, "last_number")[6] == 1 and part(enc, obs, "last_forced")[0] == 0
    assert list(part(enc, obs, "last_side")) == [1, 0]
    assert list(part(enc, observe(enc, state, 2), "last_side")) == [0, 1]


def test_a_second_call_is_shown_as_forced_in_the_other_block() -> None:
    enc = encoding(2)
    state = dealt(2, seed=4)
    call(state, "A", 12, {0: LEFT, 1: RIGHT})
    call(state, "#", 12)  # forced: nobody chooses
    for seat, side in ((0, RIGHT), (1, LEFT)):
        obs = observe(enc, state, seat)
        assert part(enc, obs, "last_forced")[0] == 1
        assert part(enc, obs, "last_letter")[26] == 1  # the Blank
        assert list(part(enc, obs, "last_side")) == ([0, 1] if side == RIGHT else [1, 0])
        assert list(part(enc, obs, "called").reshape(25, 3)[11]) == [0, 0, 1]


def test_the_scores_show_the_circles_totals_and_at_the_end_every_grand_total() -> None:
    enc = encoding(1)
    state = fill_solo(WORD_SQUARE, WORD_SQUARE)
    obs = observe(enc, state, 0)
    assert (part(enc, obs, "circles") == 1).all()  # every line a five-letter word
    assert list(part(enc, obs, "totals")) == [1, 1, 1, 1, 1, 1]
    assert list(part(enc, obs, "final_scores")) == [1]
    assert list(part(enc, obs, "phase")) == [0, 0, 0, 1]
    enc = encoding(3)
    state = played(3, 8, 10_000, random.Random(8))
    outcome = state.outcome()
    assert outcome is not None
    obs = observe(enc, state, 1)  # counted from seat 1: seats 1, 2, 0
    assert list(part(enc, obs, "final_scores")) == pytest.approx(
        [outcome.scores[s] / MAXIMUM for s in (1, 2, 0)])
    assert part(enc, obs, "totals")[5] == pytest.approx(outcome.scores[1] / MAXIMUM)


def test_two_games_the_seat_cannot_tell_apart_give_it_the_same_tensor() -> None:
    # The same calls; seat 2 writes each first call on the other side in the second game.
    enc = encoding(3)
    rng = random.Random(3)
    games = [dealt(3, seed=11), dealt(3, seed=11)]
    for _ in range(12):
        number = rng.choice([n for n in NUMBERS if games[0].called[n] < 2])
        letter = rng.choice(SYMBOLS)
        side = rng.choice([LEFT, RIGHT])
        call(games[0], letter, number, {2: side})
        call(games[1], letter, number, {2: RIGHT if side == LEFT else LEFT})
    assert games[0].snapshot() != games[1].snapshot()
    for seat in (0, 1):
        assert np.array_equal(observe(enc, games[0], seat), observe(enc, games[1], seat))
    assert not np.array_equal(observe(enc, games[0], 2), observe(enc, games[1], 2))


def test_the_dictionary_changes_only_the_scores(tmp_path: Path) -> None:
    own = use_file(word_file(tmp_path, ["at", "it", "tea", "eat", "ate"]))
    rng = random.Random(4)
    plain, other = dealt(2, seed=4), dealt(2, seed=4, dictionary=own)
    for _ in range(30):
        number = rng.choice([n for n in NUMBERS if plain.called[n] < 2])
        letter = rng.choice("AEIT#")
        call(plain, letter, number)
        call(other, letter, number)
    enc, enc_own = encoding(2), encoding(2, dictionary=own)
    a, b = observe(enc, plain, 0), observe(enc_own, other, 0)
    scores = {"circles", "totals", "final_scores"}
    for name in enc.layout.names:
        if name not in scores:
            assert np.array_equal(part(enc, a, name), part(enc_own, b, name)), name


# -- resampling ---------------------------------------------------------------------------

def resample_cases() -> list[tuple[int, int, int]]:
    """(players, seed, random steps in): mid-call, mid-write (some have written), the end."""
    return [(2, 1, 17), (3, 2, 40), (4, 3, 61), (8, 4, 90), (5, 6, 10_000), (1, 7, 30)]


def in_the_middle_of_writing(players: int, seed: int) -> FlusterState:
    """A game where every seat but the last has written the call now open."""
    state = played(players, seed, 0, random.Random(seed))
    rng = random.Random(seed)
    while state.turns < 9 or state.phase != "write":
        random_step(state, rng)
    for seat in range(players - 1):
        state.apply(seat, rng.choice([WRITE_LEFT, WRITE_RIGHT]))
    return state


@pytest.mark.parametrize(("players", "seed", "steps"), resample_cases())
def test_a_resampled_game_shows_the_seat_the_same_view_after_every_step(
        players: int, seed: int, steps: int) -> None:
    state = played(players, seed, steps, random.Random(seed))
    before = state.digest()
    enc = encoding(players)
    for seat in {0, players - 1}:
        seen = views_along(state, seat)
        for k in range(3):
            again = state.resample(seat, random.Random(k))
            assert isinstance(again, FlusterState)
            assert len(again.history) == len(state.history)
            assert views_along(again, seat) == seen
            assert np.array_equal(observe(enc, again, seat), observe(enc, state, seat))
    assert state.digest() == before  # the real game is untouched


def test_a_seat_s_own_choice_is_kept_and_the_others_pending_choices_redrawn() -> None:
    state = in_the_middle_of_writing(4, 21)
    assert state.phase == "write" and sorted(state.choices) == [0, 1, 2]
    pending = [state.resample(1, random.Random(k)).choices for k in range(24)]
    assert all(sorted(c) == [0, 1, 2] and c[1] == state.choices[1] for c in pending)
    for other in (0, 2):
        assert {c[other] for c in pending} == {LEFT, RIGHT}  # redrawn, not copied
    assert views_along(state.resample(3, random.Random(0)), 3) == views_along(state, 3)


def test_resampling_redraws_the_other_pads_and_where_their_owners_wrote() -> None:
    state = played(4, 5, 70, random.Random(5))
    assert state.phase != "over"
    samples = [state.resample(2, random.Random(k)) for k in range(8)]
    for sample in samples:
        assert sample.numbers[2] == state.numbers[2]  # the seat's own pad, as dealt
        assert sample.blocks[2] == state.blocks[2]
        for other in (0, 1, 3):
            assert sample.numbers[other] != state.numbers[other]
            assert sample.blocks[other] != state.blocks[other]
        blocks = [tuple(b) for pad in sample.numbers for b in pad]
        assert len(set(blocks)) == len(blocks)  # still no two blocks alike
    assert len({s.digest() for s in samples}) == len(samples)
    # And it is the generator that is new too: the future calls' chance is not copied.
    assert samples[0].rng.getstate() != state.rng.getstate()


@pytest.mark.parametrize(("players", "seed", "steps"), resample_cases()[:4])
def test_a_resampled_game_plays_on_legally_to_the_end(players: int, seed: int,
                                                      steps: int) -> None:
    state = played(players, seed, steps, random.Random(seed))
    again = state.resample(0, random.Random(seed))
    enc = encoding(players)
    rng = random.Random(1)
    while not again.is_over:
        check_decision(enc, again)
        random_step(again, rng)
    assert again.outcome() is not None and again.turns == 50


def test_at_the_end_every_pad_is_shown_so_only_same_letter_numbers_are_open() -> None:
    # Seat 1 writes every first call left; number 4 is called A twice, so where seat 1
    # wrote its first A is hidden even from the final pads; every other side is not.
    state = dealt(2, seed=3)
    for number in NUMBERS:
        call(state, "A" if number == 4 else "E", number, {0: LEFT, 1: LEFT})
        call(state, "A" if number == 4 else "T", number)
    assert state.is_over
    sides = set()
    for k in range(16):
        again = state.resample(0, random.Random(k))
        assert views_along(again, 0) == views_along(state, 0)
        assert again.numbers == state.numbers and again.blocks == state.blocks
        writes = [s.value for s in again.history if s.seat == 1 and s.value in (LEFT, RIGHT)]
        assert writes.count(LEFT) >= 24
        sides.add(tuple(writes))
    assert len(sides) == 2


def test_a_solo_game_has_nothing_hidden_but_the_deal_not_yet_made() -> None:
    state = played(1, 2, 20, random.Random(2))
    again = state.resample(0, random.Random(0))
    assert again.snapshot() == state.snapshot()
    undealt = GAME.new(1, 2)
    deals: set[Any] = set()
    for k in range(4):
        fresh = undealt.resample(0, random.Random(k))
        assert fresh.history == [] and fresh.phase == "setup"
        deals.add(str(fresh.sample_chance()))
    assert str(undealt.sample_chance()) not in deals and len(deals) == 4
    with pytest.raises(IllegalAction):
        state.resample(1, random.Random(0))
