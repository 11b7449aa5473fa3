"""The bots: ``wordsmith`` beats ``random`` by a wide margin; both play legal games."""

from __future__ import annotations

import itertools
import json
import math
import random
import statistics
from collections.abc import Iterator

import pytest
from scipy.stats import binomtest, wilcoxon

from gamenight.bots.base import Clock, make_bot
from gamenight.engine import OptionError
from gamenight.engine.seeding import derive_seed
from gamenight.games.fluster.actions import CALLS, WRITE_LEFT, WRITE_RIGHT
from gamenight.games.fluster.board import BLANK, EMPTY, LETTERS, SYMBOLS
from gamenight.games.fluster.bots import (
    FLEX,
    PACK,
    PatternIndex,
    _Block,
    _pad_parts,
    _PadWorth,
    block_worth,
    find_square,
    pad_worths,
    pattern_index,
)
from gamenight.games.fluster.rules import GAME, FlusterState
from gamenight.games.fluster.words import load
from gamenight.sim.runner import make_bots, play_out

GAMES = 30


@pytest.mark.slow
def test_wordsmith_beats_random_by_a_wide_margin() -> None:
    wins = losses = 0
    margins = []
    for i in range(GAMES):
        seed = derive_seed("flu-wordsmith-vs-random", i)
        smith = i % 2  # alternate seats, so calling first favours neither
        specs = ["random", "random"]
        specs[smith] = "wordsmith"
        state = play_out(GAME.new(2, seed), make_bots(GAME, specs, seed))
        outcome = state.outcome()
        assert outcome is not None
        margins.append(outcome.scores[smith] - outcome.scores[1 - smith])
        if outcome.shared:
            continue
        wins += outcome.winners == (smith,)
        losses += outcome.winners != (smith,)
    sign = binomtest(wins, wins + losses, 0.5, alternative="greater")
    paired = wilcoxon(margins, alternative="greater")
    print(json.dumps({"wordsmith_wins": wins, "random_wins": losses, "games": GAMES,
                      "mean_margin": statistics.mean(margins), "p_sign": sign.pvalue,
                      "p_wilcoxon": float(paired.pvalue)}))
    assert sign.pvalue < 1e-6 and paired.pvalue < 1e-5
    assert statistics.mean(margins) > 15  # points, out of a random player's few


def solo_scores(spec: str, games: int) -> list[float]:
    scores = []
    for i in range(games):
        seed = derive_seed("flu-wordsmith-solo", i)
        state = play_out(GAME.new(1, seed), make_bots(GAME, [spec], seed))
        outcome = state.outcome()
        assert outcome is not None
        scores.append(outcome.scores[0])
    return scores


def test_wordsmith_plays_solo_games_to_the_maximum_by_planning_word_squares() -> None:
    scores = solo_scores("wordsmith", 6)
    print(json.dumps({"solo_scores": scores}))
    assert scores == [140] * 6


def test_without_plans_wordsmith_still_scores_high_solo() -> None:
    scores = solo_scores("wordsmith:average:plan=off", 3)
    print(json.dumps({"solo_scores_without_plans": scores}))
    assert statistics.mean(scores) > 100  # of 140; random play scores a handful


def test_a_word_square_is_found_to_fit_a_block_or_shown_impossible() -> None:
    index = pattern_index(load(""))
    block = "HEART" + "." * 20
    found, finished = find_square(index, block, random.Random(1), 20_000)
    assert finished and found is not None and found.startswith("HEART")
    for i in range(5):
        assert found[5 * i:5 * i + 5] in index.counts and found[i::5] in index.counts
    assert find_square(index, "QQQQQ" + "." * 20, random.Random(1), 10) == (None, True)
    assert find_square(index, "#" + "." * 24, random.Random(1), 10) == (None, True)
    assert find_square(index, "." * 25, random.Random(1), 1) == (None, False)  # ran short
    squares = index.squares()
    assert squares and all(len(s) == 25 and "." not in s for s in squares)


def test_a_crowded_table_of_wordsmiths_plays_whole_legal_games() -> None:
    state = play_out(GAME.new(8, 3), make_bots(GAME, ["wordsmith"] * 8, 3))
    assert state.is_over and state.turns == 50


