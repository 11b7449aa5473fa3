"""Redraw what one seat of By Golly! has not seen, for information-set search.

:meth:`ByGollyState.resample` lands here.  A view shows only the present, but a seat's
information state is every view it has had, so the redrawn game must give the seat the
same view after every step: every card it saw turned over lies where it saw it (until a
shuffle nobody watched moved it), its own hand is what it was at every moment, and every
animal the others laid was in their hands when they laid it.

The game's hidden parts fall apart into two that the seat's views never tie together:

* **The chicken run.**  A place shows one face from the deal (or from a shuffle that
  took it in) until the next shuffle that takes it in.  Call that a *stretch*.  Every
  card a shuffle mixes was turned over that turn, so the faces going into a shuffle are
  always known; what is unknown is which face lands where, and the faces of places
  nobody turned since the deal.  The posterior is exact and simple: each stretch that
  was seen keeps its face, and the unseen stretches of the deal (or of one shuffle) get
  the faces left over in a uniformly random order.  Stretches never cross, so this is an
  exact draw.
* **The animal cards.**  The deal puts card ``i`` of the deck at a fixed place (stack,
  hand, box), and every later move of a card is public except which card a blind draw
  takes.  So we follow the 45 deck positions as *tokens*.  A token's kind is *fixed* once
  the seat knows it (its own hand, its own draws and losses, a card someone laid), else
  *free*.  Walking the history: a lay or a seen draw of kind ``k`` uses a token of kind
  ``k`` in that hand if there is one (no news then), else fixes a free one there; a blind
  draw the seat did not see moves a token of the victim's hand chosen by the prior (each
  card alike).  A free token can always take any kind still unfixed, so the only dead
  end is a later lay that no longer finds its kind because an unseen draw moved the
  wrong card; then the search backs up to the latest unseen draw and tries its other
  cards (depth first, each draw's options in prior-weighted random order).  The search
  is complete: the true history is one of its leaves.  At the end the free tokens get
  the kinds not yet fixed in uniformly random order, which gives the deal and the
  unseen draws.

Where this is not an exact posterior draw: each lay that fixes a free token fixes just
one (the chance that two free cards held that kind is not weighed), and an unseen draw
is chosen by the prior, not weighted by how well the rest of the history fits it (a
draw that makes the rest impossible is never kept, though).  docs/interop/by-golly.md
says the same.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gamenight.engine import Step
from gamenight.games.by_golly.actions import Draw, End, Keep, Lay, Turn, parse_action
from gamenight.games.by_golly.cards import (
    ANIMAL_CARDS,
    ANIMALS,
    COPIES,
    DEAL,
    HAND_SIZE,
    KIND_OF_NAME,
    KINDS,
    PLACES,
    RUN_FACE,
)

if TYPE_CHECKING:
    from gamenight.games.by_golly.rules import ByGollyState

FREE = -1  # a token whose kind the seat does not know

# Card events, as tuples (code, ...), in the order they happened.
DEALT = 0  # (DEALT,)
LAID = 1  # (LAID, seat, kind): the laid card leaves the hand for the table
OUT = 2  # (OUT,): the laid card is discarded for good
BACK = 3  # (BACK, seat): the laid card goes back to the hand
FROM_STACK = 4  # (FROM_STACK, victim, drawer, kind or FREE): the top of a stack
REFILL = 5  # (REFILL, seat, count, kinds seen or None): top cards of his stack to hand
SEEN_DRAW = 6  # (SEEN_DRAW, victim, drawer, kind): a blind draw the seat took part in
UNSEEN_DRAW = 7  # (UNSEEN_DRAW, victim, drawer, step index): one it did not see


@dataclass(slots=True)
class _Shuffle:
    """One shuffle of the run: the step, the places mixed, the faces that went in (all
    seen, as every mixed card was turned over that turn), and the faces seen at those
    places afterwards, before another shuffle took them."""

    step: int
    places: list[int]
    faces_in: list[int]
    seen: dict[int, int] = field(default_factory=dict)


@dataclass(slots=True)
class _Watched:
    """What one seat saw over a game's history, gathered by replaying it."""

    deal_step: int | None = None
    first_hand: list[int] = field(default_factory=list)  # kinds dealt into its hand
    events: list[tuple[int, ...]] = field(default_factory=list)
    seen_at_deal: dict[int, int] = field(default_factory=dict)  # place -> face
    shuffles: list[_Shuffle] = field(default_factory=list)


