"""Superfly bots: ``collector`` (the engine's ``random`` bot plays Superfly as it is).

The swat is a simultaneous decision with a deadline: a bot answers ``Wait`` until its
moment comes, then chooses.  The moment changes nothing in the rules (choices stay secret
until all are in); it only makes the table look like people at it, and a bot too slow
for the deadline passes, as a person would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from gamenight.bots.base import Bot, Clock, Wait
from gamenight.engine import PASS, View
from gamenight.games.superfly.actions import SWATS, SuperflyAction
from gamenight.games.superfly.cards import COLOUR_OF, DIE_FACES, NUMBER_OF
from gamenight.games.superfly.rules import HAND_LIMIT
from gamenight.games.superfly.sets import best_set_size
from gamenight.games.superfly.views import SeatView

_FACE = 1 / len(DIE_FACES)


def win_chance(number: int, others: Sequence[float]) -> float:
    """The chance that my swatter takes a fly showing ``number``.

    ``others`` holds, for each other player, the chance he swats the same fly.  My die
    must miss the number (else I squish it), and every other swatter on it must roll
    lower than me and miss the number too.  (A tie above me can still leave me the fly;
    that rare case is left out, so the estimate errs on the careful side.)  With K other
    swatters, each independent, E[q**K] is the product of (1 - p + p q).
    """
    total = 0.0
    for mine in DIE_FACES:
        if mine == number:
            continue  # my own die squishes the fly
        below = sum(1 for f in DIE_FACES if f < mine and f != number) * _FACE
        chance = _FACE
        for p in others:
            chance *= 1.0 - p + p * below
        total += chance
    return total


class CollectorBot(Bot[SuperflyAction]):
    """Builds the biggest set it can.

    Each centre fly is worth what it adds to the bot's best set (plus a little for what
    it adds to the other kinds of set, which may grow later), times the chance of taking
    it: a squish by its own die (1 in 6) or another's, and a battle with the players
    likely to want the same fly.  Who wants what is judged from what the bot can see:
    every hand with ``open_hands``, otherwise the flies others took last turn (now in
    their hands).  It passes when no fly helps, keeping its 5 places for flies that do.
    """

    name = "collector"

    #: How much a fly that grows only a smaller kind of set is worth, next to growing
    #: the best set by one.
    potential = 0.2

    def __init__(self, seat: int, seed: int = 0, level: str = "average", **params: str) -> None:
        super().__init__(seat, seed, level, **params)
        self._due: tuple[int | None, float] | None = None  # (decision, moment to choose)

    def act(self, view: View, legal: Sequence[SuperflyAction],
            clock: Clock) -> SuperflyAction | Wait:
        table = cast(SeatView, view)  # this game's view of this bot's seat (rules.py)
        if clock.deadline_ms is not None:
            # At the signal: look over the flies, then swat (Hick's law over the choices).
            if self._due is None or self._due[0] != clock.window:
                self._due = (clock.window, clock.now_ms
                             + self.reaction.choice(self.rng, len(table["centre"]) + 1))
            if clock.now_ms < self._due[1]:
                return Wait(self._due[1])
        return self.choose(table, legal)

    def choose(self, view: SeatView, legal: Sequence[SuperflyAction]) -> SuperflyAction:
        """The swat (or pass) this bot makes, whenever it makes it."""
        centre = [c["id"] for c in view["centre"]]
        hand = [c["id"] for c in view["my_hand"]]
        if not centre or len(hand) >= HAND_LIMIT or len(legal) <= 1:
            return PASS
        base = self.worth(hand)
        rivals = self._rivals(view, centre)
        scores: dict[int, float] = {}
        for card in centre:
            gain = self.worth([*hand, card]) - base
            if gain > 1e-9 and SWATS[card] in legal:
                scores[card] = gain * win_chance(NUMBER_OF[card], [r[card] for r in rivals])
        if not scores:
            return PASS
        # Equally good flies are chosen among at random: players who all went for the
        # first of them would only fight over it.
        top = max(scores.values())
        return SWATS[self.rng.choice([c for c, v in scores.items() if v >= top - 1e-9])]

    def worth(self, hand: Sequence[int]) -> float:
        """The best set's size, plus a little for each kind of set (one colour, one
        number, all different) that the places left in the hand could still grow past it.
        A full hand is worth its best set only."""
        if not hand:
            return 0.0
        best = best_set_size(hand)
        room = HAND_LIMIT - len(hand)
        if room <= 0:
            return float(best)
        colours = [COLOUR_OF[c] for c in hand]
        numbers = [NUMBER_OF[c] for c in hand]
        groups = (max(map(colours.count, colours)), max(map(numbers.count, numbers)),
                  min(len(set(colours)), len(set(numbers))))  # a bound for all different
        return best + self.potential * sum(g for g in groups if g + room > best) / 3

    def _rivals(self, view: SeatView, centre: list[int]) -> list[dict[int, float]]:
        """For each other player who may swat, the chance he swats each centre fly."""
        hands = view.get("hands")
        last = view["last_turn"]
        seen: dict[int, list[int]] = {}
        if last is not None and not last["round_over"]:
            for seat, card in last["takes"]:
                seen.setdefault(seat, []).append(card)
        rivals = []
        for seat in view["eligible"]:
            if seat == self.seat:
                continue
            if hands is not None:
                theirs = [c["id"] for c in hands[seat]]
                base = best_set_size(theirs)
                weights = [0.1 + 3.0 * (best_set_size([*theirs, c]) - base) for c in centre]
            else:
                known = seen.get(seat, [])
                weights = [1.0 + 2.0 * sum(COLOUR_OF[k] == COLOUR_OF[c] or NUMBER_OF[k]
                                           == NUMBER_OF[c] for k in known) for c in centre]
            total = sum(weights) + 0.5  # some weight for a pass
            rivals.append({c: w / total for c, w in zip(centre, weights, strict=True)})
        return rivals
