"""The ``adaptive`` level: measure the person, then race them at a chosen win share.

A bot at this level watches the seats it plays against (``against``: the person's seat,
0 at the terminal) and keeps their recent times, each divided by the median time of an
average player (the ``average`` level's model, :data:`REFERENCE`) on the same move, so
that a time on a big table and one on a small table say the same thing about the
person.  The median of these ratios is the person's pace: they play like the reference
player slowed (or sped up) by that factor.  To move, the bot takes the ``u`` quantile of
that player's times on the move in front of it, with ``u = V ** k``, ``V`` uniform and
``k = r / (1 - r)``: then it comes before the person with chance ``r``
(``P(U < U') = E[1 - U] = k / (k + 1)`` for the person's own quantile ``U'``), and at
``r = 0.5`` the bot is the person's double.

``r`` starts at the chosen share and moves two ways, both from what the table saw:

* **the score** (dynamic difficulty adjustment, Hunicke 2005): ``r`` rises by ``band``
  times the person's lead (from -1 to 1, as the game measures it: Fliegen klatschen
  counts a lead of 20 points as 1), and falls as much when the bot leads, so that a
  game stays close;
* **the races** (a Robbins-Monro step): each race the two ran (both moved) shifts a
  correction by ``STEP`` times (the intended ``r`` minus the outcome), so that a person
  whose times do not scale like the reference's (quicker on big tables, say) still
  loses the share of races the bot means to win.

Until it has measured the person it plays as an average player (a pace of 1).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from gamenight.bots.base import bot_number
from gamenight.bots.levels import DEFAULT_LEVEL
from gamenight.bots.reaction import LEVELS as MODELS
from gamenight.bots.reaction import ReactionModel
from gamenight.engine import OptionError

#: The model a person's times are measured against (their times over its mean).
REFERENCE: ReactionModel = MODELS[DEFAULT_LEVEL]
#: How many of the person's latest times the bot keeps (a person warms up and tires).
MEMORY = 24
#: How far one race moves the correction, and how far the correction may go.
STEP = 0.04
MAX_CORRECTION = 0.35
#: The aim never quite reaches "always" or "never": the bot stays a player.
LOWEST, HIGHEST = 0.02, 0.98


def read_share(text: str, bot: str) -> float:
    """The ``share`` parameter: the share of games the bot means to win (0.5: as often
    as the person)."""
    return bot_number(text, bot, "share", 0.0, 1.0, "the share of games to win")


def read_band(text: str, bot: str) -> float:
    """The ``band`` parameter: how strongly the score pulls the bot back (0: not at all)."""
    return bot_number(text, bot, "band", 0.0, 5.0)


def read_seats(text: str, bot: str, own: int) -> tuple[int, ...]:
    """The ``against`` parameter: the seats of the people measured, as '0' or '0+2'."""
    seats: list[int] = []
    for part in text.split("+"):
        if not part.strip().isdigit():
            raise OptionError(f"{bot} bot: against names the people's seats, such as 0 or "
                              f"0+2, not {text!r}")
        seats.append(int(part))
    if own in seats:
        raise OptionError(f"{bot} bot: against names the people it plays against, not its "
                          f"own seat {own}")
    return tuple(dict.fromkeys(seats))


def quantile(ordered: Sequence[float], u: float) -> float:
    """The ``u`` quantile of sorted values, between neighbours (Hyndman and Fan's type 7)."""
    if len(ordered) == 1:
        return ordered[0]
    place = u * (len(ordered) - 1)
    low = int(place)
    if low >= len(ordered) - 1:
        return ordered[-1]
    return ordered[low] + (place - low) * (ordered[low + 1] - ordered[low])


@lru_cache(maxsize=256)
def reference_times(items: int, choices: int) -> tuple[float, ...]:
    """The reference player's times on a move (a search over ``items`` cards and a
    choice among ``choices``), 501 of them sorted: its distribution, the same each
    time it is asked (a fixed generator)."""
    rng = random.Random(f"reference {items} {choices}")
    return tuple(sorted(REFERENCE.task(rng, items, choices) for _ in range(501)))


class PaceMatcher:
    """A person's measured pace, and moments drawn to beat it with a chosen chance."""

    def __init__(self, share: float, rng: random.Random, band: float = 1.0) -> None:
        self.share = share
        self.band = band
        self.rng = rng
        #: The person's latest times over the reference's median on the same move.
        self.ratios: deque[float] = deque(maxlen=MEMORY)
        self.correction = 0.0
        self._intended = share
        self.races = 0
        self.races_won = 0

    @property
    def measured(self) -> int:
        """How many of the person's times the bot holds."""
        return len(self.ratios)

    @property
    def pace(self) -> float:
        """The person's times over the reference's: the median of what was measured
        (1, an average player, before anything was)."""
        return quantile(sorted(self.ratios), 0.5) if self.ratios else 1.0

    def measure(self, time_ms: float, reference: Sequence[float]) -> None:
        """The person took ``time_ms`` over a move on which the reference takes
        ``reference`` (its sorted times)."""
        median = quantile(reference, 0.5)
        if median > 0 and time_ms >= 0:
            self.ratios.append(time_ms / median)

    def intended(self, lead: float = 0.0) -> float:
        """The chance the bot means this move to come before the person's: the share,
        pulled by the score (``lead``: the person's lead as a share of the points, -1
        to 1)."""
        return min(HIGHEST, max(LOWEST, self.share + self.band * lead))

    def aim(self, lead: float = 0.0) -> float:
        """The chance it aims at, with the races' correction."""
        return min(HIGHEST, max(LOWEST, self.intended(lead) + self.correction))

    def draw(self, reference: Sequence[float], lead: float = 0.0) -> float:
        """A moment for a move on which the reference takes ``reference`` (sorted)."""
        r = self.aim(lead)
        self._intended = self.intended(lead)
        u = self.rng.random() ** (r / (1.0 - r))
        return self.pace * quantile(reference, u)

    def raced(self, first: bool) -> None:
        """A race with the person is over: the bot's move came ``first`` or not."""
        self.races += 1
        self.races_won += first
        step = STEP * (self._intended - float(first))
        self.correction = min(MAX_CORRECTION, max(-MAX_CORRECTION, self.correction + step))
