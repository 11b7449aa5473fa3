"""Fliegen klatschen positions: the whole state as JSON a person can read and write.

``rules.md`` ("Positions and chance outcomes") documents the format with an example.
Cards are named by face and copy number ("red 3 #2", "swatter #16"); a person may leave
the copy number out ("red 3") and gets the lowest copy of that face the position names
nowhere else.  Every stack is listed from its top: a pile's first card is the next one
revealed, a won pile's first fly is the latest won (the one a penalty takes).  The centre
is in the order the flies were laid, the box in the order the cards went in.  A person may
leave the box out (it then holds every card named nowhere else, in card order) and the
scores (they are worked out; given, they are checked).

:func:`read` refuses, with :class:`~gamenight.engine.IllegalAction` naming the problem,
whatever a game of Fliegen klatschen could not have reached: a card twice or not at all,
a swatter among won flies, five colours in the centre, a turn that is not that seat's, a
hunt that could not have begun or should already be over.

A deciding game (option ``tie=deciding-game``) adds ``deciding``: the tied seats playing
it, the turn its deal came at (``began``), and the games of the match already over; the
other seats' piles and won flies are empty, and turns go round the tied seats only.
"""

from __future__ import annotations

import math
from typing import Any, NotRequired, get_args

from typing_extensions import TypedDict

from gamenight.engine import IllegalAction
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON, PositionFormat
from gamenight.games.fliegen_klatschen.cards import (
    COLOUR_OF,
    DECK_SIZE,
    SWATTER,
    CardNameError,
    copies,
    full_name,
    read_name,
)
from gamenight.games.fliegen_klatschen.events import CAP, LAST_CARD, Reason, Revealed
from gamenight.games.fliegen_klatschen.rules import (
    CENTRE_COLOURS,
    DECIDING_GAME,
    FliegenKlatschen,
    FliegenKlatschenState,
    Hunt,
    PlayedGame,
    hands_per_player,
    score,
    starts_hunt,
)
from gamenight.games.fliegen_klatschen.views import Phase


class HandJSON(TypedDict):
    """A hand down in a hunt: whose, on which centre fly, how many ms after the reveal."""

    seat: int
    card: str
    at_ms: float


class DoneJSON(TypedDict):
    """A seat that has finished in the hunt (passed, or put its last hand down), and
    from when."""

    seat: int
    at_ms: float


class HuntJSON(TypedDict):
    """A hunt in progress: the card that started it, the hands down (in time order) and
    the seats that are done."""

    trigger: str
    hands: list[HandJSON]
    done: list[DoneJSON]


class RevealJSON(TypedDict):
    """The card revealed last, and by whom."""

    seat: int
    card: str


class PlayedJSON(TypedDict):
    """A game of the match that is over: its seats, and every seat's points and flies."""

    seats: list[int]
    scores: list[int]
    flies: list[int]


class DecidingJSON(TypedDict):
    """A deciding game: the tied seats playing it, the turn its deal came at, and the
    games of the match before it (the first game first)."""

    seats: list[int]
    began: int
    played: list[PlayedJSON]


class PositionJSON(TypedDict):
    """The game-specific part of a Fliegen klatschen position (its ``state``)."""

    phase: Phase
    turn: int
    current: int
    piles: list[list[str]]
    centre: list[str]
    won: list[list[str]]
    box: NotRequired[list[str]]
    scores: NotRequired[list[int]]
    last_reveal: RevealJSON | None
    hunt: NotRequired[HuntJSON | None]
    reason: NotRequired[Reason]
    deciding: NotRequired[DecidingJSON]


_PHASES: tuple[Phase, ...] = get_args(Phase)
_REASONS: tuple[Reason, ...] = get_args(Reason)