@pytest.mark.parametrize(("letter", "side"), [("T", WRITE_LEFT), ("Q", WRITE_RIGHT)])
def test_wordsmith_writes_where_words_stay_alive(letter: str, side: object) -> None:
    state = GAME.new(1, 7)
    state.draw_chance()
    bot = make_bot(GAME, "wordsmith:average:plan=off", 0, 1)  # the word counts alone
    # The left block's top row reads H E A R and one empty square: a T there makes
    # HEART; a Q would spoil the row (HEARQ is no word, while HEAR + Blank scores 4).
    left_numbers = state.numbers[0][0]
    for square, written in zip(range(4), "HEAR", strict=True):
        state.apply(0, CALLS[(written, left_numbers[square])])
        state.apply(0, WRITE_LEFT)
    state.apply(0, CALLS[(letter, left_numbers[4])])
    assert bot.act(state.view(0), state.legal_actions(0), Clock()) is side


def test_wordsmith_writes_a_call_where_its_plan_wants_that_letter() -> None:
    state = GAME.new(1, 9)
    state.draw_chance()
    bot = make_bot(GAME, "wordsmith", 0, 3)
    bot.act(state.view(0), state.legal_actions(0), Clock())  # sees the empty pad: plans
    plans = bot.plans  # type: ignore[attr-defined]
    assert all(plan is not None for plan in plans)
    # A call of the letter the right block's plan wants for a number, where the left
    # block's plan wants another letter (made here for the test: solo, the bot calls).
    for number in range(1, 26):
        squares = [state.numbers[0][k].index(number) for k in (0, 1)]
        if plans[0][squares[0]] != plans[1][squares[1]]:
            break
    state.apply(0, CALLS[(plans[1][squares[1]], number)])
    assert bot.act(state.view(0), state.legal_actions(0), Clock()) is WRITE_RIGHT


def test_with_others_calling_wordsmith_makes_no_plans() -> None:
    state = GAME.new(2, 9)
    state.draw_chance()
    bot = make_bot(GAME, "wordsmith", 1, 3)
    state.apply(0, CALLS[("E", 1)])
    bot.act(state.view(1), state.legal_actions(1), Clock())
    assert bot.plans == [None, None]  # type: ignore[attr-defined]


def test_wordsmith_calls_only_legal_calls_and_keeps_its_index_per_dictionary() -> None:
    state = GAME.new(1, 2)
    state.draw_chance()
    bot = make_bot(GAME, "wordsmith", 0, 5)
    action = bot.act(state.view(0), state.legal_actions(0), Clock())
    assert action in state.legal_actions(0)
    assert pattern_index(load("")) is pattern_index(load(""))


def test_the_remembered_gains_of_every_symbol_are_those_worked_out_one_by_one() -> None:
    # A caller's gains come from the index's memo (keyed by the crossing lines and the
    # rest of the totals, clamped); a writer's are worked out for its one letter.  Both
    # must agree to the last bit, or same-seed games would change.
    index = pattern_index(load(""))
    checked = 0
    for state, _ in calls_of_a_random_game(4, 11, every=10):
        for flex in (FLEX, 0.8):
            worth = _PadWorth(index, state.view(0)["pad"], flex)
            for k, number in itertools.product((0, 1), range(1, 26)):
                for _ in range(2):  # worked out, then remembered
                    gains = worth.gains(k, number, SYMBOLS)
                    one_by_one = [worth.gains(k, number, (symbol,)) for symbol in SYMBOLS]
                    if gains is None:
                        assert all(g is None for g in one_by_one)
                        continue
                    assert list(gains) == [g[0] for g in one_by_one if g is not None]
                    checked += 1
    assert checked > 200


def calls_of_a_random_game(players: int, seed: int, every: int, at: int = 0
                           ) -> Iterator[tuple[FlusterState, random.Random]]:
    """A game played at random, at each call whose number of calls made is ``at``
    modulo ``every`` (and the generator that plays it, for the test's own draws)."""
    state = GAME.new(players, seed)
    state.draw_chance()
    rng = random.Random(seed)
    while not state.is_over:
        acting = state.acting()
        if acting.kind == "turn" and state.turns % every == at:
            yield state, rng
        for seat in acting.seats:
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_26_letters_worked_out_together_are_each_letter_worked_out_alone() -> None:
    # codes_at weighs a line with each letter in each empty square through one plan of
    # the dynamic programme per square (_slot_codes); it must give, to the bit, what the
    # scalar dynamic programme (_line) gives for each letter on its own, or same-seed
    # games would change.
    index = pattern_index(load(""))
    rng = random.Random(5)
    squares = EMPTY * 6 + BLANK + "EAST"
    checked = 0
    for _ in range(120):
        line = "".join(rng.choice(squares) for _ in range(5))
        codes = index.codes_at(line).ravel().tolist()
        for at, square in enumerate(line):
            for k, symbol in enumerate(SYMBOLS):
                got = codes[at * len(SYMBOLS) + k]
                if square != EMPTY:
                    assert got == 0.0
                    continue
                points, freedom = index._line(line[:at] + symbol + line[at + 1:])
                assert got == points * PACK + freedom, (line, at, symbol)
                checked += symbol in LETTERS
    assert checked > 1000


