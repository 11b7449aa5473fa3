"""Drama: how often the lead changed hands, and whether the leader at half time won.

Each game's running standing is folded from its events (:func:`standings`), in the form
a spectator gets them (``Event.seen_by(None)``), so a standing is what everyone at the
table could know, never a hidden card or a secret pad.  Higher is better, as the
rulebook scores it:

* FLY: the points of the flies collected so far (``FliesCollected.points``);
* Fliegen klatschen: the values of the flies won so far, less those a penalty sent back
  under a pile (the rulebook's score); a deciding game only breaks a tie, so the match
  keeps the first game's points (``DecidingGame`` freezes them);
* Superfly: Fly Catcher tokens (``TokensWon``).  The cards of the round in progress are
  not counted: hands are held face down, so whose set is biggest is not known until the
  hands are shown, and then it is a token;
* Fluster: no running standing -- every pad is secret until the end (``SquareWritten``
  reaches its owner only), so nobody leads until the pads are scored (``PadScored``);
  lead changes are then 0, the comeback None and the half-time leaders none;
* By Golly!: the cards a player still has to discard, negated (fewer is better): each
  player's share of the deal (``Dealt.each``), less a matched card (``TurnedOver``
  "match", ``FaceUpMatch``), a card drawn in the mess moving from victim to drawer
  (``Drew``).

A seat leads when its standing is higher than every other's: a tie has no leader, and
is no change of leader.  The standings are looked at after each step (the events of one
step, such as a hunt's flies handed out one after another, happen at once at the table).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from typing_extensions import TypedDict

from gamenight.engine import GameState
from gamenight.engine.events import Event
from gamenight.games.by_golly import events as by_golly
from gamenight.games.fliegen_klatschen import events as fliegen_klatschen
from gamenight.games.fliegen_klatschen.cards import VALUE_OF
from gamenight.games.fluster import events as fluster
from gamenight.games.fly import events as fly
from gamenight.games.superfly import events as superfly
from gamenight.lab.length import replay


class Drama(TypedDict):
    """The drama of one game (``lab/play.py`` copies these into a study's rows)."""

    lead_changes: int  # times the unique leader became another seat (ties in between skipped)
    comeback: bool | None  # the unique leader at half time did not win (None: no unique one)
    half_time_leaders: list[int]  # the seats leading (tied: several) after half the steps


class Standings(ABC):
    """A running fold over one game's events: each seat's standing so far."""

    #: False for a game with no running standing that anyone at the table knows.
    running: ClassVar[bool] = True

    def __init__(self, players: int) -> None:
        self.players = players
        self._scores: list[float] = [0.0] * players

    def after(self, event: Event) -> None:
        """Take in ``event``: the form a spectator gets of it, if any."""
        public = event.seen_by(None)
        if public is not None:
            self._take(public)

    @abstractmethod
    def _take(self, event: Event) -> None:
        """Take in a public event."""

    def scores(self) -> tuple[float, ...]:
        """Each seat's standing so far; higher is better."""
        return tuple(self._scores)


class FlyStandings(Standings):
    """FLY: each seat's points so far."""

    def _take(self, event: Event) -> None:
        if isinstance(event, fly.FliesCollected):
            self._scores[event.seat] = float(event.points)
        elif isinstance(event, fly.GameOver):
            self._scores = [float(s) for s in event.scores]


class FliegenKlatschenStandings(Standings):
    """Fliegen klatschen: the values of the flies each seat has won so far."""

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self._deciding = False

    def _take(self, event: Event) -> None:
        if isinstance(event, fliegen_klatschen.DecidingGame):
            self._deciding = True  # the match's scores stay the first game's
        elif self._deciding:
            return
        elif isinstance(event, fliegen_klatschen.FlyWon):
            self._scores[event.seat] += VALUE_OF[event.card]
        elif isinstance(event, fliegen_klatschen.Penalty) and event.card is not None:
            self._scores[event.seat] -= VALUE_OF[event.card]
        elif isinstance(event, fliegen_klatschen.GameOver):
            self._scores = [float(s) for s in event.scores]


class SuperflyStandings(Standings):
    """Superfly: each seat's Fly Catcher tokens."""

    def _take(self, event: Event) -> None:
        if isinstance(event, superfly.TokensWon | superfly.GameOver):
            self._scores = [float(t) for t in event.tokens]


class FlusterStandings(Standings):
    """Fluster: nothing until the pads are scored at the end."""

    running = False

    def _take(self, event: Event) -> None:
        if isinstance(event, fluster.PadScored):
            self._scores[event.seat] = float(event.grand_total)
        elif isinstance(event, fluster.GameOver):
            self._scores = [float(s) for s in event.scores]


class ByGollyStandings(Standings):
    """By Golly!: the cards each seat still has to discard, negated."""

    def _take(self, event: Event) -> None:
        scores = self._scores
        if isinstance(event, by_golly.Dealt):
            self._scores = [-float(event.each)] * self.players
        elif ((isinstance(event, by_golly.TurnedOver) and event.result == "match")
              or isinstance(event, by_golly.FaceUpMatch)):
            scores[event.seat] += 1  # the matched card goes to one side: discarded
        elif isinstance(event, by_golly.Drew):
            scores[event.seat] -= 1
            scores[event.victim] += 1


STANDINGS: dict[str, type[Standings]] = {
    "fly": FlyStandings,
    "fliegen-klatschen": FliegenKlatschenStandings,
    "superfly": SuperflyStandings,
    "fluster": FlusterStandings,
    "by-golly": ByGollyStandings,
}


def standings(game_id: str, players: int) -> Standings:
    """A fresh fold of ``game_id``'s standings at a table of ``players``; ValueError for
    a game the lab does not know."""
    kind = STANDINGS.get(game_id)
    if kind is None:
        raise ValueError(f"the balance lab has no standings for {game_id} "
                         f"(it knows {', '.join(sorted(STANDINGS))})")
    return kind(players)


# -- leaders ------------------------------------------------------------------------------
def leaders(scores: Sequence[float]) -> list[int]:
    """The seats with the highest standing (several when tied; none for no seats)."""
    best = max(scores, default=None)
    return [] if best is None else [s for s, score in enumerate(scores) if score == best]


def leader(scores: Sequence[float]) -> int | None:
    """The one seat ahead of every other, or None (a tie at the top)."""
    top = leaders(scores)
    return top[0] if len(top) == 1 else None


def lead_changes(standings_by_step: Iterable[Sequence[float]]) -> int:
    """How many times the unique leader became another seat.  A tie at the top has no
    leader and changes nothing: A ahead, then tied, then A ahead again is no change;
    A ahead, tied, then B ahead is one.  The first leader is not a change."""
    changes = 0
    last: int | None = None
    for scores in standings_by_step:
        now = leader(scores)
        if now is not None:
            if last is not None and now != last:
                changes += 1
            last = now
    return changes


def drama_of(game_id: str, players: int, steps: Sequence[Sequence[Event]],
             winners: Sequence[int], prelude: Sequence[Event] = ()) -> Drama:
    """The drama of a game of ``game_id`` whose steps caused ``steps`` (the events of
    each, in order; ``prelude`` those of the setup, before any step) and that
    ``winners`` won.  Half time is after the first half of the steps (rounded down)."""
    table = standings(game_id, players)
    for event in prelude:
        table.after(event)
    half = len(steps) // 2
    at_half = table.scores()
    by_step: list[tuple[float, ...]] = []
    for number, events in enumerate(steps, start=1):
        for event in events:
            table.after(event)
        by_step.append(table.scores())
        if number == half:
            at_half = by_step[-1]
    if not table.running:
        return {"lead_changes": 0, "comeback": None, "half_time_leaders": []}
    half_leader = leader(at_half)
    return {"lead_changes": lead_changes(by_step),
            "comeback": None if half_leader is None else half_leader not in winners,
            "half_time_leaders": leaders(at_half)}


def drama(state: GameState[Any]) -> Drama:
    """The drama of the finished game ``state`` (its history played again to see which
    events each step caused).  ValueError for a game not over or one the lab does not
    know."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("drama is measured on a finished game")
    walked = replay(state)
    return drama_of(state.game.id, state.players, [p.events for p in walked.steps],
                    outcome.winners, walked.prelude)
