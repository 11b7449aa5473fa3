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

from collections.abc import Sequence
from typing import Any

import numpy as np

from gamenight.engine import PASS, Game, IllegalAction, Pass, View
from gamenight.engine.game import JSON
from gamenight.games.superfly.actions import SWATS, Swat
from gamenight.games.superfly.cards import DECK_SIZE, DIE_FACES
from gamenight.games.superfly.rules import (
    CENTRE,
    DICE,
    HAND_LIMIT,
    HANDS,
    OVER,
    SWAT,
    TOKENS_IN_BOX,
    TOKENS_TO_WIN,
)
from gamenight.games.superfly.sets import best_set_size
from gamenight.interop.encoding import Encoding

#: The index of ``pass``: right after one swat per card id.
PASS_INDEX = len(SWATS)
#: Swats and pass.
NUM_ACTIONS = len(SWATS) + 1
#: The game's phases, in the order of the phase one-hot.
PHASES: tuple[str, ...] = (HANDS, CENTRE, SWAT, DICE, OVER)
#: Per-seat facts in the "seats" block: hand size, tokens, eligible, chosen, first player.
SEAT_FACTS = 5
#: A swat as one-hot over the action indices, then the die as one-hot over its faces.
SWAT_WIDTH = NUM_ACTIONS + len(DIE_FACES)
#: Global scalars: round, turn, final turn, open hands, draw pile, discards, tokens in the
#: box, my best set.
SCALARS = 8


