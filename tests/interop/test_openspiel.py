"""Every game inside OpenSpiel: the framework's own consistency checker, its own search
bots against ours, serialization through our JSON record, and information-set
resampling (issue 7)."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from gamenight.engine import Game
from gamenight.engine.game import JSON
from gamenight.engine.seeding import derive_seed
from gamenight.games import GAMES
from gamenight.interop import openspiel
from gamenight.interop.core import SERIAL_FORMAT
from tests.engine.toy import DICE_DUEL
from tests.interop.tables import ENDS, TableSetup, every_table, table_id

openspiel.register()
openspiel.register_game(DICE_DUEL)
TOY_TABLES: list[TableSetup] = [(DICE_DUEL, n, {"deadline_ms": d})
                               for n in (2, 3, 4) for d in (0, 300)]


def load(game: Game, players: int, options: dict[str, JSON], **extra: JSON) -> pyspiel.Game:
    return pyspiel.load_game(openspiel.game_name(game.id),
                             {"players": players, **options, **extra})


def test_every_game_is_registered_under_its_fixed_name() -> None:
    names = openspiel.register()
    assert names == [f"python_gamenight_{g.replace('-', '_')}" for g in GAMES]
    assert "python_gamenight_fliegen_klatschen" in names
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert set(names) <= registered


def test_the_observer_names_the_pieces_of_its_tensor() -> None:
    """As OpenSpiel's own observers do, ``dict`` holds the tensor's named pieces (the
    encoding's layout), each a view of the tensor in its own shape."""
    spiel_game = load(GAMES["superfly"], 3, {})
    state = spiel_game.new_initial_state()
    while state.is_chance_node():  # the deal and the centre flies, up to the swat
        state.apply_action(state.chance_outcomes()[0][0])
    observation = make_observation(spiel_game)
    observation.set_from(state, 1)
    layout = spiel_game.encoding.layout
    assert list(observation.dict) == list(layout.names)
    for name, part in observation.dict.items():
        assert part.shape == layout[name].shape
        assert np.shares_memory(part, observation.tensor)
    assert np.array_equal(observation.tensor, state.table.observe(1))
    assert observation.dict["phase"].tolist() == [0, 0, 1, 0, 0]  # hands, centre, swat
    assert observation.dict["my_hand"].sum() == 1  # the round's first face-down card
    assert observation.dict["centre"].sum() == 2  # players - 1 flies


#: Random games per table in OpenSpiel's checker.  The default run checks a game's
#: smallest and largest tables (there the encoding's sizes and the rules' table-size cases
#: are at their edges) and the toy duel's every table; the slow run checks the tables
#: between, and the ends again with the most games.  The checker was most of CI's time at
#: 50 games for every table, and a fifth of the default run's at 5 (issue 37, "Fast
#: tests").
SIMS_EVERY_TABLE = 5
SIMS_AT_THE_ENDS = 20
#: Every registered game's tables that are not at an end.
BETWEEN_THE_ENDS: list[TableSetup] = [t for t in every_table() if t not in ENDS]


def random_sim_test(table: TableSetup, sims: int) -> None:
    game, players, options = table
    spiel_game = load(game, players, options)
    assert spiel_game.num_players() == players
    pyspiel.random_sim_test(spiel_game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("table", [t for t in ENDS if t[0] is not DICE_DUEL] + TOY_TABLES,
                         ids=table_id)
def test_random_sim_test(table: TableSetup) -> None:
    random_sim_test(table, SIMS_EVERY_TABLE)


@pytest.mark.slow
@pytest.mark.parametrize("table", BETWEEN_THE_ENDS, ids=table_id)
def test_random_sim_test_between_the_ends(table: TableSetup) -> None:
    random_sim_test(table, SIMS_EVERY_TABLE)


@pytest.mark.slow
@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_random_sim_test_at_the_ends(table: TableSetup) -> None:
    random_sim_test(table, SIMS_AT_THE_ENDS)


def test_game_options_are_parameters_and_bad_ones_are_refused() -> None:
    game = load(DICE_DUEL, 2, {"rounds": 5})
    assert game.get_parameters()["rounds"] == 5
    assert game.max_game_length() == 10
    with pytest.raises(pyspiel.SpielError, match="rounds"):
        load(DICE_DUEL, 2, {"rounds": 99})
    with pytest.raises(pyspiel.SpielError, match="players"):
        load(DICE_DUEL, 9, {})


def test_listed_chance_is_explicit_with_the_games_own_odds() -> None:
    state = load(DICE_DUEL, 2, {}).new_initial_state()
    assert state.chance_outcomes() == [(face - 1, 1 / 6) for face in range(1, 7)]
    state.apply_action(3)
    assert state.table.state.die == 4


def test_a_shuffle_is_a_choice_among_seeds_of_the_games_generator() -> None:
    """FLY's layout is a shuffle (too many outcomes to list): chance chooses among 8
    equally likely seeds of the game's generator, and the layout is drawn with the one
    chosen.  The game's seed fixes the seeds; different seeds make different layouts."""
    fly = GAMES["fly"]

    def seeds(seed: int) -> list[int]:
        outcomes = load(fly, 2, {}, seed=seed).new_initial_state().chance_outcomes()
        assert [p for _, p in outcomes] == [1 / 8] * 8
        return [a for a, _ in outcomes]

    assert seeds(7) == seeds(7)
    assert seeds(7) != seeds(8)
    assert len(set(seeds(7))) == 8
    layouts = set()
    for seed in seeds(7):
        state = load(fly, 2, {}, seed=7).new_initial_state()
        state.apply_action(seed)
        assert state.table.state.history[-1].value is not None
        layouts.add(json.dumps(state.table.state.history[-1].value))
    assert len(layouts) == 8


def play_random(state: pyspiel.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_serialized_state_is_json_and_plays_on_exactly_like_the_original(
        table: TableSetup) -> None:
    game, players, options = table
    spiel_game = load(game, players, options)
    rng = random.Random(3)
    state = spiel_game.new_initial_state()
    play_random(state, rng, 40)
    text = state.serialize()
    data = json.loads(text)  # JSON, so reading it back runs no code
    assert data["format"] == SERIAL_FORMAT
    assert data["record"]["format"] == "gamenight-record"
    copy = spiel_game.deserialize_state(text)
    assert str(copy) == str(state)
    seed = rng.random()
    play_random(state, random.Random(seed), 10_000)
    play_random(copy, random.Random(seed), 10_000)
    assert str(copy) == str(state)
    assert copy.returns() == state.returns()


@pytest.mark.parametrize("table", ENDS, ids=table_id)
def test_resample_from_infostate_keeps_the_information_state(
        table: TableSetup) -> None:
    game, players, options = table
    spiel_game = load(game, players, options)
    rng = random.Random(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for start in range(4):
        state = spiel_game.new_initial_state()
        play_random(state, rng, 15 + 25 * start)
        if state.is_terminal():
            continue
        before = str(state)
        for player in range(players):
            key = state.information_state_string(player)
            for _ in range(3):
                sample = state.resample_from_infostate(player, sampler)
                assert sample.information_state_string(player) == key
                assert sample.observation_string(player) == state.observation_string(player)
                if not state.is_chance_node():  # chance is redrawn: the future is unknown
                    assert sample.legal_actions(player) == state.legal_actions(player)
        assert str(state) == before


def search_bot(spiel_game: pyspiel.Game, seed: int, turn_based: bool) -> pyspiel.Bot:
    """IS-MCTS for our games with hidden information and turns (it needs our
    resample_from_infostate); MCTS otherwise, and through the turn-based form (OpenSpiel's
    C++ wrapper, which cannot resample)."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    kind = spiel_game.get_type()
    if not turn_based and kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        return ismcts.ISMCTSBot(spiel_game, evaluator, uct_c=2.0, max_simulations=8,
                                random_state=rng)
    return mcts.MCTSBot(spiel_game, 2.0, 8, evaluator, random_state=rng)


@pytest.mark.parametrize("game_id", [*GAMES, DICE_DUEL.id])
def test_a_whole_game_of_openspiel_search_against_our_bots(game_id: str) -> None:
    game = DICE_DUEL if game_id == DICE_DUEL.id else GAMES[game_id]
    players = 2 if game is DICE_DUEL else openspiel.GamenightGame(game).players
    options: dict[str, JSON] = {}
    name = openspiel.game_name(game.id)
    spiel_game = pyspiel.load_game(name, {"players": players, **options})
    # Our bots as OpenSpiel players (gamenight.interop.players).
    ours = {s: openspiel.bot(game, game.default_bot, s, seed=derive_seed(1, "bot", s))
            for s in range(1, players)}
    rng = random.Random(11)
    state = spiel_game.new_initial_state()
    simultaneous = spiel_game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    # OpenSpiel's search needs turns: for a game with joint decisions it searches the
    # turn-based form of the game, kept in step with the game our bots play.
    searched = (pyspiel.load_game_as_turn_based(name, {"players": players, **options})
                if simultaneous else spiel_game)
    searcher = search_bot(searched, 2, turn_based=simultaneous)
    turns = searched.new_initial_state() if simultaneous else state

    def search(turn_state: pyspiel.State) -> int:
        legal = turn_state.legal_actions()
        return legal[0] if len(legal) == 1 else int(searcher.step(turn_state))

    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
            state.apply_action(action)
            if simultaneous:
                turns.apply_action(action)
        elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            choosing = state.table.decision().seats
            joint = []
            for seat in range(players):  # the turn-based form asks seats in order
                assert turns.current_player() == seat
                if seat == 0:
                    action = search(turns)
                else:
                    action = int(ours[seat].step(state))  # the no-op if not choosing
                    assert seat in choosing or action == state.table.noop
                assert action in state.legal_actions(seat)
                turns.apply_action(action)
                joint.append(action)
            state.apply_actions(joint)
        else:
            seat = state.current_player()
            action = search(turns) if seat == 0 else int(ours[seat].step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            if simultaneous:
                turns.apply_action(action)
    assert turns.is_terminal()
    assert turns.returns() == state.returns()
    returns = state.returns()
    assert len(returns) == players
    assert sum(returns) == pytest.approx(0.0)
    assert state.table.state.outcome() is not None
