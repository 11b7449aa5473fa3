"""Fliegen klatschen for the research adapters: action numbers and observation tensors.

Actions (``docs/interop/fliegen-klatschen.md`` has the table): 0 is ``reveal``, 1 is
``pass``, and ``2 + id`` is ``slap <id>`` for every card id of ``actions.SLAPS``.  A hunt
is a reaction window; the adapters run it in rounds in which every seat still in it
slaps a fly or passes, at a time drawn from its reaction model.

The observation is one flat float32 vector built from the seat's view alone.  Seats in it
are relative: row 0 is the observing seat, row k the seat k places after it clockwise.
:data:`LAYOUT` names every slice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from gamenight.engine import PASS, Game, Pass, View
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Reveal, Slap
from gamenight.games.fliegen_klatschen.cards import (
    COLOUR_OF,
    COLOURS,
    DECK_SIZE,
    FLIES,
    SWATTERS,
    VALUE_COUNTS,
    VALUE_OF,
)
from gamenight.games.fliegen_klatschen.rules import allowed_colours, hands_per_player
from gamenight.interop.encoding import ChanceMode, Encoding

#: Action numbers, from the game's own tables.
REVEAL_INDEX = 0
PASS_INDEX = 1
FIRST_SLAP = 2
NUM_ACTIONS = FIRST_SLAP + len(SLAPS)

PHASES: tuple[str, ...] = ("deal", "reveal", "hunt", "over")
#: Flies of four colours in the centre make a fifth colour start a hunt (rules:_reveal).
CENTRE_COLOURS = 4
#: Flies of one colour (for normalising colour counts).
PER_COLOUR = sum(VALUE_COUNTS.values())
#: Every fly's value added up: the most a seat can score.
ALL_POINTS = sum(VALUE_OF[card] for card in range(FLIES))
#: Hunts a game can hold at most: every hunt boxes its trigger for good, so at most every
#: swatter, and every fly but the four that lie in the centre when the last fifth colour
#: turns up (rules.md, Decision 14).
MAX_HUNTS = SWATTERS + FLIES - CENTRE_COLOURS


def layout(players: int) -> list[tuple[str, int]]:
    """The observation's slices in order, as (name, length); see the interop doc."""
    p, f = players, FLIES
    return [
        ("phase", len(PHASES)),            # one-hot: deal, reveal, hunt, over
        ("current", p),                    # whose turn (revealer during a hunt), relative
        ("last_reveal_seat", p),           # who revealed last, relative (none: zeros)
        ("last_reveal_card", DECK_SIZE),   # the card last revealed (the trigger in a hunt)
        ("trigger_kind", 2),               # in a hunt: swatter, fifth colour
        ("centre", f),                     # 1 for each fly in the centre
        ("centre_colours", len(COLOURS)),  # flies of each colour in the centre / 16
        ("four_colours", 1),               # 1 when four colours lie there (a fifth hunts)
        ("allowed_colours", len(COLOURS)), # colours with the most centre flies
        ("allowed_flies", f),              # centre flies of an allowed colour
        ("hands", p * f),                  # [seat, fly]: that seat has a hand on the fly
        ("underneath", p * f),             # [seat, fly]: its hand is the first on the fly
        ("in_window", p),                  # seats still acting in the hunt
        ("my_hands_left", 1),              # own hands still free in this hunt / hands
        ("hands_per_player", 1),           # 1 or 2, / 2
        ("hunt_clock", 1),                 # latest hand's time / deadline
        ("piles", p),                      # pile sizes / 112
        ("won", p),                        # flies won so far / 96
        ("scores", p),                     # points / 288: own always, all once over
        ("my_won", f),                     # the flies this seat has won
        ("my_latest_won", f),              # the one a penalty would take
        ("box", 1),                        # cards out of the game / 112
        ("turn", 1),                       # reveals so far / max_turns
    ]


