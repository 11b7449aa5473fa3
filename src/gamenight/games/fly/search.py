"""FLY's ``master`` bot: what it searches with (``bots.master``, docs/bots.md)."""

from __future__ import annotations

from gamenight.bots.master import Horizon, MasterPlan

#: The prior is the game's best bot at its best level; the rollout bots are the same bot
#: with cheaper settings, where it costs most.
#:
#: FLY's flutter makes rollouts noisy: at 1 standard error the search switched aims
#: in one turn in five, and won no more than the aimer.  Its rollouts stop after two
#: drops of every seat (this one first), valued by the standing (points, then
#: flies): over 200 games at four players 54% against the aimer, 46.5% with whole
#: games (two players: 48.5%, 48%).  One drop each, or the familywise rule at 1
#: standard error, did worse.  Its rivals are the aimer's best aims at other flies
#: (the aimer's answers under other seeds took the same flies, a landing's flutter
#: apart): 55.6% against 50.2% over the same 400 four-player games (docs/bots.md).
PLAN = MasterPlan(prior="aimer:expert", rollout="aimer:expert:samples=8:keep=4",
                  width=4, z=2.0,
                  horizon=Horizon("drops", "standing", span=2, per_player=True))
