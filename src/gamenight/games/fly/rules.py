"""FLY (Perplext, Chris Handy, 2014; Pack O Game no. 4): the rules as a state machine.

Phases: ``layout`` (chance: the shuffle that lays out the table) -> ``aim`` (the player
with the swatter aims a drop) -> ``landing`` (chance: where the fluttering card lands;
covered flies are collected and the table consolidated) -> ``aim`` ... -> ``over``.
See docs/rules/fly.md for every rulebook sentence mapped to this code and its tests.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from typing import Any, ClassVar

from gamenight.engine import Acting, Game, GameState, IllegalAction, Option, OptionError, Outcome
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON, BotFactory, View
from gamenight.games.fly.actions import AIM_LIMIT, GRID_FOR_CARDS, Action, Drop, parse_action
from gamenight.games.fly.cards import (
    DECK_SIZE,
    TABLE_CARDS,
    card_json,
    name,
)
from gamenight.games.fly.geometry import cover_reach, fly_centre, over_table
from gamenight.games.fly.table import Move, consolidate, score

_ACT = tuple(Acting("turn", (s,)) for s in range(8))
_CHANCE = Acting("chance")
_OVER = Acting("over")
#: (place, card, x, y) of each card's fly at each place, None for a blank: made once.
_FLY_AT: tuple[tuple[tuple[int, int, float, float] | None, ...], ...] = tuple(
    tuple(None if (c := fly_centre(card, slot)) is None else (slot, card, c[0], c[1])
          for card in range(DECK_SIZE))
    for slot in range(TABLE_CARDS))
#: A landing's numbers have few digits before the point (a landing is within inches of
#: the table), so no text reads as one too far away for a float, or infinitely far.
_LANDING = re.compile(r"(-?\d{1,6}\.\d{4}) (-?\d{1,6}\.\d{4}) (\d{1,3}\.\d\d)", re.ASCII)


def parse_landing(text: object) -> tuple[float, float, float] | None:
    """(x, y, angle) from a landing's text 'X Y ANGLE'; None if it is not one."""
    if not isinstance(text, str):
        return None
    m = _LANDING.fullmatch(text)
    if m is None:
        return None
    angle = float(m[3])
    if angle >= 180.0:
        return None
    return float(m[1]), float(m[2]), angle


class LastDrop:
    """The public facts of the latest drop, for views and the screen: who dropped, the
    aim, the landing, the flies covered, the table as the swatter landed on it, and the
    consolidation moves that followed."""

    __slots__ = ("aim", "before", "covered", "landing", "moves", "seat")

    def __init__(self, seat: int, aim: Drop, landing: tuple[float, float, float],
                 covered: list[int], before: list[int], moves: list[Move]) -> None:
        self.seat = seat
        self.aim = aim
        self.landing = landing
        self.covered = covered
        self.before = before
        self.moves = moves

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "aim": {"x": self.aim.x, "y": self.aim.y, "angle": self.aim.angle},
            "landing": {"x": self.landing[0], "y": self.landing[1], "angle": self.landing[2]},
            "covered": list(self.covered),
            "before": list(self.before),
            "moves": [m.to_json() for m in self.moves],
        }


