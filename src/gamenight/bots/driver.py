"""The one place bots are asked for their moves: the simulator, the terminal, the research
adapters (and the server) all drive bots through it, so a bot plays the same at every
table.

On a turn a bot is asked once, with its seat's view and legal actions (a forced move,
one legal action, is taken without asking).  In a reaction window or a simultaneous
decision a bot is asked at the window's opening and may answer :class:`Wait` ("ask me
again at t") instead of acting; a bot that :attr:`Bot.times_itself` is first asked
:meth:`Bot.when`, and a moment it names there is its Wait, with no view built.
**The Wait rule**: it is asked again at ``t``, or a millisecond after it answered if
``t`` is not later (:func:`next_ask`), so time always moves on and the deadline always
comes: a bot that waits for ever passes at the deadline, as a person who never moves
does.  Bots due at the same moment are asked in seat order, and each is asked with the
view *at its moment*, so hands placed earlier are visible to it.

How time passes is the clock's business, not the driver's (:class:`WindowClock`):

* :class:`SimulatedClock` (the simulator): nothing sleeps; time jumps to the next moment
  anything is due (:meth:`BotDriver.run_window`).
* :class:`RealClock` (the terminal, the server): the wall clock since the window was
  shown.  Whoever owns the event loop calls :meth:`BotDriver.pump` when the window opens
  and again at the moment it asks for, and takes a person's action through
  :meth:`BotDriver.apply` once the bots due before it have moved
  (:meth:`BotDriver.run_due`).

Bots that keep a memory (:attr:`Bot.remembers`) are shown their seat's view after every
step (:meth:`BotDriver.show`); a window or decision counts as one step, shown once it
closes.  Bots that listen (:attr:`Bot.listens`) hear every event the game emitted, in
their seat's form, before they are next asked or shown anything (:meth:`BotDriver.tell`),
so they hear a hand in a race as it landed, at its time, even once the window has closed.
Bots that search (:attr:`Bot.searches`, the ``master`` level) are handed a sampler of
the states their seat cannot tell from this one (:func:`sampler`) before every ask,
here and in :func:`decide`, so they search without ever holding the state.
"""

from __future__ import annotations

import functools
import heapq
import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.bots.base import NO_VIEW, Bot, Clock, Sampler, Wait, new_clock
from gamenight.engine import PASS, GameState
from gamenight.engine.events import Event
from gamenight.engine.game import Acting, ActingKind, View

#: ``Event.seen_by`` as the base class has it: the event is public.
_PUBLIC = Event.seen_by

#: The least a Wait moves a bot's next question on, in ms: below anything a person sees,
#: and enough that a bot answering ``Wait(now)`` cannot hold time still.
MIN_WAIT_MS = 1.0
#: Told of every answer a bot gives (``BotDriver(acts=...)``): the seat, the CPU seconds
#: its ``act`` took (``time.process_time``), and the answer (an action, or a ``Wait``).
ActsTold = Callable[[int, float, Any], None]
#: How many times :func:`decide` asks one bot before taking it to pass (a bot that waits
#: for ever in a decision with no deadline would otherwise never be done).
MAX_ASKS = 10_000


def next_ask(answer: Wait, now_ms: float) -> float:
    """When a bot that answered ``answer`` at ``now_ms`` is asked again (the Wait rule)."""
    return _asked_again(answer.until_ms, now_ms)


def _asked_again(until_ms: float, now_ms: float) -> float:
    """The Wait rule for a bot that waits until ``until_ms`` (its ``Wait``, or its
    ``when``): then, or a millisecond after ``now_ms`` if that is later."""
    later = now_ms + MIN_WAIT_MS
    # Written so that a Wait(NaN) also moves time on.
    return until_ms if until_ms >= later else later


# -- clocks -------------------------------------------------------------------------------
class WindowClock(ABC):
    """The time in the open window, in ms since it opened (its time 0)."""

    @abstractmethod
    def start(self, at_ms: float = 0.0) -> None:
        """The window opens now: its time 0 (or, for a window taken up again after a
        restart, its time ``at_ms``)."""

    @abstractmethod
    def stop(self) -> None:
        """The window has closed."""

    @property
    @abstractmethod
    def running(self) -> bool:
        """True from :meth:`start` to :meth:`stop`."""

    @abstractmethod
    def now_ms(self) -> float:
        """Milliseconds since the window opened."""


class SimulatedClock(WindowClock):
    """Time that passes only when told to: it jumps to the next moment anything is due."""

    def __init__(self) -> None:
        self._now = 0.0
        self._running = False

    def start(self, at_ms: float = 0.0) -> None:
        self._now = at_ms
        self._running = True

    def stop(self) -> None:
        self._running = False

    @property
    def running(self) -> bool:
        return self._running

    def now_ms(self) -> float:
        return self._now

    def advance_to(self, at_ms: float) -> None:
        """Move time on to ``at_ms`` (never back)."""
        self._now = max(self._now, at_ms)


