"""Superfly (Loki, 2020): the rules as a state machine.

A round: every player is dealt one face-down card (chance, card by card); then turns
until someone holds 5 cards.  A turn: players-1 flies are laid face up in the centre
(chance, card by card); every player who may swat chooses a fly or passes, in secret
and at once (a simultaneous decision with a deadline); each swatter's die is rolled
(chance, one die at a time, in seat order); then every fly is resolved
(``resolution.resolve_swat``).  When a turn leaves someone with 5 cards, the others get
one final turn; then hands are shown, the biggest set wins a Fly Catcher token and a new
round starts, until someone has 3 tokens.  Every step emits what happened as events
(``events``); a state can be written down and set up again as a position (``positions``).

See docs/rules/superfly.md for every rulebook sentence mapped to this code and its tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from gamenight.engine import (
    BY_CHANCE,
    NOBODY,
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
    simultaneous,
)
from gamenight.engine.checks import describe
from gamenight.engine.events import Event
from gamenight.engine.frozen import FrozenDict, FrozenList, freeze
from gamenight.engine.game import JSON, Refers
from gamenight.engine.memo import Memo
from gamenight.engine.pace import Pace
from gamenight.engine.standings import Standings
from gamenight.games.superfly.actions import SWATS, SuperflyAction, Swat, parse_action
from gamenight.games.superfly.cards import (
    COLOURS,
    DECK_SIZE,
    DIE_FACES,
    NAMES,
    card_json,
    frozen_card_json,
    name,
)
from gamenight.games.superfly.events import (
    EVENT_TYPES,
    DrawPileReshuffled,
    FiveCardsAnnounced,
    FlyNotTaken,
    GameOver,
    HandShown,
    HandsSwapped,
    RoundStarted,
    SignalGiven,
    SwatChosen,
    SwattersDown,
    TokensWon,
    TurnEnded,
    card_dealt,
    die_rolled,
    fly_laid,
    fly_squished,
    fly_taken,
    swat_chosen,
)
from gamenight.games.superfly.narration import TurnLinesView, told_to
from gamenight.games.superfly.resolution import pass_hands, resolve_swat
from gamenight.games.superfly.sets import best_set
from gamenight.games.superfly.turns import LastRound, LastTurn
from gamenight.games.superfly.views import (
    CardView,
    LastRoundView,
    LastTurnView,
    Phase,
    Reason,
    SeatView,
    SuperflyFacts,
    SuperflyView,
    TableView,
)

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
HANDS: Final = "hands"  # chance: a face-down card for each player, one at a time
CENTRE: Final = "centre"  # chance: the centre flies, one at a time
SWAT: Final = "swat"  # simultaneous: every eligible player swats a fly or passes
DICE: Final = "dice"  # chance: each placed swatter's die, in seat order
OVER: Final = "over"

_DIE_OUTCOMES: list[tuple[JSON, float]] = [(face, 1 / len(DIE_FACES)) for face in DIE_FACES]


class SuperflyState(GameState[SuperflyAction]):
    """A game of Superfly in progress."""

    # How a clone copies the game's fields (search clones twice a simulation through
    # the OpenSpiel adapter; a deep copy walked every card of every hand and pile one
    # by one, about 3.5 times as long): shared, never changed in place ...
    shared_when_cloned = (
        "first", "turns", "round", "final", "eligible", "rolling", "reshuffles",
        "truncated", "_last_turn", "_last_round", "phase", "_acting", "_legal", "_pile")
    # ... or copied one level down (containers of whole numbers, or of shared values,
    # and the views' memo), or two (the hands).
    flat_when_cloned = (
        "draw", "discards", "centre", "tokens", "to_deal", "choices", "dice", "_deals",
        "_memo")
    rows_when_cloned = ("hands",)

    def __init__(self, game: Superfly, players: int, seed: int, options: dict[str, Any],
                 *, deal: bool = True, twin: bool = False) -> None:
        """A new game, its first round begun (``deal``), or (``deal`` False) an empty
        table that ``positions.set_out`` lays a position out on."""
        super().__init__(game, players, seed, options, twin=twin)
        if twin:  # a clone's blank: GameState.__deepcopy__ gives it every part
            return
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
        self._last_round: LastRound | None = None
        self.phase: Phase = HANDS
        self._acting = BY_CHANCE
        self._legal: list[SuperflyAction] = []
        # The parts of views that views share, each made once (see ``_view``).
        self._memo = Memo()
        # This round's deals, each as (history index, event index, seat dealt to, draw
        # pile reshuffles so far), and the order of the pile drawn from now (the
        # discards' order at its reshuffle; None: the fresh deck's, ascending): with
        # them ``resample`` redeals the hidden cards without replaying the game.
        self._deals: list[tuple[int, int, int, int]] = []
        self._pile: tuple[int, ...] | None = None
        if deal:
            self._start_round()

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        return self._acting

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[SuperflyAction]:
        if self.phase != SWAT or seat not in self._acting.seats:
            return []
        return list(self._legal)

    def _verify(self, seat: int, action: SuperflyAction, at_ms: float | None) -> None:
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

    def _do(self, seat: int, action: SuperflyAction, at_ms: float | None) -> None:
        choices = self.choices
        card = choices[seat] = action.card if type(action) is Swat else None
        self.emit(swat_chosen(seat, "pass" if card is None else NAMES[card]))
        seats = self._acting.seats
        i = seats.index(seat)
        pending = seats[:i] + seats[i + 1:]
        if pending:
            self._acting = self._choosing(pending)
            return
        # Every choice is in: the swatters land together, and their dice are rolled.
        self.emit_new(SwattersDown, tuple([
            None if s not in choices else "pass" if (c := choices[s]) is None else NAMES[c]
            for s in range(self.players)]))
        self.rolling = tuple([s for s in self.eligible if choices[s] is not None])
        self.dice = {}
        if self.rolling:
            self.phase = DICE
            self._acting = BY_CHANCE
        else:
            self._resolve()

    def set_acting(self) -> None:
        """Who acts now, from the phase and the choices in (for a table set out from a
        position: play sets it as it goes)."""
        if self.phase == SWAT:
            self._acting = self._choosing(tuple(s for s in self.eligible
                                                if s not in self.choices))
        else:
            self._acting = NOBODY if self.phase == OVER else BY_CHANCE

    def _choosing(self, seats: tuple[int, ...]) -> Acting:
        """``seats`` choose their swats in secret, by the signal's deadline."""
        return simultaneous(seats, self.options["deadline_ms"])

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
            card = self.choices[seat]
            assert card is not None, "only a placed swatter's die is rolled"
            self.emit(die_rolled(seat, NAMES[card], outcome))
            if len(self.dice) == len(self.rolling):
                self._resolve()
            return
        self.draw.remove(outcome)
        if phase == HANDS:
            if len(self.to_deal) == self.players:
                # Told with the first card dealt, so that every event comes of a step.
                self.emit_new(RoundStarted, self.round, self.first)
            seat = self.to_deal.pop(0)
            self._deals.append((len(self.history) - 1, self.event_count, seat,
                                self.reshuffles))
            self.hands[seat].append(outcome)
            self.emit(card_dealt(seat, NAMES[outcome], self.options["open_hands"]))
        else:
            self.centre.append(outcome)
            self.emit(fly_laid(NAMES[outcome]))
        self._deal_on()

    # -- the course of a round ----------------------------------------------------------
    def _refill(self) -> bool:
        """True if a card can be drawn; when the draw pile is empty, the discards are
        shuffled into a new one first (a draw is a random card of the pile, so the
        shuffle itself needs no chance step)."""
        if not self.draw and self.discards:
            self.draw = self.discards
            self._pile = tuple(self.draw)
            self.discards = []
            self.reshuffles += 1
            self.emit_new(DrawPileReshuffled, len(self.draw))
        return bool(self.draw)

    def _start_round(self) -> None:
        self.round += 1
        self._deals = []
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
                self._acting = BY_CHANCE
                return
            self.phase = CENTRE
        if len(self.centre) < self.players - 1 and self._refill():
            self._acting = BY_CHANCE
            return
        self._open_swat()

    def _open_swat(self) -> None:
        self.phase = SWAT
        self.choices = {}
        centre = self.centre
        self._legal = [*[SWATS[c] for c in centre], PASS]
        self._acting = self._choosing(self.eligible)
        self.emit_new(SignalGiven, self.turns + 1, self.first, self.final,
                      tuple([NAMES[c] for c in centre]), self.eligible)

    def _resolve(self) -> None:
        choices = self.choices
        swats = {s: c for s, c in choices.items() if c is not None}
        results = resolve_swat(self.centre, swats, self.dice)
        hands = self.hands
        taken: list[tuple[int, int]] = []
        for fly in results:
            fly_name = NAMES[fly.card]
            if fly.squished:
                self.emit(fly_squished(fly_name, fly.squished_by))
                continue
            for group in fly.swaps:
                hands = pass_hands(hands, group)
                self.emit_new(HandsSwapped, fly_name, group, self.dice[group[0]])
            if fly.taker is not None:
                taken.append((fly.taker, fly.card))
                self.emit(fly_taken(fly.taker, fly_name, len(fly.claimants) > 1))
            elif fly.claimants:
                self.emit_new(FlyNotTaken, fly_name)
        for seat, card in taken:
            hands[seat] = [*hands[seat], card]
            assert len(hands[seat]) <= HAND_LIMIT, "a hand never exceeds 5 cards"
        self.hands = hands
        kept = {card for _, card in taken}
        discarded = [c for c in self.centre if c not in kept]
        self.discards.extend(discarded)
        n = self.players
        five = tuple([s for s in range(n) if len(hands[s]) >= HAND_LIMIT])
        self._last_turn = LastTurn(
            self.turns + 1, self.round, self.final, self.first, tuple(self.centre),
            self.eligible, tuple(map(choices.get, range(n))),
            tuple(map(self.dice.get, range(n))), five)
        self.emit_new(TurnEnded, self.turns + 1, tuple([NAMES[c] for c in discarded]), five)
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
            self.emit_new(FiveCardsAnnounced, five, short)
            self.final = True
            self.eligible = short
            self._next_turn()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        if self.turns >= self.options["max_turns"]:
            self._game_over("cap")
        else:
            self._start_turn()

    def _end_round(self) -> None:
        """Hands are shown; the biggest set wins a token (ties all get one)."""
        assert self._last_turn is not None
        hands = tuple(map(tuple, self.hands))
        winners = LastRound(self.round, hands, ()).winners
        for s in winners:
            self.tokens[s] += 1
        self._last_turn = replace(self._last_turn, round_over=True)
        self._last_round = LastRound(self.round, hands, tuple(self.tokens))
        for s, hand in enumerate(hands):
            kind, cards = best_set(hand)
            self.emit(HandShown(s, tuple(NAMES[c] for c in hand), len(cards), kind,
                                tuple(NAMES[c] for c in cards)))
        self.emit(TokensWon(self.round, winners, tuple(self.tokens)))
        for h in self.hands:
            self.discards.extend(h)
        self.hands = [[] for _ in range(self.players)]
        self.final = False
        if max(self.tokens) >= TOKENS_TO_WIN:
            self._game_over("tokens")
        elif self.turns >= self.options["max_turns"]:
            self._game_over("cap")
        else:
            self._start_round()

    def _game_over(self, reason: Reason) -> None:
        self.phase = OVER
        self._acting = NOBODY
        self.truncated = reason == "cap"
        outcome = self.outcome()
        assert outcome is not None
        self.emit(GameOver(reason, outcome.winners, tuple(self.tokens)))

    # -- information ------------------------------------------------------------------
    @property
    def last_turn(self) -> LastTurnView | None:
        """What all saw of the last turn: centre, swats, dice, squishes, swaps, takes."""
        return None if self._last_turn is None else self._last_turn.to_json()

    @property
    def last_round(self) -> LastRoundView | None:
        """The hands shown at the end of the last round, their sets and the token winners."""
        return None if self._last_round is None else self._last_round.to_json()

    def _view(self, seat: int | None,
              at_ms: float | None) -> SuperflyView:
        # A swat is a simultaneous decision, not a race: the view at any moment of it is
        # the view of now (``at_ms`` changes nothing).  What every seat sees is made
        # once a step, and a seat's hand once for the cards it holds (``engine.memo``).
        table = self._memo.of_step(self.history, "table", self._table_view)
        if seat is None:
            return {"seat": None, **table}
        # He may look at his own hand; the others may not.
        hand = self._memo.kept(seat, tuple(self.hands[seat]), cards_shown)
        # (mypy asks the ** item for my_swat, which a seat's view may leave out.)
        mine: SeatView = {"seat": seat, **table,  # type: ignore[typeddict-item]
                          "my_hand": hand}
        if self.phase == SWAT and seat in self.choices:
            mine["my_swat"] = self.choices[seat]
        return mine

    def _told_in(self, seat: int | None, language: str) -> TurnLinesView | None:
        # The last turn in words, as this seat reads them in its language
        # (``narration``): for people only, never in a view, so that no bot pays for
        # sentences.  Made once a turn per seat and language, for the server's updates
        # to its people and spectators to share.
        return self._memo.kept(("told", seat, language), self._last_turn,
                               lambda turn: told_to(turn, seat, HAND_LIMIT, language))

    def _table_view(self) -> TableView:
        """The part of every view that is the same for every seat."""
        phase = self.phase
        before: TableView | None = self._memo.last("table")
        if (phase == SWAT and before is not None and before["phase"] == SWAT
                and before["round"] == self.round and before["turn"] == self.turns + 1):
            # The same swat: every step since the signal was a choice, and a choice
            # changes what the table shows only by one more raised swatter.
            return FrozenDict(before, chosen=FrozenList(sorted(self.choices)))  # type: ignore[return-value]
        # Made of frozen parts (each as cheap as a plain one), for every view to share.
        n = self.players
        table: TableView = {
            "game": "superfly",
            "players": n,
            "phase": phase,
            "round": self.round,
            "turn": self.turns + 1 if phase != OVER else self.turns,
            "first_player": self.first,
            "final_turn": self.final,
            "eligible": FrozenList(self.eligible),
            "deadline_ms": self.options["deadline_ms"],
            "open_hands": self.options["open_hands"],
            "centre": FrozenList([frozen_card_json(c) for c in self.centre]),
            "hand_sizes": FrozenList([len(h) for h in self.hands]),
            "tokens": FrozenList(self.tokens),
            "tokens_in_box": max(0, TOKENS_IN_BOX - sum(self.tokens)),
            "draw_pile": len(self.draw),
            "discards": len(self.discards),
            # Who has chosen is seen at the table (a raised swatter); what, is not.
            "chosen": FrozenList(sorted(self.choices)),
            # The same for the whole turn (or round): made once for the fact it shows.
            "last_turn": None if self._last_turn is None else self._memo.kept(
                "last turn", self._last_turn, LastTurn.to_json),
            "last_round": None if self._last_round is None else self._memo.kept(
                "last round", self._last_round, LastRound.to_json),
        }
        if phase == DICE:
            # The swatters are down on their flies and the dice roll for all to see.
            table["swats"] = FrozenList([self.choices.get(s) for s in range(n)])
            table["dice"] = FrozenList([self.dice.get(s) for s in range(n)])
        if self.options["open_hands"]:
            table["hands"] = FrozenList([FrozenList([frozen_card_json(c) for c in h])
                                         for h in self.hands])
        if phase == OVER:
            out = self.outcome()
            assert out is not None
            table["outcome"] = freeze(out.to_json())
        return FrozenDict(table)  # type: ignore[return-value]

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome.from_keys(self.tokens, truncated=self.truncated,
                                 reason="cap" if self.truncated else "tokens")

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

        It is this state's clone with the redrawn parts put in their places, not a
        replay of the redrawn history: nothing the rules do depends on which cards the
        hidden ones are but the hands and the draw pile, and on a swat's choices only
        their events until all are in.  So it is the very state ``remade`` builds from
        that history (``tests/games/superfly/test_sf_resample.py`` checks it against the
        replay, the definition), with ``rng`` drawn from in the same order: the others'
        choices, each pile's redeal, then the result's generator.
        """
        twin = self.clone()
        assert isinstance(twin, SuperflyState)
        history, events = twin.history, twin.events
        if self.phase == SWAT:
            # The choices made so far in this swat are its last steps, each told by one
            # event (its last events); the seat knows only who chose, so the others'
            # choices are redrawn among what was legal.
            for i in range(len(history) - len(self.choices), len(history)):
                step = history[i]
                assert step.seat in self.choices, "a swat's choices are its last steps"
                if step.seat != seat:
                    action = rng.choice(self._legal)
                    card = action.card if type(action) is Swat else None
                    twin.choices[step.seat] = card
                    history[i] = Step(step.seat, str(action), step.at_ms)
                    told = events[i - len(history)]
                    assert type(told) is SwatChosen and told.seat == step.seat
                    events[i - len(history)] = swat_chosen(
                        step.seat, "pass" if card is None else NAMES[card])
        # When another seat chose is never shown (views list who has chosen and, once
        # all are in, what; never at what time), so none of their times is kept: their
        # choices carry no time, as a script's do (a choice without one is accepted).
        twin.history = [step if step.at_ms is None or step.seat == seat
                        else Step(step.seat, step.value) for step in history]
        if not self.options["open_hands"]:
            self._redeal_unseen(twin, seat, rng)
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def _taken_back(self, keep: int) -> SuperflyState | None:
        """Where every step after the first ``keep`` is a choice in the swat open now,
        this state's clone without them (``taken_back``); otherwise None.  Until all
        are in, a choice changes only the choices, who is still to choose and its own
        event, the swat's last events (as in ``_resample``)."""
        steps = self.history[keep:]
        if (self.phase != SWAT or len(steps) > len(self.choices)
                or any(step.seat not in self.choices for step in steps)):
            return None
        twin = self.clone()
        assert isinstance(twin, SuperflyState)
        if not steps:
            return twin
        for step in steps:
            assert type(twin.events[-1]) is SwatChosen
            del twin.choices[step.seat]  # type: ignore[arg-type]  # (a seat, not None)
            twin.events.pop()
        del twin.history[keep:]
        twin._acting = twin._choosing(tuple([s for s in self.eligible
                                             if s not in twin.choices]))
        return twin

    def _unseen_deals(self, seat: int) -> list[tuple[int, int, int, int]]:
        """This round's face-down deals (as ``_deals`` holds them) whose card ``seat``
        has not held after any step.  Only the current round can hold any (a round's
        end shows every hand)."""
        if self._last_round is not None and self._last_round.round == self.round:
            return []  # the game ended with the round: every hand was shown
        others = [deal for deal in self._deals if deal[2] != seat]
        if not others:
            return []
        # A dealt card stays in the hand it was dealt into, and a hand moves only whole,
        # when tied swatters pass their hands round (``HandsSwapped``): follow each
        # deal's hand, and see whose it is when each turn ends (a turn's swaps are all
        # in its last step, which ``TurnEnded`` closes).
        holder = {deal[0]: deal[2] for deal in others}
        held: set[int] = set()
        for event in self.events[self._deals[0][1]:]:
            kind = type(event)
            if kind is HandsSwapped:
                assert isinstance(event, HandsSwapped)
                group = event.seats
                to = {s: group[(k + 1) % len(group)] for k, s in enumerate(group)}
                holder = {i: to.get(at, at) for i, at in holder.items()}
            elif kind is TurnEnded:
                held.update(i for i, at in holder.items() if at == seat)
        return [deal for deal in others if deal[0] not in held]

    def _redeal_unseen(self, twin: SuperflyState, seat: int, rng: random.Random) -> None:
        """Give ``twin`` (this state's copy) new cards for the face-down deals ``seat``
        has not seen: in the history, their events, the hands and the draw pile.

        Each is drawn from the pile its true card came from, less every card drawn after
        it that the seat saw: all such choices are equally likely under a uniform deal,
        so a uniform sample without replacement is exact.  A reshuffle between two
        deals makes two piles, each sampled on its own.  The seat knows every card
        drawn from a pile after its first unseen deal but the unseen deals' own, and a
        pile that is not the one drawn from now was drawn to its end (a reshuffle waits
        for an empty pile).  So the cards to sample from are those deals' cards, and
        for the pile drawn from now, the cards still in it.
        """
        hidden = self._unseen_deals(seat)
        if not hidden:
            return
        redealt: dict[int, int] = {}  # a hidden card -> the card dealt in its place
        put_back: set[int] = set()  # cards of the pile drawn from now, dealt no more
        for epoch in sorted({deal[3] for deal in hidden}):
            slots = [deal for deal in hidden if deal[3] == epoch]
            dealt = [self._dealt_card(deal[0]) for deal in slots]
            pool = set(dealt)
            if epoch == self.reshuffles:
                pool.update(self.draw)
                put_back.update(dealt)
            for (i, told, to, _), old, card in zip(
                    slots, dealt, rng.sample(sorted(pool), len(slots)), strict=True):
                redealt[old] = card
                twin.history[i] = Step(None, card)
                twin.events[told] = card_dealt(to, NAMES[card], self.options["open_hands"])
        twin.hands = [[redealt.get(c, c) for c in hand] for hand in self.hands]
        put_back.difference_update(redealt.values())
        if put_back:
            # The pile keeps its order: each card at its place in the pile as it was
            # made (the fresh deck's, or the discards' at the reshuffle).
            drawn = set(redealt.values())
            pile = put_back.union(self.draw).difference(drawn)
            twin.draw = [c for c in (self._pile or range(DECK_SIZE)) if c in pile]

    def _dealt_card(self, i: int) -> int:
        """The card of the deal at history index ``i``."""
        card = self.history[i].value
        assert type(card) is int, "a deal's outcome is a card id"
        return card


