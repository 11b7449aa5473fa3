"""The REST API against its own OpenAPI document, on a real server process.

Schemathesis reads ``/openapi.json`` from a running ``gamenight serve`` and throws
requests generated from it at every operation: requests the document allows (positive)
and, where the document constrains anything, requests it forbids (negative).  Every
answer must be no server error, a status code the document declares, of the declared
content type and headers, and a body that fits the declared schema; a forbidden request
must be refused.  Whether a request the schema allows is also one the game allows (a
real game id, a seat count that fits the table) is not the document's to say, so
"valid data is accepted" is not checked: such requests get a 422 in FastAPI's own shape.

Schemathesis's Python API is used directly (``operation.as_strategy``): its pytest
plugin's lazy schemas (``schemathesis.pytest.from_fixture``) do not run under pytest 9.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from gamenight.games import GAMES
from gamenight.server.app import create_app
from gamenight.server.config import ServerConfig
from tests.server.client import Player, play_randomly
from tests.server.live import LiveServer, live_server

#: Examples per operation and mode: enough to reach every refusal the routes have
#: (unknown game, room, seat, record; names and bodies out of bounds), few enough to run
#: in seconds.
EXAMPLES = 25

#: What every answer must be.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]

#: The document the server serves is built by the app itself (no server needed to read
#: it): the operations are known when the tests are collected.
DOCUMENT: dict[str, Any] = create_app(ServerConfig()).openapi()


def constrained(operation: dict[str, Any]) -> bool:
    """Whether the document forbids any request to ``operation`` at all: a body, or a
    parameter that is not any text (a path segment of text can be anything)."""
    return "requestBody" in operation or any(
        parameter["schema"].get("type") != "string"
        for parameter in operation.get("parameters", []))


OPERATIONS = [(method.upper(), path) for path, item in DOCUMENT["paths"].items()
              for method in item]
CASES = [pytest.param(method, path, mode, id=f"{method} {path} {mode.value}")
         for method, path in OPERATIONS
         for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
         if mode is GenerationMode.POSITIVE
         or constrained(DOCUMENT["paths"][path][method.lower()])]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("openapi")) as running:
        yield running


@pytest.fixture(scope="module")
def api(server: LiveServer) -> schemathesis.BaseSchema:
    """The OpenAPI document as the live server serves it."""
    return schemathesis.openapi.from_url(f"{server.url}/openapi.json")


def test_the_document_covers_the_rest_api(api: schemathesis.BaseSchema) -> None:
    """The live document is the one the tests were generated from, and it holds every
    REST route (the WebSocket and the invite page are not REST)."""
    assert api.raw_schema["paths"].keys() == DOCUMENT["paths"].keys()
    assert {path for _, path in OPERATIONS} >= {
        "/api/health", "/api/games", "/api/rooms", "/api/rooms/{code}",
        "/api/rooms/{code}/seats", "/api/rooms/{code}/games/{number}/record", "/api/key"}
    assert any(mode == GenerationMode.NEGATIVE for _, _, mode in (c.values for c in CASES))


@pytest.mark.parametrize(("method", "path", "mode"), CASES)
def test_generated_requests_get_documented_answers(
        api: schemathesis.BaseSchema, method: str, path: str, mode: GenerationMode) -> None:
    operation = api[path][method]
    checks = CHECKS + ([negative_data_rejection] if mode is GenerationMode.NEGATIVE else [])

    @given(case=operation.as_strategy(mode))
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def answer_conforms(case: schemathesis.Case) -> None:
        case.call_and_validate(checks=checks)

    answer_conforms()


async def test_real_requests_get_documented_answers(
        api: schemathesis.BaseSchema, server: LiveServer) -> None:
    """Generated requests rarely name a real room or game: these do, so the successful
    answers (a room made, a seat taken, a finished game's record) are checked against
    the document too, and so are a taken seat (409) and a game not played (404)."""
    def call(path: str, method: str, status: int, **parts: Any) -> Any:
        response = api[path][method].Case(**parts).call_and_validate(checks=CHECKS)
        assert response.status_code == status, response.text
        return response.json()

    for game in GAMES:
        call("/api/games/{game}/protocol", "GET", 200, path_parameters={"game": game})
    made = call("/api/rooms", "POST", 201, body={
        "game": "fly", "players": 3, "seats": [None, "aimer", "aimer"], "name": "ann"})
    code = made["code"]
    call("/api/rooms/{code}/seats", "POST", 409, path_parameters={"code": code},
         body={"name": "bob"})
    call("/api/rooms/{code}/games/{number}/record", "GET", 404,
         path_parameters={"code": code, "number": 1})

    host = await Player.connect(server.ws_url, code, {"type": "join", "token": made["host_token"]})
    ann = await Player.connect(server.ws_url, code,
                               {"type": "join", "token": made["seat"]["token"]})
    try:
        await host.wait_for(lambda m: m["type"] == "welcome")
        await host.send({"type": "start"})
        await play_randomly(ann, 0, random.Random(15))  # the bots play the other seats
    finally:
        await host.close()
        await ann.close()
    room = call("/api/rooms/{code}", "GET", 200, path_parameters={"code": code})
    assert room["status"] == "over"
    record = call("/api/rooms/{code}/games/{number}/record", "GET", 200,
                  path_parameters={"code": code, "number": 1})
    assert record["game"] == "fly"
