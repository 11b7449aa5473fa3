"""Fair races across distance (``server.fairness``, ``docs/fairness.md``).

First the clamp and the round-trip estimate, case by case; then what a cheating client can
gain; then the issue's test: three people 5, 50 and 200 ms from the server, with the same
reaction times (the bots' ``average`` model), race in 2,000 hunts.  With the clamp each
wins about a third; placed at their arrival, the nearest wins most.  The same hunts are
then played through the real Fliegen klatschen rules.

Everything is simulated from seeded generators: no clock, no sleep, the same every run.
"""

from __future__ import annotations

import doctest
import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from gamenight.bots.reaction import LEVELS
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.bots import TYPICAL_HUNT
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, VALUE_OF
from gamenight.games.fliegen_klatschen.events import FlyWon
from gamenight.games.fliegen_klatschen.rules import GAME as FLIEGEN_KLATSCHEN
from gamenight.games.fliegen_klatschen.rules import FliegenKlatschenState
from gamenight.server import fairness
from gamenight.server.fairness import (
    JITTER_ALLOWANCE_MS,
    MAX_COMPENSATION_MS,
    MIN_ONE_WAY_MS,
    PENDING_PINGS,
    RTT_SAMPLES,
    FairnessError,
    Latency,
    acceptance,
    accepted_at,
    compensation_limit_ms,
    grace_ms,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"

#: The issue's three people: their one-way delays to the server.
ONE_WAY_MS = (5.0, 50.0, 200.0)
HUNTS = 2000
#: One frame at 60 Hz: a message waits up to this long for its paint.
FRAME_MS = 1000 / 60
#: The reaction times every simulated person shares: the bots' average adult.
REACTION = LEVELS["average"]


def measured(rtt_samples: Sequence[float]) -> Latency:
    """A connection whose pongs came back after each of ``rtt_samples`` ms."""
    latency = Latency()
    for ping_id, rtt in enumerate(rtt_samples):
        sent = 1000.0 * ping_id
        latency.sent_ping(ping_id, sent)
        latency.got_pong(ping_id, sent + rtt)
    return latency


# -- the clamp --------------------------------------------------------------------------
def test_an_honest_claim_within_the_round_trip_is_kept() -> None:
    latency = measured([100.0])
    # Sent at 0, reached the client at 50, painted at 60, clicked 300 ms later, back at 410.
    assert accepted_at(300.0, 410.0, latency) == 300.0


def test_a_claim_earlier_than_the_round_trip_allows_is_clamped_to_the_earliest() -> None:
    latency = measured([100.0])
    earliest = 410.0 - 100.0 - JITTER_ALLOWANCE_MS
    assert accepted_at(50.0, 410.0, latency) == earliest
    assert accepted_at(earliest, 410.0, latency) == earliest  # the bound itself is allowed
    assert accepted_at(-5.0, 410.0, latency) == earliest  # a negative claim too


def test_a_claim_later_than_its_arrival_allows_is_clamped_to_the_latest() -> None:
    latency = measured([100.0])
    latest = 410.0 - 2 * MIN_ONE_WAY_MS
    assert accepted_at(409.99, 410.0, latency) == latest
    assert accepted_at(5000.0, 410.0, latency) == latest
    assert acceptance(410.0, latency) == (410.0 - 100.0 - JITTER_ALLOWANCE_MS, latest)


def test_no_action_is_placed_before_the_window_opened() -> None:
    latency = measured([300.0])
    # Arrived 200 ms in from a connection 300 ms away: anything from 0 on is possible.
    assert acceptance(200.0, latency)[0] == 0.0
    assert accepted_at(-50.0, 200.0, latency) == 0.0
    assert accepted_at(0.0, 0.0, latency) == 0.0
    assert grace_ms([latency]) == 300.0 + JITTER_ALLOWANCE_MS


@pytest.mark.parametrize("claim", [None, math.nan, math.inf, -math.inf, True, "250", [250]])
def test_a_missing_or_non_number_claim_is_the_arrival_minus_the_round_trip(
        claim: object) -> None:
    latency = measured([100.0])
    assert accepted_at(claim, 410.0, latency) == 310.0  # type: ignore[arg-type]


def test_leaving_the_claim_out_never_beats_an_honest_claim() -> None:
    rng = random.Random(1)
    latency = measured([100.0 + rng.expovariate(0.5) for _ in range(RTT_SAMPLES)])
    for _ in range(500):
        reaction = REACTION.simple(rng)
        trip = 100.0 + rng.expovariate(0.5) + rng.uniform(0, FRAME_MS)
        honest = accepted_at(reaction, reaction + trip, latency)
        assert accepted_at(None, reaction + trip, latency) >= honest


def test_before_its_first_pong_a_connection_is_taken_to_be_next_door() -> None:
    latency = Latency()
    assert latency.rtt_ms is None
    latest = 410.0 - 2 * MIN_ONE_WAY_MS
    for claim in (None, 0.0, 300.0, 409.0):
        assert accepted_at(claim, 410.0, latency) == latest
    assert compensation_limit_ms(latency) == 2 * MIN_ONE_WAY_MS


def test_a_client_that_looks_2_s_away_is_compensated_only_up_to_the_cap() -> None:
    latency = measured([2000.0])
    assert compensation_limit_ms(latency) == MAX_COMPENSATION_MS
    assert accepted_at(100.0, 2300.0, latency) == 2300.0 - MAX_COMPENSATION_MS
    assert accepted_at(None, 2300.0, latency) == 2300.0 - MAX_COMPENSATION_MS
    assert grace_ms([latency, measured([10.0])]) == MAX_COMPENSATION_MS


def test_a_later_arrival_is_never_placed_earlier() -> None:
    """So a replayed or held-back action can only lose time (the room refuses a second
    action of a seat anyway)."""
    latency = measured([80.0])
    for claim in (None, 0.0, 150.0, 400.0, 10_000.0):
        placed = [accepted_at(claim, arrival, latency) for arrival in range(0, 2000, 7)]
        assert placed == sorted(placed), claim


def test_the_servers_own_times_must_be_times() -> None:
    latency = measured([80.0])
    with pytest.raises(FairnessError, match="arrival time must be a finite number"):
        accepted_at(200.0, math.nan, latency)
    with pytest.raises(ValueError, match="sending time"):
        latency.sent_ping(1, math.inf)


# -- the round trip ---------------------------------------------------------------------
def test_the_round_trip_is_the_fastest_of_the_recent_pongs() -> None:
    latency = measured([120.0, 95.0, 130.0])
    assert latency.rtt_ms == 95.0
    assert latency.samples == (120.0, 95.0, 130.0)


def test_old_samples_age_out_after_rtt_samples_newer_ones() -> None:
    latency = measured([40.0] + [100.0] * (RTT_SAMPLES - 1))
    assert latency.rtt_ms == 40.0
    latency = measured([40.0] + [100.0] * RTT_SAMPLES)  # the path got slower: followed
    assert latency.rtt_ms == 100.0
    assert len(latency.samples) == RTT_SAMPLES


def test_a_pong_gives_its_sample_and_pongs_may_come_in_any_order() -> None:
    latency = Latency()
    latency.sent_ping(7, 1000.0)
    latency.sent_ping(8, 1500.0)
    assert latency.got_pong(8, 1560.0) == 60.0
    assert latency.got_pong(7, 1590.0) == 590.0
    assert latency.rtt_ms == 60.0


def test_unknown_pong_ids_are_ignored() -> None:
    latency = measured([100.0])
    assert latency.got_pong(99, 5000.0) is None  # never sent
    assert latency.got_pong(0, 5000.0) is None  # answered already: a replay
    assert latency.samples == (100.0,)
    # A ping left unanswered while PENDING_PINGS newer ones were sent is forgotten.
    for ping_id in range(100, 101 + PENDING_PINGS):
        latency.sent_ping(ping_id, 0.0)
    assert latency.got_pong(100, 1.0) is None
    assert latency.got_pong(101, 1.0) == 1.0


def test_a_ping_id_sent_again_counts_from_its_latest_send() -> None:
    latency = Latency()
    latency.sent_ping(1, 0.0)
    latency.sent_ping(1, 500.0)
    assert latency.got_pong(1, 540.0) == 40.0
    assert latency.got_pong(1, 600.0) is None


def test_grace_is_the_largest_compensation_among_those_still_acting() -> None:
    assert grace_ms([]) == 0.0  # bots only: the window expires at its deadline
    near, far = measured([10.0]), measured([400.0])
    assert grace_ms([near]) == 10.0 + JITTER_ALLOWANCE_MS
    assert grace_ms([near, far, Latency()]) == 400.0 + JITTER_ALLOWANCE_MS
    # An action sent exactly at the deadline from far away is still placed by it.
    deadline = 3000.0
    arrival = deadline + 400.0 + JITTER_ALLOWANCE_MS
    assert accepted_at(deadline, arrival, far) == deadline
    assert arrival <= deadline + grace_ms([near, far])


# -- simulated connections ------------------------------------------------------------
@dataclass
class Connection:
    """A simulated person's connection: ``one_way_ms`` each way plus a little jitter
    (exponential, 1 ms plus 2 % of the delay on average), and the pongs its client holds
    back on purpose (``pong_delay_ms``)."""

    one_way_ms: float
    rng: random.Random
    pong_delay_ms: float = 0.0
    latency: Latency = field(default_factory=Latency)

    def trip(self) -> float:
        return self.one_way_ms + self.rng.expovariate(1 / (1.0 + 0.02 * self.one_way_ms))


class Pinger:
    """The server's pings, one to every connection each second of its clock."""

    def __init__(self) -> None:
        self.now_ms = 0.0
        self.next_id = 0

    def ping(self, connections: Sequence[Connection], times: int = 1) -> None:
        for _ in range(times):
            for connection in connections:
                rtt = connection.trip() + connection.trip() + connection.pong_delay_ms
                connection.latency.sent_ping(self.next_id, self.now_ms)
                connection.latency.got_pong(self.next_id, self.now_ms + rtt)
                self.next_id += 1
            self.now_ms += 1000.0


@dataclass(frozen=True)
class Hand:
    """One person's slap in a hunt, in window time: ``reaction_ms`` after the paint (what
    an honest client claims), arriving ``trip_ms`` later than that (down, paint, up),
    placed at ``accepted_ms`` by the clamp, which knew the round trip ``rtt_ms``."""

    seat: int
    reaction_ms: float
    trip_ms: float
    accepted_ms: float
    rtt_ms: float

    @property
    def arrival_ms(self) -> float:
        return self.trip_ms + self.reaction_ms


def play_hunts(one_way_ms: Sequence[float], hunts: int, seed: int,
               claim: Callable[[int, float], float | None] | None = None,
               pong_delay_ms: Sequence[float] | None = None,
               react: Callable[[random.Random], float] = REACTION.simple) -> list[list[Hand]]:
    """``hunts`` hunts among people ``one_way_ms`` away, each reacting at a time drawn
    by ``react`` (the same for all: by default the average reflex); their round trips
    are measured by pings (10 before the first hunt, 2 between hunts) through
    :class:`Latency`.  ``claim(seat, reaction)`` is what a client sends (default: the
    truth); ``pong_delay_ms`` what each holds its pongs back (default: nothing)."""
    rng = random.Random(seed)
    delays = pong_delay_ms or [0.0] * len(one_way_ms)
    connections = [Connection(d, rng, delay)
                   for d, delay in zip(one_way_ms, delays, strict=True)]
    pinger = Pinger()
    pinger.ping(connections, RTT_SAMPLES)
    played = []
    for _ in range(hunts):
        hands = []
        for seat, connection in enumerate(connections):
            reaction = react(rng)
            trip = connection.trip() + rng.uniform(0, FRAME_MS) + connection.trip()
            said = reaction if claim is None else claim(seat, reaction)
            latency = connection.latency
            assert latency.rtt_ms is not None
            hands.append(Hand(seat, reaction, trip,
                              accepted_at(said, trip + reaction, latency), latency.rtt_ms))
        played.append(hands)
        pinger.ping(connections, 2)
    return played


def hunt_reaction(rng: random.Random) -> float:
    """A whole first hand of a hunt as the bots time it: the reflex, a look over 6 flies
    of 4 colours, the choice of a colour, the reach (``TYPICAL_HUNT``)."""
    return REACTION.task(rng, *TYPICAL_HUNT)


def first(hands: Sequence[Hand], at: Callable[[Hand], float]) -> int:
    """The seat whose hand is underneath: the earliest."""
    return min(hands, key=lambda hand: (at(hand), hand.seat)).seat


def shares(winners: Sequence[int], seats: int = 3) -> list[float]:
    return [winners.count(seat) / len(winners) for seat in range(seats)]


def percent(values: Sequence[float]) -> str:
    return ", ".join(f"{d:g} ms: {100 * v:.1f} %" for d, v in zip(ONE_WAY_MS, values,
                                                                   strict=True))


def accepted(hand: Hand) -> float:
    return hand.accepted_ms


def arrival(hand: Hand) -> float:
    return hand.arrival_ms


def reaction(hand: Hand) -> float:
    return hand.reaction_ms


# -- what a cheat gains -----------------------------------------------------------------
def test_a_client_claiming_impossible_reactions_gains_at_most_the_jitter_allowance() -> None:
    hunts = play_hunts([5.0, 50.0, 200.0], 300, seed=3, claim=lambda seat, r: 0.0)
    for hands in hunts:
        for hand in hands:
            # Earlier than the truth by the allowance, less what the action's trip lost
            # against the fastest recent ping (more only where it beat them all).
            gain = hand.reaction_ms - hand.accepted_ms
            assert gain <= JITTER_ALLOWANCE_MS + hand.rtt_ms - hand.trip_ms + 1e-9, hand
            assert hand.accepted_ms >= 0.0


@pytest.mark.parametrize("delay_ms", [0.0, 100.0, 300.0, 2000.0])
def test_a_client_delaying_its_pongs_gains_at_most_the_delay_and_the_allowance_capped(
        delay_ms: float) -> None:
    """docs/fairness.md: holding every pong back ``D`` ms, and claiming the earliest
    time it may, a client 5 ms away is placed at most ``D + JITTER_ALLOWANCE_MS``
    before its real reaction (less what its action's trip lost against its fastest
    ping), never more than ``MAX_COMPENSATION_MS`` before its arrival, never before 0."""
    rng = random.Random(15)
    cheat = Connection(5.0, rng, pong_delay_ms=delay_ms)
    pinger = Pinger()
    pinger.ping([cheat], RTT_SAMPLES)
    shortfalls = []
    for _ in range(500):
        assert cheat.latency.rtt_ms is not None
        honest_rtt = cheat.latency.rtt_ms - delay_ms  # its real fastest recent round trip
        real = REACTION.simple(rng)
        trip = cheat.trip() + rng.uniform(0, FRAME_MS) + cheat.trip()
        placed = accepted_at(0.0, real + trip, cheat.latency)
        gain = real - placed
        assert placed >= 0.0
        assert real + trip - placed <= MAX_COMPENSATION_MS + 1e-9
        assert gain <= delay_ms + JITTER_ALLOWANCE_MS + (honest_rtt - trip) + 1e-9
        # What it could have gained at most: the delay and the allowance, all of its
        # reaction, or the cap less its real trip.
        most = min(delay_ms + JITTER_ALLOWANCE_MS, real, MAX_COMPENSATION_MS - trip)
        shortfalls.append(most - gain)
        pinger.ping([cheat])
    # The cheat does work, nearly to its bound (it is a real residual, said in the doc):
    # it falls short by the time its action spent waiting for the paint and in jitter.
    shortfalls.sort()
    assert shortfalls[len(shortfalls) // 2] < FRAME_MS, shortfalls[len(shortfalls) // 2]


#: docs/fairness.md's table: three people 50 ms away, seat 0 claiming the earliest time
#: the clamp allows while holding its pongs back this long; its win share (%) in 2,000
#: reflex races and in 2,000 hunts.  An honest player's is 33.3 %.
CHEATS = [(0.0, 47.9, 37.7), (50.0, 77.5, 51.0), (100.0, 91.9, 63.4), (200.0, 99.3, 82.8),
          (470.0, 100.0, 96.8)]


@pytest.mark.parametrize(("delay_ms", "reflex", "hunt"), CHEATS)
def test_what_a_cheat_wins_is_what_the_document_says(delay_ms: float, reflex: float,
                                                     hunt: float) -> None:
    won = []
    for react in (REACTION.simple, hunt_reaction):
        hunts = play_hunts([50.0] * 3, HUNTS, seed=15, react=react,
                           claim=lambda seat, real: 0.0 if seat == 0 else real,
                           pong_delay_ms=[delay_ms, 0.0, 0.0])
        won.append(round(100 * shares([first(hands, accepted) for hands in hunts])[0], 1))
    # Within a point: a change to the reaction model that moves these further must
    # move the document's table too.
    assert abs(won[0] - reflex) <= 1.0 and abs(won[1] - hunt) <= 1.0, \
        f"a cheat wins {won[0]} % of reflex races and {won[1]} % of hunts: " \
        "update docs/fairness.md and CHEATS"
    text = DOC.read_text(encoding="utf-8")
    assert f"{reflex:.1f} %" in text and f"{hunt:.1f} %" in text, won


def test_delaying_only_some_pongs_gains_nothing() -> None:
    honest = measured([20.0, 21.0, 22.0] * 3)
    sly = measured([20.0, 421.0, 422.0] * 3)  # two pongs in three held back 400 ms
    assert sly.rtt_ms == honest.rtt_ms == 20.0
    # Starting to hold pongs back just before a race: the old fast samples still count
    # until RTT_SAMPLES slow ones have replaced them all.
    latency = measured([20.0] * RTT_SAMPLES + [420.0] * (RTT_SAMPLES - 1))
    assert latency.rtt_ms == 20.0


def test_a_fixed_delay_on_everything_gains_nothing() -> None:
    """A client (or a network shaper) holding every message back 150 ms looks 150 ms
    further away and is compensated exactly that: an honest claim lands where it would
    have without the delay, and a lie gains no more than the jitter allowance."""
    near, delayed = measured([20.0]), measured([170.0])
    for real in (150.0, 230.0, 400.0):
        trip = 20.0 + 8.0  # and 8 ms waiting for the paint
        assert accepted_at(real, real + trip, near) == accepted_at(real, real + trip + 150.0,
                                                                   delayed) == real
        assert (accepted_at(0.0, real + trip + 150.0, delayed)
                == accepted_at(0.0, real + trip, near)
                == real + trip - 20.0 - JITTER_ALLOWANCE_MS)


# -- the test ----------------------------------------------------------------
def test_people_5_50_and_200_ms_away_win_equal_shares_and_would_not_if_placed_at_arrival(
) -> None:
    """2,000 hunts, one seeded run (seed 15, the issue's number, chosen before running).

    A win share over 2,000 hunts has a standard error of about 1.05 points, so the
    issue's 2-point bound is about two standard errors: even with no network at all,
    the shares by true reaction time miss it for about 1 seed in 5.  So the test also
    compares with those shares on the same draws, which is free of that noise: the
    clamp must pick the fastest reaction's seat in almost every hunt and give shares
    within 1 point of the no-network ones (over seeds 0-39: 99.4 % of hunts at worst,
    0.6 points at worst)."""
    hunts = play_hunts(ONE_WAY_MS, HUNTS, seed=15)
    fair = shares([first(hands, accepted) for hands in hunts])
    naive = shares([first(hands, arrival) for hands in hunts])
    ideal = shares([first(hands, reaction) for hands in hunts])
    same = sum(first(h, accepted) == first(h, reaction) for h in hunts) / HUNTS
    figures = (f"with the clamp: {percent(fair)}; placed at arrival: {percent(naive)}; "
               f"by true reaction, no network: {percent(ideal)}; the clamp picks the "
               f"fastest reaction in {100 * same:.1f} % of hunts")
    assert all(abs(share - 1 / 3) <= 0.02 for share in fair), figures
    assert all(abs(a - b) <= 0.01 for a, b in zip(fair, ideal, strict=True)), figures
    assert same >= 0.98, figures
    assert naive[0] > 0.45 and naive[2] < 0.05, figures


def test_the_same_hunts_through_the_real_fliegen_klatschen_rules() -> None:
    """The 2,000 hunts of the test above, each in a real game of 3 seats: the seats'
    slaps on the most valuable fly of an allowed colour are applied in the order they
    arrive, at their accepted times (or at their arrival), and who gets the fly is read
    from the game's own ``FlyWon`` events."""
    hunts = play_hunts(ONE_WAY_MS, HUNTS, seed=15)
    fair = fly_winners(hunts, accepted)
    naive = fly_winners(hunts, arrival)
    figures = (f"Fliegen klatschen, with the clamp: {percent(shares(fair))}; placed at "
               f"arrival: {percent(shares(naive))}")
    # The game gives the fly to the hand underneath whatever order the hands came in.
    assert fair == [first(hands, accepted) for hands in hunts], figures
    assert naive == [first(hands, arrival) for hands in hunts], figures
    assert all(abs(share - 1 / 3) <= 0.02 for share in shares(fair)), figures
    assert shares(naive)[0] > 0.45, figures


def fly_winners(hunts: Sequence[Sequence[Hand]], at: Callable[[Hand], float]) -> list[int]:
    """Play games of Fliegen klatschen for 3 from seed 0 on, one hunt of ``hunts`` at
    each hunt the game comes to; the seat that won the fly in each."""
    winners: list[int] = []
    todo = iter(hunts)
    seed = 0
    while len(winners) < len(hunts):
        state = FLIEGEN_KLATSCHEN.new(3, seed=seed)
        seed += 1
        while len(winners) < len(hunts) and not state.is_over:
            acting = state.acting()
            if acting.kind == "chance":
                state.draw_chance()
            elif acting.kind == "turn":
                state.apply(acting.seats[0], REVEAL)
            else:
                winners.append(hunt_in(state, next(todo), at))
    return winners


def hunt_in(state: FliegenKlatschenState, hands: Sequence[Hand],
            at: Callable[[Hand], float]) -> int:
    hunt = state.hunt
    assert hunt is not None
    target = max((c for c in state.centre if COLOUR_OF[c] in hunt.allowed),
                 key=lambda c: (VALUE_OF[c], c))
    events = []
    for hand in sorted(hands, key=arrival):  # as the server hears them
        events += state.apply(hand.seat, SLAPS[target], at(hand))
    if state.acting().kind == "window":  # second hands left unused: the deadline comes
        events += state.expire_window()
    (won,) = [e.seat for e in events if isinstance(e, FlyWon) and e.card == target]
    return won


# -- the document ----------------------------------------------------------------------
def test_the_modules_examples_hold() -> None:
    assert doctest.testmod(fairness).failed == 0


def test_the_document_gives_the_values_of_the_constants() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name, value in [("MIN_ONE_WAY_MS", MIN_ONE_WAY_MS),
                        ("JITTER_ALLOWANCE_MS", JITTER_ALLOWANCE_MS),
                        ("MAX_COMPENSATION_MS", MAX_COMPENSATION_MS),
                        ("RTT_SAMPLES", RTT_SAMPLES)]:
        assert re.search(rf"`{name}`\s*=\s*{value:g}\b", text), name