def resample(state: ByGollyState, seat: int, rng: random.Random) -> ByGollyState:
    """A game ``seat`` cannot tell from ``state`` after any step; see the module text."""
    watched = _watch(state, seat)
    steps = list(state.history)
    if watched.deal_step is not None:
        run = _redraw_deal_run(watched, rng)
        for shuffle in watched.shuffles:
            steps[shuffle.step] = Step(None, _redraw_shuffle(shuffle, rng))
        deck, draws = _redraw_cards(state.players, seat, watched, rng)
        steps[watched.deal_step] = Step(None, {"run": run, "deck": deck})
        for index, kind in draws.items():
            steps[index] = Step(None, ANIMALS[kind])
    remade = state.remade(steps, rng.getrandbits(64))
    assert isinstance(remade, type(state))
    return remade


# -- what the seat saw --------------------------------------------------------------------
def _watch(state: ByGollyState, seat: int) -> _Watched:
    """Replay the history and note what ``seat`` saw.  Only public facts and the seat's
    own hand are read from the replay, never a face-down card or another's hand."""
    replay = state.game.new(state.players, state.seed, **state.options)
    watched = _Watched()
    events = watched.events
    stretch = [-1] * PLACES  # which stretch each place is in: -1 the deal, else a shuffle
    for index, step in enumerate(state.history):
        phase = replay.phase
        current = replay.current
        if step.seat is None:
            if phase == "deal":
                replay.apply_chance(step.value)
                watched.deal_step = index
                hand = replay.hands[seat]
                watched.first_hand = [k for k in range(KINDS) for _ in range(hand[k])]
                events.append((DEALT,))
            elif phase == "draw":
                victim = replay.draw_from
                assert victim is not None
                if seat in (victim, current):
                    events.append((SEEN_DRAW, victim, current, KIND_OF_NAME[step.value]))
                else:
                    events.append((UNSEEN_DRAW, victim, current, index))
                replay.apply_chance(step.value)
            else:  # shuffling: the turned cards are face up, so all seen
                places = sorted(replay.turned)
                shuffle = _Shuffle(index, places, [replay.run[p] for p in places])
                for p in places:
                    stretch[p] = len(watched.shuffles)
                watched.shuffles.append(shuffle)
                _refilled(replay, seat, step, events)
            continue
        action = parse_action(step.value)
        if isinstance(action, End | Keep):
            _refilled(replay, seat, step, events)
            continue
        laid_before = replay.laid
        out_before = len(replay.discarded)
        if isinstance(action, Draw) and not replay.hand_sizes[action.seat]:
            before = list(replay.hands[seat])
            replay.apply(current, action)
            got = FREE
            if current == seat:  # he sees what he took from the stack
                got = next(k for k in range(KINDS) if replay.hands[seat][k] > before[k])
            events.append((FROM_STACK, action.seat, current, got))
            continue
        replay.apply(current, action)
        if isinstance(action, Lay):
            events.append((LAID, current, action.animal))
            laid_before = action.animal
        elif isinstance(action, Turn):
            face = replay.run[action.place]  # face up now, in every view
            where = stretch[action.place]
            if where < 0:
                watched.seen_at_deal.setdefault(action.place, face)
            else:
                watched.shuffles[where].seen.setdefault(action.place, face)
        if laid_before is not None and replay.laid is None:
            events.append((OUT,) if len(replay.discarded) > out_before else (BACK, current))
    return watched


def _refilled(replay: ByGollyState, seat: int, step: Step,
              events: list[tuple[int, ...]]) -> None:
    """Carry out a step that ends the turn and note the refill it made."""
    current = replay.current
    stack_before = len(replay.stacks[current])
    before = list(replay.hands[seat]) if current == seat else None
    if step.seat is None:
        replay.apply_chance(step.value)
    else:
        replay.apply_text(step.seat, step.value, step.at_ms)
    count = stack_before - len(replay.stacks[current])
    if count:
        kinds: tuple[int, ...] = ()
        if before is not None:  # he sees what he draws into his own hand
            after = replay.hands[seat]
            kinds = tuple(k for k in range(KINDS) for _ in range(after[k] - before[k]))
            assert len(kinds) == count
        events.append((REFILL, current, count, *kinds))


