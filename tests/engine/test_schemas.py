"""Every view and every event of random games, and what a person is told beside a view
(``GameState.told``), fits the game's published JSON Schema.

``gamenight schema GAME`` prints one document per game (``gamenight.schema``); the
server's protocol and the browser are built on it, so a view or event the schema does not
describe is a bug in one or the other.  Objects are closed, so a view that grows a key
its type does not declare fails here.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

from gamenight.engine import Game, GameState, thaw
from gamenight.games import GAMES
from gamenight.schema import EVENT, FACTS, TOLD, VIEW, game_schema, part
from tests.engine.test_redaction import TABLES, new_game, played

#: Views checked per game: every seat's and a spectator's after each of this many steps
#: chosen at random, and at the end.
SAMPLED_STEPS = 25


@functools.cache
def validators(game_id: str) -> tuple[jsonschema.Draft202012Validator,
                                      jsonschema.Draft202012Validator]:
    document = game_schema(GAMES[game_id])
    jsonschema.Draft202012Validator.check_schema(document)
    return (jsonschema.Draft202012Validator(part(document, VIEW)),
            jsonschema.Draft202012Validator(part(document, EVENT)))


#: Instances already found to fit, per validator, by ``repr``: most events look the same
#: to every seat and many views repeat, and validating is what makes this test slow
#: (jsonschema tries every branch of the event union).  ``repr`` keeps a tuple apart
#: from a list, so nothing is passed that would not have passed on its own.
FITTED: dict[int, set[str]] = {}


def check(validator: jsonschema.Draft202012Validator, data: Any, what: str) -> None:
    fitted = FITTED.setdefault(id(validator), set())
    key = repr(data)
    if key in fitted:
        return
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    assert error is None, f"{what} does not fit the schema: {error.message} at " \
                          f"{list(error.absolute_path)}"
    fitted.add(key)


@functools.cache
def told_validator(game_id: str) -> jsonschema.Draft202012Validator | None:
    """The validator of what the game tells a person beside the view (``Told``), or None
    where the game declares nothing there."""
    document = game_schema(GAMES[game_id])
    if TOLD not in document["$defs"]:
        return None
    return jsonschema.Draft202012Validator(part(document, TOLD))


def check_views(game: Game, state: GameState, when: str) -> None:
    views, _ = validators(game.id)
    told = told_validator(game.id)
    for seat in [None, *range(state.players)]:
        check(views, state.view(seat), f"{game.id} seat {seat}'s view {when}")
        words = state.told(seat)
        if told is None:
            assert words is None, f"{game.id} tells seat {seat} words it declares no Told for"
        elif words is not None:
            check(told, words, f"{game.id} seat {seat}'s told {when}")
    acting = state.acting()
    if acting.kind == "window" and acting.deadline_ms is not None:
        check(views, state.view(0, acting.deadline_ms / 2), f"{game.id} window view {when}")


def check_events(game: Game, state: GameState) -> None:
    _, events = validators(game.id)
    for event in state.events:
        assert type(event) in game.event_types, f"{type(event).__name__} is not listed"
        check(events, event.to_json(), f"{game.id} event {event}")
        for seat in [None, *range(state.players)]:
            form = event.seen_by(seat)
            if form is not None:
                assert type(form) in game.event_types, f"{type(form).__name__} is not listed"
                check(events, form.to_json(), f"{game.id} event {event} as seat {seat}")


@pytest.mark.parametrize("driver", ["random", "bots"])
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_view_and_event_of_random_games_fits_the_schema(
        game_id: str, players: int, driver: str) -> None:
    game = GAMES[game_id]
    for seed in (0, 1):
        whole = played(game, players, seed, driver)
        rng = random.Random(f"schema {game_id} {players} {driver} {seed}")
        steps = whole.history
        for k in sorted(rng.sample(range(len(steps)), min(SAMPLED_STEPS, len(steps)))):
            check_views(game, whole.remade(steps[:k], 0), f"after step {k}")
        check_views(game, whole, "at the end")
        check_events(game, whole)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_schema_refuses_a_view_with_a_key_it_does_not_declare(game_id: str) -> None:
    game = GAMES[game_id]
    views, _ = validators(game_id)
    view = dict(new_game(game, game.max_players, 0).view(0))
    check(views, view, "the first view")
    view["hidden_truth"] = [1, 2, 3]
    assert not views.is_valid(view)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_class_is_in_the_schema(game_id: str) -> None:
    document = game_schema(GAMES[game_id])
    assert GAMES[game_id].event_types
    for kind in GAMES[game_id].event_types:
        assert kind.__name__ in document["$defs"]
        assert document["$defs"][kind.__name__]["properties"]["event"] == \
            {"const": kind.__name__}


@pytest.mark.parametrize("game_id", [g for g in sorted(GAMES) if GAMES[g].told_type])
def test_the_schema_refuses_words_with_a_key_the_told_does_not_declare(game_id: str) -> None:
    told = told_validator(game_id)
    assert told is not None
    for state in cuts_of(game_id):
        words = state.told(0)
        if words is not None:
            check(told, words, "the words told")
            assert not told.is_valid({**thaw(words), "hidden_truth": [1, 2, 3]})
            return
    raise AssertionError(f"{game_id} told seat 0 nothing in a whole game")


def cuts_of(game_id: str) -> Iterator[GameState]:
    """A game played by bots, at every tenth of its steps."""
    game = GAMES[game_id]
    whole = played(game, game.max_players, 0, "bots")
    for k in range(0, len(whole.history), 10):
        yield whole.remade(whole.history[:k], 0)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_games_facts_fit_the_facts_it_declares(game_id: str) -> None:
    """What a game tells a table never to copy (``Game.facts``) has the published shape
    (``$defs/Facts``); a game with facts declares their type, and one without has none."""
    game = GAMES[game_id]
    facts = game.facts()
    document = game_schema(game)
    assert (facts is None) == (game.facts_type is None) == (FACTS not in document["$defs"])
    if facts is not None:
        jsonschema.Draft202012Validator(part(document, FACTS)).validate(thaw(facts))
