"""How long a game is: its steps, turns, rounds, decisions and races, and the minutes
people would take to play it at a real table.

A finished game's history says what was done but not what kind of decision each step
answered, nor which events it caused: :func:`replay` plays the history again on a fresh
state (cheap next to the bots that chose it) and keeps, per step, who was acting and
what happened.  :func:`length` counts from that; ``drama.py`` folds the same events.

The estimate of real minutes adds the documented times of the game's own pace
(``Game.pace``, an ``engine.pace.Pace`` declared beside its rules; docs/lab.md,
"Length", gives every constant its reason):

* each **turn decision** (a seat acting alone, outside a race) takes ``think_s``;
* each **window** (a race, or a simultaneous decision) takes as long as it was open --
  its last action's ``at_ms``, which is the deadline when it ran out, since the seats
  still open then pass at it -- plus ``settle_s`` to sort out its result by hand;
* each **chance step** after the first takes ``handle_s`` (a card dealt or laid, a die
  read, a shuffle), and the game ``overhead_s`` once (the first chance step, which is
  the setup, and the count at the end), and each **round** ``round_s``.

Turns and rounds are counted as the game counts them, from its events
(``Game.count_turns``, ``Game.count_rounds``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict

from gamenight.engine import Acting, GameState, Step
from gamenight.engine.events import Event
from gamenight.engine.pace import Pace

__all__ = ["Length", "Pace", "Played", "Replay", "length", "replay"]


class Length(TypedDict):
    """How long one game was (``lab/play.py`` copies these into a study's rows)."""

    steps: int  # the history's length: chance outcomes and actions
    turns: int | None  # the turns played, counted as the game counts them (None: no turns)
    rounds: int | None  # the rounds played, where the rulebook plays in rounds
    decisions: int  # actions taken on turn decisions (a seat acting alone)
    windows: int  # races and simultaneous decisions opened (each of several steps)
    estimated_minutes: float  # of real play, from the game's pace and the windows' times


@dataclass(frozen=True, slots=True)
class Played:
    """One step of a history as it was played: who was acting just before it, and the
    events it caused (whole: a fold that wants the public form asks ``seen_by``); for a
    seat's action, the action (as the game reads its text) and how many legal actions
    that seat had just before it took it (``GameState.legal_actions``: ``choices.py``)."""

    step: Step
    acting: Acting
    events: tuple[Event, ...]
    action: object = None  # None for a chance step
    choices: int | None = None  # None for a chance step


@dataclass(frozen=True, slots=True)
class Replay:
    """A game played again: the events of its setup (before any step) and its steps."""

    prelude: tuple[Event, ...]
    steps: tuple[Played, ...]


#: The last replay made, for the state it was made of as it then stood: a study measures
#: each game's length and then its drama, and the second need not play it again.  The
#: state itself is kept (one, until the next replay), not a weak reference to it: a state
#: compiled by mypyc does not support those safely (on Python 3.11 mypyc never clears an
#: object's weak references when it dies, so the reference would read a freed state).
_last: tuple[GameState[Any], int, int, Replay] | None = None


def replay(state: GameState[Any]) -> Replay:
    """``state``'s history played again on a fresh state of the same setup, step by
    step.  ValueError if the replay does not give the very events the game gave (a
    state changed by hand, not through its steps)."""
    global _last
    last = _last
    if (last is not None and last[0] is state and last[1] == len(state.history)
            and last[2] == len(state.events)):
        return last[3]
    made = _replay(state)
    _last = (state, len(state.history), len(state.events), made)
    return made


def _replay(state: GameState[Any]) -> Replay:
    game = state.game
    fresh = (game.new(state.players, state.seed, **state.options) if state.start is None
             else game.from_position(state.start, state.seed))
    prelude = tuple(fresh.events)
    played: list[Played] = []
    for step in state.history:
        acting = fresh.acting()
        if step.seat is None:
            # A copy: the game may keep the outcome it is given, and this one is the
            # measured game's own history.
            value = step.value
            events = fresh.apply_chance(value if isinstance(value, int | float | str)
                                        else copy.deepcopy(value))
            played.append(Played(step, acting, tuple(events)))
            continue
        # The seat's choices as they stood when it acted (a seat in a race sees the
        # state at its moment, which the steps before it in time order made).
        choices = len(fresh.legal_actions(step.seat))
        action = game.parse_action(step.value)
        events = fresh.apply(step.seat, action, step.at_ms)
        played.append(Played(step, acting, tuple(events), action, choices))
    if fresh.events != state.events:
        raise ValueError(f"replaying this {game.id} game gives other events than it has: "
                         "was it changed other than through its steps?")
    return Replay(prelude, tuple(played))


_TIMED = ("window", "simultaneous")


def length(state: GameState[Any]) -> Length:
    """How long the finished (or unfinished) game ``state`` was: see :class:`Length`.
    ValueError for a game that declares no pace of play (``Game.pace``)."""
    game = state.game
    pace = game.pace
    if pace is None:
        raise ValueError(f"the balance lab has no pace of play for {game.id}: its "
                         "definition declares none (Game.pace)")
    walked = replay(state)
    decisions = chance = windows = 0
    window_ms = 0.0  # the windows' open times, added up
    open_ms = 0.0  # the window now open: its latest time so far
    before: Acting | None = None  # who acted at the step before, if it was in a window
    for played in walked.steps:
        acting = played.acting
        if acting.kind == "chance":
            chance += 1
        elif acting.kind == "turn":
            decisions += 1
        elif acting.kind in _TIMED:
            # Seats only leave a window as they finish, so a window whose seats are not
            # among those acting a step ago is a new one (so is one after any other step).
            if (before is None or before.kind != acting.kind
                    or not set(acting.seats) <= set(before.seats)):
                windows += 1
                window_ms += open_ms
                open_ms = 0.0
            open_ms = max(open_ms, played.step.at_ms or 0.0)
        before = acting if acting.kind in _TIMED else None
    window_ms += open_ms
    turns = game.count_turns(state.events)
    rounds = game.count_rounds(state.events)
    seconds = (pace.overhead_s + pace.think_s * decisions
               + pace.handle_s * max(chance - 1, 0)
               + window_ms / 1000.0 + pace.settle_s * windows
               + pace.round_s * (rounds or 0))
    return {"steps": len(state.history), "turns": turns, "rounds": rounds,
            "decisions": decisions, "windows": windows, "estimated_minutes": seconds / 60.0}