# -- the chicken run ------------------------------------------------------------------------
def _redraw_deal_run(watched: _Watched, rng: random.Random) -> list[int]:
    """The run's deal outcome (a card id per place): seen places keep their faces, the
    others get the faces left over in random order."""
    left = Counter(RUN_FACE)
    left.subtract(watched.seen_at_deal.values())
    spare = list(left.elements())
    rng.shuffle(spare)
    faces = [watched.seen_at_deal.get(p, -1) for p in range(PLACES)]
    for p in range(PLACES):
        if faces[p] < 0:
            faces[p] = spare.pop()
    # Cards of one face (the two poo, the two shovels) are alike: any id will do.
    ids: dict[int, list[int]] = {}
    for card, face in enumerate(RUN_FACE):
        ids.setdefault(face, []).append(card)
    for group in ids.values():
        rng.shuffle(group)
    return [ids[face].pop() for face in faces]


def _redraw_shuffle(shuffle: _Shuffle, rng: random.Random) -> list[int]:
    """A shuffle's order (``rules._do_chance``: the place ``sorted(order)[i]`` gets the
    card from ``order[i]``) that puts every face seen afterwards where it was seen."""
    places = shuffle.places
    left = Counter(shuffle.faces_in)
    left.subtract(shuffle.seen.values())
    spare = list(left.elements())
    rng.shuffle(spare)
    sources: dict[int, list[int]] = {}
    for place, face in zip(places, shuffle.faces_in, strict=True):
        sources.setdefault(face, []).append(place)
    for group in sources.values():
        rng.shuffle(group)
    order = []
    for place in places:
        face = shuffle.seen[place] if place in shuffle.seen else spare.pop()
        order.append(sources[face].pop())
    return order


# -- the animal cards -----------------------------------------------------------------------
@dataclass(slots=True)
class _Tokens:
    """Where the 45 deck positions are and what the seat knows of their kinds."""

    kind: list[int]  # per deck position: a kind, or FREE
    unfixed: list[int]  # per kind: copies not yet fixed to a token
    hands: list[list[int]]
    stacks: list[list[int]]  # top last
    laid: int = -1
    picks: dict[int, int] = field(default_factory=dict)  # unseen draw step -> token

    def copy(self) -> _Tokens:
        return _Tokens(self.kind[:], self.unfixed[:], [h[:] for h in self.hands],
                       [s[:] for s in self.stacks], self.laid, dict(self.picks))


def _redraw_cards(players: int, seat: int, watched: _Watched,
                  rng: random.Random) -> tuple[list[int], dict[int, int]]:
    """A deck order and the kinds of the unseen draws (by step) consistent with all the
    seat saw; see the module text."""
    tokens = _Tokens([FREE] * ANIMAL_CARDS, [COPIES] * KINDS,
                     [[] for _ in range(players)], [[] for _ in range(players)])
    events = watched.events
    # Depth-first over the unseen draws: (event index, tokens before it, options left).
    choices: list[tuple[int, _Tokens, list[int]]] = []
    i = 0
    while i < len(events):
        event = events[i]
        if event[0] == UNSEEN_DRAW:
            options = _draw_options(tokens, event[1], rng)
            first = options.pop(0)
            if options:
                choices.append((i, tokens.copy(), options))
            _move_kind(tokens, event, first, rng)
            i += 1
            continue
        if _apply(tokens, event, seat, watched.first_hand, players, rng):
            i += 1
            continue
        # A dead end: try the latest unseen draw's next card.
        if not choices:
            raise AssertionError("no deal fits what the seat saw")  # the truth always does
        i, saved, options = choices[-1]
        option = options.pop(0)
        if options:
            tokens = saved.copy()
        else:
            choices.pop()
            tokens = saved
        _move_kind(tokens, events[i], option, rng)
        i += 1
    # The free tokens take the kinds nobody fixed, in random order.
    spare = [k for k in range(KINDS) for _ in range(tokens.unfixed[k])]
    rng.shuffle(spare)
    kind = tokens.kind
    for t in range(ANIMAL_CARDS):
        if kind[t] == FREE:
            kind[t] = spare.pop()
    assert not spare
    # Cards of one kind are alike: any of its ids will do.
    ids = [[COPIES * k + c for c in range(COPIES)] for k in range(KINDS)]
    for group in ids:
        rng.shuffle(group)
    deck = [ids[k].pop() for k in kind]
    return deck, {step: kind[t] for step, t in tokens.picks.items()}