def test_a_letter_written_is_weighed_from_the_lines_codes_to_the_bit() -> None:
    # A writer reads the code of its line with its letter in from the line's codes where
    # they were worked out (written_code): the very number the dynamic programme gives,
    # with the line's codes known or not, and kept for the next look-up.
    index = PatternIndex(load(""))
    rng = random.Random(11)
    squares = EMPTY * 6 + BLANK + "EASTQ"
    from_codes = 0
    for n in range(300):
        line = "".join(rng.choice(squares) for _ in range(5))
        if EMPTY not in line:
            continue
        if n % 2:
            index.line_codes(line)  # the line's codes known: read from them
        for at in [at for at, square in enumerate(line) if square == EMPTY]:
            for symbol in rng.sample(SYMBOLS, 4):
                written = line[:at] + symbol + line[at + 1:]
                fresh = written not in index.values[hash(written) & (len(index.values) - 1)]
                got = index.written_code(line, at, symbol)
                points, freedom = index._line(written)
                assert got == points * PACK + freedom, (line, at, symbol)
                assert index.code(written) == got
                from_codes += fresh and line in index.symbol_codes
    assert from_codes > 100


def test_the_pattern_index_counts_words_that_fit() -> None:
    index = PatternIndex(load(""))
    assert index.fits("CAT") == 1
    assert index.fits("C.T") >= 3  # CAT, COT, CUT ...
    assert index.fits(".") == 2  # A and I
    assert index.fits("QX") == 0
    assert index.line("AT#IT")[0] == 4 and index.line(".....")[0] == 5
    assert index.line("QXZQ.")[0] == 0


def test_wordsmith_refuses_an_unknown_parameter() -> None:
    with pytest.raises(OptionError):
        make_bot(GAME, "wordsmith:average:flex=abc", 0, 1)
    with pytest.raises(OptionError):
        make_bot(GAME, "wordsmith:average:depth=2", 0, 1)
    with pytest.raises(OptionError):
        make_bot(GAME, "wordsmith:average:plan=maybe", 0, 1)


def test_the_slot_tables_hold_the_words_that_fit_each_letter_in_the_slot() -> None:
    # _slot_letters reads how many words fit a run with each letter A-Z in its slot from
    # tables made once per dictionary; they must say what the patterns' counts say.
    index = pattern_index(load(""))
    rng = random.Random(3)
    runs = list(index.slot_rows)[::40] + [
        "".join(rng.choice("EATQ..") for _ in range(rng.randint(1, 5))) for _ in range(500)]
    checked = 0
    for run in runs:
        at = run.find("?") if "?" in run else rng.randrange(len(run))
        run = run[:at] + "?" + run[at + 1:]
        fits = [index.counts.get(run[:at] + letter + run[at + 1:], 0) for letter in LETTERS]
        freedoms, live = index._slot_letters(run)
        # As _run has them: log2(1 + the words); the letters some word fits, a bit each.
        assert freedoms == [math.log2(1 + fit) for fit in fits], run
        assert live == sum(1 << letter for letter, fit in enumerate(fits) if fit), run
        checked += any(fits)
    assert checked > 1500


def test_a_pads_worth_changes_by_the_gain_the_wordsmith_weighs_each_symbol_by() -> None:
    # The master's Fluster rollouts stop a few calls ahead and are valued by each pad's
    # worth (``pad_worths``): the measure whose change is every gain the wordsmith
    # chooses by, so a rollout cut short is judged as the wordsmith judges a write.
    index = pattern_index(load(""))
    checked = 0
    for state, rng in calls_of_a_random_game(3, 17, every=8, at=3):
        worths = pad_worths(state)
        for seat, pad in enumerate(state.blocks):
            blocks = ["".join(block) for block in pad]
            assert worths[seat] == sum(block_worth(index, b) for b in blocks)
            worth = _PadWorth(index, state.view(seat)["pad"], FLEX)
            for k, block in enumerate(blocks):
                before = block_worth(index, block)
                gains = worth.square_gains(k)
                for square in rng.sample(range(25), 8):
                    if block[square] != EMPTY:
                        assert (gains[square] == -math.inf).all()
                        continue
                    for i, symbol in enumerate(SYMBOLS):
                        after = block[:square] + symbol + block[square + 1:]
                        assert block_worth(index, after) - before == pytest.approx(
                            gains[square, i], abs=1e-9)
                        checked += 1
    assert checked > 2000


