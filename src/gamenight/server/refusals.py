"""The refusals the REST API declares in its OpenAPI document: what each status code
means, shared by the server's routes and the browser client's pages (``web``).

A refusal a person meets in a room (a seat that cannot be taken, a room that is not
there) also has a ``code`` (:data:`RefusalCode`), as a WebSocket ``error`` has: the
English ``detail`` is for logs and the terminal, and a browser tells the person the
reason in its own language by the code (``js/room.js``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel


class Refusal(BaseModel):
    """Why a request was refused (the ``detail`` of FastAPI's HTTP errors)."""

    detail: str


RefusalCode = Literal[
    "no-room",           # no room has that code (404)
    "room-unavailable",  # the room is there but cannot be played (409; ``detail`` says why)
    "game-started",      # its game has started: a seat is taken between games (409)
    "seat-not-open",     # the seat asked for is taken, or no seat of the room (409)
    "seats-taken",       # every seat is taken (409)
]


class CodedRefusal(Refusal):
    """Why a request in a room was refused, and its code, by which a client tells the
    reason in its person's language."""

    code: RefusalCode


class RefusedError(ValueError):
    """A refusal with its code, answered as a :class:`CodedRefusal` body with
    ``status`` (the app's exception handler)."""

    def __init__(self, status: int, code: RefusalCode, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.code: RefusalCode = code
        self.detail = detail


REFUSALS = {400: "The body is not text FastAPI can read as JSON (not UTF-8)",
            404: "No such room, game, lesson or record",
            409: "The seat is not open, or the room cannot be played (its table is one the "
                 "game does not offer, stored by an older server)",
            413: "The body is over the limit",
            429: "Too many such requests from this address: try again after Retry-After "
                 "seconds"}


#: The refusal of a seat that is no seat of the game (a record's or a replay's ``seat``).
SEAT_REFUSED: dict[str, Any] = {"model": Refusal, "description": "No such seat in that game"}


def refused(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route may answer with, declared in the OpenAPI document."""
    return {code: {"model": Refusal, "description": REFUSALS[code]} for code in codes}


def refused_with_code(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route in a room may answer with, each with its code
    (:class:`CodedRefusal`), declared in the OpenAPI document."""
    return {code: {"model": CodedRefusal, "description": REFUSALS[code]} for code in codes}
