"""The browser's types of the server's messages come from the Python (issue 37, "The
browser's contract comes from the Python"): ``gamenight.web.typegen`` writes every frame
each way, the REST shapes and a replay into ``static/js/types/protocol.d.ts`` (checked
in), and every page and table imports them from there; no JavaScript file types a
message by hand.  The file being up to date is checked with the games' types
(``tests/web/test_generated_types.py``); here, that it holds the protocol whole, that
the shape a game fills in (an update's view and events) is a type parameter whose
default every game's view and event really has, and what the converter makes of open
objects, maps, limits and ``#:`` comments."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Annotated, Any, get_args

import pytest
from pydantic import ConfigDict, Field, TypeAdapter
from typing_extensions import TypedDict

from gamenight.engine import OptionError
from gamenight.games import GAMES
from gamenight.schema import close_objects
from gamenight.server import app, protocol, replays
from gamenight.web import typegen
from gamenight.web.typegen import PROTOCOL_FILE, REGENERATE, TYPES

STATIC_JS = TYPES.parent
#: A declaration's name, at the start of its line (generic or not).
DECLARED = re.compile(r"^export (?:interface|type) (\w+)", re.MULTILINE)


def _checked_in() -> str:
    return (TYPES / PROTOCOL_FILE).read_text("utf-8")


def test_the_checked_in_protocol_is_what_the_server_declares_now() -> None:
    assert _checked_in() == typegen.protocol_declarations(), (
        f"{TYPES / PROTOCOL_FILE} is stale: run `{REGENERATE}` and check the client with "
        "tsc (tests/web/test_types.py)")


def test_every_message_each_way_and_every_rest_shape_is_declared() -> None:
    text = _checked_in()
    declared = set(DECLARED.findall(text))
    clients = [kind.__name__ for kind in get_args(protocol.AnyClientMessage)]
    servers = [kind.__name__ for kind in get_args(protocol.ServerMessage)]
    rest = [app.GameInfo, app.OptionInfo, app.NewRoom, app.TableQuery, app.TableSizes,
            app.SeatTaken, app.RoomMade, app.NewSeat, app.LessonInfo, app.NewLessonRoom,
            replays.Replay]
    missing = {*clients, *servers, *(kind.__name__ for kind in rest)} - declared
    assert not missing
    # The unions, discriminated by each message's literal ``type``, are the Python's.
    assert f"export type ClientMessage = {' | '.join(clients)};" in text
    assert f"export type ServerMessage = {' | '.join(servers)};" in text
    for name in (*clients, *servers):
        start = re.search(rf"^export interface {name}(<.*>)? \{{$", text, re.MULTILINE)
        assert start, name
        body = text[start.end():].split("\n}\n", 1)[0]
        assert re.search(r'^  type: "[a-z]+";$', body, re.MULTILINE), name


def test_an_update_takes_its_game_s_view_and_events_as_type_parameters() -> None:
    text = _checked_in()
    assert ("export interface Update<V extends GameView = GameView, "
            "E extends GameEvent = GameEvent, T = unknown> {\n") in text
    update = text.split("export interface Update<", 1)[1].split("\n}\n", 1)[0]
    assert "\n  view: V;\n" in update
    assert "\n  events: E[];\n" in update
    # What a person is told beside the view: the game's ``Told``, absent where the
    # game tells nothing there.
    assert "\n  told?: T;\n" in update
    # An event is open to the fields its game gives it.
    assert "export interface GameEvent {\n  event: string;\n  [key: string]: unknown;\n}" in text


def _random_states(game_id: str, seed: int) -> list[Any]:
    game = GAMES[game_id]
    try:
        state = game.new(game.min_players, seed)
    except OptionError:  # a table size that needs its option
        state = game.new(game.min_players + 1, seed)
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_over and len(state.history) < 60:
        acting = state.acting()
        if acting.kind == "chance":
            state.draw_chance()
        else:
            seat = rng.choice(acting.seats)
            at_ms = 0.0 if acting.kind == "turn" else rng.uniform(0, acting.deadline_ms or 1)
            state.apply(seat, rng.choice(state.legal_actions(seat)),
                        *(() if acting.kind == "turn" else (at_ms,)))
        if len(state.history) % 7 == 0:
            seen.append(state.clone())
    seen.append(state)
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_s_views_and_events_have_what_the_defaults_say(game_id: str) -> None:
    """``GameView`` and ``GameEvent`` are what a page that does not know the game reads
    (the room reads ``view.game`` and ``view.outcome``): every view of every seat and
    of a spectator, and every event in every seat's form, has them."""
    views, events = TypeAdapter(protocol.GameView), TypeAdapter(protocol.GameEvent)
    for state in _random_states(game_id, seed=3):
        for seat in [None, *range(state.players)]:
            view = dict(state.view(seat))
            views.validate_python(view, strict=True)
            assert view["game"] == game_id and view["seat"] == seat
            assert view["players"] == state.players
            assert ("outcome" in view) == state.is_over
            for event in protocol.seen_events(state.events, seat):
                assert events.validate_python(event.to_json())["event"] == type(event).__name__


