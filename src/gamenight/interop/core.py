"""One game driven as a sequence of discrete decisions: what the three adapters share.

OpenSpiel, PettingZoo and Gymnasium know turns, simultaneous moves and chance, but not
reaction windows, where each hand lands at its own millisecond.  A :class:`Table` turns
every window into *rounds*: in a round, every seat still in the window chooses one
action at once (a slap or a pass, say), from the view at the window's clock.  Each
choice then gets a time: the clock plus a reaction time drawn from the seat's reaction
model (``bots.reaction``), or the time a gamenight bot chose by itself.  The actions are
applied in time order, so the fastest hand still wins; a time past the deadline is a
pass at the deadline.  The clock moves to the latest applied time and the next round
begins, until the window closes.  A simultaneous decision is one round with no times.

Everything random the table adds (reaction times) comes from its own generator, seeded
from the game's seed, so the same seed and choices always give the same game.

Actions arrive as indices (``Encoding``), checked here once for all three adapters
(:func:`space_index`): something that is not an index of the framework's action space at
all (a float, a bool, a string, None, a number out of range) raises
:class:`ActionSpaceError`; an index in the space that the mask forbids now is each
framework's own business (``docs/interop.md``).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import sys
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal, NamedTuple

import numpy as np

from gamenight.bots.base import Bot
from gamenight.bots.driver import decide
from gamenight.bots.reaction import DEFAULT_LEVEL, LEVELS, ReactionModel
from gamenight.engine import (
    PASS,
    Acting,
    Game,
    GameState,
    IllegalAction,
    OptionError,
    RecordError,
    View,
)
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON
from gamenight.engine.seeding import copy_generator, derive_seed
from gamenight.interop.encoding import Encoding, encoding_for
from gamenight.record import Record, record_of

DecisionKind = Literal["chance", "turn", "joint", "over"]
#: An action of whichever game the table plays: the table passes it between the
#: encoding, the bots and the state and never looks inside.
GameAction = object
#: A generator's state as ``random.Random.getstate`` gives it: version, internal
#: state, and the Gaussian kept for the next ``gauss`` call (or None).
GeneratorState = tuple[int, tuple[int, ...], float | None]
SERIAL_FORMAT = "gamenight-interop-state"
#: A sampled chance event is a choice among DRAWS seeds below DRAW_SEEDS.
DRAWS = 8
DRAW_SEEDS = 1 << 16
#: Up to this many legal actions, a mask is set one flag at a time (``Table.mask``).
SHORT_MASK = 48


class ActionSpaceError(IllegalAction):
    """An action that is not in the framework's action space at all: not a whole number
    (a float, a bool, a string, None) or not one of the space's indices.  A caller's
    mistake, so it is always raised, never replaced as an index the mask forbids may be."""


def space_index(action: object, size: int) -> int:
    """``action`` as an index of an action space of ``size`` indices (0 to size - 1): a
    Python or NumPy integer, or a NumPy array holding one, as ``spaces.Discrete`` takes
    it, but never a bool (True is not an action).  ActionSpaceError otherwise."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise ActionSpaceError(f"an action is a whole number from 0 to {size - 1}, "
                               f"not {_brief(action)}")
    index = int(action)
    if not 0 <= index < size:
        raise ActionSpaceError(f"an action is a whole number from 0 to {size - 1}, "
                               f"not {_brief(index)}")
    return index


