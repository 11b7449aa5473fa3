"""Game records: a versioned JSON file that replays a game exactly.

A record holds the game id, the rules version, options, seats and who played them, the
seed, every chance outcome and every action with its time in order, the result and a
fingerprint of the final state.  :func:`replay` rebuilds the game from the seed, checks
each chance outcome against what the game's own generator draws and each action against
the rules, and checks the result and the fingerprint: an altered record is rejected.

:func:`redact` gives one seat's record: only what that seat saw (its views and the
actions it could see), with no seed and no chance outcomes.  Records are JSON, never
pickle, so reading one can never run code.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamenight import __version__
from gamenight.engine import GameState, IllegalAction, Outcome, RecordError, Step
from gamenight.engine.game import OptionError

FORMAT = "gamenight-record"
FORMAT_VERSION = 1
REDACTED_FORMAT = "gamenight-record-redacted"


@dataclass(slots=True)
class Record:
    """Everything needed to replay one game exactly."""

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

    def to_json(self) -> dict[str, Any]:
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

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=False)

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.dumps() + "\n", encoding="utf-8")
        return path

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("not a gamenight record: the file is not a JSON object")
        if data.get("format") == REDACTED_FORMAT:
            raise RecordError("this is a redacted record for one seat: it cannot be replayed")
        if data.get("format") != FORMAT:
            raise RecordError("not a gamenight record (no 'format': 'gamenight-record')")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(
                f"record format version {data.get('version')!r} is not supported "
                f"(this gamenight reads version {FORMAT_VERSION})"
            )
        try:
            steps = [_step_from_json(s) for s in data["steps"]]
            return cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data["options"]),
                seats=[str(s) for s in data["seats"]],
                steps=steps,
                result=data.get("result"),
                digest=data.get("digest"),
                software=str(data.get("software", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"the record is incomplete or malformed: {exc}") from None


def _step_json(step: Step) -> dict[str, Any]:
    if step.seat is None:
        return {"chance": copy.deepcopy(step.value)}
    out: dict[str, Any] = {"seat": step.seat, "action": step.value}
    if step.at_ms is not None:
        out["at_ms"] = step.at_ms
    return out


def _step_from_json(data: Any) -> Step:
    if not isinstance(data, dict):
        raise ValueError(f"a step is an object, not {data!r}")
    if "chance" in data:
        return Step(None, data["chance"])
    at = data.get("at_ms")
    return Step(int(data["seat"]), str(data["action"]), None if at is None else float(at))


def record_of(state: GameState, seats: Sequence[str] | None = None) -> Record:
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
        result=None if outcome is None else outcome.to_json(),
        digest=state.digest() if outcome is not None else None,
    )


def load(path: str | Path) -> Record:
    """Read a record file; RecordError if it is not a readable record."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: {exc}") from None
    return Record.from_json(data)


def start(record: Record) -> GameState:
    """A new game with the record's game, players, seed and options."""
    from gamenight.games import get_game

    try:
        game = get_game(record.game)
        state = game.new(record.players, record.seed, **record.options)
    except OptionError as exc:
        raise RecordError(f"the record's setup is not valid: {exc}") from None
    if record.rules_version != game.rules_version:
        raise RecordError(
            f"the record was made under {record.game} rules version {record.rules_version}; "
            f"this gamenight implements version {game.rules_version}"
        )
    return state


def replay(
    record: Record,
    on_step: Callable[[int, Step, GameState], None] | None = None,
    *,
    narrate: bool = False,
) -> GameState:
    """Replay a record step by step, checking everything; returns the final state.

    ``on_step(index, step, state)`` is called after each step is carried out; with
    ``narrate`` the state tells its story in ``state.log`` from the first step on.
    Raises :class:`RecordError` naming the first step that does not replay.
    """
    state = start(record)
    state.narrate = narrate
    for i, step in enumerate(record.steps):
        if state.is_over:
            raise RecordError(f"step {i + 1}: the game was already over")
        try:
            if step.seat is None:
                if state.acting().kind != "chance":
                    raise RecordError(f"step {i + 1}: a chance outcome where none is due")
                drawn = state.sample_chance()
                if drawn != step.value:
                    raise RecordError(
                        f"step {i + 1}: the chance outcome is not what seed {record.seed} "
                        "draws: the record was altered"
                    )
                state.apply_chance(drawn)
            else:
                state.apply_text(step.seat, step.value, step.at_ms)
        except IllegalAction as exc:
            who = "chance" if step.seat is None else f"seat {step.seat}"
            raise RecordError(f"step {i + 1} ({who}: {step.value!r}) is illegal: {exc}") from None
        if on_step is not None:
            on_step(i, step, state)
    outcome = state.outcome()
    if record.result is not None:
        if outcome is None:
            raise RecordError("the record claims a result but its game is not over")
        if Outcome.from_json(record.result) != outcome:
            raise RecordError(
                f"the record claims scores {record.result.get('scores')} but the game "
                f"gives {list(outcome.scores)}: the record was altered"
            )
    if record.digest is not None and record.digest != state.digest():
        raise RecordError("the final state differs from the one recorded: the record was altered")
    return state


def redact(record: Record, seat: int) -> dict[str, Any]:
    """One seat's record: what that seat saw, step by step, and nothing else.

    It holds the seat's view after each step and the actions of others that the seat
    could see, but no seed, no chance outcomes and no fingerprint of the hidden state.
    """
    if not 0 <= seat < record.players:
        raise RecordError(f"there is no seat {seat} in this {record.players}-player record")
    seen: list[dict[str, Any]] = []

    def watch(i: int, step: Step, state: GameState) -> None:
        entry: dict[str, Any] = {"view": state.view(seat)}
        if step.seat is not None:
            entry.update(_step_json(step))
        seen.append(entry)

    state = replay(record, watch)
    outcome = state.outcome()
    return {
        "format": REDACTED_FORMAT,
        "version": FORMAT_VERSION,
        "software": record.software,
        "game": record.game,
        "rules_version": record.rules_version,
        "players": record.players,
        "seats": record.seats,
        "seat": seat,
        "options": record.options,
        "steps": seen,
        "result": None if outcome is None else outcome.to_json(),
    }
