"""Game records: a versioned JSON file that replays a game exactly, and is evidence.

A record holds the game id, the rules version, options, seats and who played them, the
seed, every chance outcome and every action with its time in order, the result, a
fingerprint of the final state, and a hash of all of that (its canonical form:
:func:`canonical`); it may carry a signature too (:func:`sign`, :mod:`gamenight.signing`).
:func:`replay` checks the hash first (and, given a key, the signature), then rebuilds the
game from the seed, checks each chance outcome against what the game's own generator
draws and each action against the rules, and checks the result and the fingerprint: an
altered record is rejected.

Reading is strict and bounded (:func:`load`, :meth:`Record.from_json`): a file that is
not a regular file, is over :data:`SIZE_LIMIT`, is not UTF-8 JSON, nests deeper than
:data:`MAX_DEPTH` or holds a field of the wrong type (the fields and their types are
declared in :mod:`gamenight.record_json`) is a :class:`MalformedRecordError`; a
record that reads but does not check out is an :class:`UnverifiedRecordError`.  Both are
:class:`RecordError`; reading and :func:`verify` raise nothing else, and :func:`replay`
nothing else as long as the game keeps the engine's promise that what it refuses is an
``IllegalAction``.

:func:`redact` gives one seat's record: only what that seat saw (its views, the actions
it could see and the story it was told), with no seed and no chance outcomes.
:class:`SeatRecord` reads one back (:func:`load_any` reads either kind of file), to be
shown as the seat saw the game: it cannot be replayed or verified, and
:func:`what_a_seats_record_proves` says so.  Records are JSON, never pickle, so reading
one can never run code.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import math
import os
import reprlib
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from typing_extensions import TypedDict

from gamenight import signing
from gamenight.engine import Game, GameState, IllegalAction, Outcome, RecordError, Step
from gamenight.engine.checks import check_seat
from gamenight.engine.game import OptionError
from gamenight.files import FileRefusedError, describe_size, read_regular_file
from gamenight.redaction import compact, expand, seen_steps
from gamenight.version import __version__

if TYPE_CHECKING:
    from gamenight.record_json import ResultJSON, SignatureJSON, StepJSON

FORMAT = "gamenight-record"
#: Version 2 added the content hash and the signature, and Fluster's word list by hash.
#: Version 1 records are refused, not read as unhashed legacy: nothing in them can show
#: that they were not changed, and a version 1 Fluster record names its word list by a
#: path, which replay must never open.
FORMAT_VERSION = 2
#: The largest record file read, in bytes.  A record at the games' default safety caps is
#: under 1 MiB (a typical game writes 3 to 25 KB), so 16 MiB leaves room for raised caps
#: and long human games, while parsing the largest still takes only about 100 MB of
#: memory: a server reads records that strangers send.
SIZE_LIMIT = 16 * 1024 * 1024
#: How deep JSON may nest in a record (the deepest chance outcome, Fluster's deal, makes
#: a record 6 levels deep); deeper input is refused before anything recurses into it.
MAX_DEPTH = 32
#: Integers larger than this many bits are refused: no field needs them, and arithmetic
#: on a number of thousands of digits is slow.
MAX_INT_BITS = 1024
HASH_PREFIX = "sha256:"
REDACTED_FORMAT = "gamenight-record-redacted"
#: Version 3: the seat's view once, as the game was set up (``first_view``), and each
#: step as ``{"step": what the seat saw of it, "lines": the story it was told of it,
#: "changes": what changed in its view}`` (``gamenight.redaction.changes``; each left out
#: where empty).  Version 2 gave the whole view after every step, and no story: a seat's
#: record was 12 to 70 times the size of the full one.  (Version 1 copied every action
#: whole, secret choices included, and is refused.)
REDACTED_VERSION = 3
#: The versions of a seat's record this gamenight reads (:class:`SeatRecord`).
REDACTED_VERSIONS_READ = (2, 3)


class MalformedRecordError(RecordError):
    """Not a record this gamenight can read: missing or not a regular file, over
    :data:`SIZE_LIMIT`, not UTF-8 JSON, nested too deep, a field missing or of the wrong
    type, another format version, an unknown game or rules version, options the game
    refuses.  (The command line exits 2.)"""


class UnverifiedRecordError(RecordError):
    """A record that reads but does not check out: its content does not match its hash,
    its signature is missing or bad, a step does not replay, or the result or the final
    state differs from what it claims.  (The command line exits 1.)"""


class RecordFlag(TypedDict):
    """Something the table flagged about a seat as the game was played (say, a reaction
    time it doubts), kept in the record as evidence: which seat, at which step (its index
    in the record's ``steps``, from 0; ``gamenight replay`` numbers steps from 1, as it
    shows them), and why, in words.  A flag accuses nothing by itself: the steps replay
    as they were played, whatever it says."""

    seat: int
    step: int
    reason: str


@dataclass(slots=True)
class Record:
    """Everything needed to replay one game exactly.

    ``hash`` is the content hash the record was read with (None for a record made in
    this process: :meth:`to_json` always writes the hash of the content as it is then);
    ``signature`` is the signature it carries, if any (:func:`sign`).
    """

    game: str
    rules_version: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    steps: list[Step] = field(default_factory=list)
    result: dict[str, Any] | None = None
    digest: str | None = None
    software: str = f"gamenight {__version__}"
    hash: str | None = None
    signature: dict[str, str] | None = None
    #: The position the game was set up from (``Game.from_position``), or None for a
    #: game dealt from its seed.
    position: dict[str, Any] | None = None
    #: What the table flagged as the game was played (:class:`RecordFlag`), in order.
    flags: tuple[RecordFlag, ...] = ()

    def body(self) -> dict[str, Any]:
        """The record without its hash and signature: what both of them cover."""
        body = self._body()
        # Each only where there is one, so that a record without keeps its bytes and
        # its hash.
        if self.position is not None:
            body["position"] = self.position
        if self.flags:
            body["flags"] = [{"seat": f["seat"], "step": f["step"], "reason": f["reason"]}
                             for f in self.flags]
        return body

    def _body(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "software": self.software,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seats": self.seats,
            "seed": self.seed,
            "options": self.options,
            "steps": [_step_json(s) for s in self.steps],
            "result": self.result,
            "digest": self.digest,
        }

    def content_hash(self) -> str:
        """The hash of the record's content as it is now (``sha256:`` and 64 hex digits)."""
        return content_hash(self.body())

    def to_json(self) -> dict[str, Any]:
        body = self.body()
        out = {**body, "hash": content_hash(body)}
        if self.signature is not None:
            out["signature"] = dict(self.signature)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=False,
                          allow_nan=False)

    def write(self, path: str | Path) -> Path:
        """Write the record to ``path`` whole or not at all: it is written beside it
        first (``NAME.part``) and then put in its place, so a process stopped mid-way
        (a batch's worker, Ctrl-C) never leaves half a record under the record's name."""
        path = Path(path)
        text = self.dumps() + "\n"
        if path.is_symlink() or (path.exists() and not path.is_file()):
            # A link is written through, a pipe or a device straight: not replaced.
            path.write_text(text, encoding="utf-8")
            return path
        part = path.with_name(path.name + ".part")
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
        return path

    @classmethod
    def from_json(cls, data: object) -> Record:
        """The record in ``data`` (parsed JSON), read strictly: MalformedRecordError
        naming the field unless every field is there with its JSON type (ints are ints,
        not floats, strings or bools; declared in :class:`gamenight.record_json.RecordJSON`),
        every seat is in range and every time a finite number of at least 0.  It does
        not check the hash: :func:`replay` and :func:`verify` do."""
        _check_tree(data)
        if not isinstance(data, dict):
            raise MalformedRecordError("not a gamenight record: the file is not a JSON object")
        # The format and the version first: of another kind of file, or another
        # version, which of its fields are wrong would only mislead.
        if data.get("format") == REDACTED_FORMAT:
            raise MalformedRecordError(
                "this is a redacted record for one seat: it cannot be replayed (`gamenight "
                "replay` shows it as the seat saw the game)")
        if data.get("format") != FORMAT:
            raise MalformedRecordError("not a gamenight record (no 'format': 'gamenight-record')")
        version = data.get("version")
        if version != FORMAT_VERSION or type(version) is not int:
            old = (" (version 1 records carry no content hash, so nothing shows they "
                   "were not changed; replay them with the gamenight that wrote them)"
                   if version == 1 else "")
            raise MalformedRecordError(f"record format version {_show(version)} is not "
                                       f"supported: this gamenight reads version "
                                       f"{FORMAT_VERSION}{old}")
        # Imported here: only reading a record needs pydantic (a simulation never does).
        from gamenight.record_json import RecordJSON, read

        shape = read(RecordJSON, data, _A_RECORD, MalformedRecordError)
        players = _players(shape.players, shape.seats, _A_RECORD)
        steps = [_step_from_json(s, i, players) for i, s in enumerate(shape.steps)]
        return cls(
            game=shape.game,
            rules_version=shape.rules_version,
            players=players,
            seed=shape.seed,
            options=shape.options,
            seats=shape.seats,
            steps=steps,
            result=_result(shape.result, players, _A_RECORD),
            digest=shape.digest,
            software=shape.software,
            hash=shape.hash,
            signature=_signature(shape.signature),
            position=shape.position,
            flags=_flags(shape.flags, players, len(steps)),
        )


