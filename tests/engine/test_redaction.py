"""A seat's redacted record holds exactly what that seat saw: the leak property, for every
registered game.

For random games (uniform random play with random times, and the game's default bots),
at random points and at the end, a twin is drawn with ``state.resample(seat, rng)``: a
game of the same length in which ``seat`` saw exactly what it saw and everything hidden
from it is redrawn.  Whatever the twin redrew, the seat's redacted steps (what it saw of
each, the story it was told, its view after it) must be the same bytes as canonical JSON,
as must their form in a written record (each view by what changed), and its views the
same.  The test shows it can fail: the twins do
differ in hidden state, and a redaction that leaks (the old one copied every action whole)
fails the property for the games with secret choices.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gamenight.engine import (
    Acting,
    Game,
    GameState,
    IllegalAction,
    OptionError,
    RecordError,
    Step,
)
from gamenight.engine.game import JSON
from gamenight.games import GAMES
from gamenight.record import SeatRecord, record_of, redact
from gamenight.redaction import compact, redacted_history, seen_steps
from gamenight.sim.runner import make_bots, play_out

#: Every game at its smallest and largest table.
TABLES = [(game_id, count) for game_id, game in GAMES.items()
          for count in sorted({game.min_players, game.max_players})]
#: Games with nothing hidden from any seat (FLY: every card, aim and landing is public),
#: whose twins are the same game: the check that twins differ skips them.
NOTHING_HIDDEN = {"fly"}
SEEDS = (0, 1, 2)
CUTS = 4  # random points in each game, besides its end
#: Random play is cut at this many steps at the latest (a long random By Golly! game
#: makes its resample slow, and the property needs no long games).
RANDOM_STEPS = 400


def canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False).encode()


def new_game(game: Game, players: int, seed: int) -> GameState:
    try:
        return game.new(players, seed)
    except OptionError:  # a variant count that needs its option (Superfly's 2)
        return game.new(players + 1, seed)


def random_play(state: GameState, rng: random.Random, limit: int) -> None:
    """Uniform random play to the end or ``limit`` steps: any seat of a simultaneous
    decision or a window, at a random time before its deadline (in any order), and now
    and then a deadline that runs out."""
    while not state.is_over and len(state.history) < limit:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
            continue
        if acting.kind == "turn":
            seat = acting.seats[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            continue
        if acting.deadline_ms is not None and rng.random() < 0.05:
            state.expire_window()
            continue
        seat = rng.choice(acting.seats)
        at_ms = rng.uniform(0.0, acting.deadline_ms or 10_000.0)
        state.apply(seat, rng.choice(state.legal_actions(seat)), at_ms)


def played(game: Game, players: int, seed: int, driver: str) -> GameState:
    state = new_game(game, players, seed)
    if driver == "random":
        random_play(state, random.Random(seed), RANDOM_STEPS)
    else:
        play_out(state, make_bots(game, [game.default_bot] * state.players, seed))
    return state


def cuts(state: GameState, rng: random.Random) -> Iterator[GameState]:
    """The game at random points of its history (chance as it came), and at its end."""
    steps = state.history
    for k in sorted(rng.sample(range(len(steps)), min(CUTS, len(steps)))):
        yield state.remade(steps[:k], rng.getrandbits(32))
    yield state


def first_view(state: GameState, seat: int) -> JSON:
    """``seat``'s view of ``state``'s game as it was set up."""
    return state.game.new(state.players, state.seed, **state.options).view(seat)


def assert_twin_redacts_alike(state: GameState, twin: GameState, seat: int) -> None:
    assert len(twin.history) == len(state.history)
    mine, theirs = redacted_history(state, seat), redacted_history(twin, seat)
    for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        assert canonical(a) == canonical(b), (
            f"{state.game.id}: seat {seat}'s step {i + 1} differs between twins: "
            f"{a.get('step')} / {b.get('step')}")
    # As a seat's record writes them: the first view, then what changed at each step.
    first = first_view(state, seat)
    assert canonical(first) == canonical(first_view(twin, seat))
    assert canonical(list(compact(first, mine))) == canonical(list(compact(first, theirs)))
    assert canonical(twin.view(seat)) == canonical(state.view(seat))
    acting = state.acting()
    if acting.kind == "window" and acting.deadline_ms is not None:
        moment = acting.deadline_ms / 2  # a window as it was half-way
        assert canonical(twin.view(seat, moment)) == canonical(state.view(seat, moment))


def twins(game_id: str, players: int, driver: str,
          label: str = "") -> Iterator[tuple[GameState, GameState, int]]:
    """(state, twin, seat) at random points of random games: ``twin`` is a game ``seat``
    cannot tell from ``state`` (``resample``).  Once all are given, checks that the twins
    differ in what is hidden, as the property means something only then (a solo game of
    Fluster hides nothing from its one player)."""
    game = GAMES[game_id]
    given = differing = 0
    for seed in SEEDS:
        rng = random.Random(f"{label}{game_id} {players} {driver} {seed}")
        whole = played(game, players, seed, driver)
        for state in cuts(whole, rng):
            seat = rng.randrange(state.players)
            twin = state.resample(seat, random.Random(rng.getrandbits(32)))
            yield state, twin, seat
            given += 1
            differing += twin.digest() != state.digest()
    if game_id not in NOTHING_HIDDEN and players > 1:
        assert differing >= given // 3, f"only {differing} of {given} twins differ"


@pytest.mark.parametrize("driver", ["random", "bots"])
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_twins_that_differ_only_in_what_a_seat_may_not_know_redact_alike(
        game_id: str, players: int, driver: str) -> None:
    for state, twin, seat in twins(game_id, players, driver):
        assert_twin_redacts_alike(state, twin, seat)


def seat_steps(red: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps of a seat's record (``record.redact``) as written to a file and read
    back (``record.SeatRecord``): each ``{"step", "lines", "view"}`` as the seat saw it
    (``step`` and ``lines`` left out where it saw none), its view whole."""
    read = SeatRecord.from_json(json.loads(json.dumps(red)))
    out = []
    for seen in read.seen():
        entry: dict[str, Any] = {} if seen.step is None else {"step": seen.step}
        if seen.lines:
            entry["lines"] = seen.lines
        entry["view"] = copy.deepcopy(seen.view)
        out.append(entry)
    return out


