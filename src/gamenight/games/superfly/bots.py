"""Superfly bots: ``collector`` (the engine's ``random`` bot plays Superfly as it is).

The swat is a simultaneous decision with a deadline: a bot answers ``Wait`` until its
moment comes, then chooses.  The moment changes nothing in the rules (choices stay secret
until all are in); it only makes the table look like people at it, and a bot too slow
for the deadline passes, as a person would.  The moment follows ``bots.reaction``: the
reflex, a look over the centre flies and the bot's own hand, a choice among the flies
and a pass (Hick's law), and the reach.

A level sets the pace and how often the collector thinks its choice through
(``SKILL``); otherwise it swats any fly or lets the signal pass, at random.  At the
``adaptive`` level the skill follows the person (``SwatWatch``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from gamenight.bots.adaptive import read_band, read_seats, read_share
from gamenight.bots.base import Bot, Clock, Wait
from gamenight.bots.levels import ADAPTIVE, DEFAULT_LEVEL, LEVELS
from gamenight.engine import PASS, OptionError, View
from gamenight.games.superfly.actions import SWATS, SuperflyAction, Swat
from gamenight.games.superfly.cards import COLOUR_OF, DECK_SIZE, DIE_FACES, NUMBER_OF
from gamenight.games.superfly.rules import HAND_LIMIT
from gamenight.games.superfly.sets import best_set_size
from gamenight.games.superfly.views import SeatView

_FACE = 1 / len(DIE_FACES)
#: A typical signal: 3 flies in the centre (4 players) and 2 cards in hand.
TYPICAL_SIGNAL = (3 + 2, 3 + 1)

#: How often the collector thinks its choice through, by level (otherwise it swats any
#: fly, or passes, at random).
SKILL: dict[str, float] = {"child": 0.3, "beginner": 0.5, "relaxed": 0.7,
                           "average": 0.85, "quick": 0.93, "expert": 1.0}
#: The skill the adaptive collector assumes before it has judged a swat (between a
#: beginner's and a relaxed player's), and how many swats that guess is worth.
START_SKILL = 0.65
PRIOR_SWATS = 2
#: How often a collector that thinks every choice through agrees with the flies that
#: grow the set most of the flies seen taken (measured over games of collectors).
AGREEMENT = 0.84
#: How far the share the adaptive collector means to win moves its chance to think a
#: choice through (share 0.7: 0.2 more often than the person).
SHARE_PULL = 1.0
#: How often the adaptive collector looks whether the person has raised a swatter, in ms.
LOOK_MS = 100.0
#: The adaptive collector swats at the latest this long before the deadline.
MARGIN_MS = 1000.0


def hand_worth(hand: Sequence[int], potential: float = 0.2) -> float:
    """What a hand is worth to a player building sets: its best set's size, plus
    ``potential`` for each kind of set (one colour, one number, all different) that the
    places left in the hand could still grow past it.  A full hand is worth its best set
    only."""
    return _hand_worth(tuple(hand), potential)


@lru_cache(maxsize=1 << 16)
def _hand_worth(hand: tuple[int, ...], potential: float) -> float:
    """:func:`hand_worth`, remembered: a bot weighs the same few hands, each with each
    centre fly, turn after turn (a hand holds at most 6 of 36 cards, so they are few)."""
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
    return best + potential * sum(g for g in groups if g + room > best) / 3


#: For a fly showing each number: the chance that another's die rolls below each face of
#: mine that does not squish it (and does not squish it itself), in the order of the faces.
_BELOW: dict[int, tuple[float, ...]] = {
    number: tuple(sum(1 for f in DIE_FACES if f < mine and f != number) * _FACE
                  for mine in DIE_FACES if mine != number)
    for number in DIE_FACES}


def win_chance(number: int, others: Sequence[float]) -> float:
    """The chance that my swatter takes a fly showing ``number``.

    ``others`` holds, for each other player, the chance he swats the same fly.  My die
    must miss the number (else I squish it), and every other swatter on it must roll
    lower than me and miss the number too.  (A tie above me can still leave me the fly;
    that rare case is left out, so the estimate errs on the careful side.)  With K other
    swatters, each independent, E[q**K] is the product of (1 - p + p q).
    """
    return _win_chance(number, tuple(others))


@lru_cache(maxsize=1 << 14)
def _win_chance(number: int, others: tuple[float, ...]) -> float:
    """:func:`win_chance`, remembered: the chances that rivals swat a fly come from a
    few hand and centre patterns (:func:`_shares`), so a collector table asks the same
    few hundred questions game after game (627 distinct in 25,728 asked, over 100
    four-player games)."""
    total = 0.0
    for below in _BELOW[number]:  # each face of my die that misses the number
        chance = _FACE
        for p in others:
            chance *= 1.0 - p + p * below
        total += chance
    return total


#: For each pair of cards: True if they share a colour or a number (a player who took
#: the one is likely to want the other).
_RELATED: tuple[tuple[bool, ...], ...] = tuple(
    tuple(COLOUR_OF[k] == COLOUR_OF[c] or NUMBER_OF[k] == NUMBER_OF[c]
          for c in range(DECK_SIZE)) for k in range(DECK_SIZE))


class SwatWatch:
    """What the adaptive collector learns of the people it plays against.

    **When**: speed wins nothing in Superfly (the swatters land together and a battle
    goes by the dice), so the bot never hurries the person: it looks every
    :data:`LOOK_MS` whether their swatter is raised (``chosen`` in its view: a raised
    swatter is seen, its fly is not) and swats a reflex after theirs, at the latest
    :data:`MARGIN_MS` before the deadline.  ``paces`` keeps the times it saw.

    **How well**: once the swatters are down every swat is public, and so is every fly
    a player took this round.  For each person's swat the bot asks whether it was among
    the flies that grow the set most (:func:`hand_worth`) of the flies seen taken, or
    the pass when none does: a player who thinks every choice through agrees about
    :data:`AGREEMENT` of the time (the dice, the rivals and the card dealt face down
    change some choices), one who grabs at random as often as chance has it.  Between
    the two lies the person's skill (:meth:`skill`), and the bot thinks its own choices
    through that often, then more or less by the share it means to win
    (:data:`SHARE_PULL`) and by ``band`` times the person's lead in Fly Catcher tokens (a
    lead of 2 counts as 1; ``band`` is 0 unless given).
    """

    def __init__(self, seat: int, people: tuple[int, ...], share: float, band: float) -> None:
        self.seat = seat
        self.people = people
        self.share = share
        self.band = band
        self.paces: list[float] = []
        # The people's swats judged: how many, how many agreed with thinking it
        # through, and how many would have agreed by chance.
        self.judged = 0
        self.agreed = 0.0
        self.by_chance = 0.0
        self._decision: int | None = None
        self._seen: set[int] = set()
        # The flies each person was seen to take this round (None: their hand went to
        # another player), and the round and turn seen last.
        self._round = 0
        self._turn = 0
        self._takes: dict[int, list[int] | None] = {}

    def skill(self) -> float:
        """The people's skill as measured, blended with :data:`START_SKILL` worth
        :data:`PRIOR_SWATS` swats."""
        if self.judged:
            chance = self.by_chance / self.judged
            rate = self.agreed / self.judged
            measured = min(1.0, max(0.0, (rate - chance) / max(AGREEMENT - chance, 1e-9)))
        else:
            measured = START_SKILL
        return (self.judged * measured + PRIOR_SWATS * START_SKILL) / (self.judged + PRIOR_SWATS)

    def see(self, view: SeatView) -> None:
        """Take in the last turn, once: judge each person's swat, note the flies taken."""
        last = view["last_turn"]
        if view["round"] != self._round:
            self._round, self._turn, self._takes = view["round"], 0, {}
        if last is None or last["round"] != self._round or last["turn"] == self._turn:
            return
        self._turn = last["turn"]
        for person in self.people:
            known = self._takes.get(person, [])
            if person in last["eligible"] and known is not None:
                self._judge(known, last["centre"], last["swats"][person])
        for seat, card in last["takes"]:
            known = self._takes.setdefault(seat, [])
            if known is not None:
                known.append(card)
        for group in last["swaps"]:
            for seat in group:
                self._takes[seat] = None  # hands passed on: what they hold is unseen

    def _judge(self, known: list[int], centre: Sequence[int], swat: int | None) -> None:
        base = hand_worth(known)
        gains = {card: hand_worth([*known, card]) - base for card in centre}
        top = max(gains.values(), default=0.0)
        best: set[int | None] = ({None} if top <= 1e-9 else
                                 {c for c, g in gains.items() if g >= top - 1e-9})
        options = len(centre) + 1  # each fly, or a pass
        if len(best) == options:
            return  # every choice as good: it says nothing
        self.judged += 1
        self.agreed += swat in best
        self.by_chance += len(best) / options

    def think_chance(self, view: SeatView) -> float:
        """The chance to think this choice through (see the class)."""
        self.see(view)
        if not self.people:
            return START_SKILL
        tokens = view["tokens"]
        theirs = sum(tokens[p] for p in self.people) / len(self.people)
        lead = max(-1.0, min(1.0, (theirs - tokens[self.seat]) / 2))
        chance = self.skill() + SHARE_PULL * (self.share - 0.5) + self.band * lead
        return min(1.0, max(0.0, chance))

    def waiting_for(self, view: SeatView, clock: Clock) -> bool:
        """True while a person who may swat has not raised a swatter (noting the moment
        each one is first seen raised)."""
        if clock.window != self._decision:
            self._decision, self._seen = clock.window, set()
        chosen = set(view["chosen"])
        waiting = False
        for person in self.people:
            if person not in view["eligible"]:
                continue
            if person in chosen:
                if person not in self._seen:
                    self._seen.add(person)
                    self.paces.append(clock.now_ms)
            else:
                waiting = True
        return waiting


