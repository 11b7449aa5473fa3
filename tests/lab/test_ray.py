"""``gamenight study --backend ray`` as a person runs it: the command, on a local Ray
instance of 2 CPUs that it starts and stops, writes the same files as ``--backend local``,
finishes a study the local backend began, and leaves no Ray process behind."""

from __future__ import annotations

import gc
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamenight import collecting
from gamenight.cli import main
from tests.lab.terminal import ctrl_c_interrupts

#: By Golly! for two, its last_card rule varied: 2 cells of 80 games, 16 chunks of 10.
STUDY = ("study", "by-golly", "--players", "2", "--games", "80", "--chunk-games", "10",
         "--vary", "last_card=wins,protected", "--seed", "7")
#: The issue's local Ray instance: 2 CPUs.
ON_RAY = ("--backend", "ray", "--workers", "2")
#: What the command says on stderr before it plays (no progress bar off a terminal).
PLANNED = "study of by-golly: 2 cells x 80 games, seed 7; {} of 16 chunks already stored\n"


@pytest.fixture
def temp() -> Iterator[Path]:
    """The command's temporary directory, where a local Ray instance keeps its folder:
    short (Ray's socket paths must stay under 108 bytes) and this test's own."""
    folder = Path(tempfile.mkdtemp(prefix="gnr", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def environment(temp: Path) -> dict[str, str]:
    return {**os.environ, "TMPDIR": str(temp)}


def gamenight(temp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gamenight.cli", *args],
                          capture_output=True, text=True, timeout=120, env=environment(temp))


def assert_ray_stopped(temp: Path) -> None:
    """No process of the command's Ray instance runs on, and its folder is gone."""
    shown = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True,
                           check=True).stdout
    assert [line for line in shown.splitlines() if str(temp) in line] == []
    assert list(temp.iterdir()) == []


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The study played without a break, by the local backend."""
    out = tmp_path_factory.mktemp("local") / "bg"
    done = subprocess.run([sys.executable, "-m", "gamenight.cli", *STUDY, "--workers", "1",
                           "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return out


def assert_same_study(out: Path, whole: Path) -> None:
    assert (out / "games.parquet").read_bytes() == (whole / "games.parquet").read_bytes()
    assert json.loads((out / "summary.json").read_text()) == json.loads(
        (whole / "summary.json").read_text())


@pytest.mark.slow
def test_ray_writes_the_same_files_as_local(whole: Path, tmp_path: Path, temp: Path) -> None:
    out = tmp_path / "bg"
    done = gamenight(temp, *STUDY, *ON_RAY, "--out", str(out))
    assert done.returncode == 0, done.stderr
    # Quiet: Ray's own lines (workers, logs, warnings) stay out of the study's output.
    assert done.stderr == PLANNED.format(0)
    assert f"wrote 160 games to {out / 'games.parquet'}" in done.stdout
    assert_same_study(out, whole)
    assert_ray_stopped(temp)


@pytest.mark.slow
def test_a_study_begun_locally_is_finished_on_ray(whole: Path, tmp_path: Path,
                                                   temp: Path) -> None:
    out = tmp_path / "bg"
    # Ctrl-C at a terminal reaches the command's whole process group.
    begun = subprocess.Popen([sys.executable, "-m", "gamenight.cli", *STUDY, "--workers", "1",
                              "--out", str(out)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=ctrl_c_interrupts)
    deadline = time.monotonic() + 60
    while len(list((out / "chunks").glob("*.parquet"))) < 2:
        assert begun.poll() is None and time.monotonic() < deadline, begun.communicate()
        time.sleep(0.02)
    os.killpg(begun.pid, signal.SIGINT)
    _, err = begun.communicate(timeout=60)
    assert begun.returncode == 130, err
    kept = {p.name: p.stat().st_mtime_ns for p in (out / "chunks").glob("*.parquet")}
    assert 2 <= len(kept) < 16

    finished = gamenight(temp, *STUDY, *ON_RAY, "--out", str(out), "--resume")
    assert finished.returncode == 0, finished.stderr
    assert finished.stderr == PLANNED.format(len(kept))
    # Ray played only the chunks missing, and the study is the uninterrupted one.
    for name, written in kept.items():
        assert (out / "chunks" / name).stat().st_mtime_ns == written
    assert_same_study(out, whole)
    assert_ray_stopped(temp)


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_a_bad_address_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         scheme: str) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"{scheme}127.0.0.1:{port}"
    assert main([*STUDY, "--backend", "ray", "--address", address,
                 "--out", str(tmp_path / "x")]) == 2
    refused = capsys.readouterr().err
    assert refused.startswith(f"gamenight study: error: no Ray cluster answers at {address}")
    assert "ray start --head" in refused and refused.count("\n") == 1
    assert not (tmp_path / "x").exists()


#: A Ray worker of a local instance, asked for its garbage collector's thresholds.
WORKER_THRESHOLDS = """
import gc, json
from gamenight.lab.ray_backend import _session

def thresholds():
    return gc.get_threshold()

with _session(None, 1):
    import ray
    print(json.dumps(ray.get(ray.remote(num_cpus=1)(thresholds).remote())))
"""


@pytest.mark.slow
def test_ray_workers_set_their_collector_as_the_local_pool_does(temp: Path) -> None:
    done = subprocess.run([sys.executable, "-c", WORKER_THRESHOLDS], capture_output=True,
                          text=True, timeout=120, env=environment(temp))
    assert done.returncode == 0, done.stderr
    young, *_ = json.loads(done.stdout.splitlines()[-1])
    assert young == collecting.YOUNG != gc.get_threshold()[0]
    assert_ray_stopped(temp)
