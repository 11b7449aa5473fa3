"""What every registered game promises, checked the same way for each (a later game is
checked here as soon as it is registered, before it writes a test of its own).

Random play to the end at the smallest and largest table; each action's text reads back
as the action; every view is plain JSON; a record written through a JSON round trip replays
to the same final state; garbage is refused as an action; an illegal action changes
nothing; the same seed and actions give the same game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamenight.engine import Game, GameState, IllegalAction, OptionError
from gamenight.games import GAMES
from gamenight.record import Record, record_of, replay
from gamenight.sim.random_play import random_playout

#: Every game at its smallest and largest table (where a count needs an option, such as
#: Superfly's 2-player variant, the smallest count the game offers without one).
TABLES = [(game_id, count) for game_id, game in GAMES.items()
          for count in sorted({game.min_players, game.max_players})]


def new_game(game: Game, players: int, seed: int) -> GameState:
    try:
        return game.new(players, seed)
    except OptionError:  # a variant count that needs its option
        return game.new(players + 1, seed)


def play_checking(state: GameState, rng: random.Random, every: int = 7) -> None:
    """Random play to the end; at every ``every``-th decision check views and action
    texts, and that an illegal action changes nothing."""
    game = state.game
    decision = 0
    while True:
        acting = state.acting()
        if acting.kind == "over":
            return
        if acting.kind == "chance":
            state.draw_chance()
            continue
        decision += 1
        if decision % every == 0:
            for seat in [None, *range(state.players)]:
                json.dumps(state.view(seat))
            for seat in acting.seats:
                for action in state.legal_actions(seat):
                    assert game.parse_action(str(action)) == action, (game.id, action)
            before = state.digest()
            idle = [s for s in range(state.players) if s not in acting.seats]
            for seat in idle[:1]:  # a seat that may not act now
                legal = state.legal_actions(acting.seats[0])
                with pytest.raises(IllegalAction):
                    state.apply(seat, legal[0], 0.0 if acting.kind != "turn" else None)
            assert state.digest() == before
        # One step of random play, as the bench plays it.
        steps = len(state.history)
        _one_step(state, rng)
        assert len(state.history) > steps


def _one_step(state: GameState, rng: random.Random) -> None:
    acting = state.acting()
    seat = rng.choice(acting.seats)
    at_ms: float | None = None
    if acting.kind in ("window", "simultaneous"):
        at_ms = 0.0 if acting.deadline_ms is None else rng.uniform(0, acting.deadline_ms)
    state.apply(seat, rng.choice(state.legal_actions(seat)), at_ms)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_random_play_ends_and_its_record_replays_to_the_same_state(
        game_id: str, players: int) -> None:
    game = GAMES[game_id]
    state = new_game(game, players, seed=20261129)
    play_checking(state, random.Random(players))
    outcome = state.outcome()
    assert outcome is not None and len(outcome.scores) == state.players
    assert set(outcome.winners) <= set(range(state.players)) and outcome.winners
    # Through JSON and back, as a file would carry it.
    record = Record.from_json(json.loads(json.dumps(record_of(state).to_json())))
    assert replay(record).digest() == state.digest()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_same_seed_and_actions_give_the_same_game(game_id: str) -> None:
    game = GAMES[game_id]
    players = new_game(game, game.min_players, 0).players
    first = new_game(game, players, seed=5)
    random_playout(first, random.Random(1))
    second = new_game(game, players, seed=5)
    random_playout(second, random.Random(1))
    assert first.digest() == second.digest()
    assert [(s.seat, s.value) for s in first.history] == [(s.seat, s.value)
                                                         for s in second.history]


@pytest.mark.parametrize("text", ["", "fly away", "slap slap", "\x00", "call ZZ 99"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_garbage_is_refused_as_an_action(game_id: str, text: Any) -> None:
    with pytest.raises(IllegalAction):
        GAMES[game_id].parse_action(text)