class CollectorBot(Bot[SuperflyAction]):
    """Builds the biggest set it can.

    Each centre fly is worth what it adds to the bot's best set (plus a little for what
    it adds to the other kinds of set, which may grow later), times the chance of taking
    it: a squish by its own die (1 in 6) or another's, and a battle with the players
    likely to want the same fly.  Who wants what is judged from what the bot can see:
    every hand with ``open_hands``, otherwise the flies others took last turn (now in
    their hands).  It passes when no fly helps, keeping its 5 places for flies that do.

    Its level sets its pace and its skill (:data:`SKILL`); ``pace=MS`` sets the pace
    alone (the median time to swat at a typical signal, 3 flies and 2 cards in hand).
    At the ``adaptive`` level: ``share`` (the share of rounds, and so of games, it means
    to win against the person, 0.5), ``against`` (the person's seat, 0; several as 0+2)
    and ``band`` (how strongly the tokens pull it back, 0).
    """

    name = "collector"
    levels = (*LEVELS, ADAPTIVE)

    #: How much a fly that grows only a smaller kind of set is worth, next to growing
    #: the best set by one.
    potential = 0.2

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL, **params: str) -> None:
        pace = params.pop("pace", None)
        share, against, band = (params.pop(k, None) for k in ("share", "against", "band"))
        super().__init__(seat, seed, level, **params)
        adaptive = level == ADAPTIVE
        if not adaptive and (share, against, band) != (None, None, None):
            raise OptionError("collector bot: share, against and band are for the adaptive "
                              "level (collector:adaptive:share=0.5)")
        if pace is not None:
            try:
                ms = float(pace)
            except ValueError:
                ms = 0.0
            if not 100.0 <= ms <= 5000.0:
                raise OptionError("collector bot: pace is a swat's median in ms, from 100 "
                                  f"to 5000, not {pace!r}")
            self.reaction = self.reaction.scaled(ms / self.reaction.median_task(*TYPICAL_SIGNAL))
        self.skill = SKILL.get(level, SKILL[DEFAULT_LEVEL])
        self.watch: SwatWatch | None = None
        if adaptive:
            people = (read_seats(against, self.name, seat) if against is not None
                      else () if seat == 0 else (0,))
            self.watch = SwatWatch(seat, people,
                                   0.5 if share is None else read_share(share, self.name),
                                   0.0 if band is None else read_band(band, self.name))
        self._due: tuple[int | None, float] | None = None  # (decision, moment to choose)
        self._followed = False  # the adaptive bot has seen the person swat, this signal

    def act(self, view: View, legal: Sequence[SuperflyAction],
            clock: Clock) -> SuperflyAction | Wait:
        table = cast(SeatView, view)  # this game's view of this bot's seat (rules.py)
        watch = self.watch
        thinks = self.skill
        if watch is not None:
            thinks = watch.think_chance(table)
        if clock.deadline_ms is not None:
            if self._due is None or self._due[0] != clock.window:
                # At the signal: look over the flies and the hand, choose among the flies
                # and a pass (Hick's law), reach.
                centre = len(table["centre"])
                self._due = (clock.window, clock.now_ms + self.reaction.task(
                    self.rng, centre + len(table["my_hand"]), centre + 1))
                self._followed = False
            if watch is not None and not self._followed:
                latest = clock.deadline_ms - MARGIN_MS
                if watch.waiting_for(table, clock) and clock.now_ms < latest:
                    return Wait(min(clock.now_ms + LOOK_MS, latest))
                self._followed = True
                if any(p in table["eligible"] for p in watch.people):
                    # The person's swatter is down (or time is short): a reflex after.
                    self._due = (clock.window,
                                 min(latest, clock.now_ms + self.reaction.simple(self.rng)))
            if clock.now_ms < self._due[1]:
                return Wait(self._due[1])
        if thinks < 1.0 and self.rng.random() >= thinks:
            return self.grab(table, legal)
        return self.choose(table, legal)

    def grab(self, view: SeatView, legal: Sequence[SuperflyAction]) -> SuperflyAction:
        """A choice not thought through: any fly in the centre, or a pass (the player
        who hesitates over the flies and lets the signal go by)."""
        return self.rng.choice(legal)

    def choose(self, view: SeatView, legal: Sequence[SuperflyAction]) -> SuperflyAction:
        """The swat (or pass) this bot makes, whenever it makes it."""
        centre = [c["id"] for c in view["centre"]]
        hand = tuple([c["id"] for c in view["my_hand"]])
        if not centre or len(hand) >= HAND_LIMIT or len(legal) <= 1:
            return PASS
        # What the hand is worth with each fly (``worth``, asked of the remembered
        # answers straight: a bot weighs 4 hands a choice).
        potential = self.potential
        base = _hand_worth(hand, potential)
        may = {action.card for action in legal if type(action) is Swat}
        # Who else wants which fly matters only for a fly that grows the hand: worked
        # out when the first such fly is found (in one choice in six none is, and the
        # bot passes).
        rivals: list[dict[int, float]] | None = None
        scores: dict[int, float] = {}
        for card in centre:
            gain = _hand_worth((*hand, card), potential) - base
            if gain > 1e-9 and card in may:
                if rivals is None:
                    rivals = self._rivals(view, centre)
                scores[card] = gain * _win_chance(NUMBER_OF[card],
                                                  tuple([r[card] for r in rivals]))
        if not scores:
            return PASS
        # Equally good flies are chosen among at random: players who all went for the
        # first of them would only fight over it.
        top = max(scores.values())
        return SWATS[self.rng.choice([c for c, v in scores.items() if v >= top - 1e-9])]

    def worth(self, hand: Sequence[int]) -> float:
        """What ``hand`` is worth to this bot (:func:`hand_worth`)."""
        return hand_worth(hand, self.potential)

    def _rivals(self, view: SeatView, centre: list[int]) -> list[dict[int, float]]:
        """For each other player who may swat, the chance he swats each centre fly."""
        hands = view.get("hands")
        last = view["last_turn"]
        seen: dict[int, list[int]] = {}
        if last is not None and not last["round_over"]:
            for seat, card in last["takes"]:
                seen.setdefault(seat, []).append(card)
        flies = tuple(centre)
        rivals = []
        for seat in view["eligible"]:
            if seat == self.seat:
                continue
            if hands is not None:
                rivals.append(_wants_seen(tuple(c["id"] for c in hands[seat]), flies))
            else:
                rivals.append(_wants_guessed(tuple(seen.get(seat, ())), flies))
        return rivals


# What a rival wants depends only on what the bot knows of his hand and on the centre,
# the same for every bot at the table: each is worked out once (the dicts are shared,
# and only read).
@lru_cache(maxsize=1 << 14)
def _wants_seen(theirs: tuple[int, ...], centre: tuple[int, ...]) -> dict[int, float]:
    """The chance a rival whose hand is seen (open hands) swats each centre fly: the
    more a fly grows his best set, the likelier."""
    base = best_set_size(theirs)
    weights = [0.1 + 3.0 * (best_set_size([*theirs, c]) - base) for c in centre]
    return _shares(centre, weights)


@lru_cache(maxsize=1 << 14)
def _wants_guessed(known: tuple[int, ...], centre: tuple[int, ...]) -> dict[int, float]:
    """The chance a rival swats each centre fly, judged from the flies he was seen to
    take last turn: one sharing their colour or number is likelier."""
    related = [_RELATED[k] for k in known]
    weights = [1.0 + 2.0 * sum(r[c] for r in related) for c in centre]
    return _shares(centre, weights)


def _shares(centre: tuple[int, ...], weights: list[float]) -> dict[int, float]:
    total = sum(weights) + 0.5  # some weight for a pass
    return {c: w / total for c, w in zip(centre, weights, strict=True)}
