"""``GameState.clone`` copies each attribute as the game's ``*_when_cloned`` lists say
(shared, one level down, two levels down) instead of deep-copying all: a clone is still a
game of its own.  Played on, it does what the original would have (the original remade
from its history is the reference), and the original is left exactly as it was, down to
every number of every list, however long the clone plays."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamenight.engine.game import GameState, cloned_parts
from gamenight.games import GAMES
from gamenight.sim.random_play import random_playout
from tests.engine.same_state import attribute_names, attributes, state_fields
from tests.engine.test_redaction import new_game, random_play
from tests.engine.test_remade import plain_remade, points
from tests.engine.toy import DiceDuel, DiceDuelState
from tests.sixth.rules import HighCard

#: Caches that clones share and that only gain entries, each the same for every state
#: (the ``Acting`` of a group of seats): a clone's play may add to them, never change one.
GAIN_ONLY = ("_actings",)


def frozen_fields(state: GameState[Any]) -> dict[str, Any]:
    """Every attribute of ``state`` as plain values taken now (the definition and a word
    list, never changed, are left out): compared later, it shows any change made in
    place, which a dict of the very same objects would follow."""
    return {key: plain(value) for key, value in state_fields(state).items()
            if key not in ("game", "words", *GAIN_ONLY)}


def gain_only_entries(state: GameState[Any]) -> dict[str, dict[Any, Any]]:
    return {key: dict(getattr(state, key)) for key in GAIN_ONLY if hasattr(state, key)}


def plain(value: Any) -> Any:
    """``value`` rebuilt of numbers, texts, lists and dicts, down to its last field (an
    object is its type's name and its fields, whether it compares them or not)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {"dict": [(plain(k), plain(v)) for k, v in value.items()]}
    if isinstance(value, (list, tuple)):
        return {type(value).__name__: [plain(item) for item in value]}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted(map(repr, map(plain, value)))}
    return {type(value).__name__: {n: plain(getattr(value, n))
                                   for n in attribute_names(value)}}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_plays_on_as_the_original_would_and_leaves_it_untouched(game_id: str) -> None:
    for k, state in enumerate(points(game_id, 24, seed=41)):
        for seat in range(state.players):  # the views' caches filled: a clone shares them
            state.view(seat)
        before, events = frozen_fields(state), list(state.events)
        kept = gain_only_entries(state)
        twin = state.clone()
        assert twin.digest() == state.digest() and twin.events == state.events
        reference = plain_remade(state, state.history, 0)
        reference.rng.setstate(state.rng.getstate())
        random_playout(twin, random.Random(k))
        random_playout(reference, random.Random(k))
        assert twin.digest() == reference.digest() and twin.events == reference.events
        for seat in range(state.players):
            assert twin.view(seat) == reference.view(seat)
        # Nothing the clone did reached the original ...
        assert frozen_fields(state) == before and state.events == events
        for key, entries in gain_only_entries(state).items():
            assert entries.items() >= kept[key].items()
        # ... which plays on to the same end.
        random_playout(state, random.Random(k))
        assert state.digest() == reference.digest() and state.events == reference.events


@pytest.mark.parametrize("game_id", [*sorted(GAMES), "sixth", "toy"])
def test_a_state_is_exactly_the_parts_its_lists_name(game_id: str) -> None:
    """A clone is made from the lists (``GameState.shared_when_cloned`` and the others)
    and nothing else: an attribute left out would not be copied, and a name misspelt or
    left over would fail.  So every attribute a state has, from its setup to its end, is
    in exactly one list."""
    game = {"sixth": HighCard(), "toy": DiceDuel()}.get(game_id) or GAMES[game_id]
    parts = cloned_parts(type(new_game(game, game.min_players, 0)))
    assert len(parts) == len(set(parts))
    rng = random.Random(9)
    for n in range(4):
        state = new_game(game, min(game.max_players, game.min_players + n),
                         rng.randrange(1000))
        while True:
            assert attributes(state) == set(parts), type(state).__name__
            assert attributes(state.clone()) == set(parts)
            if state.is_over:
                break
            random_play(state, rng, len(state.history) + 7)


def test_a_name_in_two_lists_is_refused() -> None:
    class Twice(DiceDuelState):
        shared_when_cloned = ("round", "die", "phase", "scores")

    with pytest.raises(TypeError, match=r"listed twice for cloning.*scores"):
        cloned_parts(Twice)
