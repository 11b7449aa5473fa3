"""Fliegen klatschen (Abacusspiele, Christian Heuser, 2003): the rules as a state machine.

Phases: ``deal`` (chance: the shuffle) -> ``reveal`` (the current player turns his top
card) -> possibly ``hunt`` (a reaction window in which everyone slaps flies) -> ``reveal``
... -> ``over``.  See docs/rules/fliegen-klatschen.md for every rulebook sentence mapped
to this code and its tests.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
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
    turn_of,
)
from gamenight.engine.events import Event
from gamenight.engine.game import JSON, Refers
from gamenight.engine.memo import Memo, latest
from gamenight.engine.pace import Pace
from gamenight.engine.standings import Standings
from gamenight.engine.window import ReactionWindow
from gamenight.games.fliegen_klatschen.actions import (
    REVEAL,
    SLAPS,
    Action,
    Reveal,
    Slap,
    parse_action,
)
from gamenight.games.fliegen_klatschen.cards import (
    COLOUR_OF,
    COLOURS,
    DECK_SIZE,
    SWATTER,
    VALUE_OF,
    card_json,
    flies_json,
    frozen_flies_json,
    name,
)
from gamenight.games.fliegen_klatschen.events import (
    CAP,
    EVENT_TYPES,
    LAST_CARD,
    Dealt,
    DecidingGame,
    GameOver,
    NothingToHit,
    Passed,
    Penalty,
    Revealed,
    Slapped,
    fly_won_event,
    hunt_over_event,
    revealed_event,
)
from gamenight.games.fliegen_klatschen.narration import HuntToldView, last_hunt, told_to
from gamenight.games.fliegen_klatschen.views import (
    FliegenKlatschenFacts,
    FliegenKlatschenView,
    Phase,
    PlayedGameView,
    TableView,
)

WINS_FIRST = "wins-first"
PENALTIES_FIRST = "penalties-first"
#: After a tie on points and on flies won: "the players congratulate one another on a
#: shared victory, or play a deciding game".
SHARED = "shared"
DECIDING_GAME = "deciding-game"
#: Flies of four different colours in the centre: a fly of a fifth colour starts a hunt
#: ("5 different colours = 1 fly swatter"), so the centre never shows more than four.
CENTRE_COLOURS: Final = 4
# The deck's tables and the slaps, read at every step.  Names of this module declared
# Final are held by compiled code in C statics (and their items known as whole numbers);
# a name imported from an uncompiled module (the cards, the actions) is looked up in the
# module's dictionary at every use.
COLOUR: Final[tuple[int, ...]] = COLOUR_OF
VALUE: Final[tuple[int, ...]] = VALUE_OF
SLAP: Final[tuple[Slap, ...]] = SLAPS


def hands_per_player(players: int) -> int:
    """Both hands may slap; with 5 or more players only one."""
    return 1 if players >= 5 else 2


def score(won: Iterable[int]) -> int:
    """Points for the flies a player has won: the sum of their values."""
    return sum(VALUE[card] for card in won)


def starts_hunt(card: int, centre: Sequence[int]) -> bool:
    """Whether revealing ``card`` beside ``centre`` starts a hunt: a swatter does, and so
    does a fly of a fifth colour when flies of four different colours lie there."""
    colour = COLOUR[card]
    if colour == SWATTER:
        return True
    colours = {COLOUR[c] for c in centre}
    return len(colours) == CENTRE_COLOURS and colour not in colours


def allowed_colours(centre: Sequence[int]) -> frozenset[int]:
    """The colours with the most cards in the centre; tied colours are all allowed."""
    return _most_cards(tuple(centre))


# Judged by the hunt and again by every bot at each hand over the same centre.
@latest(1024)
def _most_cards(centre: tuple[int, ...]) -> frozenset[int]:
    counts = [0] * len(COLOURS)
    for card in centre:
        counts[COLOUR[card]] += 1
    top = max(counts)
    if top == 0:
        return frozenset()
    return frozenset(c for c, n in enumerate(counts) if n == top)


def slaps_left(centre: tuple[int, ...], slapped: frozenset[int]) -> tuple[Action, ...]:
    """What a seat may do in a hunt: put a hand on a fly of ``centre`` it has no hand on
    yet (``slapped``), or pass."""
    return (*[SLAP[c] for c in centre if c not in slapped], PASS)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game of the match that ended (the first, or a deciding game): who played it, and
    each seat's points and flies won in it (0 for a seat that sat it out)."""

    seats: tuple[int, ...]
    scores: tuple[int, ...]
    flies: tuple[int, ...]

    def best(self) -> tuple[int, ...]:
        """The seats that won it on points, then on flies: more than one is a tie."""
        top = max((self.scores[s], self.flies[s]) for s in self.seats)
        return tuple(s for s in self.seats if (self.scores[s], self.flies[s]) == top)

    def to_json(self) -> PlayedGameView:
        return {"seats": list(self.seats), "scores": list(self.scores),
                "flies": list(self.flies)}


