"""The research encoding (encoding.py) and the resampler (rules:resample).

Games are played the way the research adapters play them: a turn is one seat's choice of
an index; a hunt runs in rounds in which every seat still in it chooses an index at once,
then the choices are applied in the order of times drawn from the reaction model.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from gamenight.bots.reaction import LEVELS
from gamenight.engine import PASS, GameState
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Slap
from gamenight.games.fliegen_klatschen.cards import DECK_SIZE, FLIES, VALUE_OF
from gamenight.games.fliegen_klatschen.encoding import (
    ENCODING,
    FIRST_SLAP,
    NUM_ACTIONS,
    PASS_INDEX,
    REVEAL_INDEX,
    FliegenKlatschenEncoding,
)
from gamenight.games.fliegen_klatschen.rules import GAME, FliegenKlatschenState
from gamenight.interop.encoding import encoding_for
from gamenight.sim.random_play import random_playout
from tests.games.fliegen_klatschen.fk_table import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    flies,
    fly,
    reveal,
    slap,
    swatter,
    table,
)

REACTION = LEVELS["average"]


def encoding(state: GameState) -> FliegenKlatschenEncoding:
    enc = encoding_for(state.game, state.players, state.options)
    assert isinstance(enc, FliegenKlatschenEncoding)
    return enc


def check_decision(enc: FliegenKlatschenEncoding, state: GameState, seat: int,
                   at_ms: float | None) -> list[int]:
    """Every check of one seat's decision; returns its legal indices."""
    view = state.view(seat)
    actions = state.legal_actions(seat)
    legal = enc.legal(view, actions)
    assert legal == sorted(set(legal)) and all(0 <= i < enc.num_actions for i in legal)
    for action in actions:
        i = enc.index(view, action)
        assert i in legal
        assert enc.action(view, i) == action
    for i in legal:
        state.verify(seat, enc.action(view, i), at_ms)  # raises if refused
    assert len(legal) == len(actions)  # one index per legal action, none extra
    obs = enc.observe(view, seat)
    assert obs.shape == enc.observation_shape and obs.dtype == np.float32
    assert np.all(np.isfinite(obs)) and obs.min() >= 0.0 and obs.max() <= 1.0
    return legal


def play_in_rounds(state: GameState, rng: random.Random, check: bool = True,
                   stop_at: int | None = None) -> int:
    """Play as the adapters do, with random legal indices; returns the decisions made
    (turns plus hunt rounds).  Stops early after ``stop_at`` decisions."""
    enc = encoding(state)
    decisions = 0
    while stop_at is None or decisions < stop_at:
        acting = state.acting()
        if acting.kind == "over":
            break
        if acting.kind == "chance":
            state.draw_chance()
            continue
        decisions += 1
        if acting.kind == "turn":
            seat = acting.seats[0]
            legal = check_decision(enc, state, seat, None) if check else [REVEAL_INDEX]
            state.apply(seat, enc.action(state.view(seat), rng.choice(legal)))
            continue
        assert acting.kind == "window" and acting.deadline_ms is not None
        deadline = acting.deadline_ms
        clock = max((h["at_ms"] for h in state.view(None)["hunt"]["hands"]), default=0.0)
        chosen = []
        for seat in acting.seats:  # everyone chooses on the same view of the table
            view = state.view(seat)
            legal = (check_decision(enc, state, seat, clock) if check
                     else enc.legal(view, state.legal_actions(seat)))
            at = min(deadline, clock + REACTION.choice(rng, len(legal)))
            chosen.append((at, seat, enc.action(view, rng.choice(legal))))
        for at, seat, action in sorted(chosen, key=lambda c: (c[0], c[1])):
            state.apply(seat, action, at)
    return decisions


TABLES = [(2, {}), (8, {}), (4, {"remove": 40, "penalty_order": "penalties-first"}),
          (3, {"max_turns": 25}), (5, {"deadline_ms": 1})]


