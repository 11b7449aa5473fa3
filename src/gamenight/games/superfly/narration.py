"""The last turn told in words, to each reader: what the browser's table and the terminal
show under "Last turn", so that no table composes a sentence of the rules' results (who
rolled what, a squished fly, a tie's swap, who takes a fly, who passed, who holds 5
cards).

The views carry the last turn's public facts (``turns.LastTurn``), which is what a bot
plays by; this telling of them is for people only, in the reader's form (where the
reader's seat is "you": "You take it"; a spectator's names every seat): the game's
``GameState.told(seat)`` (``Superfly.told_type`` is :class:`TurnLinesView`), which the
server puts in each person's update and the terminal draws.  Kept out of the views, so
that bots, which never read it, do not pay for it (it made bot games some 1.4 times
slower).  Only public facts are told -- the swats and dice once every swatter is down,
and what the rules made of them -- so a seat's telling holds nothing it may not know.  A
reader's telling of a turn is made once, when it is first asked for, and shared
(frozen) until the next turn.

Seats are named "Seat 2" (each one alike, also in a group: "You and Seat 2"), so that a
table puts its people's names in their place, as its log does.

Told in the reader's language (``GameState.told(seat, language)``; docs/languages.md,
"The story in three languages"): each clause is one message per form (the reader,
another seat), marked here with ``N_`` for the game's catalog (``locale/<lang>/
LC_MESSAGES/game.po``); the seats are "Seat 2", "Platz 2", "Lugar 2".

TypedDicts come from ``typing_extensions`` and the annotations are not postponed, as in
``views.py`` (pydantic reads them for the schema).
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from typing_extensions import TypedDict

from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.engine.voice import Seats, Voice, voice_for
from gamenight.i18n import DEFAULT, N_

if TYPE_CHECKING:
    from gamenight.games.superfly.resolution import FlyResult
    from gamenight.games.superfly.turns import LastTurn

#: What a clause of a fly's line tells: a swatter's roll, nobody swatting the fly, the
#: fly squished, a tie's swap, the fly taken, or the fly left (nobody takes it).
ClauseKind = Literal["roll", "nobody", "squished", "swapped", "taken", "left"]


class ClauseView(TypedDict):
    """One clause of a fly's line ("You rolled 6", "→ You take it") and what it tells."""

    kind: ClauseKind
    text: str


#: What a note on the turn tells: who passed, or who holds 5 cards (a final turn follows).
NoteKind = Literal["passed", "five-cards"]


class NoteView(TypedDict):
    """A sentence on the turn as a whole ("Passed: Seat 2.") and what it tells."""

    kind: NoteKind
    text: str


class TurnLinesView(TypedDict):
    """The last turn as one reader reads it."""

    #: For each centre fly, in the order of the last turn's ``flies``: its clauses, the
    #: rolls first (one per swatter, in the order of the fly's ``claimants``), then what
    #: became of the fly.
    flies: list[list[ClauseView]]
    #: What else the turn told: who passed, who holds 5 cards (a final turn follows).
    notes: list[NoteView]


def told_to(turn: "LastTurn | None", seat: int | None, hand_limit: int,
            language: str = DEFAULT) -> TurnLinesView | None:
    """The last turn (None: no turn played yet) as ``seat`` reads it (None: a
    spectator; ``hand_limit``: the cards a hand holds at most), in ``language``, frozen,
    for the views of the turn to share (the rules keep it in their memo while the turn
    is the last)."""
    if turn is None:
        return None
    # Every other seat by its name as a sentence starts it, even within one.
    nobody = voice_for(language)
    names = tuple(nobody.name(other) for other in range(len(turn.swats)))
    voice = voice_for(language, seat, names).within(__name__)
    return _lines(turn, turn.results(), voice, hand_limit)


def _lines(turn: "LastTurn", results: "Sequence[FlyResult]", voice: Voice,
           hand_limit: int) -> TurnLinesView:
    passed = [seat for seat in turn.eligible if turn.swats[seat] is None]
    notes: list[NoteView] = []
    if passed:
        notes.append(FrozenDict(  # type: ignore[arg-type]
            kind="passed", text=voice.say(N_("Passed: {seats}."), seats=Seats(tuple(passed)))))
    if turn.five_cards and not turn.round_over:
        # The round's last turn shows the hands instead: no final turn follows it.
        notes.append(FrozenDict(  # type: ignore[arg-type]
            kind="five-cards", text=voice.say(voice.pick_group(
                turn.five_cards, N_("You hold {n} cards: one final turn for the others."),
                N_("{seats} holds {n} cards: one final turn for the others."),
                N_("{seats} hold {n} cards: one final turn for the others.")),
                seats=Seats(tuple(turn.five_cards)), n=hand_limit)))
    return FrozenDict({  # type: ignore[return-value]
        "flies": FrozenList([FrozenList(fly_clauses(fly, turn.dice, voice))
                             for fly in results]),
        "notes": FrozenList(notes),
    })


def fly_clauses(fly: "FlyResult", dice: Sequence[int | None],
                voice: Voice) -> list[ClauseView]:
    """What became of one centre fly, in clauses, as ``voice``'s reader reads it."""
    if not fly.claimants:
        return [_clause("nobody", voice.say(N_("Nobody swatted it")))]
    clauses = [_clause("roll", voice.say(voice.pick(seat, N_("You rolled {die}"),
                                                    N_("{seat} rolled {die}")),
                                         seat=Seats.of(seat), die=dice[seat]))
               for seat in fly.claimants]
    if fly.squished:
        clauses.append(_clause("squished", voice.say(N_("→ squished!"))))
    for group in fly.swaps:
        # Two exchange their hands; three or more pass them on clockwise.  The group is
        # named as a sentence starts it ("You and Seat 2"), after the arrow as well.
        how = (N_("→ tie: {seats} swap hands") if len(group) == 2 else
               N_("→ tie: {seats} pass hands clockwise"))
        clauses.append(_clause("swapped", voice.say(how, seats=voice.group(group))))
    if fly.taker is not None:
        clauses.append(_clause("taken", voice.say(voice.pick(
            fly.taker, N_("→ You take it"), N_("→ {seat} takes it")),
            seat=Seats.of(fly.taker))))
    elif not fly.squished:
        clauses.append(_clause("left", voice.say(N_("→ nobody takes it"))))
    return clauses


def _clause(kind: ClauseKind, text: str) -> ClauseView:
    return FrozenDict({"kind": kind, "text": text})  # type: ignore[return-value]
