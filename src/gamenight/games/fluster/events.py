"""What happens at a Fluster table, as events (``gamenight.engine.events``).

A game is the pads handed out, then fifty calls: each call heard by everyone
(:class:`Called`), on a number's first call chosen a block for by each player in secret
(:class:`Wrote`: where, only its writer knows), then written by all
(:class:`CallWritten`), and on each pad in its square, with the words it completed
(:class:`SquareWritten`, its owner's alone).  At the end every pad is shown and scored
(:class:`PadScored`) and the game ends (:class:`GameOver`).

Secrets are kept by ``seen_by``: another seat is told that a player wrote, never where,
and nothing of another pad until the end.

Each line is told in the reader's language (``told_in``, docs/languages.md): every
sentence is written whole, one message per form (the reader, another seat, several; a
letter or a Blank), marked for the game's catalog.  The words the players write stay
English, in every language: the game scores English words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gamenight.engine.events import Event, ToldEvent
from gamenight.engine.memo import made_once
from gamenight.engine.voice import Seats, Voice
from gamenight.games.fluster.board import BLANK, Side
from gamenight.i18n import N_

#: How a row or column of a block is read: "Down" from the top, "Across" from the left.
Direction = Literal["down", "across"]
#: How a game of Fluster ends (``Outcome.reason``): every number called twice, so every
#: square of every block is filled.
CALLS_DONE = "calls-done"


def symbol_name(symbol: str) -> str:
    """A called symbol as the narration says it: the letter, or "a Blank"."""
    return "a Blank" if symbol == BLANK else symbol


def seats_text(seats: tuple[int, ...]) -> str:
    """"Seat 2", "Seats 0 and 2", "Seats 0, 1 and 3"."""
    return Voice().group(seats)


@dataclass(frozen=True, slots=True)
class PadsHandedOut(ToldEvent):
    """Each player has received a pad of two blocks, numbered at random (what numbers
    each block holds, only its owner's view shows)."""

    players: int

    def told_in(self, voice: Voice) -> str:
        if self.players == 1:
            return voice.say(
                N_("The player gets a pad of two blocks, numbered at random.")
                if voice.reader is None else
                N_("You get a pad of two blocks, numbered at random."))
        return voice.say(N_("Each of the {n} players gets a pad of two blocks, numbered at "
                            "random."), n=self.players)


@dataclass(frozen=True, slots=True)
class Called(ToldEvent):
    """The caller called out a letter (``"#"``: a Blank) and the number of a square.
    ``times`` is 1 on the number's first call (everyone chooses a block) and 2 on its
    second (one square of it is left on each pad, so it is written at once)."""

    caller: int
    letter: str
    number: int
    times: int

    def told_in(self, voice: Voice) -> str:
        if self.letter == BLANK:
            message = voice.pick(self.caller, N_("You call a Blank for square {number}."),
                                 N_("{seat} calls a Blank for square {number}."))
        else:
            message = voice.pick(self.caller, N_("You call {letter} for square {number}."),
                                 N_("{seat} calls {letter} for square {number}."))
        return voice.say(message, seat=Seats.of(self.caller), letter=self.letter,
                         number=self.number)


@dataclass(frozen=True, slots=True)
class Wrote(Event):
    """A player has written a number's first call, in his left or right block, in
    secret: every other seat is told only that he has written (``side`` None)."""

    seat: int
    side: Side | None

    def seen_by(self, seat: int | None) -> Wrote:
        return self if seat == self.seat or self.side is None else wrote(self.seat, None)


@dataclass(frozen=True, slots=True)
class CallWritten(Event):
    """Everyone has written the call (the last call the views show); ``forced``: it was
    its number's second call, written in the one square of it left on each pad."""

    caller: int
    letter: str
    number: int
    forced: bool

    def text(self) -> str:
        return self.told_in(Voice())

    def told_in(self, voice: Voice) -> str:
        if self.letter == BLANK:
            message = (N_("Everyone has written a Blank {number} in the one square of it left.")
                       if self.forced else N_("Everyone has written a Blank {number}."))
        else:
            message = (N_("Everyone has written {letter} {number} in the one square of it "
                          "left.") if self.forced else
                       N_("Everyone has written {letter} {number}."))
        return voice.say(message, letter=self.letter, number=self.number)


#: A word a written square completed: ("across", row, word) or ("down", column, word),
#: rows and columns counted 1-5 from the top and the left.
CreatedWord = tuple[Direction, int, str]


@dataclass(frozen=True, slots=True)
class SquareWritten(ToldEvent):
    """The call is on a player's pad: in the square at ``row`` and ``column`` (1-5) of
    his ``side`` block, completing ``words`` -- each run of letters, bounded by the
    block's edges and Blanks, that became a word (a point a letter).  Only its owner
    knows any of it: every other seat gets nothing of this event, and every player
    has one for every call, so not even how many words another created leaks."""

    seat: int
    side: Side
    row: int
    column: int
    words: tuple[CreatedWord, ...]

    def seen_by(self, seat: int | None) -> SquareWritten | None:
        return self if seat == self.seat else None

    def told_in(self, voice: Voice) -> str:
        if not self.words:
            return ""
        # (A square is in one row and one column: it completes two words at most.)
        made = voice.joined([voice.say(N_("{word} (Across, row {line})") if direction == "across"
                                       else N_("{word} (Down, column {line})"),
                                       word=word, line=line)
                             for direction, line, word in self.words])
        n = sum(len(word) for _, _, word in self.words)
        you = voice.reader == self.seat
        if self.side == "left":
            message = (voice.ngettext("You create {words} in the left block: {n} point.",
                                      "You create {words} in the left block: {n} points.", n)
                       if you else
                       voice.ngettext("{seat} creates {words} in the left block: {n} point.",
                                      "{seat} creates {words} in the left block: {n} points.", n))
        else:
            message = (voice.ngettext("You create {words} in the right block: {n} point.",
                                      "You create {words} in the right block: {n} points.", n)
                       if you else
                       voice.ngettext("{seat} creates {words} in the right block: {n} point.",
                                      "{seat} creates {words} in the right block: {n} points.",
                                      n))
        return voice.fill(message, seat=Seats.of(self.seat), words=made, n=n)


@dataclass(frozen=True, slots=True)
class PadScored(ToldEvent):
    """A pad's totals, shown once the game is over: A and B (Down and Across of the left
    block), C and D (of the right), the bonuses and the Grand Total."""

    seat: int
    a: int
    b: int
    c: int
    d: int
    bonuses: int
    grand_total: int

    def told_in(self, voice: Voice) -> str:
        return voice.say(N_("{seat}: A {a}, B {b}, C {c}, D {d}, bonuses {bonuses}, "
                            "Grand Total {total}."), seat=Seats.of(self.seat), a=self.a,
                         b=self.b, c=self.c, d=self.d, bonuses=self.bonuses,
                         total=self.grand_total)


@dataclass(frozen=True, slots=True)
class GameOver(ToldEvent):
    """The game has ended (``reason``: see ``Outcome.reason``); the highest Grand Total
    wins, and equal totals share the win."""

    @property
    def ends_game(self) -> bool:
        return True

    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def told_in(self, voice: Voice) -> str:
        best = self.scores[self.winners[0]]
        if len(self.scores) == 1:
            message = N_("Every square is filled: the game is over. Grand Total {best}.")
        else:
            message = voice.pick_group(
                self.winners,
                N_("Every square is filled: the game is over. You win with {best}."),
                N_("Every square is filled: the game is over. {seat} wins with {best}."),
                N_("Every square is filled: the game is over. {seats} share the win with "
                   "{best}."))
        return voice.say(message, seat=Seats(self.winners), seats=Seats(self.winners),
                         best=best)


# The events of every call, made once and shared (``engine.memo.made_once``): a call
# makes one ``Called``, one ``CallWritten``, a ``Wrote`` per player on a first call and
# a ``SquareWritten`` per pad, and building a frozen dataclass is most of what a step
# of random play costs.  Few values each: 8 seats, 27 symbols, 25 numbers.
called = made_once(Called)
wrote = made_once(Wrote)
call_written = made_once(CallWritten)
_square_written_no_word = made_once(SquareWritten)


def square_written(seat: int, side: Side, row: int, column: int,
                   words: tuple[CreatedWord, ...]) -> SquareWritten:
    """``SquareWritten``, shared where the write completed no word (most writes): the
    words completed take too many values to keep every event made."""
    if words:
        return SquareWritten(seat, side, row, column, words)
    return _square_written_no_word(seat, side, row, column, ())


#: Every event of the game (``Game.event_types``): the redacted forms are the same
#: classes with the secret left out.
EVENT_TYPES: tuple[type[Event], ...] = (
    PadsHandedOut, Called, Wrote, CallWritten, SquareWritten, PadScored, GameOver)