def _draw_options(tokens: _Tokens, victim: int, rng: random.Random) -> list[int]:
    """The kinds (or FREE) a blind draw from ``victim`` may take, in random order
    weighted by how many of his cards are of each (the prior: every card alike)."""
    counts = Counter(tokens.kind[t] for t in tokens.hands[victim])
    options: list[int] = []
    while counts:
        keys = list(counts)
        pick = rng.choices(keys, weights=[counts[k] for k in keys])[0]
        options.append(pick)
        del counts[pick]
    return options


def _move_kind(tokens: _Tokens, event: tuple[int, ...], kind: int,
               rng: random.Random) -> None:
    """An unseen draw takes a card of ``kind`` (or a free one) from the victim."""
    _, victim, drawer, step = event
    hand = tokens.hands[victim]
    token = rng.choice([t for t in hand if tokens.kind[t] == kind])
    hand.remove(token)
    tokens.hands[drawer].append(token)
    tokens.picks[step] = token


def _take(tokens: _Tokens, hand: list[int], kind: int, rng: random.Random) -> int | None:
    """Take a card of ``kind`` from ``hand``: a token known to be one, else a free token
    fixed to it; None if neither is there (a dead end)."""
    kinds = tokens.kind
    known = [t for t in hand if kinds[t] == kind]
    if not known:
        if not tokens.unfixed[kind]:
            return None
        known = [t for t in hand if kinds[t] == FREE]
        if not known:
            return None
        tokens.unfixed[kind] -= 1
    token = rng.choice(known)
    kinds[token] = kind
    hand.remove(token)
    return token


def _fix(tokens: _Tokens, token: int, kind: int) -> bool:
    """Fix a free token (fresh from a stack) to the kind the seat saw."""
    if not tokens.unfixed[kind]:
        return False
    tokens.unfixed[kind] -= 1
    tokens.kind[token] = kind
    return True


def _apply(tokens: _Tokens, event: tuple[int, ...], seat: int, first_hand: list[int],
           players: int, rng: random.Random) -> bool:
    """Carry out one card event; False at a dead end."""
    code = event[0]
    if code == LAID:
        token = _take(tokens, tokens.hands[event[1]], event[2], rng)
        if token is None:
            return False
        tokens.laid = token
    elif code == OUT:
        tokens.laid = -1
    elif code == BACK:
        tokens.hands[event[1]].append(tokens.laid)
        tokens.laid = -1
    elif code == SEEN_DRAW:
        _, victim, drawer, kind = event
        token = _take(tokens, tokens.hands[victim], kind, rng)
        if token is None:
            return False
        tokens.hands[drawer].append(token)
    elif code == FROM_STACK:
        _, victim, drawer, kind = event
        token = tokens.stacks[victim].pop()
        if kind != FREE and not _fix(tokens, token, kind):
            return False
        tokens.hands[drawer].append(token)
    elif code == REFILL:
        who, count, seen = event[1], event[2], list(event[3:])
        stack, hand = tokens.stacks[who], tokens.hands[who]
        rng.shuffle(seen)  # which of the cards drawn at once was on top is not seen
        for n in range(count):
            token = stack.pop()
            if seen and not _fix(tokens, token, seen[n]):
                return False
            hand.append(token)
    else:  # DEALT: card i to seat i % players, one at a time; each takes his top five
        each = DEAL[players]
        for t in range(each * players):
            tokens.stacks[t % players].append(t)
        for who in range(players):
            tokens.hands[who] = [tokens.stacks[who].pop() for _ in range(HAND_SIZE)]
        dealt = list(first_hand)
        rng.shuffle(dealt)
        for token, kind in zip(tokens.hands[seat], dealt, strict=True):
            ok = _fix(tokens, token, kind)
            assert ok
    return True
