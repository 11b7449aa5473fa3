"""Superfly's ``master`` bot: what it searches with (``bots.master``, docs/bots.md)."""

from __future__ import annotations

from gamenight.bots.master import Horizon, MasterPlan

#: The prior is the game's best bot at its best level; the rollout bots are the same.
#:
#: A Superfly round's hands are gone at its end (only its token stays), so rollouts
#: stop there: five to ten times the worlds of whole games, for the same sight.
#: Its swats at four players set three rivals against the collector's choice: the
#: z rule holds for them together (familywise), and only from 6 worlds on (on 3-5
#: worlds of whole games the search overruled the collector in 29% of four-player
#: swats, mostly on luck, and lost).  The other games were tuned without either.
PLAN = MasterPlan(prior="collector:expert", rollout="collector:expert",
                  horizon=Horizon(counter="round", scores="tokens"),
                  familywise=True, min_worlds=6)
