"""High Card's ``master`` bot: what it searches with (``bots.master``, docs/bots.md)."""

from __future__ import annotations

from gamenight.bots.master import MasterPlan

#: Every card the master may play joins the candidates (never more than three), the
#: thrifty bot choosing first and playing every seat of the rollouts to the hand's end.
PLAN = MasterPlan(prior="thrifty", rollout="thrifty")
