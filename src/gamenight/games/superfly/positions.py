"""Superfly positions: the whole state as JSON a person can read and write.

``position_of(state)`` is the game-specific part of ``state.position()``;
``set_out(table, data)`` lays a position out on an empty table, checking that the rules
could have reached it (rules.md, "Positions", documents the format).  Cards are named as
players say them ('red 3'); piles and hands keep their order.  What follows from the rest
is not written: whether this is the final turn and who may swat in it (someone holds 5
cards), who is still to be dealt a card, who rolls a die, what happened on each fly of
the last turn and who won the last round's tokens.  Where a person writes a position by
hand, the draw pile may be left out (every card not elsewhere, in card order), and so
may the discards, the swats and dice of a turn not yet chosen, and the last turn and
round.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NotRequired, TypeVar, cast, get_args

from typing_extensions import TypedDict

from gamenight.engine import PASS, IllegalAction
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON, PositionFormat
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.cards import DECK_SIZE, DIE_FACES, card_named, name
from gamenight.games.superfly.rules import (
    CENTRE,
    DICE,
    HAND_LIMIT,
    HANDS,
    OVER,
    SWAT,
    TOKENS_TO_WIN,
    Superfly,
    SuperflyState,
)
from gamenight.games.superfly.turns import LastRound, LastTurn
from gamenight.games.superfly.views import Phase

#: The fewest turns a round takes: a hand starts with 1 card and grows by at most one a
#: turn (a player has one swatter), so reaching 5 takes 4 turns, and then comes the final
#: turn.
TURNS_PER_ROUND = HAND_LIMIT
#: The word for a swatter kept back.
PASSES = str(PASS)

T = TypeVar("T")


class LastTurnPosition(TypedDict):
    """The last turn played: its round, centre, and each seat's swat and die."""

    round: int
    centre: list[str]
    #: Per seat: the fly its swatter landed on, "pass", or None (sat out, holding 5).
    swats: list[str | None]
    dice: list[int | None]


class LastRoundPosition(TypedDict):
    """The hands shown at the end of the last round played to its end."""

    round: int
    hands: list[list[str]]


class SuperflyPosition(TypedDict):
    """A Superfly position's ``state`` (see rules.md, "Positions")."""

    phase: Phase
    round: int
    turns_played: int
    first_player: int
    tokens: list[int]
    hands: list[list[str]]
    centre: list[str]
    #: Per seat, this turn: the fly chosen, "pass", or None (not chosen yet, or sits out).
    swats: NotRequired[list[str | None]]
    #: Per seat, this turn: its die once rolled.
    dice: NotRequired[list[int | None]]
    draw_pile: NotRequired[list[str]]
    discards: NotRequired[list[str]]
    reshuffles: NotRequired[int]
    last_turn: NotRequired[LastTurnPosition | None]
    last_round: NotRequired[LastRoundPosition | None]


_REQUIRED = frozenset(SuperflyPosition.__required_keys__)
_KNOWN = _REQUIRED | SuperflyPosition.__optional_keys__
_PHASES: tuple[str, ...] = get_args(Phase)


# -- writing ------------------------------------------------------------------------------
def _choice(card: int | None) -> str:
    return PASSES if card is None else name(card)


def position_of(state: SuperflyState) -> SuperflyPosition:
    """The whole of ``state`` as a position's ``state`` part."""
    n = state.players
    data: SuperflyPosition = {
        "phase": state.phase,
        "round": state.round,
        "turns_played": state.turns,
        "first_player": state.first,
        "tokens": list(state.tokens),
        "hands": [[name(c) for c in hand] for hand in state.hands],
        "centre": [name(c) for c in state.centre],
        "swats": [_choice(state.choices[s]) if s in state.choices else None
                  for s in range(n)],
        "dice": [state.dice.get(s) for s in range(n)],
        "draw_pile": [name(c) for c in state.draw],
        "discards": [name(c) for c in state.discards],
        "reshuffles": state.reshuffles,
        "last_turn": None,
        "last_round": None,
    }
    last = state._last_turn
    if last is not None:
        data["last_turn"] = {
            "round": last.round,
            "centre": [name(c) for c in last.centre],
            "swats": [_choice(last.swats[s]) if s in last.eligible else None
                      for s in range(n)],
            "dice": list(last.dice),
        }
    shown = state._last_round
    if shown is not None:
        data["last_round"] = {"round": shown.round,
                              "hands": [[name(c) for c in hand] for hand in shown.hands]}
    return data


