"""Superfly (Loki, 2020): the rules as a state machine.

A round: every player is dealt one face-down card (chance, card by card); then turns
until someone holds 5 cards.  A turn: players-1 flies are laid face up in the centre
(chance, card by card); every player who may swat chooses a fly or passes, in secret
and at once (a simultaneous decision with a deadline); each swatter's die is rolled
(chance, one die at a time, in seat order); then every fly is resolved
(``resolution.resolve_swat``).  When a turn leaves someone with 5 cards, the others get
one final turn; then hands are shown, the biggest set wins a Fly Catcher token and a new
round starts, until someone has 3 tokens.

See docs/rules/superfly.md for every rulebook sentence mapped to this code and its tests.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from gamenight.engine import (
    PASS,
    Acting,
    Game,
    GameState,
    IllegalAction,
    Option,
    OptionError,
    Outcome,
    Pass,
    Step,
    View,
)
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON, BotFactory
from gamenight.games.superfly.actions import SWATS, Action, Swat, parse_action
from gamenight.games.superfly.cards import DECK_SIZE, DIE_FACES, card_json, name
from gamenight.games.superfly.resolution import FlyResult, pass_hands, resolve_swat
from gamenight.games.superfly.sets import best_set, best_set_size

#: No hand ever holds more than 5 cards; 5 cards end the round.
HAND_LIMIT = 5
#: Fly Catcher tokens needed to win.
TOKENS_TO_WIN = 3
#: Fly Catcher tokens in the box (see Decisions in rules.md: the box can only run short
#: in the round that ends the game, and that round's tokens are all given).
TOKENS_IN_BOX = 11
#: The players who sit at the table by the rulebook; 2 is a variant (option).
RULEBOOK_PLAYERS = (3, 5)

# Phases.
HANDS = "hands"  # chance: a face-down card for each player, one at a time
CENTRE = "centre"  # chance: the centre flies, one at a time
SWAT = "swat"  # simultaneous: every eligible player swats a fly or passes
DICE = "dice"  # chance: each placed swatter's die, in seat order
OVER = "over"

_CHANCE = Acting("chance")
_OVER = Acting("over")
_DIE_OUTCOMES: list[tuple[JSON, float]] = [(face, 1 / len(DIE_FACES)) for face in DIE_FACES]


class LastTurn:
    """The public facts of a resolved turn, as they came (made into JSON on demand)."""

    __slots__ = ("centre", "choices", "dice", "discarded", "eligible", "final", "first",
                 "five", "players", "results", "round", "round_over", "taken", "turn")

    def __init__(self, turn: int, round_: int, final: bool, first: int, centre: list[int],
                 eligible: tuple[int, ...], choices: dict[int, int | None],
                 dice: dict[int, int], results: tuple[FlyResult, ...],
                 taken: list[tuple[int, int]], discarded: list[int], five: list[int],
                 players: int) -> None:
        self.turn = turn
        self.round = round_
        self.final = final
        self.first = first
        self.centre = centre
        self.eligible = eligible
        self.choices = choices
        self.dice = dice
        self.results = results
        self.taken = taken
        self.discarded = discarded
        self.five = five
        self.players = players
        self.round_over = False

    def to_json(self) -> dict[str, Any]:
        results = self.results
        return {
            "turn": self.turn,
            "round": self.round,
            "final": self.final,
            "first_player": self.first,
            "centre": list(self.centre),
            "eligible": list(self.eligible),
            "swats": [self.choices.get(s) for s in range(self.players)],
            "dice": [self.dice.get(s) for s in range(self.players)],
            "flies": [fly.to_json() for fly in results],
            "squished": [fly.card for fly in results if fly.squished],
            "swaps": [list(g) for fly in results for g in fly.swaps],
            "takes": [[seat, card] for seat, card in self.taken],
            "discarded": list(self.discarded),
            "five_cards": list(self.five),
            "round_over": self.round_over,
        }


class LastRound:
    """The hands shown at a round's end and who won a token (made into JSON on demand)."""

    __slots__ = ("hands", "round", "sizes", "tokens", "winners")

    def __init__(self, round_: int, hands: list[list[int]], sizes: list[int],
                 winners: list[int], tokens: list[int]) -> None:
        self.round = round_
        self.hands = hands
        self.sizes = sizes
        self.winners = winners
        self.tokens = tokens

    def to_json(self) -> dict[str, Any]:
        sets = [best_set(h) for h in self.hands]
        return {
            "round": self.round,
            "hands": [list(h) for h in self.hands],
            "sizes": list(self.sizes),
            "sets": [list(cards) for _, cards in sets],
            "kinds": [kind for kind, _ in sets],
            "winners": list(self.winners),
            "tokens": list(self.tokens),
        }


