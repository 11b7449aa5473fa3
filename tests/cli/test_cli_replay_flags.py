"""`gamenight replay` of a record that carries flags (``record.RecordFlag``), run as a
person runs it: after its verdict, a line for each flag, its step numbered as the
replay numbers the steps; a record without flags shows none."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from gamenight import record as rec
from gamenight.games import get_game
from gamenight.sim.runner import make_bots, play_out
from tests.cli.conftest import Gamenight


def a_record(folder: Path, flags: tuple[rec.RecordFlag, ...]) -> Path:
    game = get_game("fliegen-klatschen")
    state = game.new(3, seed=12, remove=60)
    play_out(state, make_bots(game, ["sharp", "random", "sharp"], 12))
    path = folder / f"game-{len(flags)}.json"
    dataclasses.replace(rec.record_of(state), flags=flags).write(path)
    return path


def test_each_flag_gets_a_line_after_the_verdict(gamenight: Gamenight,
                                                 tmp_path: Path) -> None:
    flags = (rec.RecordFlag(seat=1, step=11, reason="reacted in 40 ms, faster than a hand"),
             rec.RecordFlag(seat=2, step=0, reason="claimed 2 s of lag\x1b[2J"))
    path = a_record(tmp_path, flags)
    done = gamenight("replay", "--quiet", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("verified: every step replays; ")
    assert lines[1:] == ["flag: seat 1 at step 12: reacted in 40 ms, faster than a hand",
                         # A reason reaches the terminal escaped, as every text of a record.
                         "flag: seat 2 at step 1: claimed 2 s of lag\\x1b[2J"]
    # Told step by step, the flagged step is the one numbered [12].
    told = gamenight("replay", str(path)).stdout.splitlines()
    assert any(line.startswith("[12] ") for line in told)
    assert told[-2:] == lines[1:]


def test_a_record_without_flags_shows_none(gamenight: Gamenight, tmp_path: Path) -> None:
    done = gamenight("replay", "--quiet", str(a_record(tmp_path, ())))
    assert done.returncode == 0, done.stderr
    assert "flag" not in done.stdout and len(done.stdout.strip().splitlines()) == 1
