"""The ``memory`` and ``perfect`` bots: remember the chicken run, dodge the mess.

Memory is the skill of By Golly!, so these bots keep their own memory, built only from
the views they are shown: the view at each of their decisions, and (through
``observe``) the view after every step of the game, so they see what others turn over.
A view shows the present only, so a card a bot does not remember is lost to it.

``memory`` takes a recall level from 0 to 1 (``memory:0.6`` or ``memory:recall=0.6``):
at every new turn each memory is forgotten with chance ``1 - recall``.  ``perfect`` is
recall 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from gamenight.bots.base import Bot, Clock
from gamenight.bots.reaction import DEFAULT_LEVEL, LEVELS
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
#: What landing in the mess costs, in cards: after the poo the second card is most
#: often an animal (2 cards), sometimes the second poo (4), sometimes a shovel (0).
MESS_COST = 2.2
#: What finding a match is worth beyond the card itself: the turn goes on.
GO_ON = 0.3
#: Forgetting is applied for at most this many turns at once (after that all is gone
#: for any recall below 1 anyway, to machine precision).
MAX_FORGET_TURNS = 64

Belief = dict[int, float]  # face -> chance that a face-down place shows it
#: The belief about a place whose face is known (one per face, shared: never changed).
SURE: tuple[Belief, ...] = tuple({face: 1.0} for face in range(SHOVEL + 1))


class MemoryBot(Bot[ByGollyAction]):
    """Remembers what it saw turned over, forgets each memory with chance
    ``1 - recall`` per turn, plays the cards it knows the place of, stops safely on a
    card it knows when a blind guess is worse than nothing, draws in the mess from the
    opponent furthest from winning, and shuffles after a mess to wreck what others know.
    """

    name = "memory"
    default_recall = 0.8

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL,
                 **params: str) -> None:
        recall_text = params.pop("recall", None)
        if level not in LEVELS:
            # A bare number after the name is the recall: memory:0.6.
            if recall_text is not None:
                raise OptionError(f"memory bot: recall given twice ({level} and {recall_text})")
            recall_text, level = level, DEFAULT_LEVEL
        super().__init__(seat, seed, level, **params)
        recall = self.default_recall if recall_text is None else _recall(recall_text)
        self.recall = recall
        self.known: dict[int, int] = {}  # place -> face
        # After a shuffle: these places hold these faces, in an order nobody knows.
        self.groups: list[tuple[set[int], list[int]]] = []
        self._turn = 0
        self._shuffle_seen: tuple[int, frozenset[int]] | None = None
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
            gone = view["discarded"]
            self._quiet = 0 if gone != self._discarded else self._quiet + 1
            self._discarded = gone
        run = view["run"]
        if view["shuffling"]:
            places = frozenset(p for p in range(PLACES) if run[p] is not None)
            if self._shuffle_seen == (turn, places):
                return
            self._shuffle_seen = (turn, places)
            faces = [KIND_OF_NAME[name] for name in run if name is not None]  # by place
            for p, face in zip(sorted(places), faces, strict=True):
                self._learn(p, face)  # (takes them out of any older group)
            for p in places:
                del self.known[p]
            self.groups.append((set(places), faces))
            return
        for p in range(PLACES):
            name = run[p]
            if name is not None:
                self._learn(p, KIND_OF_NAME[name])

    def _learn(self, place: int, face: int) -> None:
        self.known[place] = face
        for group in self.groups:
            places, faces = group
            if place in places:
                places.discard(place)
                if face in faces:
                    faces.remove(face)
                if len(places) == 1 and len(faces) == 1:
                    self.known[next(iter(places))] = faces[0]
                    places.clear()
        self.groups = [g for g in self.groups if g[0]]

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
        remaining = Counter(RUN_COUNTS)
        for p in range(PLACES):
            name = run[p]
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
        total = sum(c for c in remaining.values() if c > 0)
        if free and total:
            rest = {f: c / total for f, c in remaining.items() if c > 0}
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
            # Every card that was just face up is known to all: mix them up.
            return SHUFFLE if SHUFFLE in legal else KEEP
        if isinstance(first, End):
            return first
        return self.rng.choice(list(legal))

    @staticmethod
    def _value(belief: Belief, animal: int, dare: bool) -> float:
        """What laying ``animal`` and turning a place with this belief is worth, in
        cards: a match sheds one and goes on; poo costs the mess.  A place known to hold
        another face (not poo) ends the turn safely (0), often better than a blind
        guess; a bot that ``dare``s makes no more safe stops."""
        value = belief.get(animal, 0.0) * (1.0 + GO_ON) - belief.get(POO, 0.0) * MESS_COST
        if dare and value == 0.0 and len(belief) == 1:
            return -2.0 * MESS_COST
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
        dare = self._dares(view)
        # Places with the same belief (all those it knows nothing of) are weighed once.
        alike: dict[int, tuple[Belief, list[int]]] = {}
        for p in range(PLACES):
            belief = dists[p]
            if belief is not None:
                alike.setdefault(id(belief), (belief, []))[1].append(p)
        best: tuple[float, float, Lay, list[int]] | None = None
        for lay in lays:
            for belief, places in alike.values():
                key = (self._value(belief, lay.animal, dare), self.rng.random(), lay, places)
                if best is None or key[:2] > best[:2]:
                    best = key
        assert best is not None
        self._plan = (view["turn"], best[2].animal, self.rng.choice(best[3]))
        return best[2]

    def _dares(self, view: ByGollyView) -> bool:
        """True once no card has gone out for two rounds: everyone is playing safe."""
        return self._quiet >= 2 * view["players"]

    def _turn_over(self, view: ByGollyView, legal: list[Turn]) -> Turn:
        run = view["run"]
        dists = self.beliefs(run)
        if view["laid"] is None or view["phase"] == "second":
            # After the poo: the shovel saves, an animal costs 2 cards, the poo 4.
            self._plan = None
            return max(legal, key=lambda a: (-_mess_cost(dists[a.place]), self.rng.random()))
        animal = KIND_OF_NAME[view["laid"]]
        plan, self._plan = self._plan, None
        if plan is not None and plan[:2] == (view["turn"], animal) and TURNS[plan[2]] in legal:
            return TURNS[plan[2]]
        dare = self._dares(view)
        return max(legal, key=lambda a: (self._value(_sure(dists[a.place]), animal, dare),
                                         self.rng.random()))

    def _draw(self, view: ByGollyView, legal: list[Draw]) -> Draw:
        # Every card drawn brings its owner nearer to winning: draw from whoever is
        # furthest from it, and never take a last card while another has more.
        left = [view["hands"][s] + view["stacks"][s] for s in range(view["players"])]
        return max(legal, key=lambda a: (left[a.seat], self.rng.random()))


def _sure(belief: Belief | None) -> Belief:
    assert belief is not None, "a legal place is face down"
    return belief


def _mess_cost(belief: Belief | None) -> float:
    """Cards expected to be drawn after turning this place as the second card, by the
    rules' ``mess_draws`` (an animal 2, the poo 4, a shovel none)."""
    drawn: dict[int, float] = {}  # cards drawn -> the chance of drawing that many
    for face, chance in _sure(belief).items():
        n = mess_draws(face)
        drawn[n] = drawn.get(n, 0.0) + chance
    return sum(n * chance for n, chance in drawn.items())


def _recall(text: str) -> float:
    try:
        recall = float(text)
    except ValueError:
        raise OptionError(f"memory bot: recall is a number from 0 to 1, not {text!r}") from None
    if not 0.0 <= recall <= 1.0:
        raise OptionError(f"memory bot: recall is a number from 0 to 1, not {text!r}")
    return recall


class PerfectBot(MemoryBot):
    """The memory bot that never forgets (recall 1)."""

    name = "perfect"
    default_recall = 1.0

    def __init__(self, seat: int, seed: int = 0, level: str = DEFAULT_LEVEL,
                 **params: str) -> None:
        if "recall" in params or level not in LEVELS:
            raise OptionError("the perfect bot always has recall 1 (use memory:<recall>)")
        super().__init__(seat, seed, level, **params)
