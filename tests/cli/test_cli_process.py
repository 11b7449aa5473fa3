"""Every command as its own ``python -m gamenight.cli`` process, as a person or a script
runs it: it answers exactly as the same command run in a forked process, which the other
command tests use to spare half a second of start-up each (``tests.cli.forked``), and the
signing workflow goes through real processes from the key to the verified replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Gamenight

#: A run of each command that reads and writes only its folder, in a second or less:
#: a whole run where one is that quick, otherwise one that the command refuses (the
#: commands' own tests run them whole).
RUNS = {
    "games": ["games"],
    "rules": ["rules", "fluster"],
    "schema": ["schema", "by-golly", "--typescript"],
    "simulate": ["simulate", "fly", "--games", "3", "--seed", "5", "--records", "records",
                 "--out", "games.csv"],
    "replay": ["replay", "no-such-record.json"],
    "keygen": ["keygen", "--shared", "keys"],
    "bench": ["bench", "--players", "99"],
    "study": ["study", "by-golly", "--vary", "last_card=wins"],
    "play": ["play", "fly", "--players", "0"],
    "serve": ["serve", "--port", "99999"],
    "compile": ["compile", "--jobs", "0"],
}


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_command_is_run_here() -> None:
    from gamenight.cli import COMMANDS

    assert sorted(RUNS) == sorted(COMMANDS)


@pytest.mark.parametrize("command", sorted(RUNS))
def test_the_command_as_a_process_answers_as_the_forked_one(
        command: str, gamenight: Gamenight, gamenight_process: Gamenight,
        tmp_path: Path) -> None:
    real, forked = tmp_path / "process", tmp_path / "forked"
    real.mkdir()
    forked.mkdir()
    by_process = gamenight_process(*RUNS[command], cwd=real)
    by_fork = gamenight(*RUNS[command], cwd=forked)
    assert by_process.returncode in (0, 2), by_process.stderr
    assert (by_fork.returncode, by_fork.stdout, by_fork.stderr) == (
        by_process.returncode, by_process.stdout, by_process.stderr)
    written = files(real)
    if command == "keygen":  # a new secret each time: the same file, of the same size
        written = {name: bytes(len(data)) for name, data in written.items()}
        assert {n: bytes(len(d)) for n, d in files(forked).items()} == written
    else:
        assert files(forked) == written
    assert bool(written) == (command in ("simulate", "keygen"))


def test_records_signed_by_one_process_are_verified_by_another(
        gamenight_process: Gamenight, tmp_path: Path) -> None:
    made = gamenight_process("keygen", "keys")
    assert made.returncode == 0, made.stderr
    played = gamenight_process("simulate", "fliegen-klatschen", "--games", "1", "--seed", "3",
                               "--records", "records", "--sign-key",
                               "keys/record-signing.key")
    assert played.returncode == 0, played.stderr
    [record] = (tmp_path / "records").iterdir()
    checked = gamenight_process("replay", "--quiet", "--key", "keys/record-signing.pub",
                                str(record))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith("verified")