class FlyState(GameState):
    """A game of FLY in progress."""

    game: Fly

    def __init__(self, game: Fly, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        self.table: list[int] = []  # card ids in place order (row 1, row 2, row 3)
        self.collected: list[list[int]] = [[] for _ in range(players)]
        self.current = 0  # the youngest player starts: seat 0
        self.phase = "layout"
        self.aim: Drop | None = None  # the drop in the air, waiting for its landing
        self.drops = 0
        self.truncated = False
        self.last: LastDrop | None = None
        scale = options["flutter"]
        self.sigma_pos: float = options["sigma_pos"] * scale
        self.sigma_angle: float = options["sigma_angle"] * scale
        radius = options["fly_diameter"] / 2
        # A fly is covered when its centre lies within these half-sizes in the swatter's
        # frame: the swatter's half-sizes shrunk by the fly's radius.
        self._reach_u, self._reach_v = cover_reach(radius, options["swatter_width"],
                                                   options["swatter_length"])
        # No fly whose centre is farther than half the swatter's diagonal can be inside.
        self._reach2 = (options["swatter_width"] / 2) ** 2 + (options["swatter_length"] / 2) ** 2
        self._flies: list[tuple[int, int, float, float]] = []  # (slot, card, x, y)
        self._drawn: tuple[str, tuple[float, float, float]] | None = None  # last landing

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        phase = self.phase
        if phase == "aim":
            return _ACT[self.current]
        if phase == "over":
            return _OVER
        return _CHANCE

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Any]:
        """The aim grid over the cards still on the table (see ``actions.AIM_GRID``).

        Any other aim over the table is legal too; the grid is the finite set offered for
        random play and discrete encodings.
        """
        if self.phase != "aim" or seat != self.current:
            return []
        return list(GRID_FOR_CARDS[len(self.table)])

    def _verify(self, seat: int, action: Any, at_ms: float | None) -> None:
        phase = self.phase
        if phase != "aim":
            if phase == "over":
                raise IllegalAction("the game is over")
            if phase == "layout":
                raise IllegalAction("the table has not been laid out yet")
            raise IllegalAction("the swatter is still falling")
        if seat != self.current:
            raise IllegalAction(f"seat {self.current} holds the swatter, not seat {seat}")
        # The engine has checked that the action is a Drop of whole numbers.
        if not 0 <= action.angle < 180:
            raise IllegalAction(f"the angle is 0 to 179 degrees, not {action.angle}")
        if (not (-AIM_LIMIT <= action.x100 <= AIM_LIMIT and -AIM_LIMIT <= action.y100
                 <= AIM_LIMIT)
                or not over_table(action.x100 / 100, action.y100 / 100, len(self.table))):
            x, y = (f"{v / 100:.2f}" if abs(v) <= AIM_LIMIT else "far away"
                    for v in (action.x100, action.y100))
            raise IllegalAction(
                f"aim ({x}, {y}) is not over the table: "
                "the swatter must be dropped over a card still on the table")

    def _do(self, seat: int, action: Any, at_ms: float | None) -> None:
        self.aim = action
        self.drops += 1
        self.phase = "landing"
        if self.narrate:
            self.say(f"Seat {seat} drops the swatter aimed at ({action.x:.2f}, "
                     f"{action.y:.2f}) turned {action.angle} degrees.")

    # -- chance: the flutter --------------------------------------------------------
    def _sample_chance(self) -> JSON:
        if self.phase == "layout":
            deck = list(range(DECK_SIZE))
            self.rng.shuffle(deck)
            return deck
        aim = self.aim
        assert self.phase == "landing" and aim is not None, "the engine draws only when due"
        gauss = self.rng.gauss
        # The falling card drifts and turns: dx, dy ~ N(0, sigma_pos), dangle ~
        # N(0, sigma_angle).  Written as text, "X Y ANGLE" (1/10000 in, 1/100 degree):
        # the landing carried out is exactly the one the record shows.
        x = aim.x100 / 100 + gauss(0.0, self.sigma_pos)
        y = aim.y100 / 100 + gauss(0.0, self.sigma_pos)
        angle = (aim.angle + gauss(0.0, self.sigma_angle)) % 180.0
        if angle >= 179.995:  # would print as 180.00, the same swatter as 0.00
            angle = 0.0
        xs, ys, angles = f"{x:.4f}", f"{y:.4f}", f"{angle:.2f}"
        text = f"{xs} {ys} {angles}"
        # The landing's numbers are read back from its text, so the landing carried out
        # is exactly the recorded one; kept so the hot loop need not parse it again.
        self._drawn = (text, (float(xs), float(ys), float(angles)))
        return text

    def _verify_chance(self, outcome: JSON) -> None:
        if self.phase == "layout":
            # Card ids are plain ints: 0.0 and False compare equal to 0 but are no card.
            if (not isinstance(outcome, list) or any(type(c) is not int for c in outcome)
                    or sorted(outcome) != list(range(DECK_SIZE))):
                raise IllegalAction(f"a layout is an order of the {DECK_SIZE} table cards")
            return
        if self._landing(outcome) is None:
            raise IllegalAction(
                "a landing is 'X Y ANGLE': inches (4 decimals) and degrees 0 to 180 "
                f"(2 decimals), not {describe(outcome)}")

    def _do_chance(self, outcome: JSON) -> None:
        if self.phase == "layout":
            # Cards are laid in the shuffled order: row 1 left to right, then rows 2, 3.
            self.table = list(outcome)
            self._place_flies()
            self.phase = "aim"
            self.say("The table is laid out: 9 x 3 cards, the box beside row 1.")
            return
        aim = self.aim
        assert aim is not None
        landing = self._landing(outcome)
        assert landing is not None
        lx, ly, angle = landing
        slots = self.covered_slots(lx, ly, angle)
        seat = self.current
        before = self.table
        covered = [before[s] for s in slots]
        moves: list[Move] = []
        if covered:
            self.collected[seat].extend(covered)
            self.table, moves = consolidate(before, slots)
            self._place_flies()
        if self.narrate:
            where = f"It lands at ({lx:.2f}, {ly:.2f}), {angle:.0f} degrees"
            self.say(f"{where}, covering {', '.join(name(c) for c in covered)}: seat {seat} "
                     f"collects {'them' if len(covered) > 1 else 'it'}." if covered else
                     f"{where}, covering no fly completely.")
        self.last = LastDrop(seat, aim, (lx, ly, angle), covered, before, moves)
        self.aim = None
        if not self._flies:
            self.phase = "over"
            self.say("Only the two blank cards remain: the game is over.")
        elif self.drops >= self.options["max_drops"]:
            self.phase = "over"
            self.truncated = True
            self.say("The safety cap on drops ended the game.")
        else:
            # Whatever the outcome, the swatter passes to the player on the left.
            self.phase = "aim"
            self.current = (seat + 1) % self.players

    def _landing(self, text: object) -> tuple[float, float, float] | None:
        """The landing written as ``text``: the one just drawn, or parsed."""
        drawn = self._drawn
        if drawn is not None and drawn[0] is text:
            return drawn[1]
        return parse_landing(text)

    def _place_flies(self) -> None:
        at = _FLY_AT
        self._flies = [f for slot, card in enumerate(self.table)
                       if (f := at[slot][card]) is not None]

    def covered_slots(self, x: float, y: float, angle: float) -> list[int]:
        """The places whose fly lies wholly under a swatter landed at (x, y, angle)."""
        a = math.radians(angle)
        cos_a, sin_a = math.cos(a), math.sin(a)
        reach_u, reach_v, reach2 = self._reach_u, self._reach_v, self._reach2
        out = []
        for slot, _card, fx, fy in self._flies:
            dx = fx - x
            dy = fy - y
            if dx * dx + dy * dy > reach2:
                continue
            if (abs(dx * cos_a + dy * sin_a) <= reach_u
                    and abs(dy * cos_a - dx * sin_a) <= reach_v):
                out.append(slot)
        return out

    # -- information ------------------------------------------------------------------
    def _view(self, seat: int | None, at_ms: float | None) -> View:
        """Everything in FLY is public: the table, every collected card, the last drop."""
        opts = self.options
        table = []
        for slot, card in enumerate(self.table):
            entry = card_json(card)
            entry["slot"] = slot
            centre = fly_centre(card, slot)
            entry["fly"] = None if centre is None else list(centre)
            table.append(entry)
        v: View = {
            "game": self.game.id,
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "drops": self.drops,
            "max_drops": opts["max_drops"],
            "current": self.current,
            "table": table,
            "collected": [[card_json(c) for c in mine] for mine in self.collected],
            "scores": [score(mine) for mine in self.collected],
            "swatter": {"width": opts["swatter_width"], "length": opts["swatter_length"]},
            "fly_diameter": opts["fly_diameter"],
            "flutter": {"sigma_pos": self.sigma_pos, "sigma_angle": self.sigma_angle},
            "aim": None if self.aim is None else {
                "x": self.aim.x, "y": self.aim.y, "angle": self.aim.angle},
            "last_drop": None if self.last is None else self.last.to_json(),
        }
        if self.phase == "over":
            out = self.outcome()
            assert out is not None
            v["outcome"] = out.to_json()
        return v

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = [score(mine) for mine in self.collected]
        # Tie: the player with the most flies wins; still tied: a shared win.
        return Outcome.from_keys(scores, [[len(mine)] for mine in self.collected],
                                 truncated=self.truncated)

    def snapshot(self) -> JSON:
        return {
            "phase": self.phase,
            "current": self.current,
            "drops": self.drops,
            "table": self.table,
            "collected": self.collected,
            "aim": None if self.aim is None else str(self.aim),
            "truncated": self.truncated,
            "last": None if self.last is None else self.last.to_json(),
        }

    def _resample(self, seat: int, rng: random.Random) -> FlyState:
        """A state ``seat`` cannot tell from this one.  Everything in FLY is public
        (Decision 8): every seat saw the layout, every aim and every landing, so the
        history is kept whole and only the generator, the landings still to come, is
        drawn afresh from ``rng``."""
        state = self.remade(self.history, rng.getrandbits(64))
        assert isinstance(state, FlyState)
        return state

    def card_places(self) -> dict[int, str]:
        """Where every card is (for checking that cards are conserved)."""
        places = {c: f"table {slot}" for slot, c in enumerate(self.table)}
        for s, mine in enumerate(self.collected):
            places.update((c, f"collected {s}") for c in mine)
        return places

    def flies_on_table(self) -> int:
        return len(self._flies)


