"""A record's JSON, declared: the shapes :meth:`Record.from_json` and
:meth:`SeatRecord.from_json` read (:mod:`gamenight.record`).

Each model names a record's fields and the exact JSON type of each, in pydantic's strict
mode (:class:`~gamenight.engine.strict.StrictModel`): ``true`` is no ``1``, ``"3"`` no
``3`` and ``77.0`` no seed; a field the format does not have is refused; and what one
field alone shows is checked here too (a time is a finite number of at least 0, a hash is
``sha256:`` and 64 hex digits, a signature's scheme is one this gamenight knows).  What
needs two fields (a seat within the players, one score for each player) is checked by
the reader in ``record.py``.  A refusal names every field that was wrong
(:func:`~gamenight.engine.strict.refusal`), as a :class:`MalformedRecordError`.

Nothing is converted: a number is kept as the kind it was written (a time written ``5``
stays an int), and the fields of each object in the order a record is written, so a
record read and written again is the same bytes, and its hash the same.  The TypedDicts
inside a model take its strict and closed configuration.

Imported only when a record is read: a simulation that writes records never loads
pydantic.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Literal, NotRequired, TypeVar

from pydantic import AfterValidator, ConfigDict, Field, PlainValidator, ValidationError, with_config
from typing_extensions import TypedDict

from gamenight import signing
from gamenight.engine.strict import StrictModel, refusal, takes

#: ``record.FORMAT`` and ``record.REDACTED_FORMAT`` as types (a test checks they agree).
RecordFormat = Literal["gamenight-record"]
SeatRecordFormat = Literal["gamenight-record-redacted"]

_HASH = re.compile(r"sha256:[0-9a-f]{64}")


def _finite(value: object) -> int | float:
    # type() rather than isinstance: True is an int to Python, but no number here.
    if type(value) is int or type(value) is float:
        try:
            if math.isfinite(value):
                return value
        except OverflowError:  # an int too large for a double: refused here, not later
            pass
    raise takes("a finite number")


def _time(value: object) -> int | float:
    if _finite(value) < 0:
        raise takes("a time of 0 ms or more")
    return value  # type: ignore[return-value]  # as written: an int stays an int


def _option(value: object) -> str | int | float | bool:
    if type(value) in (str, int, float, bool):
        return value  # type: ignore[return-value]  # one of them, as just checked
    raise takes("a text, a number or true/false")


def _hash(value: str) -> str:
    if not _HASH.fullmatch(value):
        raise takes("'sha256:' and 64 lower-case hex digits")
    return value


def _scheme(value: str) -> str:
    if value not in signing.SCHEMES:
        raise takes(f"a signature scheme, one of {', '.join(signing.SCHEMES)}")
    return value


#: A number as JSON writes it, kept as the kind it was written: finite (an int too large
#: for a double is refused too).  One validator rather than ``int | float``: a union
#: would name both of its kinds in every refusal.
Number = Annotated[int | float, PlainValidator(_finite)]
#: A time in milliseconds (``at_ms``).
Time = Annotated[int | float, PlainValidator(_time)]
#: An option's value: a text, a number or true/false (the game says which, on setup).
OptionValue = Annotated[str | int | float | bool, PlainValidator(_option)]
Seat = Annotated[int, Field(ge=0)]
Hash = Annotated[str, AfterValidator(_hash)]


class FlagJSON(TypedDict):
    """A flag (``record.RecordFlag``, whose reader checks the seat and step against the
    players and steps)."""

    seat: int
    step: int
    reason: str


class StepJSON(TypedDict, total=False):
    """A step as written: ``{"chance": outcome}``, or ``{"seat", "action"}`` with
    ``at_ms`` where it was timed (which of the two, the reader checks)."""

    chance: Any  # plain JSON, bounded by record._check_tree; the game's rules read it
    seat: Seat
    action: str
    at_ms: Time


class ResultJSON(TypedDict):
    """``Outcome.to_json``, its fields in the order it writes them."""

    scores: list[Number]
    ranks: list[int]
    winners: list[Seat]
    tiebreaks: list[list[Number]]
    truncated: bool
    #: How the game ended; records written before results gave a reason have none.
    reason: NotRequired[str]


class SignatureJSON(TypedDict):
    """``signing.sign``'s signature."""

    scheme: Annotated[str, AfterValidator(_scheme)]
    key: str
    value: str


class _Table(StrictModel):
    """What both kinds of record say of the game and its table."""

    software: str
    game: str
    rules_version: str
    players: Annotated[int, Field(ge=1)]
    #: Who played each seat (one name for each player: the reader checks the count).
    seats: list[str]
    options: dict[str, OptionValue]
    #: The result, or null while the game is not over.
    result: ResultJSON | None


class RecordJSON(_Table):
    """A whole record (``Record.to_json``, format version 2)."""

    format: RecordFormat
    #: Checked before the model, to explain a version 1 record.
    version: Literal[2]
    seed: Annotated[int, Field(ge=0)]
    steps: list[StepJSON]
    #: The fingerprint of the final state, or null while the game is not over.
    digest: str | None
    hash: Hash
    signature: SignatureJSON | None = None
    #: The position the game was set up from (``Game.from_position`` reads it).
    position: dict[str, Any] | None = None
    #: What the table flagged as it was played (``record.RecordFlag``); written only
    #: where there is one, so an empty list is no record's (read as none, it would not
    #: match the hash that covers it).
    flags: Annotated[list[FlagJSON], Field(min_length=1)] = Field(default_factory=list)


@with_config(ConfigDict(extra="allow"))
class SeenJSON(TypedDict):
    """What the seat saw of a step (``GameState.seen_step``): the seat, and its action
    and time where the seat saw them.  Open: a game that shows more of a step may say
    more (its fields are kept, unread)."""

    seat: Seat
    action: NotRequired[str]
    at_ms: NotRequired[Time]


class SeenStepJSON(TypedDict, total=False):
    """A step of a seat's record, version 3 (``redaction.compact``): each field left out
    where empty."""

    step: SeenJSON | None
    lines: list[str]
    #: Applied to the view before the step (``redaction.apply_changes``, which the
    #: reader runs over every step once).
    changes: list[Any]


class SeenStepV2JSON(TypedDict):
    """A step of a seat's record, version 2: the whole view after it."""

    step: NotRequired[SeenJSON | None]
    view: dict[str, Any]


class _SeatTable(_Table):
    format: SeatRecordFormat
    seat: Seat


class SeatRecordJSON(_SeatTable):
    """A seat's record (``record.redact``), format version 3."""

    version: Literal[3]
    #: The seat's view as the game was set up; each step says what changed in it.
    first_view: dict[str, Any]
    steps: list[SeenStepJSON]


class SeatRecordV2JSON(_SeatTable):
    """A seat's record, format version 2: each step's whole view, no story."""

    version: Literal[2]
    steps: list[SeenStepV2JSON]


_Model = TypeVar("_Model", bound=StrictModel)


def read(model: type[_Model], data: dict[str, Any], what: str,
         error: type[ValueError]) -> _Model:
    """``data`` read by ``model``; ``error`` (the record's MalformedRecordError, passed in
    so that this module imports nothing of ``record``, which imports it) naming each
    field that is missing, unknown or not what it takes ("not ``what``: ...")."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise error(refusal(exc, what)) from None
