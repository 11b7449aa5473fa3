"""Fake lag, bounded (issue 39, item 6; ``server.fairness``, ``server.kernel_rtt``,
``docs/fairness.md``, "Fake lag").

A client that holds its pongs back looks further away than it is, and the clamp lets
it claim earlier reactions.  Three things bound that now: the kernel's own round trip
of the connection (``TCP_INFO``), a lag quota per seat and game (lichess's), and flags
in the record for what no person does.  First each case by case, with the server's
clock given (every time is an argument: nothing sleeps); then the races of
``test_fairness`` again, with a cheat holding its pongs back, to give the document's
figures.  The same from outside, against a real server process: ``test_lag_server``.
"""

from __future__ import annotations

import asyncio
import random
import re
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pytest

from gamenight.server import fairness, kernel_rtt
from gamenight.server.fairness import (
    FLAG_AFTER,
    HUMAN_REACTION_MS,
    JITTER_ALLOWANCE_MS,
    KERNEL_MARGIN_MS,
    MAX_COMPENSATION_MS,
    MIN_ONE_WAY_MS,
    QUOTA_GAIN_MS,
    QUOTA_MAX_MS,
    QUOTA_START_MS,
    RTT_SAMPLES,
    LagQuota,
    Latency,
    SeatLag,
    accepted_at,
    compensation_limit_ms,
    vouched_ms,
)
from tests.server.test_fairness import DOC, FRAME_MS, HUNTS, REACTION, hunt_reaction, shares


def measured(rtt_samples: Sequence[float], kernel_ms: float | None = None) -> Latency:
    """A connection whose pongs came back after each of ``rtt_samples`` ms, the kernel's
    round trip being ``kernel_ms`` at each (None: not known)."""
    latency = Latency()
    for ping_id, rtt in enumerate(rtt_samples):
        sent = 1000.0 * ping_id
        latency.sent_ping(ping_id, sent)
        latency.got_pong(ping_id, sent + rtt, kernel_ms)
    return latency


# -- the kernel's round trip ------------------------------------------------------------
def test_pongs_held_back_are_believed_only_up_to_the_kernels_round_trip_and_a_margin() -> None:
    """A client 20 ms away holding every pong back 400 ms: the kernel still measures
    20 ms, so the clamp takes 20 + KERNEL_MARGIN_MS, not 420."""
    cheat = measured([420.0] * RTT_SAMPLES, kernel_ms=20.0)
    assert cheat.rtt_ms == 420.0
    assert cheat.kernel_rtt_ms == 20.0
    assert cheat.bounded_rtt_ms == 20.0 + KERNEL_MARGIN_MS
    assert cheat.held_back_ms == 400.0 - KERNEL_MARGIN_MS
    assert compensation_limit_ms(cheat) == 20.0 + KERNEL_MARGIN_MS + JITTER_ALLOWANCE_MS
    # Claiming 0 ms on a slap that arrived 500 ms after the card: placed 70 ms before
    # the arrival at most, where without the kernel's word it would have been 450.
    assert accepted_at(0.0, 500.0, cheat) == 500.0 - 20.0 - KERNEL_MARGIN_MS - JITTER_ALLOWANCE_MS
    assert accepted_at(0.0, 500.0, measured([420.0] * RTT_SAMPLES)) == 500.0 - 450.0


def test_an_honest_far_connection_keeps_its_whole_compensation() -> None:
    """The kernel's round trip bounds, it never adds: a client 400 ms away whose pongs
    agree with its kernel (a few ms of page time) is compensated as before."""
    far = measured([403.0] * RTT_SAMPLES, kernel_ms=400.0)
    assert far.bounded_rtt_ms == 403.0 and far.held_back_ms == 0.0
    assert compensation_limit_ms(far) == 403.0 + JITTER_ALLOWANCE_MS
    # A kernel's figure above the pongs' (its client delayed an acknowledgement) changes
    # nothing either: the pongs' own round trip is the one used.
    assert measured([50.0] * 3, kernel_ms=90.0).bounded_rtt_ms == 50.0


def test_without_the_kernels_round_trip_the_pongs_are_used_as_before() -> None:
    plain = measured([420.0] * 3)
    assert plain.kernel_rtt_ms is None and plain.held_back_ms == 0.0
    assert plain.bounded_rtt_ms == plain.rtt_ms == 420.0


