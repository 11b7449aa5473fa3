"""Fair races across distance: each connection's round trip, and the reaction-time clamp.

In Fliegen klatschen's hunts and Superfly's swats the server is the clock.  A window's
time 0 is the moment the server sent the update that opened it, to everyone at once.  A
bot acts on that timeline at its reaction model's times (it has no network).  A person
sees the update only after it has crossed the network and been painted, and the server
hears the click only after it has crossed back: placing a person's action at its
*arrival* would hand every race to whoever sits nearest the server.

So the client measures the reaction itself, from painting the window's update to the
click, and sends it with the action (``reaction_ms``).  The server cannot check that
number, but its own timestamps bound it: the action arrived at ``arrival_ms``, and the
trip there and back took at least the smallest plausible delay and, honestly, about the
connection's measured round trip.  :func:`accepted_at` keeps the claim inside

    arrival - min(rtt + JITTER_ALLOWANCE_MS, MAX_COMPENSATION_MS)
        <= at_ms <=  arrival - 2 * MIN_ONE_WAY_MS,      and at_ms >= 0,

and :func:`grace_ms` says how long past a deadline to wait for an action sent in time
from far away.  ``docs/fairness.md`` gives the timeline, the reasons for each number and
what a cheating client can and cannot gain.

The round trip comes from the client's pongs, which a client may hold back to look
further away ("fake lag").  Three things bound what that buys (issue 39):

* **the kernel's round trip** (``server.kernel_rtt``: Linux's ``TCP_INFO``), which the
  client's operating system answers, not its page: a round trip from pongs is used only
  up to the kernel's plus :data:`KERNEL_MARGIN_MS`;
* **a lag quota** per seat and game (:class:`LagQuota`, as lichess keeps one): the
  compensation no kernel vouches for is spent from it, and it earns back
  :data:`QUOTA_GAIN_MS` an action, so over a game it is bounded where the kernel's
  round trip is not known (a reverse proxy in between, a system without ``TCP_INFO``);
* **flags** in the game's record (:class:`SeatLag`): a seat whose actions are placed
  under :data:`HUMAN_REACTION_MS` after their window opened, or whose pongs come slower
  than the kernel's round trip allows, :data:`FLAG_AFTER` times in a game.

All times are milliseconds.  :class:`Latency` takes any one monotonic clock of the
server's (a round trip is a difference, so which clock does not matter);
:func:`accepted_at` takes window time.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from gamenight.record import RecordFlag

__all__ = [
    "FLAG_AFTER",
    "HUMAN_REACTION_MS",
    "JITTER_ALLOWANCE_MS",
    "KERNEL_MARGIN_MS",
    "MAX_COMPENSATION_MS",
    "MIN_ONE_WAY_MS",
    "PENDING_PINGS",
    "QUOTA_GAIN_MS",
    "QUOTA_MAX_MS",
    "QUOTA_START_MS",
    "RTT_SAMPLES",
    "FairnessError",
    "LagQuota",
    "Latency",
    "Placed",
    "SeatLag",
    "acceptance",
    "accepted_at",
    "compensation_limit_ms",
    "grace_ms",
    "vouched_ms",
]

#: The smallest plausible one-way delay between the server and a person's browser.  Even
#: on one machine a message passes the server's socket, the kernel's loopback, the
#: browser's network process and its page's event loop, each some tens of microseconds;
#: across a LAN a trip is some 0.1-0.5 ms.  So no action can have been taken later than
#: its arrival minus two such trips.  The value only guards against claims from the
#: future: a larger one would move an honest loopback player's late claims earlier.
MIN_ONE_WAY_MS: Final = 0.1

#: How much slower than its fastest recent ping an action's trip may honestly be.  The
#: client measures from the *paint*, which follows the message's arrival by up to a
#: frame (16.7 ms at 60 Hz); on top of that the network varies from trip to trip (a few
#: ms on a wired line, more on Wi-Fi).  Every client, honest or not, may claim up to
#: this much faster than it really reacted: 30 ms is about an eighth of an average
#: adult's simple reaction (230 ms) and well under its spread (about 50 ms).
JITTER_ALLOWANCE_MS: Final = 30.0

#: The most an action is ever placed before its arrival.  500 ms covers a round trip
#: halfway round the world over fibre (antipodes: about 300-400 ms) with the jitter
#: allowance; a geostationary satellite (600 ms and more) loses the excess.  A client
#: that looks 2 s away, honestly or by delaying its pongs, is compensated 500 ms, no
#: more: this cap bounds what inflating the round trip can buy.
MAX_COMPENSATION_MS: Final = 500.0

#: How many recent round-trip samples the estimate is the minimum of.  With the server's
#: ping every second (``ServerConfig.ping_s``) that is the last 10 seconds: long enough
#: that a client cannot look far away by delaying a few pongs before a race (it must
#: delay all of them, for 10 s), short enough that an honest connection whose path got
#: slower (Wi-Fi to mobile) is under-compensated for 10 s at most.
RTT_SAMPLES: Final = 10

#: How many pings may await their pong at once; an older one is forgotten, and its pong
#: then counts for nothing.  A client that never answers cannot grow the server's memory.
PENDING_PINGS: Final = RTT_SAMPLES

#: How much slower than the kernel's round trip (``TCP_INFO``) the round trip from pongs
#: may be and still count.  The kernel times the connection's packets to their
#: acknowledgements, which the client's operating system sends at once, whatever its
#: page does; a pong also waits for the page's event loop, which may be painting a frame
#: (16.7 ms at 60 Hz) when a ping comes, and for the browser to hand the message between
#: its processes (well under a millisecond).  The fastest of ten pongs rarely keeps even
#: that: 20 ms is a frame and some to spare.  It is all a client holding its pongs back
#: gains where the kernel's round trip is known, so it is kept small.
KERNEL_MARGIN_MS: Final = 20.0

#: The lag quota (:class:`LagQuota`), after lichess's: the compensation an action gets
#: beyond what the kernel's round trip vouches for is spent from it, and each action of
#: the seat earns this much back.  200 ms an action covers every round trip within a
#: continent and across the Atlantic or the US (20-160 ms), with the paint's frame and
#: the jitter allowance, for ever: such a player never spends more than it earns.  A
#: player further away, where the kernel's round trip is not known (behind a proxy), is
#: compensated 200 ms an action on average once its start is spent; a client holding its
#: pongs back gains no more than that on average, whatever it holds them back by.
QUOTA_GAIN_MS: Final = 200.0
#: What the quota holds as a game starts: three actions' worth (lichess starts at three
#: times its gain), so a far player's first races are compensated whole.
QUOTA_START_MS: Final = 3 * QUOTA_GAIN_MS
#: The most the quota holds: seven actions' worth (lichess's), the most a client may
#: save, by not spending, for a burst of large compensations later (at most
#: :data:`MAX_COMPENSATION_MS` each).
QUOTA_MAX_MS: Final = 7 * QUOTA_GAIN_MS

#: A person's action placed sooner than this after its window opened is faster than a
#: person reacts.  A young adult's simple visual reaction (one known signal, one button)
#: takes about 200-250 ms; the fastest people, primed, some 150 ms; a sprinter's start
#: under 100 ms after the gun is ruled a false start for that reason (World Athletics'
#: false-start rule), and studies of reaction time (the psychomotor vigilance task) drop
#: responses under 100 ms as anticipations, not reactions.  The races here ask for more
#: than a simple reaction (a look over the flies, a choice), so 100 ms is far below any
#: person's real one: under it is a guess, a key pressed before the card, a program, or
#: a round trip inflated to buy an earlier place.
HUMAN_REACTION_MS: Final = 100.0
#: How many times in one game a seat does what a person would not, before its record is
#: flagged.  Once is a guess that came off or a key pressed as the card turned (a person
#: may press early now and then); three times in a game is a pattern.
FLAG_AFTER: Final = 3


class FairnessError(ValueError):
    """A time given to the clamp by the server itself is not a time (a bug, not a
    client's doing: what clients send is checked before it gets here)."""


class Latency:
    """One connection's round trip, from the server's pings and the client's pongs.

    :attr:`rtt_ms` is the **minimum** of the last :data:`RTT_SAMPLES` samples.  A
    pong cannot come back sooner than the network allows, but a client may hold it
    back to look further away than it is (and so be allowed earlier claims).  The
    minimum ignores any pong held back while one recent pong was not: to look far away a
    client must delay every pong, for as long as the samples last, and even then gains
    at most the delay, capped (``docs/fairness.md``).  An honest client's minimum is its
    fastest recent trip; slower trips of the moment are what :data:`JITTER_ALLOWANCE_MS`
    covers.

    >>> latency = Latency()
    >>> latency.sent_ping(1, 1000.0)
    >>> latency.got_pong(1, 1080.0)
    80.0
    >>> latency.got_pong(1, 1090.0) is None   # answered already: a replay counts for nothing
    True
    >>> latency.rtt_ms
    80.0
    """

    __slots__ = ("_kernel", "_pending", "_samples")

    def __init__(self) -> None:
        # Ping id -> when it was sent, oldest first (dicts keep insertion order).
        self._pending: dict[int, float] = {}
        self._samples: deque[float] = deque(maxlen=RTT_SAMPLES)
        # The kernel's round trip as each of those pongs came (``server.kernel_rtt``).
        self._kernel: deque[float] = deque(maxlen=RTT_SAMPLES)

    def sent_ping(self, ping_id: int, at_ms: float) -> None:
        """The server sent ping ``ping_id`` at ``at_ms``."""
        self._pending.pop(ping_id, None)  # an id sent again: its latest send counts
        self._pending[ping_id] = _server_time(at_ms, "a ping's sending time")
        while len(self._pending) > PENDING_PINGS:
            del self._pending[next(iter(self._pending))]

    def got_pong(self, ping_id: int, at_ms: float,
                 kernel_rtt_ms: float | None = None) -> float | None:
        """The client's pong to ``ping_id`` came at ``at_ms``: the round-trip sample it
        gives, or None for an id not awaited (never sent, answered already, or
        forgotten), which changes nothing.  ``kernel_rtt_ms``: the kernel's round trip
        of the connection as the pong came, where it is known."""
        sent = self._pending.pop(ping_id, None)
        if sent is None:
            return None
        # The server's clock is monotonic; a pong cannot come before its ping.
        sample = max(0.0, _server_time(at_ms, "a pong's arrival time") - sent)
        self._samples.append(sample)
        if kernel_rtt_ms is not None:
            self._kernel.append(_server_time(kernel_rtt_ms, "the kernel's round trip"))
        return sample

    @property
    def rtt_ms(self) -> float | None:
        """The round trip the clamp uses: the fastest of the recent samples, or None
        before the first pong."""
        return min(self._samples) if self._samples else None

    @property
    def samples(self) -> tuple[float, ...]:
        """The recent round-trip samples, oldest first."""
        return tuple(self._samples)

    @property
    def kernel_rtt_ms(self) -> float | None:
        """The fastest of the kernel's round trips read as the recent pongs came, or None
        where none was known (another system, a proxy's connection).  The fastest, as
        for the pongs: the kernel's smoothed round trip runs high for a while after an
        acknowledgement its client's system delayed, never low."""
        return min(self._kernel) if self._kernel else None

    @property
    def bounded_rtt_ms(self) -> float | None:
        """The round trip the clamp uses: the pongs' (:attr:`rtt_ms`), but no more than
        the kernel's and :data:`KERNEL_MARGIN_MS` where the kernel's is known.  None
        before the first pong."""
        rtt, kernel = self.rtt_ms, self.kernel_rtt_ms
        if rtt is None or kernel is None:
            return rtt
        return min(rtt, kernel + KERNEL_MARGIN_MS)

    @property
    def held_back_ms(self) -> float:
        """How much slower the pongs are than the kernel's round trip allows (0 where it
        is not known, or they are not): what the kernel's bound took off."""
        rtt, bounded = self.rtt_ms, self.bounded_rtt_ms
        return 0.0 if rtt is None or bounded is None else rtt - bounded

    def __repr__(self) -> str:
        rtt, kernel = self.rtt_ms, self.kernel_rtt_ms
        shown = f"rtt_ms={'unknown' if rtt is None else f'{rtt:.1f}'}"
        if kernel is not None:
            shown += f", kernel_rtt_ms={kernel:.1f}"
        return f"Latency({shown})"


class LagQuota:
    """One seat's lag quota in one game, as lichess keeps one: compensation is spent
    from it and earned back :data:`QUOTA_GAIN_MS` an action, up to :data:`QUOTA_MAX_MS`.

    What is spent is the compensation the kernel does not vouch for (all of it where the
    kernel's round trip is not known): see :meth:`SeatLag.placed`.  The quota only
    counts actions, never time, so it is the same however the server's clock runs.

    >>> quota = LagQuota()
    >>> quota.ms
    600.0
    >>> quota.spend(470.0); quota.ms           # a far player's first race: 600 - 470 + 200
    330.0
    >>> quota.spend(330.0); quota.spend(200.0); quota.ms   # spent; it earns 200 an action
    200.0
    """

    __slots__ = ("ms",)

    def __init__(self, start_ms: float = QUOTA_START_MS) -> None:
        #: What is left to spend.
        self.ms = start_ms

    def spend(self, compensation_ms: float) -> None:
        """An action was compensated ``compensation_ms`` (never more than :attr:`ms`:
        :func:`compensation_limit_ms` saw to it); then it earns the gain back."""
        spent = min(max(0.0, compensation_ms), self.ms)
        self.ms = min(self.ms - spent + QUOTA_GAIN_MS, QUOTA_MAX_MS)

    def __repr__(self) -> str:
        return f"LagQuota(ms={self.ms:g})"


def compensation_limit_ms(latency: Latency, quota: LagQuota | None = None) -> float:
    """The most an action of this connection may be placed before its arrival: its round
    trip (:attr:`Latency.bounded_rtt_ms`: the pongs', bounded by the kernel's) and the
    jitter allowance, capped at :data:`MAX_COMPENSATION_MS`, and at what the seat's
    ``quota`` holds beyond what the kernel vouches for.  Before its first pong the
    server knows no distance, so it grants none beyond the smallest plausible trip (the
    room pings a connection as it joins, so that lasts one round trip)."""
    floor = 2 * MIN_ONE_WAY_MS
    rtt = latency.bounded_rtt_ms
    if rtt is None:
        return floor
    limit = min(max(rtt, floor) + JITTER_ALLOWANCE_MS, MAX_COMPENSATION_MS)
    if quota is not None:
        limit = min(limit, vouched_ms(latency) + quota.ms)
    return max(limit, floor)


def vouched_ms(latency: Latency) -> float:
    """How much of an action's compensation the kernel vouches for: its round trip (no
    more than the pongs': a round trip the client itself shows shorter is the one used),
    or 0 where it is not known.  That part is the network's, measured by the client's
    operating system, and costs the lag quota nothing."""
    rtt, kernel = latency.rtt_ms, latency.kernel_rtt_ms
    if rtt is None or kernel is None:
        return 0.0
    return min(rtt, kernel)


def acceptance(arrival_ms: float, latency: Latency,
               quota: LagQuota | None = None) -> tuple[float, float]:
    """The earliest and the latest window time an action that arrived at ``arrival_ms``
    may be placed at, as the server's own timestamps (and the seat's ``quota``) allow
    (never below 0)."""
    arrival = _server_time(arrival_ms, "an action's arrival time")
    latest = max(0.0, arrival - 2 * MIN_ONE_WAY_MS)
    earliest = max(0.0, arrival - compensation_limit_ms(latency, quota))
    return earliest, latest


def accepted_at(claimed_ms: float | None, arrival_ms: float, latency: Latency,
                quota: LagQuota | None = None) -> float:
    """The time (``at_ms``) the engine gets for a person's action that arrived at window
    time ``arrival_ms``, claiming a reaction of ``claimed_ms`` from the paint.

    The claim is kept where :func:`acceptance` allows it and clamped to the nearer bound
    otherwise.  Without a claim (None, or anything that is not a finite number) the
    server places the action by its own measure, the arrival minus the round trip: as if
    the whole trip were network and nothing had been spent painting, which is never
    earlier than an honest claim, so leaving the claim out never pays.

    >>> latency = Latency()
    >>> latency.sent_ping(1, 0.0); _ = latency.got_pong(1, 100.0)   # 100 ms away
    >>> accepted_at(300.0, 420.0, latency)     # honest: 420 - 300 = 120 ms of trip
    300.0
    >>> accepted_at(10.0, 420.0, latency)      # too early for 100 + 30 ms of trip
    290.0
    >>> accepted_at(None, 420.0, latency)      # no claim: the arrival minus the round trip
    320.0
    """
    earliest, latest = acceptance(arrival_ms, latency, quota)
    if _is_time(claimed_ms):
        claim = float(claimed_ms)  # type: ignore[arg-type]  # _is_time checked it
    else:
        rtt = latency.bounded_rtt_ms
        if rtt is None:
            return latest
        claim = arrival_ms - min(rtt, MAX_COMPENSATION_MS)
    return min(max(claim, earliest), latest)


@dataclass(frozen=True, slots=True)
class Placed:
    """A person's action as the clamp placed it: its step in the game's history, when it
    arrived and where it was placed (window time), and what the kernel's bound took off
    its connection's round trip then (:attr:`Latency.held_back_ms`)."""

    step: int
    arrival_ms: float
    at_ms: float
    held_back_ms: float


@dataclass(slots=True)
class SeatLag:
    """One seat's lag compensation in one game: its :class:`LagQuota`, and what it did
    that no person would, for the game's record (:meth:`flags`).

    A reconnection does not refill the quota (it is the seat's, not the connection's);
    a new game starts a new one.  The room asks :meth:`place` for an action's time and,
    once the action is taken, tells :meth:`placed` (an action refused spends nothing).
    """

    quota: LagQuota = field(default_factory=LagQuota)
    #: The seat's actions placed under :data:`HUMAN_REACTION_MS`.
    fast: list[Placed] = field(default_factory=list)
    #: Its actions whose connection's pongs were slower than the kernel's bound allows.
    held: list[Placed] = field(default_factory=list)

    def place(self, claimed_ms: float | None, arrival_ms: float, latency: Latency) -> float:
        """Where to place an action that arrived at ``arrival_ms`` claiming
        ``claimed_ms`` (:func:`accepted_at`, within the quota).  Changes nothing."""
        return accepted_at(claimed_ms, arrival_ms, latency, self.quota)

    def placed(self, step: int, arrival_ms: float, at_ms: float, latency: Latency, *,
               passing: bool = False) -> None:
        """The action placed at ``at_ms`` (by :meth:`place`) was taken as step ``step``:
        its compensation beyond what the kernel vouches for is spent from the quota,
        and what no person would do is noted.  A pass (``passing``) wins nothing, and
        its time only says whether it came by the deadline: it neither spends nor earns
        (earning, a pass claimed late would buy the next slap's compensation for free),
        and it is no reaction to anything on the table (a person may have chosen it
        before the window opened), so it is never counted as one."""
        done = Placed(step, arrival_ms, at_ms, latency.held_back_ms)
        if not passing:
            self.quota.spend(arrival_ms - at_ms - vouched_ms(latency))
        if at_ms < HUMAN_REACTION_MS and not passing:
            self.fast.append(done)
        if done.held_back_ms > 0.0:
            self.held.append(done)

    def forget_from(self, step: int) -> None:
        """The steps from ``step`` on were let go (the store did not take them)."""
        self.fast = [p for p in self.fast if p.step < step]
        self.held = [p for p in self.held if p.step < step]

    def flags(self, seat: int) -> list[RecordFlag]:
        """What the game's record flags of ``seat``: each pattern once, at the step where
        it reached :data:`FLAG_AFTER` times, its reason giving every time it happened."""
        flags: list[RecordFlag] = []
        if len(self.fast) >= FLAG_AFTER:
            fastest = min(p.at_ms for p in self.fast)
            flags.append(RecordFlag(
                seat=seat, step=self.fast[FLAG_AFTER - 1].step,
                reason=f"{len(self.fast)} actions placed under {HUMAN_REACTION_MS:g} ms "
                       f"after their window opened (steps {_steps(self.fast)}; the "
                       f"fastest at {fastest:.0f} ms): faster than a person reacts"))
        if len(self.held) >= FLAG_AFTER:
            most = max(p.held_back_ms for p in self.held) + KERNEL_MARGIN_MS
            flags.append(RecordFlag(
                seat=seat, step=self.held[FLAG_AFTER - 1].step,
                reason=f"{len(self.held)} actions taken while its pongs came back more "
                       f"than {KERNEL_MARGIN_MS:g} ms slower than the connection's own "
                       f"round trip as the kernel measured it (steps {_steps(self.held)}; "
                       f"up to {most:.0f} ms slower): pongs held back, to look further "
                       f"away; the compensation they asked for was not given"))
        return flags


#: How many step numbers a flag's reason lists before it says how many more.
LISTED_STEPS = 10


def _steps(placed: list[Placed]) -> str:
    """The steps' numbers as ``gamenight replay`` shows them (from 1)."""
    shown = ", ".join(str(p.step + 1) for p in placed[:LISTED_STEPS])
    more = len(placed) - LISTED_STEPS
    return f"{shown} and {more} more of the replay" if more > 0 else f"{shown} of the replay"


def grace_ms(latencies: Iterable[Latency]) -> float:
    """How long past a deadline the server waits before expiring the window: the largest
    :func:`compensation_limit_ms` among the people still in it.  An action sent at the
    deadline by the furthest of them arrives within that and may still be placed by the
    deadline; one arriving later could not be, so waiting longer would only hold everyone
    up.  At most :data:`MAX_COMPENSATION_MS`; 0 with nobody to wait for (bots only)."""
    return max((compensation_limit_ms(latency) for latency in latencies), default=0.0)


def _is_time(value: object) -> bool:
    """A client's claim counts if it is a finite number (not a bool, not NaN or inf)."""
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def _server_time(value: float, what: str) -> float:
    if not _is_time(value):
        raise FairnessError(f"{what} must be a finite number of milliseconds, not {value!r}")
    return float(value)
