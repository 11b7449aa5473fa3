"""How long a player takes to react: an ex-Gaussian plus a Hick's-law choice cost.

Simple visual reaction time is well described by an ex-Gaussian: a normal part (mu,
sigma) plus an exponential tail (tau); its mean is mu + tau.  Choosing among n
alternatives costs a + b * log2(n + 1) more (Hick's law; a is the fixed cost of the
choice and the reach, b the cost per bit).

Defaults from the literature: simple visual reaction time averages about 230 ms in
adults (Woods et al. 2015, 1,469 people), so the ``average`` level has mu + tau = 230;
Hick's slope is about 150-200 ms per bit, so the levels span that range.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ReactionModel:
    """Reaction times in milliseconds."""

    mu: float = 185.0
    sigma: float = 25.0
    tau: float = 45.0
    a: float = 50.0
    b: float = 175.0

    def simple(self, rng: random.Random) -> float:
        """A simple reaction time: see the card, move."""
        return max(0.0, rng.gauss(self.mu, self.sigma)) + rng.expovariate(1.0 / self.tau)

    def choice_cost(self, n: int) -> float:
        """The extra time to choose among ``n`` alternatives (0 for none)."""
        return self.a + self.b * math.log2(n + 1) if n > 0 else 0.0

    def choice(self, rng: random.Random, n: int) -> float:
        """A reaction time when choosing among ``n`` alternatives."""
        return self.simple(rng) + self.choice_cost(n)

    @property
    def mean_simple(self) -> float:
        return self.mu + self.tau


#: Named levels, slowest first.  ``average`` matches the adult mean of about 230 ms.
LEVELS: dict[str, ReactionModel] = {
    "relaxed": ReactionModel(mu=230, sigma=35, tau=90, a=80, b=200),
    "average": ReactionModel(mu=185, sigma=25, tau=45, a=50, b=175),
    "quick": ReactionModel(mu=165, sigma=20, tau=30, a=40, b=160),
    "expert": ReactionModel(mu=150, sigma=15, tau=20, a=30, b=150),
}
DEFAULT_LEVEL = "average"
