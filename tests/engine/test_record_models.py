"""Records are read by declared models (``gamenight.record_json``): a record of every
game, signed or not, from its deal or from a position, reads and writes back to the same
bytes; a refusal is a MalformedRecordError (a ValueError) that names the field, in the
project's words; and the format and versions the models declare are the ones records
are written in."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest

from gamenight import record as rec
from gamenight.games import GAMES
from gamenight.record_json import RecordFormat, RecordJSON, SeatRecordFormat, SeatRecordJSON
from gamenight.signing import generate_key_pair, read_signing_key
from tests.engine.altered import changed, first, resealed
from tests.engine.test_record_positions import a_record_from_a_position
from tests.engine.test_redaction import played

Data = dict[str, Any]


def test_the_models_declare_the_formats_and_versions_records_are_written_in() -> None:
    assert get_args(RecordFormat) == (rec.FORMAT,)
    assert get_args(RecordJSON.model_fields["version"].annotation) == (rec.FORMAT_VERSION,)
    assert get_args(SeatRecordFormat) == (rec.REDACTED_FORMAT,)
    assert get_args(SeatRecordJSON.model_fields["version"].annotation) == (
        rec.REDACTED_VERSION,)
    assert issubclass(rec.MalformedRecordError, ValueError)


def test_writing_a_record_loads_no_pydantic_and_reading_one_does() -> None:
    """A simulation writes records by the thousand and reads none: it never pays for
    pydantic's import."""
    script = (
        "import sys\n"
        "from gamenight import record as rec\n"
        "from gamenight.games import get_game\n"
        "state = get_game('by-golly').new(2, seed=1)\n"
        "text = rec.record_of(state).dumps()\n"
        "print('pydantic' in sys.modules)\n"
        "rec.loads(text)\n"
        "print('pydantic' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.split() == ["False", "True"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_record_of_every_game_reads_and_writes_back_to_the_same_bytes(
        game_id: str, tmp_path: Path) -> None:
    game = GAMES[game_id]
    state = played(game, max(2, game.min_players), 5, "bots")
    text = rec.record_of(state).dumps()
    record = rec.loads(text)
    assert record.dumps() == text
    rec.replay(record)
    # Signed: the signature reads back as it was written, and still verifies.
    private, _ = generate_key_pair(tmp_path / "keys")
    signed = rec.sign(record, read_signing_key(private)).dumps()
    assert rec.loads(signed).dumps() == signed
    # A seat's record reads back to the same JSON too.
    red = json.loads(json.dumps(rec.redact(record, 0)))
    seats = rec.SeatRecord.from_json(red)
    assert seats.steps == red["steps"]
    assert seats.first_view == red["first_view"] and seats.result == red["result"]


def test_a_record_from_a_position_reads_and_writes_back_to_the_same_bytes() -> None:
    text = json.dumps(a_record_from_a_position(), separators=(",", ":"))
    assert rec.loads(text).dumps() == text


def test_a_time_written_as_a_whole_number_stays_one(tmp_path: Path) -> None:
    """A server may write a person's time as ``5``: read as ``5.0`` it would change the
    record's canonical form, and its hash would no longer match."""
    state = played(GAMES["fliegen-klatschen"], 3, 7, "bots")
    data = json.loads(rec.record_of(state).dumps())
    timed = first(data, "slap")
    timed["at_ms"] = round(timed["at_ms"])
    data = resealed(data)
    record = rec.loads(json.dumps(data))
    assert any(type(s.at_ms) is int for s in record.steps)
    rec.verify(record)  # the hash of what was read is the hash written


@pytest.fixture(scope="module")
def record_data() -> Data:
    state = played(GAMES["fliegen-klatschen"], 3, 7, "bots")
    return json.loads(rec.record_of(state).dumps())  # type: ignore[no-any-return]


def _reveal(data: Data) -> int:
    return next(i for i, s in enumerate(data["steps"]) if s.get("action") == "reveal")


def _slap(data: Data) -> int:
    return next(i for i, s in enumerate(data["steps"]) if "at_ms" in s)