def test_the_kernels_round_trip_is_the_fastest_read_with_the_recent_pongs() -> None:
    latency = Latency()
    for ping_id, kernel in enumerate([30.0, 25.0, 90.0]):
        latency.sent_ping(ping_id, 0.0)
        latency.got_pong(ping_id, 100.0, kernel)
    assert latency.kernel_rtt_ms == 25.0
    # An unknown pong brings no sample, and no kernel reading either.
    assert latency.got_pong(77, 200.0, 1.0) is None
    assert latency.kernel_rtt_ms == 25.0
    # Old readings age out with their pongs.
    for ping_id in range(10, 10 + RTT_SAMPLES):
        latency.sent_ping(ping_id, 0.0)
        latency.got_pong(ping_id, 100.0, 60.0)
    assert latency.kernel_rtt_ms == 60.0


async def test_the_kernel_round_trip_of_a_real_loopback_connection_is_read() -> None:
    """``TCP_INFO`` of a real TCP connection over loopback: a round trip of well under a
    millisecond (Linux; elsewhere there is none, and the quota alone bounds)."""
    readings: list[float | None] = []
    proxied: list[object] = []

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readexactly(5)
        writer.write(b"pong!")
        await writer.drain()
        read = kernel_rtt.reader(writer.transport, ())
        readings.append(None if read is None else read())
        proxied.append(kernel_rtt.reader(writer.transport, ("127.0.0.1",)))
        writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"ping!")
    await reader.readexactly(5)
    await reader.read()
    writer.close()
    server.close()
    await server.wait_closed()
    if sys.platform == "linux":
        (rtt,) = readings
        assert rtt is not None and 0.0 < rtt < 50.0, rtt
    else:
        assert readings == [None]
    # Through a proxy the kernel's round trip is the proxy's: not read at all.
    assert proxied == [None]


def test_which_peers_are_proxies() -> None:
    assert kernel_rtt.is_proxy("10.1.2.3", ["10.0.0.0/8"])
    assert kernel_rtt.is_proxy("10.1.2.3", ["10.1.2.3"])
    assert kernel_rtt.is_proxy("2001:db8::7", ["*"])
    assert not kernel_rtt.is_proxy("192.168.1.9", ["10.0.0.0/8", "proxy.local"])
    assert not kernel_rtt.is_proxy("192.168.1.9", [])


def test_a_socket_that_is_not_tcp_has_no_kernel_round_trip() -> None:
    left, right = socket.socketpair()
    with left, right:
        assert kernel_rtt.kernel_rtt_ms(left) is None


# -- the quota -------------------------------------------------------------------------------
def test_the_quota_starts_at_three_gains_and_earns_one_back_each_action() -> None:
    quota = LagQuota()
    assert quota.ms == QUOTA_START_MS == 3 * QUOTA_GAIN_MS
    quota.spend(0.0)
    assert quota.ms == QUOTA_START_MS + QUOTA_GAIN_MS
    for _ in range(20):  # never compensated: it fills up to its most, no further
        quota.spend(0.0)
    assert quota.ms == QUOTA_MAX_MS == 7 * QUOTA_GAIN_MS


def test_spending_more_than_the_quota_holds_spends_it_all_and_no_more() -> None:
    quota = LagQuota(100.0)
    quota.spend(450.0)
    assert quota.ms == QUOTA_GAIN_MS  # 0 left, then the action's gain
    quota.spend(-5.0)  # a negative compensation (placed after its arrival): nothing
    assert quota.ms == 2 * QUOTA_GAIN_MS


def test_a_far_connection_without_the_kernels_word_is_compensated_by_its_quota() -> None:
    """Behind a proxy (no kernel round trip) a client holding its pongs back 470 ms
    gets the whole cap while its quota's start lasts, then the quota's gain an action:
    the sum over a game is bounded by the start and the gains."""
    latency = measured([480.0] * RTT_SAMPLES)
    lag = SeatLag()
    granted = []
    for step in range(12):
        arrival = 600.0
        at = lag.place(0.0, arrival, latency)
        lag.placed(step, arrival, at, latency)
        granted.append(arrival - at)
    assert granted[:2] == [MAX_COMPENSATION_MS, QUOTA_START_MS - MAX_COMPENSATION_MS
                           + QUOTA_GAIN_MS]
    assert granted[3:] == [QUOTA_GAIN_MS] * 9
    assert sum(granted) <= QUOTA_START_MS + len(granted) * QUOTA_GAIN_MS


def test_what_the_kernel_vouches_for_costs_the_quota_nothing() -> None:
    """A player 400 ms away whose kernel agrees is compensated whole, race after race:
    only the part beyond the kernel's round trip is spent (the paint's wait, the
    jitter), and that is less than the quota earns back."""
    latency = measured([402.0] * RTT_SAMPLES, kernel_ms=400.0)
    assert vouched_ms(latency) == 400.0
    lag = SeatLag()
    for step in range(50):
        reaction = 250.0
        arrival = reaction + 400.0 + 12.0  # the trip, and 12 ms waiting for the paint
        at = lag.place(reaction, arrival, latency)
        assert at == reaction  # kept: an honest claim
        lag.placed(step, arrival, at, latency)
    assert lag.quota.ms == QUOTA_MAX_MS


