"""The ``memory`` and ``perfect`` bots: remember the chicken run, take a risk when it pays.

Memory is the skill of By Golly!, so these bots keep their own memory, built only from
the views they are shown: the view at each of their decisions, and (through
``observe``) the view after every step of the game, so they see what others turn over.
A view shows the present only, so a card a bot does not remember is lost to it.

``memory`` forgets: at every new turn each memory is lost with chance ``1 - recall``.
Its level sets the recall (``memory:beginner``; ``RECALL``), or a number does
(``memory:0.6`` or ``memory:recall=0.6``).  ``perfect`` never forgets, at any level.

How they choose (``MemoryBot.worth``): every card they could turn over is weighed in
cards, by what memory says may lie there, as a strong player weighs it:

* **the animal laid**: it goes out (one card) and the turn goes on (``GO_ON``), and where
  it lies is then known for the other copies in the hand (``KNOW`` each);
* **another animal**: the turn ends, the card comes back; where that animal lies is now
  known: ``KNOW`` for each copy of it in the hand;
* **a shovel**: the turn ends; the first one found is worth ``KNOW_SHOVEL``, because
  from then on the poo costs nothing (below);
* **chicken poo**: the mess.  It costs what the best second card is expected to make the
  player draw (the rules' ``mess_draws``: an animal 2, the other poo 4, a shovel none),
  each card drawn counted as the swing it makes in the race (one more for him, one fewer
  for an opponent: ``1 + 1 / opponents``).  A shovel it remembers makes the poo free:
  after the poo it turns that shovel over.

A card it knows to be neither the animal nor the poo ends the turn safely, worth 0.  So a
bot that knows where a shovel lies keeps it for the poo and turns unknown cards; without
one, it risks an unknown card when the chance of a match and what it learns outweigh the
mess; and once no card has gone out for two rounds (everyone plays safe), it stops
playing safe.  (Before issue 14 the poo always cost 2.2 cards, so a bot that knew a
shovel went on turning that shovel over to end its turn: legal, and dull.)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gamenight.bots.base import Bot, Clock, bot_number
from gamenight.bots.levels import DEFAULT_LEVEL, LEVELS
from gamenight.engine import OptionError, View
from gamenight.games.by_golly.actions import (
    KEEP,
    SHUFFLE,
    TURNS,
    ByGollyAction,
    Draw,
    End,
    Lay,
    Shuffle,
    Turn,
)
from gamenight.games.by_golly.cards import KIND_OF_NAME, PLACES, POO, RUN_FACE, SHOVEL
from gamenight.games.by_golly.rules import mess_draws
from gamenight.games.by_golly.views import ByGollyView, as_view

#: How many cards each face has in the chicken run.
RUN_COUNTS: Counter[int] = Counter(RUN_FACE)
#: The same as a list by face (0 to SHOVEL), the order beliefs list the faces in.
_RUN_COUNT_OF: tuple[int, ...] = tuple(RUN_COUNTS[face] for face in range(SHOVEL + 1))
#: What a match is worth beyond the card itself: the turn goes on, another may go out.
GO_ON = 0.3
#: What knowing where an animal lies is worth, for each copy of it in the hand: a match
#: on a later turn, unless a shuffle hides it first or another player holding it uses it
#: first (the three values were weighed against each other in simulations: see
#: docs/bots.md; a half card each did as well as any).
KNOW = 0.5
#: What finding the first shovel is worth: from then on the poo costs nothing.
KNOW_SHOVEL = 0.5
#: What a safe stop is worth once nobody has dared for two rounds: less than any risk.
DARED_STOP = -100.0
#: The recall each level plays with (the chance a memory lasts another turn).
RECALL: dict[str, float] = {"child": 0.5, "beginner": 0.6, "relaxed": 0.7,
                            "average": 0.8, "quick": 0.9, "expert": 0.95}
#: Forgetting is applied for at most this many turns at once (after that all is gone
#: for any recall below 1 anyway, to machine precision).
MAX_FORGET_TURNS = 64

Belief = dict[int, float]  # face -> chance that a face-down place shows it
#: The belief about a place whose face is known (one per face, shared: never changed).
SURE: tuple[Belief, ...] = tuple({face: 1.0} for face in range(SHOVEL + 1))


@dataclass(frozen=True, slots=True)
class Stakes:
    """What turning a card over risks and gains now: the ``mess`` (the cost of the poo,
    in cards), whether a ``shovel`` is known (the first one found is worth more), the
    ``hand`` (copies of each animal), and whether it ``dares`` (no more safe stops)."""

    mess: float
    shovel: bool
    hand: Counter[int]
    dares: bool


class MemoryBot(Bot[ByGollyAction]):
    """Remembers what it saw turned over, forgets each memory with chance
    ``1 - recall`` per turn, weighs every card it could turn over in cards (a risk when
    it pays), draws in the mess from the opponent furthest from winning, and shuffles
    after a mess to wreck what the others know."""

    name = "memory"
    levels = LEVELS
    default_recall = RECALL[DEFAULT_LEVEL]

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL,
                 **params: str) -> None:
        recall_text = params.pop("recall", None)
        if level not in LEVELS:
            # A bare number after the name is the recall: memory:0.6.
            if recall_text is not None:
                raise OptionError(f"memory bot: recall given twice ({level} and {recall_text})")
            recall_text, level = level, DEFAULT_LEVEL
        super().__init__(seat, seed, level, **params)
        # A recall given overrides the level's.
        self.recall = RECALL[level] if recall_text is None else bot_number(
            recall_text, "memory", "recall", 0.0, 1.0)
        self.known: dict[int, int] = {}  # place -> face
        # After a shuffle: these places hold these faces, in an order nobody knows.
        self.groups: list[tuple[set[int], list[int]]] = []
        self._turn = 0
        self._shuffle_seen: tuple[int, frozenset[int]] | None = None
        # The run as last learnt from this turn (a view's own list: views are read,
        # never changed), or None once something since may have changed what it knows.
        self._run_seen: Sequence[str | None] | None = None
        # The place chosen with the card just laid: (turn, animal, place).
        self._plan: tuple[int, int, int] | None = None
        # Turns since a card last went out: when nobody dares, the bot stops playing safe.
        self._quiet = 0
        self._discarded = 0
        self._forget_rng = random.Random(self.rng.random())

    # -- memory ---------------------------------------------------------------------
    def observe(self, view: View) -> None:
        self._see(as_view(view))

    def _see(self, view: ByGollyView) -> None:
        turn = view["turn"]
        if turn != self._turn:
            self._forget(min(turn - self._turn, MAX_FORGET_TURNS))
            self._turn = turn
            self._run_seen = None
            gone = view["discarded"]
            self._quiet = 0 if gone != self._discarded else self._quiet + 1
            self._discarded = gone
        run = view["run"]
        if view["shuffling"]:
            places = frozenset(p for p in range(PLACES) if run[p] is not None)
            if self._shuffle_seen == (turn, places):
                return
            self._shuffle_seen = (turn, places)
            self._run_seen = None
            faces = [KIND_OF_NAME[name] for name in run if name is not None]  # by place
            for p, face in zip(sorted(places), faces, strict=True):
                self._learn(p, face)  # (takes them out of any older group)
            for p in places:
                del self.known[p]
            self.groups.append((set(places), faces))
            return
        if run == self._run_seen:
            # The same cards face up as it saw last, this turn: it has learnt them all
            # (nothing since could have made it forget or doubt one), so learning them
            # again would change nothing.  It is shown the table after every step.
            return
        for p, name in enumerate(run):
            if name is not None:
                self._learn(p, KIND_OF_NAME[name])
        self._run_seen = run

    def _learn(self, place: int, face: int) -> None:
        self.known[place] = face
        # (Asked for every face-up card of every view it is shown: most are known
        # already and lie in no group, so the groups are walked only when there are any
        # and rebuilt only when one was emptied.)
        groups = self.groups
        if not groups:
            return
        for places, faces in groups:
            if place in places:
                places.discard(place)
                if face in faces:
                    faces.remove(face)
                if len(places) == 1 and len(faces) == 1:
                    self.known[next(iter(places))] = faces[0]
                    places.clear()
        if not all(places for places, _ in groups):
            self.groups = [g for g in groups if g[0]]

    def _forget(self, turns: int) -> None:
        if self.recall >= 1.0:
            return
        keep = self.recall ** turns
        rand = self._forget_rng.random
        self.known = {p: f for p, f in self.known.items() if rand() < keep}
        self.groups = [g for g in self.groups if rand() < keep]

    def beliefs(self, run: Sequence[str | None]) -> list[Belief | None]:
        """For each place: None if face up, else the chance of each face there, from
        memory (a remembered card, a shuffled group) or, failing that, evenly over the
        cards it cannot place."""
        dists: list[Belief | None] = [None] * PLACES
        remaining = list(_RUN_COUNT_OF)  # by face
        for name in run:
            if name is not None:
                remaining[KIND_OF_NAME[name]] -= 1
        for p, face in self.known.items():
            if run[p] is None:
                remaining[face] -= 1
                dists[p] = SURE[face]
        for places, faces in self.groups:
            share = Counter(faces)
            dist = {f: c / len(faces) for f, c in share.items()}
            for f in faces:
                remaining[f] -= 1
            for p in places:
                if run[p] is None and dists[p] is None:
                    dists[p] = dist
        free = [p for p in range(PLACES) if run[p] is None and dists[p] is None]
        total = sum(c for c in remaining if c > 0)
        if free and total:
            rest = {f: c / total for f, c in enumerate(remaining) if c > 0}
            for p in free:
                dists[p] = rest
        for p in free:
            if dists[p] is None:  # memory out of step with the table: know nothing
                dists[p] = {f: c / PLACES for f, c in RUN_COUNTS.items()}
        return dists

    # -- decisions ------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[ByGollyAction], clock: Clock) -> ByGollyAction:
        seen = as_view(view)
        self._see(seen)
        first = legal[0]
        if isinstance(first, Lay):
            return self._lay(seen, [a for a in legal if isinstance(a, Lay)])
        if isinstance(first, Turn):
            return self._turn_over(seen, [a for a in legal if isinstance(a, Turn)])
        if isinstance(first, Draw):
            return self._draw(seen, [a for a in legal if isinstance(a, Draw)])
        if isinstance(first, Shuffle) or first is KEEP:
            # Every card that was just face up is known to all, and the others play
            # before it does again: mix them up.
            return SHUFFLE if SHUFFLE in legal else KEEP
        if isinstance(first, End):
            return first
        return self.rng.choice(list(legal))

    def stakes(self, view: ByGollyView, dists: Sequence[Belief | None]) -> Stakes:
        """What turning a card over risks and gains now (see the module's notes)."""
        opponents = view["players"] - 1
        # After the poo it turns the card with the fewest draws to expect (a shovel it
        # remembers: none).
        second = min(_mess_costs(dists).values(), default=0.0)
        hand = Counter(KIND_OF_NAME[name] for name in view.get("hand", []))
        if view["laid"] is not None:
            hand[KIND_OF_NAME[view["laid"]]] += 1  # the card laid is still his
        shovel = any(d is not None and d.get(SHOVEL) == 1.0 for d in dists)
        return Stakes(second * (1.0 + 1.0 / opponents), shovel, hand, self._dares(view))

    @staticmethod
    def worth(belief: Belief, animal: int, stakes: Stakes) -> float:
        """What laying ``animal`` and turning over a place with this belief is worth, in
        cards (see the module's notes)."""
        hand = stakes.hand
        if len(belief) == 1:
            (face,) = belief
            if face not in (animal, POO):
                # A card it knows: the turn ends safely and nothing is learnt.
                return DARED_STOP if stakes.dares else 0.0
        value = 0.0
        for face, chance in belief.items():
            if face == animal:
                value += chance * (1.0 + GO_ON + KNOW * (hand[animal] - 1))
            elif face == POO:
                value -= chance * stakes.mess
            elif face == SHOVEL:
                value += 0.0 if stakes.shovel else chance * KNOW_SHOVEL
            else:
                value += chance * KNOW * hand[face]
        return value

    def _lay(self, view: ByGollyView, lays: list[Lay]) -> Lay:
        run = view["run"]
        if view["face_up_match"]:
            # Option: an animal already face up goes out for free.
            up = {KIND_OF_NAME[n] for n in run if n is not None}
            free = [a for a in lays if a.animal in up]
            if free:
                return free[0]
        dists = self.beliefs(run)
        stakes = self.stakes(view, dists)
        # Places with the same belief (all those it knows nothing of) are weighed once.
        alike: dict[int, tuple[Belief, list[int]]] = {}
        for p in range(PLACES):
            belief = dists[p]
            if belief is not None:
                alike.setdefault(id(belief), (belief, []))[1].append(p)
        # The best (worth, tie-break draw), the first of equals kept: a draw for every
        # pair, in this order, as the games were fingerprinted.
        best: tuple[float, float] | None = None
        chosen: tuple[Lay, list[int]] | None = None
        worth, draw = self.worth, self.rng.random
        pairs = list(alike.values())
        for lay in lays:
            animal = lay.animal
            for belief, places in pairs:
                key = (worth(belief, animal, stakes), draw())
                if best is None or key > best:
                    best, chosen = key, (lay, places)
        assert chosen is not None
        self._plan = (view["turn"], chosen[0].animal, self.rng.choice(chosen[1]))
        return chosen[0]

    def _dares(self, view: ByGollyView) -> bool:
        """True once no card has gone out for two rounds: everyone is playing safe."""
        return self._quiet >= 2 * view["players"]

    def _turn_over(self, view: ByGollyView, legal: list[Turn]) -> Turn:
        run = view["run"]
        dists = self.beliefs(run)
        if view["laid"] is None or view["phase"] == "second":
            # After the poo: the shovel saves, an animal costs 2 cards, the poo 4.
            self._plan = None
            costs = _mess_costs(dists)
            return max(legal, key=lambda a: (-costs[id(dists[a.place])], self.rng.random()))
        animal = KIND_OF_NAME[view["laid"]]
        plan, self._plan = self._plan, None
        if plan is not None and plan[:2] == (view["turn"], animal) and TURNS[plan[2]] in legal:
            return TURNS[plan[2]]
        stakes = self.stakes(view, dists)
        return max(legal, key=lambda a: (self.worth(_sure(dists[a.place]), animal, stakes),
                                         self.rng.random()))

    def _draw(self, view: ByGollyView, legal: list[Draw]) -> Draw:
        # Every card drawn brings its owner nearer to winning: draw from whoever is
        # furthest from it, and never take a last card while another has more.
        left = [view["hands"][s] + view["stacks"][s] for s in range(view["players"])]
        return max(legal, key=lambda a: (left[a.seat], self.rng.random()))


def _sure(belief: Belief | None) -> Belief:
    assert belief is not None, "a legal place is face down"
    return belief


def _mess_costs(dists: Sequence[Belief | None]) -> dict[int, float]:
    """:func:`_mess_cost` of each distinct belief of ``dists``, by ``id``: places share
    their belief objects (every place it knows nothing of, the places of a shuffled
    group, a face it knows), so a few are worked out, not 19."""
    costs: dict[int, float] = {}
    for belief in dists:
        if belief is not None and id(belief) not in costs:
            sure = _SURE_COST.get(id(belief))
            costs[id(belief)] = _mess_cost(belief) if sure is None else sure
    return costs


def _mess_cost(belief: Belief | None) -> float:
    """Cards expected to be drawn after turning this place as the second card, by the
    rules' ``mess_draws`` (an animal 2, the poo 4, a shovel none)."""
    drawn: dict[int, float] = {}  # cards drawn -> the chance of drawing that many
    for face, chance in _sure(belief).items():
        n = mess_draws(face)
        drawn[n] = drawn.get(n, 0.0) + chance
    return sum(n * chance for n, chance in drawn.items())


class PerfectBot(MemoryBot):
    """The memory bot that never forgets (recall 1, at every level)."""

    name = "perfect"
    levels = ()  # it plays the same at every level

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL,
                 **params: str) -> None:
        if "recall" in params or level not in LEVELS:
            raise OptionError("the perfect bot always has recall 1 (use memory:<recall>)")
        super().__init__(seat, seed, level, **params)
        self.recall = 1.0


#: The mess cost of each known face (``SURE``'s beliefs, which never change), by ``id``.
_SURE_COST: dict[int, float] = {id(belief): _mess_cost(belief) for belief in SURE}