@dataclass(slots=True)
class Hunt:
    """One hunt: a reaction window over the centre as it lay when the hunt began.

    ``trigger`` is the card that started it (a swatter or a fifth colour: not in the
    centre while the hunt lasts), ``centre`` the flies it is over (the centre stays as
    it is while the hunt lasts), ``allowed`` the colours that may be hit (judged then),
    ``slapped`` the flies each seat has a hand on, ``last_hand`` the time of each seat's
    latest hand (0 before its first), ``choices`` what each seat may do now
    (:func:`slaps_left`): a seat's choices change only when it slaps, and they are asked
    at every step of a race, so they are kept as hands land."""

    trigger: int
    revealer: int
    centre: tuple[int, ...]
    allowed: frozenset[int]
    window: ReactionWindow
    slapped: list[frozenset[int]]
    last_hand: list[float]
    choices: list[tuple[Action, ...]]

    @classmethod
    def opened(cls, trigger: int, revealer: int, centre: Sequence[int], players: int,
               deadline_ms: float, seats: Sequence[int] | None = None) -> Hunt:
        """A hunt that has just begun: every seat in play (``seats``, default all) may
        hit, and exact ties in time go to the seat nearest the revealer, clockwise, him
        first."""
        priority = [(s - revealer) % players for s in range(players)]
        window = ReactionWindow(range(players) if seats is None else seats, deadline_ms,
                                priority)
        over = tuple(centre)
        return cls(trigger, revealer, over, allowed_colours(centre), window,
                   [frozenset()] * players, [0.0] * players,
                   [slaps_left(over, frozenset())] * players)

    def __deepcopy__(self, memo: dict[int, Any]) -> Hunt:
        """A copy as independent as a deep one, and some five times cheaper: only the
        window and the lists are copied; the centre, the colours allowed and each seat's
        flies slapped and choices (a tuple, frozensets, tuples) are never changed, only
        replaced (a search clones the state at every step)."""
        return Hunt(self.trigger, self.revealer, self.centre, self.allowed,
                    copy.deepcopy(self.window, memo),
                    self.slapped.copy(), self.last_hand.copy(), self.choices.copy())

    def place(self, seat: int, card: int, at_ms: float) -> None:
        """A hand of ``seat`` flat on ``card`` at ``at_ms``."""
        # Two hands of one seat at the very same instant go in card order.
        self.window.add(seat, card, at_ms, tie=card)
        slapped = self.slapped[seat] = self.slapped[seat] | {card}
        self.choices[seat] = slaps_left(self.centre, slapped)
        # Kept as hands land, so that finishing need not look through every hand.
        if at_ms > self.last_hand[seat]:
            self.last_hand[seat] = at_ms

    def done_at(self, seat: int, at_ms: float) -> float:
        """When a seat finishing at ``at_ms`` is done: then, or at its latest hand if
        that is later (hands may be given out of time order)."""
        latest = self.last_hand[seat]
        return latest if latest > at_ms else at_ms