#: A change, and what the refusal must say (the field by name, and what it takes).
NAMED: dict[str, tuple[Any, str]] = {
    'seed "123"': (lambda d: d.update(seed="123"), "seed is a whole number, not '123'"),
    "seed true": (lambda d: d.update(seed=True), "seed is a whole number, not True"),
    "seed 77.0": (lambda d: d.update(seed=77.0), "seed is a whole number, not 77.0"),
    "seed -1": (lambda d: d.update(seed=-1), "seed is at least 0, not -1"),
    "players true": (lambda d: d.update(players=True), "players is a whole number, not True"),
    "players 0": (lambda d: d.update(players=0, seats=[]), "players is at least 1, not 0"),
    "no hash": (lambda d: d.pop("hash"), "missing hash"),
    "no steps and no seats": (lambda d: (d.pop("steps"), d.pop("seats")),
                              "missing seats, steps"),
    "an unknown field": (lambda d: d.update(extra=1), "unknown extra"),
    "a hash of the wrong form": (lambda d: d.update(hash="sha256:xyz"),
                                 "hash is 'sha256:' and 64 lower-case hex digits, not "
                                 "'sha256:xyz'"),
    "a hash that is a number": (lambda d: d.update(hash=5), "hash is a text, not 5"),
    "a seat's name 7": (lambda d: d["seats"].__setitem__(1, 7),
                        "seats[1] is a text, not 7"),
    "two seats for three": (lambda d: d.update(seats=d["seats"][:2]),
                            "seats name 2 seats for 3 players"),
    "an option nested": (lambda d: d["options"].update(remove={"x": 1}),
                         "options.remove is a text, a number or true/false, not {'x': 1}"),
    "a step's seat true": (lambda d: d["steps"][_reveal(d)].update(seat=True),
                           "steps[{reveal}].seat is a whole number, not True"),
    "a step's seat 3 of 3": (lambda d: d["steps"][_reveal(d)].update(seat=3),
                             "steps[{reveal}].seat is 3, but the seats are 0 to 2"),
    "a step's action 5": (lambda d: d["steps"][_reveal(d)].update(action=5),
                          "steps[{reveal}].action is a text, not 5"),
    "a step with an unknown field": (lambda d: d["steps"][_reveal(d)].update(note="x"),
                                     "unknown steps[{reveal}].note"),
    "a step with chance and seat": (lambda d: d["steps"][0].update(seat=0),
                                    "steps[0] has the fields ['chance', 'seat']"),
    "a step that is a list": (lambda d: d["steps"].__setitem__(1, [0, "reveal"]),
                              "steps[1] is an object, not [0, 'reveal']"),
    "at_ms -1": (lambda d: d["steps"][_slap(d)].update(at_ms=-1),
                 "steps[{slap}].at_ms is a time of 0 ms or more, not -1"),
    'at_ms "5"': (lambda d: d["steps"][_slap(d)].update(at_ms="5"),
                  "steps[{slap}].at_ms is a finite number, not '5'"),
    "at_ms true": (lambda d: d["steps"][_slap(d)].update(at_ms=True),
                   "steps[{slap}].at_ms is a finite number, not True"),
    "at_ms too large for a double": (lambda d: d["steps"][_slap(d)].update(at_ms=2**1024 - 1),
                                     "steps[{slap}].at_ms is a finite number"),
    "result []": (lambda d: d.update(result=[]), "result is an object, not []"),
    "a result without its scores": (lambda d: d["result"].pop("scores"),
                                    "missing result.scores"),
    "scores as texts": (lambda d: d["result"].update(scores=["1", "2", "3"]),
                        "result.scores[0] is a finite number, not '1'"),
    "a score for two of three": (lambda d: d["result"].update(scores=[1, 2]),
                                 "result.scores and result.ranks give one for each of 3"),
    "a winner with no seat": (lambda d: d["result"].update(winners=[7]),
                              "result.winners names seat 7, but the seats are 0 to 2"),
    "truncated 0": (lambda d: d["result"].update(truncated=0),
                    "result.truncated is true or false, not 0"),
    "a reason 5": (lambda d: d["result"].update(reason=5), "result.reason is a text, not 5"),
    "digest 5": (lambda d: d.update(digest=5), "digest is a text, not 5"),
    "a signature that is a text": (lambda d: d.update(signature="abc"),
                                   "signature is an object, not 'abc'"),
    "a signature scheme unknown": (
        lambda d: d.update(signature={"scheme": "rot13", "key": "k", "value": "v"}),
        "signature.scheme is a signature scheme, one of ed25519, hmac-sha256, not 'rot13'"),
    "a signature without its value": (
        lambda d: d.update(signature={"scheme": "ed25519", "key": "k"}),
        "missing signature.value"),
    "a position that is a list": (lambda d: d.update(position=[]),
                                  "position is an object, not []"),
}


@pytest.mark.parametrize(("change", "message"), NAMED.values(), ids=NAMED.keys())
def test_a_refusal_names_the_field_and_what_it_takes(record_data: Data, change: Any,
                                                     message: str) -> None:
    expected = message.replace("{reveal}", str(_reveal(record_data))).replace(
        "{slap}", str(_slap(record_data)))
    # Read, not replayed: reading does not check the hash, so none is made to match.
    with pytest.raises(rec.MalformedRecordError, match=re.escape(expected)) as refused:
        rec.loads(json.dumps(changed(record_data, change)))
    assert str(refused.value).startswith("not a gamenight record: ")
    assert "pydantic" not in str(refused.value) and "Input should" not in str(refused.value)