class FliegenKlatschenEncoding(Encoding):
    """Discrete actions and a flat observation vector for Fliegen klatschen."""

    chance: ClassVar[ChanceMode] = "sampled"  # the deal is a shuffle of 112 cards: not listable
    perfect_information: ClassVar[bool] = False  # the piles are face down
    joint_decisions: ClassVar[bool] = True  # a hunt is a reaction window

    def __init__(self, game: Game, players: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, options)
        self.hands = hands_per_player(players)
        self.slices: dict[str, slice] = {}
        start = 0
        for name, length in layout(players):
            self.slices[name] = slice(start, start + length)
            start += length
        self.size = start

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def index(self, view: View, action: Any) -> int:
        if isinstance(action, Reveal):
            return REVEAL_INDEX
        if isinstance(action, Pass):
            return PASS_INDEX
        if isinstance(action, Slap) and 0 <= action.card < len(SLAPS):
            return FIRST_SLAP + action.card
        raise ValueError(f"not a Fliegen klatschen action: {action!r}")

    def legal(self, view: View, legal: Sequence[Any]) -> list[int]:
        return sorted({self.index(view, action) for action in legal})

    def action(self, view: View, index: int) -> Any:
        if index == REVEAL_INDEX:
            return REVEAL
        if index == PASS_INDEX:
            return PASS
        if FIRST_SLAP <= index < NUM_ACTIONS:
            return SLAPS[index - FIRST_SLAP]
        raise ValueError(f"Fliegen klatschen has no action {index} (0 to {NUM_ACTIONS - 1})")

    # -- observations -----------------------------------------------------------------
    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.size,)

    def observe(self, view: View, seat: int) -> np.ndarray:
        n = self.players
        obs = np.zeros(self.size, dtype=np.float32)
        s = self.slices

        def rel(other: int) -> int:
            return (other - seat) % n

        def put(name: str, offset: int, value: float = 1.0) -> None:
            obs[s[name].start + offset] = value

        put("phase", PHASES.index(view["phase"]))
        if view["phase"] != "deal":
            put("current", rel(view["current"]))
        last = view.get("last_reveal")
        if last is not None:
            put("last_reveal_seat", rel(last["seat"]))
            put("last_reveal_card", last["card"]["id"])

        centre = [card["id"] for card in view["centre"]]
        counts = [0] * len(COLOURS)
        for card in centre:
            put("centre", card)
            counts[COLOUR_OF[card]] += 1
        for colour, count in enumerate(counts):
            put("centre_colours", colour, count / PER_COLOUR)
        put("four_colours", 0, float(sum(1 for c in counts if c) >= CENTRE_COLOURS))
        # The allowed colours follow from the centre the view shows (the rules' own
        # function): no more than the seat could work out, only faster to read.
        allowed = allowed_colours(centre)
        for colour in allowed:
            put("allowed_colours", colour)
        for card in centre:
            if COLOUR_OF[card] in allowed:
                put("allowed_flies", card)

        hunt = view.get("hunt")
        if hunt is not None:
            trigger = hunt["trigger"]
            put("trigger_kind", 0 if trigger["kind"] == "swatter" else 1)
            covered: set[int] = set()
            mine = 0
            latest = 0.0
            # Hands come in time order, so the first hand on a fly is underneath.
            for hand in hunt["hands"]:
                row, card = rel(hand["seat"]), hand["card"]
                put("hands", row * FLIES + card)
                if card not in covered:
                    covered.add(card)
                    put("underneath", row * FLIES + card)
                mine += row == 0
                latest = max(latest, float(hand["at_ms"]))
            pending = hunt["pending"]
            for other in pending:
                put("in_window", rel(other))
            if seat in pending:
                put("my_hands_left", 0, (view["hands_per_player"] - mine)
                    / view["hands_per_player"])
            put("hunt_clock", 0, latest / float(hunt["deadline_ms"]))
        put("hands_per_player", 0, view["hands_per_player"] / 2)

        for other in range(n):
            row = rel(other)
            put("piles", row, view["piles"][other] / DECK_SIZE)
            put("won", row, view["won"][other] / FLIES)
        my_won = [card["id"] for card in view.get("my_won", [])]
        for card in my_won:
            put("my_won", card)
        if my_won:
            put("my_latest_won", my_won[-1])
        put("scores", 0, sum(VALUE_OF[c] for c in my_won) / ALL_POINTS)
        outcome = view.get("outcome")
        if outcome is not None:
            for other, points in enumerate(outcome["scores"]):
                put("scores", rel(other), points / ALL_POINTS)
        put("box", 0, view["box"] / DECK_SIZE)
        put("turn", 0, min(1.0, view["turn"] / self.options["max_turns"]))
        return obs

    # -- length and scores --------------------------------------------------------------
    @property
    def max_game_length(self) -> int:
        # Reveals: every dealt card once, plus every card a penalty puts back (at most one
        # per hand, and a hunt has at most players x hands hands), capped by max_turns.
        # Hunt rounds: each round at least one seat places a hand or passes, and a seat
        # acts at most `hands` times in a hunt (its last hand or a pass ends its part), so
        # a hunt takes at most players x hands rounds.  Plus one for the deal.
        dealt = DECK_SIZE - int(self.options["remove"])
        max_turns = int(self.options["max_turns"])
        per_hunt = self.players * self.hands
        hunts = min(MAX_HUNTS, dealt, max_turns)
        reveals = min(max_turns, dealt + per_hunt * hunts)
        return 1 + reveals + per_hunt * hunts

    @property
    def score_bounds(self) -> tuple[float, float]:
        return (0.0, float(ALL_POINTS))


ENCODING = FliegenKlatschenEncoding
