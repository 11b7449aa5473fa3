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

All times are milliseconds.  :class:`Latency` takes any one monotonic clock of the
server's (a round trip is a difference, so which clock does not matter);
:func:`accepted_at` takes window time.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from typing import Final

__all__ = [
    "JITTER_ALLOWANCE_MS",
    "MAX_COMPENSATION_MS",
    "MIN_ONE_WAY_MS",
    "PENDING_PINGS",
    "RTT_SAMPLES",
    "FairnessError",
    "Latency",
    "acceptance",
    "accepted_at",
    "compensation_limit_ms",
    "grace_ms",
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

    __slots__ = ("_pending", "_samples")

    def __init__(self) -> None:
        # Ping id -> when it was sent, oldest first (dicts keep insertion order).
        self._pending: dict[int, float] = {}
        self._samples: deque[float] = deque(maxlen=RTT_SAMPLES)

    def sent_ping(self, ping_id: int, at_ms: float) -> None:
        """The server sent ping ``ping_id`` at ``at_ms``."""
        self._pending.pop(ping_id, None)  # an id sent again: its latest send counts
        self._pending[ping_id] = _server_time(at_ms, "a ping's sending time")
        while len(self._pending) > PENDING_PINGS:
            del self._pending[next(iter(self._pending))]

    def got_pong(self, ping_id: int, at_ms: float) -> float | None:
        """The client's pong to ``ping_id`` came at ``at_ms``: the round-trip sample it
        gives, or None for an id not awaited (never sent, answered already, or
        forgotten), which changes nothing."""
        sent = self._pending.pop(ping_id, None)
        if sent is None:
            return None
        # The server's clock is monotonic; a pong cannot come before its ping.
        sample = max(0.0, _server_time(at_ms, "a pong's arrival time") - sent)
        self._samples.append(sample)
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

    def __repr__(self) -> str:
        rtt = self.rtt_ms
        return f"Latency(rtt_ms={'unknown' if rtt is None else f'{rtt:.1f}'})"


def compensation_limit_ms(latency: Latency) -> float:
    """The most an action of this connection may be placed before its arrival: its round
    trip and the jitter allowance, capped at :data:`MAX_COMPENSATION_MS`.  Before its
    first pong the server knows no distance, so it grants none beyond the smallest
    plausible trip (the room pings a connection as it joins, so that lasts one round
    trip)."""
    floor = 2 * MIN_ONE_WAY_MS
    rtt = latency.rtt_ms
    if rtt is None:
        return floor
    return min(max(rtt, floor) + JITTER_ALLOWANCE_MS, MAX_COMPENSATION_MS)


def acceptance(arrival_ms: float, latency: Latency) -> tuple[float, float]:
    """The earliest and the latest window time an action that arrived at ``arrival_ms``
    may be placed at, as the server's own timestamps allow (never below 0)."""
    arrival = _server_time(arrival_ms, "an action's arrival time")
    latest = max(0.0, arrival - 2 * MIN_ONE_WAY_MS)
    earliest = max(0.0, arrival - compensation_limit_ms(latency))
    return earliest, latest


def accepted_at(claimed_ms: float | None, arrival_ms: float, latency: Latency) -> float:
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
    earliest, latest = acceptance(arrival_ms, latency)
    if _is_time(claimed_ms):
        claim = float(claimed_ms)  # type: ignore[arg-type]  # _is_time checked it
    else:
        rtt = latency.rtt_ms
        if rtt is None:
            return latest
        claim = arrival_ms - min(rtt, MAX_COMPENSATION_MS)
    return min(max(claim, earliest), latest)


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