# -- writing ------------------------------------------------------------------------------
def write(state: FliegenKlatschenState) -> PositionJSON:
    """The whole of ``state`` as a position, every card by its full name."""
    last = state.last_reveal
    position: PositionJSON = {
        "phase": state.phase,
        "turn": state.turns,
        "current": state.current,
        "piles": [[full_name(c) for c in reversed(pile)] for pile in state.piles],
        "centre": [full_name(c) for c in state.centre],
        "won": [[full_name(c) for c in reversed(won)] for won in state.won],
        "box": [full_name(c) for c in state.box],
        "scores": [state.score_of(seat) for seat in range(state.players)],
        "last_reveal": None if last is None else {"seat": last.seat,
                                                  "card": full_name(last.card)},
        "hunt": None,
    }
    hunt = state.hunt
    if hunt is not None:
        position["hunt"] = {
            "trigger": full_name(hunt.trigger),
            "hands": [{"seat": e.seat, "card": full_name(e.action), "at_ms": e.at_ms}
                      for e in hunt.window.entries],
            "done": [{"seat": seat, "at_ms": t}
                     for seat, t in sorted(hunt.window.finished.items())],
        }
    if state.phase == "over":
        position["reason"] = CAP if state.truncated else LAST_CARD
    if state.played:
        position["deciding"] = {"seats": list(state.in_play), "began": state.game_began,
                                "played": [g.to_json() for g in state.played]}
    return position


# -- reading: shapes ----------------------------------------------------------------------
def _object(value: object, what: str, required: set[str],
            optional: frozenset[str] = frozenset()) -> dict[str, object]:
    """``value`` if it is an object with these keys (all ``required``, any ``optional``)."""
    if not isinstance(value, dict):
        raise IllegalAction(f"{what} is an object, not {describe(value)}")
    unknown = sorted(set(value) - required - optional)
    if unknown:
        raise IllegalAction(f"{what} has no {unknown[0]!r} (its keys: "
                            f"{', '.join(sorted(required | optional))})")
    missing = sorted(required - set(value))
    if missing:
        raise IllegalAction(f"{what} needs {', '.join(map(repr, missing))}")
    return value


def _list(value: object, what: str, length: int | None = None) -> list[object]:
    if not isinstance(value, list):
        raise IllegalAction(f"{what} is a list, not {describe(value)}")
    if length is not None and len(value) != length:
        raise IllegalAction(f"{what} lists {length} (one per seat), not {len(value)}")
    return value


