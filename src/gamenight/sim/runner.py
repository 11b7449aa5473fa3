"""Play one game to the end with bots, running reaction windows and simultaneous
decisions as discrete events.

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
    """Play ``state`` to the end; ``bots[seat]`` plays each seat (all must be bots).

    After every step, each bot that overrides :meth:`Bot.observe` is shown its seat's
    view (a window or simultaneous decision counts as one step, seen once it closes).
    """
    watchers = [(seat, bot) for seat, bot in enumerate(bots)
                if bot is not None and type(bot).observe is not Bot.observe]
    while True:
        for seat, bot in watchers:
            bot.observe(state.view(seat))
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
        else:
            run_window(state, bots)


def run_window(state: GameState, bots: Sequence[Bot | None]) -> None:
    """Run one open reaction window, or simultaneous decision, to its close as a
    discrete-event loop.

    In a decision each chooser chooses once, at the moment its bot asks for (a bot
    with a reaction model may miss the deadline, and then passes, as a person would);
    the decision is over once every chooser has chosen, even if a new one follows.
    """
    acting = state.acting()
    kind = acting.kind
    deadline = acting.deadline_ms if acting.deadline_ms is not None else float("inf")
    clock_deadline = acting.deadline_ms
    window_id = len(state.history)
    choosers = set(acting.seats)

    def still_open() -> bool:
        now_acting = state.acting()
        if kind == "window":
            return now_acting.kind == "window"
        return (now_acting.kind == "simultaneous" and bool(choosers)
                and set(now_acting.seats) == choosers)

    queue: list[tuple[float, int]] = [(0.0, seat) for seat in acting.seats]
    heapq.heapify(queue)
    while queue:
        now, seat = heapq.heappop(queue)
        if now > deadline:
            break
        if seat not in state.acting().seats:
            continue
        legal = state.legal_actions(seat)
        answer = _bot(bots, seat).act(state.view(seat, now), legal,
                                      Clock(now, clock_deadline, window_id))
        if isinstance(answer, Wait):
            # Time must move on, or a bot that keeps waiting for "now" would never let
            # the window reach its deadline.
            heapq.heappush(queue, (max(answer.until_ms, now + 1.0), seat))
            continue
        state.apply(seat, answer, now)
        choosers.discard(seat)
        if not still_open():
            return
        if kind == "window":
            heapq.heappush(queue, (now, seat))  # may act again (a second hand)
    if still_open():
        state.expire_window()


def _bot(bots: Sequence[Bot | None], seat: int) -> Bot:
    bot = bots[seat]
    if bot is None:
        raise ValueError(f"seat {seat} has no bot to play it")
    return bot
