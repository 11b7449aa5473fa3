"""By Golly! (Zoch's Au Backe!, Frank Nestel, 2001): the rules as a state machine.

Phases of a turn, each a decision of the player on turn (or a chance step):

``lay`` (lay an animal card) -> ``turn`` (turn over a chicken-run card): the same animal
-> ``lay`` again; another animal or a shovel -> ``end``; chicken poo -> ``second`` (turn
over a second card): a shovel -> ``shuffle``; an animal -> ``mess`` (draw 2); the second
poo -> ``mess`` (draw 4); ``mess`` -> (``draw``: chance, which card of a hand) ->
``shuffle`` (shuffle or keep; ``shuffling``: chance, the new order) -> the next turn.
``end`` turns the cards back face down, and the player refills his hand.

The cards turned over this turn lie face up in every view until the turn is over; a
view never shows a face-down card or any history.  What happens is told as events
(``events.py``); positions are read and written in ``positions.py``.  See
docs/rules/by-golly.md for every rulebook sentence mapped to this code and its tests.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from itertools import compress
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
    Outcome,
    turn_of,
)
from gamenight.engine.checks import describe
from gamenight.engine.events import Event
from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.engine.game import JSON, Refers
from gamenight.engine.memo import Memo, latest
from gamenight.engine.outcome import MEAN_RANK, SummaryColumn
from gamenight.engine.pace import Pace
from gamenight.engine.standings import Standings
from gamenight.games.by_golly.actions import (
    DRAWS,
    END,
    KEEP,
    LAYS,
    SHUFFLE,
    TURNS,
    ByGollyAction,
    Draw,
    End,
    Keep,
    Lay,
    Shuffle,
    Turn,
    parse_action,
)
from gamenight.games.by_golly.cards import (
    ANIMAL_CARDS,
    ANIMALS,
    DEAL,
    FACE_NAMES,
    HAND_SIZE,
    KIND_OF_NAME,
    KINDS,
    PLACE_NAMES,
    PLACES,
    POO,
    RUN_FACE,
    SHOVEL,
    AnimalName,
    deal_of,
    kind_of_card,
)
from gamenight.games.by_golly.events import (
    EVENT_TYPES,
    Dealt,
    Drew,
    FaceUpMatch,
    GameOver,
    Kept,
    Reason,
    Refilled,
    Shuffled,
    TurnedOver,
    TurnEnded,
    TurnResult,
    card_laid,
)
from gamenight.games.by_golly.views import TURN_PHASES, ByGollyFacts, ByGollyView, Phase

#: Cards the player in the mess draws: 2 after an animal, 4 after the second poo.
MESS_DRAWS = 2
MESS_DRAWS_SECOND_POO = 4
#: Choices of the option ``last_card``.
WINS = "wins"
PROTECTED = "protected"
#: Shuffles of at most this many cards list their outcomes (6! = 720).
LISTED_SHUFFLE = 6


def dealt_cards(players: int) -> int:
    """Animal cards each player gets: 15 with 2 or 3 players, 11 with 4, 9 with 5, 7 with 6."""
    return DEAL[players]


def mess_draws(second_face: int) -> int:
    """Cards drawn in the mess: none after a shovel, 2 after an animal, 4 after poo."""
    if second_face == SHOVEL:
        return 0
    return MESS_DRAWS_SECOND_POO if second_face == POO else MESS_DRAWS


def second_card_result(second_face: int) -> TurnResult:
    """The rulebook's three results of the card turned over after the poo: a shovel is
    still lucky, an animal a bit unlucky, the second poo really unlucky."""
    if second_face == SHOVEL:
        return "still-lucky"
    return "really-unlucky" if second_face == POO else "a-bit-unlucky"


def _is_order(value: JSON, items: list[int]) -> bool:
    """True if ``value`` is a list holding exactly ``items`` (sorted), in any order."""
    return (isinstance(value, list) and all(type(v) is int for v in value)
            and sorted(value) == items)


def _text(action: ByGollyAction) -> str:
    """An action's text for a message, even for one whose fields are out of range."""
    try:
        return str(action)
    except (IndexError, TypeError):
        return repr(action)


