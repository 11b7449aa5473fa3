"""The ``perfect`` bot as it chose before issue 14, kept to measure the new one against.

It remembered as the bot does now, but weighed a card by a fixed price for the poo: a
match was worth 1.3 cards, the poo always cost 2.2 (whether or not it knew where a shovel
lay), and a card it knew (a shovel, another animal) was a safe stop worth 0.  So once it
knew a shovel it kept turning that shovel over to end its turn, which is legal and dull.
"""

from __future__ import annotations

from gamenight.games.by_golly.bots import Belief, PerfectBot, Stakes
from gamenight.games.by_golly.cards import POO

#: What the poo cost, whatever the bot knew.
MESS_COST = 2.2
#: What a match was worth beyond the card itself.
GO_ON = 0.3


class CautiousBot(PerfectBot):
    """Perfect memory, the poo at a fixed price, a known card a safe stop."""

    name = "cautious"

    def worth(self, belief: Belief, animal: int, stakes: Stakes) -> float:
        value = belief.get(animal, 0.0) * (1.0 + GO_ON) - belief.get(POO, 0.0) * MESS_COST
        if stakes.dares and value == 0.0 and len(belief) == 1:
            return -2.0 * MESS_COST
        return value
