"""Play one game to the end with bots, running reaction windows as discrete events.

Nothing here sleeps: a window is a queue of wake-up times.  Each bot is asked at the
window's opening, answers with an action or ``Wait(t)``, and is asked again at ``t``
with the view *at that moment* (hands placed earlier are visible to it).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from gamenight.bots.base import Bot, Clock, Wait, make_bot
from gamenight.engine import Game, GameState
from gamenight.engine.seeding import derive_seed


def make_bots(game: Game, specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per spec; each seat's bot gets its own seed derived from the game's."""
    return [make_bot(game, spec, seat, derive_seed(seed, "bot", seat))
            for seat, spec in enumerate(specs)]


def play_out(state: GameState, bots: Sequence[Bot | None]) -> GameState:
    """Play ``state`` to the end; ``bots[seat]`` plays each seat (all must be bots)."""
    while True:
        acting = state.acting()
        kind = acting.kind
        if kind == "over":
            return state
        if kind == "chance":
            state.draw_chance()
        elif kind == "turn":
            seat = acting.seats[0]
            legal = state.legal_actions(seat)
            # A forced move (Fliegen klatschen's reveal) needs no thought.
            action = legal[0] if len(legal) == 1 else _bot(bots, seat).act(
                state.view(seat), legal, Clock())
            state.apply(seat, action)
        elif kind == "simultaneous":
            for seat in acting.seats:
                legal = state.legal_actions(seat)
                action = _bot(bots, seat).act(state.view(seat), legal,
                                              Clock(0.0, acting.deadline_ms))
                state.apply(seat, action, 0.0)
        else:
            run_window(state, bots)


def run_window(state: GameState, bots: Sequence[Bot | None]) -> None:
    """Run one open reaction window to its close as a discrete-event loop."""
    acting = state.acting()
    deadline = acting.deadline_ms if acting.deadline_ms is not None else float("inf")
    window_id = len(state.history)
    queue: list[tuple[float, int]] = [(0.0, seat) for seat in acting.seats]
    heapq.heapify(queue)
    while queue:
        now, seat = heapq.heappop(queue)
        if now > deadline:
            break
        acting = state.acting()
        if seat not in acting.seats:
            continue
        legal = state.legal_actions(seat)
        answer = _bot(bots, seat).act(state.view(seat, now), legal, Clock(now, deadline, window_id))
        if isinstance(answer, Wait):
            # Time must move on, or a bot that keeps waiting for "now" would never let
            # the window reach its deadline.
            heapq.heappush(queue, (max(answer.until_ms, now + 1.0), seat))
            continue
        state.apply(seat, answer, now)
        if state.acting().kind != "window":
            return
        heapq.heappush(queue, (now, seat))  # may act again (a second hand)
    if state.acting().kind == "window":
        state.expire_window()


def _bot(bots: Sequence[Bot | None], seat: int) -> Bot:
    bot = bots[seat]
    if bot is None:
        raise ValueError(f"seat {seat} has no bot to play it")
    return bot
