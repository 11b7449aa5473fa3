"""Records are evidence: strict, bounded JSON that replays exactly; any change is caught
by the content hash, a deliberate one by a signature; every malformed record is a
RecordError; a record never makes replay open a path."""

from __future__ import annotations

import builtins
import contextlib
import copy
import json
import os
import random
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight import record as rec
from gamenight import signing
from gamenight.engine import RecordError
from gamenight.games import get_game
from gamenight.games.fluster import words
from gamenight.sim.random_play import random_playout
from gamenight.sim.runner import make_bots, play_out
from tests.engine.altered import changed, first, resealed
from tests.engine.toy import DiceDuel

SEATS = ["bot:sharp", "bot:random", "bot:sharp:expert"]
Data = dict[str, Any]


@pytest.fixture(scope="module")
def finished() -> Any:
    game = get_game("fliegen-klatschen")
    state = game.new(3, seed=77, remove=40)
    play_out(state, make_bots(game, [s.removeprefix("bot:") for s in SEATS], 77))
    return state


@pytest.fixture(scope="module")
def record_data(finished: Any) -> Data:
    """The finished game's record as its file holds it."""
    return json.loads(rec.record_of(finished, SEATS).dumps())  # type: ignore[no-any-return]


def _read(data: Any) -> rec.Record:
    """The record in ``data``, as read from a file."""
    return rec.loads(json.dumps(data))


# -- what a record holds -------------------------------------------------------------------

def test_a_record_holds_what_the_issue_lists(finished: Any, tmp_path: Path) -> None:
    path = rec.record_of(finished, SEATS).write(tmp_path / "game.json")
    data = json.loads(path.read_text())
    assert data["format"] == "gamenight-record" and data["version"] == 2
    assert data["game"] == "fliegen-klatschen" and data["rules_version"] == "1"
    assert data["options"]["remove"] == 40 and data["seed"] == 77
    assert data["seats"] == SEATS and data["players"] == 3
    assert "chance" in data["steps"][0]
    timed = [s for s in data["steps"] if "at_ms" in s]
    assert timed and all(isinstance(s["at_ms"], float) for s in timed)
    assert data["result"]["scores"] == list(finished.outcome().scores)
    assert data["hash"] == rec.content_hash(data) and "signature" not in data


def test_a_record_replays_to_the_identical_final_state(finished: Any, tmp_path: Path) -> None:
    path = rec.record_of(finished, SEATS).write(tmp_path / "game.json")
    replayed = rec.replay(rec.load(path))
    assert replayed.snapshot() == finished.snapshot()
    assert replayed.digest() == finished.digest()


