"""A tiny game that uses the parts of the core Fliegen klatschen does not: explicit
chance with listed outcomes and simultaneous secret choices.

Dice duel: each of ``rounds`` rounds a die is rolled (chance, six outcomes); then every
seat secretly bids 0-3 (simultaneous); the highest bid alone scores the die, tied top
bids score nothing; every bid is paid from the seat's score.  Then seat ``round % n``
chooses ``double`` or ``stop`` (a turn): ``double`` doubles its score once per game.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gamenight.engine import (
    PASS,
    Acting,
    Game,
    GameState,
    IllegalAction,
    Option,
    Outcome,
    Pass,
    Step,
    View,
)
from gamenight.engine.game import JSON


class DiceDuelState(GameState):
    # How a clone copies each part (``GameState.shared_when_cloned``).
    shared_when_cloned = ("round", "die", "phase")
    flat_when_cloned = ("bids", "scores", "doubled")

    def __init__(self, game: DiceDuel, players: int, seed: int, options: dict[str, Any], *,
                 twin: bool = False) -> None:
        super().__init__(game, players, seed, options, twin=twin)
        if twin:  # a clone's blank: GameState.__deepcopy__ gives it every part
            return
        self.round = 0
        self.die = 0
        self.phase = "roll"
        self.bids: dict[int, int] = {}
        self.scores = [0] * players
        self.doubled = [False] * players

    def acting(self) -> Acting:
        if self.phase == "roll":
            return Acting("chance")
        if self.phase == "bid":
            deadline = self.options["deadline_ms"] or None
            return Acting("simultaneous", tuple(s for s in range(self.players)
                                                if s not in self.bids), deadline)
        if self.phase == "choose":
            return Acting("turn", (self.round % self.players,))
        return Acting("over")

    def _legal_actions(self, seat: int) -> list[Any]:
        if self.phase == "bid" and seat not in self.bids:
            # With a deadline, a seat that lets it pass bids nothing.
            timed: list[Any] = [PASS] if self.options["deadline_ms"] else []
            return ["bid 0", "bid 1", "bid 2", "bid 3", *timed]
        if self.phase == "choose" and seat == self.round % self.players:
            return ["stop"] if self.doubled[seat] else ["double", "stop"]
        return []

    def _verify(self, seat: int, action: Any, at_ms: float | None) -> None:
        if action not in self._legal_actions(seat):
            raise IllegalAction(f"seat {seat} may not {action!r} now")

    def _do(self, seat: int, action: Any, at_ms: float | None) -> None:
        if self.phase == "bid":
            self.bids[seat] = 0 if action == PASS else int(action.split()[1])
            if len(self.bids) == self.players:
                top = max(self.bids.values())
                leaders = [s for s, b in self.bids.items() if b == top]
                for s, b in self.bids.items():
                    self.scores[s] -= b
                if len(leaders) == 1:
                    self.scores[leaders[0]] += self.die
                self.bids = {}
                self.phase = "choose"
            return
        if action == "double":
            self.scores[seat] *= 2
            self.doubled[seat] = True
        self.round += 1
        self.phase = "over" if self.round >= self.options["rounds"] else "roll"

    def chance_outcomes(self) -> list[tuple[JSON, float]] | None:
        return [(face, 1 / 6) for face in range(1, 7)]

    def _sample_chance(self) -> JSON:
        return self.rng.randint(1, 6)

    def _verify_chance(self, outcome: JSON) -> None:
        if outcome not in range(1, 7):
            raise IllegalAction(f"a die shows 1 to 6, not {outcome!r}")

    def _do_chance(self, outcome: JSON) -> None:
        self.die = outcome
        self.phase = "bid"

    def _view(self, seat: int | None, at_ms: float | None) -> View:
        v: View = {"round": self.round, "die": self.die, "scores": list(self.scores),
                   "phase": self.phase, "bids_in": sorted(self.bids)}
        if seat is not None and seat in self.bids:
            v["my_bid"] = self.bids[seat]
        return v

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome.from_keys(self.scores, [[-int(d)] for d in self.doubled])

    def _resample(self, seat: int, rng: random.Random) -> DiceDuelState:
        # Hidden: the bids others have made in the bid now open (a bid is secret until
        # every bid is in).  Redraw them; everything else was seen by everyone.
        steps = list(self.history)
        if self.phase == "bid":
            first = len(steps) - len(self.bids)
            steps[first:] = [Step(s.seat, rng.choice(["bid 0", "bid 1", "bid 2", "bid 3"])
                                  if s.seat != seat else s.value, s.at_ms)
                             for s in steps[first:]]
        state = self.remade(steps, rng.getrandbits(64))
        assert isinstance(state, DiceDuelState)
        return state

    def snapshot(self) -> JSON:
        return {"round": self.round, "die": self.die, "phase": self.phase,
                "bids": sorted(self.bids.items()), "scores": self.scores,
                "doubled": self.doubled}


class DiceDuel(Game):
    id: ClassVar[str] = "dice-duel"
    title: ClassVar[str] = "Dice duel (test game)"
    credits: ClassVar[str] = "gamenight tests"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[str] = "1"
    action_types: ClassVar[tuple[type, ...]] = (str, Pass)
    options: ClassVar[tuple[Option, ...]] = (
        Option("rounds", 3, "rounds to play", minimum=1, maximum=20),
        Option("deadline_ms", 0, "ms to bid (0: no deadline)", minimum=0),
    )

    def _new(self, players: int, seed: int, **options: Any) -> DiceDuelState:
        return DiceDuelState(self, players, seed, self.resolve_options(players, options))

    def _parse_action(self, text: str) -> Any:
        return PASS if text == "pass" else text


DICE_DUEL = DiceDuel()
