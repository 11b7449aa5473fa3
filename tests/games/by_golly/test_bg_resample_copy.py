"""By Golly!'s ``resample`` as a rewritten copy, checked against the replay.

``resample`` clones the state and rewrites the hidden cards (``resample._rewrite``)
instead of replaying the redrawn history: here it is checked against that replay
(``replayed``, the definition, as the rules did it before) at a few hundred random
points of random games (2-6 players, every phase, the options), for the same generator:
state for state (every field, the history, the events and every seat's form of them,
every seat's view and legal actions), a random playout afterwards, the generator left
in the same state, and the original untouched.  A master bot's search draws its worlds
this way, so a world must not change.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.engine import Step
from gamenight.games.by_golly import resample
from gamenight.games.by_golly.cards import ANIMALS
from gamenight.games.by_golly.rules import GAME, ByGollyState
from gamenight.sim.random_play import random_playout
from tests.engine.same_state import assert_same_state, state_fields

#: The state's cache of the views' shared part: made from the rest when asked for.
CACHES = frozenset({"_memo"})
PHASES = {"deal", "lay", "turn", "second", "mess", "draw", "shuffle", "shuffling", "end",
          "over"}


def replayed(state: ByGollyState, seat: int, rng: random.Random) -> ByGollyState:
    """The definition (``resample.resample`` before it worked on a clone): the history
    with the deal, the shuffles and the unseen draws redrawn, replayed by ``remade``."""
    watched = resample._watched(state, seat)
    steps = list(state.history)
    if watched.deal_step is not None:
        run = resample._redraw_deal_run(watched, rng)
        for shuffle in watched.shuffles:
            steps[shuffle.step] = Step(None, resample._redraw_shuffle(shuffle, rng))
        deck, draws = resample._redraw_cards(state.players, seat, watched, rng)
        steps[watched.deal_step] = Step(None, {"run": run, "deck": deck})
        for index, kind in draws.items():
            steps[index] = Step(None, ANIMALS[kind])
    remade = state.remade(steps, rng.getrandbits(64))
    assert isinstance(remade, ByGollyState)
    return remade


def fields(state: ByGollyState) -> dict[str, Any]:
    return state_fields(state, CACHES)


def same(new: ByGollyState, old: ByGollyState) -> None:
    assert_same_state(new, old, CACHES)


def whole(state: ByGollyState) -> tuple[object, ...]:
    """Everything of a state, to see it untouched."""
    return (fields(state), state.snapshot(), state.digest(), list(state.events),
            [state.view(seat) for seat in range(state.players)])


def check_point(state: ByGollyState, seat: int, rng: random.Random, calls: int = 1) -> None:
    """The seat's resample against the replay, ``calls`` times (a later call reuses
    what the first learnt).  The replay runs on a clone of the state, so that each path's record
    of what the seat saw (``resample._SEEN``, whose search memory can change later
    draws) goes through the very same calls."""
    before = whole(state)
    mirror = state.clone()
    assert isinstance(mirror, ByGollyState)
    for call in range(calls):
        seed = rng.randrange(1 << 30)
        new_rng, old_rng = random.Random(seed), random.Random(seed)
        new = state.resample(seat, new_rng)
        old = replayed(mirror, seat, old_rng)
        assert isinstance(new, ByGollyState)
        assert new_rng.getstate() == old_rng.getstate()
        assert [new_rng.random() for _ in range(3)] == [old_rng.random() for _ in range(3)]
        same(new, old)
        if call == 0:
            # Nothing is shared that play changes: a playout goes alike, and leaves
            # the original as it was.
            playout = rng.randrange(1 << 30)
            assert random_playout(new, random.Random(playout)) == \
                random_playout(old, random.Random(playout))
            assert fields(new) == fields(old)
    assert whole(state) == before


def test_a_resample_is_the_replay_of_the_redrawn_history() -> None:
    rng = random.Random(2026)
    phases: set[str] = set()
    points = 0
    for game in range(60):
        players = 2 + game % 5
        options: dict[str, Any] = {}
        if game % 7 == 3:
            options["face_up_match"] = True
        if game % 5 == 4:
            options["last_card"] = "protected"
        if game % 9 == 5:
            options["max_turns"] = rng.randrange(1, 40)  # the safety cap ends it
        state = GAME.new(players, rng.randrange(1 << 30), **options)
        # A few points of each game (random games run 1-2 thousand steps), its start
        # and its end among them.
        chance = 3 / (300 + 180 * players)
        while True:
            if not state.history or rng.random() < chance or state.is_over:
                phases.add(state.phase)
                check_point(state, rng.randrange(players), rng, 1 + (points % 3 == 0))
                points += 1
            acting = state.acting()
            if acting.kind == "over":
                break
            if acting.kind == "chance":
                state.draw_chance()
            else:
                seat = acting.seats[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert phases == PHASES
    assert points >= 200


def test_a_long_game_resamples_as_its_replay() -> None:
    # Long 5-player games: dozens of unseen draws, shuffles and refills.
    rng = random.Random(7)
    for seed in (3, 4):
        state = GAME.new(5, seed)
        random_playout(state, random.Random(seed))
        for seat in range(5):
            check_point(state, seat, rng, 2)
