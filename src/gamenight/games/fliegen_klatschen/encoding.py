"""Fliegen klatschen for the research adapters: action numbers and observation tensors.

Actions (``docs/interop/fliegen-klatschen.md`` has the table): 0 is ``reveal``, 1 is
``pass``, and ``2 + id`` is ``slap <id>`` for every card id of ``actions.SLAPS``.  A hunt
is a reaction window; the adapters run it in rounds in which every seat still in it
slaps a fly or passes, at a time drawn from its reaction model.

The observation is one flat float32 vector built from the seat's view alone.  Seats in it
are relative: row 0 is the observing seat, row k the seat k places after it clockwise.
``layout(players)`` names every piece.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, get_args

import numpy as np

from gamenight.engine import PASS, Game, Pass, View
from gamenight.engine.game import JSON
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS, Action, Reveal, Slap
from gamenight.games.fliegen_klatschen.cards import (
    COLOUR_OF,
    COLOURS,
    DECK_SIZE,
    FLIES,
    SWATTERS,
    VALUE_COUNTS,
)
from gamenight.games.fliegen_klatschen.rules import (
    CENTRE_COLOURS,
    allowed_colours,
    hands_per_player,
    score,
)
from gamenight.games.fliegen_klatschen.views import FlyCard, Phase, SeatView
from gamenight.interop.encoding import ActionTable, ChanceMode, Encoding
from gamenight.interop.layout import Layout, Parts

#: Action numbers, from the game's own tables.
REVEAL_INDEX = 0
PASS_INDEX = 1
FIRST_SLAP = 2
NUM_ACTIONS = FIRST_SLAP + len(SLAPS)
#: Every action at its number.
TABLE: ActionTable[Action] = ActionTable((REVEAL, PASS, *SLAPS))

#: The phases in the order of the phase one-hot: the game's own (``views.Phase``).
PHASES: tuple[Phase, ...] = get_args(Phase)
#: Flies of one colour (for normalising colour counts).
PER_COLOUR = sum(VALUE_COUNTS.values())
#: Every fly's value added up by the rules' own scoring: the most a seat can score.
ALL_POINTS = score(range(FLIES))
#: Hunts a game can hold at most: every hunt boxes its trigger for good, so at most every
#: swatter, and every fly but the four that lie in the centre when the last fifth colour
#: turns up (rules.md, Decision 14).
MAX_HUNTS = SWATTERS + FLIES - CENTRE_COLOURS


def layout(players: int) -> Layout:
    """The observation's pieces in order; see the interop doc."""
    p, f = players, FLIES
    return Layout(
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
        ("hands", (p, f)),                 # [seat, fly]: that seat has a hand on the fly
        ("underneath", (p, f)),            # [seat, fly]: its hand is the first on the fly
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
    )


