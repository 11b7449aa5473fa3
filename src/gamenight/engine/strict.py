"""Reading what comes in with a declared model: pydantic in strict mode, its refusals in
our words.

Input from outside (a position, a serialized state) is checked against a ``BaseModel``
subclass of :class:`StrictModel`: strict, so ``true`` is no ``1`` and ``"3"`` no ``3``;
closed, so a key the format does not have is refused; and numbers finite.  A refusal is
pydantic's ``ValidationError``, which :func:`refusal` turns into one sentence that names
each field that was wrong and what it takes, never pydantic's own wording (whose URLs
and class names mean nothing to a person holding a position file).

Imported only where such input is read, so a simulation never loads pydantic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from gamenight.engine.checks import describe


class StrictModel(BaseModel):
    """A closed, strict model of JSON input: exact types (a bool is no number, a number
    no text), no key the model does not declare, no NaN or infinity."""

    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False,
                              frozen=True)


#: What a field takes, by the kind of pydantic error that says it was something else.
_TAKES = {
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "finite_number": "a finite number",
    "string_type": "a text",
    "bool_type": "true or false",
    "dict_type": "an object",
    "list_type": "a list",
    "tuple_type": "a list",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "none_required": "null",
}


def takes(what: str) -> PydanticCustomError:
    """The error a model's own validator raises for a value that is not what its field
    takes (``what``: "a finite number"); :func:`refusal` says "FIELD is WHAT, not VALUE",
    as it does for pydantic's own kinds."""
    return PydanticCustomError("takes", "{takes}", {"takes": what})


def where(loc: Sequence[int | str]) -> str:
    """A field's place as a person reads it: ``record.steps[3].seat``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "the whole"


def _one(error: ErrorDetails) -> str:
    kind, field = error["type"], where(error["loc"])
    value = describe(error.get("input"))
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    if kind in _TAKES:
        return f"{field} is {_TAKES[kind]}, not {value}"
    if kind == "takes":
        return f"{field} is {ctx.get('takes')}, not {value}"
    if kind == "literal_error":
        return f"{field} is {ctx.get('expected', 'another value')}, not {value}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = {"greater_than_equal": "at least", "greater_than": "more than",
                 "less_than_equal": "at most", "less_than": "less than"}[kind]
        limit = next(iter(ctx.values()), "?")
        return f"{field} is {bound} {limit}, not {value}"
    if kind in ("too_short", "too_long"):
        return f"{field} has the wrong length ({error['msg'].lower()})"
    if kind == "string_pattern_mismatch":
        return f"{field} is not of the form it takes, not {value}"
    # Any other refusal: the model's own words (a validator's ValueError text).
    message = error["msg"].removeprefix("Value error, ")
    return f"{field}: {message}"


def refusal(error: ValidationError, what: str) -> str:
    """One sentence for everything ``error`` refused in ``what`` (say, "a position"):
    what is missing, what is unknown, and each field of the wrong kind, by name."""
    details = error.errors(include_url=False)
    missing = [where(e["loc"]) for e in details if e["type"] == "missing"]
    unknown = [where(e["loc"]) for e in details if e["type"] == "extra_forbidden"]
    parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
        [f"unknown {', '.join(unknown)}"] if unknown else [])
    parts += [_one(e) for e in details if e["type"] not in ("missing", "extra_forbidden")]
    return f"not {what}: {'; '.join(parts)}"