class Fly(Game):
    """FLY: drop the swatter card onto the table of flies; collect sets of colours and
    symbols."""

    id: ClassVar[str] = "fly"
    title: ClassVar[str] = "FLY"
    credits: ClassVar[str] = "Perplext, Chris Handy, 2014 (Pack O Game no. 4)"
    min_players: ClassVar[int] = 1  # 2-4 players, and 1 for practice
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[str] = "1"
    default_bot: ClassVar[str] = "aimer"
    action_types: ClassVar[tuple[type, ...]] = (Drop,)
    # Every number is finite and within its bounds (Option.check), said in its help.
    options: ClassVar[tuple[Option, ...]] = (
        Option("fly_diameter", 0.55, "a fly's round footprint, inches across (0.05 to 0.75)",
               minimum=0.05, maximum=0.75),
        Option("swatter_width", 1.0, "the swatter card's width in inches (0.1 to 9)",
               minimum=0.1, maximum=9.0),
        Option("swatter_length", 3.0, "the swatter card's length in inches (0.1 to 9)",
               minimum=0.1, maximum=9.0),
        Option("sigma_pos", 0.35, "flutter: standard deviation of the landing's drift "
               "in x and in y, inches (0 to 10)", minimum=0.0, maximum=10.0),
        Option("sigma_angle", 20.0, "flutter: standard deviation of the landing's turn, "
               "degrees (0 to 360)", minimum=0.0, maximum=360.0),
        Option("flutter", 1.0, "steadiness: scales both flutters (0 lands exactly on "
               "the aim, 2 is a shaky hand; 0 to 10)", minimum=0.0, maximum=10.0),
        Option("max_drops", 1000, "safety cap: the game ends, truncated, after this many "
               "drops", minimum=1),
    )

    def new(self, players: int, seed: int = 0, **options: Any) -> FlyState:
        opts = self.resolve_options(players, options)
        smallest = min(opts["swatter_width"], opts["swatter_length"])
        if opts["fly_diameter"] > smallest:
            raise OptionError(
                f"a fly {opts['fly_diameter']} in across can never lie inside a swatter "
                f"{opts['swatter_width']} x {opts['swatter_length']} in")
        return FlyState(self, players, seed, opts)

    def _parse_action(self, text: str) -> Action:
        return parse_action(text)

    def bots(self) -> dict[str, BotFactory]:
        from gamenight.games.fly.bots import AimerBot, RandomDropBot

        return {"random": RandomDropBot, "aimer": AimerBot}

    def micro_benchmarks(self) -> dict[str, Callable[[], object]]:
        from gamenight.games.fly.bots import AimerBot

        state = self.new(4, seed=1)
        state.draw_chance()
        full = list(state.table)
        view = state.view(0)
        legal = state.legal_actions(0)
        aimer = AimerBot(seat=0, seed=1)

        def judge() -> object:
            return state.covered_slots(4.5, 4.5, 30.0)

        def consolidate_two() -> object:
            return consolidate(full, {3, 13})

        def aimer_decides() -> object:
            from gamenight.bots.base import Clock

            return aimer.act(view, legal, Clock())

        return {"judge a landing over a full table": judge,
                "consolidate after two cards are collected": consolidate_two,
                "aimer chooses a drop over a full table (candidates known)": aimer_decides}


GAME = Fly()
