"""``GameState.remade`` reads each action text once and copies chance outcomes as JSON
(search remakes a history at every simulation): the states it makes, and so every
``resample``, are those of the plain replay it stands for, step for step, with the
caller's generator left where the plain replay left it."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.engine.game import GameState, Step
from gamenight.games import GAMES
from gamenight.interop.core import default_players
from gamenight.sim.random_play import random_playout


def plain_remade(self: GameState[Any], steps: Sequence[Step],
                 generator_seed: int) -> GameState[Any]:
    """The definition: every step replayed through ``apply_text``/``apply_chance``."""
    state = (self.game.new(self.players, self.seed, **self.options) if self.start is None
             else self.game.from_position(self.start, self.seed))
    for step in steps:
        if step.seat is None:
            state.apply_chance(copy.deepcopy(step.value))
        else:
            state.apply_text(step.seat, step.value, step.at_ms)
    state.rng = random.Random(generator_seed)
    return state


def points(game_id: str, games: int, seed: int) -> list[GameState[Any]]:
    """States at random steps of random games at the two smallest tables (played out by the
    engine's own random play, then remade up to a random length)."""
    rng = random.Random(seed)
    game = GAMES[game_id]
    found = []
    for n in range(games):
        players = min(game.max_players, default_players(game) + n % 2)
        whole = game.new(players, rng.randrange(1 << 30))
        random_playout(whole, rng)
        cut = rng.randrange(len(whole.history) + 1)
        found.append(plain_remade(whole, whole.history[:cut], rng.randrange(1 << 30)))
    return found


def same(a: GameState[Any], b: GameState[Any]) -> None:
    assert a.digest() == b.digest()
    assert [(s.seat, s.value, s.at_ms) for s in a.history] == \
        [(s.seat, s.value, s.at_ms) for s in b.history]
    assert a.events == b.events
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)
    assert a.rng.getstate() == b.rng.getstate()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_remade_is_the_plain_replay(game_id: str) -> None:
    for state in points(game_id, 12, 19):
        same(state.remade(state.history, 7), plain_remade(state, state.history, 7))
        # The steps handed in are not changed by the rules keeping a chance outcome.
        before = copy.deepcopy([(s.seat, s.value, s.at_ms) for s in state.history])
        twin = state.remade(state.history, 8)
        if twin.acting().kind != "over":
            random_playout(twin, random.Random(3))
        assert [(s.seat, s.value, s.at_ms) for s in state.history] == before


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if g != "fly"))
def test_resample_is_as_before(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Resamples through the lean replay equal those through the plain one, for the same
    rng, which both leave in the same state."""
    for i, state in enumerate(points(game_id, 16, 23)):
        if state.acting().kind == "over" and i % 2:
            continue
        seat = i % state.players
        new_rng, old_rng = random.Random(i), random.Random(i)
        # Each on its own clone: a game may keep what its search learnt per state.
        new = state.clone().resample(seat, new_rng)
        with monkeypatch.context() as patch:
            patch.setattr(GameState, "remade", plain_remade)
            old = state.clone().resample(seat, old_rng)
        same(new, old)
        assert new_rng.random() == old_rng.random()


def same_but_generator(a: GameState[Any], b: GameState[Any]) -> None:
    assert a.digest() == b.digest()
    assert a.snapshot() == b.snapshot()
    assert [(s.seat, s.value, s.at_ms) for s in a.history] == \
        [(s.seat, s.value, s.at_ms) for s in b.history]
    assert a.events == b.events
    assert a.acting() == b.acting()
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)
        assert a.legal_actions(seat) == b.legal_actions(seat)


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if g != "fly"))
def test_a_resample_is_its_own_history_replayed(game_id: str) -> None:
    """Whatever shortcut a game takes (Fliegen klatschen copies the state and moves the
    face-down cards), a resample is the replay of its history."""
    for i, state in enumerate(points(game_id, 16, 29)):
        twin = state.resample(i % state.players, random.Random(i))
        same_but_generator(twin, plain_remade(state, twin.history, 0))
        if twin.acting().kind != "over":  # and it plays on as the replay does
            again = plain_remade(state, twin.history, 0)
            again.rng.setstate(twin.rng.getstate())
            random_playout(twin, random.Random(i))
            random_playout(again, random.Random(i))
            same(twin, again)


def replayed_fk_resample(state: Any, seat: int, rng: random.Random) -> GameState[Any]:
    """Fliegen klatschen's resample as it was, by replay: the definition its copy keeps."""
    from gamenight.games.fliegen_klatschen.cards import DECK_SIZE

    steps = list(state.history)
    deals = [i for i, step in enumerate(steps) if step.seat is None]
    if deals:
        at = deals[-1]
        deal = steps[at].value
        dealt_to = [*(g.seats for g in state.played), state.in_play][len(deals) - 1]
        shown = state._dealt_places_revealed(steps[at + 1:], dealt_to)
        hidden = [place for place in range(DECK_SIZE) if place not in shown]
        cards = [deal[place] for place in hidden]
        rng.shuffle(cards)
        redealt = list(deal)
        for place, card in zip(hidden, cards, strict=True):
            redealt[place] = card
        steps[at] = Step(None, redealt)
    return plain_remade(state, steps, rng.getrandbits(64))


def fk_points(count: int, seed: int) -> list[GameState[Any]]:
    """Fliegen klatschen at random steps of random matches of 2 to 6 players, with
    cards taken out and deciding games (ties at 4 players and more)."""
    rng = random.Random(seed)
    game = GAMES["fliegen-klatschen"]
    found = []
    while len(found) < count:
        players = rng.randrange(game.min_players, game.max_players + 1)
        whole = game.new(players, rng.randrange(1 << 30), tie="deciding-game",
                         remove=rng.choice((0, 0, 5, 20)))
        random_playout(whole, rng)
        history = whole.history
        deals = [i for i, step in enumerate(history) if step.seat is None]
        cuts = [rng.randrange(len(history) + 1), len(history)]
        if len(deals) > 1:  # a deciding game: before its deal is drawn, and during it
            cuts += [deals[-1], rng.randrange(deals[-1], len(history) + 1)]
        for cut in cuts:
            found.append(plain_remade(whole, history[:cut], rng.randrange(1 << 30)))
    return found


def test_fliegen_klatschen_resample_is_the_replay_it_stands_for() -> None:
    """Same rng, same state as the replay (generator included), and the rng left where
    the replay left it: over many points, deciding games and the end included."""
    points_seen = {"over": 0, "deal": 0, "deciding": 0}
    for i, state in enumerate(fk_points(300, 31)):
        seat = i % state.players
        new_rng, old_rng = random.Random(i), random.Random(i)
        new = state.resample(seat, new_rng)
        old = replayed_fk_resample(state, seat, old_rng)
        same(new, old)
        assert new_rng.getstate() == old_rng.getstate()
        points_seen["over"] += state.acting().kind == "over"
        points_seen["deal"] += state.acting().kind == "chance"
        points_seen["deciding"] += bool(getattr(state, "played", None))
    assert all(points_seen.values()), points_seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_taken_back_is_the_plain_replay_of_the_steps_kept(game_id: str) -> None:
    """``taken_back`` (a game may skip the replay) makes the state the replay of the
    first steps makes, and leaves the state it is asked of as it was."""
    rng = random.Random(29)
    for state in points(game_id, 10, 31):
        n = len(state.history)
        digest = state.digest()
        for keep in sorted({0, n, rng.randrange(n + 1), max(0, n - 1), max(0, n - 2)}):
            same(state.taken_back(keep, 5), plain_remade(state, state.history[:keep], 5))
        assert state.digest() == digest
        with pytest.raises(ValueError):
            state.taken_back(n + 1, 5)