def test_no_browser_module_types_a_message_by_hand() -> None:
    """A module names the server's messages by importing them from the generated file,
    never by a typedef of its own (the drift the generated file ended: a field added to
    the Python and not to a hand-written copy)."""
    names = set(DECLARED.findall(_checked_in()))
    own = re.compile(r"@typedef\s+\{(?!import\()[^}]*\}\s+(\w+)|@typedef\s+\{object\}\s+(\w+)")
    found = []
    for path in sorted(STATIC_JS.rglob("*.js")):
        for match in own.finditer(path.read_text("utf-8")):
            name = match.group(1) or match.group(2)
            if name in names:
                found.append(f"{path.relative_to(STATIC_JS)}: {name}")
    assert not found, "typed by hand, not imported from types/protocol.d.ts: " + ", ".join(found)
    assert not (STATIC_JS / "protocol.js").exists()


def test_the_check_fails_on_a_protocol_file_missing_or_stale(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    typegen.write(GAMES.values(), tmp_path)
    monkeypatch.setattr(typegen, "TYPES", tmp_path)
    assert typegen.main(["--check"]) == 0
    target = tmp_path / PROTOCOL_FILE
    target.write_text(target.read_text("utf-8").replace("  view: V;\n", ""), "utf-8")
    assert typegen.main(["--check"]) == 1
    assert f"stale: {target}" in capsys.readouterr().err
    target.unlink()
    assert typegen.main(["--check"]) == 1


# -- the converter, on shapes of its own --------------------------------------------------

class _Open(TypedDict):
    """Open to other keys."""

    __pydantic_config__ = ConfigDict(extra="allow")  # type: ignore[misc]
    kind: str


class _Shapes(TypedDict):
    #: A name a person gives,
    #: at most this long.
    name: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^\w+$")]
    #: Any value at all.
    anything: Any
    scores: dict[str, int]
    seats: Annotated[list[Annotated[int, Field(ge=0, le=15)]], Field(max_length=16)]
    open: _Open
    grace_s: Annotated[float, Field(ge=0.0, le=3600.0)] | None


def _declared(kind: type) -> str:
    schema = TypeAdapter(kind).json_schema(ref_template="#/$defs/{model}", mode="validation")
    defs: dict[str, Any] = {**schema.pop("$defs", {}), kind.__name__: schema}
    close_objects(defs)
    document = typegen._Document(defs, {kind.__name__: kind, "_Open": _Open})
    return "\n".join(line for name in defs for line in typegen._declaration(document, name))


def test_open_objects_maps_any_limits_and_comments_are_written() -> None:
    text = _declared(_Shapes)
    assert "export interface _Open {\n  kind: string;\n  [key: string]: unknown;\n}" in text
    assert ("  /**\n   * A name a person gives,\n   * at most this long.\n"
            "   * @minLength 1\n   * @maxLength 40\n   * @pattern ^\\w+$\n   */\n"
            "  name: string;\n") in text
    assert "  /** Any value at all. */\n  anything: unknown;\n" in text
    assert "  scores: Record<string, number>;\n" in text
    assert ("  /**\n   * @maxItems 16\n   * @minimum 0 (each item)\n"
            "   * @maximum 15 (each item)\n   */\n  seats: number[];\n") in text
    assert "  open: _Open;\n" in text
    assert ("  /**\n   * @minimum 0\n   * @maximum 3600\n   */\n"
            "  grace_s: number | null;\n") in text
