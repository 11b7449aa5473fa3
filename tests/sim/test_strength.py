"""The strength benchmark (benchmarks/strength.py, issue 18 target 2), small: today's
bots against the same bots of the repository's own HEAD, asked in a subprocess that
runs the old package (gamenight.sim.old_version).  HEAD's bots play as today's do (the
same-games test holds that), so every deal's two games are one game and the share is
exactly a half."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from gamenight.sim.match import play_match
from gamenight.sim.old_version import OldVersion, unpack

REPO = Path(__file__).resolve().parents[2]

if subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"],
                  capture_output=True).returncode != 0:
    pytest.skip("the strength benchmark reads the git history", allow_module_level=True)


def strength_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", REPO / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def head_source() -> object:
    source = unpack("HEAD", REPO)
    yield source
    shutil.rmtree(source.parent, ignore_errors=True)


def test_the_old_version_is_unpacked_outside_the_working_tree(head_source: Path) -> None:
    assert (head_source / "gamenight" / "__init__.py").is_file()
    assert REPO not in head_source.parents
    with pytest.raises(ValueError, match="cannot read revision 'no-such-revision'"):
        unpack("no-such-revision", REPO)


@pytest.mark.parametrize(("game_id", "spec", "players"), [
    ("by-golly", "perfect", 2),  # a bot with a memory: told every event in its seat's form
    ("fliegen-klatschen", "sharp", 3),  # races: the old bot answers Wait
    ("fly", "aimer", 2),  # a free aim read back from its text
])
def test_an_old_bot_plays_as_it_would_in_process(head_source: Path, game_id: str, spec: str,
                                                 players: int) -> None:
    old = OldVersion(str(head_source), spec, "HEAD")
    report = play_match(game_id, spec, old, 4, players, workers=1)
    assert report.side_b == f"{spec}@HEAD"
    for first, second in zip(report.results[::2], report.results[1::2], strict=True):
        assert first.scores == second.scores and first.winners == second.winners
    assert report.share == 0.5 and report.even


def test_the_script_prints_the_share_and_whether_a_half_is_inside(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = strength_script()
    assert script.main(["by-golly", "--games", "4", "--rev", "HEAD", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "perfect now against perfect@HEAD: 50.0% of 4 games" in out
    assert "50% is inside the interval" in out
    assert script.main(["by-golly", "--games", "2", "--rev", "no-such-revision"]) == 2
