"""High Card: a sixth game that lives only in the tests (issue 37).

Twelve cards numbered 1 to 12 are shuffled and each player is dealt a hand of three
(option ``hand``), which only he sees; the rest stay face down.  Seat 0 leads the first
trick; in turn each player plays one card face up, and when all have played the highest
card takes the trick, whose player leads the next.  Once the hands are played out, the
most tricks win, and players with equal tricks share the place (``rules.md``).

It is small, but it is a whole game to the engine: turns, a seeded shuffle as its chance
step, a hand per seat that the others never see (so the views differ), 2-4 players, and
an outcome with scores and shared wins.  Everything the other uses need (the balance
lab's pace, turns, rounds and standings, the master's plan, the research encoding, the
browser's blurb) is declared here or in a module beside it, and the registry is the only
list it joins: ``tests/test_sixth_game.py`` registers it with one line and plays it
through every use.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.engine import Acting, Game, GameState, IllegalAction, Option, Outcome, Step
from gamenight.engine.checks import describe
from gamenight.engine.events import Event
from gamenight.engine.game import JSON, BotFactory
from gamenight.engine.pace import Pace
from tests.sixth.actions import CARDS, Play, parse_action, play_of
from tests.sixth.events import EVENT_TYPES, Dealt, GameOver, Played, TrickTaken
from tests.sixth.views import HighCardView, Phase

if TYPE_CHECKING:
    from gamenight.engine.standings import Standings

#: The most cards a hand may hold: four hands of three use up the twelve cards.
MAX_HAND = 3

_CHANCE = Acting("chance")
_OVER = Acting("over")


def _is_deal(outcome: JSON) -> bool:
    """True if ``outcome`` is an order of the twelve cards."""
    return (isinstance(outcome, list) and all(type(c) is int for c in outcome)
            and sorted(outcome) == list(CARDS))


class HighCardState(GameState[Play]):
    """A game of High Card in progress."""

    game: HighCard
    shared_when_cloned = ("phase", "leader", "trick")
    flat_when_cloned = ("stock", "table", "tricks")
    rows_when_cloned = ("hands", "played")

    def __init__(self, game: HighCard, players: int, seed: int,
                 options: dict[str, Any], *, twin: bool = False) -> None:
        super().__init__(game, players, seed, options, twin=twin)
        if twin:  # a clone's blank: GameState.__deepcopy__ gives it every part
            return
        self.phase: Phase = "deal"
        self.hands: list[list[int]] = [[] for _ in range(players)]  # lowest first
        self.stock: list[int] = []  # the cards not dealt, face down
        self.table: list[int | None] = [None] * players  # this trick's card per seat
        self.played: list[list[int]] = [[] for _ in range(players)]  # in finished tricks
        self.tricks: list[int] = [0] * players
        self.leader = 0  # seat 0 leads the first trick
        self.trick = 0  # tricks finished so far

    # -- small facts ------------------------------------------------------------------
    @property
    def current(self) -> int | None:
        """Whose turn it is: the first seat from the leader, in turn, yet to play."""
        if self.phase != "play":
            return None
        for step in range(self.players):
            seat = (self.leader + step) % self.players
            if self.table[seat] is None:
                return seat
        raise AssertionError("a full trick is taken at once")

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        if self.phase == "deal":
            return _CHANCE
        current = self.current
        return _OVER if current is None else Acting("turn", (current,))

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Play]:
        if seat != self.current:
            return []
        return [play_of(card) for card in self.hands[seat]]

    def _verify(self, seat: int, action: Play, at_ms: float | None) -> None:
        if self.phase == "over":
            raise IllegalAction("the game is over")
        if self.phase == "deal":
            raise IllegalAction("the cards have not been dealt yet")
        if seat != self.current:
            raise IllegalAction(f"it is seat {self.current}'s turn to play, not seat {seat}'s")
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} has no {action.card} in his hand")

    def _do(self, seat: int, action: Play, at_ms: float | None) -> None:
        self.hands[seat].remove(action.card)
        self.table[seat] = action.card
        self.emit(Played(seat, action.card))
        if all(card is not None for card in self.table):
            self._take_trick()

    def _take_trick(self) -> None:
        """The highest card takes the trick; its player leads the next."""
        cards = [card for card in self.table if card is not None]
        high = max(cards)
        winner = self.table.index(high)
        for seat, card in enumerate(self.table):
            assert card is not None
            self.played[seat].append(card)
        self.table = [None] * self.players
        self.tricks[winner] += 1
        self.trick += 1
        self.leader = winner
        self.emit(TrickTaken(winner, high, tuple(self.tricks)))
        if not self.hands[winner]:  # every hand is as long as every other
            self.phase = "over"
            outcome = self.outcome()
            assert outcome is not None
            self.emit(GameOver(outcome.winners, tuple(self.tricks), "hands-played"))

    # -- chance ---------------------------------------------------------------------
    def _sample_chance(self) -> JSON:
        deck = list(CARDS)
        self.rng.shuffle(deck)
        return deck

    def _verify_chance(self, outcome: JSON) -> None:
        if not _is_deal(outcome):
            raise IllegalAction("a deal is an order of the twelve cards 1 to 12")

    def _do_chance(self, outcome: JSON) -> None:
        each = self.options["hand"]
        for seat in range(self.players):
            self.hands[seat] = sorted(outcome[seat * each:(seat + 1) * each])
        self.stock = list(outcome[self.players * each:])
        self.phase = "play"
        self.emit(Dealt(each, tuple(tuple(hand) for hand in self.hands)))

    # -- information ------------------------------------------------------------------
    def _view(self, seat: int | None, at_ms: float | None) -> HighCardView:
        view: HighCardView = {
            "game": "high-card",
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "trick": self.trick,
            "leader": self.leader,
            "current": self.current,
            "table": list(self.table),
            "hands": [len(hand) for hand in self.hands],
            "tricks": list(self.tricks),
        }
        if seat is not None:
            view["hand"] = list(self.hands[seat])
        outcome = self.outcome()
        if outcome is not None:
            view["outcome"] = outcome.to_json()
        return view

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        # No tie-break: players with equal tricks share the place (rules.md, Decision 2).
        return Outcome.from_keys([float(t) for t in self.tricks], reason="hands-played")

    def snapshot(self) -> JSON:
        return {"phase": self.phase, "hands": self.hands, "stock": self.stock,
                "table": self.table, "played": self.played, "tricks": self.tricks,
                "leader": self.leader, "trick": self.trick}

    # -- positions --------------------------------------------------------------------
    def _position(self) -> JSON:
        return {"phase": self.phase, "hands": self.hands, "stock": self.stock,
                "table": self.table, "played": self.played, "tricks": self.tricks,
                "leader": self.leader}

    def set_up(self, state: JSON) -> None:
        """Take up the position ``state`` (``_position``'s format), checking that the
        rules could reach it."""
        players, each = self.players, self.options["hand"]
        if not isinstance(state, dict) or set(state) != {
                "phase", "hands", "stock", "table", "played", "tricks", "leader"}:
            raise IllegalAction("a High Card position holds phase, hands, stock, table, "
                                "played, tricks and leader")
        phase = state["phase"]
        if phase not in ("deal", "play", "over"):
            raise IllegalAction(f"a High Card phase is deal, play or over, not "
                                f"{describe(phase)}")
        hands, table, played = state["hands"], state["table"], state["played"]
        tricks, leader, stock = state["tricks"], state["leader"], state["stock"]
        for name, rows in (("hands", hands), ("played", played)):
            if (not isinstance(rows, list) or len(rows) != players
                    or not all(isinstance(r, list) for r in rows)):
                raise IllegalAction(f"{name} is a list of cards per seat ({players} seats)")
        if not isinstance(table, list) or len(table) != players:
            raise IllegalAction(f"table is a card or null per seat ({players} seats)")
        if (not isinstance(tricks, list) or len(tricks) != players
                or not all(type(t) is int and t >= 0 for t in tricks)):
            raise IllegalAction(f"tricks is a count per seat ({players} seats)")
        if type(leader) is not int or not 0 <= leader < players:
            raise IllegalAction(f"the leader is a seat 0 to {players - 1}, not "
                                f"{describe(leader)}")
        if not isinstance(stock, list):
            raise IllegalAction("stock is a list of cards")
        cards = [*stock, *(c for c in table if c is not None)]
        for seat in range(players):
            cards += hands[seat] + played[seat]
        if not all(type(c) is int for c in cards):
            raise IllegalAction("a card is a whole number 1 to 12")
        if phase == "deal":
            if cards:
                raise IllegalAction("before the deal no card is in play")
        elif sorted(cards) != list(CARDS):
            raise IllegalAction("every card 1 to 12 lies in one place, once")
        self._check_progress(phase, hands, table, played, tricks, leader, each)
        self.phase = phase
        self.hands = [sorted(hand) for hand in hands]
        self.stock = list(stock)
        self.table = list(table)
        self.played = [list(cards) for cards in played]
        self.tricks = list(tricks)
        self.leader = leader
        self.trick = sum(tricks)

    def _check_progress(self, phase: str, hands: list[list[int]], table: list[Any],
                        played: list[list[int]], tricks: list[int], leader: int,
                        each: int) -> None:
        """The tricks, the table and the hands tell the same story."""
        players = self.players
        if phase == "deal":
            if any(tricks) or leader != 0:
                raise IllegalAction("before the deal no trick is taken and seat 0 leads")
            return
        finished = sum(tricks)
        if any(len(cards) != finished for cards in played):
            raise IllegalAction(f"{finished} tricks are taken: each seat has played "
                                f"{finished} cards to them")
        # The seats that have played to this trick are the leader and those after him.
        down = [(leader + step) % players for step in range(players)]
        count = sum(c is not None for c in table)
        if any(table[s] is None for s in down[:count]) or any(
                table[s] is not None for s in down[count:]):
            raise IllegalAction("the cards on the table are the leader's and those of the "
                                "players after him, in turn")
        if count == players:
            raise IllegalAction("a full trick is taken at once")
        for seat in range(players):
            if len(hands[seat]) + finished + (table[seat] is not None) != each:
                raise IllegalAction(f"seat {seat} holds a wrong number of cards for "
                                    f"a hand of {each}")
        if (phase == "over") != (finished == each):
            raise IllegalAction("the game is over exactly when the hands are played out")

    # -- what a seat cannot tell apart ----------------------------------------------------
    def _resample(self, seat: int, rng: random.Random) -> HighCardState:
        """A game ``seat`` cannot tell from this one: its own hand and every card played
        (face up) stay where they were; the others' unplayed cards and the stock are
        redrawn from the cards it has not seen."""
        steps: list[Step] = []
        if self.history:
            steps = [Step(None, self._redealt(seat, rng), None), *self.history[1:]]
        state = self.remade(steps, rng.getrandbits(64))
        assert isinstance(state, HighCardState)
        return state

    def _redealt(self, seat: int, rng: random.Random) -> list[int]:
        """The deal redrawn as ``seat`` cannot tell it from the true one."""
        each = self.options["hand"]
        deal: list[int] = self.history[0].value
        shown = [[*self.played[s], *([c] if (c := self.table[s]) is not None else [])]
                 for s in range(self.players)]
        unseen = [c for c in CARDS if c not in deal[seat * each:(seat + 1) * each]
                  and not any(c in cards for cards in shown)]
        rng.shuffle(unseen)
        redrawn: list[int] = []
        for s in range(self.players):
            if s == seat:
                redrawn += deal[s * each:(s + 1) * each]
            else:
                missing = each - len(shown[s])
                redrawn += shown[s] + unseen[:missing]
                del unseen[:missing]
        return redrawn + unseen  # the face-down stock last


class HighCard(Game):
    """High Card: play one card a trick from a secret hand; the highest takes it."""

    id: ClassVar[str] = "high-card"
    title: ClassVar[str] = "High Card"
    credits: ClassVar[str] = "gamenight's tests: the sixth game of issue 37"
    blurb: ClassVar[str] = "Play one card a trick from a secret hand: the highest card takes it."
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[str] = "1"
    default_bot: ClassVar[str] = "thrifty"
    action_types: ClassVar[tuple[type, ...]] = (Play,)
    view_type: ClassVar[object] = HighCardView
    event_types: ClassVar[tuple[type[Event], ...]] = EVENT_TYPES
    options: ClassVar[tuple[Option, ...]] = (
        Option("hand", MAX_HAND, "cards dealt to each player: the tricks played (1 to 3)",
               minimum=1, maximum=MAX_HAND),
    )
    #: A turn is choosing one of three cards (a few seconds); the deal is a shuffle of
    #: twelve cards (half a minute with the count at the end); a trick is gathered and
    #: its taker told (a couple of seconds).
    pace: ClassVar[Pace | None] = Pace(think_s=4.0, settle_s=0.0, handle_s=0.0,
                                      overhead_s=30.0, round_s=2.0)

    def _new(self, players: int, seed: int, **options: Any) -> HighCardState:
        return HighCardState(self, players, seed, self.resolve_options(players, options))

    def _parse_action(self, text: str) -> Play:
        return parse_action(text)

    def _from_position(self, players: int, seed: int, options: dict[str, Any],
                       state: JSON) -> HighCardState:
        game = HighCardState(self, players, seed, options)
        game.set_up(state)
        return game

    # -- what the balance lab and the search know of it ----------------------------------
    def count_turns(self, events: Sequence[Event]) -> int | None:
        """A turn is one card played."""
        return sum(isinstance(event, Played) for event in events)

    def count_rounds(self, events: Sequence[Event]) -> int | None:
        """A round is a trick."""
        return sum(isinstance(event, TrickTaken) for event in events)

    def standings(self, players: int) -> Standings | None:
        from tests.sixth.standings import TrickStandings

        return TrickStandings(players)

    def bots(self) -> dict[str, BotFactory]:
        from gamenight.bots.master import master_for
        from tests.sixth.bots import ThriftyBot
        from tests.sixth.search import PLAN

        return {**super().bots(), "thrifty": ThriftyBot, "master": master_for(self, PLAN)}


GAME = HighCard()
