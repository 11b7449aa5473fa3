"""How long a game is: its steps, turns, rounds, decisions and races, and the minutes
people would take to play it at a real table.

A finished game's history says what was done but not what kind of decision each step
answered, nor which events it caused: :func:`replay` plays the history again on a fresh
state (cheap next to the bots that chose it) and keeps, per step, who was acting and
what happened.  :func:`length` counts from that; ``drama.py`` folds the same events.

The estimate of real minutes adds, per game, the documented times of :data:`PACES`
(docs/lab.md, "Length", gives every constant its reason):

* each **turn decision** (a seat acting alone, outside a race) takes ``think_s``;
* each **window** (a race, or a simultaneous decision) takes as long as it was open --
  its last action's ``at_ms``, which is the deadline when it ran out, since the seats
  still open then pass at it -- plus ``settle_s`` to sort out its result by hand;
* each **chance step** after the first takes ``handle_s`` (a card dealt or laid, a die
  read, a shuffle), and the game ``overhead_s`` once (the first chance step, which is
  the setup, and the count at the end), and each **round** ``round_s``.
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict

from gamenight.engine import Acting, GameState, Step
from gamenight.engine.events import Event
from gamenight.games.by_golly import events as by_golly
from gamenight.games.fliegen_klatschen import events as fliegen_klatschen
from gamenight.games.fluster import events as fluster
from gamenight.games.fly import events as fly
from gamenight.games.superfly import events as superfly


class Length(TypedDict):
    """How long one game was (``lab/play.py`` copies these into a study's rows)."""

    steps: int  # the history's length: chance outcomes and actions
    turns: int | None  # the turns played, counted as the game counts them (None: no turns)
    rounds: int | None  # the rounds played, where the rulebook plays in rounds
    decisions: int  # actions taken on turn decisions (a seat acting alone)
    windows: int  # races and simultaneous decisions opened (each of several steps)
    estimated_minutes: float  # of real play, from PACES and the windows' times


@dataclass(frozen=True, slots=True)
class Played:
    """One step of a history as it was played: who was acting just before it, and the
    events it caused (whole: a fold that wants the public form asks ``seen_by``)."""

    step: Step
    acting: Acting
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """A game played again: the events of its setup (before any step) and its steps."""

    prelude: tuple[Event, ...]
    steps: tuple[Played, ...]


#: The last replay made, for the state it was made of as it then stood: a study measures
#: each game's length and then its drama, and the second need not play it again.
_last: tuple[weakref.ref[GameState[Any]], int, int, Replay] | None = None


def replay(state: GameState[Any]) -> Replay:
    """``state``'s history played again on a fresh state of the same setup, step by
    step.  ValueError if the replay does not give the very events the game gave (a
    state changed by hand, not through its steps)."""
    global _last
    last = _last
    if (last is not None and last[0]() is state and last[1] == len(state.history)
            and last[2] == len(state.events)):
        return last[3]
    made = _replay(state)
    _last = (weakref.ref(state), len(state.history), len(state.events), made)
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
        else:
            events = fresh.apply_text(step.seat, step.value, step.at_ms)
        played.append(Played(step, acting, tuple(events)))
    if fresh.events != state.events:
        raise ValueError(f"replaying this {game.id} game gives other events than it has: "
                         "was it changed other than through its steps?")
    return Replay(prelude, tuple(played))


# -- turns and rounds ---------------------------------------------------------------------
def _count(kind: type[Event]) -> Callable[[Sequence[Event]], int]:
    return lambda events: sum(1 for e in events if isinstance(e, kind))


def _by_golly_turns(events: Sequence[Event]) -> int:
    # By Golly! counts the turns that ended (TurnEnded); the turn that wins the game
    # never ends, so it is added, unless the safety cap (at a turn's end) ended the game.
    ended = sum(1 for e in events if isinstance(e, by_golly.TurnEnded))
    won = any(isinstance(e, by_golly.GameOver) and e.winner is not None for e in events)
    return ended + won


#: How each game's turns are counted from its events: a drop of the swatter (FLY), a card
#: turned over (Fliegen klatschen), a signal over the centre flies (Superfly), a call
#: (Fluster), a turn at the chicken run (By Golly!).
TURNS: dict[str, Callable[[Sequence[Event]], int]] = {
    "fly": _count(fly.SwatterDropped),
    "fliegen-klatschen": _count(fliegen_klatschen.Revealed),
    "superfly": _count(superfly.SignalGiven),
    "fluster": _count(fluster.Called),
    "by-golly": _by_golly_turns,
}
#: Games whose rulebook plays in rounds, and how a round is counted: only Superfly ("The
#: game is played in several rounds"); the others pass a turn round the table without
#: calling a round anything.
ROUNDS: dict[str, Callable[[Sequence[Event]], int]] = {
    "superfly": _count(superfly.RoundStarted),
}


# -- the pace of real play ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pace:
    """The times, in seconds, that people at a real table take for what the history does
    not time (docs/lab.md gives each its reason)."""

    think_s: float  # a turn decision
    settle_s: float  # sorting out a window's result once it closes
    handle_s: float  # each chance step after the first
    overhead_s: float  # once: the setup (the first chance step) and the count at the end
    round_s: float = 0.0  # each round's end (Superfly: hands shown, sets compared)


PACES: dict[str, Pace] = {
    # A drop: pick up the swatter, aim over the 9 x 3 table, hold it above the sky card.
    # Each later chance step is the swatter landing: check which flies are completely
    # covered, collect them, consolidate the table card by card.  Setup: lay the 27
    # cards out so that the cloth runs on, stand the box and the sky card.
    "fly": Pace(think_s=6.0, settle_s=0.0, handle_s=6.0, overhead_s=60.0),
    # A turn is turning over the top card of one's pile (no choice: it is the only
    # action) and laying a fly in the centre.  A hunt is settled by hand: hands lifted,
    # colours checked against the majority, flies taken, penalties paid, the card to
    # the box.  Every chance step is a whole shuffle and deal of the 112 cards (the
    # first game's, and each deciding game's).
    "fliegen-klatschen": Pace(think_s=1.5, settle_s=6.0, handle_s=90.0, overhead_s=90.0),
    # No turn decisions: every choice is the swat after the signal, timed in the history.
    # After the swatters land: dice read, battles, squished flies and swapped hands
    # settled, cards taken, the rest discarded.  A chance step is a card dealt or laid
    # (some 2 s) or a die, read as it is rolled in the swat (none): about 1 s on average.
    # A round ends with the hands shown and the biggest sets found.
    "superfly": Pace(think_s=0.0, settle_s=6.0, handle_s=1.0, overhead_s=30.0, round_s=20.0),
    # A call: the caller chooses a letter and a square to suit his own pad while the
    # others wait, then everyone writes it.  A first call's block is chosen in secret
    # (the bots choose it at time 0, so the time is all in settle_s: the slowest writer).
    # The count at the end: four totals, bonuses, a Grand Total on every pad.
    "fluster": Pace(think_s=10.0, settle_s=5.0, handle_s=0.0, overhead_s=120.0),
    # A turn is several decisions: lay an animal, choose a chicken-run card to turn
    # (remembering where animals lie), turn them back and refill, whom to draw from in
    # the mess, shuffle or keep.  Later chance steps are a card drawn blindly or the
    # turned cards shuffled.  Setup: spread the 19 chicken-run cards, deal the animals.
    "by-golly": Pace(think_s=2.5, settle_s=0.0, handle_s=3.0, overhead_s=90.0),
}

_TIMED = ("window", "simultaneous")


def length(state: GameState[Any]) -> Length:
    """How long the finished (or unfinished) game ``state`` was: see :class:`Length`.
    ValueError for a game the lab has no pace for."""
    game_id = state.game.id
    pace = PACES.get(game_id)
    if pace is None:
        raise ValueError(f"the balance lab has no pace of play for {game_id} "
                         f"(it knows {', '.join(sorted(PACES))})")
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
    turns = TURNS[game_id](state.events)
    rounds = ROUNDS[game_id](state.events) if game_id in ROUNDS else None
    seconds = (pace.overhead_s + pace.think_s * decisions
               + pace.handle_s * max(chance - 1, 0)
               + window_ms / 1000.0 + pace.settle_s * windows
               + pace.round_s * (rounds or 0))
    return {"steps": len(state.history), "turns": turns, "rounds": rounds,
            "decisions": decisions, "windows": windows, "estimated_minutes": seconds / 60.0}