class SuperflyState(GameState):
    """A game of Superfly in progress."""

    game: Superfly

    def __init__(self, game: Superfly, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, players, seed, options)
        # The draw pile holds its cards in no particular order: each draw is a uniformly
        # random card of it (a chance outcome), which is what shuffling gives.
        self.draw: list[int] = list(range(DECK_SIZE))
        self.discards: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.centre: list[int] = []
        self.tokens = [0] * players
        self.first = 0  # the first player: seat 0 does the best fly impression
        self.turns = 0  # turns played to the end
        self.round = 0
        self.final = False  # this turn is the final turn of the round
        self.eligible: tuple[int, ...] = tuple(range(players))  # who may swat this turn
        self.to_deal: list[int] = []  # seats still to get their face-down card
        self.choices: dict[int, int | None] = {}  # secret until all are in
        self.rolling: tuple[int, ...] = ()  # the swatters whose dice are rolled
        self.dice: dict[int, int] = {}
        self.reshuffles = 0
        self.truncated = False
        # The public facts of the last turn, and the hands shown at the last round's end.
        self._last_turn: LastTurn | None = None
        self._last_turn_json: dict[str, Any] | None = None
        self._last_round: LastRound | None = None
        self._last_round_json: dict[str, Any] | None = None
        self._public_texts: dict[str, str] = {}  # the two above as JSON text, for views
        self.phase = HANDS
        self._acting = _CHANCE
        self._legal: list[Any] = []
        # Who is still choosing -> its Acting, made once (acting() is asked very often).
        self._actings: dict[tuple[int, ...], Acting] = {}
        self._start_round()

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        return self._acting

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Any]:
        if self.phase != SWAT or seat not in self._acting.seats:
            return []
        return list(self._legal)

    def _verify(self, seat: int, action: Any, at_ms: float | None) -> None:
        if self.phase != SWAT:
            if self.phase == OVER:
                raise IllegalAction("the game is over")
            raise IllegalAction("nobody may swat now: the flies are not all on the table yet"
                                if self.phase in (HANDS, CENTRE) else
                                "the swatters are down: the dice are being rolled")
        if seat not in self._acting.seats:
            if seat not in self.eligible:
                raise IllegalAction(
                    f"seat {seat} holds {HAND_LIMIT} cards and may not swat in the final turn")
            raise IllegalAction(f"seat {seat} has already chosen this turn")
        # The engine has checked the time (a time, by the signal's deadline) and that a
        # swat names a whole card id.
        if type(action) is Swat:
            if action.card not in self.centre:
                what = name(action.card) if 0 <= action.card < DECK_SIZE else "that card"
                raise IllegalAction(f"{what} is not a fly in the centre")
            return
        if isinstance(action, Pass):
            return
        raise IllegalAction(f"at the signal a player swats a centre fly or passes, not {action}")

    def _do(self, seat: int, action: Any, at_ms: float | None) -> None:
        choices = self.choices
        choices[seat] = action.card if type(action) is Swat else None
        pending = tuple(s for s in self._acting.seats if s != seat)
        if pending:
            acting = self._actings.get(pending)
            if acting is None:
                acting = self._actings[pending] = Acting(
                    "simultaneous", pending, float(self.options["deadline_ms"]))
            self._acting = acting
            return
        # Every choice is in: the swatters are revealed and their dice rolled.
        self.rolling = tuple(s for s in self.eligible if choices[s] is not None)
        self.dice = {}
        if self.rolling:
            self.phase = DICE
            self._acting = _CHANCE
        else:
            self._resolve()

    # -- chance ---------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[JSON, float]] | None:
        if self.phase == DICE:
            return list(_DIE_OUTCOMES)
        if self.phase in (HANDS, CENTRE):
            p = 1 / len(self.draw)
            return [(card, p) for card in sorted(self.draw)]
        return None

    def _sample_chance(self) -> JSON:
        if self.phase == DICE:
            return DIE_FACES[int(self.rng.random() * len(DIE_FACES))]
        return self.draw[int(self.rng.random() * len(self.draw))]  # HANDS or CENTRE

    def _verify_chance(self, outcome: JSON) -> None:
        if self.phase == DICE:
            if type(outcome) is not int or outcome not in DIE_FACES:
                raise IllegalAction(f"a die shows 1 to 6, not {describe(outcome)}")
            return
        if type(outcome) is not int or outcome not in self.draw:
            raise IllegalAction(f"card {describe(outcome)} is not in the draw pile")

    def _do_chance(self, outcome: JSON) -> None:
        phase = self.phase
        if phase == DICE:
            seat = self.rolling[len(self.dice)]
            self.dice[seat] = outcome
            if len(self.dice) == len(self.rolling):
                self._resolve()
            return
        self.draw.remove(outcome)
        if phase == HANDS:
            if self.narrate and len(self.to_deal) == self.players:
                self.say(f"Round {self.round}: seat {self.first} deals each player a "
                         "face-down card.")
            seat = self.to_deal.pop(0)
            self.hands[seat].append(outcome)
        else:
            self.centre.append(outcome)
        self._deal_on()

    # -- the course of a round ----------------------------------------------------------
    def _refill(self) -> bool:
        """True if a card can be drawn; when the draw pile is empty, the discards are
        shuffled into a new one first (a draw is a random card of the pile, so the
        shuffle itself needs no chance step)."""
        if not self.draw and self.discards:
            self.draw = self.discards
            self.discards = []
            self.reshuffles += 1
            if self.narrate:
                self.say(f"The draw pile is empty: the {len(self.draw)} discarded cards are "
                         "shuffled into a new draw pile.")
        return bool(self.draw)

    def _start_round(self) -> None:
        self.round += 1
        self.final = False
        self.eligible = tuple(range(self.players))
        self.to_deal = [(self.first + k) % self.players for k in range(self.players)]
        self.phase = HANDS
        self._deal_on()

    def _start_turn(self) -> None:
        self.phase = CENTRE
        self._deal_on()

    def _deal_on(self) -> None:
        """The next card to deal, or, with every card dealt, the signal to swat."""
        if self.phase == HANDS:
            if self.to_deal and self._refill():
                self._acting = _CHANCE
                return
            self.phase = CENTRE
        if len(self.centre) < self.players - 1 and self._refill():
            self._acting = _CHANCE
            return
        self._open_swat()

    def _open_swat(self) -> None:
        self.phase = SWAT
        self.choices = {}
        self._legal = [SWATS[c] for c in self.centre]
        self._legal.append(PASS)
        acting = self._actings.get(self.eligible)
        if acting is None:
            acting = self._actings[self.eligible] = Acting(
                "simultaneous", self.eligible, float(self.options["deadline_ms"]))
        self._acting = acting
        if self.narrate:
            final = "final turn, " if self.final else ""
            self.say(f"Turn {self.turns + 1} ({final}seat {self.first} gives the signal): "
                     f"the centre shows {', '.join(map(name, self.centre))}.")

    def _resolve(self) -> None:
        swats = {s: c for s, c in self.choices.items() if c is not None}
        results = resolve_swat(self.centre, swats, self.dice)
        hands = self.hands
        taken: list[tuple[int, int]] = []
        for fly in results:
            for group in fly.swaps:
                hands = pass_hands(hands, group)
            if fly.taker is not None:
                taken.append((fly.taker, fly.card))
        for seat, card in taken:
            hands[seat] = [*hands[seat], card]
            assert len(hands[seat]) <= HAND_LIMIT, "a hand never exceeds 5 cards"
        self.hands = hands
        kept = {card for _, card in taken}
        discarded = [c for c in self.centre if c not in kept]
        self.discards.extend(discarded)
        if self.narrate:
            self._tell(results)
        five = [s for s in range(self.players) if len(hands[s]) >= HAND_LIMIT]
        # Kept as it came and turned into view data only when someone looks.
        self._last_turn = LastTurn(self.turns + 1, self.round, self.final, self.first,
                                   self.centre, self.eligible, self.choices, self.dice,
                                   results, taken, discarded, five, self.players)
        self._last_turn_json = None
        self._public_texts.pop("turn", None)
        self.centre = []
        self.choices = {}
        self.dice = {}
        self.rolling = ()
        self.turns += 1
        self.first = (self.first + 1) % self.players  # the token moves one seat left
        if self.final:
            self._end_round()
        elif five:
            # A turn has players-1 flies, so at most players-1 hands reach 5 in it (a swap
            # only moves hands between swatters who took nothing): someone is short.
            short = tuple(s for s in range(self.players) if len(hands[s]) < HAND_LIMIT)
            assert short, "a turn fills at most players - 1 hands"
            if self.narrate:
                who = _seats(five)
                self.say(f"{who} announce{'s' if len(five) == 1 else ''} 5 cards: the others "
                         "get one final turn.")
            self.final = True
            self.eligible = short
            self._next_turn()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        if self.turns >= self.options["max_turns"]:
            self._truncate()
        else:
            self._start_turn()

    def _tell(self, results: tuple[Any, ...]) -> None:
        for seat in sorted(self.choices):
            card = self.choices[seat]
            if card is None:
                self.say(f"Seat {seat} passes.")
            else:
                self.say(f"Seat {seat} swats {name(card)}: the die shows {self.dice[seat]}.")
        for fly in results:
            if fly.squished:
                who = _seats(fly.squished_by)
                self.say(f"{name(fly.card)} is squished ({who} rolled its number): discarded.")
                continue
            for group in fly.swaps:
                seats = " and ".join(f"seat {s}" for s in group)
                how = "swap hands" if len(group) == 2 else "pass their hands clockwise"
                self.say(f"On {name(fly.card)}, {seats} tie with {self.dice[group[0]]}: "
                         f"they {how} and none of them takes it.")
            if fly.taker is not None:
                self.say(f"Seat {fly.taker} takes {name(fly.card)}.")
            elif fly.claimants:
                self.say(f"Nobody takes {name(fly.card)}: discarded.")

    def _end_round(self) -> None:
        """Hands are shown; the biggest set wins a token (ties all get one)."""
        assert self._last_turn is not None
        hands = self.hands
        sizes = [best_set_size(h) for h in hands]
        top = max(sizes)
        winners = [s for s in range(self.players) if sizes[s] == top]
        for s in winners:
            self.tokens[s] += 1
        self._last_turn.round_over = True
        self._last_turn_json = None
        self._public_texts.pop("turn", None)
        self._last_round = LastRound(self.round, hands, sizes, winners, list(self.tokens))
        self._last_round_json = None
        self._public_texts.pop("round", None)
        if self.narrate:
            for s in range(self.players):
                self.say(f"Seat {s} shows {', '.join(map(name, hands[s]))}: a set of "
                         f"{sizes[s]}.")
            who = _seats(winners)
            self.say(f"{who} win{'s' if len(winners) == 1 else ''} a Fly Catcher token "
                     f"(tokens: {', '.join(map(str, self.tokens))}).")
        for h in hands:
            self.discards.extend(h)
        self.hands = [[] for _ in range(self.players)]
        self.final = False
        if max(self.tokens) >= TOKENS_TO_WIN:
            self.phase = OVER
            self._acting = _OVER
            if self.narrate:
                self.say("The game is over.")
        elif self.turns >= self.options["max_turns"]:
            self._truncate()
        else:
            self._start_round()

    def _truncate(self) -> None:
        self.phase = OVER
        self._acting = _OVER
        self.truncated = True
        if self.narrate:
            self.say("The safety cap on turns ended the game.")

    # -- information ------------------------------------------------------------------
    @property
    def last_turn(self) -> dict[str, Any] | None:
        """What all saw of the last turn: centre, swats, dice, squishes, swaps, takes."""
        if self._last_turn_json is None and self._last_turn is not None:
            self._last_turn_json = self._last_turn.to_json()
        return self._last_turn_json

    @property
    def last_round(self) -> dict[str, Any] | None:
        """The hands shown at the end of the last round, their sets and the token winners."""
        if self._last_round_json is None and self._last_round is not None:
            self._last_round_json = self._last_round.to_json()
        return self._last_round_json

    def _public_text(self, which: str) -> Any:
        """A fresh copy of ``last_turn`` or ``last_round`` for a view: kept as JSON text,
        made once, and read back for each view (far quicker than copying the dicts)."""
        texts = self._public_texts
        text = texts.get(which)
        if text is None:
            data = self.last_turn if which == "turn" else self.last_round
            if data is None:
                return None
            text = texts[which] = json.dumps(data)
        return json.loads(text)

    def _view(self, seat: int | None, at_ms: float | None) -> View:
        phase = self.phase
        n = self.players
        v: View = {
            "game": self.game.id,
            "seat": seat,
            "players": n,
            "phase": phase,
            "round": self.round,
            "turn": self.turns + 1 if phase != OVER else self.turns,
            "first_player": self.first,
            "final_turn": self.final,
            "eligible": list(self.eligible),
            "deadline_ms": self.options["deadline_ms"],
            "open_hands": self.options["open_hands"],
            "centre": [card_json(c) for c in self.centre],
            "hand_sizes": [len(h) for h in self.hands],
            "tokens": list(self.tokens),
            "tokens_in_box": max(0, TOKENS_IN_BOX - sum(self.tokens)),
            "draw_pile": len(self.draw),
            "discards": len(self.discards),
            # Who has chosen is seen at the table (a raised swatter); what, is not.
            "chosen": sorted(self.choices),
            "last_turn": self._public_text("turn"),
            "last_round": self._public_text("round"),
        }
        if phase == DICE:
            # The swatters are down on their flies and the dice roll for all to see.
            v["swats"] = [self.choices.get(s) for s in range(n)]
            v["dice"] = [self.dice.get(s) for s in range(n)]
        if seat is not None:
            # He may look at his own hand; the others may not.
            v["my_hand"] = [card_json(c) for c in self.hands[seat]]
            if phase == SWAT and seat in self.choices:
                v["my_swat"] = self.choices[seat]
        if self.options["open_hands"]:
            v["hands"] = [[card_json(c) for c in h] for h in self.hands]
        if phase == OVER:
            out = self.outcome()
            assert out is not None
            v["outcome"] = out.to_json()
        return v

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome.from_keys(self.tokens, truncated=self.truncated)

    def snapshot(self) -> JSON:
        return {
            "phase": self.phase,
            "draw": self.draw,
            "discards": self.discards,
            "hands": self.hands,
            "centre": self.centre,
            "tokens": self.tokens,
            "first": self.first,
            "turns": self.turns,
            "round": self.round,
            "final": self.final,
            "eligible": list(self.eligible),
            "to_deal": self.to_deal,
            "choices": sorted(self.choices.items()),
            "rolling": list(self.rolling),
            "dice": sorted(self.dice.items()),
            "reshuffles": self.reshuffles,
            "truncated": self.truncated,
            "last_turn": self.last_turn,
            "last_round": self.last_round,
        }

    def card_places(self) -> dict[int, str]:
        """Where every card is (for checking that cards are conserved)."""
        places: dict[int, str] = {}
        for group, where in ((self.draw, "draw pile"), (self.discards, "discards"),
                             (self.centre, "centre")):
            places.update((c, where) for c in group)
        for s, hand in enumerate(self.hands):
            places.update((c, f"hand {s}") for c in hand)
        return places

    # -- what a seat cannot tell apart ----------------------------------------------------
    def _resample(self, seat: int, rng: random.Random) -> SuperflyState:
        """A game ``seat`` cannot tell from this one: the same history, except that the
        face-down cards it never saw and the others' secret choices in a swat not yet
        resolved are drawn afresh (see docs/interop/superfly.md).

        Everything else is public or the seat's own: centre flies, swats and dice once
        all are in, takes, swaps, and every hand shown at a round's end.  A face-down card
        stays hidden only while its round lasts and the seat has not held its hand (a
        swap hands it over, card and all).  The times of the others' choices were never
        shown, so the result's choices carry none.
        """
        steps = list(self.history)
        if self.phase == SWAT:
            # The choices made so far in this swat are its last steps; the seat knows
            # only who chose, so the others' choices are redrawn among what was legal.
            legal = [str(action) for action in self._legal]
            for i in range(len(steps) - len(self.choices), len(steps)):
                step = steps[i]
                assert step.seat in self.choices, "a swat's choices are its last steps"
                if step.seat != seat:
                    steps[i] = Step(step.seat, rng.choice(legal), step.at_ms)
        # When another seat chose is never shown (views list who has chosen and, once
        # all are in, what; never at what time), so none of their times is kept: their
        # choices carry no time, as a script's do (a choice without one is accepted).
        steps = [Step(step.seat, step.value) if step.seat not in (None, seat) else step
                 for step in steps]
        if not self.options["open_hands"]:
            for i, card in self._redeal_unseen(seat, rng).items():
                steps[i] = Step(None, card)
        state = self.remade(steps, rng.getrandbits(64))
        assert isinstance(state, SuperflyState)
        return state

    def _redeal_unseen(self, seat: int, rng: random.Random) -> dict[int, int]:
        """New cards for the face-down deals ``seat`` has not seen, by history index.

        Only the current round can hold any (a round's end shows every hand).  Each is
        drawn from the pile its true card came from, less every card drawn after it that
        the seat saw: all such choices are equally likely under a uniform deal, so a
        uniform sample without replacement is exact.  A reshuffle between two deals makes
        two piles, each sampled on its own.
        """
        replay = SuperflyState(self.game, self.players, self.seed, self.options)
        # (history index, round, pile's reshuffle count, card, pile before the draw)
        deals: list[tuple[int, int, int, int, frozenset[int]]] = []
        draws: list[tuple[int, int]] = []  # every card drawn: (history index, card)
        seen: set[int] = set()  # cards the seat has held this round
        round_ = replay.round
        for i, step in enumerate(self.history):
            if step.seat is None:
                if replay.phase == HANDS and replay.to_deal[0] != seat:
                    deals.append((i, replay.round, replay.reshuffles, step.value,
                                  frozenset(replay.draw)))
                if replay.phase in (HANDS, CENTRE):
                    draws.append((i, step.value))
                replay.apply_chance(step.value)
            else:
                replay.apply_text(step.seat, step.value, step.at_ms)
            if replay.round != round_:
                round_ = replay.round
                seen = set()
            seen.update(replay.hands[seat])
        shown = replay._last_round is not None and replay._last_round.round == replay.round
        if shown:
            return {}
        hidden = [d for d in deals if d[1] == replay.round and d[3] not in seen]
        redealt: dict[int, int] = {}
        for epoch in sorted({d[2] for d in hidden}):
            slots = [d for d in hidden if d[2] == epoch]
            first = slots[0][0]
            slot_steps = {d[0] for d in slots}
            fixed = {card for i, card in draws if i > first and i not in slot_steps}
            pool = sorted(slots[0][4] - fixed)
            for (i, *_), card in zip(slots, rng.sample(pool, len(slots)), strict=True):
                redealt[i] = card
        return redealt


