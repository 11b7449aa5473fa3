"""Drama: how often the lead changed hands, and whether the leader at half time won.

Each game's running standing is folded from its events by the fold its own definition
hands out (``Game.standings``: an ``engine.standings.Standings``, declared in the game's
package beside its rules, where the reason for each standing is given), in the form a
spectator gets them (``Event.seen_by(None)``), so a standing is what everyone at the
table could know, never a hidden card or a secret pad.  Higher is better, as the
rulebook scores it.  A game with no running standing anyone knows (its definition hands
out none, or a fold that is not ``running``, such as a game of secret pads) has no
drama: lead changes are 0, the comeback None and the half-time leaders none.

A seat leads when its standing is higher than every other's: a tie has no leader, and
is no change of leader.  The standings are looked at after each step (the events of one
step, such as a hunt's flies handed out one after another, happen at once at the table).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from typing_extensions import TypedDict

from gamenight.engine import GameState, OptionError
from gamenight.engine.events import Event
from gamenight.engine.standings import Standings
from gamenight.lab.length import replay

__all__ = ["Drama", "Lead", "NoStandings", "Standings", "drama", "drama_of", "lead",
           "lead_changes", "lead_of", "leader", "leaders", "standings"]


class Drama(TypedDict):
    """The drama of one game (``lab/play.py`` copies these into a study's rows)."""

    lead_changes: int  # times the unique leader became another seat (ties in between skipped)
    comeback: bool | None  # the unique leader at half time did not win (None: no unique one)
    half_time_leaders: list[int]  # the seats leading (tied: several) after half the steps


class NoStandings(Standings):
    """The fold of a game whose definition hands out no standings: nobody ever leads."""

    running: ClassVar[bool] = False

    def _take(self, event: Event) -> None:
        pass


def standings(game_id: str, players: int) -> Standings:
    """A fresh fold of ``game_id``'s standings at a table of ``players``: the one its
    definition hands out (``Game.standings``), or :class:`NoStandings` where it has none.
    ValueError for a game that is not registered."""
    from gamenight.games import GAMES, get_game

    try:
        game = get_game(game_id)
    except OptionError:
        raise ValueError(f"the balance lab has no standings for {game_id} "
                         f"(it knows {', '.join(sorted(GAMES))})") from None
    return game.standings(players) or NoStandings(players)


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
    return _drama(standings(game_id, players), steps, winners, prelude)


def _drama(table: Standings, steps: Sequence[Sequence[Event]], winners: Sequence[int],
           prelude: Sequence[Event]) -> Drama:
    """:func:`drama_of`, folding the standings with ``table`` (fresh)."""
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


class Lead(TypedDict):
    """How early a game was decided, and how long its winner trailed (``lab/play.py``
    copies these into a study's rows; None where the game has no running standing, or
    its last standing does not show the winners alone on top, as when a tie-break
    decides)."""

    decided_at: float | None  # the share of the steps played before the winners led for good
    winner_behind: float | None  # the share of the steps a winner spent behind the leader


def lead_of(standings_by_step: Sequence[Sequence[float]], winners: Sequence[int]) -> Lead:
    """:class:`Lead` from the standings after each step.  The winners lead when they,
    and only they, have the best standing; ``decided_at`` is the first step from which
    they lead to the end, over the steps (0: from the first step on; near 1: only at the
    last); ``winner_behind`` the share of the steps at which the winners' best standing
    was below someone else's."""
    steps = len(standings_by_step)
    if not steps or not winners or set(leaders(standings_by_step[-1])) != set(winners):
        return {"decided_at": None, "winner_behind": None}
    since = steps
    while since > 0 and set(leaders(standings_by_step[since - 1])) == set(winners):
        since -= 1
    behind = sum(max(scores[w] for w in winners) < max(scores)
                 for scores in standings_by_step)
    return {"decided_at": since / steps, "winner_behind": behind / steps}


def lead(state: GameState[Any]) -> Lead:
    """:class:`Lead` of the finished game ``state``, folded as :func:`drama` folds it."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the lead is measured on a finished game")
    table = state.game.standings(state.players) or NoStandings(state.players)
    if not table.running:
        return {"decided_at": None, "winner_behind": None}
    walked = replay(state)
    for event in walked.prelude:
        table.after(event)
    by_step = []
    for played in walked.steps:
        for event in played.events:
            table.after(event)
        by_step.append(table.scores())
    return lead_of(by_step, outcome.winners)


def drama(state: GameState[Any]) -> Drama:
    """The drama of the finished game ``state`` (its history played again to see which
    events each step caused), folded with the standings its definition hands out
    (``Game.standings``).  ValueError for a game not over."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("drama is measured on a finished game")
    walked = replay(state)
    table = state.game.standings(state.players) or NoStandings(state.players)
    return _drama(table, [p.events for p in walked.steps], outcome.winners, walked.prelude)