def cards_shown(cards: Sequence[int]) -> list[CardView]:
    """Cards as a view shows them (each card's one frozen dict)."""
    return [frozen_card_json(card) for card in cards]


# A variant, or a test's game with a hook left as ``Game`` has it, may subclass the
# definition: compiled by mypyc, that is allowed only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class Superfly(Game):
    """Superfly: swat the flies you want at the signal; the biggest set wins the round."""

    id: ClassVar[str] = "superfly"
    title: ClassVar[str] = "Superfly"
    credits: ClassVar[str] = "Loki, Anja Dreier-Brückner and Thomas Brückner, 2020"
    blurb: ClassVar[str] = "Everyone swats at the signal: the flies you pick make your sets."
    end_reasons: ClassVar[Mapping[str, str]] = {
        "tokens": "A player collected the tokens to win.",
        "cap": "The safety cap on the game's length ended it early.",
    }
    min_players: ClassVar[int] = 2  # 2 only as a marked variant: see option two_players
    max_players: ClassVar[int] = 5

    @property
    def players_text(self) -> str:
        # The rulebook's 3-5; 2 only as the variant (option two_players).
        return f"{RULEBOOK_PLAYERS[0]}-{RULEBOOK_PLAYERS[1]}, {self.min_players} variant"
    rules_version: ClassVar[str] = "1"
    default_bot: ClassVar[str] = "collector"
    action_types: ClassVar[tuple[type, ...]] = (Swat, Pass)
    view_type = SuperflyView
    facts_type = SuperflyFacts
    event_types: ClassVar[tuple[type[Event], ...]] = EVENT_TYPES
    told_type = TurnLinesView
    options: ClassVar[tuple[Option, ...]] = (
        Option("deadline_ms", 5000, "how long players have to swat after the signal, in "
               "milliseconds; a player who has not swatted by then passes",
               minimum=1, maximum=600_000,
               label="Time to swat (ms)"),
        Option("open_hands", False, "hands are played face up (the rulebook's tip for a "
               "first game)",
               label="Open hands"),
        Option("two_players", False, "allow the 2-player variant (not in the rulebook, "
               "which is for 3-5 players): one centre fly a turn",
               label="2-player variant"),
        Option("max_turns", 1000, "safety cap: the game ends, truncated, after this many "
               "turns", minimum=1,
               label="Safety cap on turns"),
    )

    def _new(self, players: int, seed: int, **options: Any) -> SuperflyState:
        return SuperflyState(self, players, seed, self.resolve_options(players, options))

    def check_table(self, players: int, options: Mapping[str, Any]) -> None:
        """OptionError unless the rulebook (or the variant asked for) seats ``players``
        (``resolve_options`` asks, so every use refuses such a table before it starts)."""
        if players < RULEBOOK_PLAYERS[0] and not options["two_players"]:
            raise OptionError(
                f"Superfly is for {RULEBOOK_PLAYERS[0]} to {RULEBOOK_PLAYERS[1]} players; "
                "2 players is a variant: add --option two_players=true"
            )

    def facts(self) -> SuperflyFacts:
        return {"cards": [card_json(card) for card in range(DECK_SIZE)],
                "colours": list(COLOURS), "hand_limit": HAND_LIMIT}

    def refers(self, action: SuperflyAction) -> Refers:
        """A swat refers to the fly it swats; a pass, to nothing."""
        return {"card": action.card} if isinstance(action, Swat) else {}

    def _parse_action(self, text: str) -> SuperflyAction:
        return parse_action(text)

    # -- what the balance lab knows of the game (lab/length.py, lab/drama.py) ------------
    #: No turn decisions: every choice is the swat after the signal, timed in the history.
    #: After the swatters land: dice read, battles, squished flies and swapped hands
    #: settled, cards taken, the rest discarded.  A chance step is a card dealt or laid
    #: (some 2 s) or a die, read as it is rolled in the swat (none): about 1 s on average.
    #: A round ends with the hands shown and the biggest sets found.
    pace: ClassVar[Pace] = Pace(think_s=0.0, settle_s=6.0, handle_s=1.0, overhead_s=30.0,
                                round_s=20.0)

    def count_turns(self, events: Sequence[Event]) -> int:
        """A turn is a signal over the centre flies (``SignalGiven``)."""
        return sum(1 for e in events if isinstance(e, SignalGiven))

    def count_rounds(self, events: Sequence[Event]) -> int:
        """A round begins with ``RoundStarted``: the rulebook plays in rounds ("The game is
        played in several rounds"), where the other games pass a turn round the table
        without calling a round anything."""
        return sum(1 for e in events if isinstance(e, RoundStarted))

    def standings(self, players: int) -> Standings:
        """Fly Catcher tokens (``standings.SuperflyStandings``)."""
        from gamenight.games.superfly.standings import SuperflyStandings

        return SuperflyStandings(players)


GAME = Superfly()
