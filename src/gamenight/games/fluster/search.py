"""Fluster's ``master`` bot: what it searches with (``bots.master``, docs/bots.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from gamenight.bots.master import Horizon, MasterPlan
from gamenight.games.fluster.bots import pad_worths

if TYPE_CHECKING:
    from gamenight.engine import GameState
    from gamenight.games.fluster.rules import FlusterState


def worths(state: GameState[Any]) -> tuple[float, ...]:
    """Each pad's worth as the wordsmith weighs it (``bots.pad_worths``): the standings
    a rollout is valued by at its horizon."""
    return pad_worths(cast("FlusterState", state))


#: The prior is the game's best bot; the rollout bots are the same.
#:
#: Fluster's rollouts are costly: at 1 standard error the search overruled the
#: wordsmith in one write in eight and lost more than it won.  As caller it tries the
#: wordsmith's call and its next three by the wordsmith's gain.  Rollouts stop four
#: calls on, with the wordsmith's own calls, valued by each pad's worth as the
#: wordsmith weighs it, the seats standing highest taking the "win" (200 games
#: against the wordsmith: 59% and +5.0 points a game at two players, 59.5% and +2.1
#: at four; whole games with every call at random 53.5% and +2.5, 58.3% and +1.8;
#: two calls of every seat at four players, 54% and +1.6; docs/bots.md).
PLAN = MasterPlan(prior="wordsmith", rollout="wordsmith", width=4, z=2.0,
                  horizon=Horizon("turns", worths, span=4, since=False))
