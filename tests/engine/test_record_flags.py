"""A record's flags (``record.RecordFlag``): what the table flagged about a seat as the
game was played.  Written only where there is one, so every record without keeps its
bytes and its hash; read back as written; covered by the hash and the signature; and a
flag that is no flag is refused, naming the field."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from gamenight import record as rec
from gamenight.games import GAMES
from gamenight.signing import generate_key_pair, read_signing_key, read_verify_key
from tests.engine.altered import changed, resealed
from tests.engine.test_redaction import played

Data = dict[str, Any]
FLAGS = (rec.RecordFlag(seat=1, step=11, reason="reaction 38 ms, faster than the hand can"),
         rec.RecordFlag(seat=0, step=20, reason="lag claimed: 900 ms"))


@pytest.fixture(scope="module")
def record() -> rec.Record:
    return rec.record_of(played(GAMES["fliegen-klatschen"], 3, 7, "bots"))


def test_a_record_without_flags_writes_none_and_keeps_its_bytes(record: rec.Record) -> None:
    text = record.dumps()
    assert '"flags"' not in text and "flags" not in record.body()
    # A flag made and taken away again leaves the same bytes and the same hash.
    flagged = dataclasses.replace(record, flags=FLAGS)
    assert dataclasses.replace(flagged, flags=()).dumps() == text
    assert flagged.content_hash() != record.content_hash()


def test_flags_are_read_back_as_they_were_written(
        record: rec.Record) -> None:
    flagged = dataclasses.replace(record, flags=FLAGS)
    data = json.loads(flagged.dumps())
    assert data["flags"] == [dict(f) for f in FLAGS]
    read = rec.loads(flagged.dumps())
    assert read.flags == FLAGS and isinstance(read.flags, tuple)
    assert read.dumps() == flagged.dumps()
    rec.replay(read)  # a flag changes nothing of the game: it replays as played


def test_the_hash_and_the_signature_cover_the_flags(record: rec.Record,
                                                     tmp_path: Path) -> None:
    data = json.loads(dataclasses.replace(record, flags=FLAGS).dumps())
    for change in (lambda d: d["flags"][0].update(reason="nothing"),
                   lambda d: d["flags"].pop(),
                   lambda d: d.pop("flags"),
                   lambda d: d["flags"][1].update(seat=2)):
        with pytest.raises(rec.UnverifiedRecordError, match="does not match its hash"):
            rec.verify(rec.loads(json.dumps(changed(data, change))))
    # Resealed, a flag taken out still breaks the signature.
    private, public = generate_key_pair(tmp_path / "keys")
    signed = json.loads(rec.sign(rec.loads(json.dumps(data)),
                                 read_signing_key(private)).dumps())
    rec.verify(rec.loads(json.dumps(signed)), read_verify_key(public))
    unflagged = resealed(changed(signed, lambda d: d.pop("flags")))
    with pytest.raises(rec.UnverifiedRecordError, match="bad signature"):
        rec.verify(rec.loads(json.dumps(unflagged)), read_verify_key(public))


BAD_FLAGS: dict[str, tuple[Any, str]] = {
    "flags an object": ({"seat": 1}, "flags is a list, not {'seat': 1}"),
    "flags empty (never written)": ([], "flags has the wrong length"),
    "a flag a text": (["late"], "flags[0] is an object, not 'late'"),
    "a seat true": ([{"seat": True, "step": 1, "reason": "x"}],
                    "flags[0].seat is a whole number, not True"),
    "a seat 1.0": ([{"seat": 1.0, "step": 1, "reason": "x"}],
                   "flags[0].seat is a whole number, not 1.0"),
    "a seat of no one": ([{"seat": 3, "step": 1, "reason": "x"}],
                         "flags[0].seat is 3, but the seats are 0 to 2"),
    "a seat -1": ([{"seat": -1, "step": 1, "reason": "x"}],
                  "flags[0].seat is -1, but the seats are 0 to 2"),
    "a step past the last": ([{"seat": 0, "step": 10**6, "reason": "x"}],
                             "flags[0].step is 1000000, but the record's steps are 0 to "),
    "a step -1": ([{"seat": 0, "step": -1, "reason": "x"}], "flags[0].step is -1"),
    "a step as a text": ([{"seat": 0, "step": "3", "reason": "x"}],
                         "flags[0].step is a whole number, not '3'"),
    "no reason": ([{"seat": 0, "step": 1}], "missing flags[0].reason"),
    "a reason 5": ([{"seat": 0, "step": 1, "reason": 5}],
                   "flags[0].reason is a text, not 5"),
    "a field unknown": ([{"seat": 0, "step": 1, "reason": "x", "ms": 3}],
                        "unknown flags[0].ms"),
    "the second bad": ([{"seat": 0, "step": 1, "reason": "x"}, {"seat": 0, "step": 1}],
                       "missing flags[1].reason"),
}


@pytest.mark.parametrize(("flags", "message"), BAD_FLAGS.values(), ids=BAD_FLAGS.keys())
def test_a_flag_that_is_no_flag_is_refused_naming_the_field(
        record: rec.Record, flags: Any, message: str) -> None:
    data = resealed({**json.loads(record.dumps()), "flags": flags})
    with pytest.raises(rec.MalformedRecordError, match=re.escape(message)):
        rec.loads(json.dumps(data))