# -- reading: shapes ----------------------------------------------------------------------
def _object(value: object, what: str, required: frozenset[str],
            known: frozenset[str]) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise IllegalAction(f"{what} is an object, not {describe(value)}")
    missing = sorted(required - value.keys())
    if missing:
        raise IllegalAction(f"{what} has no {', '.join(missing)}")
    unknown = sorted(map(describe, value.keys() - known))
    if unknown:
        raise IllegalAction(f"{what} has no field {unknown[0]} (fields: "
                            f"{', '.join(sorted(known))})")
    return cast(Mapping[str, object], value)


def _whole(value: object, what: str, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise IllegalAction(f"{what} is a whole number {bound}, not {describe(value)}")
    return value


def _list(value: object, what: str, length: int | None = None) -> list[object]:
    if not isinstance(value, list):
        raise IllegalAction(f"{what} is a list, not {describe(value)}")
    if length is not None and len(value) != length:
        raise IllegalAction(f"{what}: one entry per seat ({length}), not {len(value)}")
    return value


def _per_seat(value: object, what: str, players: int,
              read: Callable[[object, str], T]) -> list[T]:
    return [read(item, f"{what} of seat {s}")
            for s, item in enumerate(_list(value, what, players))]


def _card(value: object, what: str) -> int:
    if not isinstance(value, str):
        raise IllegalAction(f"{what} is a card's name such as 'red 3', not {describe(value)}")
    try:
        return card_named(value)
    except ValueError as exc:
        raise IllegalAction(f"{what}: {exc}") from None


def _cards(value: object, what: str) -> list[int]:
    cards = [_card(item, f"a card of {what}") for item in _list(value, what)]
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise IllegalAction(f"{name(twice[0])} is in {what} twice: every card exists once")
    return cards


def _choices(value: object, what: str, players: int) -> dict[int, int | None]:
    """The seats that have chosen (a null entry has not, or sits out), each with the
    card id its swatter is on, or None for a pass."""
    choices: dict[int, int | None] = {}
    for s, item in enumerate(_list(value, what, players)):
        if isinstance(item, str) and item.strip().lower() == PASSES:
            choices[s] = None
        elif item is not None:
            choices[s] = _card(item, f"{what} of seat {s}")
    return choices


def _die(value: object, what: str) -> int | None:
    if value is None:
        return None
    return _whole(value, what, DIE_FACES[0], DIE_FACES[-1])


# -- reading: the position ------------------------------------------------------------------
def read(game: Superfly, players: int, seed: int, options: dict[str, Any],
         data: JSON) -> SuperflyState:
    """The game in the position whose game-specific part is ``data``."""
    table = SuperflyState(game, players, seed, options, deal=False)
    set_out(table, data)
    return table


def set_out(table: SuperflyState, data: object) -> None:
    """Lay the position ``data`` out on ``table`` (a state made with ``deal=False``);
    IllegalAction naming the first thing the rules could not have reached."""
    n = table.players
    d = _object(data, "a Superfly position's state", _REQUIRED, _KNOWN)
    phase = d["phase"]
    if not isinstance(phase, str) or phase.strip().lower() not in _PHASES:
        raise IllegalAction(f"the phase is one of {', '.join(_PHASES)}, not {describe(phase)}")
    phase = phase.strip().lower()
    round_ = _whole(d["round"], "the round", 1)
    turns = _whole(d["turns_played"], "turns_played", 0)
    first = _whole(d["first_player"], "the first player", 0, n - 1)
    tokens = _per_seat(d["tokens"], "the tokens", n,
                       lambda v, w: _whole(v, w, 0, TOKENS_TO_WIN))
    hands = _per_seat(d["hands"], "the hand", n, _cards)
    centre = _cards(d["centre"], "the centre")
    choices = _choices(d.get("swats", [None] * n), "the swats", n)
    dice = _per_seat(d.get("dice", [None] * n), "the die", n, _die)
    discards = _cards(d.get("discards", []), "the discards")
    reshuffles = _whole(d.get("reshuffles", 0), "reshuffles", 0)
    draw = _draw_pile(d, hands, centre, discards)
    for s, hand in enumerate(hands):
        if len(hand) > HAND_LIMIT:
            raise IllegalAction(f"seat {s} holds {len(hand)} cards: a hand never holds more "
                                f"than {HAND_LIMIT}")
    for s, card in choices.items():
        if card is not None and card not in centre:
            raise IllegalAction(f"seat {s} swats {name(card)}, which is not in the centre")

    over = phase == OVER
    max_turns: int = table.options["max_turns"]
    ended_round = over and not any(hands)  # the game ended as a round ended
    completed = round_ - 1 + ended_round  # rounds played to their end
    _check_tokens(tokens, completed, n, over, turns, max_turns)
    _check_turns(turns, completed, hands, phase)
    final = any(len(hand) == HAND_LIMIT for hand in hands)
    eligible = (tuple(s for s in range(n) if len(hands[s]) < HAND_LIMIT) if final
                else tuple(range(n)))
    to_deal = _check_phase(phase, n, first, hands, centre, choices, dice, draw, eligible)

    shown = _last_round(d.get("last_round"), n, completed, tokens)
    last = _last_turn(d.get("last_turn"), n, turns, first, round_, completed, phase, hands,
                      shown)
    if ended_round and last is not None:
        eligible = last.eligible  # the final turn's players, as the round ended

    table.phase = cast(Phase, phase)
    table.round = round_
    table.turns = turns
    table.first = first
    table.tokens = tokens
    table.hands = hands
    table.centre = centre
    table.draw = draw
    table.discards = discards
    table.reshuffles = reshuffles
    table.final = final
    table.eligible = eligible
    table.to_deal = to_deal
    table._last_turn = last
    table._last_round = shown
    table.truncated = over and max(tokens) < TOKENS_TO_WIN
    if phase in (SWAT, DICE):
        table.choices = choices
        table._legal = [*(SWATS[c] for c in centre), PASS]
    if phase == DICE:
        table.rolling = tuple(s for s in eligible if table.choices[s] is not None)
        table.dice = {s: die for s in table.rolling if (die := dice[s]) is not None}
    table.set_acting()


def _draw_pile(d: Mapping[str, object], hands: Sequence[list[int]], centre: list[int],
               discards: list[int]) -> list[int]:
    """The draw pile as given, or every card not elsewhere; each card exactly once."""
    places: dict[int, str] = {}
    groups = [("the centre", centre), ("the discards", discards),
              *((f"seat {s}'s hand", hand) for s, hand in enumerate(hands))]
    if "draw_pile" in d:
        groups.insert(0, ("the draw pile", _cards(d["draw_pile"], "the draw pile")))
    for where, cards in groups:
        for card in cards:
            if card in places:
                raise IllegalAction(f"{name(card)} is in {places[card]} and in {where}: "
                                    "every card exists once")
            places[card] = where
    if "draw_pile" not in d:
        return [c for c in range(DECK_SIZE) if c not in places]
    missing = [c for c in range(DECK_SIZE) if c not in places]
    if missing:
        raise IllegalAction(f"{name(missing[0])} is nowhere: each of the {DECK_SIZE} cards is "
                            "in the draw pile, the discards, the centre or a hand")
    return groups[0][1]


def _check_tokens(tokens: list[int], completed: int, players: int, over: bool, turns: int,
                  max_turns: int) -> None:
    """Each round played to its end gave 1 to ``players`` tokens, at most one a seat;
    3 tokens end the game, and so does the safety cap."""
    rounds = _rounds(completed)
    for s, count in enumerate(tokens):
        if count > completed:
            raise IllegalAction(f"seat {s} has {count} Fly Catcher tokens after {rounds}: a "
                                "round gives a player at most one")
    total = sum(tokens)
    if not completed <= total <= players * completed:
        raise IllegalAction(f"{total} Fly Catcher tokens after {rounds}: each round gives 1 "
                            f"to {players} of them")
    if turns > max_turns:
        raise IllegalAction(f"{turns} turns played, but the safety cap ends the game after "
                            f"max_turns={max_turns}")
    if not over:
        if max(tokens) >= TOKENS_TO_WIN:
            winner = tokens.index(max(tokens))
            raise IllegalAction(f"seat {winner} has {TOKENS_TO_WIN} Fly Catcher tokens: the "
                                "game is over (phase over)")
        if turns == max_turns:
            raise IllegalAction(f"{turns} turns played: the safety cap (max_turns) has ended "
                                "the game (phase over)")
    elif max(tokens) < TOKENS_TO_WIN and turns < max_turns:
        raise IllegalAction(f"the game is over, but nobody has {TOKENS_TO_WIN} Fly Catcher "
                            f"tokens and the safety cap of {max_turns} turns is not reached")


def _rounds(count: int) -> str:
    return f"{count} round{'' if count == 1 else 's'}"


def _check_turns(turns: int, completed: int, hands: Sequence[list[int]], phase: str) -> None:
    """Every round takes at least 5 turns, and a hand grows by at most a card a turn."""
    growth = max(0, max(map(len, hands)) - 1)
    least = TURNS_PER_ROUND * completed + growth
    if turns < least:
        raise IllegalAction(
            f"turns_played is {turns}, but {_rounds(completed)} played to the end and a "
            f"hand of {growth + 1} this round take at least {least} turns: a hand grows by "
            f"at most one card a turn, from the card dealt to {HAND_LIMIT}, and then comes "
            "the final turn")


def _check_phase(phase: str, n: int, first: int, hands: Sequence[list[int]],
                 centre: list[int], choices: dict[int, int | None],
                 dice: Sequence[int | None], draw: list[int],
                 eligible: tuple[int, ...]) -> list[int]:
    """That the phase agrees with the rest; returns who is still to be dealt a card."""
    chosen = sorted(choices)
    rolled = [s for s in range(n) if dice[s] is not None]
    if phase not in (SWAT, DICE) and chosen:
        raise IllegalAction(f"seat {chosen[0]} has a swat, but swats are chosen only at the "
                            "signal (phase swat)")
    if phase != DICE and rolled:
        raise IllegalAction(f"seat {rolled[0]} has a die, but dice are rolled only once every "
                            "swatter is down (phase dice)")
    if phase in (HANDS, CENTRE) and not draw:
        raise IllegalAction(f"the draw pile is empty in phase {phase}: the discards would have "
                            "been shuffled into a new one")
    if phase == HANDS:
        return _to_deal(n, first, hands, centre)
    in_round = phase != OVER or any(hands)
    empty = [s for s in range(n) if not hands[s]]
    if in_round and empty:
        raise IllegalAction(f"seat {empty[0]} has no card in phase {phase}: every player is "
                            "dealt one as the round begins")
    if phase == OVER:
        if centre:
            raise IllegalAction("the game is over, but flies are in the centre: they are "
                                "discarded at the end of each turn")
        return []
    flies = n - 1
    if phase == CENTRE and len(centre) >= flies:
        raise IllegalAction(f"{len(centre)} flies in the centre while they are still being "
                            f"laid: a turn has {flies} (players - 1)")
    if phase in (SWAT, DICE) and len(centre) != flies:
        raise IllegalAction(f"{len(centre)} flies in the centre at the signal: a turn has "
                            f"{flies} (players - 1)")
    sitting_out = [s for s in chosen if s not in eligible]
    if sitting_out:
        raise IllegalAction(f"seat {sitting_out[0]} holds {HAND_LIMIT} cards and sits out "
                            "the final turn, but has a swat")
    waiting = [s for s in eligible if s not in choices]
    if phase == SWAT and not waiting:
        raise IllegalAction("every player who may swat has chosen: the swatters are down "
                            "(phase dice, or the turn is over)")
    if phase == DICE:
        if waiting:
            raise IllegalAction(f"seat {waiting[0]} has not chosen, but the dice roll only "
                                "once every swatter is down")
        rolling = [s for s in eligible if choices[s] is not None]
        if not rolling:
            raise IllegalAction("every player passed: no die is rolled (the turn is over)")
        if rolled != rolling[:len(rolled)]:
            raise IllegalAction(f"the dice are rolled one at a time in seat order among the "
                                f"swatters ({', '.join(map(str, rolling))}), not "
                                f"{', '.join(map(str, rolled))}")
        if len(rolled) == len(rolling):
            raise IllegalAction("every die is rolled: the turn is over")
    return []


def _to_deal(n: int, first: int, hands: Sequence[list[int]], centre: list[int]) -> list[int]:
    """While the face-down cards are dealt: the first player deals one to each player,
    himself first, then clockwise; returns the seats still to get theirs."""
    if centre:
        raise IllegalAction("flies are in the centre while the face-down cards are dealt: "
                            "they are laid after")
    order = [(first + k) % n for k in range(n)]
    dealt = sum(1 for s in order if hands[s])
    for k, s in enumerate(order):
        if len(hands[s]) != (k < dealt):
            raise IllegalAction(
                f"seat {s} holds {len(hands[s])} cards while the face-down cards are dealt: "
                f"the first player (seat {first}) deals one to each player in turn, "
                "himself first, then clockwise")
    if dealt == n:
        raise IllegalAction("every player has a face-down card: the flies are being laid "
                            "(phase centre)")
    return order[dealt:]


def _last_round(value: object, n: int, completed: int,
                tokens: list[int]) -> LastRound | None:
    if value is None:
        return None
    d = _object(value, "the last round", frozenset(LastRoundPosition.__required_keys__),
                frozenset(LastRoundPosition.__required_keys__))
    round_ = _whole(d["round"], "the last round's round", 1)
    if round_ != completed:
        raise IllegalAction(f"the last round shown is round {round_}, but the last round "
                            f"played to its end is {completed or 'none'}")
    hands = _per_seat(d["hands"], "the last round's hand", n, _cards)
    seen: dict[int, int] = {}
    for s, hand in enumerate(hands):
        if not 1 <= len(hand) <= HAND_LIMIT:
            raise IllegalAction(f"seat {s} showed {len(hand)} cards at the end of round "
                                f"{round_}: a hand holds 1 to {HAND_LIMIT}")
        for card in hand:
            if card in seen:
                raise IllegalAction(f"{name(card)} was shown in the hands of seats {seen[card]} "
                                    f"and {s}: every card exists once")
            seen[card] = s
    if all(len(hand) < HAND_LIMIT for hand in hands):
        raise IllegalAction(f"nobody showed {HAND_LIMIT} cards at the end of round {round_}: "
                            f"a round ends only after someone holds {HAND_LIMIT}")
    shown = LastRound(round_, tuple(map(tuple, hands)), tuple(tokens))
    for s in shown.winners:
        if tokens[s] == 0:
            raise IllegalAction(f"seat {s} had a biggest set in round {round_} and won a Fly "
                                "Catcher token, but has none")
    return shown


def _last_turn(value: object, n: int, turns: int, first: int, round_: int, completed: int,
               phase: str, hands: Sequence[list[int]],
               shown: LastRound | None) -> LastTurn | None:
    if value is None:
        return None
    known = frozenset(LastTurnPosition.__required_keys__)
    d = _object(value, "the last turn", known, known)
    if turns == 0:
        raise IllegalAction("a last turn, but no turn has been played (turns_played 0)")
    turn_round = _whole(d["round"], "the last turn's round", 1, round_)
    round_over = turn_round <= completed
    if (turn_round < round_ - 1 or (phase == HANDS and turn_round == round_)
            or (round_over and turn_round != completed)):
        raise IllegalAction(f"the last turn was played in round {turn_round}, but that cannot "
                            f"be the latest turn in phase {phase} of round {round_}")
    if turn_round == round_ - 1 and phase != HANDS:
        grown = [s for s in range(n) if len(hands[s]) != 1]
        if grown:
            raise IllegalAction(f"seat {grown[0]} holds {len(hands[grown[0]])} cards in the "
                                f"first turn of round {round_} (the last turn was in round "
                                f"{turn_round}): each player holds the 1 card dealt")
    centre = _cards(d["centre"], "the last turn's centre")
    if len(centre) != n - 1:
        raise IllegalAction(f"the last turn's centre has {len(centre)} flies: a turn has "
                            f"{n - 1} (players - 1)")
    choices = _choices(d["swats"], "the last turn's swats", n)
    dice = _per_seat(d["dice"], "the last turn's die", n, _die)
    for s in range(n):
        card = choices.get(s)
        if card is not None and card not in centre:
            raise IllegalAction(f"seat {s} swatted {name(card)} in the last turn, which was "
                                "not in its centre")
        placed = card is not None
        if placed != (dice[s] is not None):
            raise IllegalAction(f"seat {s} {'swatted' if placed else 'placed no swatter'} in "
                                f"the last turn, so it rolled {'a' if placed else 'no'} die")
    eligible = tuple(sorted(choices))
    if not round_over and len(eligible) != n:
        absent = min(set(range(n)) - set(eligible))
        raise IllegalAction(f"seat {absent} did not play the last turn, which did not end its "
                            "round: only a final turn is sat out")
    if round_over and len(eligible) == n:
        raise IllegalAction("the last turn ended its round, so it was a final turn: a player "
                            f"holding {HAND_LIMIT} cards sat it out (swat null)")
    if round_over:
        if shown is None:
            raise IllegalAction(f"the last turn ended round {turn_round}: the position needs "
                                "that round's hands as shown (last_round)")
        after: Sequence[Sequence[int]] = shown.hands
        for s in range(n):
            if s not in eligible and len(after[s]) != HAND_LIMIT:
                raise IllegalAction(f"seat {s} sat out the final turn, so it showed "
                                    f"{HAND_LIMIT} cards, not {len(after[s])}")
    else:
        after = hands
    five = tuple(s for s in range(n) if len(after[s]) == HAND_LIMIT)
    last = LastTurn(turns, turn_round, round_over, (first - 1) % n, tuple(centre), eligible,
                    tuple(choices.get(s) for s in range(n)), tuple(dice), five, round_over)
    for fly in last.results():
        if fly.taker is not None and fly.card not in after[fly.taker]:
            raise IllegalAction(f"seat {fly.taker} took {name(fly.card)} in the last turn, but "
                                f"{'did not show' if round_over else 'does not hold'} it")
    return last


#: The format the game is given (``games/superfly/__init__.py``).
FORMAT = PositionFormat(read=read, write=position_of)  # type: ignore[arg-type]
