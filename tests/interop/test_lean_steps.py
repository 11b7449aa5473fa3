"""The adapter's lean per-step paths for search (issue 19, part 3) give what the full
paths gave: legal indices numbered without building a view (FLY reads its table from the
state), a generator copied without seeding one first, a window's hand applied without
checking it twice, and OpenSpiel's state reading its table's decision directly.

Two kinds of check: each lean path against its definition over random games, and a
digest of everything OpenSpiel reads over random games of every game and form
(decisions, legal actions of every player, chance outcomes, observation and information
state strings, serializations and returns), recorded with the code before the change:
the same bytes, game after game.
"""

from __future__ import annotations

import hashlib
import random

import pyspiel
import pytest

from gamenight.engine.seeding import copy_generator
from gamenight.games import GAMES
from gamenight.games.fly.encoding import table_key
from gamenight.interop import openspiel
from gamenight.interop.core import DRAWS, Table, _LazyView, _next_seeds
from gamenight.interop.encoding import encoding_for

openspiel.register()


def test_a_copied_generator_is_the_generator() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        for _ in range(seed):
            rng.random()
        if seed % 2:
            rng.gauss(0.0, 1.0)  # a Gaussian kept for the next call is copied too
        twin = copy_generator(rng)
        assert type(twin) is random.Random
        assert twin.getstate() == rng.getstate()
        assert [twin.gauss(0.0, 1.0) for _ in range(3)] == [rng.gauss(0.0, 1.0)
                                                            for _ in range(3)]


def _full_legal(table: Table, seat: int) -> list[int]:
    """The definition: the encoding's numbering read from the seat's whole view."""
    state = table.state
    if seat not in table._acting().seats or seat in table.pending:
        return []
    return table.encoding.legal(table.view(seat), state.legal_actions(seat))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_lean_legal_indices_and_sampled_draws_are_their_definitions(game_id: str) -> None:
    game = GAMES[game_id]
    players = 3 if game_id == "superfly" else 2
    for seed in range(6):
        table = Table(game, players, seed, sequential=bool(seed % 2)
                      and encoding_for(game, players, {}).joint_decisions)
        rng = random.Random(seed)
        while not table.is_over:
            decision = table.decision()
            if decision.kind == "chance":
                outcomes = table.chance_outcomes()
                if table.encoding.chance == "sampled":
                    # The seeds are the next ones of the game's own generator.
                    before = random.Random()
                    before.setstate(table.state.rng.getstate())
                    assert outcomes == [(s, 1.0 / DRAWS) for s in _next_seeds(before)]
                    table.apply_chance(rng.choice(outcomes)[0])
                    assert table.state.rng.getstate() == before.getstate()
                else:
                    table.apply_chance(rng.choice(outcomes)[0])
                continue
            for seat in range(players):
                assert table.legal(seat) == _full_legal(table, seat)
            if table.encoding.perfect_information:
                # FLY's offered aims depend on the table alone, read from the state.
                seat = decision.seats[0]
                lean = _LazyView(table, seat)
                assert lean.public_state is table.state
                if game_id == "fly":
                    assert table_key(lean) == table_key(table.view(seat))
            if decision.kind == "turn":
                seat = decision.seats[0]
                table.apply_turn(seat, table.decode(seat, rng.choice(table.legal(seat))))
            else:
                table.apply_joint({s: table.decode(s, rng.choice(table.legal(s)))
                                   for s in decision.seats if table.legal(s)})


def _forms() -> list[tuple[str, int, bool]]:
    forms = []
    for game_id in sorted(GAMES):
        players = 3 if game_id == "superfly" else 2
        joint = encoding_for(GAMES[game_id], players, {}).joint_decisions
        forms += [(game_id, players, sequential) for sequential in (False, True)
                  if joint or not sequential]
    return forms


def trace(game_id: str, players: int, sequential: bool, games: int) -> str:
    """A digest of everything OpenSpiel reads over ``games`` random games, each step
    through a state, its clone or its deserialized copy at random."""
    params: dict[str, object] = {"players": players}
    if encoding_for(GAMES[game_id], players, {}).joint_decisions:
        params["sequential"] = sequential
    game = pyspiel.load_game(openspiel.game_name(game_id), params)
    digest = hashlib.sha256()
    rng = random.Random(7)
    for _ in range(games):
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            digest.update(repr((state.current_player(), state.is_chance_node(),
                                state.is_simultaneous_node())).encode())
            if n % 5 == 0:
                for p in range(players):
                    digest.update(state.observation_string(p).encode())
                    digest.update(state.information_state_string(p).encode())
                digest.update(state.serialize().encode())
            for p in range(players):
                digest.update(repr(state.legal_actions(p)).encode())
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                digest.update(repr(outcomes).encode())
                actions, odds = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(actions, odds)[0])
            elif state.is_simultaneous_node():
                joint = [rng.choice(state.legal_actions(p)) for p in range(players)]
                state.apply_actions(joint)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if rng.random() < 0.05:
                state = (state.clone() if rng.random() < 0.5
                         else game.deserialize_state(state.serialize()))
            n += 1
        digest.update(repr(state.returns()).encode())
        digest.update(state.serialize().encode())
    return digest.hexdigest()[:16]


#: ``trace(..., games=3)`` as the code before the lean paths gave it (and the committed
#: code before this round's search work).
BEFORE: dict[tuple[str, int, bool], str] = {
    ('by-golly', 2, False): '8776665c3995cae0',
    ('fliegen-klatschen', 2, False): '28e0d09538737cec',
    ('fliegen-klatschen', 2, True): '7140f7cf6350e6e5',
    ('fluster', 2, False): 'ddef41fa15d79e11',
    ('fluster', 2, True): 'b244407fdc5ff526',
    ('fly', 2, False): '0a176c1985858c41',
    ('superfly', 3, False): '6d2b93e08584f7d8',
    ('superfly', 3, True): '40d1798a8550a951',
}


@pytest.mark.parametrize(("game_id", "players", "sequential"), _forms())
def test_openspiel_reads_the_same_bytes_as_before(game_id: str, players: int,
                                                  sequential: bool) -> None:
    assert trace(game_id, players, sequential, 3) == BEFORE[game_id, players, sequential]