def test_the_quota_never_takes_the_smallest_trip_away() -> None:
    latency = measured([480.0] * RTT_SAMPLES)
    assert compensation_limit_ms(latency, LagQuota(0.0)) == 2 * MIN_ONE_WAY_MS


def test_an_action_refused_spends_nothing() -> None:
    """The room tells :meth:`SeatLag.placed` only of actions taken; :meth:`place`
    alone changes nothing."""
    lag = SeatLag()
    latency = measured([480.0] * RTT_SAMPLES)
    for _ in range(5):
        assert lag.place(0.0, 600.0, latency) == 100.0
    assert lag.quota.ms == QUOTA_START_MS and not lag.fast


def test_a_pass_neither_spends_nor_earns_nor_counts_as_a_reaction() -> None:
    """A pass wins nothing: were it to earn, a pass claimed as late as it arrived
    (compensated nothing) would pay for the next slap's compensation."""
    latency = measured([480.0] * RTT_SAMPLES)
    lag = SeatLag()
    lag.placed(3, 600.0, 599.8, latency, passing=True)  # claimed late: spends nothing
    lag.placed(4, 600.0, 100.0, latency, passing=True)  # compensated the cap: free
    lag.placed(5, 60.0, 0.0, latency, passing=True)
    assert lag.quota.ms == QUOTA_START_MS and not lag.fast


# -- the flags ---------------------------------------------------------------------------------
def test_three_actions_faster_than_a_person_in_a_game_flag_the_seat() -> None:
    latency = measured([1.0] * RTT_SAMPLES, kernel_ms=1.0)
    lag = SeatLag()
    lag.placed(4, 300.0, 260.0, latency)  # a person's reaction
    lag.placed(9, 50.0, 12.0, latency)  # a guess that came off: once is no pattern
    lag.placed(15, 90.0, 40.0, latency)
    assert lag.flags(2) == []
    lag.placed(22, 30.0, 0.0, latency)
    lag.placed(31, 95.0, HUMAN_REACTION_MS, latency)  # 100 ms itself is not under it
    (flag,) = lag.flags(2)
    assert flag["seat"] == 2 and flag["step"] == 22  # where it became a pattern
    assert flag["reason"] == (
        "3 actions placed under 100 ms after their window opened (steps 10, 16, 23 of "
        "the replay; the fastest at 0 ms): faster than a person reacts")


def test_pongs_held_back_against_the_kernel_flag_the_seat() -> None:
    cheat = measured([320.0] * RTT_SAMPLES, kernel_ms=0.5)
    lag = SeatLag()
    for step in (3, 8, 13, 18):
        lag.placed(step, 400.0, 350.0, cheat)
    (flag,) = lag.flags(0)
    assert flag["step"] == 13
    assert "4 actions taken while its pongs came back more than 20 ms slower" in flag["reason"]
    assert "up to 320 ms slower" in flag["reason"]


def test_steps_let_go_by_a_failed_commit_are_forgotten() -> None:
    latency = measured([1.0] * RTT_SAMPLES)
    lag = SeatLag()
    for step in (5, 9, 12):
        lag.placed(step, 10.0, 0.0, latency)
    lag.forget_from(12)
    assert lag.flags(0) == []


def test_a_long_list_of_steps_is_cut_short() -> None:
    latency = measured([1.0] * RTT_SAMPLES)
    lag = SeatLag()
    for step in range(25):
        lag.placed(step, 10.0, 0.0, latency)
    (flag,) = lag.flags(1)
    assert "steps 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 15 more of the replay" in flag["reason"]


# -- what a cheat wins now: the races of test_fairness ------------------------------------
@dataclass
class Line:
    """A simulated person's connection (as ``test_fairness.Connection``), whose kernel
    measures the true round trip (or nothing: ``kernel`` False)."""

    one_way_ms: float
    rng: random.Random
    pong_delay_ms: float = 0.0
    kernel: bool = True
    latency: Latency = field(default_factory=Latency)
    lag: SeatLag = field(default_factory=SeatLag)

    def trip(self) -> float:
        return self.one_way_ms + self.rng.expovariate(1 / (1.0 + 0.02 * self.one_way_ms))

    def ping(self, ping_id: int, now_ms: float) -> None:
        rtt = self.trip() + self.trip()
        self.latency.sent_ping(ping_id, now_ms)
        self.latency.got_pong(ping_id, now_ms + rtt + self.pong_delay_ms,
                              rtt if self.kernel else None)


