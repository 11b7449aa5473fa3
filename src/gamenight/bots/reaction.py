"""How long a player takes to act in a race: the reflex, the search, the choice, the reach.

A player who slaps a fly does four things one after the other, and the model adds
their times (``docs/bots.md`` gives the sources and the figures):

* **the reflex** (:meth:`ReactionModel.simple`): seeing that something happened and
  starting to move, an ex-Gaussian (a normal part ``mu``, ``sigma`` plus an exponential
  tail ``tau``; its mean is ``mu + tau``), the shape simple reaction times have
  (Ratcliff 1979).  Adults average about 230 ms (Woods et al. 2015, 1,469 people), so
  ``average`` has ``mu + tau = 230``;
* **the search** (:meth:`ReactionModel.search`): looking over the cards in view, one
  after the other, ``scan`` ms each on average.  Finding something that pops out costs
  almost nothing per item, but finding a conjunction (this colour *and* the most of
  them *and* the highest number) is a serial search of some 20-40 ms per item when the
  target is there and about twice that when every item must be checked (Treisman and
  Gelade 1980; Wolfe 1998); judging which colour leads needs every card checked;
* **the choice** (:meth:`ReactionModel.choice_cost`): Hick's law, ``a + b * log2(n + 1)``
  for ``n`` alternatives (Hick 1952; Hyman 1953: about 150-200 ms per bit in adults);
* **the reach** (:meth:`ReactionModel.movement`): Fitts's law, ``reach`` ms per bit of
  the movement's index of difficulty ``log2(D / W + 1)`` (Fitts 1954; MacKenzie 1992's
  form): a card 6 cm wide some 30 cm away is :data:`REACH_BITS`, about 2.6 bits.

The search is a sum of exponential looks (a gamma time), so a bigger table is both
slower and more variable, as people are.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, fields
from typing import Any

from gamenight.bots.levels import DEFAULT_LEVEL
from gamenight.bots.levels import LEVELS as LEVEL_NAMES

__all__ = ["DEFAULT_LEVEL", "LEVELS", "REACH_BITS", "ReactionModel"]

#: The index of difficulty of reaching a card on the table: about 30 cm to a card about
#: 6 cm wide, log2(30 / 6 + 1) bits (Fitts's law in MacKenzie's form).
REACH_BITS = math.log2(30 / 6 + 1)


@dataclass(frozen=True, slots=True)
class ReactionModel:
    """Reaction times in milliseconds (the fields are the model's parameters)."""

    mu: float = 185.0  # the reflex: ex-Gaussian normal part, mean ...
    sigma: float = 25.0  # ... and spread
    tau: float = 45.0  # ... and the mean of its exponential tail
    a: float = 30.0  # Hick's law: the fixed cost of a choice ...
    b: float = 150.0  # ... and its cost per bit
    scan: float = 50.0  # the search: the mean time to look at one card
    reach: float = 75.0  # Fitts's law: the cost per bit of the reach

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not (isinstance(value, float | int) and math.isfinite(value) and value >= 0):
                raise ValueError(f"a reaction model's {f.name} is a time of 0 ms or more, "
                                 f"not {value!r}")

    def __deepcopy__(self, memo: dict[int, Any]) -> ReactionModel:
        return self  # frozen, of numbers: a copied bot shares it

    def __reduce__(self) -> tuple[type[ReactionModel], tuple[float, ...]]:
        # Made again from its fields: compiled by mypyc, unpickling would set the fields
        # one by one on a blank object, which a frozen dataclass refuses.
        return ReactionModel, tuple(getattr(self, f.name) for f in fields(self))

    def simple(self, rng: random.Random) -> float:
        """The reflex: a simple reaction time (see the card, move)."""
        reflex = max(0.0, rng.gauss(self.mu, self.sigma))
        return reflex + rng.expovariate(1.0 / self.tau) if self.tau > 0 else reflex

    def choice_cost(self, n: int) -> float:
        """The extra time to choose among ``n`` alternatives (0 for none)."""
        return self.a + self.b * math.log2(n + 1) if n > 0 else 0.0

    def choice(self, rng: random.Random, n: int) -> float:
        """A reaction time when choosing among ``n`` alternatives."""
        return self.simple(rng) + self.choice_cost(n)

    def search(self, rng: random.Random, items: int) -> float:
        """The time to look over ``items`` cards, one look after another."""
        if items <= 0 or self.scan <= 0:
            return 0.0
        return rng.gammavariate(items, self.scan)

    def movement(self, bits: float = REACH_BITS) -> float:
        """The time of a reach whose index of difficulty is ``bits``."""
        return self.reach * bits

    def task(self, rng: random.Random, items: int, choices: int,
             bits: float = REACH_BITS) -> float:
        """A whole first move: the reflex, a search over ``items`` cards, a choice among
        ``choices`` alternatives and a reach of ``bits``."""
        return (self.simple(rng) + self.search(rng, items) + self.choice_cost(choices)
                + self.movement(bits))

    def mean_task(self, items: int, choices: int, bits: float = REACH_BITS) -> float:
        """The mean of :meth:`task`: what the same move takes on average."""
        return (self.mean_simple + max(items, 0) * self.scan + self.choice_cost(choices)
                + self.movement(bits))

    def median_task(self, items: int, choices: int, bits: float = REACH_BITS) -> float:
        """The median of :meth:`task`, from 2,001 draws of a fixed generator (the same
        every time it is asked)."""
        rng = random.Random(f"median {items} {choices}")
        draws = sorted(self.task(rng, items, choices, bits) for _ in range(2001))
        return draws[1000]

    def scaled(self, factor: float) -> ReactionModel:
        """The same player ``factor`` times slower (every part of every time)."""
        if not (math.isfinite(factor) and factor > 0):
            raise ValueError(f"a reaction model is scaled by a number above 0, not {factor!r}")
        return ReactionModel(*(getattr(self, f.name) * factor for f in fields(self)))

    @property
    def mean_simple(self) -> float:
        return self.mu + self.tau


#: The levels' models, slowest first (``bots.levels`` names them).  ``average`` is an
#: adult who knows the game: the reflex of the adult mean (230 ms), Hick's slope of 150
#: ms per bit, 50 ms a card.  Children of about eight take some 1.5-2 times as long as
#: adults over every part of a task (Kail 1991), and a beginner checks every card
#: slowly; practised players look at fewer cards per glance and move surely.
LEVELS: dict[str, ReactionModel] = dict(zip(LEVEL_NAMES, (
    ReactionModel(mu=320, sigma=60, tau=150, a=60, b=230, scan=110, reach=120),  # child
    ReactionModel(mu=250, sigma=40, tau=110, a=45, b=200, scan=85, reach=100),  # beginner
    ReactionModel(mu=220, sigma=35, tau=80, a=35, b=175, scan=65, reach=85),  # relaxed
    ReactionModel(mu=185, sigma=25, tau=45, a=30, b=150, scan=50, reach=75),  # average
    ReactionModel(mu=165, sigma=20, tau=30, a=25, b=130, scan=35, reach=65),  # quick
    ReactionModel(mu=150, sigma=15, tau=20, a=20, b=110, scan=22, reach=55),  # expert
), strict=True))
assert DEFAULT_LEVEL in LEVELS
