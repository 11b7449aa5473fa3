"""Fliegen klatschen's ``master`` bot: what it plays with (``bots.master``)."""

from __future__ import annotations

from gamenight.bots.master import MasterPlan

#: The prior is the game's best bot at its best level.  The master does not search
#: (``search=False``): a race, where speed wins and thinking takes time no hand can
#: spare, so it plays as its prior.
PLAN = MasterPlan(prior="sharp:expert", rollout="sharp:expert", search=False)
