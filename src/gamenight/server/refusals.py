"""The refusals the REST API declares in its OpenAPI document: what each status code
means, shared by the server's routes and the browser client's pages (``web``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Refusal(BaseModel):
    """Why a request was refused (the ``detail`` of FastAPI's HTTP errors)."""

    detail: str


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