def test_a_block_kept_from_view_to_view_weighs_as_one_worked_out_afresh() -> None:
    # A bot keeps what it worked out of each block and works out again only the lines a
    # write changed; its gains, and a writer's old lines square by square, must be the
    # very ones of a block seen for the first time.
    index = pattern_index(load(""))
    state = GAME.new(2, 21)
    state.draw_chance()
    rng = random.Random(21)
    kept = [_Block(index, FLEX) for _ in range(2)]
    checked = 0
    while not state.is_over:
        pad = state.view(1)["pad"]
        if rng.random() < 0.5:  # a bot does not see every step
            worth = _PadWorth(index, pad, FLEX, kept=kept)
            fresh = _PadWorth(index, pad, FLEX)
            for k in (0, 1):
                assert worth.square_gains(k).tobytes() == fresh.square_gains(k).tobytes()
                across_rest, down_rest, base = fresh.old(k)
                for r, c in itertools.product(range(5), range(5)):
                    assert kept[k].old_at(r, c) == (across_rest[r], down_rest[c], base[r, c])
                checked += 1
        acting = state.acting()
        for seat in acting.seats:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 20


def test_both_blocks_weighed_in_one_pass_weigh_as_each_block_alone() -> None:
    # A bot's two blocks keep their codes in one pad's arrays, and a caller weighs both
    # in one pass of the kernel; each gain must be the one of its block weighed alone
    # (and of a block seen for the first time), to the bit.
    index = pattern_index(load(""))
    state = GAME.new(3, 33)
    state.draw_chance()
    rng = random.Random(33)
    kept = {flex: _pad_parts(index, flex) for flex in (FLEX, 0.8)}
    checked = 0
    while not state.is_over:
        pad = state.view(2)["pad"]
        if rng.random() < 0.6:  # a bot does not see every step
            for flex, parts in kept.items():
                both = _PadWorth(index, pad, flex, kept=parts).both_square_gains()
                alone = _PadWorth(index, pad, flex, kept=[_Block(index, flex) for _ in "lr"])
                assert both.shape == (2, 25, len(SYMBOLS))
                for k in (0, 1):
                    assert both[k].tobytes() == alone.square_gains(k).tobytes()
                assert alone.both_square_gains().tobytes() == both.tobytes()
                checked += 1
        acting = state.acting()
        for seat in acting.seats:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 40


def test_a_line_with_one_empty_square_weighs_each_letter_as_the_full_line_it_makes() -> None:
    # A line with one empty square is weighed as the full lines its letters make
    # (_full_codes), not through the dynamic programme's plan: to the bit what the
    # programme gives each letter alone, with words that a letter completes or not,
    # before, after and between Blanks.
    words = load("")
    index = PatternIndex(words)
    rng = random.Random(23)
    by_length = {n: sorted(w for w in words.words if len(w) == n) for n in range(2, 6)}
    completed = 0
    for _ in range(300):
        # A word (or a run that is none) beside a Blank or two, then one square emptied.
        length = rng.randrange(2, 6)
        run = (rng.choice(by_length[length]) if rng.random() < 0.7
               else "".join(rng.choice(LETTERS) for _ in range(length)))
        rest = 5 - length
        filler = "".join(rng.choice(BLANK + "AIE") for _ in range(rest))
        line = (run + filler) if rng.random() < 0.5 else (filler + run)
        at = rng.randrange(5)
        line = line[:at] + EMPTY + line[at + 1:]
        codes = index.line_codes(line)[0, at].tolist()
        for k, symbol in enumerate(SYMBOLS):
            points, freedom = index._line(line[:at] + symbol + line[at + 1:])
            assert codes[k] == points * PACK + freedom, (line, symbol)
            completed += symbol in LETTERS and points > 0
    assert completed > 300
