"""A long batch stopped with Ctrl-C, as a person stops it: the rows and the summary of
every game played so far are kept, the workers are gone, and the rows are the very rows
a whole run writes for those games; --from plays the rest."""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.cli.conftest import Gamenight
from tests.lab.terminal import ctrl_c_interrupts

#: Random Fliegen klatschen plays a few thousand games a second: far more than the test
#: waits for, so the batch is always stopped midway.
GAMES = 2_000_000
BATCH = ("simulate", "fliegen-klatschen", "--bots", "random", "--players", "3",
         "--seed", "7")


# Two workers send games back in chunks; one plays them in the command's own process.
@pytest.mark.parametrize("workers", ["2", "1"])
def test_ctrl_c_keeps_the_rows_and_summary_of_the_games_played(
        gamenight: Gamenight, tmp_path: Path, workers: str) -> None:
    command = (*BATCH, "--workers", workers)
    out = tmp_path / "games.csv"
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    batch = subprocess.Popen(
        [sys.executable, "-m", "gamenight.cli", *command, "--games", str(GAMES),
         "--out", str(out)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_interrupts,
        start_new_session=True)
    # Rows reach the file while the batch plays: wait for a few hundred.
    deadline = time.monotonic() + 120
    while not out.exists() or out.stat().st_size < 20_000:
        assert batch.poll() is None and time.monotonic() < deadline, batch.communicate()
        time.sleep(0.05)
    # Ctrl-C at a terminal reaches the whole group: the command and its workers.
    os.killpg(batch.pid, signal.SIGINT)
    stdout, stderr = batch.communicate(timeout=60)
    assert batch.returncode == 130, stderr

    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    played = len(rows)
    assert 200 <= played < GAMES
    # Every game before the stop, in order, each row whole.
    assert [int(r["index"]) for r in rows] == list(range(played))
    assert f"stopped after games 0 to {played - 1:,} of {GAMES:,}" in stderr
    assert f"--seed 7 --from {played}" in stderr
    assert "Traceback" not in stderr
    # (The table's title folds to the table's width.)
    assert (f"fliegen-klatschen: {played} games (0 to {played - 1} of {GAMES}), 3 players, "
            "seed 7") in " ".join(stdout.split())
    assert f"wrote {played} rows to" in stdout
    # The summary counts those games: three seats, each in every game played.
    bot_rows = [[cell.strip() for cell in line.split("│")[1:-1]]
                for line in stdout.splitlines() if line.startswith("│ random ")]
    assert bot_rows and bot_rows[0][1] == str(3 * played)
    # The workers went with the command: nothing of its group is left.
    try:
        os.killpg(batch.pid, 0)
    except ProcessLookupError:
        pass
    else:
        raise AssertionError("a worker of the stopped batch is still running")

    # The rows kept, and those of the rest played with --from, are the rows of a whole run.
    total = played + 40
    rest = gamenight(*command, "--games", str(total), "--from", str(played), "--out",
                     "rest.csv")
    assert rest.returncode == 0, rest.stderr
    assert f"40 games ({played} to {total - 1} of {total})" in " ".join(rest.stdout.split())
    whole = gamenight(*command, "--games", str(total), "--out", "whole.csv")
    assert whole.returncode == 0, whole.stderr
    header, *whole_rows = (tmp_path / "whole.csv").read_text().splitlines()
    kept = out.read_text().splitlines()
    resumed = (tmp_path / "rest.csv").read_text().splitlines()
    assert kept[0] == resumed[0] == header
    assert kept[1:] + resumed[1:] == whole_rows


def test_ctrl_c_between_a_games_sum_and_its_row_waits_for_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C that lands after a game is summed and before its row is written (the moment
    a person cannot aim at, which the test above hits now and then) still leaves the
    summary and the rows of the same games: the row is written, then the command stops."""
    from gamenight import cli
    from gamenight.sim.simulate import Tallies

    assert threading.current_thread() is threading.main_thread()  # signals land here
    add = Tallies.add
    summed = 0

    def add_then_ctrl_c(self: Tallies, result: object) -> None:
        nonlocal summed
        add(self, result)  # type: ignore[arg-type]
        summed += 1
        if summed == 10:
            os.kill(os.getpid(), signal.SIGINT)  # Python's handler runs at once, here

    monkeypatch.setattr(Tallies, "add", add_then_ctrl_c)
    # As at a terminal (a script's background job may have Ctrl-C ignored).
    monkeypatch.setattr(signal, "getsignal", lambda signum: signal.default_int_handler)
    monkeypatch.setenv("COLUMNS", "200")  # no table folded
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code = cli.main([*BATCH, "--games", "50", "--workers", "1",
                         "--out", str(tmp_path / "games.csv")])
    finally:
        signal.signal(signal.SIGINT, before)
    printed = capsys.readouterr()
    assert code == 130, printed.err
    rows = list(csv.DictReader(io.StringIO((tmp_path / "games.csv").read_text())))
    assert [int(r["index"]) for r in rows] == list(range(10))
    assert "stopped after games 0 to 9 of 50" in printed.err
    assert "wrote 10 rows to" in printed.out
    # The summary's seat-games are those of the same ten games: three seats in each.
    bot_rows = [[cell.strip() for cell in line.split("│")[1:-1]]
                for line in printed.out.splitlines() if line.startswith("│ random ")]
    assert bot_rows and bot_rows[0][1] == "30"
