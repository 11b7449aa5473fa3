"""The ``memory`` and ``perfect`` bots: remember the chicken run, take a risk when it pays.

Memory is the skill of By Golly!, so these bots keep their own memory, built only from
what their seat saw happen at the table: they listen (``Bot.hear``) to every event in
their seat's form, and learn from the cards turned over (``TurnedOver``: where, and
what), the places a shuffle mixed (``Shuffled``; the order is told by nothing), and each
turn's end (``TurnEnded``: when memories fade).  A view shows the present only, so a
card a bot does not remember is lost to it; its view is read only for its decisions.

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
from typing import ClassVar, cast

from mypy_extensions import mypyc_attr

from gamenight.bots.base import Bot, Clock, bot_number
from gamenight.bots.levels import DEFAULT_LEVEL, LEVELS
from gamenight.engine import OptionError, View
from gamenight.engine.events import Event
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
from gamenight.games.by_golly.events import FaceUpMatch, Shuffled, TurnedOver, TurnEnded
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

Belief = dict[int, float]  # face -> chance that a face-down place shows it
#: The belief about a place whose face is known (one per face, shared: never changed).
SURE: tuple[Belief, ...] = tuple({face: 1.0} for face in range(SHOVEL + 1))


@dataclass(frozen=True, slots=True)
class Stakes:
    """What turning a card over risks and gains now: the ``mess`` (the cost of the poo,
    in cards), whether a ``shovel`` is known (the first one found is worth more), the
    ``hand`` (copies of each animal, by face: none of the poo and the shovel), and
    whether it ``dares`` (no more safe stops)."""

    mess: float
    shovel: bool
    hand: list[int]
    dares: bool


# Subclassed by code that is not compiled (the tests' listening bot):
# mypyc allows that only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class MemoryBot(Bot[ByGollyAction]):
    """Remembers what it saw turned over, forgets each memory with chance
    ``1 - recall`` per turn, weighs every card it could turn over in cards (a risk when
    it pays), draws in the mess from the opponent furthest from winning, and shuffles
    after a mess to wreck what the others know."""

    name = "memory"
    levels = LEVELS
    default_recall: ClassVar[float] = RECALL[DEFAULT_LEVEL]

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
        # The cards turned over this turn, place -> face: they lie face up until the
        # turn ends, so a shuffle mixes cards it has just seen.
        self._up: dict[int, int] = {}
        # The place chosen with the card just laid: (turn, animal, place).
        self._plan: tuple[int, int, int] | None = None
        # Turns since a card last went out: when nobody dares, the bot stops playing safe.
        self._quiet = 0
        self._gone = 0  # cards gone out this turn
        self._forget_rng = random.Random(self.rng.random())

    # -- memory ---------------------------------------------------------------------
    def hear(self, events: Sequence[Event]) -> None:
        """Learn from what the seat saw happen (every event, in its form, in order)."""
        # (By exact class: told every event of every step, most of which teach it
        # nothing, it tells them apart with the cheapest test.)
        for event in events:
            kind = type(event)
            if kind is TurnedOver:
                turned = cast(TurnedOver, event)
                face = KIND_OF_NAME[turned.face]
                self._up[turned.place] = face
                self._learn(turned.place, face)
                if turned.result == "match":
                    self._gone += 1
            elif kind is TurnEnded:
                # The cards go face down; every memory may fade with the turn.
                self._up.clear()
                self._forget()
                self._quiet = 0 if self._gone else self._quiet + 1
                self._gone = 0
            elif kind is Shuffled:
                self._shuffled(cast(Shuffled, event).places)
            elif kind is FaceUpMatch:
                self._gone += 1

    def _shuffled(self, places: tuple[int, ...]) -> None:
        """The cards just turned over at ``places`` (in place order) were shuffled among
        them: it knows which faces lie there, no longer which lies where."""
        up = self._up
        if not all(p in up for p in places):
            # Seated after some of them were turned over: it cannot say what lies there.
            for p in places:
                self.known.pop(p, None)
            return
        for p in places:
            del self.known[p]
        self.groups.append((set(places), [up[p] for p in places]))

    def _learn(self, place: int, face: int) -> None:
        self.known[place] = face
        # (The groups are walked only when there are any, and rebuilt only when one was
        # emptied.)
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

    def _forget(self) -> None:
        """A turn has passed: each memory lasts with chance ``recall``."""
        if self.recall >= 1.0:
            return
        keep = self.recall
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
        """What turning a card over risks and gains now (see the module's notes), with
        ``dists`` the beliefs about the places (each distinct one at least once: only
        the least mess and whether a shovel is sure are read from them)."""
        opponents = view["players"] - 1
        shovel = any(d is not None and d.get(SHOVEL) == 1.0 for d in dists)
        # After the poo it turns the card with the fewest draws to expect: a shovel it
        # remembers (none; no card costs less), else the least of the others'.
        second = 0.0 if shovel else min(_mess_costs(dists).values(), default=0.0)
        # (A list by face, not a Counter: ``worth`` reads it for every face it weighs,
        # and a Counter's missing face is a Python call.)
        hand = [0] * (SHOVEL + 1)
        for name in view.get("hand", []):
            hand[KIND_OF_NAME[name]] += 1
        if view["laid"] is not None:
            hand[KIND_OF_NAME[view["laid"]]] += 1  # the card laid is still his
        return Stakes(second * (1.0 + 1.0 / opponents), shovel, hand, self._dares(view))

    # A method, not a static one: compiled by mypyc, a static method is called as the
    # class defines it, and a subclass's own (the tests' cautious bot) would be passed by.
    def worth(self, belief: Belief, animal: int, stakes: Stakes) -> float:
        """What laying ``animal`` and turning over a place with this belief is worth, in
        cards (see the module's notes).  For a face it knows (``SURE``) the worth is the
        animal's match, the poo's mess whatever the animal, or a safe stop for any other
        face: ``_lay`` asks just those (a subclass that weighs otherwise keeps that)."""
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
        # Places with the same belief (all those it knows nothing of) are weighed once.
        alike: dict[int, tuple[Belief, list[int]]] = {}
        for p, belief in enumerate(self.beliefs(run)):
            if belief is not None:
                same = alike.get(id(belief))
                if same is None:
                    alike[id(belief)] = (belief, [p])
                else:
                    same[1].append(p)
        stakes = self.stakes(view, [belief for belief, _ in alike.values()])
        worth, draw = self.worth, self.rng.random
        # A face it knows (a SURE belief) is worth one of three values for the animal
        # laid: its match, the poo's mess, or a safe stop (any other face, the shovel
        # included); the last two are the same for every animal.  So ``worth`` is asked
        # the mess and the stop once, and the match once per animal, not once for every
        # face it knows and every animal.
        pairs = [(_SURE_FACE.get(key), belief, places)
                 for key, (belief, places) in alike.items()]
        poo = worth(SURE[POO], lays[0].animal, stakes)
        stop = worth(SURE[SHOVEL], lays[0].animal, stakes)
        # The best (worth, tie-break draw), the first of equals kept: a draw for every
        # pair, in this order, as the games were fingerprinted.
        best: tuple[float, float] | None = None
        chosen: tuple[Lay, list[int]] | None = None
        for lay in lays:
            animal = lay.animal
            match = worth(SURE[animal], animal, stakes)
            for face, belief, places in pairs:
                if face is None:
                    value = worth(belief, animal, stakes)
                else:
                    value = match if face == animal else poo if face == POO else stop
                key = (value, draw())
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
        if view["laid"] is None or view["phase"] == "second":
            # After the poo: the shovel saves, an animal costs 2 cards, the poo 4.
            self._plan = None
            dists = self.beliefs(run)
            costs = _mess_costs(dists)
            return max(legal, key=lambda a: (-costs[id(dists[a.place])], self.rng.random()))
        animal = KIND_OF_NAME[view["laid"]]
        plan, self._plan = self._plan, None
        if plan is not None and plan[:2] == (view["turn"], animal) and TURNS[plan[2]] in legal:
            return TURNS[plan[2]]  # the place chosen with the card
        dists = self.beliefs(run)
        stakes = self.stakes(view, dists)
        # Places share their beliefs: each is weighed once.
        worths: dict[int, float] = {}

        def key(action: Turn) -> tuple[float, float]:
            belief = _sure(dists[action.place])
            value = worths.get(id(belief))
            if value is None:
                value = worths[id(belief)] = self.worth(belief, animal, stakes)
            return value, self.rng.random()

        return max(legal, key=key)

    def distinct_choices(self, view: View, legal: Sequence[ByGollyAction],
                         chosen: ByGollyAction) -> list[ByGollyAction] | None:
        """The places to turn over that memory tells apart: one for each belief (the
        places it knows nothing of are one, so are the places of one shuffled group and
        two places it knows hold the same face), ``chosen``'s first, then the others by
        their worth (or after the poo, their mess); every lay, draw and choice of a
        shuffle as they are.  Nothing is drawn from the bot's generator, and nothing it
        remembers or plans changes."""
        if not isinstance(chosen, Turn):
            return [chosen, *(a for a in legal if a != chosen)]
        seen = as_view(view)
        dists = self.beliefs(seen["run"])
        if seen["laid"] is None or seen["phase"] == "second":
            costs = _mess_costs(dists)

            def value(belief: Belief) -> float:
                return -costs[id(belief)]  # after the poo: the fewer draws the better
        else:
            animal = KIND_OF_NAME[seen["laid"]]
            stakes = self.stakes(seen, dists)

            def value(belief: Belief) -> float:
                return self.worth(belief, animal, stakes)
        mine = id(_sure(dists[chosen.place]))
        kinds: dict[int, tuple[Belief, Turn]] = {}  # the first place of each belief
        for action in legal:
            if isinstance(action, Turn):
                belief = _sure(dists[action.place])
                if id(belief) != mine:
                    kinds.setdefault(id(belief), (belief, action))
        others = sorted(kinds.values(), key=lambda kind: -value(kind[0]))
        return [chosen, *(action for _, action in others)]

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
        n = _MESS_DRAWS[face]
        drawn[n] = drawn.get(n, 0.0) + chance
    return sum(n * chance for n, chance in drawn.items())


# Subclassed by code that is not compiled (the tests' cautious bot):
# mypyc allows that only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
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


#: The rules' ``mess_draws`` of each face, read from a table (asked for every face of
#: every belief the bot weighs).
_MESS_DRAWS: tuple[int, ...] = tuple(mess_draws(face) for face in range(SHOVEL + 1))
#: The mess cost of each known face (``SURE``'s beliefs, which never change), by ``id``.
_SURE_COST: dict[int, float] = {id(belief): _mess_cost(belief) for belief in SURE}
#: The face of each of ``SURE``'s beliefs, by ``id``.
_SURE_FACE: dict[int, int] = {id(belief): face for face, belief in enumerate(SURE)}