class FliegenKlatschenEncoding(Encoding[Action, SeatView]):
    """Discrete actions and a flat observation vector for Fliegen klatschen."""

    chance: ClassVar[ChanceMode] = "sampled"  # the deal is a shuffle of 112 cards: not listable
    perfect_information: ClassVar[bool] = False  # the piles are face down
    joint_decisions: ClassVar[bool] = True  # a hunt is a reaction window

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        super().__init__(game, players, options)
        self.hands = hands_per_player(players)
        self.layout = layout(players)
        # The pieces that follow from the centre alone ("centre" to "allowed_flies"),
        # and from the seat's won flies alone ("my_won", "my_latest_won"), lie end to
        # end: each is written once for the cards a view shows and copied after that
        # (every seat's observation of a step shows the same centre).
        self._centre_span = slice(self.layout["centre"].start,
                                  self.layout["allowed_flies"].stop)
        self._won_span = slice(self.layout["my_won"].start,
                               self.layout["my_latest_won"].stop)
        # (the view's list, the span as written for it, and for the won flies, kept by
        # seat, the score): a state hands out the same list for as long as the cards
        # lie there (views are read-only), so one identity check tells they are the same.
        self._centre_kept: tuple[list[FlyCard], np.ndarray] | None = None
        self._won_kept: list[tuple[list[FlyCard], np.ndarray, int] | None] = [None] * players

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def index(self, view: View, action: Action) -> int:
        if isinstance(action, Reveal):
            return REVEAL_INDEX
        if isinstance(action, Pass):
            return PASS_INDEX
        if isinstance(action, Slap) and 0 <= action.card < len(SLAPS):
            return FIRST_SLAP + action.card
        raise ValueError(f"not a Fliegen klatschen action: {action!r}")

    def legal(self, view: View, legal: Sequence[Action]) -> list[int]:
        try:
            return TABLE.indices(legal)
        except (KeyError, TypeError):  # not a Fliegen klatschen action: say which
            return sorted({self.index(view, action) for action in legal})

    def action(self, view: View, index: int) -> Action:
        if index == REVEAL_INDEX:
            return REVEAL
        if index == PASS_INDEX:
            return PASS
        if FIRST_SLAP <= index < NUM_ACTIONS:
            return SLAPS[index - FIRST_SLAP]
        raise ValueError(f"Fliegen klatschen has no action {index} (0 to {NUM_ACTIONS - 1})")

    # -- observations -----------------------------------------------------------------
    def _write(self, part: Parts, view: SeatView, seat: int) -> None:
        n = self.players

        def rel(other: int) -> int:
            return (other - seat) % n

        part["phase"][PHASES.index(view["phase"])] = 1.0
        if view["phase"] != "deal":
            part["current"][rel(view["current"])] = 1.0
        last = view.get("last_reveal")
        if last is not None:
            part["last_reveal_seat"][rel(last["seat"])] = 1.0
            part["last_reveal_card"][last["card"]["id"]] = 1.0

        tensor = self._buffer[0]
        shown = view["centre"]
        kept = self._centre_kept
        if kept is not None and kept[0] is shown:
            tensor[self._centre_span] = kept[1]
        else:
            self._write_centre(part, [card["id"] for card in shown])
            self._centre_kept = (shown, tensor[self._centre_span].copy())

        hunt = view.get("hunt")
        if hunt is not None:
            trigger = hunt["trigger"]
            part["trigger_kind"][0 if trigger["kind"] == "swatter" else 1] = 1.0
            covered: set[int] = set()
            mine = 0
            latest = 0.0
            # Hands come in time order, so the first hand on a fly is underneath.
            for hand in hunt["hands"]:
                row, card = rel(hand["seat"]), hand["card"]
                part["hands"][row, card] = 1.0
                if card not in covered:
                    covered.add(card)
                    part["underneath"][row, card] = 1.0
                mine += row == 0
                latest = max(latest, float(hand["at_ms"]))
            pending = hunt["pending"]
            for other in pending:
                part["in_window"][rel(other)] = 1.0
            if seat in pending:
                part["my_hands_left"][0] = ((view["hands_per_player"] - mine)
                                            / view["hands_per_player"])
            part["hunt_clock"][0] = latest / float(hunt["deadline_ms"])
        part["hands_per_player"][0] = view["hands_per_player"] / 2

        for other in range(n):
            row = rel(other)
            part["piles"][row] = view["piles"][other] / DECK_SIZE
            part["won"][row] = view["won"][other] / FLIES
        shown = view.get("my_won", [])
        won = self._won_kept[seat]
        if won is not None and won[0] is shown:
            tensor[self._won_span] = won[1]
        else:
            my_won = [card["id"] for card in shown]
            for card in my_won:
                part["my_won"][card] = 1.0
            if my_won:
                part["my_latest_won"][my_won[-1]] = 1.0
            won = self._won_kept[seat] = (shown, tensor[self._won_span].copy(),
                                          score(my_won))
        part["scores"][0] = won[2] / ALL_POINTS
        outcome = view.get("outcome")
        if outcome is not None:
            for other, points in enumerate(outcome["scores"]):
                part["scores"][rel(other)] = points / ALL_POINTS
        part["box"][0] = view["box"] / DECK_SIZE
        part["turn"][0] = min(1.0, view["turn"] / self.options["max_turns"])

    def _write_centre(self, part: Parts, centre: list[int]) -> None:
        """The pieces that follow from the flies in the centre (card ids)."""
        counts = [0] * len(COLOURS)
        for card in centre:
            part["centre"][card] = 1.0
            counts[COLOUR_OF[card]] += 1
        for colour, count in enumerate(counts):
            part["centre_colours"][colour] = count / PER_COLOUR
        part["four_colours"][0] = float(sum(1 for c in counts if c) >= CENTRE_COLOURS)
        # The allowed colours follow from the centre the view shows (the rules' own
        # function): no more than the seat could work out, only faster to read.
        allowed = allowed_colours(centre)
        for colour in allowed:
            part["allowed_colours"][colour] = 1.0
        for card in centre:
            if COLOUR_OF[card] in allowed:
                part["allowed_flies"][card] = 1.0

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