class RealClock(WindowClock):
    """The wall clock (``source``, in seconds, monotonic) since the window was shown."""

    def __init__(self, source: Callable[[], float] = time.monotonic) -> None:
        self.source = source
        self._t0: float | None = None

    def start(self, at_ms: float = 0.0) -> None:
        self._t0 = self.source() - at_ms / 1000.0

    def stop(self) -> None:
        self._t0 = None

    @property
    def running(self) -> bool:
        return self._t0 is not None

    def now_ms(self) -> float:
        if self._t0 is None:
            raise RuntimeError("no window is open")
        return (self.source() - self._t0) * 1000.0


# -- one bot ------------------------------------------------------------------------------
def sampler(state: GameState[Any], seat: int) -> Sampler:
    """What a searching bot (``Bot.searches``) is handed before it acts: states drawn
    from those ``seat`` cannot tell from ``state`` (``GameState.resample``), never
    ``state`` itself, so a search reads nothing its seat could not know."""
    return functools.partial(state.resample, seat)


def decide(bot: Bot[Any], state: GameState[Any], seat: int, from_ms: float = 0.0,
           window: int | None = None) -> tuple[Any, float | None]:
    """``bot``'s move for ``seat`` in the decision now, on the state as it stands: its
    action, and in a window the moment it chose (asked from ``from_ms`` on, by the Wait
    rule, until it acts; past the deadline it passes at the deadline).

    For drivers that resolve a window in rounds of choices made at once (the research
    adapters); a live table runs its window as :class:`BotDriver` does.
    """
    acting = state.acting()
    legal = state.legal_actions(seat)
    if bot.searches:
        bot.search_with(sampler(state, seat))
    reads_view = bot.reads_view
    if acting.kind == "turn":
        return bot.act(state.view(seat) if reads_view else NO_VIEW, legal, Clock()), None
    in_window = acting.kind == "window"
    deadline = acting.deadline_ms
    window = len(state.history) if window is None else window
    times_itself = bot.times_itself
    t = from_ms
    for _ in range(MAX_ASKS):
        if deadline is not None and t > deadline:
            break
        clock = Clock(t, deadline, window)
        # A bot that knows from the clock that it acts later is not shown the table.
        until = bot.when(clock) if times_itself else None
        if until is None:
            view = state.view(seat, t if in_window else None) if reads_view else NO_VIEW
            answer = bot.act(view, legal, clock)
            if not isinstance(answer, Wait):
                return answer, (t if in_window else None)
            until = answer.until_ms
        t = _asked_again(until, t)
    return PASS, (deadline if in_window else None)


