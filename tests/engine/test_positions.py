"""Positions: any situation can be set up, and a game set up from one is the same game.

For every registered game, at random points of random games: the position read back
(``Game.from_position``) gives the same position, snapshot, views and legal actions, and
the rest of the game, played with the same chance and actions, ends in the same state.
Positions altered at random are either refused with IllegalAction or give a game that
works; nothing else is ever raised.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from gamenight.engine import Game, GameState, IllegalAction
from gamenight.engine.game import JSON, POSITION_FORMAT
from gamenight.games import GAMES
from gamenight.record import load_position, loads, record_of, replay
from tests.engine.test_redaction import TABLES, canonical, new_game, played, random_play

CUTS = 5
#: Random alterations tried per game.
ALTERATIONS = 300


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def assert_same_game(original: GameState, copy_: GameState) -> None:
    assert canonical(copy_.position()) == canonical(original.position())
    assert canonical(copy_.snapshot()) == canonical(original.snapshot())
    assert copy_.acting() == original.acting()
    for seat in [None, *range(original.players)]:
        assert canonical(copy_.view(seat)) == canonical(original.view(seat)), f"seat {seat}"
    for seat in range(original.players):
        assert list(map(str, copy_.legal_actions(seat))) == \
            list(map(str, original.legal_actions(seat)))
    assert copy_.outcome() == original.outcome()


def play_on(state: GameState, steps: list[Any]) -> None:
    for step in steps:
        if step.seat is None:
            state.apply_chance(copy.deepcopy(step.value))
        else:
            state.apply_text(step.seat, step.value, step.at_ms)


@pytest.mark.parametrize("driver", ["random", "bots"])
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_position_read_back_is_the_same_game_now_and_after(
        game_id: str, players: int, driver: str) -> None:
    game = GAMES[game_id]
    whole = played(game, players, 3, driver)
    steps = whole.history
    rng = random.Random(f"positions {game_id} {players} {driver}")
    for k in [0, *sorted(rng.sample(range(len(steps)), min(CUTS, len(steps)))), len(steps)]:
        state = whole.remade(steps[:k], 0)
        position = state.position()
        assert position["format"] == POSITION_FORMAT and position["game"] == game_id
        copy_ = game.from_position(through_json(position), seed=5)
        assert copy_.start is not None and copy_.history == []
        assert_same_game(state, copy_)
        play_on(copy_, steps[k:])
        assert canonical(copy_.snapshot()) == canonical(whole.snapshot())
        assert copy_.outcome() == whole.outcome()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_from_a_position_records_and_replays(game_id: str) -> None:
    game = GAMES[game_id]
    whole = played(game, game.min_players if game_id != "superfly" else 3, 6, "bots")
    middle = whole.remade(whole.history[: len(whole.history) // 2], 0)
    state = game.from_position(middle.position(), seed=11)
    random_play(state, random.Random(11), 100_000)  # on with the game's own chance
    assert state.is_over
    record = record_of(state)
    assert record.position == state.start
    replayed = replay(loads(record.dumps()))
    assert replayed.digest() == state.digest()
    with pytest.raises(IllegalAction, match="position"):
        state.resample(0, random.Random(1))


# -- refused ------------------------------------------------------------------------------
def a_position(game: Game) -> dict[str, Any]:
    state = new_game(game, game.max_players, 8)
    state.draw_chance()
    return through_json(state.position())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_envelope_is_checked_with_a_message(game_id: str) -> None:
    game = GAMES[game_id]
    good = a_position(game)
    other = next(g for g in GAMES if g != game_id)
    cases: list[tuple[JSON, str | None]] = [
        ([], "not a position"),
        ({**good, "format": "chess"}, "format"),
        ({**good, "game": other}, f"not of {game_id}"),
        ({**good, "rules_version": "0"}, "rules version"),
        ({**good, "version": 99}, "version"),
        ({**good, "players": game.max_players + 1}, "players"),
        ({**good, "options": {"no_such_option": 1}}, "no option"),
        ({k: v for k, v in good.items() if k != "state"}, "missing state"),
        ({**good, "extra": 1}, "unknown extra"),
        ({**good, "state": None}, None),
    ]
    for data, message in cases:
        with pytest.raises(IllegalAction, match=message):
            game.from_position(data)
    with pytest.raises(IllegalAction, match="seed"):
        game.from_position(good, seed=-1)


def paths(data: JSON, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*at, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from paths(value, (*at, i))


REPLACEMENTS: list[JSON] = [None, True, -1, 0, 1, 10**9, 0.5, -0.5, "", "x", [], {}, [0],
                            {"a": 1}]


def altered(state_json: JSON, rng: random.Random) -> JSON:
    data = copy.deepcopy(state_json)
    at = rng.choice(list(paths(data))[1:] or [()])
    if not at:
        return rng.choice(REPLACEMENTS)
    parent = data
    for key in at[:-1]:
        parent = parent[key]
    key = at[-1]
    how = rng.randrange(4)
    if how == 0:
        parent[key] = rng.choice(REPLACEMENTS)
    elif how == 1 and isinstance(parent, dict):
        del parent[key]
    elif how == 1:
        parent.append(copy.deepcopy(parent[key]))  # something now exists twice
    elif how == 2 and isinstance(parent[key], int | float) and not isinstance(
            parent[key], bool):
        parent[key] = parent[key] + rng.choice([-1, 1, 7])
    elif how == 3 and isinstance(parent, list) and len(parent) > 1:
        del parent[key]
    else:
        parent[key] = rng.choice(REPLACEMENTS)
    return data


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_altered_positions_are_refused_or_give_a_game_that_works(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"alter {game_id}")
    sources = []
    for seed in (0, 1):
        whole = played(game, game.max_players, seed, "random")
        for k in sorted(rng.sample(range(len(whole.history)), 3)):
            sources.append(through_json(whole.remade(whole.history[:k], 0).position()))
    refused = 0
    for i in range(ALTERATIONS):
        position = copy.deepcopy(sources[i % len(sources)])
        position["state"] = altered(position["state"], rng)
        try:
            state = game.from_position(position)
        except IllegalAction as exc:
            assert str(exc), "a refusal says what was wrong"
            refused += 1
            continue
        # Accepted: the alteration was still a possible position, and it plays.
        assert canonical(game.from_position(state.position()).position()) == \
            canonical(state.position())
        for seat in [None, *range(state.players)]:
            state.view(seat)
        acting = state.acting()
        for seat in acting.seats:
            state.legal_actions(seat)
        state.outcome()
    assert refused >= ALTERATIONS // 2, f"only {refused} of {ALTERATIONS} refused"


def examples() -> list[tuple[str, Path]]:
    found = []
    for game_id, game in GAMES.items():
        folder = files(type(game).__module__.rpartition(".")[0]) / "examples"
        found += [(game_id, Path(str(path))) for path in folder.iterdir()
                  if path.name.endswith(".json")]
    return sorted(found)


def test_every_game_restates_rulebook_examples_as_positions() -> None:
    assert {game_id for game_id, _ in examples()} == set(GAMES)


@pytest.mark.parametrize(("game_id", "path"), examples(), ids=lambda x: getattr(x, "name", x))
def test_each_example_reads_back_and_is_named_in_the_rules(game_id: str, path: Path) -> None:
    game = GAMES[game_id]
    state = load_position(path, game)
    assert canonical(game.from_position(state.position()).position()) == \
        canonical(state.position())
    assert path.name in game.rules_text(), f"{game_id}'s rules.md does not list {path.name}"