class FliegenKlatschenState(GameState[Action]):
    """A game of Fliegen klatschen in progress."""

    # How a clone copies the game's fields: shared, as numbers, the seats in play (a
    # tuple) and the latest reveal (an event, replaced, never changed) ...
    shared_when_cloned = ("hands", "current", "phase", "turns", "last_card_revealed",
                          "truncated", "in_play", "game_began", "last_reveal")
    # ... or copied one level down (lists of card ids, of frozen games played, and the
    # views' memo), or two (a pile per seat) ...
    flat_when_cloned = ("centre", "box", "played", "_memo")
    rows_when_cloned = ("piles", "won")
    # ... and a hunt in progress as independent as a deep copy, by its own
    # ``__deepcopy__`` (its lists and sets; its frozen parts shared).
    deep_when_cloned = ("hunt",)

    def __init__(self, game: FliegenKlatschen, players: int, seed: int,
                 options: dict[str, Any], *, twin: bool = False) -> None:
        super().__init__(game, players, seed, options, twin=twin)
        if twin:  # a clone's blank: GameState.__deepcopy__ gives it every part
            return
        self.hands = hands_per_player(players)
        self.piles: list[list[int]] = [[] for _ in range(players)]  # top card is last
        self.centre: list[int] = []  # in the order the flies were laid
        self.won: list[list[int]] = [[] for _ in range(players)]  # most recent is last
        self.box: list[int] = []  # out of the game: removed, used swatters, fifth colours
        self.current = 0  # the fastest player starts: seat 0
        self.phase: Phase = "deal"
        self.hunt: Hunt | None = None
        self.turns = 0
        self.last_card_revealed = False
        self.truncated = False
        self.last_reveal: Revealed | None = None
        # The flies of the centre and of each won pile as views show them (see ``_view``).
        self._memo = Memo()
        # The match: the seats playing the game now (all, or those in a deciding game),
        # the games of the match already over, and the turn the game now began at.
        self.in_play: tuple[int, ...] = tuple(range(players))
        self.played: list[PlayedGame] = []
        self.game_began = 0

    # -- who acts -------------------------------------------------------------------
    def acting(self) -> Acting:
        phase = self.phase
        if phase == "reveal":
            return turn_of(self.current)
        if phase == "hunt":
            assert self.hunt is not None
            return self.hunt.window.acting  # the seats still slapping
        if phase == "deal":
            return BY_CHANCE
        return NOBODY

    # -- actions --------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "reveal":
            return [REVEAL] if seat == self.current else []
        hunt = self.hunt
        if hunt is None or seat not in hunt.window.pending:  # done, or sitting out
            return []
        return list(hunt.choices[seat])

    def _verify(self, seat: int, action: Action, at_ms: float | None) -> None:
        phase = self.phase
        if phase == "reveal":
            if not isinstance(action, Reveal):
                raise IllegalAction(
                    f"no hunt is on: seat {self.current} must reveal a card, not {action}"
                )
            if seat != self.current:
                raise IllegalAction(
                    f"it is seat {self.current}'s turn to reveal, not seat {seat}'s"
                )
            return
        if phase == "hunt":
            hunt = self.hunt
            assert hunt is not None
            if seat not in hunt.window.pending:
                raise IllegalAction(f"seat {seat} has no hand left to slap with in this hunt")
            if at_ms is None:
                # A time that is given the engine has checked already: a time, by the
                # window's deadline (acting().deadline_ms).
                raise IllegalAction("an action in a reaction window needs its time at_ms")
            if isinstance(action, Slap):  # of a whole card id: the engine checked
                if action.card not in self.centre:
                    what = "the card that started the hunt" if action.card == hunt.trigger else (
                        name(action.card) if 0 <= action.card < DECK_SIZE else "that card")
                    raise IllegalAction(f"{what} (card {action.card}) is not a fly in the centre")
                if action.card in hunt.slapped[seat]:
                    raise IllegalAction(
                        f"seat {seat} already has a hand on {name(action.card)}; "
                        "each hand must go on a different fly"
                    )
                return
            if isinstance(action, Pass):
                return
            raise IllegalAction(f"during a hunt seats slap a fly or pass, not {action}")
        if phase == "deal":
            raise IllegalAction("the cards have not been dealt yet")
        raise IllegalAction("the game is over")

    def _do(self, seat: int, action: Action, at_ms: float | None) -> None:
        if isinstance(action, Reveal):
            self._reveal(seat)
            return
        hunt = self.hunt
        assert hunt is not None and at_ms is not None
        window = hunt.window
        if isinstance(action, Slap):
            hunt.place(seat, action.card, at_ms)
            self.emit_new(Slapped, seat, action.card, at_ms)
            mine = hunt.slapped[seat]
            if len(mine) >= self.hands or len(mine) >= len(self.centre):
                window.finish(seat, hunt.done_at(seat, at_ms))
        else:
            window.finish(seat, hunt.done_at(seat, at_ms))
            self.emit_new(Passed, seat, at_ms)
        if not window.pending:  # every seat has finished
            self._resolve_hunt()

    def _reveal(self, seat: int) -> None:
        pile = self.piles[seat]
        card = pile.pop()
        self.turns += 1
        # The game ends once the last card of any pile is turned (and resolved), even if
        # a penalty in the hunt it starts puts a card back under that pile.
        self.last_card_revealed = not pile
        hunts = starts_hunt(card, self.centre)
        self.last_reveal = revealed = revealed_event(seat, card, hunts)
        self.emit(revealed)
        if hunts:
            # A swatter, or 5 different colours = 1 swatter: the fifth colour starts a
            # hunt and is not part of the centre while it lasts.
            self._start_hunt(card, seat)
            return
        self.centre.append(card)
        self._end_turn()

    def _start_hunt(self, trigger: int, revealer: int) -> None:
        if not self.centre:
            self.emit_new(NothingToHit, trigger)
            self.box.append(trigger)
            self._end_turn()
            return
        self.hunt = Hunt.opened(trigger, revealer, self.centre, self.players,
                                self.options["deadline_ms"], self.in_play)
        self.phase = "hunt"

    def _resolve_hunt(self) -> None:
        hunt = self.hunt
        assert hunt is not None
        allowed = hunt.allowed
        taken: dict[int, int] = {}  # card -> the seat whose hand is underneath
        wrong: list[tuple[int, int]] = []  # (seat, fly hit) per wrong hand, in time order
        # The window keeps hands in time order (two hands of one seat at the very same
        # instant in card order), so which fly was won most recently never depends on
        # the order the actions arrived in.
        for entry in hunt.window.entries:
            card = entry.action
            if COLOUR[card] in allowed:
                if card not in taken:
                    taken[card] = entry.seat
            else:
                wrong.append((entry.seat, card))
        if self.options["penalty_order"] == PENALTIES_FIRST:
            self._penalise(wrong)
            self._award(taken)
        else:
            self._award(taken)
            self._penalise(wrong)
        self.box.append(hunt.trigger)
        self.hunt = None
        self.emit(hunt_over_event(hunt.revealer, hunt.trigger))
        self._end_turn()

    def _award(self, taken: dict[int, int]) -> None:
        for card, seat in taken.items():
            self.centre.remove(card)
            self.won[seat].append(card)
            self.emit(fly_won_event(seat, card))

    def _penalise(self, wrong: list[tuple[int, int]]) -> None:
        for seat, hit in wrong:
            # The most recently won fly goes under the starting pile; with none won yet
            # the player is lucky and pays nothing.
            card = self.won[seat].pop() if self.won[seat] else None
            if card is not None:
                self.piles[seat].insert(0, card)
            self.emit_new(Penalty, seat, hit, card)

    def _end_turn(self) -> None:
        if self.last_card_revealed or self.turns >= self.options["max_turns"]:
            if self.last_card_revealed and self.options["tie"] == DECIDING_GAME:
                tied = self.game_now().best()
                if len(tied) > 1:
                    self._deciding_game(tied)
                    return
            self.phase = "over"
            self.truncated = not self.last_card_revealed
            first = self.first_game()
            self.emit(GameOver(LAST_CARD if self.last_card_revealed else CAP,
                               first.scores, first.flies))
        else:
            self.phase = "reveal"
            # Clockwise among the seats in play (in a deciding game, only the tied).
            seats = self.in_play
            self.current = seats[(seats.index(self.current) + 1) % len(seats)]

    def game_now(self) -> PlayedGame:
        """The game being played (or just ended), as it stands."""
        return PlayedGame(self.in_play, tuple(score(w) for w in self.won),
                          tuple(len(w) for w in self.won))

    def first_game(self) -> PlayedGame:
        """The match's first game: its points are the match's scores."""
        return self.played[0] if self.played else self.game_now()

    def _deciding_game(self, tied: tuple[int, ...]) -> None:
        """Set up a deciding game among ``tied``: a new shuffle and deal among them alone,
        the others sitting out; the seat first among them starts."""
        ended = self.game_now()
        self.played.append(ended)
        self.emit(DecidingGame(tied, ended.scores[tied[0]], ended.flies[tied[0]]))
        self.in_play = tied
        self.hands = hands_per_player(len(tied))
        self.piles = [[] for _ in range(self.players)]
        self.centre = []
        self.won = [[] for _ in range(self.players)]
        self.box = []
        self.last_reveal = None
        self.last_card_revealed = False
        self.current = tied[0]
        self.game_began = self.turns
        self.phase = "deal"

    # -- chance ---------------------------------------------------------------------
    def _sample_chance(self) -> JSON:
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        return deck

    def _verify_chance(self, outcome: JSON) -> None:
        # Card ids are plain whole numbers: 1.0 or True would sort like a card and then
        # break the deal half-way, after the step was recorded.
        if (not isinstance(outcome, list)
                or not all(type(card) is int for card in outcome)
                or sorted(outcome) != list(range(DECK_SIZE))):
            raise IllegalAction(f"a deal is an order of the {DECK_SIZE} cards")

    def _do_chance(self, outcome: JSON) -> None:
        remove = self.options["remove"]
        # Cards taken out unseen for a shorter game go back to the box.
        self.box.extend(outcome[:remove])
        seats = self.in_play  # all, or those playing a deciding game
        for i, card in enumerate(outcome[remove:]):
            self.piles[seats[i % len(seats)]].append(card)
        self.phase = "reveal"
        self.emit(Dealt(remove, tuple(len(p) for p in self.piles)))

    # -- what a seat cannot tell apart ----------------------------------------------------
    def _resample(self, seat: int, rng: random.Random) -> FliegenKlatschenState:
        """This game with the deal redrawn: every card revealed so far stays where it was
        dealt, and all the others (those still face down in the piles and those taken
        out unseen) are shuffled among their places with ``rng``.

        The only hidden thing in Fliegen klatschen is the order of the deal, and it is
        hidden from every seat alike (a pile is face down to its owner too), while every
        action is seen by all.  So the result gives every seat, ``seat`` included, the
        same view after every step, and since every deal is equally likely and no action
        depends on a face-down card, the redrawn deal is uniform among those consistent
        with what was seen.

        In a deciding game only its own deal is redrawn: the cards of an earlier deal are
        all shuffled again for it, so whatever stayed hidden then decides nothing now.
        """
        steps = self.history
        deals = [i for i, step in enumerate(steps) if step.seat is None]
        if not deals:  # before the first deal nothing is hidden yet
            state = self.remade(steps, rng.getrandbits(64))
            assert isinstance(state, FliegenKlatschenState)
            return state
        at = deals[-1]
        deal = steps[at].value
        # Deal k dealt game k of the match (before a deciding game's deal is drawn,
        # the latest deal is still the game just ended).
        dealt_to = [*(g.seats for g in self.played), self.in_play][len(deals) - 1]
        shown = self._dealt_places_revealed(steps[at + 1:], dealt_to)
        hidden = [place for place in range(DECK_SIZE) if place not in shown]
        cards = [deal[place] for place in hidden]
        rng.shuffle(cards)
        redealt = list(deal)
        for place, card in zip(hidden, cards, strict=True):
            redealt[place] = card
        # The definition is the history replayed with the redealt deal (``remade``).  No
        # action depends on a face-down card, so that replay takes every step as it was
        # taken here and leaves every card where it lies now, but the hidden ones, which
        # lie where the redealt deal puts them: still in the box and face down under
        # the piles' revealed cards.  So a copy with those cards put in place is the very
        # state a replay makes, at a fraction of its cost (search resamples at every
        # simulation); tests/engine/test_remade.py compares them.
        state = self.clone()
        assert isinstance(state, FliegenKlatschenState)
        state.history[at] = Step(None, redealt)
        if len(deals) - 1 == len(self.played):  # else a deciding game cleared that deal
            remove, n = self.options["remove"], len(dealt_to)
            state.box[:remove] = redealt[:remove]
            for i, seat in enumerate(dealt_to):
                # This pile's dealt places, bottom first, that are still face down: the
                # top of the pile (penalties go under it), in the same order.
                down = [p for p in range(remove + i, DECK_SIZE, n) if p not in shown]
                if down:
                    pile = state.piles[seat]
                    pile[len(pile) - len(down):] = [redealt[p] for p in down]
        state.rng = random.Random(rng.getrandbits(64))
        return state

    def _dealt_places_revealed(self, steps: Sequence[Step], seats: Sequence[int]) -> set[int]:
        """The places in the latest deal (indices of the shuffled order), which dealt to
        ``seats``, of every dealt card revealed in ``steps``, the steps since it.  A pile
        is revealed from the top; cards a penalty puts back go under it, below every
        dealt card, so the first reveals from a pile are its dealt cards, top first."""
        remove, n = self.options["remove"], len(seats)
        reveals = [0] * self.players
        for step in steps:
            if step.seat is not None and step.value == "reveal":
                reveals[step.seat] += 1
        shown: set[int] = set()
        for i, seat in enumerate(seats):
            # The places dealt to this pile, bottom first (round robin from the first seat).
            places = range(remove + i, DECK_SIZE, n)
            shown.update(places[len(places) - min(reveals[seat], len(places)):])
        return shown

    # -- information ------------------------------------------------------------------
    # The view is a TypedDict (views.py), which mypy will not take for the base's
    # dict[str, Any]; the published schema is built from this type.
    def _view(self, seat: int | None,
              at_ms: float | None) -> FliegenKlatschenView:
        hunt = self.hunt
        last = self.last_reveal
        table: TableView = {
            "game": "fliegen-klatschen",
            "players": self.players,
            "phase": self.phase,
            "turn": self.turns,
            "current": self.current,
            "hands_per_player": self.hands,
            "piles": list(map(len, self.piles)),
            "won": list(map(len, self.won)),
            "box": len(self.box),
            # The flies lie there for many steps (in a hunt only the hands change):
            # made once for the cards they are (``engine.memo``).
            "centre": self._memo.kept("centre", tuple(self.centre), frozen_flies_json),
            "last_reveal": None if last is None else {"seat": last.seat,
                                                      "card": card_json(last.card)},
            "hunt": None,
        }
        if hunt is not None:
            w = hunt.window
            entries = w.entries
            if at_ms is not None and entries and entries[-1].at_ms > at_ms:
                entries = [e for e in entries if e.at_ms <= at_ms]  # as at at_ms
            table["hunt"] = {
                "trigger": card_json(hunt.trigger),
                "revealer": hunt.revealer,
                "deadline_ms": w.deadline_ms,
                "hands": [{"seat": hand_seat, "card": card, "at_ms": t}
                          for t, _, hand_seat, _, card in entries],
                # As at at_ms too: a seat that passed, or put its last hand down, later
                # is still acting then.
                "pending": list(w.pending_at(at_ms)),
            }
        if self.played:
            table["deciding"] = {"seats": list(self.in_play),
                                 "played": [g.to_json() for g in self.played]}
        if self.phase == "over":
            out = self.outcome()
            assert out is not None
            table["won_cards"] = [flies_json(w) for w in self.won]
            # Outcome.to_json gives exactly these keys (a reason of this game's own).
            table["outcome"] = out.to_json()
        if seat is None:
            return {"seat": None, **table}
        # A seat may look at the flies it has won; other won piles lie face down.
        return {"seat": seat, **table,
                "my_won": self._memo.kept(seat, tuple(self.won[seat]), frozen_flies_json)}

    def _told_in(self, seat: int | None, language: str) -> HuntToldView | None:
        # The hunt under way or the last one in words, as this seat reads them
        # (``narration``): for people only, never in a view, so that no bot pays for
        # sentences.  Made once a step per seat and language, for the server's updates
        # to its people and spectators to share.
        return self._memo.of_step(
            self.history, ("told", seat, language),
            lambda: told_to(last_hunt(self.events, seat), seat, language))

    def score_of(self, seat: int) -> int:
        """``seat``'s score so far: the values of the flies it has won, added up."""
        return score(self.won[seat])

    def outcome(self) -> Outcome | None:
        """The first game's points; ties broken by its flies won, then by each deciding
        game's points and flies in turn (-1 for a seat that sat it out)."""
        if self.phase != "over":
            return None
        games = [*self.played, self.game_now()]
        first = games[0]
        keys = []
        for seat in range(self.players):
            key = [first.flies[seat]]
            for game in games[1:]:
                key += [game.scores[seat], game.flies[seat]] if seat in game.seats else [-1, -1]
            keys.append(key)
        return Outcome.from_keys(first.scores, keys, truncated=self.truncated,
                                 reason=CAP if self.truncated else LAST_CARD)

    def snapshot(self) -> JSON:
        hunt = self.hunt
        # A match with a deciding game says so; one without keeps the snapshot (and so the
        # digest in every record) it always had.
        match: dict[str, JSON] = {} if not self.played else {
            "in_play": list(self.in_play), "game_began": self.game_began,
            "played": [g.to_json() for g in self.played]}
        return {
            **match,
            "phase": self.phase,
            "current": self.current,
            "turns": self.turns,
            "piles": self.piles,
            "centre": self.centre,
            "won": self.won,
            "box": self.box,
            "last_card_revealed": self.last_card_revealed,
            "truncated": self.truncated,
            "hunt": None if hunt is None else {
                "trigger": hunt.trigger,
                "allowed": sorted(hunt.allowed),
                "entries": [[e.at_ms, e.seat, e.action] for e in hunt.window.entries],
                "finished": [[seat, t] for seat, t in sorted(hunt.window.finished.items())],
            },
        }

    def card_places(self) -> dict[int, str]:
        """Where every card is (for checking that cards are conserved)."""
        places: dict[int, str] = {}
        for s, pile in enumerate(self.piles):
            places.update((c, f"pile {s}") for c in pile)
        for s, won in enumerate(self.won):
            places.update((c, f"won {s}") for c in won)
        places.update((c, "centre") for c in self.centre)
        places.update((c, "box") for c in self.box)
        if self.hunt is not None:
            places[self.hunt.trigger] = "trigger"
        return places


