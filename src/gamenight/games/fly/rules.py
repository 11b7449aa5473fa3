"""FLY (Perplext, Chris Handy, 2014; Pack O Game no. 4): the rules as a state machine.

Phases: ``layout`` (chance: the shuffle that lays out the table) -> ``aim`` (the player
with the swatter aims a drop) -> ``landing`` (chance: where the fluttering card lands;
covered flies are collected and the table consolidated) -> ``aim`` ... -> ``over``.
Each step emits what happened as events (``events``); a position (``position``) sets up
any table.  See docs/rules/fly.md for every rulebook sentence mapped to this code and its
tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from gamenight.engine import (
    BY_CHANCE,
    NOBODY,
    Acting,
    Game,
    GameState,
    IllegalAction,
    Option,
    OptionError,
    Outcome,
    turn_of,
)
from gamenight.engine.checks import describe
from gamenight.engine.events import Event
from gamenight.engine.game import JSON, BotFactory, Refers
from gamenight.engine.pace import Pace
from gamenight.engine.standings import Standings
from gamenight.games.fly import positions
from gamenight.games.fly.actions import (
    AIM_LIMIT,
    GRID_FOR_CARDS,
    Drop,
    FlyAction,
    aim_over_table,
    parse_action,
)
from gamenight.games.fly.cards import (
    DECK_SIZE,
    TABLE_CARDS,
    card_json,
    copy_table_card,
    table_card_json,
)
from gamenight.games.fly.events import (
    EVENT_TYPES,
    FliesCollected,
    GameOver,
    Reason,
    SwatterDropped,
    SwatterLanded,
    TableConsolidated,
    TableLaidOut,
    swatter_dropped,
    swatter_passed,
)
from gamenight.games.fly.geometry import cover_reach, covered_flies, fly_centre
from gamenight.games.fly.landing import LastDrop, draw_landing, parse_landing
from gamenight.games.fly.table import consolidate, score
from gamenight.games.fly.views import FlyView, Move, Phase, TableCardView

#: Each card's view data at each place, made once (every view copies them).
_TABLE_JSON: tuple[tuple[TableCardView, ...], ...] = tuple(
    tuple(table_card_json(card, slot, fly_centre(card, slot)) for card in range(DECK_SIZE))
    for slot in range(TABLE_CARDS))
#: (place, card, x, y) of each card's fly at each place, None for a blank: made once.
_FLY_AT: tuple[tuple[tuple[int, int, float, float] | None, ...], ...] = tuple(
    tuple(None if (c := fly_centre(card, slot)) is None else (slot, card, c[0], c[1])
          for card in range(DECK_SIZE))
    for slot in range(TABLE_CARDS))


#: A LastDrop's fields as the landing leaves them: seat, aim, landing, covered, the table
#: before, the moves.
_LastFields = tuple[int, Drop, tuple[float, float, float], tuple[int, ...], list[int],
                    tuple[Move, ...]]


class FlyState(GameState[FlyAction]):
    """A game of FLY in progress."""

    # How a clone copies the game's fields: shared, as numbers, the drop in the air (an
    # action, frozen) and what is replaced whole at each landing, never changed in
    # place (the latest drop's record holds a table list that is replaced, never
    # changed, too) ...
    shared_when_cloned = ("current", "phase", "aim", "drops", "truncated", "sigma_pos",
                          "sigma_angle", "_reach_u", "_reach_v", "_flies", "_last", "_drawn")
    # ... or copied one level down (the table's card ids), or two (each seat's flies).
    flat_when_cloned = ("table",)
    rows_when_cloned = ("collected",)

    def __init__(self, game: Fly, players: int, seed: int, options: dict[str, Any], *,
                 twin: bool = False) -> None:
        super().__init__(game, players, seed, options, twin=twin)
        if twin:  # a clone's blank: GameState.__deepcopy__ gives it every part
            return
        self.table: list[int] = []  # card ids in place order (row 1, row 2, row 3)
        self.collected: list[list[int]] = [[] for _ in range(players)]
        self.current = 0  # the youngest player starts: seat 0
        self.phase: Phase = "layout"
        self.aim: Drop | None = None  # the drop in the air, waiting for its landing
        self.drops = 0
        self.truncated = False
        # The latest drop: a LastDrop, or its fields until someone asks (``last``).
        self._last: LastDrop | _LastFields | None = None
        scale = options["flutter"]
        self.sigma_pos: float = options["sigma_pos"] * scale
        self.sigma_angle: float = options["sigma_angle"] * scale
        radius = options["fly_diameter"] / 2
        # A fly is covered when its centre lies within these half-sizes in the swatter's
        # frame: the swatter's half-sizes shrunk by the fly's radius.
        self._reach_u, self._reach_v = cover_reach(radius, options["swatter_width"],
                                                   options["swatter_length"])
        self._flies: list[tuple[int, int, float, float]] = []  # (slot, card, x, y)
        self._drawn: tuple[str, tuple[float, float, float]] | None = None  # last landing

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        phase = self.phase
        if phase == "aim":
            return turn_of(self.current)
        if phase == "over":
            return NOBODY
        return BY_CHANCE

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[FlyAction]:
        """The aim grid over the cards still on the table (see ``actions.AIM_GRID``).

        Any other aim over the table is legal too; the grid is the finite set offered for
        random play and discrete encodings.
        """
        if self.phase != "aim" or seat != self.current:
            return []
        return list(GRID_FOR_CARDS[len(self.table)])

    def _verify(self, seat: int, action: FlyAction, at_ms: float | None) -> None:
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
                or not aim_over_table(action.x100, action.y100, len(self.table))):
            x, y = (f"{v / 100:.2f}" if abs(v) <= AIM_LIMIT else "far away"
                    for v in (action.x100, action.y100))
            raise IllegalAction(
                f"aim ({x}, {y}) is not over the table: "
                "the swatter must be dropped over a card still on the table")

    def _do(self, seat: int, action: FlyAction, at_ms: float | None) -> None:
        self.aim = action
        self.drops += 1
        self.phase = "landing"
        self.emit(swatter_dropped(seat, action.x100, action.y100, action.angle))

    # -- chance: the layout, and where the fluttering swatter lands --------------------
    def _sample_chance(self) -> JSON:
        if self.phase == "layout":
            deck = list(range(DECK_SIZE))
            self.rng.shuffle(deck)
            return deck
        aim = self.aim
        assert self.phase == "landing" and aim is not None, "the engine draws only when due"
        # Written as text, "X Y ANGLE" (1/10000 in, 1/100 degree): the landing carried
        # out is exactly the one the record shows.  Kept, so the hot loop need not parse
        # its own text again.
        self._drawn = draw_landing(self.rng, aim, self.sigma_pos, self.sigma_angle)
        return self._drawn[0]

    def _verify_chance(self, outcome: JSON) -> None:
        if self.phase == "layout":
            # Card ids are plain ints: 0.0 and False compare equal to 0 but are no card.
            if (not isinstance(outcome, list) or any(type(c) is not int for c in outcome)
                    or sorted(outcome) != list(range(DECK_SIZE))):
                raise IllegalAction(f"a layout is an order of the {DECK_SIZE} table cards")
            return
        if self._landing(outcome) is None:
            raise IllegalAction(
                "a landing is 'X Y ANGLE': inches (up to 4 decimals) and degrees 0 up to 180 "
                f"(up to 2 decimals), not {describe(outcome)}")

    def _do_chance(self, outcome: JSON) -> None:
        if self.phase == "layout":
            # Cards are laid in the shuffled order: row 1 left to right, then rows 2, 3.
            self.table = list(outcome)
            self._place_flies()
            self.phase = "aim"
            self.emit(TableLaidOut(tuple(self.table)))
            return
        aim = self.aim
        assert aim is not None
        landing = self._landing(outcome)
        assert landing is not None
        slots = self.covered_slots(*landing)
        seat = self.current
        before = self.table
        covered = tuple([before[s] for s in slots])
        moves: tuple[Move, ...] = ()
        self.emit_new(SwatterLanded, seat, *landing, covered)
        if covered:
            mine = self.collected[seat]
            mine.extend(covered)
            self.emit_new(FliesCollected, seat, covered, score(mine), len(mine))
            self.table, made = consolidate(before, slots)
            moves = tuple(made)
            self._place_flies()
            self.emit_new(TableConsolidated, moves)
        # Made into a LastDrop only when asked for (views, records): random play never asks.
        self._last = (seat, aim, landing, covered, before, moves)
        self.aim = None
        if not self._flies:
            self._end("only-blanks-left")
        elif self.drops >= self.options["max_drops"]:
            self.truncated = True
            self._end("cap")
        else:
            # Whatever the outcome, the swatter passes to the player on the left.
            self.phase = "aim"
            self.current = (seat + 1) % self.players
            self.emit(swatter_passed(self.current))

    def _end(self, reason: Reason) -> None:
        self.phase = "over"
        out = self.outcome()
        assert out is not None
        self.emit(GameOver(reason, tuple(score(mine) for mine in self.collected),
                           out.winners))

    def _landing(self, text: object) -> tuple[float, float, float] | None:
        """The landing written as ``text``: the one just drawn, or parsed."""
        drawn = self._drawn
        if drawn is not None and drawn[0] is text:
            return drawn[1]
        return parse_landing(text)

    @property
    def last(self) -> LastDrop | None:
        """The public facts of the latest drop (None before the first)."""
        last = self._last
        if isinstance(last, tuple):
            seat, aim, landing, covered, before, moves = last
            # The table list is replaced, never changed in place, so ``before`` is still
            # the table the swatter landed on.
            last = self._last = LastDrop(seat, aim, landing, covered, tuple(before), moves)
        return last

    @last.setter
    def last(self, value: LastDrop | None) -> None:
        self._last = value

    def _place_flies(self) -> None:
        at = _FLY_AT
        self._flies = [f for slot, card in enumerate(self.table)
                       if (f := at[slot][card]) is not None]

    def covered_slots(self, x: float, y: float, angle: float) -> list[int]:
        """The places whose fly lies wholly under a swatter landed at (x, y, angle)."""
        return covered_flies(self._flies, x, y, angle, self._reach_u, self._reach_v)

    # -- information ------------------------------------------------------------------
    def _view(self, seat: int | None,
              at_ms: float | None) -> FlyView:
        """Everything in FLY is public: the table, every collected card, the last drop."""
        opts = self.options
        v: FlyView = {
            "game": "fly",
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "drops": self.drops,
            "max_drops": opts["max_drops"],
            "current": self.current,
            "table": [copy_table_card(_TABLE_JSON[slot][card])
                      for slot, card in enumerate(self.table)],
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

    @property
    def standing(self) -> tuple[float, ...]:
        """Each seat's standing as the game's end ranks it: its points, then its flies
        (a fraction of a point).  The master's rollouts stop a few drops ahead and
        are valued by it (``MasterPlan.horizon``)."""
        return tuple(score(mine) + len(mine) / (TABLE_CARDS + 1) for mine in self.collected)

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = [score(mine) for mine in self.collected]
        # Tie: the player with the most flies wins; still tied: a shared win.
        return Outcome.from_keys(scores, [[len(mine)] for mine in self.collected],
                                 truncated=self.truncated,
                                 reason="cap" if self.truncated else "only-blanks-left")

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

    # -- positions --------------------------------------------------------------------
    def _position(self) -> positions.FlyPosition:
        return positions.write(positions.Setup(
            self.phase, self.drops, self.current, list(self.table),
            [list(mine) for mine in self.collected], self.aim, self.last))

    def _set_up(self, setup: positions.Setup) -> None:
        """Lay the table out as a checked position says."""
        self.phase = setup.phase
        self.drops = setup.drops
        self.current = setup.current
        self.table = list(setup.table)
        self.collected = [list(mine) for mine in setup.collected]
        self.aim = setup.aim
        self.last = setup.last
        self.truncated = setup.truncated
        self._place_flies()

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


# A variant, or a test's game with a hook left as ``Game`` has it, may subclass the
# definition: compiled by mypyc, that is allowed only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class Fly(Game):
    """FLY: drop the swatter card onto the table of flies; collect sets of colours and
    symbols."""

    id: ClassVar[str] = "fly"
    title: ClassVar[str] = "FLY"
    credits: ClassVar[str] = "Perplext, Chris Handy, 2014 (Pack O Game no. 4)"
    blurb: ClassVar[str] = ("Drop the swatter card on a table of flies and collect sets of "
                            "colours and symbols.")
    end_reasons: ClassVar[Mapping[str, str]] = {
        "only-blanks-left": "Only the two blank cards were left on the table.",
        "cap": "The safety cap on the game's length ended it early.",
    }
    min_players: ClassVar[int] = 1  # 2-4 players, and 1 for practice
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[str] = "1"
    default_bot: ClassVar[str] = "aimer"
    action_types: ClassVar[tuple[type, ...]] = (Drop,)
    view_type: ClassVar[type | None] = FlyView
    event_types: ClassVar[tuple[type[Event], ...]] = EVENT_TYPES
    # Every number is finite and within its bounds (Option.check), said in its help.
    options: ClassVar[tuple[Option, ...]] = (
        Option("fly_diameter", 0.55, "a fly's round footprint, inches across (0.05 to 0.75)",
               minimum=0.05, maximum=0.75,
               label="Fly size (inches)"),
        Option("swatter_width", 1.0, "the swatter card's width in inches (0.1 to 9)",
               minimum=0.1, maximum=9.0,
               label="Swatter width (inches)"),
        Option("swatter_length", 3.0, "the swatter card's length in inches (0.1 to 9)",
               minimum=0.1, maximum=9.0,
               label="Swatter length (inches)"),
        Option("sigma_pos", 0.35, "flutter: standard deviation of the landing's drift "
               "in x and in y, inches (0 to 10)", minimum=0.0, maximum=10.0,
               label="Drift of a landing (inches)"),
        Option("sigma_angle", 20.0, "flutter: standard deviation of the landing's turn, "
               "degrees (0 to 360)", minimum=0.0, maximum=360.0,
               label="Turn of a landing (degrees)"),
        Option("flutter", 1.0, "steadiness: scales both flutters (0 lands exactly on "
               "the aim, 2 is a shaky hand; 0 to 10)", minimum=0.0, maximum=10.0,
               label="Flutter"),
        Option("max_drops", 1000, "safety cap: the game ends, truncated, after this many "
               "drops", minimum=1,
               label="Safety cap on drops"),
    )

    def _new(self, players: int, seed: int, **options: Any) -> FlyState:
        opts = self.resolve_options(players, options)
        _check_sizes(opts)
        return FlyState(self, players, seed, opts)

    def _from_position(self, players: int, seed: int, options: dict[str, Any],
                       state: JSON) -> FlyState:
        try:
            _check_sizes(options)
        except OptionError as exc:
            raise IllegalAction(f"not a position this game offers: {exc}") from None
        fly = FlyState(self, players, seed, options)
        fly._set_up(positions.read(state, players, options))
        return fly

    def refers(self, action: FlyAction) -> Refers:
        """A drop refers to its aim: the point in inches and the angle in degrees."""
        if isinstance(action, Drop):
            return {"x": action.x, "y": action.y, "angle": action.angle}
        return {}

    def _parse_action(self, text: str) -> FlyAction:
        return parse_action(text)

    def bots(self) -> dict[str, BotFactory]:
        from gamenight.bots.master import master_for
        from gamenight.games.fly.bots import AimerBot, RandomDropBot
        from gamenight.games.fly.search import PLAN

        return {"random": RandomDropBot, "aimer": AimerBot, "master": master_for(self, PLAN)}

    # -- what the balance lab knows of the game (lab/length.py, lab/drama.py) ------------
    #: A drop: pick up the swatter, aim over the 9 x 3 table, hold it above the sky card.
    #: Each later chance step is the swatter landing: check which flies are completely
    #: covered, collect them, consolidate the table card by card.  Setup: lay the 27
    #: cards out so that the cloth runs on, stand the box and the sky card.
    pace: ClassVar[Pace] = Pace(think_s=6.0, settle_s=0.0, handle_s=6.0, overhead_s=60.0)

    def count_turns(self, events: Sequence[Event]) -> int:
        """A turn is a drop of the swatter (``SwatterDropped``)."""
        return sum(1 for e in events if isinstance(e, SwatterDropped))

    def standings(self, players: int) -> Standings:
        """The points of the flies collected so far (``standings.FlyStandings``)."""
        from gamenight.games.fly.standings import FlyStandings

        return FlyStandings(players)


def _check_sizes(options: dict[str, Any]) -> None:
    """A fly must fit under the swatter, or no fly could ever be collected."""
    smallest = min(options["swatter_width"], options["swatter_length"])
    if options["fly_diameter"] > smallest:
        raise OptionError(
            f"a fly {options['fly_diameter']} in across can never lie inside a swatter "
            f"{options['swatter_width']} x {options['swatter_length']} in")


GAME = Fly()
