"""Length: steps, turns, rounds, decisions, windows and the estimated minutes of play.

On real bot games of all five games the counts account for the whole history and agree
with what each game keeps itself, and the minutes fall in a range a table of people
plausibly takes; on a hand-played hunt that runs out, the window costs its deadline.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamenight.engine import GameState
from gamenight.engine.events import Event
from gamenight.games import GAMES, get_game
from gamenight.games.by_golly.events import GameOver as ByGollyOver
from gamenight.games.fliegen_klatschen.events import NothingToHit, Revealed
from gamenight.games.fluster.events import Called
from gamenight.games.fly.events import SwatterDropped
from gamenight.games.superfly.events import SignalGiven
from gamenight.lab.length import length, replay
from gamenight.sim.simulate import resolve_table
from tests.engine.toy import DiceDuel
from tests.lab.bot_games import Options, played

#: Small tables of every game: (game, players, bots, options).
TABLES: list[tuple[str, int, tuple[str, ...], Options]] = [
    ("fly", 2, (), ()), ("fly", 3, (), ()),
    ("fliegen-klatschen", 2, (), ()), ("fliegen-klatschen", 3, (), ()),
    ("superfly", 3, (), ()), ("superfly", 2, (), (("two_players", True),)),
    ("fluster", 2, ("random",), ()), ("fluster", 3, ("random",), ()),
    ("by-golly", 2, (), ()), ("by-golly", 3, (), ()),
]
SEEDS = (3, 4)

#: The minutes a game at these small tables plausibly takes people, by game, and why:
#: FLY "about 10 min" (FACTS.md) for 2-4 players; Fliegen klatschen turns over about
#: 110 cards one a turn whatever the table, with some 25 hunts (no published time);
#: Superfly "under 20 min" (FACTS.md); Fluster is always 50 calls, 25 of them with a
#: block chosen in secret, and a count at the end; By Golly! "about 20 min" (FACTS.md)
#: for 2-6 players, less for the bots' perfect memory at small tables.
PLAUSIBLE_MINUTES: dict[str, tuple[float, float]] = {
    "fly": (4, 20), "fliegen-klatschen": (4, 25), "superfly": (3, 25),
    "fluster": (8, 25), "by-golly": (3, 30),
}




def count(events: list[Event], kind: type[Event]) -> int:
    return sum(1 for e in events if isinstance(e, kind))


def expected_windows(state: GameState[Any]) -> int:
    """The races and simultaneous decisions the rulebook opens, from the events."""
    events, game = state.events, state.game.id
    if game == "fliegen-klatschen":  # a hunt, unless the centre was empty
        hunts = sum(1 for e in events if isinstance(e, Revealed) and e.hunt)
        return hunts - count(events, NothingToHit)
    if game == "superfly":  # every signal: the swat
        return count(events, SignalGiven)
    if game == "fluster":  # a number's first call: each player chooses a block
        return sum(1 for e in events if isinstance(e, Called) and e.times == 1)
    return 0  # FLY and By Golly! are turns only


def expected_turns(state: GameState[Any]) -> int:
    events, game = state.events, state.game.id
    if game == "fly":
        return count(events, SwatterDropped)
    kept: int = getattr(state, "turns")  # noqa: B009 - each game's own count
    if game == "by-golly":  # it counts turns ended; the winning turn never ends
        won = any(isinstance(e, ByGollyOver) and e.winner is not None for e in events)
        return kept + won
    return kept


@pytest.mark.parametrize(("game_id", "players", "bots", "options"), TABLES)
def test_real_games_lengths_account_for_the_history(
        game_id: str, players: int, bots: tuple[str, ...], options: Options) -> None:
    for seed in SEEDS:
        state = played(game_id, players, bots, options, seed)
        history = state.history
        measured = length(state)
        assert measured["steps"] == len(history)
        # The engine refuses a time on a turn, so timed steps are the windows' steps.
        chance = sum(1 for s in history if s.seat is None)
        timed = [s.at_ms is not None for s in history]
        assert measured["decisions"] == sum(1 for s in history
                                            if s.seat is not None and s.at_ms is None)
        assert measured["decisions"] + sum(timed) + chance == measured["steps"]
        # Here every window is set off by a turn or chance step: a run of timed steps.
        runs = sum(1 for i, t in enumerate(timed) if t and (i == 0 or not timed[i - 1]))
        assert measured["windows"] == runs == expected_windows(state)
        assert measured["turns"] == expected_turns(state)
        assert measured["rounds"] == (getattr(state, "round") if game_id == "superfly"  # noqa: B009
                                      else None)


@pytest.mark.parametrize(("game_id", "players", "bots", "options"), TABLES)
def test_real_games_take_a_plausible_number_of_minutes(
        game_id: str, players: int, bots: tuple[str, ...], options: Options) -> None:
    low, high = PLAUSIBLE_MINUTES[game_id]
    for seed in SEEDS:
        minutes = length(played(game_id, players, bots, options, seed))["estimated_minutes"]
        assert low <= minutes <= high, f"seed {seed}: {minutes:.1f} min"


def test_a_hunt_that_runs_out_costs_its_deadline() -> None:
    game = get_game("fliegen-klatschen")
    state = game.new(2, 5, **resolve_table(game, 2, {"deadline_ms": 2500}))
    state.draw_chance()  # the deal
    reveals = 0
    while state.acting().kind == "turn":
        state.apply_text(state.acting().seats[0], "reveal")
        reveals += 1
    assert state.acting().kind == "window"
    state.expire_window()  # nobody slaps: every seat passes at the deadline
    pace = game.pace
    assert pace is not None
    seconds = pace.overhead_s + reveals * pace.think_s + 2.5 + pace.settle_s
    measured = length(state)
    assert measured["windows"] == 1 and measured["decisions"] == reveals
    assert measured["estimated_minutes"] == pytest.approx(seconds / 60)


def test_a_game_changed_other_than_through_its_steps_is_refused() -> None:
    state = played("fly", 2, (), (), 3)
    tampered = state.clone()
    tampered.events.append(SwatterDropped(0, 1.0, 1.0, 0))
    with pytest.raises(ValueError, match="other events"):
        replay(tampered)


def test_a_game_the_lab_has_no_pace_for_is_refused() -> None:
    class Unknown(DiceDuel):  # a Game (where states are compiled, their game must be one)
        id = "chess"
        pace = None  # a definition that declares no pace of play

    state = played("fly", 2, (), (), 3).clone()
    state.game = Unknown()  # type: ignore[assignment]
    with pytest.raises(ValueError, match="no pace of play for chess"):
        length(state)


def test_docs_give_every_pace_constant() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "lab.md").read_text(encoding="utf-8")
    for game_id, game in GAMES.items():
        pace = game.pace
        assert pace is not None, f"{game_id} declares no pace of play"
        values = (pace.think_s, pace.settle_s, pace.handle_s, pace.overhead_s, pace.round_s)
        row = f"| `{game_id}` | " + " | ".join(f"{v:g}" for v in values) + " |"
        assert row in docs, f"docs/lab.md lacks the row {row}"