def _hand_names(hand: list[int]) -> tuple[AnimalName, ...]:
    """A hand (a count per kind) as names, in the order of the animals."""
    return _names_of_counts(tuple(hand))


# Every view shows the seat's hand, and a hand changes a card or two a turn.
@latest(1 << 12)
def _names_of_counts(counts: tuple[int, ...]) -> tuple[AnimalName, ...]:
    return tuple(ANIMALS[k] for k in range(KINDS) for _ in range(counts[k]))


#: The run as a view shows it before anything is turned over: every place face down.
_NOTHING_TURNED = FrozenList([None] * PLACES)


class ByGollyState(GameState[ByGollyAction]):
    """A game of By Golly! in progress."""

    # How a clone copies the game's fields (the information-set search of the research
    # adapters and ``master`` clones at every simulation): shared, as numbers and
    # texts ...
    shared_when_cloned = ("laid", "current", "phase", "draws_left", "draw_from", "turns",
                          "winner", "truncated")
    # ... or copied one level down (lists of whole numbers, and the views' memo), or
    # two (a list per seat).
    flat_when_cloned = ("run", "up", "turned", "hand_sizes", "discarded", "box", "_memo")
    rows_when_cloned = ("hands", "stacks")

    def __init__(self, game: ByGolly, players: int, seed: int, options: dict[str, Any], *,
                 twin: bool = False) -> None:
        super().__init__(game, players, seed, options, twin=twin)
        if twin:  # a clone's blank: GameState.__deepcopy__ gives it every part
            return
        self.run: list[int] = []  # the face at each of the 19 places
        self.up: list[bool] = [False] * PLACES  # face up (turned over this turn)
        self.turned: list[int] = []  # places turned over this turn, in order
        self.hands: list[list[int]] = [[0] * KINDS for _ in range(players)]  # count per kind
        self.hand_sizes: list[int] = [0] * players
        self.stacks: list[list[int]] = [[] for _ in range(players)]  # kinds, top card last
        self.discarded: list[int] = []  # animal cards laid to one side for good (kinds)
        self.box: list[int] = []  # cards not dealt (kinds)
        self.laid: int | None = None  # the animal card lying face up before the player
        self.current = 0  # the players choose a starting player: seat 0
        self.phase: Phase = "deal"
        self.draws_left = 0
        self.draw_from: int | None = None  # whose hand the pending blind draw is from
        self.turns = 0
        self.winner: int | None = None
        self.truncated = False
        # The views' shared part, made once a step (see ``_view``).
        self._memo = Memo()

    # -- small facts ------------------------------------------------------------------
    def cards_left(self, seat: int) -> int:
        """Animal cards a player still has: hand, stack and a card he has laid."""
        laid = 1 if seat == self.current and self.laid is not None else 0
        return self.hand_sizes[seat] + len(self.stacks[seat]) + laid

    def face_up(self, face: int) -> bool:
        """True if a chicken-run card with this face lies face up this turn."""
        run, up = self.run, self.up
        return any(up[p] and run[p] == face for p in self.turned)

    def opponents_with_cards(self) -> list[int]:
        """The opponents the player on turn may draw from in the mess: those with cards
        (with ``last_card=protected``, those with more than one)."""
        cur, sizes, stacks = self.current, self.hand_sizes, self.stacks
        least = 2 if self.options["last_card"] == PROTECTED else 1
        return [s for s in range(self.players)
                if s != cur and sizes[s] + len(stacks[s]) >= least]

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        phase = self.phase
        if phase in TURN_PHASES:
            return turn_of(self.current)
        if phase == "over":
            return NOBODY
        return BY_CHANCE  # deal, draw, shuffling

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[ByGollyAction]:
        if seat != self.current:
            return []
        phase = self.phase
        # (compress picks in C what a loop over kinds would: the animals in the hand.)
        if phase == "lay":
            return list(compress(LAYS, self.hands[seat]))
        if phase == "turn" or phase == "second":
            # Every place but the few turned over this turn (face up), taken out of the
            # whole run from the last place back, so the earlier ones keep their index.
            down: list[ByGollyAction] = list(TURNS)
            for place in sorted(self.turned, reverse=True):
                del down[place]
            return down
        if phase == "end":
            return [END]
        if phase == "mess":
            return [DRAWS[s] for s in self.opponents_with_cards()]
        if phase == "shuffle":
            return [SHUFFLE, KEEP]
        return []

    def _verify(self, seat: int, action: ByGollyAction, at_ms: float | None) -> None:
        phase = self.phase
        if phase not in TURN_PHASES:
            if phase == "over":
                raise IllegalAction("the game is over")
            if phase == "deal":
                raise IllegalAction("the cards have not been dealt yet")
            raise IllegalAction("wait: a card is being drawn or the run shuffled")
        if seat != self.current:
            raise IllegalAction(f"it is seat {self.current}'s turn, not seat {seat}'s")
        if phase == "lay":
            if not isinstance(action, Lay):
                raise IllegalAction(f"seat {seat} must lay an animal card from his hand, "
                                    f"not {_text(action)}")
            animal = action.animal  # a whole number: the engine checked
            if not 0 <= animal < KINDS:
                raise IllegalAction(f"there is no animal {animal}")
            if not self.hands[seat][animal]:
                raise IllegalAction(f"seat {seat} has no {ANIMALS[animal]} in his hand")
        elif phase == "turn" or phase == "second":
            if not isinstance(action, Turn):
                what = "a second chicken-run card (chicken poo!)" if phase == "second" else \
                    "a chicken-run card"
                raise IllegalAction(f"seat {seat} must turn over {what}, not {_text(action)}")
            place = action.place
            if not 0 <= place < PLACES:
                raise IllegalAction(f"the chicken run has places 0 to {PLACES - 1}, not {place}")
            if self.up[place]:
                # The place by its letter, as the tables and the narration name it.
                raise IllegalAction(f"the card at {PLACE_NAMES[place]} is already face up")
        elif phase == "mess":
            if not isinstance(action, Draw):
                raise IllegalAction(f"seat {seat} is in the mess: he must draw "
                                    f"{self.draws_left} more card(s), not {_text(action)}")
            victim = action.seat
            if not 0 <= victim < self.players:
                raise IllegalAction(f"there is no seat {victim} to draw from")
            if victim == seat:
                raise IllegalAction("a player in the mess draws from his opponents, not himself")
            if not self.hand_sizes[victim] and not self.stacks[victim]:
                raise IllegalAction(f"seat {victim} has no cards to draw")
            if victim not in self.opponents_with_cards():
                raise IllegalAction(f"seat {victim}'s last card may not be drawn "
                                    "(option last_card=protected)")
        elif phase == "shuffle":
            if not isinstance(action, Shuffle | Keep):
                raise IllegalAction(f"seat {seat} may shuffle the cards he turned over, or "
                                    f"keep them as they lie, not {_text(action)}")
        elif not isinstance(action, End):  # phase "end"
            raise IllegalAction(f"seat {seat}'s turn is over: he turns the cards back "
                                f"face down (end), not {_text(action)}")

    def _do(self, seat: int, action: ByGollyAction, at_ms: float | None) -> None:
        if isinstance(action, Turn):
            self._turn_over(seat, action.place)
        elif isinstance(action, Lay):
            self._lay(seat, action.animal)
        elif isinstance(action, Draw):
            self._draw(seat, action.seat)
        elif isinstance(action, End):
            self._end_turn()
        elif isinstance(action, Keep):
            self.emit_new(Kept, seat)
            self._end_turn()
        else:  # Shuffle: the new order is chance
            self.emit_new(Shuffled, seat, tuple(sorted(self.turned)))
            self.phase = "shuffling"

    def _lay(self, seat: int, animal: int) -> None:
        self.hands[seat][animal] -= 1
        self.hand_sizes[seat] -= 1
        self.emit(card_laid(seat, ANIMALS[animal]))
        if self.options["face_up_match"] and self.face_up(animal):
            # Option: the animal already lies face up this turn, so the card matches
            # without turning another.
            self.discarded.append(animal)
            self.emit_new(FaceUpMatch, seat, ANIMALS[animal])
            self._after_match(seat)
            return
        self.laid = animal
        self.phase = "turn"

    def _turn_over(self, seat: int, place: int) -> None:
        self.up[place] = True
        self.turned.append(place)
        face = self.run[place]
        laid = self.laid
        assert laid is not None
        if self.phase == "second":
            # After the poo: the played card goes back to the hand in all three cases.
            self.laid = None
            self._to_hand(seat, laid)
            draws = mess_draws(face)
            self._turned_over(seat, place, laid, second_card_result(face), draws)
            if draws == 0:
                self.phase = "shuffle"
                return
            self.draws_left = draws
            self._mess_or_shuffle()
            return
        if face == laid:
            self.laid = None
            self.discarded.append(laid)
            self._turned_over(seat, place, laid, "match")
            self._after_match(seat)
        elif face == POO:
            self._turned_over(seat, place, laid, "poo")
            self.phase = "second"
        else:
            self.laid = None
            self._to_hand(seat, laid)
            self._turned_over(seat, place, laid, "no-match")
            self.phase = "end"

    def _turned_over(self, seat: int, place: int, laid: int, result: TurnResult,
                     draws: int = 0) -> None:
        self.emit_new(TurnedOver, seat, place, FACE_NAMES[self.run[place]], ANIMALS[laid],
                      result, draws)

    def _to_hand(self, seat: int, animal: int) -> None:
        self.hands[seat][animal] += 1
        self.hand_sizes[seat] += 1

    def _after_match(self, seat: int) -> None:
        """A card went out: the player wins with none left, stops with an empty hand,
        else goes on with another card."""
        if self.hand_sizes[seat]:
            self.phase = "lay"
        elif not self.stacks[seat]:
            self._win(seat, "last-card")
        else:
            self.phase = "end"

    def _draw(self, seat: int, victim: int) -> None:
        self.draws_left -= 1
        if self.hand_sizes[victim]:
            # Drawn blindly from the hand: which card is chance.
            self.draw_from = victim
            self.phase = "draw"
            return
        animal = self.stacks[victim].pop()  # an empty hand: the top of his stack
        self._to_hand(seat, animal)
        self.emit_new(Drew, seat, victim, "stack", ANIMALS[animal])
        self._after_draw(victim)

    def _after_draw(self, victim: int) -> None:
        if not self.hand_sizes[victim] and not self.stacks[victim]:
            # He has got rid of all his cards, if by another's mess: he wins.
            self._win(victim, "last-card-drawn")
            return
        self._mess_or_shuffle()

    def _mess_or_shuffle(self) -> None:
        if self.draws_left and self.opponents_with_cards():
            self.phase = "mess"
        else:
            self.draws_left = 0
            self.phase = "shuffle"

    def _end_turn(self) -> None:
        up = self.up
        for place in self.turned:
            up[place] = False
        turned_back = tuple(self.turned)
        self.turned.clear()
        seat = self.current
        stack, hand = self.stacks[seat], self.hands[seat]
        drawn: list[int] = []
        while self.hand_sizes[seat] < HAND_SIZE and stack:
            animal = stack.pop()
            hand[animal] += 1
            drawn.append(animal)
            self.hand_sizes[seat] += 1
        self.turns += 1
        self.emit_new(TurnEnded, seat, turned_back, self.turns)
        if drawn:
            # Sorted as a hand is: which of them lay on top is not seen.
            drawn.sort()
            self.emit_new(Refilled, seat, len(drawn), tuple(ANIMALS[k] for k in drawn))
        if self.turns >= self.options["max_turns"]:
            self.phase = "over"
            self.truncated = True
            self.emit(GameOver(None, "cap"))
            return
        self.current = seat = (seat + 1) % self.players
        # A player whose hand was drawn away in a mess has no card to lay: his turn is
        # only its end, when he refills from his stack.
        self.phase = "lay" if self.hand_sizes[seat] else "end"

    def _win(self, seat: int, reason: Reason) -> None:
        self.winner = seat
        self.phase = "over"
        self.emit(GameOver(seat, reason))

    def reason(self) -> Reason | None:
        """How the game ended (None while it goes on): the safety cap, the winner's own
        last card (he is on turn), or his last cards drawn in another's mess."""
        if self.phase != "over":
            return None
        if self.truncated:
            return "cap"
        return "last-card" if self.winner == self.current else "last-card-drawn"

    # -- chance ---------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[JSON, float]] | None:
        phase = self.phase
        if phase == "draw":
            assert self.draw_from is not None
            hand, size = self.hands[self.draw_from], self.hand_sizes[self.draw_from]
            return [(ANIMALS[k], hand[k] / size) for k in range(KINDS) if hand[k]]
        if phase == "shuffling" and len(self.turned) <= LISTED_SHUFFLE:
            orders = list(itertools.permutations(sorted(self.turned)))
            return [(list(order), 1.0 / len(orders)) for order in orders]
        return None

    def _sample_chance(self) -> JSON:
        phase = self.phase
        if phase == "draw":
            assert self.draw_from is not None
            hand = self.hands[self.draw_from]
            r = self.rng.randrange(self.hand_sizes[self.draw_from])
            for k in range(KINDS):
                r -= hand[k]
                if r < 0:
                    return ANIMALS[k]
            raise AssertionError("hand sizes out of step")
        if phase == "shuffling":
            order = sorted(self.turned)
            self.rng.shuffle(order)
            return order
        if phase == "deal":
            run = list(range(PLACES))
            self.rng.shuffle(run)
            deck = list(range(ANIMAL_CARDS))
            self.rng.shuffle(deck)
            return {"run": run, "deck": deck}
        raise AssertionError(f"no chance event in phase {phase}: the engine draws only when due")

    def _verify_chance(self, outcome: JSON) -> None:
        phase = self.phase
        if phase == "draw":
            assert self.draw_from is not None
            k = KIND_OF_NAME.get(outcome) if isinstance(outcome, str) else None
            if k is None or k >= KINDS or not self.hands[self.draw_from][k]:
                raise IllegalAction(f"seat {self.draw_from} has no {describe(outcome)} to draw")
        elif phase == "shuffling":
            if not _is_order(outcome, sorted(self.turned)):
                raise IllegalAction("a shuffle is an order of the places turned over "
                                    f"this turn, {sorted(self.turned)}")
        elif phase == "deal" and not (
                isinstance(outcome, dict) and set(outcome) == {"run", "deck"}
                and _is_order(outcome["run"], list(range(PLACES)))
                and _is_order(outcome["deck"], list(range(ANIMAL_CARDS)))):
            raise IllegalAction(f"a deal is an order of the {PLACES} chicken-run cards "
                                f"('run') and of the {ANIMAL_CARDS} animal cards ('deck')")

    def _do_chance(self, outcome: JSON) -> None:
        phase = self.phase
        if phase == "draw":
            victim, seat = self.draw_from, self.current
            assert victim is not None
            k = KIND_OF_NAME[outcome]
            self.hands[victim][k] -= 1
            self.hand_sizes[victim] -= 1
            self._to_hand(seat, k)
            self.draw_from = None
            self.emit_new(Drew, seat, victim, "hand", ANIMALS[k])
            self._after_draw(victim)
        elif phase == "shuffling":
            # The cards change places among the places turned over; nobody sees how.
            old = {place: self.run[place] for place in outcome}
            for place, source in zip(sorted(outcome), outcome, strict=True):
                self.run[place] = old[source]
            self._end_turn()
        else:
            self._deal(outcome["run"], outcome["deck"])

    def _deal(self, run: list[int], deck: list[int]) -> None:
        self.run = [RUN_FACE[card] for card in run]
        deal = deal_of(self.players)
        for seat in range(self.players):
            # Each stack lies face down, top card last; each player picks up the top five.
            self.stacks[seat] = [kind_of_card(deck[i]) for i in deal.stacks[seat]]
            hand = self.hands[seat]
            for i in deal.hands[seat]:
                hand[kind_of_card(deck[i])] += 1
            self.hand_sizes[seat] = len(deal.hands[seat])
        self.box = [kind_of_card(deck[i]) for i in deal.box]
        self.phase = "lay"
        self.emit(Dealt(dealt_cards(self.players), len(self.box),
                        tuple(_hand_names(hand) for hand in self.hands)))

    # -- information ------------------------------------------------------------------
    # The engine's ``View`` is every game's dict; this one says which keys it has.
    def _view(self, seat: int | None, at_ms: float | None) -> ByGollyView:
        # What every seat sees is made once a step (``engine.memo``: the adapters and
        # the server ask every seat's view after a step); each view is a plain copy of
        # its top level.
        v = self._memo.of_step(self.history, "table", self._table_view).copy()
        v["seat"] = seat
        if seat is not None:
            v["hand"] = list(_hand_names(self.hands[seat]))
        if self.phase == "over":
            out = self.outcome()
            assert out is not None
            v["winner"] = self.winner
            v["outcome"] = out.to_json()
        return v

    def _table_view(self) -> ByGollyView:
        """The part of every view that is the same for every seat (``seat`` None), made
        of frozen parts (each as cheap as a plain one) for every view to share."""
        run, up = self.run, self.up
        phase = self.phase
        return FrozenDict({  # type: ignore[return-value]
            "game": "by-golly",
            "seat": None,
            "players": self.players,
            "phase": phase,
            "turn": self.turns,
            "current": self.current,
            # Face-up cards only: a face-down card is None, whatever a player remembers.
            "run": FrozenList([FACE_NAMES[run[p]] if up[p] else None for p in range(PLACES)]
                              if self.turned else _NOTHING_TURNED),
            "laid": None if self.laid is None else ANIMALS[self.laid],
            "hands": FrozenList(self.hand_sizes),
            "stacks": FrozenList([len(s) for s in self.stacks]),
            "discarded": len(self.discarded),
            "box": len(self.box),
            "draws_left": self.draws_left,
            "drawing_from": self.draw_from,
            "shuffling": phase == "shuffling",
            "face_up_match": self.options["face_up_match"],
        })

    def outcome(self) -> Outcome | None:
        reason = self.reason()
        if reason is None:
            return None
        # The winner scores 1; the others rank by the cards they still hold (fewer is
        # nearer to winning).  A game cut by the safety cap has no winner by the rules:
        # the fewest cards rank first.
        scores = [1.0 if s == self.winner else 0.0 for s in range(self.players)]
        left = [[-float(self.cards_left(s))] for s in range(self.players)]
        return Outcome.from_keys(scores, left, truncated=self.truncated, reason=reason)

    def snapshot(self) -> JSON:
        return {
            "phase": self.phase,
            "current": self.current,
            "turns": self.turns,
            "run": self.run,
            "turned": self.turned,
            "hands": self.hands,
            "stacks": self.stacks,
            "discarded": self.discarded,
            "box": self.box,
            "laid": self.laid,
            "draws_left": self.draws_left,
            "draw_from": self.draw_from,
            "winner": self.winner,
            "truncated": self.truncated,
        }

    def animal_counts(self) -> list[int]:
        """How many animal cards of each kind there are in all places (for conservation)."""
        counts = [0] * KINDS
        for hand in self.hands:
            for k in range(KINDS):
                counts[k] += hand[k]
        for group in (*self.stacks, self.discarded, self.box):
            for k in group:
                counts[k] += 1
        if self.laid is not None:
            counts[self.laid] += 1
        return counts


