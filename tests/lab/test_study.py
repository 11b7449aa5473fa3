"""``gamenight study`` as a person runs it: a subprocess that writes a study's folder,
is interrupted with Ctrl-C, and resumed; and the backend's worker count changes nothing."""

from __future__ import annotations

import base64
import json
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from gamenight.cli import main
from gamenight.lab import store
from gamenight.lab.backends import run
from tests.lab.terminal import ctrl_c_interrupts

#: By Golly! for two, its last_card rule varied: 2 cells of 80 games, 16 chunks of 10.
STUDY = ("study", "by-golly", "--players", "2", "--games", "80", "--chunk-games", "10",
         "--vary", "last_card=wins,protected", "--seed", "7", "--workers", "1")


def gamenight(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gamenight.cli", *args],
                          capture_output=True, text=True, timeout=120)


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "gamenight.cli", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=ctrl_c_interrupts)


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The study played without a break."""
    out = tmp_path_factory.mktemp("whole") / "bg"
    done = gamenight(*STUDY, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert f"to {out / 'report.html'}" in done.stdout
    return out


def test_a_study_writes_its_files(whole: Path) -> None:
    assert sorted(p.name for p in whole.iterdir()) == [
        "chunks", "games.parquet", "report.html", "study.json", "summary.json"]
    table = pq.read_table(whole / "games.parquet")
    assert table.num_rows == 160
    cells = table.column("cell").to_pylist()
    games = table.column("game").to_pylist()
    keys = ["p2-perfect,perfect-last_card=wins", "p2-perfect,perfect-last_card=protected"]
    assert list(zip(cells, games, strict=True)) == [(k, g) for k in keys for g in range(80)]
    assert not any(table.column("truncated").to_pylist())
    summary = json.loads((whole / "summary.json").read_text())
    assert summary["games"] == 160
    assert [c["key"] for c in summary["cells"]] == keys
    assert all(c["first_seat"]["words"].startswith("Seat 0 won") for c in summary["cells"])
    assert {(e["option"], e["baseline"], e["value"]) for e in summary["options"]} == {
        ("last_card", "wins", "protected")}


def test_a_study_stores_the_code_that_played_it(whole: Path) -> None:
    from gamenight import __version__
    from gamenight.games import get_game
    from gamenight.lab.provenance import code_version

    here = code_version(get_game("by-golly"))
    assert here["package"] == __version__
    # The game's own package (found through its definition), the bots and the engine.
    assert {type(get_game("by-golly")).__module__.rpartition(".")[0], "gamenight.bots",
            "gamenight.engine"} <= set(here["parts"])
    assert json.loads((whole / "study.json").read_text())["versions"] == [here]
    assert json.loads((whole / "summary.json").read_text())["code"] == [here]
    assert here["sources"][:12] in (whole / "report.html").read_text()


def resumable(whole: Path, tmp_path: Path, versions: object) -> Path:
    """A copy of the whole study with two chunks to play again, stored as played by
    ``versions`` (a study.json key; None: a study stored before versions were kept)."""
    out = tmp_path / "bg"
    shutil.copytree(whole, out)
    for chunk in sorted((out / "chunks").glob("*.parquet"))[:2]:
        chunk.unlink()
    data = json.loads((out / "study.json").read_text())
    if versions is None:
        del data["versions"]
        data["format"] = 1
    else:
        data["versions"] = versions
    (out / "study.json").write_text(json.dumps(data))
    return out


def test_resume_refuses_games_of_another_version(whole: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    [here] = json.loads((whole / "study.json").read_text())["versions"]
    older = {**here, "sources": "0" * 32,
             "parts": {**here["parts"], "gamenight.bots": "0" * 32}}
    out = resumable(whole, tmp_path, [older])
    before = {p.name for p in (out / "chunks").iterdir()}
    assert main([*STUDY, "--out", str(out), "--resume"]) == 2
    refused = capsys.readouterr().err
    assert "played by other code" in refused and "gamenight.bots" in refused
    assert "--resume-any-version" in refused and refused.count("\n") == 1
    assert {p.name for p in (out / "chunks").iterdir()} == before  # nothing played

    assert main([*STUDY, "--out", str(out), "--resume", "--resume-any-version"]) == 0
    assert "2 versions" in capsys.readouterr().err
    assert json.loads((out / "study.json").read_text())["versions"] == [older, here]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["code"] == [older, here]
    assert "Played by 2 versions of the code" in (out / "report.html").read_text()


def test_resume_refuses_a_study_that_stored_no_version(
        whole: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = resumable(whole, tmp_path, None)
    assert main([*STUDY, "--out", str(out), "--resume"]) == 2
    assert "stored no version" in capsys.readouterr().err
    assert main([*STUDY, "--out", str(out), "--resume-any-version"]) == 2
    assert "give it with --resume" in capsys.readouterr().err


def test_resume_with_the_same_code_needs_no_flag(whole: Path, tmp_path: Path) -> None:
    out = resumable(whole, tmp_path, json.loads((whole / "study.json").read_text())["versions"])
    assert main([*STUDY, "--out", str(out), "--resume"]) == 0
    assert (out / "games.parquet").read_bytes() == (whole / "games.parquet").read_bytes()


def test_players_takes_a_list_of_counts(tmp_path: Path) -> None:
    out = tmp_path / "list"
    assert main(["study", "by-golly", "--players", "2,4", "--games", "3", "--seed", "1",
                 "--workers", "1", "--out", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert [c["players"] for c in summary["cells"]] == [2, 4]
    assert [c.players for c in store.read_study(out).cells] == [2, 4]


@pytest.mark.parametrize(("text", "counts"), [
    ("4", (4,)), ("2-4", (2, 3, 4)), ("2,4", (2, 4)), ("2-3,5", (2, 3, 5)), ("5, 2", (5, 2))])
def test_player_counts_read_a_count_a_range_or_a_list(text: str,
                                                      counts: tuple[int, ...]) -> None:
    from gamenight.lab.plan import player_counts

    assert player_counts(text) == counts


def test_the_report_is_one_self_contained_file(whole: Path) -> None:
    text = (whole / "report.html").read_text()
    assert "<script" not in text.lower()
    # Every image, link and style source is inside the file.
    references = re.findall(r"""(?:src|href)\s*=\s*["']([^"']*)""", text)
    # Images are data; links go to this page's own sections.
    assert references and all(r.startswith(("data:image/png;base64,", "#"))
                              for r in references)
    anchors = set(re.findall(r"""id\s*=\s*["']([^"']*)""", text))
    assert {r[1:] for r in references if r.startswith("#")} <= anchors
    assert "url(" not in text and "@import" not in text
    references = [r for r in references if not r.startswith("#")]
    for reference in references:
        png = base64.b64decode(reference.removeprefix("data:image/png;base64,"))
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 1000
    # The questions, per cell, and the varied option's section.
    for heading in ("Seat advantage", "Skill or luck", "Length", "Outcomes", "Drama",
                    "What the options change"):
        assert heading in text
    # The answers first: a contents list, then the summary, then the cells.
    assert (text.index("Contents") < text.index("id='summary'") < text.index("id='seats'")
            < text.index("id='cells'"))
    assert "Seat order: over 2 cells" in text and "Holm" in text
    # No empty rows: nothing changed the truncated games, so they have no row.
    options = text.split("id='options'")[1].split("</table>")[0]
    assert "<td>steps</td>" in options and "<td>truncated</td>" not in options
    # Plots are labelled in words, with their games.
    assert "Win share per seat at 2 players, every cell with equal bots (160 games)" in text


def test_ctrl_c_keeps_every_chunk_and_resume_repeats_none(whole: Path, tmp_path: Path) -> None:
    out = tmp_path / "bg"
    study = start(*STUDY, "--out", str(out))
    chunks = out / "chunks"
    deadline = time.monotonic() + 60
    while len(list(chunks.glob("*.parquet"))) < 2:
        assert study.poll() is None and time.monotonic() < deadline, study.communicate()
        time.sleep(0.02)
    study.send_signal(signal.SIGINT)
    _, err = study.communicate(timeout=60)
    assert study.returncode == 130, err
    kept = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in chunks.glob("*.parquet")}
    assert 2 <= len(kept) < 16, "the study should be stopped midway"
    assert f"{len(kept)} of 16 chunks are stored" in err and "--resume" in err
    assert not (out / "games.parquet").exists()

    resumed = gamenight(*STUDY, "--out", str(out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(kept)} of 16 chunks already stored" in resumed.stderr
    # The chunks stored before Ctrl-C were not played again (nor rewritten).
    for name, stat in kept.items():
        path = chunks / name
        assert (path.stat().st_ino, path.stat().st_mtime_ns) == stat
    assert len(list(chunks.glob("*.parquet"))) == 16
    assert (out / "games.parquet").read_bytes() == (whole / "games.parquet").read_bytes()


def test_two_workers_write_the_same_rows_as_one(whole: Path, tmp_path: Path) -> None:
    study = store.read_study(whole)
    assert run(study, tmp_path, workers=2) == 160
    merged = store.merge(tmp_path, study)
    assert merged.read_bytes() == (whole / "games.parquet").read_bytes()


def test_resume_refuses_another_study(whole: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = [a if a != "80" else "90" for a in STUDY]
    assert main([*other, "--out", str(whole), "--resume"]) == 2
    refused = capsys.readouterr().err
    assert "is not the one asked for" in refused and "games: 80 stored, 90 asked" in refused
    assert main([*STUDY, "--out", str(whole)]) == 2
    assert "already holds a study" in capsys.readouterr().err


@pytest.mark.parametrize(("extra", "message"), [
    (("--ladder", "--bots", "random"), "give no --bots or --vary"),
    (("--ladder", "--players", "2-3"), "give --players N"),
    (("--backend", "ray", "--address", "nowhere"), "--address is auto, HOST:PORT"),
    (("--address", "auto"), "--address names a Ray cluster"),
    (("--vary", "last_card=wins,sometimes"), "last_card"),
    (("--vary", "last_card=wins,wins"), "same table"),
    (("--players", "1"), "player"),
    (("--players", "3-2"), "a range such as 2-6"),
    (("--players", "2,2"), "a count twice"),
    (("--players", "2,x"), "a list such as 2,4"),
    (("--bots", "nobody"), "nobody"),
])
def test_bad_studies_are_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             extra: tuple[str, ...], message: str) -> None:
    # In this process (the same main() as the command's): each is refused before anything.
    assert main(["study", "by-golly", "--out", str(tmp_path / "x"), *extra]) == 2
    refused = capsys.readouterr().err
    assert message in refused and refused.count("\n") == 1
    assert not (tmp_path / "x").exists()


def test_bad_arguments_are_refused_by_the_command() -> None:
    refused = gamenight("study", "by-golly", "--vary", "last_card=wins")
    assert refused.returncode == 2 and "OPTION=VALUE,VALUE" in refused.stderr


def test_help_has_examples() -> None:
    from gamenight.games import GAMES

    shown = gamenight("study", "--help")
    assert shown.returncode == 0
    examples = [line.split("#")[0].split() for line in shown.stdout.splitlines()
                if line.startswith("  gamenight study ")]
    assert len(examples) == 6 and any("--resume" in words for words in examples)
    # Each plays a registered game, and what it varies is an option of that game.
    for words in examples:
        game = GAMES[words[2]]
        for i, word in enumerate(words):
            if word == "--vary":
                assert words[i + 1].partition("=")[0] in {o.name for o in game.options}


def test_without_the_lab_extra_the_command_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    import importlib.util

    real = importlib.util.find_spec

    def without_pyarrow(name: str, package: str | None = None) -> object:
        return None if name == "pyarrow" else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", without_pyarrow)
    assert main(["study", "by-golly", "--out", str(tmp_path / "x")]) == 2
    assert capsys.readouterr().err == ("gamenight study: error: the study command needs the "
                                       "lab extra: pip install 'gamenight[lab]'\n")
