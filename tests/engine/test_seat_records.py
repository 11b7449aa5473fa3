"""A seat's record written small (issue 38, snag 11): the seat's view once, then each step
by what changed in it, read back strictly to the very views the seat saw.

Version 2 gave the whole view after every step: a seat's record was 12 to 70 times the
size of the game's whole record.  Here, for every registered game: the views read back
are the seat's views, byte for byte as canonical JSON; the record is several times smaller
than the view-per-step form; a version 2 record still reads; and a file that is not a
seat's record, or whose changes do not apply, is a MalformedRecordError.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from gamenight.engine.frozen import freeze
from gamenight.games import GAMES
from gamenight.record import (
    MalformedRecordError,
    Record,
    SeatRecord,
    record_of,
    redact,
    what_a_seats_record_proves,
)
from gamenight.redaction import apply_changes, changes, seen_steps
from tests.engine.test_redaction import TABLES, canonical, first_view, played, seat_steps


def size(data: Any) -> int:
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def whole_views(red: dict[str, Any]) -> dict[str, Any]:
    """``red`` as version 2 wrote it: each step with its whole view, no story."""
    old = {k: v for k, v in red.items() if k != "first_view"}
    old["version"] = 2
    old["steps"] = [{k: v for k, v in entry.items() if k != "lines"}
                    for entry in seat_steps(red)]
    return old


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_seats_record_reads_back_to_every_view_the_seat_saw(game_id: str,
                                                             players: int) -> None:
    state = played(GAMES[game_id], players, 3, "bots")
    record = Record.from_json(json.loads(record_of(state).dumps()))
    seat = state.players - 1
    red = json.loads(json.dumps(redact(record, seat)))  # as the server sends it
    # Each view as it was when the seat was shown it (not as a later step left it).
    begin = state.game.new(state.players, state.seed, **state.options)
    seen = [canonical(entry) for entry in seen_steps(begin, state.history, seat)]
    assert [canonical(entry) for entry in seat_steps(red)] == seen
    assert canonical(red["first_view"]) == canonical(first_view(state, seat))
    # Written small: some times smaller than every view whole, its story included.
    assert size(red) * 2 < size(whole_views(red)), (size(red), size(whole_views(red)))


def test_a_version_2_seats_record_still_reads() -> None:
    state = played(GAMES["superfly"], 3, 4, "bots")
    red = json.loads(json.dumps(redact(record_of(state), 1)))
    old = SeatRecord.from_json(whole_views(red))
    new = SeatRecord.from_json(red)
    assert old.version == 2 and old.first_view is None
    views = [canonical(seen.view) for seen in new.seen()]
    assert [canonical(seen.view) for seen in old.seen()] == views
    assert [seen.step for seen in old.seen()] == [seen.step for seen in new.seen()]
    assert old.result == new.result == state.view(1)["outcome"]


def test_what_a_seats_record_proves_is_said_plainly() -> None:
    state = played(GAMES["by-golly"], 2, 4, "bots")
    red = SeatRecord.from_json(json.loads(json.dumps(redact(record_of(state), 1))))
    whose, proves = what_a_seats_record_proves(red)
    assert whose.startswith("seat 1's record") and "hidden" in whose
    assert proves.startswith("not verified") and "no seed" in proves


def _redacted() -> dict[str, Any]:
    state = played(GAMES["fliegen-klatschen"], 3, 2, "bots")
    return json.loads(json.dumps(redact(record_of(state), 0)))  # type: ignore[no-any-return]


def _with_step(red: dict[str, Any], index: int, **fields: Any) -> dict[str, Any]:
    red = copy.deepcopy(red)
    red["steps"][index] = {**red["steps"][index], **fields}
    return red


def _first_changed(red: dict[str, Any]) -> int:
    return next(i for i, entry in enumerate(red["steps"]) if "changes" in entry)


BAD: dict[str, Any] = {
    "a whole record's format": lambda red: {**red, "format": "gamenight-record"},
    "version 1": lambda red: {**red, "version": 1},
    "version 4": lambda red: {**red, "version": 4},
    "a version of true": lambda red: {**red, "version": True},
    "no first view": lambda red: {k: v for k, v in red.items() if k != "first_view"},
    "a field unknown": lambda red: {**red, "seed": 7},
    "a seat out of range": lambda red: {**red, "seat": 3},
    "seats for other players": lambda red: {**red, "seats": red["seats"][:2]},
    "a step by no seat": lambda red: _with_step(red, 1, step={"seat": 9, "action": "x"}),
    "a step not an object": lambda red: {**red, "steps": [*red["steps"], []]},
    "a line that is no text": lambda red: _with_step(red, 0, lines=[3]),
    "a change to a member not there": lambda red: _with_step(
        red, _first_changed(red), changes=[["/no/such/member", 1]]),
    "a change past a list's end": lambda red: _with_step(
        red, 0, changes=[["/piles/99", 1]]),
    "a change that is not one": lambda red: _with_step(red, 0, changes=[[1, 2, 3]]),
    "a removal of the whole view": lambda red: _with_step(red, 0, changes=[[""]]),
    "a negative index": lambda red: _with_step(red, 0, changes=[["/piles/-1", 1]]),
    "a result of another table": lambda red: {**red, "result": {
        **red["result"], "scores": [0]}},
}


@pytest.mark.parametrize("make", BAD.values(), ids=BAD.keys())
def test_what_is_no_seats_record_is_refused(make: Any) -> None:
    red = _redacted()
    SeatRecord.from_json(red)  # the true one reads
    with pytest.raises(MalformedRecordError):
        SeatRecord.from_json(make(red))


# -- what changed -------------------------------------------------------------------------
CASES = [
    ({"a": 1}, {"a": 1.0}),  # a 1 is not a 1.0
    ({"a": 0}, {"a": False}),  # nor a 0 a false
    ({"x": 0.0}, {"x": -0.0}),
    ({"a/b": {"~c": 1}}, {"a/b": {"~c": 2}}),  # member names with "/" and "~"
    ({"row": [1, 2, 3, 4, 5]}, {"row": [1, 2, 4, 5]}),
    ({"row": [1, 2]}, {"row": [1, 2, 3, 4]}),
    ([1, 2], {"now": "an object"}),
    ({"gone": None, "kept": [None]}, {"kept": [None, None], "new": {}}),
]


@pytest.mark.parametrize(("before", "after"), CASES)
def test_changes_make_the_next_view_exactly(before: Any, after: Any) -> None:
    made = json.loads(json.dumps(changes(before, after)))
    assert canonical(apply_changes(copy.deepcopy(before), made)) == canonical(after)


def test_a_card_taken_from_a_row_is_one_removal_not_every_later_card() -> None:
    row = [{"id": n, "number": n % 7, "colour": f"c{n % 5}", "slot": n} for n in range(20)]
    later = [{**card, "slot": card["slot"] - (card["slot"] > 4)} for card in row
             if card["id"] != 4]  # card 4 taken, the later ones move up a slot
    made = changes({"row": row}, {"row": later})
    assert made[0] == ["/row/4"] and all(path.endswith("/slot") for path, *_ in made[1:])


def test_a_frozen_view_is_read_as_plain_json_and_never_changed() -> None:
    before = freeze({"hand": [1, 2], "pile": {"top": 3}})
    after = {"hand": [1, 2, 5], "pile": {"top": 4}}
    made = changes(before, after)
    assert made == [["/hand/2", 5], ["/pile/top", 4]]
    view = apply_changes(json.loads(json.dumps(before)), made)
    assert view == after and before == {"hand": [1, 2], "pile": {"top": 3}}