# -- actions and observations over whole games ---------------------------------------------


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_every_decision_of_random_games_encodes_and_decodes(
        players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        state = GAME.new(players, seed=seed, **options)
        enc = encoding(state)
        decisions = play_in_rounds(state, random.Random(seed))
        assert state.is_over
        # max_game_length: turns plus hunt rounds, plus one for the deal.
        assert decisions + 1 <= enc.max_game_length
        outcome = state.outcome()
        assert outcome is not None
        low, high = enc.score_bounds
        assert all(low <= s <= high for s in outcome.scores)
        final = enc.observe(state.view(0), 0)
        assert final.shape == enc.observation_shape


def test_the_length_bound_holds_when_nobody_ever_passes() -> None:
    # Seats that always slap place the most hands: the most rounds and penalties.
    for players in (2, 4, 8):
        state = GAME.new(players, seed=players)
        enc = encoding(state)
        rng = random.Random(players)
        decisions = 0
        while not state.is_over:
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
                continue
            decisions += 1
            if acting.kind == "turn":
                state.apply(acting.seats[0], REVEAL)
                continue
            for seat in acting.seats:
                slaps = [a for a in state.legal_actions(seat) if isinstance(a, Slap)]
                state.apply(seat, rng.choice(slaps), 100.0 * decisions % 3000)
        assert decisions + 1 <= enc.max_game_length


def test_the_length_bound_follows_the_caps() -> None:
    two = ENCODING(GAME, 2, GAME.resolve_options(2, {}))
    # 1 deal + (112 cards + 4 hands x 108 hunts) reveals + 4 rounds x 108 hunts.
    assert two.max_game_length == 1 + 112 + 4 * 108 + 4 * 108
    short = ENCODING(GAME, 2, GAME.resolve_options(2, {"max_turns": 10}))
    assert short.max_game_length == 1 + 10 + 4 * 10
    removed = ENCODING(GAME, 8, GAME.resolve_options(8, {"remove": 100}))
    assert removed.max_game_length == 1 + 12 + 8 * 12 + 8 * 12


def test_declared_metadata() -> None:
    enc = ENCODING(GAME, 4, GAME.resolve_options(4, {}))
    assert enc.chance == "sampled" and not enc.perfect_information and enc.joint_decisions
    assert enc.num_actions == NUM_ACTIONS == 2 + DECK_SIZE
    assert enc.score_bounds == (0.0, float(sum(VALUE_OF)))
    for players in (2, 8):
        wide = ENCODING(GAME, players, GAME.resolve_options(players, {}))
        assert wide.observation_shape == (520 + 198 * players,)
        assert wide.layout.size == wide.observation_shape[0]
    # Before the deal (the adapters draw it first) the tensor still has its shape.
    fresh = GAME.new(2, seed=0)
    obs = ENCODING(GAME, 2, fresh.options).observe(fresh.view(1), 1)
    assert obs.shape == (916,) and list(obs[:4]) == [1, 0, 0, 0]


# -- specific facts -----------------------------------------------------------------------


def test_index_0_is_reveal_1_is_pass_and_2_plus_id_slaps_that_card() -> None:
    enc = ENCODING(GAME, 3, GAME.resolve_options(3, {}))
    view: dict[str, Any] = {}
    assert (REVEAL_INDEX, PASS_INDEX, FIRST_SLAP) == (0, 1, 2)
    assert enc.action(view, 0) is REVEAL and enc.action(view, 1) is PASS
    for card in range(DECK_SIZE):
        assert enc.action(view, 2 + card) == SLAPS[card] == Slap(card)
        assert enc.index(view, Slap(card)) == 2 + card
    for bad in (-1, NUM_ACTIONS):
        with pytest.raises(ValueError):
            enc.action(view, bad)


def test_the_first_decision_is_seat_0_revealing() -> None:
    state = GAME.new(4, seed=1)
    state.draw_chance()
    enc = encoding(state)
    assert enc.legal(state.view(0), state.legal_actions(0)) == [REVEAL_INDEX]
    assert enc.legal(state.view(1), state.legal_actions(1)) == []


def hunt_table() -> FliegenKlatschenState:
    """Example 2 of the rulebook: 3 red, 3 green, 2 blue and 1 purple in the centre;
    seat 1 reveals a swatter, so a hunt over them opens (2 players, 2 hands each)."""
    centre = [*flies(RED, 3), *flies(GREEN, 3), *flies(BLUE, 2), fly(PURPLE, 1)]
    piles = [flies(ORANGE, 3), [*flies(ORANGE, 6)[3:], swatter()]]
    state = table(2, piles, centre=centre, won=[[], [fly(RED, 5)]], current=1)
    reveal(state)
    assert state.phase == "hunt"
    return state


def test_in_a_hunt_a_seat_may_pass_or_slap_any_centre_fly_but_not_twice() -> None:
    state = hunt_table()
    enc = encoding(state)
    centre = state.centre
    expected = [PASS_INDEX, *sorted(FIRST_SLAP + c for c in centre)]
    assert enc.legal(state.view(0), state.legal_actions(0)) == expected
    slap(state, 0, centre[0], 200.0)
    legal = enc.legal(state.view(0), state.legal_actions(0))
    assert FIRST_SLAP + centre[0] not in legal and len(legal) == len(expected) - 1
    # No swatter can ever be slapped: swatters never lie in the centre.
    assert not set(legal) & set(range(FIRST_SLAP + FLIES, NUM_ACTIONS))


def test_the_hunt_slices_show_allowed_colours_hands_and_who_is_underneath() -> None:
    state = hunt_table()
    enc = encoding(state)
    sl = enc.layout.slices
    red, green, blue = flies(RED, 1)[0], flies(GREEN, 1)[0], flies(BLUE, 1)[0]
    slap(state, 1, red, 150.0)
    slap(state, 0, red, 180.0)
    slap(state, 0, blue, 300.0)  # seat 0's second hand: it is done
    obs0 = enc.observe(state.view(0), 0)
    obs1 = enc.observe(state.view(1), 1)
    assert list(obs0[sl["phase"]]) == [0, 0, 1, 0]
    # Only red and green (3 each) may be hit; the rules do not show it, the centre does.
    assert list(obs0[sl["allowed_colours"]]) == [1, 0, 1, 0, 0, 0]
    allowed = obs0[sl["allowed_flies"]]
    assert allowed[red] == 1 and allowed[green] == 1 and allowed[blue] == 0
    assert obs0[sl["centre"]].sum() == 9
    hands0 = obs0[sl["hands"]].reshape(2, FLIES)
    under0 = obs0[sl["underneath"]].reshape(2, FLIES)
    # Row 0 is the observer, row 1 the other seat.
    assert hands0[0, red] == hands0[0, blue] == hands0[1, red] == 1 and hands0.sum() == 3
    assert under0[1, red] == 1 and under0[0, red] == 0 and under0[0, blue] == 1
    under1 = obs1[sl["underneath"]].reshape(2, FLIES)
    assert under1[0, red] == 1 and under1[1, blue] == 1
    # Seat 0 is done; seat 1 has one hand left of two.
    assert list(obs1[sl["in_window"]]) == [1, 0] and list(obs0[sl["in_window"]]) == [0, 1]
    assert obs0[sl["my_hands_left"]][0] == 0 and obs1[sl["my_hands_left"]][0] == 0.5
    # The swatter that started the hunt, revealed by seat 1 (whose turn it is).
    assert list(obs0[sl["trigger_kind"]]) == [1, 0]
    assert obs0[sl["last_reveal_card"]][swatter()] == 1
    assert list(obs0[sl["last_reveal_seat"]]) == [0, 1] == list(obs0[sl["current"]])
    # Seat 1 has won a red 5: it sees its own points and latest fly; seat 0 sees a count.
    assert obs1[sl["my_latest_won"]][fly(RED, 5)] == 1
    assert obs1[sl["scores"]][0] == pytest.approx(5 / 288)
    assert obs0[sl["scores"]][1] == 0 and obs0[sl["won"]][1] == pytest.approx(1 / 96)


def test_the_end_shows_every_score() -> None:
    state = GAME.new(3, seed=4)
    random_playout(state, random.Random(4))
    enc = encoding(state)
    outcome = state.outcome()
    assert outcome is not None
    obs = enc.observe(state.view(2), 2)
    scores = obs[enc.layout.slices["scores"]] * 288
    assert np.allclose(scores, [outcome.scores[(2 + k) % 3] for k in range(3)], atol=1e-3)


# -- the observation comes from the view alone --------------------------------------------


def test_states_that_look_the_same_to_a_seat_give_the_same_tensor() -> None:
    centre = [*flies(RED, 2), fly(GREEN, 3)]
    hidden = flies(ORANGE, 8)
    first = table(2, [[*hidden[:4], swatter()], hidden[4:]], centre=centre)
    second = table(2, [[*hidden[4:][::-1], swatter()], hidden[:4]], centre=centre)
    enc = encoding(first)
    for state in (first, second):
        reveal(state)
        slap(state, 1, centre[0], 250.0)
    for seat in (0, 1):
        assert first.view(seat) == second.view(seat)
        assert first.digest() != second.digest()
        assert np.array_equal(enc.observe(first.view(seat), seat),
                              enc.observe(second.view(seat), seat))


# -- resample ------------------------------------------------------------------------------


def views_step_by_step(state: GameState) -> list[str]:
    """Every seat's view after every step of the history, as JSON text."""
    replay = state.game.new(state.players, state.seed, **state.options)
    seen = []
    for step in state.history:
        if step.seat is None:
            replay.apply_chance(step.value)
        else:
            replay.apply_text(step.seat, step.value, step.at_ms)
        seen.append(json.dumps([replay.view(s) for s in range(state.players)], sort_keys=True))
    return seen


@pytest.mark.parametrize(("players", "options"), [(2, {}), (8, {}), (3, {"remove": 30})])
def test_a_resample_keeps_every_view_and_redraws_the_face_down_cards(
        players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players, seed=11, **options)
    play_in_rounds(state, random.Random(11), check=False, stop_at=60)
    assert state.phase in ("reveal", "hunt")
    before, views = state.digest(), views_step_by_step(state)
    enc = encoding(state)
    deal = state.history[0].value
    piles = []
    for k in range(6):
        again = state.resample(k % players, random.Random(k))
        assert isinstance(again, FliegenKlatschenState)
        assert len(again.history) == len(state.history)
        assert views_step_by_step(again) == views
        for seat in range(players):
            assert np.array_equal(enc.observe(again.view(seat), seat),
                                  enc.observe(state.view(seat), seat))
        # The cards on the table and the pile sizes stay; the face-down order does not.
        assert again.centre == state.centre and again.won == state.won
        assert [len(p) for p in again.piles] == [len(p) for p in state.piles]
        assert sorted(again.history[0].value) == sorted(deal)
        piles.append(json.dumps(again.piles))
        random_playout(again, random.Random(k))  # plays on legally to the end
        assert again.is_over
    assert state.digest() == before
    assert len(set(piles)) == len(piles)
    assert json.dumps(state.piles) not in piles


def test_a_resample_moves_no_revealed_card_and_keeps_every_unseen_card_unseen() -> None:
    state = GAME.new(4, seed=3, remove=20)
    play_in_rounds(state, random.Random(3), check=False, stop_at=40)
    turned = {json.loads(views)[0]["last_reveal"]["card"]["id"]
              for views in views_step_by_step(state)[1:]}
    deal = state.history[0].value
    again = state.resample(2, random.Random(8))
    new_deal = again.history[0].value
    # Every card turned so far keeps its place in the deal; almost all others move.
    for card in turned:
        assert new_deal.index(card) == deal.index(card)
    same = [i for i in range(DECK_SIZE) if deal[i] == new_deal[i]]
    assert len(turned) <= len(same) < len(turned) + 10
    # The cards removed unseen are drawn from the unseen cards like the piles.
    assert set(new_deal[:20]) != set(deal[:20])
    assert not set(new_deal[:20]) & turned


def test_a_resample_after_a_penalty_card_is_turned_again_keeps_the_views() -> None:
    # A penalty puts a won fly under its pile; once the dealt cards above it are turned,
    # it is turned again.  Find such a game and resample at its end.
    for seed in range(200):
        state = GAME.new(2, seed=seed, remove=96)  # 8 cards each: piles run out soon
        play_in_rounds(state, random.Random(seed), check=False)
        turned = [0, 0]
        for step in state.history:
            if step.value == "reveal" and step.seat is not None:
                turned[step.seat] += 1
        if max(turned) > 8:
            break
    else:
        pytest.fail("no game turned a penalty card")
    views = views_step_by_step(state)
    for k in range(3):
        assert views_step_by_step(state.resample(k % 2, random.Random(k))) == views


def test_a_resample_before_the_deal_is_a_fresh_game() -> None:
    state = GAME.new(3, seed=2)
    again = state.resample(0, random.Random(1))
    assert again.history == [] and again.phase == "deal"
    assert again.sample_chance() != state.clone().sample_chance()