# A variant, or a test's game with a hook left as ``Game`` has it, may subclass the
# definition: compiled by mypyc, that is allowed only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
class FliegenKlatschen(Game):
    """Fliegen klatschen: reveal cards, then race to slap the best flies of the leading colour."""

    id: ClassVar[str] = "fliegen-klatschen"
    title: ClassVar[str] = "Fliegen klatschen"
    credits: ClassVar[str] = "Abacusspiele, Christian Heuser, 2003"
    blurb: ClassVar[str] = ("Turn up cards, then race to slap the best flies of the leading "
                            "colour.")
    end_reasons: ClassVar[Mapping[str, str]] = {
        "last-card": "The last card of a pile was turned over.",
        "cap": "The safety cap on the game's length ended it early.",
    }
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    rules_version: ClassVar[str] = "1"
    default_bot: ClassVar[str] = "sharp"
    action_types: ClassVar[tuple[type, ...]] = (Reveal, Slap, Pass)
    # A union of two TypedDicts (a seat's view, a spectator's) is a type expression,
    # not a ``type``: the base's annotation is too narrow for it.
    view_type = FliegenKlatschenView
    facts_type = FliegenKlatschenFacts
    told_type = HuntToldView
    event_types = EVENT_TYPES
    options: ClassVar[tuple[Option, ...]] = (
        Option("remove", 0, "cards taken out unseen after shuffling, for a shorter game",
               minimum=0, maximum=DECK_SIZE - 2,
               label="Cards taken out"),
        Option("deadline_ms", 3000, "how long a hunt stays open, in milliseconds",
               minimum=1, maximum=600_000,
               label="Time for a hunt (ms)"),
        Option("penalty_order", WINS_FIRST,
               "whether a wrong hand's penalty can take a fly won in the same hunt "
               "(wins-first) or only flies won before it (penalties-first)",
               choices=(WINS_FIRST, PENALTIES_FIRST),
               label="What a penalty may take"),
        Option("max_turns", 1000, "safety cap: the game ends, truncated, after this many reveals "
               "(deciding games included)", minimum=1,
               label="Safety cap on reveals"),
        Option("tie", SHARED,
               "players still tied on points and flies won share the victory (shared) or "
               "play a deciding game among themselves (deciding-game)",
               choices=(SHARED, DECIDING_GAME),
               label="A tie at the end"),
    )

    def check_table(self, players: int, options: Mapping[str, Any]) -> None:
        """OptionError where ``remove`` leaves fewer cards than the deal gives out (a card
        for every player): ``resolve_options`` asks, so no use starts such a table."""
        if DECK_SIZE - options["remove"] < players:
            raise OptionError(
                f"remove={options['remove']} leaves fewer cards than the {players} players "
                f"need"
            )

    def _new(self, players: int, seed: int, **options: Any) -> FliegenKlatschenState:
        return FliegenKlatschenState(self, players, seed, self.resolve_options(players, options))

    def facts(self) -> FliegenKlatschenFacts:
        return {"cards": [card_json(card) for card in range(DECK_SIZE)]}

    def refers(self, action: Action) -> Refers:
        """A slap refers to the fly it slaps; a reveal and a pass, to nothing."""
        return {"card": action.card} if isinstance(action, Slap) else {}

    def _parse_action(self, text: str) -> Action:
        return parse_action(text)

    # -- what the balance lab knows of the game (lab/length.py, lab/drama.py) ------------
    #: A turn is turning over the top card of one's pile (no choice: it is the only
    #: action) and laying a fly in the centre.  A hunt is settled by hand: hands lifted,
    #: colours checked against the majority, flies taken, penalties paid, the card to
    #: the box.  Every chance step is a whole shuffle and deal of the 112 cards (the
    #: first game's, and each deciding game's).
    pace: ClassVar[Pace] = Pace(think_s=1.5, settle_s=6.0, handle_s=90.0, overhead_s=90.0)

    def count_turns(self, events: Sequence[Event]) -> int:
        """A turn is a card turned over (``Revealed``)."""
        return sum(1 for e in events if isinstance(e, Revealed))

    def standings(self, players: int) -> Standings:
        """The values of the flies won so far (``standings.FliegenKlatschenStandings``)."""
        from gamenight.games.fliegen_klatschen.standings import FliegenKlatschenStandings

        return FliegenKlatschenStandings(players)


GAME = FliegenKlatschen()