def test_a_record_is_written_whole_or_not_at_all(finished: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    record = rec.record_of(finished, SEATS)
    old = tmp_path / "game.json"
    old.write_text("the record that was there")

    def killed(part: Path, path: Path) -> None:
        raise KeyboardInterrupt  # stopped between writing the part and putting it in place

    monkeypatch.setattr(rec.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        record.write(old)
    assert old.read_text() == "the record that was there"  # never half a record there
    assert rec.load(tmp_path / "game.json.part").seed == 77  # the whole one, beside it
    monkeypatch.undo()
    record.write(old)
    assert rec.load(old).seed == 77 and not (tmp_path / "game.json.part").exists()
    # A link is written through, not replaced by a file.
    (tmp_path / "link.json").symlink_to(tmp_path / "target.json")
    record.write(tmp_path / "link.json")
    assert (tmp_path / "link.json").is_symlink()
    assert rec.load(tmp_path / "target.json").seed == 77


def test_the_canonical_form_is_sorted_compact_ascii_json_without_hash_or_signature(
        record_data: Data) -> None:
    data = {**record_data, "seats": ["Zoë", "bot:random", "bot:sharp:expert"],
            "signature": {"scheme": "ed25519", "key": "k", "value": "v"}}
    text = rec.canonical(data).decode("ascii")
    body = {k: v for k, v in data.items() if k not in ("hash", "signature")}
    assert text == json.dumps(body, sort_keys=True, separators=(",", ":"))
    assert "Zo\\u00eb" in text and '"hash"' not in text and '"signature"' not in text
    assert rec.content_hash(data).startswith("sha256:")
    # The layout of the file is not content: the same values in any key order, with any
    # white space, have the same hash.
    shuffled = json.dumps(dict(reversed(list(record_data.items()))), indent=2)
    rec.verify(rec.loads(shuffled))


# -- any change is caught by the hash ------------------------------------------------------

def _shift_time(d: Data) -> None:
    first(d, "slap")["at_ms"] += 1.0


def _time_a_turn(d: Data) -> None:
    first(d, "reveal")["at_ms"] = 0.0


def _negate_seed(d: Data) -> None:
    d["seed"] = -d["seed"]  # Python's generator seeds with the absolute value


def _rename_seat(d: Data) -> None:
    d["seats"][1] = "human"


def _change_option(d: Data) -> None:
    d["options"]["deadline_ms"] += 1000  # still legal: every time fits the longer deadline


def _swap_slaps(d: Data) -> None:
    slap = first(d, "slap")
    slap["action"], slap["at_ms"] = "pass", slap["at_ms"]


CHANGES = {
    "an at_ms shifted by 1 ms": _shift_time,
    "an at_ms added to a turn action": _time_a_turn,
    "a seat's name changed": _rename_seat,
    "an option changed": _change_option,
    "a slap changed to a pass": _swap_slaps,
    "the software changed": lambda d: d.update(software="gamenight 9"),
    "the result marked truncated": lambda d: d["result"].update(truncated=True),
    "the digest changed": lambda d: d.update(digest="0" * 64),
    "a step dropped": lambda d: d["steps"].pop(),
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_any_change_to_a_record_is_caught_by_its_hash(
        record_data: Data, change: Callable[[Data], object]) -> None:
    altered = changed(record_data, change)
    assert altered != record_data
    with pytest.raises(rec.UnverifiedRecordError, match="does not match its hash"):
        rec.replay(_read(altered))


def _legal_swaps(game_id: str, players: int, seed: int, limit: int) -> tuple[Data, list[Data]]:
    """A finished game's record, and copies of it where one action was replaced by another
    action that was legal at that moment (a change the rules alone cannot see)."""
    game = get_game(game_id)
    state = game.new(players, seed)
    random_playout(state, random.Random(seed))
    data = json.loads(rec.record_of(state).dumps())
    replica = game.new(players, seed)
    swaps: list[Data] = []
    for i, step in enumerate(state.history):
        if step.seat is not None and len(swaps) < limit:
            for other in replica.legal_actions(step.seat):
                if str(other) != step.value:
                    swapped = copy.deepcopy(data)
                    swapped["steps"][i]["action"] = str(other)
                    swaps.append(swapped)
                    break
        if step.seat is None:
            replica.apply_chance(step.value)
        else:
            replica.apply_text(step.seat, str(step.value), step.at_ms)
    return data, swaps


@pytest.mark.parametrize("game_id", ["by-golly", "fliegen-klatschen", "fluster"])
def test_an_action_changed_to_another_legal_one_is_refused(game_id: str) -> None:
    data, swaps = _legal_swaps(game_id, 3, 5, limit=40)
    assert len(swaps) >= 10
    rec.replay(_read(data))
    for swapped in swaps:
        with pytest.raises(rec.UnverifiedRecordError, match="does not match its hash"):
            rec.replay(_read(swapped))


# -- a deliberate change with the hash recomputed: the replay's own checks -------------------

@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("deal altered", lambda d: d["steps"][0]["chance"].reverse(), "chance outcome"),
        ("reveal by the wrong seat",
         lambda d: first(d, "reveal").update(seat=1), "illegal"),
        ("slap on a card not in the centre",
         lambda d: first(d, "slap").update(action="slap 111"), "illegal"),
        ("slap after the deadline",
         lambda d: first(d, "slap").update(at_ms=99999.0), "too late"),
        ("score altered", lambda d: d["result"]["scores"].__setitem__(0, 999), "altered"),
        ("a step dropped", lambda d: d["steps"].pop(1), r"illegal|altered|not over"),
        ("the result removed", lambda d: d.update(result=None), "no result"),
        # The engine refuses a time on a turn action, so it is never recorded or replayed.
        ("an at_ms added to a turn action", _time_a_turn, "illegal"),
    ],
)
def test_a_resealed_tampered_record_is_rejected_by_the_replay(
        record_data: Data, name: str, change: Any, message: str) -> None:
    with pytest.raises(rec.UnverifiedRecordError, match=message):
        rec.replay(_read(resealed(changed(record_data, change))))


def test_a_time_change_that_stays_legal_is_caught_by_the_fingerprint(record_data: Data) -> None:
    def contested(d: Data) -> list[Data]:
        """Hands that came second onto a fly another seat slapped first in the same hunt
        (a hunt's steps lie between two reveals)."""
        late, first_hand = [], {}
        for step in d["steps"]:
            action = str(step.get("action", ""))
            if action == "reveal":
                first_hand = {}
            elif action.startswith("slap"):
                earlier = first_hand.setdefault(action, step)
                if earlier is not step and earlier["seat"] != step["seat"]:
                    late.append(step)
        return late

    assert contested(record_data), "the game has no contested fly to change"

    def earliest(d: Data) -> None:
        # The second hand on a contested fly becomes the first: the fly goes to another
        # seat, a legal game but not the one recorded.
        contested(d)[-1]["at_ms"] = 0.0

    with pytest.raises(rec.UnverifiedRecordError):
        rec.replay(_read(resealed(changed(record_data, earliest))))


# -- strict types: refused on reading, whatever the hash says ------------------------------

def _step(word: str, **fields: Any) -> Callable[[Data], object]:
    return lambda d: first(d, word).update(fields)


WRONG_TYPES = {
    'seed "123"': lambda d: d.update(seed=str(d["seed"])),
    "seed 123.5": lambda d: d.update(seed=123.5),
    "seed 77.0": lambda d: d.update(seed=77.0),
    "seed true": lambda d: d.update(seed=True),
    "a negative seed": _negate_seed,
    "seat 0.5": _step("reveal", seat=0.5),
    "seat 1.0": _step("reveal", seat=1.0),
    "seat true": _step("reveal", seat=True),
    "seat -1": _step("reveal", seat=-1),
    "seat 3 of 3": _step("reveal", seat=3),
    'seat "0"': _step("reveal", seat="0"),
    'players "3"': lambda d: d.update(players="3"),
    "players 0": lambda d: d.update(players=0, seats=[]),
    "seats for 2 of 3": lambda d: d.update(seats=d["seats"][:2]),
    "a seat's name 7": lambda d: d["seats"].__setitem__(0, 7),
    'at_ms "5"': _step("slap", at_ms="5"),
    "at_ms -1": _step("slap", at_ms=-1),
    "at_ms true": _step("slap", at_ms=True),
    "at_ms null": _step("slap", at_ms=None),
    "at_ms [1]": _step("slap", at_ms=[1]),
    "at_ms 10**400": _step("slap", at_ms=10**400),
    "an action 5": _step("reveal", action=5),
    "an action null": _step("reveal", action=None),
    "a step with an extra field": _step("reveal", note="x"),
    "a step that is a list": lambda d: d["steps"].__setitem__(1, [0, "reveal"]),
    "a step with chance and seat": lambda d: d["steps"][0].update(seat=0),
    "result {}": lambda d: d.update(result={}),
    "result []": lambda d: d.update(result=[]),
    "scores as strings": lambda d: d["result"].update(scores=["1", "2", "3"]),
    "a winner with no seat": lambda d: d["result"].update(winners=[7]),
    "truncated 0": lambda d: d["result"].update(truncated=0),
    "options a list": lambda d: d.update(options=[]),
    "an option nested": lambda d: d["options"].update(remove={"x": 1}),
    "an int option 40.0": lambda d: d["options"].update(remove=40.0),
    'an int option "40"': lambda d: d["options"].update(remove="40"),
    "digest 5": lambda d: d.update(digest=5),
    "software null": lambda d: d.update(software=None),
    "game 5": lambda d: d.update(game=5),
    'version "2"': lambda d: d.update(version="2"),
    "an unknown field": lambda d: d.update(extra=1),
    "no steps": lambda d: d.pop("steps"),
    "a signature of the wrong shape": lambda d: d.update(signature="abc"),
    "a signature scheme unknown": lambda d: d.update(
        signature={"scheme": "rot13", "key": "k", "value": "v"}),
    "a chance outcome nested 40 deep": lambda d: d["steps"][0].update(
        chance=json.loads("[" * 40 + "]" * 40)),
    "an unknown game": lambda d: d.update(game="chess"),
    "another rules version": lambda d: d.update(rules_version="0"),
    "an option the game lacks": lambda d: d["options"].update(speed=1),
    "an option out of range": lambda d: d["options"].update(remove=-5),
    "too many players for the game": lambda d: d.update(players=99, seats=["x"] * 99),
}


@pytest.mark.parametrize("change", WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_wrong_types_and_setups_are_refused_even_with_a_matching_hash(
        record_data: Data, change: Callable[[Data], object]) -> None:
    altered = resealed(changed(record_data, change))
    with pytest.raises(rec.MalformedRecordError):
        rec.replay(_read(altered))


def test_a_hash_of_the_wrong_form_is_refused(record_data: Data) -> None:
    for bad in ("", "sha256:xyz", rec.content_hash(record_data).upper(), None, 5):
        with pytest.raises(rec.MalformedRecordError, match="hash"):
            _read({**record_data, "hash": bad})


def test_a_version_1_record_is_refused_with_the_reason(record_data: Data) -> None:
    old = {k: v for k, v in record_data.items() if k != "hash"}
    old["version"] = 1
    with pytest.raises(rec.MalformedRecordError, match="version 1 records carry no content hash"):
        _read(old)


# -- signatures ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    private, public = signing.generate_key_pair(folder / "ours")
    other_private, other_public = signing.generate_key_pair(folder / "theirs")
    secret = signing.generate_shared_secret(folder / "ours")
    other_secret = signing.generate_shared_secret(folder / "theirs")
    return {"private": private, "public": public, "other_private": other_private,
            "other_public": other_public, "secret": secret, "other_secret": other_secret}


SCHEMES = {"ed25519": ("private", "public", "other_public"),
           "hmac-sha256": ("secret", "secret", "other_secret")}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_signed_record_verifies_with_its_key_and_no_other(
        finished: Any, keys: dict[str, Path], tmp_path: Path, scheme: str) -> None:
    sign_with, check_with, other = (keys[k] for k in SCHEMES[scheme])
    signed = rec.sign(rec.record_of(finished, SEATS), signing.read_signing_key(sign_with))
    path = signed.write(tmp_path / "signed.json")
    data = json.loads(path.read_text())
    assert data["signature"]["scheme"] == scheme and data["hash"] == rec.content_hash(data)
    again = rec.load(path)
    assert rec.replay(again, key=signing.read_verify_key(check_with)).digest() == \
        finished.digest()
    rec.replay(again)  # without a key, the hash is still checked
    with pytest.raises(rec.UnverifiedRecordError, match="signed with key"):
        rec.replay(again, key=signing.read_verify_key(other))
    # The other scheme's key is refused as such, whatever the record claims.
    wrong_kind = keys["secret"] if scheme == "ed25519" else keys["public"]
    with pytest.raises(rec.UnverifiedRecordError, match="bad signature"):
        rec.verify(again, signing.read_verify_key(wrong_kind))


def test_an_unsigned_record_fails_when_a_key_is_given(finished: Any,
                                                      keys: dict[str, Path]) -> None:
    record = _read(json.loads(rec.record_of(finished, SEATS).dumps()))
    with pytest.raises(rec.UnverifiedRecordError, match="not signed"):
        rec.replay(record, key=signing.read_verify_key(keys["public"]))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("change", [*CHANGES.values(), *list(WRONG_TYPES.values())[:3]],
                         ids=[*CHANGES.keys(), *list(WRONG_TYPES.keys())[:3]])
def test_any_change_to_a_signed_record_fails_its_signature_even_with_the_hash_recomputed(
        finished: Any, keys: dict[str, Path], scheme: str,
        change: Callable[[Data], object]) -> None:
    sign_with, check_with, _ = (keys[k] for k in SCHEMES[scheme])
    signed = rec.sign(rec.record_of(finished, SEATS), signing.read_signing_key(sign_with))
    altered = resealed(changed(json.loads(signed.dumps()), change))
    with pytest.raises(RecordError):
        rec.verify(_read(altered), signing.read_verify_key(check_with))


def test_a_signature_itself_altered_fails(finished: Any, keys: dict[str, Path]) -> None:
    signed = json.loads(rec.sign(rec.record_of(finished, SEATS),
                                 signing.read_signing_key(keys["private"])).dumps())
    public = signing.read_verify_key(keys["public"])
    value = signed["signature"]["value"]
    flipped = ("B" if value[0] == "A" else "A") + value[1:]
    for bad, message in ((flipped, "does not match"), ("!!", "not base64")):
        altered = copy.deepcopy(signed)
        altered["signature"]["value"] = bad
        with pytest.raises(rec.UnverifiedRecordError, match=message):
            rec.verify(_read(altered), public)


def test_a_private_key_file_verifies_through_its_public_half(
        finished: Any, keys: dict[str, Path]) -> None:
    signed = rec.sign(rec.record_of(finished, SEATS), signing.read_signing_key(keys["private"]))
    rec.verify(_read(json.loads(signed.dumps())), signing.read_verify_key(keys["private"]))


def test_key_files_are_private_and_never_overwritten(keys: dict[str, Path]) -> None:
    for name in ("private", "secret"):
        assert stat.S_IMODE(keys[name].stat().st_mode) == 0o600
    with pytest.raises(FileExistsError):
        signing.generate_key_pair(keys["private"].parent)
    with pytest.raises(FileExistsError):
        signing.generate_shared_secret(keys["secret"].parent)


def test_what_is_not_a_key_is_a_key_file_error(tmp_path: Path) -> None:
    short = tmp_path / "short.key"
    short.write_text("too short\n")
    garbled = tmp_path / "garbled.pem"
    garbled.write_text("-----BEGIN PUBLIC KEY-----\nnot base64\n-----END PUBLIC KEY-----\n")
    p256 = tmp_path / "p256.pem"
    p256.write_bytes(ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, message in ((short, "at least 32 bytes"), (garbled, "not a PEM"),
                          (p256, "not an Ed25519"), (tmp_path / "none", "cannot read"),
                          (fifo, "not a regular file"), (tmp_path, "not a regular file")):
        with pytest.raises(signing.KeyFileError, match=message):
            signing.read_verify_key(path)
    with pytest.raises(signing.KeyFileError, match="not an Ed25519"):
        signing.read_signing_key(p256)


# -- malformed files: always a RecordError, never anything else ----------------------------

MALFORMED_TEXT = {
    "empty": b"",
    "not JSON": b"not json",
    "a list": b"[]",
    "an empty object": b"{}",
    "another format": b'{"format": "gamenight-record", "version": 99}',
    "not UTF-8": b'{"format": "gamenight-record\xff\xfe"}',
    "a byte order mark": b"\xef\xbb\xbf{}",
    "nested 100000 deep": b"[" * 100_000 + b"]" * 100_000,
    "1e400": b'{"format": "gamenight-record", "seed": 1e400}',
    "-1e400": b'[-1e400]',
    "NaN": b'{"seed": NaN}',
    "Infinity": b"[Infinity]",
    "an integer of 5000 digits": b"[" + b"9" * 5000 + b"]",
    "a key given twice": b'{"format": "gamenight-record", "format": "x"}',
    "a lone surrogate": b'{"format": "\\ud800"}',
    "a redacted record": b'{"format": "gamenight-record-redacted", "version": 2}',
}


@pytest.mark.parametrize("text", MALFORMED_TEXT.values(), ids=MALFORMED_TEXT.keys())
def test_files_that_are_not_records_are_a_record_error(tmp_path: Path, text: bytes) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(text)
    with pytest.raises(rec.MalformedRecordError):
        rec.load(path)


def test_a_missing_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(rec.MalformedRecordError, match="cannot read"):
        rec.load(tmp_path / "nope.json")


def _without_blocking(action: Callable[[], object], seconds: float = 20) -> BaseException:
    """Run ``action`` in a thread; the exception it raised (it must raise, and in time)."""
    caught: list[BaseException] = []

    def run() -> None:
        try:
            action()
        except BaseException as exc:  # handed to the test to judge
            caught.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "it blocked"
    assert caught, "it did not raise"
    return caught[0]


def test_only_regular_files_are_read_and_never_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opened plainly, it would wait for a writer forever
    for path, kind in ((fifo, "a named pipe"), (tmp_path, "a folder"),
                       (Path("/dev/zero"), "a device")):
        exc = _without_blocking(lambda p=path: rec.load(p))  # type: ignore[misc]
        assert isinstance(exc, rec.MalformedRecordError), exc
        assert f"not a regular file ({kind})" in str(exc)


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    assert rec.SIZE_LIMIT == 16 * 1024 * 1024
    path = tmp_path / "huge.json"
    with path.open("wb") as out:  # sparse: it costs no disk
        out.truncate(rec.SIZE_LIMIT + 1)
    with pytest.raises(rec.MalformedRecordError, match="larger than the limit of 16 MiB"):
        rec.load(path)
    with pytest.raises(rec.MalformedRecordError, match="larger than the limit"):
        rec.loads(b" " * (rec.SIZE_LIMIT + 1))


def test_from_json_refuses_what_json_cannot_hold(record_data: Data) -> None:
    """Data from elsewhere than a file (a server's own parser): the same strictness."""
    for bad in (float("nan"), float("inf"), 2**2000, (1, 2), {1, 2}, b"x"):
        data = changed(record_data, lambda d, b=bad: d["steps"][0].update(chance=b))  # type: ignore[misc]
        with pytest.raises(rec.MalformedRecordError):
            rec.Record.from_json(data)
    with pytest.raises(rec.MalformedRecordError, match="key that is not a string"):
        rec.Record.from_json({**record_data, 5: 1})


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree: a value in an object or a list."""
    places = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            places += _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            places += _leaves(v, (*path, i))
    return places


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-(10**500), 10**500)
    | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def small_record() -> Data:
    game = get_game("fliegen-klatschen")
    state = game.new(2, seed=3, remove=90)
    play_out(state, make_bots(game, ["sharp", "random"], 3))
    return json.loads(rec.record_of(state).dumps())  # type: ignore[no-any-return]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=JSON_VALUES, reseal=st.booleans())
def test_a_record_changed_anywhere_to_anything_is_a_record_error_or_replays(
        small_record: Data, data: st.DataObject, value: Any, reseal: bool) -> None:
    places = _leaves(small_record)
    place = data.draw(st.sampled_from(places[1:]))
    altered = copy.deepcopy(small_record)
    parent = altered
    for key in place[:-1]:
        parent = parent[key]
    if parent[place[-1]] == value and type(parent[place[-1]]) is type(value):
        return  # no change
    if reseal and place == ("hash",):
        return  # resealing writes the true hash back: no change
    parent[place[-1]] = value
    if reseal:
        with contextlib.suppress(RecordError):  # NaN is not JSON: the file is refused
            altered["hash"] = rec.content_hash(altered)
    text = json.dumps(altered)
    try:
        rec.replay(rec.loads(text))
    except RecordError:
        return
    # Only a change made with the hash recomputed can replay, and only a legal one.
    assert reseal and place[0] != "hash", (place, value)


# -- Fluster's word list: by hash, never a path --------------------------------------------

@pytest.fixture
def own_list(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(["heart", "ember", "abuse", "resin", "trend", "at", "cat"]))
    return path


def _fluster_record(dictionary: str) -> Data:
    game = get_game("fluster")
    state = game.new(2, seed=4, dictionary=dictionary)
    random_playout(state, random.Random(4))
    return json.loads(rec.record_of(state).dumps())  # type: ignore[no-any-return]


def test_a_fluster_record_names_its_word_list_by_hash_and_replays_only_where_it_is_given(
        own_list: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = words.use_file(own_list)
    data = _fluster_record(name)
    assert data["options"]["dictionary"] == name and str(own_list) not in json.dumps(data)
    rec.replay(_read(data))
    monkeypatch.setattr(words, "_LOADED", {})  # a process that was not given the list
    with pytest.raises(rec.MalformedRecordError, match="no word list with hash"):
        rec.replay(_read(data))
    assert words.use_file(own_list) == name
    rec.replay(_read(data))


def test_a_record_that_names_a_path_as_its_word_list_never_opens_it(
        own_list: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    opened: list[str] = []
    real_os_open, real_open = os.open, builtins.open

    def spy_os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        opened.append(str(path))
        return real_os_open(path, *args, **kwargs)

    def spy_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    data = _fluster_record("")
    monkeypatch.setattr(os, "open", spy_os_open)
    monkeypatch.setattr(builtins, "open", spy_open)
    for path in ("/dev/zero", str(fifo), "/etc/passwd", str(own_list), "~/words.txt"):
        altered = resealed(changed(data, lambda d, p=path: d["options"].update(  # type: ignore[misc]
            dictionary=p)))
        exc = _without_blocking(lambda a=altered: rec.replay(_read(a)))  # type: ignore[misc]
        assert isinstance(exc, rec.MalformedRecordError), exc
        assert "content hash" in str(exc)
        assert not any(path in o or o.endswith(Path(path).name) for o in opened), opened


def test_the_toy_game_with_listed_chance_replays_too(dice_duel: DiceDuel) -> None:
    state = dice_duel.new(2, seed=4, rounds=4)
    play_out(state, make_bots(dice_duel, ["random", "random"], 4))
    again = rec.replay(rec.Record.from_json(json.loads(rec.record_of(state).dumps())))
    assert again.digest() == state.digest()


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**63 - 1),
    remove=st.sampled_from([0, 50, 100]),
    penalty_order=st.sampled_from(["wins-first", "penalties-first"]),
    bots=st.lists(st.sampled_from(["random", "sharp", "sharp:expert:error=0.5"]),
                  min_size=1, max_size=8),
)
def test_any_record_replays_to_the_same_final_state(
    players: int, seed: int, remove: int, penalty_order: str, bots: list[str]
) -> None:
    game = get_game("fliegen-klatschen")
    specs = (bots * players)[:players]
    state = game.new(players, seed, remove=remove, penalty_order=penalty_order)
    play_out(state, make_bots(game, specs, seed))
    text = rec.record_of(state, specs).dumps()
    replayed = rec.replay(rec.loads(text))
    assert replayed.snapshot() == state.snapshot()
    assert replayed.outcome() == state.outcome()
