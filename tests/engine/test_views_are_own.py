"""A view is the seat's own: nothing a seat does to its view changes another seat's view,
the spectator's, its own next view, or the game.

Games build views fast by sharing the parts every seat sees alike (made once per step, or
once for as long as the cards lie there); those parts are frozen (``engine.frozen``), so
an agent or a bot that edits its observation in place is refused instead of editing
everybody's.  For every registered game, at every table size, at points of random games
(inside reaction windows and simultaneous decisions too, with views asked at a moment
``at_ms`` of them), each seat tries to change every list and dict of its view, and the
others' views, its own view asked afresh and the whole state must be as they were.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from gamenight.engine import Game, GameState, OptionError
from gamenight.games import GAMES

#: Random games per table size, and the points of each game looked at: some anywhere,
#: some while a window or simultaneous decision is open (where the game has them).
GAMES_PER_TABLE = 1
POINTS_ANYWHERE = 4
POINTS_IN_WINDOWS = 3
#: A value no game would show (appended to every list, set under a key in every dict).
PROBE = "a seat's own scribble"


def step_once(state: GameState[Any], rng: random.Random, now: float) -> float:
    """One random step of ``state`` (as ``random_playout`` plays them: in a window a
    random seat still acting acts after an exponential gap, or the window expires);
    returns the time in the open window after it."""
    acting = state.acting()
    kind = acting.kind
    if kind == "window":
        deadline = acting.deadline_ms or 0.0
        now += rng.expovariate(10.0 / deadline) if deadline else 0.0
        if now > deadline:
            state.expire_window()
            return 0.0
        seat = rng.choice(acting.seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)), now)
        return now
    if kind == "turn":
        seat = acting.seats[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    elif kind == "simultaneous":
        seat = rng.choice(acting.seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)), 0.0)
    elif kind == "chance":
        state.draw_chance()
    return 0.0


def new_game(game: Game, players: int, seed: int) -> GameState[Any]:
    """A new game at this table; a count the rulebook leaves to a variant (Superfly's 2)
    is played with the flag option that allows it, whichever that is."""
    try:
        return game.new(players, seed)
    except OptionError:
        for option in game.options:
            if option.default is False:
                try:
                    return game.new(players, seed, **{option.name: True})
                except OptionError:
                    continue
        raise


def played(game_id: str, players: int, seed: int) -> Iterator[tuple[GameState[Any], float]]:
    """The states of one random game, step by step (the same object, played on), each
    with the time in the open window."""
    rng = random.Random(seed)
    state = new_game(GAMES[game_id], players, rng.randrange(1 << 30))
    now = 0.0
    while True:
        yield state, now
        if state.acting().kind == "over":
            return
        now = step_once(state, rng, now)


def looked_at(game_id: str, players: int, seed: int) -> Iterator[tuple[GameState[Any],
                                                                        list[float | None]]]:
    """Points of a random game to look at, each with the moments to ask views at (None:
    now; in a window or simultaneous decision, moments of it too)."""
    rng = random.Random(seed)
    kinds = [state.acting().kind for state, _ in played(game_id, players, seed)]
    timed = [i for i, kind in enumerate(kinds) if kind in ("window", "simultaneous")]
    chosen = set(rng.sample(range(len(kinds)), min(POINTS_ANYWHERE, len(kinds))))
    chosen |= set(rng.sample(timed, min(POINTS_IN_WINDOWS, len(timed))))
    chosen.add(len(kinds) - 1)  # the end: outcomes and the hands shown then
    for i, (state, now) in enumerate(played(game_id, players, seed)):
        if i in chosen:
            acting = state.acting()
            moments: list[float | None] = [None]
            if acting.kind in ("window", "simultaneous"):
                deadline = acting.deadline_ms
                moments += [0.0, now] + ([] if deadline is None else [deadline])
            yield state, moments


def scribble(view: Any) -> int:
    """Try to change every list and dict in ``view``, all the way down: a probe appended to
    each list and set under a new key in each dict.  A part that refuses (a TypeError:
    frozen) is left as it is.  Returns how many containers were tried."""
    tried = 0
    stack = [view]
    while stack:
        part = stack.pop()
        if isinstance(part, dict):
            inside = list(part.values())
            with contextlib.suppress(TypeError):  # frozen: refused, as it should be
                part[PROBE] = PROBE
        elif isinstance(part, list):
            inside = list(part)
            with contextlib.suppress(TypeError):
                part.append(PROBE)
        else:
            continue
        tried += 1
        stack.extend(inside)
    return tried


def views(state: GameState[Any], at_ms: float | None) -> dict[int | None, Any]:
    return {seat: state.view(seat, at_ms) for seat in [*range(state.players), None]}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_changing_its_view_changes_nobody_elses(game_id: str) -> None:
    game = GAMES[game_id]
    points = 0
    for players in range(game.min_players, game.max_players + 1):
        for k in range(GAMES_PER_TABLE):
            for state, moments in looked_at(game_id, players, 1000 * players + k):
                digest = state.digest()
                for at_ms in moments:
                    expected = copy.deepcopy(views(state, at_ms))
                    for seat in range(players):
                        # Every seat's and the spectator's view asked first, so that
                        # whatever a game shares between them is shared now.
                        shown = views(state, at_ms)
                        assert scribble(shown[seat]) > 0
                        where = f"{game_id}, {players} players, step {len(state.history)}"
                        again = views(state, at_ms)
                        for other in sorted(again, key=lambda s: s == seat):  # own last
                            view = again[other]
                            assert view == expected[other], (
                                f"{where}, at {at_ms}: seat {seat} changing its view "
                                f"changed {'its own next' if other == seat else 'the'} "
                                f"view of {'the spectator' if other is None else other}")
                        for other, view in shown.items():
                            if other != seat:
                                assert view == expected[other], (
                                    f"{where}, at {at_ms}: seat {seat} changing its view "
                                    f"changed the view already given to "
                                    f"{'the spectator' if other is None else other}")
                        assert state.digest() == digest, (
                            f"{where}: seat {seat} changing its view changed the game")
                    points += 1
    assert points >= game.max_players - game.min_players + 1


#: The games that tell a person something in words beside the view (``GameState.told``).
TELLING = sorted(game_id for game_id, game in GAMES.items() if game.told_type is not None)


def told(state: GameState[Any]) -> dict[int | None, Any]:
    return {seat: state.told(seat) for seat in [*range(state.players), None]}


@pytest.mark.parametrize("game_id", TELLING)
def test_a_seat_changing_what_it_is_told_changes_nobody_elses(game_id: str) -> None:
    """What a person is told beside the view is the seat's own as a view is: a table
    that edits it changes no other seat's, the spectator's, its own next one or the
    game (the words are made once a turn and shared, so they are frozen)."""
    game = GAMES[game_id]
    tried = 0
    for players in range(game.min_players, game.max_players + 1):
        for state, _ in looked_at(game_id, players, 1000 * players):
            digest = state.digest()
            expected = copy.deepcopy(told(state))
            for seat in range(players):
                shown = told(state)
                tried += scribble(shown[seat])
                again = told(state)
                for other in again:
                    assert again[other] == expected[other], (
                        f"{game_id}, {players} players, step {len(state.history)}: seat "
                        f"{seat} changing its words changed those of {other}")
                    if other != seat:
                        assert shown[other] == expected[other]
                assert state.digest() == digest
    assert tried > 0, "nothing was told at any point looked at"


@pytest.mark.parametrize("game_id", TELLING)
def test_twins_a_seat_cannot_tell_apart_tell_it_the_same(game_id: str) -> None:
    """What a seat is told is built from what it may know: a game redrawn where the seat
    cannot see (``resample``) tells it, and a spectator, the very same words."""
    from tests.engine.test_redaction import TABLES, twins

    told_something = 0
    for table_id, players in TABLES:
        if table_id != game_id:
            continue
        for state, twin, seat in twins(game_id, players, "bots", label="told "):
            assert twin.told(seat) == state.told(seat), (
                f"{game_id}, {players} players, step {len(state.history)}: seat {seat} "
                "is told different words in a game it cannot tell from this one")
            assert twin.told(None) == state.told(None)
            told_something += state.told(seat) is not None
    assert told_something > 0


def test_the_scribble_reaches_every_list_and_dict() -> None:
    """The test's own tool: a plain view is changed all the way down."""
    view: dict[str, Any] = {"a": [1, {"b": []}], "c": {"d": [[]]}, "e": "text"}
    assert scribble(view) == 7
    assert view == {"a": [1, {"b": [PROBE], PROBE: PROBE}, PROBE],
                    "c": {"d": [[PROBE], PROBE], PROBE: PROBE}, "e": "text", PROBE: PROBE}