#: What a refusal says a file is not (:func:`gamenight.engine.strict.refusal`).
_A_RECORD = "a gamenight record"
_A_SEATS_RECORD = "a seat's record"
#: A result may also say how the game ended (records written before it was added
#: do not).
_RESULT_REASON = "reason"
#: The fields of a step that is a seat's action (a chance outcome is ``{"chance"}``).
_ACTION_FIELDS = ({"seat", "action"}, {"seat", "action", "at_ms"})

# What follows checks what the models of record_json cannot: what one field says of
# another (a seat within the players, one score for each player).


def _show(value: object) -> str:
    """A value as a message shows it: short, however large or deep it is."""
    return reprlib.repr(value)


def _seats_are(players: int) -> str:
    return f"the seats are 0 to {players - 1}"


def _players(players: int, seats: list[str], what: str) -> int:
    if len(seats) != players:
        raise MalformedRecordError(f"not {what}: seats name {len(seats)} seats for "
                                   f"{players} players")
    return players


def _result(value: ResultJSON | None, players: int, what: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if len(value["scores"]) != players or len(value["ranks"]) != players:
        raise MalformedRecordError(f"not {what}: result.scores and result.ranks give one "
                                   f"for each of {players} players")
    for seat in value["winners"]:
        if seat >= players:
            raise MalformedRecordError(f"not {what}: result.winners names seat {seat}, but "
                                       f"{_seats_are(players)}")
    if value["tiebreaks"] and len(value["tiebreaks"]) != players:
        raise MalformedRecordError(f"not {what}: result.tiebreaks are none, or one list for "
                                   f"each of {players} players")
    return {**value}


def _signature(value: SignatureJSON | None) -> dict[str, str] | None:
    if value is None:
        return None
    return {"scheme": value["scheme"], "key": value["key"], "value": value["value"]}


def _flags(flags: list[RecordFlag], players: int, steps: int) -> tuple[RecordFlag, ...]:
    for i, flag in enumerate(flags):
        if not 0 <= flag["seat"] < players:
            raise MalformedRecordError(f"not {_A_RECORD}: flags[{i}].seat is {flag['seat']}, "
                                       f"but {_seats_are(players)}")
        if not 0 <= flag["step"] < steps:
            raise MalformedRecordError(f"not {_A_RECORD}: flags[{i}].step is {flag['step']}, "
                                       f"but the record's steps are 0 to {steps - 1}")
    return tuple(flags)


def _check_tree(data: object) -> None:
    """Refuse what JSON cannot hold or what could make a later step recurse or overflow:
    other types, keys that are not strings, NaN and infinities, huge integers, nesting
    deeper than MAX_DEPTH.  Iterative, so deep input cannot exhaust the stack here."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise MalformedRecordError(f"the record nests deeper than {MAX_DEPTH} levels")
            if isinstance(value, dict):
                if not all(isinstance(k, str) for k in value):
                    raise MalformedRecordError("an object in the record has a key that is not "
                                               "a string")
                stack.extend((v, depth + 1) for v in value.values())
            else:
                stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise MalformedRecordError(f"the record holds {value}, which JSON cannot hold")
        elif isinstance(value, int) and not isinstance(value, bool):
            if value.bit_length() > MAX_INT_BITS:
                raise MalformedRecordError(f"the record holds a number larger than "
                                           f"2**{MAX_INT_BITS}")
        elif value is not None and not isinstance(value, str | bool):
            raise MalformedRecordError(f"the record holds a {type(value).__name__}, which is "
                                       "not JSON")


def _step_json(step: Step) -> dict[str, Any]:
    if step.seat is None:
        return {"chance": copy.deepcopy(step.value)}
    out: dict[str, Any] = {"seat": step.seat, "action": step.value}
    if step.at_ms is not None:
        out["at_ms"] = step.at_ms
    return out


def _step_from_json(data: StepJSON, index: int, players: int) -> Step:
    keys = data.keys()
    if keys == {"chance"}:
        return Step(None, data["chance"])
    if keys not in _ACTION_FIELDS:
        raise MalformedRecordError(
            f"not {_A_RECORD}: steps[{index}] has the fields {_show(sorted(keys))}: a step "
            "is {chance}, or {seat, action} with at_ms where it was timed")
    seat = data["seat"]
    if seat >= players:
        raise MalformedRecordError(f"not {_A_RECORD}: steps[{index}].seat is {seat}, but "
                                   f"{_seats_are(players)}")
    # The time as it was written (an int stays an int), so that the hash reads the same.
    return Step(seat, data["action"], data.get("at_ms"))


def canonical(body: Mapping[str, Any]) -> bytes:
    """A record's canonical form: the bytes its hash and its signature cover.

    Every field but ``hash`` and ``signature``, as JSON with the keys of every object
    sorted, no white space (``","`` and ``":"`` as separators), every character outside
    ASCII written as a ``\\uXXXX`` escape, integers as digits and floats in Python's
    shortest form that reads back to the same number; the bytes are ASCII.  Two records
    have the same canonical form exactly when they hold the same JSON values."""
    fields = {k: v for k, v in body.items() if k not in ("hash", "signature")}
    try:
        text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                          allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise MalformedRecordError(f"the record is not plain JSON: {exc}") from None
    return text.encode("ascii")


def content_hash(body: Mapping[str, Any]) -> str:
    """``sha256:`` and the SHA-256 of :func:`canonical`, in lower-case hex."""
    return HASH_PREFIX + hashlib.sha256(canonical(body)).hexdigest()


def sign(record: Record, key: signing.SigningKey) -> Record:
    """The record with its hash and a signature of its canonical form by ``key``."""
    message = canonical(record.body())
    return dataclasses.replace(record, hash=HASH_PREFIX + hashlib.sha256(message).hexdigest(),
                               signature=signing.sign(message, key))


def verify(record: Record, key: signing.VerifyKey | None = None) -> None:
    """Check the record's hash (when it was read with one) and, given ``key``, its
    signature: UnverifiedRecordError if either fails, or if a key is given and the record is
    not signed.  :func:`replay` does this first; it is here alone for a server that
    checks a record before storing it."""
    message = canonical(record.body())
    if (record.hash is not None
            and record.hash != HASH_PREFIX + hashlib.sha256(message).hexdigest()):
        raise UnverifiedRecordError("the record was altered after it was written: its "
                                    "content does not match its hash")
    if key is None:
        return
    if record.signature is None:
        raise UnverifiedRecordError("the record is not signed, so the key cannot verify it")
    try:
        signing.verify(message, record.signature, key)
    except signing.SignatureError as exc:
        raise UnverifiedRecordError(f"bad signature: {exc}") from None


def what_replay_proves(record: Record, signed: bool) -> tuple[str, str | None]:
    """What a record that :func:`replay` accepted proves, for a person (``gamenight replay``
    prints it): the claim ("verified: every step replays" for a game dealt from its seed,
    and for one that starts from a position, plainly that it does), and for an unsigned
    record from a position, what it does not prove (else None).

    A record from a position replays from that position, which nothing shows could come
    about: made by hand, or cut from the end of another game, it verifies all the same.
    So such a record is never called a whole game; unsigned (``signed`` is False: no key
    checked its signature), it proves only that its steps are legal from the position it
    names (``docs/security.md``, "A record that starts from a position")."""
    if record.position is None:
        return "verified: every step replays", None
    claim = "verified from a position (not from the deal): every step replays"
    if signed:
        return claim, None
    return claim, ("unsigned and starting from a position, the record proves only that "
                   "its steps are legal from that position, not that any game reached it")


def record_of(state: GameState[Any], seats: Sequence[str] | None = None) -> Record:
    """The record of ``state`` so far (its result and fingerprint once it is over)."""
    game = state.game
    outcome = state.outcome()
    return Record(
        game=game.id,
        rules_version=game.rules_version,
        players=state.players,
        seed=state.seed,
        options=dict(state.options),
        seats=list(seats) if seats is not None else [f"seat {s}" for s in range(state.players)],
        steps=list(state.history),
        result=None if outcome is None else dict(outcome.to_json()),
        digest=state.digest() if outcome is not None else None,
        position=None if state.start is None else dict(state.start),
    )


class _RefusedError(ValueError):
    """Raised from inside the JSON parser's hooks."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _RefusedError(f"the number {text[:40]} is too large for a JSON number")
    return value


def _no_constant(text: str) -> Any:
    raise _RefusedError(f"{text} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        # A reader that keeps the first of two keys would see another record.
        twice = next(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
        raise _RefusedError(f"the key {_show(twice)} appears twice in one object")
    return out


def loads(data: bytes | str, name: str = "the record") -> Record:
    """The record in ``data`` (a file's bytes or text), read strictly: MalformedRecordError
    if it is over :data:`SIZE_LIMIT`, not UTF-8, not JSON (NaN, infinities, numbers too
    large for a double and keys given twice are not JSON here) or not a record."""
    return Record.from_json(strict_json(data, name))


def strict_json(data: bytes | str, name: str) -> Any:
    """The JSON in ``data``, read as records are (:func:`loads`): MalformedRecordError if
    it is over :data:`SIZE_LIMIT`, not UTF-8 or not strict JSON."""
    if len(data) > SIZE_LIMIT:
        raise MalformedRecordError(
            f"{name} is larger than the limit of {describe_size(SIZE_LIMIT)}")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MalformedRecordError(
                f"{name} is not UTF-8 text (byte {exc.start} is not)") from None
    try:
        parsed = json.loads(data, parse_float=_finite_float, parse_constant=_no_constant,
                            object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        # Where, and what the parser wanted there ("expecting value"), without the
        # parser's character offset.
        raise MalformedRecordError(f"{name} is not JSON: {exc.msg[:1].lower()}{exc.msg[1:]} "
                                   f"at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise MalformedRecordError(f"{name} nests deeper than JSON is read here") from None
    except _RefusedError as exc:
        raise MalformedRecordError(f"{name} is not JSON gamenight reads: {exc}") from None
    except ValueError:  # Python's own limit on the digits of a whole number
        raise MalformedRecordError(
            f"{name} is not JSON gamenight reads: it holds a whole number of more than "
            f"{sys.get_int_max_str_digits():,} digits") from None
    return parsed


def load(path: str | Path) -> Record:
    """Read a record file; MalformedRecordError if it is not a readable record.

    Only a regular file is opened (a folder, a named pipe or a device is refused without
    waiting on it), and at most :data:`SIZE_LIMIT` bytes of it are read."""
    return loads(_read(path), str(path))


def _read(path: str | Path) -> bytes:
    """The bytes of a record (or position) file, read as :func:`load` reads one."""
    try:
        return read_regular_file(path, SIZE_LIMIT)
    except FileRefusedError as exc:
        raise MalformedRecordError(f"cannot read {path}: {exc}") from None


def load_position(path: str | Path, game: Game, seed: int = 0) -> GameState[Any]:
    """The game in the position file at ``path`` (``GameState.position``), read as records
    are: MalformedRecordError if the file cannot be read as JSON, IllegalAction naming the
    problem if it is not a possible position of ``game``."""
    return game.from_position(strict_json(_read(path), str(path)), seed)


def _same_kind(value: object, default: object) -> bool:
    """Whether an option value read from a record has the type the option takes (a
    float option takes an int too: JSON writes 2.0 as 2 in some writers)."""
    if isinstance(default, bool):
        return type(value) is bool
    if isinstance(default, int):
        return type(value) is int
    if isinstance(default, float):
        return type(value) in (int, float)
    return type(value) is type(default)


def start(record: Record) -> GameState[Any]:
    """A new game with the record's game, players, seed and options; MalformedRecordError if
    this gamenight has no such game, another rules version, or refuses the options."""
    from gamenight.games import get_game

    try:
        game: Game = get_game(record.game)
    except OptionError as exc:
        raise MalformedRecordError(f"the record's game is not known here: {exc}") from None
    if record.rules_version != game.rules_version:
        raise MalformedRecordError(
            f"the record was made under {record.game} rules version {record.rules_version}; "
            f"this gamenight implements version {game.rules_version}"
        )
    kinds = {o.name: o.default for o in game.options}
    for name, value in record.options.items():
        if name in kinds and not _same_kind(value, kinds[name]):
            raise MalformedRecordError(f"the record's option {_show(name)} is a "
                                       f"{type(kinds[name]).__name__}, not {_show(value)}")
    if record.position is not None:
        try:
            state = game.from_position(record.position, record.seed)
        except IllegalAction as exc:
            raise MalformedRecordError(f"the record's position is not valid: {exc}") from None
        if state.players != record.players or state.options != game.resolve_options(
                record.players, record.options):
            raise MalformedRecordError("the record's position is of another table or "
                                       "options than the record's")
        return state
    try:
        return game.new(record.players, record.seed, **record.options)
    except OptionError as exc:
        raise MalformedRecordError(f"the record's setup is not valid: {exc}") from None


def replay(
    record: Record,
    on_step: Callable[[int, Step, GameState[Any]], None] | None = None,
    *,
    key: signing.VerifyKey | None = None,
) -> GameState[Any]:
    """Replay a record step by step, checking everything; returns the final state.

    First the hash (and, given ``key``, the signature: :func:`verify`), then each step,
    then the result and the fingerprint of the final state.  ``on_step(index, step,
    state)`` is called after each step is carried out (the state's ``events`` tell its
    story).  Raises UnverifiedRecordError naming what does not check out (the first step
    that does not replay), or MalformedRecordError when the record asks for a game or
    options this gamenight cannot set up.
    """
    verify(record, key)
    state = start(record)
    for i, step in enumerate(record.steps):
        if state.is_over:
            raise UnverifiedRecordError(f"step {i + 1}: the game was already over")
        try:
            if step.seat is None:
                if state.acting().kind != "chance":
                    raise UnverifiedRecordError(f"step {i + 1}: a chance outcome where none is due")
                drawn = state.sample_chance()
                if drawn != step.value:
                    raise UnverifiedRecordError(
                        f"step {i + 1}: the chance outcome is not what seed {record.seed} "
                        "draws: the record was altered"
                    )
                state.apply_chance(drawn)
            else:
                state.apply_text(step.seat, step.value, step.at_ms)
        except IllegalAction as exc:
            who = "chance" if step.seat is None else f"seat {step.seat}"
            raise UnverifiedRecordError(
                f"step {i + 1} ({who}: {_show(step.value)}) is illegal: {exc}") from None
        if on_step is not None:
            on_step(i, step, state)
    outcome = state.outcome()
    if record.result is not None:
        if outcome is None:
            raise UnverifiedRecordError("the record claims a result but its game is not over")
        claimed = Outcome.from_json(record.result)
        if _RESULT_REASON not in record.result:  # written before results gave a reason
            claimed = dataclasses.replace(claimed, reason=outcome.reason)
        if claimed != outcome:
            raise UnverifiedRecordError(
                f"the record claims scores {record.result.get('scores')} but the game "
                f"gives {list(outcome.scores)}: the record was altered"
            )
    elif outcome is not None:
        raise UnverifiedRecordError("the record claims no result but its game is over")
    if record.digest is not None and record.digest != state.digest():
        raise UnverifiedRecordError(
            "the final state differs from the one recorded: the record was altered")
    return state


def redact(record: Record, seat: int) -> dict[str, Any]:
    """One seat's record: what that seat saw, step by step, and nothing else.

    The record is verified first (:func:`replay`).  Then the seat's view as the game was
    set up is given once (``first_view``), and each step becomes what the seat saw of it
    (``GameState.seen_step``: its own actions whole, others' public actions whole, of
    another seat's secret choice only that it was made), the lines of the story it was
    told of it (its form of the step's events), and what changed in its view
    (``gamenight.redaction.changes``), where a secret shows once it is revealed, and only
    as revealed (:mod:`gamenight.redaction`).  There is no seed, no chance outcome and
    no fingerprint of the hidden state.  :class:`SeatRecord` reads it back.
    """
    try:
        check_seat(seat, record.players)
    except IllegalAction as exc:
        raise RecordError(f"cannot redact for that seat: {exc}") from None
    state = replay(record)
    begin = start(record)
    first = begin.view(seat)
    steps = list(compact(first, seen_steps(begin, record.steps, seat)))
    outcome = state.outcome()
    return {
        "format": REDACTED_FORMAT,
        "version": REDACTED_VERSION,
        "software": record.software,
        "game": record.game,
        "rules_version": record.rules_version,
        "players": record.players,
        "seats": record.seats,
        "seat": seat,
        "options": record.options,
        "first_view": first,
        "steps": steps,
        "result": None if outcome is None else outcome.to_json(),
    }


@dataclass(frozen=True, slots=True)
class SeenStep:
    """One step of a seat's record, as the seat saw it: ``number`` (from 1), what it saw
    of the step itself (None: nothing, as of a chance outcome; ``{"seat": s}`` alone:
    that seat ``s`` chose in secret), the lines of the story it was told of it, and its
    view after it."""

    number: int
    step: dict[str, Any] | None
    lines: list[str]
    view: dict[str, Any]


@dataclass(slots=True)
class SeatRecord:
    """One seat's record (:func:`redact`), read back strictly (:meth:`from_json`): what
    seat ``seat`` saw of a game.  It holds no seed and none of what was hidden from the
    seat, so it cannot be replayed: :meth:`seen` gives its steps as the seat saw them,
    and :func:`what_a_seats_record_proves` what that shows.

    ``version`` is the format version it was written in: 3, or 2 (each step's whole
    view, no story and no ``first_view``, which is then None)."""

    game: str
    rules_version: str
    software: str
    players: int
    seats: list[str]
    seat: int
    options: dict[str, Any]
    first_view: dict[str, Any] | None
    #: The steps as written (``{"step", "lines", "changes"}``, or in version 2
    #: ``{"step", "view"}``), checked: :meth:`seen` reads them.
    steps: list[dict[str, Any]]
    result: dict[str, Any] | None
    version: int = REDACTED_VERSION

    def seen(self) -> Iterator[SeenStep]:
        """Each step as the seat saw it.  The view of one step is changed in place to
        make the next one's: copy it to keep it."""
        if self.first_view is None:  # version 2: each view is whole
            for number, entry in enumerate(self.steps, start=1):
                yield SeenStep(number, entry.get("step"), [], entry["view"])
            return
        try:
            for number, entry in enumerate(expand(self.first_view, self.steps), start=1):
                yield SeenStep(number, entry.get("step"), entry.get("lines", []),
                               entry["view"])
        except ValueError as exc:  # from_json tried them all: a record changed since
            raise MalformedRecordError(f"a step's changes do not apply: {exc}") from None

    @classmethod
    def from_json(cls, data: object) -> SeatRecord:
        """The seat's record in ``data`` (parsed JSON), read as strictly as a record
        (:meth:`Record.from_json`; declared in :class:`gamenight.record_json.SeatRecordJSON`
        and, for version 2, ``SeatRecordV2JSON``): MalformedRecordError naming the field
        unless every field is there with its type, the seat is one of the game's, each
        step's seat is too, and every step's changes apply to the view before it."""
        _check_tree(data)
        if not isinstance(data, dict) or data.get("format") != REDACTED_FORMAT:
            raise MalformedRecordError(f"not a seat's record (no 'format': "
                                       f"'{REDACTED_FORMAT}')")
        version = data.get("version")
        if type(version) is not int or version not in REDACTED_VERSIONS_READ:
            raise MalformedRecordError(
                f"seat's record format version {_show(version)} is not supported: this "
                f"gamenight reads versions {', '.join(map(str, REDACTED_VERSIONS_READ))}")
        from gamenight.record_json import SeatRecordJSON, SeatRecordV2JSON, read

        shape: SeatRecordJSON | SeatRecordV2JSON = (
            read(SeatRecordJSON, data, _A_SEATS_RECORD, MalformedRecordError) if version == 3
            else read(SeatRecordV2JSON, data, _A_SEATS_RECORD,
                      MalformedRecordError))
        players = _players(shape.players, shape.seats, _A_SEATS_RECORD)
        if shape.seat >= players:
            raise MalformedRecordError(f"not {_A_SEATS_RECORD}: seat is {shape.seat}, but "
                                       f"{_seats_are(players)}")
        for i, entry in enumerate(shape.steps):
            seen = entry.get("step")
            if seen is not None and seen["seat"] >= players:
                raise MalformedRecordError(f"not {_A_SEATS_RECORD}: steps[{i}].step.seat is "
                                           f"{seen['seat']}, but {_seats_are(players)}")
        first = shape.first_view if isinstance(shape, SeatRecordJSON) else None
        record = cls(
            game=shape.game,
            rules_version=shape.rules_version,
            software=shape.software,
            players=players,
            seats=shape.seats,
            seat=shape.seat,
            options=shape.options,
            first_view=first,
            # Each step as written (pydantic's copy, its fields as the model declares them).
            steps=cast(list[dict[str, Any]], shape.steps),
            result=_result(shape.result, players, _A_SEATS_RECORD),
            version=version,
        )
        if first is not None:
            try:  # every step's changes, once: a bad one is refused before anything shows
                for _ in expand(first, record.steps):
                    pass
            except ValueError as exc:
                raise MalformedRecordError(f"a step's changes do not apply: {exc}") from None
        return record


def what_a_seats_record_proves(record: SeatRecord) -> tuple[str, str]:
    """What ``gamenight replay`` says first of a seat's record: whose it is (and that what
    was hidden from that seat stays hidden), and what it proves, which is nothing by
    itself: it holds no seed, none of what was hidden from the seat and no signature, so
    no step of it can be replayed or checked (``docs/security.md``, "Redacted records");
    the game's whole record, signed, is what proves the game."""
    seat = record.seat
    return (f"seat {seat}'s record: the game as seat {seat} saw it; what was hidden from "
            f"seat {seat} stays hidden",
            f"not verified: a seat's record holds no seed, none of what was hidden from "
            f"the seat and no signature, so nothing in it can be replayed or checked; it "
            f"is what its writer says seat {seat} saw (the game's whole record, signed, is "
            f"what proves the game)")


def load_any(path: str | Path) -> Record | SeatRecord:
    """Read a record file of either kind: a whole record (:func:`load`) or a seat's
    (:class:`SeatRecord`), as strictly as :func:`load` reads one."""
    data = strict_json(_read(path), str(path))
    if isinstance(data, dict) and data.get("format") == REDACTED_FORMAT:
        return SeatRecord.from_json(data)
    return Record.from_json(data)