#: The cards a seat still held when the game ended (the tie-break key is minus that).
CARDS_LEFT = SummaryColumn("Cards left", lambda outcome, seat: -outcome.tiebreaks[seat][0],
                           places=1)


# A variant, or a test's game with a hook left as ``Game`` has it, may subclass the
# definition: compiled by mypyc, that is allowed only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class ByGolly(Game):
    """By Golly!: remember where the animals hide in the chicken run, and dodge the mess."""

    id: ClassVar[str] = "by-golly"
    title: ClassVar[str] = "By Golly!"
    credits: ClassVar[str] = "Zoch (Au Backe!), Frank Nestel, 2001"
    blurb: ClassVar[str] = ("Lay an animal, find its twin in the chicken run, and keep out "
                            "of the mess.")
    end_reasons: ClassVar[Mapping[str, str]] = {
        "last-card": "A player discarded their last animal card.",
        "last-card-drawn": "A player's last cards were drawn in a mess.",
        "cap": "The safety cap on the game's length ended it early.",
    }
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rules_version: ClassVar[str] = "1"
    default_bot: ClassVar[str] = "perfect"
    # Against people, a bot that forgets as people do: the perfect bot's flawless memory
    # wins a memory game by remembering every card it has seen (docs/rules/by-golly.md).
    opponent_bot: ClassVar[str | None] = "memory"
    action_types: ClassVar[tuple[type, ...]] = (Lay, Turn, Draw, Shuffle, Keep, End)
    view_type: ClassVar[type | None] = ByGollyView
    facts_type = ByGollyFacts
    event_types: ClassVar[tuple[type[Event], ...]] = EVENT_TYPES
    options: ClassVar[tuple[Option, ...]] = (
        Option("face_up_match", False,
               "a card whose animal already lies face up this turn goes out without "
               "turning a card (described in some reviews; not in the rulebook)",
               label="A face-up twin goes out"),
        Option("last_card", WINS, "a player whose last card is drawn in another's mess "
               "wins (wins), or a mess may not draw a player's last card (protected)",
               choices=(WINS, PROTECTED),
               label="A last card drawn in a mess"),
        Option("max_turns", 5000, "safety cap: the game ends, truncated, after this many turns",
               minimum=1,
               label="Safety cap on turns"),
    )

    def _new(self, players: int, seed: int, **options: Any) -> ByGollyState:
        return ByGollyState(self, players, seed, self.resolve_options(players, options))

    def facts(self) -> ByGollyFacts:
        return {"place_names": list(PLACE_NAMES)}

    def refers(self, action: ByGollyAction) -> Refers:
        """A lay refers to the animal laid, a turn to its place, a draw to the seat drawn
        from; the rest to nothing."""
        if isinstance(action, Lay):
            return {"face": ANIMALS[action.animal]}
        if isinstance(action, Turn):
            return {"place": action.place}
        if isinstance(action, Draw):
            return {"seat": action.seat}
        return {}

    def _parse_action(self, text: str) -> ByGollyAction:
        return parse_action(text)

    def summary_columns(self) -> tuple[SummaryColumn, ...]:
        """The first to go out wins and scores 1, so a mean score only repeats the win
        share: a batch shows where the others finished (the mean rank) and how near they
        came (the cards they still held)."""
        return (MEAN_RANK, CARDS_LEFT)

    # -- what the balance lab knows of the game (lab/length.py, lab/drama.py) ------------
    #: A turn is several decisions: lay an animal, choose a chicken-run card to turn
    #: (remembering where animals lie), turn them back and refill, whom to draw from in
    #: the mess, shuffle or keep.  Later chance steps are a card drawn blindly or the
    #: turned cards shuffled.  Setup: spread the 19 chicken-run cards, deal the animals.
    pace: ClassVar[Pace] = Pace(think_s=2.5, settle_s=0.0, handle_s=3.0, overhead_s=90.0)

    def count_turns(self, events: Sequence[Event]) -> int:
        """A turn at the chicken run.  By Golly! counts the turns that ended
        (``TurnEnded``)."""
        # The turn that wins the game never ends, so it is added, unless the safety cap
        # (at a turn's end) ended the game.
        ended = sum(1 for e in events if isinstance(e, TurnEnded))
        won = any(isinstance(e, GameOver) and e.winner is not None for e in events)
        return ended + won

    def standings(self, players: int) -> Standings:
        """The cards each seat still has to discard, negated
        (``standings.ByGollyStandings``)."""
        from gamenight.games.by_golly.standings import ByGollyStandings

        return ByGollyStandings(players)


GAME = ByGolly()