def race_shares(delay_ms: float, react: Callable[[random.Random], float], *,
                kernel: bool, seed: int = 15) -> tuple[float, float]:
    """Three people 50 ms away race ``HUNTS`` times, seat 0 holding its pongs back
    ``delay_ms`` and claiming 0 ms; each race is one action of each seat, placed by
    its :class:`SeatLag` (one game: the quota carries from race to race).  Seat 0's
    share of the races won, and its mean gain per action (ms before its real
    reaction)."""
    rng = random.Random(seed)
    lines = [Line(50.0, rng, delay_ms if seat == 0 else 0.0, kernel) for seat in range(3)]
    ping_id, now = 0, 0.0

    def ping(times: int) -> None:
        nonlocal ping_id, now
        for _ in range(times):
            for line in lines:
                line.ping(ping_id, now)
                ping_id += 1
            now += 1000.0

    ping(RTT_SAMPLES)
    won, gains = [], []
    for step in range(HUNTS):
        placed = []
        for seat, line in enumerate(lines):
            real = react(rng)
            arrival = real + line.trip() + rng.uniform(0, FRAME_MS) + line.trip()
            at = line.lag.place(0.0 if seat == 0 else real, arrival, line.latency)
            line.lag.placed(step, arrival, at, line.latency)
            placed.append((at, seat))
            if seat == 0:
                gains.append(real - at)
        won.append(min(placed)[1])
        ping(2)
    return round(100 * shares(won)[0], 1), round(sum(gains) / len(gains), 1)


#: docs/fairness.md's table, "Fake lag": the cheat's share of 2,000 reflex races and of
#: 2,000 hunts (%), and its mean gain per action in each (ms), holding its pongs back
#: this long, with the kernel's round trip known, then without it (the quota alone).
WITH_KERNEL = [(0.0, 47.9, 18.6, 37.7, 18.6), (50.0, 60.4, 38.6, 43.3, 38.6),
               (470.0, 60.4, 38.6, 43.3, 38.6)]
QUOTA_ALONE = [(50.0, 77.5, 68.6, 51.0, 68.6), (100.0, 85.0, 88.0, 57.0, 87.9),
               (470.0, 85.0, 88.0, 57.0, 87.9)]


@pytest.mark.parametrize(("delay_ms", "reflex", "reflex_gain", "hunt", "hunt_gain", "kernel"),
                         [(*row, True) for row in WITH_KERNEL]
                         + [(*row, False) for row in QUOTA_ALONE])
def test_what_a_pong_holding_cheat_wins_now_is_what_the_document_says(
        delay_ms: float, reflex: float, reflex_gain: float, hunt: float, hunt_gain: float,
        kernel: bool) -> None:
    got = [*race_shares(delay_ms, REACTION.simple, kernel=kernel),
           *race_shares(delay_ms, hunt_reaction, kernel=kernel)]
    want = [reflex, reflex_gain, hunt, hunt_gain]
    assert all(abs(g - w) <= 1.0 for g, w in zip(got, want, strict=True)), \
        f"holding pongs {delay_ms:g} ms ({'kernel' if kernel else 'quota alone'}): " \
        f"reflex races {got[0]} %, {got[1]} ms an action; hunts {got[2]} %, {got[3]} ms " \
        "an action: update docs/fairness.md and this test's table"
    if kernel:  # the bound: the margin and the allowance, whatever the delay
        assert got[1] <= KERNEL_MARGIN_MS + JITTER_ALLOWANCE_MS
    else:  # the quota's gain an action, on average, over a long game
        assert got[1] <= QUOTA_GAIN_MS + 5.0
    text = DOC.read_text(encoding="utf-8")
    for figure in (f"{reflex:.1f} %", f"{hunt:.1f} %"):
        assert figure in text, figure


def test_the_document_gives_the_values_of_the_new_constants() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name, value in [("KERNEL_MARGIN_MS", KERNEL_MARGIN_MS),
                        ("QUOTA_GAIN_MS", QUOTA_GAIN_MS), ("QUOTA_START_MS", QUOTA_START_MS),
                        ("QUOTA_MAX_MS", QUOTA_MAX_MS),
                        ("HUMAN_REACTION_MS", HUMAN_REACTION_MS), ("FLAG_AFTER", FLAG_AFTER)]:
        assert re.search(rf"`{name}`\s*=\s*{value:g}\b", text), name
    assert fairness.__doc__ is not None and "lichess" in fairness.__doc__