def _seats(seats: Sequence[int]) -> str:
    """'Seat 2', 'Seats 0 and 2', 'Seats 0, 1 and 3' (for narration)."""
    if len(seats) == 1:
        return f"Seat {seats[0]}"
    return f"Seats {', '.join(map(str, seats[:-1]))} and {seats[-1]}"


class Superfly(Game):
    """Superfly: swat the flies you want at the signal; the biggest set wins the round."""

    id: ClassVar[str] = "superfly"
    title: ClassVar[str] = "Superfly"
    credits: ClassVar[str] = "Loki, Anja Dreier-Brückner and Thomas Brückner, 2020"
    min_players: ClassVar[int] = 2  # 2 only as a marked variant: see option two_players
    max_players: ClassVar[int] = 5

    @property
    def players_text(self) -> str:
        # The rulebook's 3-5; 2 only as the variant (option two_players).
        return f"{RULEBOOK_PLAYERS[0]}-{RULEBOOK_PLAYERS[1]}, {self.min_players} variant"
    rules_version: ClassVar[str] = "1"
    default_bot: ClassVar[str] = "collector"
    action_types: ClassVar[tuple[type, ...]] = (Swat, Pass)
    options: ClassVar[tuple[Option, ...]] = (
        Option("deadline_ms", 5000, "how long players have to swat after the signal, in "
               "milliseconds; a player who has not swatted by then passes",
               minimum=1, maximum=600_000),
        Option("open_hands", False, "hands are played face up (the rulebook's tip for a "
               "first game)"),
        Option("two_players", False, "allow the 2-player variant (not in the rulebook, "
               "which is for 3-5 players): one centre fly a turn"),
        Option("max_turns", 1000, "safety cap: the game ends, truncated, after this many "
               "turns", minimum=1),
    )

    def new(self, players: int, seed: int = 0, **options: Any) -> SuperflyState:
        opts = self.resolve_options(players, options)
        if players < RULEBOOK_PLAYERS[0] and not opts["two_players"]:
            raise OptionError(
                f"Superfly is for {RULEBOOK_PLAYERS[0]} to {RULEBOOK_PLAYERS[1]} players; "
                "2 players is a variant: add --option two_players=true"
            )
        return SuperflyState(self, players, seed, opts)

    def _parse_action(self, text: str) -> Action:
        return parse_action(text)

    def bots(self) -> dict[str, BotFactory]:
        from gamenight.games.superfly.bots import CollectorBot

        return {**super().bots(), "collector": CollectorBot}


GAME = Superfly()