def _whole(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(f"{what} is a whole number from {low} to {high}, not "
                            f"{describe(value)}")
    return value


def _time(value: object, what: str, deadline_ms: float) -> float:
    if type(value) is int or type(value) is float:
        t = float(value)
        if math.isfinite(t) and 0.0 <= t <= deadline_ms:
            return t + 0.0  # -0.0 is 0.0
    raise IllegalAction(f"{what} is a time from 0 to the hunt's deadline of {deadline_ms:g} "
                        f"ms, not {describe(value)}")


def _name(value: object, where: str) -> tuple[str, int | None]:
    if not isinstance(value, str):
        raise IllegalAction(f"{where}: a card is named by a text such as 'red 3 #2', not "
                            f"{describe(value)}")
    try:
        return read_name(value)
    except CardNameError as exc:
        raise IllegalAction(f"{where}: {exc}") from None


def _one_of(value: object, where: str, candidates: list[int], among: str) -> int:
    """The card ``value`` names among ``candidates`` (the cards it can only be, which
    ``among`` describes): its full name, or its face where one candidate has it."""
    face, copy = _name(value, where)
    if copy is not None:
        return copies(face)[copy - 1]
    matching = [c for c in candidates if c in copies(face)]
    if not matching:
        raise IllegalAction(f"{where}: no {face} is {among}")
    if len(matching) > 1:
        raise IllegalAction(f"{where}: name the card with its copy number, such as "
                            f"'{full_name(matching[0])}': {len(matching)} cards {face} are "
                            f"{among}")
    return matching[0]


class _Places:
    """Where the position puts each card.  Named copies are placed as they are read;
    plain faces wait for :meth:`settle`, so "red 3" never takes a copy named later."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}
        self._plain: list[tuple[str, str, list[int], int]] = []

    def read(self, value: object, where: str) -> list[int]:
        """A list of card names (the cards of plain faces are filled in by settle)."""
        cards = []
        for i, text in enumerate(_list(value, where)):
            face, copy = _name(text, where)
            cards.append(-1)
            if copy is None:
                self._plain.append((face, where, cards, i))
            else:
                self._put(copies(face)[copy - 1], where)
                cards[i] = copies(face)[copy - 1]
        return cards

    def _put(self, card: int, where: str) -> None:
        if card in self.where:
            raise IllegalAction(f"{full_name(card)} is in {self.where[card]} and in {where}: "
                                "every card exists once")
        self.where[card] = where

    def settle(self) -> None:
        """Give each card named by its face alone the lowest copy named nowhere else."""
        for face, where, cards, i in self._plain:
            free = [c for c in copies(face) if c not in self.where]
            if not free:
                raise IllegalAction(f"{where}: the deck has {len(copies(face))} cards {face}, "
                                    "and the position names more")
            self._put(free[0], where)
            cards[i] = free[0]

    def rest(self) -> list[int]:
        """Every card named nowhere, in card order (now in the box)."""
        rest = [c for c in range(DECK_SIZE) if c not in self.where]
        self.where.update((c, "the box") for c in rest)
        return rest


# -- reading: the position ------------------------------------------------------------------
_KEYS = {"phase", "turn", "current", "piles", "centre", "won", "last_reveal"}
_OPTIONAL_KEYS = frozenset({"box", "scores", "hunt", "reason", "deciding"})


def read_game(game: FliegenKlatschen, players: int, seed: int, options: dict[str, Any],
              data: JSON) -> FliegenKlatschenState:
    """The game in the position whose game-specific part is ``data``."""
    state = FliegenKlatschenState(game, players, seed, options)
    read(state, data)
    return state


def read(state: FliegenKlatschenState, value: object) -> None:
    """Set the freshly made ``state`` (its table and options chosen) to the position's
    ``value``; IllegalAction naming the first problem found."""
    data = _object(value, "a Fliegen klatschen position's state", _KEYS, _OPTIONAL_KEYS)
    n, options = state.players, state.options
    phase = next((p for p in _PHASES if p == data["phase"]), None)
    if phase is None:
        raise IllegalAction(f"the phase is one of {', '.join(_PHASES)}, not "
                            f"{describe(data['phase'])}")
    turn = _whole(data["turn"], "the turn (cards revealed so far)", 0, options["max_turns"])
    current = _whole(data["current"], "the current seat", 0, n - 1)
    seats: tuple[int, ...] = tuple(range(n))
    began, played = 0, list[PlayedGame]()
    if data.get("deciding") is not None:
        seats, began, played = _deciding(data["deciding"], n, options["tie"], turn)

    places = _Places()
    piles = [places.read(p, f"seat {s}'s pile")
             for s, p in enumerate(_list(data["piles"], "the piles", n))]
    centre = places.read(data["centre"], "the centre")
    won = [places.read(w, f"seat {s}'s won flies")
           for s, w in enumerate(_list(data["won"], "the won flies", n))]
    hunt_data = data.get("hunt")
    hunt = None if hunt_data is None else _object(hunt_data, "the hunt",
                                                  {"trigger", "hands", "done"})
    trigger = [] if hunt is None else places.read([hunt["trigger"]], "the hunt's trigger")
    box = places.read(data.get("box", []), "the box")
    places.settle()
    if "box" not in data and phase != "deal":
        box = places.rest()

    _check_cards(places, phase, centre, won)
    _check_turn(phase, turn - began, current, seats, options["max_turns"] - began,
                data.get("reason"))
    for seat in sorted(set(range(n)) - set(seats)):
        if piles[seat] or won[seat]:
            raise IllegalAction(f"seat {seat} sits out the deciding game, so it has no pile "
                                "and no won flies")
    if phase == "reveal" and not all(piles[s] for s in seats):
        empty = next(s for s in seats if not piles[s])
        raise IllegalAction(f"seat {empty}'s pile is empty, so its last card has been "
                            "turned over and the game is over")
    if phase == "hunt" and not all(piles[s] for s in seats if s != current):
        raise IllegalAction("a pile other than the revealer's is empty: the game ended when "
                            "its last card was turned over")
    _check_counts(data, turn - began, centre, won, trigger, box, options["remove"], phase)
    if phase == "hunt" and hunt is None:
        raise IllegalAction("a position in phase hunt gives its hunt")
    if phase != "hunt" and hunt is not None:
        raise IllegalAction(f"a hunt is given but the phase is {phase}")
    last = _last_reveal(data["last_reveal"], phase, turn - began, current, seats, centre, box,
                        trigger)
    if phase == "over" and last is not None:
        _check_end(data["reason"], current, bool(piles[current]), last.hunt)
        now = PlayedGame(seats, tuple(map(score, won)), tuple(map(len, won)))
        if data["reason"] == LAST_CARD and options["tie"] == DECIDING_GAME \
                and len(now.best()) > 1:
            raise IllegalAction(f"seats {', '.join(map(str, now.best()))} are tied on points "
                                "and flies, and with tie=deciding-game they play a deciding "
                                "game: the match is not over")

    state.in_play, state.game_began, state.played = seats, began, played
    state.hands = hands_per_player(len(seats))
    state.phase = phase
    state.turns = turn
    state.current = current
    state.piles = [p[::-1] for p in piles]  # the state keeps the top card last
    state.centre = centre
    state.won = [w[::-1] for w in won]
    state.box = box
    state.last_reveal = last
    if hunt is not None:
        state.hunt = _hunt(state, hunt, trigger[0], centre)
        # Until it is resolved, the revealer's empty pile means this is the last turn.
        state.last_card_revealed = not piles[current]
    elif phase == "over":
        state.truncated = data["reason"] == CAP
        state.last_card_revealed = not state.truncated


def _check_cards(places: _Places, phase: str, centre: list[int], won: list[list[int]]) -> None:
    """Every card is somewhere once dealt (nowhere before); the centre and won piles hold
    flies only, the centre of at most four colours."""
    if phase == "deal":
        if places.where:
            raise IllegalAction("before the deal no card is anywhere yet: a position in "
                                "phase deal has empty piles, centre, won flies and box")
    elif len(places.where) != DECK_SIZE:
        lost = [full_name(c) for c in range(DECK_SIZE) if c not in places.where]
        raise IllegalAction(f"every card is somewhere once dealt, but {', '.join(lost[:5])}"
                            f"{' and more' if len(lost) > 5 else ''} "
                            f"{'is' if len(lost) == 1 else 'are'} nowhere (name them in the "
                            "box, or leave the box out: it then holds every card named "
                            "nowhere else)")
    for where, flies in [("the centre", centre),
                         *((f"seat {s}'s won flies", w) for s, w in enumerate(won))]:
        for card in flies:
            if COLOUR_OF[card] == SWATTER:
                raise IllegalAction(f"{full_name(card)} is in {where}, which holds flies "
                                    "only (a swatter goes back in the box)")
    colours = {COLOUR_OF[c] for c in centre}
    if len(colours) > CENTRE_COLOURS:
        raise IllegalAction(f"the centre holds flies of {len(colours)} colours: a fly of a "
                            f"fifth colour starts a hunt instead of joining the other "
                            f"{CENTRE_COLOURS}")


def _check_turn(phase: str, turn: int, current: int, seats: tuple[int, ...], max_turns: int,
                reason: object) -> None:
    """Seats reveal in turn from the first seat in play (seat 0, or in a deciding game the
    first tied seat), one card a turn; the game ends at the last card of a pile or at
    the cap.  ``turn`` and ``max_turns`` count from this game's deal."""
    n = len(seats)
    if phase == "deal" and (turn or current != seats[0]):
        raise IllegalAction(f"before the deal no card of this game is revealed and seat "
                            f"{seats[0]} starts")
    if current not in seats:
        raise IllegalAction(f"seat {current} sits out the deciding game, so it is not the "
                            "current seat")
    if phase == "reveal":
        if current != seats[turn % n]:
            raise IllegalAction(f"after {turn} cards revealed seat {seats[turn % n]} reveals "
                                f"next, not seat {current}")
        if turn >= max_turns:
            raise IllegalAction(f"turn {turn} has reached max_turns: the game is over")
    if phase in ("hunt", "over"):
        if turn == 0:
            raise IllegalAction(f"no card has been revealed (turn 0), so the phase is not "
                                f"{phase}")
        if current != seats[(turn - 1) % n]:
            raise IllegalAction(f"in phase {phase} current is the seat that revealed the last "
                                f"card: turn {turn} was seat {seats[(turn - 1) % n]}'s, not "
                                f"seat {current}'s")
    if phase != "over":
        if reason is not None:
            raise IllegalAction(f"only a game that is over has a reason, not one in phase "
                                f"{phase}")
    elif reason not in _REASONS:
        raise IllegalAction(f"a game that is over gives its reason, {' or '.join(_REASONS)}, "
                            f"not {describe(reason)}")
    elif reason == CAP and turn != max_turns:
        raise IllegalAction(f"the cap ends the game at turn {max_turns} (max_turns), not at "
                            f"turn {turn}")


def _check_counts(data: dict[str, object], turn: int, centre: list[int],
                  won: list[list[int]], trigger: list[int], box: list[int], remove: int,
                  phase: str) -> None:
    """Scores add up, the box holds the cards taken out unseen, and every card face up or
    in the box (besides those) was revealed on a turn of its own."""
    if "scores" in data:
        scores = _list(data["scores"], "the scores", len(won))
        for seat, (given, flies) in enumerate(zip(scores, won, strict=True)):
            if type(given) is not int or given != score(flies):
                raise IllegalAction(f"seat {seat}'s score is given as {describe(given)}, but "
                                    f"the flies it won add up to {score(flies)}")
    if phase == "deal":
        return
    if len(box) < remove:
        raise IllegalAction(f"the box holds {len(box)} cards, fewer than the {remove} that "
                            f"remove={remove} took out unseen")
    turned = len(centre) + sum(map(len, won)) + len(trigger) + len(box) - remove
    if turned > turn:
        raise IllegalAction(f"{turned} cards lie face up, won or in the box besides the "
                            f"{remove} taken out unseen, so at least {turned} have been "
                            f"revealed, but the turn is {turn}")


def _check_end(reason: object, current: int, pile_left: bool, hunted: bool) -> None:
    """The last card of a pile ends the game before the cap does; a penalty in the hunt
    that card started may put a card back under the emptied pile."""
    if reason == CAP and not pile_left:
        raise IllegalAction(f"seat {current} turned over the last card of its pile, so the "
                            "game ended for that reason (last-card), not at the cap")
    if reason == LAST_CARD and pile_left and not hunted:
        raise IllegalAction(f"the game ended at the last card of a pile, but seat {current}, "
                            "who revealed last, still has cards and no hunt put one back")


def _last_reveal(value: object, phase: str, turn: int, current: int, seats: tuple[int, ...],
                 centre: list[int], box: list[int], trigger: list[int]) -> Revealed | None:
    """The card revealed last: by the seat whose turn it was; it is the hunt's trigger,
    or lies on top of the centre (a fly) or of the box (it started a hunt)."""
    if turn == 0:
        if value is not None:
            raise IllegalAction("no card has been revealed yet (turn 0): last_reveal is null")
        return None
    if value is None:
        raise IllegalAction(f"{turn} cards have been revealed: last_reveal names the last")
    data = _object(value, "last_reveal", {"seat", "card"})
    seat = _whole(data["seat"], "last_reveal's seat", 0, max(seats))
    tops = trigger or [cards[-1] for cards in (centre, box) if cards]
    card = _one_of(data["card"], "last_reveal", tops,
                   "the hunt's trigger" if trigger else
                   "the last fly laid in the centre or the last card put in the box")
    by = seats[(seats.index(current) - 1) % len(seats)] if phase == "reveal" else current
    if seat != by:
        raise IllegalAction(f"the card revealed last was seat {by}'s, whose turn it was, not "
                            f"seat {seat}'s")
    if card not in tops:
        raise IllegalAction(f"the card revealed last, {full_name(card)}, is "
                            + (f"not the hunt's trigger {full_name(trigger[0])}" if trigger
                               else "neither the last fly laid in the centre nor (having "
                                    "started a hunt) the last card put in the box"))
    # A fly that joined the centre started no hunt; anything else did.
    return Revealed(seat, card, not centre or centre[-1] != card)


def _hunt(state: FliegenKlatschenState, data: dict[str, object], trigger: int,
          centre: list[int]) -> Hunt:
    """The hunt in progress: it could have begun, and it is not over yet."""
    if not centre:
        raise IllegalAction("a hunt over an empty centre catches nothing and never opens")
    if not starts_hunt(trigger, centre):
        raise IllegalAction(f"{full_name(trigger)} does not start a hunt beside this centre: "
                            "a swatter does, or a fly of a fifth colour when flies of four "
                            "colours lie there")
    n, deadline, seats = state.players, float(state.options["deadline_ms"]), state.in_play
    hunt = Hunt.opened(trigger, state.current, centre, n, deadline, seats)
    for i, value in enumerate(_list(data["hands"], "the hunt's hands")):
        where = f"the hunt's hand {i + 1}"
        hand = _object(value, where, {"seat", "card", "at_ms"})
        seat = _in_play(hand["seat"], f"{where}'s seat", seats, n)
        card = _one_of(hand["card"], where, centre, "a fly in the centre")
        if card not in centre:
            raise IllegalAction(f"{where} is on {full_name(card)}, which is not a fly in the "
                                "centre")
        if card in hunt.slapped[seat]:
            raise IllegalAction(f"seat {seat} has two hands on {full_name(card)}: each hand "
                                "goes on a different fly")
        hunt.place(seat, card, _time(hand["at_ms"], f"{where}'s at_ms", deadline))
    done: dict[int, float] = {}
    for i, value in enumerate(_list(data["done"], "the hunt's done seats")):
        entry = _object(value, f"the hunt's done seat {i + 1}", {"seat", "at_ms"})
        seat = _in_play(entry["seat"], "a done seat", seats, n)
        if seat in done:
            raise IllegalAction(f"seat {seat} is done twice in the hunt")
        done[seat] = _time(entry["at_ms"], f"seat {seat}'s done at_ms", deadline)
    # A seat is done once all its hands are down (or every centre fly has one of them).
    full = min(state.hands, len(centre))
    for seat in seats:
        mine = [e.at_ms for e in hunt.window.entries if e.seat == seat]
        latest = max(mine, default=0.0)
        if len(mine) > full:
            raise IllegalAction(f"seat {seat} has {len(mine)} hands down, but only {full} "
                                f"can be ({state.hands} a player, {len(centre)} flies)")
        if len(mine) == full and done.get(seat) != latest:
            raise IllegalAction(f"seat {seat} has put down all its hands, so it is done from "
                                f"its last, at {latest:g} ms")
        if done.get(seat, latest) < latest:
            raise IllegalAction(f"seat {seat} is done at {done[seat]:g} ms, before its hand "
                                f"at {latest:g} ms")
    if len(done) == len(seats):
        raise IllegalAction("every seat is done, so the hunt is over: it would have been "
                            "resolved")
    for seat, at_ms in sorted(done.items()):
        hunt.window.finish(seat, at_ms)
    return hunt


def _in_play(value: object, what: str, seats: tuple[int, ...], n: int) -> int:
    """A seat that plays the game now (all, or the tied ones in a deciding game)."""
    seat = _whole(value, what, 0, n - 1)
    if seat not in seats:
        raise IllegalAction(f"{what}: seat {seat} sits out the deciding game")
    return seat


def _deciding(value: object, n: int, tie: str, turn: int
              ) -> tuple[tuple[int, ...], int, list[PlayedGame]]:
    """The seats of a deciding game, the turn its deal came at, and the games before it:
    the first played by every seat, and each next one by the seats tied at the end of
    the one before (on points, then flies)."""
    if tie != DECIDING_GAME:
        raise IllegalAction(f"a deciding game is played only with the option "
                            f"tie={DECIDING_GAME}, not tie={tie}")
    data = _object(value, "deciding", {"seats", "began", "played"})
    began = _whole(data["began"], "deciding's began (the turn its deal came at)", 0, turn)
    played: list[PlayedGame] = []
    expected = tuple(range(n))
    for i, item in enumerate(_list(data["played"], "deciding's played games")):
        where = f"deciding's played game {i + 1}"
        game = _object(item, where, {"seats", "scores", "flies"})
        seats = tuple(_whole(s, f"{where}'s seat", 0, n - 1)
                      for s in _list(game["seats"], f"{where}'s seats"))
        if seats != expected:
            raise IllegalAction(f"{where} was played by seats {list(expected)} (every seat "
                                f"first, then those tied), not {list(seats)}")
        scores = tuple(_whole(v, f"{where}'s score", 0, 10_000)
                       for v in _list(game["scores"], f"{where}'s scores", n))
        flies = tuple(_whole(v, f"{where}'s flies won", 0, DECK_SIZE)
                      for v in _list(game["flies"], f"{where}'s flies", n))
        played.append(PlayedGame(seats, scores, flies))
        expected = played[-1].best()
        if len(expected) < 2:
            raise IllegalAction(f"{where} has one winner, seat {expected[0]}: nobody plays "
                                "a deciding game after it")
    if not played:
        raise IllegalAction("deciding lists the games played before it: at least the first")
    seats = tuple(_whole(s, "a deciding seat", 0, n - 1)
                  for s in _list(data["seats"], "deciding's seats"))
    if seats != expected:
        raise IllegalAction(f"the deciding game is played by the seats tied in the game "
                            f"before it, {list(expected)}, not {list(seats)}")
    return seats, began, played


#: The format the game is given (``games/fliegen_klatschen/__init__.py``).
FORMAT = PositionFormat(read=read_game, write=write)  # type: ignore[arg-type]