def test_every_wrong_field_is_named_at_once(record_data: Data) -> None:
    altered = dict(record_data, seed="1", players=True, extra=1)
    del altered["digest"]
    with pytest.raises(rec.MalformedRecordError) as refused:
        rec.Record.from_json(altered)
    text = str(refused.value)
    for part in ("missing digest", "unknown extra", "seed is a whole number, not '1'",
                 "players is a whole number, not True"):
        assert part in text, text


#: What is refused before the model reads anything, and what it says.
BEFORE_THE_MODEL = {
    "version true": ({"version": True}, "record format version True is not supported"),
    "version 2.0": ({"version": 2.0}, "record format version 2.0 is not supported"),
    'version "2"': ({"version": "2"}, "record format version '2' is not supported"),
    "version 1": ({"version": 1}, "version 1 records carry no content hash"),
    "a seat's record": ({"format": rec.REDACTED_FORMAT},
                        "this is a redacted record for one seat: it cannot be replayed"),
    "another format": ({"format": "chess-pgn"}, "not a gamenight record (no 'format'"),
}


@pytest.mark.parametrize(("fields", "message"), BEFORE_THE_MODEL.values(),
                         ids=BEFORE_THE_MODEL.keys())
def test_the_format_and_version_are_read_first_and_explained(
        record_data: Data, fields: Data, message: str) -> None:
    with pytest.raises(rec.MalformedRecordError, match=re.escape(message)):
        rec.Record.from_json({**record_data, **fields})


# -- a seat's record ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def seats_record(record_data: Data) -> Data:
    return json.loads(json.dumps(rec.redact(rec.Record.from_json(record_data), 1)))  # type: ignore[no-any-return]


def _seen(red: Data) -> int:
    """A step whose seen part names its seat."""
    return next(i for i, s in enumerate(red["steps"]) if s.get("step"))


SEATS_NAMED: dict[str, tuple[Any, str]] = {
    "seat 3 of 3": (lambda r: r.update(seat=3), "seat is 3, but the seats are 0 to 2"),
    "seat true": (lambda r: r.update(seat=True), "seat is a whole number, not True"),
    "no first view": (lambda r: r.pop("first_view"), "missing first_view"),
    "a seed": (lambda r: r.update(seed=7), "unknown seed"),
    "a step's seat 9": (lambda r: r["steps"][_seen(r)]["step"].update(seat=9),
                        "steps[{seen}].step.seat is 9, but the seats are 0 to 2"),
    "a line that is no text": (lambda r: r["steps"][0].update(lines=[3]),
                               "steps[0].lines[0] is a text, not 3"),
    "a step's whole view (version 2's) in version 3": (
        lambda r: r["steps"][0].update(view={}), "unknown steps[0].view"),
    "a step's time -5": (lambda r: r["steps"][_seen(r)]["step"].update(at_ms=-5),
                         "steps[{seen}].step.at_ms is a time of 0 ms or more, not -5"),
}


@pytest.mark.parametrize(("change", "message"), SEATS_NAMED.values(), ids=SEATS_NAMED.keys())
def test_a_seats_record_refused_names_the_field(seats_record: Data, change: Any,
                                                message: str) -> None:
    expected = message.replace("{seen}", str(_seen(seats_record)))
    with pytest.raises(rec.MalformedRecordError, match=re.escape(expected)) as refused:
        rec.SeatRecord.from_json(changed(seats_record, change))
    assert str(refused.value).startswith("not a seat's record: ")


def test_a_seats_record_of_version_2_reads_by_its_own_model(seats_record: Data) -> None:
    seats = rec.SeatRecord.from_json(seats_record)
    old = {k: v for k, v in seats_record.items() if k != "first_view"}
    old["version"] = 2
    old["steps"] = [{**({"step": s.step} if s.step is not None else {}), "view": s.view}
                    for s in (rec.SeenStep(n.number, n.step, n.lines, json.loads(
                        json.dumps(n.view))) for n in seats.seen())]
    read = rec.SeatRecord.from_json(old)
    assert read.version == 2 and read.first_view is None
    assert [s.view for s in read.seen()] == [s["view"] for s in old["steps"]]
    # Version 2 has no first view, nor a step's story.
    with pytest.raises(rec.MalformedRecordError, match="unknown first_view"):
        rec.SeatRecord.from_json({**old, "first_view": {}})
    with pytest.raises(rec.MalformedRecordError, match=re.escape("missing steps[0].view")):
        rec.SeatRecord.from_json({**old, "steps": [{"lines": []}]})
    with pytest.raises(rec.MalformedRecordError, match="format version True"):
        rec.SeatRecord.from_json({**old, "version": True})
