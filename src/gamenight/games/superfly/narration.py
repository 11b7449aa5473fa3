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

TypedDicts come from ``typing_extensions`` and the annotations are not postponed, as in
``views.py`` (pydantic reads them for the schema).
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from typing_extensions import TypedDict

from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.engine.voice import Voice

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


def told_to(turn: "LastTurn | None", seat: int | None,
            hand_limit: int) -> TurnLinesView | None:
    """The last turn (None: no turn played yet) as ``seat`` reads it (None: a
    spectator; ``hand_limit``: the cards a hand holds at most), frozen, for the views of
    the turn to share (the rules keep it in their memo while the turn is the last)."""
    if turn is None:
        return None
    names = tuple(f"Seat {other}" for other in range(len(turn.swats)))
    return _lines(turn, turn.results(), Voice(seat, names), hand_limit)


def _lines(turn: "LastTurn", results: "Sequence[FlyResult]", voice: Voice,
           hand_limit: int) -> TurnLinesView:
    passed = [seat for seat in turn.eligible if turn.swats[seat] is None]
    notes: list[NoteView] = []
    if passed:
        notes.append(FrozenDict(  # type: ignore[arg-type]
            kind="passed", text=f"Passed: {voice.group(passed, start=False)}."))
    if turn.five_cards and not turn.round_over:
        # The round's last turn shows the hands instead: no final turn follows it.
        notes.append(FrozenDict(  # type: ignore[arg-type]
            kind="five-cards", text=f"{voice.group_does(turn.five_cards, 'holds')} "
                                    f"{hand_limit} cards: one final turn for the others."))
    return FrozenDict({  # type: ignore[return-value]
        "flies": FrozenList([FrozenList(fly_clauses(fly, turn.dice, voice))
                             for fly in results]),
        "notes": FrozenList(notes),
    })


def fly_clauses(fly: "FlyResult", dice: Sequence[int | None],
                voice: Voice) -> list[ClauseView]:
    """What became of one centre fly, in clauses, as ``voice``'s reader reads it."""
    if not fly.claimants:
        return [_clause("nobody", "Nobody swatted it")]
    clauses = [_clause("roll", f"{voice.name(seat)} rolled {dice[seat]}")
               for seat in fly.claimants]
    if fly.squished:
        clauses.append(_clause("squished", "→ squished!"))
    for group in fly.swaps:
        # Two exchange their hands; three or more pass them on clockwise.
        how = "swap hands" if len(group) == 2 else "pass hands clockwise"
        clauses.append(_clause("swapped", f"→ tie: {voice.group(group)} {how}"))
    if fly.taker is not None:
        clauses.append(_clause("taken", f"→ {voice.does(fly.taker, 'takes')} it"))
    elif not fly.squished:
        clauses.append(_clause("left", "→ nobody takes it"))
    return clauses


def _clause(kind: ClauseKind, text: str) -> ClauseView:
    return FrozenDict({"kind": kind, "text": text})  # type: ignore[return-value]
