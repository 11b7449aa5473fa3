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

A voice speaks one language (``voice_for(language, reader)``; docs/languages.md, "The
story in three languages").  A game whose story is translated writes each sentence whole,
one message per form (the reader, another seat, several), marked for its catalog with
``N_`` in its ``events.py``, and lets the voice translate and fill it (:meth:`Voice.say`):
word order is the translator's, and the seats are named by the voice in its language.

>>> Voice(1).say(Voice(1).pick(1, "You take {card}.", "{seat} takes {card}."),
...              seat=Seats.of(1), card="red 3")
'You take red 3.'
>>> Voice(None).say("Only {seat} and {other} are left: {seat} wins.",
...                 seat=Seats.of(2), other=Seats.of(0))
'Only seat 2 and seat 0 are left: seat 2 wins.'
>>> Voice(None).say("{seats} share the win.", seats=Seats.of(0, 1, 3))
'Seats 0, 1 and 3 share the win.'

English is the language every sentence is written in, so an English voice only fills
them; the English-only helpers below (:meth:`Voice.does`, :meth:`Voice.your`, ...) serve
the stories not yet translated.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from gamenight.i18n import DEFAULT, N_, language

if TYPE_CHECKING:
    from babel.support import NullTranslations

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


#: The voice's own words, in gamenight's catalog (``gamenight.po``): how a sentence names
#: the reader and the seats, and joins several (each at the start of a sentence, and
#: within one).  The seats keep their number in every language.
YOU: Final = (N_("You"), N_("you"))
SEAT: Final = (N_("Seat {seat}"), N_("seat {seat}"))
SEATS: Final = (N_("Seats {seats} and {last}"), N_("seats {seats} and {last}"))
#: Several seats named one by one ("you", a table's names): the last joined with "and".
LIST: Final = N_("{names} and {last}")
#: What comes before a sentence's start within a message: a placeholder there names its
#: seats as a sentence starts ("Seat 2 wins", not "seat 2 wins").
_SENTENCE_ENDS: Final = (". ", "! ", "? ")
_FORMATTER: Final = string.Formatter()


@dataclass(frozen=True, slots=True)
class Seats:
    """Seats a sentence names, in a placeholder the voice fills: "you", "Seat 2", "Seats 0
    and 2", "Seat 0 and you" as the reader reads them, in the voice's language."""

    seats: tuple[int, ...]

    @classmethod
    def of(cls, *seats: int) -> Seats:
        return cls(tuple(seats))


@dataclass(frozen=True, slots=True)
class Voice:
    """Names seats as ``reader`` reads them (None: nobody in particular, so no "you");
    with ``names``, the other seats by those names (a table's "Seat 2 (aimer)").  It
    speaks ``language`` (one of ``gamenight.i18n.LANGUAGES``), taking a story's sentences
    from the catalog of the game in the package ``catalog`` (``within``)."""

    reader: int | None = None
    names: tuple[str, ...] = ()
    language: str = DEFAULT
    catalog: str | None = None

    # -- the language --------------------------------------------------------------------
    def within(self, module: str) -> Voice:
        """This voice taking its sentences from the catalog of the game whose module (an
        event's class's ``__module__``) is ``module``: its package's ``game.po``."""
        if self.language == DEFAULT:
            return self  # English is what the sentences are written in: no catalog
        package = module.rpartition(".")[0]
        return self if package == self.catalog else dataclasses.replace(self, catalog=package)

    def _story(self) -> NullTranslations | None:
        """The translations of the game's story into this voice's language (None: the
        English it is written in)."""
        if self.language == DEFAULT or self.catalog is None:
            return None
        from gamenight.i18n.catalogs import game_translations

        return game_translations(self.catalog, self.language)

    def _own(self, message: str) -> str:
        """One of the voice's own words (``YOU``, ``SEAT``...) in its language."""
        if self.language == DEFAULT:
            return message
        from gamenight.i18n.catalogs import translations

        return translations(self.language).gettext(message)

    def gettext(self, message: str) -> str:
        """``message`` (a sentence or word of the game's, marked for its catalog) in this
        voice's language: its English where there is no translation."""
        texts = self._story()
        return message if texts is None else texts.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of ``singular``/``plural`` for ``count``, in this voice's language."""
        texts = self._story()
        if texts is None:
            return singular if count == 1 else plural
        return texts.ngettext(singular, plural, count)

    def number(self, value: float, decimals: int) -> str:
        """``value`` with ``decimals`` decimals, written as the language writes numbers
        ("1.25", German "1,25"): rounded as Python rounds, so English is ``f"{value:.2f}"``."""
        text = f"{value:.{decimals}f}"
        if self.language == DEFAULT or "." not in text:
            return text
        from babel.numbers import get_decimal_symbol

        from gamenight.i18n import CATALOG_LOCALES

        return text.replace(".", get_decimal_symbol(CATALOG_LOCALES.get(self.language,
                                                                         self.language)))

    # -- sentences -----------------------------------------------------------------------
    def pick(self, seat: int, you: str, other: str) -> str:
        """The form of a sentence about ``seat``: ``you`` when the reader is that seat,
        else ``other`` (which names it by a placeholder)."""
        return you if seat == self.reader else other

    def pick_group(self, seats: Sequence[int], you: str, other: str, several: str) -> str:
        """The form of a sentence about ``seats``: ``you`` (the reader alone), ``other``
        (one other seat) or ``several`` (more than one, the reader among them or not)."""
        if len(seats) > 1:
            return several
        return self.pick(seats[0], you, other)

    def say(self, message: str, /, **values: object) -> str:
        """``message`` in this voice's language, its placeholders filled (:meth:`fill`)."""
        return self.fill(self.gettext(message), **values)

    def fill(self, text: str, /, **values: object) -> str:
        """``text`` with its placeholders filled from ``values``: a :class:`Seats` is
        named as the reader reads it, as a sentence starts it where one starts (the
        text's start, or after ". "), else within one; any other value as ``format``
        writes it."""
        out: list[str] = []
        for literal, field, spec, _ in _FORMATTER.parse(text):
            out.append(literal)
            if field is None:
                continue
            value = values[field]
            if isinstance(value, Seats):
                said = "".join(out)
                out.append(self.group(value.seats,
                                      start=not said or said.endswith(_SENTENCE_ENDS)))
            else:
                out.append(format(value, spec or ""))
        return "".join(out)

    def joined(self, items: Sequence[str]) -> str:
        """Items as a list the language reads: "a", "a and b", "a, b and c"."""
        if len(items) == 1:
            return items[0]
        return self._own(LIST).format(names=", ".join(items[:-1]), last=items[-1])

    # -- naming seats --------------------------------------------------------------------
    def name(self, seat: int, *, start: bool = True) -> str:
        """"You" or "Seat 2" (``start``: at the start of a sentence, else "you", "seat 2")."""
        if seat == self.reader:
            return self._own(YOU[0] if start else YOU[1])
        if seat < len(self.names):
            return self.names[seat]
        return self._own(SEAT[0] if start else SEAT[1]).format(seat=seat)

    # -- English grammar, for the stories not yet translated ------------------------------
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
            return self._own(SEATS[0] if start else SEATS[1]).format(
                seats=", ".join(numbers[:-1]), last=numbers[-1])
        text = self.joined([self.name(s, start=False) for s in seats])
        return text[0].upper() + text[1:] if start else text

    def group_does(self, seats: Sequence[int], singular: str,
                   plural_form: str | None = None, *, start: bool = True) -> str:
        """Several seats and their verb: "Seat 2 wins", "Seats 0 and 2 win", "You win"."""
        if len(seats) == 1:
            return self.does(seats[0], singular, plural_form, start=start)
        verb = plural_form if plural_form is not None else plural(singular)
        return f"{self.group(seats, start=start)} {verb}"


def voice_for(code: str, reader: int | None = None, names: Sequence[str] = ()) -> Voice:
    """The voice that tells a story in the language ``code`` names (``de``, ``pt-PT``) to
    ``reader`` (None: nobody in particular), naming the other seats by ``names`` where
    given; UnknownLanguageError for a language not spoken here."""
    return Voice(reader, tuple(names), language(code))
