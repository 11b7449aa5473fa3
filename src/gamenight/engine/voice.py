"""Seats named for one reader: the reader's own seat is "you", every other seat "Seat 2".

An event's ``text()`` is the same for everyone ("Seat 0 takes red 3."): records, replays
and spectators read it.  Told to the person at a seat (``Event.told_to(seat)``), the
same line names that seat "you" and its verb agrees ("You take red 3.").  A ``Voice`` does
that naming for one reader, so each event writes its sentence once:

>>> Voice(0).does(0, "takes") + " red 3."
'You take red 3.'
>>> Voice(None).does(0, "takes") + " red 3."
'Seat 0 takes red 3.'
>>> Voice(2).group([0, 2]), Voice(None).group([0, 1, 3])
('Seat 0 and you', 'Seats 0, 1 and 3')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The verbs whose plural is not the singular less its "s" ("is" -> "are").
IRREGULAR: dict[str, str] = {"is": "are", "has": "have", "does": "do", "goes": "go",
                             "was": "were"}


def plural(verb: str) -> str:
    """The form of a verb for "you" and for several seats, from its third person
    singular: "takes" -> "take", "passes" -> "pass", "carries" -> "carry", "is" -> "are".
    A verb with a last word after it ("slides up") changes its first word only."""
    head, sep, tail = verb.partition(" ")
    if head in IRREGULAR:
        return IRREGULAR[head] + sep + tail
    if head.endswith("ies") and len(head) > 4:
        head = head[:-3] + "y"
    elif head.endswith(("sses", "shes", "ches", "xes", "zes")):
        head = head[:-2]
    elif head.endswith("s") and not head.endswith("ss"):
        head = head[:-1]
    return head + sep + tail


@dataclass(frozen=True, slots=True)
class Voice:
    """Names seats as ``reader`` reads them (None: nobody in particular, so no "you");
    with ``names``, the other seats by those names (a table's "Seat 2 (aimer)")."""

    reader: int | None = None
    names: tuple[str, ...] = ()

    def name(self, seat: int, *, start: bool = True) -> str:
        """"You" or "Seat 2" (``start``: at the start of a sentence, else "you", "seat 2")."""
        if seat == self.reader:
            return "You" if start else "you"
        if seat < len(self.names):
            return self.names[seat]
        return f"Seat {seat}" if start else f"seat {seat}"

    def your(self, seat: int) -> str:
        """The seat's possessive: "your" or "seat 2's"."""
        return "your" if seat == self.reader else f"seat {seat}'s"

    def verb(self, seat: int, singular: str, plural_form: str | None = None) -> str:
        """The verb agreeing with the seat: ``singular`` ("takes") for another seat, its
        plural ("take", or ``plural_form``) for the reader."""
        if seat != self.reader:
            return singular
        return plural_form if plural_form is not None else plural(singular)

    def does(self, seat: int, singular: str, plural_form: str | None = None, *,
             start: bool = True) -> str:
        """The seat and its verb: "Seat 2 takes", "You take"."""
        return f"{self.name(seat, start=start)} {self.verb(seat, singular, plural_form)}"

    def group(self, seats: Sequence[int], *, start: bool = True) -> str:
        """Several seats: "Seat 2", "Seats 0 and 2", "Seats 0, 1 and 3", "You and seat 2",
        "Seat 0 and you" (in seat order, as the table sits)."""
        if len(seats) == 1:
            return self.name(seats[0], start=start)
        if self.reader not in seats and not self.names:
            numbers = [str(s) for s in seats]
            word = "Seats" if start else "seats"
            return f"{word} {', '.join(numbers[:-1])} and {numbers[-1]}"
        names = [self.name(s, start=False) for s in seats]
        text = f"{', '.join(names[:-1])} and {names[-1]}"
        return text[0].upper() + text[1:] if start else text

    def group_does(self, seats: Sequence[int], singular: str,
                   plural_form: str | None = None, *, start: bool = True) -> str:
        """Several seats and their verb: "Seat 2 wins", "Seats 0 and 2 win", "You win"."""
        if len(seats) == 1:
            return self.does(seats[0], singular, plural_form, start=start)
        verb = plural_form if plural_form is not None else plural(singular)
        return f"{self.group(seats, start=start)} {verb}"
