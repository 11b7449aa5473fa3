"""By Golly!'s ``master`` bot: what it searches with (``bots.master``, docs/bots.md)."""

from __future__ import annotations

from gamenight.bots.master import MasterPlan

#: The prior is the game's best bot; the rollout bots are the same.
#:
#: By Golly!'s candidates are the perfect bot's distinct choices (one place for each
#: thing it remembers of the places: every place it knows nothing of is alike, and
#: rivals drawn among them showed only luck), the best by its weighing first.  Up to
#: five rivals face its choice: the z rule holds for them together (familywise), from
#: 6 worlds on.  (Before, five rivals drawn at random among the legal actions, each
#: held to 1 standard error, made the master lose to the perfect bot at four players,
#: 44 % over 160 games.)
#: Rollouts cut after two turns of every seat, valued by the cards got rid of
#: meanwhile, doubled the worlds and won no more over the same 200 games (54.5% and
#: 57%, against 56.5% and 57% to the end): they stay whole.
PLAN = MasterPlan(prior="perfect", rollout="perfect", familywise=True, min_worlds=6)
