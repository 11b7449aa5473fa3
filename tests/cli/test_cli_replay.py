"""`gamenight replay`, `keygen` and signing, run as a person runs them: every bad file
gets one line and exit 2, every record that does not verify one line and exit 1."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamenight import record as rec
from gamenight.games import get_game
from gamenight.sim.runner import make_bots, play_out
from tests.cli.conftest import Gamenight
from tests.engine.altered import changed, first, resealed

Data = dict[str, Any]


@pytest.fixture(scope="module")
def record_data() -> Data:
    game = get_game("fliegen-klatschen")
    state = game.new(3, seed=12, remove=60)
    play_out(state, make_bots(game, ["sharp", "random", "sharp"], 12))
    return json.loads(rec.record_of(state).dumps())  # type: ignore[no-any-return]


def one_error_line(result: subprocess.CompletedProcess[str], status: int) -> str:
    """The single error line of a run that failed with ``status``."""
    assert result.returncode == status, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("gamenight") and "error:" in lines[0]
    return lines[0]


def test_replay_help_gives_both_exit_statuses_and_the_key_kinds(gamenight: Gamenight) -> None:
    text = gamenight("replay", "--help").stdout
    assert "exit code 2" in text and "exit code 1" in text
    assert "Ed25519 public key" in text and "shared HMAC" in text
    assert "--dictionary" in text and "never opens a path" in text


def test_a_good_record_replays_and_exits_0(gamenight: Gamenight, tmp_path: Path,
                                          record_data: Data) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_data))
    result = gamenight("replay", "--quiet", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("verified")


BAD_FILES: dict[str, Callable[[Path, Data], Path]] = {}


def bad_file(name: str) -> Callable[[Callable[[Path, Data], Path]], Callable[[Path, Data], Path]]:
    def add(make: Callable[[Path, Data], Path]) -> Callable[[Path, Data], Path]:
        BAD_FILES[name] = make
        return make
    return add


def _file(folder: Path, content: bytes | str) -> Path:
    path = folder / "bad.json"
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    return path


@bad_file("missing")
def _missing(folder: Path, data: Data) -> Path:
    return folder / "nowhere.json"


@bad_file("a folder")
def _folder(folder: Path, data: Data) -> Path:
    return folder


@bad_file("a named pipe")
def _fifo(folder: Path, data: Data) -> Path:
    os.mkfifo(folder / "fifo")  # a plain open would wait for a writer forever
    return folder / "fifo"


@bad_file("a device")
def _device(folder: Path, data: Data) -> Path:
    return Path("/dev/zero")


def _sealed(change: Callable[[Data], object]) -> Callable[[Path, Data], Path]:
    """A record changed on purpose, its hash recomputed: refused for what it holds."""
    return lambda folder, data: _file(folder, json.dumps(resealed(changed(data, change))))


BAD_FILES.update({
    "empty": lambda f, d: _file(f, b""),
    "not JSON": lambda f, d: _file(f, "this is not json"),
    "not UTF-8": lambda f, d: _file(f, b"\xff\xfe{}"),
    "nested 100000 deep": lambda f, d: _file(f, "[" * 100_000 + "]" * 100_000),
    "a number of 1e400": lambda f, d: _file(f, '{"format": "gamenight-record", "seed": 1e400}'),
    "over the size limit": lambda f, d: _file(f, b" " * (rec.SIZE_LIMIT + 1)),
    "a list": lambda f, d: _file(f, "[]"),
    "result {}": _sealed(lambda x: x.update(result={})),
    'a seed of "123"': _sealed(lambda x: x.update(seed="123")),
    "a seat of 0.5": _sealed(lambda x: first(x, "reveal").update(seat=0.5)),
    "an unknown game": _sealed(lambda x: x.update(game="chess")),
    "options the game refuses": _sealed(lambda x: x["options"].update(remove=-1)),
    "format version 1": lambda f, d: _file(f, json.dumps(changed(d, lambda x: x.update(
        version=1)))),
})


@pytest.mark.parametrize("make", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_file_gets_one_line_and_exit_2(gamenight: Gamenight, tmp_path: Path,
                                             record_data: Data,
                                             make: Callable[[Path, Data], Path]) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    path = make(folder, record_data)
    one_error_line(gamenight("replay", str(path)), 2)


NOT_VERIFIED: dict[str, Callable[[Data], Data]] = {
    "a seat name changed (hash)": lambda d: changed(d, lambda x: x["seats"].__setitem__(0, "me")),
    "an at_ms shifted (hash)": lambda d: changed(d, lambda x: first(x, "slap").update(
        at_ms=first(x, "slap")["at_ms"] + 1)),
    "an illegal step": lambda d: resealed(changed(d, lambda x: first(x, "slap").update(
        action="slap 999"))),
    "a wrong result": lambda d: resealed(changed(d, lambda x: x["result"]["scores"].__setitem__(
        0, 99))),
}


@pytest.mark.parametrize("make", NOT_VERIFIED.values(), ids=NOT_VERIFIED.keys())
def test_a_record_that_does_not_verify_gets_one_line_and_exit_1(
        gamenight: Gamenight, tmp_path: Path, record_data: Data,
        make: Callable[[Data], Data]) -> None:
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(make(record_data)))
    line = one_error_line(gamenight("replay", str(path)), 1)
    assert "altered" in line or "illegal" in line


def test_keygen_then_signed_records_verify_with_the_key_and_fail_without(
        gamenight: Gamenight, tmp_path: Path) -> None:
    made = gamenight("keygen", "keys")
    assert made.returncode == 0, made.stderr
    private = tmp_path / "keys" / "record-signing.key"
    public = tmp_path / "keys" / "record-signing.pub"
    assert "keep it secret" in made.stdout and private.exists() and public.exists()
    one_error_line(gamenight("keygen", "keys"), 1)  # never overwritten
    assert gamenight("keygen", "other").returncode == 0
    shared = gamenight("keygen", "--shared", "keys")
    assert shared.returncode == 0, shared.stderr

    result = gamenight("simulate", "fliegen-klatschen", "--games", "2", "--seed", "2",
                       "--workers", "2", "--records", "recs", "--sign-key", str(private))
    assert result.returncode == 0, result.stderr
    signed = tmp_path / "recs" / "game-000001.json"
    good = gamenight("replay", "--quiet", "--key", str(public), str(signed))
    assert good.returncode == 0, good.stderr
    assert "ed25519 signature" in good.stdout
    assert gamenight("replay", "--quiet", str(signed)).returncode == 0  # the hash alone

    other = tmp_path / "other" / "record-signing.pub"
    assert "signed with key" in one_error_line(
        gamenight("replay", "--key", str(other), str(signed)), 1)
    secret = tmp_path / "keys" / "record-secret.key"
    one_error_line(gamenight("replay", "--key", str(secret), str(signed)), 1)

    # A deliberate change with the hash recomputed: only the signature catches it.
    data = json.loads(signed.read_text())
    data["seats"][0] = "bot:someone-else"
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(resealed(data)))
    assert gamenight("replay", "--quiet", str(forged)).returncode == 0
    assert "bad signature" in one_error_line(
        gamenight("replay", "--key", str(public), str(forged)), 1)

    unsigned = gamenight("simulate", "fliegen-klatschen", "--games", "1", "--seed", "2",
                         "--workers", "1", "--records", "plain")
    assert unsigned.returncode == 0, unsigned.stderr
    assert "not signed" in one_error_line(gamenight(
        "replay", "--key", str(public), str(tmp_path / "plain" / "game-000000.json")), 1)


def test_signing_with_a_shared_secret(gamenight: Gamenight, tmp_path: Path) -> None:
    assert gamenight("keygen", "--shared", "k").returncode == 0
    secret = str(tmp_path / "k" / "record-secret.key")
    result = gamenight("simulate", "fly", "--games", "1", "--seed", "1", "--workers", "1",
                       "--records", "recs", "--sign-key", secret)
    assert result.returncode == 0, result.stderr
    checked = gamenight("replay", "-q", "--key", secret, str(tmp_path / "recs" /
                                                              "game-000000.json"))
    assert checked.returncode == 0 and "hmac-sha256 signature" in checked.stdout


@pytest.mark.parametrize("key", ["missing.pem", "short.key"])
def test_a_bad_key_file_is_a_bad_argument(gamenight: Gamenight, tmp_path: Path,
                                          record_data: Data, key: str) -> None:
    (tmp_path / "short.key").write_text("too short")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_data))
    one_error_line(gamenight("replay", "--key", key, str(path)), 2)
    one_error_line(gamenight("simulate", "fly", "--games", "1", "--records", "r",
                             "--sign-key", key), 2)


def test_a_fluster_record_with_its_own_word_list_replays_only_with_that_list(
        gamenight: Gamenight, tmp_path: Path) -> None:
    (tmp_path / "words.txt").write_text("heart\nember\nabuse\nresin\ntrend\ncat\n")
    result = gamenight("simulate", "fluster", "--games", "1", "--players", "2", "--seed", "1",
                       "--workers", "1", "--records", "recs", "--dictionary", "words.txt")
    assert result.returncode == 0, result.stderr
    path = str(tmp_path / "recs" / "game-000000.json")
    assert "--dictionary" in one_error_line(gamenight("replay", "-q", path), 2)
    replayed = gamenight("replay", "-q", "--dictionary", "words.txt", path)
    assert replayed.returncode == 0, replayed.stderr


def test_a_record_naming_a_path_as_its_word_list_is_refused_without_opening_it(
        gamenight: Gamenight, tmp_path: Path) -> None:
    game = get_game("fluster")
    state = game.new(1, seed=2)
    state.draw_chance()
    data = json.loads(rec.record_of(state).dumps())
    os.mkfifo(tmp_path / "fifo")
    for target in ("/dev/zero", str(tmp_path / "fifo")):
        data["options"]["dictionary"] = target
        path = tmp_path / "game.json"
        path.write_text(json.dumps(resealed(data)))
        # A record that made replay open the pipe would hang here (the run times out).
        assert "content hash" in one_error_line(gamenight("replay", str(path)), 2)


@pytest.mark.parametrize("words", ["/etc/passwd", "fifo", "huge.txt", "folder", "none.txt"])
def test_play_with_a_file_that_is_no_word_list_prints_one_line(
        gamenight: Gamenight, tmp_path: Path, words: str) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    with (tmp_path / "huge.txt").open("wb") as out:
        out.truncate(64 * 1024 * 1024)
    line = one_error_line(gamenight("play", "fluster", "--dictionary", words), 2)
    assert "dictionary" in line


def test_a_sign_key_without_records_to_sign_is_a_bad_argument(gamenight: Gamenight,
                                                              tmp_path: Path) -> None:
    assert gamenight("keygen", "k").returncode == 0
    key = str(tmp_path / "k" / "record-signing.key")
    assert "--records" in one_error_line(gamenight("simulate", "fly", "--games", "1",
                                                   "--sign-key", key), 2)
    assert "--record" in one_error_line(gamenight("play", "fly", "--sign-key", key), 2)


def test_replay_tells_the_story_in_the_language_asked(gamenight: Gamenight,
                                                      tmp_path: Path) -> None:
    """Records keep events, not sentences: ``--lang de`` tells a By Golly! record in German
    (each line as a spectator reads it), and the verdict is the same."""
    game = get_game("by-golly")
    state = game.new(2, seed=3)
    play_out(state, make_bots(game, ["random", "random"], 3))
    path = tmp_path / "game.json"
    path.write_text(rec.record_of(state).dumps())
    english = gamenight("replay", str(path))
    german = gamenight("replay", "--lang", "de", str(path))
    assert english.returncode == german.returncode == 0, german.stderr
    told = [line for line in german.stdout.splitlines() if line.startswith("[")]
    assert told == [f"[{n}] {line}" for n, line in _numbered(state, "de")]
    assert any("Hühnerhof" in line for line in told), told
    assert german.stdout.splitlines()[-1] == english.stdout.splitlines()[-1]  # the verdict


def _numbered(state: Any, language: str) -> list[tuple[int, str]]:
    """Each step's number and the lines its events tell a spectator in ``language``, the
    record replayed here (``record.replay``, as the command replays it)."""
    from gamenight.engine.events import narration

    lines: list[tuple[int, str]] = []
    seen = 0

    def tell(index: int, step: Any, replayed: Any) -> None:
        nonlocal seen
        lines.extend((index + 1, line)
                     for line in narration(replayed.events[seen:], language=language))
        seen = len(replayed.events)

    rec.replay(rec.record_of(state), tell)
    return lines
