"""Superfly for the research adapters: 37 actions and a flat observation tensor.

Actions are numbered by card id from ``actions.SWATS``: index ``c`` (0-35) is "swat the
fly with card id ``c``" and index 36 (``len(SWATS)``) is ``pass``.  A card id names the
same fly in every view, so an index means the same thing all game long; only the flies
in the centre are legal at a signal.

The observation is one float32 vector built from the seat's view only (see
docs/interop/superfly.md for every slice).  Seats are listed relative to the observer:
slot ``k`` is seat ``(seat + k) % players``, so slot 0 is always "me".

Every chance event lists its outcomes (a card drawn is any card of the draw pile, a die
is 1-6; a reshuffle of the discards needs no step of its own), so chance is explicit: a
card's index is its id and a die's index is its face.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, get_args

import numpy as np

from gamenight.engine import PASS, Game, IllegalAction, Pass, View
from gamenight.engine.game import JSON
from gamenight.games.superfly.actions import SWATS, SuperflyAction, Swat
from gamenight.games.superfly.cards import DECK_SIZE, DIE_FACES
from gamenight.games.superfly.rules import (
    HAND_LIMIT,
    TOKENS_IN_BOX,
    TOKENS_TO_WIN,
)
from gamenight.games.superfly.sets import best_set_size
from gamenight.games.superfly.views import LastTurnView, Phase, SeatView
from gamenight.interop.encoding import ActionTable, ChanceMode, Encoding
from gamenight.interop.layout import Layout, Parts

#: The index of ``pass``: right after one swat per card id.
PASS_INDEX = len(SWATS)
#: Swats and pass.
NUM_ACTIONS = len(SWATS) + 1
#: Every action at its index.
TABLE: ActionTable[SuperflyAction] = ActionTable((*SWATS, PASS))
#: The phases in the order of the phase one-hot: the game's own (``views.Phase``).
PHASES: tuple[Phase, ...] = get_args(Phase)
#: Per-seat facts in the "seats" block: hand size, tokens, eligible, chosen, first player.
SEAT_FACTS = 5
#: A swat as one-hot over the action indices, then the die as one-hot over its faces.
SWAT_WIDTH = NUM_ACTIONS + len(DIE_FACES)
#: A card's chance index is its id (0-35), a die's its face (1-6): both fit below 36.
MAX_CHANCE_OUTCOMES = max(DECK_SIZE, max(DIE_FACES) + 1)
#: Global scalars: round, turn, final turn, open hands, draw pile, discards, tokens in the
#: box, my best set.
SCALARS = 8


class SuperflyEncoding(Encoding[SuperflyAction, SeatView]):
    """Superfly's discrete actions (a swat per card id, and pass) and observations."""

    chance: ClassVar[ChanceMode] = "explicit"
    # Hands are secret (unless open_hands) and so is each swat until all are in.
    perfect_information: ClassVar[bool] = False
    # The swat is a simultaneous decision: every eligible seat chooses at once.
    joint_decisions: ClassVar[bool] = True

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        super().__init__(game, players, options)
        n = players
        self.max_turns = int(self.options["max_turns"])
        # Before the last round nobody holds 3 tokens and every round gives one, so at
        # most 2 * players rounds end before the last one.
        self.max_rounds = 2 * n + 1
        # The pieces of the flat vector (documented in docs/interop/superfly.md).
        self.layout = Layout(
            ("phase", len(PHASES)),
            ("scalars", SCALARS),
            ("my_hand", DECK_SIZE),
            ("centre", DECK_SIZE),
            ("my_swat", NUM_ACTIONS),
            ("seats", (n, SEAT_FACTS)),
            ("hands_shown", (n, DECK_SIZE)),
            ("swats_now", (n, SWAT_WIDTH)),
            ("last_turn", 3 + 2 * DECK_SIZE),
            ("last_turn_seats", (n, self._last_seat_width)),
            ("last_round", 1 + n * (DECK_SIZE + 3)),
        )

    @property
    def _last_seat_width(self) -> int:
        # eligible, swat + die, took, squished, received a hand from (one-hot slot), 5 cards
        return 1 + SWAT_WIDTH + 1 + 1 + self.players + 1

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def legal(self, view: View, legal: Sequence[SuperflyAction]) -> list[int]:
        try:
            return TABLE.indices(legal)
        except (KeyError, TypeError):  # not a Superfly action: say which
            return sorted({self.index(view, action) for action in legal})

    def action(self, view: View, index: int) -> SuperflyAction:
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise IllegalAction(f"an action index is an int, not {index!r}")
        i = int(index)
        if i == PASS_INDEX:
            return PASS
        if 0 <= i < len(SWATS):
            return SWATS[i]
        raise IllegalAction(f"Superfly's action indices run from 0 to {PASS_INDEX}, not {i}")

    def index(self, view: View, action: SuperflyAction) -> int:
        if isinstance(action, Pass):
            return PASS_INDEX
        if type(action) is Swat and type(action.card) is int and 0 <= action.card < DECK_SIZE:
            return action.card
        raise IllegalAction(f"not a Superfly action: {action!r}")

    # -- observations -----------------------------------------------------------------
    def _write(self, part: Parts, view: SeatView, seat: int) -> None:
        n = self.players
        slot = [(s - seat) % n for s in range(n)]  # seat -> its slot (0: the observer)

        part["phase"][PHASES.index(view["phase"])] = 1.0

        my_hand = [card["id"] for card in view.get("my_hand", [])]
        part["scalars"][:] = (
            min(1.0, view["round"] / self.max_rounds),
            min(1.0, view["turn"] / self.max_turns),
            float(view["final_turn"]),
            float(view["open_hands"]),
            view["draw_pile"] / DECK_SIZE,
            view["discards"] / DECK_SIZE,
            view["tokens_in_box"] / TOKENS_IN_BOX,
            best_set_size(my_hand) / HAND_LIMIT,
        )
        part["my_hand"][my_hand] = 1.0
        for fly in view["centre"]:
            part["centre"][fly["id"]] = 1.0
        if "my_swat" in view:
            mine = view["my_swat"]
            part["my_swat"][PASS_INDEX if mine is None else mine] = 1.0

        eligible = set(view["eligible"])
        chosen = set(view["chosen"])
        for s in range(n):
            part["seats"][slot[s]] = (
                view["hand_sizes"][s] / HAND_LIMIT,
                min(1.0, view["tokens"][s] / TOKENS_TO_WIN),
                float(s in eligible),
                float(s in chosen),
                float(s == view["first_player"]),
            )
        if "hands" in view:  # open_hands: every hand is on the table
            for s, hand in enumerate(view["hands"]):
                for open_card in hand:
                    part["hands_shown"][slot[s], open_card["id"]] = 1.0
        if "swats" in view:  # the dice phase: the swatters are down and their dice roll
            for s in range(n):
                self._swat(part["swats_now"][slot[s]], s in eligible, view["swats"][s],
                           view["dice"][s])

        last = view.get("last_turn")
        if last is not None:
            self._last_turn(part, last, slot)
        shown = view.get("last_round")
        if shown is not None:
            out = part["last_round"]
            out[0] = 1.0
            winners = set(shown["winners"])
            for s in range(n):
                base = 1 + slot[s] * (DECK_SIZE + 3)
                for card in shown["hands"][s]:
                    out[base + card] = 1.0
                out[base + DECK_SIZE] = shown["sizes"][s] / HAND_LIMIT
                out[base + DECK_SIZE + 1] = float(s in winners)
                out[base + DECK_SIZE + 2] = min(1.0, shown["tokens"][s] / TOKENS_TO_WIN)

    @staticmethod
    def _swat(out: np.ndarray, eligible: bool, card: int | None, die: int | None) -> None:
        """A seat's swat (one-hot over action indices: a fly or pass; nothing if it could
        not swat) and its die (one-hot over faces; nothing if not rolled), written into
        ``out``, the seat's row."""
        if eligible:
            out[PASS_INDEX if card is None else card] = 1.0
        if die is not None:
            out[NUM_ACTIONS + DIE_FACES.index(die)] = 1.0

    def _last_turn(self, part: Parts, last: LastTurnView, slot: list[int]) -> None:
        """The public facts of the last resolved turn, as the view gives them."""
        n = self.players
        out = part["last_turn"]
        out[:3] = (1.0, float(last["final"]), float(last["round_over"]))
        for card in last["centre"]:
            out[3 + card] = 1.0
        for card in last["squished"]:
            out[3 + DECK_SIZE + card] = 1.0
        eligible = set(last["eligible"])
        took = {seat for seat, _ in last["takes"]}
        squished = {s for fly in last["flies"] for s in fly["squished_by"]}
        five = set(last["five_cards"])
        # Who got whose hand: each tied seat passes to the next tied seat of its group.
        received: dict[int, int] = {}
        for group in last["swaps"]:
            for i, s in enumerate(group):
                received[group[(i + 1) % len(group)]] = s
        for s in range(n):
            row = part["last_turn_seats"][slot[s]]
            row[0] = float(s in eligible)
            self._swat(row[1:1 + SWAT_WIDTH], s in eligible, last["swats"][s], last["dice"][s])
            base = 1 + SWAT_WIDTH
            row[base] = float(s in took)
            row[base + 1] = float(s in squished)
            if s in received:
                row[base + 2 + slot[received[s]]] = 1.0
            row[base + 2 + n] = float(s in five)

    # -- chance, length and scores ------------------------------------------------------
    @property
    def max_chance_outcomes(self) -> int:
        return MAX_CHANCE_OUTCOMES

    def chance_index(self, outcome: JSON) -> int:
        # Within one event the outcomes are all cards or all dice, so the value itself is
        # a distinct index.
        if type(outcome) is not int or not 0 <= outcome < MAX_CHANCE_OUTCOMES:
            raise IllegalAction(f"not a Superfly chance outcome: {outcome!r}")
        return outcome

    @property
    def max_game_length(self) -> int:
        # One decision a turn (the swat, a simultaneous choice), and the game ends,
        # truncated, once max_turns turns are played.
        return self.max_turns

    @property
    def score_bounds(self) -> tuple[float, float]:
        # Scores are Fly Catcher tokens; a round gives a seat at most one and the game
        # ends as soon as someone has 3.
        return (0.0, float(TOKENS_TO_WIN))


ENCODING = SuperflyEncoding