def test_a_record_redacts_as_its_history_does() -> None:
    """``record.redact`` verifies the record and holds its history's redaction, and no
    seed, chance outcome or fingerprint."""
    game = GAMES["superfly"]
    state = played(game, 3, 7, "bots")
    red = redact(record_of(state), 2)
    assert canonical(seat_steps(red)) == canonical(redacted_history(state, 2))
    assert canonical(red["first_view"]) == canonical(first_view(state, 2))
    assert red["format"] == "gamenight-record-redacted" and red["version"] == 3
    assert "seed" not in red and "digest" not in red
    assert all("chance" not in json.dumps(entry.get("step")) for entry in red["steps"])
    assert red["result"] == state.view(2)["outcome"]
    for seat in (3, -1, True):
        with pytest.raises(RecordError, match="no seat"):
            redact(record_of(state), seat)


# -- the property can fail ----------------------------------------------------------------
Leak = Callable[[GameState, Step, int, Acting], JSON]


def copy_every_action(self: GameState, step: Step, seat: int, acting: Acting) -> JSON:
    """The old redaction: every action whole, whoever took it."""
    if step.seat is None:
        return None
    return {"seat": step.seat, "action": step.value, "at_ms": step.at_ms}


def show_when(self: GameState, step: Step, seat: int, acting: Acting) -> JSON:
    """Hides what another seat chose in secret, but not when."""
    seen = GameState.seen_step(self, step, seat, acting)
    if seen is not None and step.seat != seat:
        seen["at_ms"] = step.at_ms
    return seen


def secret_decision_half_made(game: Game, rng: random.Random) -> GameState:
    """A 3-player game some way in, in a secret decision where every seat but seat 0 has
    chosen, at random times."""
    state = new_game(game, 3, 5)
    random_play(state, rng, 60)
    while True:
        acting = state.acting()
        if acting.kind == "simultaneous" and 0 in acting.seats and len(acting.seats) > 1:
            break
        random_play(state, rng, len(state.history) + 1)
    for seat in acting.seats[1:]:
        state.apply(seat, rng.choice(state.legal_actions(seat)), rng.uniform(0.0, 3000.0))
    assert state.acting().seats == (0,)
    return state


@pytest.mark.parametrize("leak", [copy_every_action, show_when])
@pytest.mark.parametrize("game_id", ["superfly", "fluster"])
def test_a_leaky_redaction_fails_the_property(game_id: str, leak: Leak,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    state = secret_decision_half_made(GAMES[game_id], random.Random(5))
    twins = [state.resample(0, random.Random(k)) for k in range(8)]
    for twin in twins:  # the true redaction holds
        assert_twin_redacts_alike(state, twin, 0)
    monkeypatch.setattr(type(state), "seen_step", leak, raising=False)
    failed = 0
    for twin in twins:
        try:
            assert_twin_redacts_alike(state, twin, 0)
        except AssertionError:
            failed += 1
    assert failed >= len(twins) // 2


# -- the engine's default -----------------------------------------------------------------
def test_the_default_shows_turns_and_windows_whole_and_of_a_secret_choice_only_who() -> None:
    state = GAMES["superfly"].new(3, 0)
    step = Step(1, "swat 4", 1234.5)
    secret, turn, window = (Acting("simultaneous", (0, 1)), Acting("turn", (1,)),
                            Acting("window", (0, 1), 3000.0))
    assert state.seen_step(step, 0, secret) == {"seat": 1}
    assert state.seen_step(step, 1, secret) == {"seat": 1, "action": "swat 4", "at_ms": 1234.5}
    for acting in (turn, window):
        assert state.seen_step(step, 0, acting) == {"seat": 1, "action": "swat 4",
                                                   "at_ms": 1234.5}
    assert state.seen_step(Step(None, 17), 0, Acting("chance")) is None


def test_the_toy_games_secret_bids_show_only_once_resolved(dice_duel: Game) -> None:
    state = dice_duel.new(2, seed=3)
    state.apply_chance(5)
    state.apply(1, "bid 3", 200.0)
    state.apply(0, "bid 1", 900.0)
    seen = redacted_history(state, 0)
    assert "step" not in seen[0]  # the die: in the view only
    assert seen[1]["step"] == {"seat": 1}  # seat 1 bid, but what and when stay secret
    assert seen[2]["step"] == {"seat": 0, "action": "bid 1", "at_ms": 900.0}
    assert "bid 3" not in json.dumps(seen[:2]) and "200" not in json.dumps(seen)


def test_a_redaction_is_for_one_real_seat() -> None:
    state = GAMES["fluster"].new(2, 0)
    for seat in (-1, 2, True, None, 0.0, "0"):
        with pytest.raises(IllegalAction, match="no seat"):
            list(seen_steps(state, [], seat))  # type: ignore[arg-type]