# -- a table of bots (and people) -----------------------------------------------------------
class BotDriver:
    """Asks the bots at one table for their moves and takes them.

    ``bots[seat]`` plays ``seat``; None is a seat the driver never asks (a person's).
    The list is read as play goes on, not copied, so its owner may seat another bot, or
    take one away (even in an open window: it is not asked again).
    """

    def __init__(self, state: GameState[Any], bots: Sequence[Bot[Any] | None],
                 clock: WindowClock | None = None, acts: ActsTold | None = None) -> None:
        self.state = state
        self.bots = bots
        self.clock = clock if clock is not None else SimulatedClock()
        # Told of each answer with the CPU time it took (a match's think times): here,
        # not by wrapping a bot's ``act`` on the instance, which compiled code would
        # pass by (it calls the class's method).
        self.acts = acts
        # The window or decision opened last: its kind, deadline, first history index
        # (which also tells it from every other window: Clock.window), the seats yet to
        # choose in a decision, and each bot's next moment as a heap of (ms, seat), at
        # most one entry per seat.
        self.kind: ActingKind = "window"
        self.deadline: float | None = None
        self.start = 0
        self.choosers: set[int] = set()
        self._due: list[tuple[float, int]] = []
        # How many of the state's events the listening bots have heard.
        self._heard = 0

    # -- what happened ------------------------------------------------------------------
    def tell(self) -> None:
        """Every bot that listens hears the events it has not heard yet, in its seat's
        form (whoever took the steps: a bot, a person, chance)."""
        if not any(bot is not None and bot.listens for bot in self.bots):
            # No one to hear them: the events told since are not made for this
            # (``GameState.emit_new``); a bot seated later hears from now on.
            self._heard = self.state.event_count
            return
        events = self.state.events
        if self._heard == len(events):
            return
        new = events[self._heard:]
        self._heard = len(events)
        # Most events are public (their class keeps Event.seen_by, which returns the
        # event itself): then every seat hears them as they are, without a call per
        # event and seat.
        public = all(type(event).seen_by is _PUBLIC for event in new)
        for seat, bot in enumerate(self.bots):
            if bot is not None and bot.listens:
                if public:
                    bot.hear(new.copy())
                    continue
                seen = [e for e in (event.seen_by(seat) for event in new) if e is not None]
                if seen:
                    bot.hear(seen)

    # -- every step ---------------------------------------------------------------------
    def show(self) -> None:
        """Show every bot that remembers its seat's view (call after every step); every
        bot that listens hears what happened first."""
        self.tell()
        for seat, bot in enumerate(self.bots):
            if bot is not None and bot.remembers:
                bot.observe(self.state.view(seat))

    def bot(self, seat: int) -> Bot[Any]:
        bot = self.bots[seat]
        if bot is None:
            raise ValueError(f"seat {seat} has no bot to play it")
        return bot

    def take_turn(self, seat: int | None = None, view: View | None = None) -> None:
        """The bot whose turn it is (``seat``, if the caller knows it) takes it (a forced
        move needs no thought).  ``view``: the seat's view of the state as it stands, if
        the caller has just built it (a view is the same until the state changes)."""
        state = self.state
        if seat is None:
            seat = state.acting().seats[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            # A forced move: the one legal action, taken unchecked.
            state.apply_legal(seat, legal[0])
            return
        self.tell()
        bot = self.bot(seat)
        if bot.searches:
            bot.search_with(sampler(state, seat))
        if not bot.reads_view:
            view = NO_VIEW
        elif view is None:
            view = state.view(seat)
        action = self._ask(seat, bot, view, legal, Clock())
        state.take(seat, action)

    def _ask(self, seat: int, bot: Bot[Any], view: View, legal: Sequence[Any],
             clock: Clock) -> Any:
        """``bot``'s answer at ``seat``, told to ``acts`` with its CPU time."""
        acts = self.acts
        if acts is None:
            return bot.act(view, legal, clock)
        start = time.process_time()
        answer = bot.act(view, legal, clock)
        acts(seat, time.process_time() - start, answer)
        return answer

    def play_to_end(self, stop: Callable[[], bool] | None = None) -> GameState[Any]:
        """Play the game to its end with bots in every seat, time simulated; given
        ``stop``, only until ``stop()`` is true (asked before every step: a search's
        rollout cut at a horizon plays exactly as a whole one up to it)."""
        state = self.state
        # The bots do not change seats in a simulated game: who remembers is known once.
        remembering = [(seat, bot) for seat, bot in enumerate(self.bots)
                       if bot is not None and bot.remembers]
        listening = any(bot is not None and bot.listens for bot in self.bots)
        # The views just shown, by seat: the seat whose turn it is is asked with the
        # same view (nothing changes the state in between), not one built anew.
        shown: dict[int, View] = {}
        while True:
            if stop is not None and stop():
                return state
            if listening:
                self.tell()
            for seat, bot in remembering:
                shown[seat] = view = state.view(seat)
                bot.observe(view)
            acting = state.acting()
            kind = acting.kind
            if kind == "over":
                return state
            if kind == "chance":
                state.draw_chance()
            elif kind == "turn":
                seat = acting.seats[0]
                self.take_turn(seat, shown.get(seat))
            else:
                self.run_window()

    # -- windows and simultaneous decisions ---------------------------------------------------
    # Both run the same way: open, ask each bot at the moments it asks for, expire at the
    # deadline.  They differ in when they end: a window while the state says "window"; a
    # decision once every chooser has chosen (each seat chooses once, so a decision that
    # follows at once is a new one).
    def open_window(self, at_ms: float = 0.0) -> None:
        """The window or decision now acting opens (and its clock starts): every bot in
        it is due at once, to look at the table the moment it appears.  A window taken
        up again after a restart (the server's) opens at ``at_ms``, its last entry's
        time, so that nothing lands before what has already been played in it."""
        state = self.state
        acting = state.acting()
        self.kind = acting.kind
        self.deadline = acting.deadline_ms
        self.start = len(state.history)
        self.choosers = set(acting.seats) if acting.kind == "simultaneous" else set()
        self._due = [(at_ms, seat) for seat in acting.seats if self.bots[seat] is not None]
        heapq.heapify(self._due)
        self.clock.start(at_ms)

    def due_now(self, seat: int) -> None:
        """The bot just seated at ``seat`` (the server's stand-in for a person who has
        gone) looks at the open window now."""
        if self.clock.running:
            heapq.heappush(self._due, (self.clock.now_ms(), seat))

    @property
    def is_open(self) -> bool:
        """True while the window or decision opened last is still open."""
        return self._open_while(self.state.acting())

    def _open_while(self, acting: Acting) -> bool:
        """:attr:`is_open`, with ``acting`` the state's ``acting()`` as it stands."""
        if self.kind == "window":
            return acting.kind == "window"
        return (acting.kind == "simultaneous" and bool(self.choosers)
                and set(acting.seats) == self.choosers)

    def apply(self, seat: int, action: Any, at_ms: float) -> None:
        """Take ``seat``'s action in the open window at ``at_ms`` (a bot's or a person's;
        IllegalAction changes nothing)."""
        self.state.take(seat, action, at_ms)
        self.choosers.discard(seat)

    def run_due(self, until_ms: float) -> float:
        """Ask every bot due by ``until_ms``, in time order (seat order on ties), and take
        its move; stops once the window closes.  Returns the last moment a bot was asked
        at (0 for none)."""
        state = self.state
        due = self._due
        deadline = self.deadline
        window = self.start
        again_later = self.kind == "window"  # after acting: a second hand, say
        pop, push = heapq.heappop, heapq.heappush
        at = 0.0
        # Who acts, read again only after an action: asking bots and telling them what
        # happened never changes the state.
        acting = state.acting()
        if not self._open_while(acting):
            return at
        listening = any(bot is not None and bot.listens for bot in self.bots)
        bots = self.bots
        while due and due[0][0] <= until_ms:
            at, seat = pop(due)
            bot = bots[seat]
            if seat not in acting.seats or bot is None:
                # Done in this window (or decision), or its bot has left the seat (a
                # person took it back from the server's stand-in): not asked again.
                continue
            if listening:
                self.tell()  # the hands that landed before this moment, say
            clock = new_clock(Clock, (at, deadline, window))
            # A bot that knows from the clock alone that it acts later (between two
            # hands of a race) answers without a view: a question in five of a race.
            until = bot.when(clock) if bot.times_itself else None
            if until is None:
                if bot.searches:
                    bot.search_with(sampler(state, seat))
                view = state.view(seat, at) if bot.reads_view else NO_VIEW
                answer = self._ask(seat, bot, view, state.legal_actions(seat), clock)
                if isinstance(answer, Wait):
                    until = answer.until_ms
            if until is not None:
                again = _asked_again(until, at)
                if deadline is None or again <= deadline:
                    push(due, (again, seat))
                continue  # past the deadline: it passes when the window expires
            self.apply(seat, answer, at)
            acting = state.acting()
            if not self._open_while(acting):
                return at
            if again_later:
                push(due, (at, seat))
        return at

    def pump(self, grace_ms: float = 0.0) -> float | None:
        """Bring the open window up to the clock: every bot due by now moves, and
        ``grace_ms`` after the deadline the window expires (the server waits that long
        for an action a far player sent in time: ``server.fairness``).  Returns the
        moment to be pumped again (the next bot's or the expiry), or None when the window
        has closed or only people are still awaited."""
        now = self.clock.now_ms()
        deadline = self.deadline
        self.run_due(now if deadline is None else min(now, deadline))
        if not self.is_open:
            self.close()
            return None
        expiry = None if deadline is None else deadline + max(0.0, grace_ms)
        if expiry is not None and now >= expiry:
            self.state.pass_deadline()
            self.close()
            return None
        upcoming = self._due[0][0] if self._due else None
        if upcoming is not None and deadline is not None and upcoming > deadline:
            upcoming = None  # a bot due after the deadline passes when the window expires
        if expiry is not None and (upcoming is None or expiry < upcoming):
            return expiry
        return upcoming

    def close(self) -> None:
        """Forget the window that has closed (its owner's call when a person closed it)."""
        self._due = []
        self.choosers = set()
        self.clock.stop()

    def run_window(self) -> None:
        """Run the window or decision now acting to its close, time simulated: the clock
        jumps from each moment a bot asked for to the next, and to the deadline.

        The same as pumping at every moment a bot asked for, in one pass (nothing but
        the bots moves the state here): every bot due by the deadline, in time order,
        then the deadline."""
        clock = self.clock
        if not isinstance(clock, SimulatedClock):
            raise TypeError("run_window needs a SimulatedClock; a real clock is pumped")
        self.open_window()
        deadline = self.deadline
        clock.advance_to(self.run_due(math.inf if deadline is None else deadline))
        if self.is_open and deadline is not None:
            clock.advance_to(deadline)
            self.state.pass_deadline()
        if self.is_open:
            waiting = sorted(set(self.state.acting().seats))
            raise ValueError(f"seats {waiting} have no bot to play them")
        self.close()
