"""Final results: scores, tie-break keys, competition ranks and shared wins."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict


class OutcomeJSON(TypedDict):
    """An outcome as JSON (:meth:`Outcome.to_json`): in records, and in every game's view
    once the game is over."""

    scores: list[float]
    ranks: list[int]
    winners: list[int]
    tiebreaks: list[list[float]]
    truncated: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    ``ranks`` use competition ranking (1, 1, 3, ...): seats that stay tied after every
    tie-break share a rank, and all seats of rank 1 are ``winners`` (a shared win).
    ``tiebreaks`` holds, per seat, the keys the rulebook compares after the score.
    ``truncated`` is true when a safety cap, not the rules, ended the game.
    ``reason`` says how the game ended, in the game's own short words ("last-card",
    "tokens", "calls-done", "cap"), as python-chess's ``Termination`` does; each game's
    ``rules.md`` lists its reasons.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreaks: tuple[tuple[float, ...], ...] = ()
    truncated: bool = False
    reason: str = ""

    @classmethod
    def from_keys(
        cls,
        scores: Sequence[float],
        tiebreaks: Sequence[Sequence[float]] | None = None,
        *,
        truncated: bool = False,
        reason: str = "",
    ) -> Outcome:
        """Rank seats by score, then by each tie-break key in turn (higher is better)."""
        n = len(scores)
        if tiebreaks is not None and len(tiebreaks) != n:
            raise ValueError(f"{len(tiebreaks)} tie-break keys for {n} scores")
        breaks = tuple(tuple(t) for t in tiebreaks) if tiebreaks else tuple(() for _ in range(n))
        keys = [(scores[s], *breaks[s]) for s in range(n)]
        ranks = tuple(1 + sum(1 for other in keys if other > keys[s]) for s in range(n))
        winners = tuple(s for s in range(n) if ranks[s] == 1)
        return cls(tuple(scores), ranks, winners, breaks if tiebreaks else (), truncated,
                   reason)

    @property
    def shared(self) -> bool:
        """True when more than one seat won."""
        return len(self.winners) > 1

    def to_json(self) -> OutcomeJSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreaks": [list(t) for t in self.tiebreaks],
            "truncated": self.truncated,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            tuple(data["scores"]),
            tuple(data["ranks"]),
            tuple(data["winners"]),
            tuple(tuple(t) for t in data.get("tiebreaks", [])),
            bool(data.get("truncated", False)),
            str(data.get("reason", "")),
        )


@dataclass(frozen=True, slots=True)
class SummaryColumn:
    """A figure a batch summary (``gamenight simulate``) shows for each seat and each bot
    beside wins and win share: the mean over its games of ``value(outcome, seat)``,
    printed under ``heading`` with ``places`` decimals.  A game names those that mean
    something for it (``Game.summary_columns``): a mean score means nothing where the
    first to go out wins."""

    heading: str
    value: Callable[[Outcome, int], float]
    places: int = 2


#: The default column: the seat's score, averaged.
MEAN_SCORE = SummaryColumn("Mean score", lambda outcome, seat: outcome.scores[seat])
#: The seat's rank (1 is first; tied seats share a rank), averaged.
MEAN_RANK = SummaryColumn("Mean rank", lambda outcome, seat: outcome.ranks[seat])