class SuperflyEncoding(Encoding):
    """Superfly's discrete actions (a swat per card id, and pass) and observations."""

    chance = "explicit"
    # Hands are secret (unless open_hands) and so is each swat until all are in.
    perfect_information = False
    # The swat is a simultaneous decision: every eligible seat chooses at once.
    joint_decisions = True

    def __init__(self, game: Game, players: int, options: dict[str, Any]) -> None:
        # The adapters may pass only the options that differ from the defaults.
        full = {o.name: o.default for o in game.options}
        full.update(options)
        super().__init__(game, players, full)
        n = players
        self.max_turns = int(full["max_turns"])
        # Before the last round nobody holds 3 tokens and every round gives one, so at
        # most 2 * players rounds end before the last one.
        self.max_rounds = 2 * n + 1
        # Offsets of each block in the flat vector (documented in docs/interop/superfly.md).
        layout = [
            ("phase", len(PHASES)),
            ("scalars", SCALARS),
            ("my_hand", DECK_SIZE),
            ("centre", DECK_SIZE),
            ("my_swat", NUM_ACTIONS),
            ("seats", n * SEAT_FACTS),
            ("hands_shown", n * DECK_SIZE),
            ("swats_now", n * SWAT_WIDTH),
            ("last_turn", 3 + 2 * DECK_SIZE),
            ("last_turn_seats", n * self._last_seat_width),
            ("last_round", 1 + n * (DECK_SIZE + 3)),
        ]
        #: Where each block starts; ``slices`` gives (start, stop).
        self.offsets: dict[str, int] = {}
        self.slices: dict[str, tuple[int, int]] = {}
        at = 0
        for block, width in layout:
            self.offsets[block] = at
            self.slices[block] = (at, at + width)
            at += width
        self.size = at

    @property
    def _last_seat_width(self) -> int:
        # eligible, swat + die, took, squished, received a hand from (one-hot slot), 5 cards
        return 1 + SWAT_WIDTH + 1 + 1 + self.players + 1

    # -- actions --------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def legal(self, view: View, legal: Sequence[Any]) -> list[int]:
        return sorted({self.index(view, action) for action in legal})

    def action(self, view: View, index: int) -> Any:
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise IllegalAction(f"an action index is an int, not {index!r}")
        i = int(index)
        if i == PASS_INDEX:
            return PASS
        if 0 <= i < len(SWATS):
            return SWATS[i]
        raise IllegalAction(f"Superfly's action indices run from 0 to {PASS_INDEX}, not {i}")

    def index(self, view: View, action: Any) -> int:
        if isinstance(action, Pass):
            return PASS_INDEX
        if type(action) is Swat and type(action.card) is int and 0 <= action.card < DECK_SIZE:
            return action.card
        raise IllegalAction(f"not a Superfly action: {action!r}")

    # -- observations -----------------------------------------------------------------
    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.size,)

    def observe(self, view: View, seat: int) -> np.ndarray:
        n = self.players
        off = self.offsets
        obs = np.zeros(self.size, dtype=np.float32)
        slot = [(s - seat) % n for s in range(n)]  # seat -> its slot (0: the observer)

        phase = view["phase"]
        obs[off["phase"] + PHASES.index(phase)] = 1.0

        my_hand = [card["id"] for card in view.get("my_hand", [])]
        at = off["scalars"]
        obs[at:at + SCALARS] = (
            min(1.0, view["round"] / self.max_rounds),
            min(1.0, view["turn"] / self.max_turns),
            float(view["final_turn"]),
            float(view["open_hands"]),
            view["draw_pile"] / DECK_SIZE,
            view["discards"] / DECK_SIZE,
            view["tokens_in_box"] / TOKENS_IN_BOX,
            best_set_size(my_hand) / HAND_LIMIT,
        )
        for card in my_hand:
            obs[off["my_hand"] + card] = 1.0
        for card in view["centre"]:
            obs[off["centre"] + card["id"]] = 1.0
        if "my_swat" in view:
            mine = view["my_swat"]
            obs[off["my_swat"] + (PASS_INDEX if mine is None else mine)] = 1.0

        eligible = set(view["eligible"])
        chosen = set(view["chosen"])
        for s in range(n):
            at = off["seats"] + slot[s] * SEAT_FACTS
            obs[at:at + SEAT_FACTS] = (
                view["hand_sizes"][s] / HAND_LIMIT,
                min(1.0, view["tokens"][s] / TOKENS_TO_WIN),
                float(s in eligible),
                float(s in chosen),
                float(s == view["first_player"]),
            )
        if "hands" in view:  # open_hands: every hand is on the table
            for s, hand in enumerate(view["hands"]):
                for card in hand:
                    obs[off["hands_shown"] + slot[s] * DECK_SIZE + card["id"]] = 1.0
        if "swats" in view:  # the dice phase: the swatters are down and their dice roll
            for s in range(n):
                at = off["swats_now"] + slot[s] * SWAT_WIDTH
                self._swat(obs, at, s in eligible, view["swats"][s], view["dice"][s])

        last = view.get("last_turn")
        if last is not None:
            self._last_turn(obs, last, slot)
        shown = view.get("last_round")
        if shown is not None:
            at = off["last_round"]
            obs[at] = 1.0
            winners = set(shown["winners"])
            for s in range(n):
                base = at + 1 + slot[s] * (DECK_SIZE + 3)
                for card in shown["hands"][s]:
                    obs[base + card] = 1.0
                obs[base + DECK_SIZE] = shown["sizes"][s] / HAND_LIMIT
                obs[base + DECK_SIZE + 1] = float(s in winners)
                obs[base + DECK_SIZE + 2] = min(1.0, shown["tokens"][s] / TOKENS_TO_WIN)
        return obs

    @staticmethod
    def _swat(obs: np.ndarray, at: int, eligible: bool, card: int | None,
              die: int | None) -> None:
        """A seat's swat (one-hot over action indices: a fly or pass; nothing if it could
        not swat) and its die (one-hot over faces; nothing if not rolled)."""
        if eligible:
            obs[at + (PASS_INDEX if card is None else card)] = 1.0
        if die is not None:
            obs[at + NUM_ACTIONS + DIE_FACES.index(die)] = 1.0

    def _last_turn(self, obs: np.ndarray, last: dict[str, Any], slot: list[int]) -> None:
        """The public facts of the last resolved turn, as the view gives them."""
        n = self.players
        at = self.offsets["last_turn"]
        obs[at:at + 3] = (1.0, float(last["final"]), float(last["round_over"]))
        for card in last["centre"]:
            obs[at + 3 + card] = 1.0
        for card in last["squished"]:
            obs[at + 3 + DECK_SIZE + card] = 1.0
        eligible = set(last["eligible"])
        took = {seat for seat, _ in last["takes"]}
        squished = {s for fly in last["flies"] for s in fly["squished_by"]}
        five = set(last["five_cards"])
        # Who got whose hand: each tied seat passes to the next tied seat of its group.
        received: dict[int, int] = {}
        for group in last["swaps"]:
            for i, s in enumerate(group):
                received[group[(i + 1) % len(group)]] = s
        width = self._last_seat_width
        for s in range(n):
            base = self.offsets["last_turn_seats"] + slot[s] * width
            obs[base] = float(s in eligible)
            self._swat(obs, base + 1, s in eligible, last["swats"][s], last["dice"][s])
            base += 1 + SWAT_WIDTH
            obs[base] = float(s in took)
            obs[base + 1] = float(s in squished)
            if s in received:
                obs[base + 2 + slot[received[s]]] = 1.0
            obs[base + 2 + n] = float(s in five)

    # -- chance, length and scores ------------------------------------------------------
    @property
    def max_chance_outcomes(self) -> int:
        # A card's index is its id (0-35), a die's its face (1-6): both fit below 36.
        return max(DECK_SIZE, max(DIE_FACES) + 1)

    def chance_index(self, outcome: JSON) -> int:
        # Within one event the outcomes are all cards or all dice, so the value itself is
        # a distinct index.
        if type(outcome) is not int or not 0 <= outcome < self.max_chance_outcomes:
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
