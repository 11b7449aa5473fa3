"""A serialized table, declared: the text ``Table.serialize`` writes (OpenSpiel's
``State.serialize``) and ``Table.deserialize`` reads back (``Game.deserialize_state``).

The text comes from outside (a file, another process), so it is read as records are:
bounded, strict JSON (``record.strict_json``: a size limit, no NaN or infinities, no key
given twice, nesting too deep refused before it can exhaust the stack), then checked
against :class:`SerialState` (every field, none more, each of its exact type), then the
game's record inside it read strictly (``Record.from_json``) and replayed by the rules.
Every way a text can be wrong is one :class:`MalformedStateError` naming what was wrong;
nothing else escapes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from gamenight.engine import RecordError
from gamenight.engine.checks import describe
from gamenight.engine.strict import StrictModel, refusal
from gamenight.record import strict_json

#: ``core.SERIAL_FORMAT`` as a type (a test checks the two say the same).
SerialFormat = Literal["gamenight-interop-state"]
#: The Mersenne Twister's state as ``random.getstate()`` gives it: version 3, then 624
#: words of 32 bits and the position in them (0 to 624), then the spare Gaussian.
_WORDS = 625
Word = Annotated[int, Field(ge=0, lt=2**32)]
GeneratorJSON = Annotated[
    tuple[Literal[3], Annotated[list[Word], Field(min_length=_WORDS, max_length=_WORDS)],
          float | None],
    # JSON has no tuples: the list written is read as one (its items stay strict).
    Field(strict=False)]
#: A seat in ``pending``'s keys: a whole number in decimal, as ``str(seat)`` writes it.
SeatKey = Annotated[str, Field(pattern=r"^(0|[1-9][0-9]{0,2})$")]


class MalformedStateError(ValueError):
    """Not a serialized state of this game: not JSON this gamenight reads, a field
    missing, unknown or of the wrong type, a record that does not read or replay, a
    generator's state Python cannot take, or another table than this game's."""


class SerialState(StrictModel):
    """The fields of a serialized table (``Table.serialize``)."""

    format: SerialFormat
    #: The game so far, as a record (read strictly by ``Record.from_json``).
    record: dict[str, Any]
    #: The game's generator and the table's timing generator (``random.getstate``).
    generator: GeneratorJSON
    timing: GeneratorJSON
    #: The open window's time, in milliseconds from its opening.
    clock: Annotated[float, Field(ge=0)]
    #: The bots' reaction level (``bots.reaction.LEVELS``).
    reaction: str
    sequential: bool = False
    #: In the sequential form, the choices made so far in the open round, by seat.
    pending: dict[SeatKey, Annotated[str, Field(max_length=200)]] = Field(
        default_factory=dict)


def read_serial(text: object) -> SerialState:
    """The serialized table in ``text``, its shape checked; MalformedStateError naming
    what was wrong."""
    if not isinstance(text, str | bytes):
        raise MalformedStateError(f"a serialized state is a text, not {describe(text)}")
    try:
        data = strict_json(text, "the serialized state")
    except RecordError as exc:
        raise MalformedStateError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != "gamenight-interop-state":
        raise MalformedStateError("not a serialized gamenight state: an object whose format "
                                  "is 'gamenight-interop-state'")
    try:
        return SerialState.model_validate(data)
    except ValidationError as exc:
        raise MalformedStateError(refusal(exc, "a serialized gamenight state")) from None


def generator_state(data: tuple[int, list[int], float | None]) -> tuple[int, tuple[int, ...],
                                                                        float | None]:
    """A checked generator's state as ``random.setstate`` takes it."""
    version, words, gauss = data
    return version, tuple(words), gauss
