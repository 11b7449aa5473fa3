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
  card alike).  A choice there can make a lay many turns later impossible (the card that
  hand needs went elsewhere), so the unseen draws are searched depth first, and each
  option is kept only if two quick tests find the rest still possible: one kind at a
  time, exactly (:class:`_KindAhead`), and hand by hand, with every later unseen draw
  let take any card it might (:func:`_room_ahead`).  Neither test ever wrongly says no,
  so the search is complete (the true history is one of its leaves); states found to
  lead nowhere are remembered, and the search starts afresh with a larger budget when
  it wanders.  At the end the free tokens get the kinds not yet fixed in uniformly
  random order, which gives the deal and the unseen draws.
* **The fallback: one integer program.**  A few long random games hold puzzles where
  the search wanders for seconds or minutes (dozens of blind draws between the other
  players, their later lays pinning most of them down).  A search that has tried
  ``SEARCH_TRIES`` options gives up (and once it has given up ``GIVE_UPS`` times on a
  state, later calls skip it): :func:`_card_program` writes the whole animal-card
  history as a 0/1 program (the kind at each deck position, the kind each unseen draw
  takes; every hand's count of every kind, a sum of those, never below zero), whose
  solutions are exactly the histories that fit the seat's views, and SciPy's HiGHS
  solves it with a random objective drawn from ``rng`` (about a tenth of a second),
  taking the first solution it finds (mostly the minimum).  Like the search it is
  built from the seat's record alone -- nothing of the hidden truth goes in, so two
  games the seat cannot tell apart give the same draw for the same ``rng``.  Without
  SciPy the search simply goes on until it finds a history.

Where this is not an exact posterior draw: each lay that fixes a free token fixes just
one (the chance that two free cards held that kind is not weighed), and an unseen draw
is chosen by the prior, not weighted by how well the rest of the history fits it (a
draw that makes the rest impossible is never kept, though).  The integer program's
draw is further off: it is the first solution the solver finds for a random linear
objective, mostly the one that minimises it.  Were it always the minimum, every history
that fits could come out and the draw would be unchanged in distribution by any
relabelling of deck positions, draws or kinds that leaves the seat's record as it is;
the solver's shortcuts make that only roughly so, and histories are not weighed by
their odds.  It is fast for games
as bots and people play them (a millisecond or a few); over 10,000 resamples of long
random 5-player games the median is 8 ms of CPU and the slowest 0.6 s, where the search
alone took over 10 s on two of them (docs/interop/by-golly.md gives the figures).
"""

from __future__ import annotations

import importlib.util
import itertools
import random
from collections import Counter
from dataclasses import dataclass, field

from gamenight.engine import Step
from gamenight.games.by_golly.actions import Draw, End, Keep, Lay, Turn, parse_action
from gamenight.games.by_golly.cards import (
    ANIMAL_CARDS,
    ANIMALS,
    COPIES,
    KIND_OF_NAME,
    KINDS,
    PLACES,
    RUN_FACE,
    deal_of,
    kind_of_card,
)
from gamenight.games.by_golly.events import Dealt, Drew, Refilled
from gamenight.games.by_golly.rules import ByGollyState, _hand_names

FREE = -1  # a token whose kind the seat does not know
FIRST_BUDGET = 100  # options a first search tries before it starts afresh
#: Options the search may try in one resample before the integer program takes over
#: (about a tenth of a second of search).
SEARCH_TRIES = 500
#: Searches that give up on one state before later calls there skip the search (what
#: the first search learnt often lets a second one through).
GIVE_UPS = 2

# Card events, as tuples (code, ...), in the order they happened.
DEALT = 0  # (DEALT,)
LAID = 1  # (LAID, seat, kind): the laid card leaves the hand for the table
OUT = 2  # (OUT,): the laid card is discarded for good
BACK = 3  # (BACK, seat): the laid card goes back to the hand
FROM_STACK = 4  # (FROM_STACK, victim, drawer, kind or FREE): the top of a stack
REFILL = 5  # (REFILL, seat, count, *kinds the seat saw): top cards of a stack to hand
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
    # What the card search learnt: states that lead nowhere, and which placings of each
    # kind can meet the rest (kept between calls on the same state).
    failed: set[tuple[object, ...]] = field(default_factory=set)
    ahead: _KindAhead | None = None
    # The work done, for tests and benchmarks: options the search tried, searches that
    # gave up, and integer programs solved.
    tries: int = 0
    gave_up: int = 0
    solved: int = 0
    program: _CardProgram | None = None
    plan: _Plan | None = None  # where the redrawn cards go (made at the first resample)


def resample(state: ByGollyState, seat: int, rng: random.Random) -> ByGollyState:
    """A game ``seat`` cannot tell from ``state`` after any step; see the module text.

    It is the state ``state.remade`` builds from the history with the redrawn deal,
    shuffles and unseen draws in place (the definition, kept in
    tests/games/by_golly/test_bg_resample_copy.py), made without the replay: a clone
    with the hidden cards rewritten (:func:`_rewrite`).  The redrawn history keeps
    every step the seat watched as it went (each lay, match, mess and refill), so the
    replay would differ from the state only in the run's faces, the hands, stacks and
    box, the history's chance steps and the events that name a hidden card.  ``rng``
    is drawn from in the replay's order: the run's deal, each shuffle, the cards, then
    the new generator."""
    watched = _watched(state, seat)
    twin = state.clone()
    assert isinstance(twin, type(state))
    if watched.deal_step is not None:
        run = _redraw_deal_run(watched, rng)
        orders = [_redraw_shuffle(shuffle, rng) for shuffle in watched.shuffles]
        deck, draws = _redraw_cards(state.players, seat, watched, rng)
        _rewrite(twin, watched, run, orders, deck, draws)
    twin.rng = random.Random(rng.getrandbits(64))
    return twin


#: What each seat saw, for the states resampled latest: search resamples one state many
#: times, and the replay and what the card search learnt are the same each time (a
#: state's history only grows, so its length tells whether it is still true).  Kept by
#: the state's id, with the state itself (which keeps the id its own), for the
#: ``_SEEN_KEPT`` states resampled latest; not by a weak reference, which a state compiled
#: by mypyc does not support safely (on Python 3.11 mypyc never clears an object's weak
#: references when it dies, so a weak dictionary would read a freed state).
_SEEN: dict[int, tuple[ByGollyState, dict[int, tuple[int, _Watched]]]] = {}
_SEEN_KEPT = 64


def _watched(state: ByGollyState, seat: int) -> _Watched:
    kept = _SEEN.pop(id(state), None)
    if kept is None:
        if len(_SEEN) >= _SEEN_KEPT:
            del _SEEN[next(iter(_SEEN))]  # the one resampled longest ago
        kept = (state, {})
    _SEEN[id(state)] = kept  # (last: resampled latest)
    by_seat = kept[1]
    known = by_seat.get(seat)
    if known is not None and known[0] == len(state.history):
        return known[1]
    watched = _watch(state, seat)
    by_seat[seat] = (len(state.history), watched)
    return watched


# -- what the seat saw --------------------------------------------------------------------
def _watch(state: ByGollyState, seat: int) -> _Watched:
    """Replay the history and note what ``seat`` saw.  Only public facts and the seat's
    own hand are read from the replay, never a face-down card or another's hand."""
    replay = state.game.new(state.players, state.seed, **state.options)
    assert isinstance(replay, ByGollyState)
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


# -- the redrawn game, as a rewritten copy -------------------------------------------------
# What an event told with a hidden card is told of: the top card of a stack (a deck
# position), the cards of a refill (positions), or an unseen draw (its step).
TOLD_STACK, TOLD_REFILL, TOLD_DRAW = range(3)


@dataclass(frozen=True, slots=True)
class _Plan:
    """Where the cards of a redrawn deck and unseen draws end up, for :func:`_rewrite`:
    the same for every resample of one state and seat, so made once (from the seat's
    record and the state's public events, never from a hidden card)."""

    # Per seat and kind: what the hand gained and lost in moves the seat saw the kind
    # of (lays, laid cards taken back, blind draws it took part in).
    seen: list[list[int]]
    into: list[list[int]]  # per seat: the deck positions that came into the hand
    stacks: list[list[int]]  # per seat: the deck positions still in the stack, top last
    draws: list[tuple[int, int, int]]  # the unseen draws: (victim, drawer, step)
    dealt: int  # the index of the Dealt event
    told: list[tuple[int, int, int | tuple[int, ...]]]  # (event index, TOLD_*, what)


def _plan(state: ByGollyState, watched: _Watched) -> _Plan:
    """Follow the deck positions and unseen draws through the seat's record of card
    moves, and pair each move that names a card with the event that tells it (they
    come in the same order: a deal, a stack draw, a refill or a blind draw each)."""
    from gamenight.games.by_golly.events import Dealt, Drew, Refilled

    players = state.players
    deal = deal_of(players)
    stacks = [list(stack) for stack in deal.stacks]
    into = [list(hand) for hand in deal.hands]
    seen = [[0] * KINDS for _ in range(players)]
    draws: list[tuple[int, int, int]] = []
    told: list[tuple[int, int, int | tuple[int, ...]]] = []
    telling = (i for i, event in enumerate(state.events)
               if type(event) in (Dealt, Drew, Refilled))
    dealt = -1
    laid = FREE
    for event in watched.events:
        code = event[0]
        if code == LAID:
            seen[event[1]][event[2]] -= 1
            laid = event[2]
        elif code == BACK:
            seen[event[1]][laid] += 1
        elif code == OUT:
            pass
        else:
            index = next(telling)
            teller = state.events[index]
            if code == DEALT:
                assert type(teller) is Dealt
                dealt = index
            elif code == FROM_STACK:
                assert type(teller) is Drew and teller.source == "stack"
                position = stacks[event[1]].pop()
                into[event[2]].append(position)
                told.append((index, TOLD_STACK, position))
            elif code == REFILL:
                assert type(teller) is Refilled and teller.count == event[2]
                positions = tuple(stacks[event[1]].pop() for _ in range(event[2]))
                into[event[1]].extend(positions)
                told.append((index, TOLD_REFILL, positions))
            elif code == SEEN_DRAW:  # told as the seat saw it: the event stays
                assert type(teller) is Drew and teller.source == "hand"
                seen[event[1]][event[3]] -= 1
                seen[event[2]][event[3]] += 1
            else:  # UNSEEN_DRAW
                assert type(teller) is Drew and teller.source == "hand"
                draws.append((event[1], event[2], event[3]))
                told.append((index, TOLD_DRAW, event[3]))
    assert next(telling, None) is None, "every hidden card's event is paired"
    return _Plan(seen, into, stacks, draws, dealt, told)


def _rewrite(twin: ByGollyState, watched: _Watched, run: list[int],
             orders: list[list[int]], deck: list[int], draws: dict[int, int]) -> None:
    """Make ``twin`` (a clone of the state) the game the redrawn deal ``run`` and
    ``deck``, shuffle ``orders`` and unseen ``draws`` (kind by step) lead to."""
    plan = watched.plan
    if plan is None:
        plan = watched.plan = _plan(twin, watched)
    history, events = twin.history, twin.events
    assert watched.deal_step is not None
    history[watched.deal_step] = Step(None, {"run": run, "deck": deck})
    # The run: the deal's faces, then each shuffle as ``rules._do_chance`` carries it
    # out (the place ``sorted(order)[i]`` gets the card from ``order[i]``).
    faces = [RUN_FACE[card] for card in run]
    for shuffle, order in zip(watched.shuffles, orders, strict=True):
        history[shuffle.step] = Step(None, order)
        old = [faces[place] for place in order]
        for place, face in zip(shuffle.places, old, strict=True):
            faces[place] = face
    twin.run = faces
    # The animal cards: a kind per deck position.
    kind = [kind_of_card(card) for card in deck]
    deal = deal_of(twin.players)
    hands = [row.copy() for row in plan.seen]
    for hand, positions in zip(hands, plan.into, strict=True):
        for position in positions:
            hand[kind[position]] += 1
    for victim, drawer, step in plan.draws:
        k = draws[step]
        hands[victim][k] -= 1
        hands[drawer][k] += 1
        history[step] = Step(None, ANIMALS[k])
    twin.hands = hands
    twin.stacks = [[kind[position] for position in stack] for stack in plan.stacks]
    twin.box = [kind[position] for position in deal.box]
    dealt = events[plan.dealt]
    assert type(dealt) is Dealt
    at_deal = [[0] * KINDS for _ in deal.hands]
    for hand, dealt_to in zip(at_deal, deal.hands, strict=True):
        for position in dealt_to:
            hand[kind[position]] += 1
    events[plan.dealt] = Dealt(dealt.each, dealt.box, tuple(map(_hand_names, at_deal)))
    for index, told, what in plan.told:
        teller = events[index]
        if told == TOLD_REFILL:
            assert type(teller) is Refilled and isinstance(what, tuple)
            events[index] = Refilled(teller.seat, teller.count,
                                     tuple(ANIMALS[k] for k in sorted(kind[p] for p in what)))
        else:
            assert type(teller) is Drew and isinstance(what, int)
            k = kind[what] if told == TOLD_STACK else draws[what]
            events[index] = Drew(teller.seat, teller.victim, teller.source, ANIMALS[k])


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
    # Restarts with a growing budget cut the long tail of a depth-first search; what a
    # search learns (states that lead nowhere) is kept across restarts and calls.  A
    # search that spends SEARCH_TRIES options in all gives up and hands the puzzle to an
    # integer program (:func:`_solve_cards`); once it has given up GIVE_UPS times on a
    # state, later calls there go straight to the program.
    tokens = None
    if watched.gave_up < GIVE_UPS or not _can_solve():
        budget = FIRST_BUDGET
        spent = 0
        while tokens is None:
            left = SEARCH_TRIES - spent
            if left <= 0 and _can_solve():
                watched.gave_up += 1
                break
            tries = budget if left <= 0 else min(budget, left)
            tokens = _search(players, seat, watched, watched.failed, tries,
                             random.Random(rng.getrandbits(64)))
            spent += tries
            budget = budget * 3 // 2
    if tokens is None:
        watched.solved += 1
        return _solve_cards(players, seat, watched, rng)
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


def _search(players: int, seat: int, watched: _Watched, failed: set[tuple[object, ...]],
            budget: int, rng: random.Random) -> _Tokens | None:
    """Depth first over the unseen draws; None when ``budget`` tries ran out first.

    Each option of a draw is kept only if two quick tests find the rest of the history
    still possible (:class:`_KindAhead`, :func:`_room_ahead`); both can be fooled into a
    yes but never into a no, so the search stays complete.  A draw whose every option
    led nowhere is remembered in ``failed`` by what the seat's knowledge then looks like
    (the fixed kinds in each hand), so no other path tries it again."""
    events = watched.events
    ahead = watched.ahead
    if ahead is None and any(event[0] == UNSEEN_DRAW for event in events):
        ahead = watched.ahead = _KindAhead(events, players, seat)
    tokens = _Tokens([FREE] * ANIMAL_CARDS, [COPIES] * KINDS,
                     [[] for _ in range(players)], [[] for _ in range(players)])
    # Open draws: (event index, tokens before it, options left, its key in ``failed``).
    open_draws: list[tuple[int, _Tokens, list[int], tuple[object, ...]]] = []
    tries = 0

    def next_option(before: _Tokens, i: int, options: list[int]) -> _Tokens | None:
        nonlocal tries
        while options:
            tries += 1
            watched.tries += 1
            after = before.copy()
            _move_kind(after, events[i], options.pop(0), rng)
            assert ahead is not None  # made above: there are unseen draws
            if ahead.allows(after, i + 1) and _room_ahead(after, events, i + 1):
                return after
        return None

    i = 0
    going = True
    while True:
        if tries > budget:
            return None
        if going:
            if i == len(events):
                return tokens
            event = events[i]
            if event[0] != UNSEEN_DRAW:
                going = _apply(tokens, event, seat, watched.first_hand, players, rng)
                i += going
                continue
            key = _key(tokens, i, seat)
            if key in failed:
                going = False
                continue
            options = _draw_options(tokens, event[1], rng)
            after = next_option(tokens, i, options)
            if after is None:
                failed.add(key)
                going = False
                continue
            open_draws.append((i, tokens, options, key))
            tokens, i = after, i + 1
            continue
        # A dead end: the latest open draw tries its next option.
        if not open_draws:
            raise AssertionError("no deal fits what the seat saw")  # the truth always does
        i, before, options, key = open_draws[-1]
        after = next_option(before, i, options)
        if after is None:
            open_draws.pop()
            failed.add(key)
            continue
        tokens, i, going = after, i + 1, True


def _key(tokens: _Tokens, index: int, seat: int) -> tuple[object, ...]:
    """What decides the rest of the search at an unseen draw: the event and the kinds
    fixed in each other hand (free tokens are all alike, stacks hold only free ones)."""
    kind = tokens.kind
    return (index, *(tuple(sorted(kind[t] for t in hand if kind[t] >= 0)) if who != seat
                     else () for who, hand in enumerate(tokens.hands)))


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
    else:  # DEALT: each deck position to its stack or hand, as the rules deal
        deal = deal_of(players)
        for who in range(players):
            tokens.stacks[who] = list(deal.stacks[who])
            tokens.hands[who] = list(deal.hands[who])
        dealt = list(first_hand)
        rng.shuffle(dealt)
        for token, kind in zip(tokens.hands[seat], dealt, strict=True):
            ok = _fix(tokens, token, kind)
            assert ok
    return True


# -- looking ahead: two quick tests that never wrongly say no -------------------------------
class _KindAhead:
    """For each kind alone, which placings of its copies can still meet the rest.

    Looked at one kind at a time the problem is small: how many copies of it each other
    player is known to hold, and how many are still unplaced (at most three in all).
    Working back from the end over the events that touch the kind (a lay or seen draw
    needs a copy in that hand, a card going back puts one there, the seat's own draws use
    up unplaced copies, an unseen draw may or may not carry one across), we learn for
    every unseen draw which placings after it can still end well.  Other kinds are
    ignored, so a placing marked good may still fail, but one marked bad surely does:
    the search drops it at once, however far ahead the trouble lies."""

    def __init__(self, events: list[tuple[int, ...]], players: int, seat: int) -> None:
        self.others = [who for who in range(players) if who != seat]
        width = len(self.others) + 1  # copies held by each other player, then unplaced
        self.states = [c for c in itertools.product(range(COPIES + 1), repeat=width)
                       if sum(c) <= COPIES]
        self.number = {c: n for n, c in enumerate(self.states)}
        where = {who: n for n, who in enumerate(self.others)}
        after_draw = [i + 1 for i, event in enumerate(events) if event[0] == UNSEEN_DRAW]
        laid: list[int] = [FREE] * len(events)  # the kind each BACK returns
        kind_laid = FREE
        for i, event in enumerate(events):
            if event[0] == LAID:
                kind_laid = event[2]
            elif event[0] == BACK:
                laid[i] = kind_laid
        moves: dict[tuple[int, ...], list[int]] = {}
        #: per kind: event index just after an unseen draw -> bit mask of good states
        self.good: list[dict[int, int]] = []
        everything = (1 << len(self.states)) - 1
        for k in range(KINDS):
            touching: list[tuple[int, tuple[int, ...]]] = []
            for i, event in enumerate(events):
                move = _kind_move(event, k, seat, where, laid[i])
                if move is not None:
                    touching.append((i, move))
            good: dict[int, int] = {}
            mask = everything
            next_touch = len(touching) - 1
            for start in reversed(after_draw):
                while next_touch >= 0 and touching[next_touch][0] >= start:
                    move = touching[next_touch][1]
                    table = moves.get(move)
                    if table is None:
                        table = moves[move] = self._successors(move)
                    mask = sum(1 << n for n, then in enumerate(table) if then & mask)
                    next_touch -= 1
                good[start] = mask
            self.good.append(good)

    def _successors(self, move: tuple[int, ...]) -> list[int]:
        """For every state, the bit mask of the states ``move`` can lead to."""
        out = []
        for state in self.states:
            nexts = []
            c = list(state)
            unplaced = len(c) - 1
            what = move[0]
            if what == NEED:  # a copy must be in that hand: known, else an unplaced one
                who = move[1]
                if c[who]:
                    c[who] -= 1
                    nexts.append(c)
                elif c[unplaced]:
                    c[unplaced] -= 1
                    nexts.append(c)
            elif what == GAIN:  # a known copy comes into that hand
                c[move[1]] += 1
                if sum(c) <= COPIES:
                    nexts.append(c)
            elif what == SPEND:  # the seat takes unplaced copies into his own hand
                if c[unplaced] >= move[1]:
                    c[unplaced] -= move[1]
                    nexts.append(c)
            else:  # CARRY: an unseen draw takes one across, or does not
                nexts.append(list(c))
                victim, drawer = move[1], move[2]
                if c[victim]:
                    c[victim] -= 1
                    c[drawer] += 1
                    nexts.append(c)
            out.append(sum(1 << self.number[tuple(n)] for n in nexts))
        return out

    def allows(self, tokens: _Tokens, start: int) -> bool:
        """False if some kind's placing in ``tokens`` (just after an unseen draw) cannot
        meet the rest of the history."""
        hands, kind = tokens.hands, tokens.kind
        held = [[0] * KINDS for _ in self.others]
        for n, who in enumerate(self.others):
            row = held[n]
            for t in hands[who]:
                if kind[t] >= 0:
                    row[kind[t]] += 1
        for k in range(KINDS):
            state = (*(row[k] for row in held), tokens.unfixed[k])
            if not self.good[k][start] >> self.number[state] & 1:
                return False
        return True


# The moves of one kind's copies (see _KindAhead).
NEED, GAIN, SPEND, CARRY = range(4)


def _kind_move(event: tuple[int, ...], k: int, seat: int, where: dict[int, int],
               laid: int) -> tuple[int, ...] | None:
    """What ``event`` does to the copies of kind ``k``, or None if nothing."""
    code = event[0]
    if code == LAID:
        return (NEED, where[event[1]]) if event[2] == k and event[1] != seat else None
    if code == BACK:
        return (GAIN, where[event[1]]) if laid == k and event[1] != seat else None
    if code == SEEN_DRAW:
        if event[3] != k:
            return None
        victim, drawer = event[1], event[2]
        return (GAIN, where[drawer]) if victim == seat else (NEED, where[victim])
    if code == FROM_STACK:
        return (SPEND, 1) if event[3] == k else None
    if code == REFILL:
        count = event[3:].count(k)
        return (SPEND, count) if count else None
    if code == UNSEEN_DRAW:
        return (CARRY, where[event[1]], where[event[2]])
    return None


class _Room:
    """One hand in :func:`_room_ahead`: the kinds known to be in it, and its other cards
    as places that may hold a card: any kind (``any``), or one of a few kinds
    (``narrow``: a card drawn unseen from a hand that held only known kinds).  The kinds
    it must hold on those places (``needs``: held now, or gone since) must fit them."""

    __slots__ = ("any", "held", "known", "matched", "narrow", "needs", "on", "spare")

    def __init__(self) -> None:
        self.known = [0] * KINDS
        self.any = 0
        self.narrow: list[frozenset[int]] = []
        self.needs: list[int] = []  # a kind per need
        self.held: dict[int, int] = {}  # kind -> a need still in the hand
        self.on: list[int] = []  # need -> the narrow place it is on, or -1 (an any place)
        self.matched: list[int] = []  # narrow place -> the need on it, or -1
        self.spare = 0  # needs on any places

    def _shift(self, need: int, seen: set[int]) -> bool:
        """Put ``need`` on a narrow place, moving others along (an augmenting path)."""
        k = self.needs[need]
        for place, kinds in enumerate(self.narrow):
            if place in seen or k not in kinds:
                continue
            seen.add(place)
            other = self.matched[place]
            if other < 0 or self._shift(other, seen):
                self.matched[place] = need
                self.on[need] = place
                return True
        return False

    def need(self, k: int) -> bool:
        """The hand must hold one more card of kind ``k`` on its places; False if they
        cannot all be filled."""
        need = len(self.needs)
        self.needs.append(k)
        self.on.append(-1)
        if not self._shift(need, set()):
            self.spare += 1
        return self.spare <= self.any

    def add(self, kinds: frozenset[int] | None) -> None:
        """A card arrives that may be any kind (None) or one of ``kinds``."""
        if kinds is None:
            self.any += 1
            return
        self.narrow.append(kinds)
        self.matched.append(-1)
        for need in range(len(self.needs)):
            if self.spare and self.on[need] < 0 and self._shift(need, set()):
                self.spare -= 1

    def kinds(self) -> frozenset[int] | None:
        """The kinds a card drawn from this hand may be (None: any)."""
        if self.any:
            return None
        out = {k for k in range(KINDS) if self.known[k]}
        for kinds in self.narrow:
            out |= kinds
        return frozenset(out)


def _room_ahead(tokens: _Tokens, events: list[tuple[int, ...]], start: int) -> bool:
    """False if some hand cannot hold all the kinds it must lay, whatever the unseen draws
    from ``start`` on take.  A card once in a hand is never taken out of it (it only
    gains): an unseen draw gives the drawer a card of any kind the victim might then hold
    and leaves the victim all his cards; copies are not counted (:class:`_KindAhead`
    does).  Each hand matches the kinds it must hold to the cards that may be them."""
    rooms = [_Room() for _ in tokens.hands]
    for room, hand in zip(rooms, tokens.hands, strict=True):
        for t in hand:
            if tokens.kind[t] >= 0:
                room.known[tokens.kind[t]] += 1
            else:
                room.any += 1
    for i in range(start, len(events)):
        event = events[i]
        code = event[0]
        if code in (LAID, SEEN_DRAW):
            who, k = (event[1], event[2]) if code == LAID else (event[1], event[3])
            room = rooms[who]
            # The card leaves the hand in a seen draw, or when it is discarded.
            leaves = code == SEEN_DRAW or (i + 1 < len(events) and events[i + 1][0] == OUT)
            if k in room.held:
                if leaves:
                    del room.held[k]  # still a need: the place it took is used up
            elif room.known[k]:
                room.known[k] -= leaves
            else:
                if not room.need(k):
                    return False
                if not leaves:
                    room.held[k] = len(room.needs) - 1
            if code == SEEN_DRAW:
                rooms[event[2]].known[k] += 1
        elif code == UNSEEN_DRAW:
            rooms[event[2]].add(rooms[event[1]].kinds())
        elif code == FROM_STACK:
            if event[3] == FREE:
                rooms[event[2]].add(None)
            else:
                rooms[event[2]].known[event[3]] += 1
        elif code == REFILL:
            room = rooms[event[1]]
            if len(event) > 3:
                for k in event[3:]:
                    room.known[k] += 1
            else:
                room.any += event[2]
    return True


# -- the fallback: one integer program over the whole card history --------------------------
def _can_solve() -> bool:
    """Whether SciPy's MILP solver (HiGHS) is installed; without it the search goes on
    until it finds a history, as it always does in the end."""
    return importlib.util.find_spec("scipy") is not None


@dataclass(frozen=True, slots=True)
class _CardProgram:
    """The integer program of :func:`_solve_cards`, built once per state and seat (only
    its objective changes from call to call)."""

    size: int  # variables
    bounds: object  # scipy.optimize.Bounds (SciPy has no type stubs)
    constraints: list[object]  # scipy.optimize.LinearConstraint
    steps: list[int]  # the history step of each unseen draw, in order


def _solve_cards(players: int, seat: int, watched: _Watched,
                 rng: random.Random) -> tuple[list[int], dict[int, int]]:
    """A deck order and the kinds of the unseen draws, from one integer program over the
    whole animal-card history (:func:`_card_program`), for states where the search
    wanders.  The objective is random (from ``rng``), so each call finds its own history:
    a feasible history drawn this way, not weighed as the posterior (module text).  HiGHS
    is deterministic, so the same ``rng`` gives the same history."""
    import numpy as np
    from scipy.optimize import milp  # type: ignore[import-untyped,unused-ignore]

    program = watched.program
    if program is None:
        program = watched.program = _card_program(players, seat, watched)
    cost = np.array([rng.random() for _ in range(program.size)])
    # A relative gap of 1 takes the first solution HiGHS finds (all costs are positive):
    # mostly the minimum itself, as the root relaxation is mostly whole already, and it
    # cuts the long tail of proving a minimum (up to a second on the hardest states).
    result = milp(cost, integrality=np.ones(program.size), bounds=program.bounds,
                  constraints=program.constraints, options={"mip_rel_gap": 1.0})
    if result.x is None:
        raise AssertionError("no deal fits what the seat saw")  # the truth always does
    chosen: list[int] = result.x.reshape(-1, KINDS).argmax(axis=1).tolist()
    kind = chosen[:ANIMAL_CARDS]
    ids = [[COPIES * k + c for c in range(COPIES)] for k in range(KINDS)]
    for group in ids:
        rng.shuffle(group)
    deck = [ids[k].pop() for k in kind]
    return deck, dict(zip(program.steps, chosen[ANIMAL_CARDS:], strict=True))


def _card_program(players: int, seat: int, watched: _Watched) -> _CardProgram:
    """Every animal-card history that fits the seat's views, as the 0/1 points of a
    polytope.

    A variable says that deck position ``i`` holds kind ``k`` (each position one kind,
    each kind three positions), another that unseen draw ``d`` takes kind ``k`` (one kind
    each).  How many cards of a kind a hand holds at any moment is then a sum of such
    variables (the positions that came into it from its stack, the unseen draws in and
    out) plus what the seat saw (lays, cards back, draws it took part in); it may never
    fall below zero, which it suffices to ask just after each card the hand gives up.
    What the seat saw of its own cards fixes their positions' kinds.  Every history that
    fits the seat's views is a solution and every solution is one, so a solver always
    finds one, and the program is built from the seat's record alone."""
    # SciPy has no type stubs; mypy names the missing stubs only at a module's first import.
    import numpy as np
    from scipy.optimize import (  # type: ignore[import-untyped,unused-ignore]
        Bounds,
        LinearConstraint,
    )
    from scipy.sparse import coo_array  # type: ignore[import-untyped,unused-ignore]

    events = watched.events
    draws = [event for event in events if event[0] == UNSEEN_DRAW]
    # Variable ``block * KINDS + k``: blocks 0-44 are deck positions, then the draws.
    blocks_in_all = ANIMAL_CARDS + len(draws)
    size = blocks_in_all * KINDS
    lower = np.zeros(size)
    # A hand's count of kind k: variables ``block * KINDS + k`` with signs, plus a count.
    blocks: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    counts = [[0] * KINDS for _ in range(players)]
    stacks: list[list[int]] = [[] for _ in range(players)]
    rows: list[int] = []
    columns: list[int] = []
    signs: list[int] = []
    floors: list[int] = []

    def holds(who: int, k: int) -> None:
        """The hand ``who`` holds no fewer than zero cards of kind ``k`` now."""
        row = len(floors)
        for block, sign in blocks[who]:
            rows.append(row)
            columns.append(block * KINDS + k)
            signs.append(sign)
        floors.append(-counts[who][k])

    laid = FREE
    drawn = 0
    for event in events:
        code = event[0]
        if code == DEALT:  # each deck position to its stack or hand, as the rules deal
            deal = deal_of(players)
            for who in range(players):
                stacks[who] = list(deal.stacks[who])
                blocks[who] = [(position, 1) for position in deal.hands[who]]
            for (position, _), k in zip(blocks[seat], watched.first_hand, strict=True):
                lower[position * KINDS + k] = 1
        elif code == LAID:
            who, laid = event[1], event[2]
            counts[who][laid] -= 1
            holds(who, laid)
        elif code == BACK:
            counts[event[1]][laid] += 1
        elif code == SEEN_DRAW:
            _, victim, drawer, k = event
            counts[victim][k] -= 1
            counts[drawer][k] += 1
            holds(victim, k)
        elif code == UNSEEN_DRAW:
            victim, drawer = event[1], event[2]
            block = ANIMAL_CARDS + drawn
            drawn += 1
            blocks[victim].append((block, -1))
            blocks[drawer].append((block, 1))
            for k in range(KINDS):
                holds(victim, k)
        elif code == FROM_STACK:
            _, victim, drawer, k = event
            position = stacks[victim].pop()
            blocks[drawer].append((position, 1))
            if k != FREE:
                lower[position * KINDS + k] = 1
        elif code == REFILL:
            who, count, seen = event[1], event[2], event[3:]
            for n in range(count):
                position = stacks[who].pop()
                blocks[who].append((position, 1))
                if seen:  # which of them was on top is not seen: any order will do
                    lower[position * KINDS + seen[n]] = 1
    # Each position and each draw is of one kind; each kind has three cards.
    one_rows = [block for block in range(blocks_in_all) for _ in range(KINDS)]
    three_rows = [blocks_in_all + k for _ in range(ANIMAL_CARDS) for k in range(KINDS)]
    exact = coo_array(
        (np.ones(len(one_rows) + len(three_rows)),
         (one_rows + three_rows, list(range(size)) + list(range(ANIMAL_CARDS * KINDS)))),
        shape=(blocks_in_all + KINDS, size))
    totals = np.array([1.0] * blocks_in_all + [float(COPIES)] * KINDS)
    held = coo_array((np.array(signs, dtype=float), (rows, columns)),
                     shape=(len(floors), size))
    return _CardProgram(
        size, Bounds(lower, np.ones(size)),
        [LinearConstraint(exact.tocsr(), totals, totals),
         LinearConstraint(held.tocsr(), np.array(floors, dtype=float), np.inf)],
        [event[3] for event in draws])