def _brief(value: object) -> str:
    """``repr(value)``, cut short: a message must stay one readable line."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


@dataclass(frozen=True, slots=True)
class Decision:
    """What the game waits for: chance, one seat's turn, or a joint decision (a
    simultaneous choice or one round of a reaction window) of ``seats``."""

    kind: DecisionKind
    seats: tuple[int, ...] = ()
    window: bool = False
    deadline_ms: float | None = None


#: The decision each ``Acting`` makes (outside the sequential form's joint decisions,
#: which depend on who has chosen), by the Acting's identity: games hand out the same
#: few again and again (one per seat and kind), and a frozen dataclass hashes its
#: fields at every call.  The Acting is kept with it, so its id stays its own; emptied
#: once it holds _DECISIONS_KEPT (a game may make a new Acting at every step).
_DECISIONS: dict[int, tuple[Acting, Decision]] = {}
_DECISIONS_KEPT = 1024


def default_players(game: Game) -> int:
    """The smallest table the game plays with its default options (at least two)."""
    for players in range(max(2, game.min_players), game.max_players + 1):
        try:
            game.resolve_options(players, {})
            game.new(players, 0)
        except (OptionError, IllegalAction):
            continue
        return players
    return game.min_players


def reaction_model(level: str) -> ReactionModel:
    if level not in LEVELS:
        raise OptionError(f"unknown reaction level {level!r} (levels: {', '.join(LEVELS)})")
    return LEVELS[level]


class _LazyView(Mapping[str, Any]):
    """A seat's view now, made only when first read: numbering the legal actions reads
    no view in most games (only FLY's offered aims depend on the table), so play through
    OpenSpiel, which asks for legal actions and never for an observation, builds none.
    Read it at once: it reads the table's view at the time of reading."""

    __slots__ = ("_seat", "_table")

    def __init__(self, table: Table, seat: int) -> None:
        self._table = table
        self._seat = seat

    def __getitem__(self, key: str) -> Any:
        return self._table.view(self._seat)[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table.view(self._seat))

    def __len__(self) -> int:
        return len(self._table.view(self._seat))

    @property
    def public_state(self) -> GameState[Any] | None:
        """The game's state, where nothing in it is hidden (a perfect-information game),
        else None.  Such a game's encoding may read the few public facts it numbers the
        actions by there instead of the view (FLY's offered aims read only the table's
        card ids), and no view is built for a step that needs none."""
        table = self._table
        return table.state if table.encoding.perfect_information else None


class _Now:
    """What a table has worked out about its state as it is now (one history length and
    window clock): who acts, each seat's view, string, tensor and legal indices, and the
    listed chance outcomes.  Each is made when first asked for and kept until the state
    changes, because the frameworks ask for the same things again and again at one
    decision (OpenSpiel asks ``current_player`` several times per step).  A clone shares
    it: its state is the same until either takes a step, which starts a new one."""

    __slots__ = ("acting", "chance", "clock", "decision", "legal", "outcomes", "steps",
                 "tensors", "texts", "views")

    def __init__(self, steps: int, clock: float) -> None:
        self.steps = steps
        self.clock = clock
        self.acting: Acting | None = None
        self.decision: Decision | None = None
        self.views: dict[int, View] = {}
        self.texts: dict[int, str] = {}
        self.tensors: dict[int, np.ndarray] = {}
        self.legal: dict[int, list[int]] = {}
        self.chance: dict[int, JSON] | None = None  # listed outcomes by index
        self.outcomes: list[tuple[int, float]] | None = None  # (index, probability)


class _Recall(NamedTuple):
    """One seat's perfect recall so far: the history steps and events it covers, and the
    running hashes of what the seat saw of them.  Never changed: a longer recall is a new
    one, so clones share them."""

    steps: int
    events: int
    seen_steps: Any  # hashlib's blake2b, updated only on a copy
    seen_events: Any

    def digest(self) -> str:
        return f"{self.seen_steps.hexdigest()}{self.seen_events.hexdigest()}"


def _no_recall() -> _Recall:
    return _Recall(0, 0, hashlib.blake2b(digest_size=16), hashlib.blake2b(digest_size=16))


class Table:
    """A game and its encoding, stepped one decision at a time.

    With ``sequential``, joint decisions are taken one seat at a time for search (see
    :meth:`decision`): OpenSpiel's sequential form of a simultaneous game.
    """

    def __init__(self, game: Game, players: int, seed: int = 0,
                 options: Mapping[str, JSON] | None = None, reaction: str = DEFAULT_LEVEL,
                 state: GameState[Any] | None = None, encoding: Encoding | None = None,
                 sequential: bool = False) -> None:
        self.game = game
        self._state = state if state is not None else game.new(players, seed, **dict(options or {}))
        self.players = self._state.players
        self.encoding: Encoding = (encoding if encoding is not None
                                   else encoding_for(game, self.players, self._state.options))
        self.noop = self.encoding.num_actions
        self.reaction = reaction
        self.models = [reaction_model(reaction)] * self.players
        self.timing = random.Random(derive_seed(self._state.seed, "interop-timing"))
        self.clock = 0.0  # the open window's time, in ms from its opening
        self.sequential = sequential
        #: In the sequential form, the choices made so far in the open window's round
        #: (they are timed and applied together once every seat of the round has chosen).
        self.pending: dict[int, GameAction] = {}
        self.watchers: list[tuple[int, Bot[Any]]] = []
        self._heard: dict[int, int] = {}  # per watching seat: how many events it heard
        self._now = _Now(-1, 0.0)
        self._peek: tuple[int, tuple[int, ...]] | None = None  # (history length, seeds)
        # This table's own copy of the game's generator made for ``_peek``, moved past
        # the seeds, and the generator it copies (never shared with a clone: the copy
        # becomes the game's generator when the draw is made).
        self._ahead: tuple[random.Random, random.Random] | None = None
        # Who was acting at each step of the history, as the table took them: what a
        # seat saw of a step depends on it (GameState.seen_step).  Rebuilt by a replay
        # only where it does not cover the history (a state made elsewhere).
        self._actings: list[Acting] = []
        # Each seat's perfect recall, brought up to date only when its information state
        # is asked for (search asks; plain play never pays for it).
        self._recalls: list[_Recall | None] = [None] * self.players
        # The latest long legal list a mask was made for, and that mask (``mask``).
        self._long_mask: tuple[list[int], bytes] | None = None

    @property
    def state(self) -> GameState[Any]:
        """The game's state.  Change it only through the table (or set a new one)."""
        return self._state

    @state.setter
    def state(self, state: GameState[Any]) -> None:
        self._state = state
        self._now = _Now(-1, 0.0)
        self._peek = None
        self._ahead = None
        self._actings = []
        self._recalls = [None] * self.players

    def _current(self) -> _Now:
        """The cache of the state as it is now (a new one once the state has changed).
        Asked several times a step, so the check is also written out where it is hot
        (``_acting``, ``decision``)."""
        now = self._now
        steps = len(self._state.history)
        if now.steps != steps or now.clock != self.clock:
            now = self._now = _Now(steps, self.clock)
        return now

    def _acting(self) -> Acting:
        now = self._now
        if now.steps != len(self._state.history) or now.clock != self.clock:
            now = self._current()
        acting = now.acting
        if acting is None:
            acting = now.acting = self._state.acting()
        return acting

    # -- what happens now -------------------------------------------------------------
    def decision(self) -> Decision:
        """What the game waits for now.  In the sequential form a joint decision is a
        turn of the lowest seat still to choose in it; the others learn only that it
        chose (a simultaneous choice is kept secret by the game itself; a window's
        round is held in :attr:`pending` until its last seat has chosen)."""
        now = self._now
        if now.steps == len(self._state.history) and now.clock == self.clock:
            decision = now.decision  # the common case, asked several times a step
            if decision is not None:
                return decision
        now = self._current()
        acting = now.acting
        if acting is None:
            acting = now.acting = self._state.acting()
        decision = now.decision = self._decide(acting)
        return decision

    def _decide(self, acting: Acting) -> Decision:
        kind = acting.kind
        if kind in ("simultaneous", "window") and self.sequential:
            waiting = [s for s in acting.seats if s not in self.pending]
            return Decision("turn", (min(waiting),), kind == "window", acting.deadline_ms)
        known = _DECISIONS.get(id(acting))
        if known is not None and known[0] is acting:
            return known[1]
        if kind == "turn":
            decision = Decision("turn", acting.seats)
        elif kind in ("simultaneous", "window"):
            decision = Decision("joint", acting.seats, kind == "window", acting.deadline_ms)
        else:
            decision = Decision("chance" if kind == "chance" else "over")
        if len(_DECISIONS) >= _DECISIONS_KEPT:
            _DECISIONS.clear()
        _DECISIONS[id(acting)] = (acting, decision)
        return decision

    @property
    def is_over(self) -> bool:
        return self.decision().kind == "over"

    def view(self, seat: int) -> View:
        """The seat's view now (in a window: at the window's clock).  Views are asked
        for again and again at one decision (mask, observation, every action's text), so
        each is made once per step; callers must not change it."""
        now = self._current()
        view = now.views.get(seat)
        if view is None:
            at = self.clock if self._acting().kind == "window" else None
            view = now.views[seat] = self._state.view(seat, at)
        return view

    def legal(self, seat: int) -> list[int]:
        """The seat's legal indices now (empty when it does not choose), made once per
        step; callers must not change the list."""
        now = self._current()
        legal = now.legal.get(seat)
        if legal is None:
            acting = now.acting
            if acting is None:
                acting = now.acting = self._state.acting()
            legal = now.legal[seat] = (
                self.encoding.legal(_LazyView(self, seat), self._state.legal_actions(seat))
                if seat in acting.seats and seat not in self.pending else [])
        return legal

    def allows(self, seat: int, index: int) -> bool:
        """Whether ``index`` is one of the seat's legal indices now: a binary search of
        the ascending list, not a scan of Fluster's 675 calls."""
        legal = self.legal(seat)
        at = bisect_left(legal, index)
        return at < len(legal) and legal[at] == index

    def mask(self, seat: int, noop: bool) -> np.ndarray:
        """The legal-action mask over the indices and the no-op; with ``noop`` a seat
        that does not choose now may (only) pass its no-op."""
        # Made in a bytearray and handed out as NumPy's view of it: setting a few bytes
        # costs less than NumPy's indexing with a list, which pays off only for long
        # lists.  The array is new each call, the caller's to keep.
        legal = self.legal(seat)
        if len(legal) > SHORT_MASK:
            # A long list comes back unchanged for many steps (Fluster's caller keeps
            # its calls until a number is used up): its mask is made once and copied
            # (comparing two lists of the same numbers is a pointer check each).
            long = self._long_mask
            if long is None or long[0] != legal:
                ones = np.zeros(self.noop + 1, dtype=np.int8)
                ones[legal] = 1
                long = self._long_mask = (legal, ones.tobytes())
            return np.frombuffer(bytearray(long[1]), dtype=np.int8)
        flags = bytearray(self.noop + 1)
        for index in legal:
            flags[index] = 1
        if not legal and noop and not self.is_over:
            flags[self.noop] = 1
        return np.frombuffer(flags, dtype=np.int8)

    def observe(self, seat: int) -> np.ndarray:
        """The seat's observation tensor, made once per step (a fresh copy each call)."""
        now = self._current()
        tensor = now.tensors.get(seat)
        if tensor is None:
            tensor = now.tensors[seat] = self.encoding.observe(self.view(seat), seat)
        return tensor.copy()

    def observation_text(self, seat: int) -> str:
        """The seat's view as the encoding's string, made once per step.  In the
        sequential form, with a window's round half chosen, it ends with who has chosen
        (and the seat's own choice, which it knows)."""
        now = self._current()
        text = now.texts.get(seat)
        if text is None:
            text = self.encoding.observation_text(self.view(seat))
            if self.pending:
                text = f"{text}\n{self._pending_text(seat)}"
            now.texts[seat] = text
        return text

    def _pending_text(self, seat: int) -> str:
        mine = self.pending.get(seat)
        chosen = ",".join(str(s) for s in sorted(self.pending))
        return f"chosen: {chosen}" + ("" if mine is None else f"; mine: {mine}")

    def decode(self, seat: int, index: int) -> GameAction:
        return self.encoding.action(_LazyView(self, seat), index)

    # -- chance -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance event's outcomes as (index, probability), ascending.

        A sampled event (a shuffle, a landing) has too many outcomes to list.  It is
        shown as a choice among :data:`DRAWS` seeds, equally likely, taken from the
        game's own generator; the draw is then made with the chosen seed.  A uniform
        pick among independent draws is distributed as one draw, so the game's odds are
        kept, and the history holds the outcome, so a history replays exactly.  What
        nobody knows beforehand is the generator: it is part of the hidden state (a
        resample redraws it).
        """
        if self.encoding.chance == "sampled":
            return [(seed, 1.0 / DRAWS) for seed in self._draw_seeds()]
        now = self._current()
        if now.outcomes is None:  # search asks at every chance node it walks through
            listed = self._state.chance_outcomes()
            if listed is None:
                raise NotImplementedError(f"{self.game.id} declares explicit chance but "
                                          f"this event lists no outcomes")
            index = self.encoding.chance_index
            numbered = [(index(o), o, p) for o, p in listed]
            now.chance = {i: o for i, o, _ in numbered}
            now.outcomes = sorted((i, p) for i, _, p in numbered)
        return list(now.outcomes)  # a copy: the caller may change it

    def chance_outcome(self, index: int) -> JSON:
        """The outcome that chance index ``index`` stands for now (for a sampled event,
        the draw made with seed ``index``; the game's generator moves past the seeds)."""
        if self.encoding.chance == "sampled":
            if index not in self._draw_seeds():
                raise IllegalAction(f"{index} is not one of this draw's seeds")
            ahead, self._ahead = self._ahead, None
            if ahead is not None and ahead[0] is self._state.rng:
                # The copy that listed the seeds has already moved past them: it becomes
                # the game's generator, instead of drawing the seeds again.
                self._state.rng = ahead[1]
            else:
                _next_seeds(self._state.rng)
            self._peek = None
            own = self._state.rng
            self._state.rng = random.Random(index)
            try:
                return self._state.sample_chance()
            finally:
                self._state.rng = own
        listed = self._current().chance
        if listed is None:
            self.chance_outcomes()
            listed = self._current().chance
        if listed is not None and index in listed:
            return listed[index]
        raise IllegalAction(f"chance outcome {index} cannot happen now")

    def _draw_seeds(self) -> tuple[int, ...]:
        """The seeds the next sampled draw chooses among, read without moving the
        game's generator."""
        at = len(self._state.history)
        if self._peek is None or self._peek[0] != at:
            twin = copy_generator(self._state.rng)
            self._peek = (at, _next_seeds(twin))
            self._ahead = (self._state.rng, twin)
        return self._peek[1]

    def apply_chance(self, index: int) -> None:
        acting = self._acting()
        self._state.apply_chance(self.chance_outcome(index))
        self._after_step(acting)

    def draw_chance(self) -> None:
        """Let the game's own generator decide the chance event."""
        acting = self._acting()
        self._state.draw_chance()
        self._after_step(acting)

    def settle(self) -> None:
        """Draw chance until a seat must decide or the game is over."""
        while self._acting().kind == "chance":
            self.draw_chance()

    # -- decisions --------------------------------------------------------------------
    def apply_turn(self, seat: int, action: GameAction) -> None:
        """A turn, or in the sequential form one seat's part of a joint decision."""
        acting = self._acting()
        if acting.kind == "turn" or not self.sequential:
            self._state.apply(seat, action)
            self._after_step(acting)
            return
        if self.decision().seats != (seat,):
            raise IllegalAction(f"seat {seat} does not choose now")
        if acting.kind == "simultaneous":
            # The game keeps a simultaneous choice secret until all are in.
            self.apply_joint({seat: action})
            return
        self.pending[seat] = action  # a window's round: timed once all have chosen
        if all(s in self.pending for s in acting.seats):
            choices, self.pending = self.pending, {}
            self.apply_joint(choices)
        else:
            self._now = _Now(-1, 0.0)  # who chooses next has changed

    def apply_joint(self, choices: Mapping[int, GameAction],
                    times: Mapping[int, float] | None = None) -> None:
        """One joint decision: each choosing seat's action (seats that do not choose now
        are ignored).  In a window, ``times[seat]`` is a bot's own time for its action;
        other seats' times are drawn from their reaction models."""
        state = self._state
        acting = self._acting()
        if acting.kind == "simultaneous":
            for seat in sorted(choices):
                now = self._acting()
                if now.kind == "simultaneous" and seat in now.seats:
                    state.apply(seat, choices[seat])
                    self._after_step(now)
            return
        if acting.kind != "window":
            raise IllegalAction("no joint decision is open")
        deadline = acting.deadline_ms if acting.deadline_ms is not None else float("inf")
        timed: list[tuple[float, int, GameAction]] = []
        for seat in sorted(choices):
            if seat not in acting.seats:
                continue
            action = choices[seat]
            if times is not None and seat in times:
                at = max(self.clock, float(times[seat]))
            else:
                # Choosing among the legal actions costs time (Hick's law); a pass is
                # the seat deciding not to act, which takes a simple reaction.
                options = len(state.legal_actions(seat)) - 1
                model = self.models[seat]
                at = self.clock + (model.simple(self.timing) if action == PASS
                                   else model.choice(self.timing, max(1, options)))
            if at > deadline:
                action, at = PASS, deadline
            timed.append((at, seat, action))
        timed.sort(key=lambda t: (t[0], t[1]))
        for at, seat, action in timed:
            now = self._acting()
            if now.kind != "window":
                break  # the window closed: later hands came too late
            if seat not in now.seats:
                continue
            try:
                # apply checks the action as can would, and changes nothing if it
                # refuses: one check for the common case instead of two.
                state.apply(seat, action, at)
            except IllegalAction:
                # An earlier hand in this round took what this one aimed at.
                if not state.can(seat, PASS, at):
                    continue
                state.apply(seat, PASS, at)
            self.clock = at
            self._after_step(now)
        if self._acting().kind != "window":
            self.clock = 0.0

    # -- bots -------------------------------------------------------------------------
    def bot_choice(self, seat: int, bot: Bot[Any]) -> tuple[GameAction, float | None]:
        """A gamenight bot's action for ``seat`` in the decision now, and in a window
        the time it chose to act, from the window's clock on (its own reaction model
        decides, through ``Wait``: ``bots.driver.decide``)."""
        return decide(bot, self._state, seat, self.clock)

    def watch(self, seat: int, bot: Bot[Any]) -> None:
        """Show ``bot`` what its seat sees after every step, as the bot driver shows a
        bot at a table: the events it has not heard, in its seat's form (a bot that
        listens: By Golly!'s memory bots), then its view (a bot that remembers)."""
        if bot.remembers or bot.listens:
            self.watchers.append((seat, bot))
            self._heard[seat] = 0
            self._show(seat, bot)

    def _show(self, seat: int, bot: Bot[Any]) -> None:
        if bot.listens:
            events = self._state.events
            heard = self._heard[seat]
            if heard < len(events):
                self._heard[seat] = len(events)
                seen = [e for e in (event.seen_by(seat) for event in events[heard:])
                        if e is not None]
                if seen:
                    bot.hear(seen)
        if bot.remembers:
            bot.observe(self._state.view(seat))

    # -- results ----------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's return once the game is over (zeros before).

        With two or more players a seat gets (seats it beat - seats that beat it) /
        (players - 1): 1 for a sole win, -1 for a sole loss, 0 for a tie all round, and
        the returns sum to 0.  A lone player's return is its score.
        """
        n = self.players
        if not self.is_over:
            return [0.0] * n
        outcome = self._state.outcome()
        if outcome is None:
            return [0.0] * n
        if n == 1:
            return [float(outcome.scores[0])]
        ranks = outcome.ranks
        return [(sum(r > ranks[s] for r in ranks) - sum(r < ranks[s] for r in ranks)) / (n - 1)
                for s in range(n)]

    @property
    def return_bounds(self) -> tuple[float, float]:
        return self.encoding.score_bounds if self.players == 1 else (-1.0, 1.0)

    @property
    def truncated(self) -> bool:
        outcome = self._state.outcome()
        return outcome is not None and outcome.truncated

    # -- perfect recall -----------------------------------------------------------------
    def information_text(self, seat: int) -> str:
        """The seat's information state: a digest of what it saw of every step so far
        (its form of each step, ``GameState.seen_step``, and of each event,
        ``Event.seen_by``) and its view now.  Two histories the seat cannot tell apart
        agree.  Built only when asked for, from the history and the events: no view of
        a past step is made again, so a clone or a resample that is never asked costs
        nothing, and one that is asked pays for its new steps only."""
        return f"{self._recall(seat).digest()}\n{self.observation_text(seat)}"

    def _recall(self, seat: int) -> _Recall:
        state = self._state
        history, events = state.history, state.events
        recall = self._recalls[seat] or _no_recall()
        if recall.steps == len(history) and recall.events == len(events):
            return recall
        actings = self._step_actings()
        # A hash of the pieces one after another is the hash of them joined, so each
        # stretch is hashed in one update (a resampled twin's other seats hash the
        # whole history when first asked).
        seen_step = state.seen_step
        seen_steps = recall.seen_steps.copy()
        seen_steps.update("".join([
            f"{seen_step(history[at], seat, actings[at])!r}\n"
            for at in range(recall.steps, len(history))]).encode())
        seen_events = recall.seen_events.copy()
        forms = [event.seen_by(seat) for event in events[recall.events:]]
        seen_events.update("".join([f"{form!r}\n" for form in forms
                                    if form is not None]).encode())
        recall = self._recalls[seat] = _Recall(len(history), len(events), seen_steps,
                                               seen_events)
        return recall

    def _step_actings(self) -> list[Acting]:
        """Who was acting at each step of the history: as the table took them, or
        where the table did not take them all (a state made elsewhere), by a replay."""
        state = self._state
        if len(self._actings) != len(state.history):
            replay = (state.game.new(state.players, state.seed, **state.options)
                      if state.start is None else state.game.from_position(state.start,
                                                                           state.seed))
            actings = []
            for step in state.history:
                actings.append(replay.acting())
                if step.seat is None:
                    replay.apply_chance(copy.deepcopy(step.value))
                else:
                    replay.apply_text(step.seat, step.value, step.at_ms)
            self._actings = actings
        return self._actings

    def _after_step(self, acting: Acting) -> None:
        """Note who acted in the step just taken, and show it to the watching bots."""
        if len(self._actings) == len(self._state.history) - 1:
            self._actings.append(acting)
        for seat, bot in self.watchers:
            self._show(seat, bot)

    # -- copies, resamples and serialization ----------------------------------------------
    def clone(self) -> Table:
        """An independent copy: the state is cloned; what the table knows of it now (its
        caches, the recall so far) is shared until either moves on."""
        twin = self._twin(self._state.clone())
        twin._now = self._now
        return twin

    def _twin(self, state: GameState[Any]) -> Table:
        twin = object.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin._state = state
        twin.timing = copy_generator(self.timing)
        twin.watchers = []  # bots belong to the table that made them
        twin._heard = {}
        twin.pending = dict(self.pending)
        twin._actings = list(self._actings)
        twin._recalls = list(self._recalls)
        twin._now = _Now(-1, 0.0)
        twin._ahead = None  # this table's own (the seeds in ``_peek`` are shared)
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self.clone()

    def __reduce__(self) -> tuple[Callable[[str, str], Table], tuple[str, str]]:
        # Whoever pickles a table (OpenSpiel's C++ serializer pickles a Python state's
        # attributes) gets our JSON text and a call that reads it back, not the objects.
        return (_from_serial, (_game_ref(self.game), self.serialize()))

    def resample(self, seat: int, rng: random.Random) -> Table:
        """A table ``seat`` cannot tell from this one (see ``GameState.resample``);
        future reaction times are redrawn too, and so are the other seats' choices in a
        window's round not yet resolved (the seat knows only that they chose)."""
        twin = self._twin(self._state.resample(seat, rng))
        twin.timing = random.Random(rng.getrandbits(64))
        twin._peek = None
        # Who acts is public, so it was the same at every step.  What the seat saw of
        # every step is the same by definition, so its recall is too (where it covers
        # the whole history); the other seats saw other things and start afresh.
        twin._recalls = [None] * self.players
        mine = self._recalls[seat]
        if (mine is not None and mine.steps == len(self._state.history)
                and mine.events == len(self._state.events)
                and len(twin._state.history) == mine.steps):
            twin._recalls[seat] = mine._replace(events=len(twin._state.events))
        if twin.pending:
            for other in sorted(twin.pending):
                if other != seat:
                    twin.pending[other] = rng.choice(twin._state.legal_actions(other))
        return twin

    def serialize(self) -> str:
        """This table as JSON: the game's record, both generators' states, the window
        clock (and in the sequential form the choices of a round not yet resolved).
        Never pickle: reading it back runs no code."""
        return json.dumps({
            "format": SERIAL_FORMAT,
            "record": record_of(self._state).to_json(),
            "generator": _state_json(self._state.rng.getstate()),
            "timing": _state_json(self.timing.getstate()),
            "clock": self.clock,
            "reaction": self.reaction,
            "sequential": self.sequential,
            "pending": {str(s): str(a) for s, a in sorted(self.pending.items())},
        }, separators=(",", ":"))

    @classmethod
    def deserialize(cls, game: Game, text: str) -> Table:
        """The table ``serialize`` wrote as ``text``: its shape checked
        (``interop.serial``), its record read strictly and replayed by the rules.  Every
        way a text can be wrong raises ``serial.MalformedStateError`` (a ValueError)
        naming it; nothing else."""
        from gamenight.interop.serial import MalformedStateError, generator_state, read_serial

        serial = read_serial(text)
        try:
            record = Record.from_json(serial.record)
            if (record.game, record.rules_version) != (game.id, game.rules_version):
                raise MalformedStateError(
                    f"a serialized state of {describe(record.game)} under rules version "
                    f"{describe(record.rules_version)}, not of {game.id} under version "
                    f"{game.rules_version}")
            # From the deal, or from the position the game was set up from (the game
            # given, which a registry need not hold: a test's toy game).
            start = (game.new(record.players, record.seed, **record.options)
                     if record.position is None
                     else game.from_position(record.position, record.seed))
            state = start.remade(record.steps, 0)
            # OptionError for a reaction level there is not.
            table = cls(game, record.players, record.seed, state.options, serial.reaction,
                        state=state, sequential=serial.sequential)
            pending = {}
            for seat, text_ in serial.pending.items():
                if int(seat) >= record.players:
                    raise MalformedStateError(f"pending names seat {seat} of a "
                                              f"{record.players}-player game")
                pending[int(seat)] = game.parse_action(text_)
        except (RecordError, IllegalAction, OptionError) as exc:
            raise MalformedStateError(f"the serialized state's game does not read: "
                                      f"{exc}") from None
        try:
            state.rng.setstate(generator_state(serial.generator))
            table.timing.setstate(generator_state(serial.timing))
        except (ValueError, TypeError, OverflowError):
            # The words are checked; only the position in them (at most 624) is left.
            raise MalformedStateError("a generator's state is not one Python's generator "
                                      "takes") from None
        table.clock = serial.clock
        table.pending = pending
        return table


def _next_seeds(rng: random.Random) -> tuple[int, ...]:
    """The next DRAWS distinct seeds of ``rng``, ascending."""
    seeds: set[int] = set()
    while len(seeds) < DRAWS:
        seeds.add(rng.randrange(DRAW_SEEDS))
    return tuple(sorted(seeds))


def _game_ref(game: Game) -> str:
    """Where the game definition lives, as "module:name" (definitions are module-level
    objects, like each game package's ``GAME``)."""
    module = type(game).__module__
    name = next(k for k, v in vars(sys.modules[module]).items() if v is game)
    return f"{module}:{name}"


def _from_serial(game_ref: str, text: str) -> Table:
    module, _, name = game_ref.partition(":")
    game = getattr(import_module(module), name)
    if not isinstance(game, Game):
        raise ValueError(f"{game_ref} is not a game definition")
    return Table.deserialize(game, text)


def _state_json(rng_state: GeneratorState) -> list[JSON]:
    version, internal, gauss = rng_state
    return [version, list(internal), gauss]


